//! How the HUD names the game and its players: the window title ("Reversi - Against the
//! computer - Black 12 : 10 White"), kept up to date, and each player's label.

use bevy::prelude::*;

use crate::rules::{Match, Player};
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::theme::palette::side_name;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, window_title.in_set(GameSet::Presentation));
}

/// "Reversi - Against the computer - Black 12 : 10 White".
pub fn title_text(state: &Match, settings: &Settings) -> String {
    let pos = state.game.current();
    let b = pos.discs(reversi_engine::Color::Black).count_ones();
    let w = pos.discs(reversi_engine::Color::White).count_ones();
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

/// A player's label: their name, and the level for the computer.
pub fn player_label(state: &Match, side: reversi_engine::Color) -> String {
    match state.setup.player(side) {
        Player::Human => state.setup.name(side).to_string(),
        Player::Computer(level) => format!("{} ({})", state.setup.name(side), level.name()),
    }
}
