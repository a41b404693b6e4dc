//! Where the game keeps the player's files (settings, the saved game) and how it writes them:
//! the XDG folders with their usual fallbacks, and writes that a crash cannot leave half done.
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
        match self {
            UserText::File(path) => match std::fs::read_to_string(path) {
                Ok(text) => Ok(Some(text)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(e.to_string()),
            },
            UserText::Browser(key) => browser_load(key),
        }
    }

    /// Replaces the text whole (atomically on disk, see [`write_atomically`]).
    pub fn write(&self, text: &str) -> Result<(), String> {
        match self {
            UserText::File(path) => write_atomically(path, text).map_err(|e| e.to_string()),
            UserText::Browser(key) => browser_save(key, text),
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

#[cfg(target_arch = "wasm32")]
use crate::web::page::{load as browser_load, save as browser_save};

#[cfg(not(target_arch = "wasm32"))]
fn browser_load(_key: &str) -> Result<Option<String>, String> {
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
