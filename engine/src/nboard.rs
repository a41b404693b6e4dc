//! The NBoard protocol, which Othello GUIs (NBoard and others) use to talk to engines over a
//! pipe: commands parsed from lines and a session that answers them. Threads, the clock and
//! the pipe itself stay with the caller (`reversi-engine nboard`).
//!
//! ```
//! use reversi_engine::nboard::{parse_command, Command, Session};
//! use reversi_engine::search::NoClock;
//! use std::sync::atomic::AtomicBool;
//! let mut session = Session::new();
//! for line in ["nboard 2", "set depth 4", "set game (;GM[Othello]TY[8];)", "move F5"] {
//!     let command = parse_command(line).unwrap().unwrap();
//!     session.apply(&command).unwrap();
//! }
//! let reply = session.go(&AtomicBool::new(false), &NoClock);
//! assert!(reply.iter().any(|line| line.starts_with("=== ")));
//! ```

use crate::book::Book;
use crate::ggf::Record;
use crate::position::{Move, Status};
use crate::search::{Clock, DISC, Limits, Searcher, Selectivity};
use crate::{Board, Game, Rules, Scoring, Square};
use std::fmt;
use std::sync::atomic::AtomicBool;

/// The name the engine gives itself (`set myname`).
pub const ENGINE_NAME: &str = "Reversi";

/// One command from the GUI.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// `nboard VERSION`: the first command of a session.
    Nboard(u32),
    /// `set depth N`: the midgame search depth (1 to 60).
    SetDepth(u32),
    /// `set game GGF`: all further commands are about the end of this game.
    SetGame(Box<Record>),
    /// `set contempt N`: accepted and ignored (draws are scored as draws).
    SetContempt,
    /// `move F5[/eval/time]`: a move was played in the current game.
    Move(Move),
    /// `hint N`: evaluate the best N moves.
    Hint(usize),
    /// `go`: say which move the engine would play (the board does not change).
    Go,
    /// `ping N`: stop thinking and answer `pong N`.
    Ping(String),
    /// `learn`: answered `learned` (this engine keeps no book).
    Learn,
    /// `quit`: end the session.
    Quit,
}

/// A line that is not a command this engine understands, or that does not fit the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CommandError(pub String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CommandError {}

impl CommandError {
    /// The line the engine sends for this error: a status line GUIs show to the user.
    pub fn reply(&self) -> String {
        format!("status error: {}", self.0)
    }
}

fn number<T: std::str::FromStr>(command: &str, arg: &str) -> Result<T, CommandError> {
    let arg = arg.trim();
    arg.parse()
        .map_err(|_| CommandError(format!("`{command}` needs a number, found `{arg}`")))
}

/// Reads one line from the GUI; `Ok(None)` for a blank line.
pub fn parse_command(line: &str) -> Result<Option<Command>, CommandError> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let command = match word {
        "nboard" => Command::Nboard(number("nboard", rest)?),
        "set" => {
            let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            match what {
                "depth" => {
                    let depth: u32 = number("set depth", value)?;
                    if !(1..=60).contains(&depth) {
                        return Err(CommandError(format!(
                            "the depth must be 1 to 60, found {depth}"
                        )));
                    }
                    Command::SetDepth(depth)
                }
                "game" => Command::SetGame(Box::new(
                    Record::parse(value).map_err(|e| CommandError(format!("set game: {e}")))?,
                )),
                "contempt" => Command::SetContempt,
                other => return Err(CommandError(format!("unknown setting `{other}`"))),
            }
        }
        "move" => {
            let written = rest.split('/').next().unwrap_or("").trim();
            match crate::notation::parse_move(written) {
                Some(mv) => Command::Move(mv),
                None => return Err(CommandError(format!("`{written}` is not a move"))),
            }
        }
        "hint" => Command::Hint(number("hint", rest)?),
        "go" => Command::Go,
        "ping" => Command::Ping(rest.to_string()),
        "learn" => Command::Learn,
        "quit" => Command::Quit,
        other => {
            return Err(CommandError(format!(
                "unknown command `{}`",
                other.chars().take(24).collect::<String>()
            )));
        }
    };
    Ok(Some(command))
}

/// The engine's side of a session: the game the GUI set, the depth, and a searcher whose
/// transposition table lives as long as the session.
pub struct Session {
    game: Game,
    depth: u32,
    searcher: Searcher,
    /// Plays from the opening book while the game is in it (standard scoring only).
    book: bool,
    /// Whether a selective `go` has stored bounds since the table was last cleared.
    selective_table: bool,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A session on the standard start position at depth 12.
    pub fn new() -> Session {
        Session {
            game: Game::new(Rules::default()),
            depth: 12,
            searcher: Searcher::long_lived(64),
            book: true,
            selective_table: false,
        }
    }

