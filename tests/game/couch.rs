//! Couch play driven as people drive it: key presses and gamepad buttons go in as the
//! window and gilrs deliver them (input messages), the tests check cursors, seats, the
//! rules' answers, the undo vote and the match.

use bevy::input::ButtonState;
use bevy::input::gamepad::{
    GamepadConnection, GamepadConnectionEvent, GamepadRumbleRequest, RawGamepadButtonChangedEvent,
    RawGamepadEvent,
};
use bevy::input::keyboard::{Key, KeyboardInput};
use reversi::couch::rumble::rumble_for;
use reversi::couch::series::{NextMatchGame, StartMatch};
use reversi::couch::undo_vote::{Asked, UndoAnswer, UndoAsk, UndoVote};
use reversi::input::keyboard::{COLUMNS, ROWS};
use reversi::state::cursors::{Cursors, ViewTurn};
use reversi::state::devices::{Device, Seats};
use reversi::state::series::Series;

use super::*;

fn key_message(code: KeyCode, state: ButtonState) -> KeyboardInput {
    let logical_key = match code {
        KeyCode::Enter => Key::Enter,
        KeyCode::ArrowLeft => Key::ArrowLeft,
        KeyCode::ArrowRight => Key::ArrowRight,
        KeyCode::ArrowUp => Key::ArrowUp,
        KeyCode::ArrowDown => Key::ArrowDown,
        other => {
            let name = format!("{other:?}");
            let c = name.chars().last().unwrap_or('?').to_ascii_lowercase();
            Key::Character(c.to_string().into())
        }
    };
    KeyboardInput {
        key_code: code,
        logical_key,
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

/// Presses a key for one frame and lets it go the next.
fn tap(app: &mut App, code: KeyCode) {
    app.world_mut()
        .write_message(key_message(code, ButtonState::Pressed));
    app.update();
    app.world_mut()
        .write_message(key_message(code, ButtonState::Released));
    app.update();
}

/// Presses and releases keys within one (slow) frame, in this order.
fn tap_within_one_frame(app: &mut App, codes: &[KeyCode]) {
    for &code in codes {
        app.world_mut()
            .write_message(key_message(code, ButtonState::Pressed));
        app.world_mut()
            .write_message(key_message(code, ButtonState::Released));
    }
    app.update();
    app.update();
}

/// Holds a key down for `frames` frames.
fn hold(app: &mut App, code: KeyCode, frames: usize) {
    app.world_mut()
        .write_message(key_message(code, ButtonState::Pressed));
    for _ in 0..frames {
        app.update();
    }
    app.world_mut()
        .write_message(key_message(code, ButtonState::Released));
    app.update();
}

/// Types a square's name and Enter, as a keyboard player places a disc.
pub(super) fn type_move(app: &mut App, square: Cell) {
    tap(app, COLUMNS[usize::from(square.column)]);
    tap(app, ROWS[usize::from(square.row)]);
    tap(app, KeyCode::Enter);
}

/// Plugs in a gamepad, as gilrs announces one.
pub(super) fn connect_pad(app: &mut App) -> Entity {
    let pad = app.world_mut().spawn_empty().id();
    plug_in(app, pad);
    assert!(app.world().get::<Gamepad>(pad).is_some(), "pad connected");
    pad
}

/// Announces `pad` as connected (again: gilrs reuses the entity) and runs a frame.
fn plug_in(app: &mut App, pad: Entity) {
    app.world_mut().write_message(GamepadConnectionEvent::new(
        pad,
        GamepadConnection::Connected {
            name: "test pad".into(),
            vendor_id: None,
            product_id: None,
        },
    ));
    app.update();
}

fn pad_button(app: &mut App, pad: Entity, button: GamepadButton, value: f32) {
    app.world_mut()
        .write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
            pad, button, value,
        )));
    app.update();
}

