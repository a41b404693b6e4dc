//! Everything under and around the squares: the table the board stands on, the board's
//! wooden body and raised frame, the grid lines between the felt tiles and the four dots.
//! Materials are physically based with textures made at start-up (see `textures`).

use bevy::math::Affine2;
use bevy::prelude::*;

use reversi_engine::grid::BoardSize;

use super::geometry::{SURFACE_Y, half_width};
use super::textures;
use crate::rules::Match;
use crate::schedule::GameSet;
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_table)
        .add_systems(Update, build_frame.in_set(GameSet::Presentation));
}

/// The table top under the board. Its material is lit on the higher graphics presets and
/// unlit (its texture alone) on the lowest, where a screen-filling lit surface costs most.
#[derive(Component)]
pub struct Table;

/// Where the table top lies: the supplies' trays rest on it beside the board.
pub const TABLE_Y: f32 = SURFACE_Y - 0.38;

/// Side of the table top: large enough that its edge stays in the fog from every camera.
const TABLE_SIZE: f32 = 90.0;

/// A part of the board sized to it (body, frame, grid, dots): rebuilt for another size.
#[derive(Component)]
struct FramePart;

/// The frame's materials, made once.
struct FrameMaterials {
    wood: Handle<StandardMaterial>,
    wood_dark: Handle<StandardMaterial>,
    grid: Handle<StandardMaterial>,
}

fn spawn_table(
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
}

/// The board's body, frame, grid and dots for the board's size: at the start and whenever a
/// game on another size begins.
fn build_frame(
    mut commands: Commands,
    state: Res<Match>,
    mut built: Local<Option<BoardSize>>,
    mut made: Local<Option<FrameMaterials>>,
    existing: Query<Entity, With<FramePart>>,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
    images: Option<ResMut<Assets<Image>>>,
) {
    let (Some(mut meshes), Some(mut materials), Some(mut images)) = (meshes, materials, images)
    else {
        return;
    };
    let size = state.game.size();
    if *built == Some(size) {
        return;
    }
    *built = Some(size);
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    let made = made.get_or_insert_with(|| {
        let grain = images
            .add(textures::wood_grain([0.56, 0.36, 0.2], [0.33, 0.19, 0.09], 11).into_image(true));
        FrameMaterials {
            wood: materials.add(StandardMaterial {
                base_color_texture: Some(grain.clone()),
                perceptual_roughness: 0.42,
                reflectance: 0.35,
                // Twice along each rail, so the grain keeps a wood-like scale.
                uv_transform: Affine2::from_scale(Vec2::new(2.0, 1.0)),
                ..default()
            }),
            wood_dark: materials.add(StandardMaterial {
                base_color: palette::WOOD_DARK_TINT,
                base_color_texture: Some(grain),
                perceptual_roughness: 0.55,
                uv_transform: Affine2::from_scale(Vec2::new(2.0, 1.0)),
                ..default()
            }),
            grid: materials.add(StandardMaterial {
                base_color: palette::GRID_LINE,
                perceptual_roughness: 0.95,
                ..default()
            }),
        }
    });
    let half = half_width(size);
    let width = 2.0 * half;
    let mut part = |mesh: Handle<Mesh>, material: &Handle<StandardMaterial>, at: Transform| {
        commands.spawn((
            FramePart,
            Mesh3d(mesh),
            MeshMaterial3d(material.clone()),
            at,
            Pickable::IGNORE,
        ));
    };
    // The board's body under the frame.
    part(
        meshes.add(Cuboid::new(width + 1.4, 0.4, width + 1.4)),
        &made.wood_dark,
        Transform::from_xyz(0.0, SURFACE_Y - 0.25, 0.0),
    );
    // The frame's four rails share one mesh laid along x (the texture's grain runs along
    // its length); the two side rails are the same turned a quarter.
    let rail = meshes.add(Cuboid::new(width + 1.2, 0.14, 0.6));
    let out = half + 0.3;
    for (offset, quarter_turns) in [
        (Vec3::new(0.0, 0.0, -out), 0.0),
        (Vec3::new(0.0, 0.0, out), 0.0),
        (Vec3::new(-out, 0.0, 0.0), 1.0),
        (Vec3::new(out, 0.0, 0.0), 1.0),
    ] {
        part(
            rail.clone(),
            &made.wood,
            Transform::from_translation(offset + Vec3::Y * (SURFACE_Y - 0.02)).with_rotation(
                Quat::from_rotation_y(quarter_turns * std::f32::consts::FRAC_PI_2),
            ),
        );
    }
    // Grid lines under the tiles show through the gaps between them.
    part(
        meshes.add(Cuboid::new(width + 0.02, 0.06, width + 0.02)),
        &made.grid,
        Transform::from_xyz(0.0, SURFACE_Y - 0.06, 0.0),
    );
    // The four dots two squares in from each corner (on 8×8 the corners of the inner 4×4
    // area); the 4×4 board is too small for them.
    if size.side() >= 6 {
        let dot = meshes.add(Cylinder::new(0.07, 0.01));
        let d = half - 2.0;
        for (x, z) in [(-d, -d), (d, -d), (-d, d), (d, d)] {
            part(
                dot.clone(),
                &made.wood_dark,
                Transform::from_xyz(x, SURFACE_Y + 0.001, z),
            );
        }
    }
}
