#!/usr/bin/env python3
"""Writes the players' part of the README for the release package.

Usage: python3 scripts/player_readme.py README.md OUT.md

Keeps the introduction and the `## Install` and `## Playing` sections (with their
subsections); the building, testing and engine sections are for developers and stay in the
repository. Pictures from docs/ and references to its pages are left out, since the
package does not carry them, and so is the pointer to the packaging section.
"""
import re
import sys

KEEP = {"Install", "Playing"}


def players_part(text):
    kept, keep = [], True  # the introduction, before the first `## ` heading, is kept
    for line in text.splitlines():
        heading = re.match(r"^## (.+?)\s*$", line)
        if heading:
            keep = heading.group(1) in KEEP
        if keep and not line.startswith("!["):
            kept.append(line)
    text = "\n".join(kept).replace("\n\n\n", "\n\n").rstrip() + "\n"
    # "(docs/levels.md)": a page the package does not have.
    text = re.sub(r" \(docs/[\w.-]+\)", "", text)
    # "(as published, or made with `bash scripts/package.sh`, below)": not in this README.
    return re.sub(r" \(as published,\s+or made with `[^`]*`, below\)", "", text)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    part = players_part(open(sys.argv[1], encoding="utf-8").read())
    for section in KEEP:
        if f"\n## {section}\n" not in part:
            sys.exit(f"player_readme: the README has no '## {section}' section")
    open(sys.argv[2], "w", encoding="utf-8").write(part)


if __name__ == "__main__":
    main()
