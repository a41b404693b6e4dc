//! `reversi-engine match`: two ways of searching play each other from random openings, each
//! opening once with each colour, at equal depth or an equal node budget per move. It is how
//! a change to the search (ProbCut's confidence) or a weights file is judged by results
//! rather than by a guess; equal nodes stand for equal time, which on a shared machine can
//! not be measured fairly game by game; a side whose nodes cost more (a larger evaluation)
//! gets a share of the budget (`nodes=F`) so that the two spend equal time, the share
//! measured from the time each side's searches took per node in an equal-node match. A side
//! can also be an engine in a process of its own
//! (`engine=CMD`, spoken to over NBoard), such as an older build of this one.

use crate::external::External;
use crate::ladder::{openings, play_games, play_out};
use crate::{fail, option_number};
use rand::SeedableRng;
use rand::rngs::StdRng;
use reversi_engine::book::Book;
use reversi_engine::search::{Evaluate, Limits, NoClock, PatternEval, Searcher, Selectivity};
use reversi_engine::{Move, Position, Rules};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// One side: how it searches and with which evaluation.
struct Side {
    selectivity: Selectivity,
    /// Plays from the built-in opening book, among moves within this many discs of its best.
    book: Option<i32>,
    /// The share of `--nodes` this side's searches get (1 unless `nodes=F`).
    node_share: f64,
    /// A weights file's evaluation (the built-in one if none).
    eval: Option<Arc<PatternEval>>,
    /// An NBoard engine's command: that engine chooses the side's moves (after the book, if
    /// the side has one), at NBoard's `set depth` of the match's depth.
    engine: Option<String>,
    name: String,
}

/// A side from `probcut=T|off|guess`, `book=DISCS`, `weights=FILE`, `nodes=F` and
/// `engine=CMD`, joined by commas.
fn side(spec: &str) -> Result<Side, String> {
    let mut side = Side {
        selectivity: Selectivity::TUNED,
        book: None,
        node_share: 1.0,
        eval: None,
        engine: None,
        name: spec.to_string(),
    };
    for part in spec.split(',').filter(|p| !p.is_empty()) {
        match part.split_once('=') {
            Some(("probcut", "off")) => side.selectivity = Selectivity::Full,
            Some(("probcut", "guess")) => side.selectivity = Selectivity::Guess,
            Some(("probcut", t)) => {
                let hundredths = parse_within::<f64>(t, 0.1..=9.0).ok_or(format!(
                    "probcut={t}: a confidence from 0.1 to 9 (in σ), off or guess"
                ))?;
                side.selectivity = Selectivity::ProbCut {
                    confidence: (hundredths * 100.0).round() as u16,
                };
            }
            Some(("book", within)) => {
                side.book = Some(
                    parse_within(within, 0..=64)
                        .ok_or(format!("book={within}: discs from 0 to 64"))?,
                );
            }
            Some(("weights", path)) => {
                let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
                let eval = PatternEval::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
                side.eval = Some(Arc::new(eval));
            }
            Some(("nodes", share)) => {
                side.node_share = parse_within(share, 0.05..=20.0).ok_or(format!(
                    "nodes={share}: a share of --nodes from 0.05 to 20 (e.g. 0.8)"
                ))?;
            }
            Some(("engine", command)) if !command.trim().is_empty() => {
                side.engine = Some(command.trim().to_string());
            }
            _ => {
                return Err(format!(
                    "`{part}` is not probcut=T|off|guess, book=DISCS, weights=FILE, nodes=F or \
                     engine=CMD"
                ));
            }
        }
    }
    if side.name.is_empty() {
        side.name = "defaults".into();
    }
    Ok(side)
}

/// `text` read as a `T` inside `range`, or `None`.
fn parse_within<T: std::str::FromStr + PartialOrd>(
    text: &str,
    range: std::ops::RangeInclusive<T>,
) -> Option<T> {
    text.parse().ok().filter(|v| range.contains(v))
}

