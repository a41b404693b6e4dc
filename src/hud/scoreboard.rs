//! The scoreboard (top left): each side's colour, name and disc count, the side to move
//! highlighted; the status line (bottom) and the undo, redo and menu buttons (bottom right).

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use reversi_engine::grid::{BoardSize, GridMove, variant_perfect_max};
use reversi_engine::{Color as Side, FlipRule, Status};

use crate::ai::AiThinking;
use crate::analysis::hints::{HintRequest, ShownScores, disc_text};
use crate::couch::undo_vote::UndoAsk;
use crate::i18n::{Msg, Tr};
use crate::rules::{Match, Player, RedoRequest, ReviewRequest, komi_words};
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::state::devices::{Device, Seats, command_held, command_letters};
use crate::state::menu::Menu;
use crate::state::series::Series;
use crate::theme::under_menus::UnderMenus;
use crate::theme::{fonts, palette, widgets};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_hud).add_systems(
        Update,
        (
            (
                update_scoreboard,
                update_status,
                name_hint_key,
                stand_on_status_line,
            )
                .in_set(GameSet::Presentation),
            // Requests go in before the rules run, so a hint or an undo acts this frame.
            hud_keys.run_if(in_state(Menu::None)).in_set(GameSet::Input),
        ),
    );
}

#[derive(Component)]
struct SideRow(Side);

#[derive(Component)]
struct SideSwatch(Side);

#[derive(Component)]
struct SideName(Side);

#[derive(Component)]
struct SideCount(Side);

#[derive(Component)]
pub struct StatusLine;

/// The status line's panel (its text wraps onto a second line when too long): the review's
/// bar stands on it.
#[derive(Component)]
pub struct StatusPanel;

/// The status line's distance from the bottom of the window.
pub const STATUS_BOTTOM: f32 = 18.0;

/// The match score under the scoreboard ("Game 2 of 4 - Anna 1 : 0 Ben").
#[derive(Component)]
struct MatchLine;

/// The room the status line leaves on each side for the column of game buttons (design
/// pixels: the UI scales with the window, never narrower than the design width).
pub const STATUS_SIDE_ROOM: f32 = 212.0;

/// The game buttons' distance from the window's right edge.
pub const GAME_BUTTONS_MARGIN: f32 = 16.0;

/// The status line's font size and the padding of its panel.
pub const STATUS_FONT_SIZE: f32 = 20.0;
pub const STATUS_PADDING: f32 = 18.0;

