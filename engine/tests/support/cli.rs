//! The engine's command line as a user runs it, for the tests that check its output.

use std::process::Command;

/// Runs `reversi-engine` with `args`: its exit status, standard output and standard error.
pub fn engine(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .output()
        .expect("the engine binary starts");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