/// Presses a pad's button for one frame and lets it go the next.
pub(super) fn press(app: &mut App, pad: Entity, button: GamepadButton) {
    pad_button(app, pad, button, 1.0);
    pad_button(app, pad, button, 0.0);
}

fn cursor(app: &App, side: Side) -> reversi::state::cursors::Cursor {
    *app.world().resource::<Cursors>().of(side)
}

fn two_people() -> App {
    app_with(GameSetup::two_players(Rules::default()))
}

#[test]
fn the_keyboard_cursor_moves_stops_at_the_edges_and_repeats_while_held() {
    let mut app = two_people();
    assert!(!cursor(&app, Side::Black).visible, "no cursor before a key");
    tap(&mut app, KeyCode::ArrowLeft);
    let c = cursor(&app, Side::Black);
    assert!(c.visible);
    assert_eq!(c.square, Some(sq("d4")), "the first press shows the cursor");
    for _ in 0..6 {
        tap(&mut app, KeyCode::ArrowLeft);
    }
    assert_eq!(
        cursor(&app, Side::Black).square,
        Some(sq("a4")),
        "stops at a"
    );
    for _ in 0..5 {
        tap(&mut app, KeyCode::ArrowUp);
    }
    assert_eq!(
        cursor(&app, Side::Black).square,
        Some(sq("a1")),
        "stops at 1"
    );
    tap(&mut app, KeyCode::KeyS);
    assert_eq!(cursor(&app, Side::Black).square, Some(sq("a2")), "WASD too");
    // Held for over a second (60 frames of 20 ms): one step, then a repeat every 0.12 s after 0.35 s.
    hold(&mut app, KeyCode::ArrowRight, 60);
    assert_eq!(
        cursor(&app, Side::Black).square,
        Some(sq("h2")),
        "repeats to h"
    );
    // Seen from White's side of the table, right on screen is towards a.
    app.insert_resource(ViewTurn(2));
    tap(&mut app, KeyCode::ArrowRight);
    assert_eq!(cursor(&app, Side::Black).square, Some(sq("g2")));
    assert!(
        !cursor(&app, Side::White).visible,
        "White's cursor is its own"
    );
    // A tap pressed and released within one slow frame still moves the cursor.
    tap_within_one_frame(&mut app, &[KeyCode::ArrowDown]);
    assert_eq!(cursor(&app, Side::Black).square, Some(sq("g1")));
    // Three taps within one slow frame are three steps (right on screen, towards a).
    tap_within_one_frame(
        &mut app,
        &[
            KeyCode::ArrowRight,
            KeyCode::ArrowRight,
            KeyCode::ArrowRight,
        ],
    );
    assert_eq!(cursor(&app, Side::Black).square, Some(sq("d1")));
}

#[test]
fn a_square_typed_within_one_frame_is_where_the_arrows_step_from() {
    let mut app = two_people();
    // Typed as a fast typist does at one frame a second: c, 4 and Up all in one frame.
    tap_within_one_frame(
        &mut app,
        &[KeyCode::KeyC, KeyCode::Digit4, KeyCode::ArrowUp],
    );
    assert_eq!(
        cursor(&app, Side::Black).square,
        Some(sq("c3")),
        "Up steps on from the typed c4"
    );
    // D and A are column letters here, not steps right and left.
    tap_within_one_frame(&mut app, &[KeyCode::KeyD, KeyCode::Digit5]);
    assert_eq!(cursor(&app, Side::Black).square, Some(sq("d5")));
    tap_within_one_frame(&mut app, &[KeyCode::KeyA, KeyCode::Digit2]);
    assert_eq!(cursor(&app, Side::Black).square, Some(sq("a2")));
    // Alone, D still steps right.
    tap(&mut app, KeyCode::KeyD);
    assert_eq!(cursor(&app, Side::Black).square, Some(sq("b2")));
    // L (the next flanked line) with an arrow in one frame counts for the square moved to.
    tap_within_one_frame(&mut app, &[KeyCode::ArrowRight, KeyCode::KeyL]);
    let c = cursor(&app, Side::Black);
    assert_eq!((c.square, c.line_choice), (Some(sq("c2")), 1));
    // L twice in one frame is two lines on.
    tap_within_one_frame(&mut app, &[KeyCode::KeyL, KeyCode::KeyL]);
    assert_eq!(cursor(&app, Side::Black).line_choice, 3);
}

