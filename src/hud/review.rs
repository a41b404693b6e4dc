//! Reviewing a game, finished or in progress (Home, or the HUD's Review button, starts it at
//! the first position): a bar of step buttons under the board (first, back, forward, last,
//! done) with the arrow keys, Home/End and Enter doing the same (on a gamepad the d-pad's
//! left and right, the shoulder buttons and A: it places nothing in a review). A click on a
//! legal square
//! plays on from the position shown (a branch); then a button leads back to the original
//! record (Backspace, or a gamepad's B; a pad's left shoulder starts a review as Home does).
//! The rules do the stepping (`ReviewRequest`); this only asks and shows
//! where the review stands.

use bevy::prelude::*;
use reversi_engine::grid::GridMove;

use crate::rules::{Match, ReviewRequest};
use crate::schedule::GameSet;
use crate::state::menu::Menu;
use crate::theme::under_menus::UnderMenus;
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
    let later = state.review_ahead().filter(is_place).count();
    (shown, shown + later)
}

/// The bar's distance from the bottom of the window over a one-line status line (the
/// status line's panel lifts it over a longer one: `scoreboard::stand_on_status_line`).
pub(super) const BAR_BOTTOM: f32 = 70.0;

/// Which buttons the bar under the board holds: the review's steps, or while a branch is
/// played the way back to the record it branched from.
#[derive(Component, Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Bar {
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
            UnderMenus,
            Node {
                position_type: PositionType::Absolute,
                bottom: px(BAR_BOTTOM),
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
    pads: Query<&Gamepad>,
    state: Res<Match>,
    mut requests: MessageWriter<ReviewRequest>,
) {
    let pads: Vec<&Gamepad> = pads.iter().collect();
    if state.reviewing {
        requests.write_batch(review_steps(&keys, &pads));
    } else {
        requests.write_batch(play_keys(&keys, &pads, state.original.is_some()));
    }
}

/// What the keys and pads pressed this frame ask while a game is played: Home or a pad's
/// left shoulder looks back from the first position (the computer waits); in a branch,
/// Backspace or a pad's B goes back to the original game (the bar's button).
fn play_keys(keys: &ButtonInput<KeyCode>, pads: &[&Gamepad], branch: bool) -> Vec<ReviewRequest> {
    let pad = |b: GamepadButton| pads.iter().any(|p| p.just_pressed(b));
    if keys.just_pressed(KeyCode::Home) || pad(GamepadButton::LeftTrigger) {
        vec![ReviewRequest::Start, ReviewRequest::First]
    } else if branch && (keys.just_pressed(KeyCode::Backspace) || pad(GamepadButton::East)) {
        vec![ReviewRequest::Original]
    } else {
        Vec::new()
    }
}

/// What the keys and pads pressed this frame ask of a review under way: the arrow keys or
/// the d-pad step, Home/End or the shoulder buttons jump to the ends, Enter or A finishes.
fn review_steps(keys: &ButtonInput<KeyCode>, pads: &[&Gamepad]) -> Vec<ReviewRequest> {
    let pad = |b: GamepadButton| pads.iter().any(|p| p.just_pressed(b));
    let key = |k: KeyCode| keys.just_pressed(k);
    [
        (
            key(KeyCode::ArrowLeft) || pad(GamepadButton::DPadLeft),
            ReviewRequest::Step(-1),
        ),
        (
            key(KeyCode::ArrowRight) || pad(GamepadButton::DPadRight),
            ReviewRequest::Step(1),
        ),
        (
            key(KeyCode::Home) || pad(GamepadButton::LeftTrigger),
            ReviewRequest::First,
        ),
        (
            key(KeyCode::End) || pad(GamepadButton::RightTrigger),
            ReviewRequest::Last,
        ),
        (
            key(KeyCode::Enter) || key(KeyCode::NumpadEnter) || pad(GamepadButton::South),
            ReviewRequest::Finish,
        ),
    ]
    .into_iter()
    .filter_map(|(asked, request)| asked.then_some(request))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The HUD's Review and the branch bar's way back have keys and pad buttons too.
    #[test]
    fn keys_and_pads_look_back_and_leave_a_branch() {
        let mut keys = ButtonInput::<KeyCode>::default();
        let mut pad = Gamepad::default();
        let look_back = vec![ReviewRequest::Start, ReviewRequest::First];
        assert!(play_keys(&keys, &[&pad], true).is_empty());
        pad.digital_mut().press(GamepadButton::LeftTrigger);
        assert_eq!(play_keys(&keys, &[&pad], false), look_back);
        pad.digital_mut().reset_all();
        pad.digital_mut().press(GamepadButton::East);
        assert_eq!(
            play_keys(&keys, &[&pad], true),
            vec![ReviewRequest::Original]
        );
        assert!(play_keys(&keys, &[&pad], false).is_empty(), "no branch");
        keys.press(KeyCode::Backspace);
        assert_eq!(play_keys(&keys, &[], true), vec![ReviewRequest::Original]);
        keys.press(KeyCode::Home);
        assert_eq!(play_keys(&keys, &[], false), look_back);
    }

    /// A player with only a gamepad can step through a review and finish it (the pad once
    /// had no way out of a review but the undo button's step back).
    #[test]
    fn a_gamepad_steps_through_a_review_and_finishes_it() {
        let keys = ButtonInput::<KeyCode>::default();
        let mut pad = Gamepad::default();
        assert!(review_steps(&keys, &[&pad]).is_empty());
        for (button, request) in [
            (GamepadButton::DPadLeft, ReviewRequest::Step(-1)),
            (GamepadButton::DPadRight, ReviewRequest::Step(1)),
            (GamepadButton::LeftTrigger, ReviewRequest::First),
            (GamepadButton::RightTrigger, ReviewRequest::Last),
            (GamepadButton::South, ReviewRequest::Finish),
        ] {
            pad.digital_mut().reset_all();
            pad.digital_mut().press(button);
            assert_eq!(review_steps(&keys, &[&pad]), vec![request], "{button:?}");
        }
        let mut keys = keys;
        keys.press(KeyCode::ArrowRight);
        keys.press(KeyCode::Enter);
        assert_eq!(
            review_steps(&keys, &[]),
            vec![ReviewRequest::Step(1), ReviewRequest::Finish]
        );
    }
}
