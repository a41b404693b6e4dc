#!/usr/bin/env python3
"""Fails when the game's modules import each other in a circle.

Reads every `.rs` file under src/ as text and draws an arrow from a file to each file it names:
`use crate::…`, `use super::…`, `use self::…`, inline `crate::a::B` paths, and a parent's
`child::item` for a module it declares (`mod child;` then `child::plugin`). A path goes to the
deepest module file it names (`crate::input::seats::Seats` → src/input/seats.rs, `crate::GameSet`
→ src/lib.rs). Test modules (`#[cfg(test)] mod … { … }`) are left out: they are not layers.

Two checks, both must find no circle:
  * between files: no file reaches itself through the arrows;
  * between src/'s top-level modules (src/x.rs or src/x/, lib.rs being the crate's root): no two
    top-level modules reach each other.

A third check holds the code to the layer list in src/lib.rs's opening comment (the numbered
list of backticked module names, bottom layer first): every top-level module is listed, and
each imports only modules listed before it.

`python3 scripts/check_layers.py` checks src/; `--self-test` first proves the check can fail on a
small tree with a circle, so a broken parser cannot pass silently.
"""

from __future__ import annotations

import builtins
import re
import sys
import tempfile
from pathlib import Path

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip_comments_and_strings(text: str) -> str:
    """Blanks out comments, string and char literals (keeping newlines) so paths in them don't count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:]) and (i == 0 or not re.match(r"\w", text[i - 1])):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            j = n if end < 0 else end + 1 + len(hashes)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(re.sub(r"[^\n]", " ", text[i : j + 1]))
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:]):
            m = re.match(r"'(\\.|[^\\'])'", text[i:])
            out.append(" " * len(m.group(0)))
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def drop_test_modules(code: str) -> str:
    """Removes `#[cfg(test)] mod name { … }` blocks (brace-matched)."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*mod\s+" + IDENT + r"\s*\{", code)
        if not m:
            return code
        depth, j = 1, m.end()
        while j < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            j += 1
        code = code[: m.start()] + re.sub(r"[^\n]", " ", code[m.start() : j]) + code[j:]


def expand_use(tree: str) -> list[str]:
    """`a::{b::C, d}` → ['a::b::C', 'a::d'] (enough of a use tree to find the modules named)."""
    tree = re.sub(r"\s+", "", tree)
    if "{" not in tree:
        return [tree]
    start = tree.index("{")
    prefix, depth, parts, cur = tree[:start], 0, [], ""
    body = tree[start + 1 : tree.rindex("}")]
    for ch in body:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += {"{": 1, "}": -1}.get(ch, 0)
        cur += ch
    parts.append(cur)
    return [p for part in parts if part for p in expand_use(prefix + part)]


def inline_modules(code: str) -> list[tuple[tuple[str, ...], str]]:
    """Splits a file into its own code and its inline `mod name { … }` blocks, each with the path
    of the module it is in relative to the file, so `super::` inside a block is read right."""
    m = re.search(r"\bmod\s+(" + IDENT + r")\s*\{", code)
    if not m:
        return [((), code)]
    depth, j = 1, m.end()
    while j < len(code) and depth:
        depth += {"{": 1, "}": -1}.get(code[j], 0)
        j += 1
    inner = [((m.group(1),) + path, block) for path, block in inline_modules(code[m.end() : j - 1])]
    rest = inline_modules(code[: m.start()] + code[j:])
    return rest + inner


class Tree:
    """The module files under one src/ folder and the arrows between them."""

    def __init__(self, src: Path):
        self.src = src
        self.modules: dict[tuple[str, ...], Path] = {}
        for path in sorted(src.rglob("*.rs")):
            rel = path.relative_to(src)
            if rel == Path("main.rs"):
                continue  # the binary: it uses the library by its crate name
            parts = list(rel.with_suffix("").parts)
            if parts == ["lib"]:
                parts = []
            elif parts[-1] == "mod":
                parts = parts[:-1]
            self.modules[tuple(parts)] = path

    def name(self, module: tuple[str, ...]) -> str:
        return str(self.modules[module].relative_to(self.src.parent))

    def target(self, path: list[str]) -> tuple[str, ...]:
        """The deepest module file that an absolute path (from the crate root) names."""
        best: tuple[str, ...] = ()
        for k in range(1, len(path) + 1):
            if tuple(path[:k]) in self.modules:
                best = tuple(path[:k])
            else:
                break
        return best

    def arrows(self, module: tuple[str, ...]) -> set[tuple[str, ...]]:
        code = drop_test_modules(strip_comments_and_strings(self.modules[module].read_text()))
        found: set[tuple[str, ...]] = set()
        for inner, block in inline_modules(code):
            found |= self.paths_in(module + inner, block)
        found.discard(module)
        return found

    def paths_in(self, here: tuple[str, ...], code: str) -> set[tuple[str, ...]]:
        """The module files that `code`, in module `here` (a file's or an inline one), names."""
        children = {
            name
            for name in re.findall(r"\bmod\s+(" + IDENT + r")\s*;", code)
            if here + (name,) in self.modules
        }
        raw: list[str] = []
        for tree in re.findall(r"\buse\s+([^;]+);", code):
            raw.extend(expand_use(tree))
        raw.extend(re.findall(r"(?<![\w:])((?:crate|super|self)(?:::" + IDENT + r")+)", code))
        if children:
            raw.extend(re.findall(r"(?<![\w:])((?:" + "|".join(sorted(children)) + r")::" + IDENT + r")", code))
        found = set()
        for p in raw:
            segs = [s for s in p.split("::") if s]
            if not segs:
                continue
            if segs[0] == "crate":
                absolute = segs[1:]
            elif segs[0] == "super":
                base = list(here)
                while segs and segs[0] == "super":
                    base, segs = base[:-1], segs[1:]
                absolute = base + segs
            elif segs[0] == "self":
                absolute = list(here) + segs[1:]
            elif segs[0] in children:
                absolute = list(here) + segs
            else:
                continue  # another crate's path
            found.add(self.target(absolute))  # inline modules are no files: their paths stay here
        return found

    def graph(self) -> dict[tuple[str, ...], set[tuple[str, ...]]]:
        return {m: self.arrows(m) for m in self.modules}


