//! Menus over the board: new game (the title screen), pause, settings, saving and opening
//! games, and the couch's undo vote. The `Menu` state (`state::menu`) drives which one is open;
//! every menu's UI despawns when its state is left. Menus read state and send requests.

mod choices;
pub mod how_to_play;
mod navigation;
mod new_game;
mod open_game;
mod pause;
mod save_game;
mod saved_games;
mod settings;
mod undo_vote;

use bevy::prelude::*;

pub use open_game::GameTextDraft;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        navigation::plugin,
        choices::plugin,
        how_to_play::plugin,
        new_game::plugin,
        open_game::plugin,
        pause::plugin,
        save_game::plugin,
        saved_games::plugin,
        settings::plugin,
        undo_vote::plugin,
    ));
}
