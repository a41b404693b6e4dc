//! The camera: a good default view of the board from Black's side, orbit by dragging with the
//! right mouse button, zoom with the wheel, R to reset, V to view from the other side.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;

use crate::GameSet;
use crate::menus::Menu;
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Orbit>()
        .add_systems(Startup, spawn_camera_and_lights)
        .add_systems(
            Update,
            (orbit_controls.run_if(in_state(Menu::None)), apply_orbit)
                .chain()
                .in_set(GameSet::Presentation),
        );
}

/// Spherical camera position around the board centre.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Orbit {
    /// Angle around the vertical axis; 0 = Black's side (+z).
    pub yaw: f32,
    /// Angle above the board plane.
    pub pitch: f32,
    pub distance: f32,
}

impl Default for Orbit {
    fn default() -> Orbit {
        Orbit {
            yaw: 0.0,
            pitch: 1.03,
            distance: 13.2,
        }
    }
}

impl Orbit {
    fn transform(&self) -> Transform {
        let offset = Vec3::new(
            self.distance * self.pitch.cos() * self.yaw.sin(),
            self.distance * self.pitch.sin(),
            self.distance * self.pitch.cos() * self.yaw.cos(),
        );
        Transform::from_translation(offset + Vec3::new(0.0, 0.0, 0.35))
            .looking_at(Vec3::new(0.0, -0.6, 0.35), Vec3::Y)
    }
}

fn spawn_camera_and_lights(mut commands: Commands, orbit: Res<Orbit>) {
    commands.spawn((
        Camera3d::default(),
        Camera {
            clear_color: ClearColorConfig::Custom(palette::BACKGROUND),
            ..default()
        },
        orbit.transform(),
    ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::WHITE,
        brightness: 350.0,
        ..default()
    });
    commands.spawn((
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-4.0, 12.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // A warm fill light from the opposite side softens the shadows.
    commands.spawn((
        PointLight {
            intensity: 600_000.0,
            range: 40.0,
            color: Color::srgb(1.0, 0.9, 0.8),
            ..default()
        },
        Transform::from_xyz(6.0, 7.0, -5.0),
    ));
}

fn orbit_controls(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    mut orbit: ResMut<Orbit>,
) {
    if buttons.pressed(MouseButton::Right) && motion.delta != Vec2::ZERO {
        orbit.yaw -= motion.delta.x * 0.006;
        orbit.pitch = (orbit.pitch + motion.delta.y * 0.004).clamp(0.35, 1.52);
    }
    if scroll.delta.y != 0.0 {
        orbit.distance = (orbit.distance * (1.0 - scroll.delta.y * 0.08)).clamp(7.0, 24.0);
    }
    if keys.just_pressed(KeyCode::KeyR) {
        *orbit = Orbit::default();
    }
    if keys.just_pressed(KeyCode::KeyV) {
        orbit.yaw = if orbit.yaw.abs() < 1.0 {
            std::f32::consts::PI
        } else {
            0.0
        };
    }
}

fn apply_orbit(
    orbit: Res<Orbit>,
    mut cameras: Query<&mut Transform, With<Camera3d>>,
    time: Res<Time>,
) {
    let target = orbit.transform();
    for mut t in &mut cameras {
        // Ease towards the target so resets and view flips swing rather than jump.
        let k = (time.delta_secs() * 10.0).min(1.0);
        t.translation = t.translation.lerp(target.translation, k);
        t.rotation = t.rotation.slerp(target.rotation, k);
    }
}
