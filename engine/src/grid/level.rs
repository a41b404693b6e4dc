//! The ten levels on every board size: the same ladder as on 8×8 (random, greedy, shallow
//! searches that sometimes settle for less, deeper ones that solve the endgame), played on
//! 8×8 by the fast path and on the other sizes by the generic search and its hand-written
//! evaluation.

use super::eval::DISC;
use super::{BoardSize, GridBoard, GridLimits, GridResult, GridSearcher};
use crate::Scoring;
use crate::search::pick_near;
use crate::search::{Clock, Goal, Level, choose_move_for};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;

/// How one level searches on a generic board.
struct Settings {
    depth: u32,
    /// Discs a move may lose against the best one (0: always the best).
    tolerance: i32,
    solve_empties: u32,
    time_ms: Option<u64>,
    tt_mb: usize,
}

fn settings(level: Level, empties: u32) -> Settings {
    let s = |depth, tolerance, solve_empties, time_ms, tt_mb| Settings {
        depth,
        tolerance,
        solve_empties,
        time_ms,
        tt_mb,
    };
    // As on 8×8, but every searching level from Club up has a time budget: a 10×10 board has
    // more moves to look at, and the generic bitboards are slower. Master thinks three times
    // as long as Expert in the midgame: with the same second a move its deeper iterations
    // never finished, and it played no better than Expert on 10×10.
    match level {
        Level::Random | Level::Greedy => s(0, 0, 0, None, 1),
        Level::Novice => s(2, 8, 6, None, 1),
        Level::Beginner => s(3, 4, 8, None, 1),
        Level::Casual => s(4, 2, 10, None, 2),
        Level::Club => s(6, 0, 12, Some(1000), 8),
        Level::Strong => s(8, 0, 14, Some(1000), 16),
        Level::Expert => s(10, 0, 16, Some(1000), 32),
        Level::Master if empties <= 20 => s(60, 0, 20, Some(4000), 64),
        Level::Master => s(60, 0, 20, Some(MASTER_MIDGAME_MS), 64),
        Level::Grandmaster if empties <= 20 => s(60, 0, 20, Some(10_000), 128),
        Level::Grandmaster => s(60, 0, 20, Some(GRANDMASTER_MIDGAME_MS), 128),
    }
}

/// From how many empty squares `level` plays perfectly on a board of `size` with `empties`
/// left, and by how many discs its moves may fall short of the best there.
pub(crate) fn perfect_play(level: Level, size: BoardSize, empties: u32) -> (u32, i32) {
    if size == BoardSize::Eight {
        return level.perfect_play(empties);
    }
    let settings = settings(level, empties);
    (settings.solve_empties, settings.tolerance)
}

/// Master's time for a midgame move on the generic boards.
const MASTER_MIDGAME_MS: u64 = 3000;
/// Grandmaster's, as on 8×8 (which also has its opening book).
const GRANDMASTER_MIDGAME_MS: u64 = 5000;

/// How `level` plays on a board of `size`, as figures a sentence can be written from in any
/// language (the game puts them into the player's words; [`level_description`] into English).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LevelPlay {
    /// As on 8×8: the level's own description ([`Level::description`]) holds.
    AsOnEight,
    /// Looks `depth` moves ahead (at most a second a move) and plays the last `perfect`
    /// moves perfectly.
    LooksAhead {
        /// Moves looked ahead in the midgame.
        depth: u32,
        /// Empty squares from which the level plays perfectly.
        perfect: u32,
    },
    /// Thinks `seconds` a move and plays the last `perfect` moves perfectly.
    Thinks {
        /// Seconds a midgame move.
        seconds: u32,
        /// Empty squares from which the level plays perfectly.
        perfect: u32,
    },
}

/// What `level` does on a board of `size`: on 8×8 (and for the levels that play the same on
/// every size) [`LevelPlay::AsOnEight`], on the other sizes what `settings` gives.
///
/// ```
/// use reversi_engine::grid::{BoardSize, LevelPlay, level_play};
/// use reversi_engine::search::Level;
/// assert_eq!(level_play(Level::Master, BoardSize::Eight), LevelPlay::AsOnEight);
/// assert_eq!(
///     level_play(Level::Master, BoardSize::Ten),
///     LevelPlay::Thinks { seconds: 3, perfect: 20 }
/// );
/// ```
pub fn level_play(level: Level, size: BoardSize) -> LevelPlay {
    let at_start = settings(level, size.squares() - 4);
    match level {
        _ if size == BoardSize::Eight || at_start.depth == 0 || at_start.tolerance > 0 => {
            LevelPlay::AsOnEight
        }
        Level::Master => LevelPlay::Thinks {
            seconds: (MASTER_MIDGAME_MS / 1000) as u32,
            perfect: at_start.solve_empties,
        },
        Level::Grandmaster => LevelPlay::Thinks {
            seconds: (GRANDMASTER_MIDGAME_MS / 1000) as u32,
            perfect: at_start.solve_empties,
        },
        _ => LevelPlay::LooksAhead {
            depth: at_start.depth,
            perfect: at_start.solve_empties,
        },
    }
}

