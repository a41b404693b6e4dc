//! A position under any rule set: discs by colour, side to move, supplies, and the rules.
//! The one place that decides what is legal and what a placement does.

use crate::bits;
use crate::rules::{DiscSupply, FlipRule, OutOfDiscs, Scoring, StartPosition};
use crate::{Bitboard, Board, Color, Direction, Rules, Square};
use std::fmt;

/// The four centre squares d4, e4, d5, e5.
pub const CENTRE: u64 = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);

/// A move: a placement (with its chosen line under [`FlipRule::ChooseOneLine`]) or a pass.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// The side to move cannot place and passes.
    Pass,
    /// A disc placed on `square`; `line` names the one line that flips in the one-line variant.
    Place {
        /// Where the disc goes.
        square: Square,
        /// The chosen line, only under [`FlipRule::ChooseOneLine`].
        line: Option<Direction>,
    },
}

impl Move {
    /// A placement that flips every flanked line.
    pub const fn at(square: Square) -> Move {
        Move::Place { square, line: None }
    }

    /// The placed square, if any.
    pub fn square(&self) -> Option<Square> {
        match self {
            Move::Pass => None,
            Move::Place { square, .. } => Some(*square),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pa"),
            Move::Place { square, line: None } => write!(f, "{square}"),
            Move::Place {
                square,
                line: Some(d),
            } => write!(f, "{square}:{d}"),
        }
    }
}

/// Why a move was refused.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum IllegalReason {
    /// The game is already over.
    GameOver,
    /// The square already holds a disc.
    Occupied,
    /// The square is not on the board (h8 on a 6×6 board).
    OffBoard,
    /// The placement flanks no opponent line.
    FlanksNothing,
    /// In the free opening, the first four discs go on the centre squares.
    NotCentre,
    /// The chosen line flanks nothing, or a line was given where the rules have none.
    BadLine,
    /// Several lines are flanked under the one-line rule and none was chosen.
    LineNeeded,
    /// A pass while a placement is possible.
    CannotPass,
    /// A placement while the side to move has none and must pass.
    MustPass,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalReason::GameOver => "the game is over",
            IllegalReason::Occupied => "the square is taken",
            IllegalReason::OffBoard => "the square is not on this board",
            IllegalReason::FlanksNothing => "it flanks no opponent disc",
            IllegalReason::NotCentre => "the first four discs go on the centre squares",
            IllegalReason::BadLine => "that line flanks nothing",
            IllegalReason::LineNeeded => "several lines are flanked: choose one",
            IllegalReason::CannotPass => "a pass is only allowed when no placement is",
            IllegalReason::MustPass => "no placement is possible: the player must pass",
        })
    }
}

/// A refused move and why.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    /// The move that was tried.
    pub attempted: Move,
    /// Why it is not legal.
    pub reason: IllegalReason,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is illegal: {}", self.attempted, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

/// What a legal move did: the facts the presentation animates.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Placement {
    /// The side that moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// The discs that turned to `color`.
    pub flipped: Bitboard,
    /// Whether the disc came from the opponent's supply (32-disc rule).
    pub handed_over: bool,
}

/// The end of a game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// Discs on the board, indexed by [`Color::index`].
    pub discs: [u32; 2],
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// The scoring the winner was decided by.
    pub scoring: Scoring,
    /// Squares on the board (64 on 8×8): the empties given to the winner are counted from it.
    pub squares: u32,
}

impl Outcome {
    /// The result of a game that ended with `discs` (by [`Color::index`]) on a board of
    /// `squares`: the winner by `scoring`, or a draw.
    pub fn decide(discs: [u32; 2], scoring: Scoring, squares: u32) -> Outcome {
        let most = match discs[0].cmp(&discs[1]) {
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
        };
        let winner = match scoring {
            Scoring::MostDiscs => most,
            Scoring::FewestDiscs => most.map(|c| !c),
        };
        Outcome {
            discs,
            winner,
            scoring,
            squares,
        }
    }

    /// The final score for `color` the tournament way: own minus opponent discs with the
    /// empty squares added to the winner (under fewest-discs scoring, the winner's margin is
    /// how many fewer discs it has, plus the empties).
    pub fn score_for(&self, color: Color) -> i32 {
        let own = self.discs[color.index()] as i32;
        let other = self.discs[(!color).index()] as i32;
        let empties = self.squares as i32 - own - other;
        let margin = match self.scoring {
            Scoring::MostDiscs => own - other,
            Scoring::FewestDiscs => other - own,
        };
        match self.winner {
            None => 0,
            Some(w) if w == color => margin + empties,
            Some(_) => margin - empties,
        }
    }
}

