//! The settings file's fuzz corpus (`fuzz/corpus/settings/`) replayed on stable through the
//! same code the fuzz target runs, so a case that once failed stays fixed.

#[path = "../../fuzz/src/game_targets.rs"]
mod game_targets;
#[path = "../../fuzz/src/replay.rs"]
mod replay;

#[test]
fn the_settings_corpus() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    replay::replay(&corpus, "settings", game_targets::settings);
}