#[test]
fn row_ten_is_typed_in_one_frame_or_over_several() {
    let mut app = app_with(GameSetup::two_players(Rules::default()).on(BoardSize::Ten));
    let at = |app: &App| cursor(app, Side::Black).square.map(|c| c.to_string());
    // j, 1 and 0 in one slow frame.
    tap_within_one_frame(&mut app, &[KeyCode::KeyJ, KeyCode::Digit1, KeyCode::Digit0]);
    assert_eq!(at(&app).as_deref(), Some("j10"));
    // c1, a step down, then 0 alone: the 0 no longer belongs to the 1.
    tap_within_one_frame(&mut app, &[KeyCode::KeyC, KeyCode::Digit1]);
    assert_eq!(at(&app).as_deref(), Some("c1"));
    tap(&mut app, KeyCode::ArrowDown);
    tap_within_one_frame(&mut app, &[KeyCode::Digit0]);
    assert_eq!(at(&app).as_deref(), Some("c2"));
    // b, 1 and, frames later, 0: b10.
    tap_within_one_frame(&mut app, &[KeyCode::KeyB, KeyCode::Digit1]);
    for _ in 0..5 {
        app.update();
    }
    tap_within_one_frame(&mut app, &[KeyCode::Digit0]);
    assert_eq!(at(&app).as_deref(), Some("b10"));
    // A Hungarian keyboard's 0 is left of 1 (the key a US one has ` on).
    tap_within_one_frame(&mut app, &[KeyCode::KeyD, KeyCode::Digit1]);
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            logical_key: Key::Character("0".into()),
            ..key_message(KeyCode::Backquote, state)
        });
    }
    app.update();
    app.update();
    assert_eq!(at(&app).as_deref(), Some("d10"));
    // The number pad types rows too.
    tap_within_one_frame(
        &mut app,
        &[KeyCode::KeyE, KeyCode::Numpad1, KeyCode::Numpad0],
    );
    assert_eq!(at(&app).as_deref(), Some("e10"));
    tap_within_one_frame(&mut app, &[KeyCode::KeyF, KeyCode::Numpad7]);
    assert_eq!(at(&app).as_deref(), Some("f7"));
}

#[test]
fn a_whole_game_is_played_with_the_keyboard_alone() {
    let mut app = two_people();
    let mut rng_state = 0x2545_f491_u32;
    let mut typed = Vec::new();
    while let Some(side) = state(&app).to_move() {
        let legal: Vec<Cell> = state(&app).game.current().legal_cells().collect();
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 17;
        rng_state ^= rng_state << 5;
        let square = legal[rng_state as usize % legal.len()];
        let ply = state(&app).game.ply();
        type_move(&mut app, square);
        assert!(
            state(&app).game.ply() > ply,
            "{side:?} typed {square} but nothing was placed"
        );
        typed.push(square);
        settle(&mut app);
        assert!(typed.len() <= 60, "the game never ended");
    }
    let placed: Vec<Cell> = state(&app)
        .game
        .moves()
        .iter()
        .filter_map(GridMove::cell)
        .collect();
    assert_eq!(placed, typed);
    assert!(matches!(state(&app).status(), Status::Over(_)));
    assert_world_matches_engine(&mut app);
}

