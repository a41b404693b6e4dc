//! What lies under a point of the window, found the way Bevy's picking backends find it: the
//! UI nodes from the top down, then the 3D meshes along the camera's ray, each stopping at the
//! first thing that blocks what lies below. Picking itself looks once a frame, from where the
//! pointer ended the frame; a slow frame (a software renderer draws about one a second) can
//! hold a press or release made somewhere else, and `state::clicks` asks here about that place.
//! Only what this game uses is followed: one window, one 3D camera drawing the whole window
//! (the UI on it), no render layers, no text spans.

use bevy::ecs::system::SystemParam;
use bevy::picking::Pickable;
use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings};
use bevy::prelude::*;
use bevy::ui::{ComputedNode, OverrideClip, UiGlobalTransform, UiStack, clip_check_recursive};
use bevy::window::PrimaryWindow;

/// Finds what the pointer would be over at a given place (see the module's comment).
#[derive(SystemParam)]
pub struct HitTest<'w, 's> {
    ui_stack: Option<Res<'w, UiStack>>,
    nodes: Query<
        'w,
        's,
        (
            &'static ComputedNode,
            &'static UiGlobalTransform,
            Option<&'static InheritedVisibility>,
            Option<&'static Pickable>,
        ),
    >,
    clipping: Query<
        'w,
        's,
        (
            &'static ComputedNode,
            &'static UiGlobalTransform,
            &'static Node,
        ),
    >,
    child_of: Query<'w, 's, &'static ChildOf, Without<OverrideClip>>,
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera3d>>,
    pickables: Query<'w, 's, &'static Pickable>,
    ray_cast: Option<MeshRayCast<'w, 's>>,
}

impl HitTest<'_, '_> {
    /// The entities under `point` (logical window pixels), topmost first, as picking's hover
    /// map would hold them had the pointer ended the frame there.
    pub fn at(&mut self, point: Vec2) -> Vec<Entity> {
        let mut hits = Vec::new();
        // Outside the window (a release after the pointer left it) nothing is hit.
        let Ok(window) = self.windows.single() else {
            return hits;
        };
        if !Rect::new(0.0, 0.0, window.width(), window.height()).contains(point) {
            return hits;
        }
        // UI nodes are laid out in physical pixels.
        if self.ui_hits(point * window.scale_factor(), &mut hits) {
            return hits;
        }
        self.mesh_hits(point, &mut hits);
        hits
    }

    /// Adds the UI nodes under `point` (physical pixels); true when one of them blocks what
    /// lies below.
    fn ui_hits(&self, point: Vec2, hits: &mut Vec<Entity>) -> bool {
        let Some(stack) = &self.ui_stack else {
            return false;
        };
        for &entity in stack.uinodes.iter().rev() {
            let Ok((node, at, visible, pickable)) = self.nodes.get(entity) else {
                continue;
            };
            let shown = visible.is_some_and(|v| v.get()) && node.size() != Vec2::ZERO;
            if !shown
                || !node.contains_point(*at, point)
                || !clip_check_recursive(point, entity, &self.clipping, &self.child_of)
            {
                continue;
            }
            if pickable.is_none_or(|p| p.is_hoverable) {
                hits.push(entity);
            }
            if pickable.is_none_or(|p| p.should_block_lower) {
                return true;
            }
        }
        false
    }

    /// Adds the meshes along the 3D camera's ray through `point`, nearest first, up to the
    /// first that blocks.
    fn mesh_hits(&mut self, point: Vec2, hits: &mut Vec<Entity>) {
        let (Some(ray_cast), Ok((camera, transform))) = (&mut self.ray_cast, self.cameras.single())
        else {
            return;
        };
        let Ok(ray) = camera.viewport_to_world(transform, point) else {
            return;
        };
        let pickables = &self.pickables;
        let hoverable = |e: Entity| pickables.get(e).ok().is_none_or(|p| p.is_hoverable);
        // All hits, nearest first; the loop stops at the first that blocks.
        let settings = MeshRayCastSettings::default()
            .with_filter(&hoverable)
            .never_early_exit();
        for (entity, _) in ray_cast.cast_ray(ray, &settings) {
            hits.push(*entity);
            if pickables
                .get(*entity)
                .ok()
                .is_none_or(|p| p.should_block_lower)
            {
                break;
            }
        }
    }
}
