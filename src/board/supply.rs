//! The discs not on the board: with a limited supply (32 discs each on 8×8, half the squares
//! each on the other sizes), every player's remaining discs rest in a tray beside the board
//! (stacks of eight), and the trays shrink as discs are placed.

use bevy::prelude::*;
use reversi_engine::Color as Side;

use super::discs::{DiscAssets, disc_body, face_up};
use crate::settings::Settings;
use reversi_engine::grid::BoardSize;

use super::geometry::{DISC_THICKNESS, SURFACE_Y, half_width};
use crate::rules::Match;
use crate::schedule::GameSet;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, sync_supplies.in_set(GameSet::Presentation));
}

/// A disc waiting in a player's supply (not one of the board's discs).
#[derive(Component)]
pub struct SupplyDisc {
    pub side: Side,
}

/// Where the `i`-th supply disc of `side` rests beside a board of `size`: Black's tray on
/// the left, White's on the right, stacks of eight side by side (four on 8×8, seven on
/// 10×10), centred along the board's edge.
fn supply_slot(size: BoardSize, side: Side, i: usize) -> Vec3 {
    let stacks = (size.squares() as usize / 2).div_ceil(8) as f32;
    let stack = (i / 8) as f32;
    let height = (i % 8) as f32;
    let x = half_width(size) + 1.4;
    let x = match side {
        Side::Black => -x,
        Side::White => x,
    };
    Vec3::new(
        x,
        SURFACE_Y - 0.38 + DISC_THICKNESS * (height + 0.5),
        stack - (stacks - 1.0) / 2.0,
    )
}

fn sync_supplies(
    mut commands: Commands,
    state: Res<Match>,
    assets: Option<Res<DiscAssets>>,
    settings: Res<Settings>,
    existing: Query<(Entity, &SupplyDisc)>,
    mut shown: Local<Option<(BoardSize, [usize; 2])>>,
) {
    let counts = match state.game.current().supply() {
        Some(s) => [s[0] as usize, s[1] as usize],
        None => [0, 0],
    };
    let size = state.game.size();
    if *shown == Some((size, counts)) {
        return;
    }
    *shown = Some((size, counts));
    for (e, _) in &existing {
        commands.entity(e).despawn();
    }
    let Some(assets) = assets else {
        for side in Side::BOTH {
            for _ in 0..counts[side.index()] {
                commands.spawn(SupplyDisc { side });
            }
        }
        return;
    };
    for side in Side::BOTH {
        for i in 0..counts[side.index()] {
            commands
                .spawn((
                    SupplyDisc { side },
                    Transform::from_translation(supply_slot(size, side, i))
                        .with_rotation(face_up(side)),
                    Visibility::default(),
                    Pickable::IGNORE,
                ))
                .with_children(|p| disc_body(p, &assets, settings.colors));
        }
    }
}
