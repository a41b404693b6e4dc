//! A search asked for and answered as one line of text, for a front end whose search runs in
//! another process or thread it can only talk to by messages (the browser game hands it to a
//! Web Worker, because a search on the page's own thread would stop its frames).
//!
//! Request: `think player=<hex> opponent=<hex> level=<1-10> scoring=<most|fewest> seed=<n>`,
//! the bitboards of the side to move and of the other side (bit = row × side + column), with
//! `size=<4|6|10>` for a board other than 8×8, and `book=off` under rules whose game tree is
//! not the one the opening book was searched in ([`Goal`]); under rules whose game tree is
//! not Othello's, `rules=<tag> supply=<mover>,<other>` ([`Variant`]: the last moves are searched
//! in the variant's own tree). Reply: `move f5` (`move f5:ne` with the one line that flips
//! under the one-line rule), `move pass`, or `error <why>`. Both are exact: the same request gives the same move on every platform.
//! A study request, `score …` ([`ScoreRequest`]), is answered `scores …` ([`ScoreReply`]),
//! `error <why>` where it cannot be read, or `failed <why>` where a variant's exact search
//! gave up.
//! 8×8 boards are searched by the fast path with the learned evaluation, the other sizes by
//! the generic search ([`crate::grid`]).

use std::fmt;
use std::sync::atomic::AtomicBool;

use super::{Clock, Goal, Level, Searcher};
use crate::book::Book;
use crate::grid::{
    BoardSize, Cell, GridBoard, GridMove, GridPosition, GridSearcher, grid_choose_move,
    parse_grid_move, variant_move, variant_perfect_max, variant_scores,
};
use crate::{Color, Direction, Rules, Scoring};

/// What to search: the position, how strongly, to which goal, with which random seed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ThinkRequest {
    /// The position, from the side to move's view.
    pub board: GridBoard,
    /// How strongly to play.
    pub level: Level,
    /// Most discs wins, or (the reverse variant) fewest.
    pub scoring: Scoring,
    /// Whether the opening book may answer (see [`Goal`]).
    pub book: bool,
    /// Seeds the level's randomness (ties, the weaker levels' mistakes).
    pub seed: u64,
    /// The variant's own game tree, under rules whose tree is not Othello's.
    pub variant: Option<Variant>,
}

/// What the last moves of a variant are searched under ([`variant_move`]): its rules and the
/// discs left in each side's supply, the side to move's first (under a shared pool, whatever
/// they are, they are not used).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// The rule set.
    pub rules: Rules,
    /// Discs left: the side to move's, then the other side's.
    pub supply: [u8; 2],
}

impl Variant {
    /// The variant `pos` is played under, where its rules' game tree is not Othello's (the
    /// fast searches model it otherwise): its rules and the supplies, the side to move's
    /// first.
    pub fn of(pos: &GridPosition) -> Option<Variant> {
        let rules = pos.rules();
        let supply = pos.supply().unwrap_or([0; 2]);
        let mover = pos.to_move().index();
        (!rules.search_compatible()).then_some(Variant {
            rules,
            supply: [supply[mover], supply[1 - mover]],
        })
    }

    /// `board` (the side to move's discs first) as a position of this variant.
    fn position(&self, board: &GridBoard) -> GridPosition {
        GridPosition::from_discs(
            board.size,
            self.rules,
            board.player,
            board.opponent,
            Color::Black,
        )
        .with_supplies(self.supply[0], self.supply[1])
    }
}

/// ` rules=<tag> supply=<mover>,<other>` for a variant; nothing otherwise.
struct VariantWords(Option<Variant>);

impl fmt::Display for VariantWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(Variant { rules, supply }) => {
                write!(
                    f,
                    " rules={} supply={},{}",
                    rules.tag(),
                    supply[0],
                    supply[1]
                )
            }
            None => Ok(()),
        }
    }
}

/// The answer: a placement (with its line under the one-line rule, where the variant's own
/// search chose it), `None` when the side to move has no move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ThinkReply(pub Option<GridMove>);

/// The board's words of a request: `size=N` unless 8×8, and the two disc sets in hex (16
/// digits on 8×8, as before sizes existed, so old lines read the same).
struct BoardWords<'a>(&'a GridBoard);

impl fmt::Display for BoardWords<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.0;
        if b.size == BoardSize::Eight {
            write!(f, "player={:016x} opponent={:016x}", b.player, b.opponent)
        } else {
            write!(
                f,
                "size={} player={:x} opponent={:x}",
                b.size.side(),
                b.player,
                b.opponent
            )
        }
    }
}

impl fmt::Display for ThinkRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "think {} level={} scoring={}{} seed={}",
            BoardWords(&self.board),
            self.level.number(),
            scoring_word(self.scoring),
            BookWord(self.book),
            self.seed
        )?;
        write!(f, "{}", VariantWords(self.variant))
    }
}

/// Keys every request may leave out: the board's size (8×8 without it) and the book (on).
const OPTIONAL_KEYS: [&str; 2] = ["size", "book"];

