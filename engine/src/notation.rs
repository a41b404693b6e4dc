//! Reading and writing games: transcripts (`f5d6c3…`, passes as `pa` or `--`) and board
//! strings (64 × `X`/`O`/`-` plus the side to move, the format of the FFO test suite).

use crate::position::{IllegalMove, Move, Position, Status};
use crate::{Bitboard, Color, Direction, Rules, Square};
use std::fmt;

/// Why a transcript could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TranscriptError {
    /// There were no moves in the text.
    Empty,
    /// Text at character `offset` is not a move.
    Syntax {
        /// Character offset (0-based, in `char`s) of the offending token.
        offset: usize,
        /// The offending text (at most 12 characters of it).
        found: String,
    },
    /// Move number `number` (1-based, passes counted) is not legal in its position.
    Illegal {
        /// 1-based move number.
        number: usize,
        /// Character offset (0-based, in `char`s) of the move in the text.
        offset: usize,
        /// The refusal, with the move.
        error: IllegalMove,
    },
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscriptError::Empty => f.write_str("the transcript has no moves"),
            TranscriptError::Syntax { offset, found } => {
                write!(
                    f,
                    "`{found}` at character {} is not a move (expected a1..h8 or pa)",
                    offset + 1
                )
            }
            TranscriptError::Illegal {
                number,
                offset,
                error,
            } => write!(
                f,
                "move {number} ({}, at character {}) is illegal: {}",
                error.attempted,
                offset + 1,
                error.reason
            ),
        }
    }
}

impl std::error::Error for TranscriptError {}

/// One token of a transcript.
enum Token {
    Pass,
    Place(Square, Option<Direction>),
}

fn is_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b',' | b';' | b'.')
}

fn snippet(text: &str, offset: usize) -> String {
    text[offset..].chars().take(12).collect()
}

/// The character position of byte `offset`, for error messages that count what people see.
fn char_offset(text: &str, offset: usize) -> usize {
    text[..offset].chars().count()
}

fn syntax_error(text: &str, offset: usize) -> TranscriptError {
    TranscriptError::Syntax {
        offset: char_offset(text, offset),
        found: snippet(text, offset),
    }
}

/// Splits a transcript into tokens with their offsets. Move numbers such as `1.` or `12.`
/// are skipped, so `1. f5 2. d6` reads as `f5d6`.
fn tokenize(text: &str) -> Result<Vec<(usize, Token)>, TranscriptError> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if is_separator(b) {
            i += 1;
            continue;
        }
        // A move number: digits followed by a dot, standing on their own (`c30.d3` is no
        // c3 followed by a numbered d3: the 0 belongs to the square).
        if b.is_ascii_digit() && (i == 0 || is_separator(bytes[i - 1])) {
            let mut j = i;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if j < bytes.len() && bytes[j] == b'.' {
                i = j + 1;
                continue;
            }
            return Err(syntax_error(text, i));
        }
        let rest = &bytes[i..];
        let lower2 = |k: usize| rest.get(k).map(|c| c.to_ascii_lowercase());
        if rest.starts_with(b"--") {
            tokens.push((i, Token::Pass));
            i += 2;
            continue;
        }
        if lower2(0) == Some(b'p') && matches!(lower2(1), Some(b'a') | Some(b's')) {
            let len = if rest.len() >= 4 && rest[..4].eq_ignore_ascii_case(b"pass") {
                4
            } else {
                2
            };
            tokens.push((i, Token::Pass));
            i += len;
            continue;
        }
        if let Some(sq) = Square::from_ascii(rest) {
            let start = i;
            i += 2;
            let mut line = None;
            if bytes.get(i) == Some(&b':') {
                // Line names are one or two letters (`n`, `ne`, ...). Written without
                // separators, `f5:wd6` is `w` then `d6`, and `f5:ne4` is `n` then `e4`: take
                // two letters only when they name a line and no digit follows them (a digit
                // makes the second letter the column of the next move).
                let name_at = |len: usize| {
                    let end = i + 1 + len;
                    let name = text.get(i + 1..end)?;
                    Direction::from_name(name).map(|d| (d, end))
                };
                let two =
                    name_at(2).filter(|&(_, end)| !bytes.get(end).is_some_and(u8::is_ascii_digit));
                match two.or_else(|| name_at(1)) {
                    Some((d, end)) => {
                        line = Some(d);
                        i = end;
                    }
                    None => return Err(syntax_error(text, i)),
                }
            }
            tokens.push((start, Token::Place(sq, line)));
            continue;
        }
        return Err(syntax_error(text, i));
    }
    Ok(tokens)
}

