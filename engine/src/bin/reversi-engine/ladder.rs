//! `reversi-engine ladder`: each level plays the next one up from varied openings, each
//! opening twice with colours swapped, and the results come out as a Markdown table.

use crate::{Stopwatch, fail};
use reversi_engine::grid::{BoardSize, GridMove, GridPosition, grid_choose_move};
use reversi_engine::search::{Level, choose_move};
use reversi_engine::{Color, Move, Position, Rules, Scoring, Square, Status};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// Random plies from the start that make an opening: enough for hundreds of distinct
/// positions, few enough that neither side is already lost.
const OPENING_PLIES: usize = 6;

/// The openings: random legal moves from a fixed seed, so every run plays the same ones.
/// Distinct while they last: there are 8,200 of six plies, and the rarest come up seldom, so
/// past a hundred tries an opening the list is allowed repeats (a long match would otherwise
/// draw for ever).
pub fn openings(count: usize) -> Vec<Vec<Move>> {
    let mut state = 0x0DDB_A11Eu64;
    let mut next = move || {
        // splitmix64: a tiny, good-enough generator that needs no dependency here
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut out: Vec<Vec<Move>> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut tries = 0;
    while out.len() < count {
        let mut pos = Position::new(Rules::default());
        let mut moves = Vec::new();
        for _ in 0..OPENING_PLIES {
            let legal = pos.legal_moves();
            let mv = legal[(next() % legal.len() as u64) as usize];
            pos = pos.play(mv).expect("a legal move").0;
            moves.push(mv);
        }
        tries += 1;
        if seen.insert(moves.clone()) || tries > 100 * count {
            out.push(moves);
        }
    }
    out
}

/// Plays a game from `opening` to its end, asking `choose` for the square of each placement
/// (given the position, the side to move and the number of moves since the opening, passes
/// counted); returns the final disc difference for `colour` (empties to the winner).
pub fn play_out(
    opening: &[Move],
    colour: Color,
    mut choose: impl FnMut(&Position, Color, u64) -> Square,
) -> i32 {
    let mut pos = Position::new(Rules::default());
    for mv in opening {
        pos = pos.play(*mv).expect("openings are legal").0;
    }
    let mut ply = 0u64;
    loop {
        let mv = match pos.status() {
            Status::Over(outcome) => return outcome.score_for(colour),
            Status::MustPass(_) => Move::Pass,
            Status::ToMove(side) => Move::at(choose(&pos, side, ply)),
        };
        pos = pos.play(mv).expect("the players only play legal moves").0;
        ply += 1;
    }
}

/// One game from `opening`; returns the final disc difference for `stronger`.
fn play(
    opening: &[Move],
    stronger: Level,
    weaker: Level,
    stronger_colour: Color,
    seed: u64,
) -> i32 {
    let stop = AtomicBool::new(false);
    play_out(opening, stronger_colour, |pos, side, ply| {
        let level = if side == stronger_colour {
            stronger
        } else {
            weaker
        };
        let seed = seed.wrapping_mul(1000).wrapping_add(ply);
        let result = choose_move(&pos.board(), level, seed, &stop, &Stopwatch::start());
        result.best_move.expect("a side to move has a move")
    })
}

/// The openings on another board size: random legal moves from a fixed seed (two plies on
/// 4×4, where six would leave little to play).
fn grid_openings(size: BoardSize, count: usize) -> Vec<Vec<GridMove>> {
    let plies = if size == BoardSize::Four {
        2
    } else {
        OPENING_PLIES
    };
    let mut state = 0x5EED_0F51u64 ^ u64::from(size.side());
    let mut out: Vec<Vec<GridMove>> = Vec::new();
    let mut tries = 0;
    while out.len() < count {
        let mut pos = GridPosition::new(size, Rules::default());
        let mut moves = Vec::new();
        for _ in 0..plies {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let legal = pos.legal_moves();
            let mv = legal[(state % legal.len() as u64) as usize];
            pos = pos.play(mv).expect("a legal move").0;
            moves.push(mv);
        }
        tries += 1;
        // A tiny board has few openings: repeat them rather than search for new ones forever.
        if !out.contains(&moves) || tries > 100 * count {
            out.push(moves);
        }
    }
    out
}

/// One game on another board size from `opening`; the final disc difference for `stronger`.
fn grid_play(
    opening: &[GridMove],
    size: BoardSize,
    (stronger, weaker): (Level, Level),
    stronger_colour: Color,
    seed: u64,
) -> i32 {
    let stop = AtomicBool::new(false);
    let mut pos = GridPosition::new(size, Rules::default());
    for mv in opening {
        pos = pos.play(*mv).expect("openings are legal").0;
    }
    for ply in 0u64.. {
        let mv = match pos.status() {
            Status::Over(outcome) => return outcome.score_for(stronger_colour),
            Status::MustPass(_) => GridMove::Pass,
            Status::ToMove(side) => {
                let level = if side == stronger_colour {
                    stronger
                } else {
                    weaker
                };
                let seed = seed.wrapping_mul(1000).wrapping_add(ply);
                let clock = Stopwatch::start();
                let result = grid_choose_move(
                    &pos.board(),
                    level,
                    Scoring::MostDiscs,
                    1,
                    seed,
                    &stop,
                    &clock,
                );
                let index = result.best_move.expect("a side to move has a move");
                GridMove::at(size.cell(index))
            }
        };
        pos = pos.play(mv).expect("the players only play legal moves").0;
    }
    unreachable!("a game ends within its squares' count of moves")
}

/// The results of one pairing, for its first side.
#[derive(Default)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    disc_sum: i64,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins and half the draws, as a fraction of the games.
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games().max(1))
    }

    /// The score's standard error: how far it may lie from the true one by chance.
    pub fn score_error(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let p = self.score();
        let points = [(self.wins, 1.0), (self.draws, 0.5), (self.losses, 0.0)];
        let var = points
            .iter()
            .map(|&(count, x)| f64::from(count) * (x - p) * (x - p))
            .sum::<f64>()
            / n;
        (var / n).sqrt()
    }

    /// The mean final disc difference.
    pub fn mean_discs(&self) -> f64 {
        self.disc_sum as f64 / f64::from(self.games().max(1))
    }

    fn add(&mut self, diff: i32) {
        match diff.signum() {
            1 => self.wins += 1,
            0 => self.draws += 1,
            _ => self.losses += 1,
        }
        self.disc_sum += i64::from(diff);
    }
}

