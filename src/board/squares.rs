//! The 64 square entities the player picks: felt tiles with a fibre texture.

use bevy::prelude::*;
use reversi_engine::Square;

use super::geometry::square_center;
use super::shapes::with_face_tangents;
use super::textures;
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
    images: Option<ResMut<Assets<Image>>>,
) {
    let (Some(mut meshes), Some(mut materials), Some(mut images)) = (meshes, materials, images)
    else {
        // Headless logic tests have no render assets: the squares still exist as entities.
        for sq in Square::all() {
            commands.spawn((
                BoardSquare(sq),
                Transform::from_translation(square_center(sq)),
            ));
        }
        return;
    };
    // The felt's colour comes from the material; the texture only shades it, so the hover
    // look is the same cloth in a lighter green.
    let shade = images.add(textures::felt_shade(5).into_image(true));
    let normals = images.add(textures::felt_normals(5).into_image(false));
    let mut felt_material = |color: Color| {
        materials.add(StandardMaterial {
            base_color: color,
            base_color_texture: Some(shade.clone()),
            normal_map_texture: Some(normals.clone()),
            perceptual_roughness: 0.93,
            reflectance: 0.2,
            ..default()
        })
    };
    let felt = felt_material(palette::FELT);
    let hover = felt_material(palette::FELT_HOVER);
    // The normal map needs tangents: the tile's faces are flat, so each face's own will do.
    let tile = meshes.add(with_face_tangents(Cuboid::new(0.955, 0.08, 0.955).into()));
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
