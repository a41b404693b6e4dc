//! Gamepads: the d-pad or left stick moves the cursor (with repeat while held), South places,
//! West picks the next line in the one-line variant.

use bevy::prelude::*;

use super::keyboard::move_cursor;
use super::{Cursor, request_placement};
use crate::GameSet;
use crate::board::discs::BoardAnimation;
use crate::menus::Menu;
use crate::rules::{Match, PlaceRequest};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        pads.in_set(GameSet::Input).run_if(in_state(Menu::None)),
    );
}

/// Seconds before a held direction repeats, and between repeats.
const REPEAT_DELAY: f32 = 0.35;
const REPEAT_EVERY: f32 = 0.12;

#[derive(Default)]
struct Held {
    dir: (i8, i8),
    next_repeat: f32,
}

fn pads(
    pads: Query<&Gamepad>,
    mut held: Local<Held>,
    time: Res<Time>,
    mut cursor: ResMut<Cursor>,
    state: Res<Match>,
    animation: Res<BoardAnimation>,
    mut requests: MessageWriter<PlaceRequest>,
) {
    let mut dir = (0i8, 0i8);
    for pad in &pads {
        let stick = pad.left_stick();
        let mut d = (0i8, 0i8);
        if pad.pressed(GamepadButton::DPadLeft) || stick.x < -0.5 {
            d.0 = -1;
        }
        if pad.pressed(GamepadButton::DPadRight) || stick.x > 0.5 {
            d.0 = 1;
        }
        if pad.pressed(GamepadButton::DPadUp) || stick.y > 0.5 {
            d.1 = -1;
        }
        if pad.pressed(GamepadButton::DPadDown) || stick.y < -0.5 {
            d.1 = 1;
        }
        if d != (0, 0) {
            dir = d;
        }
        if pad.just_pressed(GamepadButton::West) {
            cursor.line_choice += 1;
        }
        if pad.just_pressed(GamepadButton::South)
            && let Some(sq) = cursor.square
        {
            request_placement(&state, &cursor, sq, &animation, &time, &mut requests);
        }
    }
    let now = time.elapsed_secs();
    if dir == (0, 0) {
        held.dir = dir;
        return;
    }
    if dir != held.dir {
        held.dir = dir;
        held.next_repeat = now + REPEAT_DELAY;
        move_cursor(&mut cursor, dir.0, dir.1);
    } else if now >= held.next_repeat {
        held.next_repeat = now + REPEAT_EVERY;
        move_cursor(&mut cursor, dir.0, dir.1);
    }
}
