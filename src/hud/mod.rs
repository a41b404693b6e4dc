//! The heads-up display: scoreboard (whose turn, disc counts, levels), status line, the
//! undo/redo/menu buttons, the pass banner, the game-over panel, the review bar and the window
//! title.

mod banner;
mod game_over;
pub mod review;
mod scoreboard;
pub mod toast;

pub use game_over::GameOverPanel;

use bevy::prelude::*;

use crate::GameSet;
use crate::couch::series::Series;
use crate::couch::undo_vote::UndoAsk;
use crate::input::Seats;
use crate::rules::{Match, Player};
use crate::settings::Settings;
use crate::theme::palette::side_name;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        scoreboard::plugin,
        banner::plugin,
        game_over::plugin,
        review::plugin,
        toast::plugin,
    ))
    .add_systems(Update, window_title.in_set(GameSet::Presentation));
}

/// "Reversi - Against the computer - Black 12 : 10 White".
pub fn title_text(state: &Match, settings: &Settings) -> String {
    let pos = state.game.current();
    let b = pos.discs(reversi_engine::Color::Black).count();
    let w = pos.discs(reversi_engine::Color::White).count();
    format!(
        "Reversi - {} - {} {b} : {w} {}",
        state.setup.mode_name(),
        side_name(settings.colors, reversi_engine::Color::Black),
        side_name(settings.colors, reversi_engine::Color::White)
    )
}

fn window_title(state: Res<Match>, settings: Res<Settings>, mut windows: Query<&mut Window>) {
    if !state.is_changed() && !settings.is_changed() {
        return;
    }
    let title = title_text(&state, &settings);
    for mut w in &mut windows {
        if w.title != title {
            w.title = title.clone();
        }
    }
}

/// The undo buttons: ask to take back a move, for the side whose device pressed it (in a
/// two-player game the other player must agree).
fn ask_undo(
    activate: On<crate::theme::widgets::Activate>,
    mut asks: MessageWriter<UndoAsk>,
    state: Res<Match>,
    seats: Res<Seats>,
    series: Res<Series>,
) {
    asks.write(UndoAsk {
        by: seats.side_of(activate.by, &state, &series),
    });
}

/// A player's label: their name, and the level for the computer.
pub fn player_label(state: &Match, side: reversi_engine::Color) -> String {
    match state.setup.player(side) {
        Player::Human => state.setup.name(side).to_string(),
        Player::Computer(level) => format!("{} ({})", state.setup.name(side), level.name()),
    }
}
