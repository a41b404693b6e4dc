//! Disc entities: one per disc on the board, a two-coloured mesh whose flip is a real 180°
//! turn. Placed discs drop in, then the flanked discs flip in a wave outward from them.

use std::f32::consts::PI;
use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::{Delay, Lens, Tween, TweenAnim};
use reversi_engine::Color as Side;
use reversi_engine::grid::{BoardSize, Cell, GridPlacement, squares};

use super::geometry::{DISC_RADIUS, DISC_THICKNESS, disc_rest, half_width};
use super::shapes::half_disc;
use crate::rules::{BoardReset, DiscPlaced, DiscTakenBack, Match, TurnPassed};
use crate::schedule::GameSet;
use crate::settings::{ColorScheme, Settings};
use crate::state::animation::BoardAnimation;
use crate::state::devices::Presses;
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Rebuilt>()
        .init_resource::<Sweep>()
        .add_systems(Startup, (create_disc_assets, spawn_all_discs).chain())
        .add_systems(
            Update,
            (
                rebuild_on_reset,
                skip_sweep,
                animate_placements,
                animate_take_backs,
                remove_lifted,
                wait_for_pass_banner,
                recolor_faces,
            )
                .chain()
                .in_set(DiscMotion)
                .in_set(GameSet::Presentation),
        );
}

/// The systems that start the discs' animations (and say how long the board is busy).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DiscMotion;

/// A disc on the board. Its rotation says which face is up: identity = Black's face.
#[derive(Component, Copy, Clone, Debug)]
pub struct Disc {
    pub square: Cell,
    /// The board it lies on (a new game on another size sweeps it away from there).
    pub size: BoardSize,
    /// The side whose face is up once the running animation ends.
    pub face: Side,
}

impl Disc {
    /// Where it rests on its square.
    pub fn rest(&self) -> Vec3 {
        disc_rest(self.size, self.square)
    }
}

/// Shared meshes and materials of the discs; the face materials are recoloured in place
/// when the colour scheme changes.
#[derive(Resource)]
pub struct DiscAssets {
    pub half: Handle<Mesh>,
    pub ring: Handle<Mesh>,
    pub faces: [Handle<StandardMaterial>; 2],
    pub ring_material: Handle<StandardMaterial>,
}

/// Which face a half-disc mesh shows (for recolouring and the colour-blind ring).
#[derive(Component, Copy, Clone)]
pub struct FaceRing;

/// The rotation that shows `side` face up.
pub fn face_up(side: Side) -> Quat {
    match side {
        Side::Black => Quat::IDENTITY,
        Side::White => Quat::from_rotation_x(PI),
    }
}

/// Which face a rotation shows up.
pub fn face_showing(rotation: Quat) -> Side {
    if (rotation * Vec3::Y).y >= 0.0 {
        Side::Black
    } else {
        Side::White
    }
}

pub(super) fn create_disc_assets(
    mut commands: Commands,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
    settings: Res<Settings>,
) {
    let (Some(mut meshes), Some(mut materials)) = (meshes, materials) else {
        return;
    };
    let face = |side| StandardMaterial {
        base_color: palette::face(settings.colors, side),
        // A lacquered surface: a soft highlight from the key light and the room.
        perceptual_roughness: 0.28,
        reflectance: 0.5,
        ..default()
    };
    commands.insert_resource(DiscAssets {
        half: meshes.add(half_disc(
            DISC_RADIUS,
            DISC_THICKNESS / 2.0,
            DISC_THICKNESS * 0.3,
        )),
        ring: meshes.add(
            Torus::new(DISC_RADIUS * 0.45, DISC_RADIUS * 0.6)
                .mesh()
                .minor_resolution(8)
                .major_resolution(32),
        ),
        faces: [
            materials.add(face(Side::Black)),
            materials.add(face(Side::White)),
        ],
        ring_material: materials.add(StandardMaterial {
            base_color: Color::srgb(0.35, 0.2, 0.05),
            perceptual_roughness: 0.5,
            ..default()
        }),
    });
}

