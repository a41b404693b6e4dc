//! The search against known answers: FFO endgame scores, plain negamax on small endgames,
//! legal moves at every level, and prompt returns on cancellation and time limits.

use reversi_engine::book::Book;
use reversi_engine::notation::parse_board;
use reversi_engine::search::{
    Clock, Evaluate, Level, Limits, NoClock, PatternEval, Searcher, Selectivity, choose_move,
    choose_move_for, solve,
};
use reversi_engine::{Board, Rules, Scoring, Square};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[path = "support/negamax.rs"]
mod negamax;
use negamax::negamax;

const FFO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/ffo.txt");

struct Ffo {
    id: u32,
    board: Board,
    score: i32,
    moves: Vec<Square>,
}

fn ffo(ids: std::ops::RangeInclusive<u32>) -> Vec<Ffo> {
    let text = std::fs::read_to_string(FFO).unwrap_or_else(|e| panic!("{FFO}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let pos = parse_board(&format!("{} {}", f[1], f[2]), Rules::default()).unwrap();
            Ffo {
                id: f[0].parse().unwrap(),
                board: pos.board(),
                score: f[4].parse().unwrap(),
                moves: f[5].split(',').map(|m| m.parse().unwrap()).collect(),
            }
        })
        .filter(|p| ids.contains(&p.id))
        .collect()
}

fn check_ffo(ids: std::ops::RangeInclusive<u32>) {
    check_ffo_on(ids, 1);
}

fn check_ffo_on(ids: std::ops::RangeInclusive<u32>, threads: usize) {
    let positions = ffo(ids.clone());
    assert_eq!(positions.len(), ids.count());
    let mut searcher = Searcher::new(64).with_threads(threads);
    let stop = AtomicBool::new(false);
    for p in positions {
        searcher.clear();
        let r = searcher.solve(&p.board, &stop, &NoClock);
        assert!(r.exact, "#{}", p.id);
        assert_eq!(r.score, p.score, "#{} score", p.id);
        let best = r.best_move.expect("FFO positions have moves");
        assert!(
            p.moves.contains(&best),
            "#{}: {best} not in {:?}",
            p.id,
            p.moves
        );
        assert_eq!(r.pv.first(), Some(&best), "#{} pv", p.id);
    }
}

#[test]
fn ffo_1_to_19_exact() {
    check_ffo(1..=19);
}

/// The solver sharing its work with a helper thread: the same scores and right moves, on
/// FFO #14-#25 (6 to 19 empties; the whole search, first guess included).
#[test]
fn ffo_on_two_threads_exact() {
    check_ffo_on(14..=25, 2);
}

/// Run with `cargo test --release -p reversi-engine --test search -- --ignored`.
#[test]
#[ignore]
fn ffo_20_to_39_exact() {
    check_ffo(20..=39);
}

/// A small xorshift, so the tests need no generator of their own.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u32) -> u32 {
        (self.next() % n as u64) as u32
    }
}

/// A position from a random game, stopped after a random number of plies (may be over
/// or need a pass).
fn random_position(rng: &mut Rng, plies: u32) -> Board {
    let mut b = Board::start();
    for _ in 0..plies {
        let m = b.moves();
        if m == 0 {
            if b.pass().moves() == 0 {
                break;
            }
            b = b.pass();
            continue;
        }
        let mut mm = m;
        for _ in 0..rng.below(m.count_ones()) {
            mm &= mm - 1;
        }
        let sq = mm.trailing_zeros() as usize;
        b = b.play_with(sq, b.flips(sq));
    }
    b
}

/// A random game's position with exactly `empties` empty squares and a move to play.
fn random_endgame(rng: &mut Rng, empties: u32) -> Board {
    loop {
        let b = random_position(rng, 60 - empties);
        if b.empties().count_ones() == empties && b.moves() != 0 {
            return b;
        }
    }
}

#[test]
fn solver_agrees_with_negamax_on_small_endgames() {
    let mut rng = Rng(0x5EED_0001);
    let stop = AtomicBool::new(false);
    for i in 0..120 {
        let empties = 4 + i % 7; // 4..=10
        let b = random_endgame(&mut rng, empties);
        for scoring in [Scoring::MostDiscs, Scoring::FewestDiscs] {
            let reverse = scoring == Scoring::FewestDiscs;
            let r = Searcher::new(4)
                .with_scoring(scoring)
                .solve(&b, &stop, &NoClock);
            let exact = negamax(b, reverse);
            assert_eq!(r.score, exact, "{b:?} {scoring:?}");
            let best = r.best_move.unwrap();
            let after = b.play(best).unwrap();
            assert_eq!(-negamax(after, reverse), exact, "best move {best} of {b:?}");
            // The principal variation is legal and ends the game.
            let mut pos = b;
            for sq in &r.pv {
                if pos.moves() == 0 {
                    pos = pos.pass();
                }
                pos = pos.play(*sq).expect("pv moves are legal");
            }
            assert!(pos.is_game_over(), "pv {:?} stops short", r.pv);
        }
    }
}

