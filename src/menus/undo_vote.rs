//! The undo prompt of a two-player game: who asked, and buttons for the other player's answer
//! (Y and N answer too, see `couch::undo_vote`; a gamepad's A uses the focused button). An
//! answer from the asker's own device does not count.

use bevy::prelude::*;
use reversi_engine::Color as Side;

use crate::couch::undo_vote::{UndoAnswer, UndoVote};
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
                p.spawn(widgets::title("Take back a move?"));
                p.spawn((Question, widgets::header("")));
                p.spawn(widgets::row()).with_children(|r| {
                    r.spawn((widgets::button("Agree  (Y)"), Answer(true), FocusFirst))
                        .observe(answer);
                    r.spawn((widgets::button("Keep playing  (N)"), Answer(false)))
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

fn show_question(
    vote: Res<UndoVote>,
    state: Res<Match>,
    mut text: Query<&mut Text, With<Question>>,
) {
    let Some(asked) = vote.asked else { return };
    let name = |side: Side| state.setup.name(side).to_string();
    let question = match asked.by {
        Some(side) if asked.own_answer => {
            format!("{} asked: {} has to agree.", name(side), name(!side))
        }
        Some(side) => format!(
            "{} asks to take back the last move. {}, do you agree?",
            name(side),
            name(!side)
        ),
        None => format!(
            "Undo the last move? Both {} and {} should agree.",
            name(Side::Black),
            name(Side::White)
        ),
    };
    for mut t in &mut text {
        if t.0 != question {
            t.0 = question.clone();
        }
    }
}
