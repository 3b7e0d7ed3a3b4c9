#!/usr/bin/env python3
"""Counts the perft lines of a data file (tests/data/*.perft) with implementations that are
not arbiter, and says where they agree.

    python3 scripts/perft_crosscheck.py tests/data/xiangqi.perft
    python3 scripts/perft_crosscheck.py tests/data/draughts.perft --max-nodes 200000
    python3 scripts/perft_crosscheck.py new.perft --fill > filled.perft

The implementations (nothing of arbiter's rules is used; the file format is described at the
top of each data file):

- xiangqi: the Fairy-Stockfish binary over UCI (`setoption name UCI_Variant value xiangqi`,
  `position fen ...`, `go perft N`); $FAIRY_STOCKFISH, default /usr/games/fairy-stockfish.
- draughts, `paths`: pydraughts. It lists every capture route as its own move, and a king
  taking two men on one diagonal once per square it touches down on between them; the
  `paths` convention of the data files (and of the published tables) counts routes by the
  order in which the men are taken, so routes with the same start, men taken in the same
  order and the same end are counted once here (`--worker`, below).
- draughts, `moves`: py-draughts, which lists one route per move, and pydraughts with its
  routes grouped by (from, to, captured set).

A line under `source: cross-checked against ...` is recounted by the implementations that
source names (`fairy-stockfish`, `pydraughts`, `py-draughts`); a line under
`source: published: ...` by every implementation that counts its convention.

py-draughts runs behind its adapter (adapters/py-draughts/adapter.py, arbiter's engine
protocol); pydraughts under this script's `--worker` mode, which uses its adapter's notation
helpers (adapters/pydraughts/adapter.py). The adapters translate notation only. Both need
the venvs that `bash adapters/setup.sh` makes under ${ARBITER_VENVS:-target/venvs}. Both are slow (pydraughts some hundreds of nodes a
second): --max-nodes skips lines whose count is larger, --only picks implementations.

Each count line is printed with what every implementation said and `agree`, `DIFFER` or
`skipped`; the exit status is 1 when any implementation disagrees. With --fill, a count
written as `?` is replaced by the implementations' common answer and the whole file is
printed (a line they do not agree on stays `?`, with a comment); nothing else is printed.
"""

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DRAUGHTS = ("russian", "brazilian")


class DataError(Exception):
    pass


def parse(path):
    """The count lines of a data file as dicts (line, ruleset, fen, depth, nodes, count)."""
    entries = []
    block = None
    source = None
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        key, sep, value = text.partition(":")
        if sep and key in ("position", "ruleset", "fen", "source"):
            value = value.strip()
            if key == "position":
                block = {"name": value}
                source = None
            elif block is None:
                raise DataError(f"{path}:{number}: `{key}:` before any `position:`")
            elif key == "source":
                source = value
            else:
                block[key] = value
            continue
        fields = text.split()
        if fields[0] != "perft" or len(fields) not in (3, 4):
            raise DataError(f"{path}:{number}: expected `perft <depth> <nodes> [paths|moves]`")
        if block is None or "fen" not in block or "ruleset" not in block or source is None:
            raise DataError(f"{path}:{number}: a count needs position, ruleset, fen and source")
        nodes = fields[2].replace("_", "")
        entries.append({
            "line": number,
            "name": block["name"],
            "ruleset": block["ruleset"],
            "fen": block["fen"],
            "depth": int(fields[1]),
            "nodes": None if nodes == "?" else int(nodes),
            "count": fields[3] if len(fields) == 4 else "moves",
            "source": source,
        })
    return lines, entries


