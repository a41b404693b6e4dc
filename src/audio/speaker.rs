//! Plays the game's sounds through Bevy's audio (the desktop's output device): each sound is
//! decoded once at start, and each [`PlaySound`] becomes a player that despawns when done.

use bevy::audio::Volume;
use bevy::prelude::*;

use super::sound::{Cues, PlaySound, Sound};
use crate::schedule::GameSet;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load)
        .add_systems(Update, play.in_set(GameSet::Presentation).after(Cues));
}

/// The decoded sounds, in the order of [`Sound::ALL`].
#[derive(Resource)]
struct Sources([Handle<AudioSource>; Sound::ALL.len()]);

fn load(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    commands.insert_resource(Sources(Sound::ALL.map(|sound| {
        sources.add(AudioSource {
            bytes: sound.wav().into(),
        })
    })));
}

fn play(mut commands: Commands, mut requests: MessageReader<PlaySound>, sources: Res<Sources>) {
    for request in requests.read() {
        commands.spawn((
            AudioPlayer::new(sources.0[request.sound.index()].clone()),
            PlaybackSettings::DESPAWN
                .with_volume(Volume::Linear(request.gain))
                .with_speed(request.speed),
        ));
    }
}
