//! A position on any board size under any rule set: the generic counterpart of
//! [`crate::Position`], with the same rules (start positions scaled to the centre, the disc
//! supply scaled to half the squares each, one chosen line, fewest discs wins).

use super::{BoardSize, Cell, GridBoard};
use crate::rules::{DiscSupply, FlipRule, OutOfDiscs, StartPosition};
use crate::{Color, Direction, IllegalReason, Move, Outcome, Rules, Status};
use std::fmt;

/// A move on a board of any size: a placement (with its chosen line under
/// [`FlipRule::ChooseOneLine`]) or a pass.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GridMove {
    /// The side to move cannot place and passes.
    Pass,
    /// A disc placed on `cell`; `line` names the one line that flips in the one-line variant.
    Place {
        /// Where the disc goes.
        cell: Cell,
        /// The chosen line, only under [`FlipRule::ChooseOneLine`].
        line: Option<Direction>,
    },
}

impl GridMove {
    /// A placement that flips every flanked line.
    pub const fn at(cell: Cell) -> GridMove {
        GridMove::Place { cell, line: None }
    }

    /// The placed square, if any.
    pub fn cell(&self) -> Option<Cell> {
        match self {
            GridMove::Pass => None,
            GridMove::Place { cell, .. } => Some(*cell),
        }
    }
}

/// An 8×8 move as a move on any board (the same square names).
impl From<Move> for GridMove {
    fn from(mv: Move) -> GridMove {
        match mv {
            Move::Pass => GridMove::Pass,
            Move::Place { square, line } => GridMove::Place {
                cell: Cell {
                    column: square.column(),
                    row: square.row(),
                },
                line,
            },
        }
    }
}

impl fmt::Display for GridMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridMove::Pass => f.write_str("pa"),
            GridMove::Place { cell, line: None } => write!(f, "{cell}"),
            GridMove::Place {
                cell,
                line: Some(d),
            } => write!(f, "{cell}:{d}"),
        }
    }
}

/// A refused move and why.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct GridIllegalMove {
    /// The move that was tried.
    pub attempted: GridMove,
    /// Why it is not legal.
    pub reason: IllegalReason,
}

impl fmt::Display for GridIllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is illegal: {}", self.attempted, self.reason)
    }
}

impl std::error::Error for GridIllegalMove {}

/// What a legal move did: the facts the presentation animates.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct GridPlacement {
    /// The side that moved.
    pub color: Color,
    /// The move (with its line filled in under the one-line rule).
    pub mv: GridMove,
    /// The discs that turned to `color` (bit = row × side + column).
    pub flipped: u128,
    /// Whether the disc came from the opponent's supply.
    pub handed_over: bool,
}

/// A position on a board of any size under a rule set.
///
/// ```
/// use reversi_engine::grid::{BoardSize, GridMove, GridPosition};
/// use reversi_engine::{Color, Rules};
/// let start = GridPosition::new(BoardSize::Ten, Rules::default());
/// let (next, placement) = start.play(GridMove::at("g6".parse().unwrap())).unwrap();
/// assert_eq!(placement.flipped.count_ones(), 1);
/// assert_eq!(next.to_move(), Color::White);
/// assert!(start.play(GridMove::at("j10".parse().unwrap())).is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct GridPosition {
    size: BoardSize,
    rules: Rules,
    discs: [u128; 2],
    to_move: Color,
    supply: [u8; 2],
}

impl GridPosition {
    /// The start position of `rules` on a board of `size`.
    pub fn new(size: BoardSize, rules: Rules) -> GridPosition {
        let (low, high) = super::board::centre(size);
        let mut discs = [0u128; 2];
        match rules.start {
            StartPosition::Diagonal => {
                discs[Color::Black.index()] = low[1] | high[0];
                discs[Color::White.index()] = low[0] | high[1];
            }
            StartPosition::Parallel => {
                discs[rules.first.index()] = low[1] | high[1];
                discs[(!rules.first).index()] = low[0] | high[0];
            }
            StartPosition::Free => {}
        }
        GridPosition::from_discs(
            size,
            rules,
            discs[Color::Black.index()],
            discs[Color::White.index()],
            rules.first,
        )
    }

