//! The inside of the generic search tree: the exact solver (null-window tests, the table,
//! enhanced transposition cut-offs, move ordering by shallow searches and by mobility, the
//! last empties without move generation) and the depth-limited negascout over the
//! hand-written evaluation. [`super::search`] drives them from the root.

use super::GridBoard;
use super::eval::{DISC, evaluate};
use super::table::{EXACT, NO_MOVE, Table};
use crate::search::Clock;
use std::sync::atomic::{AtomicBool, Ordering};

/// A bound beyond every score, in hundredths of a disc.
pub(super) const INF: i32 = 30_000;
/// Up to this many empties the solver walks the empty squares instead of generating moves.
const SMALL: u32 = 5;
/// From this many empties up the solver orders moves and uses the table.
const ORDER_FROM: u32 = 7;
/// From this many empties up the solver looks for a refuted reply in the table first.
const ETC_FROM: u32 = 12;
/// From this many empties up the solver orders moves by a shallow search.
const SHALLOW_FROM: u32 = 16;
/// A solve's first-guess search stops this many empties short of the end...
pub(super) const GUESS_SOLVED: u32 = 10;
/// ...and is at most this deep.
pub(super) const GUESS_DEPTH: u32 = 8;
/// Nodes between two looks at the stop flag and the clock.
pub(super) const POLL_INTERVAL: u64 = 4096;

/// The search's state for one call: table, counters and limits.
pub(super) struct Ctx<'a> {
    pub table: &'a mut Table,
    pub nodes: u64,
    pub aborted: bool,
    pub reverse: bool,
    pub stop: &'a AtomicBool,
    pub clock: &'a dyn Clock,
    pub time_ms: Option<u64>,
    pub next_poll: u64,
    pub solve_empties: u32,
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
    pub fn final_score(&self, board: &GridBoard) -> i32 {
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
pub(super) fn ordered(board: &GridBoard, moves: u128, first: u8) -> Vec<(usize, u128)> {
    let corners = board.size.geometry().corners;
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

/// Exact score in discs for the side to move, within `alpha`..`beta` (fail-soft).
pub(super) fn solve(
    ctx: &mut Ctx,
    board: GridBoard,
    mut alpha: i32,
    mut beta: i32,
    passed: bool,
) -> i32 {
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
pub(super) fn search(
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
