//! The search's helper threads, for the midgame search and the exact solver alike: young
//! brothers wait, with nested splits and a helpful owner.
//!
//! A thread whose node's first move has not cut, with another thread idle, opens a split
//! point: the node's other moves, for any thread to take one at a time. Idle helpers join
//! the newest open point; a thread working under a point may open another one below it, so
//! no helper waits while work is left anywhere; and the thread that opened a point, once its
//! moves are all taken, helps at the points opened below its own until its helpers leave,
//! instead of waiting for them. A cutoff at a point stops every thread working under it
//! (each thread checks the points above it when it polls). When the searching thread is
//! stopped (from outside, or by its time or node budget) it raises the pool's stop flag,
//! which is every helper's: a move is only ever dropped from a point when the search stops
//! or a point above it is cut, so a point's owner, looking again after its helpers leave,
//! never takes a point with a dropped move for a finished one. The node budget counts the
//! searching thread's nodes only.

use super::ordering::Candidate;
use super::{Ctx, INF, Selectivity};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

/// One node's moves, shared out.
pub(crate) struct SplitPoint {
    /// The moves left when the point opened, best first.
    pub moves: Vec<Candidate>,
    /// The next move nobody has taken (an index into `moves`).
    pub next: AtomicUsize,
    /// The best score so far and the window's upper end.
    pub alpha: AtomicI32,
    pub beta: i32,
    /// Plies to go at the node (its moves are searched one less).
    pub depth: u32,
    /// Whether the node is on the principal variation (full-window re-searches).
    pub pv: bool,
    pub selectivity: Selectivity,
    /// The solver's endgame ProbCut (`Ctx::end_cut`) at the node.
    pub end_cut: u16,
    /// Whether the table's moves will order an exact solve (`Ctx::guides_solver`).
    pub guides_solver: bool,
    /// The best score and move among the moves finished.
    pub best: Mutex<(i32, u8)>,
    /// A move cut, or the thread that opened the point was stopped: take no more.
    pub cut: AtomicBool,
    /// Threads working on its moves now, the owner included.
    workers: AtomicUsize,
    /// The points above it, outermost first: a cut in any of them stops the work here too.
    pub chain: Vec<Arc<SplitPoint>>,
    /// What a thread does there: the midgame's or one solver build's way of taking moves.
    work: Work,
}

/// A thread's work at a split point: takes its moves one at a time until none are left, one
/// cuts, or the thread is stopped.
pub(crate) type Work = fn(&mut Ctx, &SplitPoint);

impl SplitPoint {
    /// Whether this point or one above it has been cut.
    pub fn stopped(&self) -> bool {
        self.cut.load(Ordering::Acquire) || self.chain.iter().any(|s| s.cut.load(Ordering::Acquire))
    }

    /// Whether `other` lies above this point (or is it).
    fn under(&self, other: &Arc<SplitPoint>) -> bool {
        std::ptr::eq(self, &**other) || self.chain.iter().any(|s| Arc::ptr_eq(s, other))
    }
}

/// The helpers of one search and the split points open for them.
pub(crate) struct Pool {
    /// Split points that may have moves left, oldest first.
    open: Mutex<Vec<Arc<SplitPoint>>>,
    wake: Condvar,
    /// Threads waiting for work: helpers with none, owners whose moves are all taken.
    idle: AtomicUsize,
    /// The search is over: the helpers return.
    done: AtomicBool,
    /// The searching thread was stopped (from outside, or by its time or node budget): the
    /// helpers' stop flag, so that every thread stops, wherever it works.
    pub stop: AtomicBool,
    /// Nodes the helpers searched.
    pub nodes: AtomicU64,
    /// Split points opened (tests check that splits happen at all).
    pub opened: AtomicU64,
}

impl Pool {
    pub fn new() -> Pool {
        Pool {
            open: Mutex::new(Vec::new()),
            wake: Condvar::new(),
            idle: AtomicUsize::new(0),
            done: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            opened: AtomicU64::new(0),
        }
    }

