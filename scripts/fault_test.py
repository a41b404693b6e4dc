#!/usr/bin/env python3
"""Faults that must lose nothing, tried on the real game binary under Xvfb.

Usage: python3 scripts/fault_test.py --binary PATH [--kills N] [--out DIR]

1. Killed while saving: computer-vs-computer games are played and the game is killed with
   SIGKILL just after a move, when its autosave is being written, N times in a row (100 by
   default; the test script runs 10). After every kill the saved game must be whole and equal
   to the game before or after the last move seen, and the next start must resume exactly it.
2. A full data folder (a 256 KiB tmpfs filled up) and then a read-only one: the game plays on,
   shows its "cannot be saved" notice once, and does not crash. Mounting needs root; where it
   is refused, the data folder is made a plain file instead (every write fails the same way).
"""
import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import window_test as wt  # noqa: E402  (the Game driver and the xdotool helpers)


def fail(msg):
    print(f"FAULT TEST FAILED: {msg}", file=sys.stderr)
    sys.exit(1)


def squares(text):
    return [m.lower() for m in re.findall(r"[BW]\[([A-Ha-h][1-8])", text)]


class Run:
    """One start of the game with the given data folder."""

    def __init__(self, binary, config, data):
        env = {**os.environ, "DISPLAY": wt.DISPLAY, "REVERSI_AUTOMATION": "1",
               "XDG_CONFIG_HOME": config, "XDG_DATA_HOME": data,
               "WGPU_BACKEND": "vulkan", "RUST_LOG": "info"}
        self.game = wt.Game(binary, env)
        self.game.wait("the new-game menu", lambda: any(b.startswith("Start_game") for b in self.game.buttons), 60)
        time.sleep(0.5)

    def start_computer_game(self):
        g = self.game
        wt.click_button(g, "Computer_vs_computer", "computer vs computer")
        g.wait("the mode", lambda: any(b.startswith("Start_game") for b in g.buttons), 20)
        time.sleep(1.5)  # the row changes on the next slow frame
        wt.click_button(g, "Start_game", "start game")
        g.wait("the game", lambda: g.state.get("menu") == "None", 30)

    def moves(self):
        return re.findall(r"[a-h][1-8]", self.game.state.get("moves", ""))

    def kill(self):
        self.game.proc.send_signal(signal.SIGKILL)
        self.game.proc.wait()

    def log_has(self, text):
        self.game.pump()
        return any(text in line for line in self.game.log)


def kills(binary, n, work):
    config, data = os.path.join(work, "config"), os.path.join(work, "data")
    os.makedirs(os.path.join(config, "reversi"))
    with open(os.path.join(config, "reversi", "settings.txt"), "w") as f:
        f.write(wt.QUICK_SETTINGS)
    save = os.path.join(data, "reversi", "current.ggf")
    rng = random.Random(2026)
    resumed = games = 0
    for k in range(n):
        run = Run(binary, config, data)
        g = run.game
        if any(b.startswith("Resume_saved_game") for b in g.buttons):
            expected = squares(open(save).read())
            wt.click_button(g, "Resume_saved_game", "resume")
            g.wait("the resumed game", lambda: g.state.get("menu") == "None" and run.moves() == expected, 30)
            resumed += 1
        else:
            run.start_computer_game()
            games += 1
        # Wait for the next move, then kill within the frame or two its save is written in.
        seen = run.moves()
        g.wait("a move", lambda: len(run.moves()) > len(seen) or "over" in g.state.get("status", ""), 90)
        seen = run.moves()
        time.sleep(rng.uniform(0.0, 0.25))
        g.pump()
        seen = run.moves()
        run.kill()
        if not os.path.exists(save):
            fail(f"kill {k + 1}: no saved game at {save}")
        text = open(save, encoding="utf-8").read()
        saved = squares(text)
        if not text.rstrip().endswith(";)"):
            fail(f"kill {k + 1}: the save is cut short: {text[-80:]!r}")
        if saved != seen and saved[:-1] != seen:
            fail(f"kill {k + 1}: the save holds {''.join(saved)}, the game was at {''.join(seen)}")
        if "RE[" in text and not re.search(r"RE\[\?\]", text):
            os.remove(save)  # a finished game is not offered again: start the next one fresh
    print(f"  killed {n} times with SIGKILL just after a move: every save whole and current "
          f"({resumed} resumed exactly, {games} new games)")


def mounted(path, options):
    return subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", path],
                          capture_output=True).returncode == 0


def plays_on_with_a_notice(binary, work, data, what, out):
    config = os.path.join(work, f"config-{what}")
    os.makedirs(os.path.join(config, "reversi"))
    with open(os.path.join(config, "reversi", "settings.txt"), "w") as f:
        f.write(wt.QUICK_SETTINGS)
    run = Run(binary, config, data)
    run.start_computer_game()
    g = run.game
    g.wait(f"play on a {what} folder", lambda: len(run.moves()) >= 8, 120)
    g.wait("the notice", lambda: run.log_has("The game cannot be saved"), 30)
    notices = sum("The game cannot be saved" in line for line in g.log)
    if notices != 1:
        fail(f"{what}: the notice was shown {notices} times in {len(run.moves())} moves")
    if g.proc.poll() is not None or any("panicked" in line for line in g.log):
        fail(g.tail(20) + f"\n{what}: the game stopped")
    if out:
        time.sleep(1.0)
        wt.screenshot(os.path.join(out, f"fault_{what}.png"))
    print(f"  {what} data folder: {len(run.moves())} moves played, one notice, no crash")
    run.game.stop()


def storage(binary, work, out):
    folder = os.path.join(work, "small")
    os.makedirs(folder)
    if mounted(folder, "size=256k"):
        try:
            os.makedirs(os.path.join(folder, "reversi"))
            filler = os.open(os.path.join(folder, "filler"), os.O_WRONLY | os.O_CREAT)
            try:
                while os.write(filler, b"\0" * 512) > 0:
                    pass
            except OSError:  # no space left: the folder is full
                pass
            finally:
                os.close(filler)
            plays_on_with_a_notice(binary, work, folder, "full", out)
            subprocess.run(["mount", "-o", "remount,ro", folder], check=True)
            plays_on_with_a_notice(binary, work, folder, "read-only", out)
        finally:
            subprocess.run(["umount", folder], capture_output=True)
    else:
        print("  (mounting a tmpfs was refused: the data folder is made a file instead)")
        blocked = os.path.join(work, "blocked")
        with open(blocked, "w") as f:
            f.write("not a folder")
        plays_on_with_a_notice(binary, work, blocked, "unwritable", out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--kills", type=int, default=100)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    started = time.time()
    xvfb, wt.DISPLAY = wt.start_xvfb()
    work = tempfile.mkdtemp(prefix="reversi-faults-")
    try:
        kills(binary, args.kills, work)
        storage(binary, work, args.out)
    finally:
        xvfb.terminate()
        shutil.rmtree(work, ignore_errors=True)
    print(f"fault test passed in {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
