//! Game records in GGF, the Generic Game Format that Othello servers and the NBoard protocol
//! use: `(;GM[Othello]PB[..]PW[..]TY[8]BO[8 <64 squares> <side>]B[f5]W[d6]..;)`.
//!
//! Standard GGF knows the 8×8 board and nothing of this project's variants; a record of a
//! variant game carries the rules in an extra `RU[...]` property (the tag of
//! [`Rules::tag`]) that other programs skip as an unknown property.

use crate::grid::GridIllegalMove;
use crate::notation::parse_board;
use crate::position::{IllegalMove, Move, Position, Status};
use crate::{Color, Game, History, Playable, Rules, Scoring, Square};
use std::fmt;

mod grid;

pub use grid::GridRecord;

/// One game as a GGF record: who played, when, the start position and the moves.
///
/// ```
/// use reversi_engine::ggf::Record;
/// let text = "(;GM[Othello]PB[Ann]PW[Bob]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6//1.5];)";
/// let record = Record::parse(text).unwrap();
/// assert_eq!(record.players, ["Ann".to_string(), "Bob".to_string()]);
/// assert_eq!(record.game.transcript(), "f5f6");
/// assert_eq!(Record::parse(&record.to_ggf()).unwrap(), record);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    /// The game: rules, start position and moves (passes included).
    pub game: Game,
    /// The players' names, black first (`PB`, `PW`).
    pub players: [String; 2],
    /// When it was played (`DT`), as written.
    pub date: String,
    /// Where it was played (`PC`), e.g. the program's name.
    pub place: String,
    /// The result as written (`RE`): `?` while unfinished, else e.g. `+12.000` (black's view).
    pub result: String,
    /// Any other properties, in order, so a record read and written again keeps them.
    pub other: Vec<(String, String)>,
}

/// Why a GGF record could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GgfError {
    /// The text does not start a game with `(;`.
    NotAGame {
        /// What was there (at most 12 characters).
        found: String,
    },
    /// Text at character `offset` is not a property such as `PB[name]`.
    Syntax {
        /// Character offset (0-based).
        offset: usize,
        /// The offending text (at most 12 characters).
        found: String,
    },
    /// The record stops before its closing `;)`.
    Truncated,
    /// Something follows the game's closing `;)`.
    Trailing {
        /// Character offset (0-based) of the extra text.
        offset: usize,
    },
    /// A property's value is not what that property holds.
    BadValue {
        /// The property, e.g. `BO`.
        property: String,
        /// Its value (at most 24 characters).
        value: String,
        /// What is wrong.
        why: ValueProblem,
    },
    /// A move property does not hold a move.
    BadMove {
        /// 1-based move number (passes counted).
        number: usize,
        /// The value as written.
        value: String,
    },
    /// A move is played by the side that is not to move (and the other side could move).
    WrongSide {
        /// 1-based move number (passes counted).
        number: usize,
        /// The side the record gives the move to.
        side: Color,
        /// The move as written.
        value: String,
    },
    /// Move `number` is not legal in its position.
    Illegal {
        /// 1-based move number (passes counted).
        number: usize,
        /// The refusal, with the move.
        error: IllegalMove,
    },
    /// Move `number` of a record on another board size is not legal in its position.
    IllegalOnBoard {
        /// 1-based move number (passes counted).
        number: usize,
        /// The refusal, with the move.
        error: GridIllegalMove,
    },
}

impl fmt::Display for GgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GgfError::NotAGame { found } if found.is_empty() => {
                f.write_str("the record is empty (a GGF game starts with `(;`)")
            }
            GgfError::NotAGame { found } => {
                write!(f, "`{found}` does not start a GGF game (expected `(;`)")
            }
            GgfError::Syntax { offset, found } => write!(
                f,
                "`{found}` at character {} is not a property such as PB[name]",
                offset + 1
            ),
            GgfError::Truncated => f.write_str("the record ends before its closing `;)`"),
            GgfError::Trailing { offset } => write!(
                f,
                "unexpected text after the end of the game at character {}",
                offset + 1
            ),
            GgfError::BadValue {
                property,
                value,
                why,
            } => write!(f, "{property}[{value}]: {why}"),
            GgfError::BadMove { number, value } => {
                write!(f, "move {number}: `{value}` is not a move")
            }
            GgfError::WrongSide {
                number,
                side,
                value,
            } => write!(
                f,
                "move {number} ({value}) is given to {} but it is not their turn",
                side_name(*side)
            ),
            GgfError::Illegal { number, error } => write!(
                f,
                "move {number} ({}) is illegal: {}",
                error.attempted, error.reason
            ),
            GgfError::IllegalOnBoard { number, error } => write!(
                f,
                "move {number} ({}) is illegal: {}",
                error.attempted, error.reason
            ),
        }
    }
}

