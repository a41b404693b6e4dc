//! Player input: the mouse (picking squares), the keyboard and gamepads. Each side has its own
//! board cursor; a device moves the cursor of the person holding it (see `seats`), or of the
//! side to move when it is shared, and turns presses into placement requests for the rules.
//! Input never changes the game itself.

pub mod gamepad;
pub mod keyboard;
pub mod placement;
pub mod pointer;
pub mod seats;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        seats::plugin,
        placement::plugin,
        keyboard::plugin,
        gamepad::plugin,
    ));
}
