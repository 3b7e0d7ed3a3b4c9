"""Self-tests of the protocol adapters (standard library only).

Run with the python of an adapter's venv; the adapters whose library that python has are
tested, the others skipped:

    target/venvs/pydraughts/bin/python adapters/test_adapters.py
    target/venvs/py-draughts/bin/python adapters/test_adapters.py
    target/venvs/pyffish/bin/python adapters/test_adapters.py

(`bash adapters/test.sh` runs all three.) ARBITER_ADAPTER_CMD replaces the command that
starts the adapter under test (a shell-split string), to point the tests at another build.
"""

import importlib.metadata
import json
import os
import queue
import shlex
import subprocess
import sys
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TIMEOUT = float(os.environ.get("ARBITER_TEST_TIMEOUT", "30"))

RUSSIAN_START = {"21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"}


def installed(dist):
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


class Adapter:
    """An adapter process spoken to line by line."""

    def __init__(self, name):
        cmd = os.environ.get("ARBITER_ADAPTER_CMD")
        argv = shlex.split(cmd) if cmd else [sys.executable, os.path.join(HERE, name, "adapter.py")]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.lines = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._pump, args=(self.proc.stdout, self.lines.put),
                         daemon=True).start()
        threading.Thread(target=self._pump, args=(self.proc.stderr, self.stderr.append),
                         daemon=True).start()

    @staticmethod
    def _pump(stream, put):
        for line in iter(stream.readline, b""):
            put(line)
        put(None)

    def write(self, raw):
        self.proc.stdin.write(raw if isinstance(raw, bytes) else raw.encode())
        self.proc.stdin.flush()

    def read(self):
        try:
            line = self.lines.get(timeout=TIMEOUT)
        except queue.Empty:
            raise AssertionError(f"no reply within {TIMEOUT} s; stderr: {self.err()}")
        if line is None:
            raise AssertionError(f"the adapter closed stdout; stderr: {self.err()}")
        try:
            reply = json.loads(line)
        except ValueError:
            raise AssertionError(f"not a JSON line: {line!r}")
        if not isinstance(reply, dict):
            raise AssertionError(f"not a JSON object: {line!r}")
        return reply

    def ask(self, obj):
        self.write(json.dumps(obj) + "\n")
        return self.read()

    def err(self):
        return b"".join(self.stderr).decode(errors="replace")[-2000:]

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            return self.proc.wait(timeout=TIMEOUT)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            self.proc.stdout.close()
            self.proc.stderr.close()


