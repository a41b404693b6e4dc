//! What the headless tests of the game share: the game's logic plugins on `MinimalPlugins`
//! with time driven by hand, and the checks that the world agrees with the engine.
// Each test crate that includes this uses some of it.
#![allow(dead_code)]

use std::time::Duration;

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use reversi::board::discs::{Disc, face_showing};
use reversi::board::geometry::disc_rest;
use reversi::board::squares::BoardSquare;
use reversi::records::SaveFile;
use reversi::rules::{GameSetup, Match, NewGameRequest};
use reversi::settings::{Settings, SettingsFile};
use reversi::state::animation::BoardAnimation;
use reversi::state::menu::Menu;
use reversi_engine::Color as Side;

pub const FRAME: Duration = Duration::from_millis(20);

/// The game's logic with `extra` plugins added before the first frame (a plugin's start-up
/// systems run only in that frame).
pub fn app_built(setup: GameSetup, save: SaveFile, extra: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    extra(&mut app);
    app.insert_resource(SettingsFile::none());
    app.insert_resource(save);
    // Never the player's own saved games; the tests that save give a folder of their own.
    app.insert_resource(reversi::saved_games::GameShelf(None));
    app.add_plugins(reversi::logic);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.update();
    app.world_mut().resource_mut::<Settings>().thinking_delay_ms = 0;
    app.world_mut()
        .resource_mut::<NextState<Menu>>()
        .set(Menu::None);
    app.world_mut().write_message(NewGameRequest(setup));
    app.update();
    // A new game sweeps the old discs away and drops the start position in.
    settle(&mut app);
    app
}

/// Whether the board is still moving (or holding still for a banner or the count).
pub fn board_busy(app: &App) -> bool {
    let world = app.world();
    world
        .resource::<BoardAnimation>()
        .is_busy(world.resource::<Time>())
}

/// Steps frames until the board animation is over.
pub fn settle(app: &mut App) {
    for _ in 0..500 {
        if !board_busy(app) {
            app.update();
            return;
        }
        app.update();
    }
    panic!("the board never settled");
}

/// Every disc entity is on a square the engine has a disc on, shows its colour once still,
/// and there is exactly one per disc; the board's squares (64 on 8×8) are always there.
pub fn assert_world_matches_engine(app: &mut App) {
    let pos = *app.world().resource::<Match>().game.current();
    let world = app.world_mut();
    let squares = world.query::<&BoardSquare>().iter(world).count();
    assert_eq!(squares, pos.size().squares() as usize);
    let size = pos.size();
    let mut seen = 0u128;
    let mut q = world.query::<(&Disc, &Transform)>();
    for (disc, t) in q.iter(world) {
        let side = pos
            .at(disc.square)
            .unwrap_or_else(|| panic!("disc entity on empty {}", disc.square));
        assert!(
            seen & size.bit(disc.square) == 0,
            "two disc entities on {}",
            disc.square
        );
        seen |= size.bit(disc.square);
        assert_eq!(disc.face, side, "{}", disc.square);
        assert_eq!(face_showing(t.rotation), side, "face up on {}", disc.square);
        assert!(
            t.translation.distance(disc_rest(size, disc.square)) < 0.13,
            "{} not at rest: {} (rest {})",
            disc.square,
            t.translation,
            disc_rest(size, disc.square)
        );
    }
    assert_eq!(seen, pos.discs(Side::Black) | pos.discs(Side::White));
}

/// A message in English, as the tests read the game's notices.
pub fn english(msg: &reversi::i18n::Msg) -> String {
    use reversi::i18n::{Language, Translations};
    static ENGLISH: std::sync::OnceLock<Translations> = std::sync::OnceLock::new();
    ENGLISH
        .get_or_init(|| Translations::new(Language::English))
        .text(msg)
}

/// `game` played to its end, passes as they come and `choose` naming each placement.
pub fn play_out(
    mut game: reversi_engine::grid::GridGame,
    mut choose: impl FnMut(&reversi_engine::grid::GridGame) -> reversi_engine::grid::Cell,
) -> reversi_engine::grid::GridGame {
    use reversi_engine::Status;
    use reversi_engine::grid::GridMove;
    loop {
        match game.status() {
            Status::Over(_) => return game,
            Status::MustPass(_) => game.play(GridMove::Pass).unwrap(),
            Status::ToMove(_) => {
                let cell = choose(&game);
                game.play(GridMove::at(cell)).unwrap()
            }
        };
    }
}
