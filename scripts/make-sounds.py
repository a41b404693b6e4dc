#!/usr/bin/env python3
"""Synthesises the game's sound effects into assets/sounds/*.wav (16-bit mono, 22.05 kHz).

Deterministic (fixed noise seed), standard library only, so anyone can regenerate the exact
files: python3 scripts/make-sounds.py
"""
import math
import os
import random
import struct
import wave

RATE = 22050
OUT = os.path.join(os.path.dirname(__file__), "..", "assets", "sounds")


def write(name, samples):
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.85 * 32767 / peak
    path = os.path.join(OUT, name)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(s * scale)) for s in samples))
    print(f"{path}: {len(samples) / RATE:.2f} s")


def env(t, attack, decay):
    """A fast attack and exponential decay."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def clack(duration, body_hz, click_amount, decay, seed):
    """A wooden knock: a damped low resonance plus a short band of noise for the contact."""
    rng = random.Random(seed)
    out = []
    lp = 0.0
    for i in range(int(duration * RATE)):
        t = i / RATE
        noise = rng.uniform(-1, 1)
        lp += 0.35 * (noise - lp)  # one-pole low-pass: softer, woody contact noise
        body = math.sin(2 * math.pi * body_hz * t) + 0.4 * math.sin(2 * math.pi * body_hz * 2.7 * t)
        out.append(env(t, 0.002, decay) * body + click_amount * env(t, 0.0005, decay / 4) * lp)
    return out


def tone(freqs, duration, decay, vibrato=0.0):
    out = []
    for i in range(int(duration * RATE)):
        t = i / RATE
        v = sum(math.sin(2 * math.pi * f * t * (1 + vibrato * math.sin(2 * math.pi * 5 * t))) / (k + 1)
                for k, f in enumerate(freqs))
        out.append(env(t, 0.01, decay) * v)
    return out


def sequence(notes, note_len, decay):
    out = []
    for f in notes:
        out += tone([f, f * 2, f * 3], note_len, decay)
    return out + tone([notes[-1], notes[-1] * 1.5, notes[-1] * 2], 0.6, 0.25)


def buzz(duration):
    out = []
    for i in range(int(duration * RATE)):
        t = i / RATE
        saw = 2 * ((110 * t) % 1.0) - 1
        out.append(env(t, 0.005, 0.08) * (0.6 * saw + 0.4 * math.sin(2 * math.pi * 220 * t)))
    return out


def main():
    os.makedirs(OUT, exist_ok=True)
    write("place.wav", clack(0.25, 180, 0.9, 0.05, seed=1))
    write("flip.wav", clack(0.12, 420, 0.6, 0.025, seed=2))
    write("illegal.wav", buzz(0.22))
    write("pass.wav", tone([523.25, 659.25], 0.45, 0.15))
    write("game_over.wav", sequence([523.25, 659.25, 783.99], 0.14, 0.1))


if __name__ == "__main__":
    main()
