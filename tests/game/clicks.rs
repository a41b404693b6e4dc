//! A mouse click whose move, press and release all fall inside one frame (a software renderer
//! draws about one frame a second) still uses the button or the square under it. The frame's
//! input is sent as the window would send it: the cursor's move and both button events as
//! window messages, and what the pointer is over as a picking backend's hits.

use bevy::input::ButtonState;
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
    let camera = Entity::PLACEHOLDER;
    let position = Vec2::new(100.0, 100.0);
    let world = app.world_mut();
    world.write_message(WindowEvent::CursorMoved(CursorMoved {
        window,
        position,
        delta: None,
    }));
    world.write_message(PointerHits::new(
        PointerId::Mouse,
        vec![(target, HitData::new(camera, 1.0, None, None))],
        0.0,
    ));
    for state in [ButtonState::Pressed, ButtonState::Released] {
        let input = MouseButtonInput {
            button,
            state,
            window,
        };
        world.write_message(input);
        world.write_message(WindowEvent::MouseButtonInput(input));
    }
    app.update();
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

#[test]
fn a_square_clicked_within_one_frame_is_played() {
    let two = GameSetup::two_players(Rules::default());
    let mut app = app_built(two, SaveFile::none(), |app| {
        add_picking(app);
        app.add_plugins((
            reversi::state::clicks::plugin,
            reversi::input::pointer::plugin,
        ));
    });
    let window = open_window(&mut app);
    let f5 = app
        .world_mut()
        .query::<(Entity, &BoardSquare)>()
        .iter(app.world())
        .find(|(_, s)| s.0 == sq("f5"))
        .map(|(e, _)| e)
        .unwrap();
    quick_click(&mut app, window, f5, MouseButton::Left);
    assert_eq!(state(&app).game.transcript(), "f5");
}
