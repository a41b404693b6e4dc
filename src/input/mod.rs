//! Player input: the mouse (picking squares), the keyboard and gamepads. Each side has its own
//! board cursor; a device moves the cursor of the person holding it (see `seats`), or of the
//! side to move when it is shared, and turns presses into placement requests for the rules.
//! Input never changes the game itself.

pub mod gamepad;
pub mod keyboard;
pub mod pointer;
pub mod seats;

use bevy::prelude::*;
use reversi_engine::{Color as Side, FlipRule, Square};

use crate::board::discs::BoardAnimation;
use crate::couch::series::Series;
use crate::rules::{Match, PlaceRequest, Player, Source};

pub use seats::{Device, Seats};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Cursors>()
        .init_resource::<ViewTurn>()
        .add_plugins((seats::plugin, keyboard::plugin, gamepad::plugin))
        .add_systems(
            Update,
            hide_cursors_on_new_game.after(crate::GameSet::Rules),
        );
}

/// The square a player points at (mouse hover or keyboard/gamepad cursor), and which of
/// several flanked lines is chosen under the one-line rule.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    pub square: Option<Square>,
    pub line_choice: usize,
    /// Whether the square is highlighted (the keyboard cursor is; the mouse shows the ghost).
    pub visible: bool,
}

/// One cursor per side, so two people at one machine each keep their own place on the board.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Cursors(pub [Cursor; 2]);

impl Cursors {
    pub fn of(&self, side: Side) -> &Cursor {
        &self.0[side.index()]
    }

    pub fn of_mut(&mut self, side: Side) -> &mut Cursor {
        &mut self.0[side.index()]
    }
}

/// How far the camera has turned from Black's side, in quarter turns of its yaw (which turns
/// it towards +x, the h column, first), so the arrows move the
/// cursor the way it looks on screen (the camera keeps this up to date).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ViewTurn(pub u8);

impl ViewTurn {
    /// A step of (right, down) on screen as a step in (columns, rows) on the board.
    pub fn board_step(self, right: i8, down: i8) -> (i8, i8) {
        match self.0 % 4 {
            0 => (right, down),
            1 => (down, -right),
            2 => (-right, -down),
            _ => (-down, right),
        }
    }
}

/// Seconds before a held direction repeats, and between repeats.
const REPEAT_DELAY: f32 = 0.35;
const REPEAT_EVERY: f32 = 0.12;

/// Turns a held direction into cursor steps: one at once, then repeats while it is held.
#[derive(Default, Debug, Clone, Copy)]
pub struct Repeat {
    dir: (i8, i8),
    next: f32,
}

impl Repeat {
    /// The step to take this frame, if any, for the direction held now at time `now`.
    pub fn step(&mut self, dir: (i8, i8), now: f32) -> Option<(i8, i8)> {
        if dir == (0, 0) {
            self.dir = dir;
            None
        } else if dir != self.dir {
            self.dir = dir;
            self.next = now + REPEAT_DELAY;
            Some(dir)
        } else if now >= self.next {
            self.next = now + REPEAT_EVERY;
            Some(dir)
        } else {
            None
        }
    }
}

/// Moves a cursor by a step on screen (right, down), stopping at the board's edges; a cursor
/// not yet on the board appears near the centre.
pub fn move_cursor(cursor: &mut Cursor, view: ViewTurn, right: i8, down: i8) {
    let (dc, dr) = view.board_step(right, down);
    let from = cursor
        .square
        .unwrap_or(Square::from_coords(3, 3).unwrap_or(Square::A1));
    let to = if cursor.visible || cursor.square.is_some() {
        let c = (from.column() as i8 + dc).clamp(0, 7) as u8;
        let r = (from.row() as i8 + dr).clamp(0, 7) as u8;
        Square::from_coords(c, r)
    } else {
        Some(from) // the first press shows the cursor where it is
    };
    if let Some(sq) = to {
        if cursor.square != Some(sq) {
            cursor.line_choice = 0;
        }
        cursor.square = Some(sq);
    }
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

/// Turns "place here" from any device into a request, with the chosen line if the rules need
/// one. Refusals (occupied, not your turn) are for the rules to announce.
pub fn request_placement(
    state: &Match,
    cursor: &Cursor,
    source: Source,
    animation: &BoardAnimation,
    time: &Time,
    requests: &mut MessageWriter<PlaceRequest>,
) {
    let Some(square) = cursor.square else { return };
    if state.to_move().is_none() {
        return; // the game is over: Enter and A belong to the result panel's buttons
    }
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
        source,
    });
}

/// A new game starts with no cursor on the board: each player's appears when they first
/// move it.
fn hide_cursors_on_new_game(
    mut resets: MessageReader<crate::rules::BoardReset>,
    state: Res<Match>,
    mut cursors: ResMut<Cursors>,
) {
    if resets.read().count() > 0 && state.game.ply() == 0 {
        *cursors = Cursors::default();
    }
}
