"""One engine pattern (:mod:`gridsight.solvers.engines`): the one word, the one rule, the thresholds in
one place, and each search's two twins giving the same answers.

Each game's own engine tests hold its twins equal on many boards; this file holds the pattern
itself: every search takes ``engine`` with the same three values and refuses others alike,
takes its threshold from the one table, looks for numba without importing it, and (one small
case each, side by side) answers the same in Python and compiled.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from gridsight.solvers import engines
from gridsight.solvers.engines import (
    SWITCH_STATES, EngineUnavailable, numba_installed, starts_in_kernel, switch_after,
)

REPO = Path(__file__).resolve().parent.parent
needs_numba = pytest.mark.skipif(not numba_installed(), reason="numba is not installed")
TWINS = ["python", "numba"] if numba_installed() else ["python"]


def test_the_rule():
    for search, threshold in SWITCH_STATES.items():
        assert switch_after("python", search) is None and switch_after("numba", search) is None
        assert switch_after("auto", search) == (threshold if numba_installed() else None)
        assert starts_in_kernel("python", search, "nowhere") is False
    assert starts_in_kernel("auto", "thrill-digger-lookahead", "nowhere") == numba_installed()
    assert starts_in_kernel("auto", "tile-path", "nowhere") is False  # Python first
    assert starts_in_kernel("auto", "tile-path", "gridsight.solvers.engines") == numba_installed()
    with pytest.raises(ValueError, match="unknown engine 'bitboard'"):
        starts_in_kernel("bitboard", "tile-path", "nowhere")


def test_without_numba_the_rule_keeps_to_python(monkeypatch):
    monkeypatch.setitem(sys.modules, "numba", None)  # as if numba were not installed
    assert not numba_installed()
    assert starts_in_kernel("auto", "disco-zoo", "gridsight.solvers.engines") is False
    with pytest.raises(EngineUnavailable, match="'fast' extra"):
        starts_in_kernel("numba", "disco-zoo", "nowhere")


def test_numba_is_looked_for_without_being_imported():
    code = ("import sys\nfrom gridsight.solvers.engines import numba_installed\n"
            "print(numba_installed(), 'numba' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.split() == [str(numba_installed()), "False"], done.stderr


def test_every_search_names_its_threshold_from_the_one_table():
    from gridsight.solvers.disco_zoo import advise
    from gridsight.solvers.pentomino import bitboard
    from gridsight.solvers.thrill_digger import optimal
    from gridsight.solvers.tile_path import engines as tile_path_engines

    assert tile_path_engines.AUTO_SWITCH_STATES == SWITCH_STATES["tile-path"]
    assert bitboard._PYTHON_FIRST == SWITCH_STATES["pentomino"]
    assert optimal.PYTHON_FIRST == SWITCH_STATES["thrill-digger-optimal"]
    assert advise.AUTO_PYTHON_NODES == SWITCH_STATES["disco-zoo"]


def _assignments(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {t.id for node in tree.body if isinstance(node, ast.Assign)
            for t in node.targets if isinstance(t, ast.Name)}


def test_one_word_and_one_place():
    """No solver keeps its own list of engines, and numba is imported only by the kernels
    (which run it), never to ask whether it is there."""
    own_lists, askers = [], []
    for path in sorted((REPO / "solvers").rglob("*.py")):
        rel = path.relative_to(REPO).as_posix()
        if path.name != "engines.py" or path.parent.name != "solvers":
            if "ENGINES" in _assignments(path):
                own_lists.append(rel)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports_numba = any(
            (isinstance(n, ast.Import) and any(a.name.split(".")[0] == "numba" for a in n.names))
            or (isinstance(n, ast.ImportFrom) and (n.module or "").split(".")[0] == "numba")
            for n in ast.walk(tree))
        if imports_numba and "kernel" not in path.stem:
            askers.append(rel)
    assert own_lists == [] and askers == []
    assert engines.ENGINES == ("auto", "numba", "python")


def test_every_search_refuses_an_unknown_engine_alike():
    from gridsight.solvers.disco_zoo.engines import resolve
    from gridsight.solvers.pentomino.bitboard import build_tables, search
    from gridsight.solvers.pentomino.puzzle import make_puzzle
    from gridsight.solvers.thrill_digger.layouts import layout_space
    from gridsight.solvers.thrill_digger.optimal import ExactPlay
    from gridsight.solvers.thrill_digger.rules import BEGINNER
    from gridsight.solvers.tile_path.engines import make_engine

    tables = build_tables(make_puzzle(["....."] * 3, "P U V"))
    calls = [lambda: resolve("dlx"), lambda: search(tables, engine="dlx"),
             lambda: ExactPlay(layout_space(BEGINNER, "game"), engine="dlx"),
             lambda: make_engine("dlx", 5)]
    for call in calls:
        with pytest.raises(ValueError, match="unknown engine 'dlx'"):
            call()


# -- each search's twins, side by side on one small case ------------------------------------


@needs_numba
def test_tile_path_twins_agree():
    from gridsight.solvers.tile_path.frontier import FrontierBoard, run

    tiles = frozenset((r, c) for r in range(5) for c in range(5)) - {(1, 1), (3, 2)}
    board = FrontierBoard(5, 5, tiles, (0, 0), None)
    results = [run(board, engine=e, longest=True).result for e in TWINS]
    assert len({(r.found, r.path, r.states) for r in results}) == 1


@needs_numba
def test_pentomino_twins_agree():
    from gridsight.solvers.pentomino.bitboard import build_tables, search
    from gridsight.solvers.pentomino.puzzle import make_puzzle

    tables = build_tables(make_puzzle(["....."] * 4, "F I P U"))  # 8 solutions
    results = [search(tables, keep=50, engine=e) for e in TWINS]
    assert results[0].count > 0
    assert len({(r.count, r.solutions) for r in results}) == 1


@needs_numba
def test_thrill_digger_twins_agree():
    from gridsight.solvers.thrill_digger.analysis import analyse
    from gridsight.solvers.thrill_digger.layouts import layout_space
    from gridsight.solvers.thrill_digger.lookahead import lookahead
    from gridsight.solvers.thrill_digger.optimal import ExactPlay
    from gridsight.solvers.thrill_digger.rules import BEGINNER, INTERMEDIATE
    from gridsight.solvers.thrill_digger.state import ThrillDiggerState

    state = ThrillDiggerState.empty(BEGINNER).with_token(1, 1, "g").with_token(2, 3, "b")
    values = [ExactPlay(layout_space(BEGINNER, "uniform"), engine=e).hole_values(state)
              for e in TWINS]
    assert len({(v.best, tuple(sorted(v.values.items()))) for v in values}) == 1
    middle = analyse(ThrillDiggerState.empty(INTERMEDIATE).with_token(2, 2, "g"))
    picks = [lookahead(middle, particles=200, engine=e) for e in TWINS]
    assert len({(p.hole, tuple(sorted(p.scores.items()))) for p in picks}) == 1


@needs_numba
def test_disco_zoo_twins_agree():
    from gridsight.solvers.disco_zoo.advise import plan
    from gridsight.solvers.disco_zoo.board import fresh_board
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue
    from gridsight.solvers.disco_zoo.objective import Objective

    farm = {a.name: a for a in load_catalogue().regions["Farm"]}
    board = fresh_board("Farm", (farm["Sheep"], farm["Pig"]), 6)
    decisions = [plan(board, Objective("all"), None, engine=e, use_book=False)[0]
                 for e in TWINS]
    assert len({(d.tile, d.value, d.rescue) for d in decisions}) == 1
    assert isinstance(decisions[0].value, Fraction)
