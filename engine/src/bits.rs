//! The hot path: move generation and flips on two `u64`s (the side to move first).
//! Plain shift-and-mask arithmetic, no tables but one of 8 rays per square.

use crate::Direction;

/// Every square except columns a and h: stops horizontal and diagonal shifts from wrapping.
const NOT_EDGE_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// Squares reachable from `p` across a contiguous run of `mask` discs in one direction pair.
/// Kogge-Stone fill with doubling: runs of up to six opponent discs in five shift rounds.
#[inline(always)]
fn fill_pair(p: u64, mask: u64, shift: u32) -> u64 {
    let mut up = mask & (p << shift);
    up |= mask & (up << shift);
    let pre_up = mask & (mask << shift);
    up |= pre_up & (up << (2 * shift));
    up |= pre_up & (up << (2 * shift));

    let mut down = mask & (p >> shift);
    down |= mask & (down >> shift);
    let pre_down = mask & (mask >> shift);
    down |= pre_down & (down >> (2 * shift));
    down |= pre_down & (down >> (2 * shift));

    (up << shift) | (down >> shift)
}

/// The legal placements for the player `p` against the opponent `o`.
#[inline(always)]
pub fn moves(p: u64, o: u64) -> u64 {
    let inner = o & NOT_EDGE_COLUMNS;
    let reach = fill_pair(p, inner, 1)
        | fill_pair(p, o, 8)
        | fill_pair(p, inner, 7)
        | fill_pair(p, inner, 9);
    reach & !(p | o)
}

/// The rays from each square in each direction (the square itself excluded), built at compile time.
static RAYS: [[u64; 8]; 64] = build_rays();

/// The same rays as a constant, for other tables built at compile time (the AVX2 ones).
#[cfg(target_arch = "x86_64")]
pub(crate) const RAYS_BY_SQUARE: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = Direction::ALL[d].delta();
            let mut c = (sq % 8) as i8 + dc;
            let mut r = (sq / 8) as i8 + dr;
            let mut ray = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// Flips along a ray that runs towards higher bit indices (E, SE, S, SW).
/// The first non-opponent square on the ray is its lowest set bit of `!o & ray`;
/// the line flips if that square holds a player disc.
#[inline(always)]
fn flips_up(p: u64, o: u64, ray: u64) -> u64 {
    let blockers = !o & ray;
    let first = blockers & blockers.wrapping_neg();
    let outflanked = ((first & p) != 0) as u64;
    first.wrapping_sub(1) & ray & outflanked.wrapping_neg()
}

/// Flips along a ray that runs towards lower bit indices (N, NE, W, NW): the first
/// non-opponent square is the highest set bit, found with a leading-zero count.
/// `| 1` is a sentinel for an empty ray: bit 0 is then never in `p & ray` at the same time.
#[inline(always)]
fn flips_down(p: u64, o: u64, ray: u64) -> u64 {
    let blockers = !o & ray;
    let high = 63 - (blockers | 1).leading_zeros();
    let first = 1u64 << high;
    let outflanked = ((first & p & ray) != 0) as u64;
    !((2u64 << high).wrapping_sub(1)) & ray & outflanked.wrapping_neg()
}

/// The opponent discs a disc placed on `sq` by `p` flips, over all eight lines.
/// Zero means the placement is illegal (it flanks nothing).
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let r = &RAYS[sq];
    flips_down(p, o, r[0])
        | flips_down(p, o, r[1])
        | flips_up(p, o, r[2])
        | flips_up(p, o, r[3])
        | flips_up(p, o, r[4])
        | flips_up(p, o, r[5])
        | flips_down(p, o, r[6])
        | flips_down(p, o, r[7])
}

/// The opponent discs flipped along one line only (the "choose one line" variant).
#[inline]
pub fn flips_line(p: u64, o: u64, sq: usize, dir: Direction) -> u64 {
    let ray = RAYS[sq][dir.index()];
    match dir {
        Direction::East | Direction::SouthEast | Direction::South | Direction::SouthWest => {
            flips_up(p, o, ray)
        }
        _ => flips_down(p, o, ray),
    }
}

/// How many discs a placement on `sq`, the board's only empty square, flips for `p` (every
/// other square is the opponent's). The endgame's last ply needs only this count.
#[inline(always)]
pub fn last_flip_count(p: u64, sq: usize) -> u32 {
    flips(p, !(p | (1 << sq)), sq).count_ones()
}

/// The four lines through each square (its column, row and two diagonals), the square
/// included, and the square's index along each (bits counted from the line's lowest).
#[cfg(target_arch = "x86_64")]
pub(crate) struct Lines {
    pub mask: [[u64; 4]; 64],
    pub index: [[u8; 4]; 64],
}

#[cfg(target_arch = "x86_64")]
pub(crate) static LINES: Lines = {
    let mut lines = Lines {
        mask: [[0; 4]; 64],
        index: [[0; 4]; 64],
    };
    let mut sq = 0;
    while sq < 64 {
        let mut k = 0;
        while k < 4 {
            // Direction::ALL is N, NE, E, SE, S, SW, W, NW: k and k + 4 are opposite.
            let mask = RAYS_BY_SQUARE[sq][k] | RAYS_BY_SQUARE[sq][k + 4] | (1 << sq);
            lines.mask[sq][k] = mask;
            lines.index[sq][k] = (mask & ((1u64 << sq) - 1)).count_ones() as u8;
            k += 1;
        }
        sq += 1;
    }
    lines
};

/// `LINE_FLIP_COUNT[i][own]`: discs flipped along one line by a placement at index `i` when
/// `own` marks the player's discs on the line and every other square is the opponent's. Bits
/// past the end of a shorter line are clear, so a run of "opponent" reaching them flips nothing.
#[cfg(target_arch = "x86_64")]
pub(crate) static LINE_FLIP_COUNT: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut own = 0;
        while own < 256 {
            let mut n = 0;
            let mut j = i + 1;
            while j < 8 && own & (1 << j) == 0 {
                j += 1;
            }
            if j < 8 {
                n += j - i - 1;
            }
            let mut j = i as i32 - 1;
            while j >= 0 && own & (1 << j) == 0 {
                j -= 1;
            }
            if j >= 0 {
                n += i - j as usize - 1;
            }
            t[i][own] = n as u8;
            own += 1;
        }
        i += 1;
    }
    t
};

/// The set squares of a bitboard as indices, lowest first (for tests and cold paths).
#[cfg(test)]
pub(crate) struct Squares(pub u64);

#[cfg(test)]
impl Iterator for Squares {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_four_moves() {
        // Black: d5 (35), e4 (28); white: d4 (27), e5 (36).
        let black = (1 << 35) | (1 << 28);
        let white = (1 << 27) | (1 << 36);
        let m = moves(black, white);
        // d3 (19), c4 (26), f5 (37), e6 (44)
        assert_eq!(m, (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44));
        assert_eq!(flips(black, white, 37), 1 << 36);
        assert_eq!(flips(black, white, 0), 0);
    }

    #[test]
    fn long_lines_flip_whole() {
        // a1 player, b1..g1 opponent, h1 empty: h1 flips six discs west.
        let p = 1;
        let o = 0x7E;
        assert_eq!(flips(p, o, 7), 0x7E);
        assert_eq!(moves(p, o), 1 << 7);
        assert_eq!(flips_line(p, o, 7, Direction::West), 0x7E);
        assert_eq!(flips_line(p, o, 7, Direction::South), 0);
    }
}
