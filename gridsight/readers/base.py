"""What every game reader returns, and the error it raises when a board cannot be solved as read.

A reader turns a :class:`gridsight.vision.classify.BoardRead` (and the rest of the screenshot) into the
game's own board text, the contract every solver already parses
(:func:`gridsight.solvers.boardtext.parse_boards`). Going through the text format keeps one
definition of a board: a board read off the screen is solved exactly as the same board typed
by the player, and ``gridsight analyze`` can print the text for the player to check or edit.

An ``unknown`` cell is "not yet observed". Each reader decides what that honestly means for its
game (Disco Zoo: an untapped tile; tile path and pentomino: nothing can be assumed, so the
reader refuses with the cells named) and lists the cells in :attr:`BoardReading.unread`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

import numpy as np

from gridsight.solvers.advice import Cell
from gridsight.solvers.boardtext import BoardText, parse_boards
from gridsight.solvers.cellnames import cell_name, cell_names
from gridsight.errors import ReadError  # (re-exported: the readers raise it)
from gridsight.errors import SavedBoxOutside as SavedBoxOutside  # (re-exported)
from gridsight.vision.classify import BoardRead
from gridsight.vision.packs import TemplatePack


@dataclass(frozen=True)
class BoardReading:
    """One board as read off a screenshot.

    ``text`` is the board in the game's text format (``board`` its parsed form), ``unread`` the
    ``(row, col)`` of every cell that could not be read, ``confidence`` each cell's classifier
    score (0..1, rows of columns), and ``notes`` what else the reader saw or assumed
    (the attempts counter, the animals from the cards), one short phrase each; ``warnings`` what
    the player must check (a guess the reader had to make). ``unsure`` lists the cells read
    but not surely (a found Disco Zoo tile whose animal is one of several): their token in
    ``text`` says what they may be, and painters mark them.
    """

    game: str
    text: str
    board: BoardText
    unread: tuple[tuple[int, int], ...]
    confidence: tuple[tuple[float, ...], ...]
    notes: tuple[str, ...] = field(default=())
    warnings: tuple[str, ...] = field(default=())
    unsure: tuple[tuple[int, int], ...] = field(default=())

    @property
    def min_confidence(self) -> float:
        return min((v for row in self.confidence for v in row), default=0.0)


@runtime_checkable
class GameReader(Protocol):
    """What the registry needs from a game's screen reader."""

    game: str

    def read(self, image: np.ndarray, board: BoardRead, pack: TemplatePack,
             hints: "ReadHints") -> BoardReading:
        """The board text of the screenshot ``image`` whose cells ``board`` holds."""

    def labels_from_text(self, board: BoardText, pack: TemplatePack) -> list[list[str]]:
        """The pack label of every cell of a board typed in the game's text format
        (``gridsight calibrate --labels FILE``)."""


class ReadHints:
    """What the player told us that the picture may not show, by hint name.

    The names are those of the :class:`~gridsight.games.spec.HintOption` s the game's spec
    declares (Disco Zoo: ``animals``, ``region``, ``taps``; pentomino: ``pieces``). A hint not
    given reads as ``None``, by attribute or :meth:`get`:

    >>> hints = ReadHints(animals=("Pig", "Cow"), taps=None)
    >>> hints.animals, hints.taps, hints.get("pieces", "")
    (('Pig', 'Cow'), None, '')
    >>> hints.replaced(taps=3) == ReadHints(animals=("Pig", "Cow"), taps=3)
    True
    """

    __slots__ = ("_values",)

    def __init__(self, **values: Any):
        given = {k: v for k, v in values.items() if v is not None}
        object.__setattr__(self, "_values", MappingProxyType(given))

    def get(self, name: str, default: Any = None) -> Any:
        return self._values.get(name, default)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return self._values.get(name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("ReadHints is immutable; use replaced()")

    def replaced(self, **values: Any) -> "ReadHints":
        """These hints with ``values`` given (``None`` takes a hint back)."""
        merged = {**self._values, **values}
        return ReadHints(**merged)

    def items(self) -> tuple[tuple[str, Any], ...]:
        return tuple(self._values.items())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ReadHints) and dict(self._values) == dict(other._values)

    def __hash__(self) -> int:
        return hash(tuple(sorted((k, repr(v)) for k, v in self._values.items())))

    def __repr__(self) -> str:
        inside = ", ".join(f"{k}={v!r}" for k, v in self._values.items())
        return f"ReadHints({inside})"


def make_reading(game: str, headers: list[tuple[str, str]], grid: list[list[str]],
                 board: BoardRead, unread: list[tuple[int, int]],
                 notes: list[str], warnings: list[str] | None = None,
                 unsure: list[tuple[int, int]] | None = None) -> BoardReading:
    """Write ``headers`` and ``grid`` as board text and parse it back (the solver's contract)."""
    lines = [f"{key}: {value}" for key, value in headers]
    lines += [" ".join(row) for row in grid]
    text = "\n".join(lines) + "\n"
    parsed = parse_boards(text, source="<screenshot>")[0]
    confidence = tuple(tuple(round(float(c.score), 3) for c in row) for row in board.cells)
    return BoardReading(game, text, parsed, tuple(sorted(set(unread))), confidence, tuple(notes),
                        tuple(warnings or ()), tuple(sorted(set(unsure or ()))))


def describe_cells(cells: list[tuple[int, int]] | tuple[tuple[int, int], ...],
                   limit: int = 8) -> str:
    """The cells as a person reads them (:func:`gridsight.solvers.cellnames.cell_names`: ``row 2,
    column 3; row 4, column 1``, counted from 1), shortened past ``limit`` cells."""
    return cell_names(cells, limit)


def unread_advised(status: str, recommend: Sequence[Cell],
                   unread: Sequence[tuple[int, int]]) -> str:
    """``status`` with the advised cells that were not read named: such a cell was solved as
    not yet observed, so the move may be one the player already made (a found tile of the
    ground's colour read as nothing). The player is told to look at it first rather than
    given a confident tap on a tile the screen may show done."""
    unread_set = set(unread)
    cells = [(cell.row, cell.col) for cell in recommend if (cell.row, cell.col) in unread_set]
    if not cells:
        return status
    return f"{status} (unread: look at {describe_cells(cells)} first)"


def every_cell_read(board: BoardRead, tokens: frozenset[str] | set[str], *, why_unread: str,
                    token_words: str) -> list[list[str]]:
    """The read labels as a grid of the format's tokens, for a reader whose game cannot be
    solved with a cell missing: an unread cell is refused (``why_unread`` says why the game
    cannot guess it) and so is a pack label that is not one of ``tokens`` (``token_words``
    names them)."""
    unread = board.unknown()
    if unread:
        raise ReadError(f"{len(unread)} {why_unread.format(cells=describe_cells(unread))}",
                        tuple(unread))
    grid = [list(row) for row in board.labels()]
    for r, row in enumerate(grid):
        for c, label in enumerate(row):
            if label not in tokens:
                raise ReadError(f"the pack's label '{label}' at {cell_name(r, c)} is not "
                                f"{token_words}")
    return grid
