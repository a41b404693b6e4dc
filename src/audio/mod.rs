//! Sound effects: a thud when a disc is placed, a soft clack for each flipped disc timed with
//! its flip, a buzz for an illegal click, a chime for a pass, a rising tick for each disc of
//! the final count and a fanfare when it is done.
//! The sounds are synthesised when the game starts (`synth`), so the game runs from any
//! directory and the web build downloads none. `cue` decides what sounds when; a speaker plays
//! each `sound::PlaySound`: Bevy's audio on the desktop (`speaker`), the page's Web Audio in
//! the browser (`web_speaker`), which keeps Bevy's audio output and decoders out of the web
//! download (docs/web-size.md).

mod cue;
mod sound;
#[cfg(not(target_arch = "wasm32"))]
mod speaker;
mod synth;
#[cfg(target_arch = "wasm32")]
mod web_speaker;

use bevy::prelude::*;

pub use sound::{PlaySound, Sound};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(cue::plugin);
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(speaker::plugin);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web_speaker::plugin);
}

/// When each sound plays, without a speaker: what tests listen to.
pub fn cues(app: &mut App) {
    app.add_plugins(cue::plugin);
}
