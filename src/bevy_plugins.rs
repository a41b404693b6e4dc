//! The Bevy plugins the game runs on: Bevy's `DefaultPlugins` for the features this crate
//! enables, less the 2D sprite and mesh renderer, which the game never draws with.
//!
//! Why a list of its own: `bevy_ui_render` depends on `bevy_sprite_render`, so the `bevy_ui_render`
//! feature turns on `SpriteRenderPlugin` in `DefaultPlugins`, and with it 2D meshes, colour
//! materials, tile maps and their shaders. Disabling a plugin in the group at run time still
//! links its code; leaving it out of the list keeps it out of the binary (about 0.2 MB of the
//! web download, docs/web-size.md). The order and the conditions are `DefaultPlugins`' own
//! (bevy_internal's default_plugins.rs, for this crate's features): compare them again when
//! Bevy is upgraded.

use bevy::app::{PanicHandlerPlugin, PluginGroupBuilder, TaskPoolPlugin};
use bevy::prelude::*;

/// Bevy's default plugins without the sprite renderer (see the module's comment).
pub struct BevyPlugins;

impl PluginGroup for BevyPlugins {
    fn build(self) -> PluginGroupBuilder {
        let group = PluginGroupBuilder::start::<Self>()
            .add(PanicHandlerPlugin)
            .add(bevy::log::LogPlugin::default())
            .add(TaskPoolPlugin::default())
            .add(bevy::diagnostic::FrameCountPlugin)
            .add(bevy::time::TimePlugin)
            .add(bevy::transform::TransformPlugin)
            .add(bevy::diagnostic::DiagnosticsPlugin)
            .add(bevy::input::InputPlugin)
            .add(bevy::input_focus::InputFocusPlugin)
            .add(bevy::input_focus::InputDispatchPlugin)
            .add(WindowPlugin::default())
            .add(bevy::a11y::AccessibilityPlugin);
        #[cfg(any(all(unix, not(target_os = "horizon")), windows))]
        let group = group.add(bevy::app::TerminalCtrlCHandlerPlugin);
        let group = group
            .add(AssetPlugin::default())
            .add(bevy::winit::WinitPlugin::default())
            .add(bevy::render::RenderPlugin::default())
            .add(ImagePlugin::default())
            .add(bevy::mesh::MeshPlugin)
            .add(bevy::camera::CameraPlugin)
            .add(bevy::light::LightPlugin);
        #[cfg(not(target_arch = "wasm32"))]
        let group = group.add(bevy::render::pipelined_rendering::PipelinedRenderingPlugin);
        let group = group
            .add(bevy::core_pipeline::CorePipelinePlugin)
            .add(UiSpriteEventsPlugin)
            .add(bevy::clipboard::ClipboardPlugin)
            .add(bevy::text::TextPlugin)
            .add(bevy::ui::UiPlugin)
            .add(bevy::ui_render::UiRenderPlugin)
            .add(bevy::pbr::PbrPlugin::default());
        // The browser plays the game's sounds through the page's Web Audio instead
        // (src/audio/web_speaker.rs): Bevy's audio is not in the web build.
        #[cfg(not(target_arch = "wasm32"))]
        let group = group.add(bevy::audio::AudioPlugin::default());
        group
            .add(bevy::gilrs::GilrsPlugin)
            .add(bevy::state::app::StatesPlugin)
            .add_group(bevy::picking::DefaultPickingPlugins)
    }
}

/// What the UI renderer needs of the sprite renderer: the texture atlas assets (text's glyph
/// atlases are atlases) and the render world's copy of this frame's image events, by which
/// it drops bind groups of images that changed (a glyph atlas grows as new glyphs are drawn).
struct UiSpriteEventsPlugin;

impl Plugin for UiSpriteEventsPlugin {
    fn build(&self, app: &mut App) {
        if !app.is_plugin_added::<bevy::image::TextureAtlasPlugin>() {
            app.add_plugins(bevy::image::TextureAtlasPlugin);
        }
        if let Some(render_app) = app.get_sub_app_mut(bevy::render::RenderApp) {
            render_app
                .init_resource::<bevy::sprite_render::SpriteAssetEvents>()
                .add_systems(
                    bevy::render::ExtractSchedule,
                    bevy::sprite_render::extract_sprite_events,
                );
        }
    }
}
