//! Keyboard and gamepad use of every on-screen panel, for players who do not touch the mouse.
//! The panel on top (a `FocusScope`) has one focused button, drawn with an outline: Tab and
//! Shift+Tab walk through its buttons, Up/Down (d-pad, stick) go to the row above or below
//! (landing on the option chosen there), Left/Right move along a row (not out of a text
//! box), Enter/Space (South) use it. A press focuses what it pressed (in a panel with a
//! default button, such as the new-game menu's Start, an option clicked leaves the focus
//! there, so Enter still starts).
//! Whatever the device, a used button receives [`Activate`], so every button is wired once.
//!
//! Each frame's keys first go to the button that had the focus when they came
//! ([`TypedKeys`]): a slow frame (software rendering draws about one a second) can hold the
//! end of a typed transcript and the click on Open, and the press moves the focus before any
//! system sees the keys, which were typed before it. A mouse press focuses what it was made
//! on (`state::clicks` judges it where it happened, not where the pointer ended the frame).
//! Text boxes take their keys in [`TextEntry`], before clicks are used, so a click on Open or
//! Save uses what was typed in the same frame.

use bevy::ecs::relationship::Relationship;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::picking::pointer::PointerId;
use bevy::prelude::*;
use bevy::window::WindowEvent;

use super::palette;
use super::widgets::{Activate, Selected, button_holding, nearest_marked};
use crate::schedule::GameSet;
use crate::state::clicks::{Clicks, MousePress, UseClicks};
use crate::state::devices::pad_direction;
use crate::state::devices::{Device, Repeat, Seats};

pub fn plugin(app: &mut App) {
    app.init_resource::<Focused>()
        .init_resource::<TypedKeys>()
        .init_resource::<FocusBefore>()
        .configure_sets(
            Update,
            TextEntry
                .in_set(GameSet::Input)
                .after(sort_typed_keys)
                .before(UseClicks),
        )
        .add_systems(
            Update,
            (focus_pressed, sort_typed_keys)
                .chain()
                .in_set(GameSet::Input)
                .after(Clicks),
        )
        .add_systems(
            Update,
            (navigate, show_focus).chain().in_set(GameSet::Presentation),
        )
        .add_systems(Last, remember_focus)
        .add_observer(focus_touched);
}

/// The root of a panel whose buttons take focus; when several are up, the highest priority
/// (a menu over the game-over panel) has it.
#[derive(Component, Clone, Copy, Debug)]
pub struct FocusScope(pub u8);

/// The button a panel focuses first when it opens (else its first button).
#[derive(Component, Default)]
pub struct FocusFirst;

/// The button Enter means in its panel (the new-game menu's Start, labelled "(Enter)"; the
/// save menu's name box, where Enter saves): a
/// mouse press on one of the panel's [`FormOption`]s leaves the focus here, as a dialog's
/// default button keeps Enter while options are clicked. Other buttons (Open beside its text
/// box, say) take the focus as usual; keyboard and gamepad navigation still go everywhere.
#[derive(Component, Default)]
pub struct DefaultButton;

/// A button that picks one of a form's options (a choice row's entry, a colour sample).
#[derive(Component, Default)]
pub struct FormOption;

/// A button that takes typed text while focused: Space types a space instead of using it,
/// Left and Right stay in the box (a player moving the caret must not send the letters after
/// it to the button beside), and Enter moves on to the next stop, or uses the box where it
/// [`SubmitsOnEnter`].
#[derive(Component, Default)]
pub struct TakesText;

/// A text box where Enter uses it ([`Activate`] by the keyboard: open the game typed, save
/// under the name typed) instead of moving on. A held Enter uses it once.
#[derive(Component, Default)]
pub struct SubmitsOnEnter;

/// The focused button of the top panel, if one is up.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Focused(pub Option<Entity>);

/// The systems in which text boxes take their keys from [`TypedKeys`].
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TextEntry;

/// This frame's keys, each with the button that had the focus when it came, split at the
/// frame's first mouse press: those before it went where the focus was, the rest where it
/// is now. (Focus moved by a key, "Tab, then letters" within one frame, is not followed:
/// the letters go where the frame's press left the focus.)
#[derive(Resource, Default, Debug)]
pub struct TypedKeys {
    keys: Vec<(Option<Entity>, KeyboardInput)>,
    /// How many came before the press (none when there was no press).
    before_press: usize,
}

impl TypedKeys {
    /// The keys typed into `target` this frame, in order.
    pub fn into_box(&self, target: Entity) -> impl Iterator<Item = &KeyboardInput> {
        self.keys
            .iter()
            .filter(move |(to, _)| *to == Some(target))
            .map(|(_, key)| key)
    }

    /// The keys that came after the frame's first press (all of them when there was none):
    /// those before it belong to the button the press took the focus from.
    fn after_press(&self) -> impl Iterator<Item = &KeyboardInput> {
        self.keys[self.before_press..].iter().map(|(_, key)| key)
    }
}

/// The focus as the last frame left it: where the keys before this frame's first press went.
#[derive(Resource, Default)]
struct FocusBefore(Option<Entity>);

