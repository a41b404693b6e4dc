//! The rules checked against a second, deliberately plain implementation: an array of 64
//! optional discs walked one step at a time in eight directions, written from the rule texts.
//!
//! 100,000 seeded random games, spread over all 72 combinations of the variants, are played
//! on both at once; the engine's `Game`/`Position` must agree with the reference at every ply
//! on the legal moves, the flips, passes, supplies, the end of the game and the score.

use std::sync::LazyLock;

#[path = "support/variants.rs"]
mod variants;
use variants::all_rules;

use reversi_engine::{
    Bitboard, Color, Direction, DiscSupply, FlipRule, Game, IllegalReason, Move, OutOfDiscs,
    Position, Rules, Scoring, Square, StartPosition, Status,
};

/// Total number of random games over all variant combinations.
const GAMES: usize = 100_000;

/// A small deterministic generator (xorshift64*), so every run plays the same games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// The eight lines as (column step, row step), clockwise from north (towards row 1); the
/// order the engine lists lines in, checked by `directions_match_the_reference`.
const LINES: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// The squares met walking from each square along each line, nearest first.
static RAYS: LazyLock<Vec<[Vec<usize>; 8]>> = LazyLock::new(|| {
    (0..64)
        .map(|sq| {
            std::array::from_fn(|line| {
                let (dc, dr) = LINES[line];
                let (mut c, mut r) = (sq % 8 + dc, sq / 8 + dr);
                let mut ray = Vec::new();
                while (0..8).contains(&c) && (0..8).contains(&r) {
                    ray.push(at(c, r));
                    c += dc;
                    r += dr;
                }
                ray
            })
        })
        .collect()
});

/// The first square along each line from each square, or 64 off the board.
static NEXT: LazyLock<[[usize; 8]; 64]> = LazyLock::new(|| {
    std::array::from_fn(|sq| {
        std::array::from_fn(|line| RAYS[sq][line].first().copied().unwrap_or(64))
    })
});

/// The reference's view of whose turn it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum RefStatus {
    ToMove,
    MustPass,
    Over,
}

/// The reference position: a plain array board and the rules read literally.
#[derive(Clone)]
struct Reference {
    rules: Rules,
    cells: [Option<Color>; 64],
    to_move: Color,
    /// Discs left in each player's hand (only meaningful under the 32-disc rule).
    hand: [i32; 2],
}

/// Everything the reference says about the position before a move, worked out once per ply.
struct Turn {
    status: RefStatus,
    /// Where the side to move may place.
    placements: u64,
    /// Where the side to move would flank something, whatever its supply.
    flanking: u64,
    /// Per flanking square, the discs each of the eight lines would flip.
    lines: Vec<(usize, [u64; 8])>,
    moves: Vec<Move>,
}

fn at(column: i32, row: i32) -> usize {
    (row * 8 + column) as usize
}

fn other(c: Color) -> Color {
    match c {
        Color::Black => Color::White,
        Color::White => Color::Black,
    }
}

