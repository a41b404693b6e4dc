//! The opening book the engine builds itself (`reversi-engine book build`): positions near the
//! start whose every move was scored by a deep search, the scores backed up (negamax) through
//! the book's own lines, so a book move is worth what the deepest line under it found.
//!
//! A position and its seven mirror images share one entry ([`Key`]). The levels from Expert
//! up play from it while the game is in it (with a little variety among moves of (nearly)
//! equal value), and the study view shows its scores as "book".

mod build;
mod format;

use std::collections::HashMap;
use std::sync::OnceLock;

use rand::RngExt;
use rand::rngs::StdRng;

use crate::{Board, Scoring, Square, Symmetry};

pub use build::{BuildSettings, expand, frontier};
pub use format::BookError;

/// A position as the book files it: the least of the board's eight symmetric images (player
/// and opponent bitboards), so that mirror images share an entry.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Key(u64, u64);

impl Key {
    /// The key of `board`.
    pub fn of(board: &Board) -> Key {
        Symmetry::ALL
            .iter()
            .map(|s| Key(s.apply(board.player), s.apply(board.opponent)))
            .min()
            .expect("eight symmetries")
    }

    /// The key's own image of the position (the one the builder searches, so that a build
    /// does not depend on which mirror image it met first).
    pub fn board(self) -> Board {
        Board::new(self.0, self.1)
    }
}

/// One position of the book: its value for the side to move in discs, and whether every
/// move from it is in the book too (`expanded`) or it was only searched (a leaf).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Node {
    pub value: i8,
    pub expanded: bool,
}

/// How deep the book's leaves were searched: `depth` plies of selective midgame search,
/// exact from `exact` empties (the file records it; a build resumes only with the same).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct BookDepth {
    /// Midgame plies.
    pub depth: u8,
    /// Solved exactly from this many empties.
    pub exact: u8,
}

/// An opening book: scored positions keyed by [`Key`].
#[derive(Clone, Debug)]
pub struct Book {
    depth: BookDepth,
    nodes: HashMap<Key, Node>,
}

/// The book the project built (`engine/assets/book.bin`; docs/book.md says how).
static BUILTIN: &[u8] = include_bytes!("../../assets/book.bin");

impl Book {
    /// An empty book whose leaves will be searched as `depth` says.
    pub fn new(depth: BookDepth) -> Book {
        Book {
            depth,
            nodes: HashMap::new(),
        }
    }

    /// The book built into the engine (read once; an unreadable one, which a test rules out,
    /// would be an empty book rather than a failing game).
    pub fn builtin() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| {
            Book::from_bytes(BUILTIN).unwrap_or(Book::new(BookDepth { depth: 0, exact: 0 }))
        })
    }

    /// The built-in book where its values hold: most discs wins. Under fewest-discs scoring
    /// (the reverse variant) every value would differ, so there is none.
    pub fn for_scoring(scoring: Scoring) -> Option<&'static Book> {
        (scoring == Scoring::MostDiscs).then(Book::builtin)
    }

    /// How the leaves were searched.
    pub fn depth(&self) -> BookDepth {
        self.depth
    }

    /// The positions whose every move the book scores.
    pub fn positions(&self) -> usize {
        self.nodes.values().filter(|n| n.expanded).count()
    }

    /// Every position with a value: those of [`Book::positions`] and the leaves below them.
    pub fn scored(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the book has no position at all.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The value of `board` for the side to move in discs, if the book has it.
    pub fn value(&self, board: &Board) -> Option<i32> {
        self.nodes.get(&Key::of(board)).map(|n| i32::from(n.value))
    }

    /// Every legal move of `board` with its book value (discs, side to move's view), best
    /// first (ties in square order); `None` unless the book scores every move of it.
    pub fn moves(&self, board: &Board) -> Option<Vec<(Square, i32)>> {
        let node = self.nodes.get(&Key::of(board))?;
        if !node.expanded {
            return None;
        }
        let mut moves = Book::children(board)
            .into_iter()
            .map(|(sq, child)| Some((sq, -self.value(&child)?)))
            .collect::<Option<Vec<(Square, i32)>>>()?;
        moves.sort_by_key(|&(sq, v)| (-v, sq.index()));
        Some(moves)
    }

    /// A book move for `board`: at random among those within `within` discs of the best;
    /// `None` when the position is not in the book.
    pub fn choose(&self, board: &Board, within: i32, rng: &mut StdRng) -> Option<(Square, i32)> {
        let moves = self.moves(board)?;
        let best = moves.first()?.1;
        let near: Vec<(Square, i32)> = moves.into_iter().filter(|m| m.1 >= best - within).collect();
        Some(near[rng.random_range(0..near.len())])
    }

    /// Reads a book file; a damaged or inconsistent one is an error saying what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        format::read(bytes)
    }

    /// The book as a file.
    pub fn to_bytes(&self) -> Vec<u8> {
        format::write(self)
    }

    /// The moves of `board` as (child, key) pairs in square order.
    pub(crate) fn children(board: &Board) -> Vec<(Square, Board)> {
        Square::all()
            .filter_map(|sq| Some((sq, board.play(sq)?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn mirror_images_share_a_key() {
        let board = Board::start()
            .play("f5".parse::<Square>().unwrap())
            .unwrap();
        let key = Key::of(&board);
        for s in Symmetry::ALL {
            let image = Board::new(s.apply(board.player), s.apply(board.opponent));
            assert_eq!(Key::of(&image), key, "{s:?}");
        }
        assert_eq!(Key::of(&key.board()), key);
    }

    #[test]
    fn the_builtin_book_reads_and_covers_the_start() {
        let book = Book::builtin();
        assert!(book.positions() > 100, "{} positions", book.positions());
        let moves = book
            .moves(&Board::start())
            .expect("the start is in the book");
        // The four first moves are mirror images: one value.
        assert_eq!(moves.len(), 4);
        assert!(moves.iter().all(|m| m.1 == moves[0].1), "{moves:?}");
        let mut rng = StdRng::seed_from_u64(1);
        let (sq, _) = book.choose(&Board::start(), 0, &mut rng).unwrap();
        assert!(Board::start().play(sq).is_some());
    }
}
