//! The search's view of a position on any board size: two `u128`s (side to move first) and
//! the size. The generic counterpart of [`crate::Board`], which stays the 8×8 fast path.

use super::{BoardSize, Geometry};

/// Discs of the side to move (`player`) and of the other side (`opponent`) on a board of `size`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct GridBoard {
    /// The board's size.
    pub size: BoardSize,
    /// Discs of the side to move (bit = row × side + column).
    pub player: u128,
    /// Discs of the side not to move.
    pub opponent: u128,
}

impl GridBoard {
    /// A board from the two disc sets; they must not overlap.
    pub const fn new(size: BoardSize, player: u128, opponent: u128) -> GridBoard {
        GridBoard {
            size,
            player,
            opponent,
        }
    }

    /// The same position as the fast path's [`crate::Board`] on an 8×8 board (the two
    /// layouts share their bits: square index = row × 8 + column); `None` on other sizes.
    pub fn as_eight(&self) -> Option<crate::Board> {
        (self.size == BoardSize::Eight)
            .then(|| crate::Board::new(self.player as u64, self.opponent as u64))
    }

    /// The diagonal start, scaled to the centre, the first player to move: as on 8×8, the
    /// first player's discs are on the lower-left and upper-right centre squares.
    pub fn start(size: BoardSize) -> GridBoard {
        let (low, high) = centre(size);
        GridBoard::new(size, low[1] | high[0], low[0] | high[1])
    }

    #[inline(always)]
    fn geometry(&self) -> &'static Geometry {
        self.size.geometry()
    }

    /// Empty squares of the board.
    #[inline(always)]
    pub fn empties(&self) -> u128 {
        !(self.player | self.opponent) & self.geometry().full
    }

    /// The legal placements of the side to move.
    #[inline]
    pub fn moves(&self) -> u128 {
        let g = self.geometry();
        if g.side <= 8 {
            return self.moves_small(g) as u128;
        }
        let empty = self.empties();
        let steps = g.side - 3;
        let mut moves = 0;
        for dir in 0..8 {
            let mut run = g.shift(self.player, dir) & self.opponent;
            for _ in 0..steps {
                run |= g.shift(run, dir) & self.opponent;
            }
            moves |= g.shift(run, dir) & empty;
        }
        moves
    }

    /// The discs a placement on square `index` flips (zero if it flanks nothing). The square
    /// must be empty. Along each ray the first square that is not the opponent's ends the
    /// line: if it is the mover's, the opponent's discs before it flip.
    #[inline]
    pub fn flips(&self, index: usize) -> u128 {
        let g = self.geometry();
        if g.neighbours[index] & self.opponent == 0 {
            return 0;
        }
        if g.side <= 8 {
            return self.flips_small(index) as u128;
        }
        let rays = &g.rays[index];
        let mut flips = 0;
        // Directions along which the square index grows: the nearest square is the lowest bit.
        for dir in [0, 2, 4, 5] {
            let ray = rays[dir];
            let ends = ray & !self.opponent;
            let nearest = ends & ends.wrapping_neg();
            if nearest & self.player != 0 {
                flips |= ray & (nearest - 1);
            }
        }
        // And along which it shrinks: the nearest is the highest bit.
        for dir in [1, 3, 6, 7] {
            let ray = rays[dir];
            let ends = ray & !self.opponent;
            if ends != 0 {
                let nearest = 1u128 << (127 - ends.leading_zeros());
                if nearest & self.player != 0 {
                    flips |= ray & !((nearest << 1) - 1);
                }
            }
        }
        flips
    }

    /// [`GridBoard::moves`] on boards that fit a `u64` (up to 8×8).
    #[inline]
    fn moves_small(&self, g: &Geometry) -> u64 {
        let (player, opponent) = (self.player as u64, self.opponent as u64);
        let empty = self.empties() as u64;
        let (n, full) = (g.side, g.full as u64);
        let (not_first, not_last) = (g.not_first_column as u64, g.not_last_column as u64);
        let shift = |bits: u64, dir: usize| match dir {
            0 => (bits << 1) & not_first,
            1 => (bits >> 1) & not_last,
            2 => (bits << n) & full,
            3 => bits >> n,
            4 => (bits << (n + 1)) & not_first,
            5 => (bits << (n - 1)) & not_last,
            6 => (bits >> (n - 1)) & not_first,
            _ => (bits >> (n + 1)) & not_last,
        };
        let mut moves = 0;
        for dir in 0..8 {
            let mut run = shift(player, dir) & opponent;
            for _ in 0..n - 3 {
                run |= shift(run, dir) & opponent;
            }
            moves |= shift(run, dir) & empty;
        }
        moves
    }

    /// [`GridBoard::flips`] on boards that fit a `u64` (up to 8×8): half the work.
    #[inline]
    fn flips_small(&self, index: usize) -> u64 {
        let rays = &self.geometry().rays[index];
        let (player, opponent) = (self.player as u64, self.opponent as u64);
        let mut flips = 0;
        for dir in [0, 2, 4, 5] {
            let ray = rays[dir] as u64;
            let ends = ray & !opponent;
            let nearest = ends & ends.wrapping_neg();
            if nearest & player != 0 {
                flips |= ray & (nearest - 1);
            }
        }
        for dir in [1, 3, 6, 7] {
            let ray = rays[dir] as u64;
            let ends = ray & !opponent;
            if ends != 0 {
                let nearest = 1u64 << (63 - ends.leading_zeros());
                if nearest & player != 0 {
                    flips |= ray & !((nearest << 1).wrapping_sub(1));
                }
            }
        }
        flips
    }

    /// The board after the side to move places on `index`, flipping `flips`; the sides swap.
    #[inline(always)]
    pub fn play_with(&self, index: usize, flips: u128) -> GridBoard {
        GridBoard::new(
            self.size,
            self.opponent ^ flips,
            self.player ^ flips ^ (1u128 << index),
        )
    }

    /// The board after a placement on `index`, or `None` if the square is taken or off the
    /// board, or the placement flips nothing.
    pub fn play(&self, index: usize) -> Option<GridBoard> {
        if index >= self.size.squares() as usize || self.empties() & (1u128 << index) == 0 {
            return None;
        }
        let f = self.flips(index);
        (f != 0).then(|| self.play_with(index, f))
    }

    /// The board after a pass: the sides swap.
    #[inline(always)]
    pub fn pass(&self) -> GridBoard {
        GridBoard::new(self.size, self.opponent, self.player)
    }

    /// Whether neither side can move.
    pub fn is_game_over(&self) -> bool {
        self.moves() == 0 && self.pass().moves() == 0
    }

    /// Final score for the side to move in discs, empties to the winner (the tournament way).
    pub fn final_score(&self) -> i32 {
        let p = self.player.count_ones() as i32;
        let o = self.opponent.count_ones() as i32;
        let e = self.size.squares() as i32 - p - o;
        match p.cmp(&o) {
            std::cmp::Ordering::Greater => p - o + e,
            std::cmp::Ordering::Less => p - o - e,
            std::cmp::Ordering::Equal => 0,
        }
    }
}

