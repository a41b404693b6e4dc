//! When each sound plays: a thud when a disc lands, a clack as each flipped disc turns (a
//! wave outwards from the placed disc), a buzz for a refused click, a chime for a pass, a
//! rising tick for each disc of the final count and a fanfare after it. Each sound waits in
//! a queue for its moment and then goes to the speaker as a [`PlaySound`], with the
//! settings' volume applied (none while muted).

use bevy::prelude::*;
use reversi_engine::grid::squares;

use super::sound::{Cues, PlaySound, Sound};
use crate::board::count::DiscCounted;
use crate::board::discs::{DROP_SECS, FLIP_SECS, WAVE_STEP_SECS};
use crate::rules::{DiscPlaced, GameEnded, Match, MoveRefused, Refusal, TurnPassed};
use crate::schedule::GameSet;
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SoundQueue>()
        .add_message::<PlaySound>()
        .add_systems(
            Update,
            (queue_sounds, play_due)
                .chain()
                .in_set(GameSet::Presentation)
                .in_set(Cues),
        );
}

/// Sounds waiting for their moment (`Time` seconds), so flips sound as they land.
#[derive(Resource, Default)]
struct SoundQueue(Vec<Queued>);

impl SoundQueue {
    fn add(&mut self, at: f64, sound: Sound, gain: f32) {
        self.add_at_speed(at, sound, gain, 1.0);
    }

    fn add_at_speed(&mut self, at: f64, sound: Sound, gain: f32, speed: f32) {
        self.0.push(Queued {
            at,
            sound,
            gain,
            speed,
        });
    }
}

/// A sound to play at a moment: its gain and its playback speed (which is also its pitch).
struct Queued {
    at: f64,
    sound: Sound,
    gain: f32,
    speed: f32,
}

fn queue_sounds(
    mut placed: MessageReader<DiscPlaced>,
    mut refused: MessageReader<MoveRefused>,
    mut passed: MessageReader<TurnPassed>,
    mut ended: MessageReader<GameEnded>,
    mut counted: MessageReader<DiscCounted>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut queue: ResMut<SoundQueue>,
    state: Res<Match>,
) {
    let now = time.elapsed_secs_f64();
    let f = settings.animation.factor() as f64;
    for p in placed.read() {
        queue.add(now + DROP_SECS as f64 * f, Sound::Place, 1.0);
        for sq in squares(state.game.size(), p.placement.flipped) {
            let d = sq
                .column
                .abs_diff(p.square.column)
                .max(sq.row.abs_diff(p.square.row)) as f64;
            let at = now
                + f * (DROP_SECS as f64
                    + (d - 1.0) * WAVE_STEP_SECS as f64
                    + FLIP_SECS as f64 * 0.8);
            // Slightly quieter further out, so a long wave does not get louder and louder.
            queue.add(at, Sound::Flip, (0.8 - 0.06 * d as f32).max(0.4));
        }
    }
    for r in refused.read() {
        if matches!(
            r.why,
            Refusal::Illegal(_) | Refusal::NotYourTurn | Refusal::Reviewing
        ) {
            queue.add(now, Sound::Illegal, 0.7);
        }
    }
    for _ in passed.read() {
        queue.add(now, Sound::Pass, 0.9);
    }
    // With animations the fanfare waits for the count (below); without them there is no count.
    for _ in ended.read() {
        if f == 0.0 {
            queue.add(now, Sound::GameOver, 0.9);
        }
    }
    for c in counted.read() {
        // Each side's count ticks up the scale as its total grows.
        let total = c.totals[c.side.index()];
        queue.add_at_speed(now, Sound::Flip, 0.45, 0.9 + 0.012 * f32::from(total));
        if c.last {
            queue.add(now + 0.3 * f, Sound::GameOver, 0.9);
        }
    }
}

fn play_due(
    mut play: MessageWriter<PlaySound>,
    mut queue: ResMut<SoundQueue>,
    settings: Res<Settings>,
    time: Res<Time>,
) {
    let now = time.elapsed_secs_f64();
    let mut i = 0;
    while i < queue.0.len() {
        if queue.0[i].at <= now {
            let q = queue.0.swap_remove(i);
            if !settings.muted && settings.volume > 0.0 {
                play.write(PlaySound {
                    sound: q.sound,
                    gain: settings.volume * q.gain,
                    speed: q.speed,
                });
            }
        } else {
            i += 1;
        }
    }
}
