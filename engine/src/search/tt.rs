//! The transposition table: bounds, best move and depth per position, in two-entry buckets
//! keyed by the full board (no false hits), replaced by age first and depth second, shared
//! without locks by the threads of a parallel search.

use std::sync::atomic::{AtomicU64, Ordering};

/// Which kind of score an entry holds.
pub(crate) const KIND_EMPTY: u8 = 0;
/// A midgame search in hundredths of a disc, `depth` plies deep.
pub(crate) const KIND_MID: u8 = 1;
/// An exact endgame search in discs; `depth` is the number of empties.
pub(crate) const KIND_EXACT: u8 = 2;
/// The first of the kinds of the solver's selective probes (`KIND_SELECTIVE + confidence /
/// 25`, see [`end_kind`]): endgame bounds in discs that ProbCut pruned, confidences a
/// quarter of σ apart kinds of their own (so that a probe at a higher confidence would not
/// take a lower one's bounds); `depth` is the number of empties. An exact search takes only
/// their moves.
pub(crate) const KIND_SELECTIVE: u8 = 3;
/// No best move recorded.
pub(crate) const NO_MOVE: u8 = 64;

/// The kind of the entries an endgame search stores, by its `end_cut` (0: exact).
#[inline(always)]
pub(crate) fn end_kind(end_cut: u16) -> u8 {
    if end_cut == 0 {
        KIND_EXACT
    } else {
        KIND_SELECTIVE + (end_cut / 25).min(200) as u8
    }
}

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

/// One slot, written and read without locks so that threads searching together share the
/// table: the data word packs the bounds, depth, kind, move and age, and each half of the
/// board is stored XORed with it. A slot torn by two writers at once no longer checks
/// against any board and reads as empty (the "lockless hashing" idea), so a thread never
/// takes another position's bounds. Relaxed atomics compile to plain loads and stores.
struct Slot {
    player: AtomicU64,
    opponent: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    const fn empty() -> Slot {
        Slot {
            player: AtomicU64::new(0),
            opponent: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }
    }

    /// The entry here, whatever position it is (an empty or torn slot reads as empty).
    #[inline(always)]
    fn load(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let player = self.player.load(Ordering::Relaxed) ^ data;
        let opponent = self.opponent.load(Ordering::Relaxed) ^ data;
        let mut e = unpack(data);
        e.player = player;
        e.opponent = opponent;
        e
    }