fn slot(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl Reference {
    fn new(rules: Rules) -> Reference {
        let mut cells = [None; 64];
        let (d4, e4, d5, e5) = (at(3, 3), at(4, 3), at(3, 4), at(4, 4));
        match rules.start {
            // Black on d5 and e4, white on d4 and e5, whoever moves first.
            StartPosition::Diagonal => {
                cells[d5] = Some(Color::Black);
                cells[e4] = Some(Color::Black);
                cells[d4] = Some(Color::White);
                cells[e5] = Some(Color::White);
            }
            // The first player ("Player A") on row 5, the other on row 4: A opens on row 3.
            StartPosition::Parallel => {
                cells[d5] = Some(rules.first);
                cells[e5] = Some(rules.first);
                cells[d4] = Some(other(rules.first));
                cells[e4] = Some(other(rules.first));
            }
            StartPosition::Free => {}
        }
        let mut r = Reference {
            rules,
            cells,
            to_move: rules.first,
            hand: [32, 32],
        };
        for c in [Color::Black, Color::White] {
            r.hand[slot(c)] -= r.count(c) as i32;
        }
        r
    }

    fn count(&self, c: Color) -> u32 {
        self.cells.iter().filter(|&&x| x == Some(c)).count() as u32
    }

    fn in_free_opening(&self) -> bool {
        self.rules.start == StartPosition::Free
            && self.cells.iter().filter(|x| x.is_some()).count() < 4
    }

    /// The discs `me` turns over along line `line` with a disc on `sq`: a run of opponent
    /// discs closed by one of `me`'s.
    fn line_flips(&self, sq: usize, line: usize, me: Color) -> u64 {
        let mut run = 0u64;
        for &next in &RAYS[sq][line] {
            match self.cells[next] {
                Some(x) if x == me => return run,
                Some(_) => run |= 1 << next,
                None => return 0,
            }
        }
        0
    }

    /// Per empty square where `me` flanks something, the flips of each line. Only lines that
    /// start next to an opponent disc can flank, so those are the only ones walked.
    fn flanks(&self, me: Color) -> Vec<(usize, [u64; 8])> {
        let mut theirs = [false; 65]; // index 64: off the board
        for (sq, cell) in self.cells.iter().enumerate() {
            theirs[sq] = *cell == Some(other(me));
        }
        let mut found = Vec::with_capacity(32);
        for sq in 0..64 {
            if self.cells[sq].is_some() {
                continue;
            }
            let mut to_walk = 0u32;
            for (line, &next) in NEXT[sq].iter().enumerate() {
                to_walk |= u32::from(theirs[next]) << line;
            }
            let mut lines = [0u64; 8];
            let mut any = 0;
            while to_walk != 0 {
                let line = to_walk.trailing_zeros() as usize;
                to_walk &= to_walk - 1;
                lines[line] = self.line_flips(sq, line, me);
                any |= lines[line];
            }
            if any != 0 {
                found.push((sq, lines));
            }
        }
        found
    }

    /// Whether the game stops because the side to move has run out of discs: only under the
    /// `GameEnds` rule ("the game ends as soon as the player to move has no disc left").
    /// Under `OpponentHandsOne` the opponent hands one over, so discs never stop play.
    fn out_of_discs(&self) -> bool {
        self.rules.supply == DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds)
            && self.hand[slot(self.to_move)] == 0
    }

    /// Where `c` may place if it were its turn, with the flanked lines per square.
    fn placements(&self, c: Color) -> (u64, Vec<(usize, [u64; 8])>) {
        if self.in_free_opening() {
            // The first four discs go on the empty centre squares, flipping nothing.
            let centre = [at(3, 3), at(4, 3), at(3, 4), at(4, 4)];
            let free = centre.into_iter().filter(|&sq| self.cells[sq].is_none());
            return (free.fold(0, |b, sq| b | 1 << sq), Vec::new());
        }
        let lines = self.flanks(c);
        (lines.iter().fold(0, |b, (sq, _)| b | 1 << sq), lines)
    }

    fn turn(&self) -> Turn {
        let me = self.to_move;
        let (flanking, lines) = self.placements(me);
        let out_of_discs = self.out_of_discs();
        let placements = if out_of_discs { 0 } else { flanking };
        let status = if out_of_discs {
            RefStatus::Over
        } else if placements != 0 {
            RefStatus::ToMove
        } else if self.placements(other(me)).0 != 0 {
            RefStatus::MustPass
        } else {
            RefStatus::Over
        };
        let mut moves = Vec::new();
        match status {
            RefStatus::Over => {}
            RefStatus::MustPass => moves.push(Move::Pass),
            RefStatus::ToMove if lines.is_empty() => {
                // Free opening: every placement is plain.
                for sq in (0..64).filter(|sq| placements & 1 << sq != 0) {
                    moves.push(Move::at(Square::new(sq).unwrap()));
                }
            }
            RefStatus::ToMove => {
                for (sq, flips) in &lines {
                    let square = Square::new(*sq as u8).unwrap();
                    if self.rules.flips == FlipRule::ChooseOneLine {
                        for (line, f) in flips.iter().enumerate() {
                            if *f != 0 {
                                let line = Some(Direction::ALL[line]);
                                moves.push(Move::Place { square, line });
                            }
                        }
                    } else {
                        moves.push(Move::at(square));
                    }
                }
            }
        }
        Turn {
            status,
            placements,
            flanking,
            lines,
            moves,
        }
    }

    /// Plays a legal move; returns the flipped discs and whether the opponent handed the disc
    /// over.
    fn play(&mut self, turn: &Turn, mv: Move) -> (u64, bool) {
        let me = self.to_move;
        self.to_move = other(me);
        let Move::Place { square, line } = mv else {
            return (0, false);
        };
        let sq = square.index();
        let lines = turn
            .lines
            .iter()
            .find(|(s, _)| *s == sq)
            .map_or([0; 8], |(_, lines)| *lines);
        let flipped = match line {
            Some(d) => lines[d.index()],
            None => lines.iter().fold(0, |b, f| b | f),
        };
        for f in 0..64 {
            if flipped & 1 << f != 0 {
                self.cells[f] = Some(me);
            }
        }
        self.cells[sq] = Some(me);
        let mut handed_over = false;
        if let DiscSupply::ThirtyTwoEach(_) = self.rules.supply {
            if self.hand[slot(me)] > 0 {
                self.hand[slot(me)] -= 1;
            } else {
                self.hand[slot(other(me))] -= 1;
                handed_over = true;
            }
        }
        (flipped, handed_over)
    }

    /// Black's and white's final score the tournament way: the winner gets its margin plus
    /// the empty squares, the loser the negation, a draw zero.
    fn scores(&self) -> (Option<Color>, [i32; 2]) {
        let b = self.count(Color::Black) as i32;
        let w = self.count(Color::White) as i32;
        let empties = 64 - b - w;
        let winner = match self.rules.scoring {
            Scoring::MostDiscs if b > w => Some(Color::Black),
            Scoring::MostDiscs if w > b => Some(Color::White),
            Scoring::FewestDiscs if b < w => Some(Color::Black),
            Scoring::FewestDiscs if w < b => Some(Color::White),
            _ => None,
        };
        let won_by = (b - w).abs() + empties;
        let scores = match winner {
            None => [0, 0],
            Some(Color::Black) => [won_by, -won_by],
            Some(Color::White) => [-won_by, won_by],
        };
        (winner, scores)
    }

    fn bits(&self, c: Color) -> u64 {
        (0..64)
            .filter(|&sq| self.cells[sq] == Some(c))
            .fold(0, |b, sq| b | 1 << sq)
    }
}