/// Spawns a disc showing `side` on `square`.
pub fn spawn_disc(
    commands: &mut Commands,
    assets: Option<&DiscAssets>,
    (size, square): (BoardSize, Cell),
    side: Side,
    settings: &Settings,
) -> Entity {
    let mut disc = commands.spawn((
        Disc {
            square,
            size,
            face: side,
        },
        super::shadows::CastsShadow,
        Name::new(format!("disc {square}")),
        Transform::from_translation(disc_rest(size, square)).with_rotation(face_up(side)),
        Visibility::default(),
        Pickable::IGNORE,
    ));
    if let Some(assets) = assets {
        disc.with_children(|parent| disc_body(parent, assets, settings.colors));
    }
    disc.id()
}

/// A disc's two halves, Black's on top at rest, and the ring that marks White's face in the
/// colour-blind scheme (the sides then differ by shape, not only by colour): the board's
/// discs and the supply trays' alike.
pub fn disc_body(parent: &mut ChildSpawnerCommands, assets: &DiscAssets, colors: ColorScheme) {
    let quarter = DISC_THICKNESS / 4.0;
    parent.spawn((
        Mesh3d(assets.half.clone()),
        MeshMaterial3d(assets.faces[0].clone()),
        Transform::from_xyz(0.0, quarter, 0.0),
        Pickable::IGNORE,
    ));
    parent.spawn((
        Mesh3d(assets.half.clone()),
        MeshMaterial3d(assets.faces[1].clone()),
        // The same half turned over, its rounded face down.
        Transform::from_xyz(0.0, -quarter, 0.0).with_rotation(Quat::from_rotation_x(PI)),
        Pickable::IGNORE,
    ));
    parent.spawn((
        FaceRing,
        Mesh3d(assets.ring.clone()),
        MeshMaterial3d(assets.ring_material.clone()),
        Transform::from_xyz(0.0, -DISC_THICKNESS / 2.0, 0.0).with_scale(Vec3::new(1.0, 0.25, 1.0)),
        if colors == ColorScheme::Accessible {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        },
        Pickable::IGNORE,
    ));
}

fn spawn_all_discs(
    mut commands: Commands,
    state: Res<Match>,
    assets: Option<Res<DiscAssets>>,
    settings: Res<Settings>,
) {
    let pos = state.game.current();
    let size = pos.size();
    for side in Side::BOTH {
        for sq in squares(size, pos.discs(side)) {
            spawn_disc(
                &mut commands,
                assets.as_deref(),
                (size, sq),
                side,
                &settings,
            );
        }
    }
}

/// This frame's board was rebuilt from the rules' state: its placements and take-backs are
/// already shown and are not animated.
#[derive(Resource, Default)]
struct Rebuilt(bool);

