//! Where the game keeps the player's files (settings, the saved game) and how it writes them:
//! the XDG folders with their usual fallbacks, and writes that a crash cannot leave half done.

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