class Common:
    """Checks every adapter must pass; the subclasses name the adapter and its game."""

    NAME = DIST = None
    RULESETS = ()
    GAME = None  # ruleset used for the common checks
    START_COUNT = None
    START_MOVES = None  # a subset of the start position's moves, in protocol notation
    ILLEGAL_HISTORY = None  # (moves, 1-based index of the illegal one)
    LEGAL_HISTORY = None  # (moves, FEN reached)
    BAD_FEN = None  # a FEN the library refuses, or None when it has no validity check

    # One adapter process serves the conversation tests of a class (starting py-draughts
    # takes a second or two); the tests that end the process start their own (`fresh`).
    shared = None

    @classmethod
    def tearDownClass(cls):
        if cls.shared is not None:
            cls.shared.close()
            cls.shared = None

    def setUp(self):
        cls = type(self)
        if cls.shared is None or cls.shared.proc.poll() is not None:
            cls.shared = Adapter(self.NAME)
            cls.shared.ask({"cmd": "start", "protocol": 1})
        self.engine = cls.shared
        self.own = None
        self.seq = 0

    def tearDown(self):
        if self.own is not None:
            self.own.close()

    def fresh(self):
        """A new adapter process of this test's own, not yet started."""
        self.own = self.engine = Adapter(self.NAME)
        return self.engine

    def start(self):
        return self.engine.ask({"cmd": "start", "protocol": 1})

    def run_query(self, query, position=None, moves=(), ruleset=None, **fields):
        self.seq += 1
        request = {"cmd": "run", "seq": self.seq, "query": query,
                   "ruleset": ruleset or self.GAME, "position": position, "moves": list(moves)}
        request.update(fields)
        reply = self.engine.ask(request)
        self.assertEqual(reply.get("seq"), self.seq, reply)
        return reply

    def test_start_reply(self):
        self.fresh()
        reply = self.start()
        self.assertEqual(reply["protocol"], 1)
        self.assertEqual(reply["name"], self.NAME)
        self.assertEqual(reply["version"], installed(self.DIST))
        self.assertEqual(sorted(reply["rulesets"]), sorted(self.RULESETS))
        self.assertIn("legal", reply["queries"])
        self.assertIn("play", reply["queries"])
        self.assertTrue(all(isinstance(q, str) for q in reply["queries"]))

    def test_other_protocol_is_refused(self):
        self.fresh()
        reply = self.engine.ask({"cmd": "start", "protocol": 2})
        self.assertTrue(reply.get("errored"), reply)
        self.assertIn("protocol", reply["message"])
        self.assertNotEqual(self.engine.close(), 0)

    def test_legal_in_start_position(self):
        self.start()
        for ruleset in self.RULESETS:
            with self.subTest(ruleset=ruleset):
                reply = self.run_query("legal", ruleset=self.full(ruleset))
                moves = reply["moves"]
                self.assertEqual(len(moves), self.START_COUNT, moves)
                self.assertEqual(len(set(moves)), len(moves), moves)
                self.assertLessEqual(self.START_MOVES, set(moves))

    def test_illegal_history_move_rejected_at_its_index(self):
        self.start()
        moves, index = self.ILLEGAL_HISTORY
        reply = self.run_query("play", moves=moves)
        self.assertEqual(reply.get("rejected"), {"stage": "move", "index": index}, reply)
        self.assertIsInstance(reply.get("message"), str)
        # the moves before it are accepted
        reply = self.run_query("play", moves=moves[:index - 1])
        self.assertIn("fen", reply)

    def test_legal_history_reaches_the_position(self):
        self.start()
        moves, fen = self.LEGAL_HISTORY
        self.assertEqual(self.run_query("play", moves=moves), {"seq": self.seq, "fen": fen})

    def test_invalid_position_rejected_at_setup(self):
        if self.BAD_FEN is None:
            self.skipTest(f"{self.NAME} has no FEN validity check")
        self.start()
        reply = self.run_query("play", position=self.BAD_FEN)
        self.assertEqual(reply.get("rejected"), {"stage": "setup"}, reply)

    def test_seq_is_echoed(self):
        self.start()
        for seq in (41, 7, 1000000, 0):
            reply = self.engine.ask({"cmd": "run", "seq": seq, "query": "legal",
                                     "ruleset": self.GAME, "position": None, "moves": []})
            self.assertEqual(reply.get("seq"), seq, reply)
            self.assertIn("moves", reply)

    def test_unknown_query_is_skipped(self):
        self.start()
        reply = self.run_query("no-such-query")
        self.assertEqual(reply.get("skipped"), True, reply)
        self.assertIsInstance(reply.get("message"), str)

    def test_unplayed_ruleset_is_skipped(self):
        self.start()
        other = "xiangqi@cxa" if "xiangqi" not in self.RULESETS else "russian@fmjd64"
        reply = self.run_query("legal", ruleset=other)
        self.assertEqual(reply.get("skipped"), True, reply)

    def test_library_error_is_errored_not_fatal(self):
        self.start()
        reply = self.run_query("perft", depth="deep")
        self.assertEqual(reply.get("errored"), True, reply)
        self.assertIsInstance(reply.get("message"), str)
        self.assertIn("moves", self.run_query("legal"))

    def test_garbage_input_is_survived(self):
        self.start()
        for raw in (b"garbage\n", b"[1, 2]\n", b"\xff\xfe\n", b'{"cmd":"run"}\n',
                    b'{"cmd":"dance","seq":3}\n', b'{"cmd":"run","seq":"x","query":"legal"}\n'):
            with self.subTest(raw=raw):
                self.engine.write(raw)
                reply = self.engine.read()
                self.assertEqual(reply.get("errored"), True, reply)
        self.engine.write(b"\n")  # a blank line gets no reply
        self.assertIn("moves", self.run_query("legal"))

    def test_stop_ends_the_process(self):
        self.fresh()
        self.start()
        self.engine.write('{"cmd":"stop"}\n')
        self.assertEqual(self.engine.proc.wait(timeout=TIMEOUT), 0)

    def test_eof_ends_the_process(self):
        self.fresh()
        self.start()
        self.assertEqual(self.engine.close(), 0)

    def test_run_before_start_is_answered(self):
        self.fresh()
        self.assertIn("moves", self.run_query("legal"))

    def full(self, ruleset):
        return ruleset if "@" in ruleset else {"russian": "russian@fmjd64",
                                                "brazilian": "brazilian@cxa",
                                                "xiangqi": "xiangqi@cxa"}[ruleset]