#[test]
fn gamepads_join_in_the_menu_and_leave_with_select() {
    let mut app = two_people();
    let a = connect_pad(&mut app);
    let b = connect_pad(&mut app);
    // Outside the new-game menu's invitation a press claims nothing.
    press(&mut app, a, GamepadButton::South);
    assert_eq!(app.world().resource::<Seats>().pads, [None, None]);
    app.world_mut()
        .resource_mut::<NextState<Menu>>()
        .set(Menu::NewGame);
    app.world_mut().resource_mut::<Seats>().joining = true; // two-player mode chosen
    app.update();
    press(&mut app, b, GamepadButton::East);
    assert_eq!(app.world().resource::<Seats>().pads, [Some(b), None]);
    press(&mut app, a, GamepadButton::South);
    assert_eq!(app.world().resource::<Seats>().pads, [Some(b), Some(a)]);
    press(&mut app, b, GamepadButton::Select);
    assert_eq!(app.world().resource::<Seats>().pads, [None, Some(a)]);
    press(&mut app, b, GamepadButton::North);
    assert_eq!(app.world().resource::<Seats>().pads, [Some(b), Some(a)]);
    // Unplugging a pad frees its seat.
    app.world_mut().write_message(GamepadConnectionEvent::new(
        a,
        GamepadConnection::Disconnected,
    ));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Seats>().pads, [Some(b), None]);
}

/// Two people: player 1 holds a pad (Black), player 2 has the keyboard (White).
fn pad_against_keyboard() -> (App, Entity) {
    let mut app = two_people();
    let pad = connect_pad(&mut app);
    app.world_mut().resource_mut::<Seats>().pads = [Some(pad), None];
    (app, pad)
}

#[test]
fn each_player_places_only_on_their_own_turn() {
    let (mut app, pad) = pad_against_keyboard();
    drain::<MoveRefused>(&mut app);
    // White's keyboard cannot play Black's first move.
    type_move(&mut app, sq("f5"));
    let refused = drain::<MoveRefused>(&mut app);
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].why, Refusal::NotYourTurn);
    assert_eq!(state(&app).game.ply(), 0);
    assert_eq!(
        cursor(&app, Side::White).square,
        Some(sq("f5")),
        "the keyboard moved White's cursor, not Black's"
    );
    assert!(!cursor(&app, Side::Black).visible);
    // Black's pad walks from d4 to f5 and places.
    for button in [
        GamepadButton::DPadRight, // shows the cursor on d4
        GamepadButton::DPadRight,
        GamepadButton::DPadRight,
        GamepadButton::DPadDown,
    ] {
        press(&mut app, pad, button);
    }
    assert_eq!(cursor(&app, Side::Black).square, Some(sq("f5")));
    press(&mut app, pad, GamepadButton::South);
    assert_eq!(state(&app).game.transcript(), "f5");
    settle(&mut app);
    // Now the pad is refused and the keyboard plays White.
    drain::<MoveRefused>(&mut app);
    press(&mut app, pad, GamepadButton::South);
    assert_eq!(drain::<MoveRefused>(&mut app)[0].why, Refusal::NotYourTurn);
    type_move(&mut app, sq("d6"));
    assert_eq!(state(&app).game.transcript(), "f5d6");
}

/// Taps of the d-pad (and the right trigger) within one slow frame count each, as the
/// keyboard's arrows do.
#[test]
fn a_pads_taps_within_one_frame_count_each() {
    let (mut app, pad) = pad_against_keyboard();
    let taps = |app: &mut App, buttons: &[GamepadButton]| {
        for &button in buttons {
            for value in [1.0, 0.0] {
                app.world_mut().write_message(RawGamepadEvent::Button(
                    RawGamepadButtonChangedEvent::new(pad, button, value),
                ));
            }
        }
        app.update();
    };
    // The first shows the cursor on d4; two more in the same frame step twice.
    taps(&mut app, &[GamepadButton::DPadRight; 3]);
    assert_eq!(cursor(&app, Side::Black).square, Some(sq("f4")));
    taps(
        &mut app,
        &[GamepadButton::DPadDown, GamepadButton::DPadDown],
    );
    assert_eq!(cursor(&app, Side::Black).square, Some(sq("f6")));
    taps(&mut app, &[GamepadButton::RightTrigger2; 2]);
    assert_eq!(cursor(&app, Side::Black).line_choice, 2);
}

