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

/// Flipped discs for a placement on `sq`, eight rays in two vectors. Upward rays find the
/// first non-opponent square as the lowest set bit (x & -x); downward rays smear the
/// blockers down and take the highest bit, since AVX2 has no vector leading-zero count.
#[inline]
#[target_feature(enable = "avx2")]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let pp = _mm256_set1_epi64x(p as i64);
    let oo = _mm256_set1_epi64x(o as i64);
    let zero = _mm256_setzero_si256();
    let one = _mm256_set1_epi64x(1);
    // SAFETY: `sq < 64` (callers pass set-bit indices) and both tables are 32-byte aligned.
    let (ray_up, ray_down) = unsafe {
        (
            _mm256_load_si256(RAYS.up[sq & 63].as_ptr() as *const __m256i),
            _mm256_load_si256(RAYS.down[sq & 63].as_ptr() as *const __m256i),
        )
    };

    let blockers = _mm256_andnot_si256(oo, ray_up);
    let first = _mm256_and_si256(blockers, _mm256_sub_epi64(zero, blockers));
    let missed = _mm256_cmpeq_epi64(_mm256_and_si256(first, pp), zero);
    let below_first = _mm256_and_si256(_mm256_sub_epi64(first, one), ray_up);
    let up = _mm256_andnot_si256(missed, below_first);

    let mut smear = _mm256_andnot_si256(oo, ray_down);
    smear = _mm256_or_si256(smear, _mm256_srli_epi64::<1>(smear));
    smear = _mm256_or_si256(smear, _mm256_srli_epi64::<2>(smear));
    smear = _mm256_or_si256(smear, _mm256_srli_epi64::<4>(smear));
    smear = _mm256_or_si256(smear, _mm256_srli_epi64::<8>(smear));
    smear = _mm256_or_si256(smear, _mm256_srli_epi64::<16>(smear));
    smear = _mm256_or_si256(smear, _mm256_srli_epi64::<32>(smear));
    let highest = _mm256_xor_si256(smear, _mm256_srli_epi64::<1>(smear));
    let missed = _mm256_cmpeq_epi64(_mm256_and_si256(highest, pp), zero);
    let above_highest = _mm256_andnot_si256(smear, ray_down);
    let down = _mm256_andnot_si256(missed, above_highest);

    or_lanes(_mm256_or_si256(up, down))
}

#[cfg(test)]
mod tests {
    /// Random boards: the AVX2 and portable versions agree on moves and every square's flips.
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
        for _ in 0..20_000 {
            let a = next();
            let b = next();
            let p = a & b;
            let o = a & !b & next();
            // SAFETY-free: the functions are safe; the runtime check above guards the CPU.
            let fast = unsafe { check(p, o) };
            assert!(fast, "p={p:#x} o={o:#x}");
        }
    }

    #[target_feature(enable = "avx2")]
    unsafe fn check(p: u64, o: u64) -> bool {
        if super::moves(p, o) != crate::bits::moves(p, o) {
            return false;
        }
        (0..64).all(|sq| super::flips(p, o, sq) == crate::bits::flips(p, o, sq))
    }
}