fn remember_focus(focused: Res<Focused>, mut before: ResMut<FocusBefore>) {
    before.0 = focused.0;
}

/// Splits the frame's keys at its first press of a mouse button picking uses, by the
/// window's own ordered stream of events. (Keys that come without window events, as the
/// headless tests send them, go where the focus is now.)
fn sort_typed_keys(
    mut keys: MessageReader<KeyboardInput>,
    mut window: MessageReader<WindowEvent>,
    focused: Res<Focused>,
    before: Res<FocusBefore>,
    mut typed: ResMut<TypedKeys>,
) {
    let mut seen = 0;
    let mut before_press = None;
    for event in window.read() {
        match event {
            WindowEvent::KeyboardInput(_) => seen += 1,
            WindowEvent::MouseButtonInput(m)
                if m.state == ButtonState::Pressed
                    && matches!(
                        m.button,
                        MouseButton::Left | MouseButton::Right | MouseButton::Middle
                    ) =>
            {
                before_press.get_or_insert(seen);
            }
            _ => {}
        }
    }
    let before_press = before_press.unwrap_or(0);
    typed.keys = keys
        .read()
        .enumerate()
        .map(|(i, key)| {
            let to = if i < before_press {
                before.0
            } else {
                focused.0
            };
            (to, key.clone())
        })
        .collect();
    typed.before_press = before_press.min(typed.keys.len());
}

/// One movement of the focus, from whichever device.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Nav {
    Next,
    Previous,
    Up,
    Down,
    Left,
    Right,
}

/// A button the mouse pressed takes the focus (on the press: a release may come in the same
/// frame, and the button's action may close its panel); of several presses in one frame,
/// the last one's. A [`FormOption`] in a panel with a [`DefaultButton`] leaves the focus on
/// that button instead.
fn focus_pressed(
    mut presses: MessageReader<MousePress>,
    buttons: Query<(), With<Button>>,
    parents: Query<&ChildOf>,
    scopes: Query<(), With<FocusScope>>,
    defaults: Query<Entity, With<DefaultButton>>,
    options: Query<(), With<FormOption>>,
    mut focused: ResMut<Focused>,
) {
    for press in presses.read() {
        let button = press
            .under
            .iter()
            .find_map(|&e| button_holding(e, &buttons, &parents));
        if let Some(button) = button {
            // The panel holding an option, and that panel's default button.
            let default = options
                .contains(button)
                .then(|| nearest_marked(button, &scopes, &parents))
                .flatten()
                .and_then(|panel| {
                    defaults
                        .iter()
                        .find(|&d| nearest_marked(d, &scopes, &parents) == Some(panel))
                });
            focused.0 = Some(default.unwrap_or(button));
        }
    }
}

/// A button touched on a touch screen takes the focus (touch has no hover between touches,
/// so picking's own press is where it happened).
fn focus_touched(
    press: On<Pointer<Press>>,
    buttons: Query<(), With<Button>>,
    mut focused: ResMut<Focused>,
) {
    if matches!(press.pointer_id, PointerId::Touch(_)) && buttons.contains(press.event_target()) {
        focused.0 = Some(press.event_target());
    }
}

/// The buttons under `root` in the order they are laid out, skipping hidden parts, each with
/// the row it sits in (its parent, or itself when the parent stacks its children).
fn buttons_in_order(
    root: Entity,
    children: &Query<&Children>,
    nodes: &Query<&Node>,
    buttons: &Query<(), With<Button>>,
    parents: &Query<&ChildOf>,
) -> Vec<(Entity, Entity)> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(e) = stack.pop() {
        if nodes.get(e).is_ok_and(|n| n.display == Display::None) {
            continue;
        }
        if buttons.contains(e) {
            // A button stacked in a column (the pause menu's) is a row of its own.
            let row = parents
                .get(e)
                .map(|p| p.get())
                .ok()
                .filter(|p| {
                    nodes.get(*p).is_ok_and(|n| {
                        !matches!(
                            n.flex_direction,
                            FlexDirection::Column | FlexDirection::ColumnReverse
                        )
                    })
                })
                .unwrap_or(e);
            out.push((e, row));
            continue; // a button's own children (its label) are not separate stops
        }
        if let Ok(kids) = children.get(e) {
            stack.extend(kids.iter().rev());
        }
    }
    out
}

