//! A small network beside the patterns: one hidden layer of ReLU units per phase, added to
//! the pattern sum. The patterns score each line and block of squares on its own; what they
//! miss is how squares and moves in different places combine (docs/evaluation.md: a linear
//! layer over the same inputs gained nothing, a hidden layer of 32 units took 0.2-0.6 disc
//! off the held-out error). The network is fitted to what the patterns leave over
//! (`reversi-engine train --networks`).
//!
//! Its inputs are each 0 or 1, so the first layer is a sum of the rows of the inputs that are
//! on (about 80 of 337). It is read in integers so that every platform, the browser
//! included, scores a position the same: the search's result must not depend on where it
//! runs.

use super::pattern::{put_varint, read_varint, unzigzag, zigzag};
use crate::Board;

/// Inputs: the side to move's discs, the other side's discs, the side to move's legal
/// moves, the other side's, 64 each; then the count of empties (one input per count), the
/// parities of the four quadrants' empties (one input per pattern of four) and a constant.
pub const INPUTS: usize = 337;
const EMPTIES_AT: usize = 256;
const PARITY_AT: usize = 320;
const CONSTANT: usize = 336;

/// The hidden layer's sizes the evaluation reads (each compiled for its size).
pub const HIDDEN_SIZES: [usize; 4] = [16, 32, 64, 128];

/// The first layer's weights are stored in 1/256 of a disc: one byte each for most, and
/// rounding them moves the output by hundredths (docs/evaluation.md).
pub const FIRST_SCALE: f32 = 256.0;
/// The second layer's weights are stored in 1/1024.
pub const SECOND_SCALE: f32 = 1024.0;
/// The output's constant, in the product of both scales.
const OUT_SCALE: f32 = FIRST_SCALE * SECOND_SCALE;
const OUT_SHIFT: u32 = 18;

