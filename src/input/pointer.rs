//! The mouse: hovering a square moves the cursor of the side to move there, a left click
//! places, a right click picks the next line under the one-line rule. Uses Bevy's mesh
//! picking on the square entities. The mouse is shared: it always plays for the side to move.

use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::pointer::{PointerAction, PointerButton, PointerId, PointerInput};
use bevy::prelude::*;

use super::placement::{Placing, acting_side};
use crate::board::squares::BoardSquare;
use crate::rules::Match;
use crate::schedule::GameSet;
use crate::state::clicks::{Clicks, MouseClick};
use crate::state::cursors::Cursors;
use crate::state::devices::{Device, Seats};
use crate::state::series::Series;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (hover, click).chain().in_set(GameSet::Input).after(Clicks),
    );
}

fn hover(
    mut over: MessageReader<Pointer<Over>>,
    mut out: MessageReader<Pointer<Out>>,
    mut pointer: MessageReader<PointerInput>,
    squares: Query<&BoardSquare>,
    mut cursors: ResMut<Cursors>,
    state: Res<Match>,
    seats: Res<Seats>,
    series: Res<Series>,
) {
    let (side, _) = acting_side(&state, &seats, &series, Device::Mouse);
    let cursor = cursors.of_mut(side);
    // A board turning under a resting mouse (the view facing the player to move) brings
    // other squares under it: that is no one pointing. A cursor the keys or a pad show stays
    // where they put it until the mouse itself moves (or a touch lands; a wheel's zoom, which
    // also brings other squares under it, is no pointing either).
    let pointer_acted = pointer.read().any(|i| {
        matches!(
            i.action,
            PointerAction::Move { .. } | PointerAction::Press(_)
        )
    });
    if cursor.visible && !pointer_acted {
        over.clear();
        out.clear();
        return;
    }
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

/// A left click on a square places there, a right click picks the next line. Mouse clicks
/// come from `state::clicks` (so a move, press and release inside one slow frame count);
/// touch taps use picking's `Click`, which suits them.
fn click(
    mut clicks: MessageReader<MouseClick>,
    mut taps: MessageReader<Pointer<Click>>,
    squares: Query<&BoardSquare>,
    mut cursors: ResMut<Cursors>,
    state: Res<Match>,
    seats: Res<Seats>,
    series: Res<Series>,
    mut placing: Placing,
) {
    let mut clicked: Vec<(Entity, PointerButton)> =
        clicks.read().map(|c| (c.entity, c.button)).collect();
    clicked.extend(
        taps.read()
            .filter(|e| matches!(e.pointer_id, PointerId::Touch(_)))
            .map(|e| (e.entity, e.event.button)),
    );
    let (side, source) = acting_side(&state, &seats, &series, Device::Mouse);
    let cursor = cursors.of_mut(side);
    // One placement a frame: a second left click on the board in the same slow frame (a
    // double click) would be judged against the board before the first move, as a later
    // frame would ignore it while the discs turn.
    let mut placed = false;
    for (entity, button) in clicked {
        let Ok(sq) = squares.get(entity) else {
            continue;
        };
        // A click where the cursor is not (a slow frame's click that no hover reached, or
        // the keyboard's cursor elsewhere) starts from that square's first line, as a hover
        // there would: the line picked on another square is not this one's.
        if cursor.square != Some(sq.0) && !matches!(button, PointerButton::Middle) {
            cursor.square = Some(sq.0);
            cursor.line_choice = 0;
        }
        match button {
            PointerButton::Primary if placed => {}
            PointerButton::Primary => {
                placed = true;
                placing.request(&state, cursor, source);
            }
            PointerButton::Secondary => cursor.line_choice += 1,
            PointerButton::Middle => {}
        }
    }
}
