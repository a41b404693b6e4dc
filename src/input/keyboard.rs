//! The keyboard: arrows or W/S (and A/D) move the cursor, repeating while held; Enter/Space
//! place; a letter then a digit (main row or number pad) jumps to that square (as in Iagno:
//! a-h and 1-8 on 8×8, up to j and 10 on 10×10, where "j1" then "0" is j10); L picks the next
//! line in the one-line variant. In a two-player game with one gamepad claimed, the keyboard
//! is the other player's; otherwise it plays for whoever is to move.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use reversi_engine::grid::Cell;

use super::placement::{Placing, acting_side, move_cursor};
use crate::rules::Match;
use crate::schedule::GameSet;
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

/// The keys naming columns a-j and rows 1-9, for typing a square (a board uses as many as
/// it has; row 10 is 1 then 0).
pub const COLUMNS: [KeyCode; 10] = [
    KeyCode::KeyA,
    KeyCode::KeyB,
    KeyCode::KeyC,
    KeyCode::KeyD,
    KeyCode::KeyE,
    KeyCode::KeyF,
    KeyCode::KeyG,
    KeyCode::KeyH,
    KeyCode::KeyI,
    KeyCode::KeyJ,
];

pub const ROWS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// The number pad's digits 1-9, rows as the main row's are.
const NUMPAD_ROWS: [KeyCode; 9] = [
    KeyCode::Numpad1,
    KeyCode::Numpad2,
    KeyCode::Numpad3,
    KeyCode::Numpad4,
    KeyCode::Numpad5,
    KeyCode::Numpad6,
    KeyCode::Numpad7,
    KeyCode::Numpad8,
    KeyCode::Numpad9,
];

/// The keys that typed a 0 this frame: the main row's and the number pad's, and whichever
/// key the layout puts its 0 on (left of 1 on a Hungarian keyboard, where the key in the
/// US 0's place is Ö).
fn zero_keys(input: &ButtonInput<KeyCode>, typed: &[KeyboardInput]) -> Vec<KeyCode> {
    let mut keys: Vec<KeyCode> = [KeyCode::Digit0, KeyCode::Numpad0]
        .into_iter()
        .filter(|k| input.just_pressed(*k))
        .collect();
    keys.extend(
        typed
            .iter()
            .filter(|k| k.state.is_pressed() && !k.repeat)
            .filter(|k| matches!(&k.logical_key, Key::Character(c) if c.as_str() == "0"))
            .map(|k| k.key_code),
    );
    keys
}

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

/// How often `code` went down in this frame's keys (a held key's repeats aside): a slow frame
/// can hold three taps of an arrow, which `ButtonInput` keeps as one.
fn presses(typed: &[KeyboardInput], code: KeyCode) -> usize {
    typed
        .iter()
        .filter(|k| k.key_code == code && k.state.is_pressed() && !k.repeat)
        .count()
}

/// The arrows and the letters that step like them, each with its step (right, down).
const STEPS: [(KeyCode, KeyCode, (i8, i8)); 4] = [
    (KeyCode::ArrowLeft, KeyCode::KeyA, (-1, 0)),
    (KeyCode::ArrowRight, KeyCode::KeyD, (1, 0)),
    (KeyCode::ArrowUp, KeyCode::KeyW, (0, -1)),
    (KeyCode::ArrowDown, KeyCode::KeyS, (0, 1)),
];

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    mut typed: MessageReader<KeyboardInput>,
    mut cursors: ResMut<Cursors>,
    mut pending_column: Local<Option<u8>>,
    mut on_row_one: Local<Option<u8>>,
    mut repeat: Local<Repeat>,
    view: Res<ViewTurn>,
    seats: Res<Seats>,
    series: Res<Series>,
    state: Res<Match>,
    time: Res<Time>,
    mut placing: Placing,
) {
    let typed: Vec<KeyboardInput> = typed.read().cloned().collect();
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
    let size = state.game.size();
    let mut jumped = None;
    for (i, (key, pad)) in ROWS.iter().zip(NUMPAD_ROWS).enumerate() {
        if (input.just_pressed(*key) || input.just_pressed(pad))
            && let Some(c) = pending_column.take()
        {
            jumped = Some(Cell {
                column: c,
                row: i as u8,
            });
        }
    }
    // "1" then "0" is row 10: the jump to row 1 goes on to row 10, whether the 1 came in
    // this frame (a slow frame holds the whole "j10") or before it with no other key since.
    let zeros = zero_keys(&input, &typed);
    let other_key = input
        .get_just_pressed()
        .any(|k| !zeros.contains(k) && !matches!(k, KeyCode::ShiftLeft | KeyCode::ShiftRight));
    let this_frame = jumped.filter(|sq| sq.row == 0).map(|sq| sq.column);
    let earlier = on_row_one.take().filter(|_| !other_key);
    if !zeros.is_empty()
        && let Some(c) = this_frame.or(earlier)
    {
        jumped = Some(Cell { column: c, row: 9 });
    } else if !other_key {
        *on_row_one = earlier; // nothing typed: the 1 may still be followed by a 0
    }
    let jumped = match jumped.filter(|sq| size.contains(*sq)) {
        Some(sq) => {
            *on_row_one = (sq.row == 0).then_some(sq.column);
            cursor.square = Some(sq);
            cursor.visible = true;
            cursor.line_choice = 0;
            true
        }
        None => false,
    };
    // The arrows step on from a square typed in the same slow frame ("c4" then Up is c3), as
    // they were typed; after a jump A and D were the column's letter, not a step.
    if let Some(step) = repeat.step(held_direction(&input, true), time.elapsed_secs()) {
        let (right, down) = if jumped {
            held_direction(&input, false)
        } else {
            step
        };
        if (right, down) != (0, 0) {
            move_cursor(cursor, size, *view, right, down);
        }
    }
    // A key tapped again within the same slow frame steps again (the step above was its
    // first); after a jump A and D were the column's letter.
    for (arrow, letter, (right, down)) in STEPS {
        let again = presses(&typed, arrow) + if jumped { 0 } else { presses(&typed, letter) };
        for _ in 1..again {
            move_cursor(cursor, size, *view, right, down);
        }
    }
    // After the move, which starts a new square at its first line; each L a line on.
    if input.just_pressed(KeyCode::KeyL) {
        cursor.line_choice += presses(&typed, KeyCode::KeyL).max(1);
    }
    let place = [KeyCode::Enter, KeyCode::Space, KeyCode::NumpadEnter];
    if place.iter().any(|k| input.just_pressed(*k)) && cursor.square.is_some() {
        cursor.visible = true;
        placing.request(&state, cursor, source);
    }
}
