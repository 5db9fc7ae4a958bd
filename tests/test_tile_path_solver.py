"""The tile-path solver against an independent plain depth-first search on small boards.

Every answer the frontier programme gives (walk exists or not, the longest walk, next moves,
leave-one) and every quick proof is checked against :mod:`gridsight.solvers.tile_path.dfs`, which tries
every walk with no pruning at all, with each engine (pure Python, and the numba kernel when
numba is installed). Witness walks are checked move by move.
"""

from __future__ import annotations

import doctest
import importlib.util
import random

import pytest

import gridsight.solvers.tile_path.board
import gridsight.solvers.tile_path.engines
import gridsight.solvers.tile_path.frontier
import gridsight.solvers.tile_path.limits
import gridsight.solvers.tile_path.transitions
from gridsight.solvers.tile_path.analysis import analyse, leave_one_analysis, moves_of
from gridsight.solvers.tile_path.board import MOVES, TilePathBoard
from gridsight.solvers.tile_path.dfs import dfs_full_walk, dfs_longest
from gridsight.solvers.tile_path.frontier import hamiltonian_path, longest_walk
from gridsight.solvers.tile_path.proofs import quick_proof

Pos = tuple[int, int]

# The compiled engine is tested when numba (an optional extra) is installed.
ENGINES = ["python"] + (["numba"] if importlib.util.find_spec("numba") else [])


def assert_walk(path, tiles, start, end=None, *, full=True):
    """``path`` starts at ``start``, makes unit moves over ``tiles``, never repeats a tile, and
    (if ``full``) crosses all of them, ending on ``end`` if given."""
    assert path[0] == start
    assert len(set(path)) == len(path)
    assert set(path) <= set(tiles)
    for a, b in zip(path, path[1:]):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    if full:
        assert set(path) == set(tiles)
    if end is not None:
        assert path[-1] == end


def random_case(rng: random.Random, max_rows=5, max_cols=6):
    rows, cols = rng.randint(1, max_rows), rng.randint(1, max_cols)
    density = rng.random() * 0.35
    tiles = frozenset(
        (r, c) for r in range(rows) for c in range(cols) if rng.random() > density
    )
    if not tiles:
        tiles = frozenset({(0, 0)})
    start = rng.choice(sorted(tiles))
    end = None
    if len(tiles) > 1 and rng.random() < 0.4:
        end = rng.choice(sorted(tiles - {start}))
    return rows, cols, tiles, start, end


def as_board(rows, cols, tiles, start, end, crossed=frozenset()) -> TilePathBoard:
    """A board whose walk goes on from ``start`` over ``tiles`` (``crossed`` drawn as x)."""
    grid = []
    for r in range(rows):
        row = []
        for c in range(cols):
            pos = (r, c)
            row.append(
                "S" if pos == start else "E" if pos == end else "." if pos in tiles
                else "x" if pos in crossed else "#"
            )
        grid.append(tuple(row))
    return TilePathBoard(
        rows, cols, tuple(grid), start, start, end, frozenset(tiles), frozenset({start})
    )


def test_doctests():
    modules = (
        gridsight.solvers.tile_path.board,
        gridsight.solvers.tile_path.engines,
        gridsight.solvers.tile_path.frontier,
        gridsight.solvers.tile_path.limits,
        gridsight.solvers.tile_path.transitions,
    )
    for module in modules:
        assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize("seed", range(4))
def test_frontier_agrees_with_brute_force(seed):
    rng = random.Random(seed)
    found = 0
    for _ in range(300):
        rows, cols, tiles, start, end = random_case(rng)
        brute = dfs_full_walk(tiles, start, end)
        for engine in ENGINES:
            result = hamiltonian_path(rows, cols, tiles, start, end, engine=engine)
            assert result.found == (brute.path is not None), (rows, cols, sorted(tiles), start,
                                                              end, engine)
            if result.found:
                assert_walk(result.path, tiles, start, end)
        found += result.found
    assert 50 < found < 250  # both answers are well represented


@pytest.mark.parametrize("seed", range(2))
def test_longest_walk_agrees_with_brute_force(seed):
    rng = random.Random(100 + seed)
    for _ in range(200):
        rows, cols, tiles, start, end = random_case(rng, 4, 5)
        brute = dfs_longest(tiles, start, end)
        for engine in ENGINES:
            result = longest_walk(rows, cols, tiles, start, end, engine=engine)
            assert result.found == (brute.path is not None)
            if result.found:
                assert result.covered == len(brute.path), (rows, cols, sorted(tiles), start, end)
                assert len(result.path) == result.covered
                assert_walk(result.path, tiles, start, end, full=False)


def test_quick_proofs_are_sound_and_fire():
    rng = random.Random(7)
    fired: dict[str, int] = {}
    for _ in range(1000):
        rows, cols, tiles, start, end = random_case(rng, 4, 5)
        proof = quick_proof(tiles, start, end)
        if proof is not None:
            fired[proof.kind] = fired.get(proof.kind, 0) + 1
            assert dfs_full_walk(tiles, start, end).path is None, (proof, sorted(tiles), start)
    assert set(fired) == {"connectivity", "parity", "dead-ends", "articulation"}


