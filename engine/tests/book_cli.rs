//! `reversi-engine book` as a user runs it: a build grows its file batch by batch and a second
//! run resumes it (with the same settings only), `show` reads the book along a line, and a
//! damaged file or a bad option is an error with a message, never a panic.

use reversi_engine::Board;
use reversi_engine::book::Book;

#[path = "support/cli.rs"]
mod cli;
use cli::engine;

fn temp_book(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("reversi-book-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path.to_string_lossy().into_owned()
}

#[test]
fn a_build_resumes_and_show_reads_it() {
    let file = temp_book("small.bin");
    let build = |file: &str, positions: &str| {
        engine(&[
            "book",
            "build",
            file,
            "--positions",
            positions,
            "--depth",
            "3",
            "--exact",
            "0",
            "--batch",
            "3",
            "--threads",
            "2",
        ])
    };
    let read = |file: &str| Book::from_bytes(&std::fs::read(file).unwrap()).expect("a whole book");
    let (code, out, err) = build(&file, "5");
    assert_eq!(code, 0, "{err}");
    let first = read(&file).positions();
    // Whole batches of 3 (fewer while the book has fewer leaves): 5 to 7 positions.
    assert!((5..8).contains(&first), "{first} positions: {out}");
    assert!(out.contains(&format!("{first} positions")), "{out}");
    // Resumed: grows from where it stopped, to the same book as one run to that size.
    let (code, out, err) = build(&file, "12");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!(": {first} positions")),
        "resumed: {out}"
    );
    let grown = read(&file);
    assert!(grown.positions() >= 12);
    assert_eq!(
        grown.value(&Board::start()),
        grown.moves(&Board::start()).map(|m| m[0].1)
    );
    let straight = temp_book("straight.bin");
    assert_eq!(build(&straight, "12").0, 0);
    assert_eq!(
        std::fs::read(&straight).unwrap(),
        std::fs::read(&file).unwrap()
    );
    // Other settings would mix two kinds of leaves: refused.
    let (code, _, err) = engine(&["book", "build", &file, "--positions", "12", "--depth", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("--depth 3"), "{err}");
    // `show` lists every move of a position in the book, best first.
    let (code, out, err) = engine(&["book", "show", "--file", &file]);
    assert_eq!(code, 0, "{err}");
    let line = out.lines().last().unwrap();
    assert_eq!(line.split("  ").count(), 4, "the four first moves: {out}");
    let (code, out, _) = engine(&["book", "show", "--file", &file, "f5d6c3d3c4f4f6f3e6e7"]);
    assert_eq!(code, 0);
    assert!(out.contains("not in the book"), "{out}");
}

#[test]
fn the_builtin_book_is_shown_and_bad_input_is_refused() {
    let (code, out, err) = engine(&["book", "show", "f5"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("leaves searched"), "{out}");
    // White's three replies to f5 (d6, f6, f4) are all in the book.
    assert_eq!(out.lines().last().unwrap().split("  ").count(), 3, "{out}");

    let damaged = temp_book("damaged.bin");
    let mut bytes = Book::builtin().to_bytes();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&damaged, &bytes).unwrap();
    for args in [
        &["book", "show", "--file", damaged.as_str()][..],
        &[
            "book",
            "build",
            damaged.as_str(),
            "--depth",
            "18",
            "--exact",
            "26",
        ],
        &["book", "show", "z9"],
        &["book", "build"],
        &["book", "build", "/tmp/x.bin", "--depth", "99"],
        &["book", "build", "/tmp/x.bin", "--colour", "red"],
        &["book"],
    ] {
        let (code, out, err) = engine(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(!err.is_empty(), "{args:?}");
    }
    assert_eq!(
        std::fs::read(&damaged).unwrap(),
        bytes,
        "a refused file is left alone"
    );
}
