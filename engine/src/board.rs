//! The search's view of a position: two `u64`s, the side to move first, standard flips.
//! Small and `Copy`, so the AI makes moves by value and never undoes them.

use crate::bits;
use crate::{Bitboard, Square};

/// Discs of the side to move (`player`) and of the other side (`opponent`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the side not to move.
    pub opponent: u64,
}

impl Board {
    /// A board from the two disc sets; they must not overlap.
    pub const fn new(player: u64, opponent: u64) -> Board {
        Board { player, opponent }
    }

    /// The standard start with black to move.
    pub const fn start() -> Board {
        // black d5, e4; white d4, e5
        Board::new((1 << 35) | (1 << 28), (1 << 27) | (1 << 36))
    }

    /// The legal placements of the side to move.
    #[inline(always)]
    pub fn moves(&self) -> u64 {
        bits::moves(self.player, self.opponent)
    }

    /// The legal placements as a [`Bitboard`].
    pub fn legal_moves(&self) -> Bitboard {
        Bitboard(self.moves())
    }

    /// The discs a placement on `sq` flips (zero if illegal).
    #[inline(always)]
    pub fn flips(&self, sq: usize) -> u64 {
        bits::flips(self.player, self.opponent, sq)
    }

    /// The board after the side to move places on `sq`, flipping `flips`; the sides swap.
    #[inline(always)]
    pub fn play_with(&self, sq: usize, flips: u64) -> Board {
        Board::new(self.opponent ^ flips, self.player ^ flips ^ (1u64 << sq))
    }

    /// The board after a placement on `sq`, or `None` if it flips nothing.
    pub fn play(&self, sq: Square) -> Option<Board> {
        if (self.player | self.opponent) & sq.bit() != 0 {
            return None;
        }
        let f = self.flips(sq.index());
        (f != 0).then(|| self.play_with(sq.index(), f))
    }

    /// The board after a pass: the sides swap.
    #[inline(always)]
    pub fn pass(&self) -> Board {
        Board::new(self.opponent, self.player)
    }

    /// Empty squares.
    #[inline(always)]
    pub fn empties(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// Whether neither side can move.
    pub fn is_game_over(&self) -> bool {
        self.moves() == 0 && self.pass().moves() == 0
    }

    /// Final score for the side to move in discs, empties to the winner (the tournament way).
    pub fn final_score(&self) -> i32 {
        let p = self.player.count_ones() as i32;
        let o = self.opponent.count_ones() as i32;
        let e = 64 - p - o;
        match p.cmp(&o) {
            std::cmp::Ordering::Greater => p - o + e,
            std::cmp::Ordering::Less => p - o - e,
            std::cmp::Ordering::Equal => 0,
        }
    }
}

/// Counts the leaves of the game tree `depth` plies deep: a forced pass is a ply and a
/// finished game is one leaf (convention A of `shared/data/perft.txt`).
///
/// ```
/// use reversi_engine::{perft, Board};
/// assert_eq!(perft(Board::start(), 4), 244);
/// ```
pub fn perft(board: Board, depth: u32) -> u64 {
    crate::simd::perft(board, depth)
}
