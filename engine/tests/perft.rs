//! Perft from the standard start checked against the published table in
//! `shared/data/perft.txt`, read at test time so that no count is copied into code.
//! Depths 1–11 run always; 12 and 13 (seconds to a minute) only with `--ignored`.

use reversi_engine::{Board, perft, perft_portable_only};

const TABLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/perft.txt");

/// The two counting conventions of the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Convention {
    /// A forced pass is a ply.
    A,
    /// A forced pass is free.
    B,
}

/// `(depth, leaves)` rows of one convention's table, in file order.
fn table(convention: Convention) -> Vec<(u32, u64)> {
    let text = std::fs::read_to_string(TABLE)
        .unwrap_or_else(|e| panic!("cannot read the perft table at {TABLE}: {e}"));
    let mut section = Convention::A;
    let mut rows = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            if comment.contains("CONVENTION B") {
                section = Convention::B;
            }
            continue;
        }
        if line.is_empty() || section != convention {
            continue;
        }
        let mut fields = line.split_whitespace();
        let depth = fields.next().and_then(|d| d.parse().ok());
        let leaves = fields.next().and_then(|n| n.parse().ok());
        match (depth, leaves) {
            (Some(d), Some(n)) => rows.push((d, n)),
            _ => panic!("unreadable perft row `{line}`"),
        }
    }
    rows
}

fn expected(depth: u32) -> u64 {
    table(Convention::A)
        .into_iter()
        .find(|&(d, _)| d == depth)
        .unwrap_or_else(|| panic!("no depth {depth} in the table"))
        .1
}

/// Perft under convention B, written here from `Board`'s primitives alone: a forced pass
/// costs no ply, a finished game is one leaf.
fn perft_pass_free(board: Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves();
    if moves == 0 {
        let passed = board.pass();
        return if passed.moves() == 0 {
            1
        } else {
            perft_pass_free(passed, depth)
        };
    }
    let mut total = 0;
    let mut rest = moves;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        total += perft_pass_free(board.play_with(sq, board.flips(sq)), depth - 1);
    }
    total
}

/// Perft under convention A written plainly, with no bulk counting: the yardstick for the
/// engine's shortcuts near the horizon, where passes and finished games hide.
fn perft_plain(board: Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves();
    if moves == 0 {
        let passed = board.pass();
        return if passed.moves() == 0 {
            1
        } else {
            perft_plain(passed, depth - 1)
        };
    }
    let mut total = 0;
    let mut rest = moves;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        total += perft_plain(board.play_with(sq, board.flips(sq)), depth - 1);
    }
    total
}

/// Positions late in random games (passes and early ends are common there), early ones and
/// every position met that must pass: both builds of perft equal the plain recursion.
#[test]
fn both_builds_match_a_plain_recursion_off_the_start() {
    let mut seed = 0x0DD5_EED5_u64;
    let mut next = |n: u32| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % u64::from(n)) as u32
    };
    let mut passes_seen = 0;
    for game in 0..600 {
        let stop_at = if game % 3 == 0 { 20 } else { 44 + next(21) };
        let mut board = Board::start();
        while (board.player | board.opponent).count_ones() < stop_at && !board.is_game_over() {
            let moves = board.moves();
            if moves == 0 {
                // A position that must pass: the root itself takes the pass path.
                for depth in 1..=4 {
                    let plain = perft_plain(board, depth);
                    assert_eq!(perft(board, depth), plain, "{board:?} depth {depth}");
                    assert_eq!(perft_portable_only(board, depth), plain);
                }
                passes_seen += 1;
                board = board.pass();
                continue;
            }
            let mut rest = moves;
            for _ in 0..next(moves.count_ones()) {
                rest &= rest - 1;
            }
            let sq = rest.trailing_zeros() as usize;
            board = board.play_with(sq, board.flips(sq));
        }
        for depth in 1..=5 {
            let plain = perft_plain(board, depth);
            assert_eq!(perft(board, depth), plain, "{board:?} depth {depth}");
            assert_eq!(
                perft_portable_only(board, depth),
                plain,
                "{board:?} depth {depth}"
            );
        }
    }
    assert!(passes_seen > 0, "no position to move had to pass");
}

#[test]
fn the_table_is_complete() {
    let a = table(Convention::A);
    let depths: Vec<u32> = a.iter().map(|&(d, _)| d).collect();
    assert_eq!(depths, (1..=16).collect::<Vec<_>>());
    assert_eq!(table(Convention::B).len(), 15);
    assert_eq!(perft(Board::start(), 0), 1);
}

#[test]
fn depths_1_to_11() {
    for depth in 1..=11 {
        assert_eq!(
            perft(Board::start(), depth),
            expected(depth),
            "depth {depth}"
        );
    }
}

#[test]
fn portable_build_depths_1_to_9() {
    for depth in 1..=9 {
        let leaves = perft_portable_only(Board::start(), depth);
        assert_eq!(leaves, expected(depth), "depth {depth}");
    }
}

#[test]
fn pass_free_convention_depths_1_to_9() {
    for (depth, leaves) in table(Convention::B).into_iter().filter(|&(d, _)| d <= 9) {
        assert_eq!(
            perft_pass_free(Board::start(), depth),
            leaves,
            "depth {depth}"
        );
    }
}

#[test]
#[ignore = "seconds to a minute: run with --ignored"]
fn depths_12_and_13() {
    for depth in 12..=13 {
        assert_eq!(
            perft(Board::start(), depth),
            expected(depth),
            "depth {depth}"
        );
    }
}
