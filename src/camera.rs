//! The camera: a good default view of the board from Black's side, orbit by dragging with the
//! right mouse button, zoom with the wheel, R to reset, V to view from the other side. With
//! the "face the player" setting, a two-player game swings it round to whoever is to move.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use reversi_engine::Color as Side;

use crate::board::geometry::scale;
use crate::rules::{Match, Player};
use crate::schedule::{CameraMotion, GameSet};
use crate::settings::Settings;
use crate::state::animation::BoardAnimation;
use crate::state::cursors::ViewTurn;
use crate::state::menu::Menu;
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Orbit>()
        .init_resource::<TitleDrift>()
        .init_resource::<ViewScale>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                orbit_controls.run_if(in_state(Menu::None)),
                face_the_player,
                title_drift,
                apply_orbit,
            )
                .chain()
                // Facing the player waits for the board, which this frame's move may set busy.
                .after(crate::board::discs::DiscMotion)
                .in_set(CameraMotion)
                .in_set(GameSet::Presentation),
        );
}

/// How far back the camera stands, against the 8×8 board's view in a landscape window: the
/// board's size times the window's shape (see [`fit_width`]), eased as the camera moves. The
/// fog and the shadows' reach follow it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct ViewScale(pub f32);

impl Default for ViewScale {
    fn default() -> ViewScale {
        ViewScale(1.0)
    }
}

/// The width to height ratio under which the board's width no longer fits the view: the
/// field of view is fixed vertically, so a narrower window (a phone held upright) shows less
/// of the board's width at the same distance. At the default view the near corners and the
/// rails fit from about 1.0; a little to spare.
const FIT_ASPECT: f32 = 1.15;

/// How much farther back the camera stands in a window of `aspect` (width / height), so that
/// the board's whole width still shows: 1 in any landscape window.
fn fit_width(aspect: f32) -> f32 {
    if aspect.is_finite() && aspect > 0.0 {
        (FIT_ASPECT / aspect).max(1.0)
    } else {
        1.0
    }
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

fn spawn_camera(mut commands: Commands, orbit: Res<Orbit>) {
    commands.spawn((
        Camera3d::default(),
        // Computed in the shader: Bevy's default (TonyMcMapface) needs lookup tables that add
        // ~0.7 MB to the browser download. This one, by the same author, looks much alike.
        Tonemapping::SomewhatBoringDisplayTransform,
        Camera {
            clear_color: ClearColorConfig::Custom(palette::BACKGROUND),
            ..default()
        },
        orbit.transform(),
    ));
}

/// The orbit's distance after a scroll of `dy`: 8 % nearer a wheel notch up. Browsers and
/// trackpads count pixels, about 100 a notch (a pixel count taken for notches snapped the
/// view to its limits at every scroll); the exponential keeps any amount in range.
fn zoomed(distance: f32, unit: MouseScrollUnit, dy: f32) -> f32 {
    let notches = match unit {
        MouseScrollUnit::Line => dy,
        MouseScrollUnit::Pixel => dy / 100.0,
    };
    (distance * (-notches * 0.08).exp()).clamp(7.0, 24.0)
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
        orbit.distance = zoomed(orbit.distance, scroll.unit, scroll.delta.y);
    }
    // With Ctrl these letters are shortcuts of their own (Ctrl+V pastes a game).
    let plain = !crate::state::devices::command_held(&keys);
    if plain && keys.just_pressed(KeyCode::KeyR) {
        *orbit = Orbit::default();
    }
    if plain && keys.just_pressed(KeyCode::KeyV) {
        // The yaw grows without bound as the view is dragged round: which side it looks from
        // is its angle within one turn.
        let turned = (orbit.yaw + PI).rem_euclid(TAU) - PI;
        orbit.yaw = if turned.abs() < FRAC_PI_2 { PI } else { 0.0 };
    }
}

/// Once the board is still after a move, turns the view to the side of the player to move
/// (two-player games with the setting on).
fn face_the_player(
    settings: Res<Settings>,
    state: Res<Match>,
    animation: Res<BoardAnimation>,
    time: Res<Time>,
    mut orbit: ResMut<Orbit>,
    mut faced: Local<Option<Side>>,
) {
    // How to play's examples are played by two "people", but the view stays as it was.
    if !settings.face_player || state.setup.players != [Player::Human; 2] || state.demonstrating() {
        *faced = None;
        return;
    }
    let Some(side) = state.to_move() else { return };
    if *faced == Some(side) || animation.is_busy(&time) {
        return;
    }
    *faced = Some(side);
    let yaw = match side {
        Side::Black => 0.0,
        Side::White => PI,
    };
    // Keep any turn the players gave the view themselves within the same half.
    if (orbit.yaw - yaw)
        .rem_euclid(TAU)
        .min((yaw - orbit.yaw).rem_euclid(TAU))
        > FRAC_PI_2
    {
        orbit.yaw = yaw;
    }
}

