//! The bridge to the engine's AI: when the computer is to move, its search runs on the async
//! compute pool (never on the frame), is cancelled when the position changes, and its move is
//! sent as a placement request once the board is still and the minimum thinking time passed.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use reversi_engine::search::{Clock, Level, choose_move_for};
use reversi_engine::{CENTRE, FlipRule, Move, Position, Scoring, Status};

use crate::GameSet;
use crate::board::discs::BoardAnimation;
use crate::rules::{Match, PlaceRequest, Player, Source};
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiThinking>().add_systems(
        Update,
        (start_thinking, finish_thinking)
            .chain()
            .in_set(GameSet::Input),
    );
}

/// The computer's search in progress, if any.
#[derive(Resource, Default)]
pub struct AiThinking {
    /// Whether a search is running or its move is waiting to be shown.
    pub active: bool,
    task: Option<Task<Move>>,
    cancel: Option<Arc<AtomicBool>>,
    /// The position generation the search answers.
    generation: u64,
    started: f64,
    ready: Option<Move>,
}

impl AiThinking {
    /// Stops the running search (it returns its best move so far, which is then dropped).
    pub fn cancel(&mut self) {
        if let Some(flag) = self.cancel.take() {
            flag.store(true, Ordering::Relaxed);
        }
        self.task = None;
        self.ready = None;
        self.active = false;
    }
}

/// Milliseconds since the search started, from Bevy's wasm-safe `Instant`.
struct SinceStart(Instant);

impl Clock for SinceStart {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// The computer's move in `pos` at `level`. Variants the search does not model are handled
/// here: the free opening picks a centre square, and under the one-line rule the search's
/// square is played with the line that suits the scoring best.
pub fn computer_move(pos: &Position, level: Level, seed: u64, cancel: &AtomicBool) -> Move {
    match pos.status() {
        Status::Over(_) => return Move::Pass,
        Status::MustPass(_) => return Move::Pass,
        Status::ToMove(_) => {}
    }
    let legal = pos.legal_squares();
    if pos.in_free_opening() {
        let free: Vec<_> = legal.squares().filter(|s| CENTRE & s.bit() != 0).collect();
        return Move::at(free[(seed as usize) % free.len()]);
    }
    let clock = SinceStart(Instant::now());
    let result = choose_move_for(
        &pos.board(),
        level,
        pos.rules().scoring,
        seed,
        cancel,
        &clock,
    );
    let square = match result.best_move {
        Some(sq) if legal.contains(sq) => sq,
        other => {
            // Never play an illegal move: fall back to the first legal square and say so.
            let first = legal.first().expect("ToMove has a legal square");
            warn!("search returned {other:?}, not legal here; playing {first}");
            first
        }
    };
    if pos.rules().flips == FlipRule::ChooseOneLine {
        let lines = pos.flanked_lines(square);
        let pick = match pos.rules().scoring {
            Scoring::MostDiscs => lines.iter().max_by_key(|(_, f)| f.count()),
            Scoring::FewestDiscs => lines.iter().min_by_key(|(_, f)| f.count()),
        };
        return Move::Place {
            square,
            line: pick.map(|(d, _)| *d),
        };
    }
    Move::at(square)
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

fn start_thinking(mut ai: ResMut<AiThinking>, state: Res<Match>, time: Res<Time>) {
    if ai.active && ai.generation == state.generation {
        return;
    }
    if ai.active {
        ai.cancel(); // the position changed under the search (undo, new game)
    }
    if state.reviewing {
        return; // stepping through a finished game: the positions are history
    }
    let Status::ToMove(side) = state.status() else {
        return;
    };
    let Player::Computer(level) = state.setup.player(side) else {
        return;
    };
    let pos = *state.game.current();
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let seed = state.generation.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ state.game.ply() as u64;
    ai.task = Some(AsyncComputeTaskPool::get().spawn(async move {
        background_priority();
        computer_move(&pos, level, seed, &flag)
    }));
    ai.cancel = Some(cancel);
    ai.generation = state.generation;
    ai.started = time.elapsed_secs_f64();
    ai.active = true;
}

fn finish_thinking(
    mut ai: ResMut<AiThinking>,
    state: Res<Match>,
    time: Res<Time>,
    settings: Res<Settings>,
    animation: Res<BoardAnimation>,
    mut requests: MessageWriter<PlaceRequest>,
) {
    if !ai.active || ai.generation != state.generation {
        return;
    }
    if let Some(task) = ai.task.as_mut()
        && let Some(mv) = check_ready(task)
    {
        ai.ready = Some(mv);
        ai.task = None;
    }
    let min_wait = settings.thinking_delay_ms as f64 / 1000.0;
    if animation.is_busy(&time) || time.elapsed_secs_f64() < ai.started + min_wait {
        return;
    }
    if let Some(mv) = ai.ready.take() {
        ai.active = false;
        ai.cancel = None;
        if let Move::Place { square, line } = mv {
            requests.write(PlaceRequest {
                square,
                line,
                source: Source::Computer {
                    generation: ai.generation,
                },
            });
        }
    }
}
