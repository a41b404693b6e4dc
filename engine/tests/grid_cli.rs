//! The command line on the other board sizes, as a user types it: a board string's length
//! gives the size for `solve`, `--size` does for `perft` and `analyse`, and bad input gets a
//! message and exit status 2.

use reversi_engine::grid::{BoardSize, GridGame, GridSearcher, GridSetup, grid_board_string};
use reversi_engine::search::NoClock;
use reversi_engine::{Color, Rules};
use std::sync::atomic::AtomicBool;

#[path = "support/cli.rs"]
mod cli;
use cli::engine;

/// A 6×6 position ten moves before the end, from a game of first legal moves.
fn six_endgame() -> GridSetup {
    let mut game = GridGame::new(BoardSize::Six, Rules::default());
    while game.current().empties().count_ones() > 10 {
        let mv = game.current().legal_moves()[0];
        game.play(mv).unwrap();
    }
    let pos = game.current();
    GridSetup {
        size: BoardSize::Six,
        black: pos.discs(Color::Black),
        white: pos.discs(Color::White),
        to_move: pos.to_move(),
    }
}

#[test]
fn solve_reads_a_36_square_board_and_gives_the_exact_score() {
    let setup = six_endgame();
    let text = grid_board_string(&setup);
    let (squares, side) = text.split_once(' ').unwrap();
    let (code, out, err) = engine(&["solve", squares, side]);
    assert_eq!(code, 0, "{err}");
    let want = GridSearcher::new(1).solve(&setup.board(), &AtomicBool::new(false), &NoClock);
    assert!(out.contains(&format!("score {:+}", want.score)), "{out}");
    assert!(out.contains("[6×6, generic u128]"), "{out}");
}

#[test]
fn perft_and_analyse_take_a_size() {
    let (code, out, _) = engine(&["perft", "4", "--size", "10"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("perft(4) on 10×10 = 244 "), "{out}");
    let (code, out, _) = engine(&["analyse", "--size", "6", "c2b2", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.starts_with(" 1. black played c2"), "{out}");
}

#[test]
fn bad_sizes_boards_and_transcripts_are_named() {
    let (code, _, err) = engine(&["perft", "4", "--size", "7"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("`7` is not a board size (4, 6, 8 or 10)"),
        "{err}"
    );
    let (code, _, err) = engine(&["solve", &"-".repeat(35), "X"]);
    assert_eq!(code, 2);
    assert!(err.contains("found 35"), "{err}");
    let (code, _, err) = engine(&["analyse", "--size", "10", "e4d4zz"]);
    assert_eq!(code, 2);
    assert!(err.contains("`zz` at character 5 is not a move"), "{err}");
}