    #[inline(always)]
    fn save(&self, e: &Entry) {
        let data = pack(e);
        self.data.store(data, Ordering::Relaxed);
        self.player.store(e.player ^ data, Ordering::Relaxed);
        self.opponent.store(e.opponent ^ data, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.data.store(0, Ordering::Relaxed);
        self.player.store(0, Ordering::Relaxed);
        self.opponent.store(0, Ordering::Relaxed);
    }
}

#[inline(always)]
fn pack(e: &Entry) -> u64 {
    (e.lower as u16 as u64)
        | (e.upper as u16 as u64) << 16
        | (e.depth as u64) << 32
        | (e.kind as u64) << 40
        | (e.best as u64) << 48
        | (e.age as u64) << 56
}

#[inline(always)]
fn unpack(data: u64) -> Entry {
    Entry {
        player: 0,
        opponent: 0,
        lower: data as u16 as i16,
        upper: (data >> 16) as u16 as i16,
        depth: (data >> 32) as u8,
        kind: (data >> 40) as u8,
        best: (data >> 48) as u8,
        age: (data >> 56) as u8,
    }
}

/// The bucket of a position in a power-of-two table of `mask + 1` buckets: multiplicative
/// hashing of both halves, the high bits picking the bucket. The solver's near tables
/// (`super::near`) use it too.
#[inline(always)]
pub(crate) fn bucket_index(player: u64, opponent: u64, mask: usize) -> usize {
    let h = (player ^ opponent.rotate_left(29).wrapping_mul(0xD6E8_FEB8_6659_FD93))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((h >> 32) as usize) & mask
}

/// The bounds and best move to keep when a search of the same kind and depth stores a
/// position again: the tighter of each bound, but the new ones whole if the two cross
/// (searches of different selectivity may disagree), and the old move where the new search
/// names none. `(lower, upper, best)` each. The solver's near tables use it too.
#[inline(always)]
pub(crate) fn merge_bounds(old: (i32, i32, u8), new: (i32, i32, u8)) -> (i32, i32, u8) {
    let (lower, upper) = (new.0.max(old.0), new.1.min(old.1));
    let (lower, upper) = if lower > upper {
        (new.0, new.1)
    } else {
        (lower, upper)
    };
    (lower, upper, if new.2 == NO_MOVE { old.2 } else { new.2 })
}

/// Two slots on one 64-byte cache line: a probe waits for memory once, not twice (48-byte
/// buckets straddled two lines every other time).
#[repr(C, align(64))]
struct Bucket([Slot; 2]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// A power-of-two array of buckets; a position may live in either slot of its bucket.
/// Probes and stores take `&self`, so threads of one search share it.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of at most `mb` megabytes (MiB), the largest power of two of buckets that fits:
    /// as many entries as the 48-byte buckets of before gave, in all of `mb` instead of three
    /// quarters of it (a quarter of each bucket is padding to its cache line).
    pub fn new(mb: usize) -> Table {
        Table::allocate(mb, false)
    }

    /// The same in large pages where the system grants them (see
    /// [`crate::memory::advise_huge_pages`]): FFO #40-#49 on one thread in 0.95 of the time,
    /// but the pages cost more to set up (0.4 s more for 256 MB here, the kernel compacting
    /// memory for them), so only for a table kept over a long run.
    pub fn in_large_pages(mb: usize) -> Table {
        Table::allocate(mb, true)
    }

    fn allocate(mb: usize, large_pages: bool) -> Table {
        let wanted = (mb.max(1) << 20) / std::mem::size_of::<Bucket>();
        // The largest power of two that fits.
        let len = 1usize << (usize::BITS - 1 - wanted.max(1).leading_zeros());
        let mut buckets = Vec::with_capacity(len);
        if large_pages {
            // Before the first write touches the memory.
            crate::memory::advise_huge_pages(buckets.as_ptr(), len * size_of::<Bucket>());
        }
        buckets.extend((0..len).map(|_| Bucket([Slot::empty(), Slot::empty()])));
        Table {
            buckets,
            mask: len - 1,
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        self.buckets.iter().flat_map(|b| &b.0).for_each(Slot::clear);
        self.age = 0;
    }

    /// Starts a new search: older entries become the first to go.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline(always)]
    fn bucket(&self, player: u64, opponent: u64) -> usize {
        bucket_index(player, opponent, self.mask)
    }

    /// Starts loading this board's bucket into the cache, so that a probe soon after does
    /// not wait for memory (the table is far larger than any cache).
    #[inline(always)]
    pub fn prefetch(&self, player: u64, opponent: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket = &self.buckets[self.bucket(player, opponent)];
            // SAFETY: prefetching is only a hint; the address is a bucket of this table.
            unsafe {
                std::arch::x86_64::_mm_prefetch(
                    (bucket as *const Bucket).cast::<i8>(),
                    std::arch::x86_64::_MM_HINT_T0,
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (player, opponent);
    }

    /// The entry for this board, if stored.
    #[inline(always)]
    pub fn probe(&self, player: u64, opponent: u64) -> Option<Entry> {
        let i = self.bucket(player, opponent);
        self.buckets[i]
            .0
            .iter()
            .map(Slot::load)
            .find(|e| e.player == player && e.opponent == opponent && e.kind != KIND_EMPTY)
    }

    /// Stores bounds for a position. Where the bucket holds the position already, an entry of
    /// the same kind and depth tightens its bounds, an exact one is never replaced by an
    /// estimate, and any other takes its slot; otherwise one of the two slots is replaced:
    /// an empty one or one from an earlier search first, then one that is not exact, then
    /// the shallower.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &self,
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
        let bucket = &self.buckets[i].0;
        let held = [bucket[0].load(), bucket[1].load()];
        let slot = if let Some(j) = held
            .iter()
            .position(|e| e.player == player && e.opponent == opponent && e.kind != KIND_EMPTY)
        {
            let old = held[j];
            if old.kind == kind && old.depth == depth {
                let (lower, upper, best) = merge_bounds(
                    (old.lower.into(), old.upper.into(), old.best),
                    (lower, upper, best),
                );
                (new.lower, new.upper, new.best) = (lower as i16, upper as i16, best);
            } else if old.kind == KIND_EXACT {
                return; // an exact result beats any estimate, midgame or selective
            }
            j
        } else {
            let rank = |e: &Entry| {
                (
                    e.age == age && e.kind != KIND_EMPTY,
                    e.kind == KIND_EXACT,
                    e.depth,
                )
            };
            if rank(&held[0]) <= rank(&held[1]) {
                0
            } else {
                1
            }
        };
        bucket[slot].save(&new);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_tightens() {
        let t = Table::new(1);
        assert_eq!(t.probe(1, 2), None);
        t.store(1, 2, KIND_EXACT, 10, -64, 8, 5);
        t.store(1, 2, KIND_EXACT, 10, 4, 64, NO_MOVE);
        let e = t.probe(1, 2).unwrap();
        assert_eq!((e.lower, e.upper, e.best), (4, 8, 5));
        assert_eq!(t.probe(2, 1), None);
    }

    #[test]
    fn exact_entries_outrank_selective_ones() {
        let t = Table::new(1);
        let selective = end_kind(100);
        assert!(selective != KIND_EXACT && selective != end_kind(200));
        t.store(1, 2, selective, 20, 10, 10, 3);
        t.store(1, 2, KIND_EXACT, 20, -64, 4, 5);
        let e = t.probe(1, 2).unwrap();
        assert_eq!((e.kind, e.lower, e.upper, e.best), (KIND_EXACT, -64, 4, 5));
        t.store(1, 2, selective, 20, 10, 10, 3);
        assert_eq!(t.probe(1, 2).unwrap(), e);
    }
}
