//! Named saved games: the player saves the game on the board under a name, as a GGF record
//! (players, date, result, variant) or as the plain transcript (`f5d6c3…`), and opens any
//! saved game again from a list. On the desktop they are files in `reversi/games/` of the
//! data folder (other programs' `.ggf` and `.txt` files put there are listed too); in the
//! browser, `localStorage` entries under `reversi/games/`.
//!
//! A file that is not a legal game is listed with the reason and refused when opened; the
//! game never changes or removes it on its own (only Delete, or saving under its name,
//! which the save menu warns of).

use bevy::prelude::*;
use reversi_engine::Komi;
use reversi_engine::ggf::GridRecord;
use reversi_engine::grid::{GridGame, GridMove, GridPosition};

use crate::clipboard::game_from_text;
use crate::i18n::errors::side_key;
use crate::i18n::{Explain, Msg};
use crate::link::{NotAGame, fragment_of, tag_of};
use crate::records::{now_utc, record_names, record_of, resumable_from, utc_date};
use crate::rules::{Finished, GameSetup, Match, ResumeRequest, komi_words};
use crate::schedule::GameSet;
use crate::state::menu::Menu;
use crate::state::notice::Toast;
use crate::user_files::{Kind, StorageError, UserFolder};

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<GameShelf>() {
        app.insert_resource(GameShelf(UserFolder::named(Kind::Data, "games")));
    }
    app.init_resource::<ShelfList>()
        .add_message::<SaveGameRequest>()
        .add_message::<OpenSavedGame>()
        .add_message::<DeleteSavedGame>()
        .add_message::<ListSavedGames>()
        .add_systems(
            Update,
            (save_games, delete_games, open_games, list_games)
                .chain()
                .in_set(GameSet::Input),
        );
}

/// Where the saved games are kept; `None` where there is nowhere (no home folder).
#[derive(Resource, Clone, Debug)]
pub struct GameShelf(pub Option<UserFolder>);

/// How a game is written.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Format {
    /// A GGF record: the moves with the players, date, result and rules.
    #[default]
    Ggf,
    /// The moves only (`f5d6c3…`, a rules tag first for a variant).
    Transcript,
}

impl Format {
    pub fn extension(self) -> &'static str {
        match self {
            Format::Ggf => "ggf",
            Format::Transcript => "txt",
        }
    }
}

/// Save the game on the board (its whole record, also while a review shows an earlier
/// position) under `name`, replacing a saved game of the same name and format.
#[derive(Message, Clone, Debug)]
pub struct SaveGameRequest {
    pub name: String,
    pub format: Format,
}

/// Open the saved game in entry `file` (e.g. `Evening game.ggf`).
#[derive(Message, Clone, Debug)]
pub struct OpenSavedGame {
    pub file: String,
}

/// Delete the saved game in entry `file`.
#[derive(Message, Clone, Debug)]
pub struct DeleteSavedGame {
    pub file: String,
}

/// Read the shelf again into [`ShelfList`] (the list menu asks when it opens).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ListSavedGames;

/// The saved games as last listed, newest first (games without a date after, by name).
#[derive(Resource, Default, Debug)]
pub struct ShelfList {
    pub entries: Vec<ShelfEntry>,
    /// Why the shelf could not be listed, if it could not.
    pub problem: Option<Msg>,
}

/// One saved game in the list.
#[derive(Clone, Debug)]
pub struct ShelfEntry {
    /// The entry's name with its extension (`.ggf` or `.txt`, so two games of one name
    /// in both formats tell apart): what [`OpenSavedGame`] takes.
    pub file: String,
    /// What is in it, or why it cannot be opened.
    pub game: Result<SavedGame, ShelfError>,
}

/// A saved game read back: the game, and what the record says beyond its moves.
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub game: GridGame,
    /// Who played (a GGF record this game wrote says; other records and transcripts do not).
    pub setup: Option<GameSetup>,
    /// The players' names, if the record has them.
    pub names: Option<[String; 2]>,
    /// When it was saved or played, as the record writes it (empty if it does not say).
    pub date: String,
    /// The komi of a komi game's record.
    pub komi: Option<Komi>,
}

