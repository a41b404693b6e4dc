//! When each sound plays: a thud when a disc lands, a clack as each flipped disc turns (a
//! wave outwards from the placed disc), a buzz for a refused click, a chime for a pass, a
//! rising tick for each disc of the final count and a fanfare after it. Each sound waits in
//! a queue for its moment and then goes to the speaker as a [`PlaySound`], with the
//! settings' volume applied (none while muted). A frame plays each sound once at most (at
//! the software renderer's frame a second, a wave of flips or the count's ticks would
//! otherwise sound all at once, as one loud burst), and a board that changes at once (a new
//! game, an opened game, an undo) silences what was still to come for the old one.

use bevy::prelude::*;
use reversi_engine::grid::squares;

use super::sound::{Cues, PlaySound, Sound};
use crate::board::count::DiscCounted;
use crate::board::discs::{DROP_SECS, FLIP_SECS, WAVE_STEP_SECS, pass_banner_secs};
use crate::rules::{
    BoardReset, DiscPlaced, DiscTakenBack, GameEnded, Match, MoveRefused, Refusal, TurnPassed,
};
use crate::schedule::GameSet;
use crate::settings::Settings;
use crate::state::animation::BoardAnimation;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SoundQueue>()
        .add_message::<PlaySound>()
        .add_systems(
            Update,
            (queue_sounds, play_due)
                .chain()
                // After the discs' motion, which times the pass banner: its chime sounds
                // with it, once the flips have landed.
                .after(crate::board::discs::DiscMotion)
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
    mut reset: MessageReader<BoardReset>,
    mut taken_back: MessageReader<DiscTakenBack>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut queue: ResMut<SoundQueue>,
    state: Res<Match>,
    animation: Res<BoardAnimation>,
) {
    let now = time.elapsed_secs_f64();
    if reset.read().count() + taken_back.read().count() > 0 {
        queue.0.clear(); // the flips still to sound belong to a board no longer shown
    }
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
        // The board's busy time ends with the banner (`wait_for_pass_banner`).
        let banner = pass_banner_secs(settings.animation.factor());
        queue.add(animation.busy_until.max(now) - banner, Sound::Pass, 0.9);
    }
    // With animations the fanfare waits for the count (below); without them there is no count.
    for _ in ended.read() {
        if f == 0.0 {
            queue.add(now, Sound::GameOver, 0.9);
        }
    }
    // Each side's count ticks up the scale as its total grows: one tick a frame, at the
    // frame's last total (a key that cuts the count short counts every disc at once).
    let mut last_tick = None;
    for c in counted.read() {
        last_tick = Some(c.totals[c.side.index()]);
        if c.last {
            queue.add(now + 0.3 * f, Sound::GameOver, 0.9);
        }
    }
    if let Some(total) = last_tick {
        queue.add_at_speed(now, Sound::Flip, 0.45, 0.9 + 0.012 * f32::from(total));
    }
}

/// The sounds due by `now`, taken from the queue: of each kind the loudest only (the rest
/// are dropped: in one frame they would sound as one).
fn take_due(queue: &mut Vec<Queued>, now: f64) -> Vec<Queued> {
    let mut due: Vec<Queued> = Vec::new();
    let mut i = 0;
    while i < queue.len() {
        if queue[i].at > now {
            i += 1;
            continue;
        }
        let q = queue.swap_remove(i);
        match due.iter_mut().find(|d| d.sound == q.sound) {
            Some(d) if d.gain < q.gain => *d = q,
            Some(_) => {}
            None => due.push(q),
        }
    }
    due
}

fn play_due(
    mut play: MessageWriter<PlaySound>,
    mut queue: ResMut<SoundQueue>,
    settings: Res<Settings>,
    time: Res<Time>,
) {
    for q in take_due(&mut queue.0, time.elapsed_secs_f64()) {
        if !settings.muted && settings.volume > 0.0 {
            play.write(PlaySound {
                sound: q.sound,
                gain: settings.volume * q.gain,
                speed: q.speed,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_plays_each_due_sound_once_and_keeps_the_rest_for_later() {
        let mut queue = SoundQueue::default();
        for (at, gain) in [(0.1, 0.5), (0.2, 0.8), (0.3, 0.6), (5.0, 0.7)] {
            queue.add(at, Sound::Flip, gain);
        }
        queue.add(0.2, Sound::Place, 1.0);
        let mut due = take_due(&mut queue.0, 1.0);
        due.sort_by_key(|q| q.sound == Sound::Flip);
        let played: Vec<(Sound, f32)> = due.iter().map(|q| (q.sound, q.gain)).collect();
        assert_eq!(played, [(Sound::Place, 1.0), (Sound::Flip, 0.8)]);
        assert_eq!(queue.0.len(), 1, "the flip due later waits");
        assert!(take_due(&mut queue.0, 1.0).is_empty());
        assert_eq!(take_due(&mut queue.0, 5.0).len(), 1);
    }
}
