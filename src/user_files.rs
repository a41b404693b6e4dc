//! Where the game keeps the player's files (settings, the game in progress, the games saved
//! by name) and how it writes them: each platform's usual folders, and writes that a crash
//! cannot leave half done.
//! In the browser there is no file system: the same text goes to the page's `localStorage`.

use crate::i18n::{Explain, Msg};
use std::io::Write;
use std::path::{Path, PathBuf};

use bevy::prelude::Message;

/// A write of the player's files failed (disk full, folder read-only, storage turned off):
/// the game goes on and the HUD tells the player once, until a write succeeds again.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum StorageFailed {
    /// The game in progress could not be saved.
    Game(StorageError),
    /// The settings could not be saved.
    Settings(StorageError),
}

impl StorageFailed {
    /// The notice the player reads.
    pub fn message(&self) -> Msg {
        match self {
            StorageFailed::Game(why) => Msg::new("storage-game-failed").arg("why", why.explain()),
            StorageFailed::Settings(why) => {
                Msg::new("storage-settings-failed").arg("why", why.explain())
            }
        }
    }
}

impl Explain for StorageError {
    fn explain(&self) -> Msg {
        match self {
            StorageError::NotText => Msg::new("storage-not-text"),
            StorageError::TooBig(bytes) => Msg::new("storage-too-big").arg("kb", bytes / 1024),
            StorageError::Gone => Msg::new("storage-gone"),
            StorageError::BadName(name) => Msg::new("storage-bad-name").arg("name", name.as_str()),
            StorageError::Full => Msg::new("storage-full"),
            StorageError::Denied => Msg::new("storage-denied"),
            StorageError::ReadOnly => Msg::new("storage-read-only"),
            // The operating system's and the browser's own words (the browser's in its
            // language; the system's as Rust gives them, in English).
            StorageError::Io(words) | StorageError::Browser(words) => {
                Msg::verbatim(lowercase_first(words))
            }
            StorageError::NoBrowser => Msg::new("storage-no-browser"),
        }
    }
}

/// "No space left on device" as the middle of a sentence.
fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_lowercase().chain(chars).collect()
    })
}

impl std::fmt::Display for StorageFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StorageFailed::Game(why) => write!(
                f,
                "The game cannot be saved: {}. Play goes on, but moves from here on are lost if you quit.",
                lowercase_first(&why.to_string())
            ),
            StorageFailed::Settings(why) => write!(
                f,
                "Settings cannot be saved: {}. They hold until you quit.",
                lowercase_first(&why.to_string())
            ),
        }
    }
}

/// Which of the player's folders a file belongs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Choices the player made (the settings).
    Config,
    /// What the player made (the game in progress, the games saved by name).
    Data,
}

/// `NAME` in the game's folder of `kind`, where each platform keeps an application's files
/// (the `directories` crate knows them): on Linux `$XDG_CONFIG_HOME/reversi` and
/// `$XDG_DATA_HOME/reversi` (`~/.config/reversi`, `~/.local/share/reversi` when unset), on a Mac
/// `~/Library/Application Support/reversi`, on Windows `%APPDATA%\reversi\config` and `\data`.
/// `None` where there is no home folder, and in the browser, where there is no file system.
pub fn user_file(kind: Kind, name: &str) -> Option<PathBuf> {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (kind, name);
        None
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let dirs = directories::ProjectDirs::from("", "", "reversi")?;
        let base = match kind {
            Kind::Config => dirs.config_dir(),
            Kind::Data => dirs.data_dir(),
        };
        Some(base.join(name))
    }
}