/// The quadrants: a1-d4, e1-h4, a5-d8, e5-h8.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// Calls `each` with every input that is on for `board`, whose side to move has the legal
/// moves `own_moves` and the other side `other_moves`.
#[inline(always)]
pub fn for_each_input(
    board: &Board,
    own_moves: u64,
    other_moves: u64,
    mut each: impl FnMut(usize),
) {
    for (offset, mut bits) in [
        (0, board.player),
        (64, board.opponent),
        (128, own_moves),
        (192, other_moves),
    ] {
        while bits != 0 {
            each(offset + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
    let empties = board.empties();
    each(EMPTIES_AT + empties.count_ones().min(63) as usize);
    let parity = QUADRANTS.iter().enumerate().fold(0, |p, (k, q)| {
        p | (((empties & q).count_ones() as usize & 1) << k)
    });
    each(PARITY_AT + parity);
    each(CONSTANT);
}

/// One phase's network, in the integers the evaluation reads.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PhaseNet {
    hidden: usize,
    /// Input by input, the weights to each hidden unit, in 1/[`FIRST_SCALE`] of a disc.
    first: Vec<i16>,
    /// Each hidden unit's weight to the output, in 1/[`SECOND_SCALE`].
    second: Vec<i16>,
    /// The output's constant, in 1/(`FIRST_SCALE` × `SECOND_SCALE`) of a disc.
    out_bias: i32,
    /// Whether every hidden unit's weights over the inputs a position can have on add up,
    /// in absolute value, to what an `i16` holds (`fits_i16`): then no sum the first layer
    /// forms, partial or whole, can overflow one, and it is summed in 16 bits (twice as
    /// many at a time as in 32).
    narrow: bool,
}

/// Whether no hidden unit's sum over the inputs one position can have on at once can
/// overflow an `i16` (see `PhaseNet::narrow`): each square is at most one of a disc of
/// either side and a move of one or both sides, and one input each of the empties' count
/// and of their parities is on. Bounding all 337 inputs instead left the networks fitted
/// on 800,000 positions a phase in 32 bits (their largest unit sums 33,715).
fn fits_i16(first: &[i16], hidden: usize) -> bool {
    let w = |input: usize, unit: usize| i32::from(first[input * hidden + unit]).abs();
    (0..hidden).all(|j| {
        let squares: i32 = (0..64)
            .map(|sq| {
                w(sq, j)
                    .max(w(64 + sq, j))
                    .max(w(128 + sq, j) + w(192 + sq, j))
            })
            .sum();
        let empties = (EMPTIES_AT..PARITY_AT).map(|i| w(i, j)).max().unwrap_or(0);
        let parity = (PARITY_AT..CONSTANT).map(|i| w(i, j)).max().unwrap_or(0);
        squares + empties + parity + w(CONSTANT, j) <= i32::from(i16::MAX)
    })
}

/// The most a network's output may add, in hundredths of a disc: far beyond any score, so a
/// fitted network never meets it, but small enough that the evaluation's sums cannot
/// overflow whatever weights a file holds (a crafted file's network could otherwise reach
/// billions, and wrap round to the other sign).
const OUTPUT_LIMIT: i64 = 1 << 20;

/// The output in hundredths of a disc from its sum in 1/2^18 of a disc, rounded half up:
/// (sum × 100) / 2^18, exact in integers (no sum of i16 products over [`INPUTS`] inputs and
/// 128 units comes near overflowing an i64 times 100), within ±[`OUTPUT_LIMIT`].
#[inline(always)]
fn round_output(sum: i64) -> i32 {
    ((sum * 100 + (1 << (OUT_SHIFT - 1))) >> OUT_SHIFT).clamp(-OUTPUT_LIMIT, OUTPUT_LIMIT) as i32
}

/// Why a stored network could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// A hidden layer of a size the evaluation does not read.
    Hidden(usize),
    /// A weight or count that does not fit.
    OutOfRange,
    /// The data ends inside the network.
    Truncated,
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetError::Hidden(h) => write!(
                f,
                "a network with {h} hidden units (this build reads {HIDDEN_SIZES:?})"
            ),
            NetError::OutOfRange => write!(f, "a network weight out of range"),
            NetError::Truncated => write!(f, "the data ends inside a network"),
        }
    }
}

impl PhaseNet {
    /// The network of float weights (in discs) `first` (input by input, `hidden` each),
    /// `second` and `out_bias`, rounded to the stored units. `hidden` must be one of
    /// [`HIDDEN_SIZES`].
    pub fn from_floats(hidden: usize, first: &[f32], second: &[f32], out_bias: f32) -> PhaseNet {
        assert!(HIDDEN_SIZES.contains(&hidden), "hidden size {hidden}");
        assert_eq!(first.len(), INPUTS * hidden);
        assert_eq!(second.len(), hidden);
        let clamp16 = |v: f32, scale: f32| {
            (f64::from(v) * f64::from(scale))
                .round()
                .clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
        };
        let first: Vec<i16> = first.iter().map(|&w| clamp16(w, FIRST_SCALE)).collect();
        PhaseNet {
            hidden,
            narrow: fits_i16(&first, hidden),
            first,
            second: second.iter().map(|&w| clamp16(w, SECOND_SCALE)).collect(),
            out_bias: (f64::from(out_bias) * f64::from(OUT_SCALE))
                .round()
                .clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32,
        }
    }

