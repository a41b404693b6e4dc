//! The search for every board size: an exact endgame solver and an iterative-deepening
//! negascout over the hand-written evaluation, sharing one transposition table. The 8×8 game
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

use super::eval::{DISC, evaluate};
use super::table::{EXACT, NO_MOVE, Table};
use super::{BoardSize, Cell, GridBoard};
use crate::Scoring;
use crate::search::Clock;
use std::sync::atomic::{AtomicBool, Ordering};

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

/// A bound beyond every score, in hundredths of a disc.
const INF: i32 = 30_000;
/// Up to this many empties the solver walks the empty squares instead of generating moves.
const SMALL: u32 = 5;
/// From this many empties up the solver orders moves and uses the table.
const ORDER_FROM: u32 = 7;
/// From this many empties up the solver looks for a refuted reply in the table first.
const ETC_FROM: u32 = 12;
/// From this many empties up the solver orders moves by a shallow search.
const SHALLOW_FROM: u32 = 16;
/// A solve's first-guess search stops this many empties short of the end...
const GUESS_SOLVED: u32 = 10;
/// ...and is at most this deep.
const GUESS_DEPTH: u32 = 8;
/// Nodes between two looks at the stop flag and the clock.
const POLL_INTERVAL: u64 = 4096;

/// The search's state for one call: table, counters and limits.
struct Ctx<'a> {
    table: &'a mut Table,
    nodes: u64,
    aborted: bool,
    reverse: bool,
    stop: &'a AtomicBool,
    clock: &'a dyn Clock,
    time_ms: Option<u64>,
    next_poll: u64,
    solve_empties: u32,
}

impl Ctx<'_> {
    #[inline(always)]
    fn should_stop(&mut self) -> bool {
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_INTERVAL;
            if self.stop.load(Ordering::Relaxed)
                || self.time_ms.is_some_and(|t| self.clock.elapsed_ms() >= t)
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The final score of a finished game for the side to move, in discs.
    fn final_score(&self, board: &GridBoard) -> i32 {
        let s = board.final_score();
        if self.reverse { -s } else { s }
    }

    fn evaluate(&self, board: &GridBoard) -> i32 {
        let v = evaluate(board);
        if self.reverse { -v } else { v }
    }
}

/// The placements of `board` in the order to try them: the table's move first, then the
/// moves that leave the opponent fewest replies, corners before the rest.
fn ordered(board: &GridBoard, moves: u128, first: u8) -> Vec<(usize, u128)> {
    let corners = corners(board.size);
    let mut list: Vec<(i32, usize, u128)> = Vec::with_capacity(moves.count_ones() as usize);
    let mut rest = moves;
    while rest != 0 {
        let index = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let flips = board.flips(index);
        let child = board.play_with(index, flips);
        let mut key = -16 * child.moves().count_ones() as i32;
        if corners & (1u128 << index) != 0 {
            key += 24;
        }
        if index as u8 == first {
            key = i32::MAX;
        }
        list.push((key, index, flips));
    }
    list.sort_unstable_by_key(|&(key, _, _)| std::cmp::Reverse(key));
    list.into_iter().map(|(_, i, f)| (i, f)).collect()
}

/// As [`ordered`], but by a shallow search of each reply (`depth` plies of the evaluation,
/// through the table), the mobility count breaking ties: worth its cost high in the tree.
fn ordered_by_search(
    ctx: &mut Ctx,
    board: &GridBoard,
    moves: u128,
    first: u8,
    depth: u32,
) -> Vec<(usize, u128)> {
    let mut list: Vec<(i32, usize, u128)> = Vec::with_capacity(moves.count_ones() as usize);
    let mut rest = moves;
    // The shallow searches must not solve: they only rank the moves.
    let solve_empties = std::mem::replace(&mut ctx.solve_empties, 0);
    while rest != 0 {
        let index = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let flips = board.flips(index);
        let child = board.play_with(index, flips);
        let key = if index as u8 == first {
            i32::MAX
        } else if depth <= 2 {
            -shallow(ctx, &child, depth, -INF, INF) - 16 * child.moves().count_ones() as i32
        } else {
            -search(ctx, child, depth - 1, -INF, INF, false)
                - 16 * child.moves().count_ones() as i32
        };
        list.push((key, index, flips));
    }
    ctx.solve_empties = solve_empties;
    list.sort_unstable_by_key(|&(key, _, _)| std::cmp::Reverse(key));
    list.into_iter().map(|(_, i, f)| (i, f)).collect()
}

