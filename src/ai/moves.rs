//! Choosing the computer's move in a position, on whatever thread calls it: the engine's search,
//! plus what the search does not model (passes, the free opening, the one-line flip rule).

use std::sync::atomic::AtomicBool;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use reversi_engine::search::{Clock, Level, choose_move_for};
use reversi_engine::{CENTRE, FlipRule, Move, Position, Scoring, Square, Status};

/// Milliseconds since the search started, from Bevy's wasm-safe `Instant`.
pub(super) struct SinceStart(pub(super) Instant);

impl Clock for SinceStart {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// The computer's move in `pos` at `level`, searched on the calling thread. Variants the
/// search does not model are handled here: see [`forced_move`] and [`complete_move`].
pub fn computer_move(pos: &Position, level: Level, seed: u64, cancel: &AtomicBool) -> Move {
    if let Some(mv) = forced_move(pos, seed) {
        return mv;
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
    complete_move(pos, result.best_move)
}

/// The move when no search is needed: a pass, or a centre square in the free opening.
pub fn forced_move(pos: &Position, seed: u64) -> Option<Move> {
    match pos.status() {
        Status::Over(_) | Status::MustPass(_) => Some(Move::Pass),
        Status::ToMove(_) if pos.in_free_opening() => {
            let legal = pos.legal_squares();
            let free: Vec<_> = legal.squares().filter(|s| CENTRE & s.bit() != 0).collect();
            Some(Move::at(free[(seed as usize) % free.len()]))
        }
        Status::ToMove(_) => None,
    }
}

/// The full move for the search's square: under the one-line rule the line that suits the
/// scoring best. A missing or illegal square (never expected) becomes the first legal one.
pub fn complete_move(pos: &Position, searched: Option<Square>) -> Move {
    let legal = pos.legal_squares();
    let square = match searched {
        Some(sq) if legal.contains(sq) => sq,
        other => match legal.first() {
            Some(first) => {
                warn!("search returned {other:?}, not legal here; playing {first}");
                first
            }
            None => return Move::Pass,
        },
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
