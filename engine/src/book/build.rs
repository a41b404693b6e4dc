//! Growing a book: drop-out expansion. Every position reached through the book has a cost,
//! the discs its line gives away against the book's best moves (for either side) plus a
//! little for each ply; the cheapest leaves are expanded first (every move of them searched),
//! so the book grows along the lines good players reach, deepest on the main lines and
//! widening as it grows. Each batch ends with the values backed up through the whole book.
//!
//! A build is deterministic: each position is searched alone from a cleared table, so the
//! same settings give the same book on any number of threads and whether or not the build
//! was stopped and resumed between batches.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::{Book, Key, Node};
use crate::Board;
use crate::search::{Limits, NoClock, Searcher, Selectivity};

/// How a book grows.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct BuildSettings {
    /// Only positions fewer than this many plies from the start are expanded.
    pub max_ply: u32,
    /// The cost of one ply, in discs: higher keeps the book shallower and wider.
    pub ply_cost: f64,
}

/// The leaves to expand next, cheapest first: `(cost, ply, key)` for every position the
/// book reaches that it has not expanded, with a move to make, within `settings.max_ply`.
pub fn frontier(book: &Book, settings: &BuildSettings) -> Vec<(f64, u32, Key)> {
    let start = Key::of(&Board::start());
    if !book.nodes.contains_key(&start) {
        return vec![(0.0, 0, start)];
    }
    let mut leaves = Vec::new();
    let mut layer: HashMap<Key, f64> = HashMap::from([(start, 0.0)]);
    for ply in 0.. {
        if layer.is_empty() {
            break;
        }
        let mut next: HashMap<Key, f64> = HashMap::new();
        let mut keys: Vec<(Key, f64)> = layer.into_iter().collect();
        keys.sort_by_key(|&(k, _)| k);
        for (key, cost) in keys {
            let node = book.nodes[&key];
            let board = key.board();
            if !node.expanded {
                if ply < settings.max_ply && board.moves() != 0 {
                    leaves.push((cost, ply, key));
                }
                continue;
            }
            for (_, child) in Book::children(&board) {
                let child = Key::of(&child);
                // At least 0 (the node is worth its best move); up to 128, past an i8.
                let lost = f64::from(node.value) + f64::from(book.nodes[&child].value);
                let c = cost + lost + settings.ply_cost;
                let slot = next.entry(child).or_insert(f64::INFINITY);
                *slot = slot.min(c);
            }
        }
        layer = next;
    }
    leaves.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    leaves
}

/// Expands up to `batch` of the cheapest leaves ([`frontier`]): searches every position one
/// move after them that the book lacks (on `threads` threads, each position alone), adds
/// them, and backs the values up. Returns how many positions were expanded: 0 when nothing
/// is left to expand, or when `stop` was raised (then the book is unchanged).
pub fn expand(
    book: &mut Book,
    settings: &BuildSettings,
    batch: usize,
    threads: usize,
    stop: &AtomicBool,
) -> usize {
    let start = Board::start();
    let first = book.nodes.is_empty();
    if first {
        let value = search(&mut Searcher::new(16), &start, book, stop);
        let Some(value) = value else { return 0 };
        book.nodes.insert(
            Key::of(&start),
            Node {
                value,
                expanded: false,
            },
        );
    }
    let chosen: Vec<Key> = frontier(book, settings)
        .into_iter()
        .take(batch)
        .map(|(_, _, k)| k)
        .collect();
    let mut wanted: Vec<Key> = chosen
        .iter()
        .flat_map(|k| Book::children(&k.board()))
        .map(|(_, child)| Key::of(&child))
        .filter(|k| !book.nodes.contains_key(k))
        .collect::<HashSet<Key>>()
        .into_iter()
        .collect();
    wanted.sort();
    let values = search_all(&wanted, book, threads, stop);
    let Some(values) = values else {
        if first {
            book.nodes.clear();
        }
        return 0;
    };
    for (key, value) in wanted.into_iter().zip(values) {
        book.nodes.insert(
            key,
            Node {
                value,
                expanded: false,
            },
        );
    }
    for key in &chosen {
        if let Some(node) = book.nodes.get_mut(key) {
            node.expanded = true;
        }
    }
    back_up(book);
    chosen.len()
}