/// The `key=value` words after a request's first word, checked against the keys it knows.
struct Fields<'a> {
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Fields<'a> {
    fn read(line: &'a str, kind: &str, known: &[&str]) -> Result<Fields<'a>, String> {
        let mut words = line.split_whitespace();
        if words.next() != Some(kind) {
            return Err(format!("a request starts with `{kind}`"));
        }
        let mut pairs = Vec::new();
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("`{word}` is not key=value"))?;
            if !known.contains(&key) && !OPTIONAL_KEYS.contains(&key) {
                return Err(format!("unknown key `{key}`"));
            }
            pairs.push((key, value));
        }
        Ok(Fields { pairs })
    }

    /// The value of `key`, read by `parse`; a missing key or a value it refuses is an error.
    fn get<T>(&self, key: &str, parse: impl Fn(&str) -> Option<T>) -> Result<T, String> {
        let (_, value) = self
            .pairs
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .ok_or_else(|| format!("missing {key}"))?;
        parse(value).ok_or_else(|| format!("bad {key}: `{value}`"))
    }

    /// The value of `key` as [`Fields::get`] reads it, or `default` where the key is missing.
    fn get_or<T>(
        &self,
        key: &str,
        default: T,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Result<T, String> {
        match self.pairs.iter().any(|(k, _)| *k == key) {
            true => self.get(key, parse),
            false => Ok(default),
        }
    }

    fn board(&self) -> Result<GridBoard, String> {
        let size = self.get_or("size", BoardSize::Eight, |v| {
            BoardSize::from_side(v.parse().ok()?)
        })?;
        let full = (1u128 << size.squares()) - 1;
        let hex = |v: &str| {
            u128::from_str_radix(v, 16)
                .ok()
                .filter(|bits| v.len() <= 32 && bits & !full == 0)
        };
        let board = GridBoard::new(size, self.get("player", hex)?, self.get("opponent", hex)?);
        if board.player & board.opponent != 0 {
            return Err("a square holds discs of both sides".into());
        }
        Ok(board)
    }

    /// Whether the book may answer: `book=on` or `book=off`, on when the word is missing.
    fn book(&self) -> Result<bool, String> {
        self.get_or("book", true, |v| match v {
            "on" => Some(true),
            "off" => Some(false),
            _ => None,
        })
    }

    fn scoring(&self) -> Result<Scoring, String> {
        self.get("scoring", |v| match v {
            "most" => Some(Scoring::MostDiscs),
            "fewest" => Some(Scoring::FewestDiscs),
            _ => None,
        })
    }

    /// The variant named by `rules=` and `supply=` (both or neither), on `board`, whose
    /// rules must score as `scoring` says.
    fn variant(&self, board: &GridBoard, scoring: Scoring) -> Result<Option<Variant>, String> {
        let has = |key: &str| self.pairs.iter().any(|(k, _)| *k == key);
        let variant = match has("rules") {
            false if has("supply") => return Err("supply without rules".into()),
            false => None,
            true => Some(Variant {
                rules: self.get("rules", |v| Rules::from_tag(v).ok())?,
                supply: self.get("supply", |v| {
                    let (mover, other) = v.split_once(',')?;
                    let most = board.size.squares();
                    let read = |n: &str| n.parse::<u8>().ok().filter(|&n| u32::from(n) <= most);
                    Some([read(mover)?, read(other)?])
                })?,
            }),
        };
        if variant.is_some_and(|v| v.rules.scoring != scoring) {
            return Err("scoring and rules disagree".into());
        }
        Ok(variant)
    }
}

/// ` book=off` where the book may not answer; nothing otherwise (as before the word existed).
struct BookWord(bool);

impl fmt::Display for BookWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            true => Ok(()),
            false => f.write_str(" book=off"),
        }
    }
}

fn scoring_word(scoring: Scoring) -> &'static str {
    match scoring {
        Scoring::MostDiscs => "most",
        Scoring::FewestDiscs => "fewest",
    }
}

impl ThinkRequest {
    /// Reads a request line; the error says which part is wrong.
    pub fn parse(line: &str) -> Result<ThinkRequest, String> {
        let known = [
            "player", "opponent", "level", "scoring", "seed", "rules", "supply",
        ];
        let fields = Fields::read(line, "think", &known)?;
        let board = fields.board()?;
        let scoring = fields.scoring()?;
        let variant = fields.variant(&board, scoring)?;
        Ok(ThinkRequest {
            board,
            level: fields.get("level", |v| Level::from_number(v.parse::<u8>().ok()?))?,
            scoring,
            book: fields.book()?,
            seed: fields.get("seed", |v| v.parse::<u64>().ok())?,
            variant,
        })
    }

    /// Searches (see [`grid_choose_move`]) and returns the move; `stop` ends it early with the
    /// best move found so far.
    pub fn answer(&self, stop: &AtomicBool, clock: &dyn Clock) -> ThinkReply {
        if let Some(variant) = self.variant {
            let pos = variant.position(&self.board);
            // Under the variant's rules the side may have no placement (its supply out).
            if pos.legal_squares() == 0 {
                return ThinkReply(None);
            }
            if let Some(mv) = variant_move(&pos, self.level, self.seed, stop) {
                return ThinkReply(Some(mv));
            }
        }
        let goal = Goal {
            scoring: self.scoring,
            book: self.book,
        };
        let result = grid_choose_move(&self.board, self.level, goal, 1, self.seed, stop, clock);
        // The search only proposes legal squares; a position with none gets no square.
        ThinkReply(
            result
                .best_move
                .filter(|&i| self.board.moves() >> i & 1 == 1)
                .map(|i| GridMove::at(self.board.size.cell(i))),
        )
    }
}

