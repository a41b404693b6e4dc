//! `reversi-engine nboard` driven through its pipes, as an Othello GUI drives it: answers,
//! malformed lines, and `ping` stopping a search that would otherwise run for hours.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
            .arg("nboard")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine binary starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("the pipe is open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`, within `secs`.
    fn until(&mut self, prefix: &str, secs: u64) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => panic!("no `{prefix}` line within {secs} s; got {seen:?}"),
            }
        }
    }
}

impl Engine {
    /// Sends `ping ID` during a search: the pong comes within two seconds, after the stopped
    /// search's best move so far, which is returned (`D3`).
    fn ping_stops_the_search(&mut self, id: u32) -> String {
        let asked = Instant::now();
        self.send(&format!("ping {id}"));
        let reply = self.until("pong", 10);
        assert!(
            asked.elapsed() < Duration::from_secs(2),
            "took {:?}",
            asked.elapsed()
        );
        assert_eq!(reply.last().unwrap(), &format!("pong {id}"));
        let mv = reply
            .iter()
            .find(|l| l.starts_with("==="))
            .unwrap_or_else(|| panic!("a move before the pong: {reply:?}"));
        mv.split_whitespace().nth(1).unwrap().to_string()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const GAME: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[a]PW[b]RE[?]TI[15:00]\
TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

#[test]
fn a_gui_session() {
    let mut engine = Engine::start();
    engine.send("nboard 2");
    assert_eq!(engine.until("set myname", 10), ["set myname Reversi"]);
    engine.send("set depth 6");
    engine.send(&format!("set game {GAME}"));
    engine.send("ping 1");
    assert_eq!(engine.until("pong", 10), ["pong 1"]);

    // go: a legal move for black after f5f6d3c5e6f7e7f4, and the board stays.
    engine.send("go");
    let reply = engine.until("===", 30);
    let answer = reply.last().unwrap();
    let mv = answer
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_ascii_lowercase();
    let mut game = reversi_engine::Game::new(reversi_engine::Rules::default());
    game.play_transcript("f5f6d3c5e6f7e7f4").unwrap();
    game.play_transcript(&mv)
        .expect("the engine's move is legal");
    assert!(
        reply.iter().any(|l| l.starts_with("nodestats ")),
        "{reply:?}"
    );

    // hint 3: three scored moves, best first.
    engine.send("hint 3");
    engine.until("status thinking", 10);
    let hint = engine.until("status", 30);
    let hint: Vec<&String> = hint.iter().filter(|l| l.starts_with("search")).collect();
    assert_eq!(hint.len(), 3, "{hint:?}");
    let evals: Vec<f64> = hint
        .iter()
        .map(|l| l.split_whitespace().nth(2).unwrap().parse().unwrap())
        .collect();
    assert!(evals.windows(2).all(|w| w[0] >= w[1]), "{hint:?}");

    // Malformed and illegal lines get an error and the engine keeps going.
    engine.send("fly to the moon");
    assert_eq!(
        engine.until("status error", 10),
        ["status error: unknown command `fly`"]
    );
    engine.send("move A1");
    assert_eq!(
        engine.until("status error", 10),
        ["status error: move 9 (a1) is illegal: it flanks no opponent disc"]
    );
    engine.send("set game (;GM[Othello]B[F5]B[F4];)");
    let err = engine.until("status error", 10);
    assert!(err[0].contains("move 2"), "{err:?}");
    engine.send(&format!("move {}/0.5/1.0", mv.to_ascii_uppercase()));
    engine.send("ping 2");
    assert_eq!(engine.until("pong", 10), ["pong 2"]);
    engine.send("go");
    let reply = engine.until("===", 30);
    let white = reply.last().unwrap().split_whitespace().nth(1).unwrap();
    game.play_transcript(&white.to_ascii_lowercase())
        .expect("white's move is legal after the move was sent");
    engine.send("quit");
    let status = engine.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn ping_stops_a_search_at_once() {
    let mut engine = Engine::start();
    engine.send("nboard 2");
    engine.send("set depth 60");
    engine.send("set game (;GM[Othello]TY[8];)");
    engine.send("go");
    engine.until("status thinking", 10);
    std::thread::sleep(Duration::from_millis(300));
    // The interrupted search still names its best move so far, before the pong.
    let mv = engine.ping_stops_the_search(9);
    assert!(["D3", "C4", "F5", "E6"].contains(&mv.as_str()), "{mv}");
}

#[test]
fn a_new_go_or_hint_replaces_a_running_search_and_ping_never_waits() {
    use reversi_engine::{Position, Rules};
    let mut engine = Engine::start();
    engine.send("nboard 2");
    engine.send("set depth 60");
    engine.send("set game (;GM[Othello]TY[8];)");
    // An unusual line (the first legal square each time), far out of the book.
    let mut pos = Position::new(Rules::default());
    for _ in 0..24 {
        let mv = pos.legal_moves()[0];
        engine.send(&format!("move {mv}"));
        pos = pos.play(mv).unwrap().0;
    }
    engine.send("hint 3");
    engine.until("status thinking", 10);
    std::thread::sleep(Duration::from_millis(300));
    // `go` stops the hint (which would run for hours) and searches; `ping` stops that.
    engine.send("go");
    engine.until("status thinking", 10);
    std::thread::sleep(Duration::from_millis(300));
    let square = engine.ping_stops_the_search(4).to_ascii_lowercase();
    let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert!(legal.contains(&square), "{square} (legal: {legal:?})");
}

#[test]
fn closing_the_pipe_ends_the_engine() {
    let mut engine = Engine::start();
    engine.send("nboard 2");
    engine.send("set depth 60");
    engine.send("go");
    engine.until("status thinking", 10);
    // Dropping stdin closes the pipe: the engine stops its search and exits by itself.
    engine.stdin = None;
    let child = &mut engine.child;
    let deadline = Instant::now() + Duration::from_secs(5);
    while child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "the engine kept running");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The process's peak resident memory so far, in KiB (Linux's /proc; elsewhere `None`).
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// 100 MB of garbage: lines of random bytes that are not UTF-8, lines of printable junk that
/// are no command, then a single line of 10 MB. Each gets an error, the session goes on, and
/// the engine's memory does not grow with what it was fed.
#[test]
fn garbage_and_a_ten_megabyte_line_get_errors_and_memory_stays_bounded() {
    const GARBAGE: usize = 100 << 20;
    const HUGE: usize = 10 << 20;
    let mut engine = Engine::start();
    engine.send("nboard 2");
    engine.until("set myname", 10);
    engine.send("ping 1");
    engine.until("pong", 10);
    let pid = engine.child.id();
    let before = peak_kib(pid);

    let mut stdin = engine.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut written = 0;
        let mut lines = 0usize;
        let mut chunk = Vec::with_capacity(1 << 16);
        while written < GARBAGE {
            chunk.clear();
            while chunk.len() < (1 << 16) {
                let len = (next() % 500) as usize;
                if lines.is_multiple_of(2) {
                    // Starts with a byte no UTF-8 text starts with; no newline inside.
                    chunk.push(0xff);
                    chunk.extend((0..len).map(|_| (next() as u8) | 0x80));
                } else {
                    chunk.push(b'z');
                    chunk.extend((0..len).map(|_| b' ' + (next() % 95) as u8));
                }
                chunk.push(b'\n');
                lines += 1;
            }
            stdin.write_all(&chunk).unwrap();
            written += chunk.len();
        }
        stdin.write_all(b"set game ").unwrap();
        stdin.write_all(&vec![b'x'; HUGE - 9]).unwrap();
        stdin.write_all(b"\nping 2\n").unwrap();
        stdin.flush().unwrap();
        (stdin, lines)
    });

