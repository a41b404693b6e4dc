//! Typing into a text box (a button marked `TakesText` while it has the focus): the same
//! keys in every box, so a player's name, a pasted game and a saved game's name behave alike.
//! Each box takes its keys from `focus::TypedKeys` in the `focus::TextEntry` set.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

/// `text` after the keys typed this frame: characters and Space add, Backspace removes the
/// last character, Ctrl+U clears; other Ctrl chords are left to the caller (Ctrl+V pastes).
/// At most `max` characters are kept.
pub fn edited<'a>(
    text: &str,
    typed: impl Iterator<Item = &'a KeyboardInput>,
    keys: &ButtonInput<KeyCode>,
    max: usize,
) -> String {
    // The chord keys (Cmd on a Mac) and AltGr's Alt are followed through the frame's keys in
    // order: a slow frame can hold "Ctrl+U, then w", and the w is typed, not a chord.
    const CTRL: [KeyCode; 4] = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    const ALT: [KeyCode; 2] = [KeyCode::AltLeft, KeyCode::AltRight];
    let held_before =
        |k: &KeyCode| (keys.pressed(*k) || keys.just_released(*k)) && !keys.just_pressed(*k);
    let mut ctrl = CTRL.iter().any(held_before);
    let mut alt = ALT.iter().any(held_before);
    let mut text = text.to_string();
    for key in typed {
        if CTRL.contains(&key.key_code) {
            ctrl = key.state.is_pressed();
            continue;
        }
        if ALT.contains(&key.key_code) {
            alt = key.state.is_pressed();
            continue;
        }
        if !key.state.is_pressed() {
            continue;
        }
        // Ctrl+Alt is AltGr on Windows keyboards: it types characters (@, €), no chord.
        let ctrl = ctrl && !alt;
        match &key.logical_key {
            // By key position, not by character: with Ctrl held some systems report a
            // control character rather than the letter.
            _ if ctrl && key.key_code == KeyCode::KeyU => text.clear(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::input::ButtonState;

    fn key(code: KeyCode, logical: Key, pressed: bool) -> KeyboardInput {
        KeyboardInput {
            key_code: code,
            logical_key: logical,
            state: if pressed {
                ButtonState::Pressed
            } else {
                ButtonState::Released
            },
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        }
    }

    fn letter(c: &str) -> KeyboardInput {
        let code = match c {
            "u" => KeyCode::KeyU,
            "w" => KeyCode::KeyW,
            _ => KeyCode::KeyA,
        };
        key(code, Key::Character(c.into()), true)
    }

    #[test]
    fn keys_are_taken_in_order_with_ctrl_followed_through_the_frame() {
        let ctrl_down = key(KeyCode::ControlLeft, Key::Control, true);
        let ctrl_up = key(KeyCode::ControlLeft, Key::Control, false);
        // One slow frame: Ctrl+U clears, then the w after Ctrl's release is typed.
        let mut keys = ButtonInput::default();
        keys.press(KeyCode::ControlLeft);
        keys.release(KeyCode::ControlLeft);
        let frame = [ctrl_down.clone(), letter("u"), ctrl_up.clone(), letter("w")];
        assert_eq!(edited("old name", frame.iter(), &keys, 40), "w");
        // Ctrl held from an earlier frame: a letter is a chord, not typed.
        let mut held = ButtonInput::default();
        held.press(KeyCode::ControlLeft);
        held.clear();
        assert_eq!(edited("ab", [letter("w")].iter(), &held, 40), "ab");
        // Plain typing, a space, a backspace, and the length limit.
        let plain = ButtonInput::default();
        let typed = [
            letter("a"),
            key(KeyCode::Space, Key::Space, true),
            key(KeyCode::Backspace, Key::Backspace, true),
            letter("w"),
        ];
        assert_eq!(edited("x", typed.iter(), &plain, 40), "xaw");
        assert_eq!(edited("xyz", [letter("w")].iter(), &plain, 3), "xyz");
    }
}
