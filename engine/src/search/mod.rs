//! The AI: iterative-deepening negascout with a transposition table, an exact endgame solver
//! and a ladder of playing levels. No clock or thread of its own: time and stop come in.
//!
//! ```
//! use reversi_engine::Board;
//! use reversi_engine::search::{Limits, NoClock, Searcher};
//! use std::sync::atomic::AtomicBool;
//! let mut searcher = Searcher::new(1);
//! let stop = AtomicBool::new(false);
//! let result = searcher.search(&Board::start(), &Limits::depth(4), &stop, &NoClock);
//! assert!(result.best_move.is_some());
//! assert_eq!(result.depth, 4);
//! ```

mod endgame;
mod eval;
mod level;
mod midgame;
mod near;
pub mod network;
mod ordering;
pub mod pattern;
#[cfg(any(target_arch = "x86_64", target_arch = "wasm32"))]
mod pattern_vector;
mod pool;
mod probcut;
mod pvs;
pub mod remote;
mod stability;
mod tt;
mod weights_coder;

pub use eval::{Evaluate, HandEval};
pub(crate) use level::pick_near;
pub use level::{Goal, Level, choose_move, choose_move_for};
pub use pattern::PatternEval;
pub use probcut::Selectivity;
pub use stability::stable_discs;

use crate::{Board, Scoring, Square};
use pool::{Pool, SplitPoint};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tt::Table;

/// Time as the caller measures it: milliseconds since the search started.
///
/// The library never reads a clock itself (it runs where `std::time::Instant` panics);
/// a closure `|| -> u64` is a clock too.
pub trait Clock {
    /// Milliseconds elapsed since the search began.
    fn elapsed_ms(&self) -> u64;
}

impl<F: Fn() -> u64> Clock for F {
    fn elapsed_ms(&self) -> u64 {
        self()
    }
}

/// A clock that never moves: for searches limited by depth or nodes only.
#[derive(Copy, Clone, Debug, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn elapsed_ms(&self) -> u64 {
        0
    }
}

/// When a search stops (besides the stop flag): whichever limit comes first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest midgame iteration, in plies.
    pub depth: u32,
    /// Node budget; the search stops soon after passing it (counted on the searching
    /// thread: helper threads add to the work done, not to the budget).
    pub nodes: Option<u64>,
    /// Time budget in milliseconds, measured by the caller's [`Clock`].
    pub time_ms: Option<u64>,
    /// Solve exactly when at most this many squares are empty (0: never).
    pub solve_empties: u32,
    /// Whether and how boldly the midgame search prunes (ProbCut).
    pub selectivity: Selectivity,
}

impl Limits {
    /// A fixed-depth search without exact solving or selective pruning.
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            nodes: None,
            time_ms: None,
            solve_empties: 0,
            selectivity: Selectivity::Full,
        }
    }

    /// A search that solves every position exactly, however long it takes.
    pub const fn solve() -> Limits {
        Limits {
            depth: 60,
            nodes: None,
            time_ms: None,
            solve_empties: 64,
            selectivity: Selectivity::Full,
        }
    }

    /// A search as deep as `time_ms` allows, solving exactly from `solve_empties` empties.
    pub const fn time(time_ms: u64, solve_empties: u32) -> Limits {
        Limits {
            depth: 60,
            nodes: None,
            time_ms: Some(time_ms),
            solve_empties,
            selectivity: Selectivity::TUNED,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move found, or `None` when the side to move must pass (or the game is over).
    pub best_move: Option<Square>,
    /// Score in discs from the side to move's view (final disc difference when `exact`).
    pub score: i32,
    /// The principal variation, starting with `best_move` (passes are left out).
    pub pv: Vec<Square>,
    /// Depth of the last completed iteration (the number of empties when solved).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Whether `score` is the exact result under perfect play.
    pub exact: bool,
}

/// Midgame scores are in hundredths of a disc; exact endgame scores convert by this factor.
pub(crate) const DISC: i32 = 100;
/// A bound beyond every score, in hundredths of a disc.
pub(crate) const INF: i32 = 30_000;
/// Nodes between two looks at the stop flag, the clock and the node budget.
const POLL_INTERVAL: u64 = 2048;

/// Everything one search carries down the tree: tables, counters, limits, evaluation.
pub(crate) struct Ctx<'a> {
    pub tt: &'a Table,
    /// The solver's table for the nodes nearest the end, this thread's own.
    pub near: near::NearTable,
    pub nodes: u64,
    pub aborted: bool,
    pub eval: &'a dyn Evaluate,
    /// Fewest-discs scoring: final scores and evaluations are negated.
    pub reverse: bool,
    pub selectivity: Selectivity,
    /// The solver's selective probes: ProbCut's confidence in hundredths of σ where a
    /// shallow search predicts the exact score (`endgame::END_CUT_CONFIDENCE`), 0 for an
    /// exact search.
    pub end_cut: u16,
    /// Whether an exact solve follows that this search's table entries order (the guess
    /// before a solve): one ply from the leaves it then finds each node's best move, not the
    /// first that cuts, two plies from them it orders by evaluations, not move counts (the
    /// solver's nodes grew by a third without; docs/evaluation.md), and from 7 plies by a
    /// one-ply search of each child. The solver's probes (`end_cut`) do the same.
    pub guides_solver: bool,
    next_poll: u64,
    stop: &'a AtomicBool,
    clock: &'a dyn Clock,
    time_ms: Option<u64>,
    node_limit: Option<u64>,
    /// The search's helper threads (midgame and solver), if it has any.
    pub pool: Option<&'a Pool>,
    /// The split points this thread works under, outermost first: a cut in any stops it.
    pub splits: Vec<Arc<SplitPoint>>,
}

