//! `bench endgame`, the solver's training set, as a user runs it: the positions it makes are
//! real positions with the number of empties asked for, each score it prints is the exact
//! one (checked here by plain negamax), and bad options get a message and exit status 2.

use reversi_engine::Rules;
use reversi_engine::notation::parse_board;

#[path = "support/cli.rs"]
mod cli;
#[path = "support/negamax.rs"]
mod negamax;
use cli::engine;
use negamax::negamax;

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
        assert_eq!(score, negamax(board.board(), false), "{line}");
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
