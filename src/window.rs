//! The window's size: on the desktop it opens at the size the player last gave it (else
//! 1280×800), never larger than fits the monitor, and remembers a resize; everywhere the UI
//! scales with the window, so the menus fit a 960×600 window and read well at 1920×1080.

use bevy::prelude::*;
use bevy::ui::UiScale;
use bevy::window::PrimaryWindow;
#[cfg(not(target_arch = "wasm32"))]
use bevy::window::{Monitor, PrimaryMonitor, WindowResized};

use crate::schedule::GameSet;
#[cfg(not(target_arch = "wasm32"))]
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, scale_ui.in_set(GameSet::Presentation));
    #[cfg(not(target_arch = "wasm32"))]
    app.init_resource::<FittedSize>().add_systems(
        Update,
        (fit_to_monitor, remember_size)
            .chain()
            .in_set(GameSet::Presentation),
    );
}

/// The application ID: the window's class on X11 and app ID on Wayland, matched by the desktop
/// entry (packaging/linux/, whose files carry this name) so launchers group the window under
/// the game's menu entry and icon.
pub const APP_ID: &str = "io.github.reversi3d.Reversi";

/// The size the UI is laid out for: at this window size it is drawn 1:1.
pub const DESIGN_SIZE: Vec2 = Vec2::new(1280.0, 800.0);

/// How much of the monitor a window may take: room is left for the desktop's panels and the
/// window's own frame (Bevy does not report a monitor's work area).
const MONITOR_SHARE: Vec2 = Vec2::new(0.92, 0.88);

/// The smallest window the game opens at (and lets the player make).
const MIN_SIZE: Vec2 = Vec2::new(
    crate::settings::WINDOW_MIN.0 as f32,
    crate::settings::WINDOW_MIN.1 as f32,
);

/// The UI's scale for a window of `size` (logical pixels): the design size's text and panels
/// shrink with a smaller window and grow with a larger one, within limits that keep text
/// readable and panels on screen.
pub fn ui_scale_for(size: Vec2) -> f32 {
    let fit = (size / DESIGN_SIZE).min_element();
    fit.clamp(0.5, 2.0)
}

/// The window's size on a monitor of `monitor` logical pixels: the `wanted` size (the last
/// one the player chose, or the design size), shrunk to fit the monitor, never below
/// [`MIN_SIZE`] (or the whole monitor, if that is smaller).
pub fn fitted_size(wanted: Vec2, monitor: Vec2) -> Vec2 {
    let room = monitor * MONITOR_SHARE;
    wanted.min(room).max(MIN_SIZE.min(monitor)).round()
}

fn scale_ui(
    windows: Query<&Window, (With<PrimaryWindow>, Changed<Window>)>,
    mut scale: ResMut<UiScale>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    let wanted = ui_scale_for(window.size());
    if (scale.0 - wanted).abs() > 0.001 {
        scale.0 = wanted;
    }
}

/// The size the window was given at start, so that change is not taken for the player's.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Resource, Default)]
struct FittedSize(Option<Vec2>);

/// Once the monitor is known: the remembered or design size, fitted to it.
#[cfg(not(target_arch = "wasm32"))]
fn fit_to_monitor(
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    monitors: Query<&Monitor, With<PrimaryMonitor>>,
    settings: Res<Settings>,
    mut fitted: ResMut<FittedSize>,
) {
    if fitted.0.is_some() {
        return;
    }
    let (Ok(mut window), Ok(monitor)) = (windows.single_mut(), monitors.single()) else {
        return;
    };
    let scale = monitor.scale_factor as f32;
    let monitor_size = Vec2::new(
        monitor.physical_width as f32,
        monitor.physical_height as f32,
    ) / scale.max(0.1);
    let wanted = settings
        .window_size
        .map_or(DESIGN_SIZE, |(w, h)| Vec2::new(w as f32, h as f32));
    let size = fitted_size(wanted, monitor_size);
    fitted.0 = Some(size);
    // The smallest window the player may make, within a monitor smaller than that.
    #[cfg(not(target_arch = "wasm32"))]
    {
        let least = MIN_SIZE.min(monitor_size);
        window.resize_constraints.min_width = least.x;
        window.resize_constraints.min_height = least.y;
    }
    if window.size() != size {
        // Only the size: where the window goes is the window manager's choice.
        window.resolution.set(size.x, size.y);
    }
}

/// A size the player gave the window by resizing it, kept once they stop (a drag sends a
/// resize every frame; the settings file is written once at the end).
#[cfg(not(target_arch = "wasm32"))]
fn remember_size(
    mut resized: MessageReader<WindowResized>,
    windows: Query<&Window, With<PrimaryWindow>>,
    time: Res<Time>,
    mut settings: ResMut<Settings>,
    fitted: Res<FittedSize>,
    mut pending: Local<Option<(Vec2, f64)>>,
) {
    let now = time.elapsed_secs_f64();
    if resized.read().count() > 0
        && let Ok(window) = windows.single()
    {
        *pending = Some((window.size().round(), now));
    }
    let Some((size, since)) = *pending else {
        return;
    };
    if now - since < 1.0 {
        return;
    }
    *pending = None;
    if fitted.0 == Some(size) {
        return; // the size given at start, not one the player chose
    }
    let size = (size.x as u32, size.y as u32);
    if !crate::settings::window_size_ok(size) {
        return; // minimised, or smaller than the game lets a window be: not a size to keep
    }
    if settings.window_size != Some(size) {
        settings.window_size = Some(size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ui_scales_with_the_window() {
        assert_eq!(ui_scale_for(DESIGN_SIZE), 1.0);
        assert_eq!(ui_scale_for(Vec2::new(960.0, 600.0)), 0.75);
        // 1920×1080 is wider than 16:10: its height decides.
        assert_eq!(ui_scale_for(Vec2::new(1920.0, 1080.0)), 1.35);
        assert_eq!(ui_scale_for(Vec2::new(100.0, 100.0)), 0.5);
    }

    #[test]
    fn the_window_fits_the_monitor() {
        // A 1366×768 laptop: the 800-pixel-high design does not fit.
        assert_eq!(
            fitted_size(DESIGN_SIZE, Vec2::new(1366.0, 768.0)),
            Vec2::new(1257.0, 676.0)
        );
        // A large monitor keeps the remembered size.
        let remembered = Vec2::new(1600.0, 1000.0);
        assert_eq!(
            fitted_size(remembered, Vec2::new(2560.0, 1440.0)),
            remembered
        );
        // A tiny screen gets the whole of it rather than a window it cannot show.
        assert_eq!(
            fitted_size(DESIGN_SIZE, Vec2::new(600.0, 380.0)),
            Vec2::new(600.0, 380.0)
        );
    }
}