/// The four centre squares as bit pairs: `low` = (upper-left, lower-left) column, `high` =
/// (upper-right, lower-right) column, i.e. d4/d5 and e4/e5 on 8×8.
pub(crate) fn centre(size: BoardSize) -> ([u128; 2], [u128; 2]) {
    let c = size.side() / 2 - 1;
    let bit = |column: u8, row: u8| 1u128 << size.index(column, row).unwrap_or(0);
    (
        [bit(c, c), bit(c, c + 1)],
        [bit(c + 1, c), bit(c + 1, c + 1)],
    )
}

/// Counts the leaves of the game tree `depth` plies deep: a forced pass is a ply and a finished
/// game is one leaf (convention A of `shared/data/perft.txt`, as [`crate::perft`]).
///
/// ```
/// use reversi_engine::grid::{grid_perft, BoardSize, GridBoard};
/// assert_eq!(grid_perft(GridBoard::start(BoardSize::Eight), 4), 244);
/// ```
pub fn grid_perft(board: GridBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = board.moves();
    if moves == 0 {
        let passed = board.pass();
        if passed.moves() == 0 {
            return 1;
        }
        return grid_perft(passed, depth - 1);
    }
    if depth == 1 {
        return moves.count_ones() as u64;
    }
    let mut leaves = 0;
    while moves != 0 {
        let index = moves.trailing_zeros() as usize;
        moves &= moves - 1;
        leaves += grid_perft(board.play_with(index, board.flips(index)), depth - 1);
    }
    leaves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, perft};

    #[test]
    fn eight_by_eight_matches_the_fast_path() {
        let start = GridBoard::start(BoardSize::Eight);
        let fast = Board::start();
        assert_eq!(start.player, fast.player as u128);
        assert_eq!(start.opponent, fast.opponent as u128);
        for depth in 0..=6 {
            assert_eq!(
                grid_perft(start, depth),
                perft(fast, depth),
                "depth {depth}"
            );
        }
    }

    #[test]
    fn every_start_has_four_moves() {
        for size in BoardSize::ALL {
            let start = GridBoard::start(size);
            assert_eq!(start.moves().count_ones(), 4, "{size}");
            assert_eq!((start.player | start.opponent).count_ones(), 4);
        }
    }
}
