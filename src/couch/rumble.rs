//! Gamepads rumble when discs flip, more for more discs: the pad of the player who placed,
//! or every pad when nobody holds their own. Off in the settings for those who dislike it.

use std::time::Duration;

use bevy::input::gamepad::{GamepadRumbleIntensity, GamepadRumbleRequest};
use bevy::prelude::*;

use crate::rules::{DiscPlaced, Match};
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::state::devices::Seats;
use crate::state::series::Series;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        rumble_on_flips
            .after(GameSet::Rules)
            .before(GameSet::Presentation),
    );
}

/// How hard and how long a placement that flips `flips` discs rumbles: a light tap for one,
/// up to full strength for a big turn (12 or more).
pub fn rumble_for(flips: u32) -> (f32, Duration) {
    let strength = (0.2 + 0.8 * (flips.min(12) as f32 - 1.0).max(0.0) / 11.0).min(1.0);
    let millis = 90 + 25 * u64::from(flips.min(12));
    (strength, Duration::from_millis(millis))
}

fn rumble_on_flips(
    mut placed: MessageReader<DiscPlaced>,
    settings: Res<Settings>,
    seats: Res<Seats>,
    series: Res<Series>,
    state: Res<Match>,
    pads: Query<Entity, With<Gamepad>>,
    mut rumble: MessageWriter<GamepadRumbleRequest>,
) {
    for p in placed.read() {
        if !settings.rumble {
            continue;
        }
        let flips = p.placement.flipped.count_ones();
        if flips == 0 {
            continue; // the free opening's placements flip nothing
        }
        let (strength, duration) = rumble_for(flips);
        let intensity = GamepadRumbleIntensity {
            strong_motor: strength,
            weak_motor: (strength * 1.3).min(1.0),
        };
        // A seat's pad may be unplugged for now (it keeps its seat): nothing to shake then.
        let targets: Vec<Entity> = match seats.pad_of(p.placement.color, &state, &series) {
            Some(pad) => pads.get(pad).into_iter().collect(),
            None => pads.iter().collect(),
        };
        for gamepad in targets {
            rumble.write(GamepadRumbleRequest::Add {
                duration,
                intensity,
                gamepad,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_flips_rumble_harder_and_longer() {
        let (one, short) = rumble_for(1);
        let (six, mid) = rumble_for(6);
        let (many, long) = rumble_for(20);
        assert!(one < six && six < many && many <= 1.0);
        assert!(short < mid && mid < long);
        assert_eq!(rumble_for(12), rumble_for(30));
    }
}
