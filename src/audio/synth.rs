//! The sound effects, synthesised when the game starts: at most a second of samples each,
//! cheaper to compute than to download (as WAV files they were 91 KB of the web build, 86 KB
//! gzipped). Each is a short formula: damped sines for a wooden knock, a band of noise for
//! its contact, harmonics for chimes, a sawtooth for the buzz; written as 16-bit mono WAV
//! bytes, the form Bevy's audio decodes.

use std::f64::consts::TAU;

/// Samples a second.
const RATE: u32 = 22_050;

/// A disc set down: a low knock with a soft contact.
pub fn place() -> Vec<u8> {
    wav(&clack(0.25, 180.0, 0.9, 0.05, 1))
}

/// A disc turning over: a higher, shorter knock.
pub fn flip() -> Vec<u8> {
    wav(&clack(0.12, 420.0, 0.6, 0.025, 2))
}

/// A click where no move is legal: a short low buzz.
pub fn illegal() -> Vec<u8> {
    wav(&buzz(0.22))
}

/// A side that must pass: a two-note chime.
pub fn pass() -> Vec<u8> {
    wav(&tone(&[523.25, 659.25], 0.45, 0.15))
}

/// The game's end: a rising arpeggio and a held chord.
pub fn game_over() -> Vec<u8> {
    wav(&arpeggio(&[523.25, 659.25, 783.99], 0.14, 0.1))
}

/// Sample `i`'s time in seconds, for a sound `duration` seconds long.
fn times(duration: f64) -> impl Iterator<Item = f64> {
    (0..(duration * f64::from(RATE)) as u32).map(|i| f64::from(i) / f64::from(RATE))
}

/// A linear attack over `attack` seconds, then an exponential decay with time constant `decay`.
fn envelope(t: f64, attack: f64, decay: f64) -> f64 {
    if t < attack {
        t / attack
    } else {
        (-(t - attack) / decay).exp()
    }
}

/// A wooden knock: a damped low resonance (with an inharmonic overtone) plus a short band of
/// low-passed noise for the contact.
fn clack(duration: f64, body_hz: f64, click_amount: f64, decay: f64, seed: u64) -> Vec<f64> {
    let mut noise = Noise::new(seed);
    let mut low_passed = 0.0;
    times(duration)
        .map(|t| {
            low_passed += 0.35 * (noise.next() - low_passed);
            let body = (TAU * body_hz * t).sin() + 0.4 * (TAU * body_hz * 2.7 * t).sin();
            envelope(t, 0.002, decay) * body
                + click_amount * envelope(t, 0.0005, decay / 4.0) * low_passed
        })
        .collect()
}

/// Sines at `freqs`, the k-th at 1/(k+1) of the first's loudness.
fn tone(freqs: &[f64], duration: f64, decay: f64) -> Vec<f64> {
    times(duration)
        .map(|t| {
            let sum: f64 = freqs
                .iter()
                .enumerate()
                .map(|(k, f)| (TAU * f * t).sin() / (k + 1) as f64)
                .sum();
            envelope(t, 0.01, decay) * sum
        })
        .collect()
}

/// Each note with its harmonics for `note_len` seconds, then the last as a held chord.
fn arpeggio(notes: &[f64], note_len: f64, decay: f64) -> Vec<f64> {
    let mut out = Vec::new();
    for &f in notes {
        out.extend(tone(&[f, f * 2.0, f * 3.0], note_len, decay));
    }
    let last = notes[notes.len() - 1];
    out.extend(tone(&[last, last * 1.5, last * 2.0], 0.6, 0.25));
    out
}

/// A 110 Hz sawtooth over a 220 Hz sine, quickly damped.
fn buzz(duration: f64) -> Vec<f64> {
    times(duration)
        .map(|t| {
            let saw = 2.0 * ((110.0 * t) % 1.0) - 1.0;
            envelope(t, 0.005, 0.08) * (0.6 * saw + 0.4 * (TAU * 220.0 * t).sin())
        })
        .collect()
}

/// Uniform noise in [-1, 1) from a fixed seed (xorshift64*), so every start sounds the same.
struct Noise(u64);

impl Noise {
    fn new(seed: u64) -> Noise {
        // A zero state would stay zero, and small seeds start in a sparse state: mix first.
        Noise(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    fn next(&mut self) -> f64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        let bits = x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11; // 53 bits
        bits as f64 / (1u64 << 52) as f64 - 1.0
    }
}

/// 16-bit mono PCM in a WAV container, scaled so the loudest sample is at 85 % of full scale.
fn wav(samples: &[f64]) -> Vec<u8> {
    let peak = samples.iter().fold(1e-9_f64, |m, s| m.max(s.abs()));
    let scale = 0.85 * f64::from(i16::MAX) / peak;
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // the format chunk's length
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // one channel
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes()); // bytes a second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes a frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits a sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((s * scale) as i16).to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sound is a WAV file of 16-bit mono PCM at 22,050 Hz, the length its formula
    /// gives, loud (its peak at 85 % of full scale) and sounding from its first milliseconds.
    #[test]
    fn sounds_are_wav_files_of_their_lengths() {
        for (bytes, seconds) in [
            (place(), 0.25),
            (flip(), 0.12),
            (illegal(), 0.22),
            (pass(), 0.45),
            (game_over(), 3.0 * 0.14 + 0.6),
        ] {
            let data_len = bytes.len() as u32 - 44;
            let mut header = b"RIFF".to_vec();
            header.extend_from_slice(&(data_len + 36).to_le_bytes());
            header.extend_from_slice(b"WAVEfmt ");
            for field in [16u32, 0x0001_0001, 22_050, 44_100, 0x0010_0002] {
                // chunk length; PCM, one channel; rate; bytes a second; bytes a frame, bits
                header.extend_from_slice(&field.to_le_bytes());
            }
            header.extend_from_slice(b"data");
            header.extend_from_slice(&data_len.to_le_bytes());
            assert_eq!(bytes[..44], header[..]);
            let pcm: Vec<i16> = bytes[44..]
                .chunks_exact(2)
                .map(|b| i16::from_le_bytes([b[0], b[1]]))
                .collect();
            let expected = (seconds * f64::from(RATE)) as usize;
            assert!(
                pcm.len().abs_diff(expected) <= 3,
                "{} samples, not {expected}",
                pcm.len()
            );
            let peak = pcm.iter().map(|s| s.unsigned_abs()).max().unwrap();
            assert_eq!(peak, 27_851, "85 % of 32,767");
            // Within the first 10 ms the sound is at a tenth of its peak or more.
            let start = pcm[..(RATE / 100) as usize]
                .iter()
                .map(|s| s.unsigned_abs());
            assert!(start.max().unwrap() >= peak / 10);
        }
    }

    /// The noise is uniform in [-1, 1): its mean near 0, its extremes near the ends.
    #[test]
    fn noise_spans_its_range_evenly() {
        let mut noise = Noise::new(1);
        let values: Vec<f64> = (0..10_000).map(|_| noise.next()).collect();
        assert!(values.iter().all(|v| (-1.0..1.0).contains(v)));
        let mean = values.iter().sum::<f64>() / values.len() as f64;
        assert!(mean.abs() < 0.03, "mean {mean}");
        assert!(values.iter().any(|&v| v < -0.99) && values.iter().any(|&v| v > 0.99));
    }
}
