//! Board sizes other than the fast 8×8 path: which sizes exist, how their squares are named
//! (a1 top-left, columns a–j, rows 1–10) and the shift masks their bitboards need.

use std::fmt;
use std::str::FromStr;

/// A square board's side: the rule texts allow smaller and larger boards than 8×8.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub enum BoardSize {
    /// 4×4: tiny, solved in an instant.
    Four,
    /// 6×6: solved; with perfect play the second player wins 16-20.
    Six,
    /// 8×8, the official board.
    #[default]
    Eight,
    /// 10×10 ("Grand Othello").
    Ten,
}

impl BoardSize {
    /// Every size, smallest first.
    pub const ALL: [BoardSize; 4] = [
        BoardSize::Four,
        BoardSize::Six,
        BoardSize::Eight,
        BoardSize::Ten,
    ];

    /// Squares along one side.
    pub const fn side(self) -> u8 {
        match self {
            BoardSize::Four => 4,
            BoardSize::Six => 6,
            BoardSize::Eight => 8,
            BoardSize::Ten => 10,
        }
    }

    /// Squares on the board.
    pub const fn squares(self) -> u32 {
        self.side() as u32 * self.side() as u32
    }

    /// The size with this side, if the game has it.
    pub fn from_side(side: u32) -> Option<BoardSize> {
        BoardSize::ALL.into_iter().find(|s| s.side() as u32 == side)
    }

    /// The size with this many squares (16, 36, 64 or 100), as a board string's length says.
    pub fn from_squares(squares: usize) -> Option<BoardSize> {
        BoardSize::ALL
            .into_iter()
            .find(|s| s.squares() as usize == squares)
    }

    /// The masks of this size's bitboards.
    pub(crate) fn geometry(self) -> &'static Geometry {
        &GEOMETRIES[self as usize]
    }

    /// The index (row × side + column) of the square at `column`, `row`, if on the board.
    pub fn index(self, column: u8, row: u8) -> Option<usize> {
        (column < self.side() && row < self.side())
            .then(|| row as usize * self.side() as usize + column as usize)
    }

    /// The bit of `cell` in this size's bitboards; 0 for a square off the board.
    pub fn bit(self, cell: Cell) -> u128 {
        self.index(cell.column, cell.row).map_or(0, |i| 1 << i)
    }

    /// Whether `cell` is on a board of this size.
    pub fn contains(self, cell: Cell) -> bool {
        cell.column < self.side() && cell.row < self.side()
    }

    /// Every square of the board, row by row from a1.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.squares() as usize).map(move |i| self.cell(i))
    }

    /// The square at `index`.
    pub fn cell(self, index: usize) -> Cell {
        let side = self.side() as usize;
        Cell {
            column: (index % side) as u8,
            row: (index / side) as u8,
        }
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.side())
    }
}

/// A square named as on any board: column (0 = a) and row (0 = row 1, the top). The name does
/// not depend on the board's size; whether it is on a board does ([`BoardSize::index`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Cell {
    /// 0 = column a.
    pub column: u8,
    /// 0 = row 1.
    pub row: u8,
}

/// A square name that is not `a1` … `j10`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseCellError(pub String);

impl fmt::Display for ParseCellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a square (a1 to j10)", self.0)
    }
}

impl std::error::Error for ParseCellError {}

impl FromStr for Cell {
    type Err = ParseCellError;

    fn from_str(text: &str) -> Result<Cell, ParseCellError> {
        let bad = || ParseCellError(text.to_string());
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !('a'..='j').contains(&letter) {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: u8 = digits.parse().map_err(|_| bad())?;
        if !(1..=10).contains(&row) || digits.starts_with('0') {
            return Err(bad());
        }
        Ok(Cell {
            column: letter as u8 - b'a',
            row: row - 1,
        })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column) as char, self.row + 1)
    }
}

