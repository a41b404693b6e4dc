//! What each fuzz target does with its input. The engine's test `fuzz_corpus` includes this
//! same file and runs every input kept in `fuzz/corpus/<target>/` through it on the stable
//! toolchain, so CI keeps every case the fuzzer found.

use std::sync::atomic::AtomicBool;

use reversi_engine::book::Book;
use reversi_engine::ggf::{GridRecord, Record};
use reversi_engine::grid::{BoardSize, GridGame, parse_grid_board};
use reversi_engine::nboard::{Command, Session, parse_command};
use reversi_engine::search::pattern::PatternEval;
use reversi_engine::search::remote::{ScoreReply, ThinkReply, answer_line};
use reversi_engine::{Game, Rules, parse_board};

/// A GGF record, as the 8×8 reader (NBoard's) and the reader of every board size take it;
/// one that reads is written back to a record that reads as the same game.
pub fn ggf(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = Record::parse(text) {
        let again = Record::parse(&record.to_ggf()).expect("a written record reads back");
        assert_eq!(again.game, record.game);
    }
    if let Ok(record) = GridRecord::parse(text) {
        let again = GridRecord::parse(&record.to_ggf()).expect("a written record reads back");
        assert_eq!(again.game, record.game);
    }
}

/// Text a player pastes: a transcript (`f5d6c3…`, with or without separators) or a board of
/// 16, 36, 64 or 100 squares and the side to move.
pub fn game_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Game::new(Rules::default()).play_transcript(text);
    let _ = parse_board(text, Rules::default());
    // The same text on every board size, and as a board string of any length.
    for size in BoardSize::ALL {
        let mut game = GridGame::new(size, Rules::default());
        if game.play_transcript(text).is_ok() {
            let mut again = GridGame::new(size, Rules::default());
            again
                .play_transcript(&game.transcript())
                .expect("a written transcript reads back");
            assert_eq!(again, game);
        }
    }
    let _ = parse_grid_board(text);
}

/// NBoard command lines, applied to a session as a GUI would send them (the searches of `go`
/// and `hint` are left out: their input is the position, which the other commands set).
pub fn nboard(data: &[u8], session: &mut Session) {
    for line in data.split(|&b| b == b'\n') {
        let Ok(line) = std::str::from_utf8(line) else {
            continue;
        };
        if let Ok(Some(command)) = parse_command(line)
            && !matches!(command, Command::Go | Command::Hint(_) | Command::Quit)
        {
            let _ = session.apply(&command);
        }
    }
}

/// The browser's engine worker: any line the page could send gets one reply line that reads
/// back as a reply of its kind or is an error or a failure (the search is told to stop at
/// once, so a fuzzed level 9 costs no more than a level 1); any line the page could receive
/// reads as a reply, an error or a failure, never a panic.
pub fn worker(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.lines().take(8) {
        let _ = ThinkReply::parse(line);
        let _ = ScoreReply::parse(line);
        let stop = AtomicBool::new(true);
        let reply = answer_line(line, &stop, &|| u64::MAX);
        // A request that cannot be read, or a search that gave up (stopped here at once):
        // neither has a reply to read back.
        if reply.starts_with("error ") || reply.starts_with("failed ") {
            continue;
        }
        let reads = if line.split_whitespace().next() == Some("score") {
            ScoreReply::parse(&reply).is_ok()
        } else {
            ThinkReply::parse(&reply).is_ok()
        };
        assert!(reads, "the reply `{reply}` to `{line}` does not read back");
    }
}

/// A weights file, as the browser's AI worker downloads it (`eval.bin`) and `reversi-engine
/// weights` reads it: any bytes read as weights or give an error, never a panic; weights that
/// read are written back (in the current format) to a file that reads as the same weights.
pub fn weights(data: &[u8]) {
    if let Ok(eval) = PatternEval::from_bytes(data) {
        assert_eq!(PatternEval::from_bytes(&eval.to_bytes()), Ok(eval));
    }
}

/// An opening book file, as `reversi-engine book show --file` and `book build` (resuming)
/// read it: any bytes read as a book or give an error, never a panic; a book that reads is
/// written back to a file that reads as the same book.
pub fn book(data: &[u8]) {
    if let Ok(book) = Book::from_bytes(data) {
        let bytes = book.to_bytes();
        let again = Book::from_bytes(&bytes).expect("a written book reads back");
        assert_eq!(again.to_bytes(), bytes);
    }
}
