#!/usr/bin/env bash
# Tests the ways players install the game, as they would: `cargo install` into a fresh root,
# started from another folder under Xvfb; the release tarball built by package.sh, installed
# with its install.sh into an empty home, started, and uninstalled leaving nothing behind; and
# the dependency tree's licences checked by cargo-deny against deny.toml.
#
# Usage: bash scripts/package_test.sh   (uses $REVERSI_PROFILE, ci by default, so the game
# built for the other tests is reused instead of a release build)
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "package test: $*" >&2; exit 1; }
version=$(game_version)
app_id=$APP_ID

step "cargo install --locked --path . (into an empty root)"
cargo install --locked --path . --profile "$REVERSI_PROFILE" --root "$work/cargo-root" --bin reversi
mkdir "$work/elsewhere"
(
  cd "$work/elsewhere"
  [ "$("$work/cargo-root/bin/reversi" --version)" = "reversi $version" ] || fail "cargo install: wrong --version"
  # An option that is not even text is refused with the game's own message, not a panic.
  refused=$("$work/cargo-root/bin/reversi" $'--\xff' 2>&1) && fail "cargo install: a bad option was accepted"
  case $refused in *"unknown option"*) ;; *) fail "cargo install: a bad option: $refused" ;; esac
  # Started away from the checkout: it draws, so nothing it needs is read from the source tree.
  python3 "$ROOT/scripts/first_frame.py" "$work/cargo-root/bin/reversi" --runs 1
)

step "cargo install --locked --git (this checkout's repository, as from its address)"
if git -C "$ROOT" rev-parse --verify -q HEAD >/dev/null; then
  cargo install --locked --git "file://$ROOT" reversi --profile "$REVERSI_PROFILE" --root "$work/git-root"
  (cd "$work/elsewhere" && [ "$("$work/git-root/bin/reversi" --version)" = "reversi $version" ]) ||
    fail "cargo install --git: wrong --version"
else
  echo "(not a git checkout: skipped)"
fi

step "scripts/package.sh"
bash scripts/package.sh --profile "$REVERSI_PROFILE" --out "$work/dist"
tarball="$work/dist/reversi-$version-$(uname -m)-linux.tar.gz"
[ -f "$tarball" ] || fail "no $tarball"
tar -C "$work" -xzf "$tarball"
pkg="$work/reversi-$version-$(uname -m)-linux"
for f in reversi install.sh README.md LICENSE-MIT LICENSE-APACHE THIRD-PARTY-LICENSES.txt \
  "share/applications/$app_id.desktop" "share/metainfo/$app_id.metainfo.xml" \
  "share/icons/hicolor/scalable/apps/$app_id.svg" "share/icons/hicolor/256x256/apps/$app_id.png"; do
  [ -e "$pkg/$f" ] || fail "the package lacks $f"
done
grep -q "^## Playing" "$pkg/README.md" || fail "the package README lacks the players' part"
! grep -q "^## Code layout" "$pkg/README.md" || fail "the package README carries developer sections"
! grep -q "docs/\|, below" "$pkg/README.md" || fail "the package README points at what it lacks: $(grep -n "docs/\|, below" "$pkg/README.md")"
grep -q "^bevy_text " "$pkg/THIRD-PARTY-LICENSES.txt" || fail "the licences do not list Bevy"
grep -q "SIL Open Font License" "$pkg/THIRD-PARTY-LICENSES.txt" || fail "the font licences are missing"

