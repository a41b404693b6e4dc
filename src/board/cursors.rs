//! The players' cursors on the board: a frame around the square in the colour of the person
//! it belongs to, bright for the player to move and dimmed for the other, who may already be
//! choosing their next square. Shown once a cursor was moved by keyboard or gamepad (the
//! mouse has the ghost disc instead).

use bevy::prelude::*;
use reversi_engine::Color as Side;

use super::geometry::square_center;
use crate::rules::{Match, Player};
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::state::cursors::Cursors;
use crate::state::menu::Menu;
use crate::state::series::Series;
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_cursor_frames)
        .add_systems(Update, place_cursor_frames.in_set(GameSet::Presentation));
}

/// The frame showing `Side`'s cursor.
#[derive(Component, Copy, Clone, Debug)]
pub struct CursorFrame(pub Side);

/// How bright the cursor of the side not to move is drawn.
const DIMMED: f32 = 0.35;

fn spawn_cursor_frames(
    mut commands: Commands,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
) {
    let (Some(mut meshes), Some(mut materials)) = (meshes, materials) else {
        return; // headless tests: the cursors are resources, nothing to draw
    };
    // Four bars make a square frame just inside the square's edge.
    let (outer, bar, height) = (0.94, 0.07, 0.02);
    let long = meshes.add(Cuboid::new(outer, height, bar));
    let short = meshes.add(Cuboid::new(bar, height, outer - 2.0 * bar));
    let offset = (outer - bar) / 2.0;
    for side in [Side::Black, Side::White] {
        let material = materials.add(StandardMaterial {
            base_color: palette::ACCENT,
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        });
        commands
            .spawn((
                Name::new("cursor frame"),
                CursorFrame(side),
                Transform::default(),
                Visibility::Hidden,
                Pickable::IGNORE,
            ))
            .with_children(|f| {
                for (mesh, x, z) in [
                    (&long, 0.0, offset),
                    (&long, 0.0, -offset),
                    (&short, offset, 0.0),
                    (&short, -offset, 0.0),
                ] {
                    f.spawn((
                        Mesh3d(mesh.clone()),
                        MeshMaterial3d(material.clone()),
                        Transform::from_xyz(x, 0.0, z),
                        Pickable::IGNORE,
                    ));
                }
            });
    }
}

/// The colour a side's cursor wears: its person's in a two-player game, player 1's for the
/// human against the computer.
pub fn cursor_color(state: &Match, settings: &Settings, series: &Series, side: Side) -> Color {
    let person = if state.setup.players == [Player::Human; 2] {
        series.person_playing(side)
    } else {
        0
    };
    palette::accent(settings.players[person].accent)
}

fn place_cursor_frames(
    cursors: Res<Cursors>,
    state: Res<Match>,
    settings: Res<Settings>,
    series: Res<Series>,
    menu: Res<State<Menu>>,
    mut frames: Query<(&CursorFrame, &mut Transform, &mut Visibility, &Children)>,
    parts: Query<&MeshMaterial3d<StandardMaterial>>,
    mut materials: Option<ResMut<Assets<StandardMaterial>>>,
) {
    if !cursors.is_changed()
        && !state.is_changed()
        && !settings.is_changed()
        && !series.is_changed()
        && !menu.is_changed()
    {
        return;
    }
    let to_move = state.to_move();
    for (frame, mut transform, mut visibility, children) in &mut frames {
        let side = frame.0;
        let cursor = cursors.of(side);
        let shown = state.setup.player(side) == Player::Human
            && !state.reviewing
            && to_move.is_some()
            && cursor.visible
            // Under a menu's see-through panel the board invites nothing (see
            // `Menu::covers_board`), the players' frames included.
            && !menu.get().covers_board();
        let Some(square) = cursor.square.filter(|_| shown) else {
            *visibility = Visibility::Hidden;
            continue;
        };
        *visibility = Visibility::Inherited;
        // The mover's frame sits a hair higher so it wins where both share a square.
        let lift = if to_move == Some(side) { 0.016 } else { 0.012 };
        transform.translation = square_center(state.game.size(), square) + Vec3::Y * lift;
        let alpha = if to_move == Some(side) { 1.0 } else { DIMMED };
        let color = cursor_color(&state, &settings, &series, side).with_alpha(alpha);
        if let (Some(materials), Some(child)) = (materials.as_mut(), children.first())
            && let Ok(handle) = parts.get(*child)
            && let Some(mut material) = materials.get_mut(&handle.0)
            && material.base_color != color
        {
            material.base_color = color;
        }
    }
}
