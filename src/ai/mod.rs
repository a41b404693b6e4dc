//! The bridge to the engine's AI: when the computer is to move, its search runs away from the
//! frame (a thread of its own on the desktop, a Web Worker in the browser), is cancelled
//! when the position changes, and its move is sent as a placement request once the board is
//! still and the minimum thinking time passed. Before the disc drops, the chosen square is
//! announced for a moment (the board marks it), so a player sees where the computer plays;
//! a key or a click cuts that short.

use bevy::prelude::*;
use reversi_engine::Status;
use reversi_engine::grid::{Cell, GridMove, GridPosition};

use crate::rules::{Match, PlaceRequest, Player, Source};
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::state::animation::BoardAnimation;
use crate::state::devices::Presses;
use crate::state::menu::Menu;

pub mod moves;
#[cfg(not(target_arch = "wasm32"))]
mod thread;
#[cfg(not(target_arch = "wasm32"))]
use thread::Job;
#[cfg(not(target_arch = "wasm32"))]
pub use thread::LineJob;
#[cfg(target_arch = "wasm32")]
mod worker;
#[cfg(target_arch = "wasm32")]
use worker::Job;
#[cfg(target_arch = "wasm32")]
pub use worker::LineJob;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiThinking>().add_systems(
        Update,
        // Any menu over the board (Paused, Settings, saving, a new game's setup) holds the
        // computer's move back: it may go on thinking, but it places only in play.
        (start_thinking, finish_thinking.run_if(in_state(Menu::None)))
            .chain()
            .in_set(Thinking)
            .in_set(GameSet::Input),
    );
}

/// The systems that start and finish the computer's search (others order themselves after
/// them to see whether it is thinking this frame).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Thinking;

/// The computer's search in progress, if any.
#[derive(Resource, Default)]
pub struct AiThinking {
    /// Whether a search is running or its move is waiting to be shown.
    pub active: bool,
    /// The search; dropping it stops it.
    job: Option<Job>,
    /// The position generation the search answers.
    generation: u64,
    started: f64,
    ready: Option<GridMove>,
    /// The square the computer has chosen and is showing before it places, and since when.
    announced: Option<(Cell, f64)>,
}

/// How long the chosen square shows before the disc drops, at normal animation speed.
pub const ANNOUNCE_SECS: f64 = 0.35;

impl AiThinking {
    /// Stops the running search (it returns its best move so far, which is then dropped).
    pub fn cancel(&mut self) {
        self.job = None;
        self.ready = None;
        self.announced = None;
        self.active = false;
    }

    /// Whether its search is running (not only its move waiting to be shown): the machine is
    /// the computer's then.
    pub fn searching(&self) -> bool {
        self.job.is_some()
    }

    /// The square the computer is about to place on, while it is being shown.
    pub fn announced(&self) -> Option<Cell> {
        self.announced.map(|(square, _)| square)
    }

    /// The discs the announced move will flip: under the one-line rule only its chosen
    /// line's, not every line the square flanks.
    pub fn announced_flips(&self, pos: &GridPosition) -> u128 {
        match (self.announced(), self.ready) {
            (
                Some(cell),
                Some(GridMove::Place {
                    line: Some(line), ..
                }),
            ) => pos
                .flanked_lines(cell)
                .into_iter()
                .find(|(direction, _)| *direction == line)
                .map_or(0, |(_, flips)| flips),
            (Some(cell), _) => pos.flips_of(cell),
            (None, _) => 0,
        }
    }
}

fn start_thinking(
    mut ai: ResMut<AiThinking>,
    state: Res<Match>,
    time: Res<Time>,
    settings: Res<Settings>,
) {
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
    let seed = state.generation.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ state.game.ply() as u64;
    ai.job = Some(Job::start(pos, level, seed, settings.search_threads()));
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
    presses: Presses,
    mut requests: MessageWriter<PlaceRequest>,
) {
    if !ai.active || ai.generation != state.generation {
        return;
    }
    if let Some(mv) = ai.job.as_mut().and_then(Job::poll) {
        ai.ready = Some(mv);
        ai.job = None;
    }
    let min_wait = settings.thinking_delay_ms as f64 / 1000.0;
    if animation.is_busy(&time) || time.elapsed_secs_f64() < ai.started + min_wait {
        return;
    }
    let now = time.elapsed_secs_f64();
    let announce_for = ANNOUNCE_SECS * f64::from(settings.animation.factor());
    if let Some(GridMove::Place { cell: square, .. }) = ai.ready
        && announce_for > 0.0
    {
        match ai.announced {
            None => {
                ai.announced = Some((square, now));
                return;
            }
            // A key or a click (after the frame it began) cuts the showing short.
            Some((_, since)) if now < since + announce_for && (now <= since || !presses.any()) => {
                return;
            }
            Some(_) => {}
        }
    }
    if let Some(mv) = ai.ready.take() {
        ai.active = false;
        ai.announced = None;
        if let GridMove::Place { cell: square, line } = mv {
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

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::Rules;
    use reversi_engine::grid::{BoardSize, GridGame};

    #[test]
    fn the_announced_move_lifts_only_its_chosen_line() {
        let mut game = GridGame::new(BoardSize::Eight, Rules::default());
        game.play_transcript("f5d6c3d3c4f4f6f3e6e7").unwrap();
        let pos = *game.current();
        let (cell, lines) = pos
            .legal_cells()
            .map(|c| (c, pos.flanked_lines(c)))
            .find(|(_, lines)| lines.len() > 1)
            .expect("a square flanking two lines");
        let mut ai = AiThinking {
            announced: Some((cell, 0.0)),
            ready: Some(GridMove::Place {
                cell,
                line: Some(lines[1].0),
            }),
            ..AiThinking::default()
        };
        assert_eq!(ai.announced_flips(&pos), lines[1].1);
        assert_ne!(lines[1].1, pos.flips_of(cell));
        ai.ready = Some(GridMove::Place { cell, line: None });
        assert_eq!(ai.announced_flips(&pos), pos.flips_of(cell));
        ai.announced = None;
        assert_eq!(ai.announced_flips(&pos), 0);
    }
}
