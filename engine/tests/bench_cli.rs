//! `bench endgame`, the solver's training set, as a user runs it: the positions it makes are
//! real positions with the number of empties asked for, each score it prints is the exact
//! one (checked here by plain negamax), and bad options get a message and exit status 2.

use reversi_engine::notation::parse_board;
use reversi_engine::{Board, Rules};
use std::process::Command;

fn engine(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .output()
        .expect("the engine binary starts");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every move to the end: the reference score.
fn negamax(b: Board) -> i32 {
    let moves = b.moves();
    if moves == 0 {
        let passed = b.pass();
        if passed.moves() == 0 {
            return b.final_score();
        }
        return -negamax(passed);
    }
    (0..64)
        .filter(|&sq| moves & (1u64 << sq) != 0)
        .map(|sq| -negamax(b.play_with(sq, b.flips(sq))))
        .max()
        .expect("a position with moves has a best one")
}

#[test]
fn bench_endgame_solves_positions_of_its_own_games_exactly() {
    let (code, out, err) = engine(&["bench", "endgame", "--positions", "4", "--empties", "9"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("4 positions with 9 empties"), "{out}");
    let lines: Vec<&str> = out.lines().filter(|l| l.contains(" score ")).collect();
    assert_eq!(lines.len(), 4, "{out}");
    let mut boards = Vec::new();
    for line in lines {
        let board = parse_board(&line[..66], Rules::default()).expect("a board string");
        assert_eq!(board.empties().count(), 9, "{line}");
        let score: i32 = line[66..]
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a score after the board");
        assert_eq!(score, negamax(board.board()), "{line}");
        boards.push((board.board().player, board.board().opponent));
    }
    boards.sort_unstable();
    boards.dedup();
    assert_eq!(boards.len(), 4, "four different positions");
    assert!(out.lines().last().unwrap().starts_with("total "), "{out}");
}

#[test]
fn bench_endgame_refuses_bad_options() {
    for args in [
        &["bench", "endgame", "--empties", "40"][..],
        &["bench", "endgame", "--positions", "0"],
        &["bench", "endgame", "--threads", "many"],
        &["bench", "endgame", "--fast"],
    ] {
        let (code, out, err) = engine(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(!err.is_empty(), "{args:?}");
    }
}
