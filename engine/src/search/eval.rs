//! Position evaluation behind a small trait, so a learned pattern evaluation can replace
//! the hand-written one: mobility, potential mobility, corners, X/C squares, edges, parity.

use super::stability::edge_stable;
use crate::Board;
use crate::bits;

/// Scores a position for the side to move, in hundredths of a disc (positive: better).
pub trait Evaluate: Send + Sync {
    /// The estimated final disc difference × 100 for `board`'s side to move.
    fn evaluate(&self, board: &Board) -> i32;
}

/// A borrowed evaluation evaluates like the one it borrows (the built-in learned weights are
/// a `&'static PatternEval`).
impl<E: Evaluate + ?Sized> Evaluate for &E {
    #[inline]
    fn evaluate(&self, board: &Board) -> i32 {
        (**self).evaluate(board)
    }
}

/// A shared evaluation evaluates like the one it shares (one copy of large weights serves
/// many searchers).
impl<E: Evaluate + ?Sized> Evaluate for std::sync::Arc<E> {
    #[inline]
    fn evaluate(&self, board: &Board) -> i32 {
        (**self).evaluate(board)
    }
}

/// The hand-written evaluation: classic features with weights that shift with the phase.
#[derive(Copy, Clone, Debug, Default)]
pub struct HandEval;

const CORNERS: u64 = 0x8100_0000_0000_0081;
const NOT_FILE_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
const NOT_FILE_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The X square diagonally inside each corner, paired with that corner.
const X_SQUARES: [(u64, u64); 4] = [
    (1 << 9, 1),
    (1 << 14, 1 << 7),
    (1 << 49, 1 << 56),
    (1 << 54, 1 << 63),
];
/// The two C squares beside each corner, paired with that corner.
const C_SQUARES: [(u64, u64); 4] = [
    ((1 << 1) | (1 << 8), 1),
    ((1 << 6) | (1 << 15), 1 << 7),
    ((1 << 48) | (1 << 57), 1 << 56),
    ((1 << 55) | (1 << 62), 1 << 63),
];

/// The squares next to any of `x` (all eight directions).
#[inline(always)]
pub(crate) fn neighbours(x: u64) -> u64 {
    let h = ((x << 1) & NOT_FILE_A) | ((x >> 1) & NOT_FILE_H);
    let row = x | h;
    h | (row << 8) | (row >> 8)
}

impl HandEval {
    /// Discs on X and C squares next to an empty corner (a liability: they give the corner).
    fn corner_risk(own: u64, empty: u64) -> (i32, i32) {
        let mut x = 0;
        let mut c = 0;
        for (sq, corner) in X_SQUARES {
            if corner & empty != 0 && own & sq != 0 {
                x += 1;
            }
        }
        for (sqs, corner) in C_SQUARES {
            if corner & empty != 0 {
                c += (own & sqs).count_ones() as i32;
            }
        }
        (x, c)
    }
}

impl Evaluate for HandEval {
    fn evaluate(&self, board: &Board) -> i32 {
        let (p, o) = (board.player, board.opponent);
        let empty = board.empties();
        let empties = empty.count_ones() as i32;
        let my_moves = bits::moves(p, o);
        let their_moves = bits::moves(o, p);
        // Mobility counts corners double: a corner move is worth having.
        let mobility = (my_moves.count_ones() + (my_moves & CORNERS).count_ones()) as i32
            - (their_moves.count_ones() + (their_moves & CORNERS).count_ones()) as i32;
        // Potential mobility: empty squares next to the other side's discs.
        let potential = (neighbours(o) & empty).count_ones() as i32
            - (neighbours(p) & empty).count_ones() as i32;
        let corners = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
        let (px, pc) = Self::corner_risk(p, empty);
        let (ox, oc) = Self::corner_risk(o, empty);
        let stable =
            (edge_stable(p, o).count_ones() as i32) - (edge_stable(o, p).count_ones() as i32);
        let discs = p.count_ones() as i32 - o.count_ones() as i32;
        // Parity: with an odd number of empties the side to move should get the last move.
        let parity = if empties % 2 == 1 { 1 } else { -1 };

        // Phase: 60 empties at the start, 0 at the end.
        let late = (60 - empties).clamp(0, 60);
        let w_mobility = 90 + late / 2;
        let w_potential = 40 - late / 3;
        let w_corner = 750;
        let w_x = 300 - late * 2;
        let w_c = 90 - late;
        let w_stable = 140 + late;
        let w_discs = if empties < 20 { 4 * (20 - empties) } else { 0 };
        let w_parity = if empties < 24 { 120 } else { 30 };

        w_mobility * mobility + w_potential * potential + w_corner * corners
            - w_x * (px - ox)
            - w_c * (pc - oc)
            + w_stable * stable
            + w_discs * discs
            + w_parity * parity
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced_and_corners_count() {
        assert_eq!(HandEval.evaluate(&Board::start()) / 100, 0);
        // Owning a corner beats the same position without it.
        let with = Board::new(1 | (1 << 27), 1 << 28);
        let without = Board::new(1 << 27, 1 << 28);
        assert!(HandEval.evaluate(&with) > HandEval.evaluate(&without));
    }
}
