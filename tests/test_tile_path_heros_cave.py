"""The Hero's Cave room (13 x 9, issue 4): no full walk, and the complete leave-one analysis.

Every tile is decided: each tile that can be the one left for the Somaria block comes with a
walk that is checked move by move; each tile that cannot comes with a proof, and the parity
proofs are re-derived here from a colour count.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.tile_path import analyse, parse_board
from gridsight.solvers.tile_path.dfs import dfs_full_walk

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def assert_walk(path, tiles, start, *, full=True):
    """Starts at ``start``, unit moves over ``tiles``, no tile twice, all of them if ``full``."""
    assert path[0] == start
    assert len(set(path)) == len(path) and set(path) <= set(tiles)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
    if full:
        assert set(path) == set(tiles)


@pytest.fixture(scope="module")
def cave():
    text = (EXAMPLES / "tile-path-heros-cave.txt").read_text()
    board = parse_board(parse_boards(text)[0])
    return board, analyse(board)


def colours(tiles, start):
    same = sum(1 for r, c in tiles if (r + c) % 2 == (start[0] + start[1]) % 2)
    return same, len(tiles) - same


def test_the_room_is_as_in_the_issue(cave):
    board, _ = cave
    assert (board.rows, board.cols) == (9, 13)
    assert board.start == board.current == (4, 12) and board.end is None
    blocked = {(r, c) for r in range(9) for c in range(13) if board.grid[r][c] == "#"}
    assert blocked == {(1, 6), (3, 3), (3, 6), (3, 8), (6, 6)}
    assert len(board.tiles) == 112


def test_no_full_walk_by_parity(cave):
    board, result = cave
    assert not result.solvable and result.path is None and result.next == ()
    assert result.proof.kind == "parity"
    # 57 tiles of Link's colour and 55 of the other: a walk of 112 tiles needs 56 and 56.
    assert colours(board.tiles, board.start) == (57, 55)
    assert "57 and 55" in result.proof.text


def test_fewest_left_is_one(cave):
    board, result = cave
    assert result.fewest_left == 1
    assert_walk(result.best_path, board.tiles, board.start, full=False)
    assert len(result.best_path) == len(board.tiles) - 1


def test_complete_leave_one_set(cave):
    board, result = cave
    assert result.undecided == ()
    assert [r.tile for r in result.leave_one] == sorted(board.uncrossed)
    same_colour = {t for t in board.uncrossed if sum(t) % 2 == sum(board.start) % 2}
    works = {r.tile for r in result.leave_one if r.path is not None}
    # Every one of the 56 uncrossed tiles of Link's colour can be the tile left; no other.
    assert works == same_colour and len(works) == 56
    for item in result.leave_one:
        rest = board.tiles - {item.tile}
        if item.path is not None:
            assert item.proof is None
            assert_walk(item.path, rest, board.start)
        else:
            # Blocking a tile of the other colour leaves 57 and 54: a parity proof.
            assert item.proof.kind == "parity"
            assert colours(rest, board.start) == (57, 54)


def test_parity_proof_is_confirmed_by_search_on_a_small_room():
    # The same argument on a room small enough for the plain search to confirm it.
    board = parse_board(parse_boards(". S .\n. . .\n. . .\n")[0])
    result = analyse(board)
    assert result.proof.kind == "parity"
    assert dfs_full_walk(board.tiles, board.start).path is None
