//! The look of the game and its UI parts: colours, materials, widgets, text boxes, and the
//! keyboard/gamepad focus that moves between buttons, shared by every screen.

pub mod focus;
pub mod fonts;
pub mod palette;
pub mod text_entry;
pub mod under_menus;
pub mod widgets;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        fonts::plugin,
        widgets::plugin,
        focus::plugin,
        under_menus::plugin,
    ));
}
