//! The generic position's rules: at 8×8 it must agree with the 8×8 `Position` (which
//! `reference.rs` checks against a plain implementation) on every variant, move by move; on
//! the other sizes the starts, the free opening's centre and the supplies scale as the rule
//! texts' variants do; transcripts read and write squares up to j10.

#[path = "support/variants.rs"]
mod variants;
use variants::all_rules;

use reversi_engine::grid::{
    BoardSize, Cell, GridGame, GridMove, GridPosition, GridTranscriptError,
};
use reversi_engine::{
    Color, DiscSupply, IllegalReason, Move, OutOfDiscs, Position, Rules, StartPosition, Status,
};

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

fn to_grid(mv: Move) -> GridMove {
    GridMove::from(mv)
}

#[test]
fn at_eight_by_eight_every_variant_agrees_with_the_fast_position() {
    let mut rng = Rng(0x6121);
    for rules in all_rules() {
        for game in 0..60 {
            let mut fast = Position::new(rules);
            let mut grid = GridPosition::new(BoardSize::Eight, rules);
            for ply in 0.. {
                let ctx = || format!("{} game {game} ply {ply}", rules.tag());
                assert_eq!(
                    grid.discs(Color::Black),
                    fast.discs(Color::Black).0 as u128,
                    "{}",
                    ctx()
                );
                assert_eq!(
                    grid.discs(Color::White),
                    fast.discs(Color::White).0 as u128,
                    "{}",
                    ctx()
                );
                assert_eq!(grid.to_move(), fast.to_move(), "{}", ctx());
                assert_eq!(grid.supply(), fast.supply(), "{}", ctx());
                assert_eq!(
                    grid.legal_squares(),
                    fast.legal_squares().0 as u128,
                    "{}",
                    ctx()
                );
                assert_eq!(grid.status(), fast.status(), "{}", ctx());
                let moves = fast.legal_moves();
                let grid_moves: Vec<GridMove> = grid.legal_moves();
                assert_eq!(
                    grid_moves,
                    moves.iter().map(|&m| to_grid(m)).collect::<Vec<_>>(),
                    "{}",
                    ctx()
                );
                if moves.is_empty() {
                    assert_eq!(grid.outcome(), fast.outcome(), "{}", ctx());
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                let (next_fast, placed_fast) = fast.play(mv).unwrap();
                let (next_grid, placed_grid) = grid.play(to_grid(mv)).unwrap();
                assert_eq!(
                    placed_grid.flipped,
                    placed_fast.flipped.0 as u128,
                    "{}",
                    ctx()
                );
                assert_eq!(
                    placed_grid.handed_over,
                    placed_fast.handed_over,
                    "{}",
                    ctx()
                );
                assert_eq!(placed_grid.mv, to_grid(placed_fast.mv), "{}", ctx());
                // A placement on an occupied or off-board square is refused the same way.
                if let Some(sq) = (fast.discs(Color::Black) | fast.discs(Color::White))
                    .squares()
                    .next()
                {
                    let cell = Cell {
                        column: sq.column(),
                        row: sq.row(),
                    };
                    assert_eq!(
                        grid.play(GridMove::at(cell)).unwrap_err().reason,
                        fast.play(Move::at(sq)).unwrap_err().reason,
                        "{}",
                        ctx()
                    );
                }
                fast = next_fast;
                grid = next_grid;
            }
        }
    }
}

fn cells(size: BoardSize, bits: u128) -> Vec<String> {
    reversi_engine::grid::squares(size, bits)
        .map(|c| c.to_string())
        .collect()
}

#[test]
fn starts_and_supplies_scale_to_the_board() {
    let six = GridPosition::new(BoardSize::Six, Rules::default());
    assert_eq!(cells(BoardSize::Six, six.discs(Color::Black)), ["d3", "c4"]);
    assert_eq!(cells(BoardSize::Six, six.discs(Color::White)), ["c3", "d4"]);
    assert_eq!(
        cells(BoardSize::Six, six.legal_squares()),
        ["c2", "b3", "e4", "d5"]
    );
    let ten = GridPosition::new(BoardSize::Ten, Rules::default());
    assert_eq!(cells(BoardSize::Ten, ten.discs(Color::Black)), ["f5", "e6"]);
    assert_eq!(cells(BoardSize::Ten, ten.discs(Color::White)), ["e5", "f6"]);
    let parallel = Rules {
        start: StartPosition::Parallel,
        ..Rules::default()
    };
    let ten = GridPosition::new(BoardSize::Ten, parallel);
    assert_eq!(cells(BoardSize::Ten, ten.discs(Color::Black)), ["e6", "f6"]);
    assert_eq!(
        cells(BoardSize::Ten, ten.legal_squares()),
        ["d4", "e4", "f4", "g4"]
    );
    let free = Rules {
        start: StartPosition::Free,
        ..Rules::default()
    };
    let six = GridPosition::new(BoardSize::Six, free);
    assert_eq!(
        cells(BoardSize::Six, six.legal_squares()),
        ["c3", "d3", "c4", "d4"]
    );
    assert_eq!(
        six.play(GridMove::at("a1".parse().unwrap()))
            .unwrap_err()
            .reason,
        IllegalReason::NotCentre
    );
    let limited = Rules {
        supply: DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne),
        ..Rules::default()
    };
    assert_eq!(
        GridPosition::new(BoardSize::Six, limited).supply(),
        Some([16, 16])
    );
    assert_eq!(
        GridPosition::new(BoardSize::Ten, limited).supply(),
        Some([48, 48])
    );
    assert_eq!(
        GridPosition::new(BoardSize::Four, limited).supply(),
        Some([6, 6])
    );
}