class DraughtsChecks(Common):
    RULESETS = ("russian", "brazilian")
    GAME = "russian@fmjd64"
    START_COUNT = 7
    START_MOVES = RUSSIAN_START
    # after 22-18 11-15 white must capture 18x11: 24-20 is illegal
    ILLEGAL_HISTORY = (["22-18", "11-15", "24-20"], 3)
    LEGAL_HISTORY = (["22-18", "11-15", "18x11", "8x15"],
                     "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,15")

    def test_start_moves_exactly(self):
        self.start()
        for ruleset in ("russian@fmjd64", "brazilian@cxa"):
            with self.subTest(ruleset=ruleset):
                self.assertEqual(set(self.run_query("legal", ruleset=ruleset)["moves"]),
                                 RUSSIAN_START)

    def test_russian_promotion_during_capture(self):
        # the protocol's own example: the man promotes on d8 and goes on as a king
        self.start()
        reply = self.run_query("legal", position="W:W9:B6,7")
        self.assertEqual(sorted(reply["moves"]), ["9x2x11", "9x2x16", "9x2x20"])

    def test_position_and_numbering(self):
        # PDN numbering (1 = b8, 32 = g1): the man on 22 (c3) must take 17 (b4), landing
        # on 13 (a5); read in a1-based numbering the position would be another one
        self.start()
        for ruleset in ("russian@fmjd64", "brazilian@cxa"):
            with self.subTest(ruleset=ruleset):
                reply = self.run_query("legal", position="W:W22,30:B17", ruleset=ruleset)
                self.assertEqual(reply["moves"], ["22x13"])
                reply = self.run_query("play", position="W:W22,30:B17", moves=["22x13"],
                                       ruleset=ruleset)
                self.assertEqual(reply["fen"], "B:W13,30:B")

    def test_capture_with_ends_only_is_read(self):
        self.start()
        reply = self.run_query("play", position="W:W22:B18,11", moves=["22x8"])
        self.assertEqual(reply.get("fen"), "B:W8:B", reply)

    def test_capture_route_either_way_round(self):
        # the man goes round c3-e5-c7-a5-c3: the two directions are one move
        self.start()
        for route in ("22x13x6x15x22", "22x15x6x13x22", "22x22"):
            with self.subTest(route=route):
                reply = self.run_query("play", position="W:W22:B9,10,17,18", moves=[route])
                self.assertEqual(reply.get("fen"), "B:W22:B", reply)
        reply = self.run_query("legal", position="W:W22:B9,10,17,18")
        self.assertEqual(len(reply["moves"]), 1, reply)
        reply = self.run_query("perft", position="W:W22:B9,10,17,18", depth=1, count="paths")
        if self.CIRCUIT_PATHS is None:
            self.assertEqual(reply.get("skipped"), True, reply)
        else:
            self.assertEqual(reply.get("nodes"), self.CIRCUIT_PATHS, reply)

    def test_a_full_route_names_its_capture(self):
        # Found by arbiter fuzz against py-draughts (docs/findings.md): from 19 the black
        # man takes 24 alone (19x28) or goes round and takes five (19x10x17x26x19x28 or
        # the other way round), both ending on 28; each full route names its own capture.
        self.start()
        position = "B:W14,15,22,23,24:B19"
        for route, fen in (("19x28", "W:W14,15,22,23:B28"),
                           ("19x10x17x26x19x28", "W:W:B28"),
                           ("19x26x17x10x19x28", "W:W:B28")):
            with self.subTest(route=route):
                reply = self.run_query("play", position=position, moves=[route])
                self.assertEqual(reply.get("fen"), fen, reply)
        reply = self.run_query("legal", position=position)
        self.assertEqual(len(reply["moves"]), 2, reply)

    def test_outcome_no_pieces(self):
        self.start()
        reply = self.run_query("outcome", position="W:W22,30:B17", moves=["22x13"])
        self.assertEqual((reply["result"], reply["reason"]), ("white", "no-pieces"), reply)

    def test_perft(self):
        self.start()
        for depth, nodes in ((1, 7), (2, 49), (3, 302)):
            with self.subTest(depth=depth):
                reply = self.run_query("perft", depth=depth, count="moves")
                self.assertEqual(reply, {"seq": self.seq, "nodes": nodes})


