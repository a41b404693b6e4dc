//! A game's record on any board: the start position, the moves played and those taken back.
//! Every position along the way is kept, so stepping back is exact and free.
//!
//! [`crate::Game`] (8×8) and [`crate::grid::GridGame`] (every size) are this record over their
//! own positions; what differs between them (how a transcript is read) is theirs.

use crate::{Rules, Status};
use std::fmt::{Debug, Display};

/// What a game's record needs of a position: the rules, whose turn, and playing a move.
pub trait Playable: Sized {
    /// A move or a pass.
    type Move: Copy + Eq + Debug + Display;
    /// What playing a move did (the move and the discs it flipped).
    type Placement;
    /// Why a move was refused.
    type Illegal;

    /// The position after `mv` and what it did, or why `mv` is illegal.
    fn play(&self, mv: Self::Move) -> Result<(Self, Self::Placement), Self::Illegal>;
    /// The move a placement made.
    fn placed(placement: &Self::Placement) -> Self::Move;
    /// The rules the position is played under.
    fn rules(&self) -> Rules;
    /// Whose turn, a forced pass, or the outcome.
    fn status(&self) -> Status;
}

/// The history of one game (see the module's text).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct History<P: Playable> {
    positions: Vec<P>,
    moves: Vec<P::Move>,
    undone: Vec<P::Move>,
}

impl<P: Playable> History<P> {
    /// A game that starts from a set-up position.
    pub fn from_position(start: P) -> History<P> {
        History {
            positions: vec![start],
            moves: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.start().rules()
    }

    /// The position the game started from.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// The current position.
    pub fn current(&self) -> &P {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The position after `ply` moves (0 = start).
    pub fn position_at(&self, ply: usize) -> Option<&P> {
        self.positions.get(ply)
    }

    /// The moves played, passes included.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// Number of moves played (passes included).
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// Plays `mv` if legal (an illegal one changes nothing); a new move clears the redo
    /// list, the move it would redo takes one off it.
    pub fn play(&mut self, mv: P::Move) -> Result<P::Placement, P::Illegal> {
        let (next, placement) = self.current().play(mv)?;
        let played = P::placed(&placement);
        self.positions.push(next);
        self.moves.push(played);
        if self.undone.last() == Some(&played) {
            self.undone.pop();
        } else {
            self.undone.clear();
        }
        Ok(placement)
    }

    /// Takes back the last move (it can be redone); returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<P::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.undone.push(mv);
        Some(mv)
    }

    /// Replays the last undone move.
    pub fn redo(&mut self) -> Option<P::Placement> {
        let mv = *self.undone.last()?;
        self.play(mv).ok()
    }

    /// The undone moves, in the order [`History::redo`] would replay them.
    pub fn redo_moves(&self) -> impl Iterator<Item = &P::Move> {
        self.undone.iter().rev()
    }

    /// Whether [`History::redo`] has something to replay.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Whose turn, a forced pass, or the outcome.
    pub fn status(&self) -> Status {
        self.current().status()
    }

    /// The moves as a transcript, e.g. `f5d6c3pa…` (passes written as `pa`).
    pub fn transcript(&self) -> String {
        self.moves.iter().map(|m| m.to_string()).collect()
    }
}
