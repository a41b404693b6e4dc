//! The match between the two people at the couch: how many games, which one is on the board,
//! the results so far, and who plays which colour in it. `couch::series` runs it.

use bevy::prelude::*;
use reversi_engine::{Color as Side, Outcome, Rules};

use crate::i18n::Msg;
use crate::rules::GameSetup;
use crate::settings::Profile;

/// The match being played, if any: player 1 has Black in the first, third, ... game.
#[derive(Resource, Clone, Debug, PartialEq, Default)]
pub struct Series {
    pub games: u8,
    /// The game being played, from 0.
    pub game: usize,
    /// Each game's result once it is over (a game taken back is not over).
    pub results: Vec<Option<Outcome>>,
    /// The setup this match asked for; another one on the board means the match is over.
    pub(crate) setup: Option<GameSetup>,
    /// Outside a match, the person with Black: player 1, unless the game on the board names
    /// the two people the other way round (a match's game resumed after a restart, where
    /// player 2 had Black).
    pub(crate) black_outside: usize,
}

impl Series {
    /// The match lengths the menu offers: even ones give both players each colour equally.
    pub const LENGTHS: [u8; 4] = [1, 2, 4, 6];

    /// Whether the game on the board belongs to a match of more than one game.
    pub fn active(&self) -> bool {
        self.setup.is_some() && self.games > 1
    }

    fn black_person(&self) -> usize {
        if self.setup.is_some() {
            self.game % 2
        } else {
            self.black_outside
        }
    }

    /// The colour a person (0 or 1) plays in the current game.
    pub fn side_of_person(&self, person: usize) -> Side {
        if person == self.black_person() {
            Side::Black
        } else {
            Side::White
        }
    }

    /// The person playing `side` in the current game.
    pub fn person_playing(&self, side: Side) -> usize {
        match side {
            Side::Black => self.black_person(),
            Side::White => 1 - self.black_person(),
        }
    }

    /// Points per person so far: a win is 1, a draw ½.
    pub fn points(&self) -> [f32; 2] {
        let mut points = [0.0; 2];
        for (game, result) in self.results.iter().enumerate() {
            let Some(outcome) = result else { continue };
            let black = game % 2;
            match outcome.winner {
                Some(Side::Black) => points[black] += 1.0,
                Some(Side::White) => points[1 - black] += 1.0,
                None => {
                    points[0] += 0.5;
                    points[1] += 0.5;
                }
            }
        }
        points
    }

    /// Every game of the match is over.
    pub fn finished(&self) -> bool {
        self.active() && self.results.iter().all(Option::is_some)
    }

    /// Whether the game on the board is over and another of the match follows.
    pub fn next_game_due(&self) -> bool {
        self.active()
            && self.results.get(self.game).is_some_and(Option::is_some)
            && self.game + 1 < usize::from(self.games)
    }

    /// The setup of the current game: the people's names on the colours they play.
    pub(crate) fn setup_for(&self, rules: Rules, people: &[Profile; 2]) -> GameSetup {
        let mut setup = GameSetup::two_players(rules);
        for side in [Side::Black, Side::White] {
            setup.names[side.index()] = people[self.person_playing(side)].name.clone();
        }
        setup
    }

    /// "Game 2 of 4 - Anna 1 : 0 Ben", with the names in player order.
    pub fn score_line(&self, people: &[Profile; 2]) -> Msg {
        let p = self.points();
        Msg::new("match-score-line")
            .arg("game", self.game + 1)
            .arg("games", self.games)
            .arg("first", Msg::name(&people[0].name))
            .arg("first_points", points_text(p[0]))
            .arg("second_points", points_text(p[1]))
            .arg("second", Msg::name(&people[1].name))
    }

    /// "Anna wins the match 3 : 1" or "The match is drawn 2 : 2".
    pub fn verdict(&self, people: &[Profile; 2]) -> Msg {
        let p = self.points();
        let score = format!("{} : {}", points_text(p[0]), points_text(p[1]));
        if p[0] > p[1] {
            Msg::new("match-won")
                .arg("name", Msg::name(&people[0].name))
                .arg("score", score)
        } else if p[1] > p[0] {
            Msg::new("match-won")
                .arg("name", Msg::name(&people[1].name))
                .arg("score", score_rev(p))
        } else {
            Msg::new("match-drawn").arg("score", score)
        }
    }
}

fn score_rev(p: [f32; 2]) -> String {
    format!("{} : {}", points_text(p[1]), points_text(p[0]))
}

/// 2.5 → "2½".
pub fn points_text(points: f32) -> String {
    let whole = points.floor();
    if points - whole >= 0.5 {
        if whole == 0.0 {
            "½".into()
        } else {
            format!("{whole}½")
        }
    } else {
        format!("{whole}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_as_people_say_them() {
        assert_eq!(points_text(0.0), "0");
        assert_eq!(points_text(0.5), "½");
        assert_eq!(points_text(2.5), "2½");
        assert_eq!(points_text(3.0), "3");
    }
}