/// Rebuilds the discs from [`Match`] on a reset, and when one frame holds steps in both
/// directions (an undo and a redo, a step back and forward): those cannot be animated one
/// after the other from the facts alone, so the board shows where they end. A new game
/// sweeps the old discs off to their colours' sides before the start position drops in.
fn rebuild_on_reset(
    mut resets: MessageReader<BoardReset>,
    mut placed: MessageReader<DiscPlaced>,
    mut taken_back: MessageReader<DiscTakenBack>,
    mut rebuilt: ResMut<Rebuilt>,
    mut commands: Commands,
    discs: Query<(Entity, Option<&Disc>, &Transform), Or<(With<Disc>, With<Lifting>)>>,
    state: Res<Match>,
    assets: Option<Res<DiscAssets>>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut animation: ResMut<BoardAnimation>,
    mut sweep: ResMut<Sweep>,
) {
    // Both readers every frame (no `&&` short cut): a reader left unread keeps this frame's
    // facts for the next, and an undo then a redo a frame later would count as both ways.
    let (placements, take_backs) = (placed.read().count(), taken_back.read().count());
    let both_ways = placements > 0 && take_backs > 0;
    let resets: Vec<BoardReset> = resets.read().copied().collect();
    rebuilt.0 = !resets.is_empty() || both_ways;
    if !rebuilt.0 {
        return;
    }
    let factor = settings.animation.factor();
    let sweeping = factor > 0.0 && resets.iter().any(|r| r.new_game);
    let now = time.elapsed_secs_f64();
    let mut swept_by = 0.0f32;
    for (entity, disc, transform) in &discs {
        match disc {
            Some(disc) if sweeping => {
                let ends = sweep_away(&mut commands, entity, disc, transform, factor);
                commands.entity(entity).remove::<Disc>().insert(Lifting {
                    until: now + f64::from(ends),
                });
                swept_by = swept_by.max(ends);
            }
            _ => commands.entity(entity).despawn(),
        }
    }
    animation.busy_until = 0.0;
    *sweep = Sweep::default();
    let pos = state.game.current();
    let size = pos.size();
    for side in Side::BOTH {
        for sq in squares(size, pos.discs(side)) {
            let disc = spawn_disc(
                &mut commands,
                assets.as_deref(),
                (size, sq),
                side,
                &settings,
            );
            if swept_by > 0.0 {
                // The start position drops in once the old discs are gone.
                let rest = disc_rest(size, sq);
                let above = rest + Vec3::Y * DROP_HEIGHT;
                let drop = Tween::new(
                    EaseFunction::QuadraticIn,
                    Duration::from_secs_f32(DROP_SECS * factor),
                    DropLens {
                        from: above,
                        to: rest,
                    },
                );
                commands.entity(disc).insert((
                    Transform::from_translation(above).with_rotation(face_up(side)),
                    TweenAnim::new(Delay::new(Duration::from_secs_f32(swept_by)).then(drop)),
                ));
            }
        }
    }
    if swept_by > 0.0 {
        animation.extend(now, swept_by + DROP_SECS * factor);
        *sweep = Sweep {
            started: now,
            until: now + f64::from(swept_by + DROP_SECS * factor),
        };
    }
}

/// The new game's sweep in progress: from when, and until the start position has landed.
#[derive(Resource, Default)]
struct Sweep {
    started: f64,
    until: f64,
}

/// A key or a click during a new game's sweep ends it: the old discs are gone and the start
/// position lies on the board at once. (A press in the frame the sweep began started it.)
fn skip_sweep(
    mut commands: Commands,
    mut sweep: ResMut<Sweep>,
    presses: Presses,
    time: Res<Time>,
    lifting: Query<Entity, With<Lifting>>,
    mut discs: Query<(Entity, &Disc, &mut Transform)>,
    mut animation: ResMut<BoardAnimation>,
) {
    let now = time.elapsed_secs_f64();
    if now <= sweep.started || now >= sweep.until {
        return;
    }
    if !presses.any() {
        return;
    }
    for entity in &lifting {
        commands.entity(entity).despawn();
    }
    for (entity, disc, mut transform) in &mut discs {
        commands.entity(entity).remove::<TweenAnim>();
        transform.translation = disc.rest();
        transform.rotation = face_up(disc.face);
        transform.scale = Vec3::ONE;
    }
    animation.busy_until = now;
    *sweep = Sweep::default();
}

/// How long one disc takes to slide off the board when a new game clears it, and the step
/// between the rings of the wave that runs out from the centre.
const SWEEP_SECS: f32 = 0.42;
const SWEEP_STEP_SECS: f32 = 0.035;

/// Sends an old disc off the board towards its face's side (Black's to the left, White's to
/// the right, where the supplies lie), rising and shrinking as it goes, in a wave out from
/// the centre; returns when it is gone.
fn sweep_away(
    commands: &mut Commands,
    entity: Entity,
    disc: &Disc,
    transform: &Transform,
    factor: f32,
) -> f32 {
    let from = transform.translation;
    let side = match disc.face {
        Side::Black => -1.0,
        Side::White => 1.0,
    };
    let half = half_width(disc.size);
    let to = Vec3::new(side * (half + 2.2), from.y + 0.2, from.z * 0.6);
    let (c, r) = (f32::from(disc.square.column), f32::from(disc.square.row));
    let ring = (c - half + 0.5).abs().max((r - half + 0.5).abs()) - 0.5;
    let delay = ring * SWEEP_STEP_SECS * factor;
    let slide = Tween::new(
        EaseFunction::QuadraticIn,
        Duration::from_secs_f32(SWEEP_SECS * factor),
        SweepLens {
            from,
            to,
            rotation: transform.rotation,
        },
    );
    commands.entity(entity).insert(TweenAnim::new(
        Delay::new(Duration::from_secs_f32(delay.max(0.001))).then(slide),
    ));
    delay + SWEEP_SECS * factor
}

