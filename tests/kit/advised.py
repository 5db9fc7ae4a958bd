"""A scripted player that follows gridsight's advice: the games ``gridsight demo`` plays.

The demo shows the product, so its player does what gridsight advises, move after move, as a
player would; once in a while (at the steps a game's demo names) it deliberately does
something else, and the replay report at the end shows that step as "did otherwise". Each
move is chosen when the demo's frames are built (``python -m tests.kit.build_packs``) by
solving the board with the same solver ``gridsight live`` runs, with the settings the demo
gives it (:data:`DEMO_SOLVE`: searches left to finish exactly, so the advice logged live is
the one the player followed).

A game's demo gives :func:`play` its first board (pack labels), how a board of labels is
written as board text, and how a move changes the board (the game's truth: what a tapped tile
hides, where the mines are).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

Board = tuple[tuple[str, ...], ...]
Cell = tuple[int, int]

#: The solve settings the demo runs ``gridsight live`` with (``gridsight demo`` passes them on).
DEMO_SOLVE = {"budget": 3.0, "time_limit": 20.0}


@dataclass(frozen=True)
class Step:
    """One move of the scripted game: the board before it, the advice, the move made."""

    board: Board
    advice: tuple[Cell, ...]
    move: Cell
    followed: bool


def solve_options(game: str):
    """The game's typed solve options: its defaults with :data:`DEMO_SOLVE` over them (those
    the game has)."""
    from gridsight.registry import get_game

    return get_game(game).options_from(DEMO_SOLVE)


def advice_for(game: str, text: str):
    """The advice gridsight gives on the board ``text``."""
    from gridsight.registry import get_game
    from gridsight.solvers.boardtext import parse_boards

    return get_game(game).solve(parse_boards(text)[0], solve_options(game)).advice


def play(game: str, first: Board, text_of: Callable[[Board], str],
         move: Callable[[Board, Cell, object], Board], moves: int,
         deviate: Mapping[int, Callable[[Board, object], Cell]] | None = None
         ) -> tuple[tuple[Board, ...], tuple[Step, ...]]:
    """The boards of a game played by following the advice for ``moves`` moves (move ``k``
    by ``deviate[k](board, advice)`` instead, a deliberate deviation), and each step.
    ``move(board, cell, advice)`` is the board after the player's move at ``cell``."""
    deviate = deviate or {}
    boards, steps = [first], []
    board = first
    for k in range(moves):
        advice = advice_for(game, text_of(board))
        if not advice.recommend:
            break
        cell = deviate[k](board, advice) if k in deviate else \
            (advice.recommend[0].row, advice.recommend[0].col)
        followed = cell in {(c.row, c.col) for c in advice.recommend}
        steps.append(Step(board, tuple((c.row, c.col) for c in advice.recommend), cell,
                          followed))
        board = move(board, cell, advice)
        boards.append(board)
    return tuple(boards), tuple(steps)


def frozen(grid) -> Board:
    return tuple(tuple(row) for row in grid)


__all__ = ["DEMO_SOLVE", "Step", "advice_for", "frozen", "play", "solve_options"]