    /// Whether a thread is waiting for work: only then is a split worth its cost.
    #[inline]
    pub fn has_idle(&self) -> bool {
        self.idle.load(Ordering::Relaxed) > 0
    }

    /// Ends the helpers' loops once their work is done.
    pub fn finish(&self) {
        self.done.store(true, Ordering::Release);
        let _guard = self.open.lock().unwrap_or_else(|e| e.into_inner());
        self.wake.notify_all();
    }

    /// A helper's life: joins open split points until the search is over. `ctx` is the
    /// helper's own context (the shared table and evaluation, [`Pool::stop`] as its stop
    /// flag, no clock or budget).
    pub fn help(&self, ctx: &mut Ctx) {
        loop {
            let point = {
                let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
                loop {
                    if self.done.load(Ordering::Acquire) {
                        return;
                    }
                    if let Some(p) = take_work(&open, |_| true) {
                        break p;
                    }
                    self.idle.fetch_add(1, Ordering::Relaxed);
                    open = self.wake.wait(open).unwrap_or_else(|e| e.into_inner());
                    self.idle.fetch_sub(1, Ordering::Relaxed);
                }
            };
            self.work_at(ctx, &point);
            self.nodes.fetch_add(ctx.take_nodes(), Ordering::Relaxed);
        }
    }

    /// Searches the moves of `moves` (the rest of a node's moves, best first) with the
    /// helpers: opens a split point, takes moves until none are left, then helps below it
    /// until every thread working on it has left. Returns the best score and move among
    /// them (`-INF` if none finished). `ctx.aborted` says whether this thread must stop (from
    /// outside or by a cut above); a cut of the point's own does not count, and a point a
    /// move was dropped from is never returned as if complete, since a move is dropped only
    /// when the search stops or a point above is cut, which the last look here sees.
    pub fn split(
        &self,
        ctx: &mut Ctx,
        moves: Vec<Candidate>,
        (alpha, beta): (i32, i32),
        depth: u32,
        pv: bool,
        work: Work,
    ) -> (i32, u8) {
        let point = Arc::new(SplitPoint {
            moves,
            next: AtomicUsize::new(0),
            alpha: AtomicI32::new(alpha),
            beta,
            depth,
            pv,
            selectivity: ctx.selectivity,
            end_cut: ctx.end_cut,
            guides_solver: ctx.guides_solver,
            best: Mutex::new((-INF, super::tt::NO_MOVE)),
            cut: AtomicBool::new(false),
            workers: AtomicUsize::new(1),
            chain: ctx.splits.clone(),
            work,
        });
        {
            let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
            open.push(Arc::clone(&point));
            self.wake.notify_all();
        }
        self.opened.fetch_add(1, Ordering::Relaxed);
        ctx.splits.push(Arc::clone(&point));
        work(ctx, &point);
        if ctx.aborted && !point.cut.load(Ordering::Acquire) {
            // Stopped from outside or above: the helpers here stop at once too.
            point.cut.store(true, Ordering::Release);
        }
        // The owner's moves are all taken: it helps below this point until its helpers
        // leave, counted idle while it has nothing to do so that they open points for it.
        let (mut idle, mut spins) = (false, 0u32);
        while point.workers.load(Ordering::Acquire) > 1 {
            let below = if ctx.aborted {
                None
            } else {
                let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
                take_work(&open, |p| p.under(&point) && !Arc::ptr_eq(p, &point))
            };
            if let Some(p) = below {
                if std::mem::take(&mut idle) {
                    self.idle.fetch_sub(1, Ordering::Relaxed);
                }
                spins = 0;
                let mine = std::mem::take(&mut ctx.splits);
                self.work_at(ctx, &p);
                ctx.splits = mine;
                ctx.poll();
            } else {
                if !std::mem::replace(&mut idle, true) {
                    self.idle.fetch_add(1, Ordering::Relaxed);
                }
                // A short spin for a point about to open below, then the core goes to
                // whatever else runs (the game's frames).
                spins += 1;
                if spins.is_multiple_of(64) && !ctx.aborted {
                    // Its limits still count while it waits: a stop from outside or the
                    // clock running out reaches the helpers (the pool's stop flag), which
                    // read no clock and would otherwise finish their moves first.
                    ctx.poll();
                    if ctx.aborted && !point.cut.load(Ordering::Acquire) {
                        point.cut.store(true, Ordering::Release);
                    }
                }
                if spins < 64 {
                    std::hint::spin_loop();
                } else {
                    std::thread::yield_now();
                }
            }
        }
        if idle {
            self.idle.fetch_sub(1, Ordering::Relaxed);
        }
        self.close(&point);
        ctx.splits.pop();
        let found = *point.best.lock().unwrap_or_else(|e| e.into_inner());
        // Whatever stopped this thread or its helpers: look again at what lies above, the
        // point's own cut no longer counting.
        ctx.aborted = false;
        ctx.poll();
        found
    }

