//! Headless ECS tests of the game: the logic plugins on `MinimalPlugins` with time driven by
//! hand. Requests go in the way input sends them; the tests check the facts that come out,
//! the rules resource, and the disc entities the player would see.

use std::time::Duration;

use bevy::ecs::message::Messages;
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use reversi::board::discs::Disc;
use reversi::board::supply::SupplyDisc;
use reversi::hud::review::review_position;
use reversi::records::{SaveFile, SaveNotice, SavedGame};
use reversi::rules::{
    DiscPlaced, GameEnded, GameSetup, Match, MoveRefused, NewGameRequest, PlaceRequest, Player,
    RedoRequest, Refusal, ResumeRequest, ReviewRequest, Source, TurnPassed, UndoRequest,
};
use reversi::settings::Settings;
use reversi::state::animation::BoardAnimation;
use reversi::state::menu::Menu;
use reversi_engine::grid::{BoardSize, Cell, GridGame, GridMove, GridPosition};
use reversi_engine::search::Level;
use reversi_engine::{Color as Side, DiscSupply, OutOfDiscs, Rules, Status};

mod support;
use support::*;

#[path = "game/analysis.rs"]
mod analysis;
#[path = "game/clicks.rs"]
mod clicks;
#[path = "game/couch.rs"]
mod couch;
#[path = "game/fuzz_corpus.rs"]
mod fuzz_corpus;
#[path = "game/how_to_play.rs"]
mod how_to_play;
#[path = "game/languages.rs"]
mod languages;
#[path = "game/motion.rs"]
mod motion;
#[path = "game/saved_games.rs"]
mod saved_games;

fn app_with(setup: GameSetup) -> App {
    app_saving_to(setup, SaveFile::none())
}

fn app_saving_to(setup: GameSetup, save: SaveFile) -> App {
    app_built(setup, save, |_| {})
}

const EIGHT: BoardSize = BoardSize::Eight;

fn sq(name: &str) -> Cell {
    name.parse().unwrap()
}

fn place(app: &mut App, name: &str) {
    app.world_mut().write_message(PlaceRequest {
        square: sq(name),
        line: None,
        source: Source::Human,
    });
    app.update();
}

/// Every message of this kind still buffered (the last two frames' worth), removed so the
/// next call sees only newer ones.
fn drain<M: Message>(app: &mut App) -> Vec<M> {
    let mut messages = app.world_mut().resource_mut::<Messages<M>>();
    messages.drain().collect()
}

fn state(app: &App) -> &Match {
    app.world().resource::<Match>()
}

#[test]
fn a_placement_flows_to_the_rules_and_out_as_facts() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    drain::<DiscPlaced>(&mut app);
    place(&mut app, "f5");
    let placed = drain::<DiscPlaced>(&mut app);
    assert_eq!(placed.len(), 1);
    assert_eq!(placed[0].square, sq("f5"));
    assert_eq!(placed[0].placement.flipped, EIGHT.bit(sq("e5")));
    assert_eq!(state(&app).game.transcript(), "f5");
    settle(&mut app);
    assert_world_matches_engine(&mut app);
}

#[test]
fn an_illegal_placement_changes_nothing() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    let before = state(&app).game.clone();
    let generation = state(&app).generation;
    drain::<MoveRefused>(&mut app);
    place(&mut app, "a1");
    place(&mut app, "d4");
    let refused = drain::<MoveRefused>(&mut app);
    assert_eq!(refused.len(), 2);
    assert!(refused.iter().all(|r| matches!(r.why, Refusal::Illegal(_))));
    assert_eq!(state(&app).game, before);
    assert_eq!(state(&app).generation, generation);
    assert!(drain::<DiscPlaced>(&mut app).is_empty());
    assert_world_matches_engine(&mut app);
}

/// Two people's requests in one frame (a click and Enter, two pads: at a frame a second
/// they happen) were both aimed at the same position: the first is played, the second is
/// stale, not a move for the other side.
#[test]
fn only_one_placement_is_taken_in_a_frame() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    drain::<MoveRefused>(&mut app);
    for (name, source) in [("f5", Source::Human), ("d6", Source::Player(Side::White))] {
        app.world_mut().write_message(PlaceRequest {
            square: sq(name),
            line: None,
            source,
        });
    }
    app.update();
    assert_eq!(state(&app).game.transcript(), "f5");
    let refused = drain::<MoveRefused>(&mut app);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(
        (refused[0].square, refused[0].why),
        (sq("d6"), Refusal::Stale)
    );
    // The next frame takes the next move.
    place(&mut app, "d6");
    assert_eq!(state(&app).game.transcript(), "f5d6");
}

#[test]
fn a_human_cannot_move_for_the_computer() {
    let setup = GameSetup {
        players: [Player::Computer(Level::ALL[0]), Player::Human],
        ..GameSetup::two_players(Rules::default())
    };
    let mut app = app_with(setup);
    // Keep the computer "thinking" so the human's click comes during its turn.
    app.world_mut().resource_mut::<Settings>().thinking_delay_ms = 10_000;
    drain::<MoveRefused>(&mut app);
    app.world_mut().write_message(PlaceRequest {
        square: sq("f5"),
        line: None,
        source: Source::Human,
    });
    app.update();
    let refused = drain::<MoveRefused>(&mut app);
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].why, Refusal::NotYourTurn);
    assert_eq!(state(&app).game.ply(), 0);
}

#[test]
fn the_computer_answers_with_a_legal_move() {
    for level in Level::ALL {
        let mut app = app_with(against_the_computer(level));
        place(&mut app, "f5");
        play_until(&mut app, 2, &format!("level {}", level.number()));
        let reply = state(&app).game.moves()[1];
        let after_f5 = *state(&app).game.position_at(1).unwrap();
        assert!(
            after_f5.play(reply).is_ok(),
            "level {} played {reply}",
            level.number()
        );
        assert_world_matches_engine(&mut app);
    }
}

