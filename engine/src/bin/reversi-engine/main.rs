//! `reversi-engine`: the engine on the command line: perft, solving, the FFO benchmark, game
//! analysis and the NBoard protocol. The one place that reads files, pipes and the clock.

use reversi_engine::grid::{
    BoardSize, GridBoard, GridLimits, GridPosition, GridSearcher, grid_perft, parse_grid_board,
    parse_grid_moves,
};
use reversi_engine::notation::{parse_board, parse_moves};
use reversi_engine::search::remote::answer_line;
use reversi_engine::search::{
    Clock, Evaluate, HandEval, Limits, PatternEval, Searcher, solver_build,
};
use reversi_engine::{Board, Color, Position, Rules, Square, Status, fast_path_name, perft};
use std::fmt;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

mod book;
mod endbench;
mod evaltest;
mod external;
mod ladder;
mod matches;
mod nboard;
mod probcut;
mod train;

const USAGE: &str = "usage:
  reversi-engine perft DEPTH [--size 4|6|8|10]
  reversi-engine solve BOARD X|O               (16, 36, 64 or 100 squares of X, O, -: the size)
  reversi-engine bench ffo FILE FIRST-LAST [--eval learned|hand] [--weights FILE] [--threads N] [--table MIB]   (e.g. bench ffo shared/data/ffo.txt 40-49)
  reversi-engine bench endgame [--positions N] [--empties E] [--threads N]   (solves positions of the engine's own games: the ordering's training set)
  reversi-engine bench midgame [--positions N] [--empties E] [--depth D] [--threads N]   (searches them D plies deep, as the levels do)
  reversi-engine bench probcut [--positions N] [--depth D] [--end]   (how well a search half as deep predicts a deeper one; --end: a shallow one the exact score)
  reversi-engine bench six                     (solves 6×6 from the start: 16-20 for the second player)
  reversi-engine analyse [--size 4|6|8|10] TRANSCRIPT [DEPTH] [--threads N]   (e.g. analyse f5d6c3d3c4)
  reversi-engine nboard [--threads N] [--no-book]   (the NBoard protocol on stdin/stdout; on N threads)
  reversi-engine remote   (the browser's AI worker's request lines on stdin, a reply line for each on
                          stdout: `think …` or `score …`, as in the engine's search::remote)
  reversi-engine ladder [--games N] [--levels 1-10] [--threads N] [--size 4|6|8|10]   (each level vs the next)
  reversi-engine train [--games N] [--threads N] [--player hand|searched] [--play-depth D]
                       [--player-weights FILE] [--solve 16] [--label-depth 0|4-12] [--labeller FILE] [--per-phase N]
                       [--epochs N] [--ridge R] [--ridge-toward zero|later] [--phases N] [--work DIR] [--out FILE]
                       [--networks BASE [--net-phases 4-14] [--net-hidden 16|32|64|128] [--net-epochs N]]
                       (--networks: keep BASE's patterns, fit a network beside them for each phase)
  reversi-engine evaltest [--positions N] [--games N] [--depth D] [--weights FILE]
                          [--against FILE] [--nboard] [--threads N]
  reversi-engine match [--games N] [--threads N] [--depth D] [--nodes N] [--solve E]
                       [--book-openings PLIES] [--a SIDE] [--b SIDE]   (two searches play;
                       SIDE: probcut=T|off|guess,book=DISCS,weights=FILE,nodes=F,engine=CMD,
                       where F is the side's share of --nodes and CMD runs an NBoard engine,
                       e.g. an older build's `reversi-engine nboard`)
  reversi-engine book build FILE [--positions N] [--depth D] [--exact E] [--max-ply P]
                       [--ply-cost C] [--batch B] [--threads N]   (grows an opening book; resumable)
  reversi-engine book show [--file FILE] [MOVES]   (the book's scores after MOVES, e.g. f5d6)
  reversi-engine weights FILE [--round OUT]   (what a weights file holds; --round: its weights
                                               rounded to the unit fitting uses now, into OUT)";

/// Milliseconds since the command (or move) began, for the search's time limits.
struct Stopwatch(Instant);

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch(Instant::now())
    }
}

impl Clock for Stopwatch {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("perft") => cmd_perft(&args[1..]),
        Some("solve") => cmd_solve(&args[1..]),
        Some("bench") => cmd_bench(&args[1..]),
        Some("analyse") | Some("analyze") => cmd_analyse(&args[1..]),
        Some("weights") => cmd_weights(&args[1..]),
        Some("book") => book::run(&args[1..]),
        Some("nboard") => nboard::run(&args[1..]),
        Some("remote") => cmd_remote(&args[1..]),
        Some("ladder") => ladder::run(&args[1..]),
        Some("train") => train::run(&args[1..]),
        Some("evaltest") => evaltest::run(&args[1..]),
        Some("match") => matches::run(&args[1..]),
        Some("-h") | Some("--help") | None => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("unknown command `{other}`\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn cmd_perft(args: &[String]) -> ExitCode {
    let Some(depth) = args
        .first()
        .and_then(|d| d.parse::<u32>().ok())
        .filter(|&d| d <= 20)
    else {
        eprintln!("perft needs a depth from 0 to 20\n{USAGE}");
        return ExitCode::from(2);
    };
    let size = match args.get(1..) {
        Some([]) | None => BoardSize::Eight,
        Some([flag, side]) if flag == "--size" => {
            match side.parse().ok().and_then(BoardSize::from_side) {
                Some(size) => size,
                None => return fail(format!("`{side}` is not a board size (4, 6, 8 or 10)")),
            }
        }
        Some(other) => return fail(format!("perft does not take `{}`", other.join(" "))),
    };
    let start = Instant::now();
    // 8×8 counts on the fast path; the other sizes on the generic bitboards.
    let (leaves, path) = if size == BoardSize::Eight {
        (perft(Board::start(), depth), fast_path_name())
    } else {
        (grid_perft(GridBoard::start(size), depth), "generic u128")
    };
    let secs = start.elapsed().as_secs_f64();
    println!(
        "perft({depth}) on {size} = {leaves}  {secs:.3} s  {:.1} M leaves/s  [{path}]",
        leaves as f64 / secs.max(1e-9) / 1e6,
    );
    ExitCode::SUCCESS
}

/// `--threads N` of every command that takes it: 1 to 64 (each thread builds a searcher).
fn thread_count(n: &str) -> Option<usize> {
    n.parse().ok().filter(|n| (1..=64).contains(n))
}

const THREADS_WANTED: &str = "--threads needs a number from 1 to 64";

/// The value of option `arg` read as a number within `range`, or the message that says what
/// the option needs (the option parsers of `match` and `book build`).
fn option_number(
    arg: &str,
    value: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<u64, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or(format!(
            "{arg} needs a number from {} to {}",
            range.start(),
            range.end()
        ))
}

fn fail(message: impl fmt::Display) -> ExitCode {
    eprintln!("{message}\n{USAGE}");
    ExitCode::from(2)
}

/// The web build's AI requests answered here, one line at a time, as its worker answers
/// them: the same request gives the same reply on every platform (the web build's test
/// compares the two).
fn cmd_remote(args: &[String]) -> ExitCode {
    if let Some(extra) = args.first() {
        return fail(format!(
            "remote takes no arguments (`{extra}`): it reads stdin"
        ));
    }
    let mut out = std::io::stdout().lock();
    let mut input = std::io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        // Lines are read as NBoard's are: at most 64 KiB kept, so that garbage on the pipe
        // cannot make the engine's memory grow (a request is a few hundred bytes).
        let reply = match nboard::next_line(&mut input, &mut buf) {
            Ok(None) => return ExitCode::SUCCESS,
            Ok(Some(nboard::Input::Line(line))) => {
                if line.trim().is_empty() {
                    continue;
                }
                answer_line(&line, &AtomicBool::new(false), &Stopwatch::start())
            }
            Ok(Some(nboard::Input::TooLong(n))) => format!(
                "error a line of {n} bytes is longer than any request ({} at most); skipped",
                nboard::MAX_LINE
            ),
            Ok(Some(nboard::Input::NotText)) => {
                "error a line that is not UTF-8 text; skipped".to_string()
            }
            Err(e) => return fail(format!("cannot read stdin: {e}")),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            // The reader has gone: nothing left to answer.
            return ExitCode::SUCCESS;
        }
    }
}

fn square_list(pv: &[Square]) -> String {
    pv.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn cmd_solve(args: &[String]) -> ExitCode {
    if args.is_empty() {
        return fail(
            "solve needs a board (16, 36, 64 or 100 squares of X, O, -) and the side to move",
        );
    }
    let setup = match parse_grid_board(&args.join(" ")) {
        Ok(setup) => setup,
        Err(e) => return fail(format!("bad board: {e}")),
    };
    let generic = setup.board();
    let Some(board) = generic.as_eight() else {
        return solve_generic(&generic);
    };
    let clock = Stopwatch::start();
    let result = Searcher::new(256).solve(&board, &AtomicBool::new(false), &clock);
    let secs = clock.0.elapsed().as_secs_f64();
    let best = result
        .best_move
        .map_or("pass".to_string(), |sq| sq.to_string());
    println!(
        "best {best}  score {:+}  nodes {}  {secs:.3} s  {:.1} M nodes/s  pv {}  [{}]",
        result.score,
        result.nodes,
        result.nodes as f64 / secs.max(1e-9) / 1e6,
        square_list(&result.pv),
        solver_build()
    );
    ExitCode::SUCCESS
}

/// Solves a board of a size other than 8×8 with the generic solver and prints the result.
fn solve_generic(board: &GridBoard) -> ExitCode {
    let clock = Stopwatch::start();
    let result = GridSearcher::new(256).solve(board, &AtomicBool::new(false), &clock);
    let secs = clock.0.elapsed().as_secs_f64();
    let best = result
        .best_move
        .map_or("pass".to_string(), |i| result.cell(i).to_string());
    println!(
        "best {best}  score {:+}  nodes {}  {secs:.3} s  {:.1} M nodes/s  pv {}  [{}, generic u128]",
        result.score,
        result.nodes,
        result.nodes as f64 / secs.max(1e-9) / 1e6,
        result.pv_names(),
        board.size
    );
    ExitCode::SUCCESS
}

/// `analyse --size N`: each move of a game on another board size against the generic search's
/// best move and score.
fn analyse_generic(size: BoardSize, args: &[String]) -> ExitCode {
    let Some(transcript) = args.first() else {
        return fail("analyse needs a transcript such as c2b2");
    };
    if args.len() > 2 {
        return fail(format!(
            "analyse takes a transcript (no spaces) and a depth, not {}",
            args.join(" ")
        ));
    }
    let depth = match args.get(1).map(|d| d.parse::<u32>()) {
        None => 8,
        Some(Ok(d)) if (1..=30).contains(&d) => d,
        Some(_) => return fail("the depth must be a number from 1 to 30"),
    };
    let start = GridPosition::new(size, Rules::default());
    let moves = match parse_grid_moves(&start, transcript) {
        Ok(m) => m,
        Err(e) => return fail(format!("bad transcript: {e}")),
    };
    let mut searcher = GridSearcher::new(64);
    let stop = AtomicBool::new(false);
    let limits = GridLimits {
        depth,
        time_ms: None,
        solve_empties: 16,
    };
    let mut pos = start;
    for (ply, mv) in moves.iter().enumerate() {
        let color = match pos.status() {
            Status::ToMove(c) | Status::MustPass(c) => c,
            Status::Over(_) => break,
        };
        let clock = Stopwatch::start();
        let result = searcher.search(&pos.board(), &limits, &stop, &clock);
        let side = if color == Color::Black {
            "black"
        } else {
            "white"
        };
        let best = result
            .best_move
            .map_or("pass".to_string(), |i| result.cell(i).to_string());
        println!(
            "{:>2}. {side} played {mv:<3} best {best:<4} {:+3}{}  depth {:>2}  pv {}",
            ply + 1,
            result.score,
            if result.exact { " exact" } else { "      " },
            result.depth,
            result.pv_names()
        );
        pos = match pos.play(*mv) {
            Ok((next, _)) => next,
            Err(e) => return fail(format!("move {}: {e}", ply + 1)),
        };
    }
    ExitCode::SUCCESS
}

/// `bench six`: the whole 6×6 game solved from the start; its known result is 16-20.
fn bench_six() -> ExitCode {
    let start = GridBoard::start(BoardSize::Six);
    let clock = Stopwatch::start();
    let result = GridSearcher::new(256).solve(&start, &AtomicBool::new(false), &clock);
    let secs = clock.0.elapsed().as_secs_f64();
    let (first, second) = (16 + (result.score + 4) / 2, 20 - (result.score + 4) / 2);
    let right = result.score == -4;
    println!(
        "6×6 from the start: score {:+} for the first player ({first}-{second}, expected 16-20) {}  {secs:.3} s  {} nodes  {:.1} M nodes/s  pv {}",
        result.score,
        if right { "ok" } else { "WRONG" },
        result.nodes,
        result.nodes as f64 / secs.max(1e-9) / 1e6,
        result.pv_names()
    );
    if right {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// One line of an FFO file: `id board64 side empties best_score best_moves [moves:scores]`.
struct FfoPosition {
    id: u32,
    board: Board,
    best_score: i32,
    best_moves: Vec<Square>,
}

/// Why a line of an FFO file could not be read.
#[derive(Debug)]
struct FfoError {
    line: usize,
    what: String,
}

impl fmt::Display for FfoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.what)
    }
}

fn parse_ffo(text: &str) -> Result<Vec<FfoPosition>, FfoError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |what: String| FfoError { line: i + 1, what };
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() < 6 {
            return Err(err(format!(
                "expected id, board, side, empties, score and moves; found {} fields",
                fields.len()
            )));
        }
        let id = fields[0]
            .parse::<u32>()
            .map_err(|_| err(format!("`{}` is not a position number", fields[0])))?;
        let pos = parse_board(&format!("{} {}", fields[1], fields[2]), Rules::default())
            .map_err(|e| err(format!("bad board: {e}")))?;
        let empties = fields[3]
            .parse::<u32>()
            .map_err(|_| err(format!("`{}` is not a number of empties", fields[3])))?;
        if empties != pos.empties().count() {
            return Err(err(format!(
                "the board has {} empties, the line says {empties}",
                pos.empties().count()
            )));
        }
        let best_score = fields[4]
            .parse::<i32>()
            .map_err(|_| err(format!("`{}` is not a score", fields[4])))?;
        let best_moves = fields[5]
            .split(',')
            .map(|m| m.parse::<Square>().map_err(|e| err(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        out.push(FfoPosition {
            id,
            board: pos.board(),
            best_score,
            best_moves,
        });
    }
    Ok(out)
}

fn cmd_bench(args: &[String]) -> ExitCode {
    if args.first().map(String::as_str) == Some("six") {
        if args.len() > 1 {
            return fail("bench six takes no options");
        }
        return bench_six();
    }
    if args.first().map(String::as_str) == Some("endgame") {
        return endbench::run(endbench::Bench::Endgame, &args[1..]);
    }
    if args.first().map(String::as_str) == Some("midgame") {
        return endbench::run(endbench::Bench::Midgame, &args[1..]);
    }
    if args.first().map(String::as_str) == Some("probcut") {
        return probcut::run(&args[1..]);
    }
    let (Some("ffo"), Some(file), Some(range)) =
        (args.first().map(String::as_str), args.get(1), args.get(2))
    else {
        return fail(
            "bench needs: ffo FILE FIRST-LAST [--eval learned|hand] [--weights FILE] [--threads N] \
             [--table MIB], or six",
        );
    };
    let Some((first, last)) = range
        .split_once('-')
        .and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)))
        .or_else(|| range.parse::<u32>().ok().map(|n| (n, n)))
    else {
        return fail(format!("`{range}` is not a range such as 40-49"));
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => return fail(format!("cannot read {file}: {e}")),
    };
    let positions = match parse_ffo(&text) {
        Ok(p) => p,
        Err(e) => return fail(format!("{file}: {e}")),
    };
    let chosen: Vec<&FfoPosition> = positions
        .iter()
        .filter(|p| (first..=last).contains(&p.id))
        .collect();
    if chosen.is_empty() {
        return fail(format!("{file} has no positions {first}-{last}"));
    }
    let mut eval: Box<dyn Evaluate> = Box::new(PatternEval::builtin().clone());
    let mut threads = 1;
    let mut table_mb = 256;
    let mut options = args[3..].iter().map(String::as_str);
    while let Some(option) = options.next() {
        match (option, options.next()) {
            ("--eval", Some("learned")) => eval = Box::new(PatternEval::builtin().clone()),
            ("--eval", Some("hand")) => eval = Box::new(HandEval),
            ("--eval", _) => return fail("bench's evaluation is --eval learned or --eval hand"),
            ("--weights", Some(path)) => {
                match std::fs::read(path)
                    .map_err(|e| e.to_string())
                    .and_then(|bytes| PatternEval::from_bytes(&bytes).map_err(|e| e.to_string()))
                {
                    Ok(weights) => eval = Box::new(weights),
                    Err(e) => return fail(format!("{path}: {e}")),
                }
            }
            ("--threads", n) => match n.and_then(thread_count) {
                Some(n) => threads = n,
                None => return fail(THREADS_WANTED),
            },
            ("--table", n) => match n.and_then(|n| n.parse::<usize>().ok()) {
                // The table rounds down to a power of two: take only sizes it keeps.
                Some(mb) if mb.is_power_of_two() && mb <= 65536 => table_mb = mb,
                _ => return fail("--table takes the table's size in MiB, a power of two to 65536"),
            },
            (other, _) => return fail(format!("bench does not take `{other}`")),
        }
    }
    println!(
        "solver build: {}, {threads} thread(s), {table_mb} MiB table",
        solver_build()
    );
    let mut searcher = Searcher::long_lived(table_mb)
        .with_eval(eval)
        .with_threads(threads);
    let (mut total_nodes, mut total_secs, mut failures) = (0u64, 0f64, 0);
    for p in chosen {
        searcher.clear();
        let clock = Stopwatch::start();
        let result = searcher.solve(&p.board, &AtomicBool::new(false), &clock);
        let secs = clock.0.elapsed().as_secs_f64();
        let right = result.score == p.best_score
            && result.best_move.is_some_and(|m| p.best_moves.contains(&m));
        failures += usize::from(!right);
        total_nodes += result.nodes;
        total_secs += secs;
        println!(
            "#{:<3} {:>2} empties  best {}  score {:+3} (expected {:+3}) {}  {:>8.3} s  {:>13} nodes  {:>6.1} M nodes/s",
            p.id,
            p.board.empties().count_ones(),
            result
                .best_move
                .map_or("pass".to_string(), |s| s.to_string()),
            result.score,
            p.best_score,
            if right { "ok" } else { "WRONG" },
            secs,
            result.nodes,
            result.nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
    println!(
        "total {total_secs:.3} s  {total_nodes} nodes  {:.1} M nodes/s  {} wrong",
        total_nodes as f64 / total_secs.max(1e-9) / 1e6,
        failures
    );
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn cmd_weights(args: &[String]) -> ExitCode {
    let (file, out) = match args {
        [file] => (file, None),
        [file, flag, out] if flag == "--round" => (file, Some(out)),
        _ => return fail("weights needs: FILE [--round OUT]"),
    };
    let eval = match std::fs::read(file).map(|bytes| PatternEval::from_bytes(&bytes)) {
        Ok(Ok(eval)) => eval,
        Ok(Err(e)) => return fail(format!("{file}: {e}")),
        Err(e) => return fail(format!("cannot read {file}: {e}")),
    };
    println!(
        "{file}: {eval:?}, in steps of {} hundredths of a disc",
        eval.unit()
    );
    if let Some(out) = out {
        let rounded = eval.rounded();
        if let Err(e) = std::fs::write(out, rounded.to_bytes()) {
            return fail(format!("cannot write {out}: {e}"));
        }
        println!(
            "{out}: {rounded:?}, in steps of {} hundredths of a disc",
            rounded.unit()
        );
    }
    ExitCode::SUCCESS
}

fn cmd_analyse(args: &[String]) -> ExitCode {
    let mut threads = 1;
    let mut args = args.to_vec();
    if let Some(i) = args.iter().position(|a| a == "--threads") {
        match args.get(i + 1).and_then(|n| thread_count(n)) {
            Some(n) => threads = n,
            None => return fail(THREADS_WANTED),
        }
        args.drain(i..i + 2);
    }
    if let [flag, side, rest @ ..] = &args[..]
        && flag == "--size"
    {
        return match side.parse().ok().and_then(BoardSize::from_side) {
            Some(BoardSize::Eight) => analyse_eight(rest, threads),
            Some(_) if threads > 1 => fail("--threads is for 8×8 boards"),
            Some(size) => analyse_generic(size, rest),
            None => fail(format!("`{side}` is not a board size (4, 6, 8 or 10)")),
        };
    }
    analyse_eight(&args, threads)
}

/// `analyse` on 8×8: the fast path's search on `threads` threads.
fn analyse_eight(args: &[String], threads: usize) -> ExitCode {
    let Some(transcript) = args.first() else {
        return fail("analyse needs a transcript such as f5d6c3d3c4");
    };
    if args.len() > 2 {
        return fail(format!(
            "analyse takes a transcript (no spaces) and a depth, not {}",
            args.join(" ")
        ));
    }
    let depth = match args.get(1).map(|d| d.parse::<u32>()) {
        None => 8,
        Some(Ok(d)) if (1..=30).contains(&d) => d,
        Some(_) => return fail("the depth must be a number from 1 to 30"),
    };
    let start = Position::new(Rules::default());
    let moves = match parse_moves(&start, transcript) {
        Ok(m) => m,
        Err(e) => return fail(format!("bad transcript: {e}")),
    };
    let mut searcher = Searcher::new(64).with_threads(threads);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        solve_empties: 16,
        ..Limits::depth(depth)
    };
    let mut pos = start;
    for (ply, mv) in moves.iter().enumerate() {
        let color = match pos.status() {
            Status::ToMove(c) | Status::MustPass(c) => c,
            Status::Over(_) => break,
        };
        let clock = Stopwatch::start();
        let result = searcher.search(&pos.board(), &limits, &stop, &clock);
        let side = if color == Color::Black {
            "black"
        } else {
            "white"
        };
        let best = result
            .best_move
            .map_or("pass".to_string(), |s| s.to_string());
        println!(
            "{:>2}. {side} played {mv:<3} best {best:<4} {:+3}{}  depth {:>2}  pv {}",
            ply + 1,
            result.score,
            if result.exact { " exact" } else { "      " },
            result.depth,
            square_list(&result.pv)
        );
        pos = match pos.play(*mv) {
            Ok((next, _)) => next,
            Err(e) => return fail(format!("move {}: {e}", ply + 1)),
        };
    }
    ExitCode::SUCCESS
}
