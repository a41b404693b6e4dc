//! Reviewing a game, finished or in progress (Home, or the HUD's Review button, starts it at
//! the first position): a bar of step buttons under the board (first, back, forward, last,
//! done) with the arrow keys, Home/End and Enter doing the same. A click on a legal square
//! plays on from the position shown (a branch); then a button leads back to the original
//! record. The rules do the stepping (`ReviewRequest`); this only asks and shows
//! where the review stands.

use bevy::prelude::*;
use reversi_engine::grid::GridMove;

use crate::rules::{Match, ReviewRequest};
use crate::schedule::GameSet;
use crate::state::menu::Menu;
use crate::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_bar, review_keys.run_if(in_state(Menu::None))).in_set(GameSet::Presentation),
    );
}

/// "Move 12 of 58": placements shown so far and in the whole record (passes not counted).
pub fn review_position(state: &Match) -> (usize, usize) {
    let is_place = |m: &&GridMove| matches!(m, GridMove::Place { .. });
    let shown = state.game.moves().iter().filter(is_place).count();
    let later = state.game.redo_moves().filter(is_place).count();
    (shown, shown + later)
}

/// Which buttons the bar under the board holds: the review's steps, or while a branch is
/// played the way back to the record it branched from.
#[derive(Component, Copy, Clone, PartialEq, Eq, Debug)]
enum Bar {
    Review,
    Branch,
}

impl Bar {
    fn buttons(self) -> &'static [(&'static str, ReviewRequest)] {
        match self {
            Bar::Review => &[
                ("review-first", ReviewRequest::First),
                ("review-back", ReviewRequest::Step(-1)),
                ("review-forward", ReviewRequest::Step(1)),
                ("review-last", ReviewRequest::Last),
                ("review-done", ReviewRequest::Finish),
            ],
            Bar::Branch => &[("review-original", ReviewRequest::Original)],
        }
    }
}

fn show_bar(mut commands: Commands, state: Res<Match>, bars: Query<(Entity, &Bar)>) {
    if !state.is_changed() {
        return;
    }
    let wanted = if state.reviewing {
        Some(Bar::Review)
    } else {
        state.original.as_ref().map(|_| Bar::Branch)
    };
    if bars.iter().map(|(_, b)| *b).next() == wanted {
        return;
    }
    for (e, _) in &bars {
        commands.entity(e).despawn();
    }
    let Some(bar) = wanted else {
        return;
    };
    commands
        .spawn((
            bar,
            Name::new(format!("{bar:?} bar")),
            Node {
                position_type: PositionType::Absolute,
                bottom: px(70),
                width: percent(100),
                justify_content: JustifyContent::Center,
                column_gap: px(8),
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|row| {
            for &(label, request) in bar.buttons() {
                row.spawn(widgets::small_button(label)).observe(
                    move |_: On<widgets::Activate>, mut w: MessageWriter<ReviewRequest>| {
                        w.write(request);
                    },
                );
            }
        });
}

/// Starts reviewing the game on the board from its first position (Home, the HUD's Review).
pub fn look_back(requests: &mut MessageWriter<ReviewRequest>) {
    requests.write(ReviewRequest::Start);
    requests.write(ReviewRequest::First);
}

fn review_keys(
    keys: Res<ButtonInput<KeyCode>>,
    state: Res<Match>,
    mut requests: MessageWriter<ReviewRequest>,
) {
    let pressed = |k: KeyCode| keys.just_pressed(k);
    if !state.reviewing {
        // Home while playing looks back from the first position (the computer waits).
        if pressed(KeyCode::Home) {
            look_back(&mut requests);
        }
        return;
    }
    if pressed(KeyCode::ArrowLeft) {
        requests.write(ReviewRequest::Step(-1));
    }
    if pressed(KeyCode::ArrowRight) {
        requests.write(ReviewRequest::Step(1));
    }
    if pressed(KeyCode::Home) {
        requests.write(ReviewRequest::First);
    }
    if pressed(KeyCode::End) {
        requests.write(ReviewRequest::Last);
    }
    if pressed(KeyCode::Enter) || pressed(KeyCode::NumpadEnter) {
        requests.write(ReviewRequest::Finish);
    }
}
