#!/usr/bin/env bash
# Runs cargo-deny (pinned below) with the given arguments, installing it first when missing:
# built from crates.io with its own lock file into ~/.cache/reversi-tools (a few minutes,
# once). CI runs `check licenses` only; the advisory check needs the network:
#   bash scripts/cargo_deny.sh check advisories
set -euo pipefail
source "$(dirname "$0")/env.sh"
version=0.20.2
tools="${REVERSI_TOOLS:-$HOME/.cache/reversi-tools}"
deny="$tools/bin/cargo-deny"
if ! { [ -x "$deny" ] && "$deny" --version 2>/dev/null | grep -q " $version\$"; }; then
  echo "cargo_deny: installing cargo-deny $version into $tools" >&2
  cargo install --locked --quiet "cargo-deny@$version" --root "$tools" --target-dir "$tools/build"
  rm -rf "$tools/build"
fi
cd "$ROOT"
exec "$deny" deny "$@"
