//! The last moves under rules whose game tree is not Othello's: one line flipped per move
//! (the mover picks the line, so a square can be several moves) and a 32-disc supply whose
//! end ends the game (so the same discs on the board can be a finished game or not). The
//! fast searches play Othello's tree; for the moves a level plays perfectly this searches
//! the variant's own tree exactly, over [`GridPosition`] itself, which applies every rule.

use super::level::perfect_play;
use super::{GridMove, GridPosition};
use crate::Rules;
use crate::rules::{DiscSupply, FlipRule, OutOfDiscs};
use crate::search::{Level, pick_near};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::sync::atomic::{AtomicBool, Ordering};

/// The most empty squares the exact search takes on under `rules`, whatever the level (0
/// under Othello's tree, where the fast searches are exact): the generic position is slow
/// (every rule checked at every node, about 3 M nodes a second here), and the one-line rule
/// multiplies the moves. Measured on endgames of random games (docs/levels.md): one-line 10
/// empties take 0.06 s on average and 0.4 s at most, an ending supply 14 empties 0.07 s and
/// 0.4 s.
pub fn variant_perfect_max(rules: &Rules) -> u32 {
    match (rules.flips, rules.supply) {
        (FlipRule::ChooseOneLine, _) => 10,
        (_, DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds)) => 14,
        _ => 0,
    }
}

/// Nodes after which the exact search gives up and the level plays by the fast search's
/// tree instead (under a second).
pub const VARIANT_NODE_LIMIT: u64 = 2_000_000;

/// The computer's move at `level` where the variant's own tree decides it: `None` when the
/// rules are Othello's tree (the fast searches are exact there), when `level` does not play
/// this many empties perfectly (or more than [`variant_perfect_max`] are left), when the
/// side to move must pass or the game is over, and when the search runs past
/// [`VARIANT_NODE_LIMIT`] or `stop` is set. A level that slips (Novice to Casual) picks, as it
/// does elsewhere, among the moves within its tolerance of the best, by `seed`.
pub fn variant_move(
    pos: &GridPosition,
    level: Level,
    seed: u64,
    stop: &AtomicBool,
) -> Option<GridMove> {
    if pos.in_free_opening() {
        return None;
    }
    let empties = pos.empties().count_ones();
    let (perfect, tolerance) = perfect_play(level, pos.size(), empties);
    if empties > perfect.min(variant_perfect_max(&pos.rules())) {
        return None;
    }
    let scored = variant_scores(pos, tolerance, stop, VARIANT_NODE_LIMIT)?;
    pick_near(&scored, tolerance, &mut StdRng::seed_from_u64(seed)).map(|(mv, _)| mv)
}

/// The placements of `pos` with their exact final scores for the side to move (empties to
/// the winner), searched in the variant's own tree: every move within `within` discs of the
/// best is scored exactly; a move further below carries a bound under `best - within` in
/// its place (enough for [`pick_near`], and far cheaper). Empty when the side to move cannot
/// place; `None` when the search passes `node_limit` nodes or `stop` is set.
pub fn variant_scores(
    pos: &GridPosition,
    within: i32,
    stop: &AtomicBool,
    node_limit: u64,
) -> Option<Vec<(GridMove, i32)>> {
    let mut search = Exact {
        nodes: 0,
        node_limit,
        stop,
    };
    let moves: Vec<GridMove> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| matches!(m, GridMove::Place { .. }))
        .collect();
    let mut scored = Vec::with_capacity(moves.len());
    let mut best = -INFINITY;
    for (mv, child) in Exact::ordered(pos, moves) {
        // Scores at or under the floor only need to be known to lie there.
        let floor = best
            .saturating_sub(within.max(0).saturating_add(1))
            .max(-INFINITY);
        let v = -search.negamax(&child, -INFINITY, -floor)?;
        best = best.max(v);
        scored.push((mv, v));
    }
    Some(scored)
}

/// Beyond any final score on any board size (10×10: ±100).
const INFINITY: i32 = 1000;

struct Exact<'a> {
    nodes: u64,
    node_limit: u64,
    stop: &'a AtomicBool,
}

impl Exact<'_> {
    /// The exact score of `pos` for its side to move when it lies in (`alpha`, `beta`), a
    /// bound on the near side otherwise (fail-soft alpha-beta); `None` once out of nodes or
    /// stopped.
    fn negamax(&mut self, pos: &GridPosition, mut alpha: i32, beta: i32) -> Option<i32> {
        self.nodes += 1;
        if self.nodes > self.node_limit
            || (self.nodes % 4096 == 1 && self.stop.load(Ordering::Relaxed))
        {
            return None;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Some(pos.outcome().score_for(pos.to_move()));
        }
        let mut best = -INFINITY;
        for (_, child) in Exact::ordered(pos, moves) {
            let v = -self.negamax(&child, -beta, -alpha)?;
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        Some(best)
    }

    /// The children of `pos` by `moves`, the opponent's fewest replies first (the order that
    /// cuts soonest in an endgame), from 5 empties up; below that ordering costs more than
    /// it saves.
    fn ordered(pos: &GridPosition, moves: Vec<GridMove>) -> Vec<(GridMove, GridPosition)> {
        let mut children: Vec<(GridMove, GridPosition)> = moves
            .into_iter()
            .map(|mv| {
                let (child, _) = pos.play(mv).expect("a move from legal_moves is legal");
                (mv, child)
            })
            .collect();
        if children.len() > 1 && pos.empties().count_ones() >= 5 {
            children.sort_by_cached_key(|(_, child)| child.legal_squares().count_ones());
        }
        children
    }
}

