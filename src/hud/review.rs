//! Reviewing a finished game: a bar of step buttons under the board (first, back, forward,
//! last, done) with the arrow keys, Home/End and Enter doing the same. A click on a legal
//! square plays on from the position shown (a branch); then a button leads back to the
//! original record. The rules do the
//! stepping (`ReviewRequest`); this only asks and shows where the review stands.

use bevy::prelude::*;
use reversi_engine::Move;

use crate::GameSet;
use crate::menus::Menu;
use crate::rules::{Match, ReviewRequest};
use crate::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            show_review_bar,
            show_branch_bar,
            review_keys.run_if(in_state(Menu::None)),
        )
            .in_set(GameSet::Presentation),
    );
}

#[derive(Component)]
struct ReviewBar;

/// "Move 12 of 58": placements shown so far and in the whole record (passes not counted).
pub fn review_position(state: &Match) -> (usize, usize) {
    let is_place = |m: &&Move| matches!(m, Move::Place { .. });
    let shown = state.game.moves().iter().filter(is_place).count();
    let later = state.game.redo_moves().filter(is_place).count();
    (shown, shown + later)
}

fn show_review_bar(
    mut commands: Commands,
    state: Res<Match>,
    bars: Query<Entity, With<ReviewBar>>,
) {
    if !state.is_changed() {
        return;
    }
    match (state.reviewing, bars.iter().next()) {
        (false, Some(_)) => {
            for e in &bars {
                commands.entity(e).despawn();
            }
        }
        (true, None) => {
            let step = |request: ReviewRequest| {
                move |_: On<widgets::Activate>, mut w: MessageWriter<ReviewRequest>| {
                    w.write(request);
                }
            };
            commands
                .spawn((
                    ReviewBar,
                    Name::new("review bar"),
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
                .with_children(|bar| {
                    bar.spawn(widgets::small_button("|<  Home"))
                        .observe(step(ReviewRequest::First));
                    bar.spawn(widgets::small_button("<  Back"))
                        .observe(step(ReviewRequest::Step(-1)));
                    bar.spawn(widgets::small_button("Forward  >"))
                        .observe(step(ReviewRequest::Step(1)));
                    bar.spawn(widgets::small_button("End  >|"))
                        .observe(step(ReviewRequest::Last));
                    bar.spawn(widgets::small_button("Done  (Enter)"))
                        .observe(step(ReviewRequest::Finish));
                });
        }
        _ => {}
    }
}

/// While a branch is played: a button back to the record it branched from.
#[derive(Component)]
struct BranchBar;

fn show_branch_bar(
    mut commands: Commands,
    state: Res<Match>,
    bars: Query<Entity, With<BranchBar>>,
) {
    if !state.is_changed() {
        return;
    }
    let wanted = state.original.is_some() && !state.reviewing;
    match (wanted, bars.iter().next()) {
        (false, Some(_)) => {
            for e in &bars {
                commands.entity(e).despawn();
            }
        }
        (true, None) => {
            commands
                .spawn((
                    BranchBar,
                    Name::new("branch bar"),
                    Node {
                        position_type: PositionType::Absolute,
                        bottom: px(70),
                        width: percent(100),
                        justify_content: JustifyContent::Center,
                        ..default()
                    },
                    Pickable::IGNORE,
                ))
                .with_children(|bar| {
                    bar.spawn(widgets::small_button("Back to the original game"))
                        .observe(
                            |_: On<widgets::Activate>, mut w: MessageWriter<ReviewRequest>| {
                                w.write(ReviewRequest::Original);
                            },
                        );
                });
        }
        _ => {}
    }
}

fn review_keys(
    keys: Res<ButtonInput<KeyCode>>,
    state: Res<Match>,
    mut requests: MessageWriter<ReviewRequest>,
) {
    if !state.reviewing {
        return;
    }
    let pressed = |k: KeyCode| keys.just_pressed(k);
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