/// Searches each position on its own; `None` if stopped before all were done.
fn search_all(keys: &[Key], book: &Book, threads: usize, stop: &AtomicBool) -> Option<Vec<i8>> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<i8>>> = Mutex::new(vec![None; keys.len()]);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut searcher = Searcher::new(16);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(key) = keys.get(i) else { break };
                    let Some(v) = search(&mut searcher, &key.board(), book, stop) else {
                        break;
                    };
                    results.lock().expect("no search panics")[i] = Some(v);
                }
            });
        }
    });
    results
        .into_inner()
        .expect("no search panics")
        .into_iter()
        .collect()
}

/// One leaf's value for its side to move, in discs: the book's search from a cleared table.
fn search(searcher: &mut Searcher, board: &Board, book: &Book, stop: &AtomicBool) -> Option<i8> {
    searcher.clear();
    let depth = book.depth;
    let limits = Limits {
        depth: u32::from(depth.depth),
        nodes: None,
        time_ms: None,
        solve_empties: u32::from(depth.exact),
        selectivity: Selectivity::TUNED,
    };
    let result = searcher.search(board, &limits, stop, &NoClock);
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    Some(result.score.clamp(-64, 64) as i8)
}

/// Recomputes every expanded position's value from its moves, the deepest first (a move adds
/// a disc, so more discs means later in the game).
fn back_up(book: &mut Book) {
    let mut expanded: Vec<Key> = book
        .nodes
        .iter()
        .filter(|(_, n)| n.expanded)
        .map(|(k, _)| *k)
        .collect();
    expanded.sort_by_key(|k| std::cmp::Reverse((k.0 | k.1).count_ones()));
    for key in expanded {
        let best = Book::children(&key.board())
            .iter()
            .map(|(_, child)| -book.nodes[&Key::of(child)].value)
            .max()
            .expect("an expanded position has moves");
        book.nodes.get_mut(&key).expect("listed above").value = best;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::{BookDepth, BookError};

    fn small_book(threads: usize) -> Book {
        let mut book = Book::new(BookDepth {
            depth: 2,
            exact: 10,
        });
        let settings = BuildSettings {
            max_ply: 4,
            ply_cost: 1.0,
        };
        let stop = AtomicBool::new(false);
        while book.positions() < 12 {
            assert!(expand(&mut book, &settings, 5, threads, &stop) > 0);
        }
        book
    }

    #[test]
    fn a_build_backs_values_up_and_survives_its_file() {
        let book = small_book(2);
        // Every expanded position is worth its best move, and every move is scored.
        for (key, node) in &book.nodes {
            if node.expanded {
                let moves = book.moves(&key.board()).expect("expanded");
                assert_eq!(i32::from(node.value), moves[0].1);
            }
        }
        let bytes = book.to_bytes();
        let read = Book::from_bytes(&bytes).expect("reads back");
        assert_eq!(read.nodes, book.nodes);
        assert_eq!(read.to_bytes(), bytes);
        // The same book on one thread.
        assert_eq!(small_book(1).nodes, book.nodes);
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let bytes = small_book(1).to_bytes();
        assert!(Book::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(matches!(
            Book::from_bytes(b"not a book at all, no"),
            Err(BookError::NotABook)
        ));
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0x10;
        assert!(matches!(
            Book::from_bytes(&flipped),
            Err(BookError::Checksum)
        ));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Book::from_bytes(&longer).is_err());
    }

    #[test]
    fn a_stopped_expansion_changes_nothing() {
        let mut book = small_book(1);
        let before = book.nodes.clone();
        let settings = BuildSettings {
            max_ply: 6,
            ply_cost: 1.0,
        };
        assert_eq!(
            expand(&mut book, &settings, 4, 1, &AtomicBool::new(true)),
            0
        );
        assert_eq!(book.nodes, before);
    }
}
