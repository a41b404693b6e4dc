//! The evaluation bar (Settings: off by default): left of the board, Black's share filling
//! from the bottom, with the AI's estimate of the final disc difference under it and
//! "solved" once the endgame is searched exactly. It follows the position shown, also while a
//! finished game is reviewed.

use bevy::prelude::*;
use reversi_engine::{Color as Side, Komi, Status};

use super::study::{
    Analysis, Basis, Priority, before_variant_reach, black_result, black_result_f32,
};
use crate::i18n::{Msg, Tr};
use crate::rules::{Match, komi_words};
use crate::schedule::GameSet;
use crate::settings::{ColorScheme, Settings};
use crate::state::menu::Menu;
use crate::theme::palette;
use crate::theme::under_menus::shown_with;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_bar).add_systems(
        Update,
        (ask_for_position, show_estimate)
            .chain()
            .in_set(GameSet::Presentation),
    );
}

#[derive(Component)]
struct EvalBar;

/// The bar itself, White's colour behind Black's part.
#[derive(Component)]
struct WhiteBack;

/// Black's part of the bar.
#[derive(Component)]
struct BlackFill;

#[derive(Component)]
struct EstimateText;

const BAR_HEIGHT: f32 = 380.0;

fn spawn_bar(mut commands: Commands) {
    commands
        .spawn((
            EvalBar,
            Name::new("evaluation bar"),
            Node {
                position_type: PositionType::Absolute,
                left: px(16),
                top: px(190),
                // A fixed width, so the bar stays put when its words change length (they
                // wrap instead of widening the column).
                width: px(160),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(8),
                ..default()
            },
            Visibility::Hidden,
            Pickable::IGNORE,
        ))
        .with_children(|bar| {
            bar.spawn((
                WhiteBack,
                Node {
                    width: px(26),
                    height: px(BAR_HEIGHT),
                    flex_direction: FlexDirection::ColumnReverse,
                    border: UiRect::all(px(2)),
                    border_radius: BorderRadius::all(px(6)),
                    overflow: Overflow::clip(),
                    ..default()
                },
                BorderColor::all(palette::PANEL_BORDER),
                BackgroundColor(palette::TEXT),
            ))
            .with_child((
                BlackFill,
                Node {
                    width: percent(100),
                    height: percent(50),
                    ..default()
                },
                BackgroundColor(Color::BLACK),
            ));
            bar.spawn((
                EstimateText,
                Tr(Msg::verbatim("...")),
                TextFont::from_font_size(17.0),
                TextColor(palette::TEXT),
                TextLayout::justify(Justify::Center),
                Node {
                    max_width: percent(100),
                    padding: UiRect::axes(px(8), px(4)),
                    border_radius: BorderRadius::all(px(6)),
                    ..default()
                },
                BackgroundColor(palette::PANEL),
            ));
        });
}

fn ask_for_position(settings: Res<Settings>, state: Res<Match>, mut analysis: ResMut<Analysis>) {
    // How to play's examples are not the game the bar is about (it is hidden there).
    if settings.eval_bar && !matches!(state.status(), Status::Over(_)) && !state.demonstrating() {
        analysis.want(state.game.current(), Priority::Bar);
    }
}

/// Black's share of the bar for an expected final difference on a board of `squares`:
/// even at half, and a lead of 20 discs in 64 squares near the end of the bar (a lead that
/// size is decisive), in proportion on the other boards.
fn black_share(discs: f32, squares: u32) -> f32 {
    let decisive = 20.0 * squares as f32 / 64.0;
    0.5 + 0.5 * (discs / decisive).tanh()
}

/// The words under the bar for an estimate `v` of Black's final disc difference
/// (hundredths) on `basis`: who leads and by how much, the komi counted in a komi game
/// (and named, so that a lead smaller than the disc count does not puzzle).
pub fn estimate_words(v: i32, basis: Basis, komi: Option<Komi>, colors: ColorScheme) -> Msg {
    let how = Msg::new(match basis {
        Basis::Solved => "estimate-solved",
        Basis::Book => "estimate-book",
        Basis::Estimate => "estimate-guess",
    });
    let how = match komi {
        Some(komi) => Msg::new("estimate-with-komi").arg("how", how).arg(
            "komi",
            komi_words(komi, |side| palette::side_name(colors, side)),
        ),
        None => how,
    };
    let result = black_result(v, komi);
    match result.thousandths().signum() {
        0 => Msg::new("estimate-even").arg("how", how),
        sign => Msg::new("estimate-lead")
            .arg(
                "side",
                palette::side_name(colors, if sign > 0 { Side::Black } else { Side::White }),
            )
            .arg("discs", result.abs())
            .arg("how", how),
    }
}

fn show_estimate(
    settings: Res<Settings>,
    menu: Res<State<Menu>>,
    state: Res<Match>,
    analysis: Res<Analysis>,
    time: Res<Time>,
    mut bar: Query<&mut Visibility, With<EvalBar>>,
    mut fill: Query<(&mut Node, &mut BackgroundColor), With<BlackFill>>,
    mut text: Query<&mut Tr, With<EstimateText>>,
    mut backs: Query<&mut BackgroundColor, (With<WhiteBack>, Without<BlackFill>)>,
) {
    // A menu is read alone (How to play also takes the left of the window, where the bar
    // stands, and shows positions of its own on the board).
    let shown = if settings.eval_bar && shown_with(menu.get()) {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut bar {
        v.set_if_neq(shown);
    }
    if !settings.eval_bar {
        return;
    }
    let estimate = analysis.black_estimate(&state.game, state.game.ply());
    let komi = state.setup.komi;
    let words = match estimate {
        None if analysis.failed(state.game.current()) => Msg::new("estimate-failed"),
        None if before_variant_reach(state.game.current()) => Msg::new("estimate-near-end"),
        // The centre's first discs are placed by choice, not by the rules' flips: nothing
        // searches those positions (see `Analysis::want`).
        None if state.game.current().in_free_opening() => Msg::new("estimate-free-opening"),
        None => Msg::verbatim("..."),
        Some((v, basis)) => estimate_words(v, basis, komi, settings.colors),
    };
    for mut t in &mut text {
        t.set_if_neq(Tr(words.clone()));
    }
    let squares = state.game.size().squares();
    let target = estimate.map_or(0.5, |(v, _)| {
        black_share(black_result_f32(v, komi), squares)
    });
    for (mut node, mut color) in &mut fill {
        let now = match node.height {
            Val::Percent(p) => p / 100.0,
            _ => 0.5,
        };
        // Ease toward the new estimate over a few tenths of a second.
        let step = (time.delta_secs() * 6.0).min(1.0);
        let next = now + (target - now) * step;
        if (next - now).abs() > 1e-4 {
            node.height = percent(next * 100.0);
        }
        color.set_if_neq(BackgroundColor(palette::face(settings.colors, Side::Black)));
    }
    for mut c in &mut backs {
        c.set_if_neq(BackgroundColor(palette::face(settings.colors, Side::White)));
    }
}