class Adapter:
    """One adapter process spoken to over arbiter's engine protocol."""

    def __init__(self, name):
        venvs = os.environ.get("ARBITER_VENVS", os.path.join(ROOT, "target", "venvs"))
        python = os.path.join(venvs, name, "bin", "python")
        if not os.access(python, os.X_OK):
            raise RuntimeError(f"{python} is missing: run `bash adapters/setup.sh {name}`")
        env = dict(os.environ, ARBITER_PERFT_MAX_DEPTH="99")
        self.proc = subprocess.Popen(
            [python, os.path.join(ROOT, "adapters", name, "adapter.py")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True)
        self.seq = 0
        self.version = self.send({"cmd": "start", "protocol": 1})["version"]

    def send(self, request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def perft(self, ruleset, fen, depth, count):
        self.seq += 1
        reply = self.send({"cmd": "run", "seq": self.seq, "query": "perft", "ruleset": ruleset,
                           "position": fen, "depth": depth, "count": count})
        if "nodes" not in reply:
            raise RuntimeError(f"no count: {reply}")
        return reply["nodes"]


class Worker:
    """pydraughts in its venv, counting with `worker` below (over JSON lines)."""

    def __init__(self):
        venvs = os.environ.get("ARBITER_VENVS", os.path.join(ROOT, "target", "venvs"))
        python = os.path.join(venvs, "pydraughts", "bin", "python")
        if not os.access(python, os.X_OK):
            raise RuntimeError(f"{python} is missing: run `bash adapters/setup.sh pydraughts`")
        self.proc = subprocess.Popen([python, os.path.abspath(__file__), "--worker", "x"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.version = self.send({"version": True})["version"]

    def send(self, request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def perft(self, ruleset, fen, depth, count):
        return self.send({"ruleset": ruleset, "fen": fen, "depth": depth, "count": count})["nodes"]


def worker():
    """Runs in pydraughts's venv: reads {ruleset, fen, depth, count} lines, writes {nodes}.
    The adapter module only translates squares and FENs; the moves are pydraughts's."""
    sys.path.insert(0, os.path.join(ROOT, "adapters", "pydraughts"))
    sys.path.insert(0, os.path.join(ROOT, "adapters"))
    import importlib.metadata
    import adapter

    def routes(board):
        """One move per (from, men taken in order, to): the `paths` convention."""
        seen, out = set(), []
        for path, captured, m in adapter.library_moves(board):
            key = (path[0], tuple(captured), path[-1])
            if key not in seen:
                seen.add(key)
                out.append(m)
        return out

    def identities(board):
        moves = adapter.library_moves(board)
        return [m for _, _, m in adapter.draughts_identities(moves, adapter.fen_after(board))]

    def perft(board, depth, moves_of):
        moves = moves_of(board)
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        total = 0
        for m in moves:
            board.push(m)
            total += perft(board, depth - 1, moves_of)
            board.pop()
        return total

    for line in sys.stdin:
        request = json.loads(line)
        if request.get("version"):
            reply = {"version": importlib.metadata.version("pydraughts")}
        else:
            board = adapter.board_from(request["ruleset"], request["fen"])
            moves_of = routes if request["count"] == "paths" else identities
            reply = {"nodes": perft(board, request["depth"], moves_of)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


class FairyStockfish:
    def __init__(self):
        path = os.environ.get("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        self.write("uci")
        self.version = None
        for line in self.lines("uciok"):
            if line.startswith("id name "):
                self.version = line[len("id name "):]
        self.write("setoption name UCI_Variant value xiangqi")

    def write(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def lines(self, until):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish ended")
            line = line.strip()
            yield line
            if line.startswith(until):
                return

    def perft(self, fen, depth):
        self.write(f"position fen {fen}")
        self.write(f"go perft {depth}")
        for line in self.lines("Nodes searched:"):
            pass
        return int(line.split(":")[1])


def implementations(ruleset, count, source, engines, only):
    """(label, function(fen, depth)) for the implementations that count this line: those a
    `cross-checked against` source names, else every one that counts this convention."""
    if ruleset == "xiangqi":
        names = ["fairy-stockfish"]
    elif ruleset in DRAUGHTS:
        names = ["pydraughts"] + (["py-draughts"] if count == "moves" else [])
    else:
        raise DataError(f"unknown ruleset {ruleset}")
    if source.startswith("cross-checked against "):
        named = source.lower().replace("py-draughts", "")
        names = [n for n in names
                 if (n in source.lower() if n != "pydraughts" else "pydraughts" in named)]
    result = []
    for name in names:
        if only and name not in only:
            continue
        if name not in engines:
            engines[name] = {"fairy-stockfish": FairyStockfish, "pydraughts": Worker}.get(
                name, lambda: Adapter(name))()
        engine = engines[name]
        if name == "fairy-stockfish":
            result.append((engine.version, engine.perft))
        else:
            result.append((f"{name} {engine.version}",
                           lambda fen, d, e=engine: e.perft(ruleset, fen, d, count)))
    return result


def main():
    if sys.argv[1:2] == ["--worker"]:
        worker()
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--max-nodes", type=int, default=None,
                        help="skip draughts lines whose count is larger (Python is slow)")
    parser.add_argument("--fill", action="store_true",
                        help="print the file with `?` counts filled in")
    parser.add_argument("--only", action="append", default=[],
                        choices=["fairy-stockfish", "pydraughts", "py-draughts"],
                        help="ask only this implementation (repeatable)")
    args = parser.parse_args()
    try:
        lines, entries = parse(args.file)
    except DataError as e:
        print(e, file=sys.stderr)
        return 2
    engines = {}
    differ = False
    for e in entries:
        if args.fill and e["nodes"] is not None:
            continue
        where = f"{args.file}:{e['line']}"
        label = f"{e['ruleset']} {e['name']!r} perft {e['depth']} {e['count']}"
        big = e["nodes"] is not None and args.max_nodes is not None
        if big and e["ruleset"] != "xiangqi" and e["nodes"] > args.max_nodes:
            if not args.fill:
                print(f"{where}: {label}: {e['nodes']} skipped (over --max-nodes)")
            continue
        answers = [(name, f(e["fen"], e["depth"]))
                   for name, f in implementations(e["ruleset"], e["count"], e["source"], engines,
                                                   args.only)]
        if not answers:
            continue
        values = {n for _, n in answers}
        said = ", ".join(f"{name} {n}" for name, n in answers)
        if args.fill:
            i = e["line"] - 1
            if len(values) == 1:
                lines[i] = lines[i].replace("?", str(values.pop()), 1)
            else:
                lines[i] += f"  # implementations differ: {said}"
            print(f"{where}: {label}: {said}", file=sys.stderr, flush=True)
            continue
        agree = values == {e["nodes"]}
        differ |= not agree
        verdict = "agree" if agree else "not filled in" if e["nodes"] is None else "DIFFER"
        print(f"{where}: {label}: file {e['nodes']}; {said}: {verdict}", flush=True)
    if args.fill:
        sys.stdout.write("\n".join(lines).rstrip("\n") + "\n")
    for engine in engines.values():
        engine.proc.stdin.close()
        engine.proc.wait()
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