/// Carries a disc along a low arc from `from` to `to`, shrinking it to nothing.
struct SweepLens {
    from: Vec3,
    to: Vec3,
    rotation: Quat,
}

impl Lens<Transform> for SweepLens {
    fn lerp(&mut self, mut target: Mut<Transform>, ratio: f32) {
        target.translation = self.from.lerp(self.to, ratio) + Vec3::Y * 0.5 * (ratio * PI).sin();
        target.rotation = self.rotation;
        target.scale = Vec3::splat((1.0 - ratio).max(0.0));
    }
}

/// Lifts a disc, turns it 180° about `axis` and sets it down again.
struct FlipLens {
    rest: Vec3,
    lift: f32,
    from: Quat,
    to: Quat,
}

impl Lens<Transform> for FlipLens {
    fn lerp(&mut self, mut target: Mut<Transform>, ratio: f32) {
        target.translation = self.rest + Vec3::Y * self.lift * (ratio * PI).sin();
        target.rotation = self.from.slerp(self.to, ratio);
    }
}

/// Drops a disc from above onto its square.
struct DropLens {
    from: Vec3,
    to: Vec3,
}

impl Lens<Transform> for DropLens {
    fn lerp(&mut self, mut target: Mut<Transform>, ratio: f32) {
        target.translation = self.from.lerp(self.to, ratio);
    }
}

/// Timings of one move's animation at normal speed, in seconds.
pub const DROP_SECS: f32 = 0.28;
pub const FLIP_SECS: f32 = 0.38;
pub const WAVE_STEP_SECS: f32 = 0.09;
pub const PASS_BANNER_SECS: f32 = 1.6;

/// How long the pass banner shows at animation speed `factor`: never shorter than half its
/// normal time (none at all would be missed). The board waits for it, and the banner and
/// its chime are timed by it.
pub fn pass_banner_secs(factor: f32) -> f64 {
    f64::from(PASS_BANNER_SECS * factor.max(0.5))
}
/// How far above its square a placed disc starts its drop (and a taken-back one lifts to).
const DROP_HEIGHT: f32 = 1.6;

/// A straight move from `from` to `to` in `secs` (a disc dropping in or lifting away).
fn vertical(ease: EaseFunction, secs: f32, from: Vec3, to: Vec3) -> TweenAnim {
    TweenAnim::new(Tween::new(
        ease,
        Duration::from_secs_f32(secs),
        DropLens { from, to },
    ))
}

fn animate_placements(
    mut placed: MessageReader<DiscPlaced>,
    rebuilt: Res<Rebuilt>,
    state: Res<Match>,
    mut commands: Commands,
    mut discs: Query<(Entity, &mut Disc, &mut Transform)>,
    assets: Option<Res<DiscAssets>>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut animation: ResMut<BoardAnimation>,
) {
    let now = time.elapsed_secs_f64();
    let factor = settings.animation.factor();
    let facts: Vec<DiscPlaced> = placed.read().copied().collect();
    if rebuilt.0 {
        return;
    }
    let size = state.game.size();
    let shows = final_faces(size, facts.iter().map(|f| (f.square, f.placement)), |p| {
        p.color
    });
    for fact in &facts {
        let origin = fact.square;
        // Usually the placer's colour; a later placement of the same frame (a redo of a
        // whole turn) may already have turned it.
        let side = shows[&origin];
        let new_disc = spawn_disc(
            &mut commands,
            assets.as_deref(),
            (size, origin),
            side,
            &settings,
        );
        let drop = DROP_SECS * factor;
        if factor > 0.0 {
            let rest = disc_rest(size, origin);
            let above = rest + Vec3::Y * DROP_HEIGHT;
            commands.entity(new_disc).insert((
                vertical(EaseFunction::QuadraticIn, drop, above, rest),
                // Start above the board so the first frame does not show it resting already.
                Transform::from_translation(above).with_rotation(face_up(side)),
            ));
        }
        let mut longest = drop;
        for (entity, mut disc, mut transform) in &mut discs {
            if fact.placement.flipped & size.bit(disc.square) == 0 {
                continue;
            }
            // Roll away from the placed disc, in a wave outward from it.
            let away = disc.rest() - disc_rest(size, origin);
            let distance = chebyshev(origin, disc.square) as f32;
            let delay = drop + (distance - 1.0) * WAVE_STEP_SECS * factor;
            if let Some(ends) = turn_to_final(
                &mut commands,
                entity,
                &mut disc,
                &mut transform,
                &shows,
                away,
                delay,
                factor,
            ) {
                longest = longest.max(ends);
            }
        }
        animation.extend(now, longest);
    }
}

