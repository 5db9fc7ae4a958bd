"""Compile the numba kernels into numba's cache, once, before the tests.

With the ``fast`` extra, the Disco Zoo, tile-path and pentomino searches run compiled
kernels (``@njit(cache=True)``), as do Thrill Digger's exact play and its lookahead policies'
rollouts: the first process to use one compiles it (measured here: the Disco Zoo kernel about
17 s, Thrill Digger's about 4 s and its rollouts about 7 s, the tile-path kernel about 5 s)
and writes it beside its source (``__pycache__/*.nbi``, ``*.nbc``), and every later process
loads it. CI starts from a clean checkout, so without this the suite pays the compiling
inside some test (twice, when two workers reach a kernel together); run after installing, as
building an extension would be.
Each kernel is run once on a small board, with the answers of the pure-Python engine checked
(a kernel that does not compile or disagrees fails here, by name). Without numba it says so
and does nothing.

Run ``python tools/compile_kernels.py``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _disco_zoo() -> None:
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.solvers.disco_zoo.board import parse_board
    from gridsight.solvers.disco_zoo.engines import make_search
    from gridsight.solvers.disco_zoo.objective import Objective
    from gridsight.solvers.disco_zoo.placements import joint_placements

    text = (REPO / "examples" / "disco-zoo-jungle.txt").read_text()
    board = parse_board(parse_boards(text)[0])
    joint = joint_placements(board)
    taps = min(board.taps, 2)
    values = {engine: make_search(joint, Objective("expected"), engine=engine).decide(taps).value
              for engine in ("numba", "python")}
    if values["numba"] != values["python"]:
        raise SystemExit(f"disco-zoo: the kernel's value {values['numba']} is not Python's "
                         f"{values['python']}")
    _disco_zoo_rehash(joint)


def _disco_zoo_rehash(joint) -> None:
    """The kernel's table moved into one four times larger, as a long search grows it (so its
    ``rehash`` is compiled here, not in the first long search of the suite): every entry
    must be in the new table."""
    import numpy as np

    from gridsight.solvers.disco_zoo import kernel
    from gridsight.solvers.disco_zoo.engines import KernelLookahead
    from gridsight.solvers.disco_zoo.objective import Objective

    search = KernelLookahead(joint, Objective("expected"))
    search.decide(2)
    old = search._table
    table = np.zeros((4 * old.shape[0], old.shape[1]), dtype=np.int64)
    kernel.rehash(old, old.view(np.uint64), table, table.view(np.uint64),
                  search._counters.copy())
    stored = {tuple(row) for row in old.tolist() if any(row)}
    if not stored or stored != {tuple(row) for row in table.tolist() if any(row)}:
        raise SystemExit("disco-zoo: the kernel's rehash lost or changed table entries")


def _both_engines(game: str, example: str) -> None:
    """``game``'s example board solved on its kernel and in Python: the same advice."""
    from gridsight import api

    text = (REPO / "examples" / example).read_text()
    kernel, plain = (api.solve(game, text, options={"engine": engine})
                     for engine in ("numba", "python"))
    if kernel.recommend != plain.recommend:
        raise SystemExit(f"{game}: the kernel's answer is not Python's")


def _tile_path() -> None:
    _both_engines("tile-path", "tile-path-solvable.txt")
    # The kernel's transitions of one state, as the tests compare them with Python's.
    from gridsight.solvers.tile_path import kernel
    from gridsight.solvers.tile_path.engines import PythonEngine
    from gridsight.solvers.tile_path.frontier import FrontierBoard
    from gridsight.solvers.tile_path.transitions import transitions

    board = FrontierBoard(2, 2, frozenset({(0, 0), (0, 1), (1, 0), (1, 1)}), (0, 0), None)
    state = min(PythonEngine().initial(False))
    code = next(iter(board.codes(False)))
    got = kernel.transitions_of(state, *code)
    if list(zip(*(a.tolist() for a in got))) != list(transitions(state, code)):
        raise SystemExit("tile-path: the kernel's transitions are not Python's")


def _thrill_digger() -> None:
    from gridsight.solvers.thrill_digger.layouts import layout_space
    from gridsight.solvers.thrill_digger.optimal import ExactPlay
    from gridsight.solvers.thrill_digger.rules import BEGINNER
    from gridsight.solvers.thrill_digger.state import ThrillDiggerState

    state = ThrillDiggerState.empty(BEGINNER).with_token(1, 1, "g").with_token(2, 3, "b")
    for engine_values in zip(*(_two_boards(ExactPlay(layout_space(BEGINNER, "uniform"),
                                                     engine=engine), state)
                               for engine in ("numba", "python"))):
        if engine_values[0].best != engine_values[1].best:
            raise SystemExit("thrill-digger: the exact kernel's best hole is not Python's")


def _two_boards(play, state) -> list:
    """Two boards' hole values from one search (the second asks its memo's size, too)."""
    return [play.hole_values(state), play.hole_values(state.with_token(0, 0, "g"))]


def _thrill_digger_lookahead() -> None:
    """The ``auto`` and ``deeper`` policies' rollouts (an intermediate board, a red hole
    dug): the kernels' scores are the Python rollouts' (about 7 s of compiling, once)."""
    from gridsight.solvers.thrill_digger.analysis import analyse
    from gridsight.solvers.thrill_digger.deeper import deeper
    from gridsight.solvers.thrill_digger.lookahead import lookahead
    from gridsight.solvers.thrill_digger.rules import DIFFICULTIES
    from gridsight.solvers.thrill_digger.state import ThrillDiggerState

    analysis = analyse(ThrillDiggerState.empty(DIFFICULTIES["intermediate"])
                       .with_token(2, 3, "r"), "uniform")
    for policy in (lookahead, deeper):
        kernel, plain = (policy(analysis, engine=engine) for engine in ("numba", "python"))
        if kernel is None or plain is None or kernel.scores != plain.scores:
            raise SystemExit(f"thrill-digger: the {policy.__name__} kernel's scores are not "
                             "Python's")


def main() -> int:
    from gridsight.solvers.engines import numba_installed

    if not numba_installed():
        print("numba is not installed (the fast extra): nothing to compile")
        return 0
    for name, run in (("disco-zoo", _disco_zoo),
                      ("tile-path", _tile_path),
                      ("pentomino", lambda: _both_engines("pentomino", "pentomino-6x10.txt")),
                      ("thrill-digger", _thrill_digger),
                      ("thrill-digger lookahead", _thrill_digger_lookahead)):
        start = time.perf_counter()
        run()
        print(f"{name}: kernel compiled or loaded from numba's cache in "
              f"{time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    sys.exit(main())