impl SavedGame {
    /// A line for the list: "Ann vs Bob, 34 discs placed, Black won 40-24, 2026-11-23".
    pub fn summary(&self) -> Msg {
        let placed = self
            .game
            .moves()
            .iter()
            .filter(|m| matches!(m, GridMove::Place { .. }))
            .count();
        let mut parts = Vec::new();
        if let Some([black, white]) = &self.names {
            parts.push(
                Msg::new("players-vs")
                    .arg("black", Msg::name(black))
                    .arg("white", Msg::name(white)),
            );
        }
        parts.push(Msg::new("summary-placed").arg("discs", placed));
        let current = self.game.current();
        let (b, w) = (
            current.discs(reversi_engine::Color::Black).count_ones(),
            current.discs(reversi_engine::Color::White).count_ones(),
        );
        parts.push(match self.game.status() {
            reversi_engine::Status::Over(outcome) => {
                // In a komi game the winner is the one the komi makes.
                let finished = Finished::new(outcome, self.komi);
                let score = format!("{b}-{w}");
                let result = match finished.winner {
                    Some(side) => Msg::new("summary-won")
                        .arg("side", Msg::new(side_key(side)))
                        .arg("score", score),
                    None => Msg::new("summary-drawn").arg("score", score),
                };
                match finished.komi {
                    Some((komi, _)) => Msg::new("summary-with-komi")
                        .arg("result", result)
                        .arg("komi", komi_words(komi, |side| Msg::new(side_key(side)))),
                    None => result,
                }
            }
            _ => Msg::new("summary-unfinished").arg("score", format!("{b}-{w}")),
        });
        if let Some(tag) = tag_of(self.game.size(), self.game.rules()) {
            parts.push(Msg::verbatim(tag));
        }
        if let Some(day) = self.date.get(..10) {
            parts.push(Msg::verbatim(day));
        }
        Msg::Joined(parts)
    }
}

/// Reads a saved game's text: a GGF record (with the players if this game wrote it), or
/// anything a paste accepts (a transcript, a board). The error says what is wrong.
pub fn read_saved(text: &str) -> Result<SavedGame, NotAGame> {
    // Another program's file may start with a byte-order mark, which `trim` keeps.
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.starts_with("(;") {
        let record = GridRecord::parse(trimmed)?;
        let setup = resumable_from(&record).map(|r| r.setup);
        return Ok(SavedGame {
            game: record.game,
            setup,
            names: record_names(&record.players),
            date: record.date,
            komi: record.komi,
        });
    }
    game_from_text(trimmed).map(|game| SavedGame {
        game,
        setup: None,
        names: None,
        date: String::new(),
        komi: None,
    })
}

/// The text a game is saved as. A game that starts from a set-up board or has a komi has no
/// plain transcript (it would open from the usual start, or without the komi): that is
/// refused, GGF keeps it.
pub fn saved_text(state: &Match, format: Format) -> Result<String, ShelfError> {
    let whole = Match {
        stashed: None,
        game: state.record(),
        ..state.clone()
    };
    match format {
        Format::Ggf => Ok(record_of(&whole).to_ggf()),
        Format::Transcript => {
            if *whole.game.start() != GridPosition::new(whole.game.size(), whole.game.rules()) {
                return Err(ShelfError::SetUpBoard);
            }
            if whole.setup.komi.is_some() {
                return Err(ShelfError::Komi);
            }
            // A game with no moves yet still names its rules ("standard/"): an empty file
            // would not open.
            if whole.game.ply() == 0 {
                let tag = tag_of(whole.game.size(), whole.game.rules());
                return Ok(format!("{}/\n", tag.as_deref().unwrap_or("standard")));
            }
            Ok(format!("{}\n", fragment_of(&whole.game)))
        }
    }
}

