//! AVX2 versions of move generation and flips: the four direction pairs (or the eight rays)
//! handled as lanes of one 256-bit vector. Compiled only for x86-64 and only called after
//! runtime detection (see `simd.rs`); results equal the portable `bits.rs` exactly.

use std::arch::x86_64::*;

const NOT_EDGE_COLUMNS: i64 = 0x7E7E_7E7E_7E7E_7E7E;

#[inline]
#[target_feature(enable = "avx2")]
fn or_lanes(v: __m256i) -> u64 {
    let x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    (_mm_cvtsi128_si64(x) | _mm_extract_epi64::<1>(x)) as u64
}

/// Legal placements: Kogge-Stone fill with doubling in four directions at once
/// (lanes: east-west, north-south, and both diagonals).
#[inline]
#[target_feature(enable = "avx2")]
pub fn moves(p: u64, o: u64) -> u64 {
    let pp = _mm256_set1_epi64x(p as i64);
    let mask = _mm256_and_si256(
        _mm256_set1_epi64x(o as i64),
        _mm256_set_epi64x(NOT_EDGE_COLUMNS, NOT_EDGE_COLUMNS, -1, NOT_EDGE_COLUMNS),
    );
    let shift = _mm256_set_epi64x(9, 7, 8, 1);
    let shift2 = _mm256_add_epi64(shift, shift);

    let mut up = _mm256_and_si256(mask, _mm256_sllv_epi64(pp, shift));
    up = _mm256_or_si256(up, _mm256_and_si256(mask, _mm256_sllv_epi64(up, shift)));
    let pre_up = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, shift));
    up = _mm256_or_si256(up, _mm256_and_si256(pre_up, _mm256_sllv_epi64(up, shift2)));
    up = _mm256_or_si256(up, _mm256_and_si256(pre_up, _mm256_sllv_epi64(up, shift2)));

    let mut down = _mm256_and_si256(mask, _mm256_srlv_epi64(pp, shift));
    down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srlv_epi64(down, shift)));
    let pre_down = _mm256_and_si256(mask, _mm256_srlv_epi64(mask, shift));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pre_down, _mm256_srlv_epi64(down, shift2)),
    );
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pre_down, _mm256_srlv_epi64(down, shift2)),
    );

    let reach = _mm256_or_si256(_mm256_sllv_epi64(up, shift), _mm256_srlv_epi64(down, shift));
    or_lanes(reach) & !(p | o)
}

/// [`crate::bits::last_flip_count`] by table: each line's own discs gathered with `pext`.
#[inline]
#[target_feature(enable = "bmi2")]
pub fn last_flip_count(p: u64, sq: usize) -> u32 {
    let lines = &crate::bits::LINES;
    let (mask, index) = (&lines.mask[sq & 63], &lines.index[sq & 63]);
    let mut n = 0;
    for k in 0..4 {
        let own = _pext_u64(p, mask[k]) as usize & 255;
        n += crate::bits::LINE_FLIP_COUNT[index[k] as usize & 7][own] as u32;
    }
    n
}

/// Rays per square: lanes [E, SE, S, SW] (towards higher bits) and [N, NE, W, NW] (lower).
#[repr(C, align(32))]
struct Rays {
    up: [[u64; 4]; 64],
    down: [[u64; 4]; 64],
}

static RAYS: Rays = build();

const fn build() -> Rays {
    let all = crate::bits::RAYS_BY_SQUARE;
    let mut rays = Rays {
        up: [[0; 4]; 64],
        down: [[0; 4]; 64],
    };
    let mut sq = 0;
    while sq < 64 {
        // Direction::ALL order: N, NE, E, SE, S, SW, W, NW.
        rays.up[sq] = [all[sq][2], all[sq][3], all[sq][4], all[sq][5]];
        rays.down[sq] = [all[sq][0], all[sq][1], all[sq][6], all[sq][7]];
        sq += 1;
    }
    rays
}

/// The rays from `sq`: lanes [E, SE, S, SW] towards higher bits, [N, NE, W, NW] lower.
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn rays(sq: usize) -> (__m256i, __m256i) {
    // SAFETY: `sq & 63` is in bounds and both tables are 32-byte aligned.
    unsafe {
        (
            _mm256_load_si256(RAYS.up[sq & 63].as_ptr() as *const __m256i),
            _mm256_load_si256(RAYS.down[sq & 63].as_ptr() as *const __m256i),
        )
    }
}

/// Flipped discs for a placement on `sq`, eight rays in two vectors. Upward rays find the
/// first non-opponent square as the lowest set bit (x & -x); downward rays, since AVX2 has
/// no vector leading-zero count, fill the blockers down their own direction (a ray is at most
/// seven squares, so three doubling steps) and keep what lies above the nearest one.
#[inline]
#[target_feature(enable = "avx2")]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let pp = _mm256_set1_epi64x(p as i64);
    let oo = _mm256_set1_epi64x(o as i64);
    or_lanes(flips_lanes(pp, oo, sq))
}

