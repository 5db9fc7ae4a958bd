"""Doubts: cells read but not surely whose true content would change the advice.

A board with a cell written as one of several things (a found Disco Zoo tile that is "Panda
or Tiger") is solved over all of them, which is exact for a player who cannot tell either.
The player can look, so the advice must say when looking matters: the game's adapter solves
the board again as each thing the cell may be, and a :class:`Doubt` names the cell, its
candidates and those under which the advised move is no longer a best move. The solution
carries them in its JSON (``doubts``), its text (``caution:``) and its advice's status line
(:func:`with_doubts`: the CLI, the annotated picture's legend, the overlay); the live panel
offers the candidates as buttons (:func:`doubts_of` reads them back from the JSON).

>>> d = Doubt((2, 2), ("Panda", "Tiger"), (("Tiger", (1, 3)),))
>>> d.words()
'row 3, column 3: Panda or Tiger? the advice changes if it is Tiger (then tap row 2, column 4)'
>>> Doubt.from_dict(d.to_dict()) == d
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from gridsight.solvers.advice import Advice
from gridsight.solvers.cellnames import cell_name

Cell = tuple[int, int]


@dataclass(frozen=True)
class Doubt:
    """A cell read as one of ``options`` (names) whose advice changes if it is one of those
    in ``changes``, each with the move advised then (``None``: none)."""

    cell: Cell
    options: tuple[str, ...]
    changes: tuple[tuple[str, Cell | None], ...]

    def words(self) -> str:
        """The doubt for the player, naming the cell as people do (1-based)."""
        ifs = " or ".join(f"{name} (then tap {cell_name(*tap)})" if tap is not None
                          else f"{name} (then no tap)" for name, tap in self.changes)
        return (f"{cell_name(*self.cell)}: {' or '.join(self.options)}? "
                f"the advice changes if it is {ifs}")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Doubt":
        """The inverse of :meth:`to_dict`."""
        return cls((int(data["row"]), int(data["col"])), tuple(data["one_of"]),
                   tuple((c["animal"], None if c["then"] is None else
                          (int(c["then"]["row"]), int(c["then"]["col"])))
                         for c in data["changes_if"]))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (0-based cells, as every JSON of gridsight)."""
        return {"row": self.cell[0], "col": self.cell[1], "one_of": list(self.options),
                "changes_if": [{"animal": name, "then": None if tap is None else
                                {"row": tap[0], "col": tap[1]}} for name, tap in self.changes],
                "words": self.words()}


def doubts_of(solution_json: dict[str, Any]) -> tuple[Doubt, ...]:
    """The doubts a solution's JSON carries (none for a game or board without them)."""
    return tuple(Doubt.from_dict(d) for d in solution_json.get("doubts", ()))


def with_doubts(advice: Advice, doubts: Sequence[Doubt]) -> Advice:
    """``advice`` with its doubts said in its status line."""
    if not doubts:
        return advice
    return replace(advice, status=advice.status + _caveat(doubts))


def _caveat(doubts: Sequence[Doubt]) -> str:
    """What :func:`with_doubts` adds to a status line."""
    return f" (but {'; '.join(d.words() for d in doubts)})" if doubts else ""


def advice_alone(status: str, doubts: Sequence[Doubt]) -> str:
    """``status`` without the caveat :func:`with_doubts` added for ``doubts``: the short
    advice line, for a place that shows the doubts on their own right under it (the live
    panel's doubt bar, with its buttons).

    >>> d = Doubt((2, 2), ("Panda", "Tiger"), (("Tiger", (1, 3)),))
    >>> advice_alone("Tap row 1, column 1" + _caveat([d]), [d])
    'Tap row 1, column 1'
    """
    caveat = _caveat(doubts)
    return status[: -len(caveat)] if caveat and status.endswith(caveat) else status