/// The masks that keep shifted `u128` bitboards on the board: squares of the board, and the
/// board without its first or its last column (a shift one column along must not wrap); and
/// for each square the squares along each direction (rays) and its neighbours, which turn
/// finding a placement's flips into a few masks instead of a walk.
#[derive(Debug)]
pub(crate) struct Geometry {
    pub side: u32,
    pub full: u128,
    pub not_first_column: u128,
    pub not_last_column: u128,
    /// `rays[square][dir]`: the squares from `square` (excluded) to the edge in `dir`.
    pub rays: [[u128; 8]; MAX_SQUARES],
    /// The up to eight squares around each square.
    pub neighbours: [u128; MAX_SQUARES],
    /// `symmetry[s][square]`: where symmetry `s` (0..8; 0 is the identity) takes `square`.
    pub symmetry: [[u8; MAX_SQUARES]; 8],
    /// `inverse[s]`: the symmetry that undoes `s`.
    pub inverse: [u8; 8],
    /// The four corners.
    pub corners: u128,
    /// Each corner with its X-square (diagonal neighbour) and its two C-squares.
    pub corner_regions: [(u128, u128, u128); 4],
    /// The edge squares that are neither corners nor C-squares.
    pub edges: u128,
}

/// Squares of the largest board.
pub(crate) const MAX_SQUARES: usize = 100;

/// Column and row steps of the directions, in [`Geometry::shift`]'s order.
const STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

const fn geometry(side: u32) -> Geometry {
    let full = if side * side == 128 {
        u128::MAX
    } else {
        (1u128 << (side * side)) - 1
    };
    let mut first = 0u128;
    let mut row = 0;
    while row < side {
        first |= 1u128 << (row * side);
        row += 1;
    }
    let last = first << (side - 1);
    let mut rays = [[0u128; 8]; MAX_SQUARES];
    let mut neighbours = [0u128; MAX_SQUARES];
    let n = side as i32;
    let mut square = 0;
    while square < (side * side) as usize {
        let mut dir = 0;
        while dir < 8 {
            let (dc, dr) = STEPS[dir];
            let (mut c, mut r) = (square as i32 % n + dc, square as i32 / n + dr);
            while c >= 0 && c < n && r >= 0 && r < n {
                rays[square][dir] |= 1u128 << (r * n + c);
                c += dc;
                r += dr;
            }
            let (c, r) = (square as i32 % n + dc, square as i32 / n + dr);
            if c >= 0 && c < n && r >= 0 && r < n {
                neighbours[square] |= 1u128 << (r * n + c);
            }
            dir += 1;
        }
        square += 1;
    }
    // The eight symmetries of the square: bit 2 swaps columns and rows (a transpose), then
    // bit 0 mirrors the columns and bit 1 the rows.
    let mut symmetry = [[0u8; MAX_SQUARES]; 8];
    let mut sym = 0;
    while sym < 8 {
        let mut square = 0;
        while square < (side * side) as usize {
            let (mut c, mut r) = (square as i32 % n, square as i32 / n);
            if sym & 4 != 0 {
                (c, r) = (r, c);
            }
            if sym & 1 != 0 {
                c = n - 1 - c;
            }
            if sym & 2 != 0 {
                r = n - 1 - r;
            }
            symmetry[sym][square] = (r * n + c) as u8;
            square += 1;
        }
        sym += 1;
    }
    let mut inverse = [0u8; 8];
    let mut sym = 0;
    while sym < 8 {
        let mut undo = 0;
        while undo < 8 {
            let mut square = 0;
            let mut identity = true;
            while square < (side * side) as usize {
                if symmetry[undo][symmetry[sym][square] as usize] as usize != square {
                    identity = false;
                }
                square += 1;
            }
            if identity {
                inverse[sym] = undo as u8;
            }
            undo += 1;
        }
        sym += 1;
    }
    // Corners and edges: computed once here, read by every evaluation and move ordering.
    let m = n - 1;
    let mut corner_regions = [(0u128, 0u128, 0u128); 4];
    let corner_list = [(0, 0, 1, 1), (m, 0, -1, 1), (0, m, 1, -1), (m, m, -1, -1)];
    let mut corners = 0u128;
    let mut k = 0;
    while k < 4 {
        let (c, r, dc, dr) = corner_list[k];
        corner_regions[k] = (
            bit(n, c, r),
            bit(n, c + dc, r + dr),
            bit(n, c + dc, r) | bit(n, c, r + dr),
        );
        corners |= bit(n, c, r);
        k += 1;
    }
    let mut edges = 0u128;
    let mut i = 2;
    while i < n - 2 {
        edges |= bit(n, i, 0) | bit(n, i, m) | bit(n, 0, i) | bit(n, m, i);
        i += 1;
    }
    Geometry {
        side,
        full,
        not_first_column: full & !first,
        not_last_column: full & !last,
        rays,
        neighbours,
        symmetry,
        inverse,
        corners,
        corner_regions,
        edges,
    }
}

