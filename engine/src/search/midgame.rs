//! The midgame search: iterative deepening negascout (PVS) with aspiration windows, the
//! table, move ordering by evaluation (by shallow searches where an exact solve follows) and
//! ProbCut; exact solving where the depth reaches the end.

use super::endgame;
use super::ordering::{CORNERS, Candidate, MoveList, X_AND_C};
use super::pool::{SplitPoint, record_move};
use super::probcut::{self, Selectivity};
use super::tt::{KIND_EXACT, KIND_MID, NO_MOVE};
use super::{Ctx, DISC, INF, Limits, SearchResult};
use crate::{Board, Square};
use std::sync::atomic::Ordering;

/// Depth of the selective midgame search that gives the exact solver its first guess.
/// Nodes to solve FFO #30-39, #40-49 and #50 (the guess's depth against the solver's work):
/// 0.14 + 1.71 + 1.26 G with a plain 6-ply search; selective 10 plies 0.12 + 1.48 + 1.09 G,
/// 11: 0.13 + 1.31 + 1.10 G, 12: 0.16 + 1.26 + 1.16 G, 13: 0.14 + 1.46 + 1.18 G. The
/// midgame search itself is a fraction of a percent of those nodes.
const SOLVE_GUESS_DEPTH: u32 = 12;

/// ProbCut's confidence in the solver's guess: warier than the levels' (a close guess saves
/// the solver more than a deeper one). Nodes to solve FFO #30-39 + #40-49 by the guess's
/// confidence: 1 σ – + 642 M, 1.5 σ 84 + 584 M, 2 σ 57 + 593 M, 2.5 σ – + 624 M (the margin
/// guessed before the fit: – + 653 M).
const SOLVE_GUESS_SELECTIVITY: Selectivity = Selectivity::ProbCut { confidence: 200 };

/// At least this many plies to go: a node whose first move did not cut shares the rest of
/// its moves with the helper threads (young brothers wait) when one is idle.
const SPLIT_DEPTH: u32 = 5;

/// At least this many plies to go (outside the principal variation): the enhanced
/// transposition cut-off. `bench midgame --depth 16`, nodes: without it 23.8 M; from 3
/// plies 22.4 M, 4 22.6 M, 5 23.2 M, 6 23.3 M; 4 was the fastest (docs/evaluation.md).
const ETC_DEPTH: u32 = 4;

/// Half-width of the first aspiration window, in hundredths of a disc.
const ASPIRATION: i32 = 150;

/// The exact score in hundredths of a disc, searched with the disc window that brackets
/// `(alpha, beta)` so that fail-soft bounds stay valid after scaling.
fn exact_window(ctx: &mut Ctx, b: &Board, alpha: i32, beta: i32) -> i32 {
    let a = alpha.div_euclid(DISC).clamp(-65, 64);
    let c = (-(-beta).div_euclid(DISC)).clamp(-64, 65);
    endgame::search_window(ctx, b.player, b.opponent, a, c).0 * DISC
}

/// The final score of a finished game, in hundredths of a disc.
fn final_score(ctx: &Ctx, b: &Board) -> i32 {
    let s = b.final_score() * DISC;
    if ctx.reverse { -s } else { s }
}

