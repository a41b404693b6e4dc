//! `reversi-engine train`: the evaluation's training pipeline, from self-play to the weights
//! file, resumable at every stage. Its work (games, labels, the weights fitted so far) goes
//! to a work folder; run the same command again after an interruption and it goes on.

use crate::fail;
use reversi_engine::Board;
use reversi_engine::search::Searcher;
use reversi_engine::search::network::HIDDEN_SIZES;
use reversi_engine::search::pattern::{PHASES, PatternEval, phase_of};
use reversi_engine::train::network::{NetFit, fit_network, net_error};
use reversi_engine::train::{
    RIDGE, RidgeToward, Samples, backed_up_label, exact_label, fit_phase, phase_in_discs,
    searched_game_positions, searched_label, selective_label, self_play_positions,
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
    /// The fit's ridge penalty (see [`RIDGE`]).
    ridge: f32,
    /// What the ridge pulls weights towards.
    toward: RidgeToward,
    /// Stop after fitting this many phases (for trying fit settings on the late phases).
    phases: usize,
    /// Who plays the self-play games.
    player: Player,
    /// Plies of the search that labels the later phases (0: down to the next phase only).
    label_depth: u32,
    /// At most this many positions per phase (spread evenly over the games), so that the
    /// expensive labels of the deeper phases can be capped.
    per_phase: usize,
    /// Weights of an earlier generation that label the phases above `solve` with their own
    /// `label_depth`-ply selective search (ProbCut as the levels use it), instead of the
    /// run's own later phases: each phase's labels are then as good as that search, not
    /// backed up through every phase below it.
    labeller: Option<PathBuf>,
    /// Fit networks beside this file's patterns instead of fitting patterns.
    networks: Option<PathBuf>,
    /// The phases that get networks (first and last).
    net_phases: (usize, usize),
    net: NetFit,
}

/// Who plays the self-play games.
#[derive(Clone, Debug, PartialEq)]
enum Player {
    /// The hand-written evaluation one ply deep (the first generation's games).
    Hand,
    /// A search `depth` plies deep with learned weights (the built-in ones, or a file's).
    Searched {
        depth: u32,
        weights: Option<PathBuf>,
    },
}

