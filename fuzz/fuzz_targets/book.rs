#![no_main]
//! See src/targets.rs.

#[path = "../src/targets.rs"]
#[allow(dead_code)] // each target uses one of the functions
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::book(data));