/// Whose turn it is, or the end.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Status {
    /// `Color` has at least one placement.
    ToMove(Color),
    /// `Color` has no placement but the opponent has: the only legal move is a pass.
    MustPass(Color),
    /// Nobody can move.
    Over(Outcome),
}

/// A position under a rule set.
///
/// ```
/// use reversi_engine::{Position, Rules, Move, Color};
/// let start = Position::new(Rules::default());
/// let (next, placement) = start.play(Move::at("f5".parse().unwrap())).unwrap();
/// assert_eq!(placement.flipped.count(), 1);
/// assert_eq!(next.to_move(), Color::White);
/// assert!(start.play(Move::at("a1".parse().unwrap())).is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    rules: Rules,
    discs: [u64; 2],
    to_move: Color,
    supply: [u8; 2],
}

impl Position {
    /// The start position of `rules`.
    pub fn new(rules: Rules) -> Position {
        let first = rules.first;
        let mut discs = [0u64; 2];
        let d4 = 1u64 << 27;
        let e4 = 1u64 << 28;
        let d5 = 1u64 << 35;
        let e5 = 1u64 << 36;
        match rules.start {
            StartPosition::Diagonal => {
                discs[Color::Black.index()] = d5 | e4;
                discs[Color::White.index()] = d4 | e5;
            }
            StartPosition::Parallel => {
                discs[first.index()] = d5 | e5;
                discs[(!first).index()] = d4 | e4;
            }
            StartPosition::Free => {}
        }
        let on_board = |c: Color| discs[c.index()].count_ones() as u8;
        let supply = [32 - on_board(Color::Black), 32 - on_board(Color::White)];
        Position {
            rules,
            discs,
            to_move: first,
            supply,
        }
    }

    /// A set-up position (from a board string). Its supplies are what a game that reached it
    /// without passes would have left: the empty squares, split with the odd one to the side
    /// to move. (Discs on the board say nothing of who placed them: flips change colours.)
    pub fn from_discs(rules: Rules, black: Bitboard, white: Bitboard, to_move: Color) -> Position {
        let white = Bitboard(white.0 & !black.0);
        let supply = split_supply(64 - (black.count() + white.count()), to_move);
        Position {
            rules,
            discs: [black.0, white.0],
            to_move,
            supply,
        }
    }

    /// The rules this position is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The side whose turn it is (it may have to pass).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The discs of `color`.
    pub fn discs(&self, color: Color) -> Bitboard {
        Bitboard(self.discs[color.index()])
    }

    /// The colour on `sq`, if any.
    pub fn at(&self, sq: Square) -> Option<Color> {
        Color::BOTH
            .into_iter()
            .find(|c| self.discs[c.index()] & sq.bit() != 0)
    }

    /// Empty squares.
    pub fn empties(&self) -> Bitboard {
        Bitboard(!(self.discs[0] | self.discs[1]))
    }

    /// Discs left in each player's supply under the 32-disc rule, indexed by colour.
    pub fn supply(&self) -> Option<[u8; 2]> {
        match self.rules.supply {
            DiscSupply::Shared => None,
            DiscSupply::ThirtyTwoEach(_) => Some(self.supply),
        }
    }

    /// The search's view: side to move first.
    pub fn board(&self) -> Board {
        Board::new(
            self.discs[self.to_move.index()],
            self.discs[(!self.to_move).index()],
        )
    }

    /// Whether the players are still placing the four centre discs (free opening).
    pub fn in_free_opening(&self) -> bool {
        self.rules.start == StartPosition::Free && (self.discs[0] | self.discs[1]).count_ones() < 4
    }

