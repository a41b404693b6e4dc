//! Mouse clicks that survive slow frames. A click is the mouse button going down on something
//! and coming up over it again. Picking's own `Click` goes to what was hovered the frame
//! *before* the release, so a move, press and release inside one slow frame (a software
//! renderer draws about one a second) would be lost. Here each press and release is judged
//! where it happened: by the frame's hover map when that is where the pointer ended the frame,
//! else by a hit test of its own place (`state::hit_test`), so a click followed within the
//! same frame by a move or another click elsewhere is neither lost nor given to the wrong
//! thing. Buttons (`theme::widgets`) and board squares (`input::pointer`) both read
//! [`MouseClick`]; the keyboard focus (`theme::focus`) follows [`MousePress`].

use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::{
    Location, PointerAction, PointerButton, PointerId, PointerInput, PointerLocation,
};
use bevy::prelude::*;

use super::hit_test::HitTest;
use crate::schedule::GameSet;

pub fn plugin(app: &mut App) {
    app.init_resource::<Pressed>()
        .add_message::<MouseClick>()
        .add_message::<MousePress>()
        .configure_sets(Update, UseClicks.after(Clicks))
        .add_systems(Update, find_clicks.in_set(GameSet::Input).in_set(Clicks));
}

/// The system that turns presses and releases into [`MouseClick`]s (readers order after it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Clicks;

/// The systems that act on the frame's [`MouseClick`]s as uses of buttons (after [`Clicks`];
/// text boxes take the frame's keys before them, `theme::focus`).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UseClicks;

/// A click of the mouse's `button` on `entity`: the innermost entity that holds both what
/// the button went down on and what it came up over (a button's label or its padding both
/// give the button's node or one inside it; a square gives the square). Readers look at it
/// and its ancestors for what they handle.
#[derive(Message, Copy, Clone, Debug, PartialEq)]
pub struct MouseClick {
    pub entity: Entity,
    pub button: PointerButton,
}

/// A press of the mouse's `button`, with everything that was under it (topmost first where
/// it was judged by the hit test), in the order the frame's presses came.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct MousePress {
    pub under: Vec<Entity>,
    pub button: PointerButton,
}

/// What each mouse button (left, right) went down on (all that was under it), until it
/// comes up.
#[derive(Resource, Default, Debug)]
struct Pressed([Option<Vec<Entity>>; 2]);

fn slot(button: PointerButton) -> Option<usize> {
    match button {
        PointerButton::Primary => Some(0),
        PointerButton::Secondary => Some(1),
        PointerButton::Middle => None,
    }
}

fn find_clicks(
    mut inputs: MessageReader<PointerInput>,
    pointers: Query<(&PointerId, &PointerLocation)>,
    hover: Res<HoverMap>,
    mut hit_test: HitTest,
    parents: Query<&ChildOf>,
    mut pressed: ResMut<Pressed>,
    mut clicks: MessageWriter<MouseClick>,
    mut presses: MessageWriter<MousePress>,
) {
    // Where picking looked this frame: the mouse's place once all of the frame's input was in.
    let looked_at = pointers
        .iter()
        .find(|(id, _)| **id == PointerId::Mouse)
        .and_then(|(_, at)| at.location().cloned());
    let mut under = |place: &Location| -> Vec<Entity> {
        // Before the pointer has a place at all (no move yet) picking hits nothing, and
        // neither does this.
        if looked_at.is_none() || looked_at.as_ref() == Some(place) {
            hover
                .get(&PointerId::Mouse)
                .map(|hits| hits.keys().copied().collect())
                .unwrap_or_default()
        } else {
            let hits = hit_test.at(place.position);
            debug!(
                "input at {} judged by its own hit test: {hits:?}",
                place.position
            );
            hits
        }
    };
    for input in inputs.read() {
        if input.pointer_id != PointerId::Mouse {
            continue;
        }
        match input.action {
            PointerAction::Press(button) => {
                let down_on = under(&input.location);
                if let Some(i) = slot(button) {
                    pressed.0[i] = Some(down_on.clone());
                }
                presses.write(MousePress {
                    under: down_on,
                    button,
                });
            }
            PointerAction::Release(button) => {
                let Some(down_on) = slot(button).and_then(|i| pressed.0[i].take()) else {
                    continue;
                };
                let up_over = under(&input.location);
                if let Some(entity) = shared(&down_on, &up_over, &parents) {
                    clicks.write(MouseClick { entity, button });
                }
            }
            _ => {}
        }
    }
}

/// The innermost entity that holds (or is) something the button went down on and something
/// it came up over.
fn shared(down_on: &[Entity], up_over: &[Entity], parents: &Query<&ChildOf>) -> Option<Entity> {
    // An entity and its ancestors, innermost first.
    let chain = |e: Entity| std::iter::once(e).chain(parents.iter_ancestors(e));
    down_on
        .iter()
        .flat_map(|&down| {
            up_over.iter().filter_map(move |&up| {
                chain(down)
                    .enumerate()
                    .find(|(_, a)| chain(up).any(|b| b == *a))
            })
        })
        .min_by_key(|(depth, _)| *depth)
        .map(|(_, entity)| entity)
}
