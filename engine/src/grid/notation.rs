//! Board strings of every size: the squares row by row (`X`/`*`/`B` black, `O`/`W` white,
//! `-`/`.`/`_` empty, whitespace anywhere) and the side to move; the number of squares (16,
//! 36, 64 or 100) gives the size.

use super::{BoardSize, GridBoard};
use crate::Color;
use std::fmt;

/// Discs by colour and the side to move on a board of any size: what a board string says.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct GridSetup {
    /// The board's size.
    pub size: BoardSize,
    /// Black discs (bit = row × side + column).
    pub black: u128,
    /// White discs.
    pub white: u128,
    /// The side to move.
    pub to_move: Color,
}

impl GridSetup {
    /// The position this setup gives under `rules` (supplies from the discs on the board).
    pub fn position(&self, rules: crate::Rules) -> super::GridPosition {
        super::GridPosition::from_discs(self.size, rules, self.black, self.white, self.to_move)
    }

    /// The search's view: the side to move first.
    pub fn board(&self) -> GridBoard {
        match self.to_move {
            Color::Black => GridBoard::new(self.size, self.black, self.white),
            Color::White => GridBoard::new(self.size, self.white, self.black),
        }
    }
}

impl super::GridPosition {
    /// The discs and the side to move, as a board string gives them.
    pub fn setup(&self) -> GridSetup {
        GridSetup {
            size: self.size(),
            black: self.discs(Color::Black),
            white: self.discs(Color::White),
            to_move: self.to_move(),
        }
    }
}

/// Why a board string of any size could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GridBoardError {
    /// A character that is not a square symbol, at `offset` (0-based, in `char`s).
    BadSymbol {
        /// Character offset.
        offset: usize,
        /// The character.
        found: char,
    },
    /// The squares before the side to move are not 16, 36, 64 or 100.
    BadLength {
        /// Square symbols found.
        squares: usize,
    },
    /// No side to move (X or O) at the end.
    NoSideToMove,
    /// The symbol after the squares is neither a side to move nor a square.
    BadSideToMove {
        /// The symbol.
        found: char,
    },
}

impl fmt::Display for GridBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridBoardError::BadSymbol { offset, found } => write!(
                f,
                "`{found}` at character {} is not a square (use X, O or -)",
                offset + 1
            ),
            GridBoardError::BadLength { squares } => write!(
                f,
                "a board needs 16, 36, 64 or 100 squares (4×4, 6×6, 8×8 or 10×10), found {squares}"
            ),
            GridBoardError::NoSideToMove => {
                f.write_str("the side to move (X or O) is missing after the squares")
            }
            GridBoardError::BadSideToMove { found } => {
                write!(
                    f,
                    "`{found}` after the squares is not a side to move (X or O)"
                )
            }
        }
    }
}

impl std::error::Error for GridBoardError {}

/// Reads `squares + side to move`, the size from the number of squares.
///
/// ```
/// use reversi_engine::grid::{parse_grid_board, BoardSize};
/// let six = format!("{}OX----XO{} X", "-".repeat(14), "-".repeat(14));
/// let setup = parse_grid_board(&six).unwrap();
/// assert_eq!(setup.size, BoardSize::Six);
/// assert!(parse_grid_board("XO-- X").is_err());
/// ```
pub fn parse_grid_board(text: &str) -> Result<GridSetup, GridBoardError> {
    let symbols: Vec<(usize, char)> = text
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .collect();
    let Some((&(_, side), squares)) = symbols.split_last() else {
        return Err(GridBoardError::NoSideToMove);
    };
    let to_move = match side {
        '-' | '.' | '_' => None,
        c => Color::from_symbol(c),
    };
    let Some(to_move) = to_move else {
        if !matches!(side, '-' | '.' | '_') && BoardSize::from_squares(squares.len()).is_some() {
            return Err(GridBoardError::BadSideToMove { found: side });
        }
        // Without a side the last symbol is a square: say so only if the count then fits.
        return Err(if BoardSize::from_squares(symbols.len()).is_some() {
            GridBoardError::NoSideToMove
        } else {
            GridBoardError::BadLength {
                squares: squares.len(),
            }
        });
    };
    let (mut black, mut white) = (0u128, 0u128);
    for (n, &(offset, c)) in squares.iter().enumerate() {
        match c {
            '-' | '.' | '_' => {}
            _ => match Color::from_symbol(c) {
                Some(Color::Black) if n < 128 => black |= 1 << n,
                Some(Color::White) if n < 128 => white |= 1 << n,
                Some(_) => {}
                None => return Err(GridBoardError::BadSymbol { offset, found: c }),
            },
        }
    }
    let size = BoardSize::from_squares(squares.len()).ok_or(GridBoardError::BadLength {
        squares: squares.len(),
    })?;
    Ok(GridSetup {
        size,
        black,
        white,
        to_move,
    })
}

/// Writes a setup as `squares, a space, side to move`.
pub fn grid_board_string(setup: &GridSetup) -> String {
    let mut s: String = (0..setup.size.squares())
        .map(|i| {
            let bit = 1u128 << i;
            if setup.black & bit != 0 {
                Color::Black.symbol()
            } else if setup.white & bit != 0 {
                Color::White.symbol()
            } else {
                '-'
            }
        })
        .collect();
    s.push(' ');
    s.push(setup.to_move.symbol());
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_round_trips_and_bad_strings_are_named() {
        for size in BoardSize::ALL {
            let start = GridBoard::start(size);
            let setup = GridSetup {
                size,
                black: start.player,
                white: start.opponent,
                to_move: Color::Black,
            };
            let text = grid_board_string(&setup);
            assert_eq!(parse_grid_board(&text), Ok(setup), "{size}");
        }
        assert_eq!(
            parse_grid_board(&format!("{} X", "-".repeat(35))),
            Err(GridBoardError::BadLength { squares: 35 })
        );
        assert_eq!(
            parse_grid_board(&"-".repeat(36)),
            Err(GridBoardError::NoSideToMove)
        );
        assert!(matches!(
            parse_grid_board(&format!("{}Z X", "-".repeat(35))),
            Err(GridBoardError::BadSymbol { found: 'Z', .. })
        ));
        assert_eq!(parse_grid_board(""), Err(GridBoardError::NoSideToMove));
        assert_eq!(
            parse_grid_board(&format!("{} Z", "-".repeat(36))),
            Err(GridBoardError::BadSideToMove { found: 'Z' })
        );
    }
}
