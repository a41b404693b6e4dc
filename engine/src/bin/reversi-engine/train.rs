//! `reversi-engine train`: the evaluation's training pipeline, from self-play to the weights
//! file, resumable at every stage. Its work (games, labels, the weights fitted so far) goes
//! to a work folder; run the same command again after an interruption and it goes on.

use crate::fail;
use reversi_engine::Board;
use reversi_engine::search::Searcher;
use reversi_engine::search::pattern::{PHASES, PatternEval, phase_of};
use reversi_engine::train::{
    Samples, backed_up_label, exact_label, fit_phase, phase_in_discs, self_play_positions,
};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Every tenth game is held out of the fit to measure how well it generalises.
fn held_out(game: usize) -> bool {
    game.is_multiple_of(10)
}

struct Options {
    out: PathBuf,
    work: PathBuf,
    games: usize,
    threads: usize,
    /// Phases up to this many empties are labelled by exact solves.
    solve: u32,
    epochs: usize,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        out: PathBuf::from("engine/assets/eval.bin"),
        work: PathBuf::from("target/train"),
        games: 20_000,
        threads: 2,
        solve: 16,
        epochs: 60,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{arg} needs a value"));
        let number = |v: String| {
            v.parse::<usize>()
                .map_err(|_| format!("{arg}: `{v}` is not a number"))
        };
        match arg.as_str() {
            "--out" => o.out = PathBuf::from(value()?),
            "--work" => o.work = PathBuf::from(value()?),
            "--games" => o.games = number(value()?)?.max(10),
            "--threads" => o.threads = number(value()?)?.max(1),
            "--epochs" => o.epochs = number(value()?)?.max(1),
            "--solve" => {
                let n = number(value()?)?;
                if n % 4 != 0 || n > 24 {
                    return Err("--solve must be a multiple of 4 up to 24 (whole phases)".into());
                }
                o.solve = n as u32;
            }
            other => return Err(format!("unknown train option `{other}`")),
        }
    }
    Ok(o)
}

/// Runs `work` on every index below `n` across `threads` threads, printing progress.
fn parallel<T: Send>(
    n: usize,
    threads: usize,
    what: &str,
    work: impl Fn(usize, &mut Searcher) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let started = Instant::now();
    let mut results: Vec<(usize, T)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut searcher = Searcher::new(16);
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= n {
                            return out;
                        }
                        out.push((i, work(i, &mut searcher)));
                        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                        if d.is_multiple_of(20_000) {
                            let secs = started.elapsed().as_secs_f64();
                            eprintln!("  {what}: {d}/{n}  ({:.0}/s)", d as f64 / secs);
                        }
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker panicked"))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, t)| t).collect()
}