    /// The hidden layer's size.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The network's output for `board` (whose sides have the legal moves `own_moves` and
    /// `other_moves`), in hundredths of a disc.
    #[inline(always)]
    pub fn hundredths(&self, board: &Board, own_moves: u64, other_moves: u64) -> i32 {
        let (b, own, other) = (board, own_moves, other_moves);
        #[cfg(target_arch = "x86_64")]
        if self.narrow {
            // SAFETY: each is called only where its features were found on this CPU.
            if crate::simd::bitalg_cpu() && self.hidden >= 32 {
                return unsafe { self.hundredths_avx512(b, own, other) };
            }
            if crate::simd::fast_cpu() {
                return unsafe { self.hundredths_avx2(b, own, other) };
            }
        }
        match (self.hidden, self.narrow) {
            (16, true) => self.output(&self.first_layer::<16, i16>(b, own, other)),
            (16, false) => self.output(&self.first_layer::<16, i32>(b, own, other)),
            (32, true) => self.output(&self.first_layer::<32, i16>(b, own, other)),
            (32, false) => self.output(&self.first_layer::<32, i32>(b, own, other)),
            (64, true) => self.output(&self.first_layer::<64, i16>(b, own, other)),
            (64, false) => self.output(&self.first_layer::<64, i32>(b, own, other)),
            (_, true) => self.output(&self.first_layer::<128, i16>(b, own, other)),
            (_, false) => self.output(&self.first_layer::<128, i32>(b, own, other)),
        }
    }

    /// [`PhaseNet::hundredths`] for a narrow network on a CPU with AVX-512 BW: the hidden
    /// units' sums kept in registers, 32 to each, the second layer by pairs of products.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F and BW; the network must be narrow, of 32 units or more.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,avx2,avx512f,avx512bw")]
    unsafe fn hundredths_avx512(&self, board: &Board, own_moves: u64, other_moves: u64) -> i32 {
        match self.hidden {
            32 => self.vector_sum_avx512::<1>(board, own_moves, other_moves),
            64 => self.vector_sum_avx512::<2>(board, own_moves, other_moves),
            _ => self.vector_sum_avx512::<4>(board, own_moves, other_moves),
        }
    }

    /// The body of [`PhaseNet::hundredths_avx512`] for `N` registers of 32 units.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,avx2,avx512f,avx512bw")]
    fn vector_sum_avx512<const N: usize>(
        &self,
        board: &Board,
        own_moves: u64,
        other_moves: u64,
    ) -> i32 {
        use std::arch::x86_64::*;
        assert_eq!(self.hidden, N * 32);
        assert_eq!(self.first.len(), INPUTS * N * 32);
        let mut acc = [_mm512_setzero_si512(); N];
        let base = self.first.as_ptr();
        for_each_input(board, own_moves, other_moves, |i| {
            for (k, a) in acc.iter_mut().enumerate() {
                // SAFETY: `i` < INPUTS and k < N, so the 32 weights read lie in `first`
                // (its length checked above); unaligned loads are allowed.
                let w = unsafe { _mm512_loadu_si512(base.add((i * N + k) * 32).cast()) };
                // No add overflows: every partial sum is over inputs that are on, which
                // `fits_i16` bounds.
                *a = _mm512_add_epi16(*a, w);
            }
        });
        let mut total = _mm512_setzero_si512();
        for (k, a) in acc.iter().enumerate() {
            let relu = _mm512_max_epi16(*a, _mm512_setzero_si512());
            // SAFETY: `second` holds N * 32 weights (`hidden`).
            let w = unsafe { _mm512_loadu_si512(self.second.as_ptr().add(k * 32).cast()) };
            // Two products of at most 2^15 · 2^15 each: their sum fits an i32 lane.
            let pairs = _mm512_madd_epi16(relu, w);
            total = _mm512_add_epi64(total, _mm512_cvtepi32_epi64(_mm512_castsi512_si256(pairs)));
            total = _mm512_add_epi64(
                total,
                _mm512_cvtepi32_epi64(_mm512_extracti64x4_epi64::<1>(pairs)),
            );
        }
        round_output(_mm512_reduce_add_epi64(total) + i64::from(self.out_bias))
    }

    /// [`PhaseNet::hundredths`] for a narrow network on a CPU with AVX2: as
    /// [`PhaseNet::hundredths_avx512`], 16 units to a register.
    ///
    /// # Safety
    /// The CPU must have AVX2; the network must be narrow.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,avx2")]
    unsafe fn hundredths_avx2(&self, board: &Board, own_moves: u64, other_moves: u64) -> i32 {
        match self.hidden {
            16 => self.vector_sum_avx2::<1>(board, own_moves, other_moves),
            32 => self.vector_sum_avx2::<2>(board, own_moves, other_moves),
            64 => self.vector_sum_avx2::<4>(board, own_moves, other_moves),
            _ => self.vector_sum_avx2::<8>(board, own_moves, other_moves),
        }
    }