impl std::error::Error for GgfError {}

/// What is wrong with a property's value: each its own case, so the game can say it in the
/// player's language (the `Display` text is the engine's English).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ValueProblem {
    /// `GM` names another game.
    NotOthello,
    /// A board type's letter that is no game type (`x8`).
    UnknownType(char),
    /// Text after a board type's size that is no random start (`8q`).
    AfterSize(String),
    /// A board type without its size.
    NoSize,
    /// A board type whose size is not a number.
    NotASize(String),
    /// The 8×8 reader was given another size (its side, where the record says it).
    OnlyEight(Option<u32>),
    /// A board of a side no size of the game has.
    SizeNotPlayed(u32),
    /// A board wider than any number (its digits).
    SizeTooWide(String),
    /// `BO` without its size.
    SizeMissing,
    /// `BO`'s size is not `TY`'s.
    SizeMismatch,
    /// `BO` holds another number of squares than its size has.
    SquareCount {
        /// The board's side.
        side: u32,
        /// The squares that side has.
        squares: usize,
    },
    /// `RU` is no rules tag.
    Rules(crate::BadRuleTag),
    /// `BO`'s squares or side to move.
    Board(crate::grid::GridBoardError),
    /// `BO`'s squares or side to move (the 8×8 reader).
    Board8(crate::BoardStringError),
    /// `KM` is no komi.
    Komi(crate::KomiError),
    /// A komi game (`TY[k8]`) without its `KM`.
    KomiMissing,
    /// A property that may be given once, given again.
    Twice(String),
}

impl fmt::Display for ValueProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SIZES: &str = "(4×4, 6×6, 8×8 or 10×10)";
        match self {
            ValueProblem::NotOthello => f.write_str("only Othello games can be read"),
            ValueProblem::UnknownType(c) => {
                write!(f, "the game type `{c}` is not one this game plays")
            }
            ValueProblem::AfterSize(text) => {
                write!(f, "`{text}` after the board size is not a game type")
            }
            ValueProblem::NoSize => f.write_str("no board size"),
            ValueProblem::NotASize(text) => write!(f, "`{text}` is not a board size"),
            ValueProblem::OnlyEight(None) => f.write_str("only 8×8 boards are supported"),
            ValueProblem::OnlyEight(Some(n)) => {
                write!(f, "only 8×8 boards are supported (this game is {n}×{n})")
            }
            ValueProblem::SizeNotPlayed(n) => {
                write!(f, "a {n}×{n} board is not one this game plays {SIZES}")
            }
            ValueProblem::SizeTooWide(digits) => write!(
                f,
                "a board {digits} squares wide is not one this game plays {SIZES}"
            ),
            ValueProblem::SizeMissing => f.write_str("the board's size is missing"),
            ValueProblem::SizeMismatch => f.write_str("the board's size is not the one TY gives"),
            ValueProblem::SquareCount { side, squares } => {
                write!(f, "a {side}×{side} board needs {squares} squares")
            }
            ValueProblem::Rules(e) => e.fmt(f),
            ValueProblem::Board(e) => e.fmt(f),
            ValueProblem::Board8(e) => e.fmt(f),
            ValueProblem::Komi(e) => write!(f, "the komi must be a number of discs: {e}"),
            ValueProblem::KomiMissing => f.write_str("a komi game needs its komi in KM"),
            ValueProblem::Twice(property) => write!(f, "the record gives {property} twice"),
        }
    }
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::Black => "black",
        Color::White => "white",
    }
}

pub(crate) fn clip(text: &str, n: usize) -> String {
    text.chars().take(n).collect()
}