#[test]
fn random_games_on_every_size_and_variant_end_with_a_full_count() {
    let mut rng = Rng(0x512E);
    for size in [BoardSize::Four, BoardSize::Six, BoardSize::Ten] {
        for rules in all_rules() {
            for _ in 0..4 {
                let mut game = GridGame::new(size, rules);
                loop {
                    let moves = game.current().legal_moves();
                    let Some(&mv) = moves.get(rng.below(moves.len().max(1))) else {
                        break;
                    };
                    let placed = game.play(mv).unwrap();
                    if let GridMove::Place { cell, .. } = mv {
                        assert!(size.index(cell.column, cell.row).is_some());
                        let pos = game.current();
                        assert_eq!(pos.at(cell), Some(placed.color), "{size} {}", rules.tag());
                    }
                }
                let Status::Over(outcome) = game.status() else {
                    panic!("no moves but not over")
                };
                let discs = outcome.discs[0] + outcome.discs[1];
                assert!(discs <= size.squares());
                assert_eq!(outcome.squares, size.squares());
                assert_eq!(
                    outcome.score_for(Color::Black),
                    -outcome.score_for(Color::White)
                );
                // The transcript replays to the same end.
                let mut again = GridGame::new(size, rules);
                again.play_transcript(&game.transcript()).unwrap();
                assert_eq!(again.current(), game.current(), "{size} {}", rules.tag());
            }
        }
    }
}

#[test]
fn transcripts_name_squares_up_to_j10_and_errors_say_where() {
    let mut game = GridGame::new(BoardSize::Ten, Rules::default());
    game.play_transcript("e4 d4 c4").unwrap();
    assert_eq!(game.transcript(), "e4d4c4");
    let err = GridGame::new(BoardSize::Ten, Rules::default())
        .play_transcript("e4 j10")
        .unwrap_err();
    assert!(
        matches!(
            err,
            GridTranscriptError::Illegal {
                number: 2,
                offset: 3,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "move 2 (j10, at character 4) is illegal: it flanks no opponent disc"
    );
    let err = GridGame::new(BoardSize::Six, Rules::default())
        .play_transcript("c2 k1")
        .unwrap_err();
    assert_eq!(
        err,
        GridTranscriptError::Syntax {
            offset: 3,
            found: "k1".into()
        }
    );
    // A square beyond a 6×6 board is a move the board cannot take, not a crash.
    let err = GridGame::new(BoardSize::Six, Rules::default())
        .play_transcript("g7")
        .unwrap_err();
    assert!(
        matches!(err, GridTranscriptError::Illegal { number: 1, .. }),
        "{err}"
    );
    assert_eq!(
        GridGame::new(BoardSize::Six, Rules::default()).play_transcript(" "),
        Err(GridTranscriptError::Empty)
    );
    // Written with a move number and a pass as the 8×8 transcripts are.
    let mut game = GridGame::new(BoardSize::Six, Rules::default());
    assert_eq!(game.play_transcript("1. c2 2. b2").unwrap(), 2);
}
