//! The eight symmetries of the board (rotations and reflections), on raw bitboards and squares.
//! Used for opening books, training data and tests; each is a handful of delta swaps.

use crate::Square;

/// One of the 8 symmetries of the square.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Symmetry {
    /// No change.
    Identity,
    /// Mirror left-right (a ↔ h).
    MirrorColumns,
    /// Mirror top-bottom (1 ↔ 8).
    MirrorRows,
    /// Reflect in the a1–h8 diagonal.
    MainDiagonal,
    /// Reflect in the h1–a8 diagonal.
    AntiDiagonal,
    /// Rotate 90° clockwise.
    Rotate90,
    /// Rotate 180°.
    Rotate180,
    /// Rotate 270° clockwise.
    Rotate270,
}

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::MainDiagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
    ];

    /// Applies the symmetry to a set of squares.
    ///
    /// ```
    /// use reversi_engine::Symmetry;
    /// let a1 = 1u64;
    /// assert_eq!(Symmetry::MirrorColumns.apply(a1), 1 << 7); // h1
    /// assert_eq!(Symmetry::Rotate180.apply(a1), 1 << 63); // h8
    /// ```
    pub fn apply(self, b: u64) -> u64 {
        match self {
            Symmetry::Identity => b,
            Symmetry::MirrorColumns => mirror_columns(b),
            Symmetry::MirrorRows => b.swap_bytes(),
            Symmetry::MainDiagonal => flip_main_diagonal(b),
            Symmetry::AntiDiagonal => flip_anti_diagonal(b),
            // Square (c, r) → (7 - r, c) for a clockwise turn with row 1 on top.
            Symmetry::Rotate90 => mirror_columns(flip_main_diagonal(b)),
            Symmetry::Rotate180 => b.reverse_bits(),
            Symmetry::Rotate270 => flip_main_diagonal(mirror_columns(b)),
        }
    }

    /// Applies the symmetry to one square.
    pub fn square(self, sq: Square) -> Square {
        let b = self.apply(sq.bit());
        Square::new(b.trailing_zeros() as u8).expect("a symmetry maps a square to a square")
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            s => s,
        }
    }
}

/// Reverse the bits within each byte (each row), via three delta swaps.
fn mirror_columns(b: u64) -> u64 {
    let b = ((b >> 1) & 0x5555_5555_5555_5555) | ((b & 0x5555_5555_5555_5555) << 1);
    let b = ((b >> 2) & 0x3333_3333_3333_3333) | ((b & 0x3333_3333_3333_3333) << 2);
    ((b >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((b & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// Transpose: (c, r) → (r, c), three delta swaps.
fn flip_main_diagonal(mut b: u64) -> u64 {
    let t = 0x0F0F_0F0F_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// Anti-transpose: (c, r) → (7 - r, 7 - c).
fn flip_anti_diagonal(b: u64) -> u64 {
    flip_main_diagonal(b).reverse_bits()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_coords(sym: Symmetry, c: u8, r: u8) -> (u8, u8) {
        match sym {
            Symmetry::Identity => (c, r),
            Symmetry::MirrorColumns => (7 - c, r),
            Symmetry::MirrorRows => (c, 7 - r),
            Symmetry::MainDiagonal => (r, c),
            Symmetry::AntiDiagonal => (7 - r, 7 - c),
            Symmetry::Rotate90 => (7 - r, c),
            Symmetry::Rotate180 => (7 - c, 7 - r),
            Symmetry::Rotate270 => (r, 7 - c),
        }
    }

    #[test]
    fn every_symmetry_matches_its_coordinate_rule_and_inverts() {
        for sym in Symmetry::ALL {
            for sq in Square::all() {
                let (c, r) = by_coords(sym, sq.column(), sq.row());
                assert_eq!(
                    sym.square(sq),
                    Square::from_coords(c, r).unwrap(),
                    "{sym:?} {sq}"
                );
                assert_eq!(sym.inverse().square(sym.square(sq)), sq);
            }
        }
    }

    #[test]
    fn symmetries_preserve_moves() {
        let b = crate::Board::start();
        for sym in Symmetry::ALL {
            let t = crate::Board::new(sym.apply(b.player), sym.apply(b.opponent));
            assert_eq!(t.moves(), sym.apply(b.moves()));
        }
    }
}