#[test]
fn an_undo_needs_the_other_players_agreement() {
    let (mut app, _pad) = pad_against_keyboard();
    place(&mut app, "f5");
    settle(&mut app);
    let menu = |app: &App| *app.world().resource::<State<Menu>>().get();
    // Black asks; Black cannot agree with themselves.
    app.world_mut().write_message(UndoAsk {
        by: Some(Side::Black),
    });
    app.update();
    app.update();
    assert_eq!(menu(&app), Menu::UndoVote);
    app.world_mut().write_message(UndoAnswer {
        agree: true,
        by: Some(Side::Black),
    });
    app.update();
    let vote = app.world().resource::<UndoVote>().asked.unwrap();
    assert!(vote.own_answer);
    assert_eq!(state(&app).game.ply(), 1);
    // Nor with the shared mouse, which answers for nobody in particular.
    app.world_mut().resource_mut::<UndoVote>().asked = Some(Asked {
        by: Some(Side::Black),
        own_answer: false,
    });
    app.world_mut().write_message(UndoAnswer {
        agree: true,
        by: None,
    });
    app.update();
    assert!(app.world().resource::<UndoVote>().asked.unwrap().own_answer);
    assert_eq!(state(&app).game.ply(), 1);
    assert_eq!(menu(&app), Menu::UndoVote);
    // White refuses with N: nothing is taken back and play goes on.
    tap(&mut app, KeyCode::KeyN);
    app.update();
    assert_eq!(menu(&app), Menu::None);
    assert_eq!(state(&app).game.ply(), 1);
    assert!(app.world().resource::<UndoVote>().asked.is_none());
    // Asked again (by the shared mouse button, for nobody in particular), White agrees with Y.
    app.world_mut().write_message(UndoAsk { by: None });
    app.update();
    app.update();
    assert_eq!(menu(&app), Menu::UndoVote);
    tap(&mut app, KeyCode::KeyY);
    app.update();
    assert_eq!(state(&app).game.ply(), 0);
    assert_eq!(menu(&app), Menu::None);
    // Against the computer an undo needs nobody's agreement.
    let mut solo = app_with(against_the_computer(Level::ALL[0]));
    place(&mut solo, "f5");
    play_until(&mut solo, 2, "the computer");
    solo.world_mut().write_message(UndoAsk { by: None });
    solo.update();
    solo.update();
    assert_eq!(state(&solo).game.ply(), 0);
    assert_eq!(menu(&solo), Menu::None);
}

#[test]
fn after_an_agreed_undo_only_that_turns_player_plays_it_again() {
    let (mut app, _pad) = pad_against_keyboard();
    place(&mut app, "f5");
    settle(&mut app);
    app.world_mut().write_message(UndoAsk {
        by: Some(Side::Black),
    });
    app.update();
    app.update();
    tap(&mut app, KeyCode::KeyY); // White, at the keyboard, agrees
    app.update();
    settle(&mut app);
    assert_eq!(state(&app).game.ply(), 0);
    // White's redo (the HUD's Y key or button, from White's keyboard) cannot put Black's
    // move back.
    drain::<MoveRefused>(&mut app);
    app.world_mut().write_message(RedoRequest {
        by: Some(Side::White),
    });
    app.update();
    assert_eq!(state(&app).game.ply(), 0, "White redid Black's move alone");
    let refused = drain::<MoveRefused>(&mut app);
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].why, Refusal::NotYourTurn);
    assert_eq!(refused[0].square, sq("f5"));
    // Black's own device plays it again; so does a shared one (the mouse), as it places.
    app.world_mut().write_message(RedoRequest {
        by: Some(Side::Black),
    });
    app.update();
    assert_eq!(state(&app).game.transcript(), "f5");
    settle(&mut app);
    app.world_mut().write_message(UndoRequest);
    app.update();
    settle(&mut app);
    app.world_mut().write_message(RedoRequest { by: None });
    app.update();
    assert_eq!(state(&app).game.transcript(), "f5");
}