/// Plain alpha-beta over the evaluation, `depth` plies: the solver's move ordering.
fn shallow(ctx: &mut Ctx, board: &GridBoard, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    ctx.nodes += 1;
    if depth == 0 {
        return ctx.evaluate(board);
    }
    let mut moves = board.moves();
    if moves == 0 {
        let other = board.pass();
        if other.moves() == 0 {
            return ctx.final_score(board) * DISC;
        }
        return -shallow(ctx, &other, depth - 1, -beta, -alpha);
    }
    let mut best = -INF;
    while moves != 0 {
        let index = moves.trailing_zeros() as usize;
        moves &= moves - 1;
        let child = board.play_with(index, board.flips(index));
        let v = -shallow(ctx, &child, depth - 1, -beta, -alpha);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    best
}

fn corners(size: BoardSize) -> u128 {
    let n = size.side() - 1;
    [(0, 0), (n, 0), (0, n), (n, n)]
        .into_iter()
        .fold(0, |acc, (c, r)| {
            acc | 1u128 << size.index(c, r).unwrap_or(0)
        })
}

/// Exact score in discs for the side to move, within `alpha`..`beta` (fail-soft).
fn solve(ctx: &mut Ctx, board: GridBoard, mut alpha: i32, mut beta: i32, passed: bool) -> i32 {
    ctx.nodes += 1;
    if ctx.should_stop() {
        return 0;
    }
    let empties = board.empties();
    let count = empties.count_ones();
    if count <= SMALL {
        return solve_small(ctx, board, empties, alpha, beta, passed);
    }
    let moves = board.moves();
    if moves == 0 {
        if passed {
            return ctx.final_score(&board);
        }
        return -solve(ctx, board.pass(), -beta, -alpha, true);
    }
    let mut first = NO_MOVE;
    let use_table = count >= ORDER_FROM;
    if use_table && let Some(e) = ctx.table.probe(&board) {
        if e.depth == EXACT {
            if e.lower >= beta || e.lower == e.upper {
                return e.lower;
            }
            if e.upper <= alpha {
                return e.upper;
            }
            alpha = alpha.max(e.lower);
            beta = beta.min(e.upper);
        }
        first = e.best;
    }
    // Enhanced transposition cut-off: a reply the table already refutes ends the node
    // before any move is searched.
    if count >= ETC_FROM {
        let mut rest = moves;
        while rest != 0 {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let child = board.play_with(index, board.flips(index));
            if let Some(e) = ctx.table.probe(&child)
                && e.depth == EXACT
                && -e.upper >= beta
            {
                return -e.upper;
            }
        }
    }
    // The window the moves are searched with: what they prove is relative to it.
    let (alpha0, beta0) = (alpha, beta);
    let list = if count >= SHALLOW_FROM {
        let depth = ((count - SHALLOW_FROM) / 3 + 1).min(6);
        ordered_by_search(ctx, &board, moves, first, depth)
    } else if use_table {
        ordered(&board, moves, first)
    } else {
        let mut list = Vec::with_capacity(moves.count_ones() as usize);
        let mut rest = moves;
        while rest != 0 {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            list.push((index, board.flips(index)));
        }
        list
    };
    let mut best = -INF;
    let mut best_move = NO_MOVE;
    for (k, &(index, flips)) in list.iter().enumerate() {
        let child = board.play_with(index, flips);
        let v = if k == 0 {
            -solve(ctx, child, -beta, -alpha, false)
        } else {
            let v = -solve(ctx, child, -alpha - 1, -alpha, false);
            if v > alpha && v < beta {
                -solve(ctx, child, -beta, -v, false)
            } else {
                v
            }
        };
        if ctx.aborted {
            return 0;
        }
        if v > best {
            best = v;
            best_move = index as u8;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    if use_table {
        let (lower, upper) = bounds(best, alpha0, beta0, board.size.squares() as i32);
        ctx.table.store(&board, lower, upper, EXACT, best_move);
    }
    best
}

/// The bounds a fail-soft result `v` of a window `alpha`..`beta` proves, clamped to `limit`.
fn bounds(v: i32, alpha: i32, beta: i32, limit: i32) -> (i32, i32) {
    if v <= alpha {
        (-limit, v)
    } else if v >= beta {
        (v, limit)
    } else {
        (v, v)
    }
}

/// The last few empties: each empty square tried in turn, no move generation or table.
fn solve_small(
    ctx: &mut Ctx,
    board: GridBoard,
    empties: u128,
    mut alpha: i32,
    beta: i32,
    passed: bool,
) -> i32 {
    let mut best = -INF;
    let mut rest = empties;
    while rest != 0 {
        let index = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let flips = board.flips(index);
        if flips == 0 {
            continue;
        }
        ctx.nodes += 1;
        let child = board.play_with(index, flips);
        let v = -solve_small(
            ctx,
            child,
            empties & !(1u128 << index),
            -beta,
            -alpha,
            false,
        );
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    return v;
                }
            }
        }
    }
    if best == -INF {
        if passed || empties == 0 {
            return ctx.final_score(&board);
        }
        return -solve_small(ctx, board.pass(), empties, -beta, -alpha, true);
    }
    best
}