/// Why the player's text could not be read or written, in words a player can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StorageError {
    #[error("it is not text")]
    NotText,
    #[error("it is {} KB, far more than any game", .0 / 1024)]
    TooBig(u64),
    #[error("it is no longer there")]
    Gone,
    #[error("\"{0}\" is not a file name the game uses")]
    BadName(String),
    /// The disk (or the folder's quota) is full.
    #[error("the disk is full")]
    Full,
    /// The system does not let the game read or write there.
    #[error("permission denied")]
    Denied,
    /// The disk or folder can only be read.
    #[error("the disk is read-only")]
    ReadOnly,
    /// Any other refusal of the operating system, in its own words (which Rust gives in
    /// English: the common ones above are the game's own, in the player's language).
    #[error("{0}")]
    Io(String),
    /// The page's storage refused (full, or turned off in the browser's settings).
    #[error("{0}")]
    Browser(String),
    #[error("browser storage exists only in the web build")]
    NoBrowser,
}

impl From<std::io::Error> for StorageError {
    fn from(e: std::io::Error) -> Self {
        match e.kind() {
            std::io::ErrorKind::StorageFull => return StorageError::Full,
            std::io::ErrorKind::PermissionDenied => return StorageError::Denied,
            std::io::ErrorKind::ReadOnlyFilesystem => return StorageError::ReadOnly,
            _ => {}
        }
        // "No space left on device (os error 28)": the player reads the words, not the number.
        let text = e.to_string();
        let words = match text.rfind(" (os error ") {
            Some(at) if text.ends_with(')') => &text[..at],
            _ => &text,
        };
        StorageError::Io(words.to_string())
    }
}

/// A small text the game keeps for the player: a file on the desktop, a `localStorage` entry
/// (key `reversi/NAME`) in the browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UserText {
    File(PathBuf),
    Browser(String),
}

impl UserText {
    /// The place for `NAME` on this platform (see [`user_file`]); `None` if there is none.
    pub fn named(kind: Kind, name: &str) -> Option<UserText> {
        if cfg!(target_arch = "wasm32") {
            Some(UserText::Browser(format!("reversi/{name}")))
        } else {
            user_file(kind, name).map(UserText::File)
        }
    }

    /// The text, `Ok(None)` if nothing was ever stored.
    pub fn read(&self) -> Result<Option<String>, StorageError> {
        match self.read_bytes()? {
            None => Ok(None),
            Some(bytes) => String::from_utf8(bytes)
                .map(Some)
                .map_err(|_| StorageError::NotText),
        }
    }

    /// The stored bytes as they are (a damaged file need not be text), `Ok(None)` if
    /// nothing was ever stored. A file larger than [`MAX_USER_TEXT`] is not read into
    /// memory at all: the game writes nothing that large.
    pub fn read_bytes(&self) -> Result<Option<Vec<u8>>, StorageError> {
        match self {
            UserText::File(path) => match read_limited(path) {
                Ok(bytes) => bytes.map(Some),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(e.into()),
            },
            UserText::Browser(key) => match browser_load(key)? {
                Some(text) => within_limit(text.into_bytes()).map(Some),
                None => Ok(None),
            },
        }
    }

    /// Replaces the text whole (atomically on disk, see [`write_atomically`]).
    pub fn write(&self, text: &str) -> Result<(), StorageError> {
        match self {
            UserText::File(path) => Ok(write_atomically(path, text)?),
            UserText::Browser(key) => browser_save(key, text),
        }
    }

    /// Moves the text aside to the first free `NAME.unreadable-N` beside it (never deleting
    /// it) and says where it went.
    pub fn move_aside(&self) -> Result<UserText, StorageError> {
        let aside = (1..)
            .map(|n| match self {
                UserText::File(path) => {
                    let mut name = path.file_name().unwrap_or_default().to_os_string();
                    name.push(format!(".unreadable-{n}"));
                    UserText::File(path.with_file_name(name))
                }
                UserText::Browser(key) => UserText::Browser(format!("{key}.unreadable-{n}")),
            })
            .find(|place| match place {
                UserText::File(path) => !path.exists(),
                UserText::Browser(key) => matches!(browser_load(key), Ok(None)),
            })
            .expect("some number is free");
        match (self, &aside) {
            (UserText::File(from), UserText::File(to)) => std::fs::rename(from, to)?,
            (UserText::Browser(from), UserText::Browser(to)) => {
                let text = browser_load(from)?.unwrap_or_default();
                browser_save(to, &text)?;
                browser_remove(from)?;
            }
            _ => unreachable!("set aside in the same kind of place"),
        }
        Ok(aside)
    }
}

