//! The board body (table, wooden frame, felt) and the 64 square entities the player picks.

use bevy::prelude::*;
use reversi_engine::Square;

use super::geometry::{SURFACE_Y, square_center};
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_board);
}

/// A square of the board; the entity the pointer hovers and clicks.
#[derive(Component, Copy, Clone, Debug)]
pub struct BoardSquare(pub Square);

/// Materials for a square's normal and hovered look.
#[derive(Resource)]
pub struct SquareMaterials {
    pub felt: Handle<StandardMaterial>,
    pub hover: Handle<StandardMaterial>,
}

fn spawn_board(
    mut commands: Commands,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
) {
    let (Some(mut meshes), Some(mut materials)) = (meshes, materials) else {
        // Headless logic tests have no render assets: the squares still exist as entities.
        for sq in Square::all() {
            commands.spawn((
                BoardSquare(sq),
                Transform::from_translation(square_center(sq)),
            ));
        }
        return;
    };
    let mut mat = |color: Color, roughness: f32| {
        materials.add(StandardMaterial {
            base_color: color,
            perceptual_roughness: roughness,
            ..default()
        })
    };
    let felt = mat(palette::FELT, 0.92);
    let hover = mat(palette::FELT_HOVER, 0.9);
    let wood = mat(palette::WOOD, 0.55);
    let wood_dark = mat(palette::WOOD_DARK, 0.6);
    let grid = mat(palette::GRID_LINE, 0.95);

    // Board body and raised frame.
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(9.4, 0.4, 9.4))),
        MeshMaterial3d(wood_dark.clone()),
        Transform::from_xyz(0.0, SURFACE_Y - 0.25, 0.0),
        Pickable::IGNORE,
    ));
    let rail = |len: f32, along_x: bool| {
        if along_x {
            Cuboid::new(len, 0.14, 0.6)
        } else {
            Cuboid::new(0.6, 0.14, len)
        }
    };
    for (pos, along_x) in [
        (Vec3::new(0.0, 0.0, -4.3), true),
        (Vec3::new(0.0, 0.0, 4.3), true),
        (Vec3::new(-4.3, 0.0, 0.0), false),
        (Vec3::new(4.3, 0.0, 0.0), false),
    ] {
        commands.spawn((
            Mesh3d(meshes.add(rail(9.2, along_x))),
            MeshMaterial3d(wood.clone()),
            Transform::from_translation(pos + Vec3::Y * (SURFACE_Y - 0.02)),
            Pickable::IGNORE,
        ));
    }
    // Grid lines under the tiles show through the gaps between them.
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(8.02, 0.06, 8.02))),
        MeshMaterial3d(grid),
        Transform::from_xyz(0.0, SURFACE_Y - 0.06, 0.0),
        Pickable::IGNORE,
    ));
    // The four dots that mark the centre and the corners of the inner 4×4 area.
    let dot = meshes.add(Cylinder::new(0.07, 0.01));
    for (x, z) in [(-2.0, -2.0), (2.0, -2.0), (-2.0, 2.0), (2.0, 2.0)] {
        commands.spawn((
            Mesh3d(dot.clone()),
            MeshMaterial3d(wood_dark.clone()),
            Transform::from_xyz(x, SURFACE_Y + 0.001, z),
            Pickable::IGNORE,
        ));
    }
    let tile = meshes.add(Cuboid::new(0.955, 0.08, 0.955));
    for sq in Square::all() {
        commands.spawn((
            BoardSquare(sq),
            Name::new(format!("square {sq}")),
            Mesh3d(tile.clone()),
            MeshMaterial3d(felt.clone()),
            Transform::from_translation(square_center(sq) - Vec3::Y * 0.04),
        ));
    }
    commands.insert_resource(SquareMaterials { felt, hover });
}
