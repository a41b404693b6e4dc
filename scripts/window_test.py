#!/usr/bin/env python3
"""Plays the real game in a window under Xvfb the way a person does, and checks the pictures.

Starts Xvfb and the game (with REVERSI_AUTOMATION=1 it prints where the squares are and the
game state), presses Enter on the new-game menu, clicks legal squares with xdotool until the
game is over, and takes screenshots at the start, mid-game and at the end with ImageMagick's
`import`. Each screenshot is checked by pixel colour: the felt must cover the board area and
the discs the engine reports must show in their squares. Exits non-zero on any failure.
"""
import argparse
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

DISPLAY = ":97"
WIDTH, HEIGHT = 1280, 800


def fail(msg):
    print(f"window test FAILED: {msg}", file=sys.stderr)
    sys.exit(1)


class Game:
    """The game process; its automation lines are read on a thread."""

    def __init__(self, binary, env):
        self.proc = subprocess.Popen([binary], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines = queue.Queue()
        self.squares = {}
        self.state = {}
        self.log = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def pump(self):
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            self.log.append(line)
            if line.startswith("SQUARES "):
                for item in line.split()[1:]:
                    name, xy = item.split(":")
                    x, y = xy.split(",")
                    self.squares[name] = (int(float(x)), int(float(y)))
            elif line.startswith("STATE "):
                self.state = dict(kv.split("=", 1) for kv in line.split()[1:])

    def wait(self, what, predicate, timeout):
        end = time.time() + timeout
        while time.time() < end:
            self.pump()
            if self.proc.poll() is not None:
                fail(f"the game exited (code {self.proc.returncode}) while waiting for {what}\n" + "\n".join(self.log[-40:]))
            if predicate():
                return
            time.sleep(0.05)
        fail(f"timed out after {timeout} s waiting for {what}; last state {self.state}\n" + "\n".join(self.log[-20:]))


def xdo(*args):
    subprocess.run(["xdotool", *args], check=True, env={**os.environ, "DISPLAY": DISPLAY})


def screenshot(path):
    subprocess.run(["import", "-window", "root", path], check=True, env={**os.environ, "DISPLAY": DISPLAY})


def region_stats(path, x, y, w, h, fx):
    """Mean of an ImageMagick -fx expression over a region (0..1)."""
    out = subprocess.run(
        ["convert", path, "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-fx", fx, "-format", "%[fx:mean]", "info:"],
        check=True, capture_output=True, text=True,
    ).stdout
    return float(out.strip() or 0)


FELT = "(g > 0.16 && g > r * 1.5 && g > b * 1.1) ? 1 : 0"
DARK = "(r + g + b < 0.45) ? 1 : 0"
LIGHT = "(r + g + b > 2.1) ? 1 : 0"


def check_board(game, path, label):
    xs = [p[0] for p in game.squares.values()]
    ys = [p[1] for p in game.squares.values()]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    felt = region_stats(path, x0, y0, x1 - x0, y1 - y0, FELT)
    print(f"  {label}: felt covers {felt:.0%} of the board area")
    if felt < 0.25:
        fail(f"{label}: the board is not drawn (felt {felt:.0%} of the board area, expected at least 25%)")


def check_discs(game, path, label, discs):
    """`discs` maps square names to 'X' (black) or 'O' (white): each must show in the picture."""
    # Sample beside the centre, where the last-move marker does not cover the disc.
    width = abs(game.squares["b4"][0] - game.squares["a4"][0])
    for name, side in discs.items():
        x, y = game.squares[name]
        x += int(0.2 * width)
        fx = DARK if side == "X" else LIGHT
        share = region_stats(path, x - 4, y - 4, 8, 8, fx)
        if share < 0.5:
            fail(f"{label}: expected a {'black' if side == 'X' else 'white'} disc on {name}, saw {share:.0%} matching pixels")
    print(f"  {label}: {len(discs)} discs seen where the engine has them")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--timeout", type=float, default=400)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for tool in ["Xvfb", "xdotool", "import", "convert"]:
        if not shutil.which(tool):
            fail(f"{tool} is missing (run scripts/setup.sh)")

    xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", f"{WIDTH}x{HEIGHT}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    config = tempfile.mkdtemp(prefix="reversi-config-")
    os.makedirs(os.path.join(config, "reversi"))
    with open(os.path.join(config, "reversi", "settings.txt"), "w") as f:
        f.write("animation = fast\nthinking_delay_ms = 0\nmuted = true\n")
    env = {**os.environ, "DISPLAY": DISPLAY, "REVERSI_AUTOMATION": "1", "XDG_CONFIG_HOME": config,
           "WGPU_BACKEND": "vulkan", "RUST_LOG": "warn"}
    env.pop("WAYLAND_DISPLAY", None)
    time.sleep(1.0)
    game = Game(args.binary, env)
    started = time.time()
    try:
        game.wait("the first frames", lambda: len(game.squares) == 64 and game.state.get("menu") == "NewGame", 180)
        time.sleep(2.0)  # let the window settle and draw
        # No window manager under Xvfb: focus follows the pointer, so move it over the window.
        xdo("mousemove", str(WIDTH // 2), str(HEIGHT // 2))
        xdo("search", "--sync", "--onlyvisible", "--name", "Reversi", "windowfocus")
        xdo("key", "Return")
        game.wait("the game to start", lambda: game.state.get("menu") == "None", 30)
        game.wait("the board to settle", lambda: game.state.get("busy") == "false", 30)
        time.sleep(1.0)
        shot = os.path.join(args.out, "start.png")
        screenshot(shot)
        check_board(game, shot, "start")
        check_discs(game, shot, "start", {"d4": "O", "e5": "O", "d5": "X", "e4": "X"})

        mid_taken = False
        while True:
            game.pump()
            st = game.state
            if st.get("status", "").startswith("over") and st.get("busy") == "false":
                break
            if time.time() - started > args.timeout:
                fail(f"the game did not finish in {args.timeout} s; state {st}")
            if st.get("status") == "to-move:Black" and st.get("busy") == "false" and st.get("legal"):
                ply = st["ply"]
                target = st["legal"].split(",")[0]
                x, y = game.squares[target]
                xdo("mousemove", str(x), str(y), "click", "1")
                game.wait(f"the click on {target} to be played", lambda: game.state.get("ply") != ply, 20)
                if not mid_taken and int(game.state["ply"]) >= 20:
                    game.wait("the flips to finish", lambda: game.state.get("busy") == "false", 30)
                    time.sleep(0.5)
                    shot = os.path.join(args.out, "midgame.png")
                    screenshot(shot)
                    check_board(game, shot, "midgame")
                    board = game.state["board"]
                    discs = {f"{'abcdefgh'[i % 8]}{i // 8 + 1}": c for i, c in enumerate(board) if c in "XO"}
                    check_discs(game, shot, "midgame", discs)
                    mid_taken = True
            time.sleep(0.05)
        time.sleep(1.0)
        shot = os.path.join(args.out, "game_over.png")
        screenshot(shot)
        check_board(game, shot, "game over")
        print(f"  game over after {game.state['ply']} plies: black {game.state['black']}, white {game.state['white']}; "
              f"moves {game.state['moves']}")
        print(f"window test passed in {time.time() - started:.0f} s; screenshots in {args.out}")
    finally:
        game.proc.terminate()
        try:
            game.proc.wait(10)
        except subprocess.TimeoutExpired:
            game.proc.kill()
        xvfb.terminate()
        shutil.rmtree(config, ignore_errors=True)


if __name__ == "__main__":
    main()
