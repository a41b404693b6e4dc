//! `reversi-engine`: the engine on the command line (perft, and more as the engine grows).

use reversi_engine::{Board, fast_path_name, perft};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: reversi-engine perft DEPTH";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("perft") => cmd_perft(&args[1..]),
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
    let start = Instant::now();
    let leaves = perft(Board::start(), depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {leaves}  {secs:.3} s  {:.1} M leaves/s  [{}]",
        leaves as f64 / secs.max(1e-9) / 1e6,
        fast_path_name()
    );
    ExitCode::SUCCESS
}
