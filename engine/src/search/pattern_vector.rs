//! The patterns read many placements at a time. Bit extraction (two `pext` and two table
//! look-ups per placement, 46 times a position) was half of the evaluation's time. With
//! AVX-512 BW, BITALG and VNNI (AMD Zen 4, Intel Ice Lake and later) a bit shuffle per side
//! picks the squares of sixteen placements into bytes at once, a dot product per four bytes
//! turns their digits into base 3, and a gather reads the weights; with AVX2 alone a byte
//! shuffle and a compare per side do it for eight. In the browser (WebAssembly's 128-bit
//! SIMD) the same byte shuffle and compare read four at a time, and four plain loads take
//! the place of the gather. The table entries are the scalar readings' own (the tests
//! compare them; the web build's test compares the browser's scores with the desktop's),
//! so every build scores a position alike.

#[cfg(target_arch = "wasm32")]
use std::arch::wasm32::*;
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// Placements read together: one 32-bit lane each in a 512-bit register.
#[cfg(target_arch = "x86_64")]
const LANES: usize = 16;
/// Placements read together in a 256-bit register (the AVX2 build), or in two 128-bit
/// registers (WebAssembly's).
const NARROW_LANES: usize = 8;
/// Digits in one lane of bytes (a lane's four bytes become its digits' base-3 value).
const DIGITS_PER_LANE: usize = 4;
/// Registers of digits a group may need: placements have at most 12 squares.
const MAX_CHUNKS: usize = 3;

/// Sixteen placements (or fewer, in the last group) read together.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Debug)]
struct Group {
    /// Per register of digits (`chunks` of them), per byte: the square whose digit it
    /// holds; lane `l`'s bytes hold digits `4k..4k+4` of its placement in register `k`,
    /// least significant first.
    squares: [[u8; 64]; MAX_CHUNKS],
    /// The digit's place value within its four (1, 3, 9, 27); 0 where a byte holds no digit
    /// (the square it reads is then any square and counts for nothing).
    places: [[i8; 64]; MAX_CHUNKS],
    /// Registers of digits in use: the most digits of the group's placements, by fours.
    chunks: usize,
    /// Each lane's table offset in a phase's weights.
    offsets: [u32; LANES],
    /// The lanes that hold a placement.
    lanes: u16,
}

/// Eight placements read together with AVX2, which has no bit shuffle: each byte takes the
/// byte of the board that holds its square (a byte shuffle within each 128-bit half, where
/// the board is repeated) and tests the square's bit in it.
#[derive(Clone, Debug)]
struct NarrowGroup {
    /// Per register of digits, per byte: which of the board's bytes holds its square.
    bytes: [[u8; 32]; MAX_CHUNKS],
    /// Per register of digits, per byte: its square's bit within that byte.
    bits: [[u8; 32]; MAX_CHUNKS],
    /// The digit's place value within its pair (1, 3), 0 where a byte holds no digit; the
    /// pairs are then weighed 1 and 9.
    #[cfg(target_arch = "x86_64")]
    places: [[i8; 32]; MAX_CHUNKS],
    /// The digit's place value within its four (1, 3, 9, 27), 0 where a byte holds no
    /// digit: WebAssembly has no byte multiplication, so its reading masks these instead.
    #[cfg(target_arch = "wasm32")]
    quads: [[u8; 32]; MAX_CHUNKS],
    /// Registers of digits in use, as in [`Group`].
    chunks: usize,
    /// Each lane's table offset in a phase's weights.
    offsets: [u32; NARROW_LANES],
    /// Each lane's gather mask: all ones where the lane holds a placement.
    lanes: [i32; NARROW_LANES],
}

/// Every placement of the layout, grouped for the vector readings.
#[derive(Clone, Debug)]
pub(crate) struct VectorReading {
    #[cfg(target_arch = "x86_64")]
    groups: Vec<Group>,
    narrow: Vec<NarrowGroup>,
    /// The largest table entry any placement can reach (within a phase).
    largest: usize,
}

