//! The board's motions that carry meaning: the computer's chosen square shown before its disc
//! drops, the count at the end of a game (and a key that cuts it short), and a new game that
//! sweeps the old discs off before the start position drops in.

use reversi::ai::AiThinking;
use reversi::board::count::{DiscCounted, EndCount};

use super::*;

/// Plays the first legal move until the game ends, letting each move's animation finish
/// but the last; returns the count's ticks, gathered frame by frame until the board is still.
fn play_to_the_end(app: &mut App) -> Vec<DiscCounted> {
    while let Some(side) = state(app).to_move() {
        let square = state(app).game.current().legal_cells().next().unwrap();
        let ply = state(app).game.ply();
        place(app, &square.to_string());
        assert!(
            state(app).game.ply() > ply,
            "{side:?} could not play {square}"
        );
        if state(app).to_move().is_some() {
            settle(app);
        }
    }
    let mut ticks = Vec::new();
    for _ in 0..1000 {
        app.update();
        ticks.extend(drain::<DiscCounted>(app));
        if !board_busy(app) && ticks.last().is_some_and(|t| t.last) {
            return ticks;
        }
    }
    panic!("the count never finished: {} ticks", ticks.len());
}

fn key(app: &mut App, key: KeyCode) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key: Key::Enter,
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }
}

#[test]
fn the_computer_shows_its_square_before_its_disc_drops() {
    let mut app = app_with(GameSetup {
        players: [Player::Computer(Level::ALL[1]), Player::Human],
        ..GameSetup::two_players(Rules::default())
    });
    let mut announced = None;
    for _ in 0..3000 {
        app.update();
        if let Some(square) = app.world().resource::<AiThinking>().announced() {
            // Shown while nothing is placed yet.
            assert_eq!(state(&app).game.ply(), 0);
            announced.get_or_insert(square);
        }
        if state(&app).game.ply() > 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let announced = announced.expect("the computer's square was shown before it played");
    assert_eq!(state(&app).game.moves()[0].cell(), Some(announced));
    assert_eq!(app.world().resource::<AiThinking>().announced(), None);
}

#[test]
fn at_instant_speed_the_computer_plays_without_showing_its_square() {
    let mut app = app_with(GameSetup {
        players: [Player::Computer(Level::ALL[1]), Player::Human],
        ..GameSetup::two_players(Rules::default())
    });
    app.world_mut().resource_mut::<Settings>().animation =
        reversi::settings::AnimationSpeed::Instant;
    for _ in 0..3000 {
        app.update();
        assert_eq!(app.world().resource::<AiThinking>().announced(), None);
        if state(&app).game.ply() > 0 {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the computer did not play");
}

#[test]
fn a_finished_game_is_counted_disc_by_disc_and_the_winner_stays_raised() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    let counted = play_to_the_end(&mut app);
    let Status::Over(outcome) = state(&app).status() else {
        panic!("the game is over")
    };
    let total = (outcome.discs[0] + outcome.discs[1]) as usize;
    assert_eq!(counted.len(), total, "one tick per disc");
    // Black's discs first, then White's, each total one more than the last.
    let black = outcome.discs[0] as usize;
    assert!(counted[..black].iter().all(|c| c.side == Side::Black));
    assert!(counted[black..].iter().all(|c| c.side == Side::White));
    assert_eq!(counted.last().unwrap().totals.map(u32::from), outcome.discs);
    assert!(counted.last().unwrap().last);
    assert_eq!(counted.iter().filter(|c| c.last).count(), 1);
    // The winner's discs stay up a little, the loser's lie down; every disc is on its square.
    for _ in 0..30 {
        app.update();
    }
    let winner = outcome.winner;
    let world = app.world_mut();
    let mut discs = world.query::<(&Disc, &Transform)>();
    for (disc, t) in discs.iter(world) {
        let raised = t.translation.y - disc.rest().y;
        if Some(disc.face) == winner {
            assert!(
                raised > 0.08,
                "{} of the winner is raised ({raised})",
                disc.square
            );
        } else {
            assert!(
                raised.abs() < 0.01,
                "{} lies on its square ({raised})",
                disc.square
            );
        }
    }
    assert_world_matches_engine(&mut app);
}

/// The same finished game shown again (a review's Done) is not counted again: its result
/// shows at once, without ticks (the count once replayed, sounds and all, even under the
/// pause menu after How to play).
#[test]
fn a_finished_game_is_counted_once() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    assert!(!play_to_the_end(&mut app).is_empty());
    app.world_mut().write_message(ReviewRequest::Start);
    app.update();
    app.world_mut().write_message(ReviewRequest::Step(-1));
    settle(&mut app);
    app.world_mut().write_message(ReviewRequest::Finish);
    settle(&mut app);
    for _ in 0..30 {
        app.update();
    }
    assert!(drain::<DiscCounted>(&mut app).is_empty(), "counted again");
    let count = app.world().resource::<EndCount>();
    assert!(!count.running());
    let generation = state(&app).generation;
    assert!(count.result_may_show(generation, 1.0), "the result shows");
    assert!(count.totals().iter().any(|&n| n > 0), "the totals stay");
}

/// Plays the first legal move to the end with slow animations (the count then takes seconds,
/// long enough to interrupt) and waits for the last flips, then for the count to begin.
fn play_until_the_count_runs(app: &mut App) {
    app.world_mut().resource_mut::<Settings>().animation = reversi::settings::AnimationSpeed::Slow;
    while state(app).to_move().is_some() {
        let square = state(app).game.current().legal_cells().next().unwrap();
        place(app, &square.to_string());
        if state(app).to_move().is_some() {
            settle(app);
        }
    }
    for _ in 0..500 {
        app.update();
        if app.world().resource::<EndCount>().running() {
            break;
        }
    }
}

/// A pad-only player cuts the count short too, with any button but those that open and leave
/// menus (Start, B).
#[test]
fn a_pads_button_cuts_the_count_short() {
    use super::couch::{connect_pad, press};
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    let pad = connect_pad(&mut app);
    play_until_the_count_runs(&mut app);
    app.update();
    for menu_button in [GamepadButton::Start, GamepadButton::East] {
        press(&mut app, pad, menu_button);
        assert!(
            app.world().resource::<EndCount>().running(),
            "{menu_button:?} is no skip"
        );
    }
    press(&mut app, pad, GamepadButton::South);
    assert!(
        !app.world().resource::<EndCount>().running(),
        "a pad's button ends the count"
    );
}

#[test]
fn a_key_cuts_the_count_short_and_an_undo_lays_the_discs_down() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    play_until_the_count_runs(&mut app);
    assert!(
        app.world().resource::<EndCount>().running(),
        "the count started"
    );
    drain::<DiscCounted>(&mut app);
    app.update();
    key(&mut app, KeyCode::Space);
    app.update();
    assert!(
        !app.world().resource::<EndCount>().running(),
        "a key ends the count"
    );
    assert!(
        drain::<DiscCounted>(&mut app)
            .last()
            .is_some_and(|c| c.last),
        "the rest are counted at once"
    );
    let busy = board_busy(&app);
    assert!(!busy, "the result shows at once");
    // Taking the last move back lays every disc down again.
    app.world_mut().write_message(UndoRequest);
    app.update();
    settle(&mut app);
    for _ in 0..30 {
        app.update();
    }
    assert_world_matches_engine(&mut app);
    let world = app.world_mut();
    let mut discs = world.query::<(&Disc, &Transform)>();
    for (disc, t) in discs.iter(world) {
        assert!((t.translation.y - disc.rest().y).abs() < 0.01);
    }
}

