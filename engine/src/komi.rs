//! Komi: a number of discs set against black's result, as GGS plays its komi games
//! (`TY[k8]` with `KM[..]`). There both players estimate black's final disc margin before the
//! game; the komi is the average of the two estimates, and black wins only by doing better
//! than it: black's result is their disc margin minus the komi (so a komi of 2.5 gives white
//! two and a half discs, and a komi of −3 gives black three). A komi with a fraction
//! rules out draws.

use std::fmt;
use std::str::FromStr;

use crate::Color;
use crate::position::Outcome;

/// Thousandths of a disc in one disc.
const UNIT: i32 = 1000;

/// The most a komi may be, in discs: more than any board's squares is not a komi.
const MAX_DISCS: i32 = 100;

/// A komi, exact to a thousandth of a disc (the average of two estimates written with two
/// decimals needs three).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Komi {
    thousandths: i32,
}

/// Why a text is not a komi.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum KomiError {
    /// Not a decimal number.
    NotANumber(String),
    /// Finer than a thousandth of a disc.
    TooPrecise(String),
    /// More discs than a board holds.
    TooLarge(String),
}

impl fmt::Display for KomiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KomiError::NotANumber(text) => write!(f, "`{text}` is not a number of discs"),
            KomiError::TooPrecise(text) => write!(f, "`{text}` has more than three decimals"),
            KomiError::TooLarge(text) => write!(f, "`{text}` is more discs than any board has"),
        }
    }
}

impl std::error::Error for KomiError {}

/// A game's result under a komi, for black or white.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct KomiResult {
    /// The winner once the komi is counted, or `None` for a draw.
    pub winner: Option<Color>,
    /// Black's result in thousandths of a disc: the disc margin minus the komi.
    black_thousandths: i32,
}

impl Komi {
    /// A komi of `discs` whole discs.
    pub fn discs(discs: i32) -> Komi {
        Komi {
            thousandths: discs.clamp(-MAX_DISCS, MAX_DISCS) * UNIT,
        }
    }

    /// Black's result and the winner of a game that ended with `outcome`: black's score the
    /// tournament way (empties to the winner, fewest-discs scoring included) minus the komi.
    pub fn result(self, outcome: &Outcome) -> KomiResult {
        let black_thousandths = self.for_black(outcome.score_for(Color::Black)).0;
        let winner = match black_thousandths.signum() {
            1 => Some(Color::Black),
            -1 => Some(Color::White),
            _ => None,
        };
        KomiResult {
            winner,
            black_thousandths,
        }
    }

    /// Black's result with the komi counted, for black's `score` the tournament way: a
    /// finished game's, or an estimate of the final score before the game ends.
    pub fn for_black(self, score: i32) -> Discs {
        Discs(score.clamp(-MAX_DISCS, MAX_DISCS) * UNIT - self.thousandths)
    }

    /// The side the komi counts for: white for a positive komi, black for a negative one,
    /// nobody for none.
    pub fn favours(self) -> Option<Color> {
        match self.thousandths.signum() {
            1 => Some(Color::White),
            -1 => Some(Color::Black),
            _ => None,
        }
    }

    /// How many discs it gives the side it favours, e.g. `2.5`.
    pub fn size(self) -> Discs {
        Discs(self.thousandths.abs())
    }
}

impl KomiResult {
    /// Black's result with the komi counted (negative when white wins), e.g. `-0.5`.
    pub fn for_black(&self) -> Discs {
        Discs(self.black_thousandths)
    }

    /// The winner's margin with the komi counted (0 for a draw), e.g. `0.5`.
    pub fn margin(&self) -> Discs {
        Discs(self.black_thousandths.abs())
    }
}

/// A number of discs that may have a fraction, written as short as it is exact: `2`, `2.5`,
/// `-0.125`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Discs(i32);

impl Discs {
    /// A whole number of discs.
    pub fn whole(discs: i32) -> Discs {
        Discs(discs.clamp(-MAX_DISCS, MAX_DISCS) * UNIT)
    }

    /// The amount in thousandths of a disc.
    pub fn thousandths(self) -> i32 {
        self.0
    }

    /// The amount without its sign.
    pub fn abs(self) -> Discs {
        Discs(self.0.abs())
    }
}

impl fmt::Display for Discs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (whole, part) = (self.0.abs() / UNIT, self.0.abs() % UNIT);
        if part == 0 {
            return write!(f, "{sign}{whole}");
        }
        let decimals = format!("{part:03}");
        write!(f, "{sign}{whole}.{}", decimals.trim_end_matches('0'))
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Discs(self.thousandths).fmt(f)
    }
}

impl FromStr for Komi {
    type Err = KomiError;

