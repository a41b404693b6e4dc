//! The light in the room and the graphics presets. A key light from above and to the left
//! casts the discs' shadows on the felt, a warm fill light and a room-shaped environment
//! light give the discs' rims and the wood their highlights, and distance fog lets the
//! table fade into the dark room. The preset (Settings: high, medium, low, or automatic)
//! says what of this a frame pays for; automatic is low on a software renderer.

use bevy::asset::RenderAssetUsages;
use bevy::light::{
    CascadeShadowConfig, CascadeShadowConfigBuilder, DirectionalLightShadowMap,
    EnvironmentMapLight, ShadowFilteringMethod,
};
use bevy::pbr::{DistanceFog, FogFalloff};
use bevy::prelude::*;
use bevy::render::render_resource::{
    Extent3d, TextureDimension, TextureFormat, TextureViewDescriptor, TextureViewDimension,
};
use bevy::render::renderer::RenderAdapterInfo;

use crate::board::body::Table;
use crate::board::geometry::KEY_LIGHT_FROM;
use crate::board::textures::mix;
use crate::camera::ViewScale;
use crate::schedule::GameSet;
use crate::settings::{Quality, Settings};
use crate::theme::palette;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Graphics>()
        .add_systems(Startup, (detect_adapter, spawn_lights))
        .add_systems(
            Update,
            (dress_cameras, fit_fog, apply_preset)
                .chain()
                .in_set(GameSet::Presentation),
        );
}

/// Whether the renderer draws in software (which makes "automatic" mean low).
#[derive(Resource, Clone, Copy, PartialEq, Debug, Default)]
pub struct Graphics {
    pub software: bool,
}

impl Graphics {
    /// The preset in force: the player's choice, else the automatic one.
    pub fn quality(&self, chosen: Option<Quality>) -> Quality {
        chosen.unwrap_or(self.automatic())
    }

    /// The preset "automatic" stands for on this renderer.
    pub fn automatic(&self) -> Quality {
        if self.software {
            Quality::Low
        } else {
            Quality::High
        }
    }
}

/// Whether an adapter draws on the CPU: Mesa's llvmpipe and lavapipe, Google's SwiftShader
/// (the browser's fallback), Windows' basic render driver. `device_type` is wgpu's
/// `DeviceType` as written by `Debug`; browsers report "Other" with the name inside it.
pub fn is_software(name: &str, device_type: &str) -> bool {
    let name = name.to_ascii_lowercase();
    device_type == "Cpu"
        || [
            "llvmpipe",
            "lavapipe",
            "softpipe",
            "swiftshader",
            "basic render driver",
        ]
        .iter()
        .any(|n| name.contains(n))
}

fn detect_adapter(adapter: Option<Res<RenderAdapterInfo>>, mut graphics: ResMut<Graphics>) {
    if let Some(info) = adapter {
        graphics.software = is_software(&info.name, &format!("{:?}", info.device_type));
        info!(
            "graphics adapter: {} ({:?}, {:?}){}",
            info.name,
            info.device_type,
            info.backend,
            if graphics.software {
                ": software renderer, automatic graphics preset is low"
            } else {
                ""
            }
        );
    }
}

/// The light that casts the shadows.
#[derive(Component)]
struct KeyLight;

/// The warm light from the far side that lifts the shadows' side of the discs.
#[derive(Component)]
struct FillLight;

fn spawn_lights(mut commands: Commands) {
    // The environment light does most of the ambient work; a little flat light keeps the
    // shadowed sides from going black where the room map is dark.
    commands.insert_resource(GlobalAmbientLight {
        color: Color::srgb(1.0, 0.96, 0.9),
        brightness: 120.0,
        ..default()
    });
    commands.spawn((
        KeyLight,
        Name::new("key light"),
        DirectionalLight {
            illuminance: 8_500.0,
            color: Color::srgb(1.0, 0.97, 0.92),
            shadow_maps_enabled: true,
            // The discs are thin (0.12 of a square): the default biases, made for larger
            // things, would lift their shadows off the felt entirely.
            shadow_depth_bias: 0.004,
            shadow_normal_bias: 0.6,
            ..default()
        },
        // About 50° above the table: high enough to light the whole board evenly, low
        // enough that a disc's shadow shows beside it.
        Transform::from_translation(KEY_LIGHT_FROM).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        FillLight,
        Name::new("fill light"),
        PointLight {
            intensity: 450_000.0,
            range: 40.0,
            color: Color::srgb(1.0, 0.86, 0.7),
            ..default()
        },
        Transform::from_xyz(7.0, 6.0, -6.0),
    ));
}