#[test]
fn a_new_game_sweeps_the_old_discs_off_before_the_start_drops_in() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    for square in ["f5", "d6", "c3", "d3", "c4"] {
        place(&mut app, square);
        settle(&mut app);
    }
    let old: Vec<Entity> = {
        let world = app.world_mut();
        world
            .query_filtered::<Entity, With<Disc>>()
            .iter(world)
            .collect()
    };
    app.world_mut()
        .write_message(NewGameRequest(GameSetup::two_players(Rules::default())));
    app.update();
    app.update();
    // The old discs are still there, leaving (no longer on the board) …
    let world = app.world_mut();
    let leaving = old.iter().filter(|e| world.get_entity(**e).is_ok()).count();
    assert_eq!(
        leaving,
        old.len(),
        "the old discs sweep off rather than vanish"
    );
    assert!(old.iter().all(|e| world.get::<Disc>(*e).is_none()));
    // … and the four start discs wait above the board for them.
    let mut discs = world.query::<(&Disc, &Transform)>();
    let waiting: Vec<f32> = discs.iter(world).map(|(_, t)| t.translation.y).collect();
    assert_eq!(waiting.len(), 4);
    assert!(
        waiting.iter().all(|y| *y > 1.0),
        "start discs drop in: {waiting:?}"
    );
    settle(&mut app);
    let world = app.world_mut();
    assert!(
        old.iter().all(|e| world.get_entity(*e).is_err()),
        "swept discs are gone"
    );
    assert_world_matches_engine(&mut app);
}