impl fmt::Display for ThinkReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(GridMove::Pass) | None => f.write_str("move pass"),
            Some(mv) => write!(f, "move {mv}"),
        }
    }
}

impl ThinkReply {
    /// Reads a reply line; an `error` reply or anything malformed is an `Err` with the reason.
    pub fn parse(line: &str) -> Result<ThinkReply, String> {
        let line = line.trim();
        if let Some(why) = line.strip_prefix("error") {
            return Err(why.trim().to_string());
        }
        match line.strip_prefix("move ") {
            Some("pass") => Ok(ThinkReply(None)),
            Some(mv) => parse_grid_move(mv)
                .filter(|mv| matches!(mv, GridMove::Place { .. }))
                .map(|mv| ThinkReply(Some(mv)))
                .ok_or_else(|| format!("bad move in `{line}`")),
            None => Err(format!("not a reply: `{line}`")),
        }
    }
}

/// A study request: every legal move of the position scored, for hints, the evaluation bar
/// and the post-game review. `score player=<hex> opponent=<hex> depth=<1-30> solve=<0-100>
/// scoring=<most|fewest>` (and `size=N`, `book=off` and, under rules whose game tree is not
/// Othello's, `rules=<tag> supply=<mover>,<other>` as for `think`). A variant's moves are
/// scored in its own tree, exactly, and only where [`variant_perfect_max`] allows: a request
/// further from the end is an error.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ScoreRequest {
    /// The position, from the side to move's view.
    pub board: GridBoard,
    /// Midgame search depth for each move.
    pub depth: u32,
    /// Moves whose position has at most this many empties are solved exactly.
    pub solve_empties: u32,
    /// Most discs wins, or (the reverse variant) fewest.
    pub scoring: Scoring,
    /// Whether the opening book may answer (see [`Goal`]).
    pub book: bool,
    /// The variant's own game tree, under rules whose tree is not Othello's.
    pub variant: Option<Variant>,
}

/// The most nodes a variant's study search takes before it gives up with an error: every
/// move scored exactly at the most empties it is asked for took 0.18 s on average and 1.35 s
/// at most (one-line, 10 empties) and 0.25 s and 1.0 s (an ending supply, 14 empties) over 60
/// endgames of random games each on this project's two-core machine (about 3 M nodes a
/// second), so this leaves several times the worst seen and still ends in seconds.
const VARIANT_STUDY_NODE_LIMIT: u64 = 20_000_000;

/// The scores: `(square, hundredths of a disc)` from the side to move's view, best first.
/// `exact` when every score is the final result under perfect play; `book` when they are the
/// opening book's (whose deep searches beat the study search's). A position without a legal
/// move gets an empty list. Reply line: `scores exact=1 f5=300 d6=-100`, with `book=1` after
/// `exact=0` for the book's; under the one-line rule each square's score names the line it
/// is the score of (`f5:ne=300`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreReply {
    /// Whether every score is exact (and the list complete).
    pub exact: bool,
    /// Whether the scores come from the opening book.
    pub book: bool,
    /// The legal moves and their scores, best first.
    pub scores: Vec<(Cell, i32)>,
    /// Under the one-line rule, whose squares are scored by their best lines: each scored
    /// square's best line (the one its score is the value of), in the scores' order.
    pub lines: Vec<(Cell, Direction)>,
}

impl fmt::Display for ScoreRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "score {} depth={} solve={} scoring={}{}{}",
            BoardWords(&self.board),
            self.depth,
            self.solve_empties,
            scoring_word(self.scoring),
            BookWord(self.book),
            VariantWords(self.variant)
        )
    }
}

impl ScoreRequest {
    /// Reads a request line; the error says which part is wrong.
    pub fn parse(line: &str) -> Result<ScoreRequest, String> {
        let known = [
            "player", "opponent", "depth", "solve", "scoring", "rules", "supply",
        ];
        let fields = Fields::read(line, "score", &known)?;
        let within = |max: u32, min: u32| {
            move |v: &str| v.parse::<u32>().ok().filter(|n| (min..=max).contains(n))
        };
        let board = fields.board()?;
        let scoring = fields.scoring()?;
        let variant = fields.variant(&board, scoring)?;
        if let Some(Variant { rules, .. }) = variant {
            let most = variant_perfect_max(&rules);
            if board.empties().count_ones() > most {
                return Err(format!(
                    "under {} the moves are scored from {most} empty squares",
                    rules.tag()
                ));
            }
        }
        Ok(ScoreRequest {
            board,
            depth: fields.get("depth", within(30, 1))?,
            solve_empties: fields.get("solve", within(100, 0))?,
            scoring,
            book: fields.book()?,
            variant,
        })
    }