/// Where the focus goes from `current` (an index into `order`).
fn target(
    order: &[(Entity, Entity)],
    current: usize,
    nav: Nav,
    selected: &Query<&Selected>,
) -> usize {
    let n = order.len();
    let row = order[current].1;
    match nav {
        Nav::Next => (current + 1) % n,
        Nav::Previous => (current + n - 1) % n,
        Nav::Left | Nav::Right => {
            let in_row: Vec<usize> = (0..n).filter(|i| order[*i].1 == row).collect();
            let at = in_row.iter().position(|i| *i == current).unwrap_or(0);
            let step = if nav == Nav::Right {
                1
            } else {
                in_row.len() - 1
            };
            in_row[(at + step) % in_row.len()]
        }
        Nav::Up | Nav::Down => {
            let mut rows: Vec<Entity> = Vec::new();
            for (_, r) in order {
                if !rows.contains(r) {
                    rows.push(*r);
                }
            }
            let at = rows.iter().position(|r| *r == row).unwrap_or(0);
            let to = if nav == Nav::Down {
                (at + 1) % rows.len()
            } else {
                (at + rows.len() - 1) % rows.len()
            };
            let in_row = || (0..n).filter(|i| order[*i].1 == rows[to]);
            in_row()
                .find(|i| selected.get(order[*i].0).is_ok_and(|s| s.0))
                .or_else(|| in_row().next())
                .unwrap_or(current)
        }
    }
}

fn navigate(
    scopes: Query<(Entity, &FocusScope)>,
    children: Query<&Children>,
    nodes: Query<&Node>,
    buttons: Query<(), With<Button>>,
    parents: Query<&ChildOf>,
    selected: Query<&Selected>,
    first: Query<(), With<FocusFirst>>,
    text_boxes: Query<Has<SubmitsOnEnter>, With<TakesText>>,
    keys: Res<ButtonInput<KeyCode>>,
    typed: Res<TypedKeys>,
    pads: Query<(Entity, &Gamepad)>,
    seats: Res<Seats>,
    time: Res<Time>,
    mut repeat: Local<Repeat>,
    mut focused: ResMut<Focused>,
    mut commands: Commands,
) {
    let Some((root, _)) = scopes.iter().max_by_key(|(e, s)| (s.0, e.index())) else {
        focused.set_if_neq(Focused(None));
        return;
    };
    let order = buttons_in_order(root, &children, &nodes, &buttons, &parents);
    if order.is_empty() {
        focused.set_if_neq(Focused(None));
        return;
    }
    let mut current = match order.iter().position(|(e, _)| Some(*e) == focused.0) {
        Some(i) => i,
        None => {
            let i = order
                .iter()
                .position(|(e, _)| first.contains(*e))
                .unwrap_or(0);
            // A panel that just opened ignores the key that opened it.
            focused.0 = Some(order[i].0);
            return;
        }
    };
    // Keys are taken in the order they came: a frame under software rendering can hold
    // several, and "Enter, then Down" must use the button before leaving it. Keys typed
    // before the frame's click belong to what had the focus then, not to what was clicked.
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    for key in typed.after_press().filter(|k| k.state.is_pressed()) {
        let text_box = text_boxes.get(order[current].0).ok();
        let typing = text_box.is_some();
        let enter = key.logical_key == Key::Enter || key.key_code == KeyCode::NumpadEnter;
        // A held Enter or Space uses a button once, and finishes a text box once.
        let uses = !key.repeat
            && match text_box {
                Some(submits) => enter && submits,
                None => enter || key.logical_key == Key::Space,
            };
        if uses {
            commands.trigger(Activate {
                entity: order[current].0,
                by: Device::Keyboard,
            });
            continue;
        }
        let nav = match &key.logical_key {
            Key::Tab if shift => Nav::Previous,
            Key::Tab => Nav::Next,
            Key::ArrowUp => Nav::Up,
            Key::ArrowDown => Nav::Down,
            Key::ArrowLeft if !typing => Nav::Left,
            Key::ArrowRight if !typing => Nav::Right,
            // Enter in a text box that does not submit finishes it: on to the next stop.
            _ if enter && typing && !key.repeat => Nav::Next,
            _ => continue,
        };
        current = target(&order, current, nav, &selected);
    }
    let mut held = (0, 0);
    for (entity, pad) in &pads {
        if seats.just_joined.contains(&entity) {
            continue; // that press claimed the pad
        }
        let d = pad_direction(pad);
        if d != (0, 0) {
            held = d;
        }
        if pad.just_pressed(GamepadButton::South) {
            commands.trigger(Activate {
                entity: order[current].0,
                by: Device::Pad(entity),
            });
        }
    }
    if let Some((right, down)) = repeat.step(held, time.elapsed_secs()) {
        let nav = match (right, down) {
            (_, d) if d < 0 => Nav::Up,
            (_, d) if d > 0 => Nav::Down,
            (r, _) if r < 0 => Nav::Left,
            _ => Nav::Right,
        };
        current = target(&order, current, nav, &selected);
    }
    focused.set_if_neq(Focused(Some(order[current].0)));
}

fn show_focus(
    focused: Res<Focused>,
    mut commands: Commands,
    outlined: Query<Entity, With<Outline>>,
    buttons: Query<(), With<Button>>,
) {
    if !focused.is_changed() {
        return;
    }
    for e in &outlined {
        if Some(e) != focused.0 && buttons.contains(e) {
            commands.entity(e).remove::<Outline>();
        }
    }
    if let Some(e) = focused.0
        && let Ok(mut entity) = commands.get_entity(e)
    {
        entity.insert(Outline::new(px(2), px(2), palette::ACCENT));
    }
}
