//! What several layers read: the menu that is open, who holds which device, the players'
//! cursors, the couch match, whether the board is still moving, notices for the player, and
//! mouse clicks that survive slow frames.
//! Everything above reads these; nothing here imports a module above the rules.

pub mod animation;
pub mod clicks;
pub mod cursors;
pub mod devices;
pub mod hit_test;
pub mod menu;
pub mod notice;
pub mod series;

use bevy::prelude::*;

/// Registers the shared state once, so no feature has to be added before another to find it.
pub(super) fn plugin(app: &mut App) {
    app.init_state::<menu::Menu>()
        .init_resource::<devices::Seats>()
        .init_resource::<cursors::Cursors>()
        .init_resource::<cursors::HintedLines>()
        .init_resource::<cursors::ViewTurn>()
        .init_resource::<animation::BoardAnimation>()
        .init_resource::<series::Series>()
        .add_message::<notice::Toast>();
}
