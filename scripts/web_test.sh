#!/usr/bin/env bash
# Builds the web version (scripts/build-web.sh), checks that its AI's engine answers as the
# desktop engine does (web/test/engine_test.mjs, in Node) and plays it in headless Chromium
# (web/test/browser_test.mjs): a move on the canvas, the computer's reply, links, saved
# settings, games saved by name, and frame times while the strongest level thinks. Screenshots go to
# $SCREENSHOT_DIR (default screenshots/).
# WEB_PROFILE picks the cargo profile (default: $REVERSI_PROFILE, i.e. `ci`, quick to build).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
# Options after the script's name go to build-web.sh (e.g. --toolchain NAME).
bash scripts/build-web.sh --profile "${WEB_PROFILE:-$REVERSI_PROFILE}" "$@"

step "the browser's engine against the desktop's (the same requests, the same replies)"
cargo build --locked -q -p reversi-engine --bin reversi-engine --profile "$REVERSI_PROFILE"
node web/test/engine_test.mjs --dist "$ROOT/dist" --positions "$ROOT/../shared/data/ffo.txt" \
  --native "$CARGO_TARGET_DIR/$REVERSI_PROFILE/reversi-engine"

step "the web build in headless Chromium"
cd web/test
npm ci --no-audit --no-fund --loglevel=error
node browser_test.mjs --dist "$ROOT/dist" --out "${SCREENSHOT_DIR:-$ROOT/screenshots}" \
  --positions "$ROOT/../shared/data/ffo.txt"
