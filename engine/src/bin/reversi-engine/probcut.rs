//! `reversi-engine bench probcut`: how well a shallow search predicts a deeper one, the
//! measurement ProbCut's margins rest on. For positions of realistic games (the hand-written
//! evaluation searching four plies, as evaltest's second set, other seeds) it searches each
//! at every depth up to the deepest asked for, full width with the built-in evaluation, and
//! fits for each deep depth `d` the line `value(d) ≈ a · value(d / 2) + b` (the shallow depth
//! the midgame search's ProbCut uses) with the spread of what the line leaves out.

use crate::fail;
use reversi_engine::Board;
use reversi_engine::search::{HandEval, NoClock, Searcher};
use reversi_engine::train::searched_game_positions;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

/// Seeds apart from training's and evaltest's.
const SEED: u64 = 3 << 40;

/// Empties of the positions measured: the midgame, where ProbCut is used (the levels solve
/// exactly from 14-22 empties).
const EMPTIES: std::ops::RangeInclusive<u32> = 20..=52;

/// Empties of the positions `--end` measures: where the solver's selective probes cut.
const END_EMPTIES: std::ops::RangeInclusive<u32> = 12..=24;

pub fn run(args: &[String]) -> ExitCode {
    let (mut positions, mut deepest) = (200usize, 10u32);
    let mut end = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if arg == "--end" {
            end = true;
            continue;
        }
        let value = it.next().and_then(|v| v.parse::<usize>().ok());
        match (arg.as_str(), value) {
            ("--positions", Some(n)) if (10..=100_000).contains(&n) => positions = n,
            ("--depth", Some(d)) if (3..=16).contains(&d) => deepest = d as u32,
            _ => {
                return fail(
                    "bench probcut takes --positions N (10 to 100000), --depth D (3 to 16) and --end",
                );
            }
        }
    }
    if end {
        return run_end(positions, deepest);
    }
    let boards = game_positions(SEED, &EMPTIES, 7, positions, |_| true);
    // values[i][d]: position i searched d plies deep, in discs (d from 1: index 0 unused).
    let values = values(&boards, deepest, |_, _| f64::NAN);
    println!(
        "ProbCut's prediction on {} positions with {}-{} empties (full-width searches, the built-in evaluation; discs):\n",
        boards.len(),
        EMPTIES.start(),
        EMPTIES.end()
    );
    println!(
        "| Deep depth | Shallow depth | a | b | Spread σ (all) | σ, 20-35 empties | σ, 36-52 empties |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for deep in 3..=deepest as usize {
        let shallow = deep / 2;
        let pairs = |range: std::ops::RangeInclusive<u32>| -> Vec<(f64, f64)> {
            boards
                .iter()
                .zip(&values)
                .filter(|(b, _)| range.contains(&b.empties().count_ones()))
                .map(|(_, v)| (v[shallow], v[deep]))
                .collect()
        };
        let all = fit(&pairs(EMPTIES));
        let spread = |pairs: Vec<(f64, f64)>| {
            if pairs.len() < 3 {
                "–".to_string()
            } else {
                format!("{:.2}", fit(&pairs).2)
            }
        };
        println!(
            "| {deep} | {shallow} | {:.3} | {:+.2} | {:.2} | {} | {} |",
            all.0,
            all.1,
            all.2,
            spread(pairs(20..=35)),
            spread(pairs(36..=52))
        );
    }
    ExitCode::SUCCESS
}