/// Principal-variation search to `depth` plies; fail-soft.
pub(super) fn pvs(
    ctx: &mut Ctx,
    b: &Board,
    mut alpha: i32,
    beta: i32,
    depth: u32,
    pv: bool,
) -> i32 {
    let n = b.empties().count_ones();
    if depth >= n {
        return exact_window(ctx, b, alpha, beta);
    }
    ctx.nodes += 1;
    if ctx.should_stop() {
        return 0;
    }
    if depth == 0 {
        return ctx.evaluate(b);
    }
    let mut tt_move = NO_MOVE;
    if let Some(e) = ctx.tt.probe(b.player, b.opponent) {
        let scale = match e.kind {
            KIND_EXACT => Some(DISC),
            KIND_MID if e.depth as u32 >= depth => Some(1),
            _ => None,
        };
        if let Some(scale) = scale {
            let (lower, upper) = (e.lower as i32 * scale, e.upper as i32 * scale);
            if lower >= beta || (lower == upper && !pv) {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
        }
        tt_move = e.best;
    }
    let moves = b.moves();
    if moves == 0 {
        let passed = b.pass();
        if passed.moves() == 0 {
            return final_score(ctx, b);
        }
        return -pvs(ctx, &passed, -beta, -alpha, depth, pv);
    }
    if !pv && depth >= ETC_DEPTH && !ctx.orders_solver() {
        // Enhanced transposition cut-off: a child the table already knows to refute this
        // node's window cuts it before any search (not where the table orders an exact
        // solve, whose probes would store this cut's move instead of the best one).
        let mut children = [(0u64, 0u64, 0u8); 36];
        let mut len = 0;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let child = b.play_with(sq, b.flips(sq));
            ctx.tt.prefetch(child.player, child.opponent);
            children[len] = (child.player, child.opponent, sq as u8);
            len += 1;
        }
        for &(cp, co, sq) in &children[..len] {
            if let Some(e) = ctx.tt.probe(cp, co) {
                let scale = match e.kind {
                    KIND_EXACT => DISC,
                    KIND_MID if e.depth as u32 + 1 >= depth => 1,
                    _ => continue,
                };
                let v = -(e.upper as i32 * scale);
                if v >= beta {
                    store(ctx, b, depth, alpha, beta, v, sq);
                    return v;
                }
            }
        }
    }
    if ctx.selectivity != Selectivity::Full && !pv && depth >= 3 {
        // ProbCut: a shallow search far outside the window predicts the deep one's cut.
        let shallow = probcut::shallow_depth(depth);
        let (high, low) = match ctx.selectivity {
            Selectivity::ProbCut { confidence } => {
                probcut::bounds(depth, n, alpha, beta, confidence)
            }
            _ => {
                let margin = 250 + 25 * depth as i32;
                (beta + margin, alpha - margin)
            }
        };
        if beta < 60 * DISC && pvs(ctx, b, high - 1, high, shallow, false) >= high {
            return beta;
        }
        if alpha > -60 * DISC && pvs(ctx, b, low, low + 1, shallow, false) <= low {
            return alpha;
        }
        if ctx.aborted {
            return 0;
        }
    }

    if depth == 1 {
        return leaf_parent(ctx, b, moves, alpha, beta, tt_move);
    }

    // The table's move first, searched before the others are ordered: it usually cuts, and
    // then their evaluations are never needed (the order is the same either way). Where the
    // table's moves will order an exact solve the ordering's searches stay as they were.
    let guiding = ctx.orders_solver();
    let alpha0 = alpha;
    let mut best = -INF;
    let mut best_sq = NO_MOVE;
    let mut rest = moves;
    if !guiding && tt_move != NO_MOVE && moves & (1 << tt_move) != 0 {
        let sq = tt_move as usize;
        rest ^= 1 << sq;
        let child = b.play_with(sq, b.flips(sq));
        let v = if pv {
            -pvs(ctx, &child, -beta, -alpha, depth - 1, true)
        } else {
            -pvs(ctx, &child, -alpha - 1, -alpha, depth - 1, false)
        };
        if ctx.aborted {
            return 0;
        }
        best = v;
        best_sq = tt_move;
        alpha = alpha.max(v);
    }
    if best >= beta || rest == 0 {
        store(ctx, b, depth, alpha0, beta, best, best_sq);
        return best;
    }
    // How many moves were searched before the list's.
    let first = usize::from(best_sq != NO_MOVE);

    let mut list = MoveList::new();
    // Then two plies from the leaves the opponent's fewest replies, further up the
    // children's evaluations: a one-ply search of each child from 7 plies cost more than
    // its better order saved (docs/evaluation.md). Where the table's moves will order an
    // exact solve (the guess before it, the solver's probes) the old order stays: from 7
    // plies a one-ply search, below that the evaluation.
    let sort_depth = match depth {
        _ if !guiding => 0,
        0..=3 => 0,
        4..=6 => 1,
        _ => 2,
    };
    let mut m = rest;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let child = b.play_with(sq, b.flips(sq));
        let key = if sq as u8 == tt_move {
            1 << 30
        } else if depth == 2 && !guiding {
            // Two plies from the leaves, the opponent's fewest replies first: a move count
            // costs a fraction of an evaluation and orders nearly as well (docs/evaluation.md).
            -(crate::bits::moves(child.player, child.opponent).count_ones() as i32)
        } else if sort_depth == 0 {
            -ctx.evaluate(&child)
        } else {
            -pvs(ctx, &child, -INF, INF, sort_depth - 1, false)
        };
        list.push(Candidate {
            player: child.player,
            opponent: child.opponent,
            replies: 0,
            key,
            square: sq as u8,
        });
    }

    for i in 0..list.len {
        // Once the first move has not cut, the rest may be shared with the helpers.
        if first + i > 0
            && depth >= SPLIT_DEPTH
            && i + 1 < list.len
            && let Some(pool) = ctx.pool
            && pool.has_idle()
        {
            for j in i..list.len {
                list.pick(j);
            }
            let rest = list.items[i..list.len].to_vec();
            let (v, sq) = pool.split(ctx, rest, (alpha, beta), depth, pv, share);
            if ctx.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_sq = sq;
            }
            break;
        }
        let c = list.pick(i);
        let child = Board::new(c.player, c.opponent);
        let v = if pv && first + i == 0 {
            -pvs(ctx, &child, -beta, -alpha, depth - 1, true)
        } else {
            let v = -pvs(ctx, &child, -alpha - 1, -alpha, depth - 1, false);
            if pv && v > alpha && v < beta && !ctx.aborted {
                -pvs(ctx, &child, -beta, -alpha, depth - 1, true)
            } else {
                v
            }
        };
        if ctx.aborted {
            return 0;
        }
        if v > best {
            best = v;
            best_sq = c.square;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    store(ctx, b, depth, alpha0, beta, best, best_sq);
    best
}

