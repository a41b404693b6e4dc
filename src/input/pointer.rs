//! The mouse: hovering a square moves the cursor of the side to move there, a left click
//! places, a right click picks the next line under the one-line rule. Uses Bevy's mesh
//! picking on the square entities. The mouse is shared: it always plays for the side to move.

use bevy::picking::events::{Click, Out, Over, Pointer, Press};
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::{PointerButton, PointerId};
use bevy::prelude::*;

use super::placement::{acting_side, request_placement};
use crate::board::squares::BoardSquare;
use crate::rules::{Match, PlaceRequest};
use crate::schedule::GameSet;
use crate::state::animation::BoardAnimation;
use crate::state::cursors::Cursors;
use crate::state::devices::{Device, Seats};
use crate::state::series::Series;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (hover, click).chain().in_set(GameSet::Input));
}

fn hover(
    mut over: MessageReader<Pointer<Over>>,
    mut out: MessageReader<Pointer<Out>>,
    squares: Query<&BoardSquare>,
    mut cursors: ResMut<Cursors>,
    state: Res<Match>,
    seats: Res<Seats>,
    series: Res<Series>,
) {
    let (side, _) = acting_side(&state, &seats, &series, Device::Mouse);
    let cursor = cursors.of_mut(side);
    for e in out.read() {
        if let Ok(sq) = squares.get(e.entity)
            && cursor.square == Some(sq.0)
            && !cursor.visible
        {
            cursor.square = None;
        }
    }
    for e in over.read() {
        if let Ok(sq) = squares.get(e.entity) {
            if cursor.square != Some(sq.0) {
                cursor.line_choice = 0;
            }
            cursor.square = Some(sq.0);
            cursor.visible = false;
        }
    }
}

/// A square is clicked when the mouse button comes up over the square it went down on. The
/// press goes to what the pointer is over in its own frame and the release is checked against
/// this frame's hover map, so a move, press and release inside one slow frame still count
/// (picking's `Click` looks at the frame before). Touch taps use `Click`, which suits them.
fn click(
    mut presses: MessageReader<Pointer<Press>>,
    mut taps: MessageReader<Pointer<Click>>,
    mouse: Res<ButtonInput<MouseButton>>,
    hover: Res<HoverMap>,
    mut pressed: Local<[Option<Entity>; 2]>,
    squares: Query<&BoardSquare>,
    mut cursors: ResMut<Cursors>,
    state: Res<Match>,
    seats: Res<Seats>,
    series: Res<Series>,
    animation: Res<BoardAnimation>,
    time: Res<Time>,
    mut requests: MessageWriter<PlaceRequest>,
) {
    for e in presses.read() {
        let slot = match e.event.button {
            PointerButton::Primary => 0,
            PointerButton::Secondary => 1,
            PointerButton::Middle => continue,
        };
        if e.pointer_id == PointerId::Mouse && squares.contains(e.entity) {
            pressed[slot] = Some(e.entity);
        }
    }
    let hovered = |entity: Entity| {
        hover
            .get(&PointerId::Mouse)
            .is_some_and(|hits| hits.contains_key(&entity))
    };
    let mut clicked: Vec<(Entity, PointerButton)> = Vec::new();
    for (slot, button, pointer_button) in [
        (0, MouseButton::Left, PointerButton::Primary),
        (1, MouseButton::Right, PointerButton::Secondary),
    ] {
        if mouse.just_released(button)
            && let Some(entity) = pressed[slot].take()
            && hovered(entity)
        {
            clicked.push((entity, pointer_button));
        }
    }
    clicked.extend(
        taps.read()
            .filter(|e| matches!(e.pointer_id, PointerId::Touch(_)))
            .map(|e| (e.entity, e.event.button)),
    );
    let (side, source) = acting_side(&state, &seats, &series, Device::Mouse);
    let cursor = cursors.of_mut(side);
    for (entity, button) in clicked {
        let Ok(sq) = squares.get(entity) else {
            continue;
        };
        match button {
            PointerButton::Primary => {
                cursor.square = Some(sq.0);
                request_placement(&state, cursor, source, &animation, &time, &mut requests);
            }
            PointerButton::Secondary => cursor.line_choice += 1,
            PointerButton::Middle => {}
        }
    }
}
