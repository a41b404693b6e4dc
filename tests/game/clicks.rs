//! A mouse click whose move, press and release all fall inside one frame (a software renderer
//! draws about one frame a second) still uses the button or the square under it. The frame's
//! input is sent as the window would send it: the cursor's move and both button events as
//! window messages, and what the pointer is over as a picking backend's hits.

use bevy::input::ButtonState;
use bevy::input::keyboard::Key;
use bevy::input::mouse::MouseButtonInput;
use bevy::picking::InteractionPlugin;
use bevy::picking::PickingPlugin;
use bevy::picking::backend::{HitData, PointerHits};
use bevy::picking::input::PointerInputPlugin;
use bevy::picking::pointer::PointerId;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use reversi::board::squares::BoardSquare;
use reversi::theme::widgets::Activate;

use super::*;

/// Picking with no backend (the test says what is hit), added before the first frame.
fn add_picking(app: &mut App) {
    app.add_plugins((
        WindowPlugin {
            primary_window: None,
            exit_condition: bevy::window::ExitCondition::DontExit,
            ..default()
        },
        PickingPlugin,
        InteractionPlugin,
        PointerInputPlugin,
    ));
}

/// A window to click in.
fn open_window(app: &mut App) -> Entity {
    let window = app
        .world_mut()
        .spawn((Window::default(), PrimaryWindow))
        .id();
    app.update();
    window
}

/// One frame in which the pointer comes to `target` and the button goes down and up.
fn quick_click(app: &mut App, window: Entity, target: Entity, button: MouseButton) {
    send_click(app, window, target, button);
    app.update();
}

/// The pointer's move to `target` and the button going down and up, sent for the next frame.
fn send_click(app: &mut App, window: Entity, target: Entity, button: MouseButton) {
    send_hit(app, target);
    send_click_at(app, window, Vec2::new(100.0, 100.0), button);
}

/// What picking finds where the pointer ends the next frame (the test's stand-in for a
/// backend): `target`.
fn send_hit(app: &mut App, target: Entity) {
    app.world_mut().write_message(PointerHits::new(
        PointerId::Mouse,
        vec![(target, HitData::new(Entity::PLACEHOLDER, 1.0, None, None))],
        0.0,
    ));
}

/// The pointer's move to `position`, sent for the next frame as the window sends it.
fn send_move(app: &mut App, window: Entity, position: Vec2) {
    app.world_mut()
        .write_message(WindowEvent::CursorMoved(CursorMoved {
            window,
            position,
            delta: None,
        }));
}

/// The mouse `button` going down or up, sent for the next frame as the window sends it (the
/// input message and the window's ordered event).
fn send_button(app: &mut App, window: Entity, button: MouseButton, state: ButtonState) {
    let input = MouseButtonInput {
        button,
        state,
        window,
    };
    let world = app.world_mut();
    world.write_message(input);
    world.write_message(WindowEvent::MouseButtonInput(input));
}

/// The pointer's move to `position` and the button going down and up there, sent for the
/// next frame (window messages only: what is hit is up to the test).
fn send_click_at(app: &mut App, window: Entity, position: Vec2, button: MouseButton) {
    send_move(app, window, position);
    for state in [ButtonState::Pressed, ButtonState::Released] {
        send_button(app, window, button, state);
    }
}

#[derive(Resource, Default)]
struct Used(u32);

#[test]
fn a_button_clicked_within_one_frame_is_used() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, InputPlugin));
    app.add_plugins((
        reversi::state::clicks::plugin,
        reversi::theme::widgets::plugin,
    ));
    add_picking(&mut app);
    let window = open_window(&mut app);
    app.init_resource::<Used>();
    let button = app
        .world_mut()
        .spawn(Button)
        .observe(|_: On<Activate>, mut used: ResMut<Used>| used.0 += 1)
        .id();
    let elsewhere = app.world_mut().spawn_empty().id();
    app.update();

    quick_click(&mut app, window, button, MouseButton::Left);
    assert_eq!(
        app.world().resource::<Used>().0,
        1,
        "a one-frame click uses the button"
    );

    // The right button, and a press on the button released elsewhere, do nothing.
    quick_click(&mut app, window, button, MouseButton::Right);
    quick_click(&mut app, window, elsewhere, MouseButton::Left);
    assert_eq!(app.world().resource::<Used>().0, 1);
}

