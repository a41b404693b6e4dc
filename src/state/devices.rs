//! Who holds which device in a two-player game, and reading a device the same way everywhere
//! (held Ctrl/Cmd, a pad's direction, a held direction's repeats): board input, menu focus and
//! the couch's undo vote all ask these.

use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::i18n::Msg;
use reversi_engine::Color as Side;

use crate::rules::{Match, Player};
use crate::state::series::Series;

/// An input device a person can hold.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Device {
    /// Always shared: it acts for whoever is to move.
    Mouse,
    Keyboard,
    Pad(Entity),
}

/// The gamepad each of the two people holds (indexed by person: player 1, player 2).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Seats {
    pub pads: [Option<Entity>; 2],
    /// Set by the new-game menu while two-player mode is chosen: a press on an unclaimed pad
    /// then claims it instead of doing anything else.
    pub joining: bool,
    /// Pads that joined this frame; their press is used up.
    pub just_joined: Vec<Entity>,
}

impl Seats {
    /// The person (0 or 1) who holds `device`, if anyone does.
    pub fn person_of(&self, device: Device) -> Option<usize> {
        match device {
            Device::Mouse => None,
            Device::Pad(pad) => self.pads.iter().position(|p| *p == Some(pad)),
            Device::Keyboard => match self.pads {
                [Some(_), None] => Some(1),
                [None, Some(_)] => Some(0),
                _ => None,
            },
        }
    }

    /// The side `device` plays in this game: only two-player games have owned devices.
    pub fn side_of(&self, device: Device, state: &Match, series: &Series) -> Option<Side> {
        if state.setup.players != [Player::Human, Player::Human] {
            return None;
        }
        self.person_of(device)
            .map(|person| series.side_of_person(person))
    }

    /// The pad a side's player holds in a two-player game.
    pub fn pad_of(&self, side: Side, state: &Match, series: &Series) -> Option<Entity> {
        self.pads
            .into_iter()
            .flatten()
            .find(|pad| self.side_of(Device::Pad(*pad), state, series) == Some(side))
    }

    /// How the new-game menu names a person's device.
    pub fn describe(&self, person: usize, pads: &[Entity]) -> Msg {
        let pad_number = |e: Entity| pads.iter().position(|p| *p == e).map(|i| i + 1);
        match self.pads[person] {
            Some(pad) => match pad_number(pad) {
                Some(n) => Msg::new("plays-with-gamepad").arg("n", n),
                None => Msg::new("plays-with-a-gamepad"),
            },
            None if self.person_of(Device::Keyboard) == Some(person) => {
                Msg::new("plays-with-keyboard")
            }
            None => Msg::new("plays-with-shared"),
        }
    }
}

/// Seconds before a held direction repeats, and between repeats.
const REPEAT_DELAY: f32 = 0.35;
const REPEAT_EVERY: f32 = 0.12;

/// Turns a held direction into cursor steps: one at once, then repeats while it is held.
#[derive(Default, Debug, Clone, Copy)]
pub struct Repeat {
    dir: (i8, i8),
    next: f32,
}

impl Repeat {
    /// The step to take this frame, if any, for the direction held now at time `now`.
    pub fn step(&mut self, dir: (i8, i8), now: f32) -> Option<(i8, i8)> {
        if dir == (0, 0) {
            self.dir = dir;
            None
        } else if dir != self.dir {
            self.dir = dir;
            self.next = now + REPEAT_DELAY;
            Some(dir)
        } else if now >= self.next {
            self.next = now + REPEAT_EVERY;
            Some(dir)
        } else {
            None
        }
    }
}

/// The direction (right, down) a pad's d-pad or left stick points.
pub fn pad_direction(pad: &Gamepad) -> (i8, i8) {
    // A press released within the same (slow) frame still counts for that frame.
    let down = |b: GamepadButton| pad.pressed(b) || pad.just_pressed(b);
    let stick = pad.left_stick();
    let mut d = (0i8, 0i8);
    if down(GamepadButton::DPadLeft) || stick.x < -0.5 {
        d.0 = -1;
    }
    if down(GamepadButton::DPadRight) || stick.x > 0.5 {
        d.0 = 1;
    }
    if down(GamepadButton::DPadUp) || stick.y > 0.5 {
        d.1 = -1;
    }
    if down(GamepadButton::DPadDown) || stick.y < -0.5 {
        d.1 = 1;
    }
    d
}

