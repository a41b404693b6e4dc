//! `reversi-engine nboard`: the NBoard protocol on stdin/stdout. The protocol itself is in
//! the library (`reversi_engine::nboard`); this is the pipe, the threads and the clock.

use crate::Stopwatch;
use reversi_engine::nboard::{Command, Session, parse_command};
use std::io::BufRead;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;

/// A search running on its own thread, so commands (above all `ping`) are read meanwhile.
struct Running {
    handle: JoinHandle<Session>,
    stop: Arc<AtomicBool>,
}

impl Running {
    /// Waits for the search (stopping it first if `stop`) and takes the session back.
    fn finish(self, stop: bool) -> Session {
        if stop {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.handle.join().unwrap_or_else(|_| {
            println!("status error: the search failed; the engine starts over");
            Session::new()
        })
    }
}

/// The NBoard protocol: a thread reads stdin, this loop answers, and `go`/`hint` search on a
/// thread of their own until they finish or the next command stops them.
pub fn run() -> ExitCode {
    let (lines, commands) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    // The session is with the search thread while one runs, here otherwise.
    let mut session = Some(Session::new());
    let mut running: Option<Running> = None;
    for line in commands {
        let command = match parse_command(&line) {
            Ok(Some(command)) => command,
            Ok(None) => continue,
            Err(e) => {
                println!("{}", e.reply());
                continue;
            }
        };
        if let Some(search) = running.take() {
            // A new search waits for the last; anything else (ping, a new position) stops it.
            let stop = !matches!(command, Command::Go | Command::Hint(_));
            session = Some(search.finish(stop));
        }
        match command {
            Command::Quit => return ExitCode::SUCCESS,
            Command::Go | Command::Hint(_) => {
                let stop = Arc::new(AtomicBool::new(false));
                let flag = Arc::clone(&stop);
                let mut s = session.take().expect("no search is running");
                let handle = std::thread::spawn(move || {
                    println!("status thinking");
                    let clock = Stopwatch::start();
                    let reply = match command {
                        Command::Hint(n) => s.hint(n, &flag, &clock),
                        _ => s.go(&flag, &clock),
                    };
                    for line in reply {
                        println!("{line}");
                    }
                    s
                });
                running = Some(Running { handle, stop });
            }
            other => match session
                .as_mut()
                .expect("no search is running")
                .apply(&other)
            {
                Ok(reply) => reply.iter().for_each(|line| println!("{line}")),
                Err(e) => println!("{}", e.reply()),
            },
        }
    }
    // The GUI closed the pipe: stop thinking and leave.
    if let Some(search) = running {
        search.finish(true);
    }
    ExitCode::SUCCESS
}