/// Where a group's digits go, whichever reading holds them: placement `lane` takes lane
/// `lane`, its digits four to a lane of bytes, least significant first. Yields each digit's
/// register, byte, place within its four (3^place) and square.
fn digit_slots(members: &[&(Vec<u8>, u32)]) -> impl Iterator<Item = (usize, usize, u32, u8)> {
    members.iter().enumerate().flat_map(|(lane, (squares, _))| {
        // Digit j (3^j) is the j-th square from the end.
        squares.iter().rev().enumerate().map(move |(j, &sq)| {
            let within = j % DIGITS_PER_LANE;
            (
                j / DIGITS_PER_LANE,
                lane * DIGITS_PER_LANE + within,
                within as u32,
                sq,
            )
        })
    })
}

/// Registers of digits a group needs: its longest placement's digits, by fours.
fn chunks(members: &[&(Vec<u8>, u32)]) -> usize {
    members
        .iter()
        .map(|(squares, _)| squares.len().div_ceil(DIGITS_PER_LANE))
        .max()
        .unwrap_or(0)
}

impl VectorReading {
    /// The reading of `placements`: each one's squares (most significant digit first, as
    /// the scalar readings take them) and its pattern's table offset.
    pub(crate) fn new(placements: &[(Vec<u8>, u32)]) -> VectorReading {
        for (squares, _) in placements {
            assert!(
                squares.len() <= MAX_CHUNKS * DIGITS_PER_LANE,
                "a placement too long"
            );
        }
        let largest = placements
            .iter()
            .map(|(squares, offset)| *offset as usize + 3usize.pow(squares.len() as u32) - 1)
            .max()
            .unwrap_or(0);
        // Longest first, so that the few long placements share the groups with three
        // registers of digits.
        let mut order: Vec<&(Vec<u8>, u32)> = placements.iter().collect();
        order.sort_by_key(|(squares, _)| std::cmp::Reverse(squares.len()));
        #[cfg(target_arch = "x86_64")]
        let groups = order
            .chunks(LANES)
            .map(|members| {
                let mut group = Group {
                    squares: [[0; 64]; MAX_CHUNKS],
                    places: [[0; 64]; MAX_CHUNKS],
                    chunks: chunks(members),
                    offsets: [0; LANES],
                    lanes: 0,
                };
                for (lane, (_, offset)) in members.iter().enumerate() {
                    group.offsets[lane] = *offset;
                    group.lanes |= 1 << lane;
                }
                for (chunk, byte, place, sq) in digit_slots(members) {
                    group.squares[chunk][byte] = sq;
                    group.places[chunk][byte] = 3i8.pow(place);
                }
                group
            })
            .collect();
        let narrow = order
            .chunks(NARROW_LANES)
            .map(|members| {
                let mut group = NarrowGroup {
                    bytes: [[0; 32]; MAX_CHUNKS],
                    bits: [[0; 32]; MAX_CHUNKS],
                    #[cfg(target_arch = "x86_64")]
                    places: [[0; 32]; MAX_CHUNKS],
                    #[cfg(target_arch = "wasm32")]
                    quads: [[0; 32]; MAX_CHUNKS],
                    chunks: chunks(members),
                    offsets: [0; NARROW_LANES],
                    lanes: [0; NARROW_LANES],
                };
                for (lane, (_, offset)) in members.iter().enumerate() {
                    group.offsets[lane] = *offset;
                    group.lanes[lane] = -1;
                }
                // Pairs of digits (places 1 and 3) are weighed 1 and 9 afterwards.
                for (chunk, byte, place, sq) in digit_slots(members) {
                    group.bytes[chunk][byte] = sq / 8;
                    group.bits[chunk][byte] = 1 << (sq % 8);
                    #[cfg(target_arch = "x86_64")]
                    {
                        group.places[chunk][byte] = 3i8.pow(place % 2);
                    }
                    #[cfg(target_arch = "wasm32")]
                    {
                        group.quads[chunk][byte] = 3u8.pow(place);
                    }
                }
                group
            })
            .collect();
        VectorReading {
            #[cfg(target_arch = "x86_64")]
            groups,
            narrow,
            largest,
        }
    }

    /// Both readings' gathers read two weights (four bytes) at each entry, the entry's and
    /// the next: every entry a placement can reach must have one after it in `weights`.
    #[inline(always)]
    fn check_weights(&self, weights: &[i16]) {
        assert!(
            self.largest + 1 < weights.len(),
            "weights shorter than the layout"
        );
    }

