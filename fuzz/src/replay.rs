//! Replays a fuzz target's kept inputs on the stable toolchain: the engine's and the game's
//! `fuzz_corpus` tests include this file, so CI keeps every case the fuzzers found.

use std::path::Path;

/// Runs every input in `corpus/<target>/` through `run`; a panic names the input. Returns how
/// many there were (at least one, or the corpus is missing).
pub fn replay(corpus: &Path, target: &str, mut run: impl FnMut(&[u8])) -> usize {
    let dir = corpus.join(target);
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