/// Which buttons were used, in order.
#[derive(Resource, Default)]
struct UsedButtons(Vec<&'static str>);

/// A 40-pixel button centred at `at`, drawn above the buttons spawned before it.
fn laid_out_button(app: &mut App, name: &'static str, at: Vec2) -> Entity {
    let button = laid_out_node(app, at);
    app.world_mut()
        .entity_mut(button)
        .observe(move |_: On<Activate>, mut used: ResMut<UsedButtons>| used.0.push(name));
    button
}

/// A 40-pixel button node centred at `at`, laid out as the UI pass would leave it and drawn
/// above the nodes spawned before it.
fn laid_out_node(app: &mut App, at: Vec2) -> Entity {
    use bevy::ui::{ComputedNode, UiGlobalTransform, UiStack};
    let button = app
        .world_mut()
        .spawn((
            Node::default(),
            Button,
            ComputedNode {
                size: Vec2::splat(40.0),
                ..default()
            },
            UiGlobalTransform::from_translation(at),
            InheritedVisibility::VISIBLE,
        ))
        .id();
    let mut stack = app.world_mut().get_resource_or_init::<UiStack>();
    let n = stack.uinodes.len();
    stack.uinodes.push(button);
    stack.partition.clear();
    stack.partition.push(0..n + 1);
    button
}

#[test]
fn clicks_and_moves_elsewhere_in_the_same_frame_use_what_each_click_was_on() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, InputPlugin));
    app.add_plugins((
        reversi::state::clicks::plugin,
        reversi::theme::widgets::plugin,
    ));
    add_picking(&mut app);
    let window = open_window(&mut app);
    app.init_resource::<UsedButtons>();
    let ten = laid_out_button(&mut app, "10x10", Vec2::new(100.0, 100.0));
    let start = laid_out_button(&mut app, "start", Vec2::new(300.0, 100.0));
    app.update();
    let left = MouseButton::Left;

    // A click on "10x10", then one on "start", in one slow frame: both used, in that order
    // (the frame's hover map knows only "start", where the pointer ended).
    send_click_at(&mut app, window, Vec2::new(100.0, 100.0), left);
    send_click_at(&mut app, window, Vec2::new(300.0, 100.0), left);
    send_hit(&mut app, start);
    app.update();
    assert_eq!(app.world().resource::<UsedButtons>().0, ["10x10", "start"]);

    // A click on "start", then the pointer moved on to "10x10": "start" is used, not the
    // button the pointer rests on.
    send_click_at(&mut app, window, Vec2::new(300.0, 100.0), left);
    send_move(&mut app, window, Vec2::new(100.0, 100.0));
    send_hit(&mut app, ten);
    app.update();
    assert_eq!(
        app.world().resource::<UsedButtons>().0,
        ["10x10", "start", "start"]
    );

    // A click between the buttons, then the pointer moved onto one: nothing is used.
    send_click_at(&mut app, window, Vec2::new(200.0, 100.0), left);
    send_move(&mut app, window, Vec2::new(100.0, 100.0));
    send_hit(&mut app, ten);
    app.update();
    assert_eq!(app.world().resource::<UsedButtons>().0.len(), 3);

    // Pressed on "10x10", moved to "start" and released there: no click.
    send_move(&mut app, window, Vec2::new(100.0, 100.0));
    send_button(&mut app, window, left, ButtonState::Pressed);
    send_move(&mut app, window, Vec2::new(300.0, 100.0));
    send_button(&mut app, window, left, ButtonState::Released);
    send_hit(&mut app, start);
    app.update();
    assert_eq!(app.world().resource::<UsedButtons>().0.len(), 3);
}