    /// Works at `point` (already counted among its workers) and leaves it, even if the work
    /// panics (the owner waits for its workers to leave).
    fn work_at(&self, ctx: &mut Ctx, point: &Arc<SplitPoint>) {
        let _leave = Leave(self, point);
        ctx.splits = point.chain.clone();
        ctx.splits.push(Arc::clone(point));
        ctx.selectivity = point.selectivity;
        ctx.end_cut = point.end_cut;
        ctx.guides_solver = point.guides_solver;
        ctx.aborted = false;
        (point.work)(ctx, point);
        ctx.splits.clear();
        ctx.aborted = false;
    }

    /// Takes `point` off the open list.
    fn close(&self, point: &Arc<SplitPoint>) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.retain(|p| !Arc::ptr_eq(p, point));
    }
}

/// What one thread of a split does with a move it finished at `v`, searched with `a` as the
/// window's lower end: the split's best score and move, and its lower end for the moves
/// still to take. (Whether `v` cuts is the caller's, each split stopping its own threads.)
/// Shared by the midgame's and the solver's ways of working at a split point.
#[inline]
pub(crate) fn record_move(best: &Mutex<(i32, u8)>, alpha: &AtomicI32, v: i32, a: i32, square: u8) {
    {
        let mut best = best.lock().unwrap_or_else(|e| e.into_inner());
        if v > best.0 {
            *best = (v, square);
        }
    }
    if v > a {
        alpha.fetch_max(v, Ordering::Relaxed);
    }
}

/// Ends the helpers' loops when dropped: the searching thread holds one, taken before it
/// starts them, so that its helpers return even when it unwinds from a panic (they would
/// otherwise wait for work for ever, and the scope that joins them would never return the
/// panic to the caller). Unwinding, it also stops them where they work: helpers read no
/// clock, and a split's remaining moves would keep them busy long after.
pub(crate) struct Finish<'a>(pub &'a Pool);

impl Drop for Finish<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop.store(true, Ordering::Relaxed);
        }
        self.0.finish();
    }
}

/// Leaves a split point's workers when dropped. Unwinding from a panic, it stops the whole
/// search (the searching thread reads the pool's stop flag too): a move the panicking thread
/// took would otherwise be missing from its point's result, and the search would go on to
/// its end before the panic reached the caller.
struct Leave<'a>(&'a Pool, &'a SplitPoint);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop.store(true, Ordering::Relaxed);
        }
        self.1.workers.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The newest open point that `fits`, has moves left and is not stopped, counted as joined.
fn take_work(
    open: &[Arc<SplitPoint>],
    fits: impl Fn(&Arc<SplitPoint>) -> bool,
) -> Option<Arc<SplitPoint>> {
    let p = open
        .iter()
        .rev()
        .find(|p| fits(p) && p.next.load(Ordering::Relaxed) < p.moves.len() && !p.stopped())?;
    p.workers.fetch_add(1, Ordering::AcqRel);
    Some(Arc::clone(p))
}
