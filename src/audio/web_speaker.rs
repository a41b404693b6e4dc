//! Plays the game's sounds through the page's Web Audio (`reversiSound` in web/page.js): the
//! WAV files go to the page once at start, where the browser decodes them, and each
//! [`PlaySound`] becomes one call. The web build so needs none of Bevy's audio output and
//! decoders (docs/web-size.md).

use bevy::prelude::*;

use super::sound::{Cues, PlaySound, Sound};
use crate::schedule::GameSet;
use crate::web::page;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load)
        .add_systems(Update, play.in_set(GameSet::Presentation).after(Cues));
}

fn load() {
    for sound in Sound::ALL {
        if let Err(why) = page::add_sound(sound.index(), &sound.wav()) {
            warn!("no sound {sound:?}: {why}");
        }
    }
}

/// Plays each request; a failure (a page without its script) is reported once, not per sound.
fn play(mut requests: MessageReader<PlaySound>, mut reported: Local<bool>) {
    for request in requests.read() {
        let played = page::play_sound(request.sound.index(), request.gain, request.speed);
        if let (Err(why), false) = (played, *reported) {
            warn!("sound {:?} not played: {why}", request.sound);
            *reported = true;
        }
    }
}
