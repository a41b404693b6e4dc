//! Sound effects: a thud when a disc is placed, a soft clack for each flipped disc timed with
//! its flip, a buzz for an illegal click, a chime for a pass and a fanfare at the end.
//! The sounds are synthesised by `scripts/make-sounds.py` and committed under `assets/sounds`;
//! they are compiled into the binary, so the game runs from any directory and the web build
//! needs no extra downloads (about 100 KB in all).

use bevy::audio::Volume;
use bevy::prelude::*;

use crate::board::discs::{DROP_SECS, FLIP_SECS, WAVE_STEP_SECS};
use crate::rules::{DiscPlaced, GameEnded, MoveRefused, Refusal, TurnPassed};
use crate::schedule::GameSet;
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SoundQueue>()
        .add_systems(Startup, load_sounds)
        .add_systems(
            Update,
            (queue_sounds, play_due)
                .chain()
                .in_set(GameSet::Presentation),
        );
}

#[derive(Resource)]
struct Sounds {
    place: Handle<AudioSource>,
    flip: Handle<AudioSource>,
    illegal: Handle<AudioSource>,
    pass: Handle<AudioSource>,
    game_over: Handle<AudioSource>,
}

/// Sounds waiting for their moment (`Time` seconds), so flips sound as they land.
#[derive(Resource, Default)]
struct SoundQueue(Vec<(f64, Handle<AudioSource>, f32)>);

fn load_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut add = |bytes: &'static [u8]| {
        sources.add(AudioSource {
            bytes: bytes.into(),
        })
    };
    commands.insert_resource(Sounds {
        place: add(include_bytes!("../assets/sounds/place.wav")),
        flip: add(include_bytes!("../assets/sounds/flip.wav")),
        illegal: add(include_bytes!("../assets/sounds/illegal.wav")),
        pass: add(include_bytes!("../assets/sounds/pass.wav")),
        game_over: add(include_bytes!("../assets/sounds/game_over.wav")),
    });
}

fn queue_sounds(
    mut placed: MessageReader<DiscPlaced>,
    mut refused: MessageReader<MoveRefused>,
    mut passed: MessageReader<TurnPassed>,
    mut ended: MessageReader<GameEnded>,
    sounds: Res<Sounds>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut queue: ResMut<SoundQueue>,
) {
    let now = time.elapsed_secs_f64();
    let f = settings.animation.factor() as f64;
    for p in placed.read() {
        queue
            .0
            .push((now + DROP_SECS as f64 * f, sounds.place.clone(), 1.0));
        for sq in p.placement.flipped {
            let d = sq
                .column()
                .abs_diff(p.square.column())
                .max(sq.row().abs_diff(p.square.row())) as f64;
            let at = now
                + f * (DROP_SECS as f64
                    + (d - 1.0) * WAVE_STEP_SECS as f64
                    + FLIP_SECS as f64 * 0.8);
            // Slightly quieter further out, so a long wave does not get louder and louder.
            queue
                .0
                .push((at, sounds.flip.clone(), (0.8 - 0.06 * d as f32).max(0.4)));
        }
    }
    for r in refused.read() {
        if matches!(
            r.why,
            Refusal::Illegal(_) | Refusal::NotYourTurn | Refusal::Reviewing
        ) {
            queue.0.push((now, sounds.illegal.clone(), 0.7));
        }
    }
    for _ in passed.read() {
        queue.0.push((now, sounds.pass.clone(), 0.9));
    }
    for _ in ended.read() {
        queue
            .0
            .push((now + 0.8 * f.max(0.3), sounds.game_over.clone(), 0.9));
    }
}

fn play_due(
    mut commands: Commands,
    mut queue: ResMut<SoundQueue>,
    settings: Res<Settings>,
    time: Res<Time>,
) {
    let now = time.elapsed_secs_f64();
    let mut i = 0;
    while i < queue.0.len() {
        if queue.0[i].0 <= now {
            let (_, sound, gain) = queue.0.swap_remove(i);
            if !settings.muted && settings.volume > 0.0 {
                commands.spawn((
                    AudioPlayer::new(sound),
                    PlaybackSettings::DESPAWN.with_volume(Volume::Linear(settings.volume * gain)),
                ));
            }
        } else {
            i += 1;
        }
    }
}