/// A two-player game on a board the mouse clicks (picking and the pointer's systems), and
/// its window.
fn clicking_board() -> (App, Entity) {
    let two = GameSetup::two_players(Rules::default());
    let mut app = app_built(two, SaveFile::none(), |app| {
        add_picking(app);
        app.add_plugins((
            reversi::state::clicks::plugin,
            reversi::input::pointer::plugin,
        ));
    });
    let window = open_window(&mut app);
    (app, window)
}

/// The entity of the board's square `name`.
fn square_entity(app: &mut App, name: &str) -> Entity {
    app.world_mut()
        .query::<(Entity, &BoardSquare)>()
        .iter(app.world())
        .find(|(_, s)| s.0 == sq(name))
        .map(|(e, _)| e)
        .unwrap()
}

/// A right click picks the next line of the square it is on: a line stepped on another
/// square (the keyboard's cursor there) is not carried over to it.
#[test]
fn a_right_click_picks_the_clicked_squares_next_line() {
    use reversi::state::cursors::Cursors;
    let (mut app, window) = clicking_board();
    let f5 = square_entity(&mut app, "f5");
    let black = |app: &App| {
        let cursor = app.world().resource::<Cursors>().of(Side::Black);
        (cursor.square, cursor.line_choice)
    };
    quick_click(&mut app, window, f5, MouseButton::Right);
    assert_eq!(black(&app), (Some(sq("f5")), 1));
    quick_click(&mut app, window, f5, MouseButton::Right);
    assert_eq!(black(&app), (Some(sq("f5")), 2));
    // The keyboard's arrows and L move the cursor to c4's third line while the mouse rests
    // on f5 (no new hover): a right click there is f5's second line again, not c4's fourth.
    {
        let mut cursors = app.world_mut().resource_mut::<Cursors>();
        let cursor = cursors.of_mut(Side::Black);
        (cursor.square, cursor.line_choice) = (Some(sq("c4")), 2);
    }
    quick_click(&mut app, window, f5, MouseButton::Right);
    assert_eq!(black(&app), (Some(sq("f5")), 1));
}

#[test]
fn a_square_clicked_within_one_frame_is_played() {
    let (mut app, window) = clicking_board();
    let f5 = square_entity(&mut app, "f5");
    quick_click(&mut app, window, f5, MouseButton::Left);
    assert_eq!(state(&app).game.transcript(), "f5");

    // A double click on a square inside one slow frame is one move, not a move and a
    // refused second one.
    settle(&mut app);
    drain::<MoveRefused>(&mut app);
    let f6 = square_entity(&mut app, "f6");
    send_click(&mut app, window, f6, MouseButton::Left);
    quick_click(&mut app, window, f6, MouseButton::Left);
    let refused = drain::<MoveRefused>(&mut app);
    settle(&mut app);
    assert_eq!(state(&app).game.transcript(), "f5f6");
    assert!(refused.is_empty(), "refused: {refused:?}");
}

/// A text box and the button beside it, as the new-game menu's Open row: what the box took,
/// and what it held each time the button was used.
#[derive(Resource, Default)]
struct Typed {
    text: String,
    used_with: Vec<String>,
}

fn type_into_boxes(
    typed: Res<reversi::theme::focus::TypedKeys>,
    keys: Res<ButtonInput<KeyCode>>,
    boxes: Query<Entity, With<reversi::theme::focus::TakesText>>,
    mut into: ResMut<Typed>,
) {
    for entity in &boxes {
        into.text =
            reversi::theme::text_entry::edited(&into.text, typed.into_box(entity), &keys, 100);
    }
}

/// One key pressed (and, unless it is a held key's repeat, released) within the next frame,
/// sent as the window sends it: a window event and the keyboard message for each.
fn send_key(app: &mut App, window: Entity, key_code: KeyCode, logical_key: Key, repeat: bool) {
    use bevy::input::keyboard::KeyboardInput;
    let states: &[ButtonState] = match repeat {
        true => &[ButtonState::Pressed],
        false => &[ButtonState::Pressed, ButtonState::Released],
    };
    for &state in states {
        let key = KeyboardInput {
            key_code,
            logical_key: logical_key.clone(),
            state,
            text: None,
            repeat,
            window,
        };
        app.world_mut().write_message(key.clone());
        app.world_mut()
            .write_message(WindowEvent::KeyboardInput(key));
    }
}

