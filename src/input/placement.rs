//! What every device does with the board cursor: move it, decide whose it is, and turn "place
//! here" into a request for the rules. A new game hides the cursors.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use reversi_engine::grid::{BoardSize, Cell};
use reversi_engine::{Color as Side, FlipRule};

use crate::rules::{BoardReset, Match, PlaceRequest, Player, Source};
use crate::schedule::GameSet;
use crate::state::animation::BoardAnimation;
use crate::state::cursors::{Cursor, Cursors, HintedLines, ViewTurn};
use crate::state::devices::{Device, Seats};
use crate::state::series::Series;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, hide_cursors_on_new_game.after(GameSet::Rules));
}

/// Moves a cursor by a step on screen (right, down), stopping at the board's edges; a cursor
/// not yet on the board appears near the centre.
pub fn move_cursor(cursor: &mut Cursor, size: BoardSize, view: ViewTurn, right: i8, down: i8) {
    let (dc, dr) = view.board_step(right, down);
    let last = size.side() as i8 - 1;
    // Near the centre: d4 on 8×8, the same square up-left of the centre on every size.
    let centre = Cell {
        column: (last / 2) as u8,
        row: (last / 2) as u8,
    };
    // A cursor left from a game on a larger board comes back onto this one.
    let from = cursor
        .square
        .filter(|s| size.contains(*s))
        .unwrap_or(centre);
    let to = if cursor.visible || cursor.square.is_some() {
        Cell {
            column: (from.column as i8 + dc).clamp(0, last) as u8,
            row: (from.row as i8 + dr).clamp(0, last) as u8,
        }
    } else {
        from // the first press shows the cursor where it is
    };
    if cursor.square != Some(to) {
        cursor.line_choice = 0;
    }
    cursor.square = Some(to);
    cursor.visible = true;
}

/// The side a device acts for: its holder's in a two-player game where the device is
/// claimed, else the human to move (or the only human, while the computer thinks).
pub fn acting_side(
    state: &Match,
    seats: &Seats,
    series: &Series,
    device: Device,
) -> (Side, Source) {
    if let Some(side) = seats.side_of(device, state, series) {
        return (side, Source::Player(side));
    }
    let side = match state.to_move() {
        Some(side) if state.setup.player(side) == Player::Human => side,
        _ => [Side::Black, Side::White]
            .into_iter()
            .find(|s| state.setup.player(*s) == Player::Human)
            .unwrap_or(Side::Black),
    };
    (side, Source::Human)
}

/// What every device's system needs to turn "place here" into a request.
#[derive(SystemParam)]
pub struct Placing<'w> {
    hinted: Res<'w, HintedLines>,
    animation: Res<'w, BoardAnimation>,
    time: Res<'w, Time>,
    requests: MessageWriter<'w, PlaceRequest>,
}

impl Placing<'_> {
    /// Turns "place here" from any device into a request, with the chosen line if the rules
    /// need one. Refusals (occupied, not your turn) are for the rules to announce.
    pub fn request(&mut self, state: &Match, cursor: &Cursor, source: Source) {
        let Some(square) = cursor.square else { return };
        if state.to_move().is_none() {
            return; // the game is over: Enter and A belong to the result panel's buttons
        }
        if self.animation.is_busy(&self.time) {
            return; // the board is still moving: the click would be ahead of the picture
        }
        let pos = state.game.current();
        let mut line = None;
        if pos.rules().flips == FlipRule::ChooseOneLine && !pos.in_free_opening() {
            line = cursor.chosen_line(pos, &self.hinted).map(|l| l.0);
        }
        self.requests.write(PlaceRequest {
            square,
            line,
            source,
        });
    }
}

/// A new game starts with no cursor on the board: each player's appears when they first
/// move it. So does a game on a smaller board, where a cursor could be off it.
fn hide_cursors_on_new_game(
    mut resets: MessageReader<BoardReset>,
    state: Res<Match>,
    mut cursors: ResMut<Cursors>,
) {
    let size = state.game.size();
    let off_board = |c: &Cursor| c.square.is_some_and(|s| !size.contains(s));
    if resets.read().count() > 0
        && (state.game.ply() == 0
            || off_board(cursors.of(Side::Black))
            || off_board(cursors.of(Side::White)))
    {
        *cursors = Cursors::default();
    }
}
