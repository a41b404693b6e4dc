//! Where the game keeps the player's files (settings, the game in progress, the games saved
//! by name) and how it writes them: the XDG folders with their usual fallbacks, and writes
//! that a crash cannot leave half done.
//! In the browser there is no file system: the same text goes to the page's `localStorage`.

use std::path::{Path, PathBuf};

/// `$XDG_VAR/reversi/NAME`, else `~/HOME_SUBDIR/reversi/NAME` (else `%APPDATA%\reversi\NAME`);
/// `None` in the browser, where there is no file system.
pub fn user_file(xdg_var: &str, home_subdir: &str, name: &str) -> Option<PathBuf> {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (xdg_var, home_subdir, name);
        None
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let base = std::env::var_os(xdg_var)
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(home_subdir)))
            .or_else(|| std::env::var_os("APPDATA").map(PathBuf::from));
        base.map(|b| b.join("reversi").join(name))
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
    pub fn named(xdg_var: &str, home_subdir: &str, name: &str) -> Option<UserText> {
        if cfg!(target_arch = "wasm32") {
            Some(UserText::Browser(format!("reversi/{name}")))
        } else {
            user_file(xdg_var, home_subdir, name).map(UserText::File)
        }
    }

    /// The text, `Ok(None)` if nothing was ever stored.
    pub fn read(&self) -> Result<Option<String>, String> {
        match self.read_bytes()? {
            None => Ok(None),
            Some(bytes) => String::from_utf8(bytes)
                .map(Some)
                .map_err(|_| "it is not text".to_string()),
        }
    }

    /// The stored bytes as they are (a damaged file need not be text), `Ok(None)` if
    /// nothing was ever stored.
    pub fn read_bytes(&self) -> Result<Option<Vec<u8>>, String> {
        match self {
            UserText::File(path) => match std::fs::read(path) {
                Ok(bytes) => Ok(Some(bytes)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(e.to_string()),
            },
            UserText::Browser(key) => Ok(browser_load(key)?.map(String::into_bytes)),
        }
    }

    /// Replaces the text whole (atomically on disk, see [`write_atomically`]).
    pub fn write(&self, text: &str) -> Result<(), String> {
        match self {
            UserText::File(path) => write_atomically(path, text).map_err(|e| e.to_string()),
            UserText::Browser(key) => browser_save(key, text),
        }
    }

    /// Moves the text aside to the first free `NAME.unreadable-N` beside it (never deleting
    /// it) and says where it went.
    pub fn move_aside(&self) -> Result<UserText, String> {
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
            (UserText::File(from), UserText::File(to)) => {
                std::fs::rename(from, to).map_err(|e| e.to_string())?
            }
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

impl UserFolder {
    /// The folder `NAME` beside the player's other files (see [`user_file`]).
    pub fn named(xdg_var: &str, home_subdir: &str, name: &str) -> Option<UserFolder> {
        if cfg!(target_arch = "wasm32") {
            Some(UserFolder::Browser(format!("reversi/{name}/")))
        } else {
            user_file(xdg_var, home_subdir, name).map(UserFolder::Directory)
        }
    }

    /// The entries' names, sorted; an absent folder has none.
    pub fn list(&self) -> Result<Vec<String>, String> {
        let mut names = match self {
            UserFolder::Directory(dir) => match std::fs::read_dir(dir) {
                Ok(entries) => entries
                    .filter_map(|e| e.ok())
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                    .filter_map(|e| e.file_name().into_string().ok())
                    // Half-written files of an interrupted save, and files set aside.
                    .filter(|n| !n.ends_with(".tmp") && !n.starts_with('.'))
                    .collect(),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                Err(e) => return Err(e.to_string()),
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
    pub fn read(&self, name: &str) -> Result<String, String> {
        check_entry_name(name)?;
        let too_big = |size: u64| format!("it is {} KB, far more than any game", size / 1024);
        let text = match self {
            UserFolder::Directory(dir) => {
                let path = dir.join(name);
                // Checked before reading: a huge file is not read into memory at all.
                let size = std::fs::metadata(&path).map_err(|e| e.to_string())?.len();
                if size > MAX_USER_TEXT {
                    return Err(too_big(size));
                }
                let bytes = std::fs::read(&path).map_err(|e| e.to_string())?;
                String::from_utf8(bytes).map_err(|_| "it is not text".to_string())?
            }
            UserFolder::Browser(prefix) => browser_load(&format!("{prefix}{name}"))?
                .ok_or_else(|| "it is no longer there".to_string())?,
        };
        if text.len() as u64 > MAX_USER_TEXT {
            return Err(too_big(text.len() as u64));
        }
        Ok(text)
    }

    /// Writes the entry whole (atomically on disk), replacing one of the same name.
    pub fn write(&self, name: &str, text: &str) -> Result<(), String> {
        check_entry_name(name)?;
        match self {
            UserFolder::Directory(dir) => {
                write_atomically(&dir.join(name), text).map_err(|e| e.to_string())
            }
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
    pub fn remove(&self, name: &str) -> Result<(), String> {
        check_entry_name(name)?;
        match self {
            UserFolder::Directory(dir) => {
                std::fs::remove_file(dir.join(name)).map_err(|e| e.to_string())
            }
            UserFolder::Browser(prefix) => browser_remove(&format!("{prefix}{name}")),
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
fn check_entry_name(name: &str) -> Result<(), String> {
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && !name.contains(['/', '\\', ':', '\0'])
        && name.len() <= 255;
    if plain {
        Ok(())
    } else {
        Err(format!("\"{name}\" is not a file name the game uses"))
    }
}

#[cfg(target_arch = "wasm32")]
use crate::web::page::{
    keys as browser_keys, load as browser_load, remove as browser_remove, save as browser_save,
};

#[cfg(not(target_arch = "wasm32"))]
fn browser_load(_key: &str) -> Result<Option<String>, String> {
    Err("browser storage exists only in the web build".into())
}

#[cfg(not(target_arch = "wasm32"))]
fn browser_keys(_prefix: &str) -> Result<Vec<String>, String> {
    Err("browser storage exists only in the web build".into())
}

#[cfg(not(target_arch = "wasm32"))]
fn browser_remove(_key: &str) -> Result<(), String> {
    Err("browser storage exists only in the web build".into())
}

#[cfg(not(target_arch = "wasm32"))]
fn browser_save(_key: &str, _text: &str) -> Result<(), String> {
    Err("browser storage exists only in the web build".into())
}

/// The temporary file a write to `path` goes through (`current.ggf` → `current.ggf.tmp`).
pub fn temporary(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Writes `text` to a temporary file and renames it over `path`, so a crash at any moment
/// leaves either the old file or the new one, never half of one.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = temporary(path);
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}
