//! The weights file's entropy coder (format 4): a binary range coder with adaptive
//! probabilities, and the model that turns the weights' symbols into its bits.
//!
//! Why: the web build downloads the weights once, and what a player waits for is their
//! compressed size. Format 3 wrote generation 3's symbols as byte-sized varints, which gzip
//! then compressed to 0.55 MiB. Coding each bit with a probability learned from its context
//! takes that file to 0.49 MiB, which gzip cannot shrink further (docs/web-size.md). The
//! contexts are:
//! - whether the previous table entry was all zeros (most entries are configurations never
//!   seen in training);
//! - the phase, and whether the entry's previous phase was zero;
//! - for a nonzero symbol, the phase's quarter and the size of the entry's previous nonzero
//!   symbol (differences along the phases are small after the first).
//!
//! The symbols are [`super::pattern`]'s, entry by entry and phase by phase within an entry:
//! 0 for a zero weight, else one more than the zigzagged difference from the entry's last
//! nonzero weight. The coder is the classic carry-propagating range coder (as in LZMA):
//! 32-bit range, 12-bit probabilities that move 1/32 of the way to each bit seen.

/// Probabilities are in 1/4096ths of certainty that the bit is 0.
const PROB_BITS: u32 = 12;
const HALF: u16 = 1 << (PROB_BITS - 1);
/// How fast a probability follows the bits: 1/32 of the distance each time (1/16 made the
/// built-in file 1 % larger).
const ADAPT: u32 = 5;
/// The range is renormalised (a byte out or in) when it falls below this.
const TOP: u32 = 1 << 24;
/// The longest exponent a symbol may have: symbols are below 2^(MAX_EXP + 1).
const MAX_EXP: usize = 20;
/// Contexts for a nonzero symbol: the phase's quarter (4) × the previous nonzero symbol's
/// bit length, capped at 4 (0 for the entry's first).
const SIZE_CONTEXTS: usize = 4 * 5;

/// Moves `prob` 1/32 of the way towards the bit just coded: the encoder and the decoder must
/// learn alike, so both call this.
#[inline(always)]
fn adapt(prob: &mut u16, one: bool) {
    if one {
        *prob -= *prob >> ADAPT;
    } else {
        *prob += ((1 << PROB_BITS) - *prob) >> ADAPT;
    }
}

struct Encoder {
    low: u64,
    range: u32,
    /// The byte held back in case a carry reaches it, and how many bytes (it and 0xFFs
    /// after it) are held.
    cache: u8,
    held: u64,
    out: Vec<u8>,
}

impl Encoder {
    fn new(out: Vec<u8>) -> Encoder {
        Encoder {
            low: 0,
            range: u32::MAX,
            cache: 0,
            held: 1,
            out,
        }
    }

    fn bit(&mut self, prob: &mut u16, one: bool) {
        let bound = (self.range >> PROB_BITS) * u32::from(*prob);
        if one {
            self.low += u64::from(bound);
            self.range -= bound;
        } else {
            self.range = bound;
        }
        adapt(prob, one);
        while self.range < TOP {
            self.range <<= 8;
            self.shift_low();
        }
    }

    /// A bit as likely 0 as 1 (the low bits of a large symbol).
    fn even_bit(&mut self, one: bool) {
        let mut prob = HALF;
        self.bit(&mut prob, one);
    }

    fn shift_low(&mut self) {
        let low32 = self.low as u32;
        if low32 < 0xFF00_0000 || self.low >> 32 != 0 {
            let carry = (self.low >> 32) as u8;
            let mut byte = self.cache;
            while self.held > 0 {
                self.out.push(byte.wrapping_add(carry));
                byte = 0xFF;
                self.held -= 1;
            }
            self.cache = (low32 >> 24) as u8;
        }
        self.held += 1;
        self.low = u64::from(low32 & 0x00FF_FFFF) << 8;
    }

    fn finish(mut self) -> Vec<u8> {
        for _ in 0..5 {
            self.shift_low();
        }
        self.out
    }
}

struct Decoder<'a> {
    data: &'a [u8],
    at: usize,
    range: u32,
    code: u32,
}