struct Options {
    games: usize,
    threads: usize,
    depth: u32,
    nodes: Option<u64>,
    solve: u32,
    /// Games start from openings drawn from the book (this many plies, each move at random
    /// among the book's within 2 discs of its best), not from random openings.
    book_openings: Option<usize>,
    sides: [Side; 2],
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        games: 200,
        threads: 1,
        depth: 8,
        nodes: None,
        solve: 14,
        book_openings: None,
        sides: [side("")?, side("")?],
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let value = it.next().ok_or(format!("{arg} needs a value"))?;
        let number = |range| option_number(arg, value, range);
        match arg.as_str() {
            "--games" => o.games = number(2..=100_000)? as usize / 2 * 2,
            "--threads" => o.threads = number(1..=64)? as usize,
            "--depth" => o.depth = number(1..=60)? as u32,
            "--nodes" => o.nodes = Some(number(1000..=u64::MAX)?),
            "--solve" => o.solve = number(0..=30)? as u32,
            "--book-openings" => o.book_openings = Some(number(1..=20)? as usize),
            "--a" => o.sides[0] = side(value)?,
            "--b" => o.sides[1] = side(value)?,
            other => return Err(format!("unknown match option `{other}`")),
        }
    }
    if o.nodes.is_some() && o.sides.iter().any(|s| s.engine.is_some()) {
        return Err("an engine= side plays at a depth (--depth), not a node budget".into());
    }
    if o.nodes.is_none() && o.sides.iter().any(|s| s.node_share != 1.0) {
        return Err("nodes=F is a share of --nodes: give --nodes too".into());
    }
    if o.nodes.is_some() && !args.iter().any(|a| a == "--depth") {
        o.depth = 60; // the budget decides how deep
    }
    Ok(o)
}

/// `count` different openings of `plies` moves along the built-in book, each move at random
/// among the book's within 2 discs of its best (a fixed seed): positions good players reach,
/// where a side with the book can use it.
fn book_openings(count: usize, plies: usize) -> Result<Vec<Vec<Move>>, String> {
    let book = Book::builtin();
    let mut rng = StdRng::seed_from_u64(0x0B00_C0DE);
    let mut out: Vec<Vec<Move>> = Vec::new();
    for _ in 0..count * 100 {
        if out.len() == count {
            return Ok(out);
        }
        let mut pos = Position::new(Rules::default());
        let mut moves = Vec::new();
        while moves.len() < plies {
            let Some((sq, _)) = book.choose(&pos.board(), 2, &mut rng) else {
                break;
            };
            pos = pos.play(Move::at(sq)).expect("book moves are legal").0;
            moves.push(Move::at(sq));
        }
        if moves.len() == plies && !out.contains(&moves) {
            out.push(moves);
        }
    }
    Err(format!(
        "the book has fewer than {count} different {plies}-ply openings within 2 discs"
    ))
}

