//! The post-game review: once a game is over, every position of it is scored in the
//! background (see the parent module), then a panel shows the evaluation over the game as a
//! graph and the three biggest mistakes. Choosing a mistake jumps the review to the position
//! before it, where a ghost disc shows the better move.

use bevy::prelude::*;
use reversi_engine::grid::{BoardSize, Cell, GridGame, GridMove};
use reversi_engine::{Color as Side, Direction, FlipRule, Komi, Status};

use super::hints::disc_text;
use super::study::{Analysis, Priority, analysable, black_result_f32};
use crate::board::discs::DiscAssets;
use crate::board::geometry::{DISC_THICKNESS, disc_rest};
use crate::i18n::Msg;
use crate::rules::{Match, ReviewRequest, komi_words};
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::state::cursors::{Cursors, HintedLines};
use crate::theme::palette::{self, side_name};
use crate::theme::under_menus::UnderMenus;
use crate::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameReview>().add_systems(
        Update,
        (review_finished_game, point_to_better_line).in_set(super::study::Wishes),
    );
}

pub fn presentation(app: &mut App) {
    app.add_systems(
        Update,
        (
            show_panel,
            show_ghost,
            mistake_keys.run_if(in_state(crate::state::menu::Menu::None)),
        )
            .in_set(GameSet::Presentation),
    );
}

/// One placement of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Moves (passes counted) before this one: the position it was played in.
    pub ply: usize,
    /// The placement's number in the game, from 1 (passes not counted), as players count.
    pub number: usize,
    pub mover: Side,
    pub played: Cell,
    /// The line the move flipped, under the one-line rule.
    pub played_line: Option<Direction>,
    /// The engine's best move there (and its line, under the one-line rule) and the scores
    /// of both, from the mover's view (hundredths of a disc).
    pub best: Cell,
    pub best_line: Option<Direction>,
    pub best_score: i32,
    pub played_score: i32,
    /// The estimate for Black after the move (hundredths), for the graph.
    pub black_after: i32,
}

impl MoveReview {
    /// How much the move gave away against the best one (hundredths of a disc, never < 0).
    pub fn loss(&self) -> i32 {
        (self.best_score - self.played_score).max(0)
    }

    /// The move played as players write it ("g5", "g5:ne" under the one-line rule).
    pub fn played_text(&self) -> String {
        GridMove::Place {
            cell: self.played,
            line: self.played_line,
        }
        .to_string()
    }

    /// The best move as players write it.
    pub fn best_text(&self) -> String {
        GridMove::Place {
            cell: self.best,
            line: self.best_line,
        }
        .to_string()
    }
}

/// The review of the finished game: complete once every placement is scored.
#[derive(Resource, Default, Debug)]
pub struct GameReview {
    /// The whole record the review is of.
    record: Option<GridGame>,
    /// Scored placements so far and how many there are.
    pub scored: usize,
    pub total: usize,
    /// Every placement, in order, once all are scored.
    pub moves: Vec<MoveReview>,
    /// Indices into `moves` of the biggest mistakes (at most three, worst first).
    pub mistakes: Vec<usize>,
    /// None of the game's placements can be scored (a variant whose own exact search
    /// reaches none of them): no review.
    pub unavailable: bool,
    /// The search of one of its positions failed: the review cannot be completed.
    pub failed: bool,
}

/// A move counts as a mistake from this loss on (a whole disc).
const MISTAKE: i32 = 100;

impl GameReview {
    /// Whether every placement is scored.
    pub fn complete(&self) -> bool {
        !self.unavailable && self.total > 0 && self.moves.len() == self.total
    }

    /// The judged move played in the position after `ply` moves, if it was a mistake.
    pub fn mistake_at(&self, ply: usize) -> Option<&MoveReview> {
        self.moves
            .iter()
            .find(|m| m.ply == ply)
            .filter(|m| m.loss() >= MISTAKE)
    }
}

