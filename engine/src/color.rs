//! The two sides. Black ("Player A" in the rule texts) moves first unless the rules say otherwise.

use std::fmt;
use std::ops::Not;

/// A side: the colour a disc shows face up.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// Shown as `X` in board strings; moves first in standard Othello.
    Black,
    /// Shown as `O` in board strings.
    White,
}

impl Color {
    /// Both colours, black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// 0 for black, 1 for white: an index into per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The board-string symbol: `X` or `O`.
    pub const fn symbol(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// The colour for a board-string symbol (`X`/`B`/`*` black, `O`/`W` white, any case).
    pub fn from_symbol(c: char) -> Option<Color> {
        match c.to_ascii_uppercase() {
            'X' | 'B' | '*' => Some(Color::Black),
            'O' | 'W' | '0' => Some(Color::White),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}