/// A record's date written as this game writes them (`YYYY-MM-DD hh:mm:ss`), so that dates
/// sort as text: GGS writes `YYYY.MM.DD_hh:mm:ss…`, and `.` sorts after `-`.
fn date_key(date: &str) -> String {
    date.chars()
        .enumerate()
        .map(|(i, c)| match (i, c) {
            (4 | 7, '.' | '/') => '-',
            (10, '_') => ' ',
            _ => c,
        })
        .collect()
}

/// The most characters of the players' names a suggested name keeps: with the date and a
/// number it stays within the 80 characters [`file_name`] keeps.
pub const SUGGESTED_PLAYERS: usize = 60;

/// The most bytes of a name [`file_name`] keeps: with the extension, within the 255 bytes
/// file systems allow (80 characters of emoji are 320).
const MAX_NAME_BYTES: usize = 240;

/// The first characters of `text` that fit in `bytes` bytes.
fn within_bytes(text: &str, bytes: usize) -> &str {
    let end = text
        .char_indices()
        .map(|(at, c)| at + c.len_utf8())
        .take_while(|end| *end <= bytes)
        .last()
        .unwrap_or(0);
    &text[..end]
}

/// The file name a player's name for a game is saved under: characters no file system takes
/// become `-`, spaces at the ends go; `None` if nothing is left.
pub fn file_name(name: &str, format: Format) -> Option<String> {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                '-'
            } else {
                c
            }
        })
        .take(80)
        .collect();
    let cleaned = within_bytes(&cleaned, MAX_NAME_BYTES)
        .trim()
        .trim_start_matches('.')
        .trim();
    (!cleaned.is_empty()).then(|| format!("{cleaned}.{}", format.extension()))
}

/// A name to offer: "Ann vs Bob 2026-11-23", numbered ("… (2)") when `taken` says a game
/// of that name is saved already. `players` is "Ann vs Bob" in the player's words (the
/// names the game gives, "You", in their language), shortened to [`SUGGESTED_PLAYERS`]
/// characters: a record from elsewhere may name its players at any length, and a file name
/// cut short of the date and number would make every numbered name the same file. (The
/// date is UTC's; a time of day would be wrong for most players, and the record keeps the
/// exact time.)
pub fn suggested_name(players: &str, format: Format, taken: impl Fn(&str) -> bool) -> String {
    let date = now_utc();
    // In bytes too, leaving room for the date and a number within [`MAX_NAME_BYTES`].
    let players: String = players.chars().take(SUGGESTED_PLAYERS).collect();
    let players = within_bytes(&players, MAX_NAME_BYTES - 40);
    let base = format!("{} {}", players.trim(), date.get(..10).unwrap_or(""))
        .trim()
        .to_string();
    // Should ten thousand games of these players be saved today, the name offered is one of
    // them, and the note under it says that saving replaces it.
    std::iter::once(base.clone())
        .chain((2..10_000).map(|n| format!("{base} ({n})")))
        .find(|name| !file_name(name, format).is_some_and(|f| taken(&f)))
        .unwrap_or(base)
}

/// Every entry of the shelf read and summarised, newest first: by the record's date, or for
/// a transcript (which has none) the file's.
pub fn list_shelf(folder: &UserFolder) -> Result<Vec<ShelfEntry>, ShelfError> {
    let mut entries: Vec<ShelfEntry> = folder
        .list()?
        .into_iter()
        .filter(|file| {
            // GAME.GGF from another program too.
            let lower = file.to_ascii_lowercase();
            lower.ends_with(".ggf") || lower.ends_with(".txt")
        })
        .map(|file| {
            let mut game = folder
                .read(&file)
                .map_err(ShelfError::from)
                .and_then(|text| Ok(read_saved(&text)?));
            if let Ok(saved) = &mut game
                && saved.date.is_empty()
            {
                saved.date = folder.modified(&file).map(utc_date).unwrap_or_default();
            }
            ShelfEntry { game, file }
        })
        .collect();
    let date = |e: &ShelfEntry| e.game.as_ref().map_or(String::new(), |g| date_key(&g.date));
    // Newest first: the dates sort as text once written alike.
    entries.sort_by(|a, b| date(b).cmp(&date(a)).then_with(|| a.file.cmp(&b.file)));
    Ok(entries)
}