/// Letters typed within the next frame, in order; `\n` is Enter.
fn type_letters(app: &mut App, window: Entity, letters: &str) {
    for c in letters.chars() {
        let (key_code, logical_key) = match c {
            ' ' => (KeyCode::Space, Key::Space),
            '\n' => (KeyCode::Enter, Key::Enter),
            _ => (KeyCode::KeyA, Key::Character(c.to_string().into())),
        };
        send_key(app, window, key_code, logical_key, false);
    }
}

/// Clicks, buttons and the keyboard focus, with input before presentation as the game orders
/// its frame, and text boxes typed into by [`type_into_boxes`]; and its window.
fn focus_app() -> (App, Entity) {
    use reversi::schedule::GameSet;
    use reversi::theme::focus::TextEntry;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, InputPlugin));
    app.init_resource::<reversi::state::devices::Seats>();
    app.add_plugins((
        reversi::state::clicks::plugin,
        reversi::theme::widgets::plugin,
        reversi::theme::focus::plugin,
    ));
    add_picking(&mut app);
    app.configure_sets(
        Update,
        (GameSet::Input, GameSet::Rules, GameSet::Presentation).chain(),
    );
    let window = open_window(&mut app);
    app.init_resource::<Typed>();
    app.add_systems(Update, type_into_boxes.in_set(TextEntry));
    (app, window)
}

#[test]
fn keys_typed_before_a_click_in_the_same_frame_go_to_the_box_and_the_click_sees_them() {
    use reversi::theme::focus::{FocusScope, Focused, TakesText};
    let (mut app, window) = focus_app();
    let mut row = app.world_mut().spawn((Node::default(), FocusScope(0)));
    let mut field = None;
    let mut open = None;
    row.with_children(|r| {
        field = Some(r.spawn((Node::default(), Button, TakesText)).id());
        open = Some(
            r.spawn((Node::default(), Button))
                .observe(|_: On<Activate>, mut typed: ResMut<Typed>| {
                    let now = typed.text.clone();
                    typed.used_with.push(now);
                })
                .id(),
        );
    });
    let (field, open) = (field.unwrap(), open.unwrap());
    app.update();

    // A click on the box, then "ab" and the click on the button, all in one slow frame.
    quick_click(&mut app, window, field, MouseButton::Left);
    assert_eq!(app.world().resource::<Focused>().0, Some(field));
    type_letters(&mut app, window, "ab");
    quick_click(&mut app, window, open, MouseButton::Left);
    let typed = app.world().resource::<Typed>();
    assert_eq!(
        typed.text, "ab",
        "the keys typed before the click are the box's"
    );
    assert_eq!(
        typed.used_with,
        ["ab"],
        "the button is used with what was typed"
    );
    assert_eq!(app.world().resource::<Focused>().0, Some(open));

    // With the button focused, "x", then a click on the box and "cd", in one frame: the x
    // was typed while the button had the focus, the rest goes into the box.
    type_letters(&mut app, window, "x");
    send_click(&mut app, window, field, MouseButton::Left);
    type_letters(&mut app, window, "cd");
    app.update();
    assert_eq!(app.world().resource::<Typed>().text, "abcd");
    assert_eq!(app.world().resource::<Focused>().0, Some(field));

    // A space typed in the box, then a click on the button, in one frame: the space is the
    // box's, and the button is used once (by the click), not a second time by the Space.
    type_letters(&mut app, window, " ");
    quick_click(&mut app, window, open, MouseButton::Left);
    app.update();
    let typed = app.world().resource::<Typed>();
    assert_eq!(typed.text, "abcd ");
    assert_eq!(typed.used_with, ["ab", "abcd "]);
}