    fn out_of_discs_ends(&self) -> bool {
        self.rules.supply == DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds)
            && self.supply[self.to_move.index()] == 0
    }

    /// Squares where `color` could place if it were its turn.
    fn placements_for(&self, color: Color) -> u64 {
        if self.rules.start == StartPosition::Free
            && (self.discs[0] | self.discs[1]).count_ones() < 4
        {
            return CENTRE & !(self.discs[0] | self.discs[1]);
        }
        bits::moves(self.discs[color.index()], self.discs[(!color).index()])
    }

    /// The squares the side to move can place on (empty when it must pass or the game is over).
    pub fn legal_squares(&self) -> Bitboard {
        if self.out_of_discs_ends() {
            return Bitboard::EMPTY;
        }
        Bitboard(self.placements_for(self.to_move))
    }

    /// Whose turn it is, a forced pass, or the outcome.
    pub fn status(&self) -> Status {
        if !self.out_of_discs_ends() {
            if self.placements_for(self.to_move) != 0 {
                return Status::ToMove(self.to_move);
            }
            if self.placements_for(!self.to_move) != 0 {
                return Status::MustPass(self.to_move);
            }
        }
        Status::Over(self.outcome())
    }

    /// Whether nobody can move.
    pub fn is_over(&self) -> bool {
        matches!(self.status(), Status::Over(_))
    }

    /// The result if the game stopped now.
    pub fn outcome(&self) -> Outcome {
        let discs = [self.discs[0].count_ones(), self.discs[1].count_ones()];
        Outcome::decide(discs, self.rules.scoring, 64)
    }

    /// The lines a placement on `sq` would flank, each with the discs it flips.
    pub fn flanked_lines(&self, sq: Square) -> Vec<(Direction, Bitboard)> {
        let (p, o) = (
            self.discs[self.to_move.index()],
            self.discs[(!self.to_move).index()],
        );
        Direction::ALL
            .into_iter()
            .map(|d| (d, Bitboard(bits::flips_line(p, o, sq.index(), d))))
            .filter(|(_, f)| !f.is_empty())
            .collect()
    }

    /// The discs a placement on `sq` would flip (every line; for previews and the AI); none
    /// on a square already taken, as on every board size.
    pub fn flips_of(&self, sq: Square) -> Bitboard {
        let (p, o) = (
            self.discs[self.to_move.index()],
            self.discs[(!self.to_move).index()],
        );
        if self.in_free_opening() || (p | o) >> sq.index() & 1 == 1 {
            return Bitboard::EMPTY;
        }
        Bitboard(bits::flips(p, o, sq.index()))
    }

    /// Every legal move, placements in square order (one per flanked line under the one-line
    /// rule), or a single pass.
    pub fn legal_moves(&self) -> Vec<Move> {
        match self.status() {
            Status::Over(_) => Vec::new(),
            Status::MustPass(_) => vec![Move::Pass],
            Status::ToMove(_) => {
                let squares = self.legal_squares();
                if self.rules.flips == FlipRule::ChooseOneLine && !self.in_free_opening() {
                    squares
                        .squares()
                        .flat_map(|sq| {
                            self.flanked_lines(sq)
                                .into_iter()
                                .map(move |(d, _)| Move::Place {
                                    square: sq,
                                    line: Some(d),
                                })
                        })
                        .collect()
                } else {
                    squares.squares().map(Move::at).collect()
                }
            }
        }
    }

    /// Plays `mv`, returning the new position and what happened, or why it is illegal.
    /// Under the one-line rule a placement without a line is accepted when exactly one line
    /// is flanked.
    pub fn play(&self, mv: Move) -> Result<(Position, Placement), IllegalMove> {
        let refuse = |reason| {
            Err(IllegalMove {
                attempted: mv,
                reason,
            })
        };
        let me = self.to_move;
        match (self.status(), mv) {
            (Status::Over(_), _) => refuse(IllegalReason::GameOver),
            (Status::MustPass(_), Move::Pass) => {
                let mut next = *self;
                next.to_move = !me;
                let placement = Placement {
                    color: me,
                    mv,
                    flipped: Bitboard::EMPTY,
                    handed_over: false,
                };
                Ok((next, placement))
            }
            (Status::MustPass(_), Move::Place { .. }) => refuse(IllegalReason::MustPass),
            (Status::ToMove(_), Move::Pass) => refuse(IllegalReason::CannotPass),
            (Status::ToMove(_), Move::Place { square, line }) => {
                let bit = square.bit();
                if (self.discs[0] | self.discs[1]) & bit != 0 {
                    return refuse(IllegalReason::Occupied);
                }
                let flipped = if self.in_free_opening() {
                    if CENTRE & bit == 0 {
                        return refuse(IllegalReason::NotCentre);
                    }
                    if line.is_some() {
                        return refuse(IllegalReason::BadLine);
                    }
                    0
                } else {
                    let (p, o) = (self.discs[me.index()], self.discs[(!me).index()]);
                    let all = bits::flips(p, o, square.index());
                    if all == 0 {
                        return refuse(IllegalReason::FlanksNothing);
                    }
                    match (self.rules.flips, line) {
                        (FlipRule::AllLines, None) => all,
                        (FlipRule::AllLines, Some(_)) => return refuse(IllegalReason::BadLine),
                        (FlipRule::ChooseOneLine, Some(d)) => {
                            let f = bits::flips_line(p, o, square.index(), d);
                            if f == 0 {
                                return refuse(IllegalReason::BadLine);
                            }
                            f
                        }
                        (FlipRule::ChooseOneLine, None) => {
                            let lines = self.flanked_lines(square);
                            if lines.len() != 1 {
                                return refuse(IllegalReason::LineNeeded);
                            }
                            lines[0].1.0
                        }
                    }
                };
                let mut next = *self;
                next.discs[me.index()] |= bit | flipped;
                next.discs[(!me).index()] &= !flipped;
                next.to_move = !me;
                let mut handed_over = false;
                if let DiscSupply::ThirtyTwoEach(_) = self.rules.supply {
                    if next.supply[me.index()] > 0 {
                        next.supply[me.index()] -= 1;
                    } else {
                        // Only reachable under OpponentHandsOne: GameEnds stopped play above.
                        next.supply[(!me).index()] = next.supply[(!me).index()].saturating_sub(1);
                        handed_over = true;
                    }
                }
                let mv = match (self.rules.flips, line) {
                    (FlipRule::ChooseOneLine, None) if !self.in_free_opening() => {
                        let d = self.flanked_lines(square)[0].0;
                        Move::Place {
                            square,
                            line: Some(d),
                        }
                    }
                    _ => mv,
                };
                let placement = Placement {
                    color: me,
                    mv,
                    flipped: Bitboard(flipped),
                    handed_over,
                };
                Ok((next, placement))
            }
        }
    }
}

