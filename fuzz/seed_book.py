#!/usr/bin/env python3
"""Seeds fuzz/corpus/book/ from the built-in book: cut short, with bytes changed, and with
bytes changed behind a checksum made right again (so the reader's body checks, not only the
checksum, see damage). Deterministic; run from the repository root."""
import hashlib
import pathlib
import random
import struct

book = pathlib.Path("engine/assets/book.bin").read_bytes()
out = pathlib.Path("fuzz/corpus/book")
out.mkdir(parents=True, exist_ok=True)


def fnv1a(data: bytes) -> int:
    h = 0x811C9DC5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def resealed(data: bytearray) -> bytes:
    """The checksum (header bytes 16-19) made to match bytes 8-15 and the body again."""
    if len(data) >= 20:
        data[16:20] = struct.pack("<I", fnv1a(bytes(data[8:16]) + bytes(data[20:])))
    return bytes(data)


rng = random.Random(19)
seeds = [book, book[:0], book[:8], book[:19], book[:20], book[:21], book[: len(book) // 2], book[:-1], book + b"\0"]
for _ in range(12):  # a byte changed, checksum left wrong
    data = bytearray(book)
    data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    seeds.append(bytes(data))
for _ in range(24):  # a byte of the header's counts or the body changed, checksum right
    data = bytearray(book)
    at = rng.choice([8, 9, 12, 13]) if rng.random() < 0.25 else rng.randrange(20, len(data))
    data[at] = rng.randrange(256)
    seeds.append(resealed(data))
seeds.append(resealed(bytearray(book[: len(book) - 7])))  # cut short, sealed
for data in seeds:
    (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
print(len(list(out.iterdir())), "inputs")