/// A tiny cursor over the record's characters, counting offsets in characters.
struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }

    fn skip_space(&mut self) {
        let trimmed = self.rest().trim_start();
        self.pos = self.text.len() - trimmed.len();
    }

    fn offset(&self) -> usize {
        self.text[..self.pos].chars().count()
    }

    fn eat(&mut self, token: &str) -> bool {
        if self.rest().starts_with(token) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    /// `NAME[value]` with `\]` and `\\` escapes in the value.
    fn property(&mut self) -> Result<(String, String), GgfError> {
        let syntax = |r: &Self| GgfError::Syntax {
            offset: r.offset(),
            found: clip(r.rest(), 12),
        };
        let name_len = self
            .rest()
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(self.rest().len());
        if name_len == 0 || !self.rest()[name_len..].starts_with('[') {
            return Err(if self.rest()[name_len..].is_empty() {
                GgfError::Truncated
            } else {
                syntax(self)
            });
        }
        let name = self.rest()[..name_len].to_ascii_uppercase();
        self.pos += name_len + 1;
        let mut value = String::new();
        let mut chars = self.rest().char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                ']' => {
                    self.pos += i + 1;
                    return Ok((name, value));
                }
                '\\' => match chars.next() {
                    Some((_, escaped)) => value.push(escaped),
                    None => break,
                },
                _ => value.push(c),
            }
        }
        Err(GgfError::Truncated)
    }
}

/// Writes a GGF game: the header every record has, then its properties, then the end.
pub(crate) struct Writer {
    out: String,
}

impl Writer {
    /// A game with its place, date, players (black first), result and other properties.
    pub fn new(
        place: &str,
        date: &str,
        players: &[String; 2],
        result: &str,
        other: &[(String, String)],
    ) -> Writer {
        let mut writer = Writer {
            out: String::from("(;GM[Othello]"),
        };
        writer.prop("PC", place);
        writer.prop("DT", date);
        writer.prop("PB", &players[0]);
        writer.prop("PW", &players[1]);
        writer.prop("RE", result);
        for (name, value) in other {
            writer.prop(name, value);
        }
        writer
    }

    /// One property, `]` and `\\` in its value escaped.
    pub fn prop(&mut self, name: &str, value: &str) {
        self.out.push_str(name);
        self.out.push('[');
        for c in value.chars() {
            if matches!(c, ']' | '\\') {
                self.out.push('\\');
            }
            self.out.push(c);
        }
        self.out.push(']');
    }

    /// The record, closed.
    pub fn finish(mut self) -> String {
        self.out.push_str(";)");
        self.out
    }
}

/// The properties of one GGF game, in order, names in upper case (`(;` … `;)` checked).
pub(crate) fn properties(text: &str) -> Result<Vec<(String, String)>, GgfError> {
    let mut r = Reader { text, pos: 0 };
    r.skip_space();
    if !r.eat("(;") {
        return Err(GgfError::NotAGame {
            found: clip(r.rest(), 12),
        });
    }
    let mut props = Vec::new();
    loop {
        r.skip_space();
        if r.eat(";)") {
            break;
        }
        if r.rest().is_empty() {
            return Err(GgfError::Truncated);
        }
        props.push(r.property()?);
    }
    r.skip_space();
    if !r.rest().is_empty() {
        return Err(GgfError::Trailing { offset: r.offset() });
    }
    Ok(props)
}

impl Record {
    /// A record of `game` with no names, date or result yet.
    pub fn new(game: Game) -> Record {
        Record {
            game,
            players: [String::new(), String::new()],
            date: String::new(),
            place: String::new(),
            result: "?".to_string(),
            other: Vec::new(),
        }
    }

    /// Reads one GGF game. Every move is checked; the first illegal one is reported by its
    /// number. A pass the record leaves out (the next move is by the same side because the
    /// other had to pass) is filled in.
    pub fn parse(text: &str) -> Result<Record, GgfError> {
        Record::from_properties(properties(text)?)
    }

