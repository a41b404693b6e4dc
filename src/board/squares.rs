//! The square entities the player picks (64 on the 8×8 board, as many as the board has on the
//! others): felt tiles with a fibre texture, rebuilt when a game on another size begins.

use bevy::prelude::*;
use reversi_engine::grid::{BoardSize, Cell};

use super::geometry::square_center;
use super::shapes::with_face_tangents;
use super::textures;
use crate::rules::Match;
use crate::schedule::GameSet;
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, build_squares.in_set(GameSet::Presentation));
}

/// A square of the board; the entity the pointer hovers and clicks.
#[derive(Component, Copy, Clone, Debug)]
pub struct BoardSquare(pub Cell);

/// Materials for a square's normal and hovered look.
#[derive(Resource)]
pub struct SquareMaterials {
    pub felt: Handle<StandardMaterial>,
    pub hover: Handle<StandardMaterial>,
}

/// The felt tile's mesh and its normal material, made once.
struct Tile {
    mesh: Handle<Mesh>,
    felt: Handle<StandardMaterial>,
}

/// Builds the squares for the board's size: at the start, and again whenever a game on
/// another size begins (the old squares go, the new size's come).
fn build_squares(
    mut commands: Commands,
    state: Res<Match>,
    mut built: Local<Option<BoardSize>>,
    mut tile: Local<Option<Tile>>,
    existing: Query<Entity, With<BoardSquare>>,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
    images: Option<ResMut<Assets<Image>>>,
) {
    let size = state.game.size();
    if *built == Some(size) {
        return;
    }
    *built = Some(size);
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    let (Some(mut meshes), Some(mut materials), Some(mut images)) = (meshes, materials, images)
    else {
        // Headless logic tests have no render assets: the squares still exist as entities.
        for sq in size.cells() {
            commands.spawn((
                BoardSquare(sq),
                Transform::from_translation(square_center(size, sq)),
            ));
        }
        return;
    };
    let tile = tile.get_or_insert_with(|| {
        // The felt's colour comes from the material; the texture only shades it, so the
        // hover look is the same cloth in a lighter green.
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
        commands.insert_resource(SquareMaterials {
            felt: felt.clone(),
            hover,
        });
        // The normal map needs tangents: the tile's faces are flat, so each face's own will do.
        let mesh = meshes.add(with_face_tangents(Cuboid::new(0.955, 0.08, 0.955).into()));
        Tile { mesh, felt }
    });
    for sq in size.cells() {
        commands.spawn((
            BoardSquare(sq),
            Name::new(format!("square {sq}")),
            Mesh3d(tile.mesh.clone()),
            MeshMaterial3d(tile.felt.clone()),
            Transform::from_translation(square_center(size, sq) - Vec3::Y * 0.04),
        ));
    }
}
