//! Games in and out as text: Ctrl+C copies the game's transcript (`f5d6c3…`, with a tag for
//! a variant or another board size: the same text the browser keeps in its address), or its
//! GGF record where a transcript cannot say the game (a set-up start, a komi); Ctrl+V
//! opens a game from the clipboard. Pasted text may be a transcript with or without
//! separators, a GGF record of any size, or a board with the side to move (64 squares, or 16,
//! 36 or 100 for the other sizes); anything else is refused with the reason and the game on
//! the board is kept.

use bevy::clipboard::{Clipboard, ClipboardError, ClipboardRead};
use bevy::prelude::*;
use reversi_engine::ggf::GridRecord;
use reversi_engine::grid::{GridGame, parse_grid_board};
use reversi_engine::{Komi, Rules};

use crate::i18n::{Explain, Msg};
use crate::link::{NotAGame, game_from_tagged_moves, link_of};
use crate::records::{SavedGame, record_of};
use crate::rules::{GameSetup, Match, ResumeRequest};
use crate::schedule::GameSet;
use crate::state::menu::Menu;
use crate::state::notice::Toast;

/// Opening games from text (the logic: headless tests send [`OpenGameText`]).
pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenGameText>()
        .add_systems(Update, open_game_text.in_set(GameSet::Input));
}

/// Ctrl+C and Ctrl+V on the board (the system clipboard comes with the window).
pub(super) fn keys_plugin(app: &mut App) {
    app.add_systems(
        Update,
        clipboard_keys
            .run_if(in_state(Menu::None))
            .before(open_game_text)
            .in_set(GameSet::Input),
    );
}

/// Open the game this text describes (pasted, or typed into the menu's field), with these
/// players, or the current game's when `None`.
#[derive(Message, Clone, Debug)]
pub struct OpenGameText {
    pub text: String,
    pub setup: Option<GameSetup>,
}

/// Longer than any game's text in any of the accepted forms (a GGF record with long names
/// and comments included); more is not a game and is not parsed.
pub const MAX_TEXT: usize = 20_000;

/// What went wrong with the clipboard, in the player's words.
pub fn why(error: &ClipboardError) -> Msg {
    match error {
        ClipboardError::ContentNotAvailable => Msg::new("clipboard-why-empty"),
        ClipboardError::ClipboardNotSupported => Msg::new("clipboard-why-unsupported"),
        ClipboardError::ClipboardOccupied => Msg::new("clipboard-why-busy"),
        ClipboardError::ConversionFailure => Msg::new("clipboard-why-format"),
        ClipboardError::Unknown { description } => Msg::verbatim(description.clone()),
        // The enum may grow: its own words, untranslated, rather than none.
        other => Msg::verbatim(other.to_string()),
    }
}

/// The game a text describes, or what is wrong with it in words a player can act on.
pub fn game_from_text(text: &str) -> Result<GridGame, NotAGame> {
    game_and_komi_from_text(text).map(|(game, _)| game)
}

/// The game a text describes and its komi (only a GGF record of a komi game has one).
pub fn game_and_komi_from_text(text: &str) -> Result<(GridGame, Option<Komi>), NotAGame> {
    // A byte-order mark (Notepad's "UTF-8 with BOM") is not text; `trim` keeps it.
    let text = text.trim_start_matches('\u{feff}').trim();
    if text.is_empty() {
        return Err(NotAGame::Empty);
    }
    // Counted in characters, as the message says (an accented name is two bytes).
    let length = text.chars().count();
    if length > MAX_TEXT {
        return Err(NotAGame::LongText(length));
    }
    if text.starts_with("(;") {
        let record = GridRecord::parse(text)?;
        return Ok((record.game, record.komi));
    }
    if looks_like_a_board(text) {
        let setup = parse_grid_board(text)?;
        let game = GridGame::from_position(setup.position(Rules::default()));
        return Ok((game, None));
    }
    Ok((game_from_tagged_moves(text)?, None))
}

/// At least a 4×4 board's squares of `X`/`O`/`-` (or `*`, `.`) and no digits, which every
/// transcript has (and every GGF record, which is read before).
fn looks_like_a_board(text: &str) -> bool {
    let squares = text
        .chars()
        .filter(|c| matches!(c, 'X' | 'x' | 'O' | 'o' | '-' | '.' | '*'))
        .count();
    squares >= 16 && !text.chars().any(|c| c.is_ascii_digit())
}