    fn from_properties(props: Vec<(String, String)>) -> Result<Record, GgfError> {
        each_once(&props)?;
        let mut rules = Rules::default();
        let mut anti = false;
        let mut komi_game: Option<String> = None;
        let mut komi_given = false;
        let mut board: Option<String> = None;
        let mut record = Record::new(Game::new(rules));
        let mut moves = Vec::new();
        for (name, value) in props {
            match name.as_str() {
                "GM" if !value.trim().eq_ignore_ascii_case("othello") => {
                    return Err(bad("GM", &value, ValueProblem::NotOthello));
                }
                "GM" => {}
                "TY" => {
                    anti = match board_type(&value) {
                        Ok(BoardType {
                            anti,
                            komi,
                            side: 8,
                        }) => {
                            if komi {
                                komi_game = Some(value.clone());
                            }
                            anti
                        }
                        Ok(BoardType { side: n, .. }) => {
                            return Err(bad("TY", &value, ValueProblem::OnlyEight(Some(n))));
                        }
                        Err(why) => return Err(bad("TY", &value, why)),
                    }
                }
                "RU" => {
                    rules = Rules::from_tag(&value)
                        .map_err(|e| bad("RU", &value, ValueProblem::Rules(e)))?
                }
                "BO" => board = Some(value),
                "PB" => record.players[0] = value,
                "PW" => record.players[1] = value,
                "DT" => record.date = value,
                "PC" => record.place = value,
                "RE" => record.result = value,
                "B" => moves.push((Color::Black, value)),
                "W" => moves.push((Color::White, value)),
                // This board's record keeps komi as written, but only a number of discs.
                "KM" => {
                    value
                        .parse::<crate::Komi>()
                        .map_err(|e| bad("KM", &value, ValueProblem::Komi(e)))?;
                    komi_given = true;
                    record.other.push((name, value));
                }
                _ => record.other.push((name, value)),
            }
        }
        // Before its first move a komi game may not have its komi yet (NBoard writes KM once
        // there are moves); with moves, a missing one would be read as no komi at all.
        if let Some(ty) = komi_game.filter(|_| !komi_given && !moves.is_empty()) {
            return Err(bad("TY", &ty, ValueProblem::KomiMissing));
        }
        if anti {
            rules.scoring = Scoring::FewestDiscs;
        }
        let start = match board {
            None => Position::new(rules),
            Some(value) => {
                let squares = value.trim_start();
                let Some(squares) = squares.strip_prefix('8') else {
                    return Err(bad("BO", &value, ValueProblem::OnlyEight(None)));
                };
                let pos = parse_board(squares, rules)
                    .map_err(|e| bad("BO", &value, ValueProblem::Board8(e)))?;
                // A record of a game from its usual start keeps the rule set's own start
                // position (with its supplies and opening phase) rather than a set-up copy.
                let usual = Position::new(rules);
                if pos.discs(Color::Black) == usual.discs(Color::Black)
                    && pos.discs(Color::White) == usual.discs(Color::White)
                    && pos.to_move() == usual.to_move()
                {
                    usual
                } else {
                    pos
                }
            }
        };
        record.game = Game::from_position(start);
        for (side, value) in moves {
            record.play(side, &value)?;
        }
        Ok(record)
    }

    /// Plays one `B[..]`/`W[..]` value: the move before any `/eval/time`.
    fn play(&mut self, side: Color, value: &str) -> Result<(), GgfError> {
        let number = self.game.ply() + 1;
        let written = value.split('/').next().unwrap_or("").trim();
        let Some(mv) = crate::notation::parse_move(written) else {
            return Err(GgfError::BadMove {
                number,
                value: clip(value, 24),
            });
        };
        play_side(
            &mut self.game,
            side,
            mv,
            Move::Pass,
            value,
            |number, error| GgfError::Illegal { number, error },
        )
    }

    /// The record in GGF, on one line (the form NBoard's `set game` takes).
    pub fn to_ggf(&self) -> String {
        let mut out = Writer::new(
            &self.place,
            &self.date,
            &self.players,
            &self.result,
            &self.other,
        );
        let mut prop = |name: &str, value: &str| out.prop(name, value);
        prop("TY", "8");
        let rules = self.game.rules();
        if !rules.is_standard() {
            prop("RU", &rules.tag());
        }
        let start = self.game.start();
        let squares: String = Square::all()
            .map(|sq| match start.at(sq) {
                Some(Color::Black) => '*',
                Some(Color::White) => 'O',
                None => '-',
            })
            .collect();
        let side = match start.to_move() {
            Color::Black => '*',
            Color::White => 'O',
        };
        prop("BO", &format!("8 {squares} {side}"));
        let mut pos = *start;
        for mv in self.game.moves() {
            let name = match pos.to_move() {
                Color::Black => "B",
                Color::White => "W",
            };
            let written = match mv {
                Move::Pass => "PA".to_string(),
                placed => placed.to_string().to_ascii_uppercase(),
            };
            prop(name, &written);
            pos = pos.play(*mv).expect("a game holds only legal moves").0;
        }
        out.finish()
    }