pub fn run(args: &[String]) -> ExitCode {
    let o = match options(args) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    let openings = match o.book_openings {
        Some(plies) => match book_openings(o.games / 2, plies) {
            Ok(openings) => openings,
            Err(e) => return fail(e),
        },
        None => openings(o.games / 2),
    };
    // Nodes and moves of each side, for the cost of its settings, and the nanoseconds its
    // own searches took (both sides' under the same load, so their ratio is fair).
    let work = [(); 2].map(|_| (AtomicU64::new(0), AtomicU64::new(0)));
    let search_ns = [(); 2].map(|_| AtomicU64::new(0));
    // The first thing an outside engine did wrong; the match stops being played after it.
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let fail_with = |e: String| {
        failure
            .lock()
            .expect("no thread panicked holding it")
            .get_or_insert(e);
    };
    let tally = play_games(o.games, o.threads, |job, colour| {
        if failure
            .lock()
            .expect("no thread panicked holding it")
            .is_some()
        {
            return 0;
        }
        // Each game starts its outside engines afresh, as the searches below start afresh.
        let mut externals = [None, None];
        for (external, side) in externals.iter_mut().zip(&o.sides) {
            if let Some(command) = &side.engine {
                match External::start(command, o.depth) {
                    Ok(engine) => *external = Some(engine),
                    Err(e) => {
                        fail_with(e);
                        return 0;
                    }
                }
            }
        }
        let mut searchers = o.sides.each_ref().map(|s| {
            let searcher = Searcher::new(16);
            match &s.eval {
                Some(e) => searcher.with_eval(Box::new(Arc::clone(e) as Arc<dyn Evaluate>)),
                None => searcher,
            }
        });
        let stop = AtomicBool::new(false);
        let mut rng = StdRng::seed_from_u64(job as u64);
        play_out(&openings[job / 2], colour, |pos, side, _| {
            let who = usize::from(side != colour);
            if let Some(within) = o.sides[who].book
                && let Some((sq, _)) = Book::builtin().choose(&pos.board(), within, &mut rng)
            {
                work[who].1.fetch_add(1, Ordering::Relaxed);
                return sq;
            }
            if let Some(engine) = &mut externals[who] {
                work[who].1.fetch_add(1, Ordering::Relaxed);
                return match engine.choose(pos) {
                    Ok((sq, nodes)) => {
                        work[who].0.fetch_add(nodes, Ordering::Relaxed);
                        sq
                    }
                    Err(e) => {
                        // The game is played out by the first legal move and not counted.
                        fail_with(e);
                        pos.legal_moves()[0]
                            .square()
                            .expect("a side to move has a move")
                    }
                };
            }
            let limits = Limits {
                depth: o.depth,
                nodes: o
                    .nodes
                    .map(|n| ((n as f64 * o.sides[who].node_share) as u64).max(1)),
                time_ms: None,
                solve_empties: o.solve,
                selectivity: o.sides[who].selectivity,
            };
            let started = Instant::now();
            let r = searchers[who].search(&pos.board(), &limits, &stop, &NoClock);
            let took = started.elapsed().as_nanos().min(u128::from(u64::MAX)) as u64;
            search_ns[who].fetch_add(took, Ordering::Relaxed);
            work[who].0.fetch_add(r.nodes, Ordering::Relaxed);
            work[who].1.fetch_add(1, Ordering::Relaxed);
            r.best_move.expect("a side to move has a move")
        })
    });
    if let Some(e) = failure.into_inner().expect("no thread panicked holding it") {
        eprintln!("match stopped: {e}");
        return ExitCode::FAILURE;
    }
    // An engine= side follows its own protocol's rule for solving, not --solve.
    let solving = match o.sides.each_ref().map(|s| s.engine.is_some()) {
        [false, false] => format!("exact from {} empties", o.solve),
        [true, true] => "each engine exact where NBoard's `set depth` says".to_string(),
        _ => format!(
            "exact from {} empties (the engine where NBoard's `set depth` says)",
            o.solve
        ),
    };
    let shares = match o.sides.each_ref().map(|s| s.node_share) {
        [1.0, 1.0] => String::new(),
        [a, b] => format!(" (A {a} of it, B {b})"),
    };
    let budget = match o.nodes {
        Some(n) => format!("{n} nodes a move{shares} (at most {} plies)", o.depth),
        None => format!("{} plies a move", o.depth),
    };
    println!(
        "Match: `{}` (A) against `{}` (B), {budget}, {solving}, {} games from {} with \
         colours swapped:\n",
        o.sides[0].name,
        o.sides[1].name,
        tally.games(),
        match o.book_openings {
            Some(plies) => format!("{plies}-ply openings of the book"),
            None => "random openings".to_string(),
        }
    );
    let per_move = |(nodes, moves): &(AtomicU64, AtomicU64)| {
        nodes.load(Ordering::Relaxed) as f64 / moves.load(Ordering::Relaxed).max(1) as f64
    };
    // Nanoseconds a node of each side's own searches (an outside engine's are not timed).
    let per_node = |who: usize| {
        search_ns[who].load(Ordering::Relaxed) as f64
            / work[who].0.load(Ordering::Relaxed).max(1) as f64
    };
    let cost = match o.sides.each_ref().map(|s| s.engine.is_none()) {
        [true, true] => format!("{:.3}", per_node(0) / per_node(1)),
        _ => "–".to_string(),
    };
    println!(
        "| A won | Drawn | A lost | A's score | A's mean disc difference | Nodes a move, A | \
         Nodes a move, B | A's time a node against B's |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    println!(
        "| {} | {} | {} | {:.1} % ± {:.1} | {:+.2} | {:.0} | {:.0} | {cost} |",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.score() * 100.0,
        tally.score_error() * 100.0,
        tally.mean_discs(),
        per_move(&work[0]),
        per_move(&work[1])
    );
    ExitCode::SUCCESS
}