#[test]
fn a_press_focuses_what_it_was_made_on_even_when_the_pointer_moved_on_in_the_same_frame() {
    use reversi::theme::focus::{FocusScope, Focused, TakesText};
    let (mut app, window) = focus_app();
    let row = app.world_mut().spawn((Node::default(), FocusScope(0))).id();
    let field = laid_out_node(&mut app, Vec2::new(100.0, 100.0));
    let other = laid_out_node(&mut app, Vec2::new(300.0, 100.0));
    app.world_mut()
        .entity_mut(field)
        .insert((TakesText, ChildOf(row)));
    app.world_mut().entity_mut(other).insert(ChildOf(row));
    app.update();
    assert_eq!(app.world().resource::<Focused>().0, Some(field));

    // Focus on the other button, by a click where the pointer stays.
    send_click_at(&mut app, window, Vec2::new(300.0, 100.0), MouseButton::Left);
    send_hit(&mut app, other);
    app.update();
    assert_eq!(app.world().resource::<Focused>().0, Some(other));

    // A click on the box, the pointer moved on to the button and "ab" typed, in one slow
    // frame (the hover map knows only the button): the box has the focus and the letters.
    send_click_at(&mut app, window, Vec2::new(100.0, 100.0), MouseButton::Left);
    send_move(&mut app, window, Vec2::new(300.0, 100.0));
    type_letters(&mut app, window, "ab");
    send_hit(&mut app, other);
    app.update();
    assert_eq!(app.world().resource::<Focused>().0, Some(field));
    assert_eq!(app.world().resource::<Typed>().text, "ab");

    // A right press on the button, where the pointer rests, moves the focus there too (any
    // button of the mouse focuses, as before).
    send_button(&mut app, window, MouseButton::Right, ButtonState::Pressed);
    send_button(&mut app, window, MouseButton::Right, ButtonState::Released);
    send_hit(&mut app, other);
    app.update();
    assert_eq!(app.world().resource::<Focused>().0, Some(other));
}

#[test]
fn options_clicked_in_a_panel_with_a_default_button_leave_enter_to_it() {
    use reversi::theme::focus::{DefaultButton, FocusScope, Focused, FormOption, TakesText};
    let (mut app, window) = focus_app();
    app.init_resource::<UsedButtons>();
    // The new-game menu in small: an option, a text box, Open beside it and Start, the
    // button Enter means.
    let menu = app.world_mut().spawn((Node::default(), FocusScope(0))).id();
    let option = laid_out_button(&mut app, "option", Vec2::new(100.0, 100.0));
    let field = laid_out_node(&mut app, Vec2::new(200.0, 100.0));
    let open = laid_out_button(&mut app, "open", Vec2::new(250.0, 100.0));
    let start = laid_out_button(&mut app, "start", Vec2::new(300.0, 100.0));
    app.world_mut()
        .entity_mut(option)
        .insert((FormOption, ChildOf(menu)));
    app.world_mut().entity_mut(open).insert(ChildOf(menu));
    app.world_mut()
        .entity_mut(field)
        .insert((TakesText, ChildOf(menu)));
    app.world_mut()
        .entity_mut(start)
        .insert((DefaultButton, ChildOf(menu)));
    app.update();
    let focused = |app: &App| app.world().resource::<Focused>().0;

    // A click on the option uses it and leaves the focus on Start: Enter then starts, as
    // Start's label "(Enter)" promises, instead of choosing the option again.
    quick_click(&mut app, window, option, MouseButton::Left);
    assert_eq!(focused(&app), Some(start));
    type_letters(&mut app, window, "\n");
    app.update();
    assert_eq!(app.world().resource::<UsedButtons>().0, ["option", "start"]);

    // The name box still takes the focus, and what is typed.
    quick_click(&mut app, window, field, MouseButton::Left);
    assert_eq!(focused(&app), Some(field));
    type_letters(&mut app, window, "ab");
    app.update();
    assert_eq!(app.world().resource::<Typed>().text, "ab");

    // A button that is no option (Open, which a refused transcript may be retried with)
    // takes the focus itself: Enter uses it again, it does not start a game.
    quick_click(&mut app, window, open, MouseButton::Left);
    assert_eq!(focused(&app), Some(open));
    type_letters(&mut app, window, "\n");
    app.update();
    assert_eq!(
        app.world().resource::<UsedButtons>().0,
        ["option", "start", "open", "open"]
    );

    // A panel above the menu's (a higher scope) with no default button of its own: its
    // option, not its first button, takes the focus, and Enter uses that option, not the
    // Start underneath.
    let over = app.world_mut().spawn((Node::default(), FocusScope(1))).id();
    let first = laid_out_button(&mut app, "first", Vec2::new(100.0, 200.0));
    let setting = laid_out_button(&mut app, "setting", Vec2::new(200.0, 200.0));
    app.world_mut().entity_mut(first).insert(ChildOf(over));
    app.world_mut()
        .entity_mut(setting)
        .insert((FormOption, ChildOf(over)));
    app.update();
    assert_eq!(focused(&app), Some(first));
    quick_click(&mut app, window, setting, MouseButton::Left);
    assert_eq!(focused(&app), Some(setting));
    type_letters(&mut app, window, "\n");
    app.update();
    assert_eq!(
        app.world().resource::<UsedButtons>().0,
        ["option", "start", "open", "open", "setting", "setting"]
    );
}