impl UserText {
    /// Where the text is, as the player reads it: the file's path, or the browser's storage
    /// in the player's language.
    pub fn shown(&self) -> Msg {
        match self {
            UserText::File(path) => Msg::verbatim(path.display().to_string()),
            UserText::Browser(key) => Msg::new("place-browser-entry").arg("key", key.as_str()),
        }
    }
}

impl std::fmt::Display for UserText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UserText::File(path) => write!(f, "{}", path.display()),
            UserText::Browser(key) => write!(f, "browser storage `{key}`"),
        }
    }
}

/// A folder of the player's texts (the saved games): a directory on the desktop, the
/// `localStorage` entries under a key prefix (`reversi/games/`) in the browser. Entries are
/// named `STEM.EXT`; names that could leave the folder are refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UserFolder {
    Directory(PathBuf),
    Browser(String),
}

/// A text bigger than this is not something the game wrote; it is refused unread.
pub const MAX_USER_TEXT: u64 = 256 * 1024;

/// A file's bytes, or [`StorageError::TooBig`] for one larger than [`MAX_USER_TEXT`]: the
/// game writes nothing that large, so such a file is refused unread (its size checked first,
/// and the read itself stops past the limit, should it grow meanwhile). The outer error is
/// the system's, for the caller to tell a missing file from a refused one.
fn read_limited(path: &std::path::Path) -> std::io::Result<Result<Vec<u8>, StorageError>> {
    use std::io::Read;
    let size = std::fs::metadata(path)?.len();
    if size > MAX_USER_TEXT {
        return Ok(Err(StorageError::TooBig(size)));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_USER_TEXT + 1)
        .read_to_end(&mut bytes)?;
    Ok(within_limit(bytes))
}

/// `bytes`, or [`StorageError::TooBig`] past [`MAX_USER_TEXT`].
fn within_limit(bytes: Vec<u8>) -> Result<Vec<u8>, StorageError> {
    match bytes.len() as u64 {
        len if len > MAX_USER_TEXT => Err(StorageError::TooBig(len)),
        _ => Ok(bytes),
    }
}

impl UserFolder {
    /// The folder `NAME` beside the player's other files (see [`user_file`]).
    pub fn named(kind: Kind, name: &str) -> Option<UserFolder> {
        if cfg!(target_arch = "wasm32") {
            Some(UserFolder::Browser(format!("reversi/{name}/")))
        } else {
            user_file(kind, name).map(UserFolder::Directory)
        }
    }

    /// The entries' names, sorted; an absent folder has none.
    pub fn list(&self) -> Result<Vec<String>, StorageError> {
        let mut names = match self {
            UserFolder::Directory(dir) => match std::fs::read_dir(dir) {
                Ok(entries) => entries
                    .filter_map(|e| e.ok())
                    // A link to a game kept elsewhere is listed like the game (its target
                    // checked: a dangling link or one to a folder is not a game).
                    .filter(|e| {
                        e.file_type()
                            .is_ok_and(|t| t.is_file() || (t.is_symlink() && e.path().is_file()))
                    })
                    .filter_map(|e| e.file_name().into_string().ok())
                    // Half-written files of an interrupted save, and files set aside.
                    .filter(|n| !n.ends_with(".tmp") && !n.starts_with('.'))
                    .collect(),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                Err(e) => return Err(e.into()),
            },
            UserFolder::Browser(prefix) => browser_keys(prefix)?
                .into_iter()
                .filter_map(|k| k.strip_prefix(prefix.as_str()).map(str::to_string))
                .collect(),
        };
        names.sort();
        Ok(names)
    }

