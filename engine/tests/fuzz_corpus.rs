//! Every input the fuzzers found worth keeping (`fuzz/corpus/<target>/`, from `cargo +nightly
//! fuzz run <target>`) replayed on the stable toolchain through the same code the fuzz targets
//! run, so a case that once crashed stays fixed.

#[path = "../../fuzz/src/targets.rs"]
mod targets;

use std::path::Path;

fn replay(target: &str, mut run: impl FnMut(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    inputs.sort();
    for input in &inputs {
        let data = std::fs::read(input).unwrap();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&data)));
        assert!(outcome.is_ok(), "{} panics", input.display());
    }
    assert!(!inputs.is_empty(), "no corpus in {}", dir.display());
    inputs.len()
}

#[test]
fn the_ggf_corpus() {
    replay("ggf", targets::ggf);
}

#[test]
fn the_game_text_corpus() {
    replay("game_text", targets::game_text);
}

#[test]
fn the_nboard_corpus() {
    let mut session = reversi_engine::nboard::Session::new();
    replay("nboard", |data| targets::nboard(data, &mut session));
}