/// Puts the room's light and fog on each new 3D camera.
fn dress_cameras(
    mut commands: Commands,
    cameras: Query<Entity, Added<Camera3d>>,
    images: Option<ResMut<Assets<Image>>>,
    mut room: Local<Option<Handle<Image>>>,
) {
    let Some(mut images) = images else { return };
    for camera in &cameras {
        let map = room
            .get_or_insert_with(|| images.add(room_cubemap()))
            .clone();
        commands.entity(camera).insert((
            EnvironmentMapLight {
                diffuse_map: map.clone(),
                specular_map: map,
                intensity: 900.0,
                ..default()
            },
            DistanceFog {
                color: palette::BACKGROUND,
                falloff: fog_for(1.0),
                ..default()
            },
        ));
    }
}

/// The fog for a board `scale` times the 8×8 one: the camera stands that much farther back
/// (see `camera`), so the fog does too and the board's far edge stays clear.
fn fog_for(scale: f32) -> FogFalloff {
    FogFalloff::Linear {
        start: 16.0 * scale,
        end: 42.0 * scale,
    }
}

/// Moves the fog with the camera as it stands back for a larger board or a narrow window, or
/// is zoomed out by the player, in step with its easing: the fog keeps to the distance from
/// the board it has at the default view, so the board never fades into the room.
fn fit_fog(
    view: Res<ViewScale>,
    cameras: Query<&Transform, With<Camera3d>>,
    mut fogs: Query<&mut DistanceFog>,
    mut fitted: Local<Option<f32>>,
) {
    let Some(camera) = cameras.iter().next() else {
        return;
    };
    // Zoomed in, the fog stays where the default view has it (the board is nearer still).
    // In hundredths, so that a still camera (or the title's slow turn) changes nothing.
    let standing_back = camera.translation.length() / crate::camera::Orbit::default().distance;
    let want = (standing_back.max(view.0) * 100.0).round() / 100.0;
    // A camera dressed this frame has its fog from the next frame on: try until one has.
    if *fitted == Some(want) || fogs.is_empty() {
        return;
    }
    *fitted = Some(want);
    for mut fog in &mut fogs {
        fog.falloff = fog_for(want);
    }
}

/// Side of each face of the room's cube map: it is a soft gradient, so a few texels do.
const ROOM_FACE: u32 = 16;

