//! The engine's search for the browser: `web/ai-worker.js` loads this module in a Web Worker
//! and answers the game's requests with [`think`]. The page's own thread never searches, so
//! the game keeps drawing frames while the strongest level thinks for seconds.
//!
//! A request cannot be stopped from outside while it runs (the worker is busy); the page
//! ends a stale search by terminating the worker and starting a fresh one.

use std::sync::atomic::AtomicBool;

use reversi_engine::search::PatternEval;
use reversi_engine::search::remote::answer_line;
use wasm_bindgen::prelude::*;

/// Installs the trained evaluation weights (the bytes of `eval.bin`, which the web build
/// keeps as a file of its own so that a visit downloads them once). Until then, and if they
/// are refused, the search uses the hand-written evaluation: weaker, but it plays.
#[wasm_bindgen(js_name = setWeights)]
pub fn set_weights(bytes: &[u8]) -> Result<(), String> {
    PatternEval::install(bytes).map_err(|why| why.to_string())
}

/// Answers one request line (`think player=… opponent=… level=… scoring=… seed=…` or a
/// study request, `score …`) with one reply line (`move f5`, `move pass`, `scores …`,
/// `failed …` where a search gave up, or `error …`); see `reversi_engine::search::remote`.
#[wasm_bindgen]
pub fn think(request: &str) -> String {
    let started = js_sys::Date::now();
    let clock = move || (js_sys::Date::now() - started).max(0.0) as u64;
    answer_line(request, &AtomicBool::new(false), &clock)
}
