//! Player input: the mouse (picking squares), the keyboard and gamepads move one board cursor
//! and turn presses into placement requests for the rules. Input never changes the game itself.

pub mod gamepad;
pub mod keyboard;
pub mod pointer;

use bevy::prelude::*;
use reversi_engine::{FlipRule, Square};

use crate::board::discs::BoardAnimation;
use crate::rules::{Match, PlaceRequest, Source};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Cursor>()
        .add_plugins((keyboard::plugin, gamepad::plugin));
}

/// The square the player points at (mouse hover or keyboard/gamepad cursor), and which of
/// several flanked lines is chosen under the one-line rule.
#[derive(Resource, Debug, Default)]
pub struct Cursor {
    pub square: Option<Square>,
    pub line_choice: usize,
    /// Whether the square is highlighted (the keyboard cursor is; the mouse shows the ghost).
    pub visible: bool,
}

/// Turns "place here" from any device into a request, with the chosen line if the rules need
/// one. Refusals (occupied, not your turn) are for the rules to announce.
pub fn request_placement(
    state: &Match,
    cursor: &Cursor,
    square: Square,
    animation: &BoardAnimation,
    time: &Time,
    requests: &mut MessageWriter<PlaceRequest>,
) {
    if animation.is_busy(time) {
        return; // the board is still moving: the click would be ahead of the picture
    }
    let pos = state.game.current();
    let mut line = None;
    if pos.rules().flips == FlipRule::ChooseOneLine && !pos.in_free_opening() {
        let lines = pos.flanked_lines(square);
        if !lines.is_empty() {
            line = Some(lines[cursor.line_choice % lines.len()].0);
        }
    }
    requests.write(PlaceRequest {
        square,
        line,
        source: Source::Human,
    });
}
