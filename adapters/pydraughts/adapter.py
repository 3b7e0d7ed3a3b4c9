"""arbiter engine-protocol adapter for pydraughts (PyPI `pydraughts`, imported as `draughts`).

Rulesets: russian, brazilian (every edition: pydraughts has one set of draw rules per game).
Queries: legal, play, perft, outcome.

Notation: pydraughts numbers the 32 squares of russian/brazilian from a1 (1 = a1, 4 = g1,
29 = b8) and reads numeric FENs in that numbering, while the protocol uses PDN numbering
(1 = b8, 32 = g1). The adapter gives pydraughts algebraic FENs (which it reads unambiguously),
and translates its move squares (its own numbering) to PDN numbers. Every answer is
pydraughts's; the adapter only translates.

Run with the python of the venv that has pydraughts: see adapters/README.md.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import draughts  # noqa: E402
from draughts import Board, WHITE, BLACK  # noqa: E402

from arbiter_protocol import (  # noqa: E402
    Rejected, Skipped, serve, split_ruleset, parse_pdn_fen, pdn_to_algebraic,
    write_pdn_fen, write_draughts_move, draughts_identities, match_draughts_move,
)

NAME = "pydraughts"
GAMES = ("russian", "brazilian")
QUERIES = ("legal", "play", "perft", "outcome")
# Perft runs pydraughts's own push/pop in Python (about 1,000 nodes a second); deeper
# requests are skipped rather than left to hit arbiter's request timeout.
PERFT_MAX_DEPTH = int(os.environ.get("ARBITER_PERFT_MAX_DEPTH", "4"))


def variant_to_pdn(v):
    """pydraughts square (1 = a1, row by row from white's side) -> PDN (1 = b8)."""
    row, col = divmod(v - 1, 4)
    return (7 - row) * 4 + col + 1


def board_from(game, fen):
    if fen is None:
        return Board(game)
    try:
        white_to_move, white, black = parse_pdn_fen(fen)
    except ValueError as e:
        # pydraughts has no validity check; a FEN naming squares that do not exist (0, 33,
        # a light square) has no algebraic form to give it, so it cannot be asked at all.
        raise Skipped(f"the position cannot be put to pydraughts: {e}") from None

    def side(pieces):
        return ",".join(("K" if king else "") + pdn_to_algebraic(s) for s, king in pieces)
    return Board(game, fen=f"{'W' if white_to_move else 'B'}:W{side(white)}:B{side(black)}")


def position_fen(board):
    """pydraughts's FEN (algebraic squares) in PDN numbers, squares sorted."""
    white_to_move, white, black = parse_pdn_fen(board.fen)
    return write_pdn_fen(white_to_move, dict(white), dict(black))


def library_moves(board):
    """pydraughts's legal moves as (PDN path, PDN captured squares, Move)."""
    result = []
    for m in board.legal_moves():
        path = [variant_to_pdn(s) for s in m.steps_move]
        captured = [variant_to_pdn(s) for s in (m.captures or []) if s is not None]
        result.append((path, captured, m))
    return result


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
    if game not in GAMES:
        raise Skipped(f"pydraughts adapter plays {', '.join(GAMES)}, not {game}")
    board = board_from(game, request.get("position"))
    for index, text in enumerate(request.get("moves") or [], start=1):
        item, why = match_draughts_move(text, library_moves(board))
        if item is None:
            raise Rejected("move", index, f"move {index}: {why} (pydraughts)")
        board.push(item[2])
    return board


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


def piece_count(board, colour):
    _, white, black = parse_pdn_fen(board.fen)
    return len(white if colour == WHITE else black)


def run(request):
    query = request["query"]
    if query == "perft":
        depth, count = request.get("depth"), request.get("count", "paths")
        if not isinstance(depth, int) or depth < 0 or count not in ("paths", "moves"):
            raise ValueError(f"bad perft request: depth {depth!r}, count {count!r}")
        if depth > PERFT_MAX_DEPTH:
            raise Skipped(f"perft depth {depth} is beyond this adapter's limit "
                          f"({PERFT_MAX_DEPTH}, ARBITER_PERFT_MAX_DEPTH): pydraughts is slow")
    board = replay(request)
    if query == "legal":
        moves = draughts_identities(library_moves(board), fen_after(board))
        return {"moves": [write_draughts_move(p, c) for p, c, _ in moves]}
    if query == "play":
        return {"fen": position_fen(board)}
    if query == "perft":
        nodes = 1 if depth == 0 else perft(board, depth, count == "moves")
        return {"nodes": nodes}
    if query == "outcome":
        winner = board.winner()
        counters = {"kings-only": board._game.consecutive_noncapture_king_moves}
        if winner is None:
            return {"result": "ongoing", "reason": "", "counters": counters}
        if winner == 0:
            # pydraughts says only that the game is drawn; it names the rule for threefold
            # repetition alone (Game.is_threefold).
            reason = "threefold" if board._game.is_threefold() else None
            if reason is None:
                # The library does not name the rule: the reason is left out, so cases
                # that check it are skipped rather than failed on a made-up name.
                return {"result": "draw", "counters": counters}
            return {"result": "draw", "reason": reason, "counters": counters}
        loser = BLACK if winner == WHITE else WHITE
        reason = "no-pieces" if piece_count(board, loser) == 0 else "no-legal-move"
        return {"result": "white" if winner == WHITE else "black", "reason": reason,
                "counters": counters}
    raise Skipped(f"pydraughts adapter does not answer {query!r}")


def main():
    return serve(NAME, draughts.__version__, GAMES, QUERIES, run)


if __name__ == "__main__":
    sys.exit(main())
