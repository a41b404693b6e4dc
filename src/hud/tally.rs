//! The running totals of the end-of-game count, large at the top of the screen while the
//! discs rise one by one: each side's disc colour and its count so far.

use bevy::prelude::*;
use reversi_engine::Color as Side;

use crate::board::count::EndCount;
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::theme::{fonts, palette};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_tally)
        .add_systems(Update, show_tally.in_set(GameSet::Presentation));
}

/// Where the tally ends, from the top of the window (its top, padding and 40-pixel digits),
/// with a gap: notices shown during a count go there.
pub const BELOW_TALLY: f32 = 96.0;

/// The tally's root, shown only while a count runs.
#[derive(Component)]
pub struct CountTally;

/// The text of one side's running total.
#[derive(Component)]
struct TallyText(Side);

/// A disc-coloured circle before a side's total.
#[derive(Component)]
struct TallySwatch(Side);

fn spawn_tally(mut commands: Commands) {
    let side_text = |side: Side| {
        (
            Node {
                column_gap: px(12),
                align_items: AlignItems::Center,
                ..default()
            },
            children![
                (
                    TallySwatch(side),
                    Node {
                        width: px(30),
                        height: px(30),
                        border: UiRect::all(px(1)),
                        border_radius: BorderRadius::all(percent(50)),
                        ..default()
                    },
                    BorderColor::all(palette::PANEL_BORDER),
                    BackgroundColor(Color::BLACK),
                ),
                (
                    TallyText(side),
                    Text::new(""),
                    TextFont::from_font_size(40.0).with_font(fonts::MONO),
                    TextColor(palette::TEXT),
                )
            ],
        )
    };
    commands.spawn((
        CountTally,
        Name::new("count tally"),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            top: px(18),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Visibility::Hidden,
        Pickable::IGNORE,
        children![(
            Node {
                padding: UiRect::axes(px(30), px(10)),
                column_gap: px(48),
                border_radius: BorderRadius::all(px(14)),
                ..default()
            },
            BackgroundColor(palette::PANEL),
            children![side_text(Side::Black), side_text(Side::White)],
        )],
    ));
}

fn show_tally(
    count: Res<EndCount>,
    settings: Res<Settings>,
    mut root: Query<&mut Visibility, With<CountTally>>,
    mut texts: Query<(&TallyText, &mut Text)>,
    mut swatches: Query<(&TallySwatch, &mut BackgroundColor)>,
) {
    if !count.is_changed() && !settings.is_changed() {
        return;
    }
    let running = count.running();
    for mut visibility in &mut root {
        visibility.set_if_neq(if running {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    if !running {
        return;
    }
    let totals = count.totals();
    for (TallyText(side), mut text) in &mut texts {
        let line = format!("{:>2}", totals[side.index()]);
        if text.0 != line {
            text.0 = line;
        }
    }
    for (TallySwatch(side), mut background) in &mut swatches {
        background.set_if_neq(BackgroundColor(palette::face(settings.colors, *side)));
    }
}