    /// Scores every legal move; `stop` ends it early with the moves scored so far (then the
    /// reply is not exact: a stopped search's scores are not to be trusted as complete). A
    /// variant's exact search that runs out of nodes or is stopped is an error: it has no
    /// scores to give.
    pub fn answer(&self, stop: &AtomicBool, clock: &dyn Clock) -> Result<ScoreReply, String> {
        let board = &self.board;
        if let Some(variant) = self.variant {
            return variant_reply(&variant.position(board), stop);
        }
        if let Some(reply) = self.book_reply() {
            return Ok(reply);
        }
        let (depth, solve) = (self.depth, self.solve_empties);
        let mut scores: Vec<(Cell, i32)> = if let Some(fast) = board.as_eight() {
            let mut searcher = Searcher::new(16).with_scoring(self.scoring);
            let scored = searcher.score_moves(&fast, depth, solve, stop, clock);
            // The two 8×8 layouts are the same: square index = row × 8 + column.
            let cell = |sq: crate::Square| board.size.cell(sq.index());
            scored.into_iter().map(|(sq, v)| (cell(sq), v)).collect()
        } else {
            let mut searcher = GridSearcher::new(16).with_scoring(self.scoring);
            let scored = searcher.score_moves(board, depth, solve, stop, clock);
            scored
                .into_iter()
                .map(|(i, v)| (board.size.cell(i), v))
                .collect()
        };
        scores.sort_by_key(|&(cell, v)| best_first(cell, v));
        let empties = board.empties().count_ones();
        let complete = scores.len() == board.moves().count_ones() as usize;
        Ok(ScoreReply {
            exact: complete && empties <= self.solve_empties + 1,
            book: false,
            scores,
            lines: Vec::new(),
        })
    }

    /// The opening book's scores, where it may answer and has this position (8×8).
    fn book_reply(&self) -> Option<ScoreReply> {
        if !self.book {
            return None;
        }
        let board = &self.board;
        let moves = Book::for_scoring(self.scoring)?.moves(&board.as_eight()?)?;
        Some(ScoreReply {
            exact: false,
            book: true,
            scores: moves
                .into_iter()
                .map(|(sq, v)| (board.size.cell(sq.index()), v * super::DISC))
                .collect(),
            lines: Vec::new(),
        })
    }
}

/// The order of a reply's scores: best first, equals in square order (row, then column).
fn best_first(cell: Cell, v: i32) -> (i32, u8, u8) {
    (-v, cell.row, cell.column)
}

/// Every placement of `pos` scored exactly in the variant's own tree, each square by the best
/// of its lines (under the one-line rule a square is several moves; the player picks the
/// line when placing).
fn variant_reply(pos: &GridPosition, stop: &AtomicBool) -> Result<ScoreReply, String> {
    let scored = variant_scores(pos, i32::MAX, stop, VARIANT_STUDY_NODE_LIMIT)
        .ok_or("the variant's exact search ran out of nodes or was stopped")?;
    // Each square's best line and its score (the first of equals).
    let mut best: Vec<(Cell, i32, Option<Direction>)> = Vec::with_capacity(scored.len());
    for (mv, v) in scored {
        let GridMove::Place { cell, line } = mv else {
            continue;
        };
        match best.iter_mut().find(|b| b.0 == cell) {
            Some(kept) if kept.1 >= v => {}
            Some(kept) => *kept = (cell, v, line),
            None => best.push((cell, v, line)),
        }
    }
    best.sort_by_key(|&(cell, v, _)| best_first(cell, v));
    Ok(ScoreReply {
        exact: true,
        book: false,
        scores: best
            .iter()
            .map(|&(cell, v, _)| (cell, v * super::DISC))
            .collect(),
        lines: best
            .iter()
            .filter_map(|&(cell, _, line)| Some((cell, line?)))
            .collect(),
    })
}

impl fmt::Display for ScoreReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "scores exact={}", u8::from(self.exact))?;
        if self.book {
            f.write_str(" book=1")?;
        }
        for &(sq, v) in &self.scores {
            match self.line_of(sq) {
                Some(line) => write!(f, " {sq}:{line}={v}")?,
                None => write!(f, " {sq}={v}")?,
            }
        }
        Ok(())
    }
}

impl ScoreReply {
    /// The line `square`'s score is the value of, under the one-line rule.
    pub fn line_of(&self, square: Cell) -> Option<Direction> {
        self.lines.iter().find(|l| l.0 == square).map(|l| l.1)
    }

    /// The line to flip with the best move, under the one-line rule.
    pub fn best_line(&self) -> Option<Direction> {
        self.line_of(self.scores.first()?.0)
    }

