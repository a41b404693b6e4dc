//! The book on disk: a short header, then the book's tree from the start position, depth
//! first. An expanded position is written as one signed byte per legal move (its value in
//! discs for the side to move, moves in square order) and a bit per move saying whether the
//! position after it is described next; the squares, the positions and the leaves' keys all
//! follow from the rules, so about one byte per scored position is all a book costs.
//!
//! Header: `RVBOOK01`, leaf depth (u8), exact-from empties (u8), two zero bytes, the count
//! of expanded positions (u32 LE) and an FNV-1a checksum (u32 LE) of the header's bytes 8-15
//! and the body.

use std::collections::HashSet;
use std::fmt;

use super::{Book, BookDepth, Key, Node};
use crate::Board;

const MAGIC: &[u8; 8] = b"RVBOOK01";
const HEADER: usize = 20;

/// Why a book file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// Not a book file (or a version this engine does not read).
    NotABook,
    /// The file ends early or has bytes left over.
    Length,
    /// The checksum does not match: the file was damaged.
    Checksum,
    /// The contents contradict the rules or themselves; the text says where.
    Inconsistent(String),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::NotABook => f.write_str("not an opening book (no RVBOOK01 header)"),
            BookError::Length => f.write_str("the book file is cut short or too long"),
            BookError::Checksum => f.write_str("the book file is damaged (checksum mismatch)"),
            BookError::Inconsistent(why) => write!(f, "the book contradicts itself: {why}"),
        }
    }
}

impl std::error::Error for BookError {}

/// FNV-1a of the header's settings and count (bytes 8-15) and the body.
fn checksum(settings: &[u8], body: &[u8]) -> u32 {
    settings.iter().chain(body).fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

pub(super) fn write(book: &Book) -> Vec<u8> {
    let mut body = Vec::new();
    let start = Board::start();
    let mut described = HashSet::new();
    if book.nodes.get(&Key::of(&start)).is_some_and(|n| n.expanded) {
        described.insert(Key::of(&start));
        write_node(book, &start, &mut described, &mut body);
    }
    let mut out = Vec::with_capacity(HEADER + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[book.depth.depth, book.depth.exact, 0, 0]);
    out.extend_from_slice(&(described.len() as u32).to_le_bytes());
    let sum = checksum(&out[8..16], &body);
    out.extend_from_slice(&sum.to_le_bytes());
    out.extend_from_slice(&body);
    out
}

fn write_node(book: &Book, board: &Board, described: &mut HashSet<Key>, out: &mut Vec<u8>) {
    let children = Book::children(board);
    let mut flags = vec![0u8; children.len().div_ceil(8)];
    let mut next = Vec::new();
    for (i, (_, child)) in children.iter().enumerate() {
        let key = Key::of(child);
        let node = book.nodes[&key];
        out.push((-node.value) as u8);
        if node.expanded && described.insert(key) {
            flags[i / 8] |= 1 << (i % 8);
            next.push(*child);
        }
    }
    out.extend_from_slice(&flags);
    for child in next {
        write_node(book, &child, described, out);
    }
}

pub(super) fn read(bytes: &[u8]) -> Result<Book, BookError> {
    if bytes.len() < HEADER || &bytes[..8] != MAGIC || bytes[10..12] != [0, 0] {
        return Err(BookError::NotABook);
    }
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let (count, sum) = (word(12) as usize, word(16));
    let body = &bytes[HEADER..];
    if checksum(&bytes[8..16], body) != sum {
        return Err(BookError::Checksum);
    }
    let mut book = Book::new(BookDepth {
        depth: bytes[8],
        exact: bytes[9],
    });
    let mut reader = Reader { body, at: 0 };
    if !body.is_empty() {
        let start = Board::start();
        let key = Key::of(&start);
        let best = read_node(&mut book, &mut reader, &start)?;
        book.nodes.insert(
            key,
            Node {
                value: best,
                expanded: true,
            },
        );
    }
    if reader.at != body.len() {
        return Err(BookError::Length);
    }
    if book.positions() != count {
        return Err(BookError::Inconsistent(format!(
            "{} expanded positions where the header says {count}",
            book.positions()
        )));
    }
    Ok(book)
}

struct Reader<'a> {
    body: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], BookError> {
        let slice = self
            .body
            .get(self.at..self.at + n)
            .ok_or(BookError::Length)?;
        self.at += n;
        Ok(slice)
    }
}

/// Reads one expanded position's moves and, depth first, the positions flagged after them;
/// returns the position's value (its best move's).
fn read_node(book: &mut Book, reader: &mut Reader, board: &Board) -> Result<i8, BookError> {
    let children = Book::children(board);
    if children.is_empty() {
        return Err(BookError::Inconsistent(
            "a position without moves is marked expanded".into(),
        ));
    }
    let values: Vec<i8> = reader
        .take(children.len())?
        .iter()
        .map(|&b| b as i8)
        .collect();
    let flags = reader.take(children.len().div_ceil(8))?.to_vec();
    let flagged = |i: usize| flags[i / 8] >> (i % 8) & 1 == 1;
    if (children.len()..flags.len() * 8).any(flagged) {
        return Err(BookError::Inconsistent("a flag past the last move".into()));
    }
    for (i, ((sq, child), &v)) in children.iter().zip(&values).enumerate() {
        if !(-64..=64).contains(&v) {
            return Err(BookError::Inconsistent(format!("{sq} scores {v} discs")));
        }
        let key = Key::of(child);
        match book.nodes.get(&key) {
            Some(node) if node.value != -v => {
                return Err(BookError::Inconsistent(format!(
                    "two values for the position after {sq}"
                )));
            }
            Some(_) if flagged(i) => {
                return Err(BookError::Inconsistent(format!(
                    "the position after {sq} is described twice"
                )));
            }
            Some(_) => {}
            None => {
                book.nodes.insert(
                    key,
                    Node {
                        value: -v,
                        expanded: flagged(i),
                    },
                );
            }
        }
    }
    for (i, (sq, child)) in children.iter().enumerate() {
        if flagged(i) {
            let best = read_node(book, reader, child)?;
            if best != book.nodes[&Key::of(child)].value {
                return Err(BookError::Inconsistent(format!(
                    "the position after {sq} is not worth its best move"
                )));
            }
        }
    }
    Ok(*values.iter().max().expect("at least one move"))
}
