//! A game's record on any board: the start position, the moves played and those taken back.
//! Every position along the way is kept, so stepping back is exact and free.
//!
//! [`crate::Game`] (8×8) and [`crate::grid::GridGame`] (every size) are this record over their
//! own positions; what differs between them (how a transcript is read) is theirs.

use crate::{Color, Rules, Status};
use std::fmt::{Debug, Display};

/// What a game's record needs of a position: the rules, whose turn, and playing a move.
pub trait Playable: Sized {
    /// A move or a pass.
    type Move: Copy + Eq + Debug + Display;
    /// What playing a move did (the move and the discs it flipped).
    type Placement;
    /// Why a move was refused.
    type Illegal: Debug;

    /// The position after `mv` and what it did, or why `mv` is illegal.
    fn play(&self, mv: Self::Move) -> Result<(Self, Self::Placement), Self::Illegal>;
    /// The move a placement made.
    fn placed(placement: &Self::Placement) -> Self::Move;
    /// The rules the position is played under.
    fn rules(&self) -> Rules;
    /// Whose turn, a forced pass, or the outcome.
    fn status(&self) -> Status;
    /// The side to move (or to pass).
    fn to_move(&self) -> Color;
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

#[cfg(test)]
mod tests {
    use crate::grid::{BoardSize, GridGame};
    use crate::{Game, Rules};

    fn names<M: ToString>(moves: impl Iterator<Item = M>) -> Vec<String> {
        moves.map(|m| m.to_string()).collect()
    }

    /// A legal move other than the one named `not`.
    fn another<M: ToString>(legal: Vec<M>, not: &str) -> M {
        legal
            .into_iter()
            .find(|m| m.to_string() != not)
            .expect("another move is legal here")
    }

    #[test]
    fn redoing_the_undone_move_keeps_the_rest_and_another_move_clears_it() {
        let mut game = Game::new(Rules::default());
        game.play_transcript("f5d6c3").unwrap();
        assert_eq!(game.undo().map(|m| m.to_string()), Some("c3".into()));
        assert_eq!(game.undo().map(|m| m.to_string()), Some("d6".into()));
        assert_eq!(names(game.redo_moves()), ["d6", "c3"]);
        // Playing the move redo would play is a redo: c3 still waits.
        game.play_transcript("d6").unwrap();
        assert_eq!(names(game.redo_moves()), ["c3"]);
        assert_eq!(game.redo().map(|p| p.mv.to_string()), Some("c3".into()));
        assert_eq!(game.transcript(), "f5d6c3");
        assert!(!game.can_redo());
        // Any other move starts a new line: nothing waits.
        game.undo();
        let other = another(game.current().legal_moves(), "c3");
        game.play(other).unwrap();
        assert!(!game.can_redo());
        assert_eq!(game.transcript(), format!("f5d6{other}"));
    }

    #[test]
    fn every_size_keeps_the_same_record_and_an_illegal_move_changes_nothing() {
        let mut game = GridGame::new(BoardSize::Six, Rules::default());
        game.play_transcript("c2b2").unwrap();
        let before = game.clone();
        assert!(game.play_transcript("a1").is_err());
        assert_eq!(game, before, "a refused move changes nothing");
        assert_eq!(game.undo().map(|m| m.to_string()), Some("b2".into()));
        assert_eq!(names(game.redo_moves()), ["b2"]);
        let other = another(game.current().legal_moves(), "b2");
        game.play(other).unwrap();
        assert!(!game.can_redo(), "another move clears the redo list");
        assert_eq!(game.ply(), 2);
        assert_eq!(game.position_at(0), Some(game.start()));
        assert_eq!(game.rules(), Rules::default());
    }
}
