//! The pause menu (Esc, or Start on a gamepad): resume, new game, save the game, the saved
//! games, settings, quit; and the About line (the version players quote in a bug report).

use bevy::prelude::*;

use super::navigation::{menu_root, open_over};
use crate::i18n::Msg;
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
                p.spawn(widgets::title("pause-title"));
                p.spawn(widgets::button("pause-resume")).observe(
                    |_: On<widgets::Activate>, mut next: ResMut<NextState<Menu>>| {
                        next.set(Menu::None)
                    },
                );
                p.spawn(widgets::button("pause-new-game")).observe(
                    |_: On<widgets::Activate>, mut next: ResMut<NextState<Menu>>| {
                        next.set(Menu::NewGame)
                    },
                );
                p.spawn(widgets::button("pause-save-game"))
                    .observe(open_over(Menu::Pause, Menu::SaveGame));
                p.spawn(widgets::button("menu-saved-games"))
                    .observe(open_over(Menu::Pause, Menu::SavedGames));
                p.spawn(widgets::button("menu-settings"))
                    .observe(open_over(Menu::Pause, Menu::Settings));
                p.spawn(widgets::button("menu-how-to-play"))
                    .observe(open_over(Menu::Pause, Menu::HowToPlay));
                #[cfg(not(target_arch = "wasm32"))]
                p.spawn(widgets::button("menu-quit")).observe(
                    |_: On<widgets::Activate>, mut exit: MessageWriter<AppExit>| {
                        exit.write(AppExit::Success);
                    },
                );
                p.spawn(widgets::label("pause-keys-view"));
                p.spawn(widgets::label("pause-keys-game"));
                p.spawn(widgets::label("pause-keys-menus"));
                p.spawn((Name::new("about"), widgets::label(about())));
            });
        });
}

/// "Reversi 0.1.0 · ...": the version comes from Cargo.toml, as in `reversi --version`.
fn about() -> Msg {
    Msg::new("pause-about").arg("version", env!("CARGO_PKG_VERSION"))
}
