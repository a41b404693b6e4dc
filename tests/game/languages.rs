//! A game in each language: the language setting takes effect at once, and every line the
//! HUD shows on the way (whose move, the window's title, the result) is put into words with
//! no message or argument missing.

use reversi::analysis::hints::ShownScores;
use reversi::hud::names::title_text;
use reversi::hud::scoreboard::status_line;
use reversi::i18n::{Language, Translations};

use super::*;

/// The HUD's lines for the position on the board, each checked in `language`.
fn check_lines(app: &App, language: Language, seen: &mut Vec<String>) {
    let world = app.world();
    let translations = world.resource::<Translations>();
    let state = world.resource::<Match>();
    let settings = world.resource::<Settings>();
    // A hint's three kinds of score: the study search's, the opening book's, solved.
    let cell = state.game.current().legal_cells().next();
    let hints = [(false, false), (false, true), (true, false)].map(|(exact, book)| ShownScores {
        moves: cell.map(|c| (c, 300)).into_iter().collect(),
        best: cell,
        exact,
        book,
        ..ShownScores::default()
    });
    let no_hint = ShownScores::default();
    let failed = ShownScores {
        failed: true,
        ..ShownScores::default()
    };
    for (thinking, scores) in [(false, &no_hint), (true, &no_hint), (false, &failed)]
        .into_iter()
        .chain(hints.iter().map(|h| (false, h)))
    {
        for msg in [
            status_line(state, settings, thinking, scores),
            title_text(state, settings),
        ] {
            match translations.check(language, &msg) {
                Ok(words) => seen.push(words),
                Err(e) => panic!("{}: {msg:?}: {e:?}", language.code()),
            }
        }
    }
}

#[test]
fn a_game_plays_through_in_every_language() {
    for language in Language::ALL {
        let mut app = app_with(GameSetup::two_players(Rules::default()));
        app.world_mut().resource_mut::<Settings>().language = Some(language);
        app.update();
        assert_eq!(app.world().resource::<Translations>().language(), language);
        let mut seen = Vec::new();
        loop {
            settle(&mut app);
            check_lines(&app, language, &mut seen);
            let pos = *state(&app).game.current();
            match pos.status() {
                Status::Over(_) => break,
                Status::MustPass(_) => app.update(),
                Status::ToMove(_) => {
                    let best = pos
                        .legal_cells()
                        .max_by_key(|s| pos.flips_of(*s).count_ones())
                        .unwrap();
                    place(&mut app, &best.to_string());
                }
            }
        }
        // The last line names the result; every language's words differ from English's.
        let result = seen.last().unwrap().clone();
        assert!(result.chars().any(char::is_numeric), "{result}");
        if language != Language::English {
            let english = Translations::new(Language::English);
            let state = state(&app);
            let settings = app.world().resource::<Settings>();
            let in_english = english.text(&status_line(
                state,
                settings,
                false,
                &ShownScores::default(),
            ));
            assert_ne!(
                app.world().resource::<Translations>().text(&status_line(
                    state,
                    settings,
                    false,
                    &ShownScores::default()
                )),
                in_english,
                "{}",
                language.code()
            );
        }
    }
}

#[test]
fn choosing_the_system_language_again_goes_back_to_it() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    let system = app.world().resource::<Translations>().system_language();
    let other = Language::ALL.into_iter().find(|l| *l != system).unwrap();
    app.world_mut().resource_mut::<Settings>().language = Some(other);
    app.update();
    assert_eq!(app.world().resource::<Translations>().language(), other);
    app.world_mut().resource_mut::<Settings>().language = None;
    app.update();
    assert_eq!(app.world().resource::<Translations>().language(), system);
}
