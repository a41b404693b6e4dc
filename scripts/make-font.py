#!/usr/bin/env python3
"""Makes the game's UI font: Inter Medium (SIL Open Font License 1.1, from Debian's
`fonts-inter` package) cut down to the characters the game's texts use, so the desktop binary
and the web download carry ~50 KB instead of ~260 KB.

The subset keeps Basic Latin, Latin-1 (German umlauts, Spanish accents, ½, ·, ×), Latin
Extended-A (Hungarian ő and ű) and the punctuation the texts use (– — … ‘ ’ “ ” → ←). Run it
again after adding text in another script; the output is committed, so builds need neither
the package nor fontTools.

    apt-get install fonts-inter && pip install fonttools && python3 scripts/make-font.py
"""
import pathlib
import re

from fontTools import subset

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = pathlib.Path("/usr/share/fonts/opentype/inter/Inter-Medium.otf")
COPYRIGHT = pathlib.Path("/usr/share/doc/fonts-inter/copyright")
OUT = ROOT / "assets" / "fonts"

UNICODES = "U+0020-007E,U+00A0-00FF,U+0100-017F,U+2010-2027,U+2030-203A,U+2190-2193,U+2212"


def licence_text() -> str:
    """The OFL text as Debian's copyright file quotes it (one space of indent, '.' for blank)."""
    text = COPYRIGHT.read_text()
    block = re.search(r"^License: OFL-1\.1\n((?: .*\n)+)", text, re.M).group(1)
    lines = [line[1:] if line != " .\n" else "\n" for line in block.splitlines(keepends=True)]
    return (
        "Inter (Medium), subset by scripts/make-font.py from Debian's fonts-inter package.\n"
        "Copyright 2016-2022 The Inter Project Authors (https://github.com/rsms/inter)\n\n"
        "This Font Software is licensed under the SIL Open Font License, Version 1.1.\n\n"
        + "".join(lines)
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    target = OUT / "Inter-Medium-subset.otf"
    options = subset.Options()
    options.layout_features = ["kern", "liga", "calt", "tnum", "case"]
    options.name_IDs = ["*"]  # keep the copyright and licence names the OFL asks to keep
    options.notdef_outline = True
    font = subset.load_font(str(SOURCE), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=subset.parse_unicodes(UNICODES))
    subsetter.subset(font)
    subset.save_font(font, str(target), options)
    (OUT / "LICENSE-Inter.txt").write_text(licence_text())
    print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes (from {SOURCE.stat().st_size})")


if __name__ == "__main__":
    main()
