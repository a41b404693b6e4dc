//! Mouse clicks that survive slow frames. A click is the mouse button going down on something
//! and coming up over it again. Picking's own `Click` goes to what was hovered the frame
//! *before* the release, so a move, press and release inside one slow frame (a software
//! renderer draws about one a second) would be lost. Here the press goes to what the pointer
//! is over in the frame it happens, and the release is checked against that frame's hover map.
//! Buttons (`theme::widgets`) and board squares (`input::pointer`) both read [`MouseClick`].

use bevy::picking::events::{Pointer, Press};
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::{PointerButton, PointerId};
use bevy::prelude::*;

use crate::schedule::GameSet;

pub fn plugin(app: &mut App) {
    app.init_resource::<Pressed>()
        .add_message::<MouseClick>()
        .add_systems(Update, find_clicks.in_set(GameSet::Input).in_set(Clicks));
}

/// The system that turns presses and releases into [`MouseClick`]s (readers order after it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Clicks;

/// A click of the mouse's `button` on `entity`: the innermost entity that holds both what
/// the button went down on and what it came up over (a button's label or its padding both
/// give the button's node or one inside it; a square gives the square). Readers look at it
/// and its ancestors for what they handle.
#[derive(Message, Copy, Clone, Debug, PartialEq)]
pub struct MouseClick {
    pub entity: Entity,
    pub button: PointerButton,
}

/// What each mouse button (left, right) went down on, until it comes up.
#[derive(Resource, Default, Debug)]
struct Pressed([Option<Entity>; 2]);

fn slot(button: PointerButton) -> Option<usize> {
    match button {
        PointerButton::Primary => Some(0),
        PointerButton::Secondary => Some(1),
        PointerButton::Middle => None,
    }
}

fn find_clicks(
    mut presses: MessageReader<Pointer<Press>>,
    mouse: Res<ButtonInput<MouseButton>>,
    hover: Res<HoverMap>,
    parents: Query<&ChildOf>,
    mut pressed: ResMut<Pressed>,
    mut clicks: MessageWriter<MouseClick>,
) {
    for press in presses.read() {
        if press.pointer_id == PointerId::Mouse
            && let Some(i) = slot(press.button)
        {
            pressed.0[i] = Some(press.entity);
        }
    }
    for (button, mouse_button) in [
        (PointerButton::Primary, MouseButton::Left),
        (PointerButton::Secondary, MouseButton::Right),
    ] {
        let i = slot(button).expect("left and right have slots");
        if !mouse.just_released(mouse_button) {
            continue;
        }
        let Some(down_on) = pressed.0[i].take() else {
            continue;
        };
        // The entity and its ancestors, innermost first.
        let chain = |e: Entity| std::iter::once(e).chain(parents.iter_ancestors(e));
        let shared = hover.get(&PointerId::Mouse).and_then(|hits| {
            hits.keys()
                .filter_map(|&up_over| {
                    chain(down_on)
                        .enumerate()
                        .find(|(_, a)| chain(up_over).any(|b| b == *a))
                })
                .min_by_key(|(depth, _)| *depth)
                .map(|(_, entity)| entity)
        });
        if let Some(entity) = shared {
            clicks.write(MouseClick { entity, button });
        }
    }
}