    /// The entry's text; a missing, oversized or non-text entry is an error that says so.
    pub fn read(&self, name: &str) -> Result<String, StorageError> {
        check_entry_name(name)?;
        match self {
            UserFolder::Directory(dir) => match read_limited(&dir.join(name)) {
                Ok(bytes) => String::from_utf8(bytes?).map_err(|_| StorageError::NotText),
                // Listed a moment ago, deleted since (another window, the file manager).
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(StorageError::Gone),
                Err(e) => Err(e.into()),
            },
            UserFolder::Browser(prefix) => {
                let text = browser_load(&format!("{prefix}{name}"))?.ok_or(StorageError::Gone)?;
                match text.len() as u64 {
                    len if len > MAX_USER_TEXT => Err(StorageError::TooBig(len)),
                    _ => Ok(text),
                }
            }
        }
    }

    /// Writes the entry whole (atomically on disk), replacing one of the same name.
    pub fn write(&self, name: &str, text: &str) -> Result<(), StorageError> {
        check_entry_name(name)?;
        match self {
            UserFolder::Directory(dir) => Ok(write_atomically(&dir.join(name), text)?),
            UserFolder::Browser(prefix) => browser_save(&format!("{prefix}{name}"), text),
        }
    }

    /// When the entry was last written, in seconds since 1970 (files only).
    pub fn modified(&self, name: &str) -> Option<u64> {
        let UserFolder::Directory(dir) = self else {
            return None;
        };
        check_entry_name(name).ok()?;
        let time = std::fs::metadata(dir.join(name)).ok()?.modified().ok()?;
        Some(time.duration_since(std::time::UNIX_EPOCH).ok()?.as_secs())
    }

    /// Whether an entry of this name exists.
    pub fn contains(&self, name: &str) -> bool {
        if check_entry_name(name).is_err() {
            return false;
        }
        match self {
            UserFolder::Directory(dir) => dir.join(name).is_file(),
            UserFolder::Browser(prefix) => {
                matches!(browser_load(&format!("{prefix}{name}")), Ok(Some(_)))
            }
        }
    }

    /// Removes the entry.
    pub fn remove(&self, name: &str) -> Result<(), StorageError> {
        check_entry_name(name)?;
        match self {
            UserFolder::Directory(dir) => Ok(std::fs::remove_file(dir.join(name))?),
            UserFolder::Browser(prefix) => browser_remove(&format!("{prefix}{name}")),
        }
    }
}

impl UserFolder {
    /// Where the folder is, as the player reads it: the directory's path, or the browser's
    /// storage in the player's language.
    pub fn shown(&self) -> Msg {
        match self {
            UserFolder::Directory(dir) => Msg::verbatim(dir.display().to_string()),
            UserFolder::Browser(_) => Msg::new("place-browser"),
        }
    }
}

impl std::fmt::Display for UserFolder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UserFolder::Directory(dir) => write!(f, "{}", dir.display()),
            UserFolder::Browser(_) => write!(f, "this browser's storage"),
        }
    }
}

/// An entry's name is one plain file name: no separators (nor Windows' drive colon), no
/// `..`, not hidden, not empty.
fn check_entry_name(name: &str) -> Result<(), StorageError> {
    // Only what would leave the folder or name no file: `\\` and `:` are path syntax on
    // Windows alone, and elsewhere another program's "Othello 12:30.ggf" is a game to open.
    let outside: &[char] = if cfg!(windows) {
        &['/', '\\', ':', '\0']
    } else {
        &['/', '\0']
    };
    let plain =
        !name.is_empty() && !name.starts_with('.') && !name.contains(outside) && name.len() <= 255;
    if plain {
        Ok(())
    } else {
        Err(StorageError::BadName(name.to_string()))
    }
}