#[test]
fn text_boxes_keep_the_arrows_and_a_held_enter_uses_one_once() {
    use reversi::theme::focus::{FocusScope, Focused, SubmitsOnEnter, TakesText};
    let (mut app, window) = focus_app();
    app.init_resource::<UsedButtons>();
    // The Open row in small: a box where Enter opens what it holds, the Open button; then a
    // name box where Enter moves on, and the button after it.
    let menu = app.world_mut().spawn((Node::default(), FocusScope(0))).id();
    let field = laid_out_button(&mut app, "field", Vec2::new(100.0, 100.0));
    let open = laid_out_button(&mut app, "open", Vec2::new(150.0, 100.0));
    let name = laid_out_node(&mut app, Vec2::new(200.0, 100.0));
    let after = laid_out_button(&mut app, "after", Vec2::new(250.0, 100.0));
    app.world_mut()
        .entity_mut(field)
        .insert((TakesText, SubmitsOnEnter, ChildOf(menu)));
    app.world_mut().entity_mut(open).insert(ChildOf(menu));
    app.world_mut()
        .entity_mut(name)
        .insert((TakesText, ChildOf(menu)));
    app.world_mut().entity_mut(after).insert(ChildOf(menu));
    app.update();
    let focused = |app: &App| app.world().resource::<Focused>().0;
    assert_eq!(focused(&app), Some(field));

    // "ab", Right (a player moving the caret), Left, "c": the box keeps the focus and all
    // the letters (Right took them to Open, which dropped them).
    type_letters(&mut app, window, "ab");
    send_key(
        &mut app,
        window,
        KeyCode::ArrowRight,
        Key::ArrowRight,
        false,
    );
    app.update();
    send_key(&mut app, window, KeyCode::ArrowLeft, Key::ArrowLeft, false);
    type_letters(&mut app, window, "c");
    app.update();
    assert_eq!(focused(&app), Some(field));
    assert_eq!(app.world().resource::<Typed>().text, "abc");

    // Enter held down: the box is used once, and keeps the focus (a refused text can be
    // corrected at once).
    send_key(&mut app, window, KeyCode::Enter, Key::Enter, false);
    app.update();
    for _ in 0..3 {
        send_key(&mut app, window, KeyCode::Enter, Key::Enter, true);
        app.update();
    }
    assert_eq!(app.world().resource::<UsedButtons>().0, ["field"]);
    assert_eq!(focused(&app), Some(field));

    // In the name box Enter moves on to the next stop, once however long it is held, and
    // does not use that stop.
    quick_click(&mut app, window, name, MouseButton::Left);
    assert_eq!(focused(&app), Some(name));
    send_key(&mut app, window, KeyCode::Enter, Key::Enter, false);
    app.update();
    for _ in 0..3 {
        send_key(&mut app, window, KeyCode::Enter, Key::Enter, true);
        app.update();
    }
    assert_eq!(focused(&app), Some(after));
    assert_eq!(app.world().resource::<UsedButtons>().0, ["field"]);
}
