//! Hints, study scores and the post-game review, with the engine's real study searches in
//! the background: the scores shown must be the engine's, exact where the endgame is solved,
//! and the mistakes the review ranks must be the moves that lost the most.

use reversi::analysis::game_review::GameReview;
use reversi::analysis::hints::{HintRequest, ShownScores};
use reversi::analysis::study::{STUDY_DEPTH, STUDY_SOLVE};
use reversi_engine::grid::{GridBoard, parse_grid_board, variant_perfect_max, variant_scores};
use reversi_engine::search::NoClock;
use reversi_engine::search::remote::{ScoreReply, ScoreRequest, Variant};
use std::sync::atomic::AtomicBool;

use super::*;

/// Steps frames (giving the background search real time) until `done` holds.
fn wait_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..3000 {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("gave up waiting for {what}");
}

fn shown(app: &App) -> &ShownScores {
    app.world().resource::<ShownScores>()
}

/// The engine's own answer for `board`, as the game's study search asks it.
fn engine_scores(board: GridBoard) -> Vec<(Cell, i32)> {
    let request = ScoreRequest {
        board,
        depth: STUDY_DEPTH,
        solve_empties: STUDY_SOLVE,
        scoring: reversi_engine::Scoring::MostDiscs,
        book: true,
        variant: None,
    };
    request
        .answer(&AtomicBool::new(false), &NoClock)
        .unwrap()
        .scores
}

/// The engine's own answer for a position under a variant whose tree is not Othello's, as
/// the game's study search asks it (exact, each square by its best line).
fn variant_answer(pos: &GridPosition) -> ScoreReply {
    let request = ScoreRequest {
        board: pos.board(),
        depth: STUDY_DEPTH,
        solve_empties: STUDY_SOLVE,
        scoring: pos.rules().scoring,
        book: false,
        variant: Variant::of(pos),
    };
    request.answer(&AtomicBool::new(false), &NoClock).unwrap()
}

#[test]
fn a_hint_shows_the_engines_best_move_until_the_position_changes() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    place(&mut app, "f5");
    settle(&mut app);
    assert!(
        shown(&app).moves.is_empty(),
        "nothing shown before it is asked"
    );
    app.world_mut().write_message(HintRequest);
    wait_until(&mut app, "the hint", |app| shown(app).best.is_some());
    let hint = shown(&app).clone();
    let expected = engine_scores(state(&app).game.current().board());
    assert_eq!(
        hint.moves,
        vec![expected[0]],
        "the hint is the engine's best move"
    );
    assert_eq!(hint.best, Some(expected[0].0));
    assert!(!hint.exact, "nothing is solved at move 2");
    assert!(
        hint.book,
        "move 2 is in the opening book, and the hint says so"
    );
    place(&mut app, &hint.best.unwrap().to_string());
    app.update();
    assert!(
        shown(&app).moves.is_empty(),
        "the hint lapses after the move"
    );
    assert!(!shown(&app).waiting);
}

#[test]
fn study_mode_scores_every_legal_move() {
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    app.world_mut().resource_mut::<Settings>().move_scores = true;
    place(&mut app, "f5");
    place(&mut app, "d6");
    wait_until(&mut app, "the move scores", |app| {
        !shown(app).moves.is_empty()
    });
    let pos = *state(&app).game.current();
    let mut on_board: Vec<Cell> = shown(&app).moves.iter().map(|m| m.0).collect();
    on_board.sort_by_key(|s| (s.row, s.column));
    assert_eq!(on_board, pos.legal_cells().collect::<Vec<_>>());
    assert_eq!(shown(&app).moves, engine_scores(pos.board()));
}