/// The flips of a placement on `sq` spread over four lanes (OR them for the set): `pp` and
/// `oo` are the player's and opponent's discs broadcast to every lane.
#[inline]
#[target_feature(enable = "avx2")]
fn flips_lanes(pp: __m256i, oo: __m256i, sq: usize) -> __m256i {
    let zero = _mm256_setzero_si256();
    let one = _mm256_set1_epi64x(1);
    let (ray_up, ray_down) = rays(sq);

    let blockers = _mm256_andnot_si256(oo, ray_up);
    let first = _mm256_and_si256(blockers, _mm256_sub_epi64(zero, blockers));
    let missed = _mm256_cmpeq_epi64(_mm256_and_si256(first, pp), zero);
    let below_first = _mm256_and_si256(_mm256_sub_epi64(first, one), ray_up);
    let up = _mm256_andnot_si256(missed, below_first);

    // Downward lanes [N, NE, W, NW] step 8, 7, 1 and 9 bits towards bit 0. Filling the
    // blockers 0-7 steps down their ray covers everything at or below the nearest one; bits
    // that leave the ray (wrapping round a column) lie outside it and are masked off.
    let step = _mm256_set_epi64x(9, 1, 7, 8);
    let blockers = _mm256_andnot_si256(oo, ray_down);
    let mut fill = _mm256_or_si256(blockers, _mm256_srlv_epi64(blockers, step));
    fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, _mm256_add_epi64(step, step)));
    fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, _mm256_slli_epi64::<2>(step)));
    let nearest = _mm256_andnot_si256(_mm256_srlv_epi64(fill, step), blockers);
    let missed = _mm256_cmpeq_epi64(_mm256_and_si256(nearest, pp), zero);
    let above_nearest = _mm256_andnot_si256(fill, ray_down);
    let down = _mm256_andnot_si256(missed, above_nearest);

    _mm256_or_si256(up, down)
}

/// Four lane-spread flip sets to one vector holding each set whole, in order: a 4×4
/// transpose fused with the OR reduction (unpack pairs, then swap 128-bit halves).
#[inline]
#[target_feature(enable = "avx2")]
fn gather_flips(a: __m256i, b: __m256i, c: __m256i, d: __m256i) -> __m256i {
    // [a0|a1, b0|b1, a2|a3, b2|b3] and the same for c, d.
    let ab = _mm256_or_si256(_mm256_unpacklo_epi64(a, b), _mm256_unpackhi_epi64(a, b));
    let cd = _mm256_or_si256(_mm256_unpacklo_epi64(c, d), _mm256_unpackhi_epi64(c, d));
    _mm256_or_si256(
        _mm256_permute2x128_si256::<0x20>(ab, cd),
        _mm256_permute2x128_si256::<0x31>(ab, cd),
    )
}

/// One direction pair of a Kogge-Stone fill with doubling for four boards at once (one per
/// lane): the squares reached from `p` across runs of `mask` discs, shifted `S` and `2S`.
#[inline]
#[target_feature(enable = "avx2")]
fn fill_pair4<const S: i32, const S2: i32>(p: __m256i, mask: __m256i) -> __m256i {
    let mut up = _mm256_and_si256(mask, _mm256_slli_epi64::<S>(p));
    up = _mm256_or_si256(up, _mm256_and_si256(mask, _mm256_slli_epi64::<S>(up)));
    let pre_up = _mm256_and_si256(mask, _mm256_slli_epi64::<S>(mask));
    up = _mm256_or_si256(up, _mm256_and_si256(pre_up, _mm256_slli_epi64::<S2>(up)));
    up = _mm256_or_si256(up, _mm256_and_si256(pre_up, _mm256_slli_epi64::<S2>(up)));

    let mut down = _mm256_and_si256(mask, _mm256_srli_epi64::<S>(p));
    down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srli_epi64::<S>(down)));
    let pre_down = _mm256_and_si256(mask, _mm256_srli_epi64::<S>(mask));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pre_down, _mm256_srli_epi64::<S2>(down)),
    );
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pre_down, _mm256_srli_epi64::<S2>(down)),
    );
    _mm256_or_si256(_mm256_slli_epi64::<S>(up), _mm256_srli_epi64::<S>(down))
}

