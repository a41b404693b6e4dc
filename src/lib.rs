//! Reversi in 3D on Bevy. `logic` is everything that runs without a GPU (rules, AI bridge,
//! board entities, keyboard/gamepad input); `presentation` adds the window-side parts.
//!
//! The modules form layers, listed here from the bottom up; a module imports only from
//! modules listed before it (`scripts/check_layers.py` holds the code to this list):
//!
//! 1. Foundations: `bevy_plugins` (the Bevy plugins the game runs on), `command_line` (--help,
//!    --version), `schedule` (the frame's order), `web` (the page's JavaScript), `i18n` (the
//!    player's language: messages, not words), `user_files`, `rules` (the match: requests in,
//!    facts out), `settings`, `records` (the autosave).
//! 2. `state`: what several layers read (the open menu, who holds which device, the cursors,
//!    the couch match, whether the board is moving, notices for the player).
//! 3. Features that read state and the rules: `ai`, `couch`, `link`, `theme`, `board`,
//!    `camera`, `graphics`, `window`, `clipboard`, `saved_games`, `analysis`, `audio`.
//! 4. `input`: devices become requests (it finds the board's squares, never the menus).
//! 5. Screens: `hud`, `menus`; then `automation` and `bench_frames`, which watch it all.
//!
//! Within a frame the order is the same one-way flow: `GameSet::Input` writes requests,
//! `GameSet::Rules` turns them into facts, `GameSet::Presentation` shows them.

pub mod ai;
pub mod analysis;
pub mod audio;
pub mod automation;
pub mod bench_frames;
pub mod bevy_plugins;
pub mod board;
pub mod camera;
pub mod clipboard;
pub mod command_line;
pub mod couch;
pub mod graphics;
pub mod hud;
pub mod i18n;
pub mod input;
pub mod link;
pub mod menus;
pub mod records;
pub mod rules;
pub mod saved_games;
pub mod schedule;
pub mod settings;
pub mod state;
pub mod theme;
pub mod user_files;
#[cfg(target_arch = "wasm32")]
pub mod web;
pub mod window;

use bevy::prelude::*;

/// The parts of the game that need no window or GPU; the headless tests run exactly these.
pub fn logic(app: &mut App) {
    app.add_plugins(bevy_tweening::TweeningPlugin).add_plugins((
        schedule::plugin,
        i18n::plugin,
        settings::plugin,
        rules::plugin,
        state::plugin,
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
        state::clicks::plugin,
        theme::plugin,
        camera::plugin,
        graphics::plugin,
        hud::plugin,
        menus::plugin,
        input::pointer::plugin,
        analysis::presentation,
        clipboard::keys_plugin,
        audio::plugin,
        automation::plugin,
        bench_frames::plugin,
        window::plugin,
    ));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(link::plugin);
}
