//! The 3D board: its body and 64 square entities, the disc entities and their flips, the
//! markers on top (legal moves, last move, hover preview), the players' cursors, the supplies
//! and the coordinates.

pub mod cursors;
pub mod discs;
pub mod geometry;
pub mod labels;
pub mod markers;
pub mod squares;
pub mod supply;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        squares::plugin,
        cursors::plugin,
        discs::plugin,
        markers::plugin,
        supply::plugin,
        labels::plugin,
    ));
}