#[test]
fn against_the_computer_the_count_waits_for_the_last_disc_and_holds_the_board() {
    let mut app = app_with(GameSetup {
        players: [Player::Human, Player::Computer(Level::ALL[0])],
        ..GameSetup::two_players(Rules::default())
    });
    app.world_mut().resource_mut::<Settings>().animation = reversi::settings::AnimationSpeed::Fast;
    // Slow frames, as under a software renderer.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        450,
    )));
    let mut counted = false;
    for _ in 0..5000 {
        if state(&app).human_to_move() {
            let busy = board_busy(&app);
            if !busy {
                let square = state(&app).game.current().legal_cells().next().unwrap();
                place(&mut app, &square.to_string());
                continue;
            }
        }
        app.update();
        let busy = board_busy(&app);
        let world = app.world_mut();
        let running = world.resource::<EndCount>().running();
        let moving = world
            .query_filtered::<(), (With<Disc>, With<bevy_tweening::TweenAnim>)>()
            .iter(world)
            .count();
        if running {
            counted = true;
            assert!(busy, "the board is busy while the count runs");
        }
        if matches!(state(&app).status(), Status::Over(_)) && !busy {
            assert_eq!(moving, 0, "no disc moves once the result may show");
            if counted {
                return;
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the game and its count did not finish");
}

#[test]
fn a_key_ends_the_sweep_and_the_start_lies_ready() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    app.world_mut().resource_mut::<Settings>().animation = reversi::settings::AnimationSpeed::Slow;
    for square in ["f5", "d6", "c3"] {
        place(&mut app, square);
        settle(&mut app);
    }
    app.world_mut()
        .write_message(NewGameRequest(GameSetup::two_players(Rules::default())));
    app.update();
    app.update();
    key(&mut app, KeyCode::Space);
    app.update();
    let busy = board_busy(&app);
    assert!(!busy, "the board is ready at once");
    app.update();
    // Only the four start discs remain, at rest, and nothing is left of the old ones.
    let world = app.world_mut();
    let everything = world
        .query_filtered::<(), With<reversi::board::shadows::CastsShadow>>()
        .iter(world)
        .count();
    assert_eq!(everything, 4);
    assert_world_matches_engine(&mut app);
}

#[test]
fn a_key_cuts_the_computers_showing_short() {
    let mut app = app_with(GameSetup {
        players: [Player::Computer(Level::ALL[1]), Player::Human],
        ..GameSetup::two_players(Rules::default())
    });
    // Slow animations: the square would show for 0.63 s (31 frames).
    app.world_mut().resource_mut::<Settings>().animation = reversi::settings::AnimationSpeed::Slow;
    for _ in 0..3000 {
        app.update();
        if app.world().resource::<AiThinking>().announced().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let square = app
        .world()
        .resource::<AiThinking>()
        .announced()
        .expect("the computer shows its square");
    app.update();
    key(&mut app, KeyCode::Space);
    app.update();
    app.update();
    assert_eq!(
        state(&app).game.moves().first().and_then(GridMove::cell),
        Some(square)
    );
}

/// A game played to its end from the start, the legal square at `step` times the ply (in
/// the order of the squares) each time.
fn finished_game(step: usize) -> GridGame {
    play_out(GridGame::new(EIGHT, Rules::default()), |game| {
        let cells: Vec<Cell> = game.current().legal_cells().collect();
        cells[game.ply() * step % cells.len()]
    })
}

/// Every text shown in the app, in English.
fn texts_shown(app: &mut App) -> Vec<String> {
    let world = app.world_mut();
    let mut texts = world.query::<&reversi::i18n::Tr>();
    let translations = world.resource::<reversi::i18n::Translations>();
    texts
        .iter(world)
        .map(|tr| translations.text_in(reversi::i18n::Language::English, &tr.0))
        .collect()
}

#[test]
fn a_finished_game_opened_over_another_gets_a_game_over_panel_of_its_own() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    app.add_plugins(reversi::hud::game_over::plugin);
    // At instant speed nothing moves between the two games to take the first panel down.
    app.world_mut().resource_mut::<Settings>().animation =
        reversi::settings::AnimationSpeed::Instant;
    let (first, second) = (finished_game(0), finished_game(3));
    let discs = |game: &GridGame| {
        let Status::Over(outcome) = game.status() else {
            panic!("the game is over")
        };
        format!("Black {} - {} White", outcome.discs[0], outcome.discs[1])
    };
    assert_ne!(discs(&first), discs(&second), "two games with two results");
    for game in [first, second] {
        app.world_mut().write_message(ResumeRequest {
            game: game.clone(),
            setup: GameSetup::two_players(Rules::default()),
            keep_save: false,
        });
        for _ in 0..30 {
            app.update();
        }
        let shown = texts_shown(&mut app);
        assert!(
            shown.iter().any(|t| t.contains(&discs(&game))),
            "the panel says {}: {shown:?}",
            discs(&game)
        );
    }
}

#[test]
fn the_ghost_disc_takes_the_colours_the_player_chooses() {
    use reversi::board::markers::GhostDisc;
    use reversi::settings::ColorScheme;
    let mut app = app_built(GameSetup::default(), SaveFile::none(), |app| {
        app.add_plugins(bevy::asset::AssetPlugin::default())
            .init_asset::<Mesh>()
            .init_asset::<StandardMaterial>()
            .init_asset::<Image>();
    });
    let ghost_color = |app: &mut App| {
        let world = app.world_mut();
        let handle = world
            .query_filtered::<&MeshMaterial3d<StandardMaterial>, With<GhostDisc>>()
            .single(world)
            .expect("one ghost disc")
            .0
            .clone();
        world
            .resource::<Assets<StandardMaterial>>()
            .get(&handle)
            .unwrap()
            .base_color
    };
    let face = |scheme| reversi::theme::palette::face(scheme, Side::Black).with_alpha(0.45);
    assert_eq!(ghost_color(&mut app), face(ColorScheme::BlackWhite));
    for scheme in [ColorScheme::RedGreen, ColorScheme::Accessible] {
        app.world_mut().resource_mut::<Settings>().colors = scheme;
        app.update();
        assert_eq!(ghost_color(&mut app), face(scheme));
    }
}
