#!/usr/bin/env bash
# Installs what is missing, builds the game and starts it. The first build takes a while
# (Bevy); later starts are quick. REVERSI_PROFILE=release for the fastest game (slower build).
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash "$ROOT/scripts/setup.sh"
cd "$ROOT"
exec cargo run --profile "$REVERSI_PROFILE" --bin reversi -- "$@"
