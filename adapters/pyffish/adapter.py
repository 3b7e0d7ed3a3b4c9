"""arbiter engine-protocol adapter for pyffish (PyPI `pyffish`, Fairy-Stockfish's Python
binding), variant `xiangqi`.

Rulesets: xiangqi (every edition). Queries: legal, play, check, outcome, perft, repetition
(answered under xiangqi@axf only: Fairy-Stockfish judges repetition by Asian rules).

Notation: Fairy-Stockfish writes xiangqi moves with ranks 1-10 (`h3e3`, `h3h10`); the protocol
uses ICCS with ranks 0-9 (`h2e2`). FENs are the same text on both sides. Every answer is
pyffish's; the adapter only translates notation and shapes.

pyffish is stateless: each call gets the variant, the starting FEN and the moves played from
it, so the history (and with it Fairy-Stockfish's repetition detection) is always complete.

Run with the python of the venv that has pyffish: see adapters/README.md.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pyffish as sf  # noqa: E402

from arbiter_protocol import Rejected, Skipped, serve, split_ruleset  # noqa: E402

NAME = "pyffish"
VARIANT = "xiangqi"
QUERIES = ("legal", "play", "check", "outcome", "perft", "repetition")
# Every pyffish call rebuilds its piece tables (UCI::init_variant), about 7 ms: perft 2 is 45
# calls, perft 3 about 2,000 (some 13 s, past arbiter's default request timeout).
PERFT_MAX_DEPTH = int(os.environ.get("ARBITER_PERFT_MAX_DEPTH", "2"))
START_FEN = sf.start_fen(VARIANT)
MOVE = re.compile(r"^([a-i])(\d{1,2})([a-i])(\d{1,2})$")
# Fairy-Stockfish's xiangqi n-move rule: 50 moves (Variant::nMoveRule), i.e. 100 plies; its
# optional game end at a lower halfmove clock can only be its repetition rule.
N_MOVE_PLIES = 100
# Fairy-Stockfish's FenValidation codes (src/apiutil.h); pyffish exports only FEN_OK by name.
FEN_ERRORS = {
    -14: "invalid counting rule", -13: "invalid check count", -12: "invalid promoted piece",
    -11: "invalid number of FEN parts", -10: "invalid character", -9: "touching kings",
    -8: "invalid board geometry", -7: "invalid pocket info", -6: "invalid side to move",
    -5: "invalid castling info", -4: "invalid en-passant square",
    -3: "invalid number of kings", -2: "invalid half-move counter",
    -1: "invalid move counter", 0: "empty FEN",
}


def shift_ranks(move, by):
    m = MOVE.match(move)
    if not m:
        return None
    f1, r1, f2, r2 = m.groups()
    return f"{f1}{int(r1) + by}{f2}{int(r2) + by}"


def to_iccs(move):
    """Fairy-Stockfish `h3e3` -> ICCS `h2e2`."""
    iccs = shift_ranks(move, -1)
    if iccs is None:
        raise ValueError(f"pyffish gave a move this adapter cannot read: {move!r}")
    return iccs


def position(request):
    """(starting FEN, library moves played, edition), the history checked against pyffish's
    own legal moves."""
    game, edition = split_ruleset(request.get("ruleset"))
    if game != "xiangqi":
        raise Skipped(f"pyffish adapter plays xiangqi, not {game}")
    fen = request.get("position")
    if fen is None:
        fen = START_FEN
    else:
        if not isinstance(fen, str):
            raise ValueError(f"the position is not a string: {fen!r}")
        code = sf.validate_fen(fen, VARIANT)
        if code != sf.FEN_OK:
            raise Rejected("setup", None,
                           f"pyffish validate_fen: {FEN_ERRORS.get(code, code)} ({code})")
    texts = request.get("moves") or []
    played = []
    for index, text in enumerate(texts, start=1):
        move = shift_ranks(text.strip().lower(), +1) if isinstance(text, str) else None
        if move is None:
            raise Rejected("move", index, f"move {index}: cannot read {text!r} as ICCS")
        played.append(move)
    if played:
        # One call checks the whole history: get_san_moves plays each move only if it is
        # among Fairy-Stockfish's legal moves (UCI::to_move over MoveList<LEGAL>) and
        # raises ValueError at the first that is not. Each pyffish call costs ~7 ms, so
        # the move-by-move search below runs only to name the refused move.
        try:
            sf.get_san_moves(VARIANT, fen, played)
        except ValueError:
            for index, move in enumerate(played):
                if move not in sf.legal_moves(VARIANT, fen, played[:index]):
                    raise Rejected("move", index + 1, f"move {index + 1}: {texts[index]} "
                                   "is not a legal move (pyffish)") from None
            raise
    return fen, played, edition


def current(fen, played):
    """(side to move, halfmove clock) of pyffish's FEN of the position reached."""
    fields = sf.get_fen(VARIANT, fen, played).split()
    mover = "red" if fields[1] == "w" else "black"
    clock = int(fields[4]) if len(fields) > 4 and fields[4].isdigit() else 0
    return mover, clock


