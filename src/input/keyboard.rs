//! The keyboard: arrows or W/S (and A/D) move the cursor, repeating while held; Enter/Space
//! place; a letter a-h then a digit 1-8 jumps to that square (as in Iagno); L picks the next
//! line in the one-line variant. In a two-player game with one gamepad claimed, the keyboard
//! is the other player's; otherwise it plays for whoever is to move.

use bevy::prelude::*;
use reversi_engine::Square;

use super::placement::{acting_side, move_cursor, request_placement};
use crate::rules::{Match, PlaceRequest};
use crate::schedule::GameSet;
use crate::state::animation::BoardAnimation;
use crate::state::cursors::{Cursors, ViewTurn};
use crate::state::devices::{Device, Repeat, Seats, command_held};
use crate::state::menu::Menu;
use crate::state::series::Series;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        keys.in_set(GameSet::Input).run_if(in_state(Menu::None)),
    );
}

/// The keys naming columns a-h and rows 1-8, for typing a square.
pub const COLUMNS: [KeyCode; 8] = [
    KeyCode::KeyA,
    KeyCode::KeyB,
    KeyCode::KeyC,
    KeyCode::KeyD,
    KeyCode::KeyE,
    KeyCode::KeyF,
    KeyCode::KeyG,
    KeyCode::KeyH,
];

pub const ROWS: [KeyCode; 8] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
];

/// The direction (right, down) the held keys point: the arrows, and WASD unless `letters` is
/// false (A and D double as column letters).
fn held_direction(input: &ButtonInput<KeyCode>, letters: bool) -> (i8, i8) {
    // A tap can start and end within one slow frame: it still counts as held for that frame.
    let any = |arrow: KeyCode, letter: KeyCode| {
        let keys: &[KeyCode] = if letters { &[arrow, letter] } else { &[arrow] };
        keys.iter()
            .any(|k| input.pressed(*k) || input.just_pressed(*k))
    };
    let mut dir = (0, 0);
    if any(KeyCode::ArrowLeft, KeyCode::KeyA) {
        dir.0 -= 1;
    }
    if any(KeyCode::ArrowRight, KeyCode::KeyD) {
        dir.0 += 1;
    }
    if any(KeyCode::ArrowUp, KeyCode::KeyW) {
        dir.1 -= 1;
    }
    if any(KeyCode::ArrowDown, KeyCode::KeyS) {
        dir.1 += 1;
    }
    dir
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    mut cursors: ResMut<Cursors>,
    mut pending_column: Local<Option<u8>>,
    mut repeat: Local<Repeat>,
    view: Res<ViewTurn>,
    seats: Res<Seats>,
    series: Res<Series>,
    state: Res<Match>,
    animation: Res<BoardAnimation>,
    time: Res<Time>,
    mut requests: MessageWriter<PlaceRequest>,
) {
    if state.reviewing {
        return; // the arrows and Enter step through the record (hud::review)
    }
    let (side, source) = acting_side(&state, &seats, &series, Device::Keyboard);
    let cursor = cursors.of_mut(side);
    // Ctrl+C is a copy, not the column c.
    let plain = !command_held(&input);
    for (i, key) in COLUMNS.iter().enumerate() {
        if plain && input.just_pressed(*key) {
            *pending_column = Some(i as u8);
        }
    }
    let mut jumped = false;
    for (i, key) in ROWS.iter().enumerate() {
        if input.just_pressed(*key)
            && let Some(c) = pending_column.take()
            && let Some(sq) = Square::from_coords(c, i as u8)
        {
            cursor.square = Some(sq);
            cursor.visible = true;
            cursor.line_choice = 0;
            jumped = true;
        }
    }
    // The arrows step on from a square typed in the same slow frame ("c4" then Up is c3), as
    // they were typed; after a jump A and D were the column's letter, not a step.
    if let Some(step) = repeat.step(held_direction(&input, true), time.elapsed_secs()) {
        let (right, down) = if jumped {
            held_direction(&input, false)
        } else {
            step
        };
        if (right, down) != (0, 0) {
            move_cursor(cursor, *view, right, down);
        }
    }
    // After the move, which starts a new square at its first line.
    if input.just_pressed(KeyCode::KeyL) {
        cursor.line_choice += 1;
    }
    let place = [KeyCode::Enter, KeyCode::Space, KeyCode::NumpadEnter];
    if place.iter().any(|k| input.just_pressed(*k)) && cursor.square.is_some() {
        cursor.visible = true;
        request_placement(&state, cursor, source, &animation, &time, &mut requests);
    }
}
