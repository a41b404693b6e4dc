//! Typing into a text box (a button marked `TakesText` while it has the focus): the same
//! keys in every box, so a player's name, a pasted game and a saved game's name behave alike.
//! Each box takes its keys from `focus::TypedKeys` in the `focus::TextEntry` set.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

/// The chord keys (Ctrl, or Cmd on a Mac) and AltGr's Alt, followed through a frame's keys
/// in order: a slow frame can hold "Ctrl+U, then w", and the w is typed, not a chord.
struct Chords {
    ctrl: bool,
    alt: bool,
}

impl Chords {
    const CTRL: [KeyCode; 4] = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    const ALT: [KeyCode; 2] = [KeyCode::AltLeft, KeyCode::AltRight];

    /// The modifiers held when the frame's first key came: down before this frame.
    fn at_frame_start(keys: &ButtonInput<KeyCode>) -> Chords {
        let held_before =
            |k: &KeyCode| (keys.pressed(*k) || keys.just_released(*k)) && !keys.just_pressed(*k);
        Chords {
            ctrl: Self::CTRL.iter().any(held_before),
            alt: Self::ALT.iter().any(held_before),
        }
    }

    /// Follows `key`; true when it was a modifier (nothing to type).
    fn follow(&mut self, key: &KeyboardInput) -> bool {
        if Self::CTRL.contains(&key.key_code) {
            self.ctrl = key.state.is_pressed();
            true
        } else if Self::ALT.contains(&key.key_code) {
            self.alt = key.state.is_pressed();
            true
        } else {
            false
        }
    }

    /// Whether a key now is a chord. Ctrl+Alt is AltGr on Windows keyboards: it types
    /// characters (@, €), no chord.
    fn command(&self) -> bool {
        self.ctrl && !self.alt
    }
}

/// Where in the frame's keys `code` was pressed as a chord (Ctrl+V pastes), if it was: by
/// key position, not by character (with Ctrl held some systems report a control character
/// rather than the letter), and not AltGr's (AltGr+V types @ on a Hungarian keyboard).
pub fn chord_at(
    typed: &[&KeyboardInput],
    keys: &ButtonInput<KeyCode>,
    code: KeyCode,
) -> Option<usize> {
    let mut chords = Chords::at_frame_start(keys);
    typed.iter().position(|key| {
        !chords.follow(key)
            && key.state.is_pressed()
            && !key.repeat
            && key.key_code == code
            && chords.command()
    })
}

/// `text` after the keys typed this frame: characters and Space add, Backspace removes the
/// last character, Ctrl+U clears; other Ctrl chords are left to the caller (Ctrl+V pastes:
/// [`chord_at`]). At most `max` characters are kept.
pub fn edited<'a>(
    text: &str,
    typed: impl Iterator<Item = &'a KeyboardInput>,
    keys: &ButtonInput<KeyCode>,
    max: usize,
) -> String {
    let mut chords = Chords::at_frame_start(keys);
    let mut text = text.to_string();
    for key in typed {
        if chords.follow(key) || !key.state.is_pressed() {
            continue;
        }
        let ctrl = chords.command();
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

    #[test]
    fn a_paste_is_ctrl_v_in_order_and_altgr_v_types() {
        let v = key(KeyCode::KeyV, Key::Character("v".into()), true);
        let ctrl_down = key(KeyCode::ControlLeft, Key::Control, true);
        let ctrl_up = key(KeyCode::ControlLeft, Key::Control, false);
        let alt_gr = key(KeyCode::AltRight, Key::AltGraph, true);
        let at = key(KeyCode::KeyV, Key::Character("@".into()), true);
        let mut keys = ButtonInput::default();
        keys.press(KeyCode::ControlLeft);
        // Ctrl, then V, in one frame: a paste at the V.
        assert_eq!(chord_at(&[&ctrl_down, &v], &keys, KeyCode::KeyV), Some(1));
        // V, then Ctrl: the v is typed, no paste.
        assert_eq!(chord_at(&[&v, &ctrl_down], &keys, KeyCode::KeyV), None);
        // Ctrl held from before, V, Ctrl let go, all in one frame: a paste.
        let mut held = ButtonInput::default();
        held.press(KeyCode::ControlLeft);
        held.clear();
        held.release(KeyCode::ControlLeft);
        assert_eq!(chord_at(&[&v, &ctrl_up], &held, KeyCode::KeyV), Some(0));
        // Windows' AltGr (left Ctrl with right Alt) and V types @.
        keys.press(KeyCode::AltRight);
        let frame = [&ctrl_down, &alt_gr, &at];
        assert_eq!(chord_at(&frame, &keys, KeyCode::KeyV), None);
        assert_eq!(edited("me", frame.into_iter(), &keys, 40), "me@");
    }
}
