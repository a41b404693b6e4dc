//! The playing levels, from random moves to perfect endgames, and `choose_move`, the one
//! call the game makes (on a background thread) to get the computer's move.

use super::{Clock, Limits, SearchResult, Searcher, Selectivity};
use crate::book::Book;
use crate::{Board, Rules, Scoring, Square};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::fmt;
use std::sync::atomic::AtomicBool;

/// A step of the difficulty ladder, weakest first.
///
/// ```
/// use reversi_engine::search::{choose_move, Level, NoClock};
/// use reversi_engine::Board;
/// use std::sync::atomic::AtomicBool;
/// let stop = AtomicBool::new(false);
/// for level in Level::ALL.into_iter().take(6) {
///     let result = choose_move(&Board::start(), level, 7, &stop, &NoClock);
///     let sq = result.best_move.unwrap();
///     assert!(Board::start().play(sq).is_some(), "{level}: {sq}");
/// }
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Level {
    /// Level 1: A random legal move.
    Random,
    /// Level 2: The move that flips the most discs, no look-ahead (ties broken at random).
    Greedy,
    /// Level 3: Two plies deep, then a random move among those within 8 discs of the best:
    /// loses at most 8 discs (by its own estimate) per move. Solves the last 6 empties.
    Novice,
    /// Level 4: Three plies, random among moves within 4 discs of the best; solves the last 8.
    Beginner,
    /// Level 5: Four plies, random among moves within 2 discs of the best; solves the last 10.
    Casual,
    /// Level 6: Six plies, always its best move; solves the last 14 empties exactly.
    Club,
    /// Level 7: Eight plies (at most about 1 s); solves the last 16 empties.
    Strong,
    /// Level 8: Twelve plies with selective pruning (at most about 1 s); solves the last 18.
    /// Plays from the opening book while the game is in it.
    Expert,
    /// Level 9: As deep as 1 s allows with selective pruning; from 22 empties it solves the
    /// endgame exactly (up to 4 s) and then plays perfectly. Plays from the opening book.
    Master,
    /// Level 10: For strong players: the opening book, then as deep as 5 s allows; from 24
    /// empties (22 in the browser) it solves the endgame exactly (up to 20 s).
    Grandmaster,
}