/// Under the two variants whose game tree is not Othello's (one line flipped; a supply whose
/// end ends the game) hints are refused until the variant's own exact search can take the
/// position on, and from there every square is scored as that search scores it: exactly,
/// each square by its best line.
#[test]
fn variants_off_othellos_tree_get_exact_hints_near_the_end() {
    use reversi::hud::scoreboard::status_line;
    let one_line = Rules {
        flips: reversi_engine::FlipRule::ChooseOneLine,
        ..Rules::default()
    };
    let supply_ends = Rules {
        supply: DiscSupply::ThirtyTwoEach(OutOfDiscs::GameEnds),
        ..Rules::default()
    };
    for rules in [one_line, supply_ends] {
        let setup = GameSetup::two_players(rules);
        let mut app = app_with(setup.clone());
        app.world_mut().write_message(HintRequest);
        app.update();
        app.update();
        assert!(shown(&app).unavailable, "{rules:?}: {:?}", shown(&app));
        assert!(shown(&app).moves.is_empty());
        let most = variant_perfect_max(&rules);
        let settings = app.world().resource::<Settings>();
        let status = english(&status_line(state(&app), settings, false, shown(&app)));
        assert!(
            status.ends_with(&format!("hints for this variant in its last {most} moves")),
            "{status}"
        );
        // The game played on by the first legal move until the exact search takes over.
        let mut game = GridGame::new(EIGHT, rules);
        while game.current().empties().count_ones() > most
            || !matches!(game.status(), Status::ToMove(_))
        {
            let moves = game.current().legal_moves();
            game.play(*moves.first().expect("the game ended early"))
                .unwrap();
        }
        app.world_mut().write_message(ResumeRequest {
            game,
            setup,
            keep_save: false,
        });
        app.world_mut().resource_mut::<Settings>().move_scores = true;
        wait_until(&mut app, "the variant's move scores", |app| {
            !shown(app).moves.is_empty()
        });
        let pos = *state(&app).game.current();
        let expected = variant_answer(&pos);
        assert!(expected.exact && shown(&app).exact, "{rules:?}");
        assert!(!shown(&app).unavailable);
        assert_eq!(shown(&app).moves, expected.scores, "{rules:?}");
        assert_eq!(shown(&app).moves.len(), pos.legal_cells().count());
        // The status line names the best move, with its line under the one-line rule (and
        // how to choose one).
        assert_eq!(shown(&app).best_line, expected.best_line());
        let best = GridMove::Place {
            cell: expected.scores[0].0,
            line: expected.best_line(),
        };
        let settings = app.world().resource::<Settings>();
        let status = english(&status_line(state(&app), settings, false, shown(&app)));
        assert!(status.contains(&format!("best: {best} (")), "{status}");
        let one_line = rules.flips == reversi_engine::FlipRule::ChooseOneLine;
        assert_eq!(status.contains("right-click or L"), one_line, "{status}");
    }
}

fn one_line() -> Rules {
    Rules {
        flips: reversi_engine::FlipRule::ChooseOneLine,
        ..Rules::default()
    }
}

/// A one-line game, played at random (the same games each run) to where the variant's exact
/// search scores its moves, whose position and scores pass `wanted`.
fn one_line_endgame(wanted: impl Fn(&GridPosition, &ScoreReply) -> bool) -> (GridGame, ScoreReply) {
    let rules = one_line();
    let most = variant_perfect_max(&rules);
    let mut seed = 0x9e37_79b9_u32;
    let mut random = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed as usize % n
    };
    (0..200)
        .find_map(|_| {
            let mut game = GridGame::new(EIGHT, rules);
            while game.current().empties().count_ones() > most {
                let moves = game.current().legal_moves();
                if moves.is_empty() {
                    return None;
                }
                game.play(moves[random(moves.len())]).unwrap();
            }
            let pos = *game.current();
            if !matches!(pos.status(), Status::ToMove(_)) {
                return None;
            }
            let reply = variant_answer(&pos);
            wanted(&pos, &reply).then_some((game, reply))
        })
        .expect("no random game had such a position")
}

