//! The HUD's button actions that more than one panel offers.

use bevy::prelude::*;

use crate::couch::undo_vote::UndoAsk;
use crate::rules::{Match, RedoRequest};
use crate::state::devices::Seats;
use crate::state::series::Series;

/// The undo buttons: ask to take back a move, for the side whose device pressed it (in a
/// two-player game the other player must agree).
pub(super) fn ask_undo(
    activate: On<crate::theme::widgets::Activate>,
    mut asks: MessageWriter<UndoAsk>,
    state: Res<Match>,
    seats: Res<Seats>,
    series: Res<Series>,
) {
    asks.write(UndoAsk {
        by: seats.side_of(activate.by, &state, &series),
    });
}

/// The redo button: play the undone turn again, for the side whose device pressed it (in a
/// two-player game only that turn's player may).
pub(super) fn ask_redo(
    activate: On<crate::theme::widgets::Activate>,
    mut redo: MessageWriter<RedoRequest>,
    state: Res<Match>,
    seats: Res<Seats>,
    series: Res<Series>,
) {
    redo.write(RedoRequest {
        by: seats.side_of(activate.by, &state, &series),
    });
}