/// Reads the games file: per game a count byte, then 16 bytes per position. A game cut off
/// by an interruption is dropped (and the file trimmed to the last whole game).
fn read_games(path: &Path) -> Result<Vec<Vec<Board>>, String> {
    let data = match fs::read(path) {
        Ok(d) => d,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let mut games = Vec::new();
    let mut at = 0;
    while at < data.len() {
        let n = data[at] as usize;
        let end = at + 1 + 16 * n;
        if end > data.len() {
            break;
        }
        let game = data[at + 1..end]
            .chunks_exact(16)
            .map(|c| {
                let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
                Board::new(word(&c[..8]), word(&c[8..]))
            })
            .collect();
        games.push(game);
        at = end;
    }
    if at != data.len() {
        let file = fs::OpenOptions::new().write(true).open(path);
        file.and_then(|f| f.set_len(at as u64))
            .map_err(|e| format!("cannot trim {}: {e}", path.display()))?;
    }
    Ok(games)
}

fn append_games(path: &Path, games: &[Vec<Board>]) -> Result<(), String> {
    let mut bytes = Vec::new();
    for game in games {
        bytes.push(game.len() as u8);
        for b in game {
            bytes.extend_from_slice(&b.player.to_le_bytes());
            bytes.extend_from_slice(&b.opponent.to_le_bytes());
        }
    }
    let mut file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    file.write_all(&bytes)
        .and_then(|_| file.sync_data())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Writes `bytes` to `path` through a temporary file and a rename, so a crash never leaves
/// half a file behind.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, bytes)
        .and_then(|_| fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn read_labels(path: &Path, expected: usize) -> Option<Vec<f32>> {
    let data = fs::read(path).ok()?;
    (data.len() == expected * 4).then(|| {
        data.chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect()
    })
}

pub fn run(args: &[String]) -> ExitCode {
    let o = match options(args) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    match train(&o) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("train: {e}");
            ExitCode::FAILURE
        }
    }
}

fn train(o: &Options) -> Result<(), String> {
    fs::create_dir_all(&o.work).map_err(|e| format!("cannot create {}: {e}", o.work.display()))?;
    let started = Instant::now();

    // 1. Self-play games, in chunks so an interruption loses at most one chunk.
    let games_path = o.work.join("games.bin");
    let mut games = read_games(&games_path)?;
    games.truncate(o.games);
    if games.len() < o.games {
        eprintln!("self-play: {} of {} games on file", games.len(), o.games);
    }
    while games.len() < o.games {
        let from = games.len();
        let chunk = (o.games - from).min(2_000);
        let new = parallel(chunk, o.threads, "games", |i, _| {
            self_play_positions((from + i) as u64)
        });
        append_games(&games_path, &new)?;
        games.extend(new);
        eprintln!(
            "self-play: {}/{} games  ({:.0} s)",
            games.len(),
            o.games,
            started.elapsed().as_secs_f64()
        );
    }

    // 2. Positions by phase, remembering which were held out.
    let mut by_phase: Vec<Vec<(Board, bool)>> = vec![Vec::new(); PHASES];
    for (g, game) in games.iter().enumerate() {
        for b in game {
            by_phase[phase_of(b.empties().count_ones())].push((*b, held_out(g)));
        }
    }

    // 3. Phase by phase from the end: label, fit, save.
    let partial = o.work.join("weights.partial");
    let progress = o.work.join("phases-done.txt");
    let done = fs::read_to_string(&progress)
        .ok()
        .and_then(|t| t.trim().parse::<usize>().ok())
        .unwrap_or(0);
    let mut eval = if done > 0 {
        let bytes =
            fs::read(&partial).map_err(|e| format!("cannot read {}: {e}", partial.display()))?;
        PatternEval::from_bytes(&bytes).map_err(|e| format!("{}: {e}", partial.display()))?
    } else {
        PatternEval::zero()
    };
    if done > 0 {
        eprintln!("resuming: {done} phases already fitted");
    }
    println!("| Phase | Empties | Positions | Labels | Train MAE | Held-out MAE |");
    println!("|---:|---|---:|---|---:|---:|");
    for (phase, positions) in by_phase.iter().enumerate().skip(done) {
        let (lo, hi) = (phase as u32 * 4 + 1, phase as u32 * 4 + 4);
        let exact = hi <= o.solve;
        let labels_path = o.work.join(format!("labels-{phase:02}.bin"));
        let labels = match read_labels(&labels_path, positions.len()) {
            Some(l) => l,
            None => {
                let eval_ref = &eval;
                let what = format!("phase {phase} labels");
                let labels = parallel(positions.len(), o.threads, &what, |i, searcher| {
                    let board = &positions[i].0;
                    if exact {
                        exact_label(searcher, board)
                    } else {
                        backed_up_label(eval_ref, board, phase)
                    }
                });
                let bytes: Vec<u8> = labels.iter().flat_map(|l| l.to_le_bytes()).collect();
                write_atomic(&labels_path, &bytes)?;
                labels
            }
        };
        let (mut train_set, mut test_set) = (Samples::default(), Samples::default());
        for ((board, held), label) in positions.iter().zip(&labels) {
            let set = if *held { &mut test_set } else { &mut train_set };
            set.push(board, *label);
        }
        // Start from the later phase's fit: neighbouring phases differ little.
        let start = phase_in_discs(&eval, phase.saturating_sub(1));
        let w = fit_phase(&train_set, &start, o.epochs);
        eval.set_phase(phase, &w);
        let rounded = phase_in_discs(&eval, phase);
        println!(
            "| {phase} | {lo}–{hi} | {} | {} | {:.2} | {:.2} |",
            positions.len(),
            if exact { "exact" } else { "backed up" },
            train_set.mean_abs_error(&rounded),
            test_set.mean_abs_error(&rounded)
        );
        write_atomic(&partial, &eval.to_bytes())?;
        write_atomic(&progress, (phase + 1).to_string().as_bytes())?;
        eprintln!(
            "phase {phase} fitted  ({:.0} s)",
            started.elapsed().as_secs_f64()
        );
    }

    if let Some(dir) = o.out.parent() {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    write_atomic(&o.out, &eval.to_bytes())?;
    eprintln!(
        "wrote {} ({} bytes) in {:.0} s",
        o.out.display(),
        eval.to_bytes().len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