step "install.sh into an empty home, start, --uninstall"
# The program a home's menu entry starts, as a launcher reads its Exec line (the Desktop
# Entry Specification: a string value's escapes, then arguments quoted as in a shell).
menu_command() {
  python3 - "$1/.local/share/applications/$app_id.desktop" <<'EOF'
import re, sys
line = next(l for l in open(sys.argv[1], encoding="utf-8") if l.startswith("Exec="))
escapes = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
value = re.sub(r"\\(.)", lambda m: escapes.get(m[1], "\\" + m[1]), line[5:].rstrip("\n"))
# The first argument: in double quotes a backslash takes the next `"`, `` ` ``, `$` or `\`.
word, quoted, i = "", False, 0
while i < len(value) and (quoted or value[i] != " "):
    c = value[i]
    if quoted and c == "\\" and value[i + 1 : i + 2] in ('"', "`", "$", "\\"):
        word, i = word + value[i + 1], i + 2
        continue
    if c == '"':
        quoted = not quoted
    else:
        word += c
    i += 1
print(word.replace("%%", "%"))
EOF
}
home="$work/home"
mkdir -p "$home"
before=$(cd "$home" && find . | sort)
HOME="$home" XDG_DATA_HOME="" PATH="/usr/bin:/bin" sh "$pkg/install.sh"
for f in .local/bin/reversi ".local/share/applications/$app_id.desktop" \
  ".local/share/metainfo/$app_id.metainfo.xml" ".local/share/icons/hicolor/48x48/apps/$app_id.png" \
  ".local/share/icons/hicolor/scalable/apps/$app_id.svg"; do
  [ -e "$home/$f" ] || fail "install.sh did not install $f"
done
# The menu entry's command is what the launcher runs: the game's full path, so that the
# desktop session's PATH need not hold ~/.local/bin (here it does not).
exec_line=$(sed -n 's/^Exec=//p' "$home/.local/share/applications/$app_id.desktop")
[ "$(HOME="$home" PATH="/usr/bin:/bin" "$(menu_command "$home")" --version)" = "reversi $version" ] ||
  fail "the menu entry's Exec ($exec_line) does not start the installed game"
(cd / && HOME="$home" python3 "$ROOT/scripts/first_frame.py" "$home/.local/bin/reversi" --runs 1)
# A second install over the first replaces it cleanly; the uninstall then leaves the home as
# it was before the first.
HOME="$home" XDG_DATA_HOME="" sh "$pkg/install.sh" >/dev/null
HOME="$home" XDG_DATA_HOME="" sh "$pkg/install.sh" --uninstall
after=$(cd "$home" && find . | sort)
[ "$before" = "$after" ] || fail "--uninstall left files behind:
$(diff <(echo "$before") <(echo "$after"))"
echo "install, reinstall and uninstall: nothing left behind"
# A home whose name has a space, quotes and a backslash: the menu entry still starts the
# game, and the uninstall still finds every file.
odd="$work/a home \"q\" \\b \$x"
mkdir -p "$odd"
HOME="$odd" XDG_DATA_HOME="" PATH="/usr/bin:/bin" sh "$pkg/install.sh" >/dev/null
[ "$(menu_command "$odd")" = "$odd/.local/bin/reversi" ] ||
  fail "the menu entry of a home named $odd starts $(menu_command "$odd")"
[ "$(HOME="$odd" PATH="/usr/bin:/bin" "$(menu_command "$odd")" --version)" = "reversi $version" ] ||
  fail "the menu entry of a home named $odd does not start the game"
HOME="$odd" XDG_DATA_HOME="" sh "$pkg/install.sh" --uninstall >/dev/null
[ -z "$(cd "$odd" && find . -mindepth 1)" ] || fail "--uninstall in $odd left: $(cd "$odd" && find .)"
echo "a home named $odd: the menu entry starts the game, the uninstall leaves nothing"
# An upgrade that fails half way (a copy that fails, as on a full disk) leaves the install
# before it as it was, and no partial files.
HOME="$home" XDG_DATA_HOME="" sh "$pkg/install.sh" >/dev/null
snapshot() { (cd "$home" && find . -exec cksum {} + 2>/dev/null | sort; find . | sort); }
installed=$(snapshot)
mkdir -p "$work/failing"
printf '#!/bin/sh\ncase "$1" in *metainfo*) exit 1 ;; esac\nexec /bin/cp "$@"\n' >"$work/failing/cp"
chmod +x "$work/failing/cp"
if HOME="$home" XDG_DATA_HOME="" PATH="$work/failing:/usr/bin:/bin" sh "$pkg/install.sh" \
  >/dev/null 2>&1; then
  fail "an install whose copy failed said it had installed"