def other(side):
    return "black" if side == "red" else "red"


def perft(fen, played, depth):
    moves = sf.legal_moves(VARIANT, fen, played)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        child = sf.get_fen(VARIANT, fen, played + [m])
        total += perft(child, [], depth - 1)
    return total


def optional_end(fen, played, clock):
    """Fairy-Stockfish's optional game end, as (kind, value): kind None, "sixty-move" (its
    n-move rule: the halfmove clock is past 100 plies) or "repetition"; value from the side
    to move's point of view (>0 wins, <0 loses, 0 draw)."""
    end, value = sf.is_optional_game_end(VARIANT, fen, played)
    if not end:
        return None, 0
    if clock >= N_MOVE_PLIES:
        return "sixty-move", value
    return "repetition", value


def run(request):
    query = request["query"]
    if query == "perft":
        depth = request.get("depth")
        if not isinstance(depth, int) or depth < 0:
            raise ValueError(f"bad perft request: depth {depth!r}")
        if depth > PERFT_MAX_DEPTH:
            raise Skipped(f"perft depth {depth} is beyond this adapter's limit "
                          f"({PERFT_MAX_DEPTH}, ARBITER_PERFT_MAX_DEPTH)")
    fen, played, edition = position(request)
    axf = edition == "axf"
    if query == "legal":
        return {"moves": [to_iccs(m) for m in sf.legal_moves(VARIANT, fen, played)]}
    if query == "play":
        return {"fen": sf.get_fen(VARIANT, fen, played)}
    if query == "check":
        return {"in_check": bool(sf.gives_check(VARIANT, fen, played))}
    if query == "perft":
        return {"nodes": 1 if depth == 0 else perft(fen, played, depth)}
    if query == "outcome":
        return outcome(fen, played, axf)
    if query == "repetition":
        if not axf:
            raise Skipped("Fairy-Stockfish judges repetition by Asian (AXF) rules only; "
                          f"it does not answer under xiangqi@{edition or 'cxa'}")
        return repetition(fen, played)
    raise Skipped(f"pyffish adapter does not answer {query!r}")


def outcome(fen, played, axf):
    mover, clock = current(fen, played)
    counters = {"sixty-move": clock}
    immediate, value = sf.is_immediate_game_end(VARIANT, fen, played)
    if not immediate and not sf.legal_moves(VARIANT, fen, played):
        value = sf.game_result(VARIANT, fen, played)
        reason = "checkmate" if sf.gives_check(VARIANT, fen, played) else "stalemate"
    elif immediate:
        reason = None  # the library does not say which rule ended the game
    else:
        kind, value = optional_end(fen, played, clock)
        if kind == "repetition" and not axf:
            raise Skipped("Fairy-Stockfish's game end here is its repetition rule, which "
                          "follows Asian (AXF) rules only")
        if kind is not None and value != 0:
            # A side that repeats forbidden moves (perpetual check or chase) loses.
            result = mover if value > 0 else other(mover)
            return {"result": result, "reason": "forbidden-repetition", "claims": [],
                    "counters": counters}
        # A drawn optional end is a draw a player may claim.
        return {"result": "ongoing", "reason": "", "claims": [kind] if kind else [],
                "counters": counters}
    result = "draw" if value == 0 else (mover if value > 0 else other(mover))
    answer = {"result": result, "reason": reason, "claims": [], "counters": counters}
    if reason is None:
        del answer["reason"]
    return answer


def repetition(fen, played):
    mover, clock = current(fen, played)
    kind, value = optional_end(fen, played, clock)
    if kind is None:
        return {"verdict": "none", "side": None,
                "reason": "pyffish is_optional_game_end: no game end"}
    if kind != "repetition":
        raise Skipped("Fairy-Stockfish's optional game end here may be its 50-move rule "
                      "(halfmove clock past 100 plies): its repetition verdict is not known")
    if value == 0:
        return {"verdict": "draw", "side": None,
                "reason": "pyffish is_optional_game_end: repetition, drawn"}
    loser = other(mover) if value > 0 else mover
    return {"verdict": "loss", "side": loser,
            "reason": f"pyffish is_optional_game_end: repetition, {loser} loses "
                      f"(perpetual check or chase, value {value})"}


def main():
    v = ".".join(str(x) for x in sf.version())
    return serve(NAME, v, ("xiangqi",), QUERIES, run)


if __name__ == "__main__":
    sys.exit(main())
