//! The coordinates around the board (a-h and 1-8 on 8×8, a-j and 1-10 on 10×10), drawn as UI text that follows the projected
//! 3D positions of the frame, so they stay crisp and readable from any camera angle.

use bevy::prelude::*;

use reversi_engine::grid::{BoardSize, Cell};

use super::geometry::{SURFACE_Y, half_width, square_center};
use crate::rules::Match;
use crate::schedule::{CameraMotion, GameSet};
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (build_labels, place_labels)
            .chain()
            .after(CameraMotion)
            .in_set(GameSet::Presentation),
    );
}

/// A label anchored at a point of the board (the coordinates; the analysis' score plates use
/// it too), kept over that point as the camera moves.
#[derive(Component)]
pub struct CoordinateLabel {
    pub anchor: Vec3,
}

/// One of the coordinates a-j and 1-10 on the frame (rebuilt for another board size).
#[derive(Component)]
struct FrameCoordinate;

/// The labels for the board's size: at the start and whenever a game on another size begins.
fn build_labels(
    mut commands: Commands,
    state: Res<Match>,
    mut built: Local<Option<BoardSize>>,
    existing: Query<Entity, With<FrameCoordinate>>,
) {
    let size = state.game.size();
    if *built == Some(size) {
        return;
    }
    *built = Some(size);
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    let mut spawn = |text: String, anchor: Vec3| {
        commands.spawn((
            FrameCoordinate,
            CoordinateLabel { anchor },
            Text::new(text),
            TextFont::from_font_size(18.0),
            TextColor(palette::TEXT.with_alpha(0.85)),
            Node {
                position_type: PositionType::Absolute,
                ..default()
            },
            Pickable::IGNORE,
            ZIndex(-1),
        ));
    };
    let rail = half_width(size) + 0.3;
    for i in 0..size.side() {
        let x = square_center(size, Cell { column: i, row: 0 }).x;
        let letter = ((b'a' + i) as char).to_string();
        spawn(letter.clone(), Vec3::new(x, SURFACE_Y + 0.08, -rail));
        spawn(letter, Vec3::new(x, SURFACE_Y + 0.08, rail));
        let digit = (i + 1).to_string();
        spawn(digit.clone(), Vec3::new(-rail, SURFACE_Y + 0.08, x));
        spawn(digit, Vec3::new(rail, SURFACE_Y + 0.08, x));
    }
}

/// Puts each label over its anchor as the camera sees it this frame: from the camera's own
/// `Transform` (a root entity's global transform), which the camera's systems set earlier in
/// the frame; its `GlobalTransform` follows only after `Update`, a frame late for the labels.
fn place_labels(
    cameras: Query<(&Camera, &Transform), With<Camera3d>>,
    // Absent in the headless tests, which have no UI.
    ui_scale: Option<Res<UiScale>>,
    mut labels: Query<(&CoordinateLabel, &mut Node, &mut Visibility, &ComputedNode)>,
) {
    let Ok((camera, transform)) = cameras.single() else {
        return;
    };
    let camera_transform = &GlobalTransform::from(*transform);
    for (label, mut node, mut vis, computed) in &mut labels {
        match camera.world_to_viewport(camera_transform, label.anchor) {
            Ok(p) => {
                // The viewport point is in window pixels, the UI's are scaled with the window
                // (see `window`); centre the text on the anchor (its computed size is in
                // physical pixels).
                let p = p / ui_scale.as_ref().map_or(1.0, |s| s.0);
                let size = computed.size() * computed.inverse_scale_factor();
                node.left = px(p.x - size.x / 2.0);
                node.top = px(p.y - size.y / 2.0);
                *vis = Visibility::Inherited;
            }
            Err(_) => *vis = Visibility::Hidden,
        }
    }
}