fn review_finished_game(
    state: Res<Match>,
    mut review: ResMut<GameReview>,
    mut analysis: ResMut<Analysis>,
) {
    // The whole record, also while the review shows an earlier position; a new one (a new
    // game, a move, an undo) starts the review over.
    if state.is_changed() {
        let whole = state.record();
        if review.record.as_ref() != Some(&whole) {
            *review = GameReview::default();
            review.record = Some(whole);
        }
    }
    if review.complete() {
        return;
    }
    // Borrowed field by field: the record is read while the counts are written.
    let review = &mut *review;
    let Some(record) = review.record.as_ref() else {
        return;
    };
    if !matches!(record.status(), Status::Over(_)) {
        // Not over (yet): nothing to review.
        review.total = 0;
        return;
    }
    let moves = record.moves();
    let position = |ply: usize| record.position_at(ply).expect("a ply of the record");
    // Each placement with its number in the game. Those the search cannot score are left
    // unjudged: the free opening's centre placements (it does not model that choice) and,
    // under the variants whose game tree is not Othello's, those further from the end than
    // the variant's exact search goes; the game after them is judged.
    let placements: Vec<(usize, usize, Cell)> = moves
        .iter()
        .enumerate()
        .filter_map(|(ply, mv)| match mv {
            GridMove::Place { cell: square, .. } => Some((ply, *square)),
            GridMove::Pass => None,
        })
        .enumerate()
        .map(|(i, (ply, square))| (ply, i + 1, square))
        .filter(|&(ply, _, _)| analysable(position(ply)))
        .collect();
    review.total = placements.len();
    review.unavailable = placements.is_empty();
    if review.unavailable {
        return;
    }
    let mut judged = Vec::with_capacity(placements.len());
    for &(ply, number, played) in &placements {
        let pos = position(ply);
        let Some(scores) = analysis.want(pos, Priority::Review) else {
            review.failed |= analysis.failed(pos);
            continue;
        };
        let (Some((best, best_score)), Some(square_score)) = (scores.best(), scores.of(played))
        else {
            continue;
        };
        let (mover, best_line) = (pos.to_move(), scores.best_line());
        // Under the one-line rule a square's score is that of its best line; the line played
        // is judged by the exact value of the position it led to.
        let played_score = if pos.rules().flips == FlipRule::ChooseOneLine {
            match exact_value_after(record, ply, &mut analysis, &mut review.failed) {
                Some(v) => v,
                None => continue,
            }
        } else {
            square_score
        };
        let for_black = if mover == Side::Black { 1 } else { -1 };
        judged.push(MoveReview {
            ply,
            number,
            mover,
            played,
            played_line: match moves[ply] {
                GridMove::Place { line, .. } => line,
                GridMove::Pass => None,
            },
            best,
            best_line,
            best_score,
            played_score,
            black_after: played_score * for_black,
        });
    }
    review.scored = judged.len();
    if review.scored < review.total {
        return;
    }
    let mut order: Vec<usize> = (0..judged.len())
        .filter(|&i| judged[i].loss() >= MISTAKE)
        .collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(judged[i].loss()), i));
    order.truncate(3);
    review.mistakes = order;
    review.moves = judged;
}

/// The exact value, for the side that made it, of the placement after `ply` moves of the
/// finished `record`: the result where the game ended, else the best score of the next
/// position with a placement (asked for, if it is not known yet; `failed` set if its search
/// failed), whoever's it is. Only for exact scores (a variant's last moves): an estimate of
/// the next position is not the same estimate as the move's own.
fn exact_value_after(
    record: &GridGame,
    ply: usize,
    analysis: &mut Analysis,
    failed: &mut bool,
) -> Option<i32> {
    let mover = record.position_at(ply)?.to_move();
    let mut next = ply + 1;
    loop {
        let pos = record.position_at(next)?;
        match pos.status() {
            Status::Over(outcome) => return Some(outcome.score_for(mover) * 100),
            Status::MustPass(_) => next += 1,
            Status::ToMove(side) => {
                *failed |= analysis.failed(pos);
                let scores = analysis.want(pos, Priority::Review)?;
                if !scores.exact {
                    return None;
                }
                let (_, best) = scores.best()?;
                return Some(if side == mover { best } else { -best });
            }
        }
    }
}

