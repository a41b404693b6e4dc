//! Couch play: two people at one machine. A match of several games with the colours
//! swapping (`series`), taking a move back only when both agree (`undo_vote`) and pads that
//! rumble with the flips (`rumble`). Who holds which device is shared state
//! (`state::devices`, joined in `input::seats`); the people's names and colours are settings.

pub mod rumble;
pub mod series;
pub mod undo_vote;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((series::plugin, undo_vote::plugin, rumble::plugin));
}
