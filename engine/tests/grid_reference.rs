//! The generic board sizes checked against a second, deliberately plain implementation: a
//! vector of optional discs walked one step at a time in eight directions, for any side.
//!
//! - perft on every size against the reference, and against `docs/perft-sizes.txt` (the
//!   tables this project publishes for 4×4, 6×6 and 10×10, made with `reversi-engine perft
//!   --size N`): every row the fast path counts in a moment here, the deeper ones with
//!   `--ignored`;
//! - seeded random games on every size, move by move, against the reference;
//! - the exact solver against plain minimax on endgames of every size, and at 8×8 against
//!   the fast path's solver.

use reversi_engine::grid::{BoardSize, GridBoard, GridSearcher, grid_perft};
use reversi_engine::search::NoClock;
use reversi_engine::{Board, Searcher};
use std::sync::atomic::AtomicBool;

const TABLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/perft-sizes.txt");

/// A board of `side` × `side` squares, each empty or holding the mover's (`1`) or the other
/// side's (`-1`) disc, with the side to move always `1`.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Plain {
    side: i32,
    cells: Vec<i8>,
}

impl Plain {
    fn from_grid(board: &GridBoard) -> Plain {
        let side = board.size.side() as i32;
        let cells = (0..side * side)
            .map(|i| {
                if board.player >> i & 1 == 1 {
                    1
                } else if board.opponent >> i & 1 == 1 {
                    -1
                } else {
                    0
                }
            })
            .collect();
        Plain { side, cells }
    }

    /// The squares a placement at `index` turns, walking each of the eight lines.
    fn flips(&self, index: usize) -> Vec<usize> {
        if self.cells[index] != 0 {
            return Vec::new();
        }
        let (c0, r0) = (index as i32 % self.side, index as i32 / self.side);
        let mut all = Vec::new();
        for (dc, dr) in [
            (0, -1),
            (1, -1),
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
        ] {
            let (mut c, mut r) = (c0 + dc, r0 + dr);
            let mut line = Vec::new();
            while (0..self.side).contains(&c) && (0..self.side).contains(&r) {
                let at = (r * self.side + c) as usize;
                match self.cells[at] {
                    -1 => line.push(at),
                    1 => {
                        all.append(&mut line);
                        break;
                    }
                    _ => break,
                }
                c += dc;
                r += dr;
            }
        }
        all
    }

    fn moves(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&i| !self.flips(i).is_empty())
            .collect()
    }

    /// The board after a placement, from the other side's view.
    fn play(&self, index: usize) -> Plain {
        let mut next = self.clone();
        for f in self.flips(index) {
            next.cells[f] = 1;
        }
        next.cells[index] = 1;
        next.pass()
    }

    fn pass(&self) -> Plain {
        Plain {
            side: self.side,
            cells: self.cells.iter().map(|&c| -c).collect(),
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if moves.is_empty() {
            let other = self.pass();
            return if other.moves().is_empty() {
                1
            } else {
                other.perft(depth - 1)
            };
        }
        moves
            .into_iter()
            .map(|m| self.play(m).perft(depth - 1))
            .sum()
    }

    /// Plain minimax to the end: the final disc difference with the empties to the winner.
    fn solve(&self) -> i32 {
        let moves = self.moves();
        if moves.is_empty() {
            let other = self.pass();
            if other.moves().is_empty() {
                let own = self.cells.iter().filter(|&&c| c == 1).count() as i32;
                let theirs = self.cells.iter().filter(|&&c| c == -1).count() as i32;
                let empty = self.cells.len() as i32 - own - theirs;
                return match own.cmp(&theirs) {
                    std::cmp::Ordering::Greater => own - theirs + empty,
                    std::cmp::Ordering::Less => own - theirs - empty,
                    std::cmp::Ordering::Equal => 0,
                };
            }
            return -other.solve();
        }
        moves
            .into_iter()
            .map(|m| -self.play(m).solve())
            .max()
            .unwrap_or(0)
    }
}

/// A small deterministic generator (xorshift64*), so every run plays the same games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        ((self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) % n as u64) as usize
    }
}

/// A position `plies` random moves (passes included) into a game on `size`, or `None` when the
/// game ended first.
fn random_position(size: BoardSize, plies: usize, rng: &mut Rng) -> Option<GridBoard> {
    let mut board = GridBoard::start(size);
    for _ in 0..plies {
        let moves = board.moves();
        if moves == 0 {
            if board.pass().moves() == 0 {
                return None;
            }
            board = board.pass();
            continue;
        }
        let squares: Vec<usize> = (0..128).filter(|&i| moves >> i & 1 == 1).collect();
        board = board.play(squares[rng.below(squares.len())])?;
    }
    Some(board)
}

/// `(side, depth, leaves)` rows of the published table.
fn table() -> Vec<(u8, u32, u64)> {
    let text = std::fs::read_to_string(TABLE)
        .unwrap_or_else(|e| panic!("cannot read the perft table at {TABLE}: {e}"));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            match f.as_slice() {
                [side, depth, leaves] => (
                    side.parse().expect("side"),
                    depth.parse().expect("depth"),
                    leaves.parse().expect("leaves"),
                ),
                _ => panic!("unreadable perft row `{line}`"),
            }
        })
        .collect()
}

