//! How the HUD names the game and its players: the window title ("Reversi - Against the
//! computer - Black 12 : 10 White", the browser tab's too), kept up to date in the player's
//! language and colours, and each player's label.

use bevy::prelude::*;

use crate::i18n::{Msg, Translations};
use crate::rules::{Match, Player};
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::theme::palette::side_name;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, window_title.in_set(GameSet::Presentation));
}

/// "Reversi - Against the computer - Black 12 : 10 White"; without the counts where the
/// player chose to hide them ("Reversi - Against the computer").
pub fn title_text(state: &Match, settings: &Settings) -> Msg {
    // How to play's examples borrow the board, not the game: the title stays the game's.
    if let Some(real) = &state.stashed {
        return title_text(real, settings);
    }
    if !settings.show_counts {
        return Msg::new("window-title-plain").arg("mode", Msg::new(state.setup.mode_key()));
    }
    let pos = state.game.current();
    let b = pos.discs(reversi_engine::Color::Black).count_ones();
    let w = pos.discs(reversi_engine::Color::White).count_ones();
    Msg::new("window-title")
        .arg("mode", Msg::new(state.setup.mode_key()))
        .arg(
            "black",
            side_name(settings.colors, reversi_engine::Color::Black),
        )
        .arg("black_discs", b)
        .arg("white_discs", w)
        .arg(
            "white",
            side_name(settings.colors, reversi_engine::Color::White),
        )
}

fn window_title(
    state: Res<Match>,
    settings: Res<Settings>,
    translations: Res<Translations>,
    mut windows: Query<&mut Window>,
) {
    if !state.is_changed() && !settings.is_changed() && !translations.is_changed() {
        return;
    }
    let title = translations.text(&title_text(&state, &settings));
    // A window's title does not reach the browser's tab: the page sets that.
    #[cfg(target_arch = "wasm32")]
    if let Err(e) = crate::web::page::set_title(&title) {
        warn!("cannot set the page's title: {e}");
    }
    for mut w in &mut windows {
        if w.title != title {
            w.title = title.clone();
        }
    }
}

/// A player's label: their name, and the level for the computer.
pub fn player_label(state: &Match, side: reversi_engine::Color) -> Msg {
    let name = Msg::name(state.setup.name(side));
    match state.setup.player(side) {
        Player::Human => name,
        Player::Computer(level) => Msg::new("player-with-level")
            .arg("name", name)
            .arg("level", Msg::new(format!("level-{}", level.number()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;

    #[test]
    fn the_title_shows_the_counts_only_where_the_scoreboard_does() {
        let state = Match::default();
        let mut settings = Settings::default();
        let english = Translations::new(Language::English);
        let title = english.text(&title_text(&state, &settings));
        assert!(title.contains("2 : 2"), "{title}");
        settings.show_counts = false;
        let title = english.text(&title_text(&state, &settings));
        assert!(!title.chars().any(|c| c.is_ascii_digit()), "{title}");
        assert!(title.starts_with("Reversi - "), "{title}");
        // While How to play shows an example, the title is still the game's.
        settings.show_counts = true;
        let mut real = Match::default();
        real.game.play_transcript("f5").unwrap();
        let demonstrating = Match {
            stashed: Some(Box::new(real)),
            ..Match::default()
        };
        let title = english.text(&title_text(&demonstrating, &settings));
        assert!(title.contains("4 : 1"), "{title}");
    }
}