/// Two players resume `game` (a one-line game), with every move's score shown or not; the side
/// to move's cursor points at `square` with one line stepped on (L). Returns the app and that
/// side.
fn resume_pointing(game: GridGame, square: Cell, move_scores: bool) -> (App, Side) {
    use reversi::state::cursors::Cursors;
    let setup = GameSetup::two_players(one_line());
    let mut app = app_with(setup.clone());
    app.world_mut().resource_mut::<Settings>().move_scores = move_scores;
    app.world_mut().write_message(ResumeRequest {
        game,
        setup,
        keep_save: false,
    });
    app.update();
    let side = state(&app).to_move().unwrap();
    let mut cursors = app.world_mut().resource_mut::<Cursors>();
    let cursor = cursors.of_mut(side);
    (cursor.square, cursor.line_choice) = (Some(square), 1);
    (app, side)
}

/// Under the one-line rule with every move's score shown, each square's score is its best
/// line's: a cursor on any scored square starts at that line, so the preview lifts the discs
/// the score is of, and placing there plays that line, not the square's first.
#[test]
fn with_all_scores_shown_each_square_starts_at_its_scored_line() {
    use reversi::board::markers::preview_flips;
    use reversi::state::cursors::{Cursors, HintedLines};
    // A square other than the best whose best line is not its first in compass order.
    let other = |pos: &GridPosition, reply: &ScoreReply| {
        reply.scores[1..].iter().map(|s| s.0).find(|&cell| {
            let lines = pos.flanked_lines(cell);
            lines.len() > 1 && Some(lines[0].0) != reply.line_of(cell)
        })
    };
    let (game, reply) = one_line_endgame(|pos, reply| other(pos, reply).is_some());
    let pos = *game.current();
    let square = other(&pos, &reply).unwrap();
    let line = reply.line_of(square).unwrap();
    // The player points at the square and steps on a line (L) before the scores come.
    let (mut app, side) = resume_pointing(game, square, true);
    wait_until(&mut app, "the move scores", |app| {
        shown(app).moves.len() == reply.scores.len()
    });
    assert_eq!(shown(&app).moves, reply.scores);
    // The square's start moved to its scored line, so the steps counted from the old start
    // begin again there.
    let cursor = *app.world().resource::<Cursors>().of(side);
    assert_eq!((cursor.square, cursor.line_choice), (Some(square), 0));
    let hinted = app.world().resource::<HintedLines>().clone();
    assert_eq!(
        hinted,
        HintedLines(reply.lines.clone()),
        "every square's line"
    );
    let flips = pos.flanked_lines(square).into_iter().find(|l| l.0 == line);
    assert_eq!(
        preview_flips(state(&app), &cursor, &hinted),
        Some((square, flips.unwrap().1)),
        "the preview lifts the line scored on {square}"
    );
    super::couch::type_move(&mut app, square);
    assert_eq!(
        state(&app).game.moves().last(),
        Some(&GridMove::Place {
            cell: square,
            line: Some(line)
        }),
        "the line whose score was shown was played"
    );
}