    /// The body of [`PhaseNet::hundredths_avx2`] for `N` registers of 16 units.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,avx2")]
    fn vector_sum_avx2<const N: usize>(
        &self,
        board: &Board,
        own_moves: u64,
        other_moves: u64,
    ) -> i32 {
        use std::arch::x86_64::*;
        assert_eq!(self.hidden, N * 16);
        assert_eq!(self.first.len(), INPUTS * N * 16);
        let mut acc = [_mm256_setzero_si256(); N];
        let base = self.first.as_ptr();
        for_each_input(board, own_moves, other_moves, |i| {
            for (k, a) in acc.iter_mut().enumerate() {
                // SAFETY: as in `vector_sum_avx512`, 16 weights a register.
                let w = unsafe { _mm256_loadu_si256(base.add((i * N + k) * 16).cast()) };
                *a = _mm256_add_epi16(*a, w);
            }
        });
        let mut total = _mm256_setzero_si256();
        for (k, a) in acc.iter().enumerate() {
            let relu = _mm256_max_epi16(*a, _mm256_setzero_si256());
            // SAFETY: `second` holds N * 16 weights.
            let w = unsafe { _mm256_loadu_si256(self.second.as_ptr().add(k * 16).cast()) };
            let pairs = _mm256_madd_epi16(relu, w);
            total = _mm256_add_epi64(total, _mm256_cvtepi32_epi64(_mm256_castsi256_si128(pairs)));
            total = _mm256_add_epi64(
                total,
                _mm256_cvtepi32_epi64(_mm256_extracti128_si256::<1>(pairs)),
            );
        }
        let mut lanes = [0i64; 4];
        // SAFETY: four i64 lanes into four i64s.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), total) };
        round_output(lanes.iter().sum::<i64>() + i64::from(self.out_bias))
    }

    /// The hidden units' sums, in `A` (`i16` only where [`PhaseNet::narrow`] says no sum
    /// overflows it).
    #[inline(always)]
    fn first_layer<const H: usize, A: Accumulator>(
        &self,
        board: &Board,
        own_moves: u64,
        other_moves: u64,
    ) -> [A; H] {
        let mut acc = [A::default(); H];
        for_each_input(board, own_moves, other_moves, |i| {
            let row: &[i16; H] = self.first[i * H..(i + 1) * H]
                .try_into()
                .expect("rows of H weights");
            for (a, &w) in acc.iter_mut().zip(row) {
                *a = a.add(w);
            }
        });
        acc
    }

    /// The output from the hidden units' sums, in hundredths of a disc.
    #[inline(always)]
    fn output<const H: usize, A: Accumulator>(&self, acc: &[A; H]) -> i32 {
        let second: &[i16; H] = self.second[..H].try_into().expect("H weights");
        let sum = acc
            .iter()
            .zip(second)
            .fold(i64::from(self.out_bias), |s, (&a, &w)| {
                s + i64::from(a.widen().max(0)) * i64::from(w)
            });
        round_output(sum)
    }

    /// The network's output in discs, from its stored integers (as the evaluation reads it).
    pub fn discs(&self, board: &Board) -> f32 {
        let own = board.moves();
        let other = board.pass().moves();
        self.hundredths(board, own, other) as f32 / 100.0
    }

    /// Appends the stored form: the hidden size, then every weight zigzagged as a varint
    /// (first layer input by input, second layer, the output's constant).
    pub(super) fn write(&self, out: &mut Vec<u8>) {
        put_varint(out, self.hidden as u64);
        for &w in self.first.iter().chain(&self.second) {
            put_varint(out, u64::from(zigzag(i32::from(w))));
        }
        put_varint(out, u64::from(zigzag(self.out_bias)));
    }

