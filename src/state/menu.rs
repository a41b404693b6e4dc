//! Which screen or menu is open. Input, the HUD, the board and the menus all read it; the menus
//! (and Esc) change it.

use bevy::prelude::*;

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
    /// How to play: the rules shown on the board, the variants, the controls.
    HowToPlay,
    None,
}

impl Menu {
    /// Whether this menu's panel lies over the board, which then invites nothing (no legal
    /// dots, ghost or lifted discs): every menu but How to play, whose examples are played on
    /// the board beside its page, and Settings, whose colours and legal-move dots are seen
    /// changing on the board behind it.
    pub fn covers_board(self) -> bool {
        !matches!(self, Menu::None | Menu::HowToPlay | Menu::Settings)
    }
}
