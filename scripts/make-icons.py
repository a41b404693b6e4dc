#!/usr/bin/env python3
"""Draws the web app's icons (web/icons/*.png) from the favicon's design (web/favicon.svg): a
green tile with a disc half black, half white. Standard library only, deterministic, so anyone
can redraw the exact files: python3 scripts/make-icons.py

- icon-192.png, icon-512.png: the tile with rounded corners, as browsers show an app's icon.
- maskable-512.png: the tile filling the square and the disc inside the middle 80 % (the safe
  zone), for platforms that cut icons to their own shape (a circle, a squircle).
"""
import os
import struct
import zlib

OUT = os.path.join(os.path.dirname(__file__), "..", "web", "icons")
GREEN = (0x1F, 0x6B, 0x45)
BLACK = (0x16, 0x16, 0x16)
WHITE = (0xF1, 0xEE, 0xE4)
SAMPLES = 4  # per pixel and axis: 16 samples smooth the edges


def colour_at(x, y, corner, disc):
    """The colour at (x, y) in a 64-unit tile (the SVG's coordinates), or None outside it."""
    # The tile's rounded corners: outside when past a corner's quarter circle.
    cx = min(max(x, corner), 64 - corner)
    cy = min(max(y, corner), 64 - corner)
    if (x - cx) ** 2 + (y - cy) ** 2 > corner ** 2:
        return None
    if (x - 32) ** 2 + (y - 32) ** 2 <= disc ** 2:
        return WHITE if x >= 32 else BLACK
    return GREEN


def draw(size, corner, disc):
    rows = []
    step = 64 / size
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) / SAMPLES) * step
                    y = (py + (sy + 0.5) / SAMPLES) * step
                    c = colour_at(x, y, corner, disc)
                    if c is not None:
                        acc[0] += c[0]
                        acc[1] += c[1]
                        acc[2] += c[2]
                        acc[3] += 255
            n = SAMPLES * SAMPLES
            alpha = acc[3] / n
            # Colours stored straight (not premultiplied), as PNG wants.
            scale = 255 / acc[3] if acc[3] else 0
            row += bytes([round(acc[0] * scale), round(acc[1] * scale), round(acc[2] * scale),
                          round(alpha)])
        rows.append(bytes(row))
    return rows


def write_png(path, size, rows):
    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    data = zlib.compress(b"".join(rows), 9)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data)
                + chunk(b"IEND", b""))
    print(f"{path}: {os.path.getsize(path)} bytes")


def main():
    os.makedirs(OUT, exist_ok=True)
    for size in (192, 512):
        write_png(os.path.join(OUT, f"icon-{size}.png"), size, draw(size, corner=10, disc=22))
    # Maskable: no rounded corners (the platform cuts its own shape); the disc's radius 22 of
    # 64 keeps it inside the safe zone's circle (radius 0.4 × 64 = 25.6).
    write_png(os.path.join(OUT, "maskable-512.png"), 512, draw(512, corner=0, disc=22))


if __name__ == "__main__":
    main()
