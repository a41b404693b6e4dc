//! The soak: the game's logic plugins (the real App, headless, autosaving after every move as
//! the game does) driven through thousands of computer-vs-computer games at the fast levels,
//! with people's requests mixed in at random as input sends them: undo and redo, review steps
//! and jumps, a different move played in a review (a branch), new games under other rules,
//! saves and opens by name, games between two people with their undo votes, and games against
//! the computer.
//!
//! After every request the rules resource must agree with an independent replay of its record
//! through the engine (move by move and through the notation), and after every game the disc
//! entities must lie where the engine has its discs. The resident memory is printed as a curve
//! over the games; after the last it must be within 5 % of what it was after the first
//! twentieth (game 500 of 10,000).
//!
//! CI runs 200 games on the game's own multi-threaded executor (`soak_200_games`); the full
//! 10,000 (on one thread, see `soak_10000_games`) are ignored by default and run with
//! `cargo test -p reversi --profile ci --test soak -- --ignored --nocapture`
//! (docs/reliability.md has the figures of a run).

mod support;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use reversi::couch::undo_vote::{UndoAnswer, UndoAsk};
use reversi::records::SaveFile;
use reversi::rules::{
    GameSetup, Match, NewGameRequest, PlaceRequest, Player, RedoRequest, ReviewRequest, Source,
    UndoRequest,
};
use reversi::saved_games::{Format, GameShelf, OpenSavedGame, SaveGameRequest, file_name};
use reversi::settings::{AnimationSpeed, Settings};
use reversi::state::menu::Menu;
use reversi::user_files::UserFolder;
use reversi_engine::grid::{BoardSize, GridGame, GridMove, GridPosition};
use reversi_engine::search::Level;
use reversi_engine::{
    Color as Side, DiscSupply, FlipRule, OutOfDiscs, Rules, Scoring, StartPosition, Status,
};
use support::{app_built, assert_world_matches_engine, board_busy, settle};

/// The levels that answer within a frame or two.
const FAST: [Level; 4] = [Level::Random, Level::Greedy, Level::Novice, Level::Beginner];

/// Requests in one game before it counts as stuck (a game is 60-odd placements; the mixed-in
/// undos, reviews and votes add a few hundred at most).
const MOST_REQUESTS_PER_GAME: usize = 5_000;

/// Time without a change of position before the computer counts as stuck (its search runs on
/// another thread; on a busy machine it may wait for a core).
const MOST_IDLE: Duration = Duration::from_secs(60);

/// CI's soak, on the multi-threaded executor the game runs its schedules on (about a minute).
#[test]
fn soak_200_games() {
    Soak::new(200, 0x5eed_0200, Executor::Game).run();
}

/// The long soak steps the same systems, in the same order constraints, on one thread: some
/// 600,000 frames on the multi-threaded executor would spend most of their time (about 0.9 ms a
/// frame on a 2-core machine, eleven times the soak's own work) waking its worker threads.
#[test]
#[ignore = "the long soak (about half an hour): run it with --ignored, see docs/reliability.md"]
fn soak_10000_games() {
    Soak::new(10_000, 0x5eed_2710, Executor::OneThread).run();
}

/// Which executor runs the app's schedules.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Executor {
    /// Bevy's multi-threaded executor, as in the game.
    Game,
    /// Bevy's single-threaded executor.
    OneThread,
}

/// One of `items`, at random.
fn pick<T: Copy>(rng: &mut StdRng, items: &[T]) -> T {
    items[rng.random_range(0..items.len())]
}

/// What the soak did, for the report at the end.
#[derive(Default, Debug)]
struct Counts {
    finished: usize,
    abandoned: usize,
    requests: usize,
    frames: usize,
    placements_by_people: usize,
    undos: usize,
    redos: usize,
    votes: usize,
    review_steps: usize,
    branches: usize,
    saves_opened: usize,
    variant_games: usize,
    other_sizes: usize,
    komi_games: usize,
}

struct Soak {
    app: App,
    rng: StdRng,
    games: usize,
    /// The temporary folder of the autosave and the saved games.
    folder: PathBuf,
    counts: Counts,
    /// (games finished, resident kB) after every checkpoint.
    memory: Vec<(usize, u64)>,
}