#[test]
fn an_undo_asked_as_the_pause_menu_opens_can_be_asked_again() {
    let (mut app, _pad) = pad_against_keyboard();
    place(&mut app, "f5");
    settle(&mut app);
    let menu = |app: &App| *app.world().resource::<State<Menu>>().get();
    // U and Esc in one slow frame: the ask is taken, then Esc sends the game to Pause.
    app.world_mut().write_message(UndoAsk { by: None });
    app.update();
    app.world_mut()
        .resource_mut::<NextState<Menu>>()
        .set(Menu::Pause);
    app.update();
    assert_eq!(menu(&app), Menu::Pause);
    app.world_mut()
        .resource_mut::<NextState<Menu>>()
        .set(Menu::None);
    app.update();
    // Back in the game, an undo is asked again and the prompt opens.
    app.world_mut().write_message(UndoAsk { by: None });
    app.update();
    app.update();
    assert_eq!(menu(&app), Menu::UndoVote);
    tap(&mut app, KeyCode::KeyY);
    app.update();
    assert_eq!(state(&app).game.ply(), 0);
}

/// Replaces the game on the board by one a single move from its end: `winner` plays d1 and
/// wipes the other side out.
fn one_move_from_the_end(app: &mut App, winner: Side) {
    let eight = BoardSize::Eight;
    let mover = eight.bit(sq("a1")) | eight.bit(sq("b1"));
    let other = eight.bit(sq("c1"));
    let (black, white) = match winner {
        Side::Black => (mover, other),
        Side::White => (other, mover),
    };
    let start = GridPosition::from_discs(eight, Rules::default(), black, white, winner);
    set_board(app, start);
}

/// Replaces the game on the board by one from `start`.
fn set_board(app: &mut App, start: GridPosition) {
    let mut state = app.world_mut().resource_mut::<Match>();
    state.game = GridGame::from_position(start);
    state.generation += 1;
}

/// Starts a match of `games` standard games.
fn start_match(app: &mut App, games: u8) {
    app.world_mut().write_message(StartMatch {
        rules: Rules::default(),
        size: BoardSize::Eight,
        games,
    });
    app.update();
}

#[test]
fn a_match_swaps_colours_each_game_and_keeps_the_score() {
    let mut app = two_people();
    {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.players[0].name = "Anna".into();
        settings.players[1].name = "Ben".into();
    }
    start_match(&mut app, 2);
    assert_eq!(state(&app).setup.names, ["Anna".to_string(), "Ben".into()]);
    assert!(app.world().resource::<Series>().active());
    // Anna (Black) wins the first game.
    one_move_from_the_end(&mut app, Side::Black);
    place(&mut app, "d1");
    app.update();
    let series = app.world().resource::<Series>().clone();
    assert_eq!(series.points(), [1.0, 0.0]);
    assert!(series.next_game_due() && !series.finished());
    // The next game swaps colours: Ben has Black.
    app.world_mut().write_message(NextMatchGame);
    app.update();
    assert_eq!(state(&app).setup.names, ["Ben".to_string(), "Anna".into()]);
    assert_eq!(state(&app).game.ply(), 0);
    let series = app.world().resource::<Series>().clone();
    assert_eq!(series.person_playing(Side::Black), 1);
    assert_eq!(
        english(&series.score_line(&app.world().resource::<Settings>().players)),
        "Game 2 of 2 - Anna 1 : 0 Ben"
    );
    // Ben wins it with Black: one all, and the match is over.
    one_move_from_the_end(&mut app, Side::Black);
    place(&mut app, "d1");
    app.update();
    let series = app.world().resource::<Series>().clone();
    assert_eq!(series.points(), [1.0, 1.0]);
    assert!(series.finished() && !series.next_game_due());
    let players = app.world().resource::<Settings>().players.clone();
    assert_eq!(
        english(&series.verdict(&players)),
        "The match is drawn 1 : 1"
    );
    // A game of another kind ends the match.
    app.world_mut()
        .write_message(NewGameRequest(against_the_computer(Level::ALL[0])));
    app.update();
    assert!(!app.world().resource::<Series>().active());
}