/// Plays games `0..games` on `threads` threads: `play(job, colour)` plays game `job` with the
/// first side on `colour` (black for even jobs, white for odd: each opening `job / 2` once
/// with each colour) and returns the final disc difference for the first side.
pub fn play_games(
    games: usize,
    threads: usize,
    play: impl Fn(usize, Color) -> i32 + Sync,
) -> Tally {
    let tally = Mutex::new(Tally::default());
    let next_job = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let job = next_job.fetch_add(1, Ordering::Relaxed);
                    if job >= games {
                        break;
                    }
                    let colour = if job.is_multiple_of(2) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let diff = play(job, colour);
                    let mut t = tally.lock().expect("no thread panicked holding it");
                    t.add(diff);
                    if t.games().is_multiple_of(20) {
                        eprintln!("  {} games", t.games());
                    }
                }
            });
        }
    });
    tally.into_inner().expect("no thread panicked holding it")
}

pub fn run(args: &[String]) -> ExitCode {
    let mut games = 100usize;
    let mut threads = 1usize;
    let mut levels = (1u8, Level::ALL.len() as u8);
    let mut size = BoardSize::Eight;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let value = |v: Option<&String>| v.cloned().unwrap_or_default();
        match arg.as_str() {
            "--games" => match value(it.next()).parse::<usize>() {
                Ok(n) if n >= 2 && n.is_multiple_of(2) => games = n,
                _ => return fail("--games needs an even number of at least 2"),
            },
            "--threads" => match crate::thread_count(&value(it.next())) {
                Some(n) => threads = n,
                None => return fail(crate::THREADS_WANTED),
            },
            "--levels" => {
                let text = value(it.next());
                let parsed = text
                    .split_once('-')
                    .and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.parse::<u8>().ok()?)));
                match parsed {
                    Some((a, b)) if 1 <= a && a < b && usize::from(b) <= Level::ALL.len() => {
                        levels = (a, b)
                    }
                    _ => return fail(format!("`{text}` is not a level range such as 1-10")),
                }
            }
            "--size" => {
                let text = value(it.next());
                match text.parse().ok().and_then(BoardSize::from_side) {
                    Some(s) => size = s,
                    None => return fail(format!("`{text}` is not a board size (4, 6, 8 or 10)")),
                }
            }
            other => return fail(format!("unknown ladder option `{other}`")),
        }
    }
    let openings = openings(games / 2);
    let sized_openings = grid_openings(size, games / 2);
    println!(
        "Each level against the next on {size}: {games} games per pairing from {} random \
         openings, each played with both colours. Scores are final disc differences for the \
         stronger level (empties to the winner).\n",
        games / 2
    );
    println!(
        "| Level | Against | Games | Won | Drawn | Lost | Score | Mean disc difference | Time |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for n in levels.0..levels.1 {
        let weaker = Level::from_number(n).expect("a level below the top");
        let stronger = Level::from_number(n + 1).expect("a level above the first");
        let started = Instant::now();
        let t = play_games(games, threads, |job, colour| {
            let seed = (u64::from(n) << 32) | job as u64;
            if size == BoardSize::Eight {
                play(&openings[job / 2], stronger, weaker, colour, seed)
            } else {
                let opening = &sized_openings[job / 2];
                grid_play(opening, size, (stronger, weaker), colour, seed)
            }
        });
        println!(
            "| {stronger} | {weaker} | {} | {} | {} | {} | {:.0} % | {:+.1} | {:.0} s |",
            t.games(),
            t.wins,
            t.draws,
            t.losses,
            t.score() * 100.0,
            t.mean_discs(),
            started.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_the_same_every_run_and_come_for_any_count() {
        let few = openings(50);
        assert_eq!(few[..], openings(500)[..50]);
        let distinct: std::collections::HashSet<_> = few.iter().collect();
        assert_eq!(distinct.len(), 50);
        // More than there are six-ply openings: repeats, not a search without end.
        assert_eq!(openings(9_000).len(), 9_000);
    }
}
