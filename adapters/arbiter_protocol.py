"""The engine side of arbiter's engine protocol, version 1 (docs/protocol.md).

Shared by the adapters in this directory; standard library only. An adapter gives `serve` its
name, version, rulesets, queries and a `run(request)` function that returns the answer fields
of a reply (without `seq`) or raises one of the exceptions below:

- `Rejected(stage, index, message)`: the position (stage "setup") or history move `index`
  (stage "move", 1-based) is refused;
- `Skipped(message)`: the engine does not answer this;
- anything else: the reply is `errored` with the exception text (traceback on stderr).

Whatever the libraries write to file descriptor 1 is sent to stderr: only protocol lines reach
the real stdout.
"""

import json
import os
import sys
import traceback

PROTOCOL = 1


class Rejected(Exception):
    """A rejection: the position or a history move is refused by the library."""

    def __init__(self, stage, index=None, message=""):
        super().__init__(message)
        self.stage = stage
        self.index = index
        self.message = message


class Skipped(Exception):
    """The engine does not answer this request."""


def split_ruleset(ruleset):
    """`russian@fmjd64` -> ("russian", "fmjd64"); a bare game has edition None."""
    if not isinstance(ruleset, str) or not ruleset:
        raise ValueError("the request has no ruleset")
    game, _, edition = ruleset.partition("@")
    return game, (edition or None)


def _protocol_stdout():
    """A text stream on the real stdout; fd 1 is then pointed at stderr so that library
    output (print, C++ std::cout) cannot corrupt the protocol stream."""
    sys.stdout.flush()
    out = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return out


def serve(name, version, rulesets, queries, run, stdin=None):
    """Reads requests until EOF or `stop`; returns the exit status."""
    out = _protocol_stdout()
    try:
        return _serve(out, name, version, rulesets, queries, run,
                      stdin if stdin is not None else sys.stdin.buffer)
    finally:
        out.close()


def _serve(out, name, version, rulesets, queries, run, stdin):

    def send(obj):
        out.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
        out.flush()

    for raw in stdin:
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError as e:
            send({"errored": True, "message": f"the request is not UTF-8: {e}"})
            continue
        if not line:
            continue
        try:
            request = json.loads(line)
        except ValueError as e:
            print(f"{name}: not JSON: {line[:200]!r}: {e}", file=sys.stderr, flush=True)
            send({"errored": True, "message": f"the request is not JSON: {e}"})
            continue
        if not isinstance(request, dict):
            send({"errored": True, "message": "the request is not a JSON object"})
            continue
        cmd = request.get("cmd")
        if cmd == "stop":
            return 0
        if cmd == "start":
            if request.get("protocol") != PROTOCOL:
                send({"errored": True,
                      "message": f"protocol {request.get('protocol')!r} is not spoken here; "
                                 f"this adapter speaks protocol {PROTOCOL}"})
                return 2
            send({"protocol": PROTOCOL, "name": name, "version": version,
                  "rulesets": list(rulesets), "queries": list(queries)})
            continue
        seq = request.get("seq")
        reply = {"seq": seq} if seq is not None else {}
        if cmd != "run":
            reply.update(errored=True, message=f"unknown command {cmd!r}")
            send(reply)
            continue
        if not isinstance(seq, int) or isinstance(seq, bool):
            reply.update(errored=True, message="the run request has no integer seq")
            send(reply)
            continue
        try:
            if request.get("query") not in queries:
                raise Skipped(f"{name} does not answer the query {request.get('query')!r}")
            reply.update(run(request))
        except Rejected as r:
            reply["rejected"] = {"stage": r.stage}
            if r.index is not None:
                reply["rejected"]["index"] = r.index
            reply["message"] = r.message
        except Skipped as s:
            reply.update(skipped=True, message=str(s))
        except Exception as e:  # noqa: BLE001 -- never die on a request
            traceback.print_exc(file=sys.stderr)
            sys.stderr.flush()
            text = str(e) or type(e).__name__
            reply = {"seq": seq, "errored": True, "message": f"{type(e).__name__}: {text}"}
        send(reply)
    return 0


# --- 64-square draughts notation (PDN numbering, GameType 25/26) -------------------------
#
# Square n (1-32) of the protocol: 1 = b8, 4 = h8, 5 = a7, ..., 29 = a1, 32 = g1, white at the
# bottom. Row r = (n-1)//4 counts from rank 8 down; even rows hold the b, d, f, h files.

FILES = "abcdefgh"


def pdn_to_algebraic(n):
    r, c = divmod(n - 1, 4)
    rank = 8 - r
    file = 2 * c + (1 if r % 2 == 0 else 0)
    return f"{FILES[file]}{rank}"


ALGEBRAIC_TO_PDN = {pdn_to_algebraic(n): n for n in range(1, 33)}


def read_square(token):
    """A square of a request move: `22` or `c3`; None when it is not a playing square."""
    token = token.strip().lower()
    if token.isdigit():
        n = int(token)
        return n if 1 <= n <= 32 else None
    return ALGEBRAIC_TO_PDN.get(token)


def read_draughts_move(text):
    """The squares of a move text (`22-18`, `9x2x11`, `c3:e5`): a list of PDN numbers, or
    None when it cannot be read."""
    if not isinstance(text, str):
        return None
    t = text.strip().lower().replace("\u00d7", "x").replace(":", "x")
    for sep in ("x", "-"):
        if sep in t:
            parts = t.split(sep)
            break
    else:
        return None
    squares = [read_square(p) for p in parts]
    if len(squares) < 2 or any(s is None for s in squares):
        return None
    return squares


