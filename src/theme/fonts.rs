//! The game's typefaces: Inter, a proportional sans (`assets/fonts/`, SIL Open Font License,
//! made by `scripts/make-font.py`), for every text, and Bevy's built-in Fira Mono where digits
//! must stand in a column (the scoreboard's disc counts).

use bevy::asset::uuid_handle;
use bevy::prelude::*;

/// Digits that line up: Fira Mono, the font Bevy carries.
pub const MONO: Handle<Font> = uuid_handle!("5f0b5e2a-6f1e-4b8e-9c3d-2a7e1c4d9b01");

/// Inter Medium, cut to the characters the game's languages use (about 47 KB).
const UI_FONT: &[u8] = include_bytes!("../../assets/fonts/Inter-Medium-subset.otf");

pub(super) fn plugin(app: &mut App) {
    let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<Font>>() else {
        return;
    };
    // Every text that names no font uses the default handle: from now on that is Inter.
    let inter = fonts.insert(AssetId::default(), Font::from_bytes(UI_FONT.to_vec()));
    let mono = fonts.insert(
        &MONO,
        Font::from_bytes(bevy::text::DEFAULT_FONT_DATA.to_vec()),
    );
    if let Err(e) = inter.and(mono) {
        warn!("the game's fonts could not be set up ({e}); texts keep Bevy's font");
    }
}