/// `--end`: how well a search `d` plies deep predicts the exact score, for the solver's
/// selective probes (`d` from 1 to `deepest`), by empties class.
fn run_end(positions: usize, deepest: u32) -> ExitCode {
    let boards = game_positions(SEED + (1 << 20), &END_EMPTIES, 5, positions, |b| {
        b.moves() != 0
    });
    // values[i][d]: position i searched d plies deep (index 0: the exact score), in discs.
    let values = values(&boards, deepest, |searcher, b| {
        let exact = f64::from(searcher.solve(b, &AtomicBool::new(false), &NoClock).score);
        searcher.clear();
        exact
    });
    println!(
        "The exact score predicted by a shallow search on {} positions with {}-{} empties (full-width searches, the built-in evaluation; discs):\n",
        boards.len(),
        END_EMPTIES.start(),
        END_EMPTIES.end()
    );
    let classes = [12..=15, 16..=19, 20..=24];
    println!("| Shallow depth | a | b | Spread σ (all) | σ, 12-15 empties | σ, 16-19 | σ, 20-24 |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for shallow in 1..=deepest as usize {
        let pairs = |range: &std::ops::RangeInclusive<u32>| -> Vec<(f64, f64)> {
            boards
                .iter()
                .zip(&values)
                .filter(|(b, _)| range.contains(&b.empties().count_ones()))
                .map(|(_, v)| (v[shallow], v[0]))
                .collect()
        };
        let all = fit(&pairs(&END_EMPTIES));
        let spread: Vec<String> = classes
            .iter()
            .map(|c| {
                let p = pairs(c);
                if p.len() < 3 {
                    "–".to_string()
                } else {
                    let (a, b, s) = fit(&p);
                    format!("{s:.2} ({a:.2}, {b:+.2})")
                }
            })
            .collect();
        println!(
            "| {shallow} | {:.3} | {:+.2} | {:.2} | {} |",
            all.0,
            all.1,
            all.2,
            spread.join(" | ")
        );
    }
    ExitCode::SUCCESS
}

/// `count` positions of games played from `seed` on (the hand-written evaluation searching
/// four plies), the `i`-th game's first with `empties.start() + i · stride` empties (modulo
/// the range) that `keep` accepts.
fn game_positions(
    seed: u64,
    empties: &std::ops::RangeInclusive<u32>,
    stride: u32,
    count: usize,
    keep: impl Fn(&Board) -> bool,
) -> Vec<Board> {
    let mut player = Searcher::new(16).with_eval(Box::new(HandEval));
    let span = empties.end() - empties.start() + 1;
    (0..)
        .map(|i| searched_game_positions(seed + i, &mut player, 4))
        .enumerate()
        .filter_map(|(i, game)| {
            let want = empties.start() + (i as u32 * stride) % span;
            game.into_iter()
                .find(|b| b.empties().count_ones() == want && keep(b))
        })
        .take(count)
        .collect()
}

/// Each board's value at depths 1 to `deepest` (full width, in discs) after `first`'s value
/// at index 0, each board with a cleared table.
fn values(
    boards: &[Board],
    deepest: u32,
    mut first: impl FnMut(&mut Searcher, &Board) -> f64,
) -> Vec<Vec<f64>> {
    let mut searcher = Searcher::new(64);
    let stop = AtomicBool::new(false);
    boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            if (i + 1) % 20 == 0 {
                eprintln!("  {} positions", i + 1);
            }
            searcher.clear();
            std::iter::once(first(&mut searcher, b))
                .chain((1..=deepest).map(|d| f64::from(searcher.value(b, d, &stop)) / 100.0))
                .collect()
        })
        .collect()
}

/// Least squares `y ≈ a x + b` over `(x, y)` pairs: `(a, b, σ)`, σ the residuals' standard
/// deviation.
fn fit(pairs: &[(f64, f64)]) -> (f64, f64, f64) {
    let n = pairs.len().max(1) as f64;
    let (mx, my) = pairs
        .iter()
        .fold((0.0, 0.0), |(sx, sy), (x, y)| (sx + x / n, sy + y / n));
    let (sxy, sxx) = pairs.iter().fold((0.0, 0.0), |(sxy, sxx), (x, y)| {
        (sxy + (x - mx) * (y - my), sxx + (x - mx) * (x - mx))
    });
    let a = if sxx > 0.0 { sxy / sxx } else { 1.0 };
    let b = my - a * mx;
    let var = pairs
        .iter()
        .map(|(x, y)| (y - a * x - b).powi(2))
        .sum::<f64>()
        / (n - 2.0).max(1.0);
    (a, b, var.sqrt())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_fit_finds_a_line_and_its_spread() {
        let pairs: Vec<(f64, f64)> = (0..100)
            .map(|i| {
                let x = f64::from(i) - 50.0;
                // y = 2x + 3, with residuals +1 and -1 alternating.
                (x, 2.0 * x + 3.0 + if i % 2 == 0 { 1.0 } else { -1.0 })
            })
            .collect();
        let (a, b, s) = super::fit(&pairs);
        assert!((a - 2.0).abs() < 0.01 && (b - 3.0).abs() < 0.05, "{a} {b}");
        assert!((s - 1.0).abs() < 0.02, "{s}");
    }
}
