//! Hooks for testing the real window from outside, like a player would: with
//! `REVERSI_AUTOMATION=1` the game prints where each square and each visible button is on
//! screen and, after every change, the position and status, so a script can click squares and
//! buttons with xdotool and check.
//! In the browser the same lines always go to the page (`reversiPage.report`), which keeps
//! them for the browser test (and takes the first as the sign that the game has loaded).

use bevy::prelude::*;
use reversi_engine::grid::{grid_board_string, squares};
use reversi_engine::{Color as Side, Status};

use crate::ai::AiThinking;
use crate::analysis::game_review::GameReview;
use crate::analysis::hints::ShownScores;
use crate::board::count::EndCount;
use crate::board::geometry::square_center;
use crate::hud::game_over::GameOverPanel;
use crate::i18n::{Language, Tr, Translations};
use crate::menus::GameTextDraft;
use crate::records::SaveFile;
use crate::rules::Match;
use crate::state::animation::BoardAnimation;
use crate::state::cursors::{Cursor, Cursors};
use crate::state::menu::Menu;
use crate::theme::focus::Focused;

pub(super) fn plugin(app: &mut App) {
    if cfg!(target_arch = "wasm32") || std::env::var("REVERSI_AUTOMATION").is_ok_and(|v| v == "1") {
        app.add_systems(
            Last,
            (
                report_squares,
                report_buttons,
                report_state,
                report_overflow,
            ),
        );
    }
}

fn emit(line: &str) {
    #[cfg(target_arch = "wasm32")]
    crate::web::page::report(line);
    #[cfg(not(target_arch = "wasm32"))]
    println!("{line}");
}

fn report_squares(
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    windows: Query<&Window>,
    state: Res<Match>,
    mut last: Local<String>,
) {
    let (Ok((camera, transform)), Ok(window)) = (cameras.single(), windows.single()) else {
        return;
    };
    let scale = window.scale_factor();
    let mut line = String::from("SQUARES");
    let size = state.game.size();
    for sq in size.cells() {
        let Ok(p) = camera.world_to_viewport(transform, square_center(size, sq)) else {
            return;
        };
        line.push_str(&format!(" {sq}:{:.0},{:.0}", p.x * scale, p.y * scale));
    }
    if *last != line {
        emit(&line);
        *last = line;
    }
}

/// A label as one word for the report lines: spaces of any kind (and a two-line label's line break)
/// become '_'.
fn word(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect()
}

/// A button's label, in English whatever the player reads (so a script finds "Start game"
/// in every language): its text, else its name.
fn label_of(
    button: Entity,
    children: &Query<&Children>,
    texts: &Query<&Tr>,
    translations: &Translations,
    names: &Query<&Name>,
) -> Option<String> {
    children
        .get(button)
        .ok()
        .and_then(|kids| kids.iter().find_map(|k| texts.get(k).ok()))
        .map(|t| translations.text_in(Language::English, &t.0))
        .or_else(|| names.get(button).ok().map(|n| n.as_str().to_string()))
}

/// `BUTTONS Start_game__(Enter):640,512 Settings:640,570 …`: every button on screen with its
/// label and its centre in window pixels, top to bottom, whenever one appears, moves or goes.
fn report_buttons(
    buttons: Query<
        (
            Entity,
            &ComputedNode,
            &UiGlobalTransform,
            &InheritedVisibility,
        ),
        With<Button>,
    >,
    children: Query<&Children>,
    texts: Query<&Tr>,
    translations: Res<Translations>,
    names: Query<&Name>,
    mut last: Local<String>,
) {
    let mut shown: Vec<(f32, f32, String)> = buttons
        .iter()
        .filter(|(_, node, _, visible)| visible.get() && !node.is_empty())
        .map(|(e, _, at, _)| {
            let label = label_of(e, &children, &texts, &translations, &names).unwrap_or_default();
            (at.translation.y, at.translation.x, word(&label))
        })
        .collect();
    shown.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let mut line = String::from("BUTTONS");
    for (y, x, label) in shown {
        line.push_str(&format!(" {label}:{x:.0},{y:.0}"));
    }
    if *last != line {
        emit(&line);
        *last = line;
    }
}

