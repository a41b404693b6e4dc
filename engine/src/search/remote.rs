//! A search asked for and answered as one line of text, for a front end whose search runs in
//! another process or thread it can only talk to by messages (the browser game hands it to a
//! Web Worker, because a search on the page's own thread would stop its frames).
//!
//! Request: `think player=<hex> opponent=<hex> level=<1-9> scoring=<most|fewest> seed=<n>`,
//! the bitboards of the side to move and of the other side. Reply: `move f5`, `move pass`, or
//! `error <why>`. Both are exact: the same request gives the same move on every platform.

use std::fmt;
use std::sync::atomic::AtomicBool;

use super::{Clock, Level, choose_move_for};
use crate::{Board, Scoring, Square};

/// What to search: the position, how strongly, to which goal, with which random seed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ThinkRequest {
    /// The position, from the side to move's view.
    pub board: Board,
    /// How strongly to play.
    pub level: Level,
    /// Most discs wins, or (the reverse variant) fewest.
    pub scoring: Scoring,
    /// Seeds the level's randomness (ties, the weaker levels' mistakes).
    pub seed: u64,
}

/// The answer: a square to play, `None` when the side to move has no move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ThinkReply(pub Option<Square>);

impl fmt::Display for ThinkRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scoring = match self.scoring {
            Scoring::MostDiscs => "most",
            Scoring::FewestDiscs => "fewest",
        };
        write!(
            f,
            "think player={:016x} opponent={:016x} level={} scoring={scoring} seed={}",
            self.board.player,
            self.board.opponent,
            self.level.number(),
            self.seed
        )
    }
}

impl ThinkRequest {
    /// Reads a request line; the error says which part is wrong.
    pub fn parse(line: &str) -> Result<ThinkRequest, String> {
        let mut words = line.split_whitespace();
        if words.next() != Some("think") {
            return Err("a request starts with `think`".into());
        }
        let (mut player, mut opponent, mut level, mut scoring, mut seed) =
            (None, None, None, None, None);
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("`{word}` is not key=value"))?;
            let bad = || format!("bad {key}: `{value}`");
            match key {
                "player" => player = Some(u64::from_str_radix(value, 16).map_err(|_| bad())?),
                "opponent" => opponent = Some(u64::from_str_radix(value, 16).map_err(|_| bad())?),
                "level" => {
                    let n = value.parse::<u8>().map_err(|_| bad())?;
                    level = Some(Level::from_number(n).ok_or_else(bad)?);
                }
                "scoring" => {
                    scoring = Some(match value {
                        "most" => Scoring::MostDiscs,
                        "fewest" => Scoring::FewestDiscs,
                        _ => return Err(bad()),
                    })
                }
                "seed" => seed = Some(value.parse::<u64>().map_err(|_| bad())?),
                _ => return Err(format!("unknown key `{key}`")),
            }
        }
        let missing = |name: &str| format!("missing {name}");
        let board = Board {
            player: player.ok_or_else(|| missing("player"))?,
            opponent: opponent.ok_or_else(|| missing("opponent"))?,
        };
        if board.player & board.opponent != 0 {
            return Err("a square holds discs of both sides".into());
        }
        Ok(ThinkRequest {
            board,
            level: level.ok_or_else(|| missing("level"))?,
            scoring: scoring.ok_or_else(|| missing("scoring"))?,
            seed: seed.ok_or_else(|| missing("seed"))?,
        })
    }

    /// Searches (see [`choose_move_for`]) and returns the move; `stop` ends it early with the
    /// best move found so far.
    pub fn answer(&self, stop: &AtomicBool, clock: &dyn Clock) -> ThinkReply {
        let result = choose_move_for(
            &self.board,
            self.level,
            self.scoring,
            self.seed,
            stop,
            clock,
        );
        // The search only proposes legal squares; a position with none gets no square.
        ThinkReply(
            result
                .best_move
                .filter(|sq| self.board.moves() & sq.bit() != 0),
        )
    }
}