/// The discs left to each side (black, white) for a set-up position with `empties` empty
/// squares and `to_move` to move, as a game without passes would leave them: one disc per
/// empty square, the odd one to the side to move.
pub(crate) fn split_supply(empties: u32, to_move: Color) -> [u8; 2] {
    let (mover, other) = (empties.div_ceil(2) as u8, (empties / 2) as u8);
    match to_move {
        Color::Black => [mover, other],
        Color::White => [other, mover],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::*;

    /// A taken square flips nothing, as on every board size (f5 is Black's own disc here,
    /// yet the flip function alone finds two discs to flip from it).
    #[test]
    fn a_taken_square_flips_nothing() {
        let mut game = crate::Game::new(Rules::default());
        game.play_transcript("f5d6c3d3c4").unwrap();
        assert_eq!(game.current().flips_of(sq("f5")), Bitboard::EMPTY);
        let legal = game.current().legal_squares().squares().next().unwrap();
        assert!(game.current().flips_of(legal).count() > 0);
    }

    /// A set-up board under a 32-disc rule gets the supplies of a game that reached it
    /// without passes: they add up to the empty squares. (They were 32 less each colour's
    /// discs on the board, which flips change: a game could be over on its set-up board
    /// that was not over in play.) Both the 8×8 path and every board size.
    #[test]
    fn set_up_boards_get_the_supplies_of_play() {
        use crate::grid::{BoardSize, GridMove, GridPosition};
        for out in [OutOfDiscs::OpponentHandsOne, OutOfDiscs::GameEnds] {
            let rules = Rules {
                supply: DiscSupply::ThirtyTwoEach(out),
                ..Rules::default()
            };
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            for _ in 0..40 {
                let mut p = Position::new(rules);
                while let Status::ToMove(_) = p.status() {
                    let moves = p.legal_moves();
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let mv = moves[(seed >> 33) as usize % moves.len()];
                    p = p.play(mv).unwrap().0;
                    let black = p.discs(Color::Black);
                    let white = p.discs(Color::White);
                    let set_up = Position::from_discs(rules, black, white, p.to_move());
                    assert_eq!(set_up.supply(), p.supply(), "{p:?}");
                    assert_eq!(set_up.status(), p.status(), "{p:?}");
                }
            }
            for size in BoardSize::ALL {
                let mut seed = 7u64;
                for _ in 0..10 {
                    let mut p = GridPosition::new(size, rules);
                    while let Status::ToMove(_) = p.status() {
                        let moves: Vec<GridMove> = p.legal_moves();
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        let mv = moves[(seed >> 33) as usize % moves.len()];
                        p = p.play(mv).unwrap().0;
                        let set_up = GridPosition::from_discs(
                            size,
                            rules,
                            p.discs(Color::Black),
                            p.discs(Color::White),
                            p.to_move(),
                        );
                        assert_eq!(set_up.supply(), p.supply(), "{size:?}");
                        assert_eq!(set_up.status(), p.status(), "{size:?}");
                    }
                }
            }
        }
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn parallel_start_first_moves_are_row_three() {
        let p = Position::new(Rules {
            start: StartPosition::Parallel,
            ..Rules::default()
        });
        let names: Vec<String> = p.legal_squares().squares().map(|s| s.to_string()).collect();
        assert_eq!(names, ["c3", "d3", "e3", "f3"]);
        // d3 flips d4, as the rule text says.
        let (_, placed) = p.play(Move::at(sq("d3"))).unwrap();
        assert_eq!(placed.flipped, Bitboard::from(sq("d4")));
    }

    #[test]
    fn free_opening_fills_the_centre_without_flips() {
        let rules = Rules {
            start: StartPosition::Free,
            ..Rules::default()
        };
        let mut p = Position::new(rules);
        assert_eq!(p.legal_squares().0, CENTRE);
        assert_eq!(
            p.play(Move::at(sq("a1"))).unwrap_err().reason,
            IllegalReason::NotCentre
        );
        for name in ["d4", "e4", "d5", "e5"] {
            let (next, placed) = p.play(Move::at(sq(name))).unwrap();
            assert!(placed.flipped.is_empty());
            p = next;
        }
        assert!(!p.in_free_opening());
        assert_eq!(p.discs(Color::Black).count(), 2);
        assert_eq!(p.supply(), None);
        assert!(matches!(p.status(), Status::ToMove(Color::Black)));
    }

    #[test]
    fn one_line_rule_flips_only_the_chosen_line() {
        let rules = Rules {
            flips: FlipRule::ChooseOneLine,
            ..Rules::default()
        };
        // After f5 d6 c3 d3: black to move; c4 flanks d4 (east) ... find a two-line move.
        let mut p = Position::new(rules);
        for m in ["f5", "f6", "e6", "f4"] {
            let mv = p
                .legal_moves()
                .into_iter()
                .find(|mv| mv.square() == Some(sq(m)))
                .unwrap();
            p = p.play(mv).unwrap().0;
        }
        let multi = p
            .legal_squares()
            .squares()
            .find(|&s| p.flanked_lines(s).len() > 1)
            .expect("some move flanks two lines");
        let lines = p.flanked_lines(multi);
        assert_eq!(
            p.play(Move::at(multi)).unwrap_err().reason,
            IllegalReason::LineNeeded
        );
        let (dir, only) = lines[0];
        let (_, placed) = p
            .play(Move::Place {
                square: multi,
                line: Some(dir),
            })
            .unwrap();
        assert_eq!(placed.flipped, only);
        assert!(placed.flipped.count() < p.flips_of(multi).count());
    }

    #[test]
    fn supply_hands_over_or_ends() {
        let handover = Rules {
            supply: DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne),
            ..Rules::default()
        };
        let start = Position::new(handover);
        assert_eq!(start.supply(), Some([30, 30]));
        // A set-up position (31 empty squares, black to move: 16 and 15 discs left), then
        // black down to its last disc.
        let black = Bitboard(0x0000_0000_FFFF_FFFF & !(1 << 31));
        let white = Bitboard(1 << 39 | 1 << 31);
        let mut p = Position::from_discs(handover, black, white, Color::Black);
        assert_eq!(p.supply(), Some([16, 15]));
        p.supply = [1, 15];
        let mv = p.legal_moves()[0];
        let (p2, placed) = p.play(mv).unwrap();
        assert!(!placed.handed_over);
        assert_eq!(p2.supply().unwrap()[0], 0);

        let ends = Rules {
            supply: DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds),
            ..handover
        };
        let mut q = Position::from_discs(ends, black, white, Color::Black);
        q.supply = [0, 30];
        assert!(q.is_over());
        let mut h = Position::from_discs(handover, black, white, Color::Black);
        h.supply = [0, 30];
        let (h2, placed) = h.play(h.legal_moves()[0]).unwrap();
        assert!(placed.handed_over);
        assert_eq!(h2.supply().unwrap(), [0, 29]);
    }

    #[test]
    fn reverse_scoring_inverts_the_winner() {
        let black = Bitboard(0xFFFF_FFFF_0000_0000);
        let white = Bitboard(0x0000_0000_FFFF_FF00);
        let normal = Position::from_discs(Rules::default(), black, white, Color::Black);
        let reverse = Rules {
            scoring: Scoring::FewestDiscs,
            ..Rules::default()
        };
        let rev = Position::from_discs(reverse, black, white, Color::Black);
        assert_eq!(normal.outcome().winner, Some(Color::Black));
        assert_eq!(rev.outcome().winner, Some(Color::White));
        // 32 black, 24 white, 8 empty: +16 to the winner in each case.
        assert_eq!(normal.outcome().score_for(Color::Black), 16);
        assert_eq!(rev.outcome().score_for(Color::White), 16);
    }

    #[test]
    fn pass_only_when_forced() {
        let p = Position::new(Rules::default());
        assert_eq!(
            p.play(Move::Pass).unwrap_err().reason,
            IllegalReason::CannotPass
        );
    }
}
