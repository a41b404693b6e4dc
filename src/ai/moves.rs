//! Choosing the computer's move in a position, on whatever thread calls it: the engine's search,
//! plus what the search does not model (passes, the free opening, the one-line flip rule, a
//! supply that ends the game: the last moves of those variants by their own exact search).

use std::sync::atomic::AtomicBool;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use reversi_engine::grid::{Cell, GridMove, GridPosition, grid_choose_move, squares, variant_move};
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
/// helpers. Variants the search does not model are handled here: see [`forced_move`],
/// [`variant_move`] (their endings, exactly) and [`complete_move`] (before that).
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
    // The level's time counts from here: a variant search that ran out of nodes has used
    // some of it (the worker's search is timed from its request the same way).
    let clock = SinceStart(Instant::now());
    if let Some(mv) = variant_move(pos, level, seed, cancel) {
        return mv;
    }
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

/// The move a search in another thread or worker answered with: as it is where it names its
/// line (the variant's own search chose it) and is legal here, else completed from its square.
pub fn complete_reply(pos: &GridPosition, reply: Option<GridMove>) -> GridMove {
    match reply {
        Some(mv @ GridMove::Place { line: Some(_), .. }) if pos.play(mv).is_ok() => mv,
        other => complete_move(pos, other.and_then(|mv| mv.cell())),
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

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::Rules;
    use reversi_engine::grid::BoardSize;

    /// A one-line game's position with `empties` empty squares and a choice of moves, from
    /// a walk through the moves that `walk` seeds.
    fn one_line_ending(empties: u32, walk: usize) -> GridPosition {
        let rules = Rules {
            flips: FlipRule::ChooseOneLine,
            ..Rules::default()
        };
        let mut pos = GridPosition::new(BoardSize::Eight, rules);
        let mut n = walk;
        while pos.empties().count_ones() > empties || pos.legal_moves().len() < 2 {
            let moves = pos.legal_moves();
            pos = match moves.is_empty() {
                true => GridPosition::new(BoardSize::Eight, rules),
                false => pos.play(moves[n % moves.len()]).unwrap().0,
            };
            n = n.wrapping_mul(31).wrapping_add(7);
        }
        pos
    }

    #[test]
    fn a_variants_last_moves_come_from_its_own_exact_search() {
        let stop = AtomicBool::new(false);
        let mut differs = 0;
        for walk in 0..12 {
            let pos = one_line_ending(8, walk);
            let exact = variant_move(&pos, Level::Club, 5, &stop).expect("within Club's endgame");
            assert_eq!(computer_move(&pos, Level::Club, 5, 1, &stop), exact);
            // What Othello's tree and the most flips would have played.
            let clock = SinceStart(Instant::now());
            let othello = grid_choose_move(
                &pos.board(),
                Level::Club,
                Goal::of(&pos.rules()),
                1,
                5,
                &stop,
                &clock,
            );
            let cell = othello.best_move.map(|i| pos.size().cell(i));
            differs += usize::from(complete_move(&pos, cell) != exact);
        }
        assert!(
            differs > 0,
            "every ending played the same either way: a weak test"
        );
    }

    #[test]
    fn a_reply_keeps_its_legal_line_and_completes_anything_else() {
        // A lined move that is not the line the most flips would give (so keeping it shows).
        let (pos, lined) = (0..50)
            .find_map(|walk| {
                let pos = one_line_ending(8, walk);
                let greedy = |mv: &GridMove| complete_move(&pos, mv.cell());
                let other = pos.legal_moves().into_iter().find(|mv| greedy(mv) != *mv)?;
                Some((pos, other))
            })
            .expect("a square flanking two lines");
        let legal = pos.legal_moves();
        assert_eq!(complete_reply(&pos, Some(lined)), lined);
        // A square alone gets the line that flips the most; an illegal move the first legal.
        let cell = lined.cell().unwrap();
        let alone = complete_reply(&pos, Some(GridMove::at(cell)));
        assert_eq!(alone.cell(), Some(cell));
        assert!(pos.play(alone).is_ok());
        let taken = pos.cells_of(pos.to_move()).next().unwrap();
        let wrong = GridMove::Place {
            cell: taken,
            line: lined_line(lined),
        };
        assert!(legal.contains(&complete_reply(&pos, Some(wrong))));
    }

    fn lined_line(mv: GridMove) -> Option<reversi_engine::Direction> {
        match mv {
            GridMove::Place { line, .. } => line,
            GridMove::Pass => None,
        }
    }
}