impl<'a> Decoder<'a> {
    fn new(data: &'a [u8]) -> Decoder<'a> {
        let mut decoder = Decoder {
            data,
            at: 0,
            range: u32::MAX,
            code: 0,
        };
        for _ in 0..5 {
            decoder.code = (decoder.code << 8) | decoder.next_byte();
        }
        decoder
    }

    /// The next byte; past the end, zeros (the caller checks [`Decoder::overran`]).
    fn next_byte(&mut self) -> u32 {
        let byte = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        u32::from(byte)
    }

    fn bit(&mut self, prob: &mut u16) -> bool {
        let bound = (self.range >> PROB_BITS) * u32::from(*prob);
        let one = self.code >= bound;
        if one {
            self.code -= bound;
            self.range -= bound;
        } else {
            self.range = bound;
        }
        adapt(prob, one);
        while self.range < TOP {
            self.range <<= 8;
            self.code = (self.code << 8) | self.next_byte();
        }
        one
    }

    fn even_bit(&mut self) -> bool {
        let mut prob = HALF;
        self.bit(&mut prob)
    }

    /// Whether decoding read past the data: the file ended inside the weights.
    fn overran(&self) -> bool {
        self.at > self.data.len()
    }
}

/// The adaptive probabilities, one per context (see the module's comment).
struct Model {
    entry_zero: [u16; 2],
    zero: Vec<[u16; 3]>,
    exponent: [[u16; MAX_EXP + 1]; SIZE_CONTEXTS],
    top: [[u16; MAX_EXP + 1]; SIZE_CONTEXTS],
    second: [[u16; 2]; MAX_EXP + 1],
}

impl Model {
    fn new(phases: usize) -> Model {
        Model {
            entry_zero: [HALF; 2],
            zero: vec![[HALF; 3]; phases],
            exponent: [[HALF; MAX_EXP + 1]; SIZE_CONTEXTS],
            top: [[HALF; MAX_EXP + 1]; SIZE_CONTEXTS],
            second: [[HALF; 2]; MAX_EXP + 1],
        }
    }
}

/// The context of a nonzero symbol in `phase` after an entry's previous nonzero symbol
/// `previous` (0 for none).
fn size_context(phase: usize, previous: u32) -> usize {
    let length = (32 - previous.leading_zeros()).min(4) as usize;
    (phase / 4).min(3) * 5 + length
}

/// Appends `symbols` (entries of `phases` symbols each, as the module's comment says) to
/// `out`, coded. Each symbol must be below 2^(MAX_EXP + 1): weights are `i16`s, so their
/// zigzagged differences plus one are below 2^18.
pub(super) fn encode(out: Vec<u8>, symbols: &[u64], phases: usize) -> Vec<u8> {
    let mut coder = Encoder::new(out);
    let mut model = Model::new(phases);
    let mut previous_entry_zero = true;
    for entry in symbols.chunks(phases) {
        let all_zero = entry.iter().all(|&s| s == 0);
        coder.bit(
            &mut model.entry_zero[usize::from(previous_entry_zero)],
            all_zero,
        );
        previous_entry_zero = all_zero;
        if all_zero {
            continue;
        }
        let (mut previous_phase, mut previous) = (2, 0u32);
        for (phase, &symbol) in entry.iter().enumerate() {
            coder.bit(&mut model.zero[phase][previous_phase], symbol == 0);
            previous_phase = usize::from(symbol == 0);
            if symbol == 0 {
                continue;
            }
            let symbol = u32::try_from(symbol).expect("a symbol of an i16 weight");
            let exponent = (31 - symbol.leading_zeros()) as usize;
            assert!(exponent <= MAX_EXP, "a symbol of an i16 weight");
            let context = size_context(phase, previous);
            for e in 0..exponent {
                coder.bit(&mut model.exponent[context][e], true);
            }
            if exponent < MAX_EXP {
                coder.bit(&mut model.exponent[context][exponent], false);
            }
            // The bits below the leading one: the first two have contexts, the rest are
            // about as often 0 as 1.
            for b in (0..exponent).rev() {
                let one = symbol >> b & 1 == 1;
                if b + 1 == exponent {
                    coder.bit(&mut model.top[context][exponent], one);
                } else if b + 2 == exponent {
                    let above = (symbol >> (b + 1) & 1) as usize;
                    coder.bit(&mut model.second[exponent][above], one);
                } else {
                    coder.even_bit(one);
                }
            }
            previous = symbol;
        }
    }
    coder.finish()
}

/// Why coded symbols could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum DecodeError {
    /// The data ended before the symbols did.
    Truncated,
    /// Data is left after the symbols.
    Extra,
}

