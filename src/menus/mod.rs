//! Menus over the board: new game (the title screen), pause and settings. The `Menu` state
//! drives which one is open; every menu's UI despawns when its state is left.

mod choices;
mod new_game;
mod open_game;
mod pause;
mod save_game;
mod saved_games;
mod settings;
mod undo_vote;

use bevy::prelude::*;

pub use choices::NewGameForm;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuReturn>()
        .add_plugins((
            choices::plugin,
            new_game::plugin,
            open_game::plugin,
            pause::plugin,
            save_game::plugin,
            saved_games::plugin,
            settings::plugin,
            undo_vote::plugin,
        ))
        .add_systems(Update, escape_key.after(crate::GameSet::Input));
}

/// Which menu is open; `None` while playing. The game opens on the new-game menu.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Menu {
    #[default]
    NewGame,
    Pause,
    Settings,
    /// Naming the game on the board to save it.
    SaveGame,
    /// The list of saved games, to open or delete one.
    SavedGames,
    /// A two-player game waits for the other player to agree to an undo.
    UndoVote,
    None,
}

/// The menu that settings and the saved-games screens go back to (the pause menu or the
/// new-game menu, whichever opened them).
#[derive(Resource, Default)]
pub struct MenuReturn(pub Option<Menu>);

/// The root of `menu`'s screen: a layer over the whole window whose buttons take the focus
/// from the game's, removed when the menu closes.
fn menu_root(name: &'static str, menu: Menu) -> impl Bundle {
    (
        Name::new(name),
        crate::theme::widgets::overlay(),
        crate::theme::focus::FocusScope(2),
        DespawnOnExit(menu),
    )
}

/// A button's action: open `menu` on top of `from`, which its Back (and Esc) returns to.
fn open_over(
    from: Menu,
    menu: Menu,
) -> impl Fn(On<crate::theme::widgets::Activate>, ResMut<MenuReturn>, ResMut<NextState<Menu>>)
+ Send
+ Sync
+ 'static {
    move |_, mut back, mut next| {
        back.0 = Some(from);
        next.set(menu);
    }
}

/// A Back button's action: to the menu this one was opened from.
fn go_back(
    _: On<crate::theme::widgets::Activate>,
    back: Res<MenuReturn>,
    mut next: ResMut<NextState<Menu>>,
) {
    next.set(back.0.unwrap_or(Menu::Pause));
}

/// Esc (or a gamepad's East in a menu, its Start anywhere) goes back a level.
fn escape_key(
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<(Entity, &Gamepad)>,
    seats: Res<crate::input::Seats>,
    menu: Res<State<Menu>>,
    back: Res<MenuReturn>,
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
    next.set(match menu.get() {
        Menu::None => Menu::Pause,
        Menu::Pause => Menu::None,
        Menu::Settings | Menu::SaveGame | Menu::SavedGames => back.0.unwrap_or(Menu::Pause),
        // Esc refuses the undo (the vote clears itself when its prompt closes).
        Menu::UndoVote => Menu::None,
        // Leaving the new-game menu returns to the game shown behind it.
        Menu::NewGame => Menu::None,
    });
}
