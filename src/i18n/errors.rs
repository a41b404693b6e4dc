//! The engine's errors in the player's words: the engine and its command line speak English,
//! the game puts what went wrong (which move, which character) into the player's language here.

use reversi_engine::IllegalReason;
use reversi_engine::ggf::{GgfError, ValueProblem};
use reversi_engine::grid::{GridBoardError, GridIllegalMove, GridTranscriptError};
use reversi_engine::{BadRuleTag, KomiError};

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
            GgfError::BadValue {
                property,
                value,
                why,
            } => Msg::new("error-ggf-bad-value")
                .arg("property", property.as_str())
                .arg("value", value.as_str())
                .arg("why", why.explain()),
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

impl Explain for ValueProblem {
    fn explain(&self) -> Msg {
        match self {
            ValueProblem::NotOthello => Msg::new("error-value-not-othello"),
            ValueProblem::UnknownType(letter) => {
                Msg::new("error-value-game-type").arg("letter", letter.to_string())
            }
            ValueProblem::AfterSize(text) => {
                Msg::new("error-value-after-size").arg("text", text.as_str())
            }
            ValueProblem::NoSize => Msg::new("error-value-no-size"),
            ValueProblem::NotASize(text) => {
                Msg::new("error-value-not-a-size").arg("text", text.as_str())
            }
            ValueProblem::OnlyEight(_) => Msg::new("error-value-only-eight"),
            // Numbers as text: a side is never written with a thousands separator.
            ValueProblem::SizeNotPlayed(side) => {
                Msg::new("error-value-size-not-played").arg("side", side.to_string())
            }
            ValueProblem::SizeTooWide(digits) => {
                Msg::new("error-value-size-too-wide").arg("digits", digits.as_str())
            }
            ValueProblem::SizeMissing => Msg::new("error-value-size-missing"),
            ValueProblem::SizeMismatch => Msg::new("error-value-size-mismatch"),
            ValueProblem::SquareCount { side, squares } => Msg::new("error-value-square-count")
                .arg("side", side.to_string())
                .arg("squares", *squares),
            ValueProblem::Rules(e) => e.explain(),
            ValueProblem::Board(e) => e.explain(),
            // Only the engine's 8×8 reader (NBoard's) gives these; the game reads every size.
            ValueProblem::Board8(e) => Msg::verbatim(e.to_string()),
            ValueProblem::Komi(e) => Msg::new("error-value-komi").arg("why", e.explain()),
            ValueProblem::KomiMissing => Msg::new("error-value-komi-missing"),
            ValueProblem::Twice(property) => {
                Msg::new("error-value-twice").arg("property", property.as_str())
            }
        }
    }
}

impl Explain for KomiError {
    fn explain(&self) -> Msg {
        match self {
            KomiError::NotANumber(text) => {
                Msg::new("error-komi-not-a-number").arg("text", text.as_str())
            }
            KomiError::TooPrecise(text) => {
                Msg::new("error-komi-too-precise").arg("text", text.as_str())
            }
            KomiError::TooLarge(text) => {
                Msg::new("error-komi-too-large").arg("text", text.as_str())
            }
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