/// The presses that cut a motion of the board short: see [`Presses::any`].
#[derive(SystemParam)]
pub struct Presses<'w, 's> {
    keys: Res<'w, ButtonInput<KeyCode>>,
    mouse: Res<'w, ButtonInput<MouseButton>>,
    pads: Query<'w, 's, &'static Gamepad>,
}

impl Presses<'_, '_> {
    /// A key, a mouse button or a pad's button went down this frame (as [`any_press`] says
    /// for keys and mouse; on a pad any button but those that open and leave menus: Start,
    /// Select, the guide button and East, the pad's Esc): what cuts a motion of the board
    /// short (the computer's showing, a new game's sweep, the end-of-game count), for a
    /// pad-only player too.
    pub fn any(&self) -> bool {
        const NOT_A_SKIP: [GamepadButton; 4] = [
            GamepadButton::Start,
            GamepadButton::Select,
            GamepadButton::Mode,
            GamepadButton::East,
        ];
        any_press(&self.keys, &self.mouse)
            || self
                .pads
                .iter()
                .any(|pad| pad.get_just_pressed().any(|b| !NOT_A_SKIP.contains(b)))
    }
}

/// A key or a mouse button went down this frame: what cuts a motion of the board short (the
/// computer's showing, a new game's sweep, the end-of-game count). Not the right button,
/// which starts turning the view to watch it, nor a modifier or Esc alone (a chord begun,
/// the menu opened over it).
pub fn any_press(keys: &ButtonInput<KeyCode>, mouse: &ButtonInput<MouseButton>) -> bool {
    const NOT_A_SKIP: [KeyCode; 9] = [
        KeyCode::ShiftLeft,
        KeyCode::ShiftRight,
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::AltLeft,
        KeyCode::AltRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
        KeyCode::Escape,
    ];
    keys.get_just_pressed().any(|k| !NOT_A_SKIP.contains(k))
        || mouse.get_just_pressed().any(|b| *b != MouseButton::Right)
}

/// Ctrl (Cmd on a Mac) is down, or was pressed this frame: a quick Ctrl+C can start and end
/// inside one slow frame, and then Ctrl is no longer "pressed" when the frame looks. Not with
/// Alt: Windows reports AltGr as Ctrl and Alt, and AltGr+C, AltGr+V type characters (&, @ on
/// a Hungarian keyboard), not chords.
pub fn command_held(keys: &ButtonInput<KeyCode>) -> bool {
    let modifiers = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    let alt = [KeyCode::AltLeft, KeyCode::AltRight];
    let down = |codes: &[KeyCode]| {
        keys.any_pressed(codes.iter().copied()) || keys.any_just_pressed(codes.iter().copied())
    };
    down(&modifiers) && !down(&alt)
}

/// The letters pressed with Ctrl or Cmd held this frame, as the keyboard's layout prints them:
/// Ctrl+Z is the key printed Z wherever it sits (the physical Y key on a German keyboard, W on
/// a French one). A key that types no Latin letter (a Cyrillic layout) counts by its place on
/// a US keyboard instead, as other programs read it.
pub fn command_letters<'a>(
    keys: &ButtonInput<KeyCode>,
    typed: impl Iterator<Item = &'a KeyboardInput>,
) -> Vec<char> {
    if !command_held(keys) {
        return Vec::new();
    }
    typed
        .filter(|k| k.state == ButtonState::Pressed && !k.repeat)
        .filter_map(|k| match &k.logical_key {
            Key::Character(c) if c.len() == 1 && c.chars().all(|l| l.is_ascii_alphabetic()) => {
                c.chars().next().map(|l| l.to_ascii_lowercase())
            }
            _ => US_LETTERS
                .iter()
                .find(|(code, _)| *code == k.key_code)
                .map(|&(_, letter)| letter),
        })
        .collect()
}