#[test]
fn a_two_player_game_resumed_with_the_people_swapped_gives_each_their_side() {
    let (mut app, pad) = pad_against_keyboard();
    {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.players[0].name = "Anna".into();
        settings.players[1].name = "Ben".into();
    }
    // A match's second game, saved before a restart: Ben (player 2) has Black.
    let mut game = GridGame::new(BoardSize::Eight, Rules::default());
    game.play_transcript("f5").unwrap();
    app.world_mut().write_message(ResumeRequest {
        game,
        setup: GameSetup {
            names: ["Ben".into(), "Anna".into()],
            ..GameSetup::two_players(Rules::default())
        },
        keep_save: false,
    });
    app.update();
    app.update();
    let side = |app: &App, device| {
        let world = app.world();
        world.resource::<Seats>().side_of(
            device,
            world.resource::<Match>(),
            world.resource::<Series>(),
        )
    };
    // Anna holds the pad and plays White, as the board's labels say; Ben has the keyboard.
    assert_eq!(side(&app, Device::Pad(pad)), Some(Side::White));
    assert_eq!(side(&app, Device::Keyboard), Some(Side::Black));
    // A new game from the menu puts Anna on Black again.
    app.world_mut().write_message(NewGameRequest(GameSetup {
        names: ["Anna".into(), "Ben".into()],
        ..GameSetup::two_players(Rules::default())
    }));
    app.update();
    app.update();
    assert_eq!(side(&app, Device::Pad(pad)), Some(Side::Black));
}

#[test]
fn a_branch_played_from_a_match_game_leaves_its_result() {
    let mut app = two_people();
    start_match(&mut app, 2);
    // Black a1, White b1 and a2, Black to move: c1 (White must pass), then a3 wins all.
    let eight = BoardSize::Eight;
    let black = eight.bit(sq("a1"));
    let white = eight.bit(sq("b1")) | eight.bit(sq("a2"));
    let start = GridPosition::from_discs(eight, Rules::default(), black, white, Side::Black);
    set_board(&mut app, start);
    place(&mut app, "c1");
    settle(&mut app);
    place(&mut app, "a3");
    settle(&mut app);
    assert!(matches!(state(&app).status(), Status::Over(_)));
    assert_eq!(app.world().resource::<Series>().points(), [1.0, 0.0]);
    // A what-if from the start of the review: a3 first. The match game stays Black's win.
    app.world_mut().write_message(ReviewRequest::Jump(0));
    app.update();
    place(&mut app, "a3");
    settle(&mut app);
    assert!(state(&app).original.is_some(), "a branch");
    assert!(!matches!(state(&app).status(), Status::Over(_)));
    let series = app.world().resource::<Series>().clone();
    assert_eq!(series.points(), [1.0, 0.0]);
    assert!(series.next_game_due());
}

/// A game opened during a match (pasted, loaded) keeps the players and rules on the board,
/// but it is not a game of the match: its result must not count.
#[test]
fn a_game_opened_during_a_match_ends_the_match() {
    let mut app = two_people();
    start_match(&mut app, 4);
    assert!(app.world().resource::<Series>().active());
    // A finished game pasted in: a board where only Black has discs (Black has won).
    app.world_mut()
        .write_message(reversi::clipboard::OpenGameText {
            text: format!("XX{} X", "-".repeat(62)),
            setup: None,
        });
    app.update();
    app.update();
    assert!(matches!(state(&app).status(), Status::Over(_)));
    let series = app.world().resource::<Series>().clone();
    assert!(!series.active(), "{:?}", series.points());
    assert_eq!(series.points(), [0.0, 0.0]);
}

