//! The keyboard: arrows/WASD move the cursor, Enter/Space place, a letter a-h then a digit
//! 1-8 jumps to that square (as in Iagno), L picks the next line in the one-line variant.

use bevy::prelude::*;
use reversi_engine::Square;

use super::{Cursor, request_placement};
use crate::GameSet;
use crate::board::discs::BoardAnimation;
use crate::menus::Menu;
use crate::rules::{Match, PlaceRequest};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        keys.in_set(GameSet::Input).run_if(in_state(Menu::None)),
    );
}

/// Moves the cursor by (dc, dr), stopping at the edges; starts at d3-ish centre if unset.
pub fn move_cursor(cursor: &mut Cursor, dc: i8, dr: i8) {
    let from = cursor
        .square
        .unwrap_or(Square::from_coords(3, 3).unwrap_or(Square::A1));
    let c = (from.column() as i8 + dc).clamp(0, 7) as u8;
    let r = (from.row() as i8 + dr).clamp(0, 7) as u8;
    if let Some(sq) = Square::from_coords(c, r) {
        if cursor.square != Some(sq) {
            cursor.line_choice = 0;
        }
        cursor.square = Some(sq);
    }
    cursor.visible = true;
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    mut cursor: ResMut<Cursor>,
    mut pending_column: Local<Option<u8>>,
    state: Res<Match>,
    animation: Res<BoardAnimation>,
    time: Res<Time>,
    mut requests: MessageWriter<PlaceRequest>,
) {
    if state.reviewing {
        return; // the arrows and Enter step through the record (hud::review)
    }
    let pressed = |keys: &[KeyCode]| keys.iter().any(|k| input.just_pressed(*k));
    if pressed(&[KeyCode::ArrowLeft]) {
        move_cursor(&mut cursor, -1, 0);
    }
    if pressed(&[KeyCode::ArrowRight]) {
        move_cursor(&mut cursor, 1, 0);
    }
    if pressed(&[KeyCode::ArrowUp]) {
        move_cursor(&mut cursor, 0, -1);
    }
    if pressed(&[KeyCode::ArrowDown]) {
        move_cursor(&mut cursor, 0, 1);
    }
    if pressed(&[KeyCode::KeyL]) {
        cursor.line_choice += 1;
    }
    const COLUMNS: [KeyCode; 8] = [
        KeyCode::KeyA,
        KeyCode::KeyB,
        KeyCode::KeyC,
        KeyCode::KeyD,
        KeyCode::KeyE,
        KeyCode::KeyF,
        KeyCode::KeyG,
        KeyCode::KeyH,
    ];
    const ROWS: [KeyCode; 8] = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
    ];
    for (i, key) in COLUMNS.iter().enumerate() {
        if input.just_pressed(*key) {
            *pending_column = Some(i as u8);
        }
    }
    for (i, key) in ROWS.iter().enumerate() {
        if input.just_pressed(*key)
            && let Some(c) = pending_column.take()
            && let Some(sq) = Square::from_coords(c, i as u8)
        {
            cursor.square = Some(sq);
            cursor.visible = true;
            cursor.line_choice = 0;
        }
    }
    if pressed(&[KeyCode::Enter, KeyCode::Space, KeyCode::NumpadEnter])
        && let Some(sq) = cursor.square
    {
        cursor.visible = true;
        request_placement(&state, &cursor, sq, &animation, &time, &mut requests);
    }
}
