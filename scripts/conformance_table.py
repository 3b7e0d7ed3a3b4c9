#!/usr/bin/env python3
"""Writes the conformance tables of real engines from `arbiter run` reports.

    python3 scripts/conformance_table.py target/conformance/*.jsonl \
        --doc docs/conformance.md --readme README.md

Each report is one engine's run (JSON lines: header, results, footer; see docs/cli.md).
The doc gets, per engine, passed / failed / skipped / errored per clause group and, for
each kind of failure (a clause and the expectation that failed), its count and the smallest
failing case as a minimal example. README.md gets the summary table and the per-engine clause
groups between the markers `<!-- conformance:begin -->` and `<!-- conformance:end -->`.

A report without its footer (a cut-short run) is refused: the tables must come from whole
runs. Standard library only.
"""
import argparse
import json
import sys
from collections import defaultdict

STATUSES = ("passed", "failed", "skipped", "errored")


def read(path):
    header, results, footer = None, [], None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                event = json.loads(line)
            except json.JSONDecodeError as e:
                sys.exit(f"{path}:{n}: not JSON: {e}")
            kind = event.get("type")
            if kind == "header":
                header = event
            elif kind == "result":
                results.append(event)
            elif kind == "footer":
                footer = event
            else:
                sys.exit(f"{path}:{n}: unknown event type {kind!r}")
    if header is None:
        sys.exit(f"{path}: no header")
    if footer is None:
        sys.exit(f"{path}: no footer: the run was cut short, so its tables would not be whole")
    return header, results


def group_of(clause):
    return ".".join(clause.split(".")[:2])


def case_group(result):
    clauses = result.get("clauses") or ["(none)"]
    return group_of(clauses[0])


PROTOCOLS = {"uci:": "UCI", "ucci:": "UCCI", "xboard:": "XBoard"}


def engine_title(header):
    """`name version`, with the protocol when the engine was run behind a built-in adapter
    (`Fairy-Stockfish 11.1 LB 64 (UCCI)`): one engine may be checked under several."""
    engine = header.get("engine") or {}
    name = engine.get("name", "?")
    version = engine.get("version", "")
    command = engine.get("command") or ""
    protocol = next((p for prefix, p in PROTOCOLS.items() if command.startswith(prefix)), None)
    title = f"{name} {version}".strip()
    return f"{title} ({protocol})" if protocol else title


def size(result):
    """How big an example is: history length, then position text length."""
    return (len(result.get("moves") or []), len(result.get("position") or ""), result["case"])


def expectation_names(result):
    expected = result.get("expected")
    if isinstance(expected, dict) and expected:
        return sorted(expected)
    message = result.get("message", "")
    return [message.split(":", 1)[0]] if ":" in message else ["?"]


def compact(value):
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= 160 else text[:157] + "…"


def md_cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def engine_section(header, results, level="###"):
    lines = []
    title = engine_title(header)
    command = (header.get("engine") or {}).get("command") or "built-in"
    rulesets = ", ".join(header.get("rulesets") or [])
    lines.append(f"{level} {title}")
    lines.append("")
    lines.append(f"Command: `{command}`; rulesets run: {rulesets}.")
    lines.append("")
    by_group = defaultdict(lambda: defaultdict(int))
    for r in results:
        by_group[case_group(r)][r["status"]] += 1
    lines.append("| clause group | passed | failed | skipped | errored |")
    lines.append("| --- | ---: | ---: | ---: | ---: |")
    for group in sorted(by_group):
        counts = by_group[group]
        lines.append(f"| `{group}` | " + " | ".join(str(counts[s]) for s in STATUSES) + " |")
    totals = [sum(by_group[g][s] for g in by_group) for s in STATUSES]
    lines.append("| **all** | " + " | ".join(f"**{t}**" for t in totals) + " |")
    lines.append("")
    return lines, totals


def failure_kinds(header, results):
    """Each kind of failure (clause, expectation) with its count and a minimal example."""
    kinds = defaultdict(list)
    for r in results:
        if r["status"] not in ("failed", "errored"):
            continue
        clause = (r.get("clauses") or ["(none)"])[0]
        what = "engine failure" if r["status"] == "errored" else ", ".join(expectation_names(r))
        kinds[(clause, what)].append(r)
    lines = []
    if not kinds:
        lines.append("No failures.")
        lines.append("")
        return lines
    lines.append("| clause | failed expectation | cases | minimal example |")
    lines.append("| --- | --- | ---: | --- |")
    for (clause, what), rs in sorted(kinds.items()):
        example = min(rs, key=size)
        position = example.get("position") or "start"
        moves = " ".join(example.get("moves") or [])
        where = f"`{position}`" + (f" after `{moves}`" if moves else "")
        detail = md_cell(example.get("message", ""))
        lines.append(
            f"| `{clause}` | {what} | {len(rs)} | `{example['case']}` ({example['ruleset']}): "
            f"{where}: {detail} |"
        )
    lines.append("")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+")
    parser.add_argument("--doc", help="write the full tables to this markdown file")
    parser.add_argument("--readme", help="update the block between the markers in this file")
    args = parser.parse_args()

    runs = [(path, *read(path)) for path in args.reports]
    summary = [
        "| engine | rulesets | passed | failed | skipped | errored |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    sections = []
    details = []
    for path, header, results in runs:
        section, totals = engine_section(header, results)
        summary.append(
            f"| {engine_title(header)} | {', '.join(header.get('rulesets') or [])} | "
            + " | ".join(str(t) for t in totals)
            + " |"
        )
        sections.append((header, section))
        details.append((header, failure_kinds(header, results)))

    doc = [
        "# Conformance of real engines",
        "",
        "Written by `scripts/conformance.sh --update` from real runs of `arbiter run --engine …`",
        "against each engine (reports in `target/conformance/`); `.ci/run` runs the same engines",
        "and fails on any failure that the engine's baseline (`baselines/`) does not list.",
        "A failure is a disagreement with the rules (or, errored, a crash, hang or nonsense);",
        "skipped cases ask something the engine does not answer.",
        "",
        *summary,
        "",
    ]
    for (header, section), (_, kinds) in zip(sections, details):
        doc += section
        doc += ["Each kind of failure, with its smallest case:", ""]
        doc += kinds
    if args.doc:
        with open(args.doc, "w", encoding="utf-8") as f:
            f.write("\n".join(doc).rstrip() + "\n")
    else:
        print("\n".join(doc))

    if args.readme:
        with open(args.readme, encoding="utf-8") as f:
            text = f.read()
        begin, end = "<!-- conformance:begin -->", "<!-- conformance:end -->"
        if begin not in text or end not in text:
            sys.exit(f"{args.readme}: the markers {begin} and {end} are missing")
        block = [begin, "", *summary, ""]
        for (header, section), (_, kinds) in zip(sections, details):
            block.append(f"<details><summary>{engine_title(header)}: by clause group, and each kind of failure</summary>")
            block.append("")
            block += section[2:]
            block += kinds
            block.append("</details>")
            block.append("")
        block.append(end)
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        with open(args.readme, "w", encoding="utf-8") as f:
            f.write(head + "\n".join(block) + tail)


if __name__ == "__main__":
    main()