/// Reads `entries` entries of `phases` symbols that [`encode`] wrote as all of `data`,
/// handing each nonzero symbol to `each` with its index (entry × phases + phase) in order.
/// Errors from `each` stop the reading and are returned.
pub(super) fn decode<E: From<DecodeError>>(
    data: &[u8],
    entries: usize,
    phases: usize,
    mut each: impl FnMut(usize, u64) -> Result<(), E>,
) -> Result<(), E> {
    let mut coder = Decoder::new(data);
    let mut model = Model::new(phases);
    let mut previous_entry_zero = true;
    for entry in 0..entries {
        let all_zero = coder.bit(&mut model.entry_zero[usize::from(previous_entry_zero)]);
        previous_entry_zero = all_zero;
        if all_zero {
            continue;
        }
        let (mut previous_phase, mut previous) = (2, 0u32);
        for phase in 0..phases {
            let zero = coder.bit(&mut model.zero[phase][previous_phase]);
            previous_phase = usize::from(zero);
            if zero {
                continue;
            }
            let context = size_context(phase, previous);
            let mut exponent = 0;
            while exponent < MAX_EXP && coder.bit(&mut model.exponent[context][exponent]) {
                exponent += 1;
            }
            let mut symbol = 1u32;
            for b in (0..exponent).rev() {
                let one = if b + 1 == exponent {
                    coder.bit(&mut model.top[context][exponent])
                } else if b + 2 == exponent {
                    coder.bit(&mut model.second[exponent][(symbol & 1) as usize])
                } else {
                    coder.even_bit()
                };
                symbol = symbol << 1 | u32::from(one);
            }
            if coder.overran() {
                return Err(DecodeError::Truncated.into());
            }
            each(entry * phases + phase, u64::from(symbol))?;
            previous = symbol;
        }
    }
    if coder.overran() {
        return Err(DecodeError::Truncated.into());
    }
    if coder.at != data.len() {
        return Err(DecodeError::Extra.into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(symbols: &[u64], phases: usize) -> Vec<(usize, u64)> {
        let coded = encode(Vec::new(), symbols, phases);
        let mut read = Vec::new();
        decode::<DecodeError>(&coded, symbols.len() / phases, phases, |i, s| {
            read.push((i, s));
            Ok(())
        })
        .unwrap();
        read
    }

    fn nonzero(symbols: &[u64]) -> Vec<(usize, u64)> {
        symbols
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s != 0)
            .map(|(i, &s)| (i, s))
            .collect()
    }

    /// Every symbol size, zeros and runs of all-zero entries, and the largest symbol read
    /// back exactly; the coded form is smaller than version 3's varints of the same symbols.
    #[test]
    fn symbols_read_back_exactly() {
        let phases = 15;
        let mut symbols = vec![0u64; phases * 4000];
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for (i, s) in symbols.iter_mut().enumerate() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let entry = i / phases;
            if !entry.is_multiple_of(3) && !x.is_multiple_of(4) {
                // Mostly small, now and then as large as a symbol may be.
                *s = match x >> 60 {
                    0 => (x >> 8) % (1 << (MAX_EXP + 1)),
                    1..=3 => (x >> 8) % 4096,
                    _ => (x >> 8) % 40,
                };
            }
        }
        symbols[7] = (1 << (MAX_EXP + 1)) - 1;
        symbols[8] = 1 << MAX_EXP;
        symbols[9] = 1;
        assert_eq!(round_trip(&symbols, phases), nonzero(&symbols));
        let coded = encode(Vec::new(), &symbols, phases);
        let mut runs = Vec::new();
        crate::search::pattern::put_runs(&mut runs, &symbols);
        assert!(
            coded.len() < runs.len(),
            "{} bytes, {}",
            coded.len(),
            runs.len()
        );
        // All zeros: almost nothing.
        let zeros = vec![0u64; phases * 10_000];
        assert!(round_trip(&zeros, phases).is_empty());
        assert!(encode(Vec::new(), &zeros, phases).len() < 64);
    }

    /// Data cut short, data with bytes after the symbols, and data that is noise: each gives
    /// an error or other symbols, never a panic.
    #[test]
    fn damaged_data_is_refused_or_misread_without_a_panic() {
        let phases = 15;
        let symbols: Vec<u64> = (0..phases as u64 * 500).map(|i| i % 37 % 5).collect();
        let coded = encode(vec![], &symbols, phases);
        let entries = symbols.len() / phases;
        let read = |data: &[u8]| decode::<DecodeError>(data, entries, phases, |_, _| Ok(()));
        assert_eq!(read(&coded), Ok(()));
        assert_eq!(read(&coded[..coded.len() / 2]), Err(DecodeError::Truncated));
        let mut extra = coded.clone();
        extra.push(0);
        assert_eq!(read(&extra), Err(DecodeError::Extra));
        let mut x = 7u64;
        for _ in 0..50 {
            let noise: Vec<u8> = (0..coded.len())
                .map(|_| {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (x >> 56) as u8
                })
                .collect();
            let _ = read(&noise);
        }
    }
}