/// A paste in progress (in the browser the clipboard answers later).
#[derive(Default)]
struct Pending(Option<ClipboardRead>);

fn clipboard_keys(
    keys: Res<ButtonInput<KeyCode>>,
    state: Res<Match>,
    mut clipboard: ResMut<Clipboard>,
    mut toasts: MessageWriter<Toast>,
    mut pending: Local<Pending>,
    mut open: MessageWriter<OpenGameText>,
) {
    let ctrl = crate::state::devices::command_held(&keys);
    if ctrl && keys.just_pressed(KeyCode::KeyC) {
        let (text, transcript) = copied_text(&state);
        let message = match clipboard.set_text(text.clone()) {
            Ok(()) if text.is_empty() => Msg::new("clipboard-copied-empty"),
            Ok(()) if !transcript => Msg::new("clipboard-copied-record"),
            Ok(()) => Msg::new("clipboard-copied").arg("moves", short(&text)),
            Err(e) => Msg::new("clipboard-not-copied").arg("why", why(&e)),
        };
        toasts.write(Toast(message));
    }
    if ctrl && keys.just_pressed(KeyCode::KeyV) {
        pending.0 = Some(clipboard.fetch_text());
    }
    if let Some(read) = pending.0.as_mut()
        && let Some(result) = read.poll_result()
    {
        pending.0 = None;
        match result {
            Ok(text) => {
                open.write(OpenGameText { text, setup: None });
            }
            Err(e) => {
                toasts.write(Toast(Msg::new("clipboard-not-read").arg("why", why(&e))));
            }
        }
    }
}

/// What Ctrl+C copies, and whether it is a transcript: the whole game's (also while a review
/// shows an earlier position), as the link says it, or its GGF record where a transcript
/// would open another game (a set-up start, a komi).
pub fn copied_text(state: &Match) -> (String, bool) {
    match link_of(state) {
        Some(text) => (text, true),
        None => {
            let whole = Match {
                game: state.record(),
                ..state.clone()
            };
            (record_of(&whole).to_ggf(), false)
        }
    }
}

fn short(text: &str) -> String {
    if text.chars().count() > 40 {
        format!("{}...", text.chars().take(40).collect::<String>())
    } else {
        text.to_string()
    }
}