def documented_order(lib: Path) -> list[str] | None:
    """The module names of lib.rs's layer list, bottom first; None if it has no such list."""
    lines = [line[3:].strip() if line.startswith("//!") else None for line in lib.read_text().splitlines()]
    start = next((i for i, line in enumerate(lines) if line and "listed here from the bottom" in line), None)
    if start is None:
        return None
    order: list[str] = []
    listing = False
    for line in lines[start + 1 :]:
        if line is None:
            break
        if re.match(r"\d+\. ", line):
            listing = True
        elif listing and line == "":
            break
        if listing:
            order += [n for n in re.findall(r"`(" + IDENT + r")`", line)]
    return order


def strongly_connected(graph: dict) -> list[list]:
    """Tarjan's algorithm, iterative; returns the components of more than one node."""
    index, low, on_stack, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in graph:
                    continue
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def check(src: Path, quiet: bool = False) -> int:
    """Prints every circle found; returns how many there are (files and top-level modules)."""
    print = builtins.print if not quiet else (lambda *a, **k: None)
    tree = Tree(src)
    graph = tree.graph()
    problems = 0
    for comp in strongly_connected(graph):
        problems += 1
        print(f"circle between files: {', '.join(tree.name(m) for m in comp)}")
        members = set(comp)
        for m in comp:
            for t in sorted(graph[m] & members):
                print(f"    {tree.name(m)} -> {tree.name(t)}")
    top: dict[str, set[str]] = {}
    for m, targets in graph.items():
        if not m:
            continue  # lib.rs, the root, names every top-level module to add its plugin
        top.setdefault(m[0], set())
        top[m[0]] |= {t[0] if t else "lib.rs" for t in targets} - {m[0]}
    top.setdefault("lib.rs", set())
    order = documented_order(src / "lib.rs")
    if order is not None:
        for name in sorted(set(top) - set(order) - {"lib.rs"}):
            problems += 1
            print(f"src/lib.rs's layer list does not name the module `{name}`")
        for name in sorted(set(order) - set(top)):
            problems += 1
            print(f"src/lib.rs's layer list names `{name}`, which is no module")
        rank = {name: i for i, name in enumerate(order)}
        for m in sorted(top):
            for t in sorted(top[m]):
                if m in rank and t in rank and rank[t] > rank[m]:
                    problems += 1
                    print(f"`{m}` imports `{t}`, which src/lib.rs lists above it")
    for comp in strongly_connected(top):
        problems += 1
        print(f"circle between top-level modules: {', '.join(comp)}")
        for m in comp:
            for t in sorted(top[m] & set(comp)):
                print(f"    {m} -> {t}")
    arrows = sum(len(t) for t in graph.values())
    print(f"layers: {len(graph)} files, {arrows} imports between them, {problems} problems")
    return problems


def self_test() -> None:
    """The check must find a circle that is there, and pass a tree without one."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        (src / "menus").mkdir(parents=True)
        (src / "lib.rs").write_text(
            "//! Layers, listed here from the bottom up:\n//!\n//! 1. `state`\n//! 2. `input`, `menus`\n//!\n"
            "mod input;\nmod menus;\nmod state;\n"
        )
        (src / "state.rs").write_text("pub enum Menu { A }\n")
        (src / "menus" / "mod.rs").write_text("mod pause;\nuse crate::input::Seats;\nfn f() { pause::plugin(); }\n")
        (src / "menus" / "pause.rs").write_text("use crate::state::Menu; // crate::input in a comment\n")
        (src / "input.rs").write_text('use crate::state::Menu;\nlet s = "crate::menus::X";\npub struct Seats;\n')
        assert check(src, quiet=True) == 0, "a tree without circles was refused"
        (src / "input.rs").write_text("use crate::{state::Menu, menus::pause::Thing};\npub struct Seats;\n")
        assert check(src, quiet=True) == 2, "a circle between top-level modules went unseen"
        (src / "input.rs").write_text("use crate::{state::Menu, menus::{X, pause}};\npub struct Seats;\n")
        assert check(src, quiet=True) == 3, "a circle through a nested use went unseen"
        (src / "input.rs").write_text("pub struct Seats;\n")
        (src / "menus" / "pause.rs").write_text("fn g() { super::helper(); }\n")
        assert check(src, quiet=True) == 1, "a child using its parent folder went unseen"
        (src / "menus" / "pause.rs").write_text("fn g() {}\nmod inner { use super::g; }\n")
        assert check(src, quiet=True) == 0, "super:: in an inline module was read as the parent's"
        (src / "state.rs").write_text("use crate::input::Seats;\n")
        assert check(src, quiet=True) == 1, "an import against the documented layers went unseen"
        (src / "state.rs").write_text("")
        (src / "audio.rs").write_text("")
        assert check(src, quiet=True) == 1, "a module missing from the layer list went unseen"
    print("check_layers self-test passed")


if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    if "--self-test" in sys.argv:
        self_test()
    sys.exit(1 if check(root / "src") else 0)
