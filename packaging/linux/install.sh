#!/bin/sh
# Installs Reversi for the current user, no root needed: the game into ~/.local/bin, its menu
# entry, icons and AppStream data into ~/.local/share. `sh install.sh --uninstall` removes
# exactly the files (and the folders it had to make) that the install wrote, listed in
# ~/.local/share/reversi/package-files.txt; saved games and settings stay.
#
# XDG_DATA_HOME and REVERSI_BIN_DIR move the two destinations.
set -eu

APP_ID=io.github.reversi3d.Reversi
here=$(cd "$(dirname "$0")" && pwd)
bin_dir=${REVERSI_BIN_DIR:-$HOME/.local/bin}
data_home=${XDG_DATA_HOME:-$HOME/.local/share}
manifest=$data_home/reversi/package-files.txt

# Removes what a list names: files first, then the folders the install made, deepest first
# and only when empty (another program may have put something there since).
remove_listed() {
  entries=$(cat "$1")  # read whole first: the manifest lists itself among the files
  printf '%s\n' "$entries" | sed -n 's/^file //p' | while IFS= read -r path; do
    rm -f "$path"
  done
  printf '%s\n' "$entries" | sed -n 's/^dir //p' | sort -r | while IFS= read -r path; do
    rmdir "$path" 2>/dev/null || true
  done
}

uninstall() {
  [ -f "$manifest" ] || { echo "Reversi is not installed here (no $manifest)." >&2; return 1; }
  remove_listed "$manifest"
}

# Makes a folder and its missing parents, noting each one it made.
make_dir() {
  missing=""
  d=$1
  while [ ! -d "$d" ]; do
    missing="$d
$missing"
    d=$(dirname "$d")
  done
  mkdir -p "$1"
  printf '%s' "$missing" | while IFS= read -r made; do
    [ -n "$made" ] && echo "dir $made" >>"$list"
  done
  return 0
}

# Copies one file into place with the given mode and notes it.
put() {
  make_dir "$(dirname "$2")"
  # One command a line: `set -e` stops at any of them (it would not inside an && list).
  rm -f "$2.part"
  cp "$1" "$2.part"
  chmod "$3" "$2.part"
  mv -f "$2.part" "$2"
  echo "file $2" >>"$list"
}

case "${1:-}" in
  --uninstall)
    uninstall
    echo "Reversi removed. Saved games and settings were kept (the game's data and config folders)."
    exit 0
    ;;
  "") ;;
  *)
    echo "usage: sh install.sh [--uninstall]" >&2
    exit 2
    ;;
esac

# A second install replaces the first cleanly: what the old one wrote goes first.
[ -f "$manifest" ] && uninstall
list=$(mktemp)
# An install that fails half way (a full disk) takes back what it had written.
finished=no
trap '[ "$finished" = yes ] || remove_listed "$list"; rm -f "$list"' EXIT

put "$here/reversi" "$bin_dir/reversi" 755
put "$here/share/applications/$APP_ID.desktop" "$data_home/applications/$APP_ID.desktop" 644
put "$here/share/metainfo/$APP_ID.metainfo.xml" "$data_home/metainfo/$APP_ID.metainfo.xml" 644
for icon in "$here"/share/icons/hicolor/*/apps/*; do
  put "$icon" "$data_home/icons/hicolor/${icon#"$here"/share/icons/hicolor/}" 644
done
make_dir "$(dirname "$manifest")"
echo "file $manifest" >>"$list"
cp "$list" "$manifest"
finished=yes

echo "Reversi installed: $bin_dir/reversi, with a menu entry (Games) and icons."
case ":$PATH:" in
  *":$bin_dir:"*) ;;
  *) echo "Note: $bin_dir is not on your PATH; start the game from the menu or add it." ;;
esac