/// The letter each key prints on a US keyboard.
const US_LETTERS: [(KeyCode, char); 26] = [
    (KeyCode::KeyA, 'a'),
    (KeyCode::KeyB, 'b'),
    (KeyCode::KeyC, 'c'),
    (KeyCode::KeyD, 'd'),
    (KeyCode::KeyE, 'e'),
    (KeyCode::KeyF, 'f'),
    (KeyCode::KeyG, 'g'),
    (KeyCode::KeyH, 'h'),
    (KeyCode::KeyI, 'i'),
    (KeyCode::KeyJ, 'j'),
    (KeyCode::KeyK, 'k'),
    (KeyCode::KeyL, 'l'),
    (KeyCode::KeyM, 'm'),
    (KeyCode::KeyN, 'n'),
    (KeyCode::KeyO, 'o'),
    (KeyCode::KeyP, 'p'),
    (KeyCode::KeyQ, 'q'),
    (KeyCode::KeyR, 'r'),
    (KeyCode::KeyS, 's'),
    (KeyCode::KeyT, 't'),
    (KeyCode::KeyU, 'u'),
    (KeyCode::KeyV, 'v'),
    (KeyCode::KeyW, 'w'),
    (KeyCode::KeyX, 'x'),
    (KeyCode::KeyY, 'y'),
    (KeyCode::KeyZ, 'z'),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn pressed(code: KeyCode, logical: Key) -> KeyboardInput {
        KeyboardInput {
            key_code: code,
            logical_key: logical,
            state: ButtonState::Pressed,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        }
    }

    #[test]
    fn command_letters_are_read_as_the_layout_prints_them() {
        let mut keys = ButtonInput::<KeyCode>::default();
        // German: the key printed Z is the physical Y key.
        let german_z = pressed(KeyCode::KeyY, Key::Character("z".into()));
        assert!(
            command_letters(&keys, [&german_z].into_iter()).is_empty(),
            "no Ctrl"
        );
        // Ctrl down and up again within the frame still counts.
        keys.press(KeyCode::ControlLeft);
        keys.release(KeyCode::ControlLeft);
        assert_eq!(command_letters(&keys, [&german_z].into_iter()), ['z']);
        // Russian: the key types a Cyrillic letter and counts where it sits.
        let russian = pressed(KeyCode::KeyZ, Key::Character("я".into()));
        let ctrl = pressed(KeyCode::ControlLeft, Key::Control);
        assert_eq!(command_letters(&keys, [&ctrl, &russian].into_iter()), ['z']);
        let shifted = pressed(KeyCode::KeyY, Key::Character("Y".into()));
        assert_eq!(command_letters(&keys, [&shifted].into_iter()), ['y']);
        // Windows' AltGr is Ctrl with Alt: AltGr+V types @ (Hungarian), it is no chord.
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::AltRight);
        assert!(!command_held(&keys));
        let at = pressed(KeyCode::KeyV, Key::Character("@".into()));
        assert!(command_letters(&keys, [&at].into_iter()).is_empty());
    }

    #[test]
    fn turning_the_view_or_opening_the_menu_skips_no_motion() {
        let mut keys = ButtonInput::<KeyCode>::default();
        let mut mouse = ButtonInput::<MouseButton>::default();
        mouse.press(MouseButton::Right);
        keys.press(KeyCode::Escape);
        keys.press(KeyCode::ShiftLeft);
        assert!(!any_press(&keys, &mouse));
        mouse.press(MouseButton::Left);
        assert!(any_press(&keys, &mouse));
        mouse.clear();
        keys.press(KeyCode::Space);
        assert!(any_press(&keys, &mouse));
    }

    #[test]
    fn the_keyboard_goes_to_whoever_has_no_pad() {
        let pad = Entity::from_raw_u32(7).unwrap();
        let other = Entity::from_raw_u32(8).unwrap();
        let mut seats = Seats::default();
        assert_eq!(seats.person_of(Device::Keyboard), None);
        seats.pads[0] = Some(pad);
        assert_eq!(seats.person_of(Device::Keyboard), Some(1));
        assert_eq!(seats.person_of(Device::Pad(pad)), Some(0));
        assert_eq!(seats.person_of(Device::Pad(other)), None);
        seats.pads[1] = Some(other);
        assert_eq!(seats.person_of(Device::Keyboard), None);
        assert_eq!(
            seats.describe(1, &[pad, other]),
            Msg::new("plays-with-gamepad").arg("n", 2)
        );
    }
}