    let (mut not_text, mut junk, mut too_long) = (0usize, 0usize, Vec::new());
    loop {
        let line = engine
            .lines
            .recv_timeout(Duration::from_secs(300))
            .expect("the engine keeps answering");
        if line == "pong 2" {
            break;
        }
        assert!(line.starts_with("status error: "), "{line}");
        if line.contains("not UTF-8") {
            not_text += 1;
        } else if line.contains("longer than any command") {
            too_long.push(line);
        } else {
            junk += 1;
        }
    }
    let (stdin, lines) = writer.join().unwrap();
    engine.stdin = Some(stdin);
    assert_eq!(not_text + junk, lines, "one error for every garbage line");
    assert_eq!(
        too_long,
        [format!(
            "status error: a line of {HUGE} bytes is longer than any command (65536 at most); skipped"
        )]
    );
    // Still a working engine.
    engine.send(&format!("set game {GAME}"));
    engine.send("ping 3");
    assert_eq!(engine.until("pong", 10), ["pong 3"]);
    if let (Some(before), Some(after)) = (before, peak_kib(pid)) {
        eprintln!("peak memory: {before} KiB before, {after} KiB after");
        assert!(
            after < before + 16 * 1024,
            "peak memory grew from {before} KiB to {after} KiB on 110 MB of input"
        );
    }
}

/// `nboard --threads N` takes 1 to 64 threads, `--no-book` leaves the opening book out, and
/// anything else is refused before the session.
#[test]
fn the_thread_count_is_checked() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("the engine binary starts")
    };
    for bad in [["nboard", "--threads", "0"], ["nboard", "--threads", "x"]] {
        let out = run(&bad);
        assert!(!out.status.success(), "{bad:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("--threads needs a number"),
            "{bad:?}"
        );
    }
    // Two threads: the session runs (here it ends at once: no input).
    assert!(run(&["nboard", "--threads", "2"]).status.success());
    // Without the book, in either order with the threads; anything else is refused.
    assert!(run(&["nboard", "--no-book"]).status.success());
    assert!(
        run(&["nboard", "--no-book", "--threads", "2"])
            .status
            .success()
    );
    assert!(
        run(&["nboard", "--threads", "2", "--no-book"])
            .status
            .success()
    );
    assert!(!run(&["nboard", "--no-book", "--book"]).status.success());
}