/// What `level` does on a board of `size`, in a sentence for the new-game menu: on 8×8 the
/// level's own words ([`Level::description`]), on the other sizes what [`level_play`] gives.
///
/// ```
/// use reversi_engine::grid::{BoardSize, level_description};
/// use reversi_engine::search::Level;
/// assert_eq!(level_description(Level::Master, BoardSize::Eight), Level::Master.description());
/// assert_eq!(
///     level_description(Level::Master, BoardSize::Ten),
///     "Thinks three seconds a move and plays the last 20 moves perfectly."
/// );
/// ```
pub fn level_description(level: Level, size: BoardSize) -> String {
    let words = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let plies = |n: u32| {
        words
            .get(n as usize)
            .map_or(n.to_string(), |w| w.to_string())
    };
    match level_play(level, size) {
        LevelPlay::AsOnEight => level.description().to_string(),
        LevelPlay::Thinks { seconds, perfect } => format!(
            "Thinks {} seconds a move and plays the last {perfect} moves perfectly.",
            plies(seconds)
        ),
        LevelPlay::LooksAhead { depth, perfect } => format!(
            "Looks {} moves ahead (at most a second a move) and plays the last {perfect} moves perfectly.",
            plies(depth)
        ),
    }
}

/// The computer's move at `level` on a board of any size towards `goal` (a [`Scoring`], or a
/// [`Goal`] that also says whether the opening book's values hold): on 8×8 the fast
/// path's search with the learned evaluation ([`crate::search::choose_move_for`]) on
/// `threads` threads, on the other sizes the generic search on this thread. The same board,
/// level and seed give the same move (levels with a time budget excepted). `best_move` is
/// `None` only when the side to move has to pass.
///
/// ```
/// use reversi_engine::grid::{grid_choose_move, BoardSize, GridBoard};
/// use reversi_engine::search::{Level, NoClock};
/// use reversi_engine::Scoring;
/// use std::sync::atomic::AtomicBool;
/// let board = GridBoard::start(BoardSize::Ten);
/// let stop = AtomicBool::new(false);
/// for level in Level::ALL.into_iter().take(5) {
///     let result = grid_choose_move(&board, level, Scoring::MostDiscs, 1, 7, &stop, &NoClock);
///     assert!(board.play(result.best_move.unwrap()).is_some(), "{level}");
/// }
/// ```
pub fn grid_choose_move(
    board: &GridBoard,
    level: Level,
    goal: impl Into<Goal>,
    threads: usize,
    rng_seed: u64,
    stop: &AtomicBool,
    clock: &dyn Clock,
) -> GridResult {
    let goal = goal.into();
    let scoring = goal.scoring;
    if let Some(fast) = board.as_eight() {
        let result = choose_move_for(&fast, level, goal, threads, rng_seed, stop, clock);
        // The two 8×8 layouts are the same: square index = row × 8 + column.
        return GridResult {
            size: board.size,
            best_move: result.best_move.map(|s| s.index()),
            score: result.score,
            pv: result.pv.iter().map(|s| s.index()).collect(),
            depth: result.depth,
            nodes: result.nodes,
            exact: result.exact,
        };
    }
    let mut rng = StdRng::seed_from_u64(rng_seed);
    let mut squares = Vec::new();
    let mut moves = board.moves();
    while moves != 0 {
        squares.push(moves.trailing_zeros() as usize);
        moves &= moves - 1;
    }
    let simple = |index: usize| GridResult {
        size: board.size,
        best_move: Some(index),
        score: 0,
        pv: vec![index],
        depth: 0,
        nodes: 0,
        exact: false,
    };
    let empties = board.empties().count_ones();
    let settings = settings(level, empties);
    let mut searcher = GridSearcher::new(settings.tt_mb).with_scoring(scoring);
    let limits = GridLimits {
        depth: settings.depth.max(1),
        time_ms: settings.time_ms,
        solve_empties: settings.solve_empties,
    };
    if squares.is_empty() {
        return searcher.search(board, &limits, stop, clock);
    }
    match level {
        Level::Random => simple(squares[rng.random_range(0..squares.len())]),
        Level::Greedy => {
            let flips = |&index: &usize| {
                let n = board.flips(index).count_ones() as i32;
                if scoring == Scoring::FewestDiscs {
                    -n
                } else {
                    n
                }
            };
            let scored: Vec<(usize, i32)> = squares.iter().map(|s| (*s, flips(s))).collect();
            let (index, _) = pick_near(&scored, 0, &mut rng).unwrap_or((squares[0], 0));
            simple(index)
        }
        _ if settings.tolerance > 0 => {
            let scored =
                searcher.score_moves(board, settings.depth, settings.solve_empties, stop, clock);
            let Some((index, v)) = pick_near(&scored, settings.tolerance * DISC, &mut rng) else {
                return simple(squares[0]);
            };
            GridResult {
                score: (v + DISC / 2).div_euclid(DISC),
                depth: settings.depth,
                ..simple(index)
            }
        }
        _ => searcher.search(board, &limits, stop, clock),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::NoClock;

    #[test]
    fn eight_by_eight_plays_the_fast_paths_move() {
        let stop = AtomicBool::new(false);
        let mut board = GridBoard::start(BoardSize::Eight);
        for ply in 0..20u64 {
            let fast = board.as_eight().expect("an 8×8 board");
            for level in [Level::Greedy, Level::Novice, Level::Club] {
                let want =
                    choose_move_for(&fast, level, Scoring::MostDiscs, 1, ply, &stop, &NoClock);
                let got =
                    grid_choose_move(&board, level, Scoring::MostDiscs, 1, ply, &stop, &NoClock);
                assert_eq!(
                    got.best_move,
                    want.best_move.map(|s| s.index()),
                    "{level} ply {ply}"
                );
            }
            let moves = board.moves();
            if moves == 0 {
                break;
            }
            board = board.play(moves.trailing_zeros() as usize).unwrap();
        }
    }
}
