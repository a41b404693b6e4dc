//! The game's panels that step aside while a menu is open over the game (the title screen,
//! the pause menu, settings, saving): a menu is read alone, not against the scoreboard, the
//! review's buttons or the analysis beside it. The undo question is about the game, so they
//! stay for it.

use bevy::prelude::*;

use crate::schedule::GameSet;
use crate::state::menu::Menu;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, hide_under_menus.in_set(GameSet::Presentation));
}

/// A root of the HUD hidden while a menu covers the game.
#[derive(Component, Default)]
pub struct UnderMenus;

/// Whether the game's panels show with `menu` open.
pub fn shown_with(menu: &Menu) -> bool {
    matches!(menu, Menu::None | Menu::UndoVote)
}

fn hide_under_menus(menu: Res<State<Menu>>, mut parts: Query<&mut Visibility, With<UnderMenus>>) {
    let visibility = if shown_with(menu.get()) {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut parts {
        v.set_if_neq(visibility);
    }
}