/// How one level searches.
struct Settings {
    depth: u32,
    /// Discs a move may lose against the best one (0: always the best).
    tolerance: i32,
    solve_empties: u32,
    time_ms: Option<u64>,
    selectivity: Selectivity,
    tt_mb: usize,
    /// Whether it plays from the opening book, choosing among moves within this many discs
    /// of the book's best.
    book_within: Option<i32>,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 10] = [
        Level::Random,
        Level::Greedy,
        Level::Novice,
        Level::Beginner,
        Level::Casual,
        Level::Club,
        Level::Strong,
        Level::Expert,
        Level::Master,
        Level::Grandmaster,
    ];

    /// The level's number on the ladder, 1 to 10.
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The level numbered `n` (1 to 10).
    pub fn from_number(n: u8) -> Option<Level> {
        Level::ALL.get((n as usize).checked_sub(1)?).copied()
    }

    /// A short name for menus.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "Random",
            Level::Greedy => "Greedy",
            Level::Novice => "Novice",
            Level::Beginner => "Beginner",
            Level::Casual => "Casual",
            Level::Club => "Club",
            Level::Strong => "Strong",
            Level::Expert => "Expert",
            Level::Master => "Master",
            Level::Grandmaster => "Grandmaster",
        }
    }

    /// One sentence on how the level plays.
    pub fn description(self) -> &'static str {
        match self {
            Level::Random => "Plays any legal move at random.",
            Level::Greedy => "Grabs the move that flips the most discs, without looking ahead.",
            Level::Novice => "Looks two moves ahead but often settles for a worse move.",
            Level::Beginner => "Looks three moves ahead and sometimes picks a slightly worse move.",
            Level::Casual => "Looks four moves ahead, with the occasional small slip.",
            Level::Club => "Looks six moves ahead and plays the last 14 moves perfectly.",
            Level::Strong => "Looks eight moves ahead and plays the last 16 moves perfectly.",
            Level::Expert => {
                "Knows the openings, looks twelve moves ahead and plays the last 18 moves perfectly."
            }
            Level::Master => {
                "Knows the openings, thinks a second a move and plays the last 22 moves perfectly."
            }
            Level::Grandmaster => {
                "Knows the openings, thinks five seconds a move on every core and plays the last 24 moves perfectly."
            }
        }
    }

    fn settings(self, empties: u32) -> Settings {
        let s = |depth, tolerance, solve_empties, time_ms, selective, tt_mb| Settings {
            book_within: None,
            depth,
            tolerance,
            solve_empties,
            time_ms,
            // The levels that prune selectively prune as tuned.
            selectivity: if selective {
                Selectivity::TUNED
            } else {
                Selectivity::Full
            },
            tt_mb,
        };
        match self {
            Level::Random | Level::Greedy => s(0, 0, 0, None, false, 1),
            Level::Novice => s(2, 8, 6, None, false, 1),
            Level::Beginner => s(3, 4, 8, None, false, 1),
            Level::Casual => s(4, 2, 10, None, false, 2),
            Level::Club => s(6, 0, 14, None, false, 8),
            Level::Strong => s(8, 0, 16, Some(1000), false, 16),
            Level::Expert => book(s(12, 0, 18, Some(1000), true, 32)),
            Level::Master if empties <= 22 => s(60, 0, 22, Some(4000), true, 64),
            Level::Master => book(s(60, 0, 22, Some(1000), true, 64)),
            Level::Grandmaster if empties <= GRANDMASTER_SOLVE => s(
                60,
                0,
                GRANDMASTER_SOLVE,
                Some(20_000),
                true,
                GRANDMASTER_TABLE_MB,
            ),
            Level::Grandmaster => book(s(
                60,
                0,
                GRANDMASTER_SOLVE,
                Some(5000),
                true,
                GRANDMASTER_TABLE_MB,
            )),
        }
    }
}

impl Level {
    /// From how many empty squares this level plays perfectly on 8×8 with `empties` left,
    /// and by how many discs its moves may fall short of the best there (the weaker levels'
    /// slips): what an exact search of a variant's own game tree has to match.
    pub(crate) fn perfect_play(self, empties: u32) -> (u32, i32) {
        let settings = self.settings(empties);
        (settings.solve_empties, settings.tolerance)
    }
}

/// A level's settings that plays from the book: its best move, at random among equals.
/// Letting the levels vary within a disc of the best gave away what the book gains
/// (`match --book-openings 8`, 200 games at depth 12: 50.7 % within a disc, 57.8 % the best).
fn book(settings: Settings) -> Settings {
    Settings {
        book_within: Some(0),
        ..settings
    }
}

/// From how many empties Grandmaster solves exactly: 24 on a desktop (a few seconds on two
/// cores, docs/solver.md), 22 in the browser, whose one worker runs slower code.
const GRANDMASTER_SOLVE: u32 = if cfg!(target_arch = "wasm32") { 22 } else { 24 };

/// Grandmaster's transposition table: larger where memory is plentiful.
const GRANDMASTER_TABLE_MB: usize = if cfg!(target_arch = "wasm32") {
    64
} else {
    256
};

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.number(), self.name())
    }
}

/// A move chosen at random among those scoring at least the best score less `within` (the
/// levels that settle for less, and greedy's ties); `None` when nothing is scored. Shared by
/// the 8×8 levels and those of the other board sizes.
pub(crate) fn pick_near<M: Copy>(
    scored: &[(M, i32)],
    within: i32,
    rng: &mut StdRng,
) -> Option<(M, i32)> {
    let top = scored.iter().map(|&(_, v)| v).max()?;
    let near: Vec<(M, i32)> = scored
        .iter()
        .copied()
        .filter(|&(_, v)| v >= top - within)
        .collect();
    Some(near[rng.random_range(0..near.len())])
}

/// What the computer plays for: the scoring, and whether the opening book's values hold.
/// The book was searched under the official rules; a variant whose game tree differs (one
/// line flipped, a game that ends when a side's 32 discs run out) plays its opening by search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// Most discs wins, or (the reverse variant) fewest.
    pub scoring: Scoring,
    /// Whether the opening book may answer.
    pub book: bool,
}