/// Legal placements of four boards at once, one board per 64-bit lane.
#[inline]
#[target_feature(enable = "avx2")]
fn moves4(p: __m256i, o: __m256i) -> __m256i {
    let inner = _mm256_and_si256(o, _mm256_set1_epi64x(NOT_EDGE_COLUMNS));
    let reach = _mm256_or_si256(
        _mm256_or_si256(fill_pair4::<1, 2>(p, inner), fill_pair4::<8, 16>(p, o)),
        _mm256_or_si256(fill_pair4::<7, 14>(p, inner), fill_pair4::<9, 18>(p, inner)),
    );
    _mm256_andnot_si256(_mm256_or_si256(p, o), reach)
}

/// Population count of each 64-bit lane: nibble lookup with a byte shuffle, then byte sums.
#[inline]
#[target_feature(enable = "avx2")]
fn popcount4(x: __m256i) -> __m256i {
    let table = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let nibble = _mm256_set1_epi8(0x0F);
    let low = _mm256_shuffle_epi8(table, _mm256_and_si256(x, nibble));
    let high = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi64::<4>(x), nibble));
    _mm256_sad_epu8(_mm256_add_epi8(low, high), _mm256_setzero_si256())
}

/// The next (up to) four children of a board, one per lane: the player and opponent discs
/// of each child (the sides swapped), taking their placements off `rest`. `pp` and `oo` are
/// the board's discs broadcast. Lanes past the last placement hold junk; the returned count
/// of placements left before the call says which lanes are real.
#[inline]
#[target_feature(enable = "avx2,popcnt,bmi1")]
fn children4(pp: __m256i, oo: __m256i, rest: &mut u64) -> (__m256i, __m256i, i64) {
    let left = rest.count_ones() as i64;
    let mut take = || {
        // Past the last placement this computes a1's flips for nothing.
        let bit = *rest & rest.wrapping_neg();
        *rest &= rest.wrapping_sub(1);
        (bit, flips_lanes(pp, oo, bit.trailing_zeros() as usize))
    };
    let (bit_a, a) = take();
    let (bit_b, b) = take();
    let (bit_c, c) = take();
    let (bit_d, d) = take();
    let flipped = gather_flips(a, b, c, d);
    let placed = _mm256_setr_epi64x(bit_a as i64, bit_b as i64, bit_c as i64, bit_d as i64);
    let player = _mm256_xor_si256(oo, flipped);
    let opponent = _mm256_xor_si256(pp, _mm256_or_si256(flipped, placed));
    (player, opponent, left)
}

/// Sum of the four 64-bit lanes.
#[inline]
#[target_feature(enable = "avx2")]
fn sum_lanes(v: __m256i) -> u64 {
    let x = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    (_mm_cvtsi128_si64(x) + _mm_extract_epi64::<1>(x)) as u64
}

/// Leaves two plies below the board `(p, o)`, whose legal placements are `moves` (not
/// empty): each placement's child has as many leaves as replies, or one when it has none
/// (a pass or a finished game). Children go four at a time, one per lane, through
/// [`moves4`]; lanes past the last child are masked out.
#[inline]
#[target_feature(enable = "avx2,popcnt,bmi1")]
pub fn leaves_two_plies(p: u64, o: u64, moves: u64) -> u64 {
    let pp = _mm256_set1_epi64x(p as i64);
    let oo = _mm256_set1_epi64x(o as i64);
    let one = _mm256_set1_epi64x(1);
    let lane = _mm256_setr_epi64x(0, 1, 2, 3);
    let mut total = _mm256_setzero_si256();
    let mut rest = moves;
    while rest != 0 {
        let (player, opponent, left) = children4(pp, oo, &mut rest);
        let counts = _mm256_max_epu32(popcount4(moves4(player, opponent)), one);
        let valid = _mm256_cmpgt_epi64(_mm256_set1_epi64x(left), lane);
        total = _mm256_add_epi64(total, _mm256_and_si256(counts, valid));
    }
    sum_lanes(total)
}

/// Leaves three plies below the board `(p, o)` with legal placements `placements` (not
/// empty):
/// the children's own placements come four at a time from [`moves4`], then each child
/// counts its two plies with [`leaves_two_plies`] (or passes).
#[inline]
#[target_feature(enable = "avx2,popcnt,bmi1")]
pub fn leaves_three_plies(p: u64, o: u64, placements: u64) -> u64 {
    #[repr(C, align(32))]
    struct Lanes([u64; 4]);
    let pp = _mm256_set1_epi64x(p as i64);
    let oo = _mm256_set1_epi64x(o as i64);
    let (mut players, mut opponents, mut replies) = (Lanes([0; 4]), Lanes([0; 4]), Lanes([0; 4]));
    let mut total = 0;
    let mut rest = placements;
    while rest != 0 {
        let (player, opponent, left) = children4(pp, oo, &mut rest);
        // SAFETY: each `Lanes` is four `u64`s aligned to 32 bytes, one aligned vector store.
        unsafe {
            _mm256_store_si256(players.0.as_mut_ptr() as *mut __m256i, player);
            _mm256_store_si256(opponents.0.as_mut_ptr() as *mut __m256i, opponent);
            let m = moves4(player, opponent);
            _mm256_store_si256(replies.0.as_mut_ptr() as *mut __m256i, m);
        }
        for i in 0..(left.min(4) as usize) {
            let (cp, co, cm) = (players.0[i], opponents.0[i], replies.0[i]);
            total += if cm != 0 {
                leaves_two_plies(cp, co, cm)
            } else {
                // The child passes (one ply), then one leaf per reply; none: game over.
                (moves(co, cp).count_ones() as u64).max(1)
            };
        }
    }
    total
}

