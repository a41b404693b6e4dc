//! The scoreboard (top left): each side's colour, name and disc count, the side to move
//! highlighted; the status line (bottom) and the undo, redo and menu buttons (bottom right).

use bevy::prelude::*;
use reversi_engine::{Color as Side, FlipRule, Status};

use crate::GameSet;
use crate::ai::AiThinking;
use crate::menus::Menu;
use crate::rules::{Match, Player, RedoRequest, UndoRequest};
use crate::settings::Settings;
use crate::theme::{palette, widgets};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_hud).add_systems(
        Update,
        (
            update_scoreboard,
            update_status,
            hud_keys.run_if(in_state(Menu::None)),
        )
            .in_set(GameSet::Presentation),
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
                    Text::new(""),
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
                    TextFont::from_font_size(26.0),
                    TextColor(palette::TEXT)
                ),
            ],
        )
    };
    commands.spawn((
        Name::new("scoreboard"),
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
        children![side_row(Side::Black), side_row(Side::White)],
    ));
    commands.spawn((
        Name::new("status line"),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(18),
            width: percent(100),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Pickable::IGNORE,
        children![(
            Node {
                padding: UiRect::axes(px(18), px(8)),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
            BackgroundColor(palette::PANEL),
            children![(
                StatusLine,
                Text::new(""),
                TextFont::from_font_size(20.0),
                TextColor(palette::TEXT)
            )],
        )],
    ));
    commands
        .spawn((
            Name::new("game buttons"),
            Node {
                position_type: PositionType::Absolute,
                right: px(16),
                bottom: px(16),
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                ..default()
            },
        ))
        .with_children(|p| {
            p.spawn(widgets::small_button("Undo  (U)")).observe(
                |_: On<Pointer<Click>>, mut w: MessageWriter<UndoRequest>| {
                    w.write(UndoRequest);
                },
            );
            p.spawn(widgets::small_button("Redo  (Y)")).observe(
                |_: On<Pointer<Click>>, mut w: MessageWriter<RedoRequest>| {
                    w.write(RedoRequest);
                },
            );
            p.spawn(widgets::small_button("Menu  (Esc)")).observe(
                |_: On<Pointer<Click>>, mut next: ResMut<NextState<Menu>>| {
                    next.set(Menu::Pause);
                },
            );
        });
}

fn update_scoreboard(
    state: Res<Match>,
    settings: Res<Settings>,
    mut rows: Query<(&SideRow, &mut BorderColor)>,
    mut swatches: Query<(&SideSwatch, &mut BackgroundColor)>,
    mut names: Query<(&SideName, &mut Text), Without<SideCount>>,
    mut counts: Query<(&SideCount, &mut Text, &mut Visibility), Without<SideName>>,
) {
    if !state.is_changed() && !settings.is_changed() {
        return;
    }
    let pos = state.game.current();
    let to_move = state.to_move();
    for (row, mut border) in &mut rows {
        *border = BorderColor::all(if to_move == Some(row.0) {
            palette::ACCENT
        } else {
            Color::NONE
        });
    }
    for (s, mut bg) in &mut swatches {
        bg.0 = palette::face(settings.colors, s.0);
    }
    for (n, mut text) in &mut names {
        let supply = pos
            .supply()
            .map(|s| format!("  | {} left", s[n.0.index()]))
            .unwrap_or_default();
        text.0 = format!("{}{supply}", super::player_label(&state, n.0));
    }
    for (c, mut text, mut vis) in &mut counts {
        text.0 = pos.discs(c.0).count().to_string();
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
    mut lines: Query<&mut Text, With<StatusLine>>,
) {
    let text = match state.status() {
        _ if state.reviewing => {
            let (shown, total) = super::review::review_position(&state);
            format!("Review - move {shown} of {total}  (Left/Right step, Home/End, Enter done)")
        }
        Status::Over(outcome) => match outcome.winner {
            Some(w) => format!(
                "Game over - {} wins {}-{}",
                crate::theme::palette::side_name(settings.colors, w),
                outcome.discs[w.index()],
                outcome.discs[(!w).index()]
            ),
            None => format!(
                "Game over - a draw, {}-{}",
                outcome.discs[0], outcome.discs[1]
            ),
        },
        Status::ToMove(side) | Status::MustPass(side) => {
            let name = crate::theme::palette::side_name(settings.colors, side);
            match state.setup.player(side) {
                Player::Computer(_) if thinking.active => {
                    format!("{name}: the computer is thinking...")
                }
                Player::Computer(_) => format!("{name}: the computer's move"),
                Player::Human => {
                    let pos = state.game.current();
                    if pos.in_free_opening() {
                        format!("{name} to move - place a disc on a free centre square")
                    } else if pos.rules().flips == FlipRule::ChooseOneLine {
                        format!("{name} to move - right-click or L chooses the line to flip")
                    } else {
                        format!("{name} to move")
                    }
                }
            }
        }
    };
    for mut line in &mut lines {
        if line.0 != text {
            line.0 = text.clone();
        }
    }
}

fn hud_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut undo: MessageWriter<UndoRequest>,
    mut redo: MessageWriter<RedoRequest>,
    mut settings: ResMut<Settings>,
) {
    if keys.just_pressed(KeyCode::KeyU)
        || (keys.pressed(KeyCode::ControlLeft) && keys.just_pressed(KeyCode::KeyZ))
    {
        undo.write(UndoRequest);
    }
    if keys.just_pressed(KeyCode::KeyY) {
        redo.write(RedoRequest);
    }
    if keys.just_pressed(KeyCode::KeyM) {
        settings.muted = !settings.muted;
    }
    if keys.just_pressed(KeyCode::KeyN) {
        settings.show_legal_moves = !settings.show_legal_moves;
    }
}
