//! The look of the game: colours, materials and UI widgets shared by every screen.

pub mod focus;
pub mod palette;
pub mod text_entry;
pub mod widgets;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((widgets::plugin, focus::plugin));
}
