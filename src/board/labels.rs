//! The coordinates a-h and 1-8 around the board, drawn as UI text that follows the projected
//! 3D positions of the frame, so they stay crisp and readable from any camera angle.

use bevy::prelude::*;

use super::geometry::SURFACE_Y;
use crate::schedule::GameSet;
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_labels)
        .add_systems(Update, place_labels.in_set(GameSet::Presentation));
}

/// A coordinate label anchored at a point of the board frame.
#[derive(Component)]
pub struct CoordinateLabel {
    pub anchor: Vec3,
}

fn spawn_labels(mut commands: Commands) {
    let mut spawn = |text: String, anchor: Vec3| {
        commands.spawn((
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
    for i in 0..8u8 {
        let x = i as f32 - 3.5;
        let letter = ((b'a' + i) as char).to_string();
        spawn(letter.clone(), Vec3::new(x, SURFACE_Y + 0.08, -4.3));
        spawn(letter, Vec3::new(x, SURFACE_Y + 0.08, 4.3));
        let digit = (i + 1).to_string();
        spawn(digit.clone(), Vec3::new(-4.3, SURFACE_Y + 0.08, x));
        spawn(digit, Vec3::new(4.3, SURFACE_Y + 0.08, x));
    }
}

fn place_labels(
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    // Absent in the headless tests, which have no UI.
    ui_scale: Option<Res<UiScale>>,
    mut labels: Query<(&CoordinateLabel, &mut Node, &mut Visibility, &ComputedNode)>,
) {
    let Ok((camera, camera_transform)) = cameras.single() else {
        return;
    };
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
