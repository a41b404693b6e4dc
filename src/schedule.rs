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

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (GameSet::Input, GameSet::Rules, GameSet::Presentation).chain(),
    );
}
