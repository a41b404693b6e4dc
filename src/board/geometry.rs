//! Where things are on the board: the playing surface's height, the discs' size, a square's
//! centre in the world and the square under a point. Everything that places a mesh asks here.

use bevy::prelude::*;
use reversi_engine::grid::{BoardSize, Cell};

/// Height of the playing surface.
pub const SURFACE_Y: f32 = 0.0;
/// Disc radius and thickness, in square widths.
pub const DISC_RADIUS: f32 = 0.41;
pub const DISC_THICKNESS: f32 = 0.12;

/// Where the key light shines from (a point on its line through the board's centre): up and
/// to the left of Black's side. The light and the discs' soft shadows both follow it.
pub const KEY_LIGHT_FROM: Vec3 = Vec3::new(-5.0, 9.0, 5.5);

/// Half the board's width in world units (one square is one unit): 4 on 8×8.
pub fn half_width(size: BoardSize) -> f32 {
    f32::from(size.side()) / 2.0
}

/// How much larger than the 8×8 board this one is (the camera and the lights follow it).
pub fn scale(size: BoardSize) -> f32 {
    f32::from(size.side()) / 8.0
}

/// The world position of the centre of `square` on the playing surface of a board of `size`,
/// centred on the origin. Columns run along +x, rows along +z, so from the default (Black's)
/// camera a1 is top-left.
pub fn square_center(size: BoardSize, square: Cell) -> Vec3 {
    let offset = half_width(size) - 0.5;
    Vec3::new(
        f32::from(square.column) - offset,
        SURFACE_Y,
        f32::from(square.row) - offset,
    )
}

/// Where a disc lying on `square` has its centre.
pub fn disc_rest(size: BoardSize, square: Cell) -> Vec3 {
    square_center(size, square) + Vec3::Y * (DISC_THICKNESS / 2.0)
}

/// The square under a point of the playing surface, if any.
pub fn square_at(size: BoardSize, point: Vec3) -> Option<Cell> {
    let half = half_width(size);
    let side = f32::from(size.side());
    let c = (point.x + half).floor();
    let r = (point.z + half).floor();
    ((0.0..side).contains(&c) && (0.0..side).contains(&r)).then_some(Cell {
        column: c as u8,
        row: r as u8,
    })
}