    /// A set-up position. Its supplies are what a game that reached it without passes would
    /// have left: the empty squares, split with the odd one to the side to move (at the
    /// start, half the squares each less the discs set up). Discs on the board say nothing of
    /// who placed them: flips change colours.
    pub fn from_discs(
        size: BoardSize,
        rules: Rules,
        black: u128,
        white: u128,
        to_move: Color,
    ) -> GridPosition {
        let full = size.geometry().full;
        let black = black & full;
        let white = white & full & !black;
        let empties = size.squares() - (black | white).count_ones();
        GridPosition {
            size,
            rules,
            discs: [black, white],
            to_move,
            supply: crate::position::split_supply(empties, to_move),
        }
    }

    /// This position with the given supplies, the side to move's first (what a position read
    /// from elsewhere carries: [`GridPosition::from_discs`] assumes a game without passes).
    /// Each is capped at the squares a side could still need; under a shared pool the
    /// position has no supplies to set.
    pub fn with_supplies(mut self, mover: u8, other: u8) -> GridPosition {
        let cap = |n: u8| n.min(self.size.squares() as u8);
        self.supply[self.to_move.index()] = cap(mover);
        self.supply[(!self.to_move).index()] = cap(other);
        self
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The rules this position is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The side whose turn it is (it may have to pass).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The discs of `color` (bit = row × side + column).
    pub fn discs(&self, color: Color) -> u128 {
        self.discs[color.index()]
    }

    /// The colour on `cell`, if any (`None` off the board too).
    pub fn at(&self, cell: Cell) -> Option<Color> {
        let index = self.size.index(cell.column, cell.row)?;
        Color::BOTH
            .into_iter()
            .find(|c| self.discs[c.index()] >> index & 1 == 1)
    }

    /// Empty squares of the board.
    pub fn empties(&self) -> u128 {
        !(self.discs[0] | self.discs[1]) & self.size.geometry().full
    }

    /// Discs left in each player's supply under the limited supply, indexed by colour.
    pub fn supply(&self) -> Option<[u8; 2]> {
        match self.rules.supply {
            DiscSupply::Shared => None,
            DiscSupply::ThirtyTwoEach(_) => Some(self.supply),
        }
    }

    /// The search's view: side to move first.
    pub fn board(&self) -> GridBoard {
        GridBoard::new(
            self.size,
            self.discs[self.to_move.index()],
            self.discs[(!self.to_move).index()],
        )
    }

    /// The four centre squares.
    fn centre(&self) -> u128 {
        let (low, high) = super::board::centre(self.size);
        low[0] | low[1] | high[0] | high[1]
    }

    /// Whether the players are still placing the four centre discs (free opening).
    pub fn in_free_opening(&self) -> bool {
        self.rules.start == StartPosition::Free && (self.discs[0] | self.discs[1]).count_ones() < 4
    }

    fn out_of_discs_ends(&self) -> bool {
        self.rules.supply == DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds)
            && self.supply[self.to_move.index()] == 0
    }

    fn placements_for(&self, color: Color) -> u128 {
        if self.in_free_opening() {
            return self.centre() & self.empties();
        }
        GridBoard::new(
            self.size,
            self.discs[color.index()],
            self.discs[(!color).index()],
        )
        .moves()
    }

    /// The squares the side to move can place on (none when it must pass or the game is over).
    pub fn legal_squares(&self) -> u128 {
        if self.out_of_discs_ends() {
            return 0;
        }
        self.placements_for(self.to_move)
    }

    /// The squares the side to move can place on, in square order (a1, b1, …).
    pub fn legal_cells(&self) -> impl Iterator<Item = Cell> + use<> {
        squares(self.size, self.legal_squares())
    }

    /// The squares holding discs of `color`, in square order.
    pub fn cells_of(&self, color: Color) -> impl Iterator<Item = Cell> + use<> {
        squares(self.size, self.discs(color))
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
        Outcome::decide(discs, self.rules.scoring, self.size.squares())
    }

    /// The lines a placement on `cell` would flank, each with the discs it flips.
    pub fn flanked_lines(&self, cell: Cell) -> Vec<(Direction, u128)> {
        let Some(index) = self.size.index(cell.column, cell.row) else {
            return Vec::new();
        };
        let board = self.board();
        Direction::ALL
            .into_iter()
            .map(|d| (d, line_flips(&board, index, d)))
            .filter(|&(_, f)| f != 0)
            .collect()
    }

    /// The discs a placement on `cell` would flip (every line; for previews and the AI).
    pub fn flips_of(&self, cell: Cell) -> u128 {
        match self.size.index(cell.column, cell.row) {
            Some(index) if !self.in_free_opening() && self.empties() >> index & 1 == 1 => {
                self.board().flips(index)
            }
            _ => 0,
        }
    }

