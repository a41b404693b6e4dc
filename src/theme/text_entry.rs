//! Typing into a text box (a button marked `TakesText` while it has the focus): the same
//! keys in every box, so a player's name, a pasted game and a saved game's name behave alike.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::input::keyboard::command_held;

/// `text` after the keys typed this frame: characters and Space add, Backspace removes the
/// last character, Ctrl+U clears; other Ctrl chords are left to the caller (Ctrl+V pastes).
/// At most `max` characters are kept.
pub fn edited<'a>(
    text: &str,
    typed: impl Iterator<Item = &'a KeyboardInput>,
    keys: &ButtonInput<KeyCode>,
    max: usize,
) -> String {
    let ctrl = command_held(keys);
    let mut text = text.to_string();
    // By key position, not by character: with Ctrl held some systems report a control
    // character rather than the letter.
    if ctrl && keys.just_pressed(KeyCode::KeyU) {
        text.clear();
    }
    for key in typed.filter(|k| k.state.is_pressed()) {
        match &key.logical_key {
            Key::Character(_) if ctrl => {}
            Key::Backspace => {
                text.pop();
            }
            Key::Character(c) => text.extend(c.chars().filter(|c| !c.is_control())),
            Key::Space => text.push(' '),
            _ => {}
        }
    }
    text.chars().take(max).collect()
}

/// What a box shows: the last `width` characters on one line, with a caret while typing.
pub fn shown(text: &str, width: usize, editing: bool) -> String {
    let one_line = text.replace(['\n', '\r'], " ");
    let count = one_line.chars().count();
    let tail: String = one_line.chars().skip(count.saturating_sub(width)).collect();
    if editing { format!("{tail}|") } else { tail }
}
