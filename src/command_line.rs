//! The desktop command line: `--help` and `--version` answer and exit before any window
//! opens; `--bench-frames[=N]` and `--quality=…` are read by `bench_frames`; anything else is
//! refused with a clear message rather than silently ignored.

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Open the game (with the benchmark options, if any, left for `bench_frames`).
    Play,
    /// Print this text and exit successfully.
    Print(String),
    /// Print this complaint and exit with an error.
    Refuse(String),
}

/// The game's name and version, from Cargo.toml.
pub fn version() -> String {
    format!("reversi {}", env!("CARGO_PKG_VERSION"))
}

fn help() -> String {
    format!(
        "{}\nReversi (Othello) in 3D.\n\n\
         Usage: reversi [OPTIONS]\n\n\
         Options:\n  \
         --help               print this help and exit\n  \
         --version            print the version and exit\n  \
         --bench-frames[=N]   measure frame times over N frames (240 by default) in\n                       \
         computer-vs-computer games, print them and exit\n  \
         --quality=PRESET     with --bench-frames: the graphics preset to measure\n                       \
         (high, medium or low; the automatic one otherwise)\n",
        version()
    )
}

/// Reads the arguments after the program's name.
pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Command {
    let (mut bench, mut quality) = (false, false);
    for arg in args {
        match arg.as_str() {
            "--help" | "-h" => return Command::Print(help()),
            "--version" | "-V" => return Command::Print(version()),
            a if a == "--bench-frames"
                || a.strip_prefix("--bench-frames=")
                    .is_some_and(|n| n.parse::<usize>().is_ok()) =>
            {
                bench = true;
            }
            "--quality=high" | "--quality=medium" | "--quality=low" => quality = true,
            other => {
                return Command::Refuse(format!(
                    "reversi: unknown option `{other}` (try `reversi --help`)"
                ));
            }
        }
    }
    // The preset is the benchmark's: the game itself takes it from its settings.
    if quality && !bench {
        return Command::Refuse(
            "reversi: --quality goes with --bench-frames (the game's own graphics setting is \
             in Settings)"
                .into(),
        );
    }
    Command::Play
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Command {
        parse(a.iter().map(|s| s.to_string()))
    }

    #[test]
    fn help_version_and_the_benchmark_options() {
        assert_eq!(args(&[]), Command::Play);
        assert_eq!(
            args(&["--version"]),
            Command::Print(format!("reversi {}", env!("CARGO_PKG_VERSION")))
        );
        let Command::Print(help) = args(&["--help"]) else {
            panic!("help prints")
        };
        for option in ["--bench-frames", "--quality", "--version"] {
            assert!(help.contains(option), "{option} is listed");
        }
        assert_eq!(args(&["--bench-frames=30", "--quality=low"]), Command::Play);
        assert_eq!(args(&["--bench-frames"]), Command::Play);
        assert!(
            matches!(args(&["--quality=low"]), Command::Refuse(m) if m.contains("--bench-frames"))
        );
        for bad in [
            "--bench-frames=many",
            "--quality=ultra",
            "--fullscreen",
            "game.ggf",
        ] {
            assert!(
                matches!(args(&[bad]), Command::Refuse(m) if m.contains(bad)),
                "{bad}"
            );
        }
    }
}
