//! The heads-up display: scoreboard (whose turn, disc counts, levels), status line, the
//! undo/redo/menu buttons, the pass banner, the end-of-game count's tally, the game-over panel,
//! the review bar and the window title.

mod actions;
mod banner;
pub mod game_over;
pub mod names;
pub mod review;
pub mod scoreboard;
pub mod tally;
pub mod toast;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        scoreboard::plugin,
        banner::plugin,
        game_over::plugin,
        review::plugin,
        toast::plugin,
        names::plugin,
        tally::plugin,
    ));
}
