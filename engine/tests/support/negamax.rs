//! The reference score for the solver's tests: every move to the end, nothing pruned.

use reversi_engine::Board;

/// The exact final disc difference for the side to move; negated under fewest-discs
/// scoring (`reverse`).
pub fn negamax(b: Board, reverse: bool) -> i32 {
    let moves = b.moves();
    if moves == 0 {
        if b.pass().moves() == 0 {
            let s = b.final_score();
            return if reverse { -s } else { s };
        }
        return -negamax(b.pass(), reverse);
    }
    (0..64)
        .filter(|sq| moves & (1 << sq) != 0)
        .map(|sq| -negamax(b.play_with(sq, b.flips(sq)), reverse))
        .max()
        .expect("a position with moves has a best one")
}