#[test]
fn depth_limited_search_reaching_the_end_is_exact() {
    let mut rng = Rng(0x5EED_0002);
    for _ in 0..20 {
        let b = random_endgame(&mut rng, 8);
        let r = Searcher::new(4).search(&b, &Limits::depth(12), &AtomicBool::new(false), &NoClock);
        assert!(r.exact);
        assert_eq!(r.score, negamax(b, false));
    }
}

/// Plain negamax to `depth` plies with the learned evaluation at the leaves, in the
/// search's units (hundredths of a disc; finished games exact, passes not counted as plies).
fn negamax_to(b: Board, depth: u32, eval: &PatternEval) -> i32 {
    if depth == 0 && b.empties() != 0 {
        // A leaf is evaluated as it stands, even where its side would have to pass.
        return eval.evaluate(&b).clamp(-6300, 6300);
    }
    let moves = b.moves();
    if moves == 0 {
        if b.pass().moves() == 0 {
            return b.final_score() * 100;
        }
        return -negamax_to(b.pass(), depth, eval);
    }
    (0..64)
        .filter(|&sq| moves >> sq & 1 == 1)
        .map(|sq| -negamax_to(b.play_with(sq, b.flips(sq)), depth - 1, eval))
        .max()
        .expect("a move")
}

#[test]
fn full_width_midgame_values_are_plain_negamaxs() {
    // The search's shortcuts (one evaluation per leaf one ply up, the table, fail-soft
    // windows) change nothing in the value of a full-width search.
    let eval = PatternEval::builtin();
    let mut rng = Rng(0x5EED_0003);
    for depth in 1..=3 {
        for _ in 0..30 {
            let empties = 20 + rng.below(30);
            let b = random_endgame(&mut rng, empties);
            let mut searcher = Searcher::new(4);
            let v = searcher.value(&b, depth, &AtomicBool::new(false));
            assert_eq!(v, negamax_to(b, depth, eval), "depth {depth}: {b:?}");
        }
    }
}

/// A clock that moves `step` ms each time it is read: time-limited levels stop quickly.
struct TickingClock {
    now: AtomicU64,
    step: u64,
}

impl Clock for TickingClock {
    fn elapsed_ms(&self) -> u64 {
        self.now.fetch_add(self.step, Ordering::Relaxed)
    }
}

fn levels_play_legal_moves(positions_cheap: u32, positions_deep: u32) {
    let stop = AtomicBool::new(false);
    for level in Level::ALL {
        let count = if level <= Level::Casual {
            positions_cheap
        } else {
            positions_deep
        };
        let mut rng = Rng(0xC0FF_EE00 + level.number() as u64);
        for i in 0..count {
            let plies = rng.below(61);
            let b = random_position(&mut rng, plies);
            let clock = TickingClock {
                now: AtomicU64::new(0),
                step: 50,
            };
            let scoring = if i % 5 == 4 {
                Scoring::FewestDiscs
            } else {
                Scoring::MostDiscs
            };
            let r = choose_move_for(&b, level, scoring, 1, i as u64, &stop, &clock);
            match r.best_move {
                Some(sq) => assert!(b.play(sq).is_some(), "{level}: {sq} on {b:?}"),
                None => assert_eq!(b.moves(), 0, "{level} passed on {b:?}"),
            }
        }
    }
}

#[test]
fn every_level_plays_legal_moves() {
    levels_play_legal_moves(1000, 30);
}

/// Run with `cargo test --release -p reversi-engine --test search -- --ignored`.
#[test]
#[ignore]
fn every_level_plays_legal_moves_10000() {
    levels_play_legal_moves(10_000, 10_000);
}

#[test]
fn levels_are_deterministic_per_seed() {
    let stop = AtomicBool::new(false);
    let mut rng = Rng(0x5EED_0003);
    for _ in 0..20 {
        let b = random_position(&mut rng, 20);
        for level in [Level::Random, Level::Greedy, Level::Novice, Level::Club] {
            let a = choose_move(&b, level, 42, &stop, &NoClock);
            let c = choose_move(&b, level, 42, &stop, &NoClock);
            assert_eq!(a.best_move, c.best_move, "{level}");
        }
    }
    assert_eq!(Level::from_number(1), Some(Level::Random));
    assert_eq!(Level::from_number(9), Some(Level::Master));
    assert_eq!(Level::from_number(10), Some(Level::Grandmaster));
    assert_eq!(Level::from_number(11), None);
    assert!(Level::ALL.iter().all(|l| !l.description().is_empty()));
}