#[test]
fn passes_are_played_and_announced_and_the_game_ends() {
    // Black a1 b1, White c1: Black's d1 wipes White out and ends the game.
    let black = EIGHT.bit(sq("a1")) | EIGHT.bit(sq("b1"));
    let white = EIGHT.bit(sq("c1"));
    let start = GridPosition::from_discs(EIGHT, Rules::default(), black, white, Side::Black);
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    app.world_mut().resource_mut::<Match>().game = GridGame::from_position(start);
    app.update();
    drain::<GameEnded>(&mut app);
    place(&mut app, "d1");
    let ended = drain::<GameEnded>(&mut app);
    assert_eq!(ended.len(), 1, "wiping out White ends the game");
    assert_eq!(ended[0].outcome.winner, Some(Side::Black));
    assert!(state(&app).game.current().is_over());

    // A forced pass: the rules play it at once and announce it.
    let pos = find_forced_pass();
    let Status::MustPass(passer) = pos.status() else {
        unreachable!()
    };
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    drain::<TurnPassed>(&mut app);
    app.world_mut().resource_mut::<Match>().game = GridGame::from_position(pos);
    app.update();
    let passed = drain::<TurnPassed>(&mut app);
    assert_eq!(passed.len(), 1);
    assert_eq!(passed[0].color, passer);
    assert_eq!(state(&app).game.moves(), &[GridMove::Pass]);
}

fn find_forced_pass() -> GridPosition {
    let mut seed = 11u64;
    loop {
        let mut pos = GridPosition::new(EIGHT, Rules::default());
        loop {
            if let Status::MustPass(_) = pos.status() {
                return pos;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            pos = pos
                .play(moves[(seed >> 33) as usize % moves.len()])
                .unwrap()
                .0;
        }
    }
}

#[test]
fn undo_and_redo_whole_turns() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    for m in ["f5", "d6", "c3"] {
        place(&mut app, m);
        settle(&mut app);
    }
    app.world_mut().write_message(UndoRequest);
    app.update();
    assert_eq!(state(&app).game.transcript(), "f5d6");
    settle(&mut app);
    assert_world_matches_engine(&mut app);
    app.world_mut().write_message(UndoRequest);
    app.update();
    assert_eq!(state(&app).game.transcript(), "f5");
    app.world_mut().write_message(RedoRequest::default());
    app.update();
    assert_eq!(state(&app).game.transcript(), "f5d6");
    settle(&mut app);
    assert_world_matches_engine(&mut app);
}

/// A review begun after an undo ends where it began: Done, End or stepping forward never
/// play the undone moves again (between two people that would undo the undo vote), the
/// review counts only the moves it shows, and redo still brings them back after it.
#[test]
fn a_review_after_an_undo_leaves_the_undone_moves_undone() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    for m in ["f5", "d6", "c3", "d3"] {
        place(&mut app, m);
        settle(&mut app);
    }
    for _ in 0..2 {
        app.world_mut().write_message(UndoRequest);
        app.update();
    }
    settle(&mut app);
    assert_eq!(state(&app).game.transcript(), "f5d6");
    assert_eq!(
        state(&app).record().transcript(),
        "f5d6",
        "undone: not in the record"
    );
    review(&mut app, ReviewRequest::Start);
    review(&mut app, ReviewRequest::First);
    assert_eq!(reversi::hud::review::review_position(state(&app)), (0, 2));
    assert_eq!(state(&app).record().transcript(), "f5d6");
    review(&mut app, ReviewRequest::Step(5));
    assert_eq!(state(&app).game.transcript(), "f5d6");
    review(&mut app, ReviewRequest::First);
    review(&mut app, ReviewRequest::Last);
    assert_eq!(state(&app).game.transcript(), "f5d6");
    review(&mut app, ReviewRequest::Step(-1));
    for _ in 0..3 {
        app.world_mut().write_message(RedoRequest::default());
        app.update();
    }
    assert_eq!(
        state(&app).game.transcript(),
        "f5d6",
        "redo in a review stops at its end"
    );
    review(&mut app, ReviewRequest::Finish);
    assert!(!state(&app).reviewing);
    assert_eq!(state(&app).game.transcript(), "f5d6");
    // Outside the review the undone moves are still there to redo.
    app.world_mut().write_message(RedoRequest::default());
    app.update();
    assert_eq!(state(&app).game.transcript(), "f5d6c3");
}

/// Between two computers a turn is one placement and the passes after it: taking back the
/// pass alone did nothing (the rules play a forced pass again at once).
#[test]
fn undo_between_computers_takes_a_pass_back_with_its_placement() {
    let computers = GameSetup {
        players: [Player::Computer(Level::ALL[0]); 2],
        ..GameSetup::two_players(Rules::default())
    };
    let mut app = app_with(computers);
    // Keep both computers "thinking" so that only the undo and redo change the game.
    app.world_mut().resource_mut::<Settings>().thinking_delay_ms = u32::MAX;
    let upto_pass = PASSING_GAME.find("pa").unwrap() + 2;
    let mut game = GridGame::new(EIGHT, Rules::default());
    game.play_transcript(&PASSING_GAME[..upto_pass]).unwrap();
    assert!(matches!(game.moves().last(), Some(GridMove::Pass)));
    let mut state_now = app.world_mut().resource_mut::<Match>();
    state_now.game = game.clone();
    state_now.generation += 1;
    app.world_mut()
        .write_message(reversi::rules::BoardReset::default());
    app.update();
    settle(&mut app);
    app.world_mut().write_message(UndoRequest);
    app.update();
    assert_eq!(
        state(&app).game.ply(),
        game.ply() - 2,
        "the pass and the placement before it"
    );
    settle(&mut app);
    assert_world_matches_engine(&mut app);
    app.world_mut().write_message(RedoRequest::default());
    app.update();
    assert_eq!(state(&app).game.moves(), game.moves());
    settle(&mut app);
    assert_world_matches_engine(&mut app);
}