/// Random endgames for tests.
#[cfg(test)]
pub(crate) mod random {
    use super::*;
    use crate::Status;
    use crate::grid::BoardSize;
    use rand::RngExt;

    /// Positions with `empties` empty squares (the side to move able to place) from random
    /// games of `rules` on `size`, one per seed that reaches one (for this module's tests and
    /// the remote requests').
    pub(crate) fn positions(
        rules: Rules,
        size: BoardSize,
        empties: u32,
        seeds: u64,
    ) -> Vec<GridPosition> {
        (0..seeds)
            .filter_map(|seed| {
                let mut rng = StdRng::seed_from_u64(seed);
                let mut pos = GridPosition::new(size, rules);
                loop {
                    if pos.empties().count_ones() == empties
                        && matches!(pos.status(), Status::ToMove(_))
                    {
                        return Some(pos);
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        return None;
                    }
                    pos = pos.play(moves[rng.random_range(0..moves.len())]).unwrap().0;
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::random::positions;
    use super::*;
    use crate::grid::{BoardSize, grid_choose_move};
    use crate::search::NoClock;

    fn one_line() -> Rules {
        Rules {
            flips: FlipRule::ChooseOneLine,
            ..Rules::default()
        }
    }

    fn supply_ends() -> Rules {
        Rules {
            supply: DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds),
            ..Rules::default()
        }
    }

    /// Plain minimax over every move, no pruning, no ordering: the reference.
    fn minimax(pos: &GridPosition) -> i32 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return pos.outcome().score_for(pos.to_move());
        }
        moves
            .into_iter()
            .map(|mv| -minimax(&pos.play(mv).unwrap().0))
            .max()
            .unwrap()
    }

    #[test]
    fn every_move_within_the_tolerance_is_scored_exactly() {
        let stop = AtomicBool::new(false);
        for rules in [one_line(), supply_ends()] {
            for pos in positions(rules, BoardSize::Eight, 6, 40) {
                for within in [0, 4] {
                    let scored = variant_scores(&pos, within, &stop, u64::MAX).unwrap();
                    let exact: Vec<i32> = scored
                        .iter()
                        .map(|&(mv, _)| -minimax(&pos.play(mv).unwrap().0))
                        .collect();
                    let best = *exact.iter().max().unwrap();
                    for (&(mv, v), &truth) in scored.iter().zip(&exact) {
                        if truth >= best - within {
                            assert_eq!(v, truth, "{mv} in {pos:?}");
                        } else {
                            assert!(v < best - within, "{mv}: {v} for {truth} in {pos:?}");
                        }
                    }
                }
            }
        }
    }

    /// The exact value in the variant's tree of the fast search's choice (Othello's tree,
    /// the one-line variant's line then picked by flips) and of this module's, over random
    /// endgames: never worse, and better somewhere, or the module would not be needed.
    fn beats_othellos_tree(rules: Rules, size: BoardSize, empties: u32, seeds: u64) -> usize {
        let stop = AtomicBool::new(false);
        let mut better = 0;
        for pos in positions(rules, size, empties, seeds) {
            let ours = variant_move(&pos, Level::Master, 1, &stop).expect("solved");
            let fast = grid_choose_move(
                &pos.board(),
                Level::Master,
                rules.scoring,
                1,
                1,
                &stop,
                &NoClock,
            );
            let cell = pos.size().cell(fast.best_move.unwrap());
            let lines = pos.flanked_lines(cell);
            let line = (rules.flips == FlipRule::ChooseOneLine)
                .then(|| lines.iter().max_by_key(|(_, f)| f.count_ones()).unwrap().0);
            let theirs = GridMove::Place { cell, line };
            let value = |mv| -minimax(&pos.play(mv).unwrap().0);
            assert!(
                value(ours) >= value(theirs),
                "{ours} against {theirs} in {pos:?}"
            );
            better += usize::from(value(ours) > value(theirs));
        }
        better
    }

    #[test]
    fn the_one_line_rule_is_played_better_than_by_othellos_tree() {
        assert!(beats_othellos_tree(one_line(), BoardSize::Eight, 7, 30) > 0);
    }

    #[test]
    fn a_supply_that_ends_the_game_is_played_better_than_by_othellos_tree() {
        // The supply only ends a game after passes; 6×6 games pass often enough to find some.
        assert!(beats_othellos_tree(supply_ends(), BoardSize::Six, 7, 300) > 0);
    }

    #[test]
    fn othellos_tree_levels_beyond_their_range_and_passes_are_left_to_the_fast_search() {
        let stop = AtomicBool::new(false);
        let standard = positions(Rules::default(), BoardSize::Eight, 6, 1)[0];
        assert_eq!(variant_move(&standard, Level::Master, 1, &stop), None);
        let pos = positions(one_line(), BoardSize::Eight, 8, 1)[0];
        assert!(variant_move(&pos, Level::Master, 1, &stop).is_some());
        // Novice plays the last 6 perfectly, Greedy none.
        assert_eq!(variant_move(&pos, Level::Novice, 1, &stop), None);
        assert_eq!(variant_move(&pos, Level::Greedy, 1, &stop), None);
        let far = positions(one_line(), BoardSize::Eight, 11, 1)[0];
        assert_eq!(variant_move(&far, Level::Master, 1, &stop), None);
        // Out of nodes or stopped: no answer rather than a guess.
        assert_eq!(variant_scores(&pos, 0, &stop, 10), None);
        assert_eq!(
            variant_scores(&pos, 0, &AtomicBool::new(true), u64::MAX),
            None
        );
    }
}
