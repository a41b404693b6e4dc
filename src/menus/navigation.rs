//! Moving between menus: the layer every menu's screen sits on, the buttons that open a menu
//! over another and go back, and Esc (or a gamepad's East/Start) going back a level.

use bevy::prelude::*;

use crate::rules::GameChosen;
use crate::schedule::GameSet;
use crate::state::devices::Seats;
use crate::state::menu::Menu;
use crate::theme::focus::FocusScope;
use crate::theme::widgets::{Activate, overlay};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuReturn>()
        .add_systems(Update, escape_key.after(GameSet::Input));
}

/// The menu that settings and the saved-games screens go back to (the pause menu or the
/// new-game menu, whichever opened them).
#[derive(Resource, Default)]
pub struct MenuReturn(pub Option<Menu>);

/// The root of `menu`'s screen: a layer over the whole window whose buttons take the focus
/// from the game's, removed when the menu closes.
pub(super) fn menu_root(name: &'static str, menu: Menu) -> impl Bundle {
    (
        Name::new(name),
        overlay(),
        FocusScope(2),
        DespawnOnExit(menu),
    )
}

/// A button's action: open `menu` on top of `from`, which its Back (and Esc) returns to.
pub(super) fn open_over(
    from: Menu,
    menu: Menu,
) -> impl Fn(On<Activate>, ResMut<MenuReturn>, ResMut<NextState<Menu>>) + Send + Sync + 'static {
    move |_, mut back, mut next| {
        back.0 = Some(from);
        next.set(menu);
    }
}

/// A Back button's action: to the menu this one was opened from.
pub(super) fn go_back(_: On<Activate>, back: Res<MenuReturn>, mut next: ResMut<NextState<Menu>>) {
    next.set(back.0.unwrap_or(Menu::Pause));
}

/// Esc (or a gamepad's East in a menu, its Start anywhere) goes back a level; on the title
/// screen only to a game the player chose (nothing is behind it at start-up but a default
/// game, which the menu's choices do not describe).
fn escape_key(
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<(Entity, &Gamepad)>,
    seats: Res<Seats>,
    menu: Res<State<Menu>>,
    back: Res<MenuReturn>,
    chosen: Res<GameChosen>,
    mut next: ResMut<NextState<Menu>>,
) {
    let in_menu = *menu.get() != Menu::None;
    let pad_back = pads.iter().any(|(e, p)| {
        !seats.just_joined.contains(&e) // that press claimed the pad
            && (p.just_pressed(GamepadButton::Start)
                || (in_menu && p.just_pressed(GamepadButton::East)))
    });
    if !keys.just_pressed(KeyCode::Escape) && !pad_back {
        return;
    }
    if *menu.get() == Menu::NewGame && !chosen.0 {
        return;
    }
    next.set(match menu.get() {
        Menu::None => Menu::Pause,
        Menu::Pause => Menu::None,
        Menu::Settings | Menu::SaveGame | Menu::SavedGames | Menu::HowToPlay => {
            back.0.unwrap_or(Menu::Pause)
        }
        // Esc refuses the undo (the vote clears itself when its prompt closes).
        Menu::UndoVote => Menu::None,
        // Leaving the new-game menu returns to the game shown behind it.
        Menu::NewGame => Menu::None,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::input::keyboard::{Key, KeyboardInput};
    use bevy::input::{ButtonState, InputPlugin};
    use bevy::state::app::StatesPlugin;

    /// At start-up Esc leaves the title screen for nothing: the game behind it is a default
    /// one; once a game is chosen, Esc returns to it.
    #[test]
    fn esc_on_the_title_screen_returns_only_to_a_chosen_game() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
            .init_state::<Menu>()
            .init_resource::<MenuReturn>()
            .init_resource::<Seats>()
            .init_resource::<GameChosen>()
            .add_systems(Update, escape_key);
        app.update();
        let esc = |app: &mut App| {
            for state in [ButtonState::Pressed, ButtonState::Released] {
                app.world_mut().write_message(KeyboardInput {
                    key_code: KeyCode::Escape,
                    logical_key: Key::Escape,
                    state,
                    text: None,
                    repeat: false,
                    window: Entity::PLACEHOLDER,
                });
                app.update();
            }
            *app.world().resource::<State<Menu>>().get()
        };
        assert_eq!(esc(&mut app), Menu::NewGame);
        app.world_mut().resource_mut::<GameChosen>().0 = true;
        assert_eq!(esc(&mut app), Menu::None);
    }
}
