//! The game as a link: in the browser the address bar's fragment holds the current game's
//! moves (`#f5d6c3…`, or `#parallel+one-line/f5d6…` for a variant), kept up to date after
//! every move, so copying the address shares the game and reloading keeps it. A page opened
//! with a fragment starts from that game (the player against the computer, as a new game
//! would be set up); a fragment that is not a legal game is named in the title menu, which
//! starts a normal game.

use bevy::prelude::*;
use reversi_engine::ggf::GgfError;
use reversi_engine::{BoardStringError, Game, Rules, TranscriptError, UnknownRule};

/// Longer than any real game's transcript (60 moves, passes, a rules tag): anything longer is
/// not a link this game wrote.
const MAX_LEN: usize = 400;

/// Why a text (a link, a paste, a saved game) is not a game the board can show, in words a
/// player can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotAGame {
    #[error("there is no text")]
    Empty,
    /// A link longer than any this game writes.
    #[error("it is {0} characters long, more than any game")]
    LongLink(usize),
    /// Pasted or saved text longer than any game in any accepted form.
    #[error("{0} characters is far longer than any game")]
    LongText(usize),
    #[error(transparent)]
    Rules(#[from] UnknownRule),
    #[error(transparent)]
    Moves(#[from] TranscriptError),
    #[error("not a GGF game: {0}")]
    Ggf(#[from] GgfError),
    #[error("not a board: {0}")]
    Board(#[from] BoardStringError),
}

/// The fragment for `game` (without `#`); empty for a standard game not yet begun.
pub fn fragment_of(game: &Game) -> String {
    let rules = game.rules();
    let moves = game.transcript();
    if rules == Rules::default() {
        moves
    } else {
        format!("{}/{moves}", rules.tag())
    }
}

/// The game a fragment describes. `Ok(None)` for an empty fragment (no game in the link);
/// an error says what is wrong in words a player can act on.
pub fn game_from_fragment(text: &str) -> Result<Option<Game>, NotAGame> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if text.len() > MAX_LEN {
        return Err(NotAGame::LongLink(text.len()));
    }
    let (rules, moves) = match text.split_once('/') {
        Some((tag, moves)) => (Rules::from_tag(tag)?, moves.trim()),
        None => (Rules::default(), text),
    };
    let mut game = Game::new(rules);
    if !moves.is_empty() {
        game.play_transcript(moves)?;
    }
    Ok(Some(game))
}

#[cfg(target_arch = "wasm32")]
pub(crate) use browser::plugin;

#[cfg(target_arch = "wasm32")]
mod browser {
    use bevy::prelude::*;
    use reversi_engine::Game;

    use super::{fragment_of, game_from_fragment};
    use crate::records::SaveNotice;
    use crate::rules::{GameSetup, Match, ResumeRequest};
    use crate::schedule::GameSet;
    use crate::state::menu::Menu;
    use crate::web::page;

    pub(crate) fn plugin(app: &mut App) {
        // Read while the app is built, so the title menu opens with any message in it.
        let linked = match page::fragment() {
            Ok(text) => match game_from_fragment(&text) {
                Ok(game) => game,
                Err(why) => {
                    let message = format!("The link's game could not be opened:\n{why}.");
                    warn!("{message} (fragment `{text}`)");
                    app.insert_resource(SaveNotice(Some(message)));
                    let _ = page::set_fragment("");
                    None
                }
            },
            Err(e) => {
                warn!("cannot read the address bar: {e}");
                None
            }
        };
        app.insert_resource(LinkedGame(linked))
            .add_systems(Startup, open_link)
            .add_systems(Update, keep_link.in_set(GameSet::Presentation));
    }

    /// The game the page's link holds, until it is opened.
    #[derive(Resource)]
    struct LinkedGame(Option<Game>);

    fn open_link(
        mut linked: ResMut<LinkedGame>,
        mut resume: MessageWriter<ResumeRequest>,
        mut menu: ResMut<NextState<Menu>>,
    ) {
        let Some(game) = linked.0.take() else {
            return;
        };
        let setup = GameSetup {
            rules: game.rules(),
            ..GameSetup::default()
        };
        resume.write(ResumeRequest { game, setup });
        // The link's game is what the player came for: show it, not the title menu.
        menu.set(Menu::None);
    }

    /// After every change the fragment follows the game (replacing, not adding, history).
    fn keep_link(state: Res<Match>, mut last: Local<Option<String>>) {
        if !state.is_changed() {
            return;
        }
        let text = fragment_of(&state.game);
        // The first frame's empty game must not wipe a link that is about to be opened.
        if last.is_none() && text.is_empty() {
            return;
        }
        if last.as_deref() != Some(text.as_str()) {
            if let Err(e) = page::set_fragment(&text) {
                warn!("cannot update the address bar: {e}");
            }
            *last = Some(text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::{FlipRule, StartPosition};

    #[test]
    fn games_round_trip_through_links() {
        let mut game = Game::new(Rules::default());
        assert_eq!(fragment_of(&game), "");
        game.play_transcript("f5d6c3d3c4").unwrap();
        assert_eq!(fragment_of(&game), "f5d6c3d3c4");
        let back = game_from_fragment("f5d6c3d3c4").unwrap().unwrap();
        assert_eq!(back.current(), game.current());

        let rules = Rules {
            start: StartPosition::Parallel,
            flips: FlipRule::ChooseOneLine,
            ..Rules::default()
        };
        let mut variant = Game::new(rules);
        let first = variant.current().legal_squares().first().unwrap();
        variant
            .play(reversi_engine::Move::at(first))
            .or_else(|_| {
                let line = variant.current().flanked_lines(first)[0].0;
                variant.play(reversi_engine::Move::Place {
                    square: first,
                    line: Some(line),
                })
            })
            .unwrap();
        let text = fragment_of(&variant);
        assert!(text.starts_with(&format!("{}/", rules.tag())), "{text}");
        let back = game_from_fragment(&text).unwrap().unwrap();
        assert_eq!(back.rules(), rules);
        assert_eq!(back.current(), variant.current());
        // A variant game not yet begun still says its rules.
        let empty = game_from_fragment(&fragment_of(&Game::new(rules)));
        assert_eq!(empty.unwrap().unwrap().rules(), rules);
    }

    #[test]
    fn bad_links_say_why() {
        assert_eq!(game_from_fragment("  ").unwrap(), None);
        for (text, why) in [
            ("f5d6a1", "illegal"),
            ("f5zz", "character"),
            ("chess/f5", "unknown rule"),
            (&"f5".repeat(300), "characters long"),
        ] {
            let err = game_from_fragment(text).unwrap_err();
            assert!(err.to_string().contains(why), "{text:?}: {err}");
        }
    }
}
