//! Whether the board is still moving. The discs' animations set it; input, the AI, the camera
//! and the HUD wait for it so the game is never ahead of what the player sees.

use bevy::prelude::*;

/// Until when (in `Time` seconds) the board is animating; input and the AI wait for it so
/// the state is never ahead of what the player sees for longer than an animation.
#[derive(Resource, Default, Debug)]
pub struct BoardAnimation {
    pub busy_until: f64,
}

impl BoardAnimation {
    /// Whether an animation is still running at `time`.
    pub fn is_busy(&self, time: &Time) -> bool {
        time.elapsed_secs_f64() < self.busy_until
    }

    /// Keeps the board busy for at least `seconds` from `now`.
    pub fn extend(&mut self, now: f64, seconds: f32) {
        self.busy_until = self.busy_until.max(now + seconds as f64);
    }
}
