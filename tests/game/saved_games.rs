//! Named saved games on a shelf in a temporary folder: both formats round-trip with their
//! players and rules, malformed files of every kind are listed with the reason and refused
//! without changing the board or the file, and names cannot leave the folder.

use reversi::saved_games::{
    DeleteSavedGame, Format, GameShelf, ListSavedGames, OpenSavedGame, SaveGameRequest, ShelfList,
};
use reversi::state::notice::Toast;
use reversi::user_files::UserFolder;

use super::*;

/// The app of `setup` with its shelf in a fresh temporary folder.
fn app_with_shelf(name: &str, setup: GameSetup) -> (App, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("reversi-shelf-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with(setup);
    app.insert_resource(GameShelf(Some(UserFolder::Directory(dir.clone()))));
    (app, dir)
}

fn save(app: &mut App, name: &str, format: Format) -> Vec<Toast> {
    drain::<Toast>(app);
    app.world_mut().write_message(SaveGameRequest {
        name: name.into(),
        format,
    });
    app.update();
    drain::<Toast>(app)
}

fn open(app: &mut App, file: &str) -> Vec<Toast> {
    drain::<Toast>(app);
    app.world_mut()
        .write_message(OpenSavedGame { file: file.into() });
    app.update();
    // Read at once: messages last two frames, and settling the board takes more.
    let toasts = drain::<Toast>(app);
    app.update();
    settle(app);
    toasts
}

fn listed(app: &mut App) -> Vec<(String, Result<String, String>)> {
    app.world_mut().write_message(ListSavedGames);
    app.update();
    app.world()
        .resource::<ShelfList>()
        .entries
        .iter()
        .map(|e| {
            (
                e.file.clone(),
                e.game
                    .as_ref()
                    .map(|g| english(&g.summary()))
                    .map_err(ToString::to_string),
            )
        })
        .collect()
}

fn play(app: &mut App, moves: &[&str]) {
    for m in moves {
        place(app, m);
    }
    settle(app);
}

#[test]
fn saved_games_round_trip_in_both_formats_and_open_with_their_players() {
    let two = GameSetup::two_players(Rules::default());
    let (mut app, dir) = app_with_shelf("round-trip", two.clone());
    play(&mut app, &["f5", "d6", "c3"]);
    let played = state(&app).game.clone();

    let toasts = save(&mut app, "Evening game", Format::Ggf);
    assert!(
        toasts
            .iter()
            .any(|t| english(&t.0).contains("Saved “Evening game.ggf”")),
        "{toasts:?}"
    );
    save(&mut app, "Evening game", Format::Transcript);
    assert_eq!(
        std::fs::read_to_string(dir.join("Evening game.txt")).unwrap(),
        "f5d6c3\n"
    );
    let ggf = std::fs::read_to_string(dir.join("Evening game.ggf")).unwrap();
    assert!(
        ggf.contains("B[F5]W[D6]B[C3]") && ggf.contains("DT["),
        "{ggf}"
    );

    let list = listed(&mut app);
    assert_eq!(list.len(), 2, "{list:?}");
    let ggf_line = &list
        .iter()
        .find(|(f, _)| f == "Evening game.ggf")
        .unwrap()
        .1;
    assert!(
        ggf_line
            .as_ref()
            .unwrap()
            .starts_with("Black vs White, 3 discs placed, unfinished at 5-2, 20"),
        "{ggf_line:?}"
    );

    // A different game on the board; the GGF record brings back its own players.
    app.world_mut()
        .write_message(NewGameRequest(against_the_computer(Level::Casual)));
    app.update();
    let toasts = open(&mut app, "Evening game.ggf");
    assert!(
        toasts.iter().any(|t| english(&t.0).contains("Opened")),
        "{toasts:?}"
    );
    assert_eq!(state(&app).game, played);
    assert_eq!(state(&app).setup, two);
    assert_world_matches_engine(&mut app);

    // The moves-only file keeps the players of the game on the board.
    app.world_mut()
        .write_message(NewGameRequest(against_the_computer(Level::Casual)));
    app.update();
    open(&mut app, "Evening game.txt");
    assert_eq!(state(&app).game.moves(), played.moves());
    assert_eq!(
        state(&app).setup.players,
        against_the_computer(Level::Casual).players
    );

    // Another program's GGF record (no PL property) keeps the players of the game on the
    // board, under the record's names.
    std::fs::write(
        dir.join("server game.ggf"),
        "(;GM[Othello]PC[GGS/os]PB[ann]PW[bob]RE[?]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)",
    )
    .unwrap();
    open(&mut app, "server game.ggf");
    assert_eq!(state(&app).game.transcript(), "f5f6");
    assert_eq!(
        state(&app).setup.names,
        ["ann".to_string(), "bob".to_string()]
    );
    assert_eq!(
        state(&app).setup.players,
        against_the_computer(Level::Casual).players
    );
    // A record that leaves a name out keeps the board's there; a name longer than the game
    // takes is cut to its length.
    std::fs::write(
        dir.join("no white.ggf"),
        format!(
            "(;GM[Othello]PB[{}]RE[?]TY[8]B[F5];)",
            "Anna Maria Theresia von Habsburg"
        ),
    )
    .unwrap();
    open(&mut app, "no white.ggf");
    assert_eq!(
        state(&app).setup.names,
        ["Anna Maria There".to_string(), "bob".to_string()]
    );

    // Saving under a name already there replaces it.
    open(&mut app, "Evening game.ggf");
    play(&mut app, &["d3"]);
    save(&mut app, "Evening game", Format::Transcript);
    assert_eq!(
        std::fs::read_to_string(dir.join("Evening game.txt")).unwrap(),
        "f5d6c3d3\n"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn variants_set_up_boards_and_reviewed_games_are_saved_whole() {
    let parallel = Rules {
        start: reversi_engine::StartPosition::Parallel,
        ..Rules::default()
    };
    let (mut app, dir) = app_with_shelf("variants", GameSetup::two_players(parallel));
    let first = state(&app).game.current().legal_cells().next().unwrap();
    play(&mut app, &[&first.to_string()]);
    let variant = state(&app).game.clone();
    for format in [Format::Ggf, Format::Transcript] {
        save(&mut app, "parallel", format);
        app.world_mut()
            .write_message(NewGameRequest(GameSetup::two_players(Rules::default())));
        app.update();
        open(&mut app, &format!("parallel.{}", format.extension()));
        assert_eq!(state(&app).game.rules(), parallel, "{format:?}");
        assert_eq!(state(&app).game.moves(), variant.moves(), "{format:?}");
    }

    // A game with no moves yet opens again in both formats (the soak found an empty
    // transcript file that would not open).
    app.world_mut()
        .write_message(NewGameRequest(GameSetup::two_players(Rules::default())));
    app.update();
    for format in [Format::Ggf, Format::Transcript] {
        save(&mut app, "not started", format);
        play(&mut app, &["f5"]);
        let toasts = open(&mut app, &format!("not started.{}", format.extension()));
        assert!(
            english(&toasts[0].0).starts_with("Opened"),
            "{format:?}: {toasts:?}"
        );
        assert_eq!(state(&app).game.ply(), 0, "{format:?}");
        assert_eq!(state(&app).game.rules(), Rules::default(), "{format:?}");
    }

    // A finished game saved during its review is saved whole, not up to the position shown.
    let (mut app, record) = finished_passing_game(GameSetup::two_players(Rules::default()));
    app.insert_resource(GameShelf(Some(UserFolder::Directory(dir.clone()))));
    review(&mut app, ReviewRequest::Jump(10));
    save(&mut app, "reviewed", Format::Ggf);
    review(&mut app, ReviewRequest::Finish);
    app.world_mut()
        .write_message(NewGameRequest(GameSetup::two_players(Rules::default())));
    app.update();
    open(&mut app, "reviewed.ggf");
    assert_eq!(state(&app).game.moves(), record.moves());
    assert!(matches!(state(&app).status(), Status::Over(_)));

    // A game from a set-up board: GGF keeps its start; a transcript cannot and is refused.
    let board = format!("{}{}{} O", "-".repeat(27), "OX------XO", "-".repeat(27));
    app.world_mut()
        .write_message(reversi::clipboard::OpenGameText {
            text: board,
            setup: None,
        });
    app.update();
    settle(&mut app);
    let set_up = state(&app).game.clone();
    let toasts = save(&mut app, "set up", Format::Transcript);
    assert!(
        toasts
            .iter()
            .any(|t| english(&t.0).contains("set-up board")),
        "{toasts:?}"
    );
    assert!(!dir.join("set up.txt").exists());
    save(&mut app, "set up", Format::Ggf);
    app.world_mut()
        .write_message(NewGameRequest(GameSetup::two_players(Rules::default())));
    app.update();
    open(&mut app, "set up.ggf");
    assert_eq!(state(&app).game.start(), set_up.start());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_saved_games_are_listed_with_the_reason_and_change_nothing() {
    let (mut app, dir) = app_with_shelf("bad", GameSetup::two_players(Rules::default()));
    play(&mut app, &["f5", "d6"]);
    save(&mut app, "good", Format::Ggf);
    let good = std::fs::read_to_string(dir.join("good.ggf")).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty.ggf", Vec::new(), "no text"),
        (
            "truncated.ggf",
            good.as_bytes()[..good.len() / 2].to_vec(),
            "ends before",
        ),
        ("binary.ggf", vec![0xff, 0xfe, 0x00, 0x9c], "not text"),
        (
            "twelve by twelve.ggf",
            b"(;GM[Othello]TY[12]B[F5];)".to_vec(),
            "12×12 board is not one this game plays",
        ),
        (
            "ten by ten, illegal.ggf",
            b"(;GM[Othello]TY[10]B[F5];)".to_vec(),
            "move 1 (f5) is illegal",
        ),
        (
            "unknown rules.ggf",
            good.replace("TY[8]", "TY[8]RU[chess]").into_bytes(),
            "unknown rule variant",
        ),
        (
            "illegal.ggf",
            good.replace("W[D6]", "W[A1]").into_bytes(),
            "move 2 (a1) is illegal",
        ),
        ("illegal.txt", b"f5d6a1".to_vec(), "move 3 (a1"),
        ("wrong rules tag.txt", b"hexagonal/f5".to_vec(), "unknown"),
        (
            "huge.txt",
            "f5".repeat(200_000).into_bytes(),
            "far more than any game",
        ),
    ];
    for (file, bytes, _) in &cases {
        std::fs::write(dir.join(file), bytes).unwrap();
    }
    // Files that are not games at all are not listed.
    std::fs::write(dir.join("notes.md"), "hello").unwrap();
    std::fs::write(dir.join("half.ggf.tmp"), "(;").unwrap();

    let before = state(&app).game.clone();
    let list = listed(&mut app);
    assert_eq!(list.len(), cases.len() + 1, "{list:?}");
    for (file, bytes, why) in &cases {
        let (_, summary) = list.iter().find(|(f, _)| f == file).unwrap();
        let err = summary.as_ref().expect_err(file);
        assert!(err.contains(why), "{file}: listed as {err}");
        let toasts = open(&mut app, file);
        assert!(
            toasts
                .iter()
                .any(|t| english(&t.0).contains("Could not open") && english(&t.0).contains(why)),
            "{file}: {toasts:?}"
        );
        assert_eq!(state(&app).game, before, "{file}: the board keeps its game");
        assert_eq!(
            &std::fs::read(dir.join(file)).unwrap(),
            bytes,
            "{file} is kept as it was"
        );
    }

    // Names that would leave the folder are refused, whatever asks.
    for file in ["../current.ggf", "/etc/passwd", ".hidden.ggf", ""] {
        let toasts = open(&mut app, file);
        assert!(
            toasts
                .iter()
                .any(|t| english(&t.0).contains("not a file name")),
            "{file}: {toasts:?}"
        );
    }
    // Deleting removes exactly that file.
    app.world_mut().write_message(DeleteSavedGame {
        file: "illegal.txt".into(),
    });
    app.update();
    assert!(!dir.join("illegal.txt").exists());
    assert!(dir.join("illegal.ggf").exists());
    assert_eq!(listed(&mut app).len(), cases.len());
    let _ = std::fs::remove_dir_all(dir);
}

/// A komi game as GGS records it opens with its komi: the winner is the one the komi makes
/// (here the komi turns the result over by half a disc), a save writes the komi and the
/// result with it counted, the save opens with the komi again, and the list's line says so.
#[test]
fn a_komi_game_opens_with_its_komi_and_keeps_it_through_a_save() {
    use reversi::clipboard::OpenGameText;
    use reversi_engine::Komi;
    use reversi_engine::ggf::GridRecord;
    let (mut app, dir) = app_with_shelf("komi", GameSetup::two_players(Rules::default()));
    let mut game = GridGame::new(EIGHT, Rules::default());
    game.play_transcript(PASSING_GAME).unwrap();
    let Status::Over(outcome) = game.status() else {
        panic!("the passing game ends")
    };
    let black = f64::from(outcome.score_for(Side::Black));
    let komi: Komi = (black + 0.5_f64.copysign(black))
        .to_string()
        .parse()
        .unwrap();
    let mut record = GridRecord::new(game.clone());
    record.komi = Some(komi);
    record.place = "GGS/os".into();
    record.date = "2009.07.01_02:52:45.MDT".into();
    record.players = ["alpha".into(), "beta".into()];
    let text = record.to_ggf();
    assert!(text.contains("TY[k8]KM["), "{text}");

    app.world_mut()
        .write_message(OpenGameText { text, setup: None });
    app.update();
    app.update();
    settle(&mut app);
    let opened = state(&app).clone();
    assert_eq!(opened.game, game);
    assert_eq!(opened.setup.komi, Some(komi));
    let finished = opened.result().expect("the game is over");
    assert_eq!(finished.outcome, outcome);
    assert_ne!(finished.winner, outcome.winner, "the komi turns the result");
    let (_, result) = finished.komi.unwrap();
    assert_eq!(result.margin().to_string(), "0.5");

    save(&mut app, "komi game", Format::Ggf);
    let saved = std::fs::read_to_string(dir.join("komi game.ggf")).unwrap();
    let expected = GridRecord::result_of(&game, Some(komi)).unwrap();
    assert!(
        saved.contains(&format!("KM[{komi}]")) && saved.contains(&format!("RE[{expected}]")),
        "{saved}"
    );
    app.world_mut()
        .write_message(NewGameRequest(GameSetup::two_players(Rules::default())));
    app.update();
    settle(&mut app);
    assert_eq!(state(&app).setup.komi, None, "a new game has no komi");
    open(&mut app, "komi game.ggf");
    assert_eq!(state(&app).setup.komi, Some(komi));
    assert_eq!(state(&app).result().unwrap().winner, finished.winner);
    let lines = listed(&mut app);
    let winner = finished.winner.unwrap();
    let (b, w) = (outcome.discs[0], outcome.discs[1]);
    assert!(
        lines.iter().any(|(file, line)| file == "komi game.ggf"
            && line
                .as_ref()
                .is_ok_and(|l| l.contains(&format!("{winner} won {b}-{w} with komi ")))),
        "{lines:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
