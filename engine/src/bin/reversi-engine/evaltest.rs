//! `reversi-engine evaltest`: how good the learned evaluation is, against the hand-written
//! one: accuracy against exact scores on positions it never trained on, and strength in
//! games at equal depth against the hand-written evaluation or another weights file.

use crate::ladder::{openings, play_games, play_out};
use crate::{Stopwatch, fail};
use reversi_engine::search::{
    Evaluate, HandEval, Limits, NoClock, PatternEval, Searcher, Selectivity,
};
use reversi_engine::train::{searched_game_positions, self_play_positions};
use reversi_engine::{Board, Color, Move};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Seeds far above any training run's game numbers, so these games are new to the fit.
const HELD_OUT_SEED: u64 = 1 << 40;

struct Options {
    positions: usize,
    games: usize,
    depth: u32,
    weights: Option<String>,
    /// The opponent's weights in the games (the hand-written evaluation if none).
    against: Option<String>,
    /// Games as NBoard's `set depth` plays them: selective, exact from depth + 8 empties.
    nboard: bool,
    threads: usize,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        positions: 200,
        games: 200,
        depth: 4,
        weights: None,
        against: None,
        nboard: false,
        threads: 1,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if arg == "--nboard" {
            o.nboard = true;
            continue;
        }
        let value = it.next().ok_or(format!("{arg} needs a value"))?;
        let number = || {
            value
                .parse::<usize>()
                .map_err(|_| format!("{arg}: `{value}` is not a number"))
        };
        match arg.as_str() {
            "--positions" => o.positions = number()?,
            "--games" => o.games = number()? / 2 * 2,
            "--depth" => o.depth = number()?.clamp(1, 20) as u32,
            "--weights" => o.weights = Some(value.clone()),
            "--against" => o.against = Some(value.clone()),
            "--threads" => o.threads = number()?.clamp(1, 64),
            other => return Err(format!("unknown evaltest option `{other}`")),
        }
    }
    Ok(o)
}

/// The test sets' games.
#[derive(Clone, Copy)]
enum TestGames {
    /// The first generation's training games: the hand-written evaluation one ply deep with
    /// one move in ten at random (lopsided positions, far from good play).
    HandOnePly,
    /// The hand-written evaluation searching four plies deep after a random opening, one
    /// move in sixteen at random: positions like those of real games, and not made by any
    /// learned weights, so the set stays the same whatever is trained.
    HandSearched,
    /// Generation 3's weights (`engine/assets/eval-gen3.bin`, kept as a file, so the set
    /// stays the same however the built-in weights change) searching four plies deep, the
    /// same openings and share of random moves: positions of the kind the later generations
    /// trained on, to tell how much of the error is the other sets' kind of play.
    LearnedSearched,
}

/// The player of the third set's games (not the built-in weights: see `LearnedSearched`).
static GEN3: &[u8] = include_bytes!("../../../assets/eval-gen3.bin");

/// Held-out positions with 20 to 24 empties, one per game, with their exact scores.
fn exact_positions(n: usize, games: TestGames) -> Vec<(Board, i32)> {
    let mut searcher = Searcher::new(64);
    let eval: Box<dyn Evaluate> = match games {
        TestGames::LearnedSearched => Box::new(
            PatternEval::from_bytes(GEN3).expect("generation 3's weights match this build"),
        ),
        _ => Box::new(HandEval),
    };
    let mut player = Searcher::new(16).with_eval(eval);
    let stop = AtomicBool::new(false);
    (0..)
        .map(|i| match games {
            TestGames::HandOnePly => self_play_positions(HELD_OUT_SEED + i),
            TestGames::HandSearched | TestGames::LearnedSearched => {
                searched_game_positions(HELD_OUT_SEED + i, &mut player, 4)
            }
        })
        .filter_map(|game| {
            let want = 20 + (game.len() % 5) as u32;
            game.into_iter().find(|b| b.empties().count_ones() == want)
        })
        .take(n)
        .map(|b| {
            let score = searcher.solve(&b, &stop, &NoClock).score;
            (b, score)
        })
        .collect()
}

fn mean_abs(errors: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = errors.fold((0.0, 0usize), |(s, n), e| (s + e.abs(), n + 1));
    sum / n.max(1) as f64
}

/// One game from `opening`, `first` playing `first_colour`; the final disc difference for
/// `first` (empties to the winner).
fn game(
    opening: &[Move],
    first: &Arc<dyn Evaluate>,
    second: &Arc<dyn Evaluate>,
    first_colour: Color,
    limits: &Limits,
) -> i32 {
    let stop = AtomicBool::new(false);
    let mut searchers =
        [first, second].map(|e| Searcher::new(16).with_eval(Box::new(Arc::clone(e))));
    play_out(opening, first_colour, |pos, side, _| {
        let who = usize::from(side != first_colour);
        let r = searchers[who].search(&pos.board(), limits, &stop, &Stopwatch::start());
        r.best_move.expect("a side to move has a move")
    })
}

