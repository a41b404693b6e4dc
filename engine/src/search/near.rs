//! The solver's small table for the nodes nearest the end that still use one
//! ([`NEAR_MAX`] empties), private to each searching thread so that it stays in the core's
//! own cache. The shared table is far larger than any cache: at these nodes nine probes in
//! ten missed it, and each waited for memory. Most of what the shared table knew there is
//! found again nearby (the same position reached by moves in another order a few plies up),
//! which a small table holds too: FFO #40-#49 searched 0.5 % more nodes with 256 KiB here
//! than with the shared table, in 0.98 of the time (docs/solver.md).

use super::tt::{bucket_index, merge_bounds};

/// The nodes with this many empties use the near table instead of the shared one: the
/// table-using nodes closest to the end (`super::endgame::SHALLOW_MAX + 1`).
pub(crate) const NEAR_MAX: u32 = super::endgame::SHALLOW_MAX + 1;

/// Its size: 256 KiB, 4,096 buckets of two entries (single runs of FFO #40-#49 from 128 KiB
/// to 8 MiB: 256 and 512 KiB were the fastest; the larger ones find a little more and wait
/// for the slower caches).
const NEAR_KIB: usize = 256;

/// Exact bounds on one position's score and its best move. An all-zero entry is empty: no
/// position reached in a game has no discs.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub(crate) struct NearEntry {
    pub player: u64,
    pub opponent: u64,
    pub lower: i8,
    pub upper: i8,
    pub best: u8,
}

/// Two entries on one cache line.
#[derive(Copy, Clone, Default)]
#[repr(C, align(64))]
struct Bucket([NearEntry; 2]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// A thread's near table: buckets of two entries; a new position goes into the first and
/// moves the one there to the second, pushing out what the second held.
/// Made empty, its memory taken when a thread first solves ([`NearTable::prepare`]): most
/// searches of the game's levels never reach the solver.
pub(crate) struct NearTable {
    buckets: Vec<Bucket>,
    mask: usize,
}

impl NearTable {
    pub fn new() -> NearTable {
        NearTable {
            buckets: Vec::new(),
            mask: 0,
        }
    }

    /// Takes the table's memory if it has none yet: before every probe or store.
    #[inline]
    pub fn prepare(&mut self) {
        if self.buckets.is_empty() {
            let len = (NEAR_KIB << 10) / std::mem::size_of::<Bucket>();
            debug_assert!(len.is_power_of_two());
            self.buckets = vec![Bucket::default(); len];
            self.mask = len - 1;
        }
    }

    /// The same hashing as the shared table.
    #[inline(always)]
    fn bucket(&self, player: u64, opponent: u64) -> usize {
        bucket_index(player, opponent, self.mask)
    }

    /// The entry for this position, if stored.
    #[inline(always)]
    pub fn probe(&self, player: u64, opponent: u64) -> Option<NearEntry> {
        debug_assert!(!self.buckets.is_empty(), "prepare() before probing");
        let bucket = &self.buckets[self.bucket(player, opponent)].0;
        bucket
            .iter()
            .find(|e| e.player == player && e.opponent == opponent)
            .copied()
    }

    /// Stores bounds for a position: tightens the entry it has, where it is, or goes in
    /// first.
    #[inline(always)]
    pub fn store(&mut self, player: u64, opponent: u64, lower: i32, upper: i32, best: u8) {
        debug_assert!(!self.buckets.is_empty(), "prepare() before storing");
        let i = self.bucket(player, opponent);
        let bucket = &mut self.buckets[i].0;
        let new = |(lower, upper, best): (i32, i32, u8)| NearEntry {
            player,
            opponent,
            lower: lower as i8,
            upper: upper as i8,
            best,
        };
        if let Some(old) = bucket
            .iter_mut()
            .find(|e| e.player == player && e.opponent == opponent)
        {
            let merged = merge_bounds(
                (old.lower.into(), old.upper.into(), old.best),
                (lower, upper, best),
            );
            *old = new(merged);
        } else {
            bucket[1] = bucket[0];
            bucket[0] = new((lower, upper, best));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tt::NO_MOVE;

    #[test]
    fn stores_tightens_and_replaces_the_older() {
        let mut t = NearTable::new();
        t.prepare();
        assert_eq!(t.probe(1, 2), None);
        t.store(1, 2, -64, 8, 5);
        t.store(1, 2, 4, 64, NO_MOVE);
        let e = t.probe(1, 2).unwrap();
        assert_eq!((e.lower, e.upper, e.best), (4, 8, 5));
        assert_eq!(t.probe(2, 1), None);
        // Two more positions in the same bucket push the first one out, the newer stays.
        let same_bucket: Vec<u64> = (3..)
            .filter(|&p| t.bucket(p, 2) == t.bucket(1, 2))
            .take(2)
            .collect();
        t.store(same_bucket[0], 2, 0, 0, 9);
        assert!(t.probe(1, 2).is_some(), "two entries per bucket");
        t.store(same_bucket[1], 2, 2, 2, 10);
        assert_eq!(t.probe(1, 2), None);
        assert_eq!(t.probe(same_bucket[0], 2).map(|e| e.best), Some(9));
        assert_eq!(t.probe(same_bucket[1], 2).map(|e| e.best), Some(10));
    }
}
