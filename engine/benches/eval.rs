//! Speed of the learned evaluation on positions of random games (every phase), in
//! nanoseconds per evaluation. `cargo bench -p reversi-engine --bench eval` (with the
//! built-in weights, the default features), or `... --bench eval -- FILE...` for weights
//! files, timed one after the other in the same run. The sum of all evaluations is printed too, so
//! that two builds can be checked to score alike.

use reversi_engine::Board;
use reversi_engine::search::{Evaluate, PatternEval};
use std::hint::black_box;
use std::time::Instant;

/// Positions evaluated per pass, and timed passes (best and median kept).
const POSITIONS: usize = 200_000;
const REPEATS: usize = 5;

/// Positions of random games from the start, each move drawn by a fixed generator.
fn positions() -> Vec<Board> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out = Vec::with_capacity(POSITIONS);
    let mut board = Board::start();
    while out.len() < POSITIONS {
        let moves = board.moves();
        if moves == 0 {
            board = if board.is_game_over() {
                Board::start()
            } else {
                board.pass()
            };
            continue;
        }
        out.push(board);
        let pick = (next() % u64::from(moves.count_ones())) as u32;
        let mut m = moves;
        for _ in 0..pick {
            m &= m - 1;
        }
        let sq = m.trailing_zeros() as usize;
        board = board.play_with(sq, board.flips(sq));
    }
    out
}

fn main() {
    // Weights files named after `--` are timed one after the other in the same run (so that
    // their speeds compare); without any, the built-in weights.
    let files: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let evals: Vec<(String, PatternEval)> = if files.is_empty() {
        let Some(eval) = PatternEval::learned() else {
            eprintln!("no built-in weights: build with the default features, or name a file");
            return;
        };
        vec![("built-in weights".to_string(), eval.clone())]
    } else {
        let mut evals = Vec::new();
        for file in files {
            match std::fs::read(&file)
                .map_err(|e| e.to_string())
                .and_then(|bytes| PatternEval::from_bytes(&bytes).map_err(|e| e.to_string()))
            {
                Ok(eval) => evals.push((file, eval)),
                Err(e) => {
                    eprintln!("{file}: {e}");
                    std::process::exit(1);
                }
            }
        }
        evals
    };
    let boards = positions();
    for (name, eval) in &evals {
        let mut secs = Vec::with_capacity(REPEATS);
        let mut sum = 0i64;
        for _ in 0..REPEATS {
            let start = Instant::now();
            sum = boards
                .iter()
                .map(|b| i64::from(eval.evaluate(black_box(b))))
                .sum();
            secs.push(start.elapsed().as_secs_f64());
            black_box(sum);
        }
        secs.sort_by(f64::total_cmp);
        let ns = |s: f64| s * 1e9 / POSITIONS as f64;
        println!(
            "{name}: {POSITIONS} positions: {:.1} ns per evaluation best, {:.1} median (sum of \
             scores {sum})",
            ns(secs[0]),
            ns(secs[REPEATS / 2])
        );
    }
}