/// Reads one move written on its own (`f5`, `F5:ne`, `pa`, `pass`, `--`) without checking
/// that it is legal anywhere; `None` unless the text is exactly one move.
///
/// ```
/// use reversi_engine::{notation::parse_move, Move, Square};
/// assert_eq!(parse_move("F5"), Some(Move::at("f5".parse::<Square>().unwrap())));
/// assert_eq!(parse_move("PA"), Some(Move::Pass));
/// assert_eq!(parse_move("f5d6"), None);
/// ```
pub fn parse_move(text: &str) -> Option<Move> {
    match tokenize(text).ok()?.as_slice() {
        [(_, Token::Pass)] => Some(Move::Pass),
        [(_, Token::Place(square, line))] => Some(Move::Place {
            square: *square,
            line: *line,
        }),
        _ => None,
    }
}

/// Reads a transcript as legal moves from `start`. Passes may be written or left out: a
/// placement by a player who must pass gets its pass filled in.
///
/// ```
/// use reversi_engine::{notation::parse_moves, Position, Rules};
/// let start = Position::new(Rules::default());
/// assert_eq!(parse_moves(&start, "F5 d6, C3").unwrap().len(), 3);
/// let err = parse_moves(&start, "f5d6a1").unwrap_err();
/// assert_eq!(err.to_string(), "move 3 (a1, at character 5) is illegal: it flanks no opponent disc");
/// ```
pub fn parse_moves(start: &Position, text: &str) -> Result<Vec<Move>, TranscriptError> {
    let tokens = tokenize(text)?;
    if tokens.is_empty() {
        return Err(TranscriptError::Empty);
    }
    let mut pos = *start;
    let mut moves = Vec::with_capacity(tokens.len());
    for (offset, token) in tokens {
        let mv = match token {
            Token::Pass => Move::Pass,
            Token::Place(square, line) => Move::Place { square, line },
        };
        if matches!(mv, Move::Place { .. }) && matches!(pos.status(), Status::MustPass(_)) {
            pos = pos.play(Move::Pass).expect("a forced pass is legal").0;
            moves.push(Move::Pass);
        }
        match pos.play(mv) {
            Ok((next, placed)) => {
                moves.push(placed.mv);
                pos = next;
            }
            Err(error) => {
                return Err(TranscriptError::Illegal {
                    number: moves.len() + 1,
                    offset: char_offset(text, offset),
                    error,
                });
            }
        }
    }
    Ok(moves)
}

/// Why a board string could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BoardStringError {
    /// Fewer than 64 square symbols.
    TooShort {
        /// Square symbols found.
        squares: usize,
    },
    /// A character that is not a square symbol, at `offset`.
    BadSymbol {
        /// Character offset (0-based, in `char`s).
        offset: usize,
        /// The character.
        found: char,
    },
    /// No valid side to move after the 64 squares.
    BadSideToMove {
        /// What was there instead (empty if nothing).
        found: String,
    },
}

impl fmt::Display for BoardStringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardStringError::TooShort { squares } => {
                write!(f, "a board needs 64 squares, found {squares}")
            }
            BoardStringError::BadSymbol { offset, found } => write!(
                f,
                "`{found}` at character {} is not a square (use X, O or -)",
                offset + 1
            ),
            BoardStringError::BadSideToMove { found } if found.is_empty() => {
                f.write_str("the side to move (X or O) is missing after the 64 squares")
            }
            BoardStringError::BadSideToMove { found } => {
                write!(
                    f,
                    "`{found}` after the 64 squares is not a side to move (X or O)"
                )
            }
        }
    }
}

