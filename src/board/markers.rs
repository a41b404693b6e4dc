//! What sits on the board besides discs: legal-move dots, the last-move marker, and the hover
//! preview (a ghost disc on the hovered legal square, the discs it would flip lifted), which
//! also hovers over the computer's chosen square for a moment before its disc drops.

use bevy::prelude::*;
use reversi_engine::grid::{Cell, GridMove, squares};
use reversi_engine::{Color as Side, FlipRule, Status};

use super::count::EndCount;
use super::discs::{Disc, DiscAssets};
use super::geometry::{DISC_THICKNESS, disc_rest, square_center};
use super::squares::{BoardSquare, SquareMaterials};
use crate::ai::AiThinking;
use crate::rules::Match;
use crate::schedule::GameSet;
use crate::settings::{ColorScheme, Settings};
use crate::state::animation::BoardAnimation;
use crate::state::cursors::{Cursor, Cursors, HintedLines};
use crate::state::menu::Menu;
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    // The ghost disc borrows the disc mesh, so the disc assets must exist first.
    app.add_systems(
        Startup,
        create_marker_assets.after(super::discs::create_disc_assets),
    )
    .add_systems(
        Update,
        (
            update_legal_markers,
            update_last_move,
            update_preview,
            highlight_cursor_square,
            recolor_ghosts,
        )
            // They read whether the board is busy, which this frame's move may have just set.
            .after(super::discs::DiscMotion)
            .in_set(GameSet::Presentation),
    );
}

#[derive(Resource)]
struct MarkerAssets {
    dot: Handle<Mesh>,
    legal: Handle<StandardMaterial>,
    last: Handle<StandardMaterial>,
    ghosts: [Handle<StandardMaterial>; 2],
}

/// A dot on a square where the side to move may place.
#[derive(Component)]
pub struct LegalMarker;

/// The marker on the most recently placed disc.
#[derive(Component)]
pub struct LastMoveMarker;

/// The translucent disc that previews a placement.
#[derive(Component)]
pub struct GhostDisc;