/// Under the one-line rule the hint names a line as well as a square; a cursor on the hinted
/// square starts at that line, so the preview lifts the hinted line's discs, typing the square
/// and Enter plays it, and L steps on to the square's other lines from there.
#[test]
fn the_hinted_square_starts_at_the_hinted_line() {
    use reversi::board::markers::preview_flips;
    use reversi::state::cursors::{Cursor, HintedLines};
    // A game whose best move near the end flanks several lines and is best by another than
    // the first in compass order (where the cursor would start unhinted).
    let (game, reply) = one_line_endgame(|pos, reply| {
        let lines = pos.flanked_lines(reply.scores[0].0);
        lines.len() > 1 && Some(lines[0].0) != reply.best_line()
    });
    let (best, line) = (reply.scores[0].0, reply.best_line().unwrap());
    // The player points at the square and picks its second line (L) before asking.
    use reversi::state::cursors::Cursors;
    let (mut app, side) = resume_pointing(game, best, false);
    app.world_mut().write_message(HintRequest);
    wait_until(&mut app, "the hint", |app| shown(app).best.is_some());
    // The hint's line is where that cursor starts again, so the steps taken before it do
    // not land on another line than the one now lifted.
    let cursor = *app.world().resource::<Cursors>().of(side);
    assert_eq!((cursor.square, cursor.line_choice), (Some(best), 0));
    assert_eq!(
        (shown(&app).best, shown(&app).best_line),
        (Some(best), Some(line))
    );
    let hinted = app.world().resource::<HintedLines>().clone();
    assert_eq!(hinted, HintedLines(vec![(best, line)]));
    let pos = *state(&app).game.current();
    let lines = pos.flanked_lines(best);
    let k = lines.iter().position(|l| l.0 == line).unwrap();
    for step in 0..=lines.len() {
        let cursor = Cursor {
            square: Some(best),
            line_choice: step,
            ..Cursor::default()
        };
        let flips = lines[(k + step) % lines.len()].1;
        assert_eq!(
            preview_flips(state(&app), &cursor, &hinted),
            Some((best, flips)),
            "{step} steps on from the hinted line"
        );
    }
    // Another square starts at its first line.
    if let Some(other) = pos.legal_cells().find(|c| *c != best) {
        let cursor = Cursor {
            square: Some(other),
            ..Cursor::default()
        };
        let first = pos.flanked_lines(other)[0].1;
        assert_eq!(
            preview_flips(state(&app), &cursor, &hinted),
            Some((other, first))
        );
    }
    let ply = state(&app).game.ply();
    super::couch::type_move(&mut app, best);
    assert_eq!(
        state(&app).game.ply(),
        ply + 1,
        "the hinted move was played"
    );
    assert_eq!(
        state(&app).game.moves().last(),
        Some(&GridMove::Place {
            cell: best,
            line: Some(line)
        })
    );
    // The hint lapses with the position, and so does its line.
    app.update();
    assert_eq!(
        *app.world().resource::<HintedLines>(),
        HintedLines::default()
    );
}

/// A study search for a position the game has left makes way for the one now wished for:
/// move scores for the new position do not wait for the old position's search to end.
#[test]
fn a_search_for_a_position_left_makes_way() {
    use reversi::analysis::study::Analysis;
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    // Out of the opening book (always the first legal square), so the search takes a while.
    for _ in 0..16 {
        let square = state(&app).game.current().legal_cells().next().unwrap();
        place(&mut app, &square.to_string());
    }
    settle(&mut app);
    app.world_mut().resource_mut::<Settings>().move_scores = true;
    let before = *state(&app).game.current();
    wait_until(&mut app, "the search for the position", |app| {
        app.world().resource::<Analysis>().searching(&before)
    });
    let square = before.legal_cells().next().unwrap();
    place(&mut app, &square.to_string());
    let after = *state(&app).game.current();
    for _ in 0..3 {
        app.update();
    }
    let analysis = app.world().resource::<Analysis>();
    assert!(
        !analysis.searching(&before),
        "the left position's search still runs"
    );
    assert!(analysis.searching(&after) || analysis.get(&after).is_some());
}

/// A study search that fails (an error in the engine) is said to have failed: the hint, the
/// evaluation bar and the review do not wait for scores that will not come.
#[test]
fn a_failed_search_is_reported_not_awaited() {
    use reversi::analysis::study::Analysis;
    use reversi::hud::scoreboard::status_line;
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    place(&mut app, "f5");
    settle(&mut app);
    let pos = *state(&app).game.current();
    app.world_mut()
        .resource_mut::<Analysis>()
        .insert_failure(&pos, "a test's failure".into());
    app.world_mut().write_message(HintRequest);
    app.update();
    app.update();
    assert!(
        shown(&app).failed && !shown(&app).waiting,
        "{:?}",
        shown(&app)
    );
    let line = status_line(
        state(&app),
        app.world().resource::<Settings>(),
        false,
        shown(&app),
    );
    let reversi::i18n::Msg::Key { key, .. } = line else {
        panic!("{line:?}");
    };
    assert_eq!(key, "status-to-move-hint-failed");
    // The review of a finished game with a position whose search failed.
    let game = worst_play_from_ffo_20();
    app.world_mut()
        .resource_mut::<Analysis>()
        .insert_failure(game.position_at(0).unwrap(), "a test's failure".into());
    app.world_mut().write_message(ResumeRequest {
        game,
        setup: GameSetup::two_players(Rules::default()),
        keep_save: false,
    });
    wait_until(&mut app, "the review's failure", |app| {
        app.world().resource::<GameReview>().failed
    });
    assert!(!app.world().resource::<GameReview>().complete());
}

