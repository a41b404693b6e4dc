//! The search for every board size from its root: an exact endgame solver (MTD(f) from a
//! first guess) and an iterative-deepening negascout over the hand-written evaluation, sharing
//! one transposition table; the tree below the root is [`super::nodes`]. The 8×8 game
//! uses the faster [`crate::search`]; this one is what 4×4, 6×6 and 10×10 play with.
//!
//! ```
//! use reversi_engine::grid::{BoardSize, GridBoard, GridSearcher};
//! use reversi_engine::search::NoClock;
//! use std::sync::atomic::AtomicBool;
//! let result = GridSearcher::new(1).solve(&GridBoard::start(BoardSize::Four), &AtomicBool::new(false), &NoClock);
//! assert!(result.exact);
//! assert!(result.score < 0); // 4×4 is a win for the second player
//! ```

use super::eval::DISC;
use super::nodes::{Ctx, GUESS_DEPTH, GUESS_SOLVED, INF, POLL_INTERVAL, ordered, search, solve};
use super::table::{EXACT, NO_MOVE, Table};
use super::{BoardSize, Cell, GridBoard};
use crate::Scoring;
use crate::search::Clock;
use std::sync::atomic::AtomicBool;

/// What a search found; squares are indices (row × side + column) on the board's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridResult {
    /// The board's size, to name the squares.
    pub size: BoardSize,
    /// The best move found, or `None` when the side to move must pass (or the game is over).
    pub best_move: Option<usize>,
    /// Score in discs from the side to move's view (the final disc difference when `exact`).
    pub score: i32,
    /// The principal variation, starting with `best_move` (passes left out).
    pub pv: Vec<usize>,
    /// Depth of the last completed iteration (the number of empties when solved).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Whether `score` is the exact result under perfect play.
    pub exact: bool,
}

impl GridResult {
    /// The principal variation as square names, e.g. `c4 e3 f6`.
    pub fn pv_names(&self) -> String {
        let names: Vec<String> = self.pv.iter().map(|&i| self.cell(i).to_string()).collect();
        names.join(" ")
    }

    /// The square named by `index` on this result's board.
    pub fn cell(&self, index: usize) -> Cell {
        self.size.cell(index)
    }
}

/// The search for any board size, with its transposition table kept between calls.
pub struct GridSearcher {
    table: Table,
    reverse: bool,
}

/// How deep and how long a [`GridSearcher::search`] goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GridLimits {
    /// Deepest iteration in plies.
    pub depth: u32,
    /// Stop after this many milliseconds (the last finished iteration's move is kept).
    pub time_ms: Option<u64>,
    /// From this many empties down the search is exact.
    pub solve_empties: u32,
}

impl GridSearcher {
    /// A searcher with a table of about `tt_mb` megabytes.
    pub fn new(tt_mb: usize) -> GridSearcher {
        GridSearcher {
            table: Table::new(tt_mb),
            reverse: false,
        }
    }

    /// Forgets every stored position (for a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Plays for `scoring` (fewest discs: every score is turned round).
    pub fn with_scoring(mut self, scoring: Scoring) -> GridSearcher {
        self.reverse = scoring == Scoring::FewestDiscs;
        self
    }