#[cfg(test)]
mod tests {
    /// Random boards, sparse and dense: the AVX2 and portable versions agree on moves and every
    /// square's flips.
    #[test]
    fn agrees_with_portable() {
        if !crate::simd::fast_path_name().starts_with("x86-64") {
            return; // this CPU lacks AVX2; nothing to compare
        }
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for i in 0..30_000 {
            let a = next();
            let b = next();
            // Sparse discs, and boards full of the opponent's (long runs to flip or not).
            let (p, o) = if i % 2 == 0 {
                (a & b, a & !b & next())
            } else {
                (a & b & next(), !(a & b) & (next() | next()))
            };
            // SAFETY: the runtime check above confirmed AVX2, POPCNT and BMI1 on this CPU.
            let fast = unsafe { check(p, o) };
            assert!(fast, "p={p:#x} o={o:#x}");
        }
    }

    /// Full boards but one square: the table count equals the portable flips' count, and a
    /// count by hand on a known line.
    #[test]
    fn last_flip_count_agrees_with_portable() {
        if !is_x86_feature_detected!("bmi2") {
            return;
        }
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let sq = (seed >> 58) as usize;
            let p = seed & !(1 << sq);
            // SAFETY: BMI2 was detected above.
            let fast = unsafe { super::last_flip_count(p, sq) };
            assert_eq!(
                fast,
                crate::bits::last_flip_count(p, sq),
                "p={p:#x} sq={sq}"
            );
        }
        // h1 empty, a1 the player's, b1..g1 and the rest the opponent's: six flips west.
        // SAFETY: as above.
        assert_eq!(unsafe { super::last_flip_count(1, 7) }, 6);
        assert_eq!(crate::bits::last_flip_count(1, 7), 6);
    }

    #[target_feature(enable = "avx2,popcnt,bmi1")]
    unsafe fn check(p: u64, o: u64) -> bool {
        if super::moves(p, o) != crate::bits::moves(p, o) {
            return false;
        }
        if !(0..64).all(|sq| super::flips(p, o, sq) == crate::bits::flips(p, o, sq)) {
            return false;
        }
        // Two plies of leaves, one child at a time with the portable code.
        let moves = crate::bits::moves(p, o);
        let expected: u64 = crate::bits::Squares(moves)
            .map(|sq| {
                let f = crate::bits::flips(p, o, sq);
                let replies = crate::bits::moves(o ^ f, p ^ f ^ (1u64 << sq)).count_ones();
                replies.max(1) as u64
            })
            .sum();
        if moves == 0 {
            return true;
        }
        if super::leaves_two_plies(p, o, moves) != expected {
            return false;
        }
        // Three plies: the same, one level further down, against the portable perft.
        let board = crate::Board::new(p, o);
        super::leaves_three_plies(p, o, moves) == crate::perft_portable_only(board, 3)
    }

    /// Positions from random games, where moves are many and lines long: the four-lane
    /// reply counter agrees with the portable one at every ply.
    #[test]
    fn leaves_two_plies_agree_in_games() {
        if !crate::simd::fast_path_name().starts_with("x86-64") {
            return;
        }
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2_000 {
            let (mut p, mut o) = (crate::Board::start().player, crate::Board::start().opponent);
            loop {
                // SAFETY: the runtime check above confirmed AVX2, POPCNT and BMI1 on this CPU.
                assert!(unsafe { check(p, o) }, "p={p:#x} o={o:#x}");
                let moves = crate::bits::moves(p, o);
                if moves == 0 {
                    if crate::bits::moves(o, p) == 0 {
                        break;
                    }
                    (p, o) = (o, p);
                    continue;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let pick = (seed % moves.count_ones() as u64) as usize;
                let sq = crate::bits::Squares(moves).nth(pick).unwrap();
                let f = crate::bits::flips(p, o, sq);
                (p, o) = (o ^ f, p ^ f ^ (1u64 << sq));
            }
        }
    }
}
