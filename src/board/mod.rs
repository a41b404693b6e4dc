//! The 3D board, sized to the game's board (8×8, or 4×4, 6×6, 10×10): the table and the
//! board's body, its square entities, the disc entities and their flips, the markers on top
//! (legal moves, last move, hover preview), the players' cursors, the supplies and the
//! coordinates.

pub mod body;
pub mod count;
pub mod cursors;
pub mod discs;
pub mod geometry;
pub mod labels;
pub mod markers;
pub mod shadows;
pub mod shapes;
pub mod squares;
pub mod supply;
pub mod textures;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        body::plugin,
        squares::plugin,
        cursors::plugin,
        discs::plugin,
        markers::plugin,
        supply::plugin,
        labels::plugin,
        count::plugin,
        shadows::plugin,
    ));
}