/// Reads a weights file.
fn load(path: &str) -> Result<PatternEval, String> {
    std::fs::read(path)
        .map_err(|e| e.to_string())
        .and_then(|b| PatternEval::from_bytes(&b).map_err(|e| e.to_string()))
        .map_err(|e| format!("{path}: {e}"))
}

pub fn run(args: &[String]) -> ExitCode {
    let o = match options(args) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    let learned = match o.weights.as_deref().map(load) {
        None => PatternEval::builtin().clone(),
        Some(Ok(e)) => e,
        Some(Err(e)) => return fail(e),
    };
    let learned: Arc<dyn Evaluate> = Arc::new(learned);
    let hand: Arc<dyn Evaluate> = Arc::new(HandEval);
    let (opponent, opponent_name): (Arc<dyn Evaluate>, String) = match o.against.as_deref() {
        None => (Arc::clone(&hand), "hand-written".into()),
        Some(path) => match load(path) {
            Ok(e) => (Arc::new(e), path.to_string()),
            Err(e) => return fail(e),
        },
    };
    let evals = [("learned", &learned), ("hand-written", &hand)];

    if o.positions > 0 {
        for (games, what) in [
            (
                TestGames::HandOnePly,
                "one-ply games (the first training set's kind)",
            ),
            (TestGames::HandSearched, "four-ply searched games"),
            (
                TestGames::LearnedSearched,
                "four-ply games of generation 3's weights",
            ),
        ] {
            eprintln!("solving {} held-out positions exactly...", o.positions);
            let positions = exact_positions(o.positions, games);
            println!(
                "Accuracy on {} held-out positions with 20-24 empties from {what} (mean \
                 absolute error in discs against the exact final disc difference):\n",
                positions.len()
            );
            println!("| Evaluation | Depth 0 | Depth {} search |", o.depth);
            println!("|---|---:|---:|");
            for (name, eval) in evals {
                let flat = mean_abs(
                    positions
                        .iter()
                        .map(|(b, s)| eval.evaluate(b) as f64 / 100.0 - f64::from(*s)),
                );
                let mut searcher = Searcher::new(16).with_eval(Box::new(Arc::clone(eval)));
                let searched = mean_abs(positions.iter().map(|(b, s)| {
                    let r = searcher.search(
                        b,
                        &Limits::depth(o.depth),
                        &AtomicBool::new(false),
                        &NoClock,
                    );
                    f64::from(r.score - s)
                }));
                println!("| {name} | {flat:.2} | {searched:.2} |");
            }
            println!();
        }
    }

    if o.games > 0 {
        let limits = if o.nboard {
            Limits {
                solve_empties: (o.depth + 8).min(22),
                selectivity: Selectivity::TUNED,
                ..Limits::depth(o.depth)
            }
        } else {
            Limits {
                solve_empties: 12,
                ..Limits::depth(o.depth)
            }
        };
        let openings = openings(o.games / 2);
        let t = play_games(o.games, o.threads, |job, colour| {
            game(&openings[job / 2], &learned, &opponent, colour, &limits)
        });
        let how = if o.nboard {
            format!(
                "selective, exact from {} empties (NBoard's `set depth {}`)",
                limits.solve_empties, o.depth
            )
        } else {
            "both solve the last 12 empties".to_string()
        };
        println!(
            "Strength: learned vs {opponent_name}, depth {} each ({how}), {} games from \
             random openings with colours swapped:\n",
            o.depth,
            t.games()
        );
        println!("| Won | Drawn | Lost | Score | Mean disc difference |");
        println!("|---:|---:|---:|---:|---:|");
        println!(
            "| {} | {} | {} | {:.1} % | {:+.1} |",
            t.wins,
            t.draws,
            t.losses,
            t.score() * 100.0,
            t.mean_discs()
        );
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The third set's player is read from a file kept beside the built-in weights: it must
    /// stay readable by this build, or the set could not be made.
    #[test]
    fn the_third_sets_player_is_readable() {
        let gen3 = PatternEval::from_bytes(GEN3).expect("generation 3's weights read");
        // Trained weights, not an empty table, in the phases the set's positions fall in.
        for phase in 4..=5 {
            assert!(
                gen3.phase(phase).iter().any(|&w| w != 0),
                "phase {phase} is empty"
            );
        }
    }
}