/// Asserts that the engine's position and the reference agree on everything observable.
fn assert_agree(pos: &Position, r: &Reference, turn: &Turn, ctx: &dyn Fn() -> String) {
    assert_eq!(pos.to_move(), r.to_move, "side to move; {}", ctx());
    let (black, white) = (r.bits(Color::Black), r.bits(Color::White));
    assert_eq!(pos.discs(Color::Black).0, black, "black discs; {}", ctx());
    assert_eq!(pos.discs(Color::White).0, white, "white discs; {}", ctx());
    let expected_supply = match r.rules.supply {
        DiscSupply::Shared => None,
        DiscSupply::ThirtyTwoEach(_) => Some([r.hand[0] as u8, r.hand[1] as u8]),
    };
    assert_eq!(pos.supply(), expected_supply, "supply; {}", ctx());
    let free_opening = r.in_free_opening();
    assert_eq!(
        pos.in_free_opening(),
        free_opening,
        "free opening; {}",
        ctx()
    );
    assert_eq!(
        pos.legal_squares().0,
        turn.placements,
        "legal squares; {}",
        ctx()
    );
    match (pos.status(), turn.status) {
        (Status::ToMove(c), RefStatus::ToMove) | (Status::MustPass(c), RefStatus::MustPass) => {
            assert_eq!(c, r.to_move, "status colour; {}", ctx())
        }
        (Status::Over(outcome), RefStatus::Over) => {
            let (winner, scores) = r.scores();
            let discs = [black.count_ones(), white.count_ones()];
            assert_eq!(outcome.discs, discs, "final discs; {}", ctx());
            assert_eq!(outcome.winner, winner, "winner; {}", ctx());
            assert_eq!(outcome.scoring, r.rules.scoring, "scoring; {}", ctx());
            for c in [Color::Black, Color::White] {
                let score = outcome.score_for(c);
                assert_eq!(score, scores[slot(c)], "{c}'s score; {}", ctx());
            }
        }
        (engine, reference) => {
            panic!(
                "status: engine {engine:?}, reference {reference:?}; {}",
                ctx()
            )
        }
    }
    assert_eq!(pos.is_over(), turn.status == RefStatus::Over, "{}", ctx());
    assert_eq!(pos.legal_moves(), turn.moves, "legal moves; {}", ctx());

    // The search's view: side to move first, moves by geometry alone.
    let board = pos.board();
    let (mine, theirs) = match r.to_move {
        Color::Black => (black, white),
        Color::White => (white, black),
    };
    assert_eq!((board.player, board.opponent), (mine, theirs), "{}", ctx());
    if !free_opening {
        assert_eq!(board.moves(), turn.flanking, "board moves; {}", ctx());
    }
}

