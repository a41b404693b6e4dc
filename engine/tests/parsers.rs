//! Transcripts and board strings: round trips over random games under every start and flip
//! rule, clear errors for malformed text, and ~100,000 random byte strings fed to both
//! parsers, which must answer with a consistent error and never panic.

use reversi_engine::{
    BoardStringError, Color, FlipRule, Game, Move, Position, Rules, StartPosition, Status,
    TranscriptError, board_string, parse_board, parse_moves,
};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// A random finished game under `rules`.
fn random_game(rules: Rules, rng: &mut Rng) -> Game {
    let mut game = Game::new(rules);
    loop {
        let moves = game.current().legal_moves();
        if moves.is_empty() {
            return game;
        }
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
}

fn variants() -> [Rules; 4] {
    let with = |start, flips| Rules {
        start,
        flips,
        ..Rules::default()
    };
    [
        Rules::default(),
        with(StartPosition::Parallel, FlipRule::AllLines),
        with(StartPosition::Free, FlipRule::AllLines),
        with(StartPosition::Diagonal, FlipRule::ChooseOneLine),
    ]
}

#[test]
fn transcripts_round_trip() {
    let mut rng = Rng(0x7A5C_0001);
    for i in 0..2_000 {
        let rules = variants()[i % 4];
        let game = random_game(rules, &mut rng);
        let start = Position::new(rules);
        let written = game.transcript();
        assert_eq!(
            parse_moves(&start, &written).unwrap(),
            game.moves(),
            "{written}"
        );
        // Upper case, spaces and numbered moves read the same.
        let spaced: Vec<String> = game
            .moves()
            .iter()
            .enumerate()
            .map(|(n, m)| format!("{}. {}", n + 1, m.to_string().to_uppercase()))
            .collect();
        let spaced = spaced.join(" ");
        assert_eq!(
            parse_moves(&start, &spaced).unwrap(),
            game.moves(),
            "{spaced}"
        );
        // Passes may be left out or written `--`.
        let implied = written.replace("pa", "");
        if !implied.trim().is_empty() {
            assert_eq!(parse_moves(&start, &implied).unwrap(), game.moves());
        }
        assert_eq!(
            parse_moves(&start, &written.replace("pa", "--")).unwrap(),
            game.moves()
        );
        // Replayed through `Game`, the same final position.
        let mut replay = Game::new(rules);
        replay.play_transcript(&written).unwrap();
        assert_eq!(replay.current(), game.current());
    }
}

/// `Game::transcript` writes one-line moves as `f5:w` with the next move straight after, so
/// the reader must tell `f5:wd6` (`w`, then `d6`) and `f5:ne4` (`n`, then `e4`) from
/// `f5:nea1` (`ne`, then `a1`).
#[test]
fn one_line_transcripts_run_together() {
    let rules = Rules {
        flips: FlipRule::ChooseOneLine,
        ..Rules::default()
    };
    let start = Position::new(rules);
    let spaced = parse_moves(&start, "f5:w d6:n").unwrap();
    let written: String = spaced.iter().map(|m| m.to_string()).collect();
    assert_eq!(written, "f5:wd6:n");
    assert_eq!(parse_moves(&start, &written).unwrap(), spaced);

    let mut rng = Rng(0x7A5C_0006);
    // Transcripts where a one-letter line `n`/`s` meets a move in column e: `...:ne4...`.
    let mut ambiguous = 0;
    for _ in 0..200 {
        let game = random_game(rules, &mut rng);
        let written = game.transcript();
        let b = written.as_bytes();
        ambiguous += b
            .windows(4)
            .filter(|w| w[0] == b':' && matches!(w[1], b'n' | b's') && w[2] == b'e')
            .filter(|w| w[3].is_ascii_digit())
            .count();
        assert_eq!(
            parse_moves(&start, &written).unwrap(),
            game.moves(),
            "{written}"
        );
        let mut replay = Game::new(rules);
        replay.play_transcript(&written).unwrap();
        assert_eq!(replay.current(), game.current());
    }
    assert!(ambiguous > 10, "only {ambiguous} ambiguous spellings met");
}

#[test]
fn board_strings_round_trip() {
    let mut rng = Rng(0xB0A2_0002);
    for i in 0..2_000 {
        let rules = variants()[i % 4];
        let game = random_game(rules, &mut rng);
        for ply in [0, game.ply() / 3, game.ply() / 2, game.ply()] {
            let pos = *game.position_at(ply).unwrap();
            let text = board_string(&pos);
            let read = parse_board(&text, rules).unwrap_or_else(|e| panic!("{e}: {text}"));
            assert_eq!(read.board(), pos.board(), "{text}");
            assert_eq!(read.to_move(), pos.to_move());
            for c in Color::BOTH {
                assert_eq!(read.discs(c), pos.discs(c));
            }
            assert_eq!(board_string(&read), text);
            // Whitespace anywhere and the other symbols read the same.
            let spread: String = text
                .chars()
                .enumerate()
                .flat_map(|(n, c)| {
                    let c = match c {
                        '-' => '.',
                        'X' => '*',
                        other => other,
                    };
                    [c, if n % 8 == 7 { '\n' } else { ' ' }]
                })
                .collect();
            assert_eq!(parse_board(&spread, rules).unwrap().board(), pos.board());
        }
    }
}

#[test]
fn an_illegal_move_is_reported_by_number_and_place() {
    let mut rng = Rng(0x1111_0003);
    let start = Position::new(Rules::default());
    let mut checked = 0;
    while checked < 200 {
        let game = random_game(Rules::default(), &mut rng);
        let moves = game.moves();
        if moves.len() < 20 || moves[..17].contains(&Move::Pass) {
            continue;
        }
        // Move 17 goes to a square taken earlier in the game.
        let taken = moves[rng.below(16)];
        let mut tokens: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        tokens[16] = taken.to_string();
        let text = tokens.join("");
        match parse_moves(&start, &text).unwrap_err() {
            TranscriptError::Illegal {
                number,
                offset,
                error,
            } => {
                assert_eq!((number, offset), (17, 32), "{text}");
                assert_eq!(error.attempted, taken);
                let shown = TranscriptError::Illegal {
                    number,
                    offset,
                    error,
                }
                .to_string();
                assert!(
                    shown.starts_with(&format!("move 17 ({taken}, at character 33)")),
                    "{shown}"
                );
            }
            other => panic!("{other:?} for {text}"),
        }
        // With numbers and spaces the offset still points at the move.
        let spaced: Vec<String> = tokens
            .iter()
            .enumerate()
            .map(|(n, t)| format!("{}. {t}", n + 1))
            .collect();
        let spaced = spaced.join(" ");
        match parse_moves(&start, &spaced).unwrap_err() {
            TranscriptError::Illegal { number, offset, .. } => {
                assert_eq!(number, 17);
                assert_eq!(&spaced[offset..offset + 2], taken.to_string());
                assert!(spaced[..offset].ends_with("17. "));
            }
            other => panic!("{other:?} for {spaced}"),
        }
        checked += 1;
    }
}

#[test]
fn malformed_transcripts_name_the_token() {
    let start = Position::new(Rules::default());
    let syntax = |text: &str| match parse_moves(&start, text) {
        Err(e @ TranscriptError::Syntax { .. }) => {
            let TranscriptError::Syntax { offset, found } = &e else {
                unreachable!()
            };
            (*offset, found.clone(), e.to_string())
        }
        other => panic!("{other:?} for {text:?}"),
    };
    // Bad squares.
    for (text, offset, found) in [
        ("f5d6i9", 4, "i9"),
        ("f5 d0", 3, "d0"),
        ("F5D6C3 Z1", 7, "Z1"),
        ("f5:xx", 2, ":xx"),
        ("f5d6c3d3c4e3f6 12 b4", 15, "12 b4"),
    ] {
        let (o, f, shown) = syntax(text);
        assert_eq!((o, f.as_str()), (offset, found), "{text}");
        assert!(shown.contains(&format!("`{found}` at character {}", offset + 1)));
    }
    // Trailing garbage after a legal game.
    let (offset, found, shown) = syntax("f5d6c3 and then some");
    assert_eq!((offset, found.as_str()), (7, "and then som"));
    assert!(shown.contains("character 8"), "{shown}");
    // Nothing to read.
    for text in ["", "   ", "\n\t,;.", "1. 2. 3."] {
        assert_eq!(
            parse_moves(&start, text).unwrap_err(),
            TranscriptError::Empty
        );
    }
    assert_eq!(
        TranscriptError::Empty.to_string(),
        "the transcript has no moves"
    );
}

#[test]
fn malformed_board_strings_name_the_symbol() {
    let rules = Rules::default();
    let empty = "-".repeat(64);
    assert_eq!(
        parse_board("", rules).unwrap_err(),
        BoardStringError::TooShort { squares: 0 }
    );
    let bad = format!("{}?{}", "-".repeat(20), "-".repeat(43));
    let err = parse_board(&format!("{bad} X"), rules).unwrap_err();
    assert_eq!(
        err,
        BoardStringError::BadSymbol {
            offset: 20,
            found: '?'
        }
    );
    assert!(err.to_string().contains("`?` at character 21"), "{err}");
    let err = parse_board(&format!("{empty} X and more"), rules).unwrap_err();
    assert!(err.to_string().contains("`Xandmore`"), "{err}");
    let err = parse_board(&empty, rules).unwrap_err();
    assert!(err.to_string().contains("missing"), "{err}");
}

#[test]
fn ten_megabytes_of_noise() {
    const SIZE: usize = 10 << 20;
    let start = Position::new(Rules::default());
    let mut rng = Rng(0x10AB_0004);
    let letters: String = (0..SIZE)
        .map(|_| (b'i' + rng.below(18) as u8) as char)
        .collect();
    match parse_moves(&start, &letters).unwrap_err() {
        TranscriptError::Syntax { offset, found } => {
            assert_eq!(offset, 0);
            assert_eq!(found.chars().count(), 12);
        }
        other => panic!("{other:?}"),
    }
    let repeated = "f5".repeat(SIZE / 2);
    assert!(matches!(
        parse_moves(&start, &repeated).unwrap_err(),
        TranscriptError::Illegal {
            number: 2,
            offset: 2,
            ..
        }
    ));
    let blank = " ".repeat(SIZE);
    assert_eq!(
        parse_moves(&start, &blank).unwrap_err(),
        TranscriptError::Empty
    );
    let board = format!("{} X{}", "-".repeat(64), letters);
    match parse_board(&board, Rules::default()).unwrap_err() {
        BoardStringError::BadSideToMove { found } => assert_eq!(found.chars().count(), 12),
        other => panic!("{other:?}"),
    }
    let spaced_board = format!("{blank}{}{blank} O{blank}", "-".repeat(64));
    assert!(parse_board(&spaced_board, Rules::default()).is_ok());
}

/// Checks whatever `parse_moves` said about `text` for consistency.
fn check_transcript_answer(start: &Position, text: &str) {
    match parse_moves(start, text) {
        Ok(moves) => {
            assert!(!moves.is_empty());
            let mut pos = *start;
            for mv in &moves {
                pos = pos
                    .play(*mv)
                    .unwrap_or_else(|e| panic!("{e} in {text:?}"))
                    .0;
            }
            let written: String = moves.iter().map(|m| m.to_string()).collect();
            assert_eq!(parse_moves(start, &written).unwrap(), moves);
        }
        Err(e @ TranscriptError::Empty) => assert!(!e.to_string().is_empty()),
        Err(e @ TranscriptError::Syntax { .. }) => {
            let shown = e.to_string();
            let TranscriptError::Syntax { offset, found } = e else {
                unreachable!()
            };
            let tail: String = text.chars().skip(offset).collect();
            assert!(!found.is_empty() && found.chars().count() <= 12);
            assert!(tail.starts_with(&found), "{text:?} {found:?}");
            assert!(shown.contains(&found) && shown.contains(&format!("{}", offset + 1)));
        }
        Err(e @ TranscriptError::Illegal { .. }) => {
            let shown = e.to_string();
            let TranscriptError::Illegal {
                number,
                offset,
                error,
            } = e
            else {
                unreachable!()
            };
            assert!(number >= 1);
            let token = text
                .chars()
                .skip(offset)
                .collect::<String>()
                .to_ascii_lowercase();
            match error.attempted {
                Move::Pass => assert!(token.starts_with('p') || token.starts_with("--")),
                Move::Place { square, .. } => {
                    assert!(token.starts_with(&square.to_string()), "{text:?}")
                }
            }
            assert!(shown.starts_with(&format!("move {number} ")), "{shown}");
        }
    }
}

/// Checks whatever `parse_board` said about `text` for consistency.
fn check_board_answer(text: &str) {
    match parse_board(text, Rules::default()) {
        Ok(pos) => {
            let squares = text.chars().filter(|c| !c.is_whitespace()).count();
            assert_eq!(squares, 65, "{text:?}");
            assert!(matches!(
                pos.status(),
                Status::ToMove(_) | Status::MustPass(_) | Status::Over(_)
            ));
        }
        Err(e @ BoardStringError::TooShort { .. }) => {
            let BoardStringError::TooShort { squares } = e else {
                unreachable!()
            };
            assert!(squares < 64);
            assert!(e.to_string().contains(&squares.to_string()));
        }
        Err(e @ BoardStringError::BadSymbol { .. }) => {
            let BoardStringError::BadSymbol { offset, found } = e else {
                unreachable!()
            };
            assert!(text[offset..].starts_with(found), "{text:?}");
            assert!(e.to_string().contains(found));
        }
        Err(e @ BoardStringError::BadSideToMove { .. }) => {
            assert!(!e.to_string().is_empty());
        }
    }
}

/// Random text of three kinds: transcript-like characters, raw bytes read lossily, and
/// arbitrary Unicode scalar values.
fn random_text(rng: &mut Rng) -> String {
    const ALPHABET: &[u8] = b"abcdefghABCDEFGH12345678 pPaAsS-:.,;nesw09xXoO*\t\n";
    let len = rng.below(40);
    match rng.below(4) {
        0 | 1 => (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())] as char)
            .collect(),
        2 => {
            let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        _ => (0..len)
            .filter_map(|_| char::from_u32(rng.below(0x11_0000) as u32))
            .collect(),
    }
}

#[test]
fn random_text_never_panics() {
    let mut rng = Rng(0xF022_0005);
    let starts = [
        Position::new(Rules::default()),
        Position::new(Rules {
            flips: FlipRule::ChooseOneLine,
            ..Rules::default()
        }),
    ];
    for i in 0..100_000 {
        let text = random_text(&mut rng);
        check_transcript_answer(&starts[i % 2], &text);
        check_board_answer(&text);
        // Boards with one character changed: mostly errors deep into the string.
        if i % 4 == 0 {
            let mut board: Vec<char> = board_string(&starts[0]).chars().collect();
            let at = rng.below(board.len());
            board[at] = random_text(&mut rng).chars().next().unwrap_or('?');
            check_board_answer(&board.into_iter().collect::<String>());
        }
    }
}
