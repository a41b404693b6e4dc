//! Move lists with sort keys, picked best-first lazily (most nodes cut after one or two
//! moves, so a full sort is wasted work), and the square classes the orderings use.

/// The most legal moves a Reversi position has is 33; leave room.
pub(crate) const MAX_MOVES: usize = 36;

/// The four corners.
pub(crate) const CORNERS: u64 = 0x8100_0000_0000_0081;
/// X and C squares: next to a corner, usually bad to take early.
pub(crate) const X_AND_C: u64 = 0x42C3_0000_0000_C342;

/// The four 4×4 quadrants: parity ordering plays first where an odd number of squares is empty.
pub(crate) const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// Bit `1 << quadrant` of each square.
pub(crate) static QUADRANT_BIT: [u32; 64] = {
    let mut t = [0u32; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = 1 << (((sq / 32) << 1) | ((sq % 8) / 4));
        sq += 1;
    }
    t
};

/// The squares next to each square: a placement with no opponent disc among them flips
/// nothing, which one load tells before the flip function runs.
pub(crate) static NEIGHBOURS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (nc, nr) = (c + dc, r + dr);
                if (dr != 0 || dc != 0) && nc >= 0 && nc < 8 && nr >= 0 && nr < 8 {
                    t[sq] |= 1 << (nr * 8 + nc);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    t
};

/// The union of the quadrants whose bit is set, for each 4-bit parity set.
pub(crate) static PARITY_SQUARES: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut bits = 0;
    while bits < 16 {
        let mut q = 0;
        while q < 4 {
            if bits & (1 << q) != 0 {
                t[bits] |= QUADRANTS[q];
            }
            q += 1;
        }
        bits += 1;
    }
    t
};

/// The parity set (a bit per quadrant with an odd number of empties) of `empty`.
#[inline(always)]
pub(crate) fn parity_of(empty: u64) -> u32 {
    let mut parity = 0;
    let mut q = 0;
    while q < 4 {
        parity |= ((empty & QUADRANTS[q]).count_ones() & 1) << q;
        q += 1;
    }
    parity
}

/// `own`'s corners and the edge squares beside corners it holds: discs nothing can flip.
#[inline(always)]
pub(crate) fn corner_stable(own: u64) -> u64 {
    let c = own & CORNERS;
    let beside = ((c & 0x0100_0000_0000_0001) << 1)
        | ((c & 0x8000_0000_0000_0080) >> 1)
        | ((c & 0x0000_0000_0000_0081) << 8)
        | ((c & 0x8100_0000_0000_0000) >> 8);
    c | (beside & own)
}

/// One candidate move: its square, the board after it (side to move first) and a sort key.
#[derive(Copy, Clone, Default)]
pub(crate) struct Candidate {
    pub player: u64,
    pub opponent: u64,
    /// The moves of the side to move after it, so that the search below need not work them
    /// out again: always set by the solver's orderings; 0 (unknown) in the midgame search's.
    pub replies: u64,
    pub key: i32,
    pub square: u8,
}

/// A fixed-capacity list of candidates.
pub(crate) struct MoveList {
    pub items: [Candidate; MAX_MOVES],
    pub len: usize,
}

impl MoveList {
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            items: [Candidate::default(); MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, c: Candidate) {
        self.items[self.len] = c;
        self.len += 1;
    }

    /// Moves the best-keyed candidate of `i..` to `i` and returns it (selection sort, lazily).
    #[inline(always)]
    pub fn pick(&mut self, i: usize) -> Candidate {
        pick(&mut self.items[..self.len], i)
    }
}

/// Moves the best-keyed candidate of `items[i..]` to `i` and returns it.
#[inline(always)]
pub(crate) fn pick(items: &mut [Candidate], i: usize) -> Candidate {
    let mut best = i;
    for j in i + 1..items.len() {
        if items[j].key > items[best].key {
            best = j;
        }
    }
    items.swap(i, best);
    items[i]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quadrants_partition_the_board() {
        assert_eq!(QUADRANTS.iter().fold(0, |a, q| a | q), !0);
        assert_eq!(QUADRANT_BIT[0], 1);
        assert_eq!(QUADRANT_BIT[7], 2);
        assert_eq!(QUADRANT_BIT[56], 4);
        assert_eq!(QUADRANT_BIT[63], 8);
        assert_eq!(parity_of(1 | (1 << 63)), 0b1001);
        assert_eq!(PARITY_SQUARES[0b1001], QUADRANTS[0] | QUADRANTS[3]);
        assert_eq!((X_AND_C & CORNERS), 0);
        assert_eq!(X_AND_C.count_ones(), 12);
    }

    #[test]
    fn corner_stable_discs() {
        // a1, b1, a2 and b2 held: b2 (an X square) can still be flipped along its diagonal.
        let own = 0b11 | (0b11 << 8);
        assert_eq!(corner_stable(own), 0b11 | (1 << 8));
        // Edge squares beside an empty or the other side's corner are not counted.
        assert_eq!(corner_stable((1 << 6) | (1 << 15) | (1 << 57)), 0);
        // All four corners with both neighbours each.
        let ring = CORNERS | 0x4281_0000_0000_8142;
        assert_eq!(corner_stable(ring).count_ones(), 12);
    }
}