/// Tries a pass and two placements on a random square and checks that the engine accepts
/// exactly the legal ones and refuses the others for the right reason.
fn assert_refuses(
    pos: &Position,
    r: &Reference,
    turn: &Turn,
    rng: &mut Rng,
    ctx: &dyn Fn() -> String,
) {
    let sq = Square::new(rng.below(64) as u8).unwrap();
    let line = Some(Direction::ALL[rng.below(8)]);
    let one_line = r.rules.flips == FlipRule::ChooseOneLine && !r.in_free_opening();
    for mv in [Move::Pass, Move::at(sq), Move::Place { square: sq, line }] {
        let result = pos.play(mv);
        let lines_here = turn.moves.iter().filter(|m| m.square() == Some(sq)).count();
        // Under the one-line rule, leaving the line out is fine where only one line flanks.
        let single_line = one_line && mv == Move::at(sq) && lines_here == 1;
        if turn.moves.contains(&mv) || single_line {
            assert!(result.is_ok(), "{mv} should be legal; {}", ctx());
            continue;
        }
        let Err(refusal) = result else {
            panic!("{mv} should be illegal; {}", ctx());
        };
        let occupied = r.cells[sq.index()].is_some();
        let expected = match (turn.status, mv) {
            (RefStatus::Over, _) => IllegalReason::GameOver,
            (RefStatus::MustPass, Move::Place { .. }) => IllegalReason::MustPass,
            (RefStatus::ToMove, Move::Pass) => IllegalReason::CannotPass,
            (RefStatus::ToMove, _) if occupied => IllegalReason::Occupied,
            (RefStatus::ToMove, _) if r.in_free_opening() && line.is_none() => {
                IllegalReason::NotCentre
            }
            (RefStatus::ToMove, _) if lines_here == 0 && !r.in_free_opening() => {
                IllegalReason::FlanksNothing
            }
            (RefStatus::ToMove, Move::Place { line: None, .. }) => IllegalReason::LineNeeded,
            _ => IllegalReason::BadLine,
        };
        if !(r.in_free_opening() && mv.square().is_some() && line.is_some()) {
            assert_eq!(refusal.reason, expected, "{mv}; {}", ctx());
        }
    }
}

/// Plays `games` random games under `rules` on the engine and the reference side by side.
fn play_games(rules: Rules, games: usize, seed: u64) {
    let mut rng = Rng(seed | 1);
    for game_no in 0..games {
        let mut game = Game::new(rules);
        let mut r = Reference::new(rules);
        let mut played: Vec<Move> = Vec::new();
        loop {
            let ctx = || {
                let transcript: String = played.iter().map(|m| m.to_string()).collect();
                let ply = played.len();
                let tag = rules.tag();
                format!("rules {tag}, game {game_no}, ply {ply}, after `{transcript}`")
            };
            let turn = r.turn();
            assert_agree(game.current(), &r, &turn, &ctx);
            if rng.below(4) == 0 {
                assert_refuses(game.current(), &r, &turn, &mut rng, &ctx);
            }
            if turn.moves.is_empty() {
                break;
            }
            let mut mv = turn.moves[rng.below(turn.moves.len())];
            // Under the one-line rule, leave the line out now and then where it is the only one.
            if let Move::Place {
                square,
                line: Some(_),
            } = mv
            {
                let lines_here = turn
                    .moves
                    .iter()
                    .filter(|m| m.square() == Some(square))
                    .count();
                if lines_here == 1 && rng.below(2) == 0 {
                    mv = Move::at(square);
                }
            }
            let before = *game.current();
            let (flipped, handed_over) = r.play(&turn, mv);
            let placement = game.play(mv).unwrap_or_else(|e| panic!("{e}; {}", ctx()));
            assert_eq!(placement.color, before.to_move(), "{}", ctx());
            assert_eq!(placement.flipped.0, flipped, "flips of {mv}; {}", ctx());
            assert_eq!(placement.handed_over, handed_over, "hand-over; {}", ctx());
            // The record always names the line that flipped under the one-line rule.
            let recorded = match mv {
                Move::Place { square, line: None }
                    if !turn.lines.is_empty() && rules.flips == FlipRule::ChooseOneLine =>
                {
                    turn.moves
                        .iter()
                        .copied()
                        .find(|m| m.square() == Some(square))
                        .unwrap()
                }
                _ => mv,
            };
            assert_eq!(placement.mv, recorded, "{}", ctx());
            if let (FlipRule::AllLines, Some(sq)) = (rules.flips, mv.square()) {
                assert_eq!(before.flips_of(sq), placement.flipped, "{}", ctx());
            }
            // Undo and redo now and then: both must restore exactly.
            if rng.below(16) == 0 {
                let after = *game.current();
                assert_eq!(game.undo(), Some(placement.mv));
                assert_eq!(*game.current(), before);
                assert!(game.can_redo());
                game.redo().expect("redo replays the undone move");
                assert_eq!(*game.current(), after);
            }
            played.push(placement.mv);
        }
        // Whatever the rules, a game ends by a full board, no move for either side, or (only
        // under `GameEnds`) the side to move out of discs.
        let pos = game.current();
        let board = pos.board();
        let out_of_discs = rules.supply == DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds)
            && pos.supply().is_some_and(|s| s.contains(&0));
        assert!(
            pos.empties().is_empty()
                || (board.moves() == 0 && board.pass().moves() == 0)
                || out_of_discs,
            "rules {}, game {game_no}: `{}`",
            rules.tag(),
            game.transcript()
        );
    }
}