/// [`pvs`] one ply from the leaves: a child's value at depth 0 is its evaluation, so the
/// children are evaluated once each (the table's move first; then corners, the other squares
/// and the X and C squares, or square order where every child is looked at) until one
/// reaches `beta`; not once to order them all and again, up to twice more on a re-search,
/// to search them (the evaluation was three fifths of the midgame's time). Where nothing
/// cuts the value is the best child's, as before; a cut returns the first child at or above
/// `beta` (a lower bound, fail-soft), where ordering would have found the highest. Before
/// an exact solve (`Ctx::guides_solver`, the solver's probes) every child is evaluated
/// unless the table's move cuts, and the best is stored: the solver orders its moves by them.
fn leaf_parent(ctx: &mut Ctx, b: &Board, moves: u64, alpha: i32, beta: i32, tt_move: u8) -> i32 {
    let value = |ctx: &mut Ctx, sq: usize| {
        let child = b.play_with(sq, b.flips(sq));
        // `pvs` solves exactly where the depth reaches the end, so here 2+ empties are left.
        debug_assert!(child.empties() != 0);
        ctx.nodes += 1;
        -ctx.evaluate(&child)
    };
    // Where the table's moves will order an exact solve, every child is looked at so that
    // the move stored is the best one (see `Ctx::guides_solver`).
    let cut_early = !ctx.orders_solver();
    let (mut best, mut best_sq) = (-INF, NO_MOVE);
    if tt_move < 64 && moves >> tt_move & 1 == 1 {
        best = value(ctx, tt_move as usize);
        best_sq = tt_move;
    }
    // Where the first child at or above `beta` ends the node, corners come first and the
    // squares beside them last, so that a cut comes sooner (about a tenth fewer
    // evaluations, docs/evaluation.md); else square order (ties keep the first best). Not
    // under fewest-discs scoring, where a corner is seldom the good move.
    let classes = if cut_early && !ctx.reverse {
        [
            moves & CORNERS,
            moves & !(CORNERS | X_AND_C),
            moves & X_AND_C,
        ]
    } else {
        [moves, 0, 0]
    };
    if best < beta {
        'children: for class in classes {
            let mut m = class;
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                if sq as u8 == tt_move {
                    continue;
                }
                if ctx.should_stop() {
                    return 0;
                }
                let v = value(ctx, sq);
                if v > best {
                    best = v;
                    best_sq = sq as u8;
                    if v >= beta && cut_early {
                        break 'children;
                    }
                }
            }
        }
    }
    store(ctx, b, 1, alpha, beta, best, best_sq);
    best
}

/// One thread's part of a split point (see [`super::pool`]): the next move nobody has
/// taken, until none are left, one cuts, or the thread is stopped.
pub(crate) fn share(ctx: &mut Ctx, point: &SplitPoint) {
    let (beta, depth) = (point.beta, point.depth);
    loop {
        if ctx.aborted || point.cut.load(Ordering::Acquire) {
            return;
        }
        let i = point.next.fetch_add(1, Ordering::Relaxed);
        let Some(c) = point.moves.get(i) else {
            return;
        };
        let child = Board::new(c.player, c.opponent);
        let a = point.alpha.load(Ordering::Relaxed);
        let mut v = -pvs(ctx, &child, -a - 1, -a, depth - 1, false);
        if point.pv && v > a && v < beta && !ctx.aborted {
            v = -pvs(ctx, &child, -beta, -a, depth - 1, true);
        }
        if ctx.aborted {
            return;
        }
        record_move(&point.best, &point.alpha, v, a, c.square);
        if v >= beta {
            point.cut.store(true, Ordering::Release);
            return;
        }
    }
}

