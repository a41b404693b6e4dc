//! The desktop and web entry point: a window, Bevy's plugins (`reversi::bevy_plugins`) and the
//! game.

use bevy::prelude::*;
use bevy::window::WindowResolution;

fn main() -> AppExit {
    // The browser passes no arguments; on the desktop --help and --version answer at once.
    // An argument that is not text is refused as any unknown one (`args()` would panic).
    #[cfg(not(target_arch = "wasm32"))]
    match reversi::command_line::parse(
        std::env::args_os()
            .skip(1)
            .map(|a| a.to_string_lossy().into_owned()),
    ) {
        reversi::command_line::Command::Play => {}
        reversi::command_line::Command::Print(text) => {
            println!("{text}");
            return AppExit::Success;
        }
        reversi::command_line::Command::Refuse(why) => {
            eprintln!("{why}");
            return AppExit::error();
        }
    }
    let mut app = App::new();
    app.add_plugins(
        reversi::bevy_plugins::BevyPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Reversi".into(),
                    name: Some(reversi::window::APP_ID.into()),
                    resolution: WindowResolution::new(1280, 800),
                    #[cfg(not(target_arch = "wasm32"))]
                    resize_constraints: bevy::window::WindowResizeConstraints {
                        min_width: reversi::settings::WINDOW_MIN.0 as f32,
                        min_height: reversi::settings::WINDOW_MIN.1 as f32,
                        ..default()
                    },
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
    // After Bevy's panic hook (set as its plugins were added), so that it runs first.
    #[cfg(target_arch = "wasm32")]
    reversi::web::page::show_panics();
    app.add_plugins((reversi::logic, reversi::presentation));
    app.run()
}