impl fmt::Display for ThinkReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(sq) => write!(f, "move {sq}"),
            None => f.write_str("move pass"),
        }
    }
}

impl ThinkReply {
    /// Reads a reply line; an `error` reply or anything malformed is an `Err` with the reason.
    pub fn parse(line: &str) -> Result<ThinkReply, String> {
        let line = line.trim();
        if let Some(why) = line.strip_prefix("error") {
            return Err(why.trim().to_string());
        }
        match line.strip_prefix("move ") {
            Some("pass") => Ok(ThinkReply(None)),
            Some(sq) => sq
                .parse::<Square>()
                .map(|s| ThinkReply(Some(s)))
                .map_err(|e| format!("bad square in `{line}`: {e}")),
            None => Err(format!("not a reply: `{line}`")),
        }
    }
}

/// Answers one request line with one reply line; never panics on bad input.
pub fn answer_line(line: &str, stop: &AtomicBool, clock: &dyn Clock) -> String {
    match ThinkRequest::parse(line) {
        Ok(request) => request.answer(stop, clock).to_string(),
        Err(why) => format!("error {why}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Position, Rules};

    fn start() -> Board {
        Position::new(Rules::default()).board()
    }

    #[test]
    fn requests_round_trip() {
        let request = ThinkRequest {
            board: start(),
            level: Level::Master,
            scoring: Scoring::FewestDiscs,
            seed: u64::MAX,
        };
        assert_eq!(ThinkRequest::parse(&request.to_string()), Ok(request));
        for reply in [ThinkReply(None), ThinkReply(Some("c4".parse().unwrap()))] {
            assert_eq!(ThinkReply::parse(&reply.to_string()), Ok(reply));
        }
    }

    #[test]
    fn bad_lines_are_errors_not_panics() {
        let good =
            "think player=0000000810000000 opponent=0000001008000000 level=3 scoring=most seed=1";
        assert!(ThinkRequest::parse(good).is_ok());
        for (bad, why) in [
            ("", "starts with"),
            ("move f5", "starts with"),
            (&good.replace("level=3", "level=10"), "bad level"),
            (&good.replace("level=3", "level=x"), "bad level"),
            (&good.replace("most", "many"), "bad scoring"),
            (&good.replace(" seed=1", ""), "missing seed"),
            (
                &good.replace("player=0000000810000000", "player=zz"),
                "bad player",
            ),
            (
                &good.replace("0000001008000000", "0000000810000000"),
                "both sides",
            ),
            (&format!("{good} colour=red"), "unknown key"),
            (&format!("{good} junk"), "not key=value"),
        ] {
            let err = ThinkRequest::parse(bad).unwrap_err();
            assert!(err.contains(why), "{bad:?}: {err}");
            assert!(answer_line(bad, &AtomicBool::new(false), &|| 0).starts_with("error "));
        }
        assert!(ThinkReply::parse("error no").is_err());
        assert!(ThinkReply::parse("move z9").is_err());
        assert!(ThinkReply::parse("f5").is_err());
    }

    #[test]
    fn answers_are_legal_moves() {
        let request = ThinkRequest {
            board: start(),
            level: Level::Casual,
            scoring: Scoring::MostDiscs,
            seed: 7,
        };
        let line = answer_line(&request.to_string(), &AtomicBool::new(false), &|| 0);
        let ThinkReply(Some(sq)) = ThinkReply::parse(&line).unwrap() else {
            panic!("no move from the start: {line}");
        };
        assert!(start().moves() & sq.bit() != 0, "{sq} is not legal");
        // No move for the side to move: a pass, not an error.
        let stuck = Board {
            player: 1,
            opponent: 1 << 63,
        };
        let request = ThinkRequest {
            board: stuck,
            ..request
        };
        assert_eq!(
            request.answer(&AtomicBool::new(false), &|| 0),
            ThinkReply(None)
        );
    }
}
