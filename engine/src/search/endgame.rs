//! The exact endgame solver: scores are final disc differences. Dedicated code for the last
//! one and two empties, a parity-ordered shallow solver without the table for the last few,
//! a fastest-first one still without the table just above those, and above that null-window
//! search with the table (at the first level above them a small one of each thread's own,
//! `super::near`), stability cutoff and enhanced transposition cutoff (ETC); with
//! helper threads, nodes far enough from the end share their moves once the first has not
//! cut (young brothers wait), over the one shared lock-free table.
//! Compiled three times: portable, with AVX2/BMI2, and with AVX-512 (F, VL, CD) for the flips
//! too, each build used where the CPU has its features.

use super::Ctx;
use super::probcut::DivSigned;
use super::tt::{KIND_EXACT, NO_MOVE, end_kind};
use crate::{Board, Square};

/// At most this many empties: the shallow solvers without the table.
/// (With the fastest-first solver from 6 empties, FFO #40-#48 took the same time with 7, 8
/// and 9 here; 7 searches the fewest nodes.)
pub(crate) const SHALLOW_MAX: u32 = 7;
/// At least this many empties (up to SHALLOW_MAX): order the moves fastest first, not by
/// parity alone. On the training set (`bench endgame --positions 20 --empties 22`, not FFO)
/// from 6 empties: 0.87 of the time of parity alone, 25 % fewer nodes. Checked on FFO
/// #40-#48: from 7 empties 0.88 of the time (19 % fewer nodes), from 6 0.85 (26 %), from 5
/// 0.88 (32 %): below 6 the cheaper parity order pays for its extra nodes.
pub(crate) const ORDERED_SHALLOW_MIN: u32 = 6;
/// The stability cut-off is tried only where the side that would have to hold enough stable
/// discs has this many more discs than it needs. Where it has fewer spare, the test nearly
/// never cuts: on the training set 22 % of the tests at 4 empties found 1 % of the cuts
/// (spares 0-3), where the test cut 4 % of the time at spare 4 and 45 % at 14.
pub(crate) const STABILITY_SPARE: i32 = 4;
/// At least this many empties: probe children in the table before searching (ETC).
pub(crate) const ETC_MIN: u32 = 11;
/// At least this many empties: order moves by the evaluation too.
pub(crate) const EVAL_ORDER_MIN: u32 = 14;
/// At least this many empties: order by the evaluation after the best reply instead.
pub(crate) const SEARCH_ORDER_MIN: u32 = 16;
/// There the key is `EVAL_MIX_A` × the mobility key minus `EVAL_MIX_B` × the child's
/// evaluation (tuned on FFO #30-#37: 169 M nodes with mobility alone, 133 M mixed).
pub(crate) const EVAL_MIX_A: i32 = 4;
/// See [`EVAL_MIX_A`].
pub(crate) const EVAL_MIX_B: i32 = 1;
/// Beyond every disc score.
pub(crate) const SCORE_INF: i32 = 127;
/// At least this many empties: a node whose first move did not cut shares the rest of its
/// moves with the search's helper threads (young brothers wait) when one is idle, at a split
/// point of the pool (`super::pool`), inside other splits too. FFO #40-#49 on two threads
/// took the same time with 12 or 16 as with 14 (1.01 and 1.03, three pairs each).
pub(crate) const SPLIT_MIN: u32 = 14;

/// The solver's selective probes: from END_CUT_FROM empties, [`solve`] first probes with
/// ProbCut, where a shallow midgame search that predicts the exact score far enough beyond
/// the window cuts a node. Their score is the exact probes' first guess and their table
/// entries order the exact search's moves (their bounds are a kind of their own, which the
/// exact search never takes). On the training set (`bench endgame`, 24 empties, 40
/// positions) 0.96 of the time (0.93-0.97, three pairs); 26 empties (16): 0.95; 20 and 22
/// empties (60): 1.00 and 1.01, so not below 24.
pub(crate) const END_CUT_FROM: u32 = 24;
/// At least this many empties: the selective probes try ProbCut at the node (training set
/// at 24 empties, one run each against the exact probes alone: from 12 empties 0.98 of the
/// time, 14 0.97, 16 0.96, 18 1.00, 20 0.98).
pub(crate) const END_CUT_MIN: u32 = 16;
// The near tables' entries are taken as exact: no cut may happen at their nodes.
const _: () = assert!(END_CUT_MIN > crate::search::near::NEAR_MAX);
/// ProbCut's confidence in the selective probes, in hundredths of σ (training set at 24
/// empties, one run each, from 12 empties: 0.5 σ 1.02 of the time, 0.75 σ 0.98, 1 σ 0.98,
/// 1.5 σ 1.09, 2 σ 1.19; two rounds, 1 σ then 2 σ: 1.09-1.16; at 26 empties, from 16: 1 σ
/// 0.95, 1.5 σ 0.94, 1 σ then 2 σ 0.97).
pub(crate) const END_CUT_CONFIDENCE: u16 = 100;
/// The depth of the shallow search (2 instead at 16-19 empties, or 6 from 20: the same
/// time within the noise).
const END_CUT_DEPTH: u32 = 4;
/// How the shallow search predicts the exact score at 16-19 and at 20-24 empties (and
/// beyond, unmeasured): exact ≈ `a` (thousandths) · value + `b` (hundredths of a disc),
/// with spread σ (hundredths). Measured by `reversi-engine bench probcut --end --positions
/// 300 --depth 8` (docs/solver.md).
const END_FITS: [(i32, i32, i32); 2] = [(1080, 185, 684), (1040, 74, 612)];

/// The kind of the bounds a node of `n` empties stores at the selectivity `end_cut`: exact
/// below END_CUT_MIN, where no cut happens in its subtree.
#[inline(always)]
pub(crate) fn node_kind(end_cut: u16, n: u32) -> u8 {
    if n >= END_CUT_MIN {
        end_kind(end_cut)
    } else {
        KIND_EXACT
    }
}

