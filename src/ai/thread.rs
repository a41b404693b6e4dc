//! The desktop's search: a task on Bevy's async compute pool, at the lowest thread priority,
//! stopped through a shared flag when the job is dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use reversi_engine::grid::{GridMove, GridPosition};
use reversi_engine::search::Level;
use reversi_engine::search::remote::answer_line;

use super::moves::{SinceStart, computer_move};

/// The computer's move, searched on the compute pool.
pub type Job = Background<GridMove>;

/// A request line (`reversi_engine::search::remote`) answered on the compute pool: the
/// study searches behind hints, the evaluation bar and the post-game review.
pub type LineJob = Background<String>;

/// A search in progress on the compute pool.
pub struct Background<T> {
    task: Task<T>,
    stop: Arc<AtomicBool>,
}

impl<T: Send + 'static> Background<T> {
    /// Runs `search` on the pool at background priority; it is handed the stop flag.
    fn spawn(search: impl FnOnce(&AtomicBool) -> T + Send + 'static) -> Background<T> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move {
            background_priority();
            search(&flag)
        });
        Background { task, stop }
    }

    /// The answer, once the search has finished.
    pub fn poll(&mut self) -> Option<T> {
        check_ready(&mut self.task)
    }
}

impl Job {
    pub fn start(pos: GridPosition, level: Level, seed: u64) -> Job {
        Background::spawn(move |stop| computer_move(&pos, level, seed, stop))
    }
}

impl LineJob {
    pub fn start(line: String) -> LineJob {
        Background::spawn(move |stop| answer_line(&line, stop, &SinceStart(Instant::now())))
    }
}

impl<T> Drop for Background<T> {
    fn drop(&mut self) {
        // The task returns its best so far at once; dropping the task discards it.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Puts the calling thread (a compute-pool worker) at the lowest scheduling priority, once.
/// The search is CPU-bound for up to seconds; at normal priority it competes with the frame
/// loop and the renderer's threads, and on two cores that shows as long frames. At nice 19 it
/// still gets every otherwise idle cycle. Linux only: there a nice value is per thread.
fn background_priority() {
    #[cfg(target_os = "linux")]
    {
        thread_local! {
            static LOWERED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
        }
        if LOWERED.get() {
            return;
        }
        LOWERED.set(true);
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
