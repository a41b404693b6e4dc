//! The midgame search from the root: iterative deepening with aspiration windows over the
//! recursive search of `super::pvs` (negascout with the table, move ordering by evaluation
//! or by shallow searches where an exact solve follows, ProbCut); exact solving where the
//! depth reaches the end.

use super::endgame;
use super::probcut::Selectivity;
use super::pvs::{exact_window, pvs, store};
use super::tt::NO_MOVE;
use super::{Ctx, DISC, INF, Limits, SearchResult};
use crate::{Board, Square};

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

/// Half-width of the first aspiration window, in hundredths of a disc.
const ASPIRATION: i32 = 150;

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
/// end), with iterative deepening so the table orders the last iteration. A stopped search
/// gives the last depth it completed (an iteration cut short returns no value at all).
pub(crate) fn value(ctx: &mut Ctx, board: &Board, depth: u32) -> i32 {
    let mut v = ctx.evaluate(board);
    for d in 1..=depth.max(1) {
        let deeper = pvs(ctx, board, -INF, INF, d, true);
        if ctx.aborted {
            break;
        }
        v = deeper;
    }
    v
}
