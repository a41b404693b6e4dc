//! Stable discs: discs that no sequence of moves can flip. Edges come from a table of the
//! one-dimensional edge game, then stability spreads inwards along full or stable lines.

use std::sync::OnceLock;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF00_0000_0000_0000;
/// Gathers column a (bits 0, 8, .., 56) into the top byte, row r to bit 56 + r.
const GATHER_COLUMN: u64 = 0x0102_0408_1020_4080;

/// For every edge (own discs, other discs as 8-bit lines): the own discs that stay own
/// whatever is later placed on that edge. Index `own * 256 + other`.
fn edge_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(build_edge_table)
}

/// One-dimensional flips of a disc placed at `x` by `own` on an 8-square line.
fn line_flips(own: u8, other: u8, x: u32) -> u8 {
    let mut flips = 0u8;
    for step in [-1i32, 1] {
        let mut run = 0u8;
        let mut i = x as i32 + step;
        while (0..8).contains(&i) && other & (1 << i) != 0 {
            run |= 1 << i;
            i += step;
        }
        if (0..8).contains(&i) && own & (1 << i) != 0 {
            flips |= run;
        }
    }
    flips
}

/// Dynamic programming from full edges down: a disc is stable if it survives every
/// placement of either colour on any empty edge square (legal or not: the placement may be
/// legal through a line off the edge), in the worst case over what follows.
fn build_edge_table() -> Vec<u8> {
    let mut table = vec![0u8; 65536];
    // Index edges by empties count so children (one fewer empty) are done first.
    let mut by_empties: Vec<Vec<(u8, u8)>> = vec![Vec::new(); 9];
    for own in 0..=255u8 {
        for other in 0..=255u8 {
            if own & other == 0 {
                by_empties[(!(own | other)).count_ones() as usize].push((own, other));
            }
        }
    }
    for level in &by_empties {
        for &(own, other) in level {
            let empty = !(own | other);
            let mut stable = own;
            for x in 0..8 {
                if empty & (1 << x) == 0 {
                    continue;
                }
                // Own disc placed at x.
                let f = line_flips(own, other, x);
                let (o2, t2) = (own | f | (1 << x), other & !f);
                stable &= table[o2 as usize * 256 + t2 as usize];
                // Other disc placed at x: flipped own discs leave the stable set.
                let f = line_flips(other, own, x);
                let (o2, t2) = (own & !f, other | f | (1 << x));
                stable &= table[o2 as usize * 256 + t2 as usize];
            }
            table[own as usize * 256 + other as usize] = stable;
        }
    }
    table
}

/// Spreads the 8 bits of `line` down column a (bit r to square 8r).
#[inline(always)]
fn spread_column(line: u8) -> u64 {
    // Inverse of the gather: bit r of the byte moves to bit 8r.
    let mut x = line as u64;
    x = (x | (x << 28)) & 0x0000_000F_0000_000F;
    x = (x | (x << 14)) & 0x0003_0003_0003_0003;
    x = (x | (x << 7)) & FILE_A;
    x
}

#[inline(always)]
fn gather_column(bits: u64) -> u8 {
    ((bits & FILE_A).wrapping_mul(GATHER_COLUMN) >> 56) as u8
}

/// Stable discs of `own` on the four edges, against `other`.
#[inline(always)]
pub(crate) fn edge_stable(own: u64, other: u64) -> u64 {
    let t = edge_table();
    let look = |a: u8, b: u8| t[a as usize * 256 + b as usize];
    let top = look(own as u8, other as u8) as u64;
    let bottom = (look((own >> 56) as u8, (other >> 56) as u8) as u64) << 56;
    let left = spread_column(look(gather_column(own), gather_column(other)));
    let right = spread_column(look(gather_column(own >> 7), gather_column(other >> 7))) << 7;
    top | bottom | left | right
}

/// Squares of `occupied` whose whole line in one direction (shift `S`: 9 or 7, both ways) is
/// occupied. The run of occupied squares from each square is followed by doubling: after
/// each step a square is kept if the run covers 1, then 3, then 7 steps from it, or if the
/// line ends sooner (`last`: the squares with no neighbour that way, then those within one
/// and three steps of the end). Branch-free, a few shifts per direction.
#[inline(always)]
fn full_lines<const S: u32>(occupied: u64, last_up: u64, last_down: u64) -> u64 {
    let (up1, down1) = (last_up | (last_up >> S), last_down | (last_down << S));
    let (up3, down3) = (up1 | (up1 >> (2 * S)), down1 | (down1 << (2 * S)));
    let mut up = occupied & ((occupied >> S) | last_up);
    up &= (up >> (2 * S)) | up1;
    up &= (up >> (4 * S)) | up3;
    let mut down = occupied & ((occupied << S) | last_down);
    down &= (down << (2 * S)) | down1;
    down &= (down << (4 * S)) | down3;
    up & down
}

