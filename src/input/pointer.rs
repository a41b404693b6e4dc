//! The mouse: hovering a square moves the cursor there, a left click places, a right click
//! picks the next line under the one-line rule. Uses Bevy's mesh picking on the square entities.

use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::{Cursor, request_placement};
use crate::GameSet;
use crate::board::discs::BoardAnimation;
use crate::board::squares::BoardSquare;
use crate::rules::{Match, PlaceRequest};

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (hover, click).chain().in_set(GameSet::Input));
}

fn hover(
    mut over: MessageReader<Pointer<Over>>,
    mut out: MessageReader<Pointer<Out>>,
    squares: Query<&BoardSquare>,
    mut cursor: ResMut<Cursor>,
) {
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

fn click(
    mut clicks: MessageReader<Pointer<Click>>,
    squares: Query<&BoardSquare>,
    mut cursor: ResMut<Cursor>,
    state: Res<Match>,
    animation: Res<BoardAnimation>,
    time: Res<Time>,
    mut requests: MessageWriter<PlaceRequest>,
) {
    for e in clicks.read() {
        let Ok(sq) = squares.get(e.entity) else {
            continue;
        };
        match e.event.button {
            PointerButton::Primary => {
                cursor.square = Some(sq.0);
                request_placement(&state, &cursor, sq.0, &animation, &time, &mut requests);
            }
            PointerButton::Secondary => cursor.line_choice += 1,
            PointerButton::Middle => {}
        }
    }
}