    /// The same session without the opening book: every move searched at the set depth.
    pub fn without_book(mut self) -> Session {
        self.book = false;
        self
    }

    /// The same session with its exact solving on `threads` threads (see
    /// [`Searcher::with_threads`]).
    pub fn with_threads(mut self, threads: usize) -> Session {
        self.searcher = self.searcher.with_threads(threads);
        self
    }

    /// The game as the GUI has set and played it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Exact solving starts this many empties from the end; deeper midgame searches earn a
    /// deeper solve, up to what takes a few seconds on a desktop.
    fn solve_empties(&self) -> u32 {
        (self.depth + 8).min(22)
    }

    /// Applies a command that needs no search; `go` and `hint` go to [`Session::go`] and
    /// [`Session::hint`]. Returns the lines to send back.
    pub fn apply(&mut self, command: &Command) -> Result<Vec<String>, CommandError> {
        match command {
            Command::Nboard(_) => Ok(vec![format!("set myname {ENGINE_NAME}")]),
            Command::SetDepth(depth) => {
                self.depth = *depth;
                Ok(Vec::new())
            }
            Command::SetGame(record) => {
                let rules = record.game.rules();
                let plain = Rules {
                    scoring: Scoring::MostDiscs,
                    ..rules
                };
                if !plain.is_standard() {
                    return Err(CommandError(format!(
                        "set game: the engine plays standard and reverse Othello, not `{}`",
                        rules.tag()
                    )));
                }
                // Its scores are disc differences: under a komi they would mislead (a move
                // that loses on komi scored as a draw).
                if let Some((_, komi)) = record.other.iter().find(|(name, _)| name == "KM") {
                    return Err(CommandError(format!(
                        "set game: the engine does not play komi games (KM[{komi}])"
                    )));
                }
                self.game = record.game.clone();
                self.searcher.set_scoring(rules.scoring);
                Ok(Vec::new())
            }
            Command::Move(mv) => {
                // Played on a copy so that a refused move leaves the game as it was.
                let mut game = self.game.clone();
                // GUIs may leave out the pass of a player who cannot move.
                if *mv != Move::Pass && matches!(game.status(), Status::MustPass(_)) {
                    game.play(Move::Pass).expect("a forced pass is legal");
                }
                let number = game.ply() + 1;
                game.play(*mv).map_err(|e| {
                    CommandError(format!("move {number} ({mv}) is illegal: {}", e.reason))
                })?;
                self.game = game;
                Ok(Vec::new())
            }
            Command::Ping(n) => Ok(vec![format!("pong {n}")]),
            Command::Learn => Ok(vec!["learned".to_string()]),
            Command::SetContempt | Command::Quit => Ok(Vec::new()),
            Command::Go | Command::Hint(_) => Err(CommandError(
                "go and hint run a search: call Session::go or Session::hint".to_string(),
            )),
        }
    }

    /// `go`: the move the engine would play, as `=== MOVE EVAL SECONDS` after a `nodestats`
    /// line, then `status` to clear the GUI's status line. The board does not change; the GUI
    /// sends the move back with `move`.
    pub fn go(&mut self, stop: &AtomicBool, clock: &dyn Clock) -> Vec<String> {
        let mut out = match self.game.current().status() {
            Status::Over(_) => return vec![over()],
            Status::MustPass(_) => vec!["=== PA".to_string()],
            Status::ToMove(_) => self.best_move(stop, clock),
        };
        out.push("status".to_string());
        out
    }

    /// The best move where the side to move has one.
    fn best_move(&mut self, stop: &AtomicBool, clock: &dyn Clock) -> Vec<String> {
        let pos = self.game.current();
        if let Some(moves) = self.book_moves(&pos.board()) {
            // The book's best (the first of equals): the same game gets the same moves.
            let (best, value) = moves[0];
            let secs = clock.elapsed_ms() as f64 / 1000.0;
            return vec![
                format!("nodestats 0 {secs:.2}"),
                format!(
                    "=== {} {:.2} {secs:.2}",
                    best.to_string().to_ascii_uppercase(),
                    value as f64
                ),
            ];
        }
        let limits = Limits {
            solve_empties: self.solve_empties(),
            selectivity: Selectivity::SET_DEPTH,
            ..Limits::depth(self.depth)
        };
        let result = self.searcher.search(&pos.board(), &limits, stop, clock);
        self.selective_table = true;
        let secs = clock.elapsed_ms() as f64 / 1000.0;
        let Some(best) = result.best_move else {
            return vec!["=== PA".to_string()];
        };
        vec![
            format!("nodestats {} {secs:.2}", result.nodes),
            format!(
                "=== {} {:.2} {secs:.2}",
                best.to_string().to_ascii_uppercase(),
                result.score as f64
            ),
        ]
    }