impl Soak {
    fn new(games: usize, seed: u64, executor: Executor) -> Soak {
        // In memory where the system has a place for it: the autosave after each of some
        // 600,000 moves syncs its file, which on a disk would be most of the soak's time
        // (the fault test measures saving to a real disk).
        let shm = PathBuf::from("/dev/shm");
        let base = if shm.is_dir() {
            shm
        } else {
            std::env::temp_dir()
        };
        let dir = base.join(format!("reversi-soak-{}-{seed:x}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let save = SaveFile::at(dir.join("current-game.ggf"));
        let shelf = dir.join("games");
        let mut app = app_built(GameSetup::default(), save, |_| {});
        app.insert_resource(GameShelf(Some(UserFolder::Directory(shelf))));
        app.world_mut().resource_mut::<Settings>().muted = true;
        if executor == Executor::OneThread {
            for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
                schedule.set_executor(SingleThreadedExecutor::new());
            }
        }
        Soak {
            app,
            rng: StdRng::seed_from_u64(seed),
            games,
            folder: dir,
            counts: Counts::default(),
            memory: Vec::new(),
        }
    }

    fn run(mut self) {
        let started = Instant::now();
        let checkpoint = (self.games / 20).max(1);
        // The memory after the warm-up (game 500 of 10,000, game 50 of 200) is what the end
        // is compared with.
        let warm = (self.games / 20).max(50);
        let mut warm_kb = None;
        while self.counts.finished < self.games {
            self.play_one_game();
            let done = self.counts.finished;
            if done.is_multiple_of(checkpoint) || done == warm {
                let kb = resident_kb();
                if done == warm {
                    warm_kb = kb;
                }
                if let Some(kb) = kb {
                    self.memory.push((done, kb));
                    println!(
                        "soak: {done} games in {:.0} s, resident {:.1} MiB",
                        started.elapsed().as_secs_f64(),
                        kb as f64 / 1024.0
                    );
                }
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        println!("soak: {:?}", self.counts);
        println!(
            "soak: {} games in {seconds:.0} s ({:.1} ms a game, {} frames)",
            self.games,
            seconds * 1000.0 / self.games as f64,
            self.counts.frames
        );
        let _ = std::fs::remove_dir_all(&self.folder);
        // The least of the last three checkpoints: a search table in flight at one of them
        // (a Master search's 64 MB over some 50 MB) is no leak, and a leak shows in all three.
        let last = self.memory.iter().rev().take(3).min_by_key(|(_, kb)| *kb);
        if let (Some(warm_kb), Some(&(_, last_kb))) = (warm_kb, last) {
            let growth = last_kb as f64 / warm_kb as f64 - 1.0;
            println!(
                "soak: resident memory at the end (the least of the last three checkpoints): \
                 {:+.1} % against game {warm}",
                growth * 100.0
            );
            // The long run's memory must be flat once warm. The short one (200 games) ends
            // before the allocator has seen every size of search table in flight at once (a
            // Master search's 64 MB, two study searches beside it, the 10×10 tables): its
            // resident memory climbs in steps of some 15 MB that it keeps (runs of 2026-11-28:
            // 52.8 → 67.9 MiB at game 130, then flat; 53.0 → 68.1 at game 190), and a third
            // step once failed the old limit of +60 %. A leak of a megabyte a game still shows
            // there as +150 MB over the 150 games after the warm-up, three times the 50 MB.
            let limit = if self.games >= 1_000 { 0.05 } else { 1.50 };
            assert!(
                growth <= limit,
                "resident memory grew {:.1} % from game {warm} ({warm_kb} kB) to the end ({last_kb} kB): {:?}",
                growth * 100.0,
                self.memory
            );
        }
        assert!(
            self.counts.undos > 0
                && self.counts.redos > 0
                && self.counts.votes > 0
                && self.counts.review_steps > 0
                && self.counts.branches > 0
                && self.counts.saves_opened > 0
                && self.counts.variant_games > 0
                && self.counts.other_sizes > 0
                && self.counts.komi_games > 0,
            "every kind of request was mixed in: {:?}",
            self.counts
        );
    }

    /// A new game, played to its end with requests mixed in (or abandoned for another new
    /// game, which then counts instead).
    fn play_one_game(&mut self) {
        let setup = self.random_setup();
        self.request(NewGameRequest(setup), "a new game");
        let mut requests = 0;
        loop {
            requests += 1;
            assert!(
                requests < MOST_REQUESTS_PER_GAME,
                "a game took over {MOST_REQUESTS_PER_GAME} requests: {}",
                self.state().game.transcript()
            );
            let m = self.state();
            let (reviewing, over, ply) = (m.reviewing, m.game.current().is_over(), m.game.ply());
            if reviewing {
                self.review_action();
                continue;
            }
            if over {
                // Now and then the finished game is looked back over before the next.
                if self.rng.random_bool(0.15) {
                    let ply = self.rng.random_range(0..ply + 1);
                    self.request(ReviewRequest::Jump(ply), "a jump into the finished game");
                    continue;
                }
                settle(&mut self.app);
                assert_world_matches_engine(&mut self.app);
                self.counts.finished += 1;
                return;
            }
            match self.rng.random_range(0..1000) {
                0..15 => self.undo(),
                15..25 => {
                    self.counts.redos += 1;
                    self.request(RedoRequest::default(), "a redo")
                }
                25..40 if ply > 0 => {
                    self.request(ReviewRequest::Start, "a look back over the game")
                }
                40..47 => self.save_and_open(),
                47..49 => {
                    self.counts.abandoned += 1;
                    let setup = self.random_setup();
                    self.request(NewGameRequest(setup), "a new game in the middle of one");
                }
                _ => self.advance(),
            }
        }
    }

    /// Mostly the official rules; now and then any of the rule texts' variants.
    fn random_setup(&mut self) -> GameSetup {
        let rng = &mut self.rng;
        let rules = if rng.random_bool(0.7) {
            Rules::default()
        } else {
            self.counts.variant_games += 1;
            Rules {
                start: pick(
                    rng,
                    &[
                        StartPosition::Diagonal,
                        StartPosition::Parallel,
                        StartPosition::Free,
                    ],
                ),
                first: pick(rng, &[Side::Black, Side::White]),
                supply: pick(
                    rng,
                    &[
                        DiscSupply::Shared,
                        DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne),
                        DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds),
                    ],
                ),
                flips: pick(rng, &[FlipRule::AllLines, FlipRule::ChooseOneLine]),
                scoring: pick(rng, &[Scoring::MostDiscs, Scoring::FewestDiscs]),
            }
        };
        let computer = |rng: &mut StdRng| Player::Computer(pick(rng, &FAST));
        let players = match rng.random_range(0..100) {
            0..70 => [computer(rng), computer(rng)],
            70..85 if rng.random_bool(0.5) => [Player::Human, computer(rng)],
            70..85 => [computer(rng), Player::Human],
            _ => [Player::Human, Player::Human],
        };
        // Most games without animation (thousands of them); some with the fast motions, so
        // the tweens and the board's waiting are soaked too.
        let speed = if rng.random_bool(0.9) {
            AnimationSpeed::Instant
        } else {
            AnimationSpeed::Fast
        };
        self.app.world_mut().resource_mut::<Settings>().animation = speed;
        // Mostly the official board; now and then the rule texts' smaller and larger ones.
        let size = if self.rng.random_bool(0.8) {
            BoardSize::Eight
        } else {
            self.counts.other_sizes += 1;
            pick(
                &mut self.rng,
                &[BoardSize::Four, BoardSize::Six, BoardSize::Ten],
            )
        };
        // Now and then a komi game, as a GGS record opens (whole and half discs, either side).
        let komi = self.rng.random_bool(0.1).then(|| {
            self.counts.komi_games += 1;
            let text = pick(&mut self.rng, &["-3.5", "-1", "0", "2.5", "4"]);
            text.parse().expect("a komi")
        });
        GameSetup {
            rules,
            size,
            players,
            names: ["Ann".into(), "Bo".into()],
            komi,
        }
    }

    /// The game goes on: a person places a disc (a random legal one, as input sends it once
    /// the board is still), or a frame passes while the computer thinks or the board moves.
    fn advance(&mut self) {
        let m = self.state();
        if !m.human_to_move() || board_busy(&self.app) {
            self.frames_until_change();
            return;
        }
        let request = self.random_placement();
        self.counts.placements_by_people += 1;
        self.request(request, "a person's placement");
    }

    /// A legal placement for the person to move, with a line under the one-line rule.
    fn random_placement(&mut self) -> PlaceRequest {
        let pos = *self.state().game.current();
        let squares: Vec<_> = pos.legal_cells().collect();
        let square = pick(&mut self.rng, &squares);
        let lines = pos.flanked_lines(square);
        let line = (pos.rules().flips == FlipRule::ChooseOneLine
            && !pos.in_free_opening()
            && !lines.is_empty())
        .then(|| pick(&mut self.rng, &lines).0);
        PlaceRequest {
            square,
            line,
            source: Source::Human,
        }
    }

    /// Frames pass until the position changes (the computer's move) or a person may place.
    fn frames_until_change(&mut self) {
        let generation = self.state().generation;
        let started = Instant::now();
        loop {
            self.frame("waiting for the computer");
            let m = self.state();
            if m.generation != generation || (m.human_to_move() && !board_busy(&self.app)) {
                return;
            }
            assert!(
                started.elapsed() < MOST_IDLE,
                "nothing happened in {MOST_IDLE:?}: {:?} at {}",
                m.status(),
                m.game.transcript()
            );
        }
    }

    /// An undo as each kind of game takes it: at once against the computer, by a vote
    /// between two people.
    fn undo(&mut self) {
        self.counts.undos += 1;
        let m = self.state();
        let ply = m.game.ply();
        if m.setup.players != [Player::Human; 2] || ply == 0 {
            self.request(UndoRequest, "an undo");
            return;
        }
        let asker = pick(&mut self.rng, &[Side::Black, Side::White]);
        self.request(UndoAsk { by: Some(asker) }, "an undo asked for");
        self.frame("the question opening");
        assert_eq!(
            self.menu(),
            Menu::UndoVote,
            "an undo between two people asks the other player"
        );
        let agree = self.rng.random_bool(0.6);
        self.counts.votes += 1;
        self.request(
            UndoAnswer {
                agree,
                by: Some(!asker),
            },
            "the other player's answer",
        );
        self.frame("the question closing");
        assert_eq!(self.menu(), Menu::None, "the answer closes the question");
        let after = self.state().game.ply();
        if agree {
            assert!(after < ply, "an agreed undo took nothing back");
        } else {
            assert_eq!(after, ply, "a refused undo took something back");
        }
    }

    /// While a game is looked back over: steps, jumps, a different move played from here
    /// (where a person may), back to the original record, or out at the end.
    fn review_action(&mut self) {
        let m = self.state();
        let (may, person) = (m.may_branch(), m.human_to_move());
        let may_branch = may && person;
        // Where a person may branch but the computer is to move, one ply back is (mostly)
        // the person's turn: without that step a short run once met no position to branch
        // from.
        let step_to_person = may && !person && m.game.ply() > 0;
        let branched = m.original.is_some();
        let record = m.record();
        // A branch of a branch keeps the record it all came from.
        let original = m.original.clone().unwrap_or_else(|| record.clone());
        match self.rng.random_range(0..100) {
            0..45 => {
                self.counts.review_steps += 1;
                let step = pick(&mut self.rng, &[-1, 1, -3, 2]);
                self.request(ReviewRequest::Step(step), "a review step")
            }
            45..55 => {
                let ply = self.rng.random_range(0..record.ply() + 2);
                self.request(ReviewRequest::Jump(ply), "a review jump")
            }
            55..60 => self.request(ReviewRequest::First, "the review's first position"),
            60..65 => self.request(ReviewRequest::Last, "the review's last position"),
            65..80 if step_to_person => {
                self.counts.review_steps += 1;
                self.request(ReviewRequest::Step(-1), "a review step to a person's move")
            }
            65..80 if may_branch => {
                self.counts.branches += 1;
                let request = self.random_placement();
                self.request(request, "a different move played in the review");
                let after = self.state();
                assert!(!after.reviewing, "a branch plays on");
                assert_eq!(
                    after.original.as_ref().map(|o| o.moves().to_vec()),
                    Some(original.moves().to_vec()),
                    "the branch keeps the original record"
                );
            }
            80..90 if branched => {
                self.request(ReviewRequest::Original, "back to the original record")
            }
            _ => self.request(ReviewRequest::Finish, "out of the review"),
        }
    }

    /// Saves the game on the board under a name (one of a few, so saves replace each other
    /// as a player's do) and opens it again: the same whole record, rules and players.
    fn save_and_open(&mut self) {
        let name = format!("soak {}", self.rng.random_range(0..6));
        let m = self.state().clone();
        // Only a GGF record keeps a komi (a transcript save of one is refused: tested in
        // saved_games.rs).
        let format = match m.setup.komi {
            Some(_) => Format::Ggf,
            None => pick(&mut self.rng, &[Format::Ggf, Format::Transcript]),
        };
        let record = m.record();
        self.request(
            SaveGameRequest {
                name: name.clone(),
                format,
            },
            "a save by name",
        );
        let file = file_name(&name, format).expect("a plain name is a file name");
        self.request(OpenSavedGame { file }, "an open by name");
        self.frame("the opened game");
        let opened = self.state();
        let reopened = opened.record();
        // In the frame after opening, a computer to move may already have answered (its
        // search can finish within the frame): those moves come after the saved ones.
        let later = reopened.moves().len().saturating_sub(record.moves().len());
        assert!(
            reopened.moves().starts_with(record.moves())
                && (later == 0 || !m.setup.players.contains(&Player::Human) || later <= 2),
            "the game opened ({}) is not the one saved as {format:?} ({})",
            reopened.transcript(),
            record.transcript()
        );
        assert_eq!(opened.setup.rules, m.setup.rules);
        assert_eq!(opened.setup.players, m.setup.players);
        self.counts.saves_opened += 1;
    }

    /// Sends a request as input does and lets a frame pass.
    fn request<M: Message>(&mut self, message: M, what: &str) {
        self.counts.requests += 1;
        self.app.world_mut().write_message(message);
        self.frame(what);
    }

    /// One frame, then the rules resource is checked against the engine.
    fn frame(&mut self, what: &str) {
        self.counts.frames += 1;
        self.app.update();
        check_record(self.state(), what);
    }

    fn state(&self) -> &Match {
        self.app.world().resource::<Match>()
    }

    fn menu(&self) -> Menu {
        *self.app.world().resource::<State<Menu>>().get()
    }
}

/// The rules resource agrees with an independent replay of its record: every move replayed
/// from the rules' start position through the engine reaches the same position, the moves a
/// review stepped back over still play on from there, the record read back from its notation
/// is the same game, and a branch's original record is a legal game too.
fn check_record(m: &Match, after: &str) {
    let (rules, size) = (m.setup.rules, m.setup.size);
    assert_eq!(
        (m.game.rules(), m.game.size()),
        (rules, size),
        "after {after}: the game's rules and size are the setup's"
    );
    assert_eq!(
        *m.game.start(),
        GridPosition::new(size, rules),
        "after {after}: the game starts where the rules start"
    );
    let replay = replayed(size, rules, m.game.moves(), after);
    assert_eq!(
        replay.current(),
        m.game.current(),
        "after {after}: the position differs from the replay of {}",
        m.game.transcript()
    );
    let whole = m.record();
    replayed(size, rules, whole.moves(), after);
    let mut from_text = GridGame::new(size, rules);
    if m.game.ply() > 0 {
        from_text
            .play_transcript(&m.game.transcript())
            .unwrap_or_else(|e| {
                panic!(
                    "after {after}: {} does not read back: {e}",
                    m.game.transcript()
                )
            });
    }
    assert_eq!(
        from_text.current(),
        m.game.current(),
        "after {after}: {} reads back as another position",
        m.game.transcript()
    );
    if let Some(original) = &m.original {
        replayed(size, rules, original.moves(), after);
    }
}

fn replayed(size: BoardSize, rules: Rules, moves: &[GridMove], after: &str) -> GridGame {
    let mut game = GridGame::new(size, rules);
    for (i, mv) in moves.iter().enumerate() {
        if let Err(e) = game.play(*mv) {
            panic!(
                "after {after}: move {} ({mv}) of the record is illegal: {e}",
                i + 1
            );
        }
    }
    if let Status::Over(_) = game.status() {
        assert_eq!(game.ply(), moves.len());
    }
    game
}

/// The process's resident memory in kB (Linux's /proc; elsewhere the curve is not drawn).
fn resident_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