impl std::error::Error for BoardStringError {}

/// Reads `64 squares + side to move` (`X`/`*`/`B` black, `O`/`W` white, `-`/`.`/`_` empty,
/// whitespace anywhere), as in `shared/data/ffo.txt`.
///
/// ```
/// use reversi_engine::{notation::parse_board, Rules, Color};
/// let text = format!("{}{}{} X", "-".repeat(27), "OX------XO", "-".repeat(27));
/// let pos = parse_board(&text, Rules::default()).unwrap();
/// assert_eq!(pos.to_move(), Color::Black);
/// assert_eq!(pos.discs(Color::White).count(), 2);
/// ```
pub fn parse_board(text: &str, rules: Rules) -> Result<Position, BoardStringError> {
    let mut black = 0u64;
    let mut white = 0u64;
    let mut n = 0usize;
    let mut chars = text.chars().enumerate().filter(|(_, c)| !c.is_whitespace());
    for (offset, c) in chars.by_ref() {
        match c {
            '-' | '.' | '_' => {}
            _ => match Color::from_symbol(c) {
                Some(Color::Black) => black |= 1 << n,
                Some(Color::White) => white |= 1 << n,
                None => return Err(BoardStringError::BadSymbol { offset, found: c }),
            },
        }
        n += 1;
        if n == 64 {
            break;
        }
    }
    if n < 64 {
        return Err(BoardStringError::TooShort { squares: n });
    }
    let rest: String = chars.map(|(_, c)| c).collect();
    let side = match rest.as_str() {
        "" => {
            return Err(BoardStringError::BadSideToMove {
                found: String::new(),
            });
        }
        s if s.chars().count() == 1 => Color::from_symbol(s.chars().next().unwrap_or(' ')),
        _ => None,
    };
    match side {
        Some(side) => Ok(Position::from_discs(
            rules,
            Bitboard(black),
            Bitboard(white),
            side,
        )),
        None => Err(BoardStringError::BadSideToMove {
            found: rest.chars().take(12).collect(),
        }),
    }
}