/// Rows whose count is small enough to check in a normal test run.
const QUICK_LEAVES: u64 = 30_000_000;

fn check_table(quick: bool) {
    let rows = table();
    for side in [4u8, 6, 10] {
        assert!(
            rows.iter().any(|r| r.0 == side),
            "the table has no {side}×{side} rows"
        );
    }
    for (side, depth, leaves) in rows {
        if (leaves <= QUICK_LEAVES) != quick {
            continue;
        }
        let size = BoardSize::from_side(side as u32).expect("a known size");
        assert_eq!(
            grid_perft(GridBoard::start(size), depth),
            leaves,
            "{size} depth {depth}"
        );
    }
}

#[test]
fn perft_table_rows_match_the_fast_count() {
    check_table(true);
}

#[test]
#[ignore = "the deeper rows of docs/perft-sizes.txt: minutes"]
fn perft_table_deep_rows_match_the_fast_count() {
    check_table(false);
}

#[test]
fn perft_matches_the_reference_on_every_size() {
    for (size, depth) in [
        (BoardSize::Four, 12),
        (BoardSize::Six, 7),
        (BoardSize::Eight, 6),
        (BoardSize::Ten, 5),
    ] {
        let start = GridBoard::start(size);
        let reference = Plain::from_grid(&start);
        for d in 0..=depth {
            assert_eq!(grid_perft(start, d), reference.perft(d), "{size} depth {d}");
        }
    }
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let mut rng = Rng(0x5EED_B0A2);
    for size in BoardSize::ALL {
        for _ in 0..300 {
            let mut board = GridBoard::start(size);
            loop {
                let plain = Plain::from_grid(&board);
                let moves: Vec<usize> = (0..128).filter(|&i| board.moves() >> i & 1 == 1).collect();
                assert_eq!(moves, plain.moves(), "{size}: {board:?}");
                for &m in &moves {
                    let mut want: Vec<usize> = plain.flips(m);
                    want.sort_unstable();
                    let got: Vec<usize> =
                        (0..128).filter(|&i| board.flips(m) >> i & 1 == 1).collect();
                    assert_eq!(got, want, "{size}: flips at {m} of {board:?}");
                }
                if moves.is_empty() {
                    if board.pass().moves() == 0 {
                        assert_eq!(board.final_score(), plain.solve(), "{size}: the result");
                        break;
                    }
                    board = board.pass();
                    continue;
                }
                let m = moves[rng.below(moves.len())];
                board = board.play(m).expect("a listed move plays");
                assert_eq!(Plain::from_grid(&board), plain.play(m), "{size}");
            }
        }
    }
}

#[test]
fn the_solver_agrees_with_plain_minimax_on_every_size() {
    let mut rng = Rng(0xE4D_6A3E);
    let stop = AtomicBool::new(false);
    let full = GridSearcher::new(4).solve(&GridBoard::start(BoardSize::Four), &stop, &NoClock);
    assert_eq!(
        full.score,
        Plain::from_grid(&GridBoard::start(BoardSize::Four)).solve()
    );
    // The last few empties too, where the solver's nodes keep no table and the root's own
    // move loop is what names the best move.
    let cases = [
        (BoardSize::Four, [2, 3, 4, 6, 8]),
        (BoardSize::Six, [2, 3, 5, 6, 9]),
        (BoardSize::Eight, [2, 4, 5, 6, 9]),
        (BoardSize::Ten, [2, 3, 4, 6, 8]),
    ];
    for (size, empties) in cases
        .into_iter()
        .flat_map(|(size, counts)| counts.map(|n| (size, n)))
    {
        let mut solved = 0;
        while solved < 40 {
            let plies = size.squares() as usize - 4 - empties;
            let Some(board) = random_position(size, plies, &mut rng) else {
                continue;
            };
            let mut searcher = GridSearcher::new(1);
            let result = searcher.solve(&board, &stop, &NoClock);
            assert!(result.exact);
            assert_eq!(
                result.score,
                Plain::from_grid(&board).solve(),
                "{size}, {empties} empties: {board:?}"
            );
            if let Some(best) = result.best_move {
                let after = board.play(best).expect("the best move is legal");
                assert_eq!(
                    -Plain::from_grid(&after).solve(),
                    result.score,
                    "{size}, {empties} empties: the best move {best} of {board:?}"
                );
                assert_eq!(
                    result.pv.first(),
                    Some(&best),
                    "{size}: the line starts with it"
                );
            }
            solved += 1;
        }
    }
}

#[test]
fn the_solver_agrees_with_the_fast_path_at_eight_by_eight() {
    let mut rng = Rng(0xFA57);
    let stop = AtomicBool::new(false);
    let mut solved = 0;
    while solved < 30 {
        let Some(board) = random_position(BoardSize::Eight, 60 - 14, &mut rng) else {
            continue;
        };
        let fast = Board::new(board.player as u64, board.opponent as u64);
        let want = Searcher::new(4).solve(&fast, &stop, &NoClock).score;
        let got = GridSearcher::new(4).solve(&board, &stop, &NoClock);
        assert_eq!(got.score, want, "{board:?}");
        assert!(got.exact);
        solved += 1;
    }
}