def write_draughts_move(path, captured):
    """The protocol text of a move: every landing square for a capture."""
    sep = "x" if captured else "-"
    if not captured:
        path = [path[0], path[-1]]
    return sep.join(str(s) for s in path)


def write_pdn_fen(white_to_move, white, black):
    """`W:W21,K30:B1,K9` from dicts square -> is_king, squares sorted."""
    def side(pieces):
        return ",".join(("K" if pieces[s] else "") + str(s) for s in sorted(pieces))
    return f"{'W' if white_to_move else 'B'}:W{side(white)}:B{side(black)}"


def parse_pdn_fen(fen):
    """A PDN FEN with numeric or algebraic squares -> (white_to_move, white, black), each
    side a list of (square, is_king) in the order written, repeats kept. Raises ValueError on text this cannot translate (the
    adapter's reading, not a judgement of the rules: the library judges what it is given)."""
    text = fen.strip()
    if text.startswith("[FEN"):
        text = text[4:].strip().rstrip("]").strip().strip('"')
    fields = text.rstrip(".").split(":")
    if len(fields) < 3 or fields[0].upper() not in ("W", "B"):
        raise ValueError(f"cannot read the PDN FEN {fen!r}")
    white_to_move = fields[0].upper() == "W"
    sides = {}
    for field in fields[1:3]:
        if not field or field[0].upper() not in ("W", "B"):
            raise ValueError(f"cannot read the PDN FEN {fen!r}: field {field!r}")
        colour = field[0].upper()
        if colour in sides:
            raise ValueError(f"cannot read the PDN FEN {fen!r}: two {colour} fields")
        squares = []  # in order, with repeats, so that the library sees what was written
        for token in filter(None, (t.strip() for t in field[1:].split(","))):
            king = token[0].upper() == "K"
            body = token[1:] if king else token
            if "-" in body:
                lo, hi = (read_square(x) for x in body.split("-", 1))
                if lo is None or hi is None or lo > hi:
                    raise ValueError(f"cannot read the square range {token!r}")
                rng = range(lo, hi + 1)
            else:
                s = read_square(body)
                if s is None:
                    raise ValueError(f"cannot read the square {token!r}")
                rng = [s]
            squares.extend((s, king) for s in rng)
        sides[colour] = squares
    return white_to_move, sides["W"], sides["B"]


def draughts_identities(moves, fen_after):
    """Groups library moves by identity (from, to, captured set, and the position reached
    when two moves share the first three: a promotion told apart by the library's own board).

    `moves` is a list of (path, captured, library_move) with PDN squares; `fen_after(m)` is
    the library's position after `m`. Returns one representative (path, captured, m) per
    identity, in the library's order."""
    groups = {}
    order = []
    for item in moves:
        path, captured, _ = item
        key = (path[0], path[-1], frozenset(captured))
        if key not in groups:
            groups[key] = [item]
            order.append(key)
        else:
            groups[key].append(item)
    result = []
    for key in order:
        items = groups[key]
        if len(items) == 1:
            result.append(items[0])
            continue
        seen = set()
        for item in items:
            fen = fen_after(item[2])
            if fen not in seen:
                seen.add(fen)
                result.append(item)
    return result


def _coordinates(n):
    """Row and column (0-based, from the top left) of PDN square n."""
    r, c = divmod(n - 1, 4)
    return r, 2 * c + (1 if r % 2 == 0 else 0)


def _between(a, b):
    """The PDN squares strictly between a and b on their diagonal (empty if not on one)."""
    (ra, ca), (rb, cb) = _coordinates(a), _coordinates(b)
    if abs(ra - rb) != abs(ca - cb) or ra == rb:
        return []
    dr, dc = (1 if rb > ra else -1), (1 if cb > ca else -1)
    squares = []
    r, c = ra + dr, ca + dc
    while (r, c) != (rb, cb):
        squares.append(4 * r + c // 2 + 1)
        r, c = r + dr, c + dc
    return squares


def route_takes(route, captured):
    """Whether the route (PDN landing squares) jumps exactly the pieces `captured`: each hop
    passes over exactly one of them, and every one of them is passed over once."""
    taken = []
    for a, b in zip(route, route[1:]):
        over = [s for s in _between(a, b) if s in captured]
        if len(over) != 1:
            return False
        taken.append(over[0])
    return len(taken) == len(set(taken)) and set(taken) == set(captured)


def match_draughts_move(text, moves):
    """The library move a request text names, from (path, captured, library_move) items:
    the route the text spells out, else the capture whose pieces the text's hops pass over,
    else (from and to only) the one move between those squares. Returns (item, None) or
    (None, why)."""
    squares = read_draughts_move(text)
    if squares is None:
        return None, f"cannot read the move {text!r}"
    ends = [m for m in moves if m[0][0] == squares[0] and m[0][-1] == squares[-1]]
    # A text that names every landing square of a route names that route, even when
    # another capture joins the same squares (19x28 beside 19x10x17x26x19x28).
    found = [m for m in ends if list(m[0]) == squares]
    if not found and len(squares) > 2:
        # A library that keeps one route per capture (py-draughts merges routes with the
        # same outcome) may list another route of the same capture, e.g. 22x15x6x13x22 for
        # 22x13x6x15x22: the capture whose pieces lie one on each hop of the text's route,
        # and no others, is the one the text names.
        found = [m for m in ends if route_takes(squares, m[1])]
    elif not found:
        found = ends
    if not found:
        return None, f"{text} is not a legal move"
    keys = {(m[0][0], m[0][-1], frozenset(m[1])) for m in found}
    if len(keys) > 1:
        return None, f"{text} is ambiguous: it names {len(keys)} different legal captures"
    return found[0], None
