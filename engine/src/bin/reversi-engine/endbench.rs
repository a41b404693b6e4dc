//! `reversi-engine bench endgame`: the solver on positions of its own making, so that its
//! ordering can be tuned without looking at the FFO suite it is measured on. Each position
//! comes from one of the ladder's fixed openings played on by a plain 6-ply search until the
//! chosen number of empties: realistic middle-of-the-road positions, the same every run.
//! `bench midgame --depth D` searches positions made the same way `D` plies deep as the
//! levels do (selective, no solving): the midgame search's speed, on one thread or several.

use crate::{Stopwatch, THREADS_WANTED, fail, ladder, thread_count};
use reversi_engine::notation::board_string;
use reversi_engine::search::{Limits, NoClock, Searcher, Selectivity, solver_build};
use reversi_engine::{Move, Position, Rules, Status};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

/// The depth of the search that plays the games on from their openings.
const PLAY_DEPTH: u32 = 6;

/// The position with `empties` empty squares reached from `opening`, or `None` if the game
/// ends before.
fn position_at(opening: &[Move], empties: u32, searcher: &mut Searcher) -> Option<Position> {
    let mut pos = Position::new(Rules::default());
    for mv in opening {
        pos = pos.play(*mv).ok()?.0;
    }
    let stop = AtomicBool::new(false);
    loop {
        let board = pos.board();
        if board.empties().count_ones() == empties {
            return Some(pos);
        }
        let mv = match pos.status() {
            Status::Over(_) => return None,
            Status::MustPass(_) => Move::Pass,
            Status::ToMove(_) => {
                let result = searcher.search(&board, &Limits::depth(PLAY_DEPTH), &stop, &NoClock);
                Move::at(result.best_move?)
            }
        };
        pos = pos.play(mv).ok()?.0;
    }
}

/// What the bench does with each position.
#[derive(Copy, Clone, PartialEq)]
pub enum Bench {
    /// Solves it exactly.
    Endgame,
    /// Searches it to a depth, as the levels do.
    Midgame,
}

pub fn run(bench: Bench, args: &[String]) -> ExitCode {
    let (mut count, mut threads) = (40usize, 1usize);
    let (mut empties, mut depth) = match bench {
        Bench::Endgame => (22u32, None),
        Bench::Midgame => (40, Some(10u32)),
    };
    let mut options = args.iter().map(String::as_str);
    while let Some(option) = options.next() {
        let value = options.next();
        match option {
            "--positions" => match value.and_then(|v| v.parse().ok()) {
                Some(n) if (1..=1000).contains(&n) => count = n,
                _ => return fail("--positions takes a number from 1 to 1000"),
            },
            "--empties" => match value.and_then(|v| v.parse().ok()) {
                Some(n) if bench == Bench::Endgame && (8..=30).contains(&n) => empties = n,
                Some(n) if bench == Bench::Midgame && (8..=58).contains(&n) => empties = n,
                _ => return fail("--empties takes a number from 8 to 30 (58 for midgame)"),
            },
            "--depth" if bench == Bench::Midgame => match value.and_then(|v| v.parse().ok()) {
                Some(d) if (1..=30).contains(&d) => depth = Some(d),
                _ => return fail("--depth takes a number from 1 to 30"),
            },
            "--threads" => match value.and_then(thread_count) {
                Some(n) => threads = n,
                None => return fail(THREADS_WANTED),
            },
            other => return fail(format!("bench endgame does not take `{other}`")),
        }
    }
    let mut player = Searcher::new(16);
    let positions: Vec<Position> = ladder::openings(count * 2)
        .iter()
        .filter_map(|opening| position_at(opening, empties, &mut player))
        .take(count)
        .collect();
    let what = match depth {
        Some(d) => format!("searched {d} plies deep"),
        None => "solved".to_string(),
    };
    println!(
        "solver build: {}, {threads} thread(s), {} positions with {empties} empties {what}",
        solver_build(),
        positions.len()
    );
    let mut searcher = Searcher::long_lived(256).with_threads(threads);
    let (mut nodes, mut secs) = (0u64, 0f64);
    for pos in &positions {
        searcher.clear();
        let clock = Stopwatch::start();
        let stop = AtomicBool::new(false);
        let result = match depth {
            Some(d) => {
                let limits = Limits {
                    selectivity: Selectivity::TUNED,
                    ..Limits::depth(d)
                };
                searcher.search(&pos.board(), &limits, &stop, &clock)
            }
            None => searcher.solve(&pos.board(), &stop, &clock),
        };
        let time = clock.0.elapsed().as_secs_f64();
        secs += time;
        nodes += result.nodes;
        println!(
            "{}  score {:+3}  {time:>8.3} s  {:>13} nodes",
            board_string(pos),
            result.score,
            result.nodes
        );
    }
    println!(
        "total {secs:.3} s  {nodes} nodes  {:.1} M nodes/s",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}
