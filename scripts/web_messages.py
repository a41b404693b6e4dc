#!/usr/bin/env python3
"""Writes the web page's messages as a script: the `web-*` messages of every
`LOCALES/<language>/reversi.ftl`, for web/page.js, which shows them before the game (and its
Fluent) has loaded. Those messages are single lines with `{ $name }` placeholders only; this
fails on anything else, so an edit that needs more of Fluent is caught at build time.

    python3 scripts/web_messages.py locales > dist/messages.js
"""
import json
import pathlib
import re
import sys

MESSAGE = re.compile(r"^(web-[a-z0-9-]+)\s*=\s*(.*)$")
PLACEABLE = re.compile(r"\{\s*\$[a-z_]+\s*\}")


def page_messages(ftl: pathlib.Path) -> dict:
    lines = ftl.read_text(encoding="utf-8").splitlines()
    found = {}
    for n, line in enumerate(lines):
        match = MESSAGE.match(line)
        if not match:
            continue
        key, text = match.groups()
        following = lines[n + 1] if n + 1 < len(lines) else ""
        if following.startswith(" ") and following.strip():
            sys.exit(f"{ftl}:{n + 2}: {key} continues on another line; page messages are one line")
        if "{" in PLACEABLE.sub("", text) or "}" in PLACEABLE.sub("", text):
            sys.exit(f"{ftl}:{n + 1}: {key} uses more of Fluent than {{ $name }}")
        found[key] = text.strip()
    return found


def main() -> None:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "locales")
    messages = {}
    for ftl in sorted(root.glob("*/reversi.ftl")):
        messages[ftl.parent.name] = page_messages(ftl)
    if not messages.get("en"):
        sys.exit(f"{root}: no English web-* messages")
    print("// Written by scripts/web_messages.py from locales/*/reversi.ftl: the page's words.")
    print(f"window.reversiMessages = {json.dumps(messages, ensure_ascii=False, sort_keys=True)};")


if __name__ == "__main__":
    main()