class TestPydraughts(DraughtsChecks, unittest.TestCase):
    NAME = DIST = "pydraughts"
    BAD_FEN = None  # pydraughts reads any FEN it is given without checking it
    CIRCUIT_PATHS = 2  # it lists both routes

    def test_untranslatable_position_is_skipped(self):
        self.start()
        reply = self.run_query("legal", position="W:W33:B1")
        self.assertEqual(reply.get("skipped"), True, reply)


class TestPyDraughts(DraughtsChecks, unittest.TestCase):
    NAME = DIST = "py-draughts"
    BAD_FEN = "W:W9,9:B6"
    CIRCUIT_PATHS = None  # it keeps one route per move: paths are skipped


class TestPyffish(Common, unittest.TestCase):
    NAME = DIST = "pyffish"
    RULESETS = ("xiangqi",)
    GAME = "xiangqi@cxa"
    START_COUNT = 44
    START_MOVES = {"h2e2", "b2e2", "h0g2", "a0a1", "e0e1", "h2h9", "g3g4"}
    ILLEGAL_HISTORY = (["h2e2", "h9g7", "e2e9"], 3)
    LEGAL_HISTORY = (["h2e2", "h9g7", "e2e6"],
                     "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2")
    BAD_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1"

    def test_ranks_are_iccs(self):
        self.start()
        moves = self.run_query("legal")["moves"]
        self.assertTrue(all(m[1] in "0123456789" and m[3] in "0123456789" and len(m) == 4
                            for m in moves), moves)
        self.assertIn("h2h9", moves)  # the cannon takes the horse: ranks 0-9
        self.assertNotIn("h3e3", moves)

    def test_rank_ten_history_move_is_refused(self):
        self.start()
        reply = self.run_query("play", moves=["h2h10"])
        self.assertEqual(reply.get("rejected"), {"stage": "move", "index": 1}, reply)

    def test_check(self):
        self.start()
        # the red cannon on e2 checks the general on e9 over the soldier on e4
        fen = "4k4/9/9/9/9/4P4/9/4C4/9/3K5 b - - 0 1"
        self.assertEqual(self.run_query("check", position=fen)["in_check"], True)
        self.assertEqual(self.run_query("check")["in_check"], False)

    def test_checkmate_outcome(self):
        self.start()
        # the rook on e7 checks the general on e9; e8 is the rook's, f9 the other rook's,
        # d9 faces the red general on d0
        fen = "4k4/9/4R4/9/5R3/9/9/9/9/3K5 b - - 0 1"
        reply = self.run_query("outcome", position=fen)
        self.assertEqual((reply["result"], reply["reason"]), ("red", "checkmate"), reply)

    def test_perft(self):
        self.start()
        for depth, nodes in ((1, 44), (2, 1920)):
            with self.subTest(depth=depth):
                self.assertEqual(self.run_query("perft", depth=depth, count="paths"),
                                 {"seq": self.seq, "nodes": nodes})

    def test_repetition_only_under_axf(self):
        self.start()
        cycle = ["h2e2", "h9g7", "e2h2", "g7h9"] * 2
        reply = self.run_query("repetition", moves=cycle, ruleset="xiangqi@cxa")
        self.assertEqual(reply.get("skipped"), True, reply)
        reply = self.run_query("repetition", moves=cycle, ruleset="xiangqi@axf")
        self.assertEqual((reply["verdict"], reply["side"]), ("draw", None), reply)
        reply = self.run_query("repetition", moves=cycle[:4], ruleset="xiangqi@axf")
        self.assertEqual((reply["verdict"], reply["side"]), ("none", None), reply)


def load_tests(loader, tests, pattern):
    suite = unittest.TestSuite()
    for cls in (TestPydraughts, TestPyDraughts, TestPyffish):
        if installed(cls.DIST) is None:
            continue
        suite.addTests(loader.loadTestsFromTestCase(cls))
    if suite.countTestCases() == 0:
        raise SystemExit(f"{sys.executable} has none of pydraughts, py-draughts, pyffish: "
                         "run this with an adapter venv's python (bash adapters/setup.sh)")
    return suite


if __name__ == "__main__":
    unittest.main()