/// Every move of `board` with its exact score (hundredths of a disc), solved to the end.
fn exact_scores(board: GridBoard) -> Vec<(Cell, i32)> {
    let request = ScoreRequest {
        board,
        depth: 1,
        solve_empties: 64,
        scoring: reversi_engine::Scoring::MostDiscs,
        book: true,
        variant: None,
    };
    request
        .answer(&AtomicBool::new(false), &NoClock)
        .unwrap()
        .scores
}

/// FFO #20: six empties, Black to move. The game below plays it out with the worst move
/// every time, so it has mistakes to find, all of them exactly measurable.
fn worst_play_from_ffo_20() -> GridGame {
    play_from_ffo_20(|scores| {
        scores
            .iter()
            .min_by_key(|s| (s.1, s.0.row, s.0.column))
            .unwrap()
            .0
    })
}

/// FFO #20 played out with `choose` picking from each position's exact scores.
fn play_from_ffo_20(choose: impl Fn(&[(Cell, i32)]) -> Cell) -> GridGame {
    let text = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X";
    let start = parse_grid_board(text).unwrap().position(Rules::default());
    play_out(GridGame::from_position(start), |game| {
        choose(&exact_scores(game.current().board()))
    })
}

/// An app that opened the finished `game` under `setup` and ran until its review was
/// complete, and the number of the game's placements.
fn reviewed(game: &GridGame, setup: GameSetup) -> (App, usize) {
    let mut app = app_with(setup.clone());
    app.world_mut().write_message(ResumeRequest {
        game: game.clone(),
        setup,
        keep_save: false,
    });
    wait_until(&mut app, "the review", |app| {
        app.world().resource::<GameReview>().complete()
    });
    let placements = game
        .moves()
        .iter()
        .filter(|m| matches!(m, GridMove::Place { .. }))
        .count();
    (app, placements)
}

/// Every judged move of `review` against the exact solver's scores of its position.
fn assert_judged_exactly(review: &GameReview, game: &GridGame, what: &str) {
    for m in &review.moves {
        let exact = exact_scores(game.position_at(m.ply).unwrap().board());
        let best = exact.iter().map(|s| s.1).max().unwrap();
        let played = exact.iter().find(|s| s.0 == m.played).unwrap().1;
        assert_eq!(
            (m.best_score, m.played_score),
            (best, played),
            "{what}: move {}",
            m.number
        );
    }
}

