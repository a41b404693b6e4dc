//! The engine's errors in the player's words: the engine and its command line speak English,
//! the game puts what went wrong (which move, which character) into the player's language here.

use reversi_engine::BadRuleTag;
use reversi_engine::IllegalReason;
use reversi_engine::ggf::GgfError;
use reversi_engine::grid::{GridBoardError, GridIllegalMove, GridTranscriptError};

use super::message::Msg;

/// An error a player may read: what went wrong, as a message.
pub trait Explain {
    fn explain(&self) -> Msg;
}

/// Why a move is not legal.
pub fn illegal_reason(reason: IllegalReason) -> Msg {
    Msg::new(match reason {
        IllegalReason::GameOver => "illegal-game-over",
        IllegalReason::Occupied => "illegal-occupied",
        IllegalReason::OffBoard => "illegal-off-board",
        IllegalReason::FlanksNothing => "illegal-flanks-nothing",
        IllegalReason::NotCentre => "illegal-not-centre",
        IllegalReason::BadLine => "illegal-bad-line",
        IllegalReason::LineNeeded => "illegal-line-needed",
        IllegalReason::CannotPass => "illegal-cannot-pass",
        IllegalReason::MustPass => "illegal-must-pass",
    })
}

impl Explain for GridIllegalMove {
    fn explain(&self) -> Msg {
        Msg::new("error-illegal-move")
            .arg("move", self.attempted.to_string())
            .arg("why", illegal_reason(self.reason))
    }
}

impl Explain for GridTranscriptError {
    fn explain(&self) -> Msg {
        match self {
            GridTranscriptError::Empty => Msg::new("error-transcript-empty"),
            GridTranscriptError::Syntax { offset, found } => Msg::new("error-transcript-syntax")
                .arg("found", found.as_str())
                .arg("at", offset + 1),
            GridTranscriptError::Illegal {
                number,
                offset,
                error,
            } => Msg::new("error-transcript-illegal")
                .arg("number", *number)
                .arg("move", error.attempted.to_string())
                .arg("at", offset + 1)
                .arg("why", illegal_reason(error.reason)),
        }
    }
}

impl Explain for GridBoardError {
    fn explain(&self) -> Msg {
        match self {
            GridBoardError::BadSymbol { offset, found } => Msg::new("error-board-symbol")
                .arg("found", found.to_string())
                .arg("at", offset + 1),
            GridBoardError::BadLength { squares } => {
                Msg::new("error-board-length").arg("squares", *squares)
            }
            GridBoardError::NoSideToMove => Msg::new("error-board-no-side"),
            GridBoardError::BadSideToMove { found } => {
                Msg::new("error-board-bad-side").arg("found", found.to_string())
            }
        }
    }
}

impl Explain for GgfError {
    fn explain(&self) -> Msg {
        match self {
            GgfError::NotAGame { found } if found.is_empty() => Msg::new("error-ggf-empty"),
            GgfError::NotAGame { found } => {
                Msg::new("error-ggf-not-a-game").arg("found", found.as_str())
            }
            GgfError::Syntax { offset, found } => Msg::new("error-ggf-syntax")
                .arg("found", found.as_str())
                .arg("at", offset + 1),
            GgfError::Truncated => Msg::new("error-ggf-truncated"),
            GgfError::Trailing { offset } => Msg::new("error-ggf-trailing").arg("at", offset + 1),
            // What is wrong with a value is the engine's own sentence (there are many, each
            // about one property); the property and value the player can see for themselves.
            GgfError::BadValue {
                property,
                value,
                why,
            } => Msg::new("error-ggf-bad-value")
                .arg("property", property.as_str())
                .arg("value", value.as_str())
                .arg("why", why.as_str()),
            GgfError::BadMove { number, value } => Msg::new("error-ggf-bad-move")
                .arg("number", *number)
                .arg("move", value.as_str()),
            GgfError::WrongSide {
                number,
                side,
                value,
            } => Msg::new("error-ggf-wrong-side")
                .arg("number", *number)
                .arg("move", value.as_str())
                .arg("side", Msg::new(side_key(*side))),
            GgfError::Illegal { number, error } => Msg::new("error-ggf-illegal")
                .arg("number", *number)
                .arg("move", error.attempted.to_string())
                .arg("why", illegal_reason(error.reason)),
            GgfError::IllegalOnBoard { number, error } => Msg::new("error-ggf-illegal")
                .arg("number", *number)
                .arg("move", error.attempted.to_string())
                .arg("why", illegal_reason(error.reason)),
        }
    }
}

impl Explain for BadRuleTag {
    fn explain(&self) -> Msg {
        match self {
            BadRuleTag::Unknown(rule) => Msg::new("error-unknown-rule").arg("rule", rule.as_str()),
            BadRuleTag::Twice(rule) => Msg::new("error-rule-twice").arg("rule", rule.as_str()),
            BadRuleTag::Clash(first, second) => Msg::new("error-rule-clash")
                .arg("first", first.as_str())
                .arg("second", second.as_str()),
        }
    }
}

/// The message naming a side ("Black").
pub fn side_key(side: reversi_engine::Color) -> &'static str {
    match side {
        reversi_engine::Color::Black => "side-black",
        reversi_engine::Color::White => "side-white",
    }
}
