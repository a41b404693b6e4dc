//! The game's sounds by name, and the message that asks a speaker to play one.

use bevy::prelude::*;

use super::synth;

/// The game's sound effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Place,
    Flip,
    Illegal,
    Pass,
    GameOver,
}

impl Sound {
    pub(super) const ALL: [Sound; 5] = [
        Sound::Place,
        Sound::Flip,
        Sound::Illegal,
        Sound::Pass,
        Sound::GameOver,
    ];

    /// The sound as a WAV file, synthesised.
    pub(super) fn wav(self) -> Vec<u8> {
        match self {
            Sound::Place => synth::place(),
            Sound::Flip => synth::flip(),
            Sound::Illegal => synth::illegal(),
            Sound::Pass => synth::pass(),
            Sound::GameOver => synth::game_over(),
        }
    }

    /// Its place in [`Sound::ALL`] (the speakers' index of the decoded sounds).
    pub(super) fn index(self) -> usize {
        self as usize
    }
}

/// A sound to play now: `gain` is the settings' volume times the sound's own gain (0 to 1),
/// `speed` its playback speed, which is also its pitch.
#[derive(Message, Clone, Copy, Debug)]
pub struct PlaySound {
    pub sound: Sound,
    pub gain: f32,
    pub speed: f32,
}

/// The systems that write [`PlaySound`]: the speakers run after them, so that a sound plays in
/// the frame it is due (at one frame a second, as under software rendering, a frame late is a
/// second late).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Cues;

#[cfg(test)]
mod tests {
    use super::*;

    /// The speakers find a sound's decoded copy by its index: it must be its place in `ALL`;
    /// and each sound is its own (synth's tests check the files themselves).
    #[test]
    fn each_sound_has_its_index_and_its_own_file() {
        let files: Vec<Vec<u8>> = Sound::ALL.iter().map(|s| s.wav()).collect();
        for (i, sound) in Sound::ALL.into_iter().enumerate() {
            assert_eq!(sound.index(), i, "{sound:?}");
            assert!(
                files[..i].iter().all(|earlier| *earlier != files[i]),
                "{sound:?} is the same file as an earlier sound"
            );
        }
    }
}
