//! Menus over the board: new game (the title screen), pause and settings. The `Menu` state
//! drives which one is open; every menu's UI despawns when its state is left.

mod choices;
mod new_game;
mod pause;
mod settings;

use bevy::prelude::*;

pub use choices::NewGameForm;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SettingsReturn>()
        .add_plugins((
            choices::plugin,
            new_game::plugin,
            pause::plugin,
            settings::plugin,
        ))
        .add_systems(Update, escape_key);
}

/// Which menu is open; `None` while playing. The game opens on the new-game menu.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Menu {
    #[default]
    NewGame,
    Pause,
    Settings,
    None,
}

/// The menu the settings screen goes back to.
#[derive(Resource, Default)]
pub struct SettingsReturn(pub Option<Menu>);

fn escape_key(
    keys: Res<ButtonInput<KeyCode>>,
    menu: Res<State<Menu>>,
    back: Res<SettingsReturn>,
    mut next: ResMut<NextState<Menu>>,
) {
    if !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    next.set(match menu.get() {
        Menu::None => Menu::Pause,
        Menu::Pause => Menu::None,
        Menu::Settings => back.0.unwrap_or(Menu::Pause),
        // Leaving the new-game menu returns to the game shown behind it.
        Menu::NewGame => Menu::None,
    });
}
