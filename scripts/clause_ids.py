#!/usr/bin/env python3
"""Clause-id string literals in the non-test code of src/ and their typed constants.

    python3 scripts/clause_ids.py count     # how many literals are left, one per line with -v
    python3 scripts/clause_ids.py rewrite   # replace each by its constant of crate::clause

A clause-id literal is found by the rule of tests/suite/clause_ids_in_code.rs: a string
literal of the form "d64.…", "xq.…" or "chess.…" (lowercase letters, digits, '.', '-', at
least three parts) on a line of a file of src/ before its first `#[cfg(test)]`, outside `//`
comments. `rewrite` replaces each literal that is exactly a catalog id (spec/*.yaml) by the
constant build.rs generates for it (`xq.result.checkmate-loses` ->
`clause::XQ_RESULT_CHECKMATE_LOSES`) and adds `use crate::clause;` to the file when it has no
such import. Inside an inline `mod … {` the full path `crate::clause::…` is written instead;
in the binary (src/main.rs, src/cli/) the crate is `arbiter`. Nothing else changes; running
it twice changes nothing the second time. Run `cargo fmt --all` after it.
"""

import os
import re
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PREFIXES = ("d64.", "xq.", "chess.")
ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789.-")


def constant_name(clause_id):
    """The constant's name: the id upper-cased, '.' and '-' as '_' (build.rs's rule)."""
    return clause_id.upper().replace(".", "_").replace("-", "_")


def catalog_ids():
    """Every clause id of the catalogs spec/*.yaml."""
    ids = set()
    spec = os.path.join(ROOT, "spec")
    for name in sorted(os.listdir(spec)):
        if name.endswith((".yaml", ".yml")):
            with open(os.path.join(spec, name), encoding="utf-8") as f:
                catalog = yaml.safe_load(f)
            for clause in catalog.get("clauses", []):
                ids.add(clause["id"])
    return ids


def is_clause_literal(text):
    """Whether a literal's contents look like a clause id (the test's rule)."""
    return (
        text.startswith(PREFIXES)
        and all(c in ID_CHARS for c in text)
        and len(text.split(".")) >= 3
        and not text.endswith(".")
    )


def literals(line):
    """The string literals of a line up to a `//` comment outside them, as
    (start, end, contents): line[start:end] is the literal with its quotes."""
    found = []
    start = None
    i = 0
    while i < len(line):
        c = line[i]
        if start is not None:
            if c == "\\":
                i += 1
            elif c == '"':
                found.append((start, i + 1, line[start + 1 : i]))
                start = None
        elif c == '"':
            start = i
        elif c == "/" and line[i + 1 : i + 2] == "/":
            break
        i += 1
    return found


def code_part(text):
    """The text before the file's first `#[cfg(test)]` (the part the rule scans)."""
    return text.split("#[cfg(test)]", 1)[0]


def source_files():
    files = []
    for directory, _, names in os.walk(os.path.join(ROOT, "src")):
        for name in names:
            if name.endswith(".rs"):
                files.append(os.path.join(directory, name))
    return sorted(files)


def relative(path):
    return os.path.relpath(path, ROOT)


def find(text):
    """The clause-id literals of a file's non-test code: (line index, start, end, id)."""
    out = []
    for n, line in enumerate(code_part(text).split("\n")):
        for start, end, contents in literals(line):
            if is_clause_literal(contents):
                out.append((n, start, end, contents))
    return out


MOD_OPEN = re.compile(r"^(\s*)(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{")


def inline_module_lines(lines):
    """The indices of the lines inside an inline `mod name { … }` (closed by a `}` at the
    indentation of its `mod` line)."""
    inside = set()
    stack = []
    for n, line in enumerate(lines):
        if stack and line.rstrip() == stack[-1] + "}":
            stack.pop()
            continue
        if stack:
            inside.add(n)
        m = MOD_OPEN.match(line)
        if m and not line.rstrip().endswith("}"):
            stack.append(m.group(1))
    return inside


IMPORT = re.compile(r"^\s*use\s+(crate|arbiter)::(clause\s*;|\{[^;]*\bclause\b[^;]*\}\s*;)", re.M)


def add_import(text, crate):
    """The text with `use <crate>::clause;` before its first top-level `use`, or after its
    leading inner attributes and `//!` documentation when it has none."""
    if IMPORT.search(text):
        return text
    lines = text.split("\n")
    line = "use %s::clause;" % crate
    for n, current in enumerate(lines):
        if re.match(r"^(pub(\([^)]*\))?\s+)?use\s", current):
            lines.insert(n, line)
            return "\n".join(lines)
    n = 0
    while n < len(lines) and (
        lines[n].startswith("//!") or lines[n].startswith("#![") or not lines[n].strip()
    ):
        n += 1
    lines[n:n] = [line, ""]
    return "\n".join(lines)


def rewrite_file(path, ids):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found = [hit for hit in find(text) if hit[3] in ids]
    if not found:
        return 0
    binary = relative(path) == os.path.join("src", "main.rs") or relative(path).startswith(
        os.path.join("src", "cli") + os.sep
    )
    crate = "arbiter" if binary else "crate"
    lines = text.split("\n")
    nested = inline_module_lines(lines)
    short = False
    rewritten = 0
    # Right to left on each line, so that earlier spans stay valid.
    for n, start, end, clause_id in sorted(found, key=lambda h: (h[0], -h[1])):
        line = lines[n]
        if start > 0 and (line[start - 1].isalnum() or line[start - 1] in "_#"):
            continue  # a raw or byte string (r"…", b"…"): not a plain literal
        if n in nested:
            path_text = "%s::clause::%s" % (crate, constant_name(clause_id))
        else:
            path_text = "clause::%s" % constant_name(clause_id)
            short = True
        lines[n] = line[:start] + path_text + line[end:]
        rewritten += 1
    text = "\n".join(lines)
    if short:
        text = add_import(text, crate)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return rewritten


def main(argv):
    if len(argv) < 2 or argv[1] not in ("count", "rewrite"):
        sys.stderr.write(__doc__)
        return 2
    if argv[1] == "count":
        verbose = "-v" in argv[2:]
        total = 0
        for path in source_files():
            with open(path, encoding="utf-8") as f:
                hits = find(f.read())
            total += len(hits)
            if verbose:
                for n, _, _, clause_id in hits:
                    print("%s:%d: %s" % (relative(path), n + 1, clause_id))
        print(total)
        return 0
    ids = catalog_ids()
    changed = 0
    for path in source_files():
        changed += rewrite_file(path, ids)
    print("%d literals rewritten" % changed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