/// The pass chime sounds with the pass banner, once the move's flips have landed, not as
/// the move is made.
#[test]
fn the_pass_chime_sounds_with_the_banner() {
    use reversi::audio::{PlaySound, Sound};
    let mut app = app_built(
        GameSetup::two_players(Rules::default()),
        SaveFile::none(),
        reversi::audio::cues,
    );
    let before_pass = PASSING_GAME.find("a8pa").unwrap();
    let mut game = GridGame::new(EIGHT, Rules::default());
    game.play_transcript(&PASSING_GAME[..before_pass]).unwrap();
    let mut state_now = app.world_mut().resource_mut::<Match>();
    state_now.game = game;
    state_now.generation += 1;
    app.world_mut()
        .write_message(reversi::rules::BoardReset::default());
    app.update();
    settle(&mut app);
    drain::<PlaySound>(&mut app);
    place(&mut app, "a8");
    let mut heard = Vec::new();
    let mut frames = 0;
    while board_busy(&app) && frames < 500 {
        heard.extend(
            drain::<PlaySound>(&mut app)
                .into_iter()
                .map(|p| (frames, p.sound)),
        );
        app.update();
        frames += 1;
    }
    let at = |sound: Sound| heard.iter().find(|(_, s)| *s == sound).map(|(f, _)| *f);
    let (flip, chime) = (at(Sound::Flip), at(Sound::Pass));
    assert!(
        matches!((flip, chime), (Some(flip), Some(chime)) if chime > flip),
        "the chime comes after the flips: {heard:?}"
    );
}

#[test]
fn an_undo_while_a_pass_is_announced_frees_the_board_when_the_discs_are_back() {
    // The pass banner's wait belongs to the move that caused it: once that move is taken
    // back, the board is ready as soon as the take-back's discs are.
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    let before_pass = PASSING_GAME.find("a8pa").unwrap();
    let mut game = GridGame::new(EIGHT, Rules::default());
    game.play_transcript(&PASSING_GAME[..before_pass]).unwrap();
    let mut state_now = app.world_mut().resource_mut::<Match>();
    state_now.game = game.clone();
    state_now.generation += 1;
    app.world_mut()
        .write_message(reversi::rules::BoardReset::default());
    app.update();
    settle(&mut app);
    place(&mut app, "a8");
    assert!(matches!(
        state(&app).game.moves().last(),
        Some(GridMove::Pass)
    ));
    app.world_mut().write_message(UndoRequest);
    app.update();
    assert_eq!(state(&app).game.moves(), game.moves());
    let factor = app.world().resource::<Settings>().animation.factor() as f64;
    let take_back = (reversi::board::discs::FLIP_SECS + 7.0 * reversi::board::discs::WAVE_STEP_SECS)
        as f64
        * factor;
    let now = app.world().resource::<Time>().elapsed_secs_f64();
    let busy_for = app.world().resource::<BoardAnimation>().busy_until - now;
    assert!(
        busy_for <= take_back + 0.01,
        "busy {busy_for:.2} s after the undo, the take-back takes at most {take_back:.2} s"
    );
    settle(&mut app);
    assert_world_matches_engine(&mut app);
}

#[test]
fn undo_against_the_computer_returns_to_the_humans_turn_animated() {
    use reversi::rules::{BoardReset, DiscTakenBack};
    let mut app = app_with(against_the_computer(Level::ALL[1]));
    place(&mut app, "f5");
    play_until(&mut app, 2, "the computer");
    let reply = state(&app).game.moves()[1];
    drain::<BoardReset>(&mut app);
    app.world_mut().write_message(UndoRequest);
    app.update();
    assert_eq!(state(&app).game.ply(), 0, "back to before the human's f5");
    assert!(state(&app).human_to_move());
    // Both discs lift away, the computer's first; nothing is rebuilt at once.
    let taken: Vec<Cell> = drain::<DiscTakenBack>(&mut app)
        .iter()
        .map(|t| t.square)
        .collect();
    assert_eq!(taken, vec![reply.cell().unwrap(), sq("f5")]);
    assert!(drain::<BoardReset>(&mut app).is_empty());
    assert!(app.world().resource::<BoardAnimation>().busy_until > 0.0);
    settle(&mut app);
    assert_world_matches_engine(&mut app);
    // Redo plays both again, animated.
    app.world_mut().write_message(RedoRequest::default());
    app.update();
    assert_eq!(drain::<DiscPlaced>(&mut app).len(), 2);
    assert_eq!(state(&app).game.ply(), 2);
    settle(&mut app);
    assert_world_matches_engine(&mut app);
}

#[test]
fn two_steps_in_one_frame_leave_every_disc_right() {
    // A whole turn undone or redone at once shows two placements in one frame; discs the
    // second turned back (or the first's own disc) must end as the engine says.
    let (mut app, record) = finished_passing_game(GameSetup::two_players(Rules::default()));
    review(&mut app, ReviewRequest::Start);
    let mut overlapping = 0;
    let mut replay = GridGame::new(EIGHT, Rules::default());
    let mut placements = Vec::new();
    for mv in record.moves() {
        placements.push(replay.play(*mv).unwrap());
    }
    let placed: Vec<_> = placements
        .iter()
        .filter(|p| matches!(p.mv, GridMove::Place { .. }))
        .collect();
    for pair in placed.windows(2) {
        let first = pair[0].mv.cell().unwrap();
        if pair[1].flipped & EIGHT.bit(first) != 0 || pair[0].flipped & pair[1].flipped != 0 {
            overlapping += 1;
        }
    }
    assert!(overlapping > 5, "the record tests overlapping pairs");
    for step in [-1, 1] {
        while state(&app).game.ply() > 0 && step < 0 || state(&app).game.can_redo() && step > 0 {
            app.world_mut().write_message(ReviewRequest::Step(step));
            app.world_mut().write_message(ReviewRequest::Step(step));
            app.update();
            settle(&mut app);
            assert_world_matches_engine(&mut app);
        }
    }
    assert_eq!(state(&app).game.moves(), record.moves());
    // Steps both ways in one frame (back then forward, an undo then a redo): the board is
    // rebuilt where they end rather than animated out of order.
    review(&mut app, ReviewRequest::Jump(30));
    for (first, then) in [(-1, 1), (1, -1)] {
        let before = state(&app).game.ply();
        app.world_mut().write_message(ReviewRequest::Step(first));
        app.world_mut().write_message(ReviewRequest::Step(then));
        app.update();
        settle(&mut app);
        assert_eq!(state(&app).game.ply(), before);
        assert_world_matches_engine(&mut app);
    }
    review(&mut app, ReviewRequest::Finish);
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    for m in ["f5", "d6", "c3"] {
        place(&mut app, m);
    }
    settle(&mut app);
    app.world_mut().write_message(UndoRequest);
    app.world_mut().write_message(RedoRequest::default());
    app.update();
    settle(&mut app);
    assert_eq!(state(&app).game.transcript(), "f5d6c3");
    assert_world_matches_engine(&mut app);
}

