//! A game on 8×8: a start position and the moves played, with undo and redo (the shared
//! record, [`crate::History`], over [`Position`]), and its transcript.

use crate::history::{History, Playable};
use crate::position::{IllegalMove, Move, Placement, Position, Status};
use crate::{Color, Rules};

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
pub type Game = History<Position>;

impl Playable for Position {
    type Move = Move;
    type Placement = Placement;
    type Illegal = IllegalMove;

    fn play(&self, mv: Move) -> Result<(Position, Placement), IllegalMove> {
        Position::play(self, mv)
    }
    fn placed(placement: &Placement) -> Move {
        placement.mv
    }
    fn rules(&self) -> Rules {
        Position::rules(self)
    }
    fn status(&self) -> Status {
        Position::status(self)
    }
    fn to_move(&self) -> Color {
        Position::to_move(self)
    }
}

impl Game {
    /// A new game from the start position of `rules`.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::new(rules))
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
