//! `bench endgame` (the solver's training set), `bench midgame` and `match`, as a user runs
//! them: the positions the benches make are real positions with the number of empties asked
//! for, each score they print is the exact one (checked here by plain negamax) or the
//! library's at that depth, matches report every game, `remote` answers as the browser's AI
//! worker does, and bad options get a message and exit status 2.

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
        // Every command takes at most 64 threads: each thread builds its own searcher.
        &["train", "--threads", "100000"],
        &["ladder", "--threads", "100000"],
        &["ladder", "--threads", "0"],
    ] {
        let (code, out, err) = engine(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(!err.is_empty(), "{args:?}");
    }
}

/// `bench midgame` searches each position as the library does with the levels' selective
/// search: the score it prints is the library's for that depth.
#[test]
fn bench_midgame_searches_to_the_depth_asked() {
    use reversi_engine::search::{Limits, NoClock, Searcher, Selectivity};
    use std::sync::atomic::AtomicBool;
    let args = [
        "bench",
        "midgame",
        "--positions",
        "3",
        "--empties",
        "30",
        "--depth",
        "6",
    ];
    let (code, out, err) = engine(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("3 positions with 30 empties searched 6 plies deep"),
        "{out}"
    );
    let lines: Vec<&str> = out.lines().filter(|l| l.contains(" score ")).collect();
    assert_eq!(lines.len(), 3, "{out}");
    for line in lines {
        let board = parse_board(&line[..66], Rules::default()).expect("a board string");
        let score: i32 = line[66..]
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a score after the board");
        let limits = Limits {
            selectivity: Selectivity::TUNED,
            ..Limits::depth(6)
        };
        let stop = AtomicBool::new(false);
        let r = Searcher::new(16).search(&board.board(), &limits, &stop, &NoClock);
        assert_eq!(score, r.score, "{line}");
    }
}

/// The numbers in `match`'s result row (its last line): won, drawn, lost, the mean disc
/// difference, each side's nodes a move and, for two in-process sides, the time a node.
fn result_cells(out: &str) -> Vec<f64> {
    let row = out.lines().last().expect("a result row");
    row.split('|')
        .filter_map(|c| c.trim().parse().ok())
        .collect()
}

/// `match` plays the games asked for and reports every one of them; a side it cannot
/// understand is an error before any game.
#[test]
fn match_plays_its_games_and_refuses_bad_sides() {
    let (code, out, err) = engine(&[
        "match",
        "--games",
        "4",
        "--nodes",
        "20000",
        "--a",
        "probcut=1.5",
        "--b",
        "probcut=off",
    ]);
    assert_eq!(code, 0, "{err}");
    let cells = result_cells(&out);
    assert_eq!(
        cells[..3].iter().sum::<f64>(),
        4.0,
        "won + drawn + lost: {out}"
    );
    // An engine in its own process (this build over NBoard) plays its side's moves.
    let itself = format!("engine={} nboard", env!("CARGO_BIN_EXE_reversi-engine"));
    let (code, out, err) = engine(&["match", "--games", "2", "--depth", "2", "--a", &itself]);
    assert_eq!(code, 0, "{err}");
    let cells = result_cells(&out);
    assert_eq!(
        cells[..3].iter().sum::<f64>(),
        2.0,
        "won + drawn + lost: {out}"
    );
    assert!(cells[4] > 0.0, "the engine's nodes are counted: {out}");
    // A side with half the node budget searches about half the nodes a move; each side's
    // time a node is measured against the other's.
    let (code, out, err) = engine(&[
        "match",
        "--games",
        "2",
        "--nodes",
        "40000",
        "--a",
        "nodes=0.5",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(A 0.5 of it, B 1)"), "{out}");
    let cells = result_cells(&out);
    assert_eq!(
        cells.len(),
        7,
        "won, drawn, lost, discs, nodes, nodes, time: {out}"
    );
    assert!(cells[4] < 0.75 * cells[5], "A's nodes against B's: {out}");
    assert!(cells[6] > 0.0, "A's time a node against B's: {out}");
    // An engine that cannot start or dies without a move stops the match with a message.
    for args in [
        &["match", "--a", "engine=/no/such/engine", "--games", "2"][..],
        &[
            "match",
            "--a",
            "engine=true",
            "--games",
            "2",
            "--depth",
            "2",
        ],
    ] {
        let (code, out, err) = engine(args);
        assert_eq!(code, 1, "{args:?}: {out}");
        assert!(err.starts_with("match stopped: engine"), "{args:?}: {err}");
    }
    for args in [
        &["match", "--a", &itself, "--nodes", "20000"][..],
        &["match", "--a", "probcut=lots"],
        &["match", "--b", "weights=/no/such/file"],
        &["match", "--b", "speed=fast"],
        &["match", "--b", "nodes=0", "--nodes", "20000"],
        &["match", "--b", "nodes=half", "--nodes", "20000"],
        &["match", "--b", "nodes=0.5"],
        &["match", "--nodes", "5"],
        &["match", "--games"],
    ] {
        let (code, out, err) = engine(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(!err.is_empty(), "{args:?}");
    }
}

/// `remote` answers each request line as the browser's AI worker does (the library's
/// `answer_line`), skips blank lines, says what is wrong with a bad one and goes on.
#[test]
fn remote_answers_each_line_as_the_worker_does() {
    use reversi_engine::search::remote::answer_line;
    use std::io::Write;
    use std::process::{Command, Stdio};
    let lines = [
        "score player=0000000810000000 opponent=0000001008000000 depth=3 solve=0 scoring=most book=off",
        "",
        "think player=0000000810000000 opponent=0000001008000000 level=3 scoring=most seed=7",
        "think player=zz opponent=0000001008000000 level=3 scoring=most seed=7",
        "score player=0000000000000000 opponent=ffffffffffffffff depth=3 solve=0 scoring=most",
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .arg("remote")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine binary starts");
    let mut stdin = child.stdin.take().unwrap();
    for line in lines {
        writeln!(stdin, "{line}").unwrap();
    }
    // Bytes that are not text: a reply that says what is wrong, and the next line answered.
    stdin.write_all(b"think \xff\xfe\n").unwrap();
    writeln!(stdin, "{}", lines[0]).unwrap();
    // A line longer than any request: skipped with a reply that says so, memory bounded.
    stdin.write_all(&vec![b'x'; 200_000]).unwrap();
    writeln!(stdin).unwrap();
    writeln!(stdin, "{}", lines[0]).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let replies: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let expected: Vec<String> = lines
        .iter()
        .filter(|line| !line.is_empty())
        .map(|line| answer_line(line, &stop, &|| 0))
        .collect();
    assert_eq!(replies.len(), expected.len() + 4, "{replies:?}");
    assert_eq!(replies[..expected.len()], expected);
    assert!(replies[expected.len()].starts_with("error "), "{replies:?}");
    assert_eq!(replies[expected.len() + 1], expected[0]);
    assert_eq!(
        replies[expected.len() + 2],
        "error a line of 200000 bytes is longer than any request (65536 at most); skipped"
    );
    assert_eq!(replies[expected.len() + 3], expected[0]);
    assert!(replies[0].starts_with("scores exact=0 "), "{}", replies[0]);
    assert!(replies[1].starts_with("move "), "{}", replies[1]);
    assert!(replies[2].starts_with("error "), "{}", replies[2]);
    let (code, _, err) = engine(&["remote", "extra"]);
    assert_eq!(code, 2);
    assert!(err.contains("remote takes no arguments"), "{err}");
}
