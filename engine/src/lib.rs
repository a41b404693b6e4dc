//! Reversi/Othello engine: rules and variants, notation, perft, search and evaluation on
//! bitboards. No dependency on Bevy, the file system or the clock: callers bring those.

#![warn(missing_docs)]

mod bitboard;
mod bits;
#[cfg(target_arch = "x86_64")]
mod bits_avx2;
#[cfg(target_arch = "x86_64")]
mod bits_avx512;
mod board;
pub mod book;
mod color;
mod game;
pub mod ggf;
pub mod grid;
mod history;
mod komi;
mod memory;
pub mod nboard;
pub mod notation;
mod position;
mod rules;
pub mod search;
mod simd;
mod square;
mod symmetry;
pub mod train;

pub use bitboard::{Bitboard, BitboardIter};
pub use board::{Board, perft};
pub use color::Color;
pub use game::Game;
pub use history::{History, Playable};
pub use komi::{Discs, Komi, KomiError, KomiResult};
pub use notation::{BoardStringError, TranscriptError, board_string, parse_board, parse_moves};
pub use position::{
    CENTRE, IllegalMove, IllegalReason, Move, Outcome, Placement, Position, Status,
};
pub use rules::{BadRuleTag, DiscSupply, FlipRule, OutOfDiscs, Rules, Scoring, StartPosition};
pub use search::{Clock, Level, Limits, SearchResult, Searcher, choose_move};
pub use simd::{fast_path_name, perft_portable_only};
pub use square::{Direction, ParseSquareError, Square};
pub use symmetry::Symmetry;

/// The flips of one line from `square` in `dir` for `player` against `opponent` (raw bitboards).
pub fn flips_line(player: u64, opponent: u64, square: Square, dir: Direction) -> u64 {
    bits::flips_line(player, opponent, square.index(), dir)
}
