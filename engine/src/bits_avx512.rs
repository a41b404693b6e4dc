//! Flips with AVX-512 (VL and CD): the same eight rays as `bits_avx2`, but the downward
//! rays find their first non-opponent square with a vector leading-zero count instead of
//! smearing the bits down. Compiled only for x86-64 and called only after runtime
//! detection; results equal the portable `bits.rs` exactly.

use std::arch::x86_64::*;

/// Flipped discs for a placement on `sq`.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let pp = _mm256_set1_epi64x(p as i64);
    let oo = _mm256_set1_epi64x(o as i64);
    let zero = _mm256_setzero_si256();
    let one = _mm256_set1_epi64x(1);
    let (ray_up, ray_down) = crate::bits_avx2::rays(sq);

    // Upward: the lowest non-opponent square on the ray.
    let blockers = _mm256_andnot_si256(oo, ray_up);
    let first = _mm256_and_si256(blockers, _mm256_sub_epi64(zero, blockers));
    let outflanked = _mm256_and_si256(first, pp);
    let below_first = _mm256_and_si256(_mm256_sub_epi64(first, one), ray_up);
    let up = _mm256_maskz_mov_epi64(_mm256_test_epi64_mask(outflanked, outflanked), below_first);

    // Downward: the highest non-opponent square, by leading zeros (64 for none: the shift
    // then gives 0, and nothing flips).
    let blockers = _mm256_andnot_si256(oo, ray_down);
    let top = _mm256_set1_epi64x(i64::MIN);
    let highest = _mm256_srlv_epi64(top, _mm256_lzcnt_epi64(blockers));
    let outflanked = _mm256_and_si256(highest, pp);
    // The ray's squares above the highest blocker: -(highest << 1) masks them.
    let above = _mm256_and_si256(
        _mm256_sub_epi64(zero, _mm256_add_epi64(highest, highest)),
        ray_down,
    );
    let down = _mm256_maskz_mov_epi64(_mm256_test_epi64_mask(outflanked, outflanked), above);

    let v = _mm256_or_si256(up, down);
    let x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    (_mm_cvtsi128_si64(x) | _mm_extract_epi64::<1>(x)) as u64
}

#[cfg(test)]
mod tests {
    /// Random boards, three quarters or seven eighths of their squares taken (as in the
    /// endgame the solver sees): every square's flips equal the portable function's.
    #[test]
    fn agrees_with_portable() {
        if !(is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512vl")
            && is_x86_feature_detected!("avx512cd"))
        {
            eprintln!("this CPU lacks AVX-512 (F, VL, CD): nothing to compare");
            return;
        }
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..20_000 {
            let (a, b) = (next(), next());
            // Every other board nearly full, as in the endgame.
            let occupied = if round % 2 == 0 {
                a | b
            } else {
                a | b | next()
            };
            let p = occupied & next();
            let o = occupied & !p;
            for sq in 0..64 {
                if occupied & (1 << sq) != 0 {
                    continue;
                }
                // SAFETY: the features were detected above.
                let fast = unsafe { super::flips(p, o, sq) };
                assert_eq!(
                    fast,
                    crate::bits::flips(p, o, sq),
                    "p={p:#x} o={o:#x} sq={sq}"
                );
            }
        }
    }
}
