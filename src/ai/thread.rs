//! The desktop's search: each search runs on a thread of its own at the lowest priority,
//! stopped through a shared flag when the job is dropped.
//!
//! Not on Bevy's async compute pool: on a two-core machine that pool has one thread, and the
//! renderer compiles its pipelines there. A search queued behind a slow pipeline compile (a
//! software renderer takes seconds for each) kept the computer "thinking" without thinking,
//! and the lowered priority, which stayed with the pool's thread, slowed every later compile.
//! A thread of its own costs tens of microseconds a move and takes its priority with it.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use reversi_engine::grid::{GridMove, GridPosition};
use reversi_engine::search::Level;
use reversi_engine::search::remote::answer_line;

use super::moves::{SinceStart, complete_move, computer_move};

/// The computer's move, searched in the background.
pub type Job = Background<GridMove>;

/// A request line (`reversi_engine::search::remote`) answered in the background: the study
/// searches behind hints, the evaluation bar and the post-game review.
pub type LineJob = Background<String>;

/// A search in progress in the background.
pub struct Background<T> {
    answer: Answer<T>,
    stop: Arc<AtomicBool>,
}

/// Where the answer comes from.
enum Answer<T> {
    /// The search's own thread. (In a `Mutex` only because a resource must be `Sync` and a
    /// receiver is not; `poll` has `&mut` and never locks it.)
    Thread(Mutex<Receiver<T>>),
    /// A task on the compute pool, where the system refused a new thread: slower to start
    /// behind the renderer's work, but the game goes on.
    Pool(Task<T>),
    /// The search's thread ended without answering (never expected: a panic is answered
    /// with the job's fallback).
    Lost,
}

impl<T: Send + 'static> Background<T> {
    /// Runs `search` on a new low-priority thread; it is handed the stop flag. `search` is
    /// cloned so that the original can go to the pool if the thread is refused. If the
    /// search panics (a bug, which Rust reports), `fallback` answers instead, so the game
    /// never waits for a move that cannot come.
    fn spawn(
        search: impl FnOnce(&AtomicBool) -> T + Clone + Send + 'static,
        fallback: impl FnOnce() -> T + Send + 'static,
    ) -> Background<T> {
        let stop = Arc::new(AtomicBool::new(false));
        let (send, receive) = sync_channel(1);
        let (flag, on_thread) = (stop.clone(), search.clone());
        let spawned = std::thread::Builder::new()
            .name("reversi-search".into())
            .spawn(move || {
                lowest_priority();
                let answer = std::panic::catch_unwind(AssertUnwindSafe(|| on_thread(&flag)))
                    .unwrap_or_else(|_| fallback());
                // A send fails only when the job was dropped: the answer is not wanted.
                let _ = send.send(answer);
            });
        let answer = match spawned {
            Ok(_) => Answer::Thread(Mutex::new(receive)),
            Err(why) => {
                warn!("no thread for the search ({why}); it runs on the compute pool");
                let flag = stop.clone();
                Answer::Pool(AsyncComputeTaskPool::get().spawn(async move { search(&flag) }))
            }
        };
        Background { answer, stop }
    }

    /// The answer, once the search has finished.
    pub fn poll(&mut self) -> Option<T> {
        match &mut self.answer {
            Answer::Thread(receive) => match receive
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner)
                .try_recv()
            {
                Ok(answer) => Some(answer),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => {
                    error!("the search's thread ended without an answer");
                    self.answer = Answer::Lost;
                    None
                }
            },
            Answer::Pool(task) => check_ready(task),
            Answer::Lost => None,
        }
    }
}

impl Job {
    /// Searches `pos` at `level` on `threads` threads (this job's and helpers).
    pub fn start(pos: GridPosition, level: Level, seed: u64, threads: usize) -> Job {
        Background::spawn(
            move |stop| computer_move(&pos, level, seed, threads, stop),
            // The first legal move, or a pass (complete_move warns that it stands in).
            move || complete_move(&pos, None),
        )
    }
}