    /// Every move of `board` with its book value, best first, where this session plays from
    /// the book and the book scores every move there.
    fn book_moves(&self, board: &Board) -> Option<Vec<(Square, i32)>> {
        if !self.book {
            return None;
        }
        Book::for_scoring(self.game.rules().scoring)?.moves(board)
    }

    /// `hint N`: a `search MOVE EVAL 0 DEPTH` line for each of the best `n` moves, best first
    /// (evaluations from the side to move's view, in discs), or while the game is in the
    /// opening book a `book MOVE EVAL 0 DEPTH` line with each move's book value; then
    /// `status` to clear the GUI's status line.
    pub fn hint(&mut self, n: usize, stop: &AtomicBool, clock: &dyn Clock) -> Vec<String> {
        let pos = self.game.current();
        let board = pos.board();
        let empties = board.empties().count_ones();
        let mut out = match pos.status() {
            Status::Over(_) => return vec![over()],
            Status::MustPass(_) => vec![format!("search PA 0.00 0 {}", self.depth)],
            Status::ToMove(_) if let Some(moves) = self.book_moves(&board) => {
                // NBoard's book line: `book PV EVAL GAMES DEPTH`. The book counts no games;
                // its depth is that of the searches that scored its leaves.
                let depth = Book::builtin().depth().depth;
                let moves = moves.into_iter().map(|(sq, v)| (sq, f64::from(v)));
                move_lines("book", moves, n, depth)
            }
            Status::ToMove(_) => {
                let solve = self.solve_empties();
                // The table's midgame entries do not say how selective their search was:
                // `go`'s ProbCut bounds would prune these full-width scores. A hint after a
                // `go` starts from an empty table; hints in a row keep what they learned.
                if std::mem::take(&mut self.selective_table) {
                    self.searcher.clear();
                }
                let mut scored = self
                    .searcher
                    .score_moves(&board, self.depth, solve, stop, clock);
                scored.sort_by_key(|&(sq, v)| (-v, sq.index()));
                let depth = if empties <= solve {
                    empties.to_string()
                } else {
                    self.depth.to_string()
                };
                let scored = scored
                    .into_iter()
                    .map(|(sq, v)| (sq, f64::from(v) / f64::from(DISC)));
                move_lines("search", scored, n, depth)
            }
        };
        out.push("status".to_string());
        out
    }
}

/// The answer to `go` or `hint` on a finished game: an error line, which stays on the GUI's
/// status line (a `status` after it would clear it at once).
fn over() -> String {
    CommandError("the game is over".into()).reply()
}

