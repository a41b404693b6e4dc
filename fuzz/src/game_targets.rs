//! What the fuzz targets on the game's own formats do with their input (built with the `game`
//! feature: the game crate brings Bevy). The game's test `fuzz_corpus` includes this file and
//! replays `fuzz/corpus/<target>/` through it on stable.

use reversi::settings::Settings;

/// The settings file, as a player might have edited it (or a disk damaged it): it reads with
/// any problems listed, and what the game then writes reads back as exactly what it wrote,
/// its only problems the values it could not read and kept as they came (for a newer build).
pub fn settings(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (settings, _problems) = Settings::from_text(text);
    let written = settings.to_text();
    let (again, problems) = Settings::from_text(&written);
    assert_eq!(
        problems.len(),
        again.unread_values.len(),
        "the game's own settings text has problems {problems:?}:\n{written}"
    );
    for (line, _) in &again.unread_values {
        assert!(
            settings.unread_values.iter().any(|(kept, _)| kept == line),
            "`{line}` was not in the file read:\n{written}"
        );
    }
    assert_eq!(
        again.to_text(),
        written,
        "written settings read back differently"
    );
}
