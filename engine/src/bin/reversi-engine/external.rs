//! An engine in a process of its own, spoken to over the NBoard protocol (docs/nboard.md):
//! another build of this one (the engine as it was when a goal was set, say) or any engine
//! that speaks the protocol. `match` plays it against a search in this process or against a
//! second one, so a result between two builds is measured the way an outside referee would.

use reversi_engine::ggf::Record;
use reversi_engine::notation::parse_move;
use reversi_engine::{Game, Move, Position, Square};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running engine, set to a depth; each move it is given the position and asked with `go`.
pub struct External {
    command: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl External {
    /// Starts `command` (a program and its arguments, split at spaces) at NBoard's `set depth
    /// depth`.
    pub fn start(command: &str, depth: u32) -> Result<External, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("engine= names no command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("engine `{command}`: {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("engine `{command}`: no pipes to it"));
        };
        let mut engine = External {
            command: command.to_string(),
            child,
            input,
            output: BufReader::new(output),
        };
        engine.send(&format!("nboard 2\nset depth {depth}"))?;
        Ok(engine)
    }

    fn send(&mut self, lines: &str) -> Result<(), String> {
        writeln!(self.input, "{lines}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("engine `{}`: {e}", self.command))
    }

    /// The engine's move in `pos` (which has one) and the nodes it says it searched (0 when
    /// it does not say).
    pub fn choose(&mut self, pos: &Position) -> Result<(Square, u64), String> {
        // The position as a game's start with no moves: a search needs nothing of the past.
        let game = Record::new(Game::from_position(*pos)).to_ggf();
        self.send(&format!("set game {game}\ngo"))?;
        let mut nodes = 0;
        let mut line = String::new();
        loop {
            line.clear();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("engine `{}`: {e}", self.command))?;
            if read == 0 {
                return Err(format!("engine `{}` ended without a move", self.command));
            }
            let line = line.trim();
            if let Some(rest) = line.strip_prefix("nodestats ") {
                nodes = rest
                    .split_whitespace()
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(0);
            } else if let Some(rest) = line.strip_prefix("=== ") {
                let written = rest.split_whitespace().next().unwrap_or("");
                let written = written.split('/').next().unwrap_or("");
                return match parse_move(written) {
                    Some(mv @ Move::Place { square, .. }) if pos.legal_moves().contains(&mv) => {
                        Ok((square, nodes))
                    }
                    _ => Err(format!(
                        "engine `{}` answered `{line}`: not a legal move in {}",
                        self.command, game
                    )),
                };
            }
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
