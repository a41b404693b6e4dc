//! The game in progress, saved after every move as a GGF record in the user's data folder
//! (the page's `localStorage` in the browser) and offered for resume at the next start.
//! Writes are atomic; a save that cannot be read is moved aside (never deleted) and the
//! player is told why.

use bevy::prelude::*;
use reversi_engine::ggf::GridRecord;
use reversi_engine::grid::GridGame;
use reversi_engine::search::Level;
use std::fs::{File, TryLockError};
use std::path::PathBuf;
use std::sync::Arc;

use crate::i18n::{Explain, Msg};
use crate::rules::{BoardReset, DiscPlaced, DiscTakenBack, GameSetup, Match, Player, TurnPassed};
use crate::schedule::GameSet;
use crate::user_files::{Kind, StorageError, StorageFailed, UserText, remove_stale_temporaries};

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<SaveFile>() {
        app.insert_resource(SaveFile::default_location());
    }
    let held_elsewhere = app.world_mut().resource_mut::<SaveFile>().claim() == Claim::HeldElsewhere;
    let (saved, notice) = app.world_mut().resource_mut::<SaveFile>().load_at_start();
    let other = if cfg!(target_arch = "wasm32") {
        "save-other-tab"
    } else {
        "save-other-window"
    };
    let notices: Vec<Msg> = held_elsewhere
        .then(|| Msg::new(other))
        .into_iter()
        .chain(notice)
        .collect();
    for notice in &notices {
        warn!("{notice:?}");
    }
    app.insert_resource(SavedGame(saved))
        .insert_resource(SaveNotice(notices))
        .add_message::<StorageFailed>()
        .add_systems(Update, autosave.in_set(GameSet::Presentation));
}

/// Where the game in progress is kept: a file on the desktop, `localStorage` in the browser;
/// `None` keeps nothing (tests).
#[derive(Resource, Clone, Debug)]
pub struct SaveFile {
    pub place: Option<UserText>,
    /// The lock that makes this window the save's only writer (see [`SaveFile::claim`]),
    /// held for as long as the game runs.
    lock: Option<Arc<File>>,
    /// Why the save found at the start could not be read (or moved aside): while it is
    /// still there it holds a game the player was never offered, and is not written over.
    unread: Option<StorageError>,
}