    fn ctx<'a>(
        &'a mut self,
        stop: &'a AtomicBool,
        clock: &'a dyn Clock,
        time_ms: Option<u64>,
        solve_empties: u32,
    ) -> Ctx<'a> {
        Ctx {
            table: &mut self.table,
            nodes: 0,
            aborted: false,
            reverse: self.reverse,
            stop,
            clock,
            time_ms,
            next_poll: POLL_INTERVAL,
            solve_empties,
        }
    }

    /// The exact result of `board` under perfect play (may take long: 6×6 from the start
    /// takes minutes). Unwinds when `stop` is set, then `exact` is false.
    pub fn solve(&mut self, board: &GridBoard, stop: &AtomicBool, clock: &dyn Clock) -> GridResult {
        let empties = board.empties().count_ones();
        let limits = GridLimits {
            depth: empties,
            time_ms: None,
            solve_empties: empties,
        };
        self.search(board, &limits, stop, clock)
    }

    /// Iterative deepening to `limits`; exact when the empties are within `solve_empties`.
    pub fn search(
        &mut self,
        board: &GridBoard,
        limits: &GridLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
    ) -> GridResult {
        let empties = board.empties().count_ones();
        let exact = empties <= limits.solve_empties;
        let mut result = GridResult {
            size: board.size,
            best_move: None,
            score: 0,
            pv: Vec::new(),
            depth: 0,
            nodes: 0,
            exact: false,
        };
        if board.moves() == 0 {
            let mut ctx = self.ctx(stop, clock, limits.time_ms, limits.solve_empties);
            let score = if board.is_game_over() {
                ctx.final_score(board)
            } else if exact {
                -solve(&mut ctx, board.pass(), -INF, INF, true)
            } else {
                -search(&mut ctx, board.pass(), limits.depth.max(1), -INF, INF, true) / DISC
            };
            result.score = score;
            result.exact = exact && !ctx.aborted;
            result.nodes = ctx.nodes;
            return result;
        }
        // A solve starts with a short midgame search: its score is the first guess and its
        // table entries order the solver's first moves.
        let depth = if exact {
            empties.saturating_sub(GUESS_SOLVED).min(GUESS_DEPTH)
        } else {
            limits.depth.min(empties)
        };
        self.deepen(board, depth, limits, stop, clock, &mut result);
        if exact {
            self.solve_root(board, limits, stop, clock, &mut result);
        }
        result
    }

    /// Midgame iterations from 1 to `depth` plies, each result kept once it completes.
    fn deepen(
        &mut self,
        board: &GridBoard,
        depth: u32,
        limits: &GridLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
        result: &mut GridResult,
    ) {
        let mut root: Vec<(usize, u128)> = ordered(board, board.moves(), NO_MOVE);
        result.best_move = Some(root[0].0);
        result.pv = vec![root[0].0];
        for depth in 1..=depth {
            // Never solve inside these iterations: the exact part is `solve_root`'s.
            let mut ctx = self.ctx(stop, clock, limits.time_ms, 0);
            let (mut alpha, beta) = (-INF, INF);
            let mut best = None;
            let mut scored = Vec::with_capacity(root.len());
            for (k, &(index, flips)) in root.iter().enumerate() {
                let child = board.play_with(index, flips);
                let v = if k == 0 {
                    -search(&mut ctx, child, depth - 1, -beta, -alpha, false)
                } else {
                    let v = -search(&mut ctx, child, depth - 1, -alpha - 1, -alpha, false);
                    if v > alpha {
                        -search(&mut ctx, child, depth - 1, -beta, -v, false)
                    } else {
                        v
                    }
                };
                if ctx.aborted {
                    break;
                }
                scored.push((v, index, flips));
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, index));
                }
                alpha = alpha.max(v);
            }
            result.nodes += ctx.nodes;
            if ctx.aborted {
                break;
            }
            let Some((v, index)) = best else { break };
            result.best_move = Some(index);
            result.score = (v + DISC / 2).div_euclid(DISC);
            result.depth = depth;
            // Best first, the rest as they scored (a bound each): the next iteration's order.
            scored.sort_by_key(|&(v, _, _)| std::cmp::Reverse(v));
            root = scored.into_iter().map(|(_, i, f)| (i, f)).collect();
            self.table.store(board, v, v, depth as u8, index as u8);
            result.pv = self.principal_variation(board, false);
        }
    }

    /// The exact score by null-window tests (MTD(f)): each asks whether the score is above an
    /// odd number, which final scores never are (they are even), starting from the guess.
    /// The root's moves are tried here, not inside [`solve`], so that the move which lifts a
    /// test names the best move at any number of empties (the nodes below a few empties keep
    /// no table entry to read it from).
    fn solve_root(
        &mut self,
        board: &GridBoard,
        limits: &GridLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
        result: &mut GridResult,
    ) {
        let limit = board.size.squares() as i32;
        let (mut lower, mut upper) = (-limit, limit);
        let mut guess = result.score;
        let mut best = result.best_move;
        let mut ctx = self.ctx(stop, clock, limits.time_ms, limits.solve_empties);
        let first = best.map_or(NO_MOVE, |b| b as u8);
        let mut root = ordered(board, board.moves(), first);
        while lower < upper {
            let mut test = guess.clamp(lower + 1, upper - 1);
            if test % 2 == 0 {
                test += if test - 1 > lower { -1 } else { 1 };
            }
            // Fail-soft: the best of the moves when none beats `test`, else the first that does.
            let mut v = -INF;
            for k in 0..root.len() {
                let (index, flips) = root[k];
                let child = board.play_with(index, flips);
                let score = -solve(&mut ctx, child, -test - 1, -test, false);
                if ctx.aborted {
                    break;
                }
                v = v.max(score);
                if score > test {
                    best = Some(index);
                    // Tried first in the next tests.
                    root[..=k].rotate_right(1);
                    break;
                }
            }
            if ctx.aborted {
                break;
            }
            if v > test {
                lower = v;
            } else {
                upper = v;
            }
            guess = v;
        }
        result.nodes += ctx.nodes;
        if lower < upper {
            return;
        }
        let best = best.unwrap_or(root[0].0);
        result.best_move = Some(best);
        result.score = lower;
        result.depth = board.empties().count_ones();
        result.exact = true;
        // The table's root entry is a bound from the last test; the exact one names the move.
        self.table.store(board, lower, lower, EXACT, best as u8);
        result.pv = self.principal_variation(board, true);
    }

    /// The moves the table holds from `board` on: for a solve, only through exact entries.
    fn principal_variation(&self, board: &GridBoard, exact: bool) -> Vec<usize> {
        let mut pv = Vec::new();
        let mut at = *board;
        for _ in 0..board.size.squares() {
            if at.moves() == 0 {
                if at.pass().moves() == 0 {
                    break;
                }
                at = at.pass();
                continue;
            }
            let Some(e) = self.table.probe(&at) else {
                break;
            };
            if e.best == NO_MOVE || (exact && e.depth != EXACT) {
                break;
            }
            let Some(next) = at.play(e.best as usize) else {
                break;
            };
            pv.push(e.best as usize);
            at = next;
        }
        pv
    }

    /// Each legal move with its score in hundredths of a disc (exact ×100 when solved), for
    /// the levels that pick among near-best moves.
    pub fn score_moves(
        &mut self,
        board: &GridBoard,
        depth: u32,
        solve_empties: u32,
        stop: &AtomicBool,
        clock: &dyn Clock,
    ) -> Vec<(usize, i32)> {
        let mut ctx = self.ctx(stop, clock, None, solve_empties);
        let mut scored = Vec::new();
        let mut moves = board.moves();
        while moves != 0 {
            let index = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let child = board.play_with(index, board.flips(index));
            let v = -search(&mut ctx, child, depth.saturating_sub(1), -INF, INF, false);
            if ctx.aborted {
                break;
            }
            scored.push((index, v));
        }
        scored
    }
}