impl<'a> Ctx<'a> {
    pub fn new(
        tt: &'a Table,
        eval: &'a dyn Evaluate,
        reverse: bool,
        stop: &'a AtomicBool,
        clock: &'a dyn Clock,
    ) -> Ctx<'a> {
        Ctx {
            tt,
            near: near::NearTable::new(),
            nodes: 0,
            aborted: false,
            eval,
            reverse,
            selectivity: Selectivity::Full,
            end_cut: 0,
            guides_solver: false,
            next_poll: POLL_INTERVAL,
            stop,
            clock,
            time_ms: None,
            node_limit: None,
            pool: None,
            splits: Vec::new(),
        }
    }

    /// Whether the search must unwind now; looks at the limits every [`POLL_INTERVAL`] nodes.
    #[inline(always)]
    pub fn should_stop(&mut self) -> bool {
        if self.nodes >= self.next_poll {
            self.poll();
        }
        self.aborted
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn poll(&mut self) {
        self.next_poll = self.nodes + POLL_INTERVAL;
        let stopped = self.stop.load(Ordering::Relaxed)
            || self.pool.is_some_and(|p| p.stop.load(Ordering::Relaxed))
            || self.time_ms.is_some_and(|t| self.clock.elapsed_ms() >= t)
            || self.node_limit.is_some_and(|n| self.nodes >= n);
        if stopped && let Some(pool) = self.pool {
            // The helpers' stop flag: every thread of the search stops with this one.
            pool.stop.store(true, Ordering::Relaxed);
        }
        if stopped || self.splits.last().is_some_and(|s| s.stopped()) {
            self.aborted = true;
        }
    }

    /// The nodes counted so far, leaving the count at zero (a helper hands them over after
    /// each piece of work); the next look at the limits comes as it would from zero.
    pub fn take_nodes(&mut self) -> u64 {
        self.next_poll = POLL_INTERVAL;
        std::mem::take(&mut self.nodes)
    }

    /// Milliseconds since the search began, by the caller's clock.
    pub fn elapsed_ms(&self) -> u64 {
        self.clock.elapsed_ms()
    }

    /// The evaluation of `board` for the side to move, in hundredths of a disc.
    #[inline]
    pub fn evaluate(&self, board: &Board) -> i32 {
        let v = self.eval.evaluate(board).clamp(-63 * DISC, 63 * DISC);
        if self.reverse { -v } else { v }
    }

    /// Whether this search's table moves will order an exact solve: the guess before one
    /// (`guides_solver`) or the solver's selective probes (`end_cut`). The midgame's
    /// shortcuts that store a cut rather than the best move are left out there.
    #[inline]
    pub(crate) fn orders_solver(&self) -> bool {
        self.guides_solver || self.end_cut != 0
    }
}

/// A reusable search: its transposition table keeps what earlier searches learned.
pub struct Searcher {
    tt: Table,
    eval: Box<dyn Evaluate>,
    scoring: Scoring,
    threads: usize,
}

impl Searcher {
    /// A searcher with a transposition table of about `tt_mb` megabytes and the learned
    /// evaluation (the hand-written one in a build whose weights were not installed), for
    /// standard (most discs) scoring.
    pub fn new(tt_mb: usize) -> Searcher {
        Searcher::with_table(Table::new(tt_mb))
    }

    /// Like [`Searcher::new`], for a searcher kept over many searches (a benchmark, an
    /// NBoard session): its table is mapped in large pages where the system allows, which
    /// costs more to set up and makes every search after it a little faster.
    pub fn long_lived(tt_mb: usize) -> Searcher {
        Searcher::with_table(Table::in_large_pages(tt_mb))
    }

    fn with_table(tt: Table) -> Searcher {
        let eval: Box<dyn Evaluate> = match PatternEval::learned() {
            Some(learned) => Box::new(learned),
            None => Box::new(HandEval),
        };
        Searcher {
            tt,
            eval,
            scoring: Scoring::MostDiscs,
            threads: 1,
        }
    }

    /// Searches on `threads` threads (1: this one alone): where a node's first move has not
    /// cut, its other moves are shared out (young brothers wait), in the midgame search from
    /// five plies to go and in the exact solver from 14 empties, whenever a thread is idle;
    /// splits open inside splits, and idle threads join whichever has moves left.
    pub fn with_threads(mut self, threads: usize) -> Searcher {
        self.threads = threads.max(1);
        self
    }