/// The analysis panel (right of the board) while a finished game is shown.
#[derive(Component)]
struct ReviewPanel;

/// What the panel was drawn for, so it is rebuilt only when that changes. The match's
/// generation tells games apart: another finished game of the same length, already
/// analysed (opened again, or the original record after a branch), looks the same by the
/// counts alone.
#[derive(Default, PartialEq)]
struct Drawn {
    generation: u64,
    scored: usize,
    complete: bool,
    ply: usize,
    reviewing: bool,
    failed: bool,
    scheme: Option<crate::settings::ColorScheme>,
}

const GRAPH_WIDTH: f32 = 262.0;
const GRAPH_HEIGHT: f32 = 110.0;
/// The height of a mistake's tick under the graph.
const MISTAKE_TICK: f32 = 5.0;

fn show_panel(
    mut commands: Commands,
    state: Res<Match>,
    review: Res<GameReview>,
    settings: Res<Settings>,
    panels: Query<Entity, With<ReviewPanel>>,
    mut drawn: Local<Option<Drawn>>,
) {
    let over = review.total > 0 || review.unavailable && review.record.is_some();
    // Only a finished record is analysed; a game in progress looked back over has no panel.
    let wanted =
        (over && (matches!(state.status(), Status::Over(_)) || state.reviewing)).then(|| Drawn {
            generation: state.generation,
            scored: review.scored,
            complete: review.complete(),
            ply: state.game.ply(),
            reviewing: state.reviewing,
            failed: review.failed,
            scheme: Some(settings.colors),
        });
    if *drawn == wanted && (wanted.is_none() || !panels.is_empty()) {
        return;
    }
    for e in &panels {
        commands.entity(e).despawn();
    }
    *drawn = wanted;
    let Some(now) = drawn.as_ref() else {
        return;
    };
    let colors = settings.colors;
    commands
        .spawn((
            ReviewPanel,
            Name::new("game analysis"),
            UnderMenus,
            Node {
                position_type: PositionType::Absolute,
                right: px(16),
                top: px(16),
                width: px(GRAPH_WIDTH + 28.0),
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                padding: UiRect::all(px(14)),
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
            BackgroundColor(palette::PANEL),
            BorderColor::all(palette::PANEL_BORDER),
        ))
        .with_children(|p| {
            p.spawn(widgets::header("review-title"));
            if review.unavailable {
                p.spawn(widgets::label("review-unavailable"));
                return;
            }
            if !now.complete && now.failed {
                p.spawn(widgets::label("review-failed"));
                return;
            }
            if !now.complete {
                p.spawn(widgets::label(
                    Msg::new("review-analysing")
                        .arg("done", review.scored)
                        .arg("total", review.total),
                ));
                return;
            }
            // Moves the search cannot score (a free opening's, a variant's far from the end)
            // are left out: the graph and the mistakes start later.
            if let Some(first) = review.moves.first().filter(|m| m.number > 1) {
                p.spawn(widgets::label(
                    Msg::new("review-judged-from").arg("number", first.number),
                ));
            }
            graph(
                p,
                &review,
                now.ply,
                colors,
                state.setup.komi,
                state.game.size(),
            );
            if review.mistakes.is_empty() {
                p.spawn(widgets::label("review-no-mistakes"));
                return;
            }
            p.spawn(widgets::label("review-biggest-mistakes"));
            for (k, &i) in review.mistakes.iter().enumerate() {
                let m = &review.moves[i];
                // "1   29. Black g5 -63 (b6 -42)": the scores the move and the best one lead to.
                let text = Msg::new("review-mistake-line")
                    .arg("key", k + 1)
                    .arg("number", m.number)
                    .arg("side", side_name(colors, m.mover))
                    .arg("played", m.played_text())
                    .arg("played_score", disc_text(m.played_score))
                    .arg("best", m.best_text())
                    .arg("best_score", disc_text(m.best_score));
                let ply = m.ply;
                p.spawn(widgets::small_button(text)).observe(
                    move |_: On<widgets::Activate>, mut w: MessageWriter<ReviewRequest>| {
                        w.write(ReviewRequest::Jump(ply));
                    },
                );
            }
            if let Some(m) = review.mistake_at(now.ply).filter(|_| now.reviewing) {
                p.spawn(widgets::label(
                    Msg::new("review-mistake-shown")
                        .arg("number", m.number)
                        .arg("side", side_name(colors, m.mover))
                        .arg("played", m.played_text())
                        .arg("played_score", disc_text(m.played_score))
                        .arg("best", m.best_text())
                        .arg("best_score", disc_text(m.best_score)),
                ))
                .insert(TextColor(palette::ACCENT));
            }
        });
}

/// 1, 2 and 3 jump to the biggest mistakes once the review has found them.
fn mistake_keys(
    keys: Res<ButtonInput<KeyCode>>,
    review: Res<GameReview>,
    state: Res<Match>,
    mut requests: MessageWriter<ReviewRequest>,
) {
    if !review.complete() || !(state.reviewing || matches!(state.status(), Status::Over(_))) {
        return;
    }
    let digits = [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3];
    for (k, key) in digits.iter().enumerate() {
        if keys.just_pressed(*key)
            && let Some(&i) = review.mistakes.get(k)
        {
            requests.write(ReviewRequest::Jump(review.moves[i].ply));
        }
    }
}

/// The evaluation over the game: a bar per placement, up for Black's expected lead and down
/// for White's, the move shown in the review marked. A lead of half the board's squares
/// fills the half (32 discs on 8×8, 8 on 4×4, 50 on 10×10).
fn graph(
    p: &mut ChildSpawnerCommands,
    review: &GameReview,
    ply: usize,
    colors: crate::settings::ColorScheme,
    komi: Option<Komi>,
    size: BoardSize,
) {
    let full_lead = size.squares() as f32 / 2.0;
    let n = review.moves.len().max(1);
    let width = GRAPH_WIDTH / n as f32;
    let half = GRAPH_HEIGHT / 2.0;
    p.spawn((
        Node {
            width: px(GRAPH_WIDTH),
            height: px(GRAPH_HEIGHT),
            ..default()
        },
        BackgroundColor(palette::FELT.darker(0.05)),
    ))
    .with_children(|g| {
        g.spawn((
            Node {
                position_type: PositionType::Absolute,
                top: px(half),
                width: percent(100),
                height: px(1),
                ..default()
            },
            BackgroundColor(palette::TEXT_DIM),
        ));
        for (i, m) in review.moves.iter().enumerate() {
            // Who is ahead, with the komi counted in a komi game (unrounded, to draw).
            let discs = black_result_f32(m.black_after, komi);
            let h = (half * (discs / full_lead).clamp(-1.0, 1.0).abs()).max(1.0);
            let leader = if discs >= 0.0 {
                Side::Black
            } else {
                Side::White
            };
            let shown = m.ply < ply && review.moves.get(i + 1).is_none_or(|next| next.ply >= ply);
            // The shown move by shape as well as colour (a band the graph's whole height
            // behind its bar): in some colour schemes a side's face is near the accent.
            if shown {
                g.spawn((
                    Node {
                        position_type: PositionType::Absolute,
                        left: px(i as f32 * width),
                        width: px(width.max(2.0)),
                        height: px(GRAPH_HEIGHT),
                        top: px(0.0),
                        ..default()
                    },
                    BackgroundColor(palette::ACCENT.with_alpha(0.35)),
                ));
            }
            let color = if shown {
                palette::ACCENT
            } else {
                palette::face(colors, leader)
            };
            g.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    left: px(i as f32 * width),
                    width: px((width - 1.0).max(1.0)),
                    height: px(h),
                    top: px(if discs >= 0.0 { half - h } else { half }),
                    ..default()
                },
                BackgroundColor(color),
            ));
        }
    });
    // Mistakes as ticks along the graph's foot, not as bar colours: red is also a side's
    // face in two colour schemes.
    p.spawn(Node {
        width: px(GRAPH_WIDTH),
        height: px(MISTAKE_TICK),
        ..default()
    })
    .with_children(|ticks| {
        for (i, m) in review.moves.iter().enumerate() {
            if review.mistake_at(m.ply).is_some() {
                ticks.spawn((
                    Node {
                        position_type: PositionType::Absolute,
                        left: px(i as f32 * width),
                        width: px((width - 1.0).max(2.0)),
                        height: px(MISTAKE_TICK),
                        ..default()
                    },
                    BackgroundColor(palette::LAST_MOVE),
                ));
            }
        }
    });
    // `insert` replaces the label's own font (a bundle may not name a component twice).
    let legend = match komi {
        Some(komi) => Msg::new("review-graph-legend-komi")
            .arg("komi", komi_words(komi, |side| side_name(colors, side))),
        None => Msg::new("review-graph-legend"),
    };
    p.spawn(widgets::label(
        legend
            .arg("black", side_name(colors, Side::Black))
            .arg("white", side_name(colors, Side::White)),
    ))
    .insert(TextFont::from_font_size(14.0));
}