fi
[ "$(snapshot)" = "$installed" ] || fail "a failed upgrade changed the install before it:
$(diff <(echo "$installed") <(snapshot))"
HOME="$home" XDG_DATA_HOME="" sh "$pkg/install.sh" --uninstall >/dev/null
[ "$before" = "$(cd "$home" && find . | sort)" ] || fail "--uninstall after a failed upgrade left files"
echo "a failed upgrade leaves the install before it as it was"
# A game of the same name it did not install is not replaced (the uninstall would remove it).
other="$work/other-home"
mkdir -p "$other/.local/bin"
printf '#!/bin/sh\necho mine\n' >"$other/.local/bin/reversi"
if HOME="$other" XDG_DATA_HOME="" sh "$pkg/install.sh" >/dev/null 2>"$work/refused.txt"; then
  fail "install.sh replaced a reversi it had not installed"
fi
grep -q "was not installed by this script" "$work/refused.txt" || fail "no reason given: $(cat "$work/refused.txt")"
[ "$(sh "$other/.local/bin/reversi")" = mine ] || fail "install.sh changed a reversi it had not installed"
[ ! -e "$other/.local/share" ] || fail "a refused install wrote $(cd "$other" && find .local/share)"
echo "a reversi it did not install is left alone, with the reason"
# Folders given relative to where install.sh runs are made full: the menu entry starts the
# game from any folder, and an uninstall run from elsewhere removes the same files. A
# relative XDG_DATA_HOME is ignored, as the XDG spec says.
rel="$work/relative-home"
mkdir -p "$rel/here" "$rel/elsewhere"
(cd "$rel/here" && HOME="$rel" XDG_DATA_HOME="data" REVERSI_BIN_DIR="bin" sh "$pkg/install.sh" >/dev/null)
[ "$(menu_command "$rel")" = "$rel/here/bin/reversi" ] ||
  fail "a relative REVERSI_BIN_DIR gave the menu entry $(menu_command "$rel")"
[ ! -e "$rel/here/data" ] || fail "a relative XDG_DATA_HOME was used"
# Another spelling of the same folder is the same install (not "a reversi it did not install"),
# also where an earlier install's manifest kept the folder as it was given (`bin//`).
(cd "$rel/here" && HOME="$rel" REVERSI_BIN_DIR="./bin/" sh "$pkg/install.sh" >/dev/null) ||
  fail "a reinstall into ./bin/ was refused"
sed -i 's|/bin/reversi$|/bin//reversi|' "$rel/.local/share/reversi/package-files.txt"
(cd "$rel/here" && HOME="$rel" REVERSI_BIN_DIR="bin" sh "$pkg/install.sh" >/dev/null) ||
  fail "a reinstall over a manifest that spelled the folder bin// was refused"
[ -x "$rel/here/bin/reversi" ] || fail "a reinstall over bin// removed the game it installed"
(cd "$rel/elsewhere" && HOME="$rel" XDG_DATA_HOME="data" sh "$pkg/install.sh" --uninstall >/dev/null)
left=$(cd "$rel" && find . -mindepth 1 | sort)
[ "$left" = "$(printf './elsewhere\n./here')" ] || fail "an uninstall from elsewhere left: $left"
echo "relative folders are taken from where install.sh runs"
# A saved game the player made survives an uninstall.
HOME="$home" XDG_DATA_HOME="" sh "$pkg/install.sh" >/dev/null
mkdir -p "$home/.local/share/reversi/games"
echo "f5d6c3" >"$home/.local/share/reversi/games/kept.txt"
HOME="$home" XDG_DATA_HOME="" sh "$pkg/install.sh" --uninstall
[ -f "$home/.local/share/reversi/games/kept.txt" ] || fail "--uninstall removed a saved game"
[ ! -e "$home/.local/bin/reversi" ] || fail "--uninstall left the game"

step "cargo deny check licenses"
bash scripts/cargo_deny.sh check licenses
