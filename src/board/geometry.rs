//! Where things are on the board: the playing surface's height, the discs' size, a square's
//! centre in the world and the square under a point. Everything that places a mesh asks here.

use bevy::prelude::*;
use reversi_engine::Square;

/// Height of the playing surface.
pub const SURFACE_Y: f32 = 0.0;
/// Disc radius and thickness, in square widths.
pub const DISC_RADIUS: f32 = 0.41;
pub const DISC_THICKNESS: f32 = 0.12;

/// Where the key light shines from (a point on its line through the board's centre): up and
/// to the left of Black's side. The light and the discs' soft shadows both follow it.
pub const KEY_LIGHT_FROM: Vec3 = Vec3::new(-5.0, 9.0, 5.5);

/// The world position of the centre of `square` on the playing surface. Columns a-h run
/// along +x, rows 1-8 along +z, so from the default (Black's) camera a1 is top-left.
pub fn square_center(square: Square) -> Vec3 {
    Vec3::new(
        square.column() as f32 - 3.5,
        SURFACE_Y,
        square.row() as f32 - 3.5,
    )
}

/// Where a disc lying on `square` has its centre.
pub fn disc_rest(square: Square) -> Vec3 {
    square_center(square) + Vec3::Y * (DISC_THICKNESS / 2.0)
}

/// The square under a point of the playing surface, if any.
pub fn square_at(point: Vec3) -> Option<Square> {
    let c = (point.x + 4.0).floor();
    let r = (point.z + 4.0).floor();
    if (0.0..8.0).contains(&c) && (0.0..8.0).contains(&r) {
        Square::from_coords(c as u8, r as u8)
    } else {
        None
    }
}