#[test]
fn the_placing_players_pad_rumbles_with_the_flips() {
    let (mut app, pad) = pad_against_keyboard();
    drain::<GamepadRumbleRequest>(&mut app);
    app.world_mut().write_message(PlaceRequest {
        square: sq("f5"),
        line: None,
        source: Source::Player(Side::Black),
    });
    app.update();
    let rumbles = drain::<GamepadRumbleRequest>(&mut app);
    assert_eq!(rumbles.len(), 1);
    match rumbles[0] {
        GamepadRumbleRequest::Add {
            gamepad, intensity, ..
        } => {
            assert_eq!(gamepad, pad);
            assert_eq!(intensity.strong_motor, rumble_for(1).0);
        }
        GamepadRumbleRequest::Stop { .. } => panic!("a stop instead of a rumble"),
    }
    settle(&mut app);
    app.world_mut().resource_mut::<Settings>().rumble = false;
    type_move(&mut app, sq("d6"));
    assert_eq!(state(&app).game.ply(), 2);
    assert!(drain::<GamepadRumbleRequest>(&mut app).is_empty());
}

/// A pad that drops out during a game (a flat battery, a radio gap) keeps its seat: when it
/// comes back it plays for its own player again, not for whoever is to move, and the
/// keyboard stays the other player's meanwhile.
#[test]
fn a_pad_that_drops_out_during_a_game_keeps_its_seat() {
    let (mut app, pad) = pad_against_keyboard();
    app.world_mut().write_message(GamepadConnectionEvent::new(
        pad,
        GamepadConnection::Disconnected,
    ));
    app.update();
    app.update();
    assert!(app.world().get::<Gamepad>(pad).is_none(), "pad gone");
    assert_eq!(app.world().resource::<Seats>().pads, [Some(pad), None]);
    // Opening the new-game menu (two-player mode still chosen) and going back keeps it too.
    app.world_mut().resource_mut::<Seats>().joining = true;
    app.update();
    app.world_mut().resource_mut::<Seats>().joining = false;
    app.update();
    assert_eq!(app.world().resource::<Seats>().pads, [Some(pad), None]);
    // The keyboard is still White's: it cannot play Black's move.
    drain::<MoveRefused>(&mut app);
    type_move(&mut app, sq("f5"));
    assert_eq!(drain::<MoveRefused>(&mut app)[0].why, Refusal::NotYourTurn);
    // Back again as the same entity, it plays Black's move, and only Black's.
    plug_in(&mut app, pad);
    assert!(app.world().get::<Gamepad>(pad).is_some(), "pad back");
    for button in [
        GamepadButton::DPadRight, // shows the cursor on d4
        GamepadButton::DPadRight,
        GamepadButton::DPadRight,
        GamepadButton::DPadDown,
        GamepadButton::South,
    ] {
        press(&mut app, pad, button);
    }
    assert_eq!(state(&app).game.transcript(), "f5");
    settle(&mut app);
    drain::<MoveRefused>(&mut app);
    press(&mut app, pad, GamepadButton::South);
    assert_eq!(drain::<MoveRefused>(&mut app)[0].why, Refusal::NotYourTurn);
    assert_eq!(state(&app).game.transcript(), "f5");
    // Unplugged when a new game starts, it gives its seat back.
    app.world_mut().write_message(GamepadConnectionEvent::new(
        pad,
        GamepadConnection::Disconnected,
    ));
    app.update();
    app.world_mut()
        .write_message(NewGameRequest(GameSetup::two_players(Rules::default())));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Seats>().pads, [None, None]);
}