    /// Reads a reply line; an `error` or `failed` reply or anything malformed is an `Err`
    /// with the reason.
    pub fn parse(line: &str) -> Result<ScoreReply, String> {
        let line = line.trim();
        if let Some(why) = line.strip_prefix("error").or(line.strip_prefix("failed")) {
            return Err(why.trim().to_string());
        }
        let mut words = line.split_whitespace();
        if words.next() != Some("scores") {
            return Err(format!("not a scores reply: `{line}`"));
        }
        let exact = match words.next() {
            Some("exact=1") => true,
            Some("exact=0") => false,
            _ => return Err(format!("no exact=0|1 in `{line}`")),
        };
        let mut words = words.peekable();
        let book = words.next_if(|w| w.starts_with("book=")).map(|w| match w {
            "book=1" => Ok(true),
            "book=0" => Ok(false),
            _ => Err(format!("bad `{w}` in `{line}`")),
        });
        let book = book.transpose()?.unwrap_or(false);
        let (mut scores, mut lines) = (Vec::new(), Vec::new());
        for word in words {
            let bad = || format!("bad score `{word}` in `{line}`");
            let (square, v) = word.split_once('=').ok_or_else(bad)?;
            let (square, square_line) = match square.split_once(':') {
                Some((square, name)) => (square, Some(Direction::from_name(name).ok_or_else(bad)?)),
                None => (square, None),
            };
            let square = square.parse::<Cell>().map_err(|_| bad())?;
            if scores.iter().any(|s: &(Cell, i32)| s.0 == square) {
                return Err(format!("`{square}` scored twice in `{line}`"));
            }
            scores.push((square, v.parse::<i32>().map_err(|_| bad())?));
            lines.extend(square_line.map(|l| (square, l)));
        }
        Ok(ScoreReply {
            exact,
            book,
            scores,
            lines,
        })
    }
}

