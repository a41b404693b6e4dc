//! Where each player points on the board, and how far the camera has turned: input moves the
//! cursors, the board draws them, the camera keeps the view's turn.

use bevy::prelude::*;
use reversi_engine::grid::{Cell, GridPosition};
use reversi_engine::{Color as Side, Direction};

/// The square a player points at (mouse hover or keyboard/gamepad cursor), and which of
/// several flanked lines is chosen under the one-line rule.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    pub square: Option<Cell>,
    pub line_choice: usize,
    /// Whether the square is highlighted (the keyboard cursor is; the mouse shows the ghost).
    pub visible: bool,
}

impl Cursor {
    /// The line a placement on the cursor's square flips under the one-line rule, and the
    /// discs it flips: the square's flanked lines in compass order, `line_choice` steps on
    /// from the square's hinted line where it has one and from the first elsewhere. None
    /// where the square flanks nothing.
    pub fn chosen_line(
        &self,
        pos: &GridPosition,
        hinted: &HintedLines,
    ) -> Option<(Direction, u128)> {
        let square = self.square?;
        let lines = pos.flanked_lines(square);
        if lines.is_empty() {
            return None;
        }
        let first = hinted
            .start_of(square)
            .and_then(|start| lines.iter().position(|l| l.0 == start));
        Some(lines[(first.unwrap_or(0) + self.line_choice) % lines.len()])
    }
}

/// The lines the shown hint or move scores name under the one-line rule, square by square
/// (each square's score is the value of its best line; the analysis keeps them up to date):
/// a cursor on such a square starts at its line, so pointing at a scored move and placing
/// plays the move the score is of, and L or a right click steps on to the other lines from
/// there.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct HintedLines(pub Vec<(Cell, Direction)>);

impl HintedLines {
    /// The line a cursor on `square` starts at, where one is hinted.
    pub fn start_of(&self, square: Cell) -> Option<Direction> {
        self.0.iter().find(|h| h.0 == square).map(|h| h.1)
    }

    /// Makes `next` the hinted lines. A cursor on a square whose starting line this moves
    /// starts afresh at the new start: the steps taken with L counted from the old one and
    /// would now land on another line than the one seen. Nothing is touched (nor marked
    /// changed) while the lines stay the same.
    pub fn update(
        hinted: &mut ResMut<HintedLines>,
        cursors: &mut ResMut<Cursors>,
        next: HintedLines,
    ) {
        if **hinted == next {
            return;
        }
        for cursor in &mut cursors.0 {
            if let Some(square) = cursor.square
                && hinted.start_of(square) != next.start_of(square)
            {
                cursor.line_choice = 0;
            }
        }
        **hinted = next;
    }
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
