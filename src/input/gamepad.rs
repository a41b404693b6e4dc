//! Gamepads: the d-pad or left stick moves the cursor (repeating while held), South places,
//! the right trigger picks the next line in the one-line variant (West asks for a hint, which
//! would otherwise reveal the best move at every line picked: hud/scoreboard.rs). A pad
//! claimed by a player moves that player's cursor; an unclaimed one plays for whoever is to
//! move.

use bevy::input::ButtonState;
use bevy::input::gamepad::GamepadButtonStateChangedEvent;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;

use super::placement::{Placing, acting_side, move_cursor};
use crate::rules::Match;
use crate::schedule::GameSet;
use crate::state::cursors::{Cursors, ViewTurn};
use crate::state::devices::{Device, Repeat, Seats, pad_direction};
use crate::state::menu::Menu;
use crate::state::series::Series;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        pads.in_set(GameSet::Input).run_if(in_state(Menu::None)),
    );
}

/// The d-pad's buttons, each with its step (right, down).
const DPAD: [(GamepadButton, (i8, i8)); 4] = [
    (GamepadButton::DPadLeft, (-1, 0)),
    (GamepadButton::DPadRight, (1, 0)),
    (GamepadButton::DPadUp, (0, -1)),
    (GamepadButton::DPadDown, (0, 1)),
];

/// How often `pad`'s `button` went down in this frame: a slow frame can hold three taps of
/// the d-pad, which the pad's state keeps as one.
fn presses(
    changes: &[GamepadButtonStateChangedEvent],
    pad: Entity,
    button: GamepadButton,
) -> usize {
    changes
        .iter()
        .filter(|c| c.entity == pad && c.button == button && c.state == ButtonState::Pressed)
        .count()
}

fn pads(
    pads: Query<(Entity, &Gamepad)>,
    mut changes: MessageReader<GamepadButtonStateChangedEvent>,
    mut repeats: Local<HashMap<Entity, Repeat>>,
    time: Res<Time>,
    view: Res<ViewTurn>,
    seats: Res<Seats>,
    series: Res<Series>,
    mut cursors: ResMut<Cursors>,
    state: Res<Match>,
    mut placing: Placing,
) {
    let changes: Vec<GamepadButtonStateChangedEvent> = changes.read().copied().collect();
    if state.reviewing {
        return;
    }
    repeats.retain(|e, _| pads.contains(*e));
    for (entity, pad) in &pads {
        let (side, source) = acting_side(&state, &seats, &series, Device::Pad(entity));
        let cursor = cursors.of_mut(side);
        let repeat = repeats.entry(entity).or_default();
        if let Some((right, down)) = repeat.step(pad_direction(pad), time.elapsed_secs()) {
            move_cursor(cursor, state.game.size(), *view, right, down);
        }
        // A d-pad button tapped again within the same slow frame steps again (the step above
        // was its first).
        for (button, (right, down)) in DPAD {
            for _ in 1..presses(&changes, entity, button) {
                move_cursor(cursor, state.game.size(), *view, right, down);
            }
        }
        if pad.just_pressed(GamepadButton::RightTrigger2) {
            cursor.line_choice += presses(&changes, entity, GamepadButton::RightTrigger2).max(1);
        }
        if pad.just_pressed(GamepadButton::South) && cursor.square.is_some() {
            cursor.visible = true;
            placing.request(&state, cursor, source);
        }
    }
}