    /// The `RE` value for a finished game: black's disc difference, e.g. `+12.000`.
    pub fn result_of(game: &Game) -> Option<String> {
        match game.status() {
            Status::Over(outcome) => Some(format!("{:+}.000", outcome.score_for(Color::Black))),
            _ => None,
        }
    }
}

/// A board type as GGS writes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct BoardType {
    /// An anti game: fewest discs wins.
    pub anti: bool,
    /// A komi game: the record's `KM` says by how much black's count is lowered.
    pub komi: bool,
    /// The board's side in squares.
    pub side: u32,
}

/// Reads a board type as GGS writes it: letters, the size, and `r` with a disc count for a
/// random start (`8`, `s8r18`, `a8`, `k8`, `10`). Synchro (`s`) and random starts are plain
/// games from their `BO`; komi (`k`) is given in the record's `KM`. A type the game cannot
/// play is an error that names why.
pub(crate) fn board_type(value: &str) -> Result<BoardType, ValueProblem> {
    let value = value.trim();
    let letters = value.len()
        - value
            .trim_start_matches(|c: char| c.is_ascii_alphabetic())
            .len();
    let (letters, rest) = value.split_at(letters);
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (size, random) = rest.split_at(digits);
    let (mut anti, mut komi) = (false, false);
    for letter in letters.chars() {
        match letter.to_ascii_lowercase() {
            's' => {}
            'k' => komi = true,
            'a' => anti = true,
            other => return Err(ValueProblem::UnknownType(other)),
        }
    }
    let random_start = random
        .strip_prefix(['r', 'R'])
        .is_some_and(|discs| discs.chars().all(|c| c.is_ascii_digit()));
    if !random.is_empty() && !random_start {
        return Err(ValueProblem::AfterSize(random.to_string()));
    }
    match size.parse::<u32>() {
        Ok(side) => Ok(BoardType { anti, komi, side }),
        Err(_) if size.is_empty() => Err(ValueProblem::NoSize),
        Err(_) => Err(ValueProblem::NotASize(size.to_string())),
    }
}

/// The properties that say what game a record is and who played it: each may be given once.
/// A second `TY` or `BO` would otherwise silently replace the first.
const SINGLE_PROPERTIES: [&str; 10] = ["GM", "TY", "RU", "BO", "KM", "PB", "PW", "DT", "PC", "RE"];

/// Refuses a record that gives one of [`SINGLE_PROPERTIES`] twice, naming the second.
pub(crate) fn each_once(props: &[(String, String)]) -> Result<(), GgfError> {
    for (i, (name, value)) in props.iter().enumerate() {
        if SINGLE_PROPERTIES.contains(&name.as_str())
            && props[..i].iter().any(|(earlier, _)| earlier == name)
        {
            return Err(bad(name, value, ValueProblem::Twice(name.clone())));
        }
    }
    Ok(())
}

/// The error for `property`'s `value` (clipped to 24 characters).
pub(crate) fn bad(property: &str, value: &str, why: ValueProblem) -> GgfError {
    GgfError::BadValue {
        property: property.to_string(),
        value: clip(value, 24),
        why,
    }
}