/// A fingerprint of a weights file (64-bit FNV-1a): a work folder remembers which weights
/// played its games by their contents, wherever the file lies.
fn fingerprint(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Options {
    /// What decides the games and labels (`player_bytes`: the player's weights file, if one
    /// is named): a work folder made with other settings cannot be resumed with these.
    fn settings(&self, player_bytes: Option<&[u8]>, labeller_bytes: Option<&[u8]>) -> String {
        let player = match (&self.player, player_bytes) {
            (Player::Hand, _) => "hand 1".to_string(),
            (Player::Searched { depth, .. }, Some(bytes)) => {
                format!("searched {depth} weights {:016x}", fingerprint(bytes))
            }
            (Player::Searched { depth, .. }, None) => format!("searched {depth} built-in"),
        };
        let mut text = format!(
            "player {player}\nsolve {}\nlabel-depth {}\nper-phase {}\n",
            self.solve, self.label_depth, self.per_phase
        );
        // Folders made before labellers existed have no such line and stay resumable.
        if let Some(bytes) = labeller_bytes {
            text += &format!("labeller {:016x}\n", fingerprint(bytes));
        }
        text
    }
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        out: PathBuf::from("engine/assets/eval.bin"),
        work: PathBuf::from("target/train"),
        games: 20_000,
        threads: 2,
        solve: 16,
        epochs: 60,
        ridge: RIDGE,
        toward: RidgeToward::Zero,
        phases: PHASES,
        player: Player::Hand,
        label_depth: 0,
        per_phase: usize::MAX,
        labeller: None,
        networks: None,
        net_phases: (4, PHASES - 1),
        net: NetFit::default(),
    };
    let mut player_weights = None;
    let mut play_depth = None;
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
            "--threads" => {
                let v = value()?;
                o.threads = crate::thread_count(&v).ok_or(crate::THREADS_WANTED)?;
            }
            "--epochs" => o.epochs = number(value()?)?.max(1),
            "--ridge" => {
                let v = value()?;
                o.ridge = v
                    .parse::<f32>()
                    .ok()
                    .filter(|r| (0.0..=1000.0).contains(r))
                    .ok_or(format!("--ridge: `{v}` is not a number from 0 to 1000"))?;
            }
            "--ridge-toward" => {
                o.toward = match value()?.as_str() {
                    "zero" => RidgeToward::Zero,
                    "later" => RidgeToward::Later,
                    other => {
                        return Err(format!(
                            "--ridge-toward: `{other}` is not zero or later (the later phase's \
                             weights)"
                        ));
                    }
                }
            }
            "--phases" => o.phases = number(value()?)?.clamp(1, PHASES),
            "--player" => match value()?.as_str() {
                "hand" => o.player = Player::Hand,
                "searched" => {
                    o.player = Player::Searched {
                        depth: 2,
                        weights: None,
                    }
                }
                other => return Err(format!("--player: `{other}` is not hand or searched")),
            },
            "--play-depth" => play_depth = Some(number(value()?)?.clamp(1, 12) as u32),
            "--player-weights" => player_weights = Some(PathBuf::from(value()?)),
            "--label-depth" => {
                let n = number(value()?)?;
                if n != 0 && !(4..=12).contains(&n) {
                    return Err(
                        "--label-depth must be 0 or 4 to 12 (at least 4 so that, without a \
                         labeller, its leaves lie in later phases)"
                            .into(),
                    );
                }
                o.label_depth = n as u32;
            }
            "--labeller" => o.labeller = Some(PathBuf::from(value()?)),
            "--per-phase" => o.per_phase = number(value()?)?.max(100),
            "--networks" => o.networks = Some(PathBuf::from(value()?)),
            "--net-phases" => {
                let v = value()?;
                o.net_phases = v
                    .split_once('-')
                    .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
                    .filter(|&(a, b): &(usize, usize)| a <= b && b < PHASES)
                    .ok_or(format!(
                        "--net-phases: `{v}` is not FIRST-LAST, phases 0 to {}",
                        PHASES - 1
                    ))?;
            }
            "--net-hidden" => {
                let n = number(value()?)?;
                if !HIDDEN_SIZES.contains(&n) {
                    return Err(format!("--net-hidden must be one of {HIDDEN_SIZES:?}"));
                }
                o.net.hidden = n;
            }
            "--net-epochs" => o.net.epochs = number(value()?)?.clamp(1, 1000),
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
    match &mut o.player {
        Player::Searched { depth, weights } => {
            *depth = play_depth.unwrap_or(*depth);
            *weights = player_weights;
        }
        Player::Hand if play_depth.is_some() || player_weights.is_some() => {
            return Err("--play-depth and --player-weights need --player searched".into());
        }
        Player::Hand => {}
    }
    if o.labeller.is_some() && o.label_depth == 0 {
        return Err("--labeller needs --label-depth (how deep its search labels)".into());
    }
    // Without a labeller, a phase's labels come from the phases fitted before it.
    if o.networks.is_some() && o.labeller.is_none() && o.net_phases.1 as u32 * 4 + 4 > o.solve {
        return Err(
            "--networks labels the phases it does not solve with a --labeller's search".into(),
        );
    }
    Ok(o)
}

