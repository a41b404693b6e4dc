//! The rule set a game is played under: official Othello by default, and the variants of the
//! rule texts (parallel or free opening, 32 discs each, one chosen line, fewest discs wins).

use crate::Color;
use std::fmt;

/// How the four centre squares are filled before the first real move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum StartPosition {
    /// Othello's start: each side's two discs on a diagonal (d5, e4 for the first player).
    #[default]
    Diagonal,
    /// The parallel ("cross") start: the first player's discs on d5 and e5, the other's on
    /// d4 and e4, so the first moves are c3, d3, e3 or f3.
    Parallel,
    /// The players place the first four discs themselves on the empty centre squares, in
    /// turn, without flipping.
    Free,
}

/// What happens to a player who runs out of discs under the 32-disc supply.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum OutOfDiscs {
    /// The opponent hands over one of theirs whenever the player can move (official Othello).
    #[default]
    OpponentHandsOne,
    /// The game ends as soon as the player to move has no disc left.
    GameEnds,
}

/// Where the discs come from.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum DiscSupply {
    /// One shared pool: a disc is always available.
    #[default]
    Shared,
    /// 32 discs per player, the four start discs included.
    ThirtyTwoEach(OutOfDiscs),
}

/// Which flanked lines a placement flips.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum FlipRule {
    /// Every flanked line flips (the official rule).
    #[default]
    AllLines,
    /// The mover chooses one of the flanked lines; only that one flips.
    ChooseOneLine,
}

/// How the result is decided.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Scoring {
    /// More discs wins.
    #[default]
    MostDiscs,
    /// Fewer discs wins ("Reverse Reversi").
    FewestDiscs,
}

/// A complete rule set.
///
/// ```
/// use reversi_engine::{Rules, StartPosition};
/// let rules = Rules { start: StartPosition::Parallel, ..Rules::default() };
/// assert!(!rules.is_standard());
/// assert!(Rules::default().is_standard());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The opening setup.
    pub start: StartPosition,
    /// Who makes the first move ("Player A").
    pub first: Color,
    /// Where discs come from.
    pub supply: DiscSupply,
    /// Which lines flip.
    pub flips: FlipRule,
    /// Who wins.
    pub scoring: Scoring,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            start: StartPosition::Diagonal,
            first: Color::Black,
            supply: DiscSupply::Shared,
            flips: FlipRule::AllLines,
            scoring: Scoring::MostDiscs,
        }
    }
}

impl Rules {
    /// Official Othello rules.
    pub const OTHELLO: Rules = Rules {
        start: StartPosition::Diagonal,
        first: Color::Black,
        supply: DiscSupply::Shared,
        flips: FlipRule::AllLines,
        scoring: Scoring::MostDiscs,
    };

    /// Whether these are the official Othello rules.
    pub fn is_standard(&self) -> bool {
        *self == Rules::OTHELLO
    }

    /// Whether the game tree is the plain Othello one from the first real move on (the
    /// fast search applies): every line flips and discs never run out in a way that ends play.
    pub fn search_compatible(&self) -> bool {
        self.flips == FlipRule::AllLines
            && self.supply != DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds)
    }

    /// A short tag for records, e.g. `standard` or `parallel+32x+reverse`.
    pub fn tag(&self) -> String {
        let mut parts: Vec<&str> = Vec::new();
        match self.start {
            StartPosition::Diagonal => {}
            StartPosition::Parallel => parts.push("parallel"),
            StartPosition::Free => parts.push("free"),
        }
        if self.first == Color::White {
            parts.push("white-first");
        }
        match self.supply {
            DiscSupply::Shared => {}
            DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne) => parts.push("32"),
            DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds) => parts.push("32-ends"),
        }
        if self.flips == FlipRule::ChooseOneLine {
            parts.push("one-line");
        }
        if self.scoring == Scoring::FewestDiscs {
            parts.push("reverse");
        }
        if parts.is_empty() {
            "standard".to_string()
        } else {
            parts.join("+")
        }
    }

    /// Reads a tag written by [`Rules::tag`]. Each part names one variant; two parts that
    /// set the same thing (`parallel+free`, `32+32`) are refused rather than letting the
    /// last one win, since the record's writer cannot have meant both.
    pub fn from_tag(tag: &str) -> Result<Rules, BadRuleTag> {
        let mut rules = Rules::default();
        if tag.trim().eq_ignore_ascii_case("standard") {
            return Ok(rules);
        }
        // The part that set each aspect so far: start, first player, supply, flips, scoring.
        let mut set_by: [Option<String>; 5] = Default::default();
        for part in tag.split('+') {
            let name = part.trim().to_ascii_lowercase();
            let aspect = match name.as_str() {
                "parallel" => {
                    rules.start = StartPosition::Parallel;
                    0
                }
                "free" => {
                    rules.start = StartPosition::Free;
                    0
                }
                "white-first" => {
                    rules.first = Color::White;
                    1
                }
                "32" => {
                    rules.supply = DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne);
                    2
                }
                "32-ends" => {
                    rules.supply = DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds);
                    2
                }
                "one-line" => {
                    rules.flips = FlipRule::ChooseOneLine;
                    3
                }
                "reverse" => {
                    rules.scoring = Scoring::FewestDiscs;
                    4
                }
                _ => return Err(BadRuleTag::Unknown(part.trim().to_string())),
            };
            if let Some(first) = set_by[aspect].replace(name.clone()) {
                return Err(if first == name {
                    BadRuleTag::Twice(name)
                } else {
                    BadRuleTag::Clash(first, name)
                });
            }
        }
        Ok(rules)
    }
}

/// A rules tag that names no known variant, or one thing twice.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BadRuleTag {
    /// A part that is no variant.
    Unknown(String),
    /// The same variant twice.
    Twice(String),
    /// Two variants that set the same thing (`parallel` and `free`).
    Clash(String, String),
}

impl fmt::Display for BadRuleTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadRuleTag::Unknown(part) => write!(
                f,
                "unknown rule variant `{part}` (known: parallel, free, white-first, 32, 32-ends, one-line, reverse)"
            ),
            BadRuleTag::Twice(part) => write!(f, "the rule variant `{part}` is given twice"),
            BadRuleTag::Clash(first, second) => write!(
                f,
                "the rule variants `{first}` and `{second}` cannot be played together"
            ),
        }
    }
}

impl std::error::Error for BadRuleTag {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_round_trip() {
        let all = Rules {
            start: StartPosition::Free,
            first: Color::White,
            supply: DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds),
            flips: FlipRule::ChooseOneLine,
            scoring: Scoring::FewestDiscs,
        };
        for r in [Rules::default(), all] {
            assert_eq!(Rules::from_tag(&r.tag()).unwrap(), r);
        }
        assert_eq!(
            Rules::from_tag("parallel+chess"),
            Err(BadRuleTag::Unknown("chess".into()))
        );
        assert_eq!(
            Rules::from_tag("parallel+Free"),
            Err(BadRuleTag::Clash("parallel".into(), "free".into()))
        );
        assert_eq!(
            Rules::from_tag("32+32-ends"),
            Err(BadRuleTag::Clash("32".into(), "32-ends".into()))
        );
        assert_eq!(
            Rules::from_tag("reverse+one-line+reverse"),
            Err(BadRuleTag::Twice("reverse".into()))
        );
    }
}