#[test]
fn the_upper_levels_play_the_books_moves_while_in_it() {
    let book = Book::builtin();
    let stop = AtomicBool::new(false);
    // Along the book's main line, every upper level plays one of the book's best moves (at
    // random among equals), without searching.
    let mut board = Board::start();
    let mut plies = 0;
    while let Some(moves) = book.moves(&board) {
        for level in [Level::Expert, Level::Master, Level::Grandmaster] {
            for seed in 0..6 {
                let r = choose_move(&board, level, seed, &stop, &NoClock);
                let sq = r.best_move.expect("a move");
                let value = moves.iter().find(|m| m.0 == sq).expect("a book move").1;
                assert_eq!(value, moves[0].1, "{level} at ply {plies}: {sq}");
                assert_eq!((r.nodes, r.score), (0, value), "{level}: from the book");
            }
        }
        board = board.play(moves[0].0).expect("legal");
        plies += 1;
    }
    assert!(
        plies >= 6,
        "the main line is {plies} plies deep in the book"
    );
    // The lower levels search, and so does every level in the reverse variant.
    assert!(choose_move(&Board::start(), Level::Club, 1, &stop, &NoClock).nodes > 0);
    let reverse = choose_move_for(
        &Board::start(),
        Level::Expert,
        Scoring::FewestDiscs,
        1,
        1,
        &stop,
        &NoClock,
    );
    assert!(reverse.nodes > 0);
}

#[test]
fn the_book_answers_only_where_its_values_hold() {
    use reversi_engine::search::Goal;
    use reversi_engine::{DiscSupply, FlipRule, OutOfDiscs};
    let stop = AtomicBool::new(false);
    let play = |goal: Goal| {
        choose_move_for(&Board::start(), Level::Expert, goal, 1, 3, &stop, &NoClock).nodes
    };
    // The book was searched in Othello's game tree: rules that keep it keep the book...
    let keeps = [
        Rules::OTHELLO,
        Rules {
            first: reversi_engine::Color::White,
            ..Rules::OTHELLO
        },
        Rules {
            supply: DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne),
            ..Rules::OTHELLO
        },
    ];
    for rules in keeps {
        assert!(Goal::of(&rules).book, "{}", rules.tag());
        assert_eq!(play(Goal::of(&rules)), 0, "{}: from the book", rules.tag());
    }
    // ...and rules whose tree differs (one line flipped, the game over when 32 discs run
    // out) search from the first move, since the book's values do not hold there.
    let differ = [
        Rules {
            flips: FlipRule::ChooseOneLine,
            ..Rules::OTHELLO
        },
        Rules {
            supply: DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds),
            ..Rules::OTHELLO
        },
    ];
    for rules in differ {
        assert!(!Goal::of(&rules).book, "{}", rules.tag());
        assert!(play(Goal::of(&rules)) > 0, "{}: searched", rules.tag());
    }
}

#[test]
fn greedy_takes_the_most_flips() {
    let stop = AtomicBool::new(false);
    let mut rng = Rng(0x5EED_0004);
    for i in 0..200 {
        let b = random_position(&mut rng, 10 + i % 40);
        let r = choose_move(&b, Level::Greedy, i as u64, &stop, &NoClock);
        let Some(sq) = r.best_move else { continue };
        let most = (0..64)
            .filter(|s| b.moves() & (1 << s) != 0)
            .map(|s| b.flips(s).count_ones())
            .max()
            .unwrap();
        assert_eq!(b.flips(sq.index()).count_ones(), most);
    }
}

struct Stopwatch(Instant);

