//! How to play's examples: each page's move is legal and shows what its words say, and the
//! board's examples leave the game as it was (not saved over, not changed).

use reversi::menus::how_to_play::PAGES;
use reversi::rules::DemonstrationRequest;
use reversi_engine::grid::GridMove;

use super::*;

/// How many of the eight directions a placement flips discs in.
fn lines_flipped(pos: &GridPosition, cell: Cell) -> usize {
    let flips = pos.flips_of(cell);
    let size = pos.size();
    let (col, row) = (cell.column as i32, cell.row as i32);
    let mut lines = 0;
    for (dc, dr) in [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ] {
        let (c, r) = (col + dc, row + dr);
        if (0..size.side() as i32).contains(&c) && (0..size.side() as i32).contains(&r) {
            let next = Cell {
                column: c as u8,
                row: r as u8,
            };
            if flips & size.bit(next) != 0 {
                lines += 1;
            }
        }
    }
    lines
}

#[test]
fn every_examples_move_is_legal_and_shows_its_point() {
    for page in PAGES {
        let game = page.position();
        assert_eq!(
            game.ply() * 2,
            page.moves.len(),
            "{}: its moves do not all play",
            page.key
        );
        let Some(cell) = page.play_cell() else {
            continue;
        };
        let pos = *game.current();
        assert!(
            pos.legal_cells().any(|c| c == cell),
            "{}: {cell} is not legal",
            page.key
        );
        let lines = lines_flipped(&pos, cell);
        let mut after = game.clone();
        after.play(GridMove::at(cell)).unwrap();
        match page.key {
            "help-flank" => assert_eq!(pos.flips_of(cell).count_ones(), 1, "one disc flips"),
            "help-lines" => assert!(lines >= 3, "{lines} lines"),
            "help-pass" => assert!(
                matches!(after.status(), Status::MustPass(Side::White)),
                "White must pass: {:?}",
                after.status()
            ),
            _ => {}
        }
    }
}

#[test]
fn the_examples_leave_the_game_as_it_was() {
    let (dir, save) = temp_save("help");
    let path = save.path().unwrap();
    let mut app = app_saving_to(GameSetup::two_players(Rules::default()), save);
    place(&mut app, "f5");
    settle(&mut app);
    let saved_game = || {
        let text = std::fs::read_to_string(&path).expect("the game was saved");
        reversi_engine::ggf::GridRecord::parse(&text).unwrap().game
    };
    let before = state(&app).game.clone();
    for page in PAGES {
        app.world_mut()
            .write_message(DemonstrationRequest::Show(page.position()));
        app.update();
        assert!(state(&app).demonstrating());
        assert_eq!(state(&app).game.transcript(), page.position().transcript());
        if let Some(cell) = page.play_cell() {
            // A person's click beside the page is no move of the game's: refused quietly
            // (the page turns a click on its own square into its move); the page's own
            // move plays.
            let ply = state(&app).game.ply();
            drain::<MoveRefused>(&mut app);
            place(&mut app, &cell.to_string());
            assert_eq!(state(&app).game.ply(), ply, "{}: a click played", page.key);
            let refused = drain::<MoveRefused>(&mut app);
            assert!(
                refused.iter().all(|r| r.why == Refusal::Demonstrating),
                "{}: {refused:?}",
                page.key
            );
            app.world_mut().write_message(PlaceRequest {
                square: cell,
                line: None,
                source: Source::Demonstration,
            });
            app.update();
            settle(&mut app);
            assert!(
                state(&app).game.ply() > page.position().ply(),
                "{}",
                page.key
            );
        }
        assert_world_matches_engine(&mut app);
        assert_eq!(saved_game(), before, "{}: the example was saved", page.key);
    }
    app.world_mut().write_message(DemonstrationRequest::End);
    app.update();
    // An example's move that comes after the page closed is refused.
    app.world_mut().write_message(PlaceRequest {
        square: sq("d3"),
        line: None,
        source: Source::Demonstration,
    });
    app.update();
    settle(&mut app);
    assert!(!state(&app).demonstrating());
    assert_eq!(state(&app).game, before);
    assert_world_matches_engine(&mut app);
    assert_eq!(saved_game(), before, "the save is the game's");
    let _ = std::fs::remove_dir_all(&dir);
}

/// How to play opened from the pause menu of a two-player match: the match goes on after it.
#[test]
fn a_match_survives_the_examples() {
    use reversi::couch::series::StartMatch;
    use reversi::state::series::Series;
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    app.world_mut().write_message(StartMatch {
        rules: Rules::default(),
        size: BoardSize::Eight,
        games: 2,
    });
    app.update();
    place(&mut app, "f5");
    settle(&mut app);
    assert!(app.world().resource::<Series>().active());
    app.world_mut()
        .write_message(DemonstrationRequest::Show(PAGES[2].position()));
    app.update();
    app.world_mut().write_message(DemonstrationRequest::End);
    app.update();
    assert!(app.world().resource::<Series>().active(), "the match ended");
}