fn spawn_hud(mut commands: Commands) {
    let side_row = |side: Side| {
        (
            SideRow(side),
            Node {
                flex_direction: FlexDirection::Row,
                align_items: AlignItems::Center,
                column_gap: px(10),
                padding: UiRect::axes(px(12), px(6)),
                border: UiRect::all(px(2)),
                border_radius: BorderRadius::all(px(10)),
                min_width: px(250),
                ..default()
            },
            BorderColor::all(Color::NONE),
            children![
                (
                    SideSwatch(side),
                    Node {
                        width: px(22),
                        height: px(22),
                        border: UiRect::all(px(1)),
                        border_radius: BorderRadius::all(percent(50)),
                        ..default()
                    },
                    BorderColor::all(palette::PANEL_BORDER),
                    BackgroundColor(Color::BLACK),
                ),
                (
                    SideName(side),
                    Tr(Msg::verbatim("")),
                    TextFont::from_font_size(19.0),
                    TextColor(palette::TEXT),
                    Node {
                        flex_grow: 1.0,
                        ..default()
                    }
                ),
                (
                    SideCount(side),
                    Text::new(""),
                    // Counts change every move: digits of one width keep them from jiggling.
                    TextFont::from_font_size(26.0).with_font(fonts::MONO),
                    TextColor(palette::TEXT)
                ),
            ],
        )
    };
    commands.spawn((
        Name::new("scoreboard"),
        UnderMenus,
        Node {
            position_type: PositionType::Absolute,
            left: px(16),
            top: px(16),
            flex_direction: FlexDirection::Column,
            row_gap: px(6),
            padding: UiRect::all(px(8)),
            border_radius: BorderRadius::all(px(12)),
            ..default()
        },
        BackgroundColor(palette::PANEL),
        children![
            side_row(Side::Black),
            side_row(Side::White),
            (
                MatchLine,
                Tr(Msg::verbatim("")),
                TextFont::from_font_size(15.0),
                TextColor(palette::TEXT_DIM),
                Node {
                    display: Display::None,
                    margin: UiRect::horizontal(px(12)),
                    ..default()
                },
            )
        ],
    ));
    commands.spawn((
        Name::new("status line"),
        UnderMenus,
        Node {
            position_type: PositionType::Absolute,
            bottom: px(STATUS_BOTTOM),
            width: percent(100),
            // Clear of the game buttons at the bottom right (and as much on the left, to
            // stay centred): a line too long wraps instead of running under them.
            padding: UiRect::horizontal(px(STATUS_SIDE_ROOM)),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Pickable::IGNORE,
        children![(
            StatusPanel,
            Node {
                padding: UiRect::axes(px(STATUS_PADDING), px(8)),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
            BackgroundColor(palette::PANEL),
            children![(
                StatusLine,
                Tr(Msg::verbatim("")),
                TextFont::from_font_size(STATUS_FONT_SIZE),
                TextColor(palette::TEXT)
            )],
        )],
    ));
    commands
        .spawn((
            Name::new("game buttons"),
            UnderMenus,
            Node {
                position_type: PositionType::Absolute,
                right: px(GAME_BUTTONS_MARGIN),
                bottom: px(16),
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                ..default()
            },
        ))
        .with_children(|p| {
            p.spawn((
                widgets::small_button(Msg::new("hud-hint").arg("key", "I")),
                HintButton,
            ))
            .observe(
                |_: On<widgets::Activate>, mut w: MessageWriter<HintRequest>| {
                    w.write(HintRequest);
                },
            );
            p.spawn(widgets::small_button("hud-undo"))
                .observe(super::actions::ask_undo);
            p.spawn(widgets::small_button("hud-redo"))
                .observe(super::actions::ask_redo);
            p.spawn(widgets::small_button("hud-review")).observe(
                |_: On<widgets::Activate>, mut w: MessageWriter<ReviewRequest>| {
                    super::review::look_back(&mut w);
                },
            );
            p.spawn(widgets::small_button("hud-menu")).observe(
                |_: On<widgets::Activate>, mut next: ResMut<NextState<Menu>>| {
                    next.set(Menu::Pause);
                },
            );
        });
}

fn update_scoreboard(
    state: Res<Match>,
    settings: Res<Settings>,
    series: Res<Series>,
    mut rows: Query<(&SideRow, &mut BorderColor)>,
    mut match_line: Query<
        (&mut Tr, &mut Node),
        (With<MatchLine>, Without<SideName>, Without<SideCount>),
    >,
    mut swatches: Query<(&SideSwatch, &mut BackgroundColor)>,
    mut names: Query<(&SideName, &mut Tr), Without<SideCount>>,
    mut counts: Query<(&SideCount, &mut Text, &mut Visibility), Without<SideName>>,
) {
    if !state.is_changed() && !settings.is_changed() && !series.is_changed() {
        return;
    }
    let pos = state.game.current();
    let to_move = state.to_move();
    let two_people = state.setup.players == [Player::Human; 2];
    for (row, mut border) in &mut rows {
        // In a two-player game the row wears the colour of the person playing that side.
        let accent = if two_people {
            palette::accent(settings.players[series.person_playing(row.0)].accent)
        } else {
            palette::ACCENT
        };
        *border = BorderColor::all(if to_move == Some(row.0) {
            accent
        } else if two_people {
            accent.with_alpha(0.3)
        } else {
            Color::NONE
        });
    }
    for (mut text, mut node) in &mut match_line {
        let shown = series.active() && two_people;
        node.display = if shown { Display::Flex } else { Display::None };
        text.set_if_neq(Tr(if shown {
            series.score_line(&settings.players)
        } else {
            Msg::verbatim("")
        }));
    }
    for (s, mut bg) in &mut swatches {
        bg.0 = palette::face(settings.colors, s.0);
    }
    for (n, mut text) in &mut names {
        let label = super::names::player_label(&state, n.0);
        text.set_if_neq(Tr(match pos.supply() {
            Some(s) => Msg::new("hud-name-supply")
                .arg("name", label)
                .arg("left", s[n.0.index()]),
            None => label,
        }));
    }
    for (c, mut text, mut vis) in &mut counts {
        text.0 = pos.discs(c.0).count_ones().to_string();
        *vis = if settings.show_counts {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}

fn update_status(
    state: Res<Match>,
    settings: Res<Settings>,
    thinking: Res<AiThinking>,
    scores: Res<ShownScores>,
    mut lines: Query<&mut Tr, With<StatusLine>>,
) {
    let text = status_line(&state, &settings, thinking.active, &scores);
    for mut line in &mut lines {
        line.set_if_neq(Tr(text.clone()));
    }
}

/// What the status line says: whose move and what they can do, the review's place, or the
/// result (public for the tests that read it in every language).
pub fn status_line(
    state: &Match,
    settings: &Settings,
    thinking: bool,
    scores: &ShownScores,
) -> Msg {
    match state.status() {
        _ if state.reviewing => {
            let (shown, total) = super::review::review_position(state);
            // "Click to play on" only where a click would: a person to move with a move.
            let key = if state.human_may_place() {
                "status-review-play-on"
            } else {
                "status-review"
            };
            Msg::new(key).arg("shown", shown).arg("total", total)
        }
        Status::Over(outcome) => {
            let komi = state.result().and_then(|f| f.komi);
            match (komi, outcome.winner) {
                (Some((komi, result)), _) => {
                    let words = komi_words(komi, |side| palette::side_name(settings.colors, side));
                    let score = format!("{}-{}", outcome.discs[0], outcome.discs[1]);
                    match result.winner {
                        Some(w) => Msg::new("status-over-komi-win")
                            .arg("side", side_label(state, settings, w))
                            .arg("margin", result.margin())
                            .arg("komi", words)
                            .arg("score", score),
                        None => Msg::new("status-over-komi-draw")
                            .arg("komi", words)
                            .arg("score", score),
                    }
                }
                (None, Some(w)) => Msg::new("status-over-win")
                    .arg("side", side_label(state, settings, w))
                    .arg(
                        "score",
                        format!(
                            "{}-{}",
                            outcome.discs[w.index()],
                            outcome.discs[(!w).index()]
                        ),
                    ),
                (None, None) => Msg::new("status-over-draw").arg(
                    "score",
                    format!("{}-{}", outcome.discs[0], outcome.discs[1]),
                ),
            }
        }
        Status::ToMove(side) | Status::MustPass(side) => {
            let name = side_label(state, settings, side);
            let key = match state.setup.player(side) {
                Player::Computer(_) if thinking => "status-computer-thinking",
                Player::Computer(_) => "status-computer-to-move",
                Player::Human => {
                    let pos = state.game.current();
                    let one_line = pos.rules().flips == FlipRule::ChooseOneLine;
                    // Under the one-line rule the way to choose a line is said unless there
                    // is news of a hint (asked for, on its way or shown).
                    let hint_news = scores.unavailable
                        || scores.waiting
                        || scores.failed
                        || scores.best.is_some();
                    if pos.in_free_opening() {
                        "status-to-move-free-opening"
                    } else if one_line && !hint_news {
                        "status-to-move-choose-line"
                    } else if scores.unavailable {
                        let rules = pos.rules();
                        return Msg::new("status-to-move-no-hints")
                            .arg("name", name)
                            .arg("empties", variant_perfect_max(&rules));
                    } else if scores.failed {
                        "status-to-move-hint-failed"
                    } else if scores.waiting {
                        "status-to-move-looking"
                    } else if let (Some(best), Some(score)) =
                        (scores.best, scores.best.and_then(|b| scores.of(b)))
                    {
                        // Under the one-line rule the best move names its line ("g5:ne"),
                        // and the way to choose one is said with it.
                        let key = if one_line {
                            "status-to-move-best-line"
                        } else if scores.exact {
                            "status-to-move-best-solved"
                        } else if scores.book {
                            "status-to-move-best-book"
                        } else {
                            "status-to-move-best"
                        };
                        let line = scores.best_line.filter(|_| one_line);
                        let best = GridMove::Place { cell: best, line };
                        return Msg::new(key)
                            .arg("name", name)
                            .arg("best", best.to_string())
                            .arg("score", disc_text(score));
                    } else {
                        "status-to-move"
                    }
                }
            };
            Msg::new(key).arg("name", name)
        }
    }
}

/// "Black", or in a two-player game "Anna (Black)".
fn side_label(state: &Match, settings: &Settings, side: Side) -> Msg {
    let colour = crate::theme::palette::side_name(settings.colors, side);
    if state.setup.players == [Player::Human; 2] {
        Msg::new("status-person-side")
            .arg("name", Msg::name(state.setup.name(side)))
            .arg("side", colour)
    } else {
        colour
    }
}

/// The hint key: I, except on a board with a column i (10×10), where I types the column and
/// T asks for the hint. T asks on every board.
pub fn hint_key(size: BoardSize) -> KeyCode {
    if size.side() > 8 {
        KeyCode::KeyT
    } else {
        KeyCode::KeyI
    }
}

/// The Hint button, whose label names the board's hint key.
#[derive(Component)]
struct HintButton;

fn name_hint_key(
    state: Res<Match>,
    buttons: Query<&Children, With<HintButton>>,
    mut texts: Query<&mut Tr>,
) {
    let key = match hint_key(state.game.size()) {
        KeyCode::KeyT => "T",
        _ => "I",
    };
    let label = Tr(Msg::new("hud-hint").arg("key", key));
    for children in &buttons {
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child) {
                text.set_if_neq(label.clone());
            }
        }
    }
}

fn hud_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut typed: MessageReader<KeyboardInput>,
    pads: Query<(Entity, &Gamepad)>,
    state: Res<Match>,
    seats: Res<Seats>,
    series: Res<Series>,
    mut undo: MessageWriter<UndoAsk>,
    mut redo: MessageWriter<RedoRequest>,
    mut hint: MessageWriter<HintRequest>,
    mut settings: ResMut<Settings>,
) {
    // A gamepad's West button, or the board's hint key (H is a column: typed squares use a-h).
    if keys.just_pressed(hint_key(state.game.size()))
        || keys.just_pressed(KeyCode::KeyT)
        || pads
            .iter()
            .any(|(_, g)| g.just_pressed(GamepadButton::West))
    {
        hint.write(HintRequest);
    }
    let letters = command_letters(&keys, typed.read());
    if undo_keys(&keys, &letters) {
        undo.write(UndoAsk {
            by: seats.side_of(Device::Keyboard, &state, &series),
        });
    }
    // A gamepad's North (Y/triangle) asks to undo, for its holder.
    for (pad, gamepad) in &pads {
        if gamepad.just_pressed(GamepadButton::North) {
            undo.write(UndoAsk {
                by: seats.side_of(Device::Pad(pad), &state, &series),
            });
        }
    }
    if redo_keys(&keys, &letters) {
        redo.write(RedoRequest {
            by: seats.side_of(Device::Keyboard, &state, &series),
        });
    }
    // A gamepad's right shoulder while playing (the left one looks back, and in a review
    // both jump to the ends: hud/review.rs), for its holder.
    for (pad, gamepad) in &pads {
        if !state.reviewing && gamepad.just_pressed(GamepadButton::RightTrigger) {
            redo.write(RedoRequest {
                by: seats.side_of(Device::Pad(pad), &state, &series),
            });
        }
    }
    if keys.just_pressed(KeyCode::KeyM) {
        settings.muted = !settings.muted;
    }
    if keys.just_pressed(KeyCode::KeyN) {
        settings.show_legal_moves = !settings.show_legal_moves;
    }
}

/// Y (the key there: Z on a German keyboard, as its labels say), or Ctrl+Y as printed
/// (`letters` are [`command_letters`]), pressed this frame.
fn redo_keys(keys: &ButtonInput<KeyCode>, letters: &[char]) -> bool {
    (keys.just_pressed(KeyCode::KeyY) && !command_held(keys)) || letters.contains(&'y')
}

/// U, or Ctrl+Z (either Ctrl, or Cmd; the key printed Z: `letters` are
/// [`command_letters`]) pressed this frame.
fn undo_keys(keys: &ButtonInput<KeyCode>, letters: &[char]) -> bool {
    keys.just_pressed(KeyCode::KeyU) || letters.contains(&'z')
}

/// The gap between the bar and the status line under it.
const BAR_GAP: f32 = 12.0;

/// The bar stands on the status line: a status that wraps onto a second line (a long
/// player name) lifts the bar instead of running into it. The panel's size is last frame's
/// layout, a frame behind a change, like any size read from the layout.
fn stand_on_status_line(
    panels: Query<&ComputedNode, With<StatusPanel>>,
    mut bars: Query<&mut Node, With<super::review::Bar>>,
) {
    let Some(panel) = panels.iter().next() else {
        return;
    };
    let height = panel.size().y * panel.inverse_scale_factor();
    // Never lower than over one line (nor before the panel is first laid out).
    let bottom = (STATUS_BOTTOM + height + BAR_GAP).max(super::review::BAR_BOTTOM);
    for mut node in &mut bars {
        let wanted = px(bottom.round());
        if node.bottom != wanted {
            node.bottom = wanted;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use bevy::input::ButtonState;
    use bevy::input::keyboard::Key;

    /// Y redoes, or Ctrl+Y as printed; Y with Ctrl held is not the plain key.
    #[test]
    fn y_and_ctrl_y_redo() {
        let mut keys = ButtonInput::<KeyCode>::default();
        assert!(!redo_keys(&keys, &[]));
        keys.press(KeyCode::KeyY);
        assert!(redo_keys(&keys, &[]));
        assert!(redo_keys(&ButtonInput::default(), &['y']));
        keys.press(KeyCode::ControlLeft);
        assert!(
            !redo_keys(&keys, &[]),
            "Ctrl+(the key Y) types another letter"
        );
    }

    #[test]
    fn ctrl_z_undoes_however_quickly_it_is_pressed() {
        let z = KeyboardInput {
            key_code: KeyCode::KeyZ,
            logical_key: Key::Character("z".into()),
            state: ButtonState::Pressed,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        };
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::KeyZ);
        let letters = command_letters(&keys, [&z].into_iter());
        assert!(!undo_keys(&keys, &letters), "Z alone");
        for ctrl in [
            KeyCode::ControlLeft,
            KeyCode::ControlRight,
            KeyCode::SuperLeft,
        ] {
            // Ctrl down and up again, and Z, within one frame.
            let mut keys = ButtonInput::<KeyCode>::default();
            keys.press(ctrl);
            keys.release(ctrl);
            keys.press(KeyCode::KeyZ);
            let letters = command_letters(&keys, [&z].into_iter());
            assert!(undo_keys(&keys, &letters), "{ctrl:?}");
        }
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::KeyU);
        assert!(undo_keys(&keys, &[]));
    }
}