    /// Replaces the evaluation (e.g. with the hand-written [`HandEval`] for comparison). For
    /// a new searcher: the table is kept as it is (a used one holds the old one's scores).
    pub fn with_eval(mut self, eval: Box<dyn Evaluate>) -> Searcher {
        self.eval = eval;
        self
    }

    /// Sets the scoring; [`Scoring::FewestDiscs`] negates evaluations and final scores. For a
    /// new searcher (the table is kept): [`Searcher::set_scoring`] changes a used one's.
    pub fn with_scoring(mut self, scoring: Scoring) -> Searcher {
        self.scoring = scoring;
        self
    }

    /// Changes the scoring of later searches, keeping the table.
    pub fn set_scoring(&mut self, scoring: Scoring) {
        if scoring != self.scoring {
            self.scoring = scoring;
            self.tt.clear(); // its scores were for the other scoring
        }
    }

    /// Forgets everything the table learned.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Searches `board` within `limits`; stops early, with the best move so far, when `stop`
    /// is set or a budget runs out.
    pub fn search(
        &mut self,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
        clock: &dyn Clock,
    ) -> SearchResult {
        self.tt.new_search();
        let reverse = self.scoring == Scoring::FewestDiscs;
        let helpers = self.threads - 1;
        let mut ctx = Ctx::new(&self.tt, &*self.eval, reverse, stop, clock);
        ctx.time_ms = limits.time_ms;
        ctx.node_limit = limits.nodes;
        ctx.selectivity = limits.selectivity;
        if helpers == 0 {
            return midgame::iterate(&mut ctx, board, limits);
        }
        let pool = Pool::new();
        ctx.pool = Some(&pool);
        let (tt, eval, pool) = (&self.tt, &*self.eval, &pool);
        let mut result = std::thread::scope(|s| {
            let _finish = pool::Finish(pool);
            for _ in 0..helpers {
                s.spawn(move || {
                    // Stopped when the searching thread is, or by a cut above its work.
                    let mut helper = Ctx::new(tt, eval, reverse, &pool.stop, &NoClock);
                    helper.pool = Some(pool);
                    pool.help(&mut helper);
                });
            }
            midgame::iterate(&mut ctx, board, limits)
        });
        // Read once every helper has ended and counted its nodes.
        result.nodes += pool.nodes.load(Ordering::Relaxed);
        result
    }

    /// Solves `board` exactly (until `stop`): best move, final disc difference and a PV.
    pub fn solve(&mut self, board: &Board, stop: &AtomicBool, clock: &dyn Clock) -> SearchResult {
        self.search(board, &Limits::solve(), stop, clock)
    }

    /// The value of `board` for the side to move in hundredths of a disc: a full-width
    /// search (no selective pruning) to `depth` plies, exact where it reaches the end. The
    /// training pipeline labels positions with it.
    pub fn value(&mut self, board: &Board, depth: u32, stop: &AtomicBool) -> i32 {
        self.value_with(board, depth, Selectivity::Full, stop)
    }

    /// [`Searcher::value`] with the given selectivity: with ProbCut, a deep label costs a
    /// fraction of the full-width one.
    pub fn value_with(
        &mut self,
        board: &Board,
        depth: u32,
        selectivity: Selectivity,
        stop: &AtomicBool,
    ) -> i32 {
        self.tt.new_search();
        let reverse = self.scoring == Scoring::FewestDiscs;
        let mut ctx = Ctx::new(&self.tt, &*self.eval, reverse, stop, &NoClock);
        ctx.selectivity = selectivity;
        midgame::value(&mut ctx, board, depth)
    }

    /// Scores every legal move of `board` at `depth` with a full window (exact where the
    /// position is within `solve_empties`): `(square, score in hundredths of a disc)`.
    pub fn score_moves(
        &mut self,
        board: &Board,
        depth: u32,
        solve_empties: u32,
        stop: &AtomicBool,
        clock: &dyn Clock,
    ) -> Vec<(Square, i32)> {
        self.tt.new_search();
        let reverse = self.scoring == Scoring::FewestDiscs;
        let mut ctx = Ctx::new(&self.tt, &*self.eval, reverse, stop, clock);
        midgame::score_moves(&mut ctx, board, depth, solve_empties)
    }
}

/// Solves `board` exactly with a fresh 64 MB table (tests and tools).
///
/// ```
/// use reversi_engine::{notation::parse_board, Rules};
/// use reversi_engine::search::solve;
/// // FFO #20 (6 empties): black h5 wins by 6.
/// let text = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X";
/// let board = parse_board(text, Rules::default()).unwrap().board();
/// let result = solve(&board);
/// assert_eq!((result.score, result.best_move.unwrap().to_string()), (6, "h5".into()));
/// ```
pub fn solve(board: &Board) -> SearchResult {
    Searcher::new(64).solve(board, &AtomicBool::new(false), &NoClock)
}

/// Which build the solver runs on this CPU ("x86-64 avx512+avx2+bmi2", "x86-64 avx2+bmi2"
/// or "portable").
pub fn solver_build() -> &'static str {
    endgame::build_name()
}
