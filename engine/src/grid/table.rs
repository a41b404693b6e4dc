//! The transposition table of the generic search: two-slot buckets, the first kept for the
//! costlier result, the second always replaced. Near the start of a game, where the same
//! position is reached in mirrored or turned forms, positions are stored in one canonical
//! form of the eight symmetries of the square (and the best move turned with it).

use super::GridBoard;

/// What the search learned about one position: bounds on its score and the best move.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Entry {
    pub player: u128,
    pub opponent: u128,
    pub lower: i32,
    pub upper: i32,
    /// Plies searched, or [`EXACT`] for a solved endgame (scores in discs then).
    pub depth: u8,
    /// The best move's square, or [`NO_MOVE`].
    pub best: u8,
    /// What the result cost, for replacement: the empties of a solved position, the plies of
    /// a midgame one. Every exact result has depth [`EXACT`], but one with 20 empties is worth
    /// far more than one with 8.
    weight: u8,
}

/// `depth` of an entry that holds an exact endgame result.
pub(crate) const EXACT: u8 = u8::MAX;
/// `best` of an entry without a move.
pub(crate) const NO_MOVE: u8 = u8::MAX;

pub(crate) struct Table {
    buckets: Vec<[Entry; 2]>,
    mask: usize,
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Table {
        let want = (mb.max(1) << 20) / std::mem::size_of::<[Entry; 2]>();
        let count = (want.max(2).next_power_of_two() / 2).max(1);
        Table {
            buckets: vec![[Entry::default(); 2]; count],
            mask: count - 1,
        }
    }

    pub fn clear(&mut self) {
        self.buckets.fill([Entry::default(); 2]);
    }

    fn bucket(&self, player: u128, opponent: u128) -> usize {
        // Fold the four 64-bit words with odd multipliers; the top bits mix best.
        let h = (player as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ ((player >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ (opponent as u64).wrapping_mul(0x1656_67B1_9E37_79F9)
            ^ ((opponent >> 64) as u64).wrapping_mul(0x85EB_CA77_C2B2_AE63);
        (h >> 32) as usize & self.mask
    }

    /// What is stored for `board`, the best move in `board`'s own squares.
    pub fn probe(&self, board: &GridBoard) -> Option<Entry> {
        let (player, opponent, sym) = key(board);
        let bucket = &self.buckets[self.bucket(player, opponent)];
        let mut entry = bucket
            .iter()
            .find(|e| e.player == player && e.opponent == opponent && (player | opponent) != 0)
            .copied()?;
        if sym != 0 && entry.best != NO_MOVE {
            let g = board.size.geometry();
            entry.best = g.symmetry[g.inverse[sym] as usize][entry.best as usize];
        }
        Some(entry)
    }

    /// Stores what the search learned about `board`.
    pub fn store(&mut self, board: &GridBoard, lower: i32, upper: i32, depth: u8, best: u8) {
        let (player, opponent, sym) = key(board);
        let best = if sym != 0 && best != NO_MOVE {
            board.size.geometry().symmetry[sym][best as usize]
        } else {
            best
        };
        let weight = if depth == EXACT {
            board.empties().count_ones() as u8
        } else {
            depth
        };
        self.put(Entry {
            player,
            opponent,
            lower,
            upper,
            depth,
            best,
            weight,
        });
    }

    fn put(&mut self, entry: Entry) {
        let at = self.bucket(entry.player, entry.opponent);
        let bucket = &mut self.buckets[at];
        let same = |e: &Entry| e.player == entry.player && e.opponent == entry.opponent;
        let slot = if same(&bucket[0]) || entry.weight >= bucket[0].weight {
            0
        } else {
            1
        };
        if slot == 0 && !same(&bucket[0]) && bucket[0].player | bucket[0].opponent != 0 {
            // The deeper slot's old result moves down rather than vanish.
            bucket[1] = bucket[0];
        }
        bucket[slot] = entry;
    }
}

/// Plies from the start during which positions are stored in canonical form.
const SYMMETRIC_PLIES: u32 = 12;

/// The stored form of `board` and the symmetry that takes it there: the canonical (smallest)
/// image for the first plies of a game, where mirrored transpositions are common and the
/// positions few; the board itself later, where the eight transforms would cost too much.
fn key(board: &GridBoard) -> (u128, u128, usize) {
    let discs = (board.player | board.opponent).count_ones();
    if discs > 4 + SYMMETRIC_PLIES {
        return (board.player, board.opponent, 0);
    }
    let g = board.size.geometry();
    let mut best = (board.player, board.opponent, 0);
    for sym in 1..8 {
        let image = (
            g.transform(board.player, sym),
            g.transform(board.opponent, sym),
        );
        if image < (best.0, best.1) {
            best = (image.0, image.1, sym);
        }
    }
    best
}
