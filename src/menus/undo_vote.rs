//! The undo prompt of a two-player game: who asked, and buttons for the other player's answer
//! (Y and N answer too, see `couch::undo_vote`; a gamepad's A uses the focused button). An
//! answer from the asker's own device does not count.

use bevy::prelude::*;
use reversi_engine::Color as Side;

use crate::couch::undo_vote::{UndoAnswer, UndoVote};
use crate::i18n::{Msg, Tr};
use crate::rules::Match;
use crate::state::devices::Seats;
use crate::state::menu::Menu;
use crate::state::series::Series;
use crate::theme::focus::{FocusFirst, FocusScope};
use crate::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::UndoVote), spawn_prompt)
        .add_systems(Update, show_question.run_if(in_state(Menu::UndoVote)));
}

#[derive(Component)]
struct Question;

#[derive(Component, Clone, Copy)]
struct Answer(bool);

fn spawn_prompt(mut commands: Commands) {
    commands
        .spawn((
            Name::new("undo vote"),
            widgets::overlay(),
            FocusScope(3),
            DespawnOnExit(Menu::UndoVote),
        ))
        .with_children(|o| {
            o.spawn(widgets::panel()).with_children(|p| {
                p.spawn(widgets::title("undo-title"));
                p.spawn((Question, widgets::header(Msg::verbatim(""))));
                p.spawn(widgets::row()).with_children(|r| {
                    r.spawn((widgets::button("undo-agree"), Answer(true), FocusFirst))
                        .observe(answer);
                    r.spawn((widgets::button("undo-keep-playing"), Answer(false)))
                        .observe(answer);
                });
            });
        });
}

fn answer(
    activate: On<widgets::Activate>,
    answers: Query<&Answer>,
    state: Res<Match>,
    seats: Res<Seats>,
    series: Res<Series>,
    mut out: MessageWriter<UndoAnswer>,
) {
    if let Ok(Answer(agree)) = answers.get(activate.entity) {
        out.write(UndoAnswer {
            agree: *agree,
            by: seats.side_of(activate.by, &state, &series),
        });
    }
}

fn show_question(vote: Res<UndoVote>, state: Res<Match>, mut text: Query<&mut Tr, With<Question>>) {
    let Some(asked) = vote.asked else { return };
    let name = |side: Side| Msg::name(state.setup.name(side));
    let question = match asked.by {
        Some(side) if asked.own_answer => Msg::new("undo-asked")
            .arg("asker", name(side))
            .arg("other", name(!side)),
        Some(side) => Msg::new("undo-asks")
            .arg("asker", name(side))
            .arg("other", name(!side)),
        None => Msg::new("undo-both")
            .arg("black", name(Side::Black))
            .arg("white", name(Side::White)),
    };
    for mut t in &mut text {
        t.set_if_neq(Tr(question.clone()));
    }
}