/// `hint`'s answer: a `KIND MOVE EVAL 0 DEPTH` line (`search` or `book`) for each of the first
/// `n` (at least one) of `moves`, evaluations in discs.
fn move_lines(
    kind: &str,
    moves: impl Iterator<Item = (Square, f64)>,
    n: usize,
    depth: impl fmt::Display,
) -> Vec<String> {
    moves
        .take(n.max(1))
        .map(|(sq, v)| {
            let mv = sq.to_string().to_ascii_uppercase();
            format!("{kind} {mv} {v:.2} 0 {depth}")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::NoClock;

    fn session(lines: &[&str]) -> Session {
        let mut s = Session::new();
        for line in lines {
            let command = parse_command(line).unwrap().unwrap();
            s.apply(&command).unwrap();
        }
        s
    }

    #[test]
    fn commands_are_read() {
        assert_eq!(parse_command("  ").unwrap(), None);
        assert_eq!(parse_command("nboard 2").unwrap(), Some(Command::Nboard(2)));
        assert_eq!(
            parse_command("set depth 8").unwrap(),
            Some(Command::SetDepth(8))
        );
        assert_eq!(
            parse_command("ping 17").unwrap(),
            Some(Command::Ping("17".into()))
        );
        assert_eq!(parse_command("hint 3").unwrap(), Some(Command::Hint(3)));
        let f5 = Move::at("f5".parse().unwrap());
        assert_eq!(
            parse_command("move F5/1.50/2.0").unwrap(),
            Some(Command::Move(f5))
        );
        assert_eq!(
            parse_command("move pa").unwrap(),
            Some(Command::Move(Move::Pass))
        );
        assert_eq!(
            parse_command("set contempt 0").unwrap(),
            Some(Command::SetContempt)
        );
    }

    #[test]
    fn malformed_commands_say_what_is_wrong() {
        let err = |line: &str| parse_command(line).unwrap_err().to_string();
        assert_eq!(err("fly away"), "unknown command `fly`");
        assert_eq!(err("set depth x"), "`set depth` needs a number, found `x`");
        assert_eq!(err("set depth 99"), "the depth must be 1 to 60, found 99");
        assert_eq!(err("move Z9"), "`Z9` is not a move");
        assert_eq!(err("hint"), "`hint` needs a number, found ``");
        assert!(err("set game (;GM[Othello]B[A1];)").starts_with("set game: move 1 (a1)"));
        assert_eq!(
            parse_command("bogus").unwrap_err().reply(),
            "status error: unknown command `bogus`"
        );
    }

    #[test]
    fn moves_follow_the_game_and_illegal_ones_change_nothing() {
        let mut s = session(&["nboard 2", "set game (;GM[Othello]TY[8]B[F5];)"]);
        assert_eq!(s.game().transcript(), "f5");
        // A komi game is refused and leaves the game as it was: its scores would mislead.
        let komi = parse_command("set game (;GM[Othello]TY[k8]KM[2.5]B[F5]W[F6];)")
            .unwrap()
            .unwrap();
        let err = s.apply(&komi).unwrap_err().to_string();
        assert!(err.contains("komi games (KM[2.5])"), "{err}");
        assert_eq!(s.game().transcript(), "f5");
        let a1 = parse_command("move a1").unwrap().unwrap();
        assert_eq!(
            s.apply(&a1).unwrap_err().to_string(),
            "move 2 (a1) is illegal: it flanks no opponent disc"
        );
        let pass = parse_command("move PA").unwrap().unwrap();
        assert!(s.apply(&pass).is_err());
        assert_eq!(s.game().transcript(), "f5");
        s.apply(&parse_command("move d6").unwrap().unwrap())
            .unwrap();
        assert_eq!(s.game().transcript(), "f5d6");
    }

    #[test]
    fn a_finished_game_gets_an_error_that_stays_on_the_status_line() {
        // White has no disc left: the game is over.
        let board = format!("{}{}", "-".repeat(60), "****");
        let game = format!("set game (;GM[Othello]TY[8]BO[8 {board} O];)");
        let s = &mut session(&["nboard 2", &game]);
        assert!(s.game().current().is_over());
        let error = vec!["status error: the game is over".to_string()];
        assert_eq!(s.go(&AtomicBool::new(false), &NoClock), error);
        assert_eq!(s.hint(3, &AtomicBool::new(false), &NoClock), error);
    }

    #[test]
    fn go_answers_a_legal_move_and_leaves_the_board() {
        let mut s = session(&["nboard 2", "set depth 4", "set game (;GM[Othello]TY[8];)"]);
        let reply = s.go(&AtomicBool::new(false), &NoClock);
        assert_eq!(reply.len(), 3, "{reply:?}");
        let answer = &reply[1];
        let mv = answer.split_whitespace().nth(1).unwrap();
        assert!(["D3", "C4", "F5", "E6"].contains(&mv), "{reply:?}");
        assert!(reply[0].starts_with("nodestats "), "{reply:?}");
        assert_eq!(s.game().ply(), 0);
    }

    #[test]
    fn go_searches_the_set_depth_with_the_set_depth_selectivity() {
        // A position out of the book: `go`'s node count is that of a fresh search at the set
        // depth with `Selectivity::SET_DEPTH`, not with the levels' bolder `TUNED`.
        let lines = [
            "nboard 2",
            "set depth 9",
            "set game (;GM[Othello]TY[8]B[F5]W[D6]B[C3]W[D3]B[C4]W[F4]B[F6]W[F3]B[E6]W[E7];)",
        ];
        let mut s = session(&lines).without_book();
        let reply = s.go(&AtomicBool::new(false), &NoClock);
        let nodes: u64 = reply[0].split_whitespace().nth(1).unwrap().parse().unwrap();
        let board = s.game().current().board();
        let searched = |selectivity| {
            let limits = Limits {
                solve_empties: 17,
                selectivity,
                ..Limits::depth(9)
            };
            Searcher::long_lived(64)
                .search(&board, &limits, &AtomicBool::new(false), &NoClock)
                .nodes
        };
        assert_eq!(nodes, searched(Selectivity::SET_DEPTH), "{reply:?}");
        assert_ne!(nodes, searched(Selectivity::TUNED), "{reply:?}");
    }

    #[test]
    fn go_plays_the_books_best_move_unless_told_not_to() {
        let lines = ["nboard 2", "set depth 4", "set game (;GM[Othello]TY[8];)"];
        // After f5 d6 the book scores every move; `go` takes its best, searching nothing.
        let mut s = session(&lines);
        for mv in ["move F5", "move D6"] {
            s.apply(&parse_command(mv).unwrap().unwrap()).unwrap();
        }
        let reply = s.go(&AtomicBool::new(false), &NoClock);
        let best = Book::builtin().moves(&s.game().current().board()).unwrap()[0];
        assert_eq!(reply[0], "nodestats 0 0.00", "{reply:?}");
        assert_eq!(
            reply[1],
            format!(
                "=== {} {}.00 0.00",
                best.0.to_string().to_ascii_uppercase(),
                best.1
            ),
            "{reply:?}"
        );
        // `hint` there answers the book's lines, best first, each move's book value.
        let book = Book::builtin();
        let scored = book.moves(&s.game().current().board()).unwrap();
        let hint = s.hint(3, &AtomicBool::new(false), &NoClock);
        assert_eq!(hint.len(), 4, "{hint:?}");
        for (line, (sq, v)) in hint[..3].iter().zip(&scored) {
            let depth = book.depth().depth;
            let mv = sq.to_string().to_ascii_uppercase();
            assert_eq!(*line, format!("book {mv} {v}.00 0 {depth}"), "{hint:?}");
        }
        assert_eq!(hint[3], "status");
        // Asked for more lines than there are moves: one for each move.
        let hint = s.hint(60, &AtomicBool::new(false), &NoClock);
        assert_eq!(hint.len(), scored.len() + 1, "{hint:?}");
        // Without the book the same position is searched, and in the reverse variant so is
        // the start, which the book has for standard Othello.
        let mut s = session(&lines).without_book();
        for mv in ["move F5", "move D6"] {
            s.apply(&parse_command(mv).unwrap().unwrap()).unwrap();
        }
        let reply = s.go(&AtomicBool::new(false), &NoClock);
        assert_ne!(reply[0], "nodestats 0 0.00", "{reply:?}");
        let hint = s.hint(1, &AtomicBool::new(false), &NoClock);
        assert!(hint[0].starts_with("search "), "{hint:?}");
        let mut s = session(&[
            "nboard 2",
            "set depth 4",
            "set game (;GM[Othello]TY[8]RU[reverse];)",
        ]);
        let reply = s.go(&AtomicBool::new(false), &NoClock);
        assert_ne!(reply[0], "nodestats 0 0.00", "{reply:?}");
        let hint = s.hint(1, &AtomicBool::new(false), &NoClock);
        assert!(hint[0].starts_with("search "), "{hint:?}");
    }

    #[test]
    fn go_and_hint_solve_the_endgame_exactly() {
        // FFO #20 (6 empties): black h5 wins by 6.
        let board = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO-";
        let ggf: String = board
            .chars()
            .map(|c| match c {
                'X' => '*',
                c => c,
            })
            .collect();
        let mut s = session(&[
            "nboard 2",
            "set depth 2",
            &format!("set game (;GM[Othello]TY[8]BO[8 {ggf} *];)"),
        ]);
        let stop = AtomicBool::new(false);
        assert_eq!(s.go(&stop, &NoClock)[1], "=== H5 6.00 0.00");
        let hint = s.hint(2, &stop, &NoClock);
        assert_eq!(hint[0], "search H5 6.00 0 6");
        assert_eq!(hint.len(), 3, "{hint:?}");
        assert_eq!(hint[2], "status");
    }

    #[test]
    fn variants_the_search_cannot_play_are_refused() {
        let mut s = Session::new();
        let one_line = parse_command("set game (;GM[Othello]TY[8]RU[one-line];)")
            .unwrap()
            .unwrap();
        assert!(
            s.apply(&one_line)
                .unwrap_err()
                .to_string()
                .contains("one-line")
        );
        let reverse = parse_command("set game (;GM[Othello]TY[8]RU[reverse]B[F5];)")
            .unwrap()
            .unwrap();
        s.apply(&reverse).unwrap();
        assert_eq!(s.game().transcript(), "f5");
    }
}
