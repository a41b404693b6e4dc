#!/usr/bin/env python3
"""Times the game from its start to its first drawn frame, as a player would see it.

Usage: python3 scripts/first_frame.py BINARY [--runs N] [--shot PICTURE.png]

Starts BINARY with empty settings (under a private Xvfb when there is no DISPLAY), finds its
window with xdotool and captures it with ImageMagick until the picture shows something (the
menu's text comes first) and then the board and table (the 3D scene's shaders take longer to
prepare). Prints the times of each run and the median of the second; --shot keeps that
frame. A capture takes a fraction of a second, so the figures are good to about 0.3 s.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def start_display():
    """A private Xvfb when there is no display (the window test's, on a free number)."""
    if os.environ.get("DISPLAY"):
        return None
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import window_test
    server, display = window_test.start_xvfb()
    os.environ["DISPLAY"] = display
    return server


def look(window, scratch):
    """Captures the window: (the grey spread of the whole picture, the mean brightness of its
    top strip). A flat picture spreads 0; the top strip shows the table once the 3D scene is
    drawn (black before, behind the menu's panel, whose text alone is drawn first)."""
    subprocess.run(["import", "-window", window, scratch],
                   capture_output=True, timeout=30)
    def stat(*args):
        out = subprocess.run(["convert", scratch, "-colorspace", "gray", *args],
                             capture_output=True, text=True)
        try:
            return float(out.stdout.strip() or 0)
        except ValueError:
            return 0.0
    return (stat("-format", "%[fx:standard_deviation]", "info:"),
            stat("-gravity", "north", "-crop", "100%x12%+0+0", "-format", "%[fx:mean]", "info:"))


def one_run(binary, shot=None, limit=180.0):
    home = tempfile.mkdtemp(prefix="reversi-first-frame-")
    env = dict(os.environ, XDG_CONFIG_HOME=home, XDG_DATA_HOME=home)
    began = time.monotonic()
    log = open(os.path.join(home, "log.txt"), "w+")
    game = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=log)
    scratch = os.path.join(home, "frame.miff")
    try:
        window, mapped, drawn = None, None, None
        while time.monotonic() - began < limit:
            if game.poll() is not None:
                log.seek(0)
                tail = "".join(log.readlines()[-25:])
                raise SystemExit(f"first_frame: the game exited with {game.returncode}:\n{tail}")
            if window is None:
                found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Reversi"],
                                       capture_output=True, text=True)
                if found.stdout.split():
                    window, mapped = found.stdout.split()[0], time.monotonic() - began
            else:
                spread, table = look(window, scratch)
                if drawn is None and spread > 0.02:
                    drawn = time.monotonic() - began
                if table > 0.15:
                    if shot:
                        subprocess.run(["convert", scratch, shot], check=True)
                    return mapped, drawn, time.monotonic() - began
            time.sleep(0.05)
        raise SystemExit(f"first_frame: nothing drawn within {limit:.0f} s")
    finally:
        game.kill()
        game.wait()
        log.close()
        shutil.rmtree(home, ignore_errors=True)


def main():
    args = sys.argv[1:]
    runs = 3
    if "--runs" in args:
        at = args.index("--runs")
        runs = int(args[at + 1])
        del args[at:at + 2]
    shot = None
    if "--shot" in args:
        at = args.index("--shot")
        shot = os.path.abspath(args[at + 1])
        del args[at:at + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    server = start_display()
    try:
        boards = []
        for run in range(runs):
            mapped, drawn, board = one_run(os.path.abspath(args[0]), shot if run == 0 else None)
            boards.append(board)
            print(f"start-up run {run + 1}: window after {mapped:.1f} s, first drawn frame "
                  f"(the menu) after {drawn:.1f} s, the board drawn after {board:.1f} s")
        print(f"start-up to the first frame with the board: median "
              f"{statistics.median(boards):.1f} s over {runs} runs")
    finally:
        if server:
            server.terminate()


if __name__ == "__main__":
    main()