/// Why nothing can be saved or listed here.
pub const NO_SHELF: &str = "there is no folder to keep games in (no home folder)";

impl Explain for ShelfError {
    fn explain(&self) -> Msg {
        match self {
            ShelfError::NoShelf => Msg::new("shelf-none"),
            ShelfError::NoName => Msg::new("shelf-no-name"),
            ShelfError::SetUpBoard => Msg::new("shelf-set-up-board"),
            ShelfError::Komi => Msg::new("shelf-komi"),
            ShelfError::Storage(e) => e.explain(),
            ShelfError::NotAGame(e) => e.explain(),
        }
    }
}

/// Why a game could not be saved, opened, deleted or listed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShelfError {
    #[error("{NO_SHELF}")]
    NoShelf,
    #[error("give the game a name")]
    NoName,
    #[error("this game starts from a set-up board, which only a GGF record keeps")]
    SetUpBoard,
    #[error("this game has a komi, which only a GGF record keeps")]
    Komi,
    #[error(transparent)]
    Storage(#[from] StorageError),
    #[error(transparent)]
    NotAGame(#[from] NotAGame),
}

fn save_games(
    mut requests: MessageReader<SaveGameRequest>,
    shelf: Res<GameShelf>,
    state: Res<Match>,
    mut toasts: MessageWriter<Toast>,
    mut menu: ResMut<NextState<Menu>>,
    mut list: MessageWriter<ListSavedGames>,
) {
    for request in requests.read() {
        let saved = (|| {
            let folder = shelf.0.as_ref().ok_or(ShelfError::NoShelf)?;
            let file = file_name(&request.name, request.format).ok_or(ShelfError::NoName)?;
            let text = saved_text(&state, request.format)?;
            folder.write(&file, &text)?;
            Ok::<_, ShelfError>((file, folder.shown()))
        })();
        match saved {
            Ok((file, place)) => {
                toasts.write(Toast(
                    Msg::new("shelf-saved")
                        .arg("file", file)
                        .arg("place", place),
                ));
                menu.as_mut().set_if_neq(Menu::None);
                list.write(ListSavedGames);
            }
            Err(why) => {
                toasts.write(Toast(Msg::new("shelf-not-saved").arg("why", why.explain())));
            }
        }
    }
}

fn delete_games(
    mut requests: MessageReader<DeleteSavedGame>,
    shelf: Res<GameShelf>,
    mut toasts: MessageWriter<Toast>,
    mut list: MessageWriter<ListSavedGames>,
) {
    for request in requests.read() {
        let removed = shelf
            .0
            .as_ref()
            .ok_or(ShelfError::NoShelf)
            .and_then(|folder| Ok(folder.remove(&request.file)?));
        toasts.write(Toast(match removed {
            Ok(()) => Msg::new("shelf-deleted").arg("file", request.file.as_str()),
            Err(why) => Msg::new("shelf-not-deleted")
                .arg("file", request.file.as_str())
                .arg("why", why.explain()),
        }));
        list.write(ListSavedGames);
    }
}

/// Opens a saved game with the players its record names, or (for a transcript or another
/// program's record) the players of the game on the board. A finished game opens at its end,
/// ready for review.
fn open_games(
    mut requests: MessageReader<OpenSavedGame>,
    shelf: Res<GameShelf>,
    state: Res<Match>,
    in_save: Res<crate::records::SavedGame>,
    mut resume: MessageWriter<ResumeRequest>,
    mut toasts: MessageWriter<Toast>,
    mut menu: ResMut<NextState<Menu>>,
) {
    let keep = in_save.keeps_unfinished(&state);
    for request in requests.read() {
        let read = shelf
            .0
            .as_ref()
            .ok_or(ShelfError::NoShelf)
            .and_then(|folder| Ok(folder.read(&request.file)?))
            .and_then(|text| Ok(read_saved(&text)?));
        match read {
            Ok(saved) => {
                // Another program's record names its players but not who is a person; the
                // players stay those of the game on the board, under the record's names.
                let setup = match saved.setup {
                    Some(setup) => setup,
                    None => GameSetup {
                        rules: saved.game.rules(),
                        size: saved.game.size(),
                        komi: saved.komi,
                        // A side the record leaves unnamed keeps the board's name.
                        names: std::array::from_fn(|side| {
                            let named = saved.names.as_ref().map(|names| &names[side]);
                            match named.filter(|name| !name.is_empty()) {
                                Some(name) => name.clone(),
                                None => state.setup.names[side].clone(),
                            }
                        }),
                        ..state.setup.clone()
                    },
                };
                toasts.write(Toast(
                    Msg::new("shelf-opened").arg("file", request.file.as_str()),
                ));
                menu.as_mut().set_if_neq(Menu::None);
                // An unfinished game in the save stays there until this one is played on.
                resume.write(ResumeRequest {
                    game: saved.game,
                    setup,
                    keep_save: keep,
                });
            }
            Err(why) => {
                toasts.write(Toast(
                    Msg::new("shelf-not-opened")
                        .arg("file", request.file.as_str())
                        .arg("why", why.explain()),
                ));
            }
        }
    }
}

fn list_games(
    mut requests: MessageReader<ListSavedGames>,
    shelf: Res<GameShelf>,
    mut list: ResMut<ShelfList>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let listed = shelf
        .0
        .as_ref()
        .ok_or(ShelfError::NoShelf)
        .and_then(list_shelf);
    *list = match listed {
        Ok(entries) => ShelfList {
            entries,
            problem: None,
        },
        Err(why) => ShelfList {
            entries: Vec::new(),
            problem: Some(Msg::new("shelf-not-listed").arg("why", why.explain())),
        },
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Language, Translations};

    #[test]
    fn dates_of_other_programs_sort_among_the_games_own() {
        let mut dates = vec![
            "2009-12-01 10:00:00 UTC",
            "2009.07.01_12:00:00.EST",
            "2009-03-01 10:00:00 UTC",
        ];
        dates.sort_by_key(|d| std::cmp::Reverse(date_key(d)));
        assert_eq!(
            dates,
            [
                "2009-12-01 10:00:00 UTC",
                "2009.07.01_12:00:00.EST",
                "2009-03-01 10:00:00 UTC"
            ]
        );
    }

    #[test]
    fn long_players_names_still_get_a_free_suggestion() {
        // A record from elsewhere may name its players at any length: each numbered name must
        // still be a file of its own (cut at 80 characters, they had all become one, and the
        // search for a free one never ended: the save menu froze the game).
        let players = format!("{} vs {}", "A".repeat(100), "B".repeat(100));
        let mut taken = std::collections::HashSet::new();
        for _ in 0..3 {
            let name = suggested_name(&players, Format::Ggf, |f| taken.contains(f));
            let file = file_name(&name, Format::Ggf).unwrap();
            assert!(file.len() <= 84, "{file}");
            assert!(taken.insert(file), "{name} offered again");
        }
        // Names of four-byte characters: each numbered name a file of its own, every one
        // within the 255 bytes a file name may have.
        let players = format!("{} vs {}", "😀".repeat(40), "🎲".repeat(40));
        let mut taken = std::collections::HashSet::new();
        for _ in 0..3 {
            let name = suggested_name(&players, Format::Ggf, |f| taken.contains(f));
            let file = file_name(&name, Format::Ggf).unwrap();
            assert!(file.len() <= 255, "{} bytes", file.len());
            assert!(taken.insert(file), "{name} offered again");
        }
        let emoji = file_name(&"😀".repeat(80), Format::Ggf).unwrap();
        assert_eq!(emoji.len(), 240 + 4);
    }

    #[test]
    fn names_become_plain_file_names() {
        assert_eq!(
            file_name("Evening game", Format::Ggf).as_deref(),
            Some("Evening game.ggf")
        );
        assert_eq!(
            file_name("  ../a/b: c?  ", Format::Transcript).as_deref(),
            Some("-a-b- c-.txt")
        );
        assert_eq!(file_name("   ", Format::Ggf), None);
        assert_eq!(file_name("...", Format::Ggf), None);
        assert_eq!(file_name(&"x".repeat(300), Format::Ggf).unwrap().len(), 84);
    }

    /// A transcript would open a komi game without its komi (and maybe with another
    /// winner): that save is refused, and the GGF record keeps the komi.
    #[test]
    fn a_komi_game_is_saved_as_a_record_only() {
        let mut state = Match::default();
        state.game.play_transcript("f5d6c3").unwrap();
        state.setup.komi = Some("2.5".parse().unwrap());
        assert_eq!(
            saved_text(&state, Format::Transcript),
            Err(ShelfError::Komi)
        );
        let text = saved_text(&state, Format::Ggf).unwrap();
        let saved = read_saved(&text).unwrap();
        assert_eq!(saved.komi, state.setup.komi);
        assert_eq!(saved.game, state.game);
        state.setup.komi = None;
        assert_eq!(
            saved_text(&state, Format::Transcript).as_deref(),
            Ok("f5d6c3\n")
        );
    }

    #[test]
    fn a_saved_game_is_summed_up_in_a_line() {
        let mut game = GridGame::new(
            reversi_engine::grid::BoardSize::Eight,
            reversi_engine::Rules::default(),
        );
        game.play_transcript("f5d6c3").unwrap();
        let saved = SavedGame {
            game,
            setup: None,
            names: Some(["Ann".into(), "Bob".into()]),
            date: "2026-11-23 10:00:00 UTC".into(),
            komi: None,
        };
        let english = Translations::new(Language::English);
        assert_eq!(
            english.text(&saved.summary()),
            "Ann vs Bob, 3 discs placed, unfinished at 5-2, 2026-11-23"
        );
        let hungarian = Translations::new(Language::Hungarian);
        let line = hungarian
            .check(Language::Hungarian, &saved.summary())
            .unwrap();
        assert!(
            line.starts_with("Ann") && line.ends_with("2026-11-23"),
            "{line}"
        );
    }

    /// A komi game's line names the winner the komi makes: black's 33-31 (say) is a loss
    /// under a komi half a disc larger than black's margin.
    #[test]
    fn a_komi_games_summary_counts_the_komi() {
        use reversi_engine::grid::BoardSize;
        use reversi_engine::{Color, Rules, Status};
        let mut game = GridGame::new(BoardSize::Eight, Rules::default());
        while let Status::ToMove(_) | Status::MustPass(_) = game.status() {
            let mv = match game.current().legal_cells().next() {
                Some(cell) => GridMove::at(cell),
                None => GridMove::Pass,
            };
            game.play(mv).unwrap();
        }
        let Status::Over(outcome) = game.status() else {
            unreachable!()
        };
        let (b, w) = (outcome.discs[0], outcome.discs[1]);
        let margin = outcome.score_for(Color::Black);
        let komi: Komi = (f64::from(margin) + 0.5).to_string().parse().unwrap();
        let saved = SavedGame {
            game,
            setup: None,
            names: None,
            date: String::new(),
            komi: Some(komi),
        };
        let english = Translations::new(Language::English);
        let summary = english.text(&saved.summary());
        assert!(
            summary.ends_with(&format!(
                "White won {b}-{w} with {}",
                english.text(&komi_words(komi, |s| Msg::new(side_key(s))))
            )),
            "{summary}"
        );
    }
}
