# Shared settings for the project's scripts (sourced, not run).
# Builds go to one target directory outside the clone, so CI, the tests and the play script
# reuse each other's work: set CARGO_TARGET_DIR yourself to share it with your own builds.
# One clone per target directory: cargo notes a package's files relative to the package, so a
# build made in another clone after your last edit passes for fresh and is not rebuilt.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/reversi-target}"
# The profile the test and play scripts build with (see Cargo.toml: cheap to build, smooth to play).
export REVERSI_PROFILE="${REVERSI_PROFILE:-ci}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT
step() { printf '\n==> %s\n' "$*"; }

# Prints a rustup toolchain that has the wasm32-unknown-unknown target: $WASM_TOOLCHAIN if
# set, else the active one if it has it, else any installed one that has it, else the one
# ../shared/tools/wasm-toolchain.sh installs on this project's machines, else the active one
# after `rustup target add` (which needs the network).
# Whether toolchain $1's rustc is at least the workspace's rust-version (Cargo.toml): an
# older one with the wasm32 target would only fail the build.
new_enough() {
  local have need
  have=$(rustup run "$1" rustc --version 2>/dev/null | cut -d' ' -f2 | cut -d- -f1)
  need=$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' "$ROOT/Cargo.toml" | head -1)
  [ -n "$have" ] && [ "$(printf '%s\n%s\n' "$need" "$have" | sort -V | head -1)" = "$need" ]
}

wasm_toolchain() {
  local t
  if [ -n "${WASM_TOOLCHAIN:-}" ]; then
    echo "$WASM_TOOLCHAIN"
    return
  fi
  if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown &&
    new_enough "$(rustup show active-toolchain | cut -d' ' -f1)"; then
    rustup show active-toolchain | cut -d' ' -f1
    return
  fi
  for t in $(rustup toolchain list 2>/dev/null | cut -d' ' -f1); do
    if new_enough "$t" &&
      [ -d "$(rustup run "$t" rustc --print sysroot 2>/dev/null)/lib/rustlib/wasm32-unknown-unknown" ]; then
      echo "$t"
      return
    fi
  done
  if [ -f "$ROOT/../shared/tools/wasm-toolchain.sh" ]; then
    bash "$ROOT/../shared/tools/wasm-toolchain.sh"
  elif echo "no toolchain has the wasm32 target: adding it to the active one" >&2 &&
    rustup target add wasm32-unknown-unknown >&2; then
    rustup show active-toolchain | cut -d' ' -f1
  else
    echo "no toolchain has the wasm32 target: run 'rustup target add wasm32-unknown-unknown'" \
      "or set WASM_TOOLCHAIN to one that has it" >&2
    return 1
  fi
}

# The game's version (Cargo.toml) and its application ID (the desktop entry, metainfo, icons
# and the window's class: see packaging/linux/ and src/window.rs), for the package scripts.
APP_ID=io.github.reversi3d.Reversi
game_version() {
  cargo metadata --locked --no-deps --format-version 1 --manifest-path "$ROOT/Cargo.toml" |
    python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "reversi"))'
}
