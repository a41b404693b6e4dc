# Shared settings for the project's scripts (sourced, not run).
# Builds go to one target directory outside the clone, so CI, the tests and the play script
# reuse each other's work: set CARGO_TARGET_DIR yourself to share it with your own builds.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/reversi-target}"
# The profile the test and play scripts build with (see Cargo.toml: cheap to build, smooth to play).
export REVERSI_PROFILE="${REVERSI_PROFILE:-ci}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT
step() { printf '\n==> %s\n' "$*"; }