#[test]
fn a_redo_the_frame_after_an_undo_is_animated() {
    // The undo's take-back is still among the last frame's facts when the redo lands: only
    // steps both ways within one frame rebuild the board at once.
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    place(&mut app, "f5");
    settle(&mut app);
    app.world_mut().write_message(UndoRequest);
    app.update();
    app.world_mut().write_message(RedoRequest::default());
    app.update();
    assert_eq!(state(&app).game.transcript(), "f5");
    assert!(
        board_busy(&app),
        "the redo's disc drops in, not snapped into place"
    );
    settle(&mut app);
    assert_world_matches_engine(&mut app);
}

#[test]
fn a_whole_game_keeps_the_world_in_step_with_the_engine() {
    let rules_list = [
        Rules::default(),
        Rules {
            supply: DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne),
            ..Rules::default()
        },
        Rules {
            start: reversi_engine::StartPosition::Free,
            ..Rules::default()
        },
    ];
    for rules in rules_list {
        let mut app = app_with(GameSetup::two_players(rules));
        play_greedily_to_the_end(&mut app);
    }
}

/// Plays the game on the board to its end, each side placing the disc that flips the most,
/// checking after every move that the board's squares, discs and supplies are the engine's.
/// Returns the number of discs placed.
fn play_greedily_to_the_end(app: &mut App) -> u32 {
    let size = state(app).game.size();
    let mut moves = 0;
    loop {
        settle(app);
        assert_world_matches_engine(app);
        let pos = *state(app).game.current();
        if let Some(supply) = pos.supply() {
            let world = app.world_mut();
            let shown = world.query::<&SupplyDisc>().iter(world).count();
            assert_eq!(shown, (supply[0] + supply[1]) as usize, "{size}");
        }
        match pos.status() {
            Status::Over(_) => break,
            Status::MustPass(_) => {
                app.update();
            }
            Status::ToMove(_) => {
                // Play the legal move with the most flips, like a greedy player.
                let best = pos
                    .legal_cells()
                    .max_by_key(|s| pos.flips_of(*s).count_ones())
                    .unwrap();
                place(app, &best.to_string());
                moves += 1;
            }
        }
        assert!(moves <= size.squares(), "{size}");
    }
    assert!(state(app).game.current().is_over());
    moves
}

#[test]
fn games_on_every_board_size_play_to_the_end_in_step_with_the_engine() {
    for (size, rules) in [
        (BoardSize::Six, Rules::default()),
        (
            BoardSize::Ten,
            Rules {
                supply: DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne),
                ..Rules::default()
            },
        ),
        (BoardSize::Four, Rules::default()),
    ] {
        let mut app = app_with(GameSetup::two_players(rules).on(size));
        assert_eq!(state(&app).game.size(), size);
        let moves = play_greedily_to_the_end(&mut app);
        assert!(moves + 4 >= size.squares() / 2, "{size}: {moves} moves");
    }
    // Against the computer on 10×10: every answer is legal, and a new game on 6×6 rebuilds
    // the board for that size.
    let mut app = app_with(against_the_computer(Level::Novice).on(BoardSize::Ten));
    for turn in 0..6 {
        let first = state(&app).game.current().legal_cells().next().unwrap();
        place(&mut app, &first.to_string());
        play_until(&mut app, 2 * turn + 2, "the computer on 10×10");
        assert_world_matches_engine(&mut app);
    }
    app.world_mut().write_message(NewGameRequest(
        GameSetup::two_players(Rules::default()).on(BoardSize::Six),
    ));
    app.update();
    settle(&mut app);
    assert_eq!(state(&app).game.size(), BoardSize::Six);
    assert_world_matches_engine(&mut app);
}

/// A finished game against the computer that ends with a run of passes (from the Xvfb run).
const PASSING_GAME: &str = "d3c5b6f3f4e3d2f5g3c3b3e2d1e1f1c2c1b5f2c4b4c6g4a7g5h3g2h1g1b1b2h6h5\
                            f6d6a1a2a3a4h2a6a5e6h4g6e7d7c8f7h7c7g8g7b8b7a8pad8pae8paf8";

/// An app with `setup` whose game is PASSING_GAME played to its end, the board settled;
/// returns the finished record too.
fn finished_passing_game(setup: GameSetup) -> (App, GridGame) {
    let mut app = app_with(setup);
    let mut record = GridGame::new(EIGHT, Rules::default());
    record.play_transcript(PASSING_GAME).unwrap();
    app.world_mut().resource_mut::<Match>().game = record.clone();
    app.world_mut()
        .write_message(reversi::rules::BoardReset::default());
    app.update();
    settle(&mut app);
    (app, record)
}

fn review(app: &mut App, request: ReviewRequest) {
    app.world_mut().write_message(request);
    app.update();
    settle(app);
    assert_world_matches_engine(app);
}

/// Whether the board invites a move in the shown position (dots, the ghost disc) and the
/// status line offers to play on from it.
fn invites_a_move(app: &App) -> (bool, bool) {
    use reversi::analysis::hints::ShownScores;
    use reversi::board::markers::preview_flips;
    use reversi::hud::scoreboard::status_line;
    use reversi::state::cursors::{Cursor, HintedLines};
    let state = state(app);
    let legal = state.game.current().legal_cells().next();
    let cursor = Cursor {
        square: legal,
        ..Cursor::default()
    };
    let settings = app.world().resource::<Settings>();
    let line = english(&status_line(
        state,
        settings,
        false,
        &ShownScores::default(),
    ));
    (
        preview_flips(state, &cursor, &HintedLines::default()).is_some(),
        line.contains("play on"),
    )
}

