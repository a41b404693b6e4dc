//! A game on any board size: a start position and the moves played, with undo and redo, and
//! its transcript (`c4e3…`, `j10`, passes as `pa` or `--`), as [`crate::Game`] on 8×8.

use super::{BoardSize, Cell, GridIllegalMove, GridMove, GridPlacement, GridPosition};
use crate::{Color, Direction, History, Playable, Rules, Status};
use std::fmt;

/// A game on any board size.
///
/// ```
/// use reversi_engine::grid::{BoardSize, GridGame};
/// use reversi_engine::Rules;
/// let mut game = GridGame::new(BoardSize::Six, Rules::default());
/// game.play_transcript("c2 b2").unwrap();
/// assert_eq!(game.transcript(), "c2b2");
/// assert!(game.play_transcript("f6").is_err());
/// assert_eq!(game.ply(), 2);
/// ```
pub type GridGame = History<GridPosition>;

impl Playable for GridPosition {
    type Move = GridMove;
    type Placement = GridPlacement;
    type Illegal = GridIllegalMove;

    fn play(&self, mv: GridMove) -> Result<(GridPosition, GridPlacement), GridIllegalMove> {
        GridPosition::play(self, mv)
    }
    fn placed(placement: &GridPlacement) -> GridMove {
        placement.mv
    }
    fn rules(&self) -> Rules {
        GridPosition::rules(self)
    }
    fn status(&self) -> Status {
        GridPosition::status(self)
    }
    fn to_move(&self) -> Color {
        GridPosition::to_move(self)
    }
}

impl GridGame {
    /// A new game on `size` under `rules`.
    pub fn new(size: BoardSize, rules: Rules) -> GridGame {
        GridGame::from_position(GridPosition::new(size, rules))
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.start().size()
    }

    /// Plays a transcript from the current position. On error nothing is played.
    pub fn play_transcript(&mut self, text: &str) -> Result<usize, GridTranscriptError> {
        let moves = parse_grid_moves(self.current(), text)?;
        let n = moves.len();
        for mv in moves {
            self.play(mv)
                .expect("parse_grid_moves only returns legal moves");
        }
        Ok(n)
    }
}

/// Why a transcript on a board of any size could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GridTranscriptError {
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
        error: GridIllegalMove,
    },
}

impl fmt::Display for GridTranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridTranscriptError::Empty => f.write_str("the transcript has no moves"),
            GridTranscriptError::Syntax { offset, found } => write!(
                f,
                "`{found}` at character {} is not a move (expected a square such as c4 or j10, or pa)",
                offset + 1
            ),
            GridTranscriptError::Illegal {
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

impl std::error::Error for GridTranscriptError {}

/// Splits a transcript into moves with their byte offsets; move numbers (`12.`) are skipped.
fn tokenize(text: &str) -> Result<Vec<(usize, GridMove)>, GridTranscriptError> {
    let bytes = text.as_bytes();
    let syntax = |at: usize| GridTranscriptError::Syntax {
        offset: text[..at].chars().count(),
        found: text[at..].chars().take(12).collect(),
    };
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b',' | b';' | b'.') {
            i += 1;
            continue;
        }
        if b.is_ascii_digit() {
            let end = i + bytes[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            if bytes.get(end) == Some(&b'.') {
                i = end + 1;
                continue;
            }
            return Err(syntax(i));
        }
        let rest = &bytes[i..];
        if rest.starts_with(b"--") {
            tokens.push((i, GridMove::Pass));
            i += 2;
            continue;
        }
        if rest.len() >= 4 && rest[..4].eq_ignore_ascii_case(b"pass") {
            tokens.push((i, GridMove::Pass));
            i += 4;
            continue;
        }
        if rest.len() >= 2
            && (rest[..2].eq_ignore_ascii_case(b"pa") || rest[..2].eq_ignore_ascii_case(b"ps"))
        {
            tokens.push((i, GridMove::Pass));
            i += 2;
            continue;
        }
        // A square: a letter and one or two digits (`a1` … `j10`).
        let digits = rest[1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
            .min(2);
        let name = text.get(i..i + 1 + digits).unwrap_or("");
        let Ok(cell) = name.parse::<Cell>() else {
            return Err(syntax(i));
        };
        let start = i;
        i += 1 + digits;
        let mut line = None;
        if bytes.get(i) == Some(&b':') {
            // As on 8×8: two letters name a line only when no digit follows them.
            let name_at = |len: usize| {
                let end = i + 1 + len;
                Direction::from_name(text.get(i + 1..end)?).map(|d| (d, end))
            };
            let two =
                name_at(2).filter(|&(_, end)| !bytes.get(end).is_some_and(u8::is_ascii_digit));
            let Some((d, end)) = two.or_else(|| name_at(1)) else {
                return Err(syntax(i));
            };
            line = Some(d);
            i = end;
        }
        tokens.push((start, GridMove::Place { cell, line }));
    }
    Ok(tokens)
}

/// Reads one move as written alone (`f5`, `j10:nw` under the one-line rule, or a pass:
/// `pa`, `pass`, `ps`, `--`), without checking it against a position; `None` for anything
/// else, more than one move included.
pub fn parse_grid_move(text: &str) -> Option<GridMove> {
    match tokenize(text).ok()?.as_slice() {
        [(_, mv)] => Some(*mv),
        _ => None,
    }
}

/// Reads a transcript as legal moves from `start`. Passes may be written or left out: a
/// placement by a player who must pass gets its pass filled in.
pub fn parse_grid_moves(
    start: &GridPosition,
    text: &str,
) -> Result<Vec<GridMove>, GridTranscriptError> {
    let tokens = tokenize(text)?;
    if tokens.is_empty() {
        return Err(GridTranscriptError::Empty);
    }
    let mut pos = *start;
    let mut moves = Vec::with_capacity(tokens.len());
    for (offset, mv) in tokens {
        if matches!(mv, GridMove::Place { .. }) && matches!(pos.status(), Status::MustPass(_)) {
            pos = pos.play(GridMove::Pass).expect("a forced pass is legal").0;
            moves.push(GridMove::Pass);
        }
        match pos.play(mv) {
            Ok((next, placed)) => {
                moves.push(placed.mv);
                pos = next;
            }
            Err(error) => {
                return Err(GridTranscriptError::Illegal {
                    number: moves.len() + 1,
                    offset: text[..offset].chars().count(),
                    error,
                });
            }
        }
    }
    Ok(moves)
}