impl Goal {
    /// The goal under `rules`: their scoring, with the book only where their game tree is
    /// the one the book was searched in.
    pub fn of(rules: &Rules) -> Goal {
        Goal {
            scoring: rules.scoring,
            book: rules.search_compatible(),
        }
    }
}

impl From<Scoring> for Goal {
    /// `scoring` under rules whose game tree is Othello's: the book answers where it can.
    fn from(scoring: Scoring) -> Goal {
        Goal {
            scoring,
            book: true,
        }
    }
}

/// The computer's move at `level` under standard scoring, on this thread alone; see
/// [`choose_move_for`].
pub fn choose_move(
    board: &Board,
    level: Level,
    rng_seed: u64,
    stop: &AtomicBool,
    clock: &dyn Clock,
) -> SearchResult {
    choose_move_for(board, level, Scoring::MostDiscs, 1, rng_seed, stop, clock)
}

/// The computer's move at `level` towards `goal` (a [`Scoring`] where the book's values
/// hold, or a [`Goal`]), searched on `threads` threads (this one
/// and helpers; 1 where threads cannot be made, as in the browser). The same board, level
/// and seed give the same move (levels with a time budget, or more than one thread, may
/// differ in a close choice). Returns at once with the best move so far when `stop` is set;
/// `best_move` is `None` only when the side to move has to pass.
pub fn choose_move_for(
    board: &Board,
    level: Level,
    goal: impl Into<Goal>,
    threads: usize,
    rng_seed: u64,
    stop: &AtomicBool,
    clock: &dyn Clock,
) -> SearchResult {
    let Goal { scoring, book } = goal.into();
    let moves = board.moves();
    let mut rng = StdRng::seed_from_u64(rng_seed);
    let squares: Vec<Square> = (0..64u8)
        .filter(|&sq| moves & (1u64 << sq) != 0)
        .filter_map(Square::new)
        .collect();
    let simple = |sq: Square| SearchResult {
        best_move: Some(sq),
        score: 0,
        pv: vec![sq],
        depth: 0,
        nodes: 0,
        exact: false,
    };
    let empties = board.empties().count_ones();
    let settings = level.settings(empties);
    // Before the search's table is made: a book move needs none.
    if let Some(within) = settings.book_within
        && book
        && let Some(book) = Book::for_scoring(scoring)
        && let Some((sq, value)) = book.choose(board, within, &mut rng)
    {
        return SearchResult {
            score: value,
            ..simple(sq)
        };
    }
    let mut searcher = Searcher::new(settings.tt_mb)
        .with_scoring(scoring)
        .with_threads(threads);
    if squares.is_empty() {
        return searcher.search(board, &Limits::depth(1), stop, clock);
    }
    match level {
        Level::Random => simple(squares[rng.random_range(0..squares.len())]),
        Level::Greedy => {
            let flips = |sq: &Square| {
                let n = board.flips(sq.index()).count_ones() as i32;
                if scoring == Scoring::FewestDiscs {
                    -n
                } else {
                    n
                }
            };
            let scored: Vec<(Square, i32)> = squares.iter().map(|s| (*s, flips(s))).collect();
            let (sq, _) = pick_near(&scored, 0, &mut rng).unwrap_or((squares[0], 0));
            simple(sq)
        }
        _ if settings.tolerance > 0 => {
            let scored =
                searcher.score_moves(board, settings.depth, settings.solve_empties, stop, clock);
            let Some((sq, v)) = pick_near(&scored, settings.tolerance * super::DISC, &mut rng)
            else {
                return simple(squares[0]);
            };
            SearchResult {
                score: (v + 50).div_euclid(100),
                depth: settings.depth,
                ..simple(sq)
            }
        }
        _ => {
            let limits = Limits {
                depth: settings.depth,
                nodes: None,
                time_ms: settings.time_ms,
                solve_empties: settings.solve_empties,
                selectivity: settings.selectivity,
            };
            searcher.search(board, &limits, stop, clock)
        }
    }
}