    /// [`VectorReading::sum`] eight placements at a time with AVX2.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn sum_narrow(&self, p: u64, o: u64, weights: &[i16]) -> i32 {
        self.check_weights(weights);
        let own = _mm256_set1_epi64x(p as i64);
        let other = _mm256_set1_epi64x(o as i64);
        let pairs_weight = _mm256_set1_epi32(0x0009_0001);
        let mut total = _mm256_setzero_si256();
        for group in &self.narrow {
            let mut index = _mm256_setzero_si256();
            // Horner's rule from the most significant four digits down: 81 = 3^4.
            for k in (0..group.chunks).rev() {
                // SAFETY: each array holds 32 bytes, unaligned loads are allowed.
                let (bytes, bits, places) = unsafe {
                    (
                        _mm256_loadu_si256(group.bytes[k].as_ptr().cast()),
                        _mm256_loadu_si256(group.bits[k].as_ptr().cast()),
                        _mm256_loadu_si256(group.places[k].as_ptr().cast()),
                    )
                };
                let has = |side: __m256i| {
                    let byte = _mm256_shuffle_epi8(side, bytes);
                    _mm256_cmpeq_epi8(_mm256_and_si256(byte, bits), bits)
                };
                // -1 where a square is the side's: digit 1 for the side to move, 2 for the
                // other (a byte without a digit has place 0).
                let (mine, theirs) = (has(own), has(other));
                let digits = _mm256_sub_epi8(
                    _mm256_setzero_si256(),
                    _mm256_add_epi8(mine, _mm256_add_epi8(theirs, theirs)),
                );
                let pairs = _mm256_maddubs_epi16(digits, places);
                index = _mm256_mullo_epi32(index, _mm256_set1_epi32(81));
                index = _mm256_add_epi32(index, _mm256_madd_epi16(pairs, pairs_weight));
            }
            // SAFETY: 8-lane arrays of u32 and i32.
            let (offsets, lanes) = unsafe {
                (
                    _mm256_loadu_si256(group.offsets.as_ptr().cast()),
                    _mm256_loadu_si256(group.lanes.as_ptr().cast()),
                )
            };
            index = _mm256_add_epi32(index, offsets);
            // SAFETY: as in `sum`: every entry read is at most `largest`, and `largest + 1`
            // is inside `weights`; lanes without a placement are not read.
            let pairs = unsafe {
                _mm256_mask_i32gather_epi32::<2>(
                    _mm256_setzero_si256(),
                    weights.as_ptr().cast(),
                    index,
                    lanes,
                )
            };
            total = _mm256_add_epi32(
                total,
                _mm256_srai_epi32::<16>(_mm256_slli_epi32::<16>(pairs)),
            );
        }
        let x = _mm_add_epi32(
            _mm256_castsi256_si128(total),
            _mm256_extracti128_si256::<1>(total),
        );
        let x = _mm_add_epi32(x, _mm_shuffle_epi32::<0b0100_1110>(x));
        let x = _mm_add_epi32(x, _mm_shuffle_epi32::<0b1011_0001>(x));
        _mm_cvtsi128_si32(x)
    }

    /// The sum of `weights` (a phase's) over the table entries of every placement with `p`
    /// the side to move's discs (digit 1) and `o` the other side's (digit 2).
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, BW, BITALG and VNNI.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw,avx512bitalg,avx512vnni")]
    pub(crate) unsafe fn sum(&self, p: u64, o: u64, weights: &[i16]) -> i32 {
        self.check_weights(weights);
        let own = _mm512_set1_epi64(p as i64);
        let other = _mm512_set1_epi64(o as i64);
        let one = _mm512_set1_epi8(1);
        let two = _mm512_set1_epi8(2);
        let mut total = _mm512_setzero_si512();
        for group in &self.groups {
            let mut index = _mm512_setzero_si512();
            // Horner's rule from the most significant four digits down: 81 = 3^4.
            for k in (0..group.chunks).rev() {
                // SAFETY: both arrays hold 64 bytes, unaligned loads are allowed.
                let (squares, places) = unsafe {
                    (
                        _mm512_loadu_si512(group.squares[k].as_ptr().cast()),
                        _mm512_loadu_si512(group.places[k].as_ptr().cast()),
                    )
                };
                let mine = _mm512_bitshuffle_epi64_mask(own, squares);
                let theirs = _mm512_bitshuffle_epi64_mask(other, squares);
                let digits = _mm512_mask_mov_epi8(_mm512_maskz_mov_epi8(mine, one), theirs, two);
                index = _mm512_mullo_epi32(index, _mm512_set1_epi32(81));
                index = _mm512_dpbusd_epi32(index, digits, places);
            }
            // SAFETY: a 16-lane array of u32.
            let offsets = unsafe { _mm512_loadu_si512(group.offsets.as_ptr().cast()) };
            index = _mm512_add_epi32(index, offsets);
            // SAFETY: every lane's entry is at most `largest`, and `largest + 1` is inside
            // `weights` (checked above), so each four-byte read stays in the slice; lanes
            // without a placement are not read.
            let pairs = unsafe {
                _mm512_mask_i32gather_epi32::<2>(
                    _mm512_setzero_si512(),
                    group.lanes,
                    index,
                    weights.as_ptr().cast(),
                )
            };
            // The entry's weight is the low half of each lane: sign-extend it.
            total = _mm512_add_epi32(
                total,
                _mm512_srai_epi32::<16>(_mm512_slli_epi32::<16>(pairs)),
            );
        }
        _mm512_reduce_add_epi32(total)
    }

    /// [`VectorReading::sum`] four placements at a time with WebAssembly's 128-bit SIMD
    /// (every browser since 2023 runs it): each half of an eight-placement group as in
    /// [`VectorReading::sum_narrow`], the digits weighed by masking their place values
    /// (digit 1: the place, digit 2: twice it) and summed four bytes to a lane.
    #[cfg(target_arch = "wasm32")]
    #[target_feature(enable = "simd128")]
    pub(crate) fn sum_simd128(&self, p: u64, o: u64, weights: &[i16]) -> i32 {
        self.check_weights(weights);
        let own = u64x2_splat(p);
        let other = u64x2_splat(o);
        let mut total = 0i32;
        for group in &self.narrow {
            for half in 0..2 {
                let mut index = i32x4_splat(0);
                // Horner's rule from the most significant four digits down: 81 = 3^4.
                for k in (0..group.chunks).rev() {
                    // SAFETY: each row holds 32 bytes, so 16 from 16 * half are inside it;
                    // unaligned loads are allowed.
                    let load =
                        |row: &[u8; 32]| unsafe { v128_load(row.as_ptr().add(16 * half).cast()) };
                    let (bytes, bits) = (load(&group.bytes[k]), load(&group.bits[k]));
                    let quads = load(&group.quads[k]);
                    let has =
                        |side: v128| i8x16_eq(v128_and(i8x16_swizzle(side, bytes), bits), bits);
                    let weighed = u8x16_add(
                        v128_and(has(own), quads),
                        v128_and(has(other), u8x16_add(quads, quads)),
                    );
                    // Four bytes to a lane: pairs of bytes, then pairs of pairs by a dot
                    // product with ones (one instruction where the unsigned pairwise sum of
                    // 16-bit lanes takes several; the sums are far below 2^15).
                    let pairs = u16x8_extadd_pairwise_u8x16(weighed);
                    let lanes = i32x4_dot_i16x8(pairs, i16x8_splat(1));
                    index = i32x4_add(i32x4_mul(index, i32x4_splat(81)), lanes);
                }
                let mut entries = [0u32; 4];
                // SAFETY: `entries` holds 16 bytes; unaligned stores are allowed.
                unsafe { v128_store(entries.as_mut_ptr().cast(), index) };
                for (lane, entry) in entries.iter().enumerate() {
                    let lane = 4 * half + lane;
                    let at = (entry + group.offsets[lane]) as usize;
                    // SAFETY: every entry a placement reaches is at most `largest`, inside
                    // `weights` (checked above); a lane without a placement reads entry 0
                    // and its mask drops it.
                    let weight = i32::from(unsafe { *weights.get_unchecked(at) });
                    total += weight & group.lanes[lane];
                }
            }
        }
        total
    }
}