/// Opens a game from text: the rules are the game's, the players the request's (or the
/// current ones). The menu closes on success; on failure it stays, with the reason shown.
fn open_game_text(
    mut texts: MessageReader<OpenGameText>,
    state: Res<Match>,
    saved: Res<SavedGame>,
    mut resume: MessageWriter<ResumeRequest>,
    mut toasts: MessageWriter<Toast>,
    mut menu: ResMut<NextState<Menu>>,
) {
    for request in texts.read() {
        match game_and_komi_from_text(&request.text) {
            Ok((game, komi)) => {
                let players = request.setup.clone().unwrap_or_else(|| state.setup.clone());
                let setup = GameSetup {
                    rules: game.rules(),
                    size: game.size(),
                    komi,
                    ..players
                };
                menu.as_mut().set_if_neq(Menu::None);
                let moves = game.ply();
                toasts.write(Toast(Msg::new("opened-game-of").arg("moves", moves)));
                // An unfinished game in the save (perhaps the one pasted over by mistake)
                // stays there until the opened game is played on, as for a new game.
                resume.write(ResumeRequest {
                    game,
                    setup,
                    keep_save: saved.keeps_unfinished(&state),
                });
            }
            Err(why) => {
                toasts.write(Toast(
                    Msg::new("open-game-failed").arg("why", why.explain()),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::{Color, Status};

    #[test]
    fn clipboard_errors_are_told_in_every_language() {
        use crate::i18n::{Language, Translations};
        let errors = [
            ClipboardError::ContentNotAvailable,
            ClipboardError::ClipboardNotSupported,
            ClipboardError::ClipboardOccupied,
            ClipboardError::ConversionFailure,
        ];
        for language in Language::ALL {
            let translations = Translations::new(language);
            for e in &errors {
                let msg = Msg::new("clipboard-not-read").arg("why", why(e));
                let text = translations
                    .check(language, &msg)
                    .unwrap_or_else(|e| panic!("{}: {e:?}", language.code()));
                assert!(!text.contains("Content"), "{text}");
            }
        }
    }

    /// What is wrong inside a record is said in the player's language, every case of it.
    #[test]
    fn record_errors_are_told_in_every_language() {
        use crate::i18n::{Explain, Language, Translations};
        let start = "---------------------------O*------*O---------------------------";
        let records = [
            ("GM[Go]", "Othello-Partien"),
            ("TY[x8]", "Spieltyp „x“"),
            ("TY[8q]", "„q“ nach der Brettgröße"),
            ("TY[s]", "keine Brettgröße"),
            ("TY[12]", "12×12-Brett"),
            ("TY[10]", "die TY angibt"),
            ("RU[parallel+free]", "„parallel“ und „free“"),
            ("RU[chess]", "„chess“"),
            ("KM[half]", "„half“ ist keine Zahl"),
            ("TY[k8]B[f5]", "Komi in KM"),
            ("PB[a]PB[b]", "PB zweimal"),
        ];
        for (properties, german) in records {
            let text = format!("(;{properties}BO[8 {start} *];)");
            let err = game_from_text(&text).unwrap_err();
            for language in Language::ALL {
                let said = Translations::new(language)
                    .check(language, &err.explain())
                    .unwrap_or_else(|e| panic!("{}: {e:?}", language.code()));
                if language == Language::German {
                    assert!(said.contains(german), "{properties}: {said}");
                }
            }
        }
        // A board's squares, and a board too wide for any number.
        for (board, german) in [
            ("BO[6 ", "6×6-Brett braucht 36 Felder"),
            ("BO[99999999999 ", "99999999999 Feldern Breite"),
        ] {
            let text = format!("(;GM[Othello]{board}{start} *];)");
            let said = Translations::new(Language::German)
                .check(
                    Language::German,
                    &game_from_text(&text).unwrap_err().explain(),
                )
                .unwrap();
            assert!(said.contains(german), "{board}: {said}");
        }
    }

    #[test]
    fn long_numbered_transcripts_open_though_no_link_is_that_long() {
        use reversi_engine::grid::{BoardSize, GridMove, squares};
        // A 10×10 game written one numbered move to a line, as other programs save them.
        let mut game = GridGame::new(BoardSize::Ten, Rules::default());
        let mut text = String::from("10x10/");
        for n in 1.. {
            let pos = game.current();
            let Some(square) = squares(pos.size(), pos.legal_squares()).next() else {
                break;
            };
            text += &format!("{n}.   {}    \r\n", GridMove::at(square));
            game.play(GridMove::at(square)).unwrap();
        }
        assert!(
            text.len() > crate::link::MAX_LEN,
            "longer than any link: {}",
            text.len()
        );
        assert_eq!(
            game_from_text(&text).unwrap().transcript(),
            game.transcript()
        );
        assert!(matches!(
            crate::link::game_from_fragment(&text),
            Err(NotAGame::LongLink(_))
        ));
    }

    #[test]
    fn transcripts_are_read_with_or_without_separators() {
        for text in ["f5d6c3", "F5 D6 C3", "f5, d6, c3", "  1. f5 d6 2. c3\n"] {
            let game = game_from_text(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(game.transcript(), "f5d6c3", "{text:?}");
        }
        let mut variant = game_from_text("parallel/").unwrap();
        assert_ne!(variant.rules(), Rules::default());
        let pos = variant.current();
        let first = reversi_engine::grid::squares(pos.size(), pos.legal_squares())
            .next()
            .unwrap();
        variant
            .play(reversi_engine::grid::GridMove::at(first))
            .unwrap();
        // What Ctrl+C writes opens as the same game.
        let state = Match {
            game: variant.clone(),
            ..Match::default()
        };
        let (copied, transcript) = copied_text(&state);
        assert!(transcript, "{copied}");
        assert_eq!(
            game_from_text(&copied).unwrap().transcript(),
            variant.transcript()
        );
    }

    /// A transcript opens from the usual start and has no komi: a game with either is
    /// copied as its GGF record, which opens as the same game (it once came back as the
    /// usual start's game, or with the winner changed).
    #[test]
    fn games_no_transcript_can_say_are_copied_as_records() {
        // The usual start with a black disc on a1, white to move after f5.
        let board = format!("X{}OX------XO{} X", "-".repeat(26), "-".repeat(27));
        let mut set_up = game_from_text(&board).unwrap();
        set_up.play_transcript("f5").unwrap();
        let mut komi = GridGame::new(reversi_engine::grid::BoardSize::Eight, Rules::default());
        komi.play_transcript("f5d6c3").unwrap();
        for (game, komi) in [(set_up, None), (komi, Some("2.5".parse::<Komi>().unwrap()))] {
            let mut state = Match {
                game,
                ..Match::default()
            };
            state.setup.komi = komi;
            // Reviewing an earlier position still copies all of it.
            state.reviewing = true;
            state.game.undo();
            let (copied, transcript) = copied_text(&state);
            assert!(!transcript && copied.starts_with("(;"), "{copied}");
            let (back, back_komi) = game_and_komi_from_text(&copied).unwrap();
            assert_eq!(back, state.record(), "{copied}");
            assert_eq!(back_komi, komi);
        }
    }

    #[test]
    fn a_board_with_the_side_to_move_opens_as_a_set_up_position() {
        let text = format!("{}{}{} O", "-".repeat(27), "OX------XO", "-".repeat(27));
        let game = game_from_text(&text).unwrap();
        assert_eq!(game.ply(), 0);
        assert_eq!(game.current().to_move(), Color::White);
        assert_eq!(game.current().discs(Color::Black).count_ones(), 2);
        assert!(matches!(game.status(), Status::ToMove(Color::White)));
    }

    #[test]
    fn boards_and_records_of_other_sizes_open_on_their_board() {
        let board = format!("{}O*----*O{}", "-".repeat(14), "-".repeat(14));
        let game = game_from_text(&format!("{board} X")).unwrap();
        assert_eq!(game.size(), reversi_engine::grid::BoardSize::Six);
        assert!(matches!(game.status(), Status::ToMove(Color::Black)));
        let ggf = format!("(;GM[Othello]PB[a]PW[b]TY[6]BO[6 {board} *]B[C2];)");
        assert_eq!(game_from_text(&ggf).unwrap().transcript(), "c2");
        let ten = game_from_text("10x10/g6").unwrap();
        assert_eq!(ten.size(), reversi_engine::grid::BoardSize::Ten);
    }

    #[test]
    fn a_ggf_record_opens_with_its_moves() {
        let ggf = "(;GM[Othello]PB[a]PW[b]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]B[C3];)";
        assert_eq!(game_from_text(ggf).unwrap().transcript(), "f5d6c3");
        // Saved by an editor that starts its files with a byte-order mark.
        let marked = format!("\u{feff}{ggf}\n");
        assert_eq!(game_from_text(&marked).unwrap().transcript(), "f5d6c3");
        let saved = crate::saved_games::read_saved(&marked).unwrap();
        assert_eq!(saved.game.transcript(), "f5d6c3");
        assert!(game_from_text("\u{feff}f5d6").is_ok());
    }

    #[test]
    fn bad_text_is_refused_with_the_reason() {
        for (text, why) in [
            ("", "no text"),
            ("   \n", "no text"),
            ("f5d6a1", "move 3 (a1"),
            ("hello there", "at character"),
            ("(;GM[Othello]TY[8]B[F5", "GGF"),
            (&"X".repeat(70), "not a board"),
            (&"f5".repeat(20_000), "longer than any game"),
        ] {
            let err = game_from_text(text).unwrap_err();
            assert!(err.to_string().contains(why), "{text:.40}: {err}");
        }
        // Lengths are characters, as the words say: accented text is two bytes a letter.
        let long = "é".repeat(MAX_TEXT + 1);
        assert!(matches!(game_from_text(&long), Err(NotAGame::LongText(n)) if n == MAX_TEXT + 1));
        let short = "é".repeat(MAX_TEXT - 100);
        assert!(!matches!(
            game_from_text(&short),
            Err(NotAGame::LongText(_))
        ));
    }
}