    /// Every legal move, placements in square order (one per flanked line under the one-line
    /// rule), or a single pass.
    pub fn legal_moves(&self) -> Vec<GridMove> {
        match self.status() {
            Status::Over(_) => Vec::new(),
            Status::MustPass(_) => vec![GridMove::Pass],
            Status::ToMove(_) => {
                let cells = squares(self.size, self.legal_squares());
                if self.rules.flips == FlipRule::ChooseOneLine && !self.in_free_opening() {
                    cells
                        .flat_map(|cell| {
                            self.flanked_lines(cell).into_iter().map(move |(d, _)| {
                                GridMove::Place {
                                    cell,
                                    line: Some(d),
                                }
                            })
                        })
                        .collect()
                } else {
                    cells.map(GridMove::at).collect()
                }
            }
        }
    }

    /// Plays `mv`, returning the new position and what happened, or why it is illegal. Under
    /// the one-line rule a placement without a line is accepted when exactly one line is
    /// flanked.
    pub fn play(&self, mv: GridMove) -> Result<(GridPosition, GridPlacement), GridIllegalMove> {
        let refuse = |reason| {
            Err(GridIllegalMove {
                attempted: mv,
                reason,
            })
        };
        let me = self.to_move;
        let (cell, line) = match (self.status(), mv) {
            (Status::Over(_), _) => return refuse(IllegalReason::GameOver),
            (Status::MustPass(_), GridMove::Pass) => {
                let mut next = *self;
                next.to_move = !me;
                let placement = GridPlacement {
                    color: me,
                    mv,
                    flipped: 0,
                    handed_over: false,
                };
                return Ok((next, placement));
            }
            (Status::MustPass(_), GridMove::Place { .. }) => {
                return refuse(IllegalReason::MustPass);
            }
            (Status::ToMove(_), GridMove::Pass) => return refuse(IllegalReason::CannotPass),
            (Status::ToMove(_), GridMove::Place { cell, line }) => (cell, line),
        };
        let Some(index) = self.size.index(cell.column, cell.row) else {
            return refuse(IllegalReason::OffBoard);
        };
        let bit = 1u128 << index;
        if self.empties() & bit == 0 {
            return refuse(IllegalReason::Occupied);
        }
        let mut chosen = line;
        let flipped = if self.in_free_opening() {
            if self.centre() & bit == 0 {
                return refuse(IllegalReason::NotCentre);
            }
            if line.is_some() {
                return refuse(IllegalReason::BadLine);
            }
            0
        } else {
            let board = self.board();
            let all = board.flips(index);
            if all == 0 {
                return refuse(IllegalReason::FlanksNothing);
            }
            match (self.rules.flips, line) {
                (FlipRule::AllLines, None) => all,
                (FlipRule::AllLines, Some(_)) => return refuse(IllegalReason::BadLine),
                (FlipRule::ChooseOneLine, Some(d)) => match line_flips(&board, index, d) {
                    0 => return refuse(IllegalReason::BadLine),
                    f => f,
                },
                (FlipRule::ChooseOneLine, None) => match self.flanked_lines(cell).as_slice() {
                    [(d, f)] => {
                        chosen = Some(*d);
                        *f
                    }
                    _ => return refuse(IllegalReason::LineNeeded),
                },
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
                // Only reachable when the opponent hands one over: GameEnds stopped play above.
                next.supply[(!me).index()] = next.supply[(!me).index()].saturating_sub(1);
                handed_over = true;
            }
        }
        let placement = GridPlacement {
            color: me,
            mv: GridMove::Place { cell, line: chosen },
            flipped,
            handed_over,
        };
        Ok((next, placement))
    }
}

/// The flanked line from square `index` in direction `d`: the discs it flips, or none.
fn line_flips(board: &GridBoard, index: usize, d: Direction) -> u128 {
    let side = board.size.side() as i32;
    let (dc, dr) = d.delta();
    let (mut c, mut r) = (
        index as i32 % side + dc as i32,
        index as i32 / side + dr as i32,
    );
    let mut line = 0u128;
    while (0..side).contains(&c) && (0..side).contains(&r) {
        let bit = 1u128 << (r * side + c);
        if board.opponent & bit != 0 {
            line |= bit;
        } else if board.player & bit != 0 {
            return line;
        } else {
            return 0;
        }
        c += dc as i32;
        r += dr as i32;
    }
    0
}

/// The squares of a set, in index order.
pub fn squares(size: BoardSize, mut bits: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let index = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(size.cell(index))
    })
}