impl Geometry {
    /// `bits` under symmetry `sym`.
    pub fn transform(&self, mut bits: u128, sym: usize) -> u128 {
        let map = &self.symmetry[sym];
        let mut out = 0;
        while bits != 0 {
            out |= 1u128 << map[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        out
    }
}

/// The single-bit mask of column `c`, row `r` on a board of side `n`.
const fn bit(n: i32, c: i32, r: i32) -> u128 {
    1u128 << (r * n + c)
}

static GEOMETRIES: [Geometry; 4] = [geometry(4), geometry(6), geometry(8), geometry(10)];

impl Geometry {
    /// Every square shifted one step in direction `dir` (0..8: E, W, S, N, SE, SW, NE, NW),
    /// dropping what leaves the board.
    #[inline(always)]
    pub fn shift(&self, bits: u128, dir: usize) -> u128 {
        let n = self.side;
        match dir {
            0 => (bits << 1) & self.not_first_column,
            1 => (bits >> 1) & self.not_last_column,
            2 => (bits << n) & self.full,
            3 => bits >> n,
            4 => (bits << (n + 1)) & self.not_first_column,
            5 => (bits << (n - 1)) & self.not_last_column,
            6 => (bits >> (n - 1)) & self.not_first_column,
            _ => (bits >> (n + 1)) & self.not_last_column,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_size() {
        for size in BoardSize::ALL {
            for index in 0..size.squares() as usize {
                let cell = size.cell(index);
                let name = cell.to_string();
                let back: Cell = name.parse().unwrap();
                assert_eq!(size.index(back.column, back.row), Some(index), "{name}");
            }
        }
        assert_eq!(BoardSize::Ten.cell(99).to_string(), "j10");
        assert_eq!(BoardSize::Six.cell(35).to_string(), "f6");
        for bad in ["", "k1", "a0", "a11", "a01", "a", "1a", "b2x"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn symmetries_are_the_eight_of_the_square_and_undo() {
        for size in BoardSize::ALL {
            let g = size.geometry();
            let corner = size.index(0, 0).unwrap();
            let mut images: Vec<usize> = (0..8).map(|s| g.symmetry[s][corner] as usize).collect();
            images.sort_unstable();
            images.dedup();
            assert_eq!(images.len(), 4, "{size}: a corner goes to the four corners");
            for sym in 0..8 {
                let bits = 0b1011 | 1u128 << (size.squares() - 1);
                let back = g.transform(g.transform(bits, sym), g.inverse[sym] as usize);
                assert_eq!(back, bits, "{size} symmetry {sym}");
            }
        }
    }

    #[test]
    fn shifts_never_wrap_or_leave_the_board() {
        for size in BoardSize::ALL {
            let g = size.geometry();
            let n = size.side() as i32;
            let deltas = [
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (-1, 1),
                (1, -1),
                (-1, -1),
            ];
            for (dir, (dc, dr)) in deltas.into_iter().enumerate() {
                for index in 0..size.squares() as usize {
                    let cell = size.cell(index);
                    let (c, r) = (cell.column as i32 + dc, cell.row as i32 + dr);
                    let want = if (0..n).contains(&c) && (0..n).contains(&r) {
                        1u128 << (r * n + c)
                    } else {
                        0
                    };
                    assert_eq!(
                        g.shift(1u128 << index, dir),
                        want,
                        "{size} {cell} dir {dir}"
                    );
                }
            }
        }
    }
}
