//! A game: a start position and the moves played, with undo and redo.
//! Every position along the way is kept, so stepping back is exact and free.

use crate::Rules;
use crate::position::{IllegalMove, Move, Placement, Position, Status};

/// The history of one game.
///
/// ```
/// use reversi_engine::{Game, Rules};
/// let mut game = Game::new(Rules::default());
/// game.play_transcript("f5d6c3").unwrap();
/// assert_eq!(game.transcript(), "f5d6c3");
/// game.undo();
/// assert_eq!(game.transcript(), "f5d6");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    undone: Vec<Move>,
}

impl Game {
    /// A new game from the start position of `rules`.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A game that starts from a set-up position.
    pub fn from_position(start: Position) -> Game {
        Game {
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
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn current(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The position after `ply` moves (0 = start).
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The moves played, passes included.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Number of moves played (passes included).
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// Plays `mv` if legal; a new move clears the redo list.
    pub fn play(&mut self, mv: Move) -> Result<Placement, IllegalMove> {
        let (next, placement) = self.current().play(mv)?;
        self.positions.push(next);
        self.moves.push(placement.mv);
        if self.undone.last() == Some(&placement.mv) {
            self.undone.pop();
        } else {
            self.undone.clear();
        }
        Ok(placement)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.undone.push(mv);
        Some(mv)
    }

    /// Replays the last undone move.
    pub fn redo(&mut self) -> Option<Placement> {
        let mv = *self.undone.last()?;
        let placement = self.play(mv).ok()?;
        Some(placement)
    }

    /// The undone moves, in the order [`Game::redo`] would replay them.
    pub fn redo_moves(&self) -> impl Iterator<Item = &Move> {
        self.undone.iter().rev()
    }

    /// Whether [`Game::redo`] has something to replay.
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

    /// Plays a transcript from the current position (see [`crate::notation`]). On error
    /// nothing is played.
    pub fn play_transcript(&mut self, text: &str) -> Result<usize, crate::TranscriptError> {
        let moves = crate::notation::parse_moves(self.current(), text)?;
        let n = moves.len();
        for mv in moves {
            self.play(mv).expect("parse_moves only returns legal moves");
        }
        Ok(n)
    }
}
