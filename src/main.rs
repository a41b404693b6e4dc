//! The desktop and web entry point: a window, Bevy's default plugins, and the game.

use bevy::prelude::*;
use bevy::window::WindowResolution;

fn main() -> AppExit {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Reversi".into(),
                    resolution: WindowResolution::new(1280, 800),
                    fit_canvas_to_parent: true,
                    // The web page's canvas (web/index.html); ignored on the desktop.
                    canvas: Some("#reversi".into()),
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                meta_check: bevy::asset::AssetMetaCheck::Never,
                ..default()
            }),
    );
    app.add_plugins((reversi::logic, reversi::presentation));
    app.run()
}
