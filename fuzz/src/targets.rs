//! What each fuzz target does with its input. The engine's test `fuzz_corpus` includes this
//! same file and runs every input kept in `fuzz/corpus/<target>/` through it on the stable
//! toolchain, so CI keeps every case the fuzzer found.

use reversi_engine::ggf::Record;
use reversi_engine::nboard::{Command, Session, parse_command};
use reversi_engine::{Game, Rules, parse_board};

/// A GGF record: read it; one that reads is written back to a record that reads as the same
/// game.
pub fn ggf(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = Record::parse(text) {
        let again = Record::parse(&record.to_ggf()).expect("a written record reads back");
        assert_eq!(again.game, record.game);
    }
}

/// Text a player pastes: a transcript (`f5d6c3…`, with or without separators) or a board of
/// 64 squares and the side to move.
pub fn game_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Game::new(Rules::default()).play_transcript(text);
    let _ = parse_board(text, Rules::default());
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
