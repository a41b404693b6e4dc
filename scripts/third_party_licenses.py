#!/usr/bin/env python3
"""Writes the licence texts of everything the game binary is built from.

Usage: python3 scripts/third_party_licenses.py OUT.txt [--target TRIPLE]

The list comes from the dependency tree (`cargo metadata`, normal dependencies of the
`reversi` package for the target platform), not from a hand-kept file: each crate's name,
version, licence expression and its own licence files, identical texts quoted once. A crate
that ships no licence file gets the standard text of the licence the game takes it under
(packaging/licenses/); the script fails when that text is missing, so a new dependency under a
new licence cannot slip into a package unnoticed. The fonts the binary embeds follow.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
STANDARD = os.path.join(ROOT, "packaging", "licenses")
LICENCE_FILE = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE|UNLICENSE|COPYRIGHT)", re.IGNORECASE)
# When a crate offers a choice, the first of these it offers is the one quoted.
PREFERENCE = ["MIT", "Apache-2.0", "MIT-0", "Zlib", "ISC", "BSD-2-Clause", "BSD-3-Clause",
              "CC0-1.0", "Unlicense"]
FONTS = ["assets/fonts/LICENSE-Inter.txt", "assets/fonts/LICENSE-FiraMono.txt"]


def standard_text(spdx):
    path = (os.path.join(ROOT, "LICENSE-APACHE") if spdx == "Apache-2.0"
            else os.path.join(STANDARD, spdx + ".txt"))
    return open(path, encoding="utf-8").read() if os.path.exists(path) else None


def chosen_licences(expression):
    """The licence(s) to quote for an SPDX expression (old `A/B` spelling included)."""
    expression = expression.replace("/", " OR ")
    if " AND " in expression:
        return sorted(set(re.findall(r"[A-Za-z0-9.\-]+", expression)) - {"AND", "OR", "WITH"})
    offered = [e.strip("() ") for e in expression.split(" OR ")]
    for spdx in PREFERENCE:
        if spdx in offered:
            return [spdx]
    return offered[:1]


def dependencies(target):
    meta = json.loads(subprocess.run(
        ["cargo", "metadata", "--locked", "--format-version", "1", "--filter-platform", target],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout)
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    members = set(meta["workspace_members"])
    root = next(p["id"] for p in meta["packages"] if p["name"] == "reversi" and p["id"] in members)
    seen, todo = set(), [root]
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        todo += [d["pkg"] for d in nodes[node]["deps"]
                 if any(k["kind"] is None for k in d["dep_kinds"])]
    return sorted((packages[i] for i in seen - members),
                  key=lambda p: (p["name"], p["version"]))


def main():
    args = sys.argv[1:]
    target = "x86_64-unknown-linux-gnu"
    if "--target" in args:
        at = args.index("--target")
        target = args[at + 1]
        del args[at:at + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    crates = dependencies(target)
    quoted = {}  # licence text -> the crate it was first quoted for
    sections, problems = [], []
    for p in crates:
        name = f"{p['name']} {p['version']}"
        expression = p.get("license") or "(none given)"
        head = f"{name}\n  licence: {expression}"
        if p.get("repository"):
            head += f"\n  source: {p['repository']}"
        folder = os.path.dirname(p["manifest_path"])
        files = sorted(f for f in os.listdir(folder) if LICENCE_FILE.match(f))
        if p.get("license_file"):
            files = sorted(set(files) | {p["license_file"]})
        texts = [(f, open(os.path.join(folder, f), encoding="utf-8", errors="replace").read())
                 for f in files if os.path.isfile(os.path.join(folder, f))]
        if not texts:
            for spdx in chosen_licences(expression):
                text = standard_text(spdx)
                if text is None:
                    problems.append(f"{name}: ships no licence file and there is no standard "
                                    f"text for {spdx} in packaging/licenses/")
                else:
                    texts.append((f"{spdx} (standard text; the crate ships no licence file)", text))
        body = [head]
        for label, text in texts:
            key = " ".join(text.split())  # the same words, whatever the line breaks
            if key in quoted:
                body.append(f"  {label}: the same text as quoted for {quoted[key]}")
            else:
                quoted[key] = name
                body.append(f"  {label}:\n\n{text.rstrip()}\n")
        sections.append("\n".join(body))
    if problems:
        sys.exit("third_party_licenses: " + "\n".join(problems))
    fonts = [open(os.path.join(ROOT, f), encoding="utf-8").read().rstrip() for f in FONTS]
    rule = "\n\n" + "=" * 78 + "\n\n"
    intro = (f"Third-party licences of the Reversi game ({target})\n\n"
             f"The game is built from {len(crates)} Rust crates besides its own, listed below "
             "with their licences and licence texts (written from the dependency tree by "
             "scripts/third_party_licenses.py), and embeds two fonts, whose licences follow "
             "at the end. The game itself is licensed under MIT OR Apache-2.0.")
    with open(args[0], "w", encoding="utf-8") as out:
        out.write(rule.join([intro] + sections + fonts) + "\n")
    print(f"{args[0]}: {len(crates)} crates, {len(quoted)} distinct licence texts")


if __name__ == "__main__":
    main()
