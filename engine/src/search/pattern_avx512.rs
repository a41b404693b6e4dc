//! The patterns read sixteen placements at a time, for CPUs with AVX-512 BW, BITALG and VNNI
//! (AMD Zen 4, Intel Ice Lake and later). The bit extraction of the AVX2 build takes two
//! `pext` and two table look-ups per placement, 46 times a position, and that loop was half
//! of the evaluation's time; here a bit shuffle per side picks the squares of sixteen
//! placements into bytes at once, a dot product per four bytes turns their digits into
//! base 3, and a gather reads the weights. The table entries are the scalar readings' own
//! (the tests compare them), so every build scores a position alike.

use std::arch::x86_64::*;

/// Placements read together: one 32-bit lane each in a 512-bit register.
const LANES: usize = 16;
/// Digits in one lane of bytes (a lane's four bytes become its digits' base-3 value).
const DIGITS_PER_LANE: usize = 4;
/// Registers of digits a group may need: placements have at most 12 squares.
const MAX_CHUNKS: usize = 3;

/// Sixteen placements (or fewer, in the last group) read together.
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

/// Every placement of the layout, grouped for the vector reading.
#[derive(Clone, Debug)]
pub(crate) struct VectorReading {
    groups: Vec<Group>,
    /// The largest table entry any placement can reach (within a phase).
    largest: usize,
}

impl VectorReading {
    /// The reading of `placements`: each one's squares (most significant digit first, as
    /// the scalar readings take them) and its pattern's table offset.
    pub(crate) fn new(placements: &[(Vec<u8>, u32)]) -> VectorReading {
        // Longest first, so that the few long placements share the groups with three
        // registers of digits.
        let mut order: Vec<&(Vec<u8>, u32)> = placements.iter().collect();
        order.sort_by_key(|(squares, _)| std::cmp::Reverse(squares.len()));
        let mut largest = 0;
        let groups = order
            .chunks(LANES)
            .map(|members| {
                let mut group = Group {
                    squares: [[0; 64]; MAX_CHUNKS],
                    places: [[0; 64]; MAX_CHUNKS],
                    chunks: 0,
                    offsets: [0; LANES],
                    lanes: 0,
                };
                for (lane, (squares, offset)) in members.iter().enumerate() {
                    let n = squares.len();
                    assert!(n <= MAX_CHUNKS * DIGITS_PER_LANE, "a placement too long");
                    group.chunks = group.chunks.max(n.div_ceil(DIGITS_PER_LANE));
                    group.offsets[lane] = *offset;
                    group.lanes |= 1 << lane;
                    // Digit place j (3^j) is the j-th square from the end.
                    for (j, &sq) in squares.iter().rev().enumerate() {
                        let byte = lane * DIGITS_PER_LANE + j % DIGITS_PER_LANE;
                        let chunk = j / DIGITS_PER_LANE;
                        group.squares[chunk][byte] = sq;
                        group.places[chunk][byte] = 3i8.pow((j % DIGITS_PER_LANE) as u32);
                    }
                    largest = largest.max(*offset as usize + 3usize.pow(n as u32) - 1);
                }
                group
            })
            .collect();
        VectorReading { groups, largest }
    }

    /// The sum of `weights` (a phase's) over the table entries of every placement with `p`
    /// the side to move's discs (digit 1) and `o` the other side's (digit 2).
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, BW, BITALG and VNNI.
    #[target_feature(enable = "avx512f,avx512bw,avx512bitalg,avx512vnni")]
    pub(crate) unsafe fn sum(&self, p: u64, o: u64, weights: &[i16]) -> i32 {
        // The gather reads two weights (four bytes) at each entry: the entry's and the next.
        assert!(
            self.largest + 1 < weights.len(),
            "weights shorter than the layout"
        );
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
}