/// The side each square touched by this frame's facts shows once all of them are done, in
/// order: a frame can hold several (an undo or redo of a whole turn, quick review steps), and
/// each disc turns once, to where the last of them leaves it. `side` is the side a fact's
/// flipped discs turn to.
fn final_faces(
    size: BoardSize,
    facts: impl Iterator<Item = (Cell, GridPlacement)>,
    side: impl Fn(&GridPlacement) -> Side,
) -> std::collections::HashMap<Cell, Side> {
    let mut shows = std::collections::HashMap::new();
    for (origin, placement) in facts {
        shows.insert(origin, placement.color);
        for flipped in squares(size, placement.flipped) {
            shows.insert(flipped, side(&placement));
        }
    }
    shows
}

/// A disc taken back, lifting away; it is no longer on the board (no `Disc`) and is removed
/// when its lift ends.
#[derive(Component)]
struct Lifting {
    until: f64,
}

/// Stepping back through a record: the placed disc lifts away, the discs it flipped turn
/// back (the wave runs the other way: the farthest first).
fn animate_take_backs(
    mut taken: MessageReader<DiscTakenBack>,
    rebuilt: Res<Rebuilt>,
    state: Res<Match>,
    mut commands: Commands,
    mut discs: Query<(Entity, &mut Disc, &mut Transform)>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut animation: ResMut<BoardAnimation>,
) {
    let now = time.elapsed_secs_f64();
    let factor = settings.animation.factor();
    let facts: Vec<DiscTakenBack> = taken.read().copied().collect();
    if rebuilt.0 || facts.is_empty() {
        return;
    }
    // What the board waited for belonged to the moves now taken back (their flips, a pass's
    // banner after them): from here it waits for the take-back alone.
    animation.busy_until = animation.busy_until.min(now);
    let size = state.game.size();
    let shows = final_faces(size, facts.iter().map(|f| (f.square, f.placement)), |p| {
        !p.color
    });
    let mut lifted = Vec::new();
    for fact in &facts {
        let origin = fact.square;
        let farthest = squares(size, fact.placement.flipped)
            .map(|s| chebyshev(origin, s))
            .max()
            .unwrap_or(1) as f32;
        let mut longest = 0.0f32;
        for (entity, mut disc, mut transform) in &mut discs {
            if lifted.contains(&entity) {
                continue; // its `Disc` goes when the frame's commands run
            }
            if disc.square == origin {
                let lift = DROP_SECS * factor;
                lifted.push(entity);
                commands.entity(entity).remove::<Disc>().insert(Lifting {
                    until: now + lift as f64,
                });
                if factor > 0.0 {
                    let rest = disc_rest(size, origin);
                    let above = rest + Vec3::Y * DROP_HEIGHT;
                    commands.entity(entity).insert(vertical(
                        EaseFunction::QuadraticOut,
                        lift,
                        rest,
                        above,
                    ));
                }
                longest = longest.max(lift);
                continue;
            }
            if fact.placement.flipped & size.bit(disc.square) == 0 {
                continue;
            }
            // Roll back toward the square the disc came from, the farthest first.
            let toward = disc_rest(size, origin) - disc.rest();
            let distance = chebyshev(origin, disc.square) as f32;
            let delay = (farthest - distance) * WAVE_STEP_SECS * factor;
            if let Some(ends) = turn_to_final(
                &mut commands,
                entity,
                &mut disc,
                &mut transform,
                &shows,
                toward,
                delay,
                factor,
            ) {
                longest = longest.max(ends);
            }
        }
        animation.extend(now, longest);
    }
}

