//! A match between the two people at the couch: a number of games, the colours swapping
//! after each, a running score. The menu asks for a match (`StartMatch`), the game-over panel
//! for its next game (`NextMatchGame`); this plugin turns those into new games for the rules
//! and keeps the results. Any other game on the board (a new setup, a resumed save) ends it.

use bevy::prelude::*;
use reversi_engine::{Color as Side, Outcome, Rules, Status};

use crate::GameSet;
use crate::rules::{GameSetup, Match, NewGameRequest, Player};
use crate::settings::{Profile, Settings};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Series>()
        .add_message::<StartMatch>()
        .add_message::<NextMatchGame>()
        .add_systems(Update, start_games.in_set(GameSet::Input))
        .add_systems(
            Update,
            follow_results
                .after(GameSet::Rules)
                .before(GameSet::Presentation),
        );
}

/// Menu → series: two people start a match of `games` games under `rules`.
#[derive(Message, Clone, Copy, Debug)]
pub struct StartMatch {
    pub rules: Rules,
    pub games: u8,
}

/// Game-over panel → series: the match's next game, colours swapped.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct NextMatchGame;

/// The match being played, if any: player 1 has Black in the first, third, ... game.
#[derive(Resource, Clone, Debug, PartialEq, Default)]
pub struct Series {
    pub games: u8,
    /// The game being played, from 0.
    pub game: usize,
    /// Each game's result once it is over (a game taken back is not over).
    pub results: Vec<Option<Outcome>>,
    /// The setup this match asked for; another one on the board means the match is over.
    setup: Option<GameSetup>,
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
            0
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
    fn setup_for(&self, rules: Rules, people: &[Profile; 2]) -> GameSetup {
        let mut setup = GameSetup::two_players(rules);
        for side in [Side::Black, Side::White] {
            setup.names[side.index()] = people[self.person_playing(side)].name.clone();
        }
        setup
    }

    /// "Game 2 of 4 - Anna 1 : 0 Ben", with the names in player order.
    pub fn score_line(&self, people: &[Profile; 2]) -> String {
        let p = self.points();
        format!(
            "Game {} of {} - {} {} : {} {}",
            self.game + 1,
            self.games,
            people[0].name,
            points_text(p[0]),
            points_text(p[1]),
            people[1].name
        )
    }

    /// "Anna wins the match 3 : 1" or "The match is drawn 2 : 2".
    pub fn verdict(&self, people: &[Profile; 2]) -> String {
        let p = self.points();
        let score = format!("{} : {}", points_text(p[0]), points_text(p[1]));
        if p[0] > p[1] {
            format!("{} wins the match {score}", people[0].name)
        } else if p[1] > p[0] {
            format!("{} wins the match {}", people[1].name, score_rev(p))
        } else {
            format!("The match is drawn {score}")
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

fn start_games(
    mut starts: MessageReader<StartMatch>,
    mut nexts: MessageReader<NextMatchGame>,
    mut series: ResMut<Series>,
    settings: Res<Settings>,
    state: Res<Match>,
    mut requests: MessageWriter<NewGameRequest>,
) {
    let next = nexts.read().count() > 0;
    if let Some(start) = starts.read().last() {
        let mut fresh = Series {
            games: start.games.max(1),
            game: 0,
            results: vec![None; usize::from(start.games.max(1))],
            setup: None,
        };
        let setup = fresh.setup_for(start.rules, &settings.players);
        fresh.setup = Some(setup.clone());
        *series = fresh;
        requests.write(NewGameRequest(setup));
    } else if next && series.next_game_due() {
        series.game += 1;
        let setup = series.setup_for(state.setup.rules, &settings.players);
        series.setup = Some(setup.clone());
        requests.write(NewGameRequest(setup));
    }
}

fn follow_results(state: Res<Match>, mut series: ResMut<Series>) {
    if !state.is_changed() || state.reviewing {
        return;
    }
    let Some(expected) = &series.setup else {
        return;
    };
    let ours = state.setup == *expected && state.setup.players == [Player::Human; 2];
    if !ours {
        series.setup = None;
        return;
    }
    let result = match state.status() {
        Status::Over(outcome) => Some(outcome),
        _ => None,
    };
    let game = series.game;
    if series.results.get(game).is_some_and(|r| *r != result) {
        series.results[game] = result;
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
