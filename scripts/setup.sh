#!/usr/bin/env bash
# Installs the Debian 12 system packages the game needs to build, run and be tested.
# Idempotent and fast: when every package is present it only checks with dpkg and exits.
set -euo pipefail

packages=(
  # build: ALSA headers for audio, udev for gamepads (gilrs), pkg-config to find them
  pkg-config libasound2-dev libudev-dev
  # run: X11 and keyboard libraries winit loads at run time, the Vulkan loader, Mesa's lavapipe
  libx11-6 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0 libvulkan1 mesa-vulkan-drivers
  # window tests: a virtual X server, a screenshot tool, xdotool to send input like a player
  xvfb xauth imagemagick xdotool
  # the wasm toolchain unpacker, the web test's browser, and gzip for the web build's sizes
  zstd chromium gzip
  # the release package: icons drawn from the SVG, its menu entry and AppStream data validated
  librsvg2-bin desktop-file-utils appstream
)
# The tests' scripts and the web test's runner: Python, and Node.js (Playwright, pinned in
# web/test/package.json to a release that runs on Debian 12's Node 18); a machine that
# already has node or npm keeps its own.
packages+=(python3)
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