// The page's storage, its refusals typed as the files' are.
#[cfg(target_arch = "wasm32")]
fn browser_load(key: &str) -> Result<Option<String>, StorageError> {
    page::load(key).map_err(StorageError::Browser)
}

#[cfg(target_arch = "wasm32")]
fn browser_keys(prefix: &str) -> Result<Vec<String>, StorageError> {
    page::keys(prefix).map_err(StorageError::Browser)
}

#[cfg(target_arch = "wasm32")]
fn browser_remove(key: &str) -> Result<(), StorageError> {
    page::remove(key).map_err(StorageError::Browser)
}

#[cfg(target_arch = "wasm32")]
fn browser_save(key: &str, text: &str) -> Result<(), StorageError> {
    page::save(key, text).map_err(StorageError::Browser)
}

#[cfg(target_arch = "wasm32")]
use crate::web::page;

#[cfg(not(target_arch = "wasm32"))]
fn browser_load(_key: &str) -> Result<Option<String>, StorageError> {
    Err(StorageError::NoBrowser)
}

#[cfg(not(target_arch = "wasm32"))]
fn browser_keys(_prefix: &str) -> Result<Vec<String>, StorageError> {
    Err(StorageError::NoBrowser)
}

#[cfg(not(target_arch = "wasm32"))]
fn browser_remove(_key: &str) -> Result<(), StorageError> {
    Err(StorageError::NoBrowser)
}

#[cfg(not(target_arch = "wasm32"))]
fn browser_save(_key: &str, _text: &str) -> Result<(), StorageError> {
    Err(StorageError::NoBrowser)
}

/// The temporary file a write to `path` goes through: a hidden name of its own in the same
/// folder (so the rename never crosses file systems), unique to this process and write, so
/// two windows saving the same file at once never write into each other's temporary file.
/// Its length does not depend on `path`'s, which may already be as long as names go.
fn temporary(path: &Path) -> PathBuf {
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    path.with_file_name(format!(
        "{TEMPORARY_PREFIX}{}-{n}{TEMPORARY_SUFFIX}",
        std::process::id()
    ))
}

const TEMPORARY_PREFIX: &str = ".reversi-";
const TEMPORARY_SUFFIX: &str = ".tmp";

/// Removes temporary files left in `path`'s folder by a crash before their rename (the
/// files themselves are whole). Only ones untouched for a minute: a younger one may be
/// another window's write in progress. Earlier builds' `NAME.tmp` files go too.
pub fn remove_stale_temporaries(path: &Path) {
    // A linked file is written beside the file the link names (`write_atomically`).
    let linked = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if linked && let Ok(target) = std::fs::canonicalize(path) {
        remove_stale_temporaries_beside(&target);
    }
    remove_stale_temporaries_beside(path);
}