/// Writes a position as `64 squares, a space, side to move`.
pub fn board_string(pos: &Position) -> String {
    let mut s: String = Square::all()
        .map(|sq| match pos.at(sq) {
            Some(c) => c.symbol(),
            None => '-',
        })
        .collect();
    s.push(' ');
    s.push(pos.to_move().symbol());
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    fn start() -> Position {
        Position::new(Rules::default())
    }

    #[test]
    fn separators_case_and_numbers() {
        for text in [
            "f5d6c3d3c4",
            "F5 D6 C3 D3 C4",
            "f5,d6;c3.d3\nc4",
            "1. f5 2. d6 3. c3 4. d3 5. c4",
            "1.f5 d6 2.c3 d3 3.c4",
        ] {
            let moves = parse_moves(&start(), text).unwrap();
            let s: String = moves.iter().map(|m| m.to_string()).collect();
            assert_eq!(s, "f5d6c3d3c4", "{text}");
        }
        // A digit glued to a square is no move number: c30 is not c3.
        match parse_moves(&start(), "f5d6c30.d3").unwrap_err() {
            TranscriptError::Syntax { offset, found } => {
                assert_eq!((offset, found.as_str()), (6, "0.d3"))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn errors_name_the_token_and_place() {
        assert_eq!(
            parse_moves(&start(), "").unwrap_err(),
            TranscriptError::Empty
        );
        assert_eq!(
            parse_moves(&start(), "  , ").unwrap_err(),
            TranscriptError::Empty
        );
        match parse_moves(&start(), "f5d6z9").unwrap_err() {
            TranscriptError::Syntax { offset, found } => {
                assert_eq!(offset, 4);
                assert_eq!(found, "z9");
            }
            e => panic!("{e:?}"),
        }
        match parse_moves(&start(), "f5d6c3 garbage").unwrap_err() {
            TranscriptError::Syntax { offset, .. } => assert_eq!(offset, 7),
            e => panic!("{e:?}"),
        }
        match parse_moves(&start(), "f5f5").unwrap_err() {
            TranscriptError::Illegal { number, offset, .. } => {
                assert_eq!((number, offset), (2, 2));
            }
            e => panic!("{e:?}"),
        }
        assert!(parse_moves(&start(), "f5:zz").is_err());
        assert!(parse_moves(&start(), "pa").is_err());
        // Separators are ASCII, so a transcript's first bad token comes before any
        // non-ASCII text ends; it is named whole.
        let err = parse_moves(&start(), "f5 é").unwrap_err();
        assert_eq!(
            err.to_string(),
            "`é` at character 4 is not a move (expected a1..h8 or pa)"
        );
    }

    #[test]
    fn illegal_move_17_is_reported_as_17() {
        let good = "f5d6c3d3c4f4f6f3e6e7d7c5b6d8c6c7";
        assert_eq!(parse_moves(&start(), good).unwrap().len(), 16);
        let bad = format!("{good}a1");
        match parse_moves(&start(), &bad).unwrap_err() {
            TranscriptError::Illegal { number, error, .. } => {
                assert_eq!(number, 17);
                assert_eq!(error.attempted.to_string(), "a1");
            }
            e => panic!("{e:?}"),
        }
    }

    #[test]
    fn noise_never_panics() {
        let mut seed = 0x1234_5678_u64;
        let mut noise = String::new();
        for _ in 0..10_000_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            noise.push((b' ' + (seed % 95) as u8) as char);
        }
        assert!(parse_moves(&start(), &noise).is_err());
        assert!(parse_board(&noise, Rules::default()).is_err());
        let utf8 = "f5é∂ß🎲".repeat(1000);
        assert!(parse_moves(&start(), &utf8).is_err());
        assert!(parse_board(&utf8, Rules::default()).is_err());
    }

    #[test]
    fn passes_written_or_implied() {
        // Play seeded random games until one has a forced pass, then read its transcript
        // back with the passes written as `pa`, as `--`, and left out.
        let mut seed = 7u64;
        let game = loop {
            let mut game = Game::new(Rules::default());
            loop {
                let moves = game.current().legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                game.play(moves[(seed >> 33) as usize % moves.len()])
                    .unwrap();
            }
            if game.moves().contains(&Move::Pass) {
                break game;
            }
        };
        let written = game.transcript();
        let a = parse_moves(&start(), &written).unwrap();
        assert_eq!(a, game.moves());
        let implied = written.replace("pa", "");
        assert_eq!(parse_moves(&start(), &implied).unwrap(), a);
        let dashes = written.replace("pa", "--");
        assert_eq!(parse_moves(&start(), &dashes).unwrap(), a);
    }

    #[test]
    fn board_strings_round_trip_and_fail_clearly() {
        let pos = start();
        let s = board_string(&pos);
        assert_eq!(s.len(), 66);
        assert_eq!(
            parse_board(&s, Rules::default()).unwrap().board(),
            pos.board()
        );
        assert_eq!(
            parse_board("XO", Rules::default()).unwrap_err(),
            BoardStringError::TooShort { squares: 2 }
        );
        let bad = format!("{}Q{} X", "-".repeat(10), "-".repeat(53));
        assert_eq!(
            parse_board(&bad, Rules::default()).unwrap_err(),
            BoardStringError::BadSymbol {
                offset: 10,
                found: 'Q'
            }
        );
        // Positions count characters: the no-break spaces before `é` are two bytes each.
        let spaced = format!("\u{a0}\u{a0}{}é{} X", "-".repeat(3), "-".repeat(60));
        let err = parse_board(&spaced, Rules::default()).unwrap_err();
        assert_eq!(
            err,
            BoardStringError::BadSymbol {
                offset: 5,
                found: 'é'
            }
        );
        assert_eq!(
            err.to_string(),
            "`é` at character 6 is not a square (use X, O or -)"
        );
        let no_side = "-".repeat(64);
        assert!(matches!(
            parse_board(&no_side, Rules::default()).unwrap_err(),
            BoardStringError::BadSideToMove { .. }
        ));
        let trailing = format!("{} X extra", "-".repeat(64));
        assert!(parse_board(&trailing, Rules::default()).is_err());
    }
}