/// What the page found when it asked for the tab's Web Lock on the save (web/page.js): no
/// lock API (an older browser, a page not served from a secure origin) leaves the save as it
/// was.
#[cfg(target_arch = "wasm32")]
fn browser_claim() -> Claim {
    match crate::web::page::save_claim().as_deref() {
        Ok("held") => Claim::Held,
        Ok("elsewhere") => Claim::HeldElsewhere,
        Ok(_) => Claim::Unlocked,
        Err(why) => {
            warn!("no lock on the save: {why}");
            Claim::Unlocked
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn browser_claim() -> Claim {
    Claim::Unlocked
}

/// What [`SaveFile::claim`] found.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Claim {
    /// This window holds the save.
    Held,
    /// Another window of the game holds it: this one keeps no save.
    HeldElsewhere,
    /// No lock could be taken (no save, a browser without Web Locks, a file system without
    /// locks, a folder that cannot be made): the save is used as it was.
    Unlocked,
}

/// A game found at start-up that can be resumed (unfinished, readable).
#[derive(Clone, Debug, PartialEq)]
pub struct Resumable {
    pub game: GridGame,
    pub setup: GameSetup,
}

/// The saved game the new-game menu offers, until a new game overwrites the save.
#[derive(Resource, Default)]
pub struct SavedGame(pub Option<Resumable>);

impl SavedGame {
    /// Whether a game opened now (a paste, the Open field, the shelf) should leave the save
    /// as it is until it is played on: the save holds an unfinished game that would be lost,
    /// the one on the board or the one the menu offers to resume. Otherwise the opened game
    /// becomes the save at once, to be offered at the next start.
    pub fn keeps_unfinished(&self, state: &Match) -> bool {
        // The whole game, also while a review shows an earlier position.
        let whole = state.record();
        self.0.is_some() || (whole.ply() > 0 && !whole.current().is_over())
    }
}

/// What went wrong with the save (in the browser: also the link) at start-up, for the
/// new-game menu to say: each thing that went wrong, in order.
#[derive(Resource, Default)]
pub struct SaveNotice(pub Vec<Msg>);

/// The extra GGF property that says who plays each side: `human` or `computer:LEVEL`.
const PLAYERS_PROPERTY: &str = "PL";

fn player_tag(p: Player) -> String {
    match p {
        Player::Human => "human".into(),
        Player::Computer(level) => format!("computer:{}", level.number()),
    }
}

fn parse_player(tag: &str) -> Option<Player> {
    match tag.trim() {
        "human" => Some(Player::Human),
        t => {
            let n = t.strip_prefix("computer:")?.parse::<u8>().ok()?;
            Level::from_number(n).map(Player::Computer)
        }
    }
}

/// `2026-11-22 21:30:05 UTC` for a time in seconds since 1970 (GGF's date property).
pub(crate) fn utc_date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rest = secs % 86_400;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The time now as GGF's date property writes it (see [`utc_date`]); empty if the clock is
/// before 1970.
pub(crate) fn now_utc() -> String {
    // `SystemTime` panics in the browser; JavaScript's clock gives the same seconds.
    #[cfg(target_arch = "wasm32")]
    let secs = Some((js_sys::Date::now() / 1000.0) as u64);
    #[cfg(not(target_arch = "wasm32"))]
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .map(|d| d.as_secs());
    secs.map(utc_date).unwrap_or_default()
}

/// The record of `state`'s game, with the setup in it so it can be resumed as it was.
pub fn record_of(state: &Match) -> GridRecord {
    let mut record = GridRecord::new(state.game.clone());
    record.players = state.setup.names.clone();
    record.place = "Reversi".into();
    record.date = now_utc();
    record.komi = state.setup.komi;
    record.result = GridRecord::result_of(&state.game, record.komi).unwrap_or_else(|| "?".into());
    let players = state.setup.players.map(player_tag).join(",");
    record.other.push((PLAYERS_PROPERTY.into(), players));
    record
}

/// The players' names a record gives, as the game takes names: printable, at most
/// [`Profile::MAX_NAME`](crate::settings::Profile::MAX_NAME) characters (another program's
/// record may hold any text); `None` where it names neither player.
pub fn record_names(players: &[String; 2]) -> Option<[String; 2]> {
    let names = players
        .clone()
        .map(|name| crate::settings::Profile::clean_name(&name, ""));
    names.iter().any(|n| !n.is_empty()).then_some(names)
}

/// The game and setup a record holds; `None` if its players property is missing or wrong.
pub fn resumable_from(record: &GridRecord) -> Option<Resumable> {
    let tags = &record.other.iter().find(|(k, _)| k == PLAYERS_PROPERTY)?.1;
    let (black, white) = tags.split_once(',')?;
    let players = [parse_player(black)?, parse_player(white)?];
    Some(Resumable {
        game: record.game.clone(),
        setup: GameSetup {
            rules: record.game.rules(),
            size: record.game.size(),
            players,
            names: record_names(&record.players).unwrap_or_default(),
            komi: record.komi,
        },
    })
}

impl SaveFile {
    /// `current.ggf` in the player's data folder (on Linux `~/.local/share/reversi/`, see
    /// [`user_file`](crate::user_files::user_file)); in the browser the `localStorage` entry
    /// `reversi/current.ggf`.
    pub fn default_location() -> SaveFile {
        SaveFile {
            place: UserText::named(Kind::Data, "current.ggf"),
            lock: None,
            unread: None,
        }
    }

    /// The save in this file.
    pub fn at(path: PathBuf) -> SaveFile {
        SaveFile {
            place: Some(UserText::File(path)),
            lock: None,
            unread: None,
        }
    }

    /// A save that is never read or written.
    pub fn none() -> SaveFile {
        SaveFile {
            place: None,
            lock: None,
            unread: None,
        }
    }

    /// The file, where the save is one.
    pub fn path(&self) -> Option<PathBuf> {
        match &self.place {
            Some(UserText::File(path)) => Some(path.clone()),
            _ => None,
        }
    }

    /// Makes this window the save's only writer: a lock on `NAME.lock` beside the save
    /// file, held until the game ends (the system lets go of it after a crash too); in the
    /// browser a Web Lock the page took for its tab before the game started. Where another
    /// window (or tab) of the game holds it, this one keeps no save: two windows writing one
    /// save would each overwrite the other's game, and the next start would offer only the
    /// last one written. The game then starts with a notice saying so.
    pub fn claim(&mut self) -> Claim {
        let claim = match &self.place {
            Some(UserText::File(path)) => {
                let path = path.clone();
                self.claim_file(&path)
            }
            Some(UserText::Browser(_)) => browser_claim(),
            None => Claim::Unlocked,
        };
        if claim == Claim::HeldElsewhere {
            self.place = None;
        }
        claim
    }

    /// Whether this window reads and writes a save (not when another holds it, or in tests).
    pub fn keeps_a_save(&self) -> bool {
        self.place.is_some()
    }

    fn claim_file(&mut self, path: &std::path::Path) -> Claim {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(".lock");
        let lock_path = path.with_file_name(name);
        let opened = lock_path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| {
                std::fs::OpenOptions::new()
                    .create(true)
                    .truncate(false)
                    .write(true)
                    .open(&lock_path)
            });
        let file = match opened {
            Ok(file) => file,
            Err(e) => {
                warn!("no lock on {}: {e}", lock_path.display());
                return Claim::Unlocked;
            }
        };
        match file.try_lock() {
            Ok(()) => {
                self.lock = Some(Arc::new(file));
                Claim::Held
            }
            Err(TryLockError::WouldBlock) => Claim::HeldElsewhere,
            Err(TryLockError::Error(e)) => {
                warn!("no lock on {}: {e}", lock_path.display());
                Claim::Unlocked
            }
        }
    }

    /// Replaces the save whole (see [`UserText::write`]). A save found at the start that could
    /// not be read (or moved aside) is first moved aside now, kept as
    /// `current.ggf.unreadable-N` (a lock held for a moment at the start, by a backup or a
    /// scanner, is gone by then); while that is not possible either, why is the error and
    /// the file is left as it is.
    pub fn write(&mut self, text: &str) -> Result<(), StorageError> {
        let Some(place) = &self.place else {
            return Ok(());
        };
        if let Some(why) = &self.unread {
            match place.read_bytes() {
                Ok(None) => {}
                _ => match place.move_aside() {
                    Ok(aside) => info!("the save that could not be read is kept as {aside}"),
                    Err(e) => {
                        warn!("not saving over {place}, which could not be read ({why}): {e}");
                        return Err(why.clone());
                    }
                },
            }
            self.unread = None;
        }
        place.write(text)
    }

    /// Reads the save at start-up: an unfinished game to offer, and a message if the save
    /// could not be used (it is then moved aside as `current.ggf.unreadable-N`).
    pub fn load_at_start(&mut self) -> (Option<Resumable>, Option<Msg>) {
        let Some(place) = &self.place else {
            return (None, None);
        };
        if let UserText::File(path) = place {
            // A temporary file left by a crash before its rename: the save itself is whole.
            remove_stale_temporaries(path);
        }
        let bytes = match place.read_bytes() {
            Ok(Some(bytes)) => Ok(bytes),
            Ok(None) => return (None, None),
            // Far larger than any save: damaged, set aside as a save that is not a game is.
            Err(e @ StorageError::TooBig(_)) => Err(e),
            Err(e) => {
                let notice = Msg::new("save-unreadable").arg("why", e.explain());
                self.unread = Some(e);
                return (None, Some(notice));
            }
        };
        let problem = match bytes.map(String::from_utf8) {
            Err(e) => e.explain(),
            Ok(Err(_)) => StorageError::NotText.explain(),
            Ok(Ok(text)) => match GridRecord::parse(&text) {
                Err(e) => e.explain(),
                Ok(record) => match resumable_from(&record) {
                    None => Msg::new("save-no-players"),
                    Some(r) if r.game.current().is_over() => return (None, None),
                    Some(r) => return (Some(r), None),
                },
            },
        };
        let kept = match place.move_aside() {
            Ok(aside) => Msg::new("save-kept-as").arg("place", aside.shown()),
            Err(e) => {
                let kept = Msg::new("save-stays-at")
                    .arg("place", place.shown())
                    .arg("why", e.explain());
                self.unread = Some(e);
                kept
            }
        };
        (
            None,
            Some(
                Msg::new("save-not-resumed")
                    .arg("why", problem)
                    .arg("kept", kept),
            ),
        )
    }
}

/// After every change to the game, the record goes to the save. A game not yet begun is not
/// saved, so starting a new game keeps the old save until the first move; so does a game
/// opened with [`keep_save`](crate::rules::ResumeRequest::keep_save), until a move is
/// placed, taken back or passed in it: looking it over (a review, How to play) is no
/// change of the game, though it resets the board. While a finished game is reviewed the
/// record is already saved whole.
#[allow(clippy::too_many_arguments)]
fn autosave(
    mut file: ResMut<SaveFile>,
    state: Res<Match>,
    mut placed: MessageReader<DiscPlaced>,
    mut taken_back: MessageReader<DiscTakenBack>,
    mut passed: MessageReader<TurnPassed>,
    mut reset: MessageReader<BoardReset>,
    mut saved: ResMut<SavedGame>,
    mut failed: MessageWriter<StorageFailed>,
    mut failing: Local<bool>,
    mut keeping: Local<bool>,
) {
    let moves = placed.read().count() + taken_back.read().count() + passed.read().count();
    let mut resets = 0;
    for r in reset.read() {
        match (r.keep_save, r.new_game) {
            (true, _) => *keeping = true,
            // A new game is saved from its first move, whatever was kept before.
            (false, true) => *keeping = false,
            (false, false) => resets += 1,
        }
    }
    let changed = match *keeping {
        true => moves > 0,
        false => moves + resets > 0,
    };
    if !changed
        || state.reviewing
        || state.demonstrating()
        || state.game.ply() == 0
        || file.place.is_none()
    {
        return;
    }
    *keeping = false; // played on: the save is this game's from now on
    match file.write(&record_of(&state).to_ggf()) {
        Ok(()) => {
            saved.0 = None; // the save is now this game
            *failing = false;
        }
        Err(e) => {
            warn!("cannot save the game: {e}");
            // The player hears of it once, not after every move.
            if !std::mem::replace(&mut *failing, true) {
                failed.write(StorageFailed::Game(e));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_that_could_not_be_read_is_not_written_over() {
        let dir = std::env::temp_dir().join(format!("reversi-unread-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("current.ggf");
        std::fs::write(&path, "a game never offered").unwrap();
        let mut file = SaveFile {
            unread: Some(StorageError::Denied),
            ..SaveFile::at(path.clone())
        };
        // Readable by the first save (the lock that stopped the start's read is gone): the
        // game never offered is moved aside, not written over, and saving goes on.
        assert_eq!(file.write("(;GM[Othello];)"), Ok(()));
        let aside = dir.join("current.ggf.unreadable-1");
        assert_eq!(
            std::fs::read_to_string(&aside).unwrap(),
            "a game never offered"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "(;GM[Othello];)");
        assert!(file.unread.is_none());
        assert_eq!(file.write("(;GM[Othello]B[f5];)"), Ok(()));
        assert!(!dir.join("current.ggf.unreadable-2").exists());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(utc_date(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc_date(951_782_400), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc_date(1_795_383_005), "2026-11-22 21:30:05 UTC");
    }

    #[test]
    fn players_round_trip() {
        for p in [
            Player::Human,
            Player::Computer(Level::Random),
            Player::Computer(Level::Master),
            Player::Computer(Level::Grandmaster),
        ] {
            assert_eq!(parse_player(&player_tag(p)), Some(p));
        }
        assert_eq!(parse_player("computer:11"), None);
        assert_eq!(parse_player("robot"), None);
    }
}