/// Runs this test's share of the 100,000 games: the combinations with `start` and `supply`.
fn run_share(start: StartPosition, supply: DiscSupply) {
    let all = all_rules();
    let per_rules = GAMES / all.len();
    let extra = GAMES % all.len();
    for (i, rules) in all.iter().enumerate() {
        if rules.start != start || rules.supply != supply {
            continue;
        }
        let games = per_rules + usize::from(i < extra);
        play_games(*rules, games, 0x5EED_0000 + i as u64 * 0x9E37_79B9);
    }
}

#[test]
fn directions_match_the_reference() {
    for (d, &(dc, dr)) in Direction::ALL.iter().zip(LINES.iter()) {
        assert_eq!(d.delta(), (dc as i8, dr as i8), "{d}");
    }
    // The split below covers every combination exactly once and 100,000 games in all.
    assert_eq!(all_rules().len(), 72);
}

#[test]
fn diagonal_shared() {
    run_share(StartPosition::Diagonal, DiscSupply::Shared);
}

#[test]
fn diagonal_hand_over() {
    run_share(
        StartPosition::Diagonal,
        DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne),
    );
}

#[test]
fn diagonal_out_of_discs_ends() {
    run_share(
        StartPosition::Diagonal,
        DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds),
    );
}

#[test]
fn parallel_shared() {
    run_share(StartPosition::Parallel, DiscSupply::Shared);
}

#[test]
fn parallel_hand_over() {
    run_share(
        StartPosition::Parallel,
        DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne),
    );
}

#[test]
fn parallel_out_of_discs_ends() {
    run_share(
        StartPosition::Parallel,
        DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds),
    );
}

#[test]
fn free_shared() {
    run_share(StartPosition::Free, DiscSupply::Shared);
}

#[test]
fn free_hand_over() {
    run_share(
        StartPosition::Free,
        DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne),
    );
}

#[test]
fn free_out_of_discs_ends() {
    run_share(
        StartPosition::Free,
        DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds),
    );
}

/// The rule texts' own examples, on the reference and the engine.
#[test]
fn rule_text_examples() {
    // German text: from the cross start, player A may choose c3, d3, e3 or f3; d3 flips d4.
    let cross = Rules {
        start: StartPosition::Parallel,
        ..Rules::default()
    };
    let r = Reference::new(cross);
    let names: Vec<String> = r.turn().moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(names, ["c3", "d3", "e3", "f3"]);
    let d3: Square = "d3".parse().unwrap();
    let (_, placed) = Position::new(cross).play(Move::at(d3)).unwrap();
    assert_eq!(
        placed.flipped,
        Bitboard::from("d4".parse::<Square>().unwrap())
    );

    // Hungarian text: `#OOOOOOo`, placing on the left end flips all six.
    let black = Bitboard::from("h1".parse::<Square>().unwrap());
    let white = Bitboard(0x7E);
    let pos = Position::from_discs(Rules::default(), black, white, Color::Black);
    let (_, placed) = pos.play(Move::at(Square::A1)).unwrap();
    assert_eq!(placed.flipped.count(), 6);
}
