//! Everything under and around the squares: the table the board stands on, the board's
//! wooden body and raised frame, the grid lines between the felt tiles and the four dots.
//! Materials are physically based with textures made at start-up (see `textures`).

use bevy::math::Affine2;
use bevy::prelude::*;

use super::geometry::SURFACE_Y;
use super::textures;
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_body);
}

/// The table top under the board. Its material is lit on the higher graphics presets and
/// unlit (its texture alone) on the lowest, where a screen-filling lit surface costs most.
#[derive(Component)]
pub struct Table;

/// Where the table top lies: the supplies' trays rest on it beside the board.
pub const TABLE_Y: f32 = SURFACE_Y - 0.38;

/// Side of the table top: large enough that its edge stays in the fog from every camera.
const TABLE_SIZE: f32 = 90.0;

fn spawn_body(
    mut commands: Commands,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
    images: Option<ResMut<Assets<Image>>>,
) {
    // Headless logic tests have no render assets and nothing here to show.
    let (Some(mut meshes), Some(mut materials), Some(mut images)) = (meshes, materials, images)
    else {
        return;
    };
    let grain = images
        .add(textures::wood_grain([0.56, 0.36, 0.2], [0.33, 0.19, 0.09], 11).into_image(true));
    let wood = materials.add(StandardMaterial {
        base_color_texture: Some(grain.clone()),
        perceptual_roughness: 0.42,
        reflectance: 0.35,
        // Twice along each rail, so the grain keeps a wood-like scale.
        uv_transform: Affine2::from_scale(Vec2::new(2.0, 1.0)),
        ..default()
    });
    let wood_dark = materials.add(StandardMaterial {
        base_color: palette::WOOD_DARK_TINT,
        base_color_texture: Some(grain),
        perceptual_roughness: 0.55,
        uv_transform: Affine2::from_scale(Vec2::new(2.0, 1.0)),
        ..default()
    });
    let grid = materials.add(StandardMaterial {
        base_color: palette::GRID_LINE,
        perceptual_roughness: 0.95,
        ..default()
    });
    let table = materials.add(StandardMaterial {
        base_color: palette::TABLE_LIT,
        base_color_texture: Some(images.add(textures::table_top(23).into_image(true))),
        perceptual_roughness: 0.6,
        reflectance: 0.3,
        uv_transform: Affine2::from_scale(Vec2::splat(TABLE_SIZE / 8.0)),
        ..default()
    });

    commands.spawn((
        Table,
        Name::new("table"),
        Mesh3d(meshes.add(Plane3d::default().mesh().size(TABLE_SIZE, TABLE_SIZE))),
        MeshMaterial3d(table),
        Transform::from_xyz(0.0, TABLE_Y, 0.0),
        Pickable::IGNORE,
    ));
    // The board's body under the frame.
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(9.4, 0.4, 9.4))),
        MeshMaterial3d(wood_dark.clone()),
        Transform::from_xyz(0.0, SURFACE_Y - 0.25, 0.0),
        Pickable::IGNORE,
    ));
    // The frame's four rails share one mesh laid along x (the texture's grain runs along
    // its length); the two side rails are the same turned a quarter.
    let rail = meshes.add(Cuboid::new(9.2, 0.14, 0.6));
    for (offset, quarter_turns) in [
        (Vec3::new(0.0, 0.0, -4.3), 0.0),
        (Vec3::new(0.0, 0.0, 4.3), 0.0),
        (Vec3::new(-4.3, 0.0, 0.0), 1.0),
        (Vec3::new(4.3, 0.0, 0.0), 1.0),
    ] {
        commands.spawn((
            Mesh3d(rail.clone()),
            MeshMaterial3d(wood.clone()),
            Transform::from_translation(offset + Vec3::Y * (SURFACE_Y - 0.02)).with_rotation(
                Quat::from_rotation_y(quarter_turns * std::f32::consts::FRAC_PI_2),
            ),
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
}
