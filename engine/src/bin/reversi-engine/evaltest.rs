//! `reversi-engine evaltest`: how good the learned evaluation is, against the hand-written
//! one: accuracy against exact scores on positions it never trained on, and strength in
//! games at equal depth.

use crate::ladder::{openings, play_out};
use crate::{Stopwatch, fail};
use reversi_engine::search::{Evaluate, HandEval, Limits, NoClock, PatternEval, Searcher};
use reversi_engine::train::self_play_positions;
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
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        positions: 200,
        games: 200,
        depth: 4,
        weights: None,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
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
            other => return Err(format!("unknown evaltest option `{other}`")),
        }
    }
    Ok(o)
}

/// Held-out positions with 20 to 24 empties, one per game, with their exact scores.
fn exact_positions(n: usize) -> Vec<(Board, i32)> {
    let mut searcher = Searcher::new(64);
    let stop = AtomicBool::new(false);
    (0..)
        .map(|i| self_play_positions(HELD_OUT_SEED + i))
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
    depth: u32,
) -> i32 {
    let limits = Limits {
        solve_empties: 12,
        ..Limits::depth(depth)
    };
    let stop = AtomicBool::new(false);
    let mut searchers =
        [first, second].map(|e| Searcher::new(16).with_eval(Box::new(Arc::clone(e))));
    play_out(opening, first_colour, |pos, side, _| {
        let who = usize::from(side != first_colour);
        let r = searchers[who].search(&pos.board(), &limits, &stop, &Stopwatch::start());
        r.best_move.expect("a side to move has a move")
    })
}

pub fn run(args: &[String]) -> ExitCode {
    let o = match options(args) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    let learned = match &o.weights {
        None => PatternEval::builtin().clone(),
        Some(path) => match std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|b| PatternEval::from_bytes(&b).map_err(|e| e.to_string()))
        {
            Ok(e) => e,
            Err(e) => return fail(format!("{path}: {e}")),
        },
    };
    let learned: Arc<dyn Evaluate> = Arc::new(learned);
    let hand: Arc<dyn Evaluate> = Arc::new(HandEval);
    let evals = [("learned", &learned), ("hand-written", &hand)];

    if o.positions > 0 {
        eprintln!("solving {} held-out positions exactly...", o.positions);
        let positions = exact_positions(o.positions);
        println!(
            "Accuracy on {} held-out positions with 20-24 empties (mean absolute error in discs \
             against the exact final disc difference):\n",
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

    if o.games > 0 {
        let openings = openings(o.games / 2);
        let (mut wins, mut draws, mut losses, mut sum) = (0, 0, 0, 0i64);
        for (i, opening) in openings.iter().enumerate() {
            for colour in [Color::Black, Color::White] {
                let diff = game(opening, &learned, &hand, colour, o.depth);
                match diff.signum() {
                    1 => wins += 1,
                    0 => draws += 1,
                    _ => losses += 1,
                }
                sum += i64::from(diff);
            }
            if (i + 1) % 10 == 0 {
                eprintln!("  {} games", 2 * (i + 1));
            }
        }
        let games = wins + draws + losses;
        println!(
            "Strength: learned vs hand-written, depth {} each (both solve the last 12 empties), \
             {games} games from random openings with colours swapped:\n",
            o.depth
        );
        println!("| Won | Drawn | Lost | Score | Mean disc difference |");
        println!("|---:|---:|---:|---:|---:|");
        println!(
            "| {wins} | {draws} | {losses} | {:.1} % | {:+.1} |",
            (f64::from(wins) + 0.5 * f64::from(draws)) / f64::from(games) * 100.0,
            sum as f64 / f64::from(games)
        );
    }
    ExitCode::SUCCESS
}