/// Answers one request line (`think …` or `score …`) with one reply line; never panics on
/// bad input. A request that cannot be read is answered `error <why>`; a search that gave up
/// (a variant's exact search out of nodes or stopped) `failed <why>`, so that a front end
/// can tell a broken search worker, worth asking again elsewhere, from an answer that would
/// be the same anywhere.
pub fn answer_line(line: &str, stop: &AtomicBool, clock: &dyn Clock) -> String {
    match line.split_whitespace().next() {
        Some("score") => match ScoreRequest::parse(line) {
            Ok(request) => match request.answer(stop, clock) {
                Ok(reply) => reply.to_string(),
                Err(why) => format!("failed {why}"),
            },
            Err(why) => format!("error {why}"),
        },
        _ => match ThinkRequest::parse(line) {
            Ok(request) => request.answer(stop, clock).to_string(),
            Err(why) => format!("error {why}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use crate::grid::GridPosition;

    fn start() -> GridBoard {
        GridPosition::new(BoardSize::Eight, Rules::default()).board()
    }

    fn grid(board: crate::Board) -> GridBoard {
        GridBoard::new(BoardSize::Eight, board.player.into(), board.opponent.into())
    }

    #[test]
    fn requests_round_trip() {
        let request = ThinkRequest {
            board: start(),
            level: Level::Master,
            scoring: Scoring::FewestDiscs,
            book: true,
            seed: u64::MAX,
            variant: None,
        };
        assert_eq!(ThinkRequest::parse(&request.to_string()), Ok(request));
        // Without the book: one more word, read back; an old line (no word) keeps the book.
        let bookless = ThinkRequest {
            book: false,
            ..request
        };
        assert!(bookless.to_string().contains(" book=off "), "{bookless}");
        assert_eq!(ThinkRequest::parse(&bookless.to_string()), Ok(bookless));
        let on = bookless.to_string().replace("book=off", "book=on");
        assert_eq!(ThinkRequest::parse(&on), Ok(request));
        let lined = GridMove::Place {
            cell: "c4".parse().unwrap(),
            line: Some(crate::Direction::ALL[2]),
        };
        for reply in [
            ThinkReply(None),
            ThinkReply(Some(GridMove::at("c4".parse().unwrap()))),
            ThinkReply(Some(lined)),
        ] {
            assert_eq!(ThinkReply::parse(&reply.to_string()), Ok(reply));
        }
        // A variant's tree: its rules and supplies, read back; supplies without rules, more
        // discs than squares, or unknown rules are refused.
        let variant = ThinkRequest {
            variant: Some(Variant {
                rules: Rules::from_tag("32-ends+one-line+reverse").unwrap(),
                supply: [3, 5],
            }),
            ..request
        };
        let line = variant.to_string();
        assert!(line.ends_with(" supply=3,5"), "{line}");
        assert_eq!(ThinkRequest::parse(&line), Ok(variant));
        for bad in [
            "supply=3,65",
            "supply=3",
            "supply=-1,2",
            "rules=chess",
            "rules=",
        ] {
            let key = bad.split('=').next().unwrap();
            let at = line.find(&format!(" {key}=")).unwrap();
            let end = line[at + 1..].find(' ').map_or(line.len(), |e| at + 1 + e);
            let broken = format!("{} {bad}{}", &line[..at], &line[end..]);
            assert!(ThinkRequest::parse(&broken).is_err(), "{broken}");
        }
        assert!(ThinkRequest::parse(&format!("{request} supply=3,5")).is_err());
        // The rules' scoring is the request's: a reverse game asks for fewest discs.
        let reverse = format!(
            "{} rules=reverse supply=3,5",
            ThinkRequest {
                scoring: Scoring::MostDiscs,
                ..request
            }
        );
        assert!(ThinkRequest::parse(&reverse).is_err(), "{reverse}");
    }

    #[test]
    fn bad_lines_are_errors_not_panics() {
        let good =
            "think player=0000000810000000 opponent=0000001008000000 level=3 scoring=most seed=1";
        assert!(ThinkRequest::parse(good).is_ok());
        for (bad, why) in [
            ("", "starts with"),
            ("move f5", "starts with"),
            (&good.replace("level=3", "level=11"), "bad level"),
            (&good.replace("level=3", "level=x"), "bad level"),
            (&good.replace("most", "many"), "bad scoring"),
            (&good.replace(" seed=1", ""), "missing seed"),
            (
                &good.replace("player=0000000810000000", "player=zz"),
                "bad player",
            ),
            (
                &good.replace("0000001008000000", "0000000810000000"),
                "both sides",
            ),
            (&format!("{good} colour=red"), "unknown key"),
            (&format!("{good} book=no"), "bad book"),
            (&format!("{good} junk"), "not key=value"),
        ] {
            let err = ThinkRequest::parse(bad).unwrap_err();
            assert!(err.contains(why), "{bad:?}: {err}");
            assert!(answer_line(bad, &AtomicBool::new(false), &|| 0).starts_with("error "));
        }
        assert!(ThinkReply::parse("error no").is_err());
        assert!(ThinkReply::parse("move z9").is_err());
        assert!(ThinkReply::parse("f5").is_err());
    }

    #[test]
    fn score_requests_and_replies_round_trip() {
        let request = ScoreRequest {
            board: start(),
            depth: 6,
            solve_empties: 14,
            scoring: Scoring::MostDiscs,
            book: true,
            variant: None,
        };
        assert_eq!(ScoreRequest::parse(&request.to_string()), Ok(request));
        let reply = ScoreReply {
            exact: true,
            book: false,
            scores: vec![("f5".parse().unwrap(), 300), ("d6".parse().unwrap(), -100)],
            lines: Vec::new(),
        };
        assert_eq!(reply.to_string(), "scores exact=1 f5=300 d6=-100");
        assert_eq!(ScoreReply::parse(&reply.to_string()), Ok(reply));
        let book = ScoreReply {
            exact: false,
            book: true,
            scores: vec![("f5".parse().unwrap(), 0)],
            lines: Vec::new(),
        };
        assert_eq!(book.to_string(), "scores exact=0 book=1 f5=0");
        assert_eq!(ScoreReply::parse(&book.to_string()), Ok(book));
        let lined = ScoreReply {
            exact: true,
            book: false,
            scores: vec![("g5".parse().unwrap(), 400), ("c3".parse().unwrap(), -200)],
            lines: vec![
                ("g5".parse().unwrap(), Direction::NorthEast),
                ("c3".parse().unwrap(), Direction::South),
            ],
        };
        assert_eq!(lined.to_string(), "scores exact=1 g5:ne=400 c3:s=-200");
        assert_eq!(lined.best_line(), Some(Direction::NorthEast));
        assert_eq!(lined.line_of("c3".parse().unwrap()), Some(Direction::South));
        assert_eq!(ScoreReply::parse(&lined.to_string()), Ok(lined));
        for bad in [
            "",
            "scores",
            "scores exact=2",
            "scores exact=0 book=2 f5=0",
            "scores exact=1 line=ne g5=400",
            "scores exact=1 g5:up=400",
            "scores exact=1 g5:=400",
            "scores exact=1 g5:ne:ne=400",
            "scores exact=1 g5=400 g5=300",
            "scores exact=1 f5",
            "scores exact=0 z9=1",
        ] {
            assert!(ScoreReply::parse(bad).is_err(), "{bad:?}");
        }
        let good = request.to_string();
        for (bad, why) in [
            (good.replace("depth=6", "depth=0"), "bad depth"),
            (good.replace("depth=6", "depth=31"), "bad depth"),
            (good.replace("solve=14", "solve=101"), "bad solve"),
            (good.replace(" solve=14", ""), "missing solve"),
            (good.replace("depth=6", "level=3"), "unknown key"),
        ] {
            let err = ScoreRequest::parse(&bad).unwrap_err();
            assert!(err.contains(why), "{bad:?}: {err}");
            assert!(answer_line(&bad, &AtomicBool::new(false), &|| 0).starts_with("error "));
        }
    }

    #[test]
    fn scores_cover_every_legal_move_and_are_exact_near_the_end() {
        use crate::Rules;
        use crate::notation::parse_board;
        // FFO #20 (6 empties): h5 wins by 6, the best of Black's moves.
        let text = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X";
        let board = grid(parse_board(text, Rules::default()).unwrap().board());
        let request = ScoreRequest {
            board,
            depth: 4,
            solve_empties: 10,
            scoring: Scoring::MostDiscs,
            book: true,
            variant: None,
        };
        let line = answer_line(&request.to_string(), &AtomicBool::new(false), &|| 0);
        let reply = ScoreReply::parse(&line).unwrap();
        assert!(reply.exact, "{line}");
        assert_eq!(reply.scores.len(), board.moves().count_ones() as usize);
        assert_eq!(reply.scores[0], ("h5".parse().unwrap(), 600), "{line}");
        assert!(
            reply.scores.windows(2).all(|w| w[0].1 >= w[1].1),
            "best first: {line}"
        );
        // From the start nothing is exact; all four moves are scored alike by symmetry,
        // by the opening book (but not in the reverse variant, whose values differ).
        let opening = ScoreRequest {
            board: start(),
            ..request
        };
        let reply = opening.answer(&AtomicBool::new(false), &|| 0).unwrap();
        assert!(!reply.exact && reply.book);
        let reverse = ScoreRequest {
            scoring: Scoring::FewestDiscs,
            ..opening
        };
        assert!(!reverse.answer(&AtomicBool::new(false), &|| 0).unwrap().book);
        // Nor under rules whose game tree is not the book's (`book=off`): searched instead.
        let bookless = ScoreRequest {
            book: false,
            ..opening
        };
        let line = answer_line(&bookless.to_string(), &AtomicBool::new(false), &|| 0);
        assert!(!ScoreReply::parse(&line).unwrap().book, "{line}");
        assert_eq!(reply.scores.len(), 4);
        assert!(
            reply.scores.iter().all(|s| s.1 == reply.scores[0].1),
            "{reply}"
        );
    }

    #[test]
    fn answers_are_legal_moves() {
        let request = ThinkRequest {
            board: start(),
            level: Level::Casual,
            scoring: Scoring::MostDiscs,
            book: true,
            seed: 7,
            variant: None,
        };
        let line = answer_line(&request.to_string(), &AtomicBool::new(false), &|| 0);
        let ThinkReply(Some(GridMove::Place { cell: sq, .. })) = ThinkReply::parse(&line).unwrap()
        else {
            panic!("no move from the start: {line}");
        };
        assert!(
            start().moves() & BoardSize::Eight.bit(sq) != 0,
            "{sq} is not legal"
        );
        // No move for the side to move: a pass, not an error.
        let stuck = GridBoard::new(BoardSize::Eight, 1, 1 << 63);
        let request = ThinkRequest {
            board: stuck,
            ..request
        };
        assert_eq!(
            request.answer(&AtomicBool::new(false), &|| 0),
            ThinkReply(None)
        );
    }

    /// A position of a random game under `rules` with 8 empty squares and two moves or more
    /// for the side to move.
    fn endgame(rules: Rules) -> GridPosition {
        let positions = crate::grid::random::positions(rules, BoardSize::Eight, 8, 40);
        let two = positions.into_iter().find(|p| p.legal_moves().len() >= 2);
        two.expect("a random endgame with two moves")
    }

    /// The study request for `pos` under its variant, as the game asks it.
    fn variant_request(pos: &GridPosition) -> ScoreRequest {
        ScoreRequest {
            board: pos.board(),
            depth: 4,
            solve_empties: 0,
            scoring: pos.rules().scoring,
            book: false,
            variant: Variant::of(pos),
        }
    }

    #[test]
    fn a_variants_last_moves_are_scored_in_its_own_tree_square_by_square() {
        let stop = AtomicBool::new(false);
        for tag in ["one-line", "32-ends", "one-line+reverse"] {
            let rules = Rules::from_tag(tag).unwrap();
            let pos = endgame(rules);
            let request = variant_request(&pos);
            assert_eq!(request.variant.map(|v| v.rules), Some(rules), "{tag}");
            let line = request.to_string();
            assert!(line.contains(&format!("rules={tag} ")), "{line}");
            assert_eq!(ScoreRequest::parse(&line), Ok(request));
            let reply = answer_line(&line, &stop, &|| 0);
            let reply = ScoreReply::parse(&reply).unwrap_or_else(|e| panic!("{tag}: {e}"));
            assert!(reply.exact && !reply.book, "{tag}: {reply}");
            // Each legal square once, with the best exact score of its moves (its lines,
            // under the one-line rule), best first.
            let moves = variant_scores(&pos, i32::MAX, &stop, u64::MAX).unwrap();
            let cells = pos.legal_squares().count_ones() as usize;
            assert_eq!(reply.scores.len(), cells, "{tag}: {reply}");
            for &(cell, v) in &reply.scores {
                let best = moves.iter().filter(|(mv, _)| mv.cell() == Some(cell));
                assert_eq!(
                    Some(v),
                    best.map(|m| m.1 * 100).max(),
                    "{tag} {cell}: {reply}"
                );
            }
            assert!(reply.scores.windows(2).all(|w| w[0].1 >= w[1].1), "{reply}");
            // Under the one-line rule the reply names each square's line whose value its
            // score is.
            let one_line = rules.flips == crate::FlipRule::ChooseOneLine;
            let lined = if one_line { cells } else { 0 };
            assert_eq!(reply.lines.len(), lined, "{tag}: {reply}");
            for &(cell, v) in &reply.scores {
                let line = reply.line_of(cell);
                let mv = GridMove::Place { cell, line };
                let value = moves.iter().find(|(m, _)| *m == mv).map(|m| m.1 * 100);
                assert_eq!(value, Some(v), "{tag} {cell}: {reply}");
            }
            if one_line {
                let lined = reply.lines.iter().map(|l| l.0);
                assert!(lined.eq(reply.scores.iter().map(|s| s.0)), "{reply}");
            }
        }
        // The supplies go side to move first: with none left for the side to move it has
        // no placement to score; with none left for the other, it has.
        let rules = Rules::from_tag("32-ends").unwrap();
        let pos = endgame(rules);
        let (black, white) = (pos.board().player, pos.board().opponent);
        let (black, white) = match pos.to_move() {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        for (mover, other, placements) in [(0, 9, false), (9, 0, true)] {
            let pos = GridPosition::from_discs(BoardSize::Eight, rules, black, white, Color::White)
                .with_supplies(mover, other);
            let request = variant_request(&pos);
            assert_eq!(request.variant.unwrap().supply, [mover, other]);
            let reply = request.answer(&stop, &|| 0).unwrap();
            assert_eq!(!reply.scores.is_empty(), placements, "{reply}");
        }
        // Othello's tree has no variant; further from the end than the exact search goes, a
        // request is refused with the reason.
        let standard = endgame(Rules::default());
        assert_eq!(Variant::of(&standard), None);
        let rules = Rules::from_tag("one-line").unwrap();
        let far = GridPosition::new(BoardSize::Eight, rules);
        let line = answer_line(&variant_request(&far).to_string(), &stop, &|| 0);
        assert!(
            line.starts_with("error under one-line the moves are scored from 10 empty squares"),
            "{line}"
        );
        // A variant's scores whose search gives up (stopped here) are a failure, not a
        // partial list, and told apart from a request that cannot be read.
        let near = variant_request(&endgame(rules));
        let line = answer_line(&near.to_string(), &AtomicBool::new(true), &|| 0);
        assert!(line.starts_with("failed "), "{line}");
        assert!(ScoreReply::parse(&line).is_err());
    }

    #[test]
    fn a_variants_last_moves_are_answered_from_its_own_tree_with_the_line() {
        // Under the one-line rule near the end the reply names the line the exact search
        // chose, which the game then plays as it is.
        let rules = Rules::from_tag("one-line").unwrap();
        let pos = endgame(rules);
        let request = ThinkRequest {
            board: pos.board(),
            level: Level::Master,
            scoring: Scoring::MostDiscs,
            book: false,
            seed: 1,
            variant: Some(Variant {
                rules,
                supply: [32, 32],
            }),
        };
        let line = answer_line(&request.to_string(), &AtomicBool::new(false), &|| 0);
        let ThinkReply(Some(mv)) = ThinkReply::parse(&line).unwrap() else {
            panic!("no move: {line}");
        };
        assert!(
            matches!(mv, GridMove::Place { line: Some(_), .. }),
            "{line}"
        );
        assert!(pos.play(mv).is_ok(), "{line}");
        assert_eq!(
            Some(mv),
            variant_move(&pos, Level::Master, 1, &AtomicBool::new(false))
        );
    }

    #[test]
    fn other_sizes_say_their_size_and_get_moves_on_their_board() {
        for size in [BoardSize::Four, BoardSize::Six, BoardSize::Ten] {
            let board = GridPosition::new(size, Rules::default()).board();
            let think = ThinkRequest {
                board,
                level: Level::Club,
                scoring: Scoring::MostDiscs,
                book: true,
                seed: 3,
                variant: None,
            };
            let line = think.to_string();
            assert!(line.contains(&format!("size={}", size.side())), "{line}");
            assert_eq!(ThinkRequest::parse(&line), Ok(think));
            let reply = ThinkReply::parse(&answer_line(&line, &AtomicBool::new(false), &|| 0));
            let cell = reply
                .unwrap()
                .0
                .and_then(|mv| mv.cell())
                .expect("a move from the start");
            assert!(board.moves() & size.bit(cell) != 0, "{size}: {cell}");
            let score = ScoreRequest {
                board,
                depth: 3,
                solve_empties: 4,
                scoring: Scoring::MostDiscs,
                book: true,
                variant: None,
            };
            assert_eq!(ScoreRequest::parse(&score.to_string()), Ok(score));
            let reply = score.answer(&AtomicBool::new(false), &|| 0).unwrap();
            assert_eq!(reply.scores.len(), 4, "{size}: {reply}");
        }
        // Discs off a 6×6 board, and sizes the game does not have, are refused.
        let off = "think size=6 player=1000000000 opponent=1 level=3 scoring=most seed=1";
        assert!(ThinkRequest::parse(off).unwrap_err().contains("bad player"));
        let odd = "think size=7 player=1 opponent=2 level=3 scoring=most seed=1";
        assert!(ThinkRequest::parse(odd).unwrap_err().contains("bad size"));
        // An 8×8 request reads as it did before sizes: no size word, 16 hex digits.
        assert!(
            !ThinkRequest::parse(off.replace("size=6 ", "").as_str())
                .unwrap()
                .to_string()
                .contains("size")
        );
    }
}