/// Stable discs of `own` against `other`: edge stability, discs on four full lines, then
/// discs protected in every direction by a full line, the board's edge or a stable
/// neighbour of the same colour, until nothing changes.
///
/// ```
/// use reversi_engine::search::stable_discs;
/// // A lone disc in the a1 corner is stable; one in the centre is not.
/// assert_eq!(stable_discs(1, 1 << 9), 1);
/// assert_eq!(stable_discs(1 << 27, 1 << 28), 0);
/// ```
#[inline(always)]
pub fn stable_discs(own: u64, other: u64) -> u64 {
    let occupied = own | other;
    // Full rows: fold each row's eight bits onto column a.
    let mut x = occupied;
    x &= x >> 4;
    x &= x >> 2;
    x &= x >> 1;
    let full_h = (x & FILE_A).wrapping_mul(0xFF);
    let mut y = occupied;
    y &= y.rotate_right(32);
    y &= y.rotate_right(16);
    y &= y.rotate_right(8);
    let full_v = y;
    // Towards higher bits, +9 goes up and right (no neighbour on rank 8 or file h), +7 up
    // and left (rank 8 or file a).
    let full_d9 = full_lines::<9>(occupied, RANK_8 | FILE_H, RANK_1 | FILE_A);
    let full_d7 = full_lines::<7>(occupied, RANK_8 | FILE_A, RANK_1 | FILE_H);
    let mut stable = (edge_stable(own, other) | (full_h & full_v & full_d7 & full_d9)) & own;
    if stable == 0 {
        return 0;
    }
    let edge = FILE_A | FILE_H | RANK_1 | RANK_8;
    loop {
        let s = stable;
        let h = full_h | FILE_A | FILE_H | ((s << 1) & !FILE_A) | ((s >> 1) & !FILE_H);
        let v = full_v | RANK_1 | RANK_8 | (s << 8) | (s >> 8);
        let d9 = full_d9 | edge | ((s << 9) & !FILE_A) | ((s >> 9) & !FILE_H);
        let d7 = full_d7 | edge | ((s << 7) & !FILE_H) | ((s >> 7) & !FILE_A);
        stable |= own & h & v & d9 & d7;
        if stable == s {
            return stable;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_gather_and_spread_are_inverse() {
        for line in 0..=255u8 {
            assert_eq!(gather_column(spread_column(line)), line);
        }
        assert_eq!(gather_column(1 << 8), 2);
    }

    /// The doubling against a plain walk along every diagonal, on boards from full to sparse.
    #[test]
    fn full_diagonals_match_a_walk() {
        let walk = |occupied: u64, dc: i32, sq: i32| {
            // Back to the line's start, then every square of it.
            let (mut c, mut r) = (sq % 8, sq / 8);
            while (0..8).contains(&(c - dc)) && r > 0 {
                c -= dc;
                r -= 1;
            }
            let mut full = true;
            while (0..8).contains(&c) && r < 8 {
                full &= occupied & (1 << (r * 8 + c)) != 0;
                c += dc;
                r += 1;
            }
            full
        };
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..4000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // 0 to 63 random holes (some may repeat) in a full board.
            let mut occupied = !0u64;
            let mut x = seed;
            for _ in 0..round % 64 {
                occupied &= !(1 << (x % 64));
                x = x.rotate_left(7).wrapping_mul(0x2545_F491_4F6C_DD1D);
            }
            let d9 = full_lines::<9>(occupied, RANK_8 | FILE_H, RANK_1 | FILE_A);
            let d7 = full_lines::<7>(occupied, RANK_8 | FILE_A, RANK_1 | FILE_H);
            for sq in 0..64 {
                let on = occupied & (1 << sq) != 0;
                assert_eq!(
                    d9 >> sq & 1 == 1,
                    on && walk(occupied, 1, sq),
                    "d9 {occupied:x} {sq}"
                );
                assert_eq!(
                    d7 >> sq & 1 == 1,
                    on && walk(occupied, -1, sq),
                    "d7 {occupied:x} {sq}"
                );
            }
        }
    }

    #[test]
    fn edges() {
        // Full top row: all own discs there are stable.
        assert_eq!(edge_stable(0x0F, 0xF0) & 0xFF, 0x0F);
        // own at b1 alone between empties: not stable.
        assert_eq!(edge_stable(0x02, 0), 0);
        // own a1,b1 with c1 empty: stable (anchored in the corner).
        assert_eq!(edge_stable(0x03, 0), 0x03);
        // own a1, other b1, own c1? c1 is wedged: a1 and c1 both stable? a1 yes; c1 can be
        // flanked by other at d1 only through b1.. no, b1 is other: c1 is flippable.
        assert_eq!(edge_stable(0x05, 0x02) & 0x05, 0x01);
    }

    /// Random playouts: a disc called stable never changes colour later in the game.
    #[test]
    fn stable_discs_never_flip() {
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        let mut rnd = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..300 {
            let mut b = crate::Board::start();
            let mut history = Vec::new();
            loop {
                let m = b.moves();
                if m == 0 {
                    if b.pass().moves() == 0 {
                        break;
                    }
                    b = b.pass();
                    history.push(b);
                    continue;
                }
                let n = rnd() % m.count_ones() as u64;
                let mut mm = m;
                for _ in 0..n {
                    mm &= mm - 1;
                }
                let sq = mm.trailing_zeros() as usize;
                b = b.play_with(sq, b.flips(sq));
                history.push(b);
            }
            // Check from a few points: discs stable at ply i keep their colour to the end.
            for (i, pos) in history.iter().enumerate().step_by(7) {
                let st = stable_discs(pos.player, pos.opponent);
                let later = &history[history.len() - 1];
                let same_side = (history.len() - 1 - i) % 2 == 0;
                let own_at_end = if same_side {
                    later.player
                } else {
                    later.opponent
                };
                assert_eq!(st & own_at_end, st, "ply {i}");
            }
        }
    }
}
