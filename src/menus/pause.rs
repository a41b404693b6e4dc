//! The pause menu (Esc, or Start on a gamepad): resume, new game, save the game, the saved
//! games, settings, quit; and the About line (the version players quote in a bug report).

use bevy::prelude::*;

use super::navigation::{menu_root, open_over};
use crate::state::menu::Menu;
use crate::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Pause), spawn_menu);
}

fn spawn_menu(mut commands: Commands) {
    commands
        .spawn(menu_root("pause menu", Menu::Pause))
        .with_children(|o| {
            o.spawn(widgets::panel()).with_children(|p| {
                p.spawn(widgets::title("Paused"));
                p.spawn(widgets::button("Resume  (Esc)")).observe(
                    |_: On<widgets::Activate>, mut next: ResMut<NextState<Menu>>| next.set(Menu::None),
                );
                p.spawn(widgets::button("New game")).observe(
                    |_: On<widgets::Activate>, mut next: ResMut<NextState<Menu>>| {
                        next.set(Menu::NewGame)
                    },
                );
                p.spawn(widgets::button("Save game")).observe(open_over(Menu::Pause, Menu::SaveGame));
                p.spawn(widgets::button("Saved games")).observe(open_over(Menu::Pause, Menu::SavedGames));
                p.spawn(widgets::button("Settings")).observe(open_over(Menu::Pause, Menu::Settings));
                #[cfg(not(target_arch = "wasm32"))]
                p.spawn(widgets::button("Quit")).observe(
                    |_: On<widgets::Activate>, mut exit: MessageWriter<AppExit>| {
                        exit.write(AppExit::Success);
                    },
                );
                p.spawn(widgets::label(
                    "Right-drag: turn the board | wheel: zoom | R: reset view | V: other side",
                ));
                p.spawn(widgets::label(
                    "U: undo | Y: redo | Home: review | M: mute | N: legal-move markers",
                ));
                p.spawn(widgets::label(
                    "Menus: Tab or arrows move, Enter uses | Gamepad: d-pad, A uses, B back, Start pauses",
                ));
                p.spawn((Name::new("about"), widgets::label(about())));
            });
        });
}

/// "Reversi 0.1.0 · ...": the version comes from Cargo.toml, as in `reversi --version`.
fn about() -> String {
    format!(
        "Reversi {} · free software under MIT or Apache-2.0 · made with Bevy",
        env!("CARGO_PKG_VERSION")
    )
}
