"""Doubts: cells read but not surely whose true content would change the advice.

A reader that writes a cell as one of several things (a found Disco Zoo tile that is "Panda
or Tiger") has the board solved over all of them, which is exact for a player who cannot
tell either. The player can look, so the advice must say when looking matters: the game's
reader solves the board as each thing the cell may be (its ``doubts`` method) and a
:class:`Doubt` names the cell, its candidates and those under which the advised move is no
longer a best move. The status line carries it in words (CLI, JSON, the annotated picture's
legend, the overlay), and the live panel offers the candidates as buttons.

>>> d = Doubt((2, 2), ("Panda", "Tiger"), (("Tiger", (1, 3)),))
>>> d.words()
'row 3, column 3: Panda or Tiger? the advice changes if it is Tiger (then tap row 2, column 4)'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from solvers.advice import Advice
from solvers.cellnames import cell_name

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

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (0-based cells, as every JSON of gridsight)."""
        return {"row": self.cell[0], "col": self.cell[1], "one_of": list(self.options),
                "changes_if": [{"animal": name, "then": None if tap is None else
                                {"row": tap[0], "col": tap[1]}} for name, tap in self.changes],
                "words": self.words()}


def find_doubts(reader: Any, reading: Any, advice: Advice, options: Any) -> tuple[Doubt, ...]:
    """The doubts of a reading whose board was solved to ``advice``: asked of the game's
    reader (its ``doubts(reading, recommend, options)``), none when it has no such method or
    nothing was read unsurely."""
    ask = getattr(reader, "doubts", None)
    if ask is None or not reading.unsure:
        return ()
    recommend = (advice.recommend[0].row, advice.recommend[0].col) if advice.recommend else None
    return tuple(ask(reading, recommend, options))


def with_doubts(advice: Advice, doubts: Sequence[Doubt]) -> Advice:
    """``advice`` with its doubts said in its status line."""
    if not doubts:
        return advice
    caveat = "; ".join(d.words() for d in doubts)
    return replace(advice, status=f"{advice.status} (but {caveat})")