/// Depth-limited negascout in hundredths of a disc; exact from `ctx.solve_empties` down.
fn search(
    ctx: &mut Ctx,
    board: GridBoard,
    depth: u32,
    mut alpha: i32,
    mut beta: i32,
    passed: bool,
) -> i32 {
    let empties = board.empties().count_ones();
    if empties <= ctx.solve_empties {
        let v = solve(
            ctx,
            board,
            alpha.div_euclid(DISC) - 1,
            beta.div_euclid(DISC) + 1,
            passed,
        );
        return v * DISC;
    }
    ctx.nodes += 1;
    if ctx.should_stop() {
        return 0;
    }
    if depth == 0 {
        return ctx.evaluate(&board);
    }
    let moves = board.moves();
    if moves == 0 {
        if passed {
            return ctx.final_score(&board) * DISC;
        }
        return -search(ctx, board.pass(), depth, -beta, -alpha, true);
    }
    let mut first = NO_MOVE;
    if let Some(e) = ctx.table.probe(&board) {
        let scale = if e.depth == EXACT { DISC } else { 1 };
        if e.depth == EXACT || e.depth as u32 >= depth {
            let (lower, upper) = (e.lower * scale, e.upper * scale);
            if lower >= beta || lower == upper {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }
        first = e.best;
    }
    let (alpha0, beta0) = (alpha, beta);
    let list = ordered(&board, moves, first);
    let mut best = -INF;
    let mut best_move = NO_MOVE;
    for (k, &(index, flips)) in list.iter().enumerate() {
        let child = board.play_with(index, flips);
        let v = if k == 0 {
            -search(ctx, child, depth - 1, -beta, -alpha, false)
        } else {
            let v = -search(ctx, child, depth - 1, -alpha - 1, -alpha, false);
            if v > alpha && v < beta {
                -search(ctx, child, depth - 1, -beta, -v, false)
            } else {
                v
            }
        };
        if ctx.aborted {
            return 0;
        }
        if v > best {
            best = v;
            best_move = index as u8;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    let (lower, upper) = bounds(best, alpha0, beta0, INF);
    ctx.table.store(
        &board,
        lower,
        upper,
        depth.min(EXACT as u32 - 1) as u8,
        best_move,
    );
    best
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
        while lower < upper {
            let mut test = guess.clamp(lower + 1, upper - 1);
            if test % 2 == 0 {
                test += if test - 1 > lower { -1 } else { 1 };
            }
            let v = solve(&mut ctx, *board, test, test + 1, false);
            if ctx.aborted {
                break;
            }
            if v > test {
                lower = v;
                best = ctx
                    .table
                    .probe(board)
                    .filter(|e| e.depth == EXACT && e.best != NO_MOVE)
                    .map(|e| e.best as usize)
                    .or(best);
            } else {
                upper = v;
            }
            guess = v;
        }
        result.nodes += ctx.nodes;
        if lower < upper {
            return;
        }
        let best = best.unwrap_or(0);
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
