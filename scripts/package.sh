#!/usr/bin/env bash
# Builds the Linux release package: dist-pkg/reversi-<version>-x86_64-linux.tar.gz with the
# game, its menu entry, icons, AppStream metainfo, the players' README, the licences and an
# install.sh (see packaging/linux/). Prints the package's size and the game's start-up time to
# its first drawn frame (under Xvfb when there is no display).
#
# Usage: bash scripts/package.sh [--profile PROFILE] [--out DIR]
#   --profile  the cargo profile to build (release by default; the tests use ci, which is
#              already built, to check the package without a second long build)
#   --out      where the tarball goes (dist-pkg/ by default)
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

profile=release
out="$ROOT/dist-pkg"
while [ $# -gt 0 ]; do
  case "$1" in
    --profile) profile=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "usage: bash scripts/package.sh [--profile PROFILE] [--out DIR]" >&2; exit 2 ;;
  esac
done

app_id=$APP_ID
version=$(game_version)
grep -q "<release version=\"$version\"" "packaging/linux/$app_id.metainfo.xml" || {
  echo "package: packaging/linux/$app_id.metainfo.xml has no <release> for $version (Cargo.toml)" >&2
  exit 1
}

grep -q "\"$app_id\"" src/window.rs || {
  echo "package: src/window.rs's APP_ID is not $app_id (the desktop entry's name)" >&2
  exit 1
}

step "building the game ($profile profile)"
cargo build --locked --profile "$profile" --bin reversi
# Cargo builds the dev and test profiles into `debug`, every other into its own name.
case $profile in
  dev | test) profile_dir=debug ;;
  *) profile_dir=$profile ;;
esac
binary="$CARGO_TARGET_DIR/$profile_dir/reversi"

# The machine the game was built for (this one: the build is not cross-compiled).
name="reversi-$version-$(uname -m)-linux"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
pkg="$stage/$name"
mkdir -p "$pkg/share/applications" "$pkg/share/metainfo" "$pkg/share/icons/hicolor/scalable/apps"

step "staging $name"
install -m 755 "$binary" "$pkg/reversi"
strip "$pkg/reversi"
install -m 755 packaging/linux/install.sh "$pkg/install.sh"
install -m 644 "packaging/linux/$app_id.desktop" "$pkg/share/applications/"
install -m 644 "packaging/linux/$app_id.metainfo.xml" "$pkg/share/metainfo/"
install -m 644 packaging/linux/icon.svg "$pkg/share/icons/hicolor/scalable/apps/$app_id.svg"
for size in 16 24 32 48 64 128 256 512; do
  mkdir -p "$pkg/share/icons/hicolor/${size}x${size}/apps"
  rsvg-convert -w "$size" -h "$size" packaging/linux/icon.svg \
    -o "$pkg/share/icons/hicolor/${size}x${size}/apps/$app_id.png"
done
python3 scripts/player_readme.py README.md "$pkg/README.md"
install -m 644 LICENSE-MIT LICENSE-APACHE "$pkg/"
python3 scripts/third_party_licenses.py "$pkg/THIRD-PARTY-LICENSES.txt"

step "checking the metadata"
desktop-file-validate "$pkg/share/applications/$app_id.desktop"
appstreamcli validate --no-net "$pkg/share/metainfo/$app_id.metainfo.xml"

mkdir -p "$out"
tarball="$out/$name.tar.gz"
tar -C "$stage" --owner=0 --group=0 --sort=name -czf "$tarball.part" "$name"
mv -f "$tarball.part" "$tarball"

step "measuring"
echo "package: $tarball"
echo "package size: $(du -k "$tarball" | cut -f1) KiB (binary $(du -k "$pkg/reversi" | cut -f1) KiB unpacked)"
python3 scripts/first_frame.py "$pkg/reversi"
