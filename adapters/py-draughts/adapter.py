"""arbiter engine-protocol adapter for py-draughts (PyPI `py-draughts`, imported as `draughts`).

Rulesets: russian, brazilian (every edition: py-draughts has one set of draw rules, the same
for both games). Queries: legal, play, perft (count "moves" only: py-draughts keeps one
capture route per move), outcome.

Notation: py-draughts uses the PDN numbering of the protocol (1 = b8, 32 = g1) for its
numeric FENs and moves (0-based square indices inside its Move objects), so positions are
given to it as they come and moves only change base. Every answer is py-draughts's; the
adapter only translates.

Run with the python of the venv that has py-draughts: see adapters/README.md.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import draughts  # noqa: E402
from draughts import RussianBoard, BrazilianBoard, Color  # noqa: E402

from arbiter_protocol import (  # noqa: E402
    Rejected, Skipped, serve, split_ruleset, parse_pdn_fen, write_pdn_fen,
    write_draughts_move, draughts_identities, match_draughts_move,
)

NAME = "py-draughts"
BOARDS = {"russian": RussianBoard, "brazilian": BrazilianBoard}
QUERIES = ("legal", "play", "perft", "outcome")
# py-draughts's push/pop run some 40,000 nodes a second here: depth 7 (190,000 leaves) takes
# 5-10 s, near arbiter's default 10 s request timeout; deeper requests are skipped.
PERFT_MAX_DEPTH = int(os.environ.get("ARBITER_PERFT_MAX_DEPTH", "6"))


def board_from(game, fen):
    cls = BOARDS[game]
    if fen is None:
        return cls()
    try:
        return cls.from_fen(fen)
    except ValueError as e:
        raise Rejected("setup", None, f"py-draughts refuses the FEN: {e}") from None


def position_fen(board):
    """py-draughts's FEN (`[FEN "W:W21,K30:B1"]`) without the wrapper, squares sorted."""
    white_to_move, white, black = parse_pdn_fen(board.fen)
    return write_pdn_fen(white_to_move, dict(white), dict(black))


def library_moves(board):
    """py-draughts's legal moves as (PDN path, PDN captured squares, Move)."""
    return [([s + 1 for s in m.square_list], [s + 1 for s in m.captured_list], m)
            for m in board.legal_moves]


def fen_after(board):
    def f(move):
        board.push(move)
        try:
            return board.fen
        finally:
            board.pop()
    return f


def replay(request):
    game, _ = split_ruleset(request.get("ruleset"))
    if game not in BOARDS:
        raise Skipped(f"py-draughts adapter plays {', '.join(BOARDS)}, not {game}")
    board = board_from(game, request.get("position"))
    for index, text in enumerate(request.get("moves") or [], start=1):
        item, why = match_draughts_move(text, library_moves(board))
        if item is None:
            raise Rejected("move", index, f"move {index}: {why} (py-draughts)")
        board.push(item[2])
    return game, board


def perft(board, depth, distinct):
    moves = library_moves(board)
    if distinct:
        moves = draughts_identities(moves, fen_after(board))
    if depth == 1:
        return len(moves)
    total = 0
    for _, _, m in moves:
        board.push(m)
        total += perft(board, depth - 1, distinct)
        board.pop()
    return total


def side_has_pieces(board, colour):
    if colour == Color.WHITE:
        return bool(board.white_men | board.white_kings)
    return bool(board.black_men | board.black_kings)


def run(request):
    query = request["query"]
    if query == "perft":
        depth, count = request.get("depth"), request.get("count", "paths")
        if not isinstance(depth, int) or depth < 0 or count not in ("paths", "moves"):
            raise ValueError(f"bad perft request: depth {depth!r}, count {count!r}")
        if depth > PERFT_MAX_DEPTH:
            raise Skipped(f"perft depth {depth} is beyond this adapter's limit "
                          f"({PERFT_MAX_DEPTH}, ARBITER_PERFT_MAX_DEPTH)")
    game, board = replay(request)
    if query == "legal":
        moves = draughts_identities(library_moves(board), fen_after(board))
        return {"moves": [write_draughts_move(p, c) for p, c, _ in moves]}
    if query == "play":
        return {"fen": position_fen(board)}
    if query == "perft":
        if count == "paths" and depth > 0:
            raise Skipped("py-draughts keeps one capture route per (from, to, captured set) "
                          "(its move generator merges the others), so it counts moves, "
                          "not paths")
        nodes = 1 if depth == 0 else perft(board, depth, count == "moves")
        return {"nodes": nodes}
    if query == "outcome":
        counters = {"kings-only": board.halfmove_clock}
        result = board.result
        if result == "-":
            return {"result": "ongoing", "reason": "", "counters": counters}
        if result == "1/2-1/2":
            # py-draughts's is_draw is these three properties, in this order.
            if board.is_threefold_repetition:
                reason = "threefold"
            elif board.is_15_moves_rule:
                reason = "kings-only"
            elif board.is_3_kings_vs_1_rule:
                reason = "three-kings-vs-king"
            else:
                reason = None
            if reason is None:
                # The library does not name the rule: the reason is left out, so cases
                # that check it are skipped rather than failed on a made-up name.
                return {"result": "draw", "counters": counters}
            return {"result": "draw", "reason": reason, "counters": counters}
        # Decided: the side to move has no legal move (py-draughts's game_over).
        reason = "no-legal-move" if side_has_pieces(board, board.turn) else "no-pieces"
        return {"result": "white" if result == "1-0" else "black", "reason": reason,
                "counters": counters}
    raise Skipped(f"py-draughts adapter does not answer {query!r}")


def main():
    return serve(NAME, draughts.__version__, tuple(BOARDS), QUERIES, run)


if __name__ == "__main__":
    sys.exit(main())
