//! `reversi-engine book`: builds the opening book (resumable: the file is rewritten after
//! every batch, and a later run with the same settings goes on from it) and shows what a book
//! says about a line of play.

use crate::{Stopwatch, fail, option_number, thread_count};
use reversi_engine::book::{Book, BookDepth, BuildSettings, expand, frontier};
use reversi_engine::notation::parse_moves;
use reversi_engine::{Clock, Position, Rules, Status};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

pub const USAGE: &str = "reversi-engine book build FILE [--positions N] [--depth D] [--exact E]
                             [--max-ply P] [--ply-cost C] [--batch B] [--threads N]
  reversi-engine book show [--file FILE] [MOVES]   (the book's scores after MOVES, e.g. f5d6)";

pub fn run(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("build") => match build_options(&args[1..]) {
            Ok(o) => build(o),
            Err(e) => fail(e),
        },
        Some("show") => show(&args[1..]),
        _ => fail(format!("usage: {USAGE}")),
    }
}

struct BuildOptions {
    file: String,
    positions: usize,
    depth: BookDepth,
    settings: BuildSettings,
    batch: usize,
    threads: usize,
}

fn build_options(args: &[String]) -> Result<BuildOptions, String> {
    let Some((file, rest)) = args
        .split_first()
        .filter(|(file, _)| !file.starts_with('-'))
    else {
        return Err("book build needs a FILE to write (and resume from) before its options".into());
    };
    let mut o = BuildOptions {
        file: file.clone(),
        positions: 2000,
        depth: BookDepth {
            depth: 18,
            exact: 24,
        },
        settings: BuildSettings {
            max_ply: 24,
            ply_cost: 0.5,
        },
        batch: 16,
        threads: 1,
    };
    let mut it = rest.iter();
    while let Some(arg) = it.next() {
        let value = it.next().ok_or(format!("{arg} needs a value"))?;
        let number = |range| option_number(arg, value, range).map(|n| n as usize);
        match arg.as_str() {
            "--positions" => o.positions = number(1..=10_000_000)?,
            "--depth" => o.depth.depth = number(1..=30)? as u8,
            "--exact" => o.depth.exact = number(0..=30)? as u8,
            "--max-ply" => o.settings.max_ply = number(1..=56)? as u32,
            "--ply-cost" => {
                o.settings.ply_cost = value
                    .parse::<f64>()
                    .ok()
                    .filter(|c| (0.0..=64.0).contains(c))
                    .ok_or("--ply-cost needs discs from 0 to 64")?;
            }
            "--batch" => o.batch = number(1..=10_000)?,
            "--threads" => o.threads = thread_count(value).ok_or("--threads needs 1 to 64")?,
            other => return Err(format!("unknown book option `{other}`")),
        }
    }
    Ok(o)
}

fn build(o: BuildOptions) -> ExitCode {
    let mut book = match std::fs::read(&o.file) {
        Ok(bytes) => match Book::from_bytes(&bytes) {
            Ok(book) if book.depth() == o.depth => book,
            Ok(book) => {
                return fail(format!(
                    "{} was built with --depth {} --exact {}: resume with those, or write another file",
                    o.file,
                    book.depth().depth,
                    book.depth().exact
                ));
            }
            Err(e) => return fail(format!("{}: {e}", o.file)),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Book::new(o.depth),
        Err(e) => return fail(format!("{}: {e}", o.file)),
    };
    let clock = Stopwatch::start();
    let stop = AtomicBool::new(false);
    println!(
        "{}: {} positions ({} scored); growing to {}",
        o.file,
        book.positions(),
        book.scored(),
        o.positions
    );
    // Whole batches only (the last may pass --positions): a build grown later to more
    // positions then has the same batches, and the same book, as one run to that size.
    while book.positions() < o.positions {
        if expand(&mut book, &o.settings, o.batch, o.threads, &stop) == 0 {
            println!(
                "nothing left to expand within --max-ply {}",
                o.settings.max_ply
            );
            break;
        }
        let bytes = book.to_bytes();
        // Write beside the book and rename over it, so a stopped build leaves a whole file.
        let part = format!("{}.part", o.file);
        if let Err(e) = std::fs::write(&part, &bytes).and_then(|_| std::fs::rename(&part, &o.file))
        {
            return fail(format!("{}: {e}", o.file));
        }
        let next = frontier(&book, &o.settings);
        println!(
            "{} positions, {} scored, {} bytes, start {:+}, next cost {:.1}, {:.0} s",
            book.positions(),
            book.scored(),
            bytes.len(),
            book.value(&reversi_engine::Board::start()).unwrap_or(0),
            next.first().map_or(0.0, |l| l.0),
            clock.elapsed_ms() as f64 / 1000.0
        );
    }
    ExitCode::SUCCESS
}

fn show(args: &[String]) -> ExitCode {
    let mut args = args.to_vec();
    let mut loaded = None;
    if let Some(i) = args.iter().position(|a| a == "--file") {
        let Some(path) = args.get(i + 1).cloned() else {
            return fail("--file needs a book file");
        };
        match std::fs::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|b| Book::from_bytes(&b).map_err(|e| e.to_string()))
        {
            Ok(book) => loaded = Some(book),
            Err(e) => return fail(format!("{path}: {e}")),
        }
        args.drain(i..i + 2);
    }
    let book = loaded.as_ref().unwrap_or(Book::builtin());
    let mut pos = Position::new(Rules::default());
    if args.len() > 1 {
        return fail(format!(
            "book show takes one transcript (f5d6c3, no spaces), not {}",
            args.join(" ")
        ));
    }
    if let Some(text) = args.first() {
        match parse_moves(&pos, text) {
            Ok(moves) => {
                for mv in moves {
                    pos = pos.play(mv).expect("parse_moves checked every move").0;
                }
            }
            Err(e) => return fail(format!("bad transcript: {e}")),
        }
    }
    println!(
        "book: {} positions ({} scored), leaves searched {} plies, exact from {} empties",
        book.positions(),
        book.scored(),
        book.depth().depth,
        book.depth().exact
    );
    if let Status::Over(_) = pos.status() {
        println!("the game is over");
        return ExitCode::SUCCESS;
    }
    match book.moves(&pos.board()) {
        Some(moves) => {
            let list: Vec<String> = moves.iter().map(|(sq, v)| format!("{sq} {v:+}")).collect();
            println!("{}", list.join("  "));
        }
        None => println!("not in the book"),
    }
    ExitCode::SUCCESS
}
