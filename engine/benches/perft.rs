//! Perft speed from the standard start: the runtime-dispatched fast build against the
//! portable build, in the same run. `cargo bench -p reversi-engine --bench perft [-- DEPTHS…]`
//! (depths 10 to 12 by default; each is timed `REPEATS` times and the best and median kept).

use reversi_engine::{Board, fast_path_name, perft, perft_portable_only};
use std::hint::black_box;
use std::time::Instant;

/// Timed runs per depth and build.
const REPEATS: usize = 3;

/// Best and median wall-clock seconds of `REPEATS` runs, and the leaf count.
fn time(run: fn(Board, u32) -> u64, depth: u32) -> (f64, f64, u64) {
    let mut secs = Vec::with_capacity(REPEATS);
    let mut leaves = 0;
    for _ in 0..REPEATS {
        let start = Instant::now();
        leaves = run(black_box(Board::start()), black_box(depth));
        secs.push(start.elapsed().as_secs_f64());
    }
    secs.sort_by(f64::total_cmp);
    (secs[0], secs[REPEATS / 2], leaves)
}

fn main() {
    // `cargo bench` passes `--bench`; anything numeric is a depth.
    let mut depths: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if depths.is_empty() {
        depths = vec![10, 11, 12];
    }
    println!("fast path: {}", fast_path_name());
    println!(
        "{:>5} {:>14} {:>22} {:>22} {:>6}",
        "depth", "leaves", "fast M/s best (med)", "portable M/s best (med)", "ratio"
    );
    for depth in depths {
        let (fast_best, fast_median, leaves) = time(perft, depth);
        let (port_best, port_median, port_leaves) = time(perft_portable_only, depth);
        assert_eq!(
            leaves, port_leaves,
            "the two builds disagree at depth {depth}"
        );
        let rate = |secs: f64| leaves as f64 / secs / 1e6;
        println!(
            "{depth:>5} {leaves:>14} {:>11.1} ({:>7.1}) {:>14.1} ({:>7.1}) {:>6.2}   fast {fast_best:.3} s, portable {port_best:.3} s",
            rate(fast_best),
            rate(fast_median),
            rate(port_best),
            rate(port_median),
            port_best / fast_best,
        );
    }
}