/// The selective probes' ProbCut at a null-window node `(alpha, alpha + 1)` of `n` empties:
/// a shallow midgame search that predicts the exact score beyond the window by
/// `ctx.end_cut` hundredths of the prediction's spread σ cuts the node (the bound it
/// predicts is returned: `alpha + 1` or `alpha`).
pub(crate) fn end_probcut(ctx: &mut Ctx, p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
    let beta = alpha + 1;
    let depth = END_CUT_DEPTH;
    let (a, b, sigma) = END_FITS[usize::from(n >= 20)];
    let margin = sigma * i32::from(ctx.end_cut) / 100;
    let board = Board::new(p, o);
    // exact ≈ a·v + b: the value v at which the prediction clears the bound by the margin.
    let high = ((beta * 100 - b + margin) * 1000).div_ceil_signed(a);
    if beta < 64 && high < super::INF {
        let v = super::pvs::pvs(ctx, &board, high - 1, high, depth, false);
        if v >= high {
            return Some(beta);
        }
    }
    let low = ((alpha * 100 - b - margin) * 1000).div_floor_signed(a);
    if alpha > -64 && low > -super::INF {
        let v = super::pvs::pvs(ctx, &board, low, low + 1, depth, false);
        if v <= low {
            return Some(alpha);
        }
    }
    None
}