    /// Reads `2.5`, `+2.50`, `-3`, `-0.125` (GGS writes `KM[2.50]`).
    fn from_str(text: &str) -> Result<Komi, KomiError> {
        let written = text.trim();
        let not_a_number = || KomiError::NotANumber(crate::ggf::clip(written, 16));
        let (negative, digits) = match written.as_bytes().first() {
            Some(b'-') => (true, &written[1..]),
            Some(b'+') => (false, &written[1..]),
            _ => (false, written),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() && fraction.is_empty() || !all_digits(whole) || !all_digits(fraction) {
            return Err(not_a_number());
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > 3 {
            return Err(KomiError::TooPrecise(crate::ggf::clip(written, 16)));
        }
        let whole: i32 = if whole.is_empty() {
            0
        } else if whole.len() > 4 {
            return Err(KomiError::TooLarge(crate::ggf::clip(written, 16)));
        } else {
            whole.parse().map_err(|_| not_a_number())?
        };
        let part: i32 = format!("{fraction:0<3}")
            .parse()
            .map_err(|_| not_a_number())?;
        let thousandths = whole * UNIT + part;
        if thousandths > MAX_DISCS * UNIT {
            return Err(KomiError::TooLarge(crate::ggf::clip(written, 16)));
        }
        Ok(Komi {
            thousandths: if negative { -thousandths } else { thousandths },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scoring;

    fn komi(text: &str) -> Komi {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn ended(black: u32, white: u32) -> Outcome {
        Outcome::decide([black, white], Scoring::MostDiscs, 64)
    }

    #[test]
    fn komi_is_read_as_ggs_writes_it_and_written_short() {
        assert_eq!(komi("2.50").to_string(), "2.5");
        assert_eq!(komi("+2").to_string(), "2");
        assert_eq!(komi("-3.500").to_string(), "-3.5");
        assert_eq!(komi("-0.125").to_string(), "-0.125");
        assert_eq!(komi(".5").to_string(), "0.5");
        assert_eq!(komi(" 0 ").to_string(), "0");
        assert_eq!(komi("64").size().to_string(), "64");
        for (text, why) in [
            ("", "not a number"),
            ("-", "not a number"),
            (".", "not a number"),
            ("two", "not a number"),
            ("1.2.3", "not a number"),
            ("1e3", "not a number"),
            ("--2", "not a number"),
            ("0.0625", "more than three decimals"),
            ("100.5", "more discs than any board"),
            ("99999999999", "more discs than any board"),
        ] {
            let err = text.parse::<Komi>().unwrap_err().to_string();
            assert!(err.contains(why), "{text:?}: {err}");
        }
    }

    #[test]
    fn an_estimate_is_counted_with_the_komi_as_a_result_would_be() {
        assert_eq!(komi("2.5").for_black(4).to_string(), "1.5");
        assert_eq!(komi("2.5").for_black(2).to_string(), "-0.5");
        assert_eq!(komi("2.5").for_black(2).abs().to_string(), "0.5");
        assert_eq!(komi("-3").for_black(-3).thousandths(), 0);
        assert_eq!(komi("-3").for_black(3).thousandths(), 6000);
    }

    #[test]
    fn black_must_beat_the_komi() {
        // 33-31 is +2 for black: a komi of 2.5 turns it into a white win by half a disc.
        let result = komi("2.5").result(&ended(33, 31));
        assert_eq!(result.winner, Some(Color::White));
        assert_eq!(result.for_black().to_string(), "-0.5");
        assert_eq!(result.margin().to_string(), "0.5");
        // A komi of exactly the margin is a draw; a smaller one leaves black the winner.
        assert_eq!(komi("2").result(&ended(33, 31)).winner, None);
        let result = komi("1.5").result(&ended(33, 31));
        assert_eq!(result.winner, Some(Color::Black));
        assert_eq!(result.margin().to_string(), "0.5");
        // A negative komi counts for black: a 31-33 loss becomes a win.
        let result = komi("-3").result(&ended(31, 33));
        assert_eq!(result.winner, Some(Color::Black));
        assert_eq!(result.for_black().to_string(), "1");
        assert_eq!(komi("-3").favours(), Some(Color::Black));
        assert_eq!(komi("3").favours(), Some(Color::White));
        assert_eq!(komi("0").favours(), None);
        // Empty squares go to the winner before the komi is counted: 30-20 on 8×8 is +24.
        let result = komi("23.5").result(&ended(30, 20));
        assert_eq!(result.for_black().to_string(), "0.5");
    }

    #[test]
    fn under_fewest_discs_scoring_black_wins_by_having_fewer() {
        let outcome = Outcome::decide([31, 33], Scoring::FewestDiscs, 64);
        assert_eq!(outcome.winner, Some(Color::Black));
        assert_eq!(komi("1.5").result(&outcome).winner, Some(Color::Black));
        assert_eq!(komi("2.5").result(&outcome).winner, Some(Color::White));
    }
}