#[test]
fn a_finished_game_is_reviewed_with_its_biggest_mistakes_measured_exactly() {
    let game = worst_play_from_ffo_20();
    let (mut app, placements) = reviewed(&game, GameSetup::two_players(Rules::default()));
    let review = app.world().resource::<GameReview>();
    assert_eq!(review.moves.len(), placements);
    assert_judged_exactly(review, &game, "FFO #20");
    // The mistakes: at most three, each a disc or more, worst first, and none bigger left out.
    assert!(
        !review.mistakes.is_empty(),
        "the worst moves every time made no mistake?"
    );
    let losses: Vec<i32> = review
        .mistakes
        .iter()
        .map(|&i| review.moves[i].loss())
        .collect();
    assert!(losses.windows(2).all(|w| w[0] >= w[1]), "{losses:?}");
    assert!(losses.iter().all(|&l| l >= 100), "{losses:?}");
    let smallest = *losses.last().unwrap();
    let bigger_left_out = review
        .moves
        .iter()
        .enumerate()
        .filter(|(i, m)| !review.mistakes.contains(i) && m.loss() > smallest)
        .count();
    assert!(review.mistakes.len() == 3 || bigger_left_out == 0);
    assert_eq!(
        bigger_left_out, 0,
        "a bigger mistake than {smallest} was left out"
    );
    // Choosing the worst mistake shows the position it was made in, where the better move is.
    let worst = review.moves[review.mistakes[0]].clone();
    app.world_mut()
        .write_message(ReviewRequest::Jump(worst.ply));
    app.update();
    assert!(state(&app).reviewing);
    assert_eq!(state(&app).game.ply(), worst.ply);
    let review = app.world().resource::<GameReview>();
    assert_eq!(review.mistake_at(worst.ply), Some(&worst));
    assert!(
        state(&app)
            .game
            .current()
            .legal_cells()
            .any(|c| c == worst.best)
    );
}

/// A game with a free opening is reviewed from its first move after the centre (the search
/// does not model the choice among the centre squares, so those four are not judged); a
/// supply the opponent tops up when it runs out changes nothing the search models, so a
/// game under that rule is reviewed whole (this one, without passes, never needs the top-up:
/// what is checked is that the rule no longer turns analysis away). On 4×4 the study
/// search solves every position: the judged scores are the exact ones.
#[test]
fn games_with_a_free_opening_or_a_topped_up_supply_are_reviewed() {
    let free = Rules {
        start: reversi_engine::StartPosition::Free,
        ..Rules::default()
    };
    let topped_up = Rules {
        supply: DiscSupply::ThirtyTwoEach(OutOfDiscs::OpponentHandsOne),
        ..Rules::default()
    };
    for (rules, unjudged) in [(free, 4), (topped_up, 0)] {
        let game = play_out(GridGame::new(BoardSize::Four, rules), |game| {
            game.current().legal_cells().last().unwrap()
        });
        let setup = GameSetup::two_players(rules).on(BoardSize::Four);
        let (app, placements) = reviewed(&game, setup);
        let review = app.world().resource::<GameReview>();
        assert_eq!(review.moves.len(), placements - unjudged, "{rules:?}");
        assert_eq!(review.moves[0].number, unjudged + 1, "{rules:?}");
        assert_judged_exactly(review, &game, &format!("{rules:?}"));
    }
}

