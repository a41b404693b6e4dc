//! The learned evaluation and its training pipeline: the built-in weights against exact
//! scores, and `reversi-engine train` from nothing, resumed, and refusing a bad weights file.

use reversi_engine::search::pattern::PatternEval;
use reversi_engine::search::{Evaluate, NoClock, Searcher};
use reversi_engine::train::self_play_positions;
use std::process::Command;
use std::sync::atomic::AtomicBool;

/// The start position is a draw under perfect play; searched to any depth the estimate must
/// stay near even, whichever side's turn the search's leaves fall on. (The parity term once
/// drifted in training and made it about +9 at every depth.)
#[test]
fn the_start_position_looks_nearly_even_at_every_depth() {
    use reversi_engine::{Position, Rules};
    let board = Position::new(Rules::default()).board();
    for depth in 1..=8 {
        let scores =
            Searcher::new(16).score_moves(&board, depth, 0, &AtomicBool::new(false), &NoClock);
        let best = scores.iter().map(|s| s.1).max().unwrap();
        assert!(
            best.abs() <= 300,
            "depth {depth}: the start scores {best} hundredths"
        );
    }
}

/// On positions from games the training never saw, the built-in weights' estimate is far
/// closer to the exact final score than knowing nothing (always guessing a draw) is.
#[test]
fn the_builtin_weights_estimate_unseen_endgames() {
    let eval = PatternEval::builtin();
    let mut searcher = Searcher::new(16);
    let stop = AtomicBool::new(false);
    let (mut learned, mut nothing, mut n) = (0.0, 0.0, 0);
    for seed in 0..150u64 {
        let game = self_play_positions((1 << 41) + seed);
        let Some(board) = game.iter().find(|b| b.empties().count_ones() == 12) else {
            continue;
        };
        let exact = searcher.solve(board, &stop, &NoClock).score as f64;
        learned += (eval.evaluate(board) as f64 / 100.0 - exact).abs();
        nothing += exact.abs();
        n += 1;
    }
    assert!(n > 100, "{n} positions");
    let (learned, nothing) = (learned / n as f64, nothing / n as f64);
    assert!(
        learned < nothing * 0.6,
        "learned {learned:.2} vs {nothing:.2} discs"
    );
}