#[test]
fn a_review_invites_a_move_only_where_a_click_would_play_on() {
    // Two people in an unfinished game: looking back is free, playing on takes both.
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    for m in ["f5", "d6", "c3"] {
        place(&mut app, m);
    }
    settle(&mut app);
    review(&mut app, ReviewRequest::Start);
    review(&mut app, ReviewRequest::Step(-1));
    assert!(state(&app).reviewing && state(&app).human_to_move());
    assert_eq!(invites_a_move(&app), (false, false));
    // Against the computer: from a person's turn yes, from the computer's no.
    let mut app = app_with(against_the_computer(Level::ALL[1]));
    place(&mut app, "f5");
    play_until(&mut app, 2, "the computer");
    settle(&mut app);
    review(&mut app, ReviewRequest::Start);
    review(&mut app, ReviewRequest::Step(-1));
    assert!(state(&app).reviewing && !state(&app).human_to_move());
    assert_eq!(invites_a_move(&app), (false, false));
    review(&mut app, ReviewRequest::Step(-1));
    assert!(state(&app).human_to_move());
    assert_eq!(invites_a_move(&app), (true, true));
}

#[test]
fn a_finished_game_is_reviewed_step_by_step_and_left_as_it_was() {
    let (mut app, finished) = finished_passing_game(against_the_computer(Level::ALL[3]));
    assert!(state(&app).game.current().is_over());
    let placements = finished
        .moves()
        .iter()
        .filter(|m| matches!(m, GridMove::Place { .. }))
        .count();

    // Steps do nothing before the review starts.
    review(&mut app, ReviewRequest::Step(-1));
    assert_eq!(state(&app).game, finished);
    review(&mut app, ReviewRequest::Start);
    assert!(state(&app).reviewing);
    assert_eq!(review_position(state(&app)), (placements, placements));

    // One step back takes back f8 and shows the position before it, passes included.
    review(&mut app, ReviewRequest::Step(-1));
    let ply = state(&app).game.ply();
    assert_eq!(&finished.moves()[..ply], state(&app).game.moves());
    assert_eq!(finished.moves()[ply], GridMove::at(sq("f8")));
    assert_eq!(review_position(state(&app)), (placements - 1, placements));
    let Status::ToMove(side) = state(&app).status() else {
        panic!("review shows a pass position")
    };
    assert!(matches!(
        state(&app).setup.player(side),
        Player::Computer(_)
    ));

    // Nobody moves in review: a click is refused, the computer stays still for seconds.
    drain::<MoveRefused>(&mut app);
    place(&mut app, "f8");
    let refused = drain::<MoveRefused>(&mut app);
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].why, Refusal::Reviewing);
    for _ in 0..200 {
        app.update();
        std::thread::sleep(Duration::from_millis(3));
    }
    assert_eq!(state(&app).game.ply(), ply);

    // Undo and redo step too; Home and End go to either end; every picture matches.
    app.world_mut().write_message(UndoRequest);
    app.update();
    settle(&mut app);
    assert_eq!(review_position(state(&app)), (placements - 2, placements));
    review(&mut app, ReviewRequest::Step(-7));
    assert_eq!(review_position(state(&app)), (placements - 9, placements));
    review(&mut app, ReviewRequest::First);
    assert_eq!(state(&app).game.ply(), 0);
    review(&mut app, ReviewRequest::Step(-1));
    assert_eq!(state(&app).game.ply(), 0);
    review(&mut app, ReviewRequest::Step(3));
    assert_eq!(state(&app).game.moves(), &finished.moves()[..3]);
    review(&mut app, ReviewRequest::Last);
    assert_eq!(state(&app).game, finished);
    review(&mut app, ReviewRequest::Step(-20));

    // Done: back at the end, out of review, the record untouched.
    review(&mut app, ReviewRequest::Finish);
    assert!(!state(&app).reviewing);
    assert_eq!(state(&app).game.moves(), finished.moves());
    assert_eq!(state(&app).game.transcript(), finished.transcript());
    review(&mut app, ReviewRequest::Step(-1));
    assert_eq!(state(&app).game.moves(), finished.moves());
}

#[test]
fn a_game_in_progress_is_looked_back_over_and_play_resumes_after() {
    let mut app = app_with(against_the_computer(Level::ALL[1]));
    review(&mut app, ReviewRequest::Start);
    assert!(!state(&app).reviewing, "nothing to look back over yet");
    place(&mut app, "f5");
    play_until(&mut app, 2, "the computer");
    let legal = state(&app).game.current().legal_cells().next().unwrap();
    place(&mut app, &legal.to_string());
    // Reviewing before the computer answers: it waits while the review lasts.
    review(&mut app, ReviewRequest::Start);
    assert!(state(&app).reviewing);
    let whole = state(&app).record();
    review(&mut app, ReviewRequest::First);
    assert_eq!(state(&app).game.ply(), 0);
    review(&mut app, ReviewRequest::Step(1));
    assert_eq!(state(&app).game.transcript(), "f5");
    for _ in 0..50 {
        app.update();
    }
    assert_eq!(state(&app).record(), whole, "the computer waited");
    review(&mut app, ReviewRequest::Finish);
    assert!(!state(&app).reviewing);
    assert_eq!(state(&app).game.ply(), 3);
    play_until(&mut app, 4, "the computer after the review");

    // Between two people a review may look back but not play on from there (that is an
    // undo, which takes both players' agreement).
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    for m in ["f5", "d6", "c3"] {
        place(&mut app, m);
    }
    settle(&mut app);
    review(&mut app, ReviewRequest::Start);
    review(&mut app, ReviewRequest::Step(-1));
    drain::<MoveRefused>(&mut app);
    place(&mut app, "c5");
    assert!(
        drain::<MoveRefused>(&mut app)
            .iter()
            .any(|r| r.why == Refusal::Reviewing)
    );
    assert!(state(&app).original.is_none());
    assert_eq!(state(&app).record().transcript(), "f5d6c3");
}

