//! Runtime CPU-feature dispatch for the hot loops: the same portable code compiled a second
//! time with POPCNT/BMI/AVX2 enabled, picked once by `is_x86_feature_detected!`.

use crate::board::Board;

/// Defines a recursive perft under `$name`, so that each build recurses into itself and keeps
/// its own target features all the way down.
///
/// The last plies are counted without recursion ("bulk counting"): a node one ply from the
/// horizon has as many leaves as legal moves, or exactly one when it has none (a forced pass
/// and a finished game both leave one leaf), so a node two plies up only needs each child's
/// move count, and one three plies up hands its children's moves straight down. The fast
/// build does those two levels four children at a time.
macro_rules! define_perft {
    (
        $(#[$attr:meta])* $name:ident,
        $moves:path,
        $flips:path,
        $leaves_two_plies:path,
        $leaves_three_plies:path
    ) => {
        $(#[$attr])*
        fn $name(board: Board, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let (p, o) = (board.player, board.opponent);
            let moves = $moves(p, o);
            if moves == 0 {
                if $moves(o, p) == 0 {
                    return 1; // game over: one leaf
                }
                return $name(board.pass(), depth - 1);
            }
            match depth {
                // Bulk counting: every legal move is one leaf.
                1 => moves.count_ones() as u64,
                2 => $leaves_two_plies(p, o, moves),
                3 => $leaves_three_plies(p, o, moves),
                _ => {
                    let mut total = 0;
                    let mut rest = moves;
                    while rest != 0 {
                        let sq = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        let flips = $flips(p, o, sq);
                        total += $name(board.play_with(sq, flips), depth - 1);
                    }
                    total
                }
            }
        }
    };
}

/// Leaves two plies below `(p, o)` with legal placements `moves`, one child at a time.
#[inline(always)]
fn leaves_two_plies(p: u64, o: u64, moves: u64) -> u64 {
    let mut total = 0u64;
    let mut rest = moves;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let f = crate::bits::flips(p, o, sq);
        let replies = crate::bits::moves(o ^ f, p ^ f ^ (1u64 << sq)).count_ones();
        total += replies.max(1) as u64;
    }
    total
}

/// Leaves three plies below `(p, o)` with legal placements `moves`, one child at a time.
#[inline(always)]
fn leaves_three_plies(p: u64, o: u64, moves: u64) -> u64 {
    let mut total = 0u64;
    let mut rest = moves;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let f = crate::bits::flips(p, o, sq);
        let (cp, co) = (o ^ f, p ^ f ^ (1u64 << sq));
        let replies = crate::bits::moves(cp, co);
        total += if replies != 0 {
            leaves_two_plies(cp, co, replies)
        } else {
            (crate::bits::moves(co, cp).count_ones() as u64).max(1)
        };
    }
    total
}

define_perft!(
    perft_portable,
    crate::bits::moves,
    crate::bits::flips,
    leaves_two_plies,
    leaves_three_plies
);

/// Whether this CPU has POPCNT, BMI1/2, AVX2 and LZCNT, the features of the AVX2/BMI2
/// builds (perft's, the solver's, the evaluation's; the solver's AVX-512 build checks for
/// more); checked once.
#[cfg(target_arch = "x86_64")]
pub(crate) fn fast_cpu() -> bool {
    x86::fast()
}

/// Whether this CPU also has AVX-512 F, BW, BITALG and VNNI, for the evaluation's vector
/// reading of its patterns; checked once.
#[cfg(target_arch = "x86_64")]
pub(crate) fn bitalg_cpu() -> bool {
    static BITALG: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *BITALG.get_or_init(|| {
        fast_cpu()
            && is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512bw")
            && is_x86_feature_detected!("avx512bitalg")
            && is_x86_feature_detected!("avx512vnni")
    })
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;
    use std::sync::OnceLock;

    /// Whether this CPU has the features of the fast build (checked once).
    pub fn fast() -> bool {
        static FAST: OnceLock<bool> = OnceLock::new();
        *FAST.get_or_init(|| {
            is_x86_feature_detected!("popcnt")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("lzcnt")
        })
    }

    define_perft!(
        #[target_feature(enable = "popcnt,bmi1,bmi2,avx2,lzcnt")]
        perft_fast_inner,
        crate::bits_avx2::moves,
        crate::bits_avx2::flips,
        crate::bits_avx2::leaves_two_plies,
        crate::bits_avx2::leaves_three_plies
    );

    /// Perft on the fast build. Only call after `fast()` returned true.
    pub fn perft_fast(board: Board, depth: u32) -> u64 {
        assert!(fast());
        // SAFETY: `fast()` confirmed that this CPU has every feature `perft_fast_inner` enables.
        unsafe { perft_fast_inner(board, depth) }
    }
}

/// Perft through the fastest code this CPU runs.
pub fn perft(board: Board, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if x86::fast() {
        return x86::perft_fast(board, depth);
    }
    perft_portable(board, depth)
}

/// Perft through the portable build only (for benchmarks comparing the two).
pub fn perft_portable_only(board: Board, depth: u32) -> u64 {
    perft_portable(board, depth)
}

/// Which build the hot paths use on this CPU.
pub fn fast_path_name() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    if x86::fast() {
        return "x86-64 popcnt+bmi2+avx2";
    }
    "portable"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both builds of perft agree (the fast one runs only where the CPU has it).
    #[test]
    fn fast_and_portable_agree() {
        for d in 1..=7 {
            assert_eq!(perft(Board::start(), d), perft_portable(Board::start(), d));
        }
    }
}