/// How far the title screen's slow turn has carried the camera round the board, on top of
/// the orbit the player set (so it never changes which way the arrows move).
#[derive(Resource, Default, Debug)]
pub struct TitleDrift(pub f32);

/// Radians a second: a turn of the board every two minutes, slow enough to read the menu over.
const DRIFT_SPEED: f32 = 0.05;

/// Behind the title menu the board turns slowly; once a game starts the camera swings back
/// the shorter way. Animations set to instant mean a still camera.
fn title_drift(
    menu: Res<State<Menu>>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut drift: ResMut<TitleDrift>,
) {
    let factor = settings.animation.factor();
    if *menu.get() == Menu::NewGame && factor > 0.0 {
        drift.0 = (drift.0 + DRIFT_SPEED * time.delta_secs() / factor).rem_euclid(TAU);
    } else if drift.0 != 0.0 {
        // Back to no drift the shorter way round, eased like the orbit.
        let back = (drift.0 + PI).rem_euclid(TAU) - PI;
        let k = if factor > 0.0 {
            (time.delta_secs() * 3.0 / factor).min(1.0)
        } else {
            1.0
        };
        let rest = back * (1.0 - k);
        drift.0 = if rest.abs() < 1e-3 { 0.0 } else { rest };
    }
}

/// Eases the camera along its orbit towards the target, so resets, view flips and turns to
/// the player swing round the board rather than cut through it, and tells the input which
/// way the board lies on screen.
fn apply_orbit(
    orbit: Res<Orbit>,
    drift: Res<TitleDrift>,
    state: Res<Match>,
    mut shown: Local<Option<Orbit>>,
    mut shown_scale: Local<Option<f32>>,
    mut cameras: Query<(&mut Transform, &Camera), With<Camera3d>>,
    mut view: ResMut<ViewTurn>,
    mut view_scale: ResMut<ViewScale>,
    time: Res<Time>,
) {
    let target = *orbit;
    let now = shown.get_or_insert(target);
    let k = (time.delta_secs() * 6.0).min(1.0);
    // The shorter way round.
    let turn = (target.yaw - now.yaw + PI).rem_euclid(TAU) - PI;
    now.yaw += turn * k;
    now.pitch += (target.pitch - now.pitch) * k;
    now.distance += (target.distance - now.distance) * k;
    // A larger board is the same view from farther away (one square stays one unit), and so
    // is a narrow window.
    let aspect = cameras
        .iter()
        .find_map(|(_, camera)| camera.logical_viewport_size())
        .map_or(1.0, |size| size.x / size.y);
    let target_scale = scale(state.game.size()) * fit_width(aspect);
    let now_scale = shown_scale.get_or_insert(target_scale);
    *now_scale += (target_scale - *now_scale) * k;
    view_scale.set_if_neq(ViewScale(*now_scale));
    let mut transform = Orbit {
        yaw: now.yaw + drift.0,
        ..*now
    }
    .transform();
    transform.translation *= *now_scale;
    for (mut t, _) in &mut cameras {
        *t = transform;
    }
    let quarter = ((now.yaw / FRAC_PI_2).round() as i32).rem_euclid(4) as u8;
    view.set_if_neq(ViewTurn(quarter));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wheel_notch_zooms_a_step_whether_counted_in_lines_or_pixels() {
        let line = zoomed(13.0, MouseScrollUnit::Line, 1.0);
        let pixels = zoomed(13.0, MouseScrollUnit::Pixel, 100.0);
        assert!((line - 12.0).abs() < 0.1, "{line}");
        assert!((pixels - line).abs() < 1e-4, "{pixels}");
        // A trackpad's small pixel steps move a little; a flick stays within the limits.
        assert!((zoomed(13.0, MouseScrollUnit::Pixel, 3.0) - 13.0).abs() < 0.05);
        assert_eq!(zoomed(13.0, MouseScrollUnit::Pixel, 5000.0), 7.0);
        assert_eq!(zoomed(13.0, MouseScrollUnit::Line, -50.0), 24.0);
    }
}