fn create_marker_assets(
    mut commands: Commands,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
    disc_assets: Option<Res<DiscAssets>>,
    settings: Res<Settings>,
) {
    let (Some(mut meshes), Some(mut materials), Some(disc_assets)) =
        (meshes, materials, disc_assets)
    else {
        return;
    };
    let unlit = |c: Color| StandardMaterial {
        base_color: c,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    };
    let ghost = |side| StandardMaterial {
        base_color: ghost_color(settings.colors, side),
        alpha_mode: AlphaMode::Blend,
        ..default()
    };
    let assets = MarkerAssets {
        dot: meshes.add(Cylinder::new(0.1, 0.01)),
        legal: materials.add(unlit(palette::LEGAL_MARK)),
        last: materials.add(unlit(palette::LAST_MOVE)),
        ghosts: [
            materials.add(ghost(Side::Black)),
            materials.add(ghost(Side::White)),
        ],
    };
    // The ghost disc exists once and moves to the hovered square.
    commands.spawn((
        GhostDisc,
        Mesh3d(disc_assets.half.clone()),
        MeshMaterial3d(assets.ghosts[0].clone()),
        Transform::from_scale(Vec3::new(1.0, 2.0, 1.0)),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
    commands.insert_resource(assets);
}

/// A side's ghost: its face, translucent.
fn ghost_color(scheme: ColorScheme, side: Side) -> Color {
    palette::face(scheme, side).with_alpha(0.45)
}

/// The ghosts take the colours the player chooses, as the discs' faces do.
fn recolor_ghosts(
    settings: Res<Settings>,
    assets: Option<Res<MarkerAssets>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
) {
    if !settings.is_changed() {
        return;
    }
    let (Some(assets), Some(mut materials)) = (assets, materials) else {
        return;
    };
    for side in Side::BOTH {
        if let Some(mut m) = materials.get_mut(&assets.ghosts[side.index()]) {
            m.base_color = ghost_color(settings.colors, side);
        }
    }
}

fn update_legal_markers(
    mut commands: Commands,
    state: Res<Match>,
    menu: Res<State<Menu>>,
    settings: Res<Settings>,
    animation: Res<BoardAnimation>,
    time: Res<Time>,
    assets: Option<Res<MarkerAssets>>,
    markers: Query<Entity, With<LegalMarker>>,
    mut shown_for: Local<Option<(u64, bool)>>,
) {
    let Some(assets) = assets else { return };
    let busy = animation.is_busy(&time);
    // Markers show only when a human is to place, the board is still and no menu covers it.
    let visible =
        settings.show_legal_moves && state.human_may_place() && !busy && !menu.get().covers_board();
    let key = (state.generation, visible);
    if *shown_for == Some(key) && !settings.is_changed() {
        return;
    }
    *shown_for = Some(key);
    for e in &markers {
        commands.entity(e).despawn();
    }
    if !visible {
        return;
    }
    let size = state.game.size();
    for sq in squares(size, state.game.current().legal_squares()) {
        commands.spawn((
            LegalMarker,
            Mesh3d(assets.dot.clone()),
            MeshMaterial3d(assets.legal.clone()),
            Transform::from_translation(square_center(size, sq) + Vec3::Y * 0.006),
            Pickable::IGNORE,
        ));
    }
}

fn update_last_move(
    mut commands: Commands,
    state: Res<Match>,
    animation: Res<BoardAnimation>,
    time: Res<Time>,
    assets: Option<Res<MarkerAssets>>,
    markers: Query<Entity, With<LastMoveMarker>>,
    mut shown_for: Local<Option<u64>>,
) {
    let Some(assets) = assets else { return };
    if *shown_for == Some(state.generation) {
        return;
    }
    // A new position: the old marker goes at once (its disc may be lifting away or swept
    // off), the new one comes when the board is still.
    for e in &markers {
        commands.entity(e).despawn();
    }
    if animation.is_busy(&time) {
        return;
    }
    *shown_for = Some(state.generation);
    let last = state.game.moves().iter().rev().find_map(GridMove::cell);
    if let Some(sq) = last {
        commands.spawn((
            LastMoveMarker,
            Mesh3d(assets.dot.clone()),
            MeshMaterial3d(assets.last.clone()),
            Transform::from_translation(
                disc_rest(state.game.size(), sq) + Vec3::Y * (DISC_THICKNESS / 2.0 + 0.004),
            )
            .with_scale(Vec3::new(0.8, 1.0, 0.8)),
            Pickable::IGNORE,
        ));
    }
}

/// The discs the hovered placement would flip (with the chosen line in the one-line variant).
/// `hinted`: the lines the hint or the move scores name, where a cursor on their squares
/// starts.
pub fn preview_flips(state: &Match, cursor: &Cursor, hinted: &HintedLines) -> Option<(Cell, u128)> {
    let sq = cursor.square?;
    if !state.human_may_place() {
        return None;
    }
    let pos = state.game.current();
    if pos.legal_squares() & pos.size().bit(sq) == 0 {
        return None;
    }
    if pos.rules().flips == FlipRule::ChooseOneLine && !pos.in_free_opening() {
        return cursor.chosen_line(pos, hinted).map(|(_, f)| (sq, f));
    }
    Some((sq, pos.flips_of(sq)))
}

fn update_preview(
    state: Res<Match>,
    menu: Res<State<Menu>>,
    ai: Res<AiThinking>,
    count: Res<EndCount>,
    cursors: Res<Cursors>,
    hinted: Res<HintedLines>,
    animation: Res<BoardAnimation>,
    time: Res<Time>,
    assets: Option<Res<MarkerAssets>>,
    mut ghost: Query<
        (
            &mut Transform,
            &mut Visibility,
            &mut MeshMaterial3d<StandardMaterial>,
        ),
        With<GhostDisc>,
    >,
    mut discs: Query<
        (&Disc, &mut Transform),
        (Without<GhostDisc>, Without<bevy_tweening::TweenAnim>),
    >,
) {
    let busy = animation.is_busy(&time);
    // A menu over the board (see-through) hides what the board invites or announces.
    let covered = menu.get().covers_board();
    let preview = if busy || covered {
        None
    } else {
        state
            .to_move()
            .and_then(|side| preview_flips(&state, cursors.of(side), &hinted))
    };
    if let (Some(assets), Ok((mut t, mut vis, mut mat))) = (assets, ghost.single_mut()) {
        let announced = ai.announced().filter(|_| !busy && !covered);
        match (preview, announced, state.status()) {
            (Some((sq, _)), _, Status::ToMove(side)) => {
                t.translation = disc_rest(state.game.size(), sq) + Vec3::Y * 0.12;
                *vis = Visibility::Visible;
                mat.0 = assets.ghosts[side.index()].clone();
            }
            (None, Some(sq), Status::ToMove(side)) => {
                // The computer's choice: its disc hovers, bobbing, where it will drop.
                let bob = (time.elapsed_secs() * 9.0).sin() * 0.04;
                t.translation = disc_rest(state.game.size(), sq) + Vec3::Y * (0.3 + bob);
                *vis = Visibility::Visible;
                mat.0 = assets.ghosts[side.index()].clone();
            }
            _ => *vis = Visibility::Hidden,
        }
    }
    // Discs that no animation holds ease to their height: raised if the hovered move (or
    // the computer's announced one) would flip them or the end-of-game count holds them up,
    // else resting. (Preview and announcement are empty while the board is busy.)
    let lifted = preview.map(|(_, f)| f).unwrap_or_else(|| {
        if busy || covered {
            0
        } else {
            ai.announced_flips(state.game.current())
        }
    });
    for (disc, mut t) in &mut discs {
        let rest = disc.rest();
        let target = if lifted & disc.size.bit(disc.square) != 0 {
            rest + Vec3::Y * 0.12
        } else {
            rest + Vec3::Y * count.lift(disc.square)
        };
        let dt = time.delta_secs();
        t.translation = t.translation.lerp(target, (dt * 18.0).min(1.0));
    }
}

/// The square under the cursor of the side to move shows lighter felt.
fn highlight_cursor_square(
    cursors: Res<Cursors>,
    state: Res<Match>,
    materials: Option<Res<SquareMaterials>>,
    mut squares: Query<(&BoardSquare, &mut MeshMaterial3d<StandardMaterial>)>,
) {
    if !cursors.is_changed() && !state.is_changed() {
        return;
    }
    let Some(materials) = materials else { return };
    let cursor = state
        .to_move()
        .map(|side| *cursors.of(side))
        .unwrap_or_default();
    for (sq, mut mat) in &mut squares {
        let want = if cursor.square == Some(sq.0) && cursor.visible {
            &materials.hover
        } else {
            &materials.felt
        };
        if mat.0 != *want {
            mat.0 = want.clone();
        }
    }
}