/// Plays `mv` for `side` (a move of either board's record): a forced pass the file leaves
/// out is played first; a move for the side not to move, or an illegal one, is an error
/// naming the move's number and value (`illegal` wraps the board's own refusal).
pub(crate) fn play_side<P: Playable>(
    game: &mut History<P>,
    side: Color,
    mv: P::Move,
    pass: P::Move,
    value: &str,
    illegal: impl FnOnce(usize, P::Illegal) -> GgfError,
) -> Result<(), GgfError> {
    if game.current().to_move() != side {
        if game.status() == Status::MustPass(!side) && mv != pass {
            game.play(pass).expect("a forced pass is legal");
        } else {
            return Err(GgfError::WrongSide {
                number: game.ply() + 1,
                side,
                value: clip(value, 24),
            });
        }
    }
    let number = game.ply() + 1;
    game.play(mv)
        .map(|_| ())
        .map_err(|error| illegal(number, error))
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "---------------------------O*------*O---------------------------";

    fn record(moves: &str) -> String {
        format!("(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TY[8]BO[8 {START} *]{moves};)")
    }

    #[test]
    fn reads_nboards_record() {
        let r = Record::parse(&record("B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4]")).unwrap();
        assert_eq!(r.game.transcript(), "f5f6d3c5e6f7e7f4");
        assert_eq!(r.place, "NBoard");
        assert!(r.game.rules().is_standard());
        assert_eq!(r.game.start(), &Position::new(Rules::default()));
    }

    #[test]
    fn evals_times_spaces_and_rows_are_accepted() {
        let rows = START
            .as_bytes()
            .chunks(8)
            .map(|c| std::str::from_utf8(c).unwrap())
            .collect::<Vec<_>>()
            .join(" ");
        let text =
            format!("  (; GM[Othello] TY[8r] BO[8 {rows} *]\n B[f5/0.50/1.2] W[ d6 //3] ;)\n");
        assert_eq!(Record::parse(&text).unwrap().game.transcript(), "f5d6");
    }

    #[test]
    fn errors_name_what_is_wrong() {
        let err = |text: &str| Record::parse(text).unwrap_err().to_string();
        assert_eq!(err(""), "the record is empty (a GGF game starts with `(;`)");
        assert_eq!(
            err(&record("B[F5]W[A1]")),
            "move 2 (a1) is illegal: it flanks no opponent disc"
        );
        assert_eq!(
            err(&record("B[F5]B[F6]")),
            "move 2 (F6) is given to black but it is not their turn"
        );
        assert_eq!(err(&record("B[Z9]")), "move 1: `Z9` is not a move");
        assert!(err("(;GM[Othello]TY[10];)").starts_with("TY[10]: only 8×8"));
        assert!(err("(;GM[Chess];)").starts_with("GM[Chess]"));
        assert_eq!(
            err("(;GM[Othello]PB[x"),
            "the record ends before its closing `;)`"
        );
        assert_eq!(
            err("(;GM[Othello]"),
            "the record ends before its closing `;)`"
        );
        assert!(err("(;GM[Othello];)(;").starts_with("unexpected text after the end"));
        assert!(err("(;GM[Othello] 12 ;)").starts_with("`12 ;)` at character 15"));
        assert!(err(&format!("(;BO[8 {} *];)", &START[..60])).starts_with("BO[8"));
        assert!(err("(;RU[chess];)").contains("unknown rule variant"));
    }

    /// A record shaped as GGS writes them: its place and date, evaluations and times after
    /// the moves, passes as `pass`, and the board type given.
    fn ggs_record(ty: &str, extra: &str, board: &str) -> String {
        ggs_game(ty, extra, board, "B[f5/-6.00/26.00]W[d6//1.01]")
    }

    fn ggs_game(ty: &str, extra: &str, board: &str, moves: &str) -> String {
        format!(
            "(;GM[Othello]PC[GGS/os]DT[2009.07.01_02:52:45.MDT]PB[alpha]PW[beta]RE[+2.000]\
             TI[05:00//02:00]TY[{ty}]{extra}BO[8 {board} *]{moves};)"
        )
    }

    #[test]
    fn ggs_board_types_are_read() {
        // Synchro and a random start are plain games from their BO (here 18 discs, black to
        // move: fourteen moves into a game).
        let mut game = Game::new(Rules::default());
        while game.ply() < 14 {
            let first = game.current().legal_squares().first().unwrap();
            game.play(Move::at(first)).unwrap();
        }
        let board = crate::board_string(game.current());
        let (squares, _) = board.split_once(' ').unwrap();
        let first = game.current().legal_squares().first().unwrap();
        let text = ggs_game("s8r18", "", squares, &format!("B[{first}/-6.00/26.00]"));
        let r = Record::parse(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(r.game.start().board(), game.current().board());
        assert_eq!(r.game.ply(), 1);
        // Anti is the reverse rule: fewest discs wins, and it is written so it reads back.
        let r = Record::parse(&ggs_record("a8", "", START)).unwrap();
        assert_eq!(r.game.rules().scoring, Scoring::FewestDiscs);
        assert_eq!(r.game.transcript(), "f5d6");
        assert_eq!(Record::parse(&r.to_ggf()).unwrap().game, r.game);
        // Komi stays in the record, written back as it came.
        let r = Record::parse(&ggs_record("k8", "KM[-3.50]", START)).unwrap();
        assert_eq!(r.game.rules(), Rules::default());
        assert!(r.other.contains(&("KM".to_string(), "-3.50".to_string())));
        assert!(r.to_ggf().contains("KM[-3.50]"));
        // A komi that is no number, or none at all in a komi game, is refused by name.
        let err = Record::parse(&ggs_record("k8", "KM[junk]", START)).unwrap_err();
        assert!(err.to_string().starts_with("KM[junk]"), "{err}");
        let err = Record::parse(&ggs_record("k8", "", START)).unwrap_err();
        assert!(err.to_string().starts_with("TY[k8]"), "{err}");
        // Before the first move (as NBoard writes a komi game) there may be no KM yet.
        let start = ggs_game("k8", "", START, "");
        assert_eq!(Record::parse(&start).map(|r| r.game.ply()), Ok(0));
        let err = Record::parse(&ggs_record("8", &format!("BO[8 {START} O]"), START)).unwrap_err();
        assert!(err.to_string().contains("gives BO twice"), "{err}");
        // A pass written as GGS does.
        let passing = ggs_record("8", "", START).replace("W[d6//1.01]", "W[d6//1.01]B[pass]");
        assert!(
            Record::parse(&passing).is_err(),
            "black cannot pass with moves left"
        );
    }

    #[test]
    fn board_types_the_game_cannot_play_say_why() {
        let err = |ty: &str| {
            Record::parse(&ggs_record(ty, "", START))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("10"),
            "TY[10]: only 8×8 boards are supported (this game is 10×10)"
        );
        assert!(
            err("s10r20").contains("this game is 10×10"),
            "{}",
            err("s10r20")
        );
        assert!(err("x8").contains("the game type `x`"), "{}", err("x8"));
        assert!(
            err("8q").contains("`q` after the board size"),
            "{}",
            err("8q")
        );
        assert!(err("s").contains("no board size"), "{}", err("s"));
    }

    #[test]
    fn left_out_passes_are_filled_in_and_written() {
        // A game that ends with black passing three times (found by the game's window test).
        let mut game = Game::new(Rules::default());
        game.play_transcript(
            "d3c5b6f3f4e3d2f5g3c3b3e2d1e1f1c2c1b5f2c4b4c6g4a7g5h3g2h1g1b1b2h6h5\
             f6d6a1a2a3a4h2a6a5e6h4g6e7d7c8f7h7c7g8g7b8b7a8pad8pae8paf8",
        )
        .unwrap();
        let written = Record::new(game.clone()).to_ggf();
        assert_eq!(written.matches("B[PA]").count(), 3, "{written}");
        let without_passes = written.replace("B[PA]", "");
        assert_eq!(Record::parse(&without_passes).unwrap().game, game);
        assert_eq!(Record::parse(&written).unwrap().game, game);
    }

    #[test]
    fn variants_and_escapes_round_trip() {
        let rules = Rules::from_tag("parallel+one-line+reverse").unwrap();
        let mut game = Game::new(rules);
        game.play_transcript("c3").unwrap();
        let mut r = Record::new(game);
        r.players = ["Ann ]\\ x".to_string(), "Bob".to_string()];
        r.other.push(("TI".to_string(), "15:00".to_string()));
        let text = r.to_ggf();
        assert!(text.contains("RU[parallel+one-line+reverse]"), "{text}");
        assert_eq!(Record::parse(&text).unwrap(), r);
    }

    #[test]
    fn result_of_a_finished_game() {
        let mut game = Game::new(Rules::default());
        assert_eq!(Record::result_of(&game), None);
        // One of the shortest games: black wipes white out in nine moves.
        game.play_transcript("d3c3b3d2e1d6d7e3f4").unwrap();
        assert!(game.current().is_over());
        assert_eq!(Record::result_of(&game).as_deref(), Some("+64.000"));
    }
}
