//! Every input the fuzzers found worth keeping (`fuzz/corpus/<target>/`, from `cargo +nightly
//! fuzz run <target>`) replayed on the stable toolchain through the same code the fuzz targets
//! run, so a case that once crashed stays fixed.

#[path = "../../fuzz/src/targets.rs"]
mod targets;

#[path = "../../fuzz/src/replay.rs"]
mod replay;

fn replay(target: &str, run: impl FnMut(&[u8])) -> usize {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus");
    replay::replay(&corpus, target, run)
}

#[test]
fn the_ggf_corpus() {
    replay("ggf", targets::ggf);
}

#[test]
fn the_game_text_corpus() {
    replay("game_text", targets::game_text);
}

#[test]
fn the_nboard_corpus() {
    let mut session = reversi_engine::nboard::Session::new();
    replay("nboard", |data| targets::nboard(data, &mut session));
}

#[test]
fn the_worker_corpus() {
    replay("worker", targets::worker);
}

#[test]
fn the_weights_corpus() {
    replay("weights", targets::weights);
}

#[test]
fn the_book_corpus() {
    replay("book", targets::book);
}