/// Under the one-line rule a game's last placements, from the 10 empties the variant's exact
/// search takes on, are judged, each by the exact value of the line played (another line on
/// the same square can be better), and the ones before are left unjudged.
#[test]
fn a_one_line_games_last_moves_are_reviewed_line_by_line() {
    let rules = Rules {
        flips: reversi_engine::FlipRule::ChooseOneLine,
        ..Rules::default()
    };
    // Each move the middle one of the legal moves (lines included), to the end.
    let mut game = GridGame::new(EIGHT, rules);
    while !matches!(game.status(), Status::Over(_)) {
        let moves = game.current().legal_moves();
        game.play(moves[moves.len() / 2]).unwrap();
    }
    let (app, _) = reviewed(&game, GameSetup::two_players(rules));
    let review = app.world().resource::<GameReview>();
    let near_end: Vec<usize> = (0..game.moves().len())
        .filter(|&ply| {
            let pos = game.position_at(ply).unwrap();
            matches!(game.moves()[ply], GridMove::Place { .. })
                && pos.empties().count_ones() <= variant_perfect_max(&rules)
        })
        .collect();
    let judged: Vec<usize> = review.moves.iter().map(|m| m.ply).collect();
    assert_eq!(judged, near_end);
    let stop = AtomicBool::new(false);
    let mut worse_line = false;
    for m in &review.moves {
        let pos = game.position_at(m.ply).unwrap();
        let exact = variant_scores(pos, i32::MAX, &stop, u64::MAX).unwrap();
        let best = exact.iter().map(|e| e.1).max().unwrap();
        let played = exact.iter().find(|e| e.0 == game.moves()[m.ply]).unwrap().1;
        let square_best = exact.iter().filter(|e| e.0.cell() == Some(m.played));
        let square_best = square_best.map(|e| e.1).max().unwrap();
        worse_line |= played < square_best;
        // The moves as the panel names them, with their lines.
        assert_eq!(m.played_text(), game.moves()[m.ply].to_string());
        let best_move = exact.iter().find(|e| e.0.to_string() == m.best_text());
        assert_eq!(best_move.map(|e| e.1), Some(best), "move {}", m.number);
        assert_eq!(
            (m.best_score, m.played_score),
            (best * 100, played * 100),
            "move {}",
            m.number
        );
    }
    assert!(
        worse_line,
        "no line played worse than its square's best: a weak test"
    );
    // Looking at a mistake, a cursor on the better move's square (the see-through disc)
    // starts at the better line, as on a hinted square; back at the end, at no line.
    use reversi::state::cursors::HintedLines;
    let shown = review.mistakes.iter().map(|&i| &review.moves[i]);
    let (ply, better) = shown
        .filter_map(|m| Some((m.ply, (m.best, m.best_line?))))
        .next()
        .expect("no mistake with a better line");
    let mut app = app;
    app.world_mut().write_message(ReviewRequest::Jump(ply));
    app.update();
    assert!(state(&app).reviewing);
    assert_eq!(
        *app.world().resource::<HintedLines>(),
        HintedLines(vec![better])
    );
    app.world_mut()
        .write_message(ReviewRequest::Jump(game.moves().len()));
    app.update();
    assert_eq!(
        *app.world().resource::<HintedLines>(),
        HintedLines::default()
    );
}

#[test]
fn the_analysis_panel_is_remade_for_another_game_of_the_same_length() {
    let mut app = app_built(
        GameSetup::two_players(Rules::default()),
        SaveFile::none(),
        |app| {
            app.add_plugins(bevy::asset::AssetPlugin::default())
                .init_asset::<Mesh>()
                .init_asset::<StandardMaterial>()
                .init_asset::<Image>();
        },
    );
    app.add_plugins(reversi::analysis::game_review::presentation);
    let worst = worst_play_from_ffo_20();
    // Another game of as many moves (the k-th worst move each time): other mistakes, the
    // same counts on the panel.
    fn all_games(game: GridGame, out: &mut Vec<GridGame>) {
        match game.status() {
            Status::Over(_) => out.push(game),
            Status::MustPass(_) => {
                let mut next = game.clone();
                next.play(GridMove::Pass).unwrap();
                all_games(next, out);
            }
            Status::ToMove(_) => {
                for cell in game.current().legal_cells() {
                    let mut next = game.clone();
                    next.play(GridMove::at(cell)).unwrap();
                    all_games(next, out);
                }
            }
        }
    }
    let mut games = Vec::new();
    all_games(GridGame::from_position(*worst.start()), &mut games);
    let other = games
        .into_iter()
        .find(|g| g.moves().len() == worst.moves().len() && g.moves()[0] != worst.moves()[0])
        .expect("another game of the same length");
    let mut panels = Vec::new();
    for game in [&worst, &other, &worst] {
        app.world_mut().write_message(ResumeRequest {
            game: game.clone(),
            setup: GameSetup::two_players(Rules::default()),
            keep_save: false,
        });
        app.update();
        wait_until(&mut app, "the review", |app| {
            app.world().resource::<GameReview>().complete()
        });
        for _ in 0..5 {
            app.update();
        }
        let world = app.world_mut();
        let mut texts = world.query::<&reversi::i18n::Tr>();
        let translations = world.resource::<reversi::i18n::Translations>();
        let mut shown: Vec<String> = texts
            .iter(world)
            .map(|tr| translations.text_in(reversi::i18n::Language::English, &tr.0))
            .collect();
        shown.sort();
        panels.push(shown);
    }
    assert_ne!(panels[0], panels[1], "two games, two panels");
    assert_eq!(panels[2], panels[0], "the first game again, its own panel");
}