/// `OVERFLOW Computer_level Settings …`: the texts on screen (by their English words) that
/// stick out of the box they sit in or out of the window, whenever that list changes;
/// `OVERFLOW` alone when none does. A long German word in a narrow column shows here before a
/// player sees it cut off. Boxes that clip on purpose (a list's long file names) are left out.
fn report_overflow(
    texts: Query<(
        &Tr,
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
        &ChildOf,
    )>,
    boxes: Query<(&ComputedNode, &UiGlobalTransform, &Node)>,
    windows: Query<&Window>,
    translations: Res<Translations>,
    mut last: Local<String>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    let screen = Rect::new(
        0.0,
        0.0,
        window.physical_width() as f32,
        window.physical_height() as f32,
    );
    // A pixel of slack: layout rounds each edge on its own.
    let inside = |inner: Rect, outer: Rect| {
        inner.min.x >= outer.min.x - 1.0
            && inner.min.y >= outer.min.y - 1.0
            && inner.max.x <= outer.max.x + 1.0
            && inner.max.y <= outer.max.y + 1.0
    };
    let rect = |node: &ComputedNode, at: &UiGlobalTransform| {
        Rect::from_center_size(at.translation, node.size())
    };
    let mut out: Vec<String> = Vec::new();
    for (tr, node, at, visible, parent) in &texts {
        if !visible.get() || node.is_empty() {
            continue;
        }
        let text = rect(node, at);
        let in_box = match boxes.get(parent.parent()) {
            Ok((_, _, style)) if !style.overflow.x.is_visible() => true,
            Ok((outer, outer_at, _)) => inside(text, rect(outer, outer_at)),
            Err(_) => true,
        };
        if !in_box || !inside(text, screen) {
            out.push(word(&translations.text_in(Language::English, &tr.0)));
        }
    }
    out.sort();
    let line = std::iter::once("OVERFLOW".to_string())
        .chain(out)
        .collect::<Vec<_>>()
        .join(" ");
    if *last != line {
        emit(&line);
        *last = line;
    }
}

/// A keyboard or pad cursor's square while it shows, else "-".
fn cursor_word(cursor: &Cursor) -> String {
    match cursor.square {
        Some(sq) if cursor.visible => sq.to_string(),
        _ => "-".into(),
    }
}

fn report_state(
    state: Res<Match>,
    animation: Res<BoardAnimation>,
    ai: Res<AiThinking>,
    time: Res<Time>,
    menu: Res<State<Menu>>,
    panels: Query<(), With<GameOverPanel>>,
    focused: Res<Focused>,
    children: Query<&Children>,
    texts: Query<&Tr>,
    translations: Res<Translations>,
    names: Query<&Name>,
    review: Res<GameReview>,
    shown: Res<ShownScores>,
    (count, draft, save): (Res<EndCount>, Res<GameTextDraft>, Res<SaveFile>),
    cursors: Res<Cursors>,
    mut last: Local<String>,
) {
    let pos = state.game.current();
    // The focused button by its label, and the players' names, each one word on the line.
    let focus = focused
        .0
        .and_then(|button| label_of(button, &children, &texts, &translations, &names))
        .map(|label| word(&label))
        .unwrap_or_else(|| "-".into());
    let status = match state.status() {
        Status::ToMove(c) => format!("to-move:{c}"),
        Status::MustPass(c) => format!("must-pass:{c}"),
        Status::Over(_) => match state.result().and_then(|f| f.winner) {
            Some(w) => format!("over:{w}-wins"),
            None => "over:draw".into(),
        },
    };
    // The post-game review: scored/total, the mistakes' plies, the ghost's square.
    let mistakes: Vec<String> = review
        .mistakes
        .iter()
        .map(|&i| review.moves[i].ply.to_string())
        .collect();
    let ghost = review
        .mistake_at(state.game.ply())
        .filter(|_| state.reviewing)
        .map_or("-".to_string(), |m| m.best.to_string());
    let line = format!(
        "STATE lang={} size={} ply={} black={} white={} status={} busy={} thinking={} counting={} menu={:?} game_over_panel={} legal={} board={} moves={} focus={} names={}|{} reviewing={} analysis={}/{} mistakes={} ghost={} hint={} cursors={}|{} draft={} saving={}",
        translations.language().code(),
        pos.size().side(),
        state.game.ply(),
        pos.discs(Side::Black).count_ones(),
        pos.discs(Side::White).count_ones(),
        status,
        animation.is_busy(&time),
        ai.active,
        count.running(),
        menu.get(),
        !panels.is_empty(),
        squares(pos.size(), pos.legal_squares())
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(","),
        grid_board_string(&pos.setup())
            .split(' ')
            .next()
            .unwrap_or_default(),
        state.game.transcript(),
        focus,
        word(&state.setup.names[0]),
        word(&state.setup.names[1]),
        state.reviewing,
        review.scored,
        review.total,
        if mistakes.is_empty() {
            "-".to_string()
        } else {
            mistakes.join(",")
        },
        ghost,
        // The best move the board shows with its score (a hint, or study mode's best).
        shown.best.map_or("-".to_string(), |sq| {
            let score = shown
                .moves
                .iter()
                .find(|(s, _)| *s == sq)
                .map_or(0, |m| m.1);
            format!("{sq}:{score}")
        }),
        cursor_word(cursors.of(Side::Black)),
        cursor_word(cursors.of(Side::White)),
        // What the Open field holds, so that a script sees its typing arrive.
        if draft.0.is_empty() {
            "-".to_string()
        } else {
            word(&draft.0)
        },
        // Whether this window keeps the autosave (not where another window or tab does).
        save.keeps_a_save(),
    );
    if *last != line {
        emit(&line);
        *last = line;
    }
}
