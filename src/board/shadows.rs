//! Soft shadows under the discs. Each disc casts a round, blurred shadow on the felt, offset
//! away from the key light; a disc that rises (dropping in, turning over, counted at the end)
//! casts a larger, fainter one further off. They cost almost nothing, so every graphics preset
//! and every renderer has them, and the shadow maps of the higher presets add the sharper
//! shadows of everything else on top.

use std::f32::consts::FRAC_PI_2;

use bevy::platform::collections::HashMap;
use bevy::prelude::*;

use super::geometry::{DISC_RADIUS, DISC_THICKNESS, KEY_LIGHT_FROM, SURFACE_Y};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, create_shadow_assets)
        .add_systems(PostUpdate, follow_discs.before(TransformSystems::Propagate));
}

/// Marks an entity (a disc) that casts a soft shadow on the board.
#[derive(Component)]
pub struct CastsShadow;

/// A disc's shadow on the felt.
#[derive(Component)]
struct SoftShadow;

/// One of the stacked discs a shadow is made of.
#[derive(Component)]
struct ShadowLayer;

/// How dark each layer of a shadow is at each height band, from resting to high above the
/// board: a higher disc's shadow spreads and fades.
const DARKNESS: [f32; 4] = [0.3, 0.21, 0.15, 0.1];

/// A shadow is three flat discs of one translucent black stacked from wide to narrow, so it
/// darkens in steps towards the middle: a soft edge made of plain colours (which every
/// renderer draws alike) rather than of a gradient. Radii as parts of the shadow's width.
const LAYERS: [f32; 3] = [0.5, 0.43, 0.36];

#[derive(Resource)]
struct ShadowAssets {
    layers: [Handle<Mesh>; 3],
    materials: [Handle<StandardMaterial>; 4],
}

fn create_shadow_assets(
    mut commands: Commands,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
) {
    let (Some(mut meshes), Some(mut materials)) = (meshes, materials) else {
        return;
    };
    commands.insert_resource(ShadowAssets {
        layers: LAYERS.map(|r| meshes.add(Circle::new(r).mesh().resolution(40))),
        materials: DARKNESS.map(|alpha| {
            materials.add(StandardMaterial {
                base_color: Color::BLACK.with_alpha(alpha),
                alpha_mode: AlphaMode::Blend,
                unlit: true,
                ..default()
            })
        }),
    });
}

/// Where a disc at `position` (its centre), scaled by `scale`, throws its shadow: the point
/// under it along the light, the shadow's width, and its height band.
fn shadow_of(position: Vec3, scale: f32) -> (Vec3, f32, usize) {
    let toward = -KEY_LIGHT_FROM.normalize();
    let height = (position.y - SURFACE_Y).max(0.0);
    let along = height / -toward.y;
    let spot = Vec3::new(
        position.x + toward.x * along,
        SURFACE_Y + 0.003,
        position.z + toward.z * along,
    );
    let lift = (height - DISC_THICKNESS / 2.0).max(0.0);
    let width = DISC_RADIUS * 2.0 * 1.4 * (1.0 + lift * 0.8) * scale;
    let band = ((lift / 0.25) as usize).min(DARKNESS.len() - 1);
    (spot, width, band)
}

/// Keeps one shadow per shadow-casting disc under it, after the frame's animations moved
/// the discs; a disc's shadow goes with it.
fn follow_discs(
    mut commands: Commands,
    assets: Option<Res<ShadowAssets>>,
    casters: Query<(Entity, &Transform), (With<CastsShadow>, Without<SoftShadow>)>,
    mut shadows: Query<(&mut Transform, &Children), (With<SoftShadow>, Without<ShadowLayer>)>,
    mut layers: Query<&mut MeshMaterial3d<StandardMaterial>, With<ShadowLayer>>,
    mut owned: Local<HashMap<Entity, Entity>>,
) {
    let Some(assets) = assets else { return };
    owned.retain(|caster, shadow| {
        let alive = casters.contains(*caster);
        if !alive {
            commands.entity(*shadow).despawn();
        }
        alive
    });
    for (caster, transform) in &casters {
        let (spot, width, band) = shadow_of(transform.translation, transform.scale.x);
        let placed = Transform::from_translation(spot).with_scale(Vec3::new(width, 1.0, width));
        match owned.get(&caster).and_then(|s| shadows.get_mut(*s).ok()) {
            Some((mut t, children)) => {
                t.set_if_neq(placed);
                for child in children {
                    if let Ok(mut material) = layers.get_mut(*child)
                        && material.0 != assets.materials[band]
                    {
                        material.0 = assets.materials[band].clone();
                    }
                }
            }
            None => {
                let shadow = commands
                    .spawn((SoftShadow, placed, Visibility::default()))
                    .with_children(|parent| {
                        for (i, layer) in assets.layers.iter().enumerate() {
                            parent.spawn((
                                ShadowLayer,
                                Mesh3d(layer.clone()),
                                MeshMaterial3d(assets.materials[band].clone()),
                                // Flat on the felt (a circle faces +z), each a hair above
                                // the one below so they never fight over depth.
                                Transform::from_xyz(0.0, i as f32 * 0.0005, 0.0)
                                    .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
                                Pickable::IGNORE,
                                // It is a shadow: it casts none.
                                bevy::light::NotShadowCaster,
                            ));
                        }
                    })
                    .id();
                owned.insert(caster, shadow);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shadows_fall_away_from_the_light_and_spread_with_height() {
        let resting = shadow_of(Vec3::new(0.0, DISC_THICKNESS / 2.0, 0.0), 1.0);
        let lifted = shadow_of(Vec3::new(0.0, 0.6, 0.0), 1.0);
        // The light is up and to the left (-x) of Black's side (+z): shadows go +x, -z.
        assert!(resting.0.x > 0.0 && resting.0.z < 0.0);
        assert!(lifted.0.x > resting.0.x * 3.0);
        assert!(lifted.1 > resting.1 && lifted.2 > resting.2);
        assert_eq!(resting.2, 0);
        // A disc shrinking away (the sweep of a new game) takes its shadow with it.
        assert!(shadow_of(Vec3::Y * 0.3, 0.1).1 < resting.1 * 0.2);
    }
}
