//! Choosing the computer's move in a position, on whatever thread calls it: the engine's search,
//! plus what the search does not model (passes, the free opening, the one-line flip rule).

use std::sync::atomic::AtomicBool;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use reversi_engine::grid::{Cell, GridMove, GridPosition, grid_choose_move, squares};
use reversi_engine::search::{Clock, Goal, Level};
use reversi_engine::{FlipRule, Scoring, Status};

/// Milliseconds since the search started, from Bevy's wasm-safe `Instant`.
pub(super) struct SinceStart(pub(super) Instant);

impl Clock for SinceStart {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// The computer's move in `pos` at `level`, searched on the calling thread and `threads - 1`
/// helpers. Variants the search does not model are handled here: see [`forced_move`] and
/// [`complete_move`].
pub fn computer_move(
    pos: &GridPosition,
    level: Level,
    seed: u64,
    threads: usize,
    cancel: &AtomicBool,
) -> GridMove {
    if let Some(mv) = forced_move(pos, seed) {
        return mv;
    }
    let clock = SinceStart(Instant::now());
    let result = grid_choose_move(
        &pos.board(),
        level,
        Goal::of(&pos.rules()),
        threads,
        seed,
        cancel,
        &clock,
    );
    complete_move(pos, result.best_move.map(|i| pos.size().cell(i)))
}

/// The move when no search is needed: a pass, or a centre square in the free opening.
pub fn forced_move(pos: &GridPosition, seed: u64) -> Option<GridMove> {
    match pos.status() {
        Status::Over(_) | Status::MustPass(_) => Some(GridMove::Pass),
        Status::ToMove(_) if pos.in_free_opening() => {
            // In the free opening the legal squares are the empty centre ones.
            let free: Vec<_> = squares(pos.size(), pos.legal_squares()).collect();
            Some(GridMove::at(free[(seed as usize) % free.len()]))
        }
        Status::ToMove(_) => None,
    }
}

/// The full move for the search's square: under the one-line rule the line that suits the
/// scoring best. A missing or illegal square (never expected) becomes the first legal one.
pub fn complete_move(pos: &GridPosition, searched: Option<Cell>) -> GridMove {
    let legal = pos.legal_squares();
    let square = match searched {
        Some(sq) if legal & pos.size().bit(sq) != 0 => sq,
        other => match squares(pos.size(), legal).next() {
            Some(first) => {
                warn!("search returned {other:?}, not legal here; playing {first}");
                first
            }
            None => return GridMove::Pass,
        },
    };
    if pos.rules().flips == FlipRule::ChooseOneLine {
        let lines = pos.flanked_lines(square);
        let pick = match pos.rules().scoring {
            Scoring::MostDiscs => lines.iter().max_by_key(|(_, f)| f.count_ones()),
            Scoring::FewestDiscs => lines.iter().min_by_key(|(_, f)| f.count_ones()),
        };
        return GridMove::Place {
            cell: square,
            line: pick.map(|(d, _)| *d),
        };
    }
    GridMove::at(square)
}