/// The room around the table as a cube map: a warm, bright ceiling with a soft window-like
/// panel over the board (the discs' highlight), dim walls, a dark floor.
fn room_cubemap() -> Image {
    let n = ROOM_FACE;
    let mut data = Vec::with_capacity((n * n * 6 * 4) as usize);
    for face in 0..6 {
        for y in 0..n {
            for x in 0..n {
                let s = 2.0 * (x as f32 + 0.5) / n as f32 - 1.0;
                let t = 2.0 * (y as f32 + 0.5) / n as f32 - 1.0;
                // The cube's faces in the order +x, -x, +y, -y, +z, -z.
                let dir = match face {
                    0 => Vec3::new(1.0, -t, -s),
                    1 => Vec3::new(-1.0, -t, s),
                    2 => Vec3::new(s, 1.0, t),
                    3 => Vec3::new(s, -1.0, -t),
                    4 => Vec3::new(s, -t, 1.0),
                    _ => Vec3::new(-s, -t, -1.0),
                }
                .normalize();
                let c = room_light(dir);
                data.extend(c.map(|v| (v.clamp(0.0, 1.0).powf(1.0 / 2.2) * 255.0).round() as u8));
                data.push(255);
            }
        }
    }
    let mut image = Image::new(
        Extent3d {
            width: n,
            height: n,
            depth_or_array_layers: 6,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.texture_view_descriptor = Some(TextureViewDescriptor {
        dimension: Some(TextureViewDimension::Cube),
        ..default()
    });
    image
}

/// The room's light arriving from `dir` (linear colour, at most 1).
fn room_light(dir: Vec3) -> [f32; 3] {
    let up = dir.y;
    let ceiling = [0.55, 0.5, 0.44];
    let wall = [0.16, 0.14, 0.12];
    let floor = [0.04, 0.035, 0.03];
    let mut c = if up >= 0.0 {
        mix(wall, ceiling, up.powf(0.7))
    } else {
        mix(wall, floor, (-up).powf(0.5))
    };
    // A broad panel of light high up on the key light's side.
    let panel = dir.dot(Vec3::new(-0.3, 0.85, 0.45).normalize());
    if panel > 0.8 {
        let k = ((panel - 0.8) / 0.12).min(1.0);
        c = mix(c, [1.0, 0.97, 0.9], k);
    }
    c
}

/// Applies the preset when it changes (and once the scene's lights and camera exist).
fn apply_preset(
    mut commands: Commands,
    graphics: Res<Graphics>,
    settings: Res<Settings>,
    mut key: Query<(Entity, &mut DirectionalLight), With<KeyLight>>,
    mut fill: Query<&mut Visibility, With<FillLight>>,
    cameras: Query<Entity, With<Camera3d>>,
    tables: Query<&MeshMaterial3d<StandardMaterial>, With<Table>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
    view: Res<ViewScale>,
    mut applied: Local<Option<(Quality, usize, u32)>>,
) {
    let Some(mut materials) = materials else {
        return;
    };
    let parts = cameras.iter().count() + tables.iter().count() + key.iter().count();
    let quality = graphics.quality(settings.graphics);
    // The shadows' reach in steps of a tenth of the camera's standing back, so that easing
    // re-applies the preset a few times, not every frame.
    let reach_tenths = (view.0 * 10.0).ceil() as u32;
    if *applied == Some((quality, parts, reach_tenths)) {
        return;
    }
    let changed_quality = applied.is_none_or(|(q, p, _)| (q, p) != (quality, parts));
    *applied = Some((quality, parts, reach_tenths));
    for (entity, mut light) in &mut key {
        // One cascade that holds the whole table from the farthest zoom: the board is small,
        // so splitting the distance buys nothing. A larger board or a narrow window puts the
        // camera farther back, and the cascade reaches that much farther.
        let cascades: CascadeShadowConfig = CascadeShadowConfigBuilder {
            num_cascades: 1,
            maximum_distance: 32.0 * reach_tenths as f32 / 10.0,
            ..default()
        }
        .into();
        commands.entity(entity).insert(cascades);
        if changed_quality {
            light.shadow_maps_enabled = quality != Quality::Low;
        }
    }
    if !changed_quality {
        return;
    }
    info!("graphics preset: {}", quality.name());
    commands.insert_resource(DirectionalLightShadowMap {
        size: if quality == Quality::High { 2048 } else { 1024 },
    });
    for mut visibility in &mut fill {
        *visibility = if quality == Quality::Low {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
    }
    for camera in &cameras {
        commands.entity(camera).insert((
            if quality == Quality::High {
                ShadowFilteringMethod::Gaussian
            } else {
                ShadowFilteringMethod::Hardware2x2
            },
            if quality == Quality::Low {
                Msaa::Off
            } else {
                Msaa::Sample4
            },
        ));
    }
    for table in &tables {
        if let Some(mut material) = materials.get_mut(&table.0) {
            // A screen-filling lit surface is the costliest thing in a software-rendered
            // frame; unlit, the table shows its texture at the light it would mostly get.
            material.unlit = quality == Quality::Low;
            material.base_color = if quality == Quality::Low {
                Color::WHITE
            } else {
                palette::TABLE_LIT
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn software_renderers_are_recognised() {
        assert!(is_software("llvmpipe (LLVM 15.0.6, 256 bits)", "Cpu"));
        assert!(is_software(
            "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)",
            "Other"
        ));
        assert!(is_software("Microsoft Basic Render Driver", "Other"));
        assert!(!is_software("NVIDIA GeForce RTX 3060", "DiscreteGpu"));
        assert!(!is_software("Intel(R) UHD Graphics 620", "IntegratedGpu"));
    }

    #[test]
    fn the_room_is_bright_above_and_dark_below() {
        let grey = |c: [f32; 3]| c.iter().sum::<f32>() / 3.0;
        let ceiling = grey(room_light(Vec3::Y));
        let wall = grey(room_light(Vec3::X));
        let floor = grey(room_light(Vec3::NEG_Y));
        assert!(ceiling > wall && wall > floor);
        assert_eq!(
            room_cubemap().texture_descriptor.size.depth_or_array_layers,
            6
        );
    }

    #[test]
    fn automatic_is_low_only_in_software() {
        let mut g = Graphics::default();
        assert_eq!(g.automatic(), Quality::High);
        g.software = true;
        assert_eq!(g.automatic(), Quality::Low);
        assert_eq!(g.quality(None), Quality::Low);
        assert_eq!(g.quality(Some(Quality::Medium)), Quality::Medium);
    }
}