/// Runs `work` on every index below `n` across `threads` threads, each with a searcher of
/// its own from `make`, printing progress.
fn parallel<T: Send>(
    n: usize,
    threads: usize,
    what: &str,
    make: &(dyn Fn() -> Searcher + Sync),
    work: impl Fn(usize, &mut Searcher) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let started = Instant::now();
    let mut results: Vec<(usize, T)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut searcher = make();
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

/// The most positions a game file's record holds: a game has at most 60 placements.
const MAX_GAME_POSITIONS: usize = 64;

/// Reads the games file: per game a count byte, then 16 bytes per position. A game cut off
/// by an interruption is dropped (and the file trimmed to the last whole game). A record no
/// run writes (too many positions, a square both players hold) is a damaged file: an error
/// that names the place, not games trained on silently or data trimmed away.
fn read_games(path: &Path) -> Result<Vec<Vec<Board>>, String> {
    let data = match fs::read(path) {
        Ok(d) => d,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let (games, whole) = parse_games(&data)
        .map_err(|why| format!("{} is damaged ({why}); move it aside", path.display()))?;
    if whole != data.len() {
        let file = fs::OpenOptions::new().write(true).open(path);
        file.and_then(|f| f.set_len(whole as u64))
            .map_err(|e| format!("cannot trim {}: {e}", path.display()))?;
    }
    Ok(games)
}

/// The games in `data` and the length of its whole records (a last one cut off by an
/// interruption is left out), or where it is damaged.
fn parse_games(data: &[u8]) -> Result<(Vec<Vec<Board>>, usize), String> {
    let mut games = Vec::new();
    let mut at = 0;
    while at < data.len() {
        let n = data[at] as usize;
        if n > MAX_GAME_POSITIONS {
            return Err(format!("a game of {n} positions at byte {at}"));
        }
        let end = (at + 1 + 16 * n).min(data.len());
        let mut game = Vec::with_capacity(n);
        for (k, c) in data[at + 1..end].chunks_exact(16).enumerate() {
            let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
            let (player, opponent) = (word(&c[..8]), word(&c[8..]));
            if player & opponent != 0 {
                let place = at + 1 + 16 * k;
                return Err(format!("a square held by both players at byte {place}"));
            }
            game.push(Board::new(player, opponent));
        }
        if game.len() < n {
            break; // the last game, cut off
        }
        games.push(game);
        at = end;
    }
    Ok((games, at))
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

/// A weights file's bytes (for its fingerprint) and the weights they hold.
fn read_weights(path: &Path) -> Result<(Vec<u8>, PatternEval), String> {
    let bytes = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let eval = PatternEval::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((bytes, eval))
}

/// The labels of one phase's positions: read from the work folder, or made and saved there.
/// `eval` holds the phases fitted so far (backed-up labels and the run's own searches read
/// them); `labeller` is an earlier generation's weights that label instead.
fn phase_labels(
    o: &Options,
    phase: usize,
    positions: &[(Board, bool)],
    eval: &PatternEval,
    labeller_eval: Option<&PatternEval>,
) -> Result<Vec<f32>, String> {
    let exact = phase as u32 * 4 + 4 <= o.solve;
    // Named by the games they come from: a run on more games labels its positions anew.
    let labels_path = o.work.join(format!("labels-{phase:02}-{}.bin", o.games));
    if let Some(labels) = read_labels(&labels_path, positions.len()) {
        return Ok(labels);
    }
    // The phase's own weights start as the later phase's: the label searches' inner nodes
    // use them to order moves (their leaves lie in later phases). With a labeller of an
    // earlier generation, its weights score every phase.
    let labeller = labeller_eval.cloned().unwrap_or_else(|| {
        let mut own = eval.clone();
        own.set_phase(phase, &phase_in_discs(eval, phase.saturating_sub(1)));
        own
    });
    let plain = || Searcher::new(16);
    let searched = || Searcher::new(1).with_eval(Box::new(labeller.clone()));
    let make: &(dyn Fn() -> Searcher + Sync) = if exact || o.label_depth == 0 {
        &plain
    } else {
        &searched
    };
    let what = format!("phase {phase} labels");
    let labels = parallel(positions.len(), o.threads, &what, make, |i, searcher| {
        let board = &positions[i].0;
        if exact {
            exact_label(searcher, board)
        } else if o.label_depth == 0 {
            backed_up_label(eval, board, phase)
        } else if o.labeller.is_some() {
            selective_label(searcher, board, o.label_depth)
        } else {
            searched_label(searcher, board, o.label_depth)
        }
    });
    let bytes: Vec<u8> = labels.iter().flat_map(|l| l.to_le_bytes()).collect();
    write_atomic(&labels_path, &bytes)?;
    Ok(labels)
}

/// `train --networks BASE`: fits a network for each phase of `--net-phases` to what BASE's
/// patterns leave over of that phase's labels, keeps it where it lowers the held-out
/// error, and writes BASE's patterns with the networks kept (any networks BASE had are
/// replaced). Resumable phase by phase, as the pattern fit is.
fn fit_networks(
    o: &Options,
    by_phase: &[Vec<(Board, bool)>],
    base_path: &Path,
    labeller_eval: Option<&PatternEval>,
    started: Instant,
) -> Result<(), String> {
    let (base_bytes, base) = read_weights(base_path)?;
    let patterns = base.without_networks();
    // What the networks fitted so far depend on: a run with other settings starts again.
    let key = format!(
        "games {} base {:016x} hidden {} epochs {}",
        o.games,
        fingerprint(&base_bytes),
        o.net.hidden,
        o.net.epochs
    );
    let partial = o.work.join("networks.partial");
    let progress = o.work.join("networks-done.txt");
    let (first, last) = o.net_phases;
    let from = fs::read_to_string(&progress)
        .ok()
        .and_then(|t| {
            let (k, next) = t.trim().rsplit_once(' ')?;
            (k == key).then_some(next.parse::<usize>().ok()?)
        })
        .filter(|&next| next > first && next <= last + 1);
    let mut eval = match from {
        Some(next) => {
            eprintln!("resuming: networks fitted up to phase {}", next - 1);
            read_weights(&partial)?.1
        }
        None => patterns.clone(),
    };
    println!("| Phase | Empties | Positions | Labels | Patterns alone | With the network | Fit |");
    println!("|---:|---|---:|---|---:|---:|---:|");
    let start = from.unwrap_or(first);
    for (phase, positions) in by_phase.iter().enumerate().take(last + 1).skip(start) {
        let labels = phase_labels(o, phase, positions, &patterns, labeller_eval)?;
        let fit_started = Instant::now();
        let (mut train, mut test) = ((Vec::new(), Vec::new()), (Vec::new(), Vec::new()));
        for ((board, held), label) in positions.iter().zip(&labels) {
            let set = if *held { &mut test } else { &mut train };
            set.0.push(*board);
            set.1.push(label - patterns.evaluate_discs(board));
        }
        let net = fit_network(
            &train.0,
            &train.1,
            &NetFit {
                seed: phase as u64,
                ..o.net
            },
        );
        let (alone, with) = (
            net_error(None, &test.0, &test.1),
            net_error(Some(&net), &test.0, &test.1),
        );
        let kept = with < alone;
        println!(
            "| {phase} | {}–{} | {} | {} | {alone:.2} | {with:.2}{} | {:.0} s |",
            phase * 4 + 1,
            phase * 4 + 4,
            positions.len(),
            if phase as u32 * 4 + 4 <= o.solve {
                "exact".to_string()
            } else {
                format!("labeller, {} plies", o.label_depth)
            },
            if kept { "" } else { " (not kept)" },
            fit_started.elapsed().as_secs_f64()
        );
        eval.set_network(phase, kept.then_some(net));
        write_atomic(&partial, &eval.to_bytes())?;
        write_atomic(&progress, format!("{key} {}", phase + 1).as_bytes())?;
    }
    if let Some(dir) = o.out.parent() {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let bytes = eval.to_bytes();
    write_atomic(&o.out, &bytes)?;
    eprintln!(
        "wrote {} ({} bytes) in {:.0} s",
        o.out.display(),
        bytes.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn train(o: &Options) -> Result<(), String> {
    fs::create_dir_all(&o.work).map_err(|e| format!("cannot create {}: {e}", o.work.display()))?;
    let started = Instant::now();
    let (player_bytes, player_eval) = match &o.player {
        Player::Searched {
            weights: Some(path),
            ..
        } => {
            let (bytes, eval) = read_weights(path)?;
            (Some(bytes), eval)
        }
        _ => (None, PatternEval::builtin().clone()),
    };
    let (labeller_bytes, labeller_eval) = match &o.labeller {
        Some(path) => {
            let (bytes, eval) = read_weights(path)?;
            (Some(bytes), Some(eval))
        }
        None => (None, None),
    };
    let settings = o.settings(player_bytes.as_deref(), labeller_bytes.as_deref());
    let settings_path = o.work.join("settings.txt");
    match fs::read_to_string(&settings_path) {
        Ok(old) if old != settings => {
            return Err(format!(
                "{} was made with other settings:\n{old}(now:\n{}); use another --work folder",
                o.work.display(),
                settings
            ));
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            write_atomic(&settings_path, settings.as_bytes())?
        }
        // Unreadable (not text, no permission): the games beside it may be another run's,
        // and writing over it would hide that.
        Err(e) => return Err(format!("{}: {e}", settings_path.display())),
    }
    // Small tables: games and searched labels clear them each time (see train.rs).
    let player = || Searcher::new(1).with_eval(Box::new(player_eval.clone()));

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
        let new = parallel(chunk, o.threads, "games", &player, |i, searcher| {
            let seed = (from + i) as u64;
            match o.player {
                Player::Hand => self_play_positions(seed),
                Player::Searched { depth, .. } => searched_game_positions(seed, searcher, depth),
            }
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

    // 2. Positions by phase, remembering which were held out; at most `per_phase` of them,
    // taken evenly.
    let mut by_phase: Vec<Vec<(Board, bool)>> = vec![Vec::new(); PHASES];
    for (g, game) in games.iter().enumerate() {
        for b in game {
            by_phase[phase_of(b.empties().count_ones())].push((*b, held_out(g)));
        }
    }
    for positions in &mut by_phase {
        if positions.len() > o.per_phase {
            let step = positions.len() as f64 / o.per_phase as f64;
            *positions = (0..o.per_phase)
                .map(|i| positions[(i as f64 * step) as usize])
                .collect();
        }
    }

    if let Some(base) = &o.networks {
        return fit_networks(o, &by_phase, base, labeller_eval.as_ref(), started);
    }

    // 3. Phase by phase from the end: label, fit, save.
    let partial = o.work.join("weights.partial");
    let progress = o.work.join("phases-done.txt");
    // "games phases": phases fitted on that many games (more games start the fit again).
    let done = fs::read_to_string(&progress)
        .ok()
        .and_then(|t| {
            let (games, phases) = t.trim().split_once(' ')?;
            (games.parse::<usize>().ok()? == o.games).then_some(phases.parse::<usize>().ok()?)
        })
        .unwrap_or(0);
    let mut eval = if done > 0 {
        read_weights(&partial)?.1
    } else {
        PatternEval::zero()
    };
    if done > 0 {
        eprintln!("resuming: {done} phases already fitted");
    }
    println!("| Phase | Empties | Positions | Labels | Train MAE | Held-out MAE |");
    println!("|---:|---|---:|---|---:|---:|");
    for (phase, positions) in by_phase.iter().enumerate().take(o.phases).skip(done) {
        let (lo, hi) = (phase as u32 * 4 + 1, phase as u32 * 4 + 4);
        let exact = hi <= o.solve;
        let labels = phase_labels(o, phase, positions, &eval, labeller_eval.as_ref())?;
        let (mut train_set, mut test_set) = (Samples::default(), Samples::default());
        for ((board, held), label) in positions.iter().zip(&labels) {
            let set = if *held { &mut test_set } else { &mut train_set };
            set.push(board, *label);
        }
        // Start from the later phase's fit: neighbouring phases differ little.
        let start = phase_in_discs(&eval, phase.saturating_sub(1));
        let w = fit_phase(&train_set, &start, o.epochs, o.ridge, o.toward);
        eval.set_phase(phase, &w);
        let rounded = phase_in_discs(&eval, phase);
        println!(
            "| {phase} | {lo}–{hi} | {} | {} | {:.2} | {:.2} |",
            positions.len(),
            if exact {
                "exact".to_string()
            } else if o.label_depth == 0 {
                "backed up".to_string()
            } else if o.labeller.is_some() {
                format!("labeller, {} plies with ProbCut", o.label_depth)
            } else {
                format!("{}-ply search", o.label_depth)
            },
            train_set.mean_abs_error(&rounded),
            test_set.mean_abs_error(&rounded)
        );
        write_atomic(&partial, &eval.to_bytes())?;
        write_atomic(&progress, format!("{} {}", o.games, phase + 1).as_bytes())?;
        eprintln!(
            "phase {phase} fitted  ({:.0} s)",
            started.elapsed().as_secs_f64()
        );
    }

    if o.phases < PHASES {
        eprintln!(
            "stopped after {} phases (--phases); {} not written",
            o.phases,
            o.out.display()
        );
        return Ok(());
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

#[cfg(test)]
mod tests {
    use super::*;

    fn record(boards: &[(u64, u64)]) -> Vec<u8> {
        let mut bytes = vec![boards.len() as u8];
        for (p, o) in boards {
            bytes.extend_from_slice(&p.to_le_bytes());
            bytes.extend_from_slice(&o.to_le_bytes());
        }
        bytes
    }

    #[test]
    fn a_cut_off_last_game_is_dropped_and_damage_is_refused() {
        let one = record(&[(1, 2), (3, 4)]);
        let two = record(&[(8, 16)]);
        let mut data = [one.clone(), two.clone()].concat();
        assert_eq!(
            parse_games(&data).unwrap(),
            (
                vec![
                    vec![Board::new(1, 2), Board::new(3, 4)],
                    vec![Board::new(8, 16)]
                ],
                data.len()
            )
        );
        // Interrupted in the middle of the second game: the first is whole.
        data.truncate(one.len() + 5);
        assert_eq!(parse_games(&data).unwrap().1, one.len());
        // A changed count byte (60 made 200) is damage, not a short last game.
        let mut bad = [one.clone(), two.clone()].concat();
        bad[0] = 200;
        assert!(
            parse_games(&bad)
                .unwrap_err()
                .contains("200 positions at byte 0")
        );
        let overlap = record(&[(6, 2)]);
        assert!(
            parse_games(&overlap)
                .unwrap_err()
                .contains("both players at byte 1")
        );
    }
}