impl LineJob {
    pub fn start(line: String) -> LineJob {
        Background::spawn(
            move |stop| answer_line(&line, stop, &SinceStart(Instant::now())),
            || "error the search stopped on an internal error".to_string(),
        )
    }
}

impl<T> Drop for Background<T> {
    fn drop(&mut self) {
        // The search returns its best so far at once and its thread ends; the answer is
        // dropped with the channel.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Puts the calling thread (the search's own) at the lowest scheduling priority. The search
/// is CPU-bound for up to seconds; at normal priority it competes with the frame loop and the
/// renderer's threads, and on two cores that shows as long frames. At nice 19 it still gets
/// every otherwise idle cycle. Linux only: there a nice value is per thread.
fn lowest_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: plain system calls on the current thread's id; no memory is shared.
        let result = unsafe {
            let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
            libc::setpriority(libc::PRIO_PROCESS, tid, 19)
        };
        if result != 0 {
            warn!("could not lower the AI thread's priority; frames may slow while it thinks");
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;
    use std::time::{Duration, Instant};

    use bevy::tasks::TaskPool;
    use reversi_engine::Rules;
    use reversi_engine::grid::BoardSize;

    use super::*;

    /// The renderer compiles its pipelines on the compute pool (one thread on two cores), a
    /// software renderer for seconds each: the computer's move must not wait behind them.
    #[test]
    fn a_search_answers_while_every_compute_pool_thread_is_busy() {
        let pool = AsyncComputeTaskPool::get_or_init(TaskPool::default);
        let release = Arc::new(AtomicBool::new(false));
        let running = Arc::new(AtomicUsize::new(0));
        let threads = pool.thread_num().max(1);
        let blockers: Vec<_> = (0..threads)
            .map(|_| {
                let (release, running) = (release.clone(), running.clone());
                pool.spawn(async move {
                    running.fetch_add(1, Ordering::Relaxed);
                    while !release.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                })
            })
            .collect();
        while running.load(Ordering::Relaxed) < threads {
            std::thread::sleep(Duration::from_millis(1));
        }
        let pos = GridPosition::new(BoardSize::Eight, Rules::default());
        let mut job = Job::start(pos, Level::Club, 7, 1);
        let deadline = Instant::now() + Duration::from_secs(30);
        let answer = loop {
            if let Some(mv) = job.poll() {
                break Some(mv);
            }
            if Instant::now() > deadline {
                break None;
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        release.store(true, Ordering::Relaxed);
        drop(blockers);
        match answer {
            Some(GridMove::Place { cell, .. }) => {
                assert!(
                    pos.legal_squares() & pos.size().bit(cell) != 0,
                    "{cell} is not legal"
                );
            }
            other => panic!("no move while the pool was busy: {other:?}"),
        }
    }

    #[test]
    fn a_search_that_panics_is_answered_by_its_fallback() {
        let mut job = Background::spawn(|_: &AtomicBool| -> u32 { panic!("a bug") }, || 7);
        let deadline = Instant::now() + Duration::from_secs(30);
        let answer = loop {
            if let Some(answer) = job.poll() {
                break answer;
            }
            assert!(
                Instant::now() < deadline,
                "no answer from a search that panicked"
            );
            std::thread::sleep(Duration::from_millis(5));
        };
        assert_eq!(answer, 7);
    }

    #[test]
    fn a_malformed_request_gets_an_error_line_from_its_thread() {
        let mut job = LineJob::start("think board=nonsense".to_string());
        let deadline = Instant::now() + Duration::from_secs(30);
        let reply = loop {
            if let Some(line) = job.poll() {
                break line;
            }
            assert!(Instant::now() < deadline, "no reply to a malformed request");
            std::thread::sleep(Duration::from_millis(5));
        };
        assert!(reply.starts_with("error"), "{reply}");
    }
}