/// The solver, written once and instantiated per instruction set. `$moves`, `$flips` and
/// `$last_count` are the move generator, flip function and last-square flip count of that build.
macro_rules! define_solver {
    ($(#[$feat:meta])*; $moves:path, $flips:path, $last_count:path) => {
        use crate::search::Ctx;
        use crate::search::endgame::{
            ETC_MIN, EVAL_MIX_A, EVAL_MIX_B, ORDERED_SHALLOW_MIN, SCORE_INF,
            SHALLOW_MAX, SPLIT_MIN, STABILITY_SPARE,
        };
        use std::sync::atomic::Ordering;
        use crate::search::eval::neighbours;
        use crate::search::pool::{SplitPoint, record_move};
        use crate::search::ordering::{
            Candidate, CORNERS, MoveList, NEIGHBOURS, PARITY_SQUARES, QUADRANT_BIT, X_AND_C,
            corner_stable, parity_of, pick,
        };
        use crate::search::near::NEAR_MAX;
        use crate::search::stability::stable_discs;
        use crate::search::tt::{KIND_EXACT, NO_MOVE};

        /// Final score with `p` to move and nobody able to move: empties go to the winner.
        $(#[$feat])*
        #[inline]
        fn final_score<const R: bool>(p: u64, o: u64) -> i32 {
            let diff = p.count_ones() as i32 - o.count_ones() as i32;
            let empties = 64 - (p | o).count_ones() as i32;
            let s = if diff > 0 {
                diff + empties
            } else if diff < 0 {
                diff - empties
            } else {
                0
            };
            if R { -s } else { s }
        }

        /// One empty square `sq`: whoever can, places there; no search needed.
        $(#[$feat])*
        #[inline]
        fn last1<const R: bool>(ctx: &mut Ctx, p: u64, o: u64, sq: usize) -> i32 {
            ctx.nodes += 1;
            let own = p.count_ones() as i32;
            let f = $last_count(p, sq) as i32;
            let s = if f != 0 {
                2 * (own + f + 1) - 64
            } else {
                let f = $last_count(o, sq) as i32;
                if f != 0 {
                    2 * (own - f) - 64
                } else if own >= 32 {
                    2 * own - 62
                } else {
                    2 * own - 64
                }
            };
            if R { -s } else { s }
        }

        /// Two empties `a` and `b`, tried in that order.
        $(#[$feat])*
        fn last2<const R: bool>(
            ctx: &mut Ctx,
            p: u64,
            o: u64,
            alpha: i32,
            beta: i32,
            a: usize,
            b: usize,
        ) -> i32 {
            ctx.nodes += 1;
            let mut best = -SCORE_INF;
            let f = if NEIGHBOURS[a] & o != 0 { $flips(p, o, a) } else { 0 };
            if f != 0 {
                best = -last1::<R>(ctx, o ^ f, p ^ f ^ (1 << a), b);
                if best >= beta {
                    return best;
                }
            }
            let f = if NEIGHBOURS[b] & o != 0 { $flips(p, o, b) } else { 0 };
            if f != 0 {
                let v = -last1::<R>(ctx, o ^ f, p ^ f ^ (1 << b), a);
                if v > best {
                    best = v;
                }
            }
            if best == -SCORE_INF {
                if $flips(o, p, a) | $flips(o, p, b) == 0 {
                    return final_score::<R>(p, o);
                }
                return -last2::<R>(ctx, o, p, -beta, -alpha, a, b);
            }
            best
        }

        /// Upper bound on the score from the other side's stable discs, when it proves a
        /// fail low (never under fewest-discs scoring, where discs are not good). Only tried
        /// where that side could lose STABILITY_SPARE discs and still have enough stable
        /// ones for the cut.
        $(#[$feat])*
        #[inline]
        fn stability_cut<const R: bool>(p: u64, o: u64, alpha: i32) -> Option<i32> {
            if R || alpha < 64 - 2 * (o.count_ones() as i32 - STABILITY_SPARE) {
                return None;
            }
            let upper = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            (upper <= alpha).then_some(upper)
        }

        /// 3..=SHALLOW_MAX empties: no table, no move list; empties in odd quadrants
        /// first, and within those squares away from the corners' X and C squares first.
        $(#[$feat])*
        fn shallow<const R: bool>(
            ctx: &mut Ctx,
            p: u64,
            o: u64,
            alpha: i32,
            beta: i32,
            parity: u32,
            n: u32,
        ) -> i32 {
            ctx.nodes += 1;
            // From 4 empties (training set: 0.970 of the time of from 5, 17 % fewer nodes;
            // from 3: 3 % fewer nodes again, 1.02 of the time).
            if n >= 4 {
                if let Some(upper) = stability_cut::<R>(p, o, alpha) {
                    return upper;
                }
            }
            let empty = !(p | o);
            let odd = PARITY_SQUARES[parity as usize];
            let classes = [
                empty & odd & !X_AND_C,
                empty & odd & X_AND_C,
                empty & !odd & !X_AND_C,
                empty & !odd & X_AND_C,
            ];
            let mut best = -SCORE_INF;
            let mut a = alpha;
            for class in classes {
                let mut m = class;
                while m != 0 {
                    let sq = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if NEIGHBOURS[sq] & o == 0 {
                        continue;
                    }
                    let f = $flips(p, o, sq);
                    if f == 0 {
                        continue;
                    }
                    let (cp, co) = (o ^ f, p ^ f ^ (1 << sq));
                    let v = if n == 3 {
                        let rest = empty ^ (1 << sq);
                        let x = rest.trailing_zeros() as usize;
                        let y = (rest & (rest - 1)).trailing_zeros() as usize;
                        // The square alone in its quadrant first.
                        let (x, y) = if QUADRANT_BIT[x] & parity == 0 { (y, x) } else { (x, y) };
                        -last2::<R>(ctx, cp, co, -beta, -a, x, y)
                    } else {
                        -shallow::<R>(ctx, cp, co, -beta, -a, parity ^ QUADRANT_BIT[sq], n - 1)
                    };
                    if v > best {
                        best = v;
                        if v >= beta {
                            return v;
                        }
                        if v > a {
                            a = v;
                        }
                    }
                }
            }
            if best == -SCORE_INF {
                if $moves(o, p) == 0 {
                    return final_score::<R>(p, o);
                }
                return -shallow::<R>(ctx, o, p, -beta, -alpha, parity, n);
            }
            best
        }

        /// ORDERED_SHALLOW_MIN..=SHALLOW_MAX empties: no table, but the moves ordered fastest
        /// first (fewest replies, corners counting double), odd quadrants breaking ties
        /// (parity weighed as a quarter of a reply was best on the training set; 0, 1 and 2
        /// replies' worth: 1 %, 1 % and 5 % more nodes). `moves` are `p`'s legal moves (the
        /// caller has them: the parent's ordering worked them out).
        $(#[$feat])*
        #[allow(clippy::too_many_arguments)]
        fn ordered_shallow<const R: bool>(
            ctx: &mut Ctx,
            p: u64,
            o: u64,
            moves: u64,
            alpha: i32,
            beta: i32,
            parity: u32,
            n: u32,
        ) -> i32 {
            ctx.nodes += 1;
            debug_assert_eq!(moves, $moves(p, o));
            if let Some(upper) = stability_cut::<R>(p, o, alpha) {
                return upper;
            }
            if moves == 0 {
                let theirs = $moves(o, p);
                if theirs == 0 {
                    return final_score::<R>(p, o);
                }
                return -ordered_shallow::<R>(ctx, o, p, theirs, -beta, -alpha, parity, n);
            }
            let odd = PARITY_SQUARES[parity as usize];
            // Never more moves than empties.
            let mut list = [Candidate::default(); SHALLOW_MAX as usize];
            let mut len = 0;
            let mut m = moves;
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let f = $flips(p, o, sq);
                let (cp, co) = (o ^ f, p ^ f ^ (1 << sq));
                let their = $moves(cp, co);
                let key = -((their.count_ones() + (their & CORNERS).count_ones()) as i32) * 4
                    + ((odd >> sq) & 1) as i32;
                list[len] = Candidate {
                    player: cp,
                    opponent: co,
                    replies: their,
                    key,
                    square: sq as u8,
                };
                len += 1;
            }
            let mut best = -SCORE_INF;
            let mut a = alpha;
            for i in 0..len {
                let c = pick(&mut list[..len], i);
                let (cp, co) = (c.player, c.opponent);
                let cparity = parity ^ QUADRANT_BIT[c.square as usize];
                let v = if n > ORDERED_SHALLOW_MIN {
                    -ordered_shallow::<R>(ctx, cp, co, c.replies, -beta, -a, cparity, n - 1)
                } else {
                    -shallow::<R>(ctx, cp, co, -beta, -a, cparity, n - 1)
                };
                if v > best {
                    best = v;
                    if v >= beta {
                        return v;
                    }
                    if v > a {
                        a = v;
                    }
                }
            }
            best
        }

        /// Any number of empties up to SHALLOW_MAX; `moves` are `p`'s legal moves.
        $(#[$feat])*
        fn small<const R: bool>(
            ctx: &mut Ctx,
            p: u64,
            o: u64,
            moves: u64,
            alpha: i32,
            beta: i32,
        ) -> i32 {
            let empty = !(p | o);
            match empty.count_ones() {
                0 => final_score::<R>(p, o),
                1 => last1::<R>(ctx, p, o, empty.trailing_zeros() as usize),
                2 => {
                    let a = empty.trailing_zeros() as usize;
                    let b = 63 - empty.leading_zeros() as usize;
                    last2::<R>(ctx, p, o, alpha, beta, a, b)
                }
                n if n >= ORDERED_SHALLOW_MIN => {
                    ordered_shallow::<R>(ctx, p, o, moves, alpha, beta, parity_of(empty), n)
                }
                n => shallow::<R>(ctx, p, o, alpha, beta, parity_of(empty), n),
            }
        }

        /// The evaluation of `(p, o)` one ply deep: `p`'s best reply by the evaluation.
        $(#[$feat])*
        fn eval_reply(ctx: &Ctx, p: u64, o: u64) -> i32 {
            let mut m = $moves(p, o);
            if m == 0 {
                return -ctx.evaluate(&crate::Board::new(o, p));
            }
            let mut best = -crate::search::INF;
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let f = $flips(p, o, sq);
                best = best.max(-ctx.evaluate(&crate::Board::new(o ^ f, p ^ f ^ (1 << sq))));
            }
            best
        }

        /// The legal moves of `p` with ordering keys: the table's move first, then the
        /// replies that leave the opponent the fewest moves (corners counting double) and
        /// the least potential mobility, then moves into odd quadrants and moves that keep
        /// discs nobody can flip at the corners (training set, `bench endgame --positions 30
        /// --empties 22`: 391 M nodes without that term, 366 M with weight 8, 356 M with 16,
        /// 354 M with 24, 355 M with 32, 365 M with 48); far from the end
        /// the evaluation of the position after the move weighs in.
        $(#[$feat])*
        #[inline]
        fn order<const R: bool>(
            ctx: &Ctx,
            p: u64,
            o: u64,
            moves: u64,
            tt_move: u8,
            list: &mut MoveList,
        ) {
            let empty = !(p | o);
            let n = empty.count_ones();
            let deep = n >= crate::search::endgame::EVAL_ORDER_MIN;
            let deeper = n >= crate::search::endgame::SEARCH_ORDER_MIN;
            // The children will probe the shared table themselves: start loading their
            // buckets (from ETC_MIN empties the enhanced transposition cut-off loads them;
            // children at NEAR_MAX empties or fewer use the near table or none).
            let far = n > NEAR_MAX + 1 && n < ETC_MIN;
            let odd = PARITY_SQUARES[parity_of(empty) as usize];
            let mut m = moves;
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let f = $flips(p, o, sq);
                let (cp, co) = (o ^ f, p ^ f ^ (1 << sq));
                if far {
                    ctx.tt.prefetch(cp, co);
                }
                let their = $moves(cp, co);
                let key = if sq as u8 == tt_move {
                    1 << 30
                } else {
                    let mobility = (their.count_ones() + (their & CORNERS).count_ones()) as i32;
                    let potential = (neighbours(co) & empty).count_ones() as i32;
                    let parity = ((odd >> sq) & 1) as i32;
                    let k = -mobility * 64 - potential * 4 + parity * 16
                        - ((X_AND_C >> sq) & 1) as i32 * 8
                        + corner_stable(co).count_ones() as i32 * 24;
                    if deeper {
                        k * EVAL_MIX_A - eval_reply(ctx, cp, co) * EVAL_MIX_B
                    } else if deep {
                        k * EVAL_MIX_A - ctx.evaluate(&crate::Board::new(cp, co)) * EVAL_MIX_B
                    } else {
                        k
                    }
                };
                list.push(Candidate {
                    player: cp,
                    opponent: co,
                    replies: their,
                    key,
                    square: sq as u8,
                });
            }
        }

        /// Null-window (`PV == false`, `beta == alpha + 1`) or principal-variation search
        /// with the table, for positions above SHALLOW_MAX empties. `moves` are `p`'s legal
        /// moves: the parent's ordering worked them out already.
        $(#[$feat])*
        fn search<const R: bool, const PV: bool>(
            ctx: &mut Ctx,
            p: u64,
            o: u64,
            moves: u64,
            mut alpha: i32,
            beta: i32,
        ) -> i32 {
            let n = (!(p | o)).count_ones();
            debug_assert_eq!(moves, $moves(p, o));
            if n <= SHALLOW_MAX {
                return small::<R>(ctx, p, o, moves, alpha, beta);
            }
            ctx.nodes += 1;
            if ctx.should_stop() {
                return 0;
            }
            if let Some(upper) = stability_cut::<R>(p, o, alpha) {
                return upper;
            }
            // The nodes nearest the end use this thread's own small table (see `near`).
            let near = n <= NEAR_MAX;
            // What this node's bounds are: exact, or as sure as the selective probe's cuts.
            let kind = crate::search::endgame::node_kind(ctx.end_cut, n);
            let hit = if near {
                ctx.near.probe(p, o).map(|e| (true, e.lower as i32, e.upper as i32, e.best))
            } else {
                ctx.tt.probe(p, o).map(|e| {
                    let usable = e.kind == KIND_EXACT || e.kind == kind;
                    (usable, e.lower as i32, e.upper as i32, e.best)
                })
            };
            let mut tt_move = NO_MOVE;
            if let Some((exact, lower, upper, best)) = hit {
                if exact {
                    if lower >= beta || lower == upper {
                        return lower;
                    }
                    if upper <= alpha {
                        return upper;
                    }
                }
                tt_move = best;
            }
            if moves == 0 {
                let theirs = $moves(o, p);
                if theirs == 0 {
                    return final_score::<R>(p, o);
                }
                return -search::<R, PV>(ctx, o, p, theirs, -beta, -alpha);
            }
            if !PV && !R && kind != KIND_EXACT {
                if let Some(v) = crate::search::endgame::end_probcut(ctx, p, o, alpha, n) {
                    return v;
                }
            }
            if n >= ETC_MIN {
                // Enhanced transposition cutoff: a child already known to refute cuts now.
                // The children are made here, not taken from the ordered list, so that a cut
                // here or by the table's move below never pays for the ordering.
                let mut children = [(0u64, 0u64, 0u8); 36];
                let mut len = 0;
                let mut m = moves;
                while m != 0 {
                    let sq = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let f = $flips(p, o, sq);
                    let (cp, co) = (o ^ f, p ^ f ^ (1 << sq));
                    ctx.tt.prefetch(cp, co);
                    children[len] = (cp, co, sq as u8);
                    len += 1;
                }
                for &(cp, co, sq) in &children[..len] {
                    if let Some(e) = ctx.tt.probe(cp, co) {
                        let usable = e.kind == KIND_EXACT || e.kind == kind;
                        if usable && -(e.upper as i32) >= beta {
                            let v = -(e.upper as i32);
                            ctx.tt.store(p, o, e.kind, n as u8, v, 64, sq as u8);
                            return v;
                        }
                    }
                }
            }
            let alpha0 = alpha;
            let mut best = -SCORE_INF;
            let mut best_sq = NO_MOVE;
            let mut rest = moves;
            if tt_move != NO_MOVE && moves & (1 << tt_move) != 0 {
                // The table's move first, before ordering the others: it usually cuts, and
                // then the ordering's move generation and evaluations are never needed.
                let sq = tt_move as usize;
                rest ^= 1 << sq;
                let f = $flips(p, o, sq);
                let (cp, co) = (o ^ f, p ^ f ^ (1 << sq));
                let v = -search::<R, PV>(ctx, cp, co, $moves(cp, co), -beta, -alpha);
                if ctx.aborted {
                    return 0;
                }
                best = v;
                best_sq = tt_move;
                if v > alpha {
                    alpha = v;
                }
            }
            if best < beta && rest != 0 {
                let mut list = MoveList::new();
                order::<R>(ctx, p, o, rest, NO_MOVE, &mut list);
                for i in 0..list.len {
                    // Once one move has not cut, the rest may be shared with the helpers.
                    if (i > 0 || best_sq != NO_MOVE)
                        && n >= SPLIT_MIN
                        && i + 1 < list.len
                        && let Some(pool) = ctx.pool
                        && pool.has_idle()
                    {
                        for j in i..list.len {
                            list.pick(j);
                        }
                        let rest = list.items[i..list.len].to_vec();
                        let (v, sq) = pool.split(ctx, rest, (alpha, beta), n, PV, work::<R, PV>);
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
                    let v = if PV && best_sq == NO_MOVE {
                        -search::<R, true>(ctx, c.player, c.opponent, c.replies, -beta, -alpha)
                    } else {
                        let (cp, co, cm) = (c.player, c.opponent, c.replies);
                        let v = -search::<R, false>(ctx, cp, co, cm, -alpha - 1, -alpha);
                        if PV && v > alpha && v < beta && !ctx.aborted {
                            -search::<R, true>(ctx, c.player, c.opponent, c.replies, -beta, -alpha)
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
            }
            let (lower, upper) = if best >= beta {
                (best, 64)
            } else if best > alpha0 {
                (best, best)
            } else {
                (-64, best)
            };
            if near {
                ctx.near.store(p, o, lower, upper, best_sq);
            } else {
                ctx.tt.store(p, o, kind, n as u8, lower, upper, best_sq);
            }
            best
        }

        /// A thread's work at one of this build's split points (see
        /// [`crate::search::pool`]), as the plain function the pool calls.
        #[allow(unused_unsafe)]
        fn work<const R: bool, const PV: bool>(ctx: &mut Ctx, point: &SplitPoint) {
            ctx.near.prepare();
            // SAFETY: only this build's search opens points with this work, and that search
            // runs only where the CPU has every feature the build enables (`available()`).
            unsafe { share::<R, PV>(ctx, point) }
        }

        /// The next move of `point` nobody has taken, until none are left, one cuts, or the
        /// thread is stopped.
        $(#[$feat])*
        fn share<const R: bool, const PV: bool>(ctx: &mut Ctx, point: &SplitPoint) {
            let beta = point.beta;
            loop {
                if ctx.aborted || point.cut.load(Ordering::Acquire) {
                    return;
                }
                let i = point.next.fetch_add(1, Ordering::Relaxed);
                let Some(c) = point.moves.get(i) else {
                    return;
                };
                let a = point.alpha.load(Ordering::Relaxed);
                let mut v = -search::<R, false>(ctx, c.player, c.opponent, c.replies, -a - 1, -a);
                if PV && v > a && v < beta && !ctx.aborted {
                    v = -search::<R, true>(ctx, c.player, c.opponent, c.replies, -beta, -a);
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

        /// The root: fail-soft score in the window and the move that reached it
        /// (`NO_MOVE` on a pass or at the end).
        $(#[$feat])*
        pub(crate) fn root<const R: bool>(
            ctx: &mut Ctx,
            p: u64,
            o: u64,
            mut alpha: i32,
            beta: i32,
        ) -> (i32, u8) {
            ctx.nodes += 1;
            let moves = $moves(p, o);
            if moves == 0 {
                if $moves(o, p) == 0 {
                    return (final_score::<R>(p, o), NO_MOVE);
                }
                let (v, _) = root::<R>(ctx, o, p, -beta, -alpha);
                return (-v, NO_MOVE);
            }
            let tt_move = ctx.tt.probe(p, o).map_or(NO_MOVE, |e| e.best);
            let mut list = MoveList::new();
            order::<R>(ctx, p, o, moves, tt_move, &mut list);
            let n = (!(p | o)).count_ones();
            let alpha0 = alpha;
            let mut best = -SCORE_INF;
            let mut best_sq = NO_MOVE;
            for i in 0..list.len {
                let c = list.pick(i);
                let v = if i == 0 {
                    -search::<R, true>(ctx, c.player, c.opponent, c.replies, -beta, -alpha)
                } else {
                    let (cp, co, cm) = (c.player, c.opponent, c.replies);
                    let v = -search::<R, false>(ctx, cp, co, cm, -alpha - 1, -alpha);
                    if v > alpha && v < beta && !ctx.aborted {
                        -search::<R, true>(ctx, c.player, c.opponent, c.replies, -beta, -alpha)
                    } else {
                        v
                    }
                };
                if ctx.aborted {
                    return (best, best_sq);
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
            let (lower, upper) = if best >= beta {
                (best, 64)
            } else if best > alpha0 {
                (best, best)
            } else {
                (-64, best)
            };
            let kind = crate::search::endgame::node_kind(ctx.end_cut, n);
            ctx.tt.store(p, o, kind, n as u8, lower, upper, best_sq);
            (best, best_sq)
        }

        /// [`root`] with the scoring `ctx` asks for (fewest discs when `ctx.reverse`).
        $(#[$feat])*
        pub(crate) fn root_for(ctx: &mut Ctx, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, u8) {
            if ctx.reverse {
                root::<true>(ctx, p, o, alpha, beta)
            } else {
                root::<false>(ctx, p, o, alpha, beta)
            }
        }
    };
}

mod portable {
    define_solver!(; crate::bits::moves, crate::bits::flips, crate::bits::last_flip_count);
}

#[cfg(target_arch = "x86_64")]
mod fast {
    define_solver!(
        #[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")];
        crate::bits_avx2::moves,
        crate::bits_avx2::flips,
        crate::bits_avx2::last_flip_count
    );

    /// Whether this CPU has every feature the fast build enables (checked once).
    pub(crate) fn available() -> bool {
        crate::simd::fast_cpu()
    }
}

/// The fast build with AVX-512's vector leading-zero count in the flip function.
#[cfg(target_arch = "x86_64")]
mod fastest {
    define_solver!(
        #[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt,avx512f,avx512vl,avx512cd")];
        crate::bits_avx2::moves,
        crate::bits_avx512::flips,
        crate::bits_avx2::last_flip_count
    );

    /// Whether this CPU has every feature this build enables (checked once).
    pub(crate) fn available() -> bool {
        static FASTEST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *FASTEST.get_or_init(|| {
            super::fast::available()
                && is_x86_feature_detected!("avx512f")
                && is_x86_feature_detected!("avx512vl")
                && is_x86_feature_detected!("avx512cd")
        })
    }
}

/// Whether this CPU runs the solver's AVX-512 build (the midgame search's builds follow it).
#[cfg(target_arch = "x86_64")]
pub(crate) fn avx512_build() -> bool {
    fastest::available()
}

/// Which build the solver uses on this CPU.
pub(crate) fn build_name() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    if fastest::available() {
        return "x86-64 avx512+avx2+bmi2";
    }
    #[cfg(target_arch = "x86_64")]
    if fast::available() {
        return "x86-64 avx2+bmi2";
    }
    "portable"
}

/// Exact fail-soft score of `(p, o)` in the window `(alpha, beta)` (discs) and the best
/// move found, through the fastest build this CPU runs.
pub(crate) fn search_window(ctx: &mut Ctx, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, u8) {
    ctx.near.prepare();
    #[cfg(target_arch = "x86_64")]
    if fastest::available() {
        // SAFETY: `available()` confirmed every feature `fastest::root_for` enables.
        return unsafe { fastest::root_for(ctx, p, o, alpha, beta) };
    }
    #[cfg(target_arch = "x86_64")]
    if fast::available() {
        // SAFETY: `available()` confirmed every feature `fast::root_for` enables.
        return unsafe { fast::root_for(ctx, p, o, alpha, beta) };
    }
    portable::root_for(ctx, p, o, alpha, beta)
}

/// The result of every build this CPU runs (portable first), each with a table of its
/// own (so that no build merely reads another's results), for tests that compare them.
#[cfg(test)]
pub(crate) fn search_window_every_build(
    eval: &dyn super::eval::Evaluate,
    reverse: bool,
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
) -> Vec<(i32, u8)> {
    let stop = std::sync::atomic::AtomicBool::new(false);
    let tables = [
        super::tt::Table::new(1),
        super::tt::Table::new(1),
        super::tt::Table::new(1),
    ];
    let ctx = |i: usize| {
        let mut ctx = Ctx::new(&tables[i], eval, reverse, &stop, &super::NoClock);
        ctx.near.prepare();
        ctx
    };
    let mut results = vec![portable::root_for(&mut ctx(0), p, o, alpha, beta)];
    #[cfg(target_arch = "x86_64")]
    if fast::available() {
        // SAFETY: `available()` confirmed every feature `fast::root_for` enables.
        results.push(unsafe { fast::root_for(&mut ctx(1), p, o, alpha, beta) });
    }
    #[cfg(target_arch = "x86_64")]
    if fastest::available() {
        // SAFETY: `available()` confirmed every feature `fastest::root_for` enables.
        results.push(unsafe { fastest::root_for(&mut ctx(2), p, o, alpha, beta) });
    }
    results
}

/// Solves `board` exactly, starting at `guess`: from END_CUT_FROM empties the selective
/// probes first (see [`END_CUT_FROM`]), their score the exact probes' guess.
/// Returns the score and best move, or `None` if the search was stopped.
pub(crate) fn solve(ctx: &mut Ctx, board: &Board, guess: i32) -> Option<(i32, u8)> {
    let mut guess = guess;
    // Not under fewest-discs scoring: the fits are for most discs.
    if board.empties().count_ones() >= END_CUT_FROM && !ctx.reverse {
        // The shallow searches are full width whatever the midgame's selectivity.
        let selectivity = std::mem::replace(&mut ctx.selectivity, super::Selectivity::Full);
        ctx.end_cut = END_CUT_CONFIDENCE;
        let found = probes(ctx, board, guess);
        ctx.end_cut = 0;
        ctx.selectivity = selectivity;
        guess = found?.0;
    }
    probes(ctx, board, guess)
}

/// Narrow-window probes (MTD(f) style) at the solver's present selectivity (`ctx.end_cut`),
/// starting at `guess`: each probe `(g - 1, g + 1)` either finds the score to be `g` or
/// moves a bound, and the next probe starts at the bound the last one returned (the search
/// is fail-soft, so a probe that misses often moves the bound by more than one step). With
/// guess 0 the first probe is a win/loss/draw search. Narrow windows cut far more than one
/// wide search, and the table carries what one probe learned into the next. Steps that
/// doubled while probes kept failing the same way searched more: 370 M nodes against 366 M
/// on the training set (`bench endgame --positions 30 --empties 22`), 593 M against 572 M
/// for FFO #40-#49 (they overshot and came back, #49 from +14 to +22 and down to +16).
fn probes(ctx: &mut Ctx, board: &Board, guess: i32) -> Option<(i32, u8)> {
    let (p, o) = (board.player, board.opponent);
    let (mut lower, mut upper) = (-64, 64);
    let mut g = guess.clamp(-64, 64) & !1;
    let mut best = NO_MOVE;
    loop {
        let (v, sq) = search_window(ctx, p, o, g - 1, g + 1);
        if ctx.aborted {
            return None;
        }
        if best == NO_MOVE {
            best = sq;
        }
        if v > g {
            lower = v;
            best = sq;
        } else if v < g {
            upper = v;
        } else {
            return Some((v, sq));
        }
        if lower >= upper {
            return Some((lower, best));
        }
        // Scores are even (empties go to the winner): the fail-soft bound, rounded away from
        // the last guess to an even score, is the next guess (a selective probe's cuts
        // return odd bounds).
        let v = v.clamp(lower, upper);
        g = if v > g { (v + 1) & !1 } else { v & !1 };
    }
}

/// A principal variation for a solved position of exact `score`: at each ply the first
/// move (the table's first) whose exact score matches. Stops early if the search is stopped.
pub(crate) fn principal_variation(ctx: &mut Ctx, board: &Board, score: i32) -> Vec<Square> {
    let mut pv = Vec::new();
    let mut pos = *board;
    let mut s = score;
    while !ctx.aborted {
        let moves = pos.moves();
        if moves == 0 {
            if pos.pass().moves() == 0 {
                break;
            }
            pos = pos.pass();
            s = -s;
            continue;
        }
        let hint = ctx
            .tt
            .probe(pos.player, pos.opponent)
            .map_or(NO_MOVE, |e| e.best);
        let mut order: Vec<u8> = (0..64).filter(|&sq| moves & (1u64 << sq) != 0).collect();
        if let Some(i) = order.iter().position(|&sq| sq == hint) {
            order.swap(0, i);
        }
        let mut found = None;
        for sq in order {
            let child = pos.play_with(sq as usize, pos.flips(sq as usize));
            let (v, _) = search_window(ctx, child.player, child.opponent, -s - 1, -s + 1);
            if ctx.aborted {
                // A stopped search's score means nothing: the line ends before this move.
                break;
            }
            if -v == s {
                found = Some((sq, child));
                break;
            }
        }
        match found {
            Some((sq, child)) => {
                pv.push(Square::new(sq).expect("a move index is a square"));
                pos = child;
                s = -s;
            }
            None => break,
        }
    }
    pv
}

#[cfg(test)]
mod tests {
    use super::super::eval::HandEval;
    use super::super::tt::Table;
    use super::*;
    use crate::search::NoClock;
    use std::sync::atomic::AtomicBool;

    /// Plain negamax over every move to the end: the reference.
    fn negamax(b: Board) -> i32 {
        let moves = b.moves();
        if moves == 0 {
            if b.pass().moves() == 0 {
                return b.final_score();
            }
            return -negamax(b.pass());
        }
        let mut best = -SCORE_INF;
        for sq in 0..64 {
            if moves & (1 << sq) != 0 {
                best = best.max(-negamax(b.play_with(sq, b.flips(sq))));
            }
        }
        best
    }

    fn random_board(seed: &mut u64, empties: u32) -> Board {
        let mut rnd = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        loop {
            let mut b = Board::start();
            loop {
                if b.empties().count_ones() == empties {
                    return b;
                }
                let m = b.moves();
                if m == 0 {
                    if b.pass().moves() == 0 {
                        break;
                    }
                    b = b.pass();
                    continue;
                }
                let mut mm = m;
                for _ in 0..rnd() % m.count_ones() as u64 {
                    mm &= mm - 1;
                }
                let sq = mm.trailing_zeros() as usize;
                b = b.play_with(sq, b.flips(sq));
            }
        }
    }

    /// The selective probes' bounds never reach an exact search: after probes with ProbCut,
    /// exact probes in the same table (from a guess of 0, so through many windows) give the
    /// score of a fresh table and a move that reaches it; and the selective probes cut.
    #[test]
    fn selective_probes_leave_exact_scores_alone() {
        let mut seed = 0x5E1E_C71Eu64;
        let stop = AtomicBool::new(false);
        let (mut selective_nodes, mut exact_nodes) = (0, 0);
        for _ in 0..16 {
            let b = random_board(&mut seed, END_CUT_MIN + 2);
            let fresh = Table::new(16);
            let mut ctx = Ctx::new(&fresh, &HandEval, false, &stop, &NoClock);
            let (exact, _) = probes(&mut ctx, &b, 0).unwrap();
            exact_nodes += ctx.nodes;

            let shared = Table::new(16);
            let mut ctx = Ctx::new(&shared, &HandEval, false, &stop, &NoClock);
            ctx.end_cut = END_CUT_CONFIDENCE;
            probes(&mut ctx, &b, 0).unwrap();
            selective_nodes += ctx.nodes;
            ctx.end_cut = 0;
            let (score, best) = probes(&mut ctx, &b, 0).unwrap();
            assert_eq!(score, exact, "{b:?}");
            let sq = best as usize;
            assert!(b.moves() & (1 << sq) != 0, "{b:?}: {best}");
            let child = b.play_with(sq, b.flips(sq));
            let mut ctx = Ctx::new(&fresh, &HandEval, false, &stop, &NoClock);
            assert_eq!(
                -probes(&mut ctx, &child, 0).unwrap().0,
                exact,
                "{b:?}: {best}"
            );
        }
        assert!(
            selective_nodes < exact_nodes,
            "{selective_nodes} {exact_nodes}"
        );
    }

    /// Every build this CPU runs, full and null windows, both scorings.
    #[test]
    fn every_build_agrees_with_negamax() {
        // Which builds this CPU runs (the others are not compared here): said in the output.
        let builds = search_window_every_build(&HandEval, false, 0, 0, -65, 65).len();
        eprintln!("comparing {builds} of the 3 solver builds (portable, AVX2, AVX-512)");
        let mut seed = 0xDEAD_BEEF_1234_5678u64;
        for i in 0..150 {
            let empties = 1 + (i % 10);
            let b = random_board(&mut seed, empties);
            let (p, o) = (b.player, b.opponent);
            let exact = negamax(b);
            for (score, _) in search_window_every_build(&HandEval, false, p, o, -65, 65) {
                assert_eq!(score, exact, "{b:?}");
            }
            // Null windows around the score must bracket it correctly.
            for (lo, _) in search_window_every_build(&HandEval, false, p, o, exact - 1, exact) {
                assert!(lo >= exact, "{b:?}");
            }
            for (hi, _) in search_window_every_build(&HandEval, false, p, o, exact, exact + 1) {
                assert!(hi <= exact, "{b:?}");
            }
            // Fewest discs: the negation of the most-discs game's own minimax.
            for (rev, _) in search_window_every_build(&HandEval, true, p, o, -65, 65) {
                assert_eq!(rev, reverse_negamax(b), "{b:?}");
            }
        }
    }

    fn reverse_negamax(b: Board) -> i32 {
        let moves = b.moves();
        if moves == 0 {
            if b.pass().moves() == 0 {
                return -b.final_score();
            }
            return -reverse_negamax(b.pass());
        }
        let mut best = -SCORE_INF;
        for sq in 0..64 {
            if moves & (1 << sq) != 0 {
                best = best.max(-reverse_negamax(b.play_with(sq, b.flips(sq))));
            }
        }
        best
    }

    /// Exact score and best move of `b` with a fresh table, on `threads` threads, and the
    /// number of split points opened.
    fn solve_on(b: Board, threads: usize, reverse: bool, window: (i32, i32)) -> ((i32, u8), u64) {
        let tt = Table::new(16);
        let stop = AtomicBool::new(false);
        let pool = crate::search::pool::Pool::new();
        let mut ctx = Ctx::new(&tt, &HandEval, reverse, &stop, &NoClock);
        ctx.pool = Some(&pool);
        let found = std::thread::scope(|s| {
            let _finish = crate::search::pool::Finish(&pool);
            for _ in 1..threads {
                s.spawn(|| {
                    let mut helper = Ctx::new(&tt, &HandEval, reverse, &pool.stop, &NoClock);
                    helper.pool = Some(&pool);
                    pool.help(&mut helper);
                });
            }
            search_window(&mut ctx, b.player, b.opponent, window.0, window.1)
        });
        assert!(!ctx.aborted && !pool.stop.load(std::sync::atomic::Ordering::Relaxed));
        (
            found,
            pool.opened.load(std::sync::atomic::Ordering::Relaxed),
        )
    }

    /// Splitting the work between threads changes neither the score nor the bounds: full
    /// windows (the principal-variation path and its re-searches) and null windows on both
    /// sides of the score, both scorings, two and three threads, positions deep enough
    /// (16 and 17 empties) for splits below the root and splits inside splits.
    #[test]
    fn split_searches_agree_with_one_thread() {
        let mut seed = 0x5EED_0001_2345_6789u64;
        let mut opened = 0;
        for i in 0..6 {
            let b = random_board(&mut seed, 16 + i % 2);
            for reverse in [false, true] {
                let ((exact, _), _) = solve_on(b, 1, reverse, (-65, 65));
                for threads in [2, 3] {
                    let ((v, sq), n) = solve_on(b, threads, reverse, (-65, 65));
                    opened += n;
                    assert_eq!(v, exact, "{threads} threads, reverse {reverse}: {b:?}");
                    // The move it names reaches that score.
                    if sq != NO_MOVE {
                        let child = b.play_with(sq as usize, b.flips(sq as usize));
                        let ((c, _), _) = solve_on(child, 1, reverse, (-65, 65));
                        assert_eq!(-c, exact, "{threads} threads: the move {sq} of {b:?}");
                    }
                    let ((lo, _), _) = solve_on(b, threads, reverse, (exact - 1, exact));
                    assert!(lo >= exact, "{lo} < {exact}: {b:?}");
                    let ((hi, _), _) = solve_on(b, threads, reverse, (exact, exact + 1));
                    assert!(hi <= exact, "{hi} > {exact}: {b:?}");
                }
            }
        }
        // Helpers wait from their start, so every wide solve above had its chances to split.
        assert!(opened > 0, "no split point was opened");
    }

    /// A stop while the threads share work ends the search on every thread (the test would
    /// hang otherwise) and leaves it marked unfinished.
    #[test]
    fn a_stop_ends_a_split_search() {
        let mut seed = 0x0BAD_CAFE_0000_0001u64;
        let b = random_board(&mut seed, 26);
        let stop = AtomicBool::new(false);
        let mut searcher = crate::search::Searcher::new(16).with_threads(2);
        let result = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(200));
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            });
            searcher.solve(&b, &stop, &NoClock)
        });
        assert!(!result.exact, "26 empties solved in 0.2 s? {b:?}");
    }
}