def test_start_alone_and_single_tile():
    assert hamiltonian_path(1, 1, frozenset({(0, 0)}), (0, 0)).path == ((0, 0),)
    alone = longest_walk(2, 3, frozenset({(0, 0), (1, 2)}), (0, 0))
    assert alone.found and alone.path == ((0, 0),) and alone.covered == 1
    assert not longest_walk(2, 3, frozenset({(0, 0), (1, 2)}), (0, 0), (1, 2)).found


def test_wide_and_tall_boards_agree():
    # The sweep runs along the long side: a transposed board must give the same answers.
    rng = random.Random(11)
    for _ in range(100):
        rows, cols, tiles, start, end = random_case(rng, 3, 7)
        flip = lambda p: None if p is None else (p[1], p[0])  # noqa: E731
        a = hamiltonian_path(rows, cols, tiles, start, end)
        b = hamiltonian_path(cols, rows, frozenset(map(flip, tiles)), flip(start), flip(end))
        assert a.found == b.found


@pytest.mark.parametrize("seed", range(2))
def test_analysis_next_moves_and_fewest_left_agree_with_brute_force(seed):
    rng = random.Random(200 + seed)
    for _ in range(120):
        rows, cols, tiles, start, end = random_case(rng, 4, 5)
        board = as_board(rows, cols, tiles, start, end)
        brute = dfs_full_walk(tiles, start, end)
        rest = tiles - {start}
        expected_next = []
        for name, (dr, dc) in MOVES.items():
            nxt = (start[0] + dr, start[1] + dc)
            if nxt in rest and dfs_full_walk(rest, nxt, end).path is not None:
                expected_next.append(name)
        longest = None if brute.path else dfs_longest(tiles, start, end).path
        for engine in ENGINES:
            result = analyse(board, engine=engine)
            assert result.solvable == (brute.path is not None)
            assert result.decided and result.next_undecided == ()
            assert list(result.next) == expected_next
            if result.solvable:
                assert_walk(result.path, tiles, start, end)
                assert len(tiles) == 1 or moves_of(result.path)[0] in result.next
                assert result.leave_one is None
                assert result.proven == "a full walk exists (witness found)"
                continue
            assert result.proof is not None
            assert result.proven == f"no full walk: {result.proof.kind}"
            if longest is None:
                assert result.fewest_left is None
            else:
                assert result.fewest_left == len(tiles) - len(longest)
                assert_walk(result.best_path, tiles, start, end, full=False)
                assert len(result.best_path) == len(longest)


@pytest.mark.parametrize("seed", range(2))
def test_leave_one_agrees_with_brute_force(seed):
    rng = random.Random(300 + seed)
    checked = works = 0
    while checked < 40:
        rows, cols, tiles, start, end = random_case(rng, 5, 6)
        if len(tiles) < 6 or dfs_full_walk(tiles, start, end).path is not None:
            continue
        checked += 1
        board = as_board(rows, cols, tiles, start, end)
        expected = {
            tile: dfs_full_walk(tiles - {tile}, start, end).path is not None
            for tile in sorted(tiles - {start} - {end})
        }
        for engine in ENGINES:
            results, undecided, _ = leave_one_analysis(board, engine=engine)
            assert undecided == ()
            assert [r.tile for r in results] == list(expected)
            for item in results:
                assert (item.path is not None) == expected[item.tile], (sorted(tiles), start,
                                                                        end, item)
                if item.path is not None:
                    works += 1
                    assert_walk(item.path, tiles - {item.tile}, start, end)
                else:
                    assert item.proof is not None and item.proof.text
    assert works > 20 * len(ENGINES)


def test_walk_in_progress_is_finished_from_l(examples):
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.solvers.tile_path import parse_board

    board = parse_board(parse_boards((examples / "tile-path-in-progress.txt").read_text())[0])
    result = analyse(board)
    assert result.solvable
    assert_walk(result.path, board.tiles, board.current, board.end)
    assert not set(result.path) & (board.crossed - {board.current})
    assert result.next == ("down", "right")


def test_time_limit_leaves_tiles_undecided_but_answers_the_main_question(examples):
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.solvers.limit import Limit
    from gridsight.solvers.tile_path import parse_board

    board = parse_board(parse_boards((examples / "tile-path-heros-cave.txt").read_text())[0])
    result = analyse(board, limit=Limit(seconds=0))
    assert result.proof is not None and result.proof.kind == "parity"
    assert result.undecided  # the searched tiles were left open, and said so
    assert any("the limit of 0 s of work" in w for w in result.warnings)
    decided = {r.tile for r in result.leave_one}
    assert decided.isdisjoint(result.undecided)
    assert len(decided) + len(result.undecided) == len(board.uncrossed)


def test_articulation_tiles_match_removal():
    from gridsight.solvers.tile_path.proofs import _components, articulation_tiles

    rng = random.Random(5)
    for _ in range(300):
        _, _, tiles, _, _ = random_case(rng)
        base = len(_components(tiles))
        expected = [t for t in sorted(tiles) if len(_components(tiles, t)) > base]
        assert articulation_tiles(tiles) == expected