/// Steps frames until the game has `ply` moves (the computer answered) and the board is still.
fn play_until(app: &mut App, ply: usize, who: &str) {
    for _ in 0..3000 {
        app.update();
        if state(app).game.ply() >= ply {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(state(app).game.ply(), ply, "{who} did not answer");
    settle(app);
}

/// "Paused" means it: while a menu is over the board the computer does not place (it
/// did, behind the Pause menu and Settings), and it plays as soon as the menu closes.
#[test]
fn the_computer_waits_while_a_menu_is_open() {
    let mut app = app_with(against_the_computer(Level::ALL[0]));
    place(&mut app, "f5");
    settle(&mut app);
    app.world_mut()
        .resource_mut::<NextState<Menu>>()
        .set(Menu::Pause);
    for _ in 0..300 {
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(state(&app).game.ply(), 1, "the computer moved while paused");
    app.world_mut()
        .resource_mut::<NextState<Menu>>()
        .set(Menu::None);
    play_until(&mut app, 2, "the computer");
}

/// A save file in a fresh temporary folder of its own.
fn temp_save(name: &str) -> (std::path::PathBuf, SaveFile) {
    let dir = std::env::temp_dir().join(format!("reversi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("current.ggf");
    (dir, SaveFile::at(path))
}

fn against_the_computer(level: Level) -> GameSetup {
    GameSetup {
        players: [Player::Human, Player::Computer(level)],
        ..GameSetup::default()
    }
}

#[test]
fn the_game_is_saved_after_every_move_and_resumed_at_the_next_start() {
    let (dir, save) = temp_save("resume");
    let path = save.path().unwrap();
    let mut app = app_saving_to(against_the_computer(Level::ALL[2]), save.clone());
    // A new game is not saved before its first move.
    app.update();
    assert!(!path.exists());
    place(&mut app, "f5");
    play_until(&mut app, 2, "the computer");
    let text = std::fs::read_to_string(&path).unwrap();
    let record = reversi_engine::ggf::GridRecord::parse(&text).unwrap();
    assert_eq!(record.game, state(&app).game);
    let played = state(&app).game.clone();
    drop(app);

    // Next start: the menu offers the game; resuming restores the game and who plays.
    let mut app = app_saving_to(GameSetup::two_players(Rules::default()), save);
    let offered = app
        .world()
        .resource::<SavedGame>()
        .0
        .clone()
        .expect("a game to resume");
    assert_eq!(offered.game, played);
    assert_eq!(offered.setup, against_the_computer(Level::ALL[2]));
    assert!(app.world().resource::<SaveNotice>().0.is_empty());
    app.world_mut().write_message(ResumeRequest {
        game: offered.game,
        setup: offered.setup,
        keep_save: false,
    });
    app.update();
    settle(&mut app);
    assert_eq!(state(&app).game, played);
    assert_eq!(state(&app).setup, against_the_computer(Level::ALL[2]));
    assert_world_matches_engine(&mut app);
    let legal = state(&app).game.current().legal_cells().next().unwrap();
    place(&mut app, &legal.to_string());
    play_until(&mut app, 4, "the computer");
    let again = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        reversi_engine::ggf::GridRecord::parse(&again).unwrap().game,
        state(&app).game
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Two windows of the game at once: the first keeps the save; the second says it keeps
/// none and writes nothing, so neither overwrites the other's game, and the next start
/// offers the first window's game. Once the first window is closed the save is free again.
#[test]
fn a_second_window_does_not_overwrite_the_first_windows_save() {
    let (dir, save) = temp_save("two-windows");
    let path = save.path().unwrap();
    let mut first = app_saving_to(GameSetup::two_players(Rules::default()), save.clone());
    assert!(first.world().resource::<SaveNotice>().0.is_empty());
    place(&mut first, "f5");
    settle(&mut first);
    let first_game = std::fs::read_to_string(&path).unwrap();

    let mut second = app_saving_to(GameSetup::two_players(Rules::default()), save.clone());
    let notices = &second.world().resource::<SaveNotice>().0;
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        english(&notices[0]).contains("window is open")
            && english(&notices[0]).contains("not saved as you play"),
        "{}",
        english(&notices[0])
    );
    assert!(
        second.world().resource::<SavedGame>().0.is_none(),
        "the first window's game is not offered to the second"
    );
    place(&mut second, "d3");
    settle(&mut second);
    place(&mut second, "c3");
    settle(&mut second);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first_game);
    // The first window goes on saving.
    place(&mut first, "d6");
    settle(&mut first);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        reversi_engine::ggf::GridRecord::parse(&saved).unwrap().game,
        state(&first).game
    );
    drop(second);
    drop(first);
    // The next start holds the save again and offers the first window's game.
    let third = app_saving_to(GameSetup::two_players(Rules::default()), save);
    assert!(third.world().resource::<SaveNotice>().0.is_empty());
    let offered = third.world().resource::<SavedGame>().0.clone();
    assert_eq!(offered.expect("a game to resume").game.transcript(), "f5d6");
    drop(third);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_game_opened_to_keep_the_save_is_saved_from_its_first_move_only() {
    let (dir, save) = temp_save("keep");
    let path = save.path().unwrap();
    let mut app = app_saving_to(GameSetup::two_players(Rules::default()), save);
    place(&mut app, "f5");
    settle(&mut app);
    let before = std::fs::read_to_string(&path).unwrap();

    // Another game, opened as a link that is not the saved game opens it.
    let mut other = GridGame::new(EIGHT, Rules::default());
    other.play_transcript("d3c3").unwrap();
    app.world_mut().write_message(ResumeRequest {
        game: other,
        setup: GameSetup::two_players(Rules::default()),
        keep_save: true,
    });
    app.update();
    settle(&mut app);
    assert_eq!(state(&app).game.ply(), 2);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    // Looking it over is no change of it: a review back and on to the end, How to play
    // shown and closed (both reset the board) keep the save as it was.
    review(&mut app, ReviewRequest::Start);
    review(&mut app, ReviewRequest::Step(-1));
    review(&mut app, ReviewRequest::Finish);
    assert_eq!(state(&app).game.ply(), 2);
    let example = GridGame::new(EIGHT, Rules::default());
    for request in [
        reversi::rules::DemonstrationRequest::Show(example),
        reversi::rules::DemonstrationRequest::End,
    ] {
        app.world_mut().write_message(request);
        app.update();
        settle(&mut app);
    }
    assert_eq!(state(&app).game.transcript(), "d3c3");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    place(&mut app, "c4");
    settle(&mut app);
    let after = std::fs::read_to_string(&path).unwrap();
    let record = reversi_engine::ggf::GridRecord::parse(&after).unwrap();
    assert_eq!(record.game, state(&app).game);
    assert_eq!(record.game.ply(), 3);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_game_opened_from_text_keeps_the_unfinished_game_saved_until_its_first_move() {
    // A paste by mistake over a game in progress: the game stays in the save, to be resumed
    // at the next start, until the opened game is played on.
    use reversi::clipboard::OpenGameText;
    let (dir, save) = temp_save("paste");
    let path = save.path().unwrap();
    let mut app = app_saving_to(GameSetup::two_players(Rules::default()), save);
    place(&mut app, "f5");
    settle(&mut app);
    let before = std::fs::read_to_string(&path).unwrap();
    app.world_mut().write_message(OpenGameText {
        text: "d3c3".into(),
        setup: None,
    });
    app.update();
    app.update();
    settle(&mut app);
    assert_eq!(state(&app).game.transcript(), "d3c3");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    place(&mut app, "c4");
    settle(&mut app);
    let after = std::fs::read_to_string(&path).unwrap();
    let record = reversi_engine::ggf::GridRecord::parse(&after).unwrap();
    assert_eq!(record.game.transcript(), "d3c3c4");
    let _ = std::fs::remove_dir_all(dir);

    // With no unfinished game to keep, the opened game is the save at once (the next start
    // offers it).
    let (dir, save) = temp_save("paste-fresh");
    let path = save.path().unwrap();
    let mut app = app_saving_to(GameSetup::two_players(Rules::default()), save);
    app.world_mut().write_message(OpenGameText {
        text: "d3c3".into(),
        setup: None,
    });
    app.update();
    app.update();
    let text = std::fs::read_to_string(&path).unwrap();
    let record = reversi_engine::ggf::GridRecord::parse(&text).unwrap();
    assert_eq!(record.game.transcript(), "d3c3");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_unreadable_save_is_moved_aside_and_the_game_starts_normally() {
    let good = {
        let mut app = app_with(against_the_computer(Level::ALL[2]));
        place(&mut app, "f5");
        settle(&mut app);
        reversi::records::record_of(state(&app)).to_ggf()
    };
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", Vec::new(), "the record is empty"),
        (
            "truncated",
            good.as_bytes()[..good.len() / 2].to_vec(),
            "ends before",
        ),
        ("binary", vec![0xff, 0xfe, 0x00, 0x9c], "not text"),
        (
            "illegal",
            good.replace("B[F5]", "B[A1]").into_bytes(),
            "move 1 (a1) is illegal",
        ),
        (
            "no players",
            good.replace("PL[", "XX[").into_bytes(),
            "who plays",
        ),
        // Not read into memory at all: larger than anything the game writes.
        (
            "huge",
            "(;".repeat(600_000).into_bytes(),
            "KB, far more than any game",
        ),
    ];
    for (name, bytes, why) in cases {
        let (dir, save) = temp_save(&format!("unreadable-{}", name.replace(' ', "-")));
        let path = save.path().unwrap();
        std::fs::write(&path, &bytes).unwrap();
        let mut app = app_saving_to(GameSetup::two_players(Rules::default()), save);
        assert!(app.world().resource::<SavedGame>().0.is_none(), "{name}");
        let notice = app
            .world()
            .resource::<SaveNotice>()
            .0
            .first()
            .cloned()
            .expect("a notice");
        let notice = english(&notice);
        assert!(notice.contains(why), "{name}: {notice}");
        assert!(notice.contains("unreadable-1"), "{name}: {notice}");
        // Moved aside with its content, not deleted.
        assert!(!path.exists(), "{name}");
        assert_eq!(
            std::fs::read(dir.join("current.ggf.unreadable-1")).unwrap(),
            bytes
        );
        place(&mut app, "f5");
        assert_eq!(state(&app).game.transcript(), "f5", "{name}");
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn a_crash_between_write_and_rename_keeps_the_last_save() {
    let (dir, save) = temp_save("crash");
    let path = save.path().unwrap();
    let mut app = app_saving_to(against_the_computer(Level::ALL[2]), save.clone());
    place(&mut app, "f5");
    play_until(&mut app, 2, "the computer");
    let played = state(&app).game.clone();
    drop(app);
    // The next write got as far as its temporary file.
    std::fs::write(dir.join("current.ggf.tmp"), "(;GM[Othello]B[F").unwrap();
    let app = app_saving_to(GameSetup::two_players(Rules::default()), save);
    let offered = app
        .world()
        .resource::<SavedGame>()
        .0
        .clone()
        .expect("the last save");
    assert_eq!(offered.game, played);
    assert!(app.world().resource::<SaveNotice>().0.is_empty());
    assert!(!dir.join("current.ggf.tmp").exists());
    assert!(path.exists());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_save_that_cannot_be_written_lets_play_go_on_with_one_notice() {
    use reversi::user_files::StorageFailed;
    // The data "folder" is a file, so every write fails, as on a read-only or full disk
    // (which root, running the tests, could write to anyway).
    let (dir, _) = temp_save("unwritable");
    let blocker = dir.join("data");
    std::fs::write(&blocker, "not a folder").unwrap();
    let save = SaveFile::at(blocker.join("current.ggf"));
    let mut app = app_saving_to(GameSetup::two_players(Rules::default()), save);
    app.update();
    place(&mut app, "f5");
    let notices = drain::<StorageFailed>(&mut app);
    assert!(
        matches!(notices.as_slice(), [StorageFailed::Game(_)]),
        "{notices:?}"
    );
    assert!(notices[0].to_string().contains("cannot be saved"));
    // Play goes on; the player is not told again at every move.
    for square in ["d6", "c3", "d3"] {
        place(&mut app, square);
    }
    assert!(drain::<StorageFailed>(&mut app).is_empty());
    assert_eq!(state(&app).game.transcript(), "f5d6c3d3");
    settle(&mut app);
    assert_world_matches_engine(&mut app);
    assert_eq!(std::fs::read_to_string(&blocker).unwrap(), "not a folder");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_finished_game_is_kept_but_not_offered() {
    let (dir, save) = temp_save("finished");
    let path = save.path().unwrap();
    let mut game = GridGame::new(EIGHT, Rules::default());
    game.play_transcript(PASSING_GAME).unwrap();
    let finished = Match {
        stashed: None,
        game,
        setup: GameSetup::two_players(Rules::default()),
        generation: 0,
        reviewing: false,
        review_undone: 0,
        original: None,
    };
    let text = reversi::records::record_of(&finished).to_ggf();
    assert!(text.contains("RE[-"), "{text}");
    std::fs::write(&path, &text).unwrap();
    let app = app_saving_to(GameSetup::two_players(Rules::default()), save);
    assert!(app.world().resource::<SavedGame>().0.is_none());
    assert!(app.world().resource::<SaveNotice>().0.is_empty());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_game_opened_from_text_keeps_the_players_and_a_bad_one_changes_nothing() {
    use reversi::clipboard::OpenGameText;
    use reversi::state::notice::Toast;
    let mut app = app_with(against_the_computer(Level::Casual));
    place(&mut app, "f5");
    settle(&mut app);
    let before = state(&app).game.clone();
    drain::<Toast>(&mut app);
    app.world_mut().write_message(OpenGameText {
        text: "f5d6a1".into(),
        setup: None,
    });
    app.update();
    let toasts = drain::<Toast>(&mut app);
    assert!(
        toasts.iter().any(|t| english(&t.0).contains("move 3 (a1")),
        "{toasts:?}"
    );
    assert_eq!(
        state(&app).game.moves(),
        before.moves(),
        "the game on the board stays"
    );
    app.world_mut().write_message(OpenGameText {
        text: "1. f5 d6 2. c3 d3".into(),
        setup: None,
    });
    app.update();
    app.update();
    assert_eq!(state(&app).game.transcript(), "f5d6c3d3");
    assert_eq!(
        state(&app).setup.players,
        against_the_computer(Level::Casual).players
    );
}

#[test]
fn review_steps_animate_both_ways_and_every_step_matches_the_engine() {
    use reversi::rules::DiscTakenBack;
    let (mut app, finished) = finished_passing_game(GameSetup::two_players(Rules::default()));
    review(&mut app, ReviewRequest::Start);
    // All the way back, one animated step at a time (a lift and flips, not a rebuild) …
    let mut steps = 0;
    while state(&app).game.ply() > 0 {
        drain::<DiscTakenBack>(&mut app);
        app.world_mut().write_message(ReviewRequest::Step(-1));
        app.update();
        assert_eq!(drain::<DiscTakenBack>(&mut app).len(), 1, "step {steps}");
        assert!(board_busy(&app), "step back {steps} was not animated");
        settle(&mut app);
        assert_world_matches_engine(&mut app);
        steps += 1;
    }
    // … and forward again to the end, dropping each disc back in.
    while state(&app).game.ply() < finished.ply() {
        drain::<DiscPlaced>(&mut app);
        app.world_mut().write_message(ReviewRequest::Step(1));
        app.update();
        assert_eq!(drain::<DiscPlaced>(&mut app).len(), 1);
        assert!(board_busy(&app), "step forward was not animated");
        settle(&mut app);
        assert_world_matches_engine(&mut app);
        steps -= 1;
    }
    assert_eq!(steps, 0);
    assert_eq!(state(&app).game, finished);
}

#[test]
fn a_move_in_review_plays_on_from_there_and_the_original_is_kept() {
    let (mut app, finished) = finished_passing_game(GameSetup::two_players(Rules::default()));
    review(&mut app, ReviewRequest::Start);
    review(&mut app, ReviewRequest::Jump(10));
    let played = finished.moves()[10];
    let other = state(&app)
        .game
        .current()
        .legal_cells()
        .find(|s| GridMove::at(*s) != played)
        .expect("another legal move at ply 10");
    place(&mut app, &other.to_string());
    settle(&mut app);
    assert!(!state(&app).reviewing, "the branch is played, not reviewed");
    assert_eq!(state(&app).game.ply(), 11);
    assert_eq!(&state(&app).game.moves()[..10], &finished.moves()[..10]);
    assert_eq!(state(&app).game.moves()[10], GridMove::at(other));
    assert_eq!(state(&app).original.as_ref(), Some(&finished));
    assert_world_matches_engine(&mut app);
    // A branch of the branch (two people branch a finished game) still keeps the game it
    // all came from.
    while let Some(cell) = state(&app).game.current().legal_cells().next() {
        place(&mut app, &cell.to_string());
        settle(&mut app);
    }
    assert!(matches!(state(&app).status(), Status::Over(_)));
    review(&mut app, ReviewRequest::Start);
    review(&mut app, ReviewRequest::Jump(5));
    let replayed = state(&app).game.redo_moves().next().copied();
    let again = state(&app)
        .game
        .current()
        .legal_cells()
        .find(|s| Some(GridMove::at(*s)) != replayed)
        .expect("another legal move at ply 5");
    place(&mut app, &again.to_string());
    settle(&mut app);
    assert!(!state(&app).reviewing);
    assert_eq!(state(&app).game.moves()[5], GridMove::at(again));
    assert_eq!(state(&app).original.as_ref(), Some(&finished));
    // Back to the original: the whole record again, out of review.
    review(&mut app, ReviewRequest::Original);
    assert_eq!(state(&app).game, finished);
    assert!(state(&app).original.is_none());
}
