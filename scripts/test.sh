#!/usr/bin/env bash
# Runs every check, cheapest first: formatting, lints, the engine's tests, the game's headless
# ECS tests and soak, the real window under Xvfb (screenshots checked by pixel), faults on the
# real game (killed while saving, full and read-only data folders), installing it (cargo
# install, the release package, licences), and the web build played in headless Chromium.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
started=$SECONDS
lap() { echo "    ($(( SECONDS - started )) s so far)"; }

step "system packages"
bash scripts/setup.sh

step "cargo fmt --check"
cargo fmt --all --check

step "the modules' layers (no import circles, imports only downwards)"
python3 scripts/check_layers.py --self-test

step "cargo clippy --all-targets -- -D warnings"
cargo clippy --workspace --all-targets --profile "$REVERSI_PROFILE" -- -D warnings
lap

step "engine tests"
cargo test -p reversi-engine --profile "$REVERSI_PROFILE"
# The web build's engine: without the built-in weights, which its AI worker installs.
cargo test -p reversi-engine --profile "$REVERSI_PROFILE" --no-default-features --lib
# The web build's last step (functions sorted by name before compression).
cargo test -p wasm-order --profile "$REVERSI_PROFILE"
lap

step "game tests (headless ECS, and a 200-game soak)"
cargo test -p reversi --profile "$REVERSI_PROFILE"
lap

step "the real window under Xvfb"
cargo build -p reversi --bin reversi --profile "$REVERSI_PROFILE"
python3 scripts/window_test.py --binary "$CARGO_TARGET_DIR/$REVERSI_PROFILE/reversi" --out "${SCREENSHOT_DIR:-$ROOT/screenshots}"
lap

step "faults under Xvfb: SIGKILL during autosave (10 times; 100 by hand), full and read-only data folders"
python3 scripts/fault_test.py --binary "$CARGO_TARGET_DIR/$REVERSI_PROFILE/reversi" --kills 10 --out "${SCREENSHOT_DIR:-$ROOT/screenshots}"
lap

step "installing: cargo install, the release package and its install.sh, licences"
bash scripts/package_test.sh
lap

step "cargo clippy for wasm32 (the browser-only code) -- -D warnings"
toolchain=$(wasm_toolchain)
cargo +"$toolchain" clippy -p reversi -p reversi-engine-worker --target wasm32-unknown-unknown \
  --profile "$REVERSI_PROFILE" -- -D warnings
lap

step "the web build (wasm32) in headless Chromium"
bash scripts/web_test.sh --toolchain "$toolchain"
lap
echo
echo "all checks passed in $(( SECONDS - started )) s"