    /// Reads what [`PhaseNet::write`] wrote, from `data[*at..]`.
    pub(super) fn read(data: &[u8], at: &mut usize) -> Result<PhaseNet, NetError> {
        let mut next = || read_varint(data, at).ok_or(NetError::Truncated);
        let hidden = usize::try_from(next()?).unwrap_or(usize::MAX);
        if !HIDDEN_SIZES.contains(&hidden) {
            return Err(NetError::Hidden(hidden));
        }
        let mut weight16 = || -> Result<i16, NetError> {
            let z = u32::try_from(next()?).map_err(|_| NetError::OutOfRange)?;
            i16::try_from(unzigzag(z)).map_err(|_| NetError::OutOfRange)
        };
        let first = (0..INPUTS * hidden)
            .map(|_| weight16())
            .collect::<Result<Vec<_>, _>>()?;
        let second = (0..hidden)
            .map(|_| weight16())
            .collect::<Result<Vec<_>, _>>()?;
        let z = u32::try_from(next()?).map_err(|_| NetError::OutOfRange)?;
        Ok(PhaseNet {
            hidden,
            narrow: fits_i16(&first, hidden),
            first,
            second,
            out_bias: unzigzag(z),
        })
    }
}

/// The type the first layer is summed in.
trait Accumulator: Copy + Default {
    fn add(self, w: i16) -> Self;
    fn widen(self) -> i32;
}

impl Accumulator for i16 {
    #[inline(always)]
    fn add(self, w: i16) -> i16 {
        // Never wraps: used only where the weights' absolute sums fit (`fits_i16`).
        self.wrapping_add(w)
    }
    #[inline(always)]
    fn widen(self) -> i32 {
        i32::from(self)
    }
}

