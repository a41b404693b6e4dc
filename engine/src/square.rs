//! Squares and directions of the 8×8 board, named as in every Othello database:
//! columns a–h left to right, rows 1–8 top to bottom, so a1 is the top-left corner.

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares; index = row × 8 + column, so a1 = 0, h1 = 7, a8 = 56, h8 = 63.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    /// The top-left corner, a1.
    pub const A1: Square = Square(0);
    /// The bottom-right corner, h8.
    pub const H8: Square = Square(63);

    /// The square with this index (0..64), or `None` if out of range.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `column` (0 = a) and `row` (0 = row 1), or `None` off the board.
    pub const fn from_coords(column: u8, row: u8) -> Option<Square> {
        if column < 8 && row < 8 {
            Some(Square(row * 8 + column))
        } else {
            None
        }
    }

    /// Index 0..64 (a1 = 0, row-major).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0..8 (0 = a).
    pub const fn column(self) -> u8 {
        self.0 % 8
    }

    /// Row 0..8 (0 = row 1, the top row).
    pub const fn row(self) -> u8 {
        self.0 / 8
    }

    /// The single-bit mask of this square.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The neighbouring square one step in `dir`, or `None` at the edge.
    pub const fn step(self, dir: Direction) -> Option<Square> {
        let (dc, dr) = dir.delta();
        let c = self.column() as i8 + dc;
        let r = self.row() as i8 + dr;
        if c < 0 || c > 7 || r < 0 || r > 7 {
            None
        } else {
            Some(Square((r * 8 + c) as u8))
        }
    }

    /// All 64 squares, a1 first, row by row.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// Reads a square name such as `d3` (case-insensitive) from the start of `bytes`.
    pub(crate) fn from_ascii(bytes: &[u8]) -> Option<Square> {
        match bytes {
            [c, r, ..] => {
                let c = c.to_ascii_lowercase();
                if (b'a'..=b'h').contains(&c) && (b'1'..=b'8').contains(r) {
                    Square::from_coords(c - b'a', r - b'1')
                } else {
                    None
                }
            }
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

/// Why a square name could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a square (expected a1..h8)", self.0)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a1`..`h8`, case-insensitive.
    ///
    /// ```
    /// use reversi_engine::Square;
    /// let sq: Square = "F5".parse().unwrap();
    /// assert_eq!(sq.to_string(), "f5");
    /// assert!("i9".parse::<Square>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.len() == 2
            && let Some(sq) = Square::from_ascii(s.as_bytes())
        {
            return Ok(sq);
        }
        Err(ParseSquareError(s.to_string()))
    }
}

/// One of the eight lines through a square; north is towards row 1 (the top of the board).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    /// Towards row 1.
    North,
    /// Towards row 1 and column h.
    NorthEast,
    /// Towards column h.
    East,
    /// Towards row 8 and column h.
    SouthEast,
    /// Towards row 8.
    South,
    /// Towards row 8 and column a.
    SouthWest,
    /// Towards column a.
    West,
    /// Towards row 1 and column a.
    NorthWest,
}

impl Direction {
    /// All eight directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// (column step, row step).
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, -1),
            Direction::NorthEast => (1, -1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, 1),
            Direction::South => (0, 1),
            Direction::SouthWest => (-1, 1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, -1),
        }
    }

    /// Position in [`Direction::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The short name used in transcripts: `n`, `ne`, `e`, `se`, `s`, `sw`, `w`, `nw`.
    pub const fn name(self) -> &'static str {
        match self {
            Direction::North => "n",
            Direction::NorthEast => "ne",
            Direction::East => "e",
            Direction::SouthEast => "se",
            Direction::South => "s",
            Direction::SouthWest => "sw",
            Direction::West => "w",
            Direction::NorthWest => "nw",
        }
    }

    /// The direction with this short name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("h8".parse::<Square>().unwrap().index(), 63);
        assert_eq!(
            "d5".parse::<Square>().unwrap(),
            Square::from_coords(3, 4).unwrap()
        );
        for bad in ["", "a", "a0", "a9", "i1", "a10", "1a", "ä1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn steps_stop_at_edges() {
        assert_eq!(Square::A1.step(Direction::North), None);
        assert_eq!(Square::A1.step(Direction::West), None);
        assert_eq!(
            Square::A1.step(Direction::SouthEast).unwrap().to_string(),
            "b2"
        );
        assert_eq!(Square::H8.step(Direction::East), None);
    }
}
