//! The midgame's recursive search: principal-variation search with the table, ProbCut, the
//! enhanced transposition cut-off and one evaluation per leaf (`super::midgame` iterates it
//! from the root). Compiled three times, as the solver is: portable, with AVX2/BMI2 (POPCNT
//! for counts, the vector move generator and flips), and with AVX-512's flips; [`pvs`] runs
//! the fastest build the CPU has (`bench midgame --depth 16`: 0.90 of the portable build's
//! time, docs/evaluation.md).

use super::endgame;
use super::tt::KIND_MID;
use super::{Ctx, DISC, INF};
use crate::Board;

/// At least this many plies to go: a node whose first move did not cut shares the rest of
/// its moves with the helper threads (young brothers wait) when one is idle.
const SPLIT_DEPTH: u32 = 5;

/// At least this many plies to go (outside the principal variation): the enhanced
/// transposition cut-off. `bench midgame --depth 16`, nodes: without it 23.8 M; from 3
/// plies 22.4 M, 4 22.6 M, 5 23.2 M, 6 23.3 M; 4 was the fastest (docs/evaluation.md).
const ETC_DEPTH: u32 = 4;

/// The exact score in hundredths of a disc, searched with the disc window that brackets
/// `(alpha, beta)` so that fail-soft bounds stay valid after scaling.
pub(super) fn exact_window(ctx: &mut Ctx, b: &Board, alpha: i32, beta: i32) -> i32 {
    let a = alpha.div_euclid(DISC).clamp(-65, 64);
    let c = (-(-beta).div_euclid(DISC)).clamp(-64, 65);
    endgame::search_window(ctx, b.player, b.opponent, a, c).0 * DISC
}

/// The final score of a finished game, in hundredths of a disc.
fn final_score(ctx: &Ctx, b: &Board) -> i32 {
    let s = b.final_score() * DISC;
    if ctx.reverse { -s } else { s }
}

