//! The game-over panel: the result in words and discs, and buttons for a new game with the
//! same setup, taking back the last move, reviewing the game move by move, or changing the
//! setup. It shows once the end-of-game count is done, and stays hidden while the game is
//! reviewed.

use bevy::prelude::*;

use crate::board::count::EndCount;
use crate::couch::series::{NextMatchGame, StartMatch};
use crate::i18n::Msg;
use crate::rules::{Finished, GameSetup, Match, NewGameRequest, Player, ReviewRequest, komi_words};
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::state::animation::BoardAnimation;
use crate::state::menu::Menu;
use crate::state::series::Series;
use crate::theme::focus::{FocusFirst, FocusScope};
use crate::theme::palette::side_name;
use crate::theme::widgets;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, show_game_over.in_set(GameSet::Presentation));
}

/// The game-over panel's root (the automation reports whether it is up), with the
/// [`Match::generation`] it was made for: another finished game on the board (opened or
/// pasted while the panel was up, with no motion in between to take it down) gets a panel
/// of its own.
#[derive(Component)]
pub struct GameOverPanel {
    generation: u64,
}

fn show_game_over(
    mut commands: Commands,
    state: Res<Match>,
    settings: Res<Settings>,
    series: Res<Series>,
    animation: Res<BoardAnimation>,
    count: Res<EndCount>,
    time: Res<Time>,
    menu: Res<State<Menu>>,
    panels: Query<(Entity, &GameOverPanel)>,
) {
    // The result waits for the board to be still and the discs to be counted, and makes way
    // for a menu opened over the finished game (it comes back when the menu closes).
    let shown = *menu.get() == Menu::None
        && !animation.is_busy(&time)
        && !state.reviewing
        && count.result_may_show(state.generation, settings.animation.factor());
    let over = state.result().filter(|_| shown);
    let mut current = false;
    for (e, panel) in &panels {
        if over.is_some() && panel.generation == state.generation {
            current = true;
        } else {
            commands.entity(e).despawn();
        }
    }
    let Some(finished) = over.filter(|_| !current) else {
        return;
    };
    let outcome = finished.outcome;
    let headline = match finished.winner {
        None => Msg::new("over-draw"),
        Some(w) => {
            let human_won = state.setup.player(w) == Player::Human;
            let human_lost = state.setup.player(!w) == Player::Human;
            match (human_won, human_lost) {
                (true, false) => Msg::new("over-you-win"),
                (false, true) => Msg::new("over-computer-wins"),
                (true, true) => Msg::new("over-wins").arg("name", Msg::name(state.setup.name(w))),
                _ => Msg::new("over-wins").arg("name", side_name(settings.colors, w)),
            }
        }
    };
    let b = reversi_engine::Color::Black;
    let w = reversi_engine::Color::White;
    let detail = Msg::new("over-discs")
        .arg("black", side_name(settings.colors, b))
        .arg("black_discs", outcome.discs[0])
        .arg("white_discs", outcome.discs[1])
        .arg("white", side_name(settings.colors, w));
    let komi_line = komi_line(&finished, &settings);
    // A new game is an ordinary one: the komi came with an opened record, and nothing
    // during play would say it still counts.
    let setup = GameSetup {
        komi: None,
        ..state.setup.clone()
    };
    let in_match = series.active() && state.setup.players == [Player::Human; 2];
    let match_text = in_match.then(|| {
        if series.finished() {
            series.verdict(&settings.players)
        } else {
            series.score_line(&settings.players)
        }
    });
    let next_game = series.next_game_due().then(|| {
        let black = series.person_playing(reversi_engine::Color::White);
        Msg::new("over-next-game")
            .arg("name", Msg::name(&settings.players[black].name))
            .arg(
                "side",
                side_name(settings.colors, reversi_engine::Color::Black),
            )
    });
    let rematch = (in_match && series.finished()).then_some(StartMatch {
        rules: setup.rules,
        size: setup.size,
        games: series.games,
    });
    commands
        .spawn((
            GameOverPanel {
                generation: state.generation,
            },
            Name::new("game over"),
            widgets::overlay(),
            FocusScope(1),
            Pickable::IGNORE,
        ))
        .with_children(|o| {
            o.spawn(widgets::panel()).with_children(|p| {
                p.spawn(widgets::title(headline));
                p.spawn(widgets::header(detail));
                if let Some(text) = komi_line {
                    p.spawn(widgets::header(text));
                }
                if let Some(text) = match_text {
                    p.spawn(widgets::header(text));
                }
                if let Some(text) = next_game {
                    p.spawn((widgets::button(text), FocusFirst)).observe(
                        |_: On<widgets::Activate>, mut w: MessageWriter<NextMatchGame>| {
                            w.write(NextMatchGame);
                        },
                    );
                } else if let Some(start) = rematch {
                    p.spawn((widgets::button("over-new-match"), FocusFirst))
                        .observe(
                            move |_: On<widgets::Activate>, mut w: MessageWriter<StartMatch>| {
                                w.write(start);
                            },
                        );
                } else {
                    p.spawn((widgets::button("pause-new-game"), FocusFirst))
                        .observe(
                        move |_: On<widgets::Activate>, mut w: MessageWriter<NewGameRequest>| {
                            w.write(NewGameRequest(setup.clone()));
                        },
                    );
                }
                p.spawn(widgets::button("over-undo"))
                    .observe(super::actions::ask_undo);
                p.spawn(widgets::button("over-review")).observe(
                    |_: On<widgets::Activate>, mut w: MessageWriter<ReviewRequest>| {
                        w.write(ReviewRequest::Start);
                    },
                );
                p.spawn(widgets::button("over-change-setup")).observe(
                    |_: On<widgets::Activate>, mut next: ResMut<NextState<Menu>>| {
                        next.set(Menu::NewGame);
                    },
                );
            });
        });
}

/// In a komi game, what the komi made of the discs: "With komi 2.5 for White: White wins
/// by 0.5".
pub(crate) fn komi_line(finished: &Finished, settings: &Settings) -> Option<Msg> {
    let (komi, result) = finished.komi?;
    let words = komi_words(komi, |side| side_name(settings.colors, side));
    Some(match result.winner {
        Some(side) => Msg::new("over-komi-win")
            .arg("komi", words)
            .arg("side", side_name(settings.colors, side))
            .arg("margin", result.margin()),
        None => Msg::new("over-komi-draw").arg("komi", words),
    })
}
