#![no_main]
//! See src/game_targets.rs. Needs the `game` feature: `cargo +nightly fuzz run -O -a
//! --features game settings`.

#[path = "../src/game_targets.rs"]
mod game_targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| game_targets::settings(data));
