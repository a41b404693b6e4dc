#![no_main]
//! See src/targets.rs. One session for the whole run: making one allocates the search's
//! tables, far slower than the commands themselves.

#[path = "../src/targets.rs"]
#[allow(dead_code)] // each target uses one of the functions
mod targets;

use std::sync::Mutex;

static SESSION: Mutex<Option<reversi_engine::nboard::Session>> = Mutex::new(None);

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut session = SESSION.lock().unwrap_or_else(|e| e.into_inner());
    targets::nboard(
        data,
        session.get_or_insert_with(reversi_engine::nboard::Session::new),
    );
});