fn remove_stale_temporaries_beside(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let mut old_style = name.to_os_string();
    old_style.push(TEMPORARY_SUFFIX);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let file_name = entry.file_name();
        let ours = file_name
            .to_str()
            .is_some_and(|n| n.starts_with(TEMPORARY_PREFIX) && n.ends_with(TEMPORARY_SUFFIX));
        let stale = entry
            .metadata()
            .ok()
            .filter(std::fs::Metadata::is_file)
            .and_then(|m| m.modified().ok())
            .and_then(|at| at.elapsed().ok())
            .is_some_and(|age| age >= std::time::Duration::from_secs(60));
        if (ours && stale) || file_name == old_style {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Writes `text` to a temporary file and renames it over `path`, so a crash (or the power
/// going) at any moment leaves either the old file or the new one, never half of one. A write
/// that fails (a full disk) leaves the old file and no temporary one. A symbolic link (a
/// settings file kept elsewhere by a dotfiles manager) stays a link: the file it names is
/// the one replaced.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let linked = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let resolved = match linked {
        true => std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
        false => path.to_path_buf(),
    };
    write_through(&resolved, text, &temporary(&resolved))
}

/// [`write_atomically`]'s work, through the temporary file `tmp`.
fn write_through(path: &Path, text: &str, tmp: &Path) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let written = std::fs::File::create(tmp).and_then(|mut file| {
        file.write_all(text.as_bytes())?;
        // On disk before the rename makes it the file: otherwise a power cut could leave
        // the new name pointing at an empty file.
        file.sync_all()
    });
    if let Err(e) = written {
        let _ = std::fs::remove_file(tmp);
        return Err(e);
    }
    std::fs::rename(tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(tmp);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On Linux the folders are the XDG ones the game always used, so players keep their
    /// settings and games across the switch to the `directories` crate.
    #[cfg(target_os = "linux")]
    #[test]
    fn linux_keeps_the_xdg_folders() {
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let xdg = |var: &str, fallback: &str| {
            std::env::var_os(var)
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
                .or_else(|| home.as_ref().map(|h| h.join(fallback)))
                .map(|base| base.join("reversi"))
        };
        let expected_config = xdg("XDG_CONFIG_HOME", ".config").map(|d| d.join("settings.txt"));
        let expected_data = xdg("XDG_DATA_HOME", ".local/share").map(|d| d.join("games"));
        assert_eq!(user_file(Kind::Config, "settings.txt"), expected_config);
        assert_eq!(user_file(Kind::Data, "games"), expected_data);
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_file_is_written_through_its_link() {
        let dir = std::env::temp_dir().join(format!("reversi-linked-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("dotfiles")).unwrap();
        let real = dir.join("dotfiles/settings.txt");
        std::fs::write(&real, "volume = 0.50\n").unwrap();
        let link = dir.join("settings.txt");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomically(&link, "volume = 0.25\n").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "volume = 0.25\n");
        let _ = std::fs::remove_dir_all(dir);
    }

    /// A game kept elsewhere and linked into the games folder is listed and read like the
    /// others; a dangling link or a link to a folder is not a game.
    #[cfg(unix)]
    #[test]
    fn linked_games_are_listed() {
        let dir = std::env::temp_dir().join(format!("reversi-linked-games-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("games")).unwrap();
        std::fs::write(dir.join("kept.txt"), "f5d6\n").unwrap();
        std::fs::write(dir.join("games/plain.txt"), "f5\n").unwrap();
        std::os::unix::fs::symlink(dir.join("kept.txt"), dir.join("games/linked.txt")).unwrap();
        std::os::unix::fs::symlink(dir.join("gone.txt"), dir.join("games/dangling.txt")).unwrap();
        std::os::unix::fs::symlink(&dir, dir.join("games/folder.txt")).unwrap();
        let folder = UserFolder::Directory(dir.join("games"));
        assert_eq!(folder.list().unwrap(), ["linked.txt", "plain.txt"]);
        assert_eq!(folder.read("linked.txt").unwrap(), "f5d6\n");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn names_that_leave_the_folder_are_refused_with_the_name() {
        for name in ["", ".hidden", "a/b", "..", "a\0b"] {
            let err = check_entry_name(name).unwrap_err();
            assert_eq!(err, StorageError::BadName(name.to_string()));
            assert!(err.to_string().contains("not a file name"), "{err}");
        }
        assert_eq!(check_entry_name("Evening game.ggf"), Ok(()));
        // Path syntax on Windows only: elsewhere another program's file to open.
        for name in ["Othello 12:30.ggf", "a\\b.ggf"] {
            assert_eq!(check_entry_name(name).is_ok(), !cfg!(windows), "{name}");
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_full_disk_reads_as_a_sentence() {
        let full = StorageError::from(std::io::Error::from_raw_os_error(28));
        assert_eq!(full, StorageError::Full);
        assert_eq!(
            StorageFailed::Game(full).to_string(),
            "The game cannot be saved: the disk is full. Play goes on, but moves from here on \
             are lost if you quit."
        );
        // Another refusal keeps the system's words, as the middle of the sentence.
        let io = StorageError::from(std::io::Error::from_raw_os_error(5));
        assert_eq!(io.to_string(), "Input/output error");
        assert!(
            StorageFailed::Game(io)
                .to_string()
                .contains("saved: input/output error.")
        );
    }

    #[test]
    fn a_failed_write_keeps_the_old_file_and_leaves_no_temporary_one() {
        let dir = std::env::temp_dir().join(format!("reversi-write-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("current.ggf");
        let names = || {
            let mut names: Vec<String> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect();
            names.sort();
            names
        };
        write_atomically(&path, "old").unwrap();
        write_atomically(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(names(), ["current.ggf"]);
        // Each write has a temporary file of its own, however long the name it writes.
        assert_ne!(temporary(&path), temporary(&path));
        let long = dir.join("x".repeat(240));
        assert!(temporary(&long).file_name().unwrap().len() < 64);
        // The temporary file cannot be made (a folder is in its way): the write fails whole.
        let tmp = temporary(&path);
        std::fs::create_dir(&tmp).unwrap();
        assert!(write_through(&path, "newer", &tmp).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        std::fs::remove_dir(&tmp).unwrap();
        // A crash's leftovers go at the next start once they are a minute old; a younger
        // one may be another window's save in progress and stays.
        let left = temporary(&path);
        std::fs::write(&left, "half").unwrap();
        std::fs::write(dir.join("current.ggf.tmp"), "an older build's").unwrap();
        remove_stale_temporaries(&path);
        assert_eq!(names().len(), 2, "{:?}", names());
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(120);
        std::fs::File::options()
            .write(true)
            .open(&left)
            .unwrap()
            .set_modified(old)
            .unwrap();
        remove_stale_temporaries(&path);
        assert_eq!(names(), ["current.ggf"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The common refusals are the game's own words, in the player's language; others
    /// keep the system's, without the error number.
    #[test]
    fn the_systems_refusals_are_said_in_the_players_language() {
        use crate::i18n::{Language, Translations};
        use std::io::{Error, ErrorKind};
        let german = |e: StorageError| {
            Translations::new(Language::German)
                .check(Language::German, &e.explain())
                .unwrap()
        };
        for (kind, variant, words) in [
            (ErrorKind::StorageFull, StorageError::Full, "voll"),
            (ErrorKind::PermissionDenied, StorageError::Denied, "Zugriff"),
            (
                ErrorKind::ReadOnlyFilesystem,
                StorageError::ReadOnly,
                "schreibgeschützt",
            ),
        ] {
            let e = StorageError::from(Error::from(kind));
            assert_eq!(e, variant);
            assert!(german(e).contains(words));
        }
        let other = StorageError::from(Error::from_raw_os_error(5));
        assert!(matches!(&other, StorageError::Io(words) if !words.contains("os error")));
    }

    #[test]
    fn a_missing_or_oversized_entry_says_so() {
        let dir = std::env::temp_dir().join(format!("reversi-user-files-{}", std::process::id()));
        let folder = UserFolder::Directory(dir.clone());
        // Listed, then deleted before it was opened: gone, as in the browser's storage.
        assert_eq!(folder.read("none.ggf"), Err(StorageError::Gone));
        assert_eq!(
            UserText::File(dir.join("none.txt")).read_bytes(),
            Ok(None),
            "never stored"
        );
        folder.write("big.txt", &"x".repeat(300 * 1024)).unwrap();
        let err = folder.read("big.txt").unwrap_err();
        assert_eq!(err, StorageError::TooBig(300 * 1024));
        assert_eq!(err.to_string(), "it is 300 KB, far more than any game");
        let text = UserText::File(dir.join("big.txt"));
        assert_eq!(text.read_bytes(), Err(StorageError::TooBig(300 * 1024)));
        let _ = std::fs::remove_dir_all(dir);
    }
}