/// The evaluation bar of a komi game (a GGS record's) counts the komi as the result will:
/// Black's exact lead at FFO #20, from the game's own study search, is shown less the komi,
/// with the komi named.
#[test]
fn the_evaluation_bar_counts_a_komi_games_komi() {
    use reversi::analysis::eval_bar::estimate_words;
    use reversi::analysis::study::{Analysis, Basis, Priority};
    use reversi::settings::ColorScheme;
    let text = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X";
    let start = parse_grid_board(text).unwrap();
    let best = exact_scores(start.board())
        .iter()
        .map(|s| s.1)
        .max()
        .unwrap()
        / 100;
    let game = GridGame::from_position(start.position(Rules::default()));
    let mut app = app_with(GameSetup::two_players(Rules::default()));
    // What the bar asks each frame, until the study search has solved the position.
    let estimate = |app: &mut App| {
        let mut analysis = app.world_mut().resource_mut::<Analysis>();
        analysis.want(game.current(), Priority::Bar);
        analysis.black_estimate(&game, 0)
    };
    let (v, basis) = (0..3000)
        .find_map(|_| {
            app.update();
            std::thread::sleep(Duration::from_millis(5));
            estimate(&mut app)
        })
        .expect("an estimate");
    assert_eq!((v, basis), (best * 100, Basis::Solved));
    let words = |komi: Option<&str>| {
        let komi = komi.map(|k| k.parse().unwrap());
        english(&estimate_words(v, basis, komi, ColorScheme::BlackWhite))
    };
    let lead = |discs: f32| match discs {
        d if d > 0.0 => format!("Black +{d}"),
        d if d < 0.0 => format!("White +{}", -d),
        _ => "Even".to_string(),
    };
    assert_eq!(words(None), format!("{}\nsolved", lead(best as f32)));
    for (komi, counted) in [
        ("2.5", best as f32 - 2.5),
        ("-3", best as f32 + 3.0),
        (&best.to_string(), 0.0),
    ] {
        let side = if komi.starts_with('-') {
            "Black"
        } else {
            "White"
        };
        let size = komi.trim_start_matches('-');
        let named = if komi == "0" {
            "komi 0".to_string()
        } else {
            format!("komi {size} for {side}")
        };
        assert_eq!(
            words(Some(komi)),
            format!("{}\nsolved\n{named}", lead(counted)),
            "komi {komi}"
        );
    }
}

/// Under the one-line rule a square's score is its best line's, so the evaluation bar does
/// not take it for the line played while the position after the move is not scored yet;
/// under the standard rules it does (the square's score is the move's).
#[test]
fn the_evaluation_bar_takes_no_squares_best_line_for_the_line_played() {
    use reversi::analysis::study::{Analysis, Basis, Scores};
    let one_line = Rules {
        flips: reversi_engine::FlipRule::ChooseOneLine,
        ..Rules::default()
    };
    for (rules, expected) in [
        (Rules::default(), Some((300, Basis::Solved))),
        (one_line, None),
    ] {
        let mut game = GridGame::new(EIGHT, rules);
        let first = game.current().legal_moves()[0];
        game.play(first).unwrap();
        let before = game.position_at(0).unwrap();
        let mut analysis = Analysis::default();
        let scores = Scores {
            moves: before.legal_cells().map(|c| (c, 300)).collect(),
            exact: true,
            book: false,
            lines: Vec::new(),
        };
        analysis.insert(before, scores);
        assert_eq!(analysis.black_estimate(&game, 1), expected, "{rules:?}");
    }
}
