//! The browser's search: the request goes to the engine in a Web Worker (`web/ai-worker.js`),
//! because WebAssembly here has one thread and a search on it would stop the frames for as
//! long as it thinks. Dropping the job tells the page to stop the worker's search.
//! If the worker cannot be used (the page lacks it, or it failed to load) the search runs
//! here, on the frame: slow frames, but the game goes on.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use bevy::platform::time::Instant;
use bevy::prelude::*;
use reversi_engine::search::Level;
use reversi_engine::search::remote::{ThinkReply, ThinkRequest, answer_line};
use reversi_engine::{Move, Position};

use super::{complete_move, computer_move, forced_move};
use crate::web::page;

static NEXT_ID: AtomicU32 = AtomicU32::new(1);

/// A search handed to the worker, or a move already known.
pub struct Job {
    id: u32,
    pos: Position,
    level: Level,
    seed: u64,
    done: Option<Move>,
}

impl Job {
    pub fn start(pos: Position, level: Level, seed: u64) -> Job {
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let mut job = Job {
            id,
            pos,
            level,
            seed,
            done: forced_move(&pos, seed),
        };
        if job.done.is_none() {
            let request = ThinkRequest {
                board: pos.board(),
                level,
                scoring: pos.rules().scoring,
                seed,
            };
            if let Err(e) = page::think(id, &request.to_string()) {
                job.search_here(&e);
            }
        }
        job
    }

    /// The move, once the worker has answered.
    pub fn poll(&mut self) -> Option<Move> {
        if self.done.is_none() {
            match page::reply(self.id) {
                Ok(None) => {}
                Ok(Some(line)) => match ThinkReply::parse(&line) {
                    Ok(ThinkReply(square)) => self.done = Some(complete_move(&self.pos, square)),
                    Err(why) => self.search_here(&why),
                },
                Err(why) => self.search_here(&why),
            }
        }
        self.done.take()
    }

    fn search_here(&mut self, why: &str) {
        warn!("the AI worker is not available ({why}); searching on the page's thread");
        let stop = AtomicBool::new(false);
        self.done = Some(computer_move(&self.pos, self.level, self.seed, &stop));
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        page::cancel(self.id);
    }
}

/// A request line (`reversi_engine::search::remote`) answered by the worker: the study
/// searches behind hints, the evaluation bar and the post-game review.
pub struct LineJob {
    id: u32,
    line: String,
    done: Option<String>,
}

impl LineJob {
    pub fn start(line: String) -> LineJob {
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let mut job = LineJob {
            id,
            line,
            done: None,
        };
        if let Err(why) = page::think(id, &job.line) {
            job.answer_here(&why);
        }
        job
    }

    /// The reply line, once the worker has answered.
    pub fn poll(&mut self) -> Option<String> {
        if self.done.is_none() {
            match page::reply(self.id) {
                Ok(None) => {}
                Ok(Some(line)) => self.done = Some(line),
                Err(why) => self.answer_here(&why),
            }
        }
        self.done.take()
    }

    fn answer_here(&mut self, why: &str) {
        warn!("the AI worker is not available ({why}); analysing on the page's thread");
        let started = Instant::now();
        let clock = move || started.elapsed().as_millis() as u64;
        self.done = Some(answer_line(&self.line, &AtomicBool::new(false), &clock));
    }
}

impl Drop for LineJob {
    fn drop(&mut self) {
        page::cancel(self.id);
    }
}
