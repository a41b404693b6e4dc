//! The browser's search: the request goes to the engine in a Web Worker (`web/ai-worker.js`),
//! because WebAssembly here has one thread and a search on it would stop the frames for as
//! long as it thinks. Dropping the job tells the page to stop the worker's search.
//! If the worker cannot be used (the page lacks it, or it failed to load) the computer's move
//! is searched here, on the frame: slow frames, but the game goes on. A study search (a hint,
//! the bar, the review's dozens of positions) fails instead: frozen frames for scores nobody
//! must have would make the game unplayable. A search that trapped in the worker (a panic,
//! or memory running out) is tried once more in a fresh worker; should that trap too, the
//! computer plays its first legal move, as on the desktop: the same search here could abort
//! the whole page, or freeze it for the level's whole time.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use bevy::platform::time::Instant;
use bevy::prelude::*;
use reversi_engine::grid::{GridMove, GridPosition};
use reversi_engine::search::remote::{ThinkReply, ThinkRequest, Variant, answer_line};
use reversi_engine::search::{Goal, Level};

use super::moves::{SinceStart, complete_reply, forced_move};
use crate::web::page;

static NEXT_ID: AtomicU32 = AtomicU32::new(1);

/// A request line (`reversi_engine::search::remote`) answered by the worker: the computer's
/// moves and the study searches behind hints, the evaluation bar and the post-game review.
pub struct LineJob {
    id: u32,
    line: String,
    done: Option<String>,
    /// Whether a worker that is not available is replaced by a search on the page's thread
    /// (the computer's move) rather than answered as an error (a study search).
    here_on_failure: bool,
    /// Whether the request was sent again after a trap.
    retried: bool,
}

/// The start of the worker's reply for a search that trapped (`web/ai-worker.js`).
const TRAPPED: &str = "error the engine failed";

impl LineJob {
    /// A study search: without the worker it fails (see the module's note).
    pub fn start(line: String) -> LineJob {
        LineJob::begin(line, false)
    }

    fn begin(line: String, here_on_failure: bool) -> LineJob {
        let mut job = LineJob {
            id: 0,
            line,
            done: None,
            here_on_failure,
            retried: false,
        };
        job.send();
        job
    }

    /// Hands the request to the worker under a new id.
    fn send(&mut self) {
        self.id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        if let Err(why) = page::think(self.id, &self.line) {
            self.worker_failed(&why);
        }
    }

    /// The reply line, once the worker has answered. An `error` reply is a worker that
    /// trapped (tried once more) or is not available (see the module's note); a `failed`
    /// one (a search that gave up) would fail here too, on the page's thread, so it is the
    /// answer.
    pub fn poll(&mut self) -> Option<String> {
        if self.done.is_none() {
            match page::reply(self.id) {
                Ok(None) => {}
                Ok(Some(line)) if line.starts_with("error") => self.worker_failed(&line),
                Ok(Some(line)) => self.done = Some(line),
                Err(why) => self.worker_failed(&why),
            }
        }
        self.done.take()
    }

    fn worker_failed(&mut self, why: &str) {
        let trapped = why.starts_with(TRAPPED);
        if trapped && !self.retried {
            // The page has replaced the worker that trapped: one more try in the new one.
            warn!("the AI worker failed ({why}); trying once more");
            self.retried = true;
            self.send();
        } else if trapped {
            warn!("the AI worker failed again ({why})");
            self.done = Some(why.to_string());
        } else if self.here_on_failure {
            self.answer_here(why);
        } else {
            warn!("the AI worker is not available ({why}); no study search without it");
            let why = why.strip_prefix("error").unwrap_or(why).trim();
            self.done = Some(format!("error {why}"));
        }
    }

    fn answer_here(&mut self, why: &str) {
        warn!("the AI worker is not available ({why}); searching on the page's thread");
        let clock = SinceStart(Instant::now());
        self.done = Some(answer_line(&self.line, &AtomicBool::new(false), &clock));
    }
}

impl Drop for LineJob {
    fn drop(&mut self) {
        page::cancel(self.id);
    }
}

/// The computer's move: a search handed to the worker, or a move already known.
pub struct Job {
    pos: GridPosition,
    search: Option<LineJob>,
    done: Option<GridMove>,
}

impl Job {
    /// Asks the search worker for the move; the browser's one worker is one thread, so
    /// `threads` (always 1 there) is not passed on.
    pub fn start(pos: GridPosition, level: Level, seed: u64, _threads: usize) -> Job {
        let done = forced_move(&pos, seed);
        let search = done.is_none().then(|| {
            let request = ThinkRequest {
                board: pos.board(),
                level,
                scoring: pos.rules().scoring,
                book: Goal::of(&pos.rules()).book,
                seed,
                variant: Variant::of(&pos),
            };
            LineJob::begin(request.to_string(), true)
        });
        Job { pos, search, done }
    }

    /// The move, once the worker (or, without one, the page's thread) has answered; a reply
    /// that is not a move (a search that trapped twice, or gave up) plays the first legal
    /// move, which keeps the game going.
    pub fn poll(&mut self) -> Option<GridMove> {
        if self.done.is_none()
            && let Some(search) = self.search.as_mut()
            && let Some(line) = search.poll()
        {
            let square = ThinkReply::parse(&line).unwrap_or_else(|why| {
                warn!("the AI's search failed ({why}); playing the first legal move");
                ThinkReply(None)
            });
            self.done = Some(complete_reply(&self.pos, square.0));
        }
        self.done.take()
    }
}
