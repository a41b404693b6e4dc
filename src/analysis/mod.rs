//! Study searches in the background: every legal move of a position scored by the engine
//! (`score` requests, see `reversi_engine::search::remote`), away from the frame loop, one at
//! a time, remembered per position. Hints, the evaluation bar and the post-game review ask
//! for positions each frame; this plugin answers the most urgent wish first and never runs
//! while the computer is thinking, so the two never share the CPU or the browser's worker.

pub mod eval_bar;
pub mod game_review;
pub mod hints;
pub mod score_labels;
pub mod study;

use bevy::prelude::*;

/// The logic half: the cache, the job and the hint and review facts (tests run it headless).
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((study::plugin, hints::plugin, game_review::plugin));
}

/// The window half: scores on the squares, the bar, the review panel and ghost disc.
pub(super) fn presentation(app: &mut App) {
    app.add_plugins((
        score_labels::plugin,
        eval_bar::plugin,
        game_review::presentation,
    ));
}
