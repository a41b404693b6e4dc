#!/usr/bin/env bash
# Builds the browser version into dist/: the game and the AI's worker for wasm32 (WebGL2),
# their JavaScript bindings from wasm-bindgen, and the page around them. Serve it with
#   python3 -m http.server -d dist 8000      (then open http://localhost:8000)
#
# Options:  --profile NAME    cargo profile (default web-release: optimised for size; CI uses
#                             `ci`, which builds much faster and plays the same)
#           --toolchain NAME  a rustup toolchain with the wasm32-unknown-unknown target
#                             (default: $WASM_TOOLCHAIN, else the first that has it as
#                             scripts/env.sh's wasm_toolchain looks: the active one, any
#                             installed one, this project's installer, rustup target add)
# wasm-bindgen's command-line tool must match the wasm-bindgen crate in Cargo.lock exactly;
# the script installs that version with cargo if it is missing.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

profile=web-release
toolchain=""
while [ $# -gt 0 ]; do
  case "$1" in
    --profile) profile="$2"; shift 2 ;;
    --toolchain) toolchain="$2"; shift 2 ;;
    *) echo "unknown option $1 (see the top of $0)" >&2; exit 2 ;;
  esac
done

step "a toolchain with the wasm32 target"
[ -n "$toolchain" ] || toolchain=$(wasm_toolchain)
echo "using toolchain $toolchain"

step "wasm-bindgen CLI matching Cargo.lock"
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
  echo "Cargo.lock has no wasm-bindgen entry" >&2
  exit 1
fi
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  # --locked first (the tool's own tested dependencies); some registries no longer serve one
  # of them, and then the newest compatible ones are used.
  cargo install wasm-bindgen-cli --version "$version" --locked ||
    cargo install wasm-bindgen-cli --version "$version"
fi
wasm-bindgen --version

step "cargo build --target wasm32-unknown-unknown --profile $profile"
cargo +"$toolchain" build --target wasm32-unknown-unknown --profile "$profile" \
  -p reversi --bin reversi -p reversi-engine-worker --lib
# Cargo builds the dev and test profiles into `debug`, every other into its own name.
case $profile in
  dev | test) profile_dir=debug ;;
  *) profile_dir=$profile ;;
esac
out="$CARGO_TARGET_DIR/wasm32-unknown-unknown/$profile_dir"

step "dist/"
rm -rf dist
mkdir -p dist
# wasm-bindgen keeps the function names here: the next step sorts the functions by them.
slim=()
[ "$profile" = ci ] || slim=(--remove-producers-section)
wasm-bindgen --target web --no-typescript "${slim[@]}" --out-dir dist --out-name reversi \
  "$out/reversi.wasm"
wasm-bindgen --target web --no-typescript "${slim[@]}" --out-dir dist --out-name engine \
  "$out/reversi_engine_worker.wasm"

step "functions in name order (web/wasm-order: the game's module 0.43 MB smaller gzipped)"
# A host tool, built in the quickest profile (it runs in about a second at that speed). Copies
# of one generic function end up side by side, where gzip's 32 KiB window finds them. Function
# names make a crash's stack readable; the size-optimised build drops them (about 40 % of the
# file). No wasm-opt: Debian 12's binaryen (108) breaks wasm-bindgen 0.2.130's output
# ("WebAssembly.Table.set(): Argument 1 is invalid"), and -Oz saved 1 % gzipped here.
cargo build --locked -q -p wasm-order --profile ci
keep=()
[ "$profile" != ci ] || keep=(--keep-names)
for module in dist/reversi_bg.wasm dist/engine_bg.wasm; do
  "$CARGO_TARGET_DIR/ci/wasm-order" "$module" "$module" "${keep[@]}"
done
cp web/index.html web/page.js web/ai-worker.js web/favicon.svg web/manifest.webmanifest dist/
# The page's own words (loading, errors, the tab's title) in every language, from the same
# message files as the game's.
python3 scripts/web_messages.py locales > dist/messages.js
# The engine's trained weights, once: the AI worker installs them (both modules leave them out).
cp engine/assets/eval.bin dist/
mkdir -p dist/icons && cp web/icons/*.png dist/icons/
# The licences of what the two modules are built from, and the game's own: shipped with the
# build, not loaded by the page (so neither kept offline nor counted in a visit below).
python3 scripts/third_party_licenses.py dist/THIRD-PARTY-LICENSES.txt --target wasm32-unknown-unknown
cp LICENSE-MIT LICENSE-APACHE dist/
# Each build's own addresses for the browser's HTTP cache: without a service worker (plain
# http on a LAN, a first visit) a cached reversi.js of the last build could meet this build's
# module, which fails at start. The references carry ?v=<hash of the files> (the service
# worker's cache ignores the query). Each rewrite is checked: an edit of the page that moved
# a reference would otherwise drop it silently.
token=$(cd dist && find . -type f ! -name 'LICENSE-*' ! -name THIRD-PARTY-LICENSES.txt -printf '%P\n' |
  LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16)
versioned() {  # FILE REFERENCE...: each quoted reference in FILE gets the build's ?v=
  local file=$1; shift
  for ref in "$@"; do
    grep -qF "$ref" "dist/$file" || { echo "build-web.sh: $file has no $ref to version" >&2; exit 1; }
    sed -i "s|$ref|${ref%?}?v=$token${ref: -1}|g" "dist/$file"
  done
}
versioned index.html '"messages.js"' '"page.js"' "'./reversi.js'" "'reversi_bg.wasm'"
versioned page.js "'ai-worker.js'"
versioned ai-worker.js "'./engine.js'" "'engine_bg.wasm'" "'eval.bin'"

# The service worker's copy names this build's files and its version: a hash of them, so
# that any change makes a new version that replaces the old cache (web/sw.js says how).
files=$(cd dist && find . -type f ! -name sw.js ! -name 'LICENSE-*' ! -name THIRD-PARTY-LICENSES.txt \
  -printf '%P\n' | LC_ALL=C sort)
version=$(cd dist && sha256sum $files | sha256sum | cut -c1-16)
list="[$(printf '"%s", ' $files | sed 's/, $//')]"
sed -e "s/__VERSION__/$version/" -e "s|__FILES__|$list|" web/sw.js > dist/sw.js
echo "service worker: version $version, $(printf '%s\n' $files | wc -l) files kept for offline play"

step "precompressed copies (.gz, .br) and the first visit's size"
# The test builds (ci) are large and only checked, not served: quick settings there.
quick=()
[ "$profile" != ci ] || quick=(--quick)
if command -v node >/dev/null; then
  node scripts/compress.mjs dist "${quick[@]}"
else
  echo "(no Node.js: no precompressed copies; the game's size:)"
  for f in dist/*.wasm; do
    awk -v name="$(basename "$f")" -v raw="$(stat -c %s "$f")" -v gz="$(gzip -9c "$f" | wc -c)" \
      'BEGIN { printf "%-26s %6.1f MB, %5.1f MB gzipped\n", name, raw / 1048576, gz / 1048576 }'
  done
fi
echo "serve it: python3 -m http.server -d dist 8000"
