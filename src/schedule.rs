//! The order of work in a frame, shared by every plugin: input writes requests, the rules turn
//! them into facts, presentation shows the facts. It sits at the bottom so anyone can name it.

use bevy::prelude::*;

/// The order of work in a frame: input writes requests, the rules turn them into facts,
/// presentation shows the facts.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    Input,
    Rules,
    Presentation,
}

/// Within presentation: the camera moves for this frame (orbit, easing, facing the player).
/// What is drawn over the 3D view at projected points (the board's coordinates, the score
/// plates) runs after it, so it does not trail a moving camera by a frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CameraMotion;

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (GameSet::Input, GameSet::Rules, GameSet::Presentation).chain(),
    );
}