impl Accumulator for i32 {
    #[inline(always)]
    fn add(self, w: i16) -> i32 {
        self + i32::from(w)
    }
    #[inline(always)]
    fn widen(self) -> i32 {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_the_discs_moves_count_parity_and_constant() {
        let board = Board::start();
        let mut on = Vec::new();
        for_each_input(&board, board.moves(), board.pass().moves(), |i| on.push(i));
        // 2 + 2 discs, 4 + 4 moves, the count, the parity pattern, the constant.
        assert_eq!(on.len(), 15);
        assert!(on.contains(&(EMPTIES_AT + 60)));
        // Every quadrant of the start has 15 empties: all four parities odd.
        assert!(on.contains(&(PARITY_AT + 0b1111)));
        assert_eq!(on.last(), Some(&CONSTANT));
        assert!(on.iter().all(|&i| i < INPUTS));
    }

    fn test_net(hidden: usize) -> PhaseNet {
        let first: Vec<f32> = (0..INPUTS * hidden)
            .map(|k| ((k * 37 % 101) as f32 - 50.0) / 200.0)
            .collect();
        let second: Vec<f32> = (0..hidden).map(|k| (k as f32 - 10.0) / 16.0).collect();
        PhaseNet::from_floats(hidden, &first, &second, 1.5)
    }

    #[test]
    fn the_integer_output_matches_the_float_network() {
        let net = test_net(32);
        let board = Board::new(0x0000_1818_2400_0081, 0x0042_2400_1800_0000);
        let (own, other) = (board.moves(), board.pass().moves());
        // The same sum in floats, from the rounded weights.
        let mut acc = [0f64; 32];
        for_each_input(&board, own, other, |i| {
            for (j, a) in acc.iter_mut().enumerate() {
                *a += f64::from(net.first[i * 32 + j]) / f64::from(FIRST_SCALE);
            }
        });
        let out = acc.iter().zip(&net.second).fold(
            f64::from(net.out_bias) / f64::from(OUT_SCALE),
            |s, (a, &w)| s + a.max(0.0) * f64::from(w) / f64::from(SECOND_SCALE),
        );
        let got = net.hundredths(&board, own, other);
        assert!(
            (f64::from(got) - out * 100.0).abs() <= 0.5 + 1e-9,
            "{got} vs {out}"
        );
        assert_ne!(got, 0);
    }

    #[test]
    fn sums_in_16_bits_where_they_fit_and_in_32_where_they_might_not() {
        let net = test_net(32);
        assert!(net.narrow, "the test net's weights are small");
        let mut wide = net.clone();
        wide.narrow = false;
        // Large weights: some sum could overflow 16 bits.
        let big = PhaseNet::from_floats(16, &vec![1.0; INPUTS * 16], &[0.5; 16], 0.0);
        assert!(!big.narrow);
        for board in [
            Board::start(),
            Board::new(0x0000_1818_2400_0081, 0x0042_2400_1800_0000),
            Board::new(
                0x00FF_00FF_00FF_00FF,
                0xFF00_FF00_FF00_FF00 & !0x8100_0000_0000_0000,
            ),
        ] {
            let (own, other) = (board.moves(), board.pass().moves());
            assert_eq!(
                net.hundredths(&board, own, other),
                wide.hundredths(&board, own, other)
            );
            // All on inputs, 256 each, times 0.5 per unit, 16 units.
            let mut on = 0;
            for_each_input(&board, own, other, |_| on += 1);
            assert_eq!(big.hundredths(&board, own, other), on * 8 * 100);
        }
    }

    #[test]
    fn the_largest_weights_a_file_can_hold_stay_within_the_limit() {
        // Every weight at i16::MAX in 128 units on a board of 62 discs (about 65 inputs on):
        // unbounded, the output would be about 3.4e9 hundredths, past what an i32 holds, and
        // wrap round to a large negative score.
        let big = PhaseNet::from_floats(128, &vec![1e6; INPUTS * 128], &[1e6; 128], 0.0);
        let small = PhaseNet::from_floats(128, &vec![1e6; INPUTS * 128], &[-1e6; 128], 0.0);
        let board = Board::new(
            0x00FF_00FF_00FF_00FF,
            0xFF00_FF00_FF00_FF00 & !0x8100_0000_0000_0000,
        );
        let (own, other) = (board.moves(), board.pass().moves());
        assert_eq!(big.hundredths(&board, own, other), OUTPUT_LIMIT as i32);
        assert_eq!(reference(&big, &board, own, other), OUTPUT_LIMIT as i32);
        assert_eq!(small.hundredths(&board, own, other), -(OUTPUT_LIMIT as i32));
    }

    /// The output summed in 32 bits by the portable code: what every faster path must give.
    fn reference(net: &PhaseNet, board: &Board, own: u64, other: u64) -> i32 {
        let mut wide = net.clone();
        wide.narrow = false;
        match net.hidden {
            16 => wide.output(&wide.first_layer::<16, i32>(board, own, other)),
            32 => wide.output(&wide.first_layer::<32, i32>(board, own, other)),
            64 => wide.output(&wide.first_layer::<64, i32>(board, own, other)),
            _ => wide.output(&wide.first_layer::<128, i32>(board, own, other)),
        }
    }

    #[test]
    fn every_path_of_every_size_scores_alike() {
        let boards = [
            Board::start(),
            Board::new(0x0000_1818_2400_0081, 0x0042_2400_1800_0000),
            Board::new(0x0010_3C7E_2418_0000, 0x2C00_0000_5A24_3C00),
        ];
        for hidden in HIDDEN_SIZES {
            // Weights of both signs, up to 0.8 disc: their absolute sums over all inputs
            // pass 16 bits, so only the bound on what a position can reach keeps it narrow.
            let first: Vec<f32> = (0..INPUTS * hidden)
                .map(|k| ((k * 7919 % 241) as f32 - 120.0) / 150.0)
                .collect();
            let second: Vec<f32> = (0..hidden).map(|k| (k as f32 - 20.0) / 8.0).collect();
            let net = PhaseNet::from_floats(hidden, &first, &second, -0.75);
            assert!(net.narrow, "{hidden}");
            let unit_sum = |j: usize| -> i32 {
                net.first[j..]
                    .iter()
                    .step_by(hidden)
                    .map(|&w| i32::from(w).abs())
                    .sum()
            };
            assert!((0..hidden).all(|j| unit_sum(j) > i32::from(i16::MAX)));
            for board in boards {
                let (own, other) = (board.moves(), board.pass().moves());
                let want = reference(&net, &board, own, other);
                assert_eq!(net.hundredths(&board, own, other), want, "{hidden}");
                let h = |n: &PhaseNet| match hidden {
                    16 => n.output(&n.first_layer::<16, i16>(&board, own, other)),
                    32 => n.output(&n.first_layer::<32, i16>(&board, own, other)),
                    64 => n.output(&n.first_layer::<64, i16>(&board, own, other)),
                    _ => n.output(&n.first_layer::<128, i16>(&board, own, other)),
                };
                assert_eq!(h(&net), want, "{hidden}, 16 bits");
                #[cfg(target_arch = "x86_64")]
                if crate::simd::fast_cpu() {
                    // SAFETY: the CPU has AVX2 (`fast_cpu`), and the net is narrow.
                    let got = unsafe { net.hundredths_avx2(&board, own, other) };
                    assert_eq!(got, want, "{hidden}, AVX2");
                }
                #[cfg(target_arch = "x86_64")]
                if crate::simd::bitalg_cpu() && hidden >= 32 {
                    // SAFETY: the CPU has AVX-512 BW (`bitalg_cpu`), the net is narrow.
                    let got = unsafe { net.hundredths_avx512(&board, own, other) };
                    assert_eq!(got, want, "{hidden}, AVX-512");
                }
            }
        }
    }

    #[test]
    fn narrow_counts_only_the_inputs_one_position_can_have_on() {
        // 100/256 of a disc on every input: 337 of them would pass 16 bits, but a position
        // has at most one of each square's disc inputs (or both its move inputs), one count
        // and one parity pattern: 64 · 200 + 300 = 13,100.
        let net = PhaseNet::from_floats(16, &vec![100.0 / 256.0; INPUTS * 16], &[0.5; 16], 0.0);
        assert!(net.narrow);
        let mut first = vec![0.0; INPUTS * 16];
        // One unit's move inputs at 255/256: 64 · 2 · 255 + 3 · 400 > 32,767 (both sides'
        // moves on one square can be on together).
        for i in 128..256 {
            first[i * 16] = 255.0 / 256.0;
        }
        for i in EMPTIES_AT..INPUTS {
            first[i * 16] = 400.0 / 256.0;
        }
        let net = PhaseNet::from_floats(16, &first, &[0.5; 16], 0.0);
        assert!(!net.narrow);
    }

    #[test]
    fn stored_networks_read_back_and_damage_is_refused() {
        for hidden in HIDDEN_SIZES {
            let net = test_net(hidden);
            let mut bytes = Vec::new();
            net.write(&mut bytes);
            let mut at = 0;
            assert_eq!(PhaseNet::read(&bytes, &mut at), Ok(net.clone()));
            assert_eq!(at, bytes.len());
            let mut at = 0;
            assert_eq!(
                PhaseNet::read(&bytes[..bytes.len() - 1], &mut at),
                Err(NetError::Truncated)
            );
        }
        let mut bytes = Vec::new();
        put_varint(&mut bytes, 24);
        assert_eq!(PhaseNet::read(&bytes, &mut 0), Err(NetError::Hidden(24)));
        let mut bytes = Vec::new();
        put_varint(&mut bytes, 16);
        put_varint(&mut bytes, 70_000);
        assert_eq!(PhaseNet::read(&bytes, &mut 0), Err(NetError::OutOfRange));
    }
}