/// Stores a midgame node's fail-soft result `best` for the window `(alpha, beta)`.
pub(super) fn store(
    ctx: &mut Ctx,
    b: &Board,
    depth: u32,
    alpha: i32,
    beta: i32,
    best: i32,
    sq: u8,
) {
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

/// The search, written once and instantiated per instruction set. `$moves` and `$flips` are
/// the move generator and flip function of that build.
macro_rules! define_pvs {
    ($(#[$feat:meta])*; $moves:path, $flips:path) => {
        use crate::Board;
        use crate::search::ordering::{CORNERS, Candidate, MoveList, X_AND_C};
        use crate::search::pool::{SplitPoint, record_move};
        use crate::search::probcut::{self, Selectivity};
        use crate::search::pvs::{ETC_DEPTH, SPLIT_DEPTH, exact_window, final_score, store};
        use crate::search::tt::{KIND_EXACT, KIND_MID, NO_MOVE};
        use crate::search::{Ctx, DISC, INF};
        use std::sync::atomic::Ordering;

        /// Principal-variation search to `depth` plies; fail-soft.
        $(#[$feat])*
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
            let moves = $moves(b.player, b.opponent);
            if moves == 0 {
                let passed = b.pass();
                if $moves(passed.player, passed.opponent) == 0 {
                    return final_score(ctx, b);
                }
                return -pvs(ctx, &passed, -beta, -alpha, depth, pv);
            }
            if !pv && depth >= ETC_DEPTH && !ctx.orders_solver() {
                // Enhanced transposition cut-off: a child the table already knows to refute this
                // node's window cuts it before any search. Not where the table orders an exact
                // solve (FFO #40-#49: 538.2 M nodes with it there, 536.3 M without).
                let mut children = [(0u64, 0u64, 0u8); 36];
                let mut len = 0;
                let mut m = moves;
                while m != 0 {
                    let sq = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let child = b.play_with(sq, $flips(b.player, b.opponent, sq));
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

            // The table's move first, searched before the others are ordered: it usually cuts,
            // and then their evaluations are never needed (the order is the same, but for ties
            // among the others' keys). Where the table's moves will order an exact solve the
            // ordering's searches stay as they were.
            let guiding = ctx.orders_solver();
            let alpha0 = alpha;
            let mut best = -INF;
            let mut best_sq = NO_MOVE;
            let mut rest = moves;
            if !guiding && tt_move != NO_MOVE && moves & (1 << tt_move) != 0 {
                let sq = tt_move as usize;
                rest ^= 1 << sq;
                let child = b.play_with(sq, $flips(b.player, b.opponent, sq));
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
                let child = b.play_with(sq, $flips(b.player, b.opponent, sq));
                // The child will probe the table: start loading its bucket.
                ctx.tt.prefetch(child.player, child.opponent);
                let key = if sq as u8 == tt_move {
                    1 << 30
                } else if depth == 2 && !guiding {
                    // Two plies from the leaves, the opponent's fewest replies first: a move
                    // count costs a fraction of an evaluation and orders nearly as well
                    // (docs/evaluation.md).
                    -($moves(child.player, child.opponent).count_ones() as i32)
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
                    let (v, sq) = pool.split(ctx, rest, (alpha, beta), depth, pv, work);
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

        /// [`pvs`] one ply from the leaves: a child's value at depth 0 is its evaluation, so
        /// the children are evaluated once each (the table's move first; then corners, the
        /// other squares and the X and C squares, or square order where every child is looked
        /// at) until one reaches `beta`; not once to order them all and again, up to twice
        /// more on a re-search, to search them (the evaluation was three fifths of the
        /// midgame's time). Where nothing cuts the value is the best child's, as before; a cut
        /// returns the first child at or above `beta` (a lower bound, fail-soft), where
        /// ordering would have found the highest. Before an exact solve (`Ctx::guides_solver`,
        /// the solver's probes) every child is evaluated unless the table's move cuts, and the
        /// best is stored: the solver orders its moves by them.
        $(#[$feat])*
        fn leaf_parent(
            ctx: &mut Ctx,
            b: &Board,
            moves: u64,
            alpha: i32,
            beta: i32,
            tt_move: u8,
        ) -> i32 {
            let value = |ctx: &mut Ctx, sq: usize| {
                let child = b.play_with(sq, $flips(b.player, b.opponent, sq));
                // `pvs` solves exactly where the depth reaches the end, so 2+ empties are left.
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

        /// A thread's work at one of this build's split points (see [`crate::search::pool`]), as
        /// the plain function the pool calls.
        #[allow(unused_unsafe)]
        fn work(ctx: &mut Ctx, point: &SplitPoint) {
            // SAFETY: only this build's search opens points with this work, and that search runs
            // only where the CPU has every feature the build enables.
            unsafe { share(ctx, point) }
        }

        /// One thread's part of a split point: the next move nobody has taken, until none are
        /// left, one cuts, or the thread is stopped.
        $(#[$feat])*
        fn share(ctx: &mut Ctx, point: &SplitPoint) {
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
    };
}

mod portable {
    define_pvs!(; crate::bits::moves, crate::bits::flips);
}

#[cfg(target_arch = "x86_64")]
mod fast {
    define_pvs!(
        #[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")];
        crate::bits_avx2::moves,
        crate::bits_avx2::flips
    );
}

#[cfg(target_arch = "x86_64")]
mod fastest {
    define_pvs!(
        #[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt,avx512f,avx512vl,avx512cd")];
        crate::bits_avx2::moves,
        crate::bits_avx512::flips
    );
}

/// Principal-variation search of `b` to `depth` plies in `(alpha, beta)`, fail-soft, in
/// hundredths of a disc, through the fastest build this CPU runs.
pub(super) fn pvs(ctx: &mut Ctx, b: &Board, alpha: i32, beta: i32, depth: u32, pv: bool) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if endgame::avx512_build() {
        // SAFETY: the CPU has every feature `fastest::pvs` enables (the solver's check).
        return unsafe { fastest::pvs(ctx, b, alpha, beta, depth, pv) };
    }
    #[cfg(target_arch = "x86_64")]
    if crate::simd::fast_cpu() {
        // SAFETY: the CPU has every feature `fast::pvs` enables.
        return unsafe { fast::pvs(ctx, b, alpha, beta, depth, pv) };
    }
    portable::pvs(ctx, b, alpha, beta, depth, pv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::probcut::Selectivity;
    use crate::search::tt::Table;
    use crate::search::{HandEval, NoClock};
    use std::sync::atomic::AtomicBool;

    /// A position `plies` random moves from the start (or where the game ended sooner).
    fn random_board(seed: &mut u64, plies: u32) -> Board {
        let mut b = Board::start();
        for _ in 0..plies {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            let mut m = b.moves();
            if m == 0 {
                b = b.pass();
                m = b.moves();
                if m == 0 {
                    break;
                }
            }
            for _ in 0..*seed % u64::from(m.count_ones()) {
                m &= m - 1;
            }
            let sq = m.trailing_zeros() as usize;
            b = b.play_with(sq, b.flips(sq));
        }
        b
    }

    /// Every build this CPU runs searches the same tree as the portable one: the same
    /// value and the same node count, full width and with ProbCut, both scorings, from the
    /// opening to near the end (where the search reaches the solver).
    #[test]
    fn every_build_searches_the_same_tree() {
        let stop = AtomicBool::new(false);
        let mut seed = 0x0DD_BA11_CAFEu64;
        let mut builds = 1;
        for i in 0..24 {
            let b = random_board(&mut seed, 8 + 2 * i);
            for selectivity in [Selectivity::Full, Selectivity::TUNED] {
                for reverse in [false, true] {
                    let run = |search: &dyn Fn(&mut Ctx) -> i32| {
                        let tt = Table::new(1);
                        let mut ctx = Ctx::new(&tt, &HandEval, reverse, &stop, &NoClock);
                        ctx.selectivity = selectivity;
                        let v = search(&mut ctx);
                        (v, ctx.nodes)
                    };
                    let expected = run(&|ctx| portable::pvs(ctx, &b, -INF, INF, 6, true));
                    #[cfg(target_arch = "x86_64")]
                    if crate::simd::fast_cpu() {
                        builds = builds.max(2);
                        // SAFETY: the CPU has every feature `fast::pvs` enables.
                        let got = run(&|ctx| unsafe { fast::pvs(ctx, &b, -INF, INF, 6, true) });
                        assert_eq!(got, expected, "AVX2 build, {b:?}");
                    }
                    #[cfg(target_arch = "x86_64")]
                    if endgame::avx512_build() {
                        builds = 3;
                        // SAFETY: the CPU has every feature `fastest::pvs` enables.
                        let got = run(&|ctx| unsafe { fastest::pvs(ctx, &b, -INF, INF, 6, true) });
                        assert_eq!(got, expected, "AVX-512 build, {b:?}");
                    }
                }
            }
        }
        eprintln!("{builds} build(s) compared");
    }
}