fn store(ctx: &mut Ctx, b: &Board, depth: u32, alpha: i32, beta: i32, best: i32, sq: u8) {
    let (lower, upper) = if best >= beta {
        (best, INF)
    } else if best > alpha {
        (best, best)
    } else {
        (-INF, best)
    };
    let clamp = |v: i32| v.clamp(-i16::MAX as i32, i16::MAX as i32);
    ctx.tt.store(
        b.player,
        b.opponent,
        KIND_MID,
        depth.min(255) as u8,
        clamp(lower),
        clamp(upper),
        sq,
    );
}

/// A root move with its board after the move.
#[derive(Copy, Clone)]
struct RootMove {
    square: u8,
    child: Board,
}

/// One root search in `(alpha, beta)`: the fail-soft score and the index of the best move.
fn root_search(
    ctx: &mut Ctx,
    board: &Board,
    root: &[RootMove],
    mut alpha: i32,
    beta: i32,
    depth: u32,
) -> (i32, usize) {
    let alpha0 = alpha;
    let mut best = -INF;
    let mut best_i = 0;
    for (i, m) in root.iter().enumerate() {
        let v = if i == 0 {
            -pvs(ctx, &m.child, -beta, -alpha, depth - 1, true)
        } else {
            let v = -pvs(ctx, &m.child, -alpha - 1, -alpha, depth - 1, false);
            if v > alpha && v < beta && !ctx.aborted {
                -pvs(ctx, &m.child, -beta, -alpha, depth - 1, true)
            } else {
                v
            }
        };
        if ctx.aborted {
            break;
        }
        if v > best {
            best = v;
            best_i = i;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    if !ctx.aborted {
        store(ctx, board, depth, alpha0, beta, best, root[best_i].square);
    }
    (best, best_i)
}

/// Follows the table's best moves from `first` for up to `plies` plies.
fn table_pv(ctx: &Ctx, board: &Board, first: u8, plies: u32) -> Vec<Square> {
    let mut pv = Vec::new();
    let mut pos = *board;
    let mut sq = first;
    while (pv.len() as u32) < plies.max(1) {
        if sq >= 64 || pos.moves() & (1u64 << sq) == 0 {
            break;
        }
        pv.push(Square::new(sq).expect("checked below 64"));
        pos = pos.play_with(sq as usize, pos.flips(sq as usize));
        if pos.moves() == 0 {
            pos = pos.pass();
        }
        sq = ctx
            .tt
            .probe(pos.player, pos.opponent)
            .map_or(NO_MOVE, |e| e.best);
    }
    pv
}

/// Rounds hundredths of a disc to discs.
fn to_discs(v: i32) -> i32 {
    (v + DISC / 2).div_euclid(DISC)
}

/// Iterative deepening from `board` within `limits`.
pub(crate) fn iterate(ctx: &mut Ctx, board: &Board, limits: &Limits) -> SearchResult {
    let moves = board.moves();
    if moves == 0 {
        let passed = board.pass();
        if passed.moves() == 0 {
            let s = board.final_score();
            return SearchResult {
                best_move: None,
                score: if ctx.reverse { -s } else { s },
                pv: Vec::new(),
                depth: 0,
                nodes: 0,
                exact: true,
            };
        }
        let mut r = iterate(ctx, &passed, limits);
        r.best_move = None;
        r.score = -r.score;
        return r;
    }
    let n = board.empties().count_ones();

    // Root moves by the evaluation: the fallback order if nothing else completes.
    let mut root: Vec<(i32, RootMove)> = (0..64u8)
        .filter(|&sq| moves & (1u64 << sq) != 0)
        .map(|sq| {
            let child = board.play_with(sq as usize, board.flips(sq as usize));
            (-ctx.evaluate(&child), RootMove { square: sq, child })
        })
        .collect();
    root.sort_by_key(|(key, m)| (-key, m.square));
    let mut root: Vec<RootMove> = root.into_iter().map(|(_, m)| m).collect();
    let mut result = SearchResult {
        best_move: Square::new(root[0].square),
        score: 0,
        pv: vec![Square::new(root[0].square).expect("a legal move is a square")],
        depth: 0,
        nodes: 0,
        exact: false,
    };

    let solving = n <= limits.solve_empties;
    let mid_depth = if solving {
        // A selective search first: its move stands if the solve is stopped, its score is
        // the solver's first guess and its table entries order the solver's first moves.
        if n > 14 {
            limits.depth.min(SOLVE_GUESS_DEPTH)
        } else {
            0
        }
    } else {
        limits.depth.min(60)
    };

    let mut score = 0;
    let selectivity = ctx.selectivity;
    // The guess before a solve need not be exact, only close and quick: ProbCut on.
    if solving {
        ctx.selectivity = SOLVE_GUESS_SELECTIVITY;
        ctx.guides_solver = true;
    }
    for depth in 1..=mid_depth {
        let depth = depth.min(n);
        let (mut alpha, mut beta) = if depth >= 3 {
            (score - ASPIRATION, score + ASPIRATION)
        } else {
            (-INF, INF)
        };
        let mut delta = ASPIRATION;
        let (v, best_i) = loop {
            let (v, i) = root_search(ctx, board, &root, alpha, beta, depth);
            if ctx.aborted {
                break (v, i);
            }
            delta *= 2;
            if v <= alpha && alpha > -INF {
                alpha = if delta > 16 * DISC {
                    -INF
                } else {
                    alpha - delta
                };
            } else if v >= beta && beta < INF {
                beta = if delta > 16 * DISC { INF } else { beta + delta };
            } else {
                break (v, i);
            }
        };
        if ctx.aborted {
            break;
        }
        score = v;
        let best = root[best_i];
        root[..=best_i].rotate_right(1);
        result.best_move = Square::new(best.square);
        result.score = to_discs(v);
        result.depth = depth;
        result.pv = table_pv(ctx, board, best.square, depth);
        if depth >= n {
            result.exact = true;
            result.depth = n;
            break;
        }
        if let Some(t) = limits.time_ms {
            // The next iteration takes a few times longer than all before it together.
            if ctx.elapsed_ms().saturating_mul(5) > t.saturating_mul(2) {
                break;
            }
        }
    }

    ctx.selectivity = selectivity;
    let solved = if solving && !ctx.aborted && !result.exact {
        endgame::solve(ctx, board, if result.depth > 0 { result.score } else { 0 })
    } else {
        None
    };
    if let Some((score, best)) = solved {
        // The proven move and score stand even when a stop cuts the line after them short:
        // the line keeps only the moves it confirmed before the stop.
        let first = Square::new(best).expect("the solver returns a legal move");
        result.best_move = Some(first);
        result.score = score;
        result.depth = n;
        result.exact = true;
        let sq = best as usize;
        let child = board.play_with(sq, board.flips(sq));
        result.pv = vec![first];
        result
            .pv
            .extend(endgame::principal_variation(ctx, &child, -score));
    }
    result.nodes = ctx.nodes;
    result
}

/// Every legal move with its score in hundredths of a disc at `depth` (exact within
/// `solve_empties`), full window, in square order.
pub(crate) fn score_moves(
    ctx: &mut Ctx,
    board: &Board,
    depth: u32,
    solve_empties: u32,
) -> Vec<(Square, i32)> {
    let moves = board.moves();
    let mut out = Vec::new();
    for sq in 0..64u8 {
        if moves & (1u64 << sq) == 0 {
            continue;
        }
        let child = board.play_with(sq as usize, board.flips(sq as usize));
        let v = if child.empties().count_ones() <= solve_empties {
            -exact_window(ctx, &child, -INF, INF)
        } else {
            let mut v = -ctx.evaluate(&child);
            for d in 1..depth {
                v = -pvs(ctx, &child, -INF, INF, d, true);
            }
            v
        };
        if ctx.aborted {
            break;
        }
        out.push((Square::new(sq).expect("below 64"), v));
    }
    out
}

/// The value of `board` in hundredths of a disc by a full-window search to `depth` plies,
/// full width unless `ctx.selectivity` says otherwise (exact where the depth reaches the
/// end), with iterative deepening so the table orders the last iteration.
pub(crate) fn value(ctx: &mut Ctx, board: &Board, depth: u32) -> i32 {
    let mut v = ctx.evaluate(board);
    for d in 1..=depth.max(1) {
        v = pvs(ctx, board, -INF, INF, d, true);
        if ctx.aborted {
            break;
        }
    }
    v
}