/// While the review shows a mistake under the one-line rule, a cursor on the better move's
/// square (the see-through disc) starts at the better line, as on a hinted square (the hints
/// keep [`HintedLines`] outside the review).
fn point_to_better_line(
    state: Res<Match>,
    review: Res<GameReview>,
    mut hinted: ResMut<HintedLines>,
    mut cursors: ResMut<Cursors>,
) {
    if !state.reviewing {
        return;
    }
    let better = review
        .mistake_at(state.game.ply())
        .and_then(|m| m.best_line.map(|line| (m.best, line)));
    let better = HintedLines(better.into_iter().collect());
    HintedLines::update(&mut hinted, &mut cursors, better);
}

/// The better move, as a see-through disc of the mover's colour on its square.
#[derive(Component)]
struct GhostDisc;

fn show_ghost(
    mut commands: Commands,
    state: Res<Match>,
    review: Res<GameReview>,
    settings: Res<Settings>,
    assets: Option<Res<DiscAssets>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    ghosts: Query<(Entity, &GhostDisc)>,
    mut shown: Local<Option<(Cell, Side)>>,
) {
    let wanted = state
        .reviewing
        .then(|| review.mistake_at(state.game.ply()))
        .flatten()
        .map(|m| (m.best, m.mover));
    if *shown == wanted && (wanted.is_none() || !ghosts.is_empty()) {
        return;
    }
    for (e, _) in &ghosts {
        commands.entity(e).despawn();
    }
    *shown = wanted;
    let (Some((square, mover)), Some(assets)) = (wanted, assets) else {
        return;
    };
    let material = materials.add(StandardMaterial {
        base_color: palette::face(settings.colors, mover).with_alpha(0.45),
        alpha_mode: AlphaMode::Blend,
        perceptual_roughness: 0.6,
        ..default()
    });
    commands.spawn((
        GhostDisc,
        Name::new(format!("ghost disc {square}")),
        Mesh3d(assets.half.clone()),
        MeshMaterial3d(material),
        Transform::from_translation(
            disc_rest(state.game.size(), square) + Vec3::Y * DISC_THICKNESS * 0.1,
        )
        .with_scale(Vec3::new(1.0, 2.0, 1.0)),
        Pickable::IGNORE,
    ));
}
