//! A hand-written evaluation for every board size: the learned one is 8×8 only. Corners and
//! the squares that give them away, mobility, frontier and, late, the disc count; all in
//! hundredths of a disc from the side to move's view.

use super::GridBoard;

/// Hundredths of a disc per disc (as the 8×8 search).
pub(crate) const DISC: i32 = 100;

fn neighbours(board: &GridBoard, bits: u128) -> u128 {
    let g = board.size.geometry();
    (0..8).fold(0, |acc, dir| acc | g.shift(bits, dir))
}

/// The evaluation of `board` for the side to move.
pub fn evaluate(board: &GridBoard) -> i32 {
    let (me, them) = (board.player, board.opponent);
    let squares = board.size.squares() as i32;
    let g = board.size.geometry();
    let mut score = 0;
    for (corner, x, c) in g.corner_regions {
        let own = |bits: u128| (me & bits).count_ones() as i32 - (them & bits).count_ones() as i32;
        score += 120 * own(corner);
        if (me | them) & corner == 0 {
            score -= 45 * own(x) + 15 * own(c);
        }
    }
    score += 6 * ((me & g.edges).count_ones() as i32 - (them & g.edges).count_ones() as i32);
    let my_moves = board.moves().count_ones() as i32;
    let their_moves = board.pass().moves().count_ones() as i32;
    score += 200 * (my_moves - their_moves) / (my_moves + their_moves + 2);
    let open = neighbours(board, board.empties());
    score -= 12 * ((me & open).count_ones() as i32 - (them & open).count_ones() as i32);
    let filled = (me | them).count_ones() as i32;
    let discs = me.count_ones() as i32 - them.count_ones() as i32;
    score += discs * DISC * filled * filled / (squares * squares) / 3;
    score.clamp(-(squares - 1) * DISC, (squares - 1) * DISC)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::BoardSize;

    #[test]
    fn start_is_even_and_a_corner_is_worth_having() {
        for size in BoardSize::ALL {
            let start = GridBoard::start(size);
            assert_eq!(evaluate(&start), 0, "{size}");
            let corner = 1u128;
            let with = GridBoard::new(size, start.player | corner, start.opponent);
            assert!(evaluate(&with) > 50, "{size}");
            assert!(evaluate(&with.pass()) < -50, "{size}");
        }
    }
}