/// Runs `reversi-engine train` on 20 games with `extra` options; its status and stderr.
fn run_train(work: &std::path::Path, out: &std::path::Path, extra: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(["train", "--games", "20", "--threads", "1", "--solve", "8"])
        .args(extra)
        .arg("--work")
        .arg(work)
        .arg("--out")
        .arg(out)
        .output()
        .expect("the engine binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.success(), stderr)
}

fn train(work: &std::path::Path, out: &std::path::Path) -> String {
    let (ok, stderr) = run_train(work, out, &["--epochs", "5"]);
    assert!(ok, "{stderr}");
    stderr
}

#[test]
fn training_runs_resumes_and_writes_loadable_weights() {
    let dir = std::env::temp_dir().join(format!("reversi-train-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (work, out) = (dir.join("work"), dir.join("eval.bin"));
    let first = train(&work, &out);
    assert!(first.contains("self-play: 20/20 games"), "{first}");
    let weights = std::fs::read(&out).unwrap();
    let eval = PatternEval::from_bytes(&weights).expect("the written weights load");
    assert_ne!(eval, PatternEval::zero());

    // Interrupted after seven phases: the next run keeps the games and those phases.
    std::fs::write(work.join("phases-done.txt"), "20 7").unwrap();
    let again = train(&work, &out);
    assert!(!again.contains("self-play:"), "{again}");
    assert!(
        again.contains("resuming: 7 phases already fitted"),
        "{again}"
    );
    assert_eq!(
        std::fs::read(&out).unwrap(),
        weights,
        "the same result either way"
    );

    // A damaged checkpoint is refused with a clear message, not used.
    std::fs::write(work.join("weights.partial"), b"RVPE\x09\x00").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(["train", "--games", "20", "--threads", "1", "--solve", "8"])
        .arg("--work")
        .arg(&work)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("weights format version 9"), "{stderr}");

    // The same folder with another player: its games would not be the asked-for ones.
    let (ok, stderr) = run_train(&work, &out, &["--player", "searched"]);
    assert!(!ok);
    assert!(stderr.contains("was made with other settings"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The later generations' recipe: games played by a search with learned weights, later
/// phases labelled by four-ply searches. The same command gives the same weights (on any
/// number of threads), so a run can be reproduced and resumed.
#[test]
fn searched_games_and_labels_train_reproducibly() {
    let dir = std::env::temp_dir().join(format!("reversi-train-searched-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let options = [
        "--player",
        "searched",
        "--play-depth",
        "1",
        "--label-depth",
        "4",
        "--epochs",
        "5",
    ];
    let mut results = Vec::new();
    for (run, threads) in [("one", "1"), ("two", "2")] {
        let (work, out) = (dir.join(run), dir.join(format!("{run}.bin")));
        let mut with_threads = options.to_vec();
        with_threads.extend(["--threads", threads]);
        let (ok, stderr) = run_train(&work, &out, &with_threads);
        assert!(ok, "{stderr}");
        let settings = std::fs::read_to_string(work.join("settings.txt")).unwrap();
        assert!(
            settings.contains("player searched 1 built-in"),
            "{settings}"
        );
        results.push(std::fs::read(&out).unwrap());
    }
    assert_eq!(
        results[0], results[1],
        "one thread and two give the same weights"
    );
    PatternEval::from_bytes(&results[0]).expect("the written weights load");

    // The next generation: the games' player named by a file, remembered by its contents
    // (a copy elsewhere resumes the folder; other weights are refused).
    let (work, out) = (dir.join("next"), dir.join("next.bin"));
    let (first, copy, other) = (
        dir.join("one.bin"),
        dir.join("copy.bin"),
        dir.join("zero.bin"),
    );
    std::fs::copy(&first, &copy).unwrap();
    std::fs::write(&other, PatternEval::zero().to_bytes()).unwrap();
    for (player, succeeds) in [(&first, true), (&copy, true), (&other, false)] {
        let mut next = options.to_vec();
        next.push("--player-weights");
        next.push(player.to_str().unwrap());
        let (ok, stderr) = run_train(&work, &out, &next);
        assert_eq!(ok, succeeds, "{}: {stderr}", player.display());
    }
    let settings = std::fs::read_to_string(work.join("settings.txt")).unwrap();
    assert!(
        settings.contains("player searched 1 weights "),
        "{settings}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `train --networks BASE`: BASE's patterns kept as they are, a network fitted beside them for
/// each asked-for phase (kept where it lowers the held-out error), resumable phase by phase
/// with the same result; phases it cannot label are refused before any work.
#[test]
fn networks_are_fitted_beside_a_files_patterns_and_resume() {
    let dir = std::env::temp_dir().join(format!("reversi-train-networks-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (work, base) = (dir.join("work"), dir.join("base.bin"));
    train(&work, &base);
    let base_eval = PatternEval::from_bytes(&std::fs::read(&base).unwrap()).unwrap();
    let out = dir.join("nets.bin");
    let base_arg = base.to_str().unwrap();
    let options = [
        "--networks",
        base_arg,
        "--net-phases",
        "0-1",
        "--net-hidden",
        "16",
        "--net-epochs",
        "3",
    ];
    let (ok, stderr) = run_train(&work, &out, &options);
    assert!(ok, "{stderr}");
    let bytes = std::fs::read(&out).unwrap();
    let eval = PatternEval::from_bytes(&bytes).expect("the written weights load");
    assert_eq!(eval.without_networks(), base_eval, "the patterns stay");
    assert!((2..15).all(|phase| eval.network(phase).is_none()));
    let done = std::fs::read_to_string(work.join("networks-done.txt")).unwrap();
    assert!(done.ends_with(" 2"), "{done}");

    // Interrupted after phase 0: the next run fits phase 1 only, to the same file.
    std::fs::write(
        work.join("networks-done.txt"),
        format!("{} 1", done.rsplit_once(' ').unwrap().0),
    )
    .unwrap();
    let (ok, again) = run_train(&work, &out, &options);
    assert!(ok, "{again}");
    assert!(
        again.contains("resuming: networks fitted up to phase 0"),
        "{again}"
    );
    assert_eq!(std::fs::read(&out).unwrap(), bytes, "the same either way");

    // Phases above --solve need a labeller; a phase range past the last phase is refused.
    let mut unlabelled = options.to_vec();
    unlabelled[3] = "0-5";
    let (ok, stderr) = run_train(&work, &out, &unlabelled);
    assert!(!ok);
    assert!(stderr.contains("--labeller"), "{stderr}");
    unlabelled[3] = "3-15";
    let (ok, stderr) = run_train(&work, &out, &unlabelled);
    assert!(!ok);
    assert!(stderr.contains("--net-phases: `3-15`"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
