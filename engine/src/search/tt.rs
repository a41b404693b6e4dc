//! The transposition table: bounds, best move and depth per position, in two-entry buckets
//! keyed by the full board (no false hits), replaced by age first and depth second.

/// Which kind of score an entry holds.
pub(crate) const KIND_EMPTY: u8 = 0;
/// A midgame search in hundredths of a disc, `depth` plies deep.
pub(crate) const KIND_MID: u8 = 1;
/// An exact endgame search in discs; `depth` is the number of empties.
pub(crate) const KIND_EXACT: u8 = 2;
/// No best move recorded.
pub(crate) const NO_MOVE: u8 = 64;

/// One stored position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub player: u64,
    pub opponent: u64,
    pub lower: i16,
    pub upper: i16,
    pub depth: u8,
    pub kind: u8,
    pub best: u8,
    pub age: u8,
}

const EMPTY: Entry = Entry {
    player: 0,
    opponent: 0,
    lower: 0,
    upper: 0,
    depth: 0,
    kind: KIND_EMPTY,
    best: NO_MOVE,
    age: 0,
};

/// A power-of-two array of entries; a position may live in its slot or the slot's neighbour.
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of about `mb` megabytes (at least a few thousand entries).
    pub fn new(mb: usize) -> Table {
        let wanted = (mb.max(1) << 20) / std::mem::size_of::<Entry>();
        let len = (wanted.next_power_of_two() / 2).max(4096);
        Table {
            entries: vec![EMPTY; len],
            mask: len - 2,
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.age = 0;
    }

    /// Starts a new search: older entries become the first to go.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Multiplicative hashing of both halves; the high bits pick the bucket.
    #[inline(always)]
    fn bucket(&self, player: u64, opponent: u64) -> usize {
        let h = (player ^ opponent.rotate_left(29).wrapping_mul(0xD6E8_FEB8_6659_FD93))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 32) as usize) & self.mask
    }

    /// The entry for this board, if stored.
    #[inline(always)]
    pub fn probe(&self, player: u64, opponent: u64) -> Option<Entry> {
        let i = self.bucket(player, opponent);
        let bucket = &self.entries[i..i + 2];
        bucket
            .iter()
            .find(|e| e.player == player && e.opponent == opponent && e.kind != KIND_EMPTY)
            .copied()
    }

    /// Stores bounds for a position. Exact entries of the same position tighten the old
    /// bounds; otherwise the shallower or older of the two slots is replaced.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &mut self,
        player: u64,
        opponent: u64,
        kind: u8,
        depth: u8,
        lower: i32,
        upper: i32,
        best: u8,
    ) {
        let age = self.age;
        let i = self.bucket(player, opponent);
        let mut new = Entry {
            player,
            opponent,
            lower: lower as i16,
            upper: upper as i16,
            depth,
            kind,
            best,
            age,
        };
        let bucket = &mut self.entries[i..i + 2];
        let slot = if let Some(j) = bucket
            .iter()
            .position(|e| e.player == player && e.opponent == opponent)
        {
            let old = bucket[j];
            if old.kind == kind && old.depth == depth {
                new.lower = new.lower.max(old.lower);
                new.upper = new.upper.min(old.upper);
                if new.lower > new.upper {
                    // Bounds from searches of different selectivity may cross: trust the new one.
                    new.lower = lower as i16;
                    new.upper = upper as i16;
                }
                if best == NO_MOVE {
                    new.best = old.best;
                }
            } else if old.kind == KIND_EXACT && kind == KIND_MID {
                return; // an exact result beats any midgame estimate
            }
            j
        } else {
            let rank = |e: &Entry| (e.age == age, e.kind == KIND_EXACT, e.depth);
            if rank(&bucket[0]) <= rank(&bucket[1]) {
                0
            } else {
                1
            }
        };
        bucket[slot] = new;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_tightens() {
        let mut t = Table::new(1);
        assert_eq!(t.probe(1, 2), None);
        t.store(1, 2, KIND_EXACT, 10, -64, 8, 5);
        t.store(1, 2, KIND_EXACT, 10, 4, 64, NO_MOVE);
        let e = t.probe(1, 2).unwrap();
        assert_eq!((e.lower, e.upper, e.best), (4, 8, 5));
        assert_eq!(t.probe(2, 1), None);
    }
}
