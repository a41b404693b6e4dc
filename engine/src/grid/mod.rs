//! Every board size the rule texts allow (4×4, 6×6, 8×8, 10×10) on `u128` bitboards: moves,
//! perft, board strings, an exact solver, a search with a hand-written evaluation, and the
//! levels. Slower than the 8×8 fast path ([`crate::Board`], [`crate::search`]), which the
//! 8×8 game keeps using; at 8×8 both give the same moves, which the tests check.

mod board;
mod eval;
mod game;
mod level;
mod nodes;
mod notation;
mod position;
mod search;
mod size;
mod table;
mod variant;

pub use board::{GridBoard, grid_perft};
pub use eval::evaluate as grid_evaluate;
pub use game::{GridGame, GridTranscriptError, parse_grid_move, parse_grid_moves};
pub use level::{LevelPlay, grid_choose_move, level_description, level_play};
pub use notation::{GridBoardError, GridSetup, grid_board_string, parse_grid_board};
pub use position::{GridIllegalMove, GridMove, GridPlacement, GridPosition, squares};
pub use search::{GridLimits, GridResult, GridSearcher};
pub use size::{BoardSize, Cell, ParseCellError};
#[cfg(test)]
pub(crate) use variant::random;
pub use variant::{VARIANT_NODE_LIMIT, variant_move, variant_perfect_max, variant_scores};

pub(crate) use size::Geometry;