impl Clock for Stopwatch {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// Setting the stop flag from another thread ends even a long solve within 10 ms
/// (more slack in unoptimised builds), with a legal move.
#[test]
fn cancellation_returns_promptly() {
    let board = ffo(38..=38).remove(0).board; // 24 empties: seconds to solve
    let cases = [
        (Limits::solve(), 1),
        (Limits::depth(30), 1),
        (Limits::depth(30), 2),
    ];
    for (limits, threads) in cases {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = std::sync::mpsc::channel();
        let flag = Arc::clone(&stop);
        let worker = std::thread::spawn(move || {
            let clock = Stopwatch(Instant::now());
            let mut searcher = Searcher::new(16).with_threads(threads);
            let r = searcher.search(&board, &limits, &flag, &clock);
            tx.send(Instant::now()).unwrap();
            r
        });
        std::thread::sleep(Duration::from_millis(150));
        let asked = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let returned = rx.recv().unwrap();
        let r = worker.join().unwrap();
        let waited = returned.saturating_duration_since(asked);
        let allowed = if cfg!(debug_assertions) { 50 } else { 10 };
        assert!(
            waited <= Duration::from_millis(allowed),
            "{limits:?} on {threads} threads: returned {waited:?} after the stop"
        );
        assert!(board.play(r.best_move.unwrap()).is_some());
    }
}

/// A search given T milliseconds returns within T + 5%, on one thread or two.
#[test]
fn time_limit_is_kept() {
    let mut rng = Rng(0x5EED_0005);
    for (plies, t, threads) in [(4, 300u64, 1), (20, 200, 1), (36, 250, 1), (16, 300, 2)] {
        let b = random_position(&mut rng, plies);
        let clock = Stopwatch(Instant::now());
        let mut searcher = Searcher::new(16).with_threads(threads);
        let r = searcher.search(&b, &Limits::time(t, 16), &AtomicBool::new(false), &clock);
        let took = clock.0.elapsed();
        assert!(
            took <= Duration::from_millis(t + t / 20),
            "limit {t} ms on {threads} threads, took {took:?}"
        );
        if b.moves() != 0 {
            assert!(b.play(r.best_move.unwrap()).is_some());
        }
    }
}

/// The midgame search shares its work between threads without changing what it finds: a
/// full-width search to a fixed depth gives the same score on one, two and three threads,
/// whether or not the depth reaches exact solving.
#[test]
fn midgame_search_on_threads_agrees_with_one_thread() {
    let mut rng = Rng(0x5EED_0009);
    let stop = AtomicBool::new(false);
    for i in 0..10 {
        let b = random_endgame(&mut rng, 18 + 3 * i);
        let limits = Limits {
            solve_empties: 20,
            ..Limits::depth(7)
        };
        let one = Searcher::new(16).search(&b, &limits, &stop, &NoClock);
        for threads in [2, 3] {
            let mut searcher = Searcher::new(16).with_threads(threads);
            let r = searcher.search(&b, &limits, &stop, &NoClock);
            assert_eq!(
                (r.score, r.depth),
                (one.score, one.depth),
                "{threads} threads: {b:?}"
            );
            assert!(b.play(r.best_move.unwrap()).is_some());
        }
        // Selective searches may differ in what they prune, but stay legal and sane.
        let selective = Limits {
            selectivity: Selectivity::TUNED,
            ..limits
        };
        let r = Searcher::new(16)
            .with_threads(2)
            .search(&b, &selective, &stop, &NoClock);
        assert!(b.play(r.best_move.unwrap()).is_some() && r.score.abs() <= 64);
    }
}

#[test]
fn node_limit_is_kept() {
    let limits = Limits {
        nodes: Some(50_000),
        ..Limits::depth(40)
    };
    let r = Searcher::new(4).search(&Board::start(), &limits, &AtomicBool::new(false), &NoClock);
    assert!(r.nodes < 50_000 + 4096, "{} nodes", r.nodes);
    assert!(r.best_move.is_some());
}

#[test]
fn passes_and_finished_games() {
    // Finished: a full board.
    let full = Board::new(!0 << 20, (1 << 20) - 1);
    let r = solve(&full);
    assert_eq!(
        (r.best_move, r.score, r.exact),
        (None, full.final_score(), true)
    );
    // Side to move must pass: white a1 alone, black b1, c1 empty... black to move can't.
    let b = Board::new(1 << 1, 1);
    assert_eq!(b.moves(), 0);
    let r = solve(&b);
    assert_eq!(r.best_move, None);
    assert_eq!(r.score, negamax(b, false));
}

/// A clock that panics on its `after`-th reading: a stand-in for any bug on the searching
/// thread while helpers work beside it.
struct PanickingClock {
    readings: AtomicU64,
    after: u64,
}

impl Clock for PanickingClock {
    fn elapsed_ms(&self) -> u64 {
        if self.readings.fetch_add(1, Ordering::Relaxed) + 1 >= self.after {
            panic!("the clock broke");
        }
        0
    }
}

#[test]
fn a_panic_on_the_searching_thread_reaches_the_caller_with_helpers_running() {
    // Before the fix the helpers waited for work for ever and the caller (the game's AI
    // thread, which reports a panic as a failed search) never heard back.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let limits = Limits {
            time_ms: Some(60_000),
            solve_empties: 20,
            ..Limits::depth(30)
        };
        let clock = PanickingClock {
            readings: AtomicU64::new(0),
            after: 20,
        };
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Searcher::new(16).with_threads(3).search(
                &Board::start(),
                &limits,
                &AtomicBool::new(false),
                &clock,
            )
        }));
        let _ = tx.send(outcome.is_err());
    });
    let panicked = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("the search neither returned nor panicked: its helpers hang");
    assert!(panicked, "the clock's panic was swallowed");
}
