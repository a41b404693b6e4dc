//! A match between the two people at the couch: a number of games, the colours swapping
//! after each, a running score. The menu asks for a match (`StartMatch`), the game-over panel
//! for its next game (`NextMatchGame`); this plugin turns those into new games for the rules
//! and keeps the results. Any other game on the board (a new setup, a resumed save) ends it.

use bevy::prelude::*;
use reversi_engine::grid::BoardSize;
use reversi_engine::{Rules, Status};

use crate::rules::{Match, NewGameRequest, Player, ResumeRequest};
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::state::series::Series;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StartMatch>()
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
    pub size: BoardSize,
    pub games: u8,
}

/// Game-over panel → series: the match's next game, colours swapped.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct NextMatchGame;

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
            black_outside: 0,
        };
        let setup = fresh
            .setup_for(start.rules, &settings.players)
            .on(start.size);
        fresh.setup = Some(setup.clone());
        *series = fresh;
        requests.write(NewGameRequest(setup));
    } else if next && series.next_game_due() {
        series.game += 1;
        let setup = series
            .setup_for(state.setup.rules, &settings.players)
            .on(state.setup.size);
        series.setup = Some(setup.clone());
        requests.write(NewGameRequest(setup));
    }
}

fn follow_results(
    state: Res<Match>,
    settings: Res<Settings>,
    mut series: ResMut<Series>,
    mut resumed: MessageReader<ResumeRequest>,
) {
    // Who has Black outside a match: the game's names say, where they are the two people's
    // the other way round.
    if state.is_changed() {
        let [first, second] = [&settings.players[0].name, &settings.players[1].name];
        let names = &state.setup.names;
        let swapped = first != second && names[0] == *second && names[1] == *first;
        let black = usize::from(swapped);
        if series.black_outside != black {
            series.black_outside = black;
        }
    }
    // A game opened on the board (pasted, loaded, a link) is not one of the match, even
    // with the match's players and rules.
    let opened = resumed.read().count() > 0;
    // How to play's examples are not a game of the match: it goes on when they end. Nor is
    // a branch played from a review (a what-if, which needs nobody's agreement): the match
    // keeps the result of the game it came from.
    if !state.is_changed() || state.reviewing || state.demonstrating() || state.original.is_some() {
        return;
    }
    let Some(expected) = &series.setup else {
        return;
    };
    let ours = !opened && state.setup == *expected && state.setup.players == [Player::Human; 2];
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
