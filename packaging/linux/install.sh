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
# Paths, one a line, each in one spelling: `./bin`, `bin/` and `x/../bin` are one folder
# (GNU realpath, by the text alone: links in the path stay as they are, as in an earlier
# install's manifest, which kept paths as they were given: `$HOME/bin//reversi`; where
# there is no realpath, the path as given).
same_spelling() {
  while IFS= read -r p; do
    realpath -m -s "$p" 2>/dev/null || printf '%s\n' "$p"
  done
}

bin_dir=${REVERSI_BIN_DIR:-$HOME/.local/bin}
# A relative folder would be written into the menu entry and the manifest as it is, then
# mean another folder to the desktop session and to an uninstall run from elsewhere.
case $bin_dir in
  /*) ;;
  *) bin_dir=$PWD/$bin_dir ;;
esac
bin_dir=$(printf '%s\n' "$bin_dir" | same_spelling)
# The XDG spec: a relative XDG_DATA_HOME is ignored.
case ${XDG_DATA_HOME:-} in
  /*) data_home=$XDG_DATA_HOME ;;
  *) data_home=$HOME/.local/share ;;
esac
manifest=$data_home/reversi/package-files.txt

# The lines of a list (`file PATH`, `dir PATH`, `part PATH`) of one kind, one path a line.
listed() {
  sed -n "s/^$1 //p" "$2"
}

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
  [ -f "$manifest" ] || { printf 'Reversi is not installed here (no %s).\n' "$manifest" >&2; return 1; }
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
    if [ -n "$made" ]; then printf 'dir %s\n' "$made" >>"$list"; fi
  done
  return 0
}

# Copies one file next to its place as PATH.part, with the given mode; noted before the
# copy, so that a copy that fails half way (a full disk) is taken back too.
stage() {
  make_dir "$(dirname "$2")"
  printf 'part %s\n' "$2" >>"$list"
  rm -f "$2.part"
  cp "$1" "$2.part"
  chmod "$3" "$2.part"
}

# The game's path as one argument of a menu entry's Exec line (the Desktop Entry
# Specification): in double quotes, with `"`, `` ` ``, `$` and `\` escaped by a backslash,
# then every backslash doubled as in any string value; `%` doubled as a literal percent.
exec_argument() {
  printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/["`$]/\\&/g' -e 's/\\/\\\\/g' -e 's/%/%%/g' \
    | sed -e 's/^/"/' -e 's/$/"/'
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

# A game of the same name that this installer did not put there (another build, another
# program) is not replaced: the uninstall would remove it.
if [ -e "$bin_dir/reversi" ] && ! { [ -f "$manifest" ] &&
  listed file "$manifest" | same_spelling | grep -qxF "$bin_dir/reversi"; }; then
  printf '%s exists and was not installed by this script; move it away, or set %s\n' \
    "$bin_dir/reversi" "REVERSI_BIN_DIR to install the game elsewhere." >&2
  exit 1
fi

list=$(mktemp)
desktop=$(mktemp)
# An install that fails while copying takes back what it had written; the one before it,
# if any, stays as it was until every new file is in place beside it (then each takes its
# place by a rename, which does not fail for want of space).
finished=no
trap 'if [ "$finished" = no ]; then
        listed part "$list" | while IFS= read -r p; do rm -f "$p.part"; done
        remove_listed "$list"
      fi
      rm -f "$list" "$desktop" "${new:-}"' EXIT
# Ctrl-C or a kill ends through the EXIT trap above (dash runs it only on a normal exit).
trap 'exit 130' INT
trap 'exit 143' TERM

# The menu entry starts the game by its full path: the desktop session's PATH need not
# hold the folder it went to.
sed "s|^Exec=reversi\$|Exec=$(exec_argument "$bin_dir/reversi" | sed 's/[|&\\]/\\&/g')|" \
  "$here/share/applications/$APP_ID.desktop" >"$desktop"
grep -q '^Exec="' "$desktop" || { echo "install.sh: the menu entry has no Exec=reversi line" >&2; exit 1; }

stage "$here/reversi" "$bin_dir/reversi" 755
stage "$desktop" "$data_home/applications/$APP_ID.desktop" 644
stage "$here/share/metainfo/$APP_ID.metainfo.xml" "$data_home/metainfo/$APP_ID.metainfo.xml" 644
for icon in "$here"/share/icons/hicolor/*/apps/*; do
  stage "$icon" "$data_home/icons/hicolor/${icon#"$here"/share/icons/hicolor/}" 644
done
make_dir "$(dirname "$manifest")"

# Every new file is written: each takes its place in one rename, and the manifest lists the
# new files and every folder an install made (this one or the one before).
new=$(mktemp)
{
  listed part "$list" | while IFS= read -r p; do printf 'file %s\n' "$p"; done
  printf 'file %s\n' "$manifest"
  { listed dir "$list"; if [ -f "$manifest" ]; then listed dir "$manifest"; fi; } |
    sort -u | while IFS= read -r d; do printf 'dir %s\n' "$d"; done
} >"$new"
listed part "$list" | while IFS= read -r p; do mv -f "$p.part" "$p"; done
finished=yes
# What the install before wrote that this one did not: gone now.
if [ -f "$manifest" ]; then
  written=$(listed file "$new" | same_spelling)
  listed file "$manifest" | while IFS= read -r old; do
    # The same file under an earlier spelling is this install's, not one to remove.
    same=$(printf '%s\n' "$old" | same_spelling)
    printf '%s\n' "$written" | grep -qxF "$same" || rm -f "$old"
  done
fi
cp "$new" "$manifest.part"
mv -f "$manifest.part" "$manifest"
rm -f "$new"

printf 'Reversi installed: %s, with a menu entry (Games) and icons.\n' "$bin_dir/reversi"
case ":$PATH:" in
  *":$bin_dir:"*) ;;
  *) printf 'Note: %s is not on your PATH; start the game from the menu (Games) or add it.\n' \
    "$bin_dir" ;;
esac
