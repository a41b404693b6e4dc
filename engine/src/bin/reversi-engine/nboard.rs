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
    /// Stops the search, waits for its answer (its best move so far) and takes the session
    /// back; after a failed search, `fresh` (the engine's settings, a new game).
    fn finish(self, fresh: impl FnOnce() -> Session) -> Session {
        self.stop.store(true, Ordering::Relaxed);
        self.handle.join().unwrap_or_else(|_| {
            println!("status error: the search failed; the engine starts over");
            fresh()
        })
    }
}

/// The longest line the engine reads: a whole game in GGF is a few kilobytes. Longer lines
/// are skipped (with an error), so garbage on the pipe cannot make the engine's memory grow.
pub(crate) const MAX_LINE: usize = 64 * 1024;

/// One line from the GUI, as far as the pipe is concerned.
#[derive(Debug, PartialEq)]
pub(crate) enum Input {
    Line(String),
    /// A line longer than [`MAX_LINE`], of this many bytes, skipped unread.
    TooLong(usize),
    /// A line that is not UTF-8 text.
    NotText,
}

impl Input {
    /// The error line for input that is not a command line at all.
    fn complaint(&self) -> Option<String> {
        match self {
            Input::Line(_) => None,
            Input::TooLong(n) => Some(format!(
                "status error: a line of {n} bytes is longer than any command ({MAX_LINE} at most); skipped"
            )),
            Input::NotText => Some("status error: a line that is not UTF-8 text; skipped".into()),
        }
    }
}

/// Reads the next line (without its `\n` or `\r\n`) keeping at most [`MAX_LINE`] bytes in
/// memory; `None` at the end of the input.
pub(crate) fn next_line(
    reader: &mut impl BufRead,
    buf: &mut Vec<u8>,
) -> std::io::Result<Option<Input>> {
    buf.clear();
    let mut skipped = 0usize;
    let mut seen_any = false;
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            if !seen_any {
                return Ok(None);
            }
            break;
        }
        seen_any = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..newline.unwrap_or(chunk.len())];
        if skipped == 0 && buf.len() + part.len() <= MAX_LINE {
            buf.extend_from_slice(part);
        } else {
            skipped += buf.len() + part.len();
            buf.clear();
        }
        let used = newline.map_or(chunk.len(), |i| i + 1);
        reader.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if skipped > 0 {
        return Ok(Some(Input::TooLong(skipped)));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(match std::str::from_utf8(buf) {
        Ok(text) => Input::Line(text.to_string()),
        Err(_) => Input::NotText,
    }))
}

/// The NBoard protocol: a thread reads stdin, this loop answers, and `go`/`hint` search on a
/// thread of their own until they finish or the next command (any) stops them.
pub fn run(args: &[String]) -> ExitCode {
    let mut threads = 1;
    let mut book = true;
    let mut rest = args;
    while !rest.is_empty() {
        match rest {
            [flag, n, more @ ..] if flag == "--threads" => match crate::thread_count(n) {
                Some(n) => (threads, rest) = (n, more),
                None => return crate::fail(crate::THREADS_WANTED),
            },
            [flag, more @ ..] if flag == "--no-book" => (book, rest) = (false, more),
            other => return crate::fail(format!("nboard does not take `{}`", other.join(" "))),
        }
    }
    // Bounded, so a flood of input waits on the pipe rather than in memory.
    let (lines, commands) = mpsc::sync_channel::<Input>(64);
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        let mut buf = Vec::new();
        while let Ok(Some(input)) = next_line(&mut stdin, &mut buf) {
            if lines.send(input).is_err() {
                break;
            }
        }
    });
    // The session is with the search thread while one runs, here otherwise.
    let fresh = || {
        let session = Session::new().with_threads(threads);
        if book {
            session
        } else {
            session.without_book()
        }
    };
    let mut session = Some(fresh());
    let mut running: Option<Running> = None;
    for input in commands {
        let line = match input {
            Input::Line(line) => line,
            other => {
                println!("{}", other.complaint().unwrap_or_default());
                continue;
            }
        };
        let command = match parse_command(&line) {
            Ok(Some(command)) => command,
            Ok(None) => continue,
            Err(e) => {
                println!("{}", e.reply());
                continue;
            }
        };
        if let Some(search) = running.take() {
            // Any command stops the search (it still answers with its best so far): a new
            // `go` or `hint` replaces it, and `ping`, `quit` and a new position never wait
            // on one that could run for hours.
            session = Some(search.finish(fresh));
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
        search.finish(fresh);
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8]) -> Vec<Input> {
        // A small buffer, so lines cross the reader's refills as they do on a pipe.
        let mut reader = std::io::BufReader::with_capacity(7, bytes);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        while let Some(input) = next_line(&mut reader, &mut buf).unwrap() {
            out.push(input);
        }
        assert!(buf.capacity() <= MAX_LINE + 64, "memory stays bounded");
        out
    }

    #[test]
    fn lines_long_lines_and_bytes_that_are_not_text() {
        let mut input = b"ping 1\r\nnboard 2\n\xff\xfe garbage\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE));
        input.extend(b"\nping 2");
        assert_eq!(
            all(&input),
            vec![
                Input::Line("ping 1".into()),
                Input::Line("nboard 2".into()),
                Input::NotText,
                Input::TooLong(3 * MAX_LINE),
                Input::Line("ping 2".into()),
            ]
        );
        assert_eq!(all(b""), vec![]);
        assert_eq!(all(b"\n"), vec![Input::Line(String::new())]);
        let exactly = vec![b'y'; MAX_LINE];
        assert_eq!(all(&exactly), vec![Input::Line("y".repeat(MAX_LINE))]);
    }
}
