//! Reversi in 3D on Bevy. `logic` is everything that runs without a GPU (rules, AI bridge,
//! board entities, keyboard/gamepad input); `presentation` adds the window-side parts.

pub mod ai;
pub mod analysis;
pub mod audio;
pub mod automation;
pub mod bench_frames;
pub mod board;
pub mod camera;
pub mod clipboard;
pub mod couch;
pub mod hud;
pub mod input;
pub mod link;
pub mod menus;
pub mod records;
pub mod rules;
pub mod saved_games;
pub mod settings;
pub mod theme;
pub mod user_files;
#[cfg(target_arch = "wasm32")]
pub mod web;

use bevy::prelude::*;

/// The order of work in a frame: input writes requests, the rules turn them into facts,
/// presentation shows the facts.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    Input,
    Rules,
    Presentation,
}

/// The parts of the game that need no window or GPU; the headless tests run exactly these.
pub fn logic(app: &mut App) {
    app.configure_sets(
        Update,
        (GameSet::Input, GameSet::Rules, GameSet::Presentation).chain(),
    )
    .init_state::<menus::Menu>()
    .add_plugins(bevy_tweening::TweeningPlugin)
    .add_plugins((
        settings::plugin,
        rules::plugin,
        records::plugin,
        saved_games::plugin,
        ai::plugin,
        analysis::plugin,
        clipboard::plugin,
        board::plugin,
        input::plugin,
        couch::plugin,
    ));
}

/// Everything the player sees and hears around the logic: camera, HUD, menus, picking, sound.
pub fn presentation(app: &mut App) {
    app.add_plugins(MeshPickingPlugin).add_plugins((
        theme::plugin,
        camera::plugin,
        hud::plugin,
        menus::plugin,
        input::pointer::plugin,
        analysis::presentation,
        clipboard::keys_plugin,
        audio::plugin,
        automation::plugin,
        bench_frames::plugin,
    ));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web::plugin);
}