/// A disc a fact flipped turns to the side it shows once all of the frame's facts are done
/// (`shows`), rolling along `roll` after `delay` at speed `factor`; returns when the turn
/// ends, or `None` if it already shows that side (turned there and back within the frame).
fn turn_to_final(
    commands: &mut Commands,
    entity: Entity,
    disc: &mut Disc,
    transform: &mut Transform,
    shows: &std::collections::HashMap<Cell, Side>,
    roll: Vec3,
    delay: f32,
    factor: f32,
) -> Option<f32> {
    let target = shows[&disc.square];
    if disc.face == target {
        return None;
    }
    disc.face = target;
    Some(turn_over(
        commands,
        entity,
        transform,
        disc.rest(),
        roll,
        target,
        delay,
        factor,
    ))
}

fn remove_lifted(mut commands: Commands, lifting: Query<(Entity, &Lifting)>, time: Res<Time>) {
    let now = time.elapsed_secs_f64();
    for (entity, l) in &lifting {
        if now >= l.until {
            commands.entity(entity).despawn();
        }
    }
}

/// Turns the disc resting at `rest` over to show `side`, rolling along `roll` (its horizontal part),
/// after `delay` seconds; returns when the turn ends. It ends on the resting orientation, not
/// the current one turned over, so a disc still turning from the step before (quick steps
/// through a review) lands face up. At the instant speed it simply shows `side`.
fn turn_over(
    commands: &mut Commands,
    entity: Entity,
    transform: &mut Transform,
    rest: Vec3,
    roll: Vec3,
    side: Side,
    delay: f32,
    factor: f32,
) -> f32 {
    if factor == 0.0 {
        transform.translation = rest;
        transform.rotation = face_up(side);
        return 0.0;
    }
    // The axis is perpendicular to the roll, in the board's plane.
    let dir = roll.with_y(0.0).normalize_or(Vec3::X);
    let axis = Vec3::Y.cross(dir).normalize_or(Vec3::X);
    let flip = Tween::new(
        EaseFunction::QuadraticInOut,
        Duration::from_secs_f32(FLIP_SECS * factor),
        FlipLens {
            rest,
            lift: 0.55,
            from: transform.rotation,
            to: Quat::from_axis_angle(axis, PI) * face_up(!side),
        },
    );
    commands.entity(entity).insert(TweenAnim::new(
        Delay::new(Duration::from_secs_f32(delay.max(0.001))).then(flip),
    ));
    delay + FLIP_SECS * factor
}

fn chebyshev(a: Cell, b: Cell) -> u8 {
    a.column.abs_diff(b.column).max(a.row.abs_diff(b.row))
}

fn wait_for_pass_banner(
    mut passed: MessageReader<TurnPassed>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut animation: ResMut<BoardAnimation>,
) {
    for _ in passed.read() {
        let secs = pass_banner_secs(settings.animation.factor());
        let start = animation.busy_until.max(time.elapsed_secs_f64());
        animation.busy_until = start + secs;
    }
}

fn recolor_faces(
    settings: Res<Settings>,
    assets: Option<Res<DiscAssets>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
    mut rings: Query<&mut Visibility, With<FaceRing>>,
) {
    if !settings.is_changed() {
        return;
    }
    let (Some(assets), Some(mut materials)) = (assets, materials) else {
        return;
    };
    for side in Side::BOTH {
        if let Some(mut m) = materials.get_mut(&assets.faces[side.index()]) {
            m.base_color = palette::face(settings.colors, side);
        }
    }
    let vis = if settings.colors == ColorScheme::Accessible {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut rings {
        *v = vis;
    }
}
