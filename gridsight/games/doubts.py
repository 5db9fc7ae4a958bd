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

A count read unsure (Disco Zoo's attempts counter: "18" or "10") is a doubt too, about the
read hint ``about`` instead of a cell; it is said even when the advice stays the same, since
the count shown may be wrong:

>>> Doubt(None, ("18", "10"), (("10", (1, 3)),), about="taps").words()
'attempts: 18 or 10? the advice changes if it is 10 (then tap row 2, column 4)'
>>> Doubt(None, ("18", "10"), (), about="taps").words()
'the advice is the same for 18 or 10 attempts'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from gridsight.solvers.advice import Advice
from gridsight.solvers.cellnames import cell_name

Cell = tuple[int, int]
ABOUT_WORDS = {"taps": "attempts"}  # what a hint's doubt is called, by the hint's name


@dataclass(frozen=True)
class Doubt:
    """A cell read as one of ``options`` (names) whose advice changes if it is one of those
    in ``changes``, each with the move advised then (``None``: none). With ``about`` (a read
    hint's name, ``taps``) the doubt is that hint's value, ``cell`` is ``None``, and no
    ``changes`` means the advice is the same whichever it is."""

    cell: Cell | None
    options: tuple[str, ...]
    changes: tuple[tuple[str, Cell | None], ...]
    about: str | None = None

    def words(self) -> str:
        """The doubt for the player, naming the cell as people do (1-based)."""
        either = " or ".join(self.options)
        if self.about is not None and not self.changes:
            return f"the advice is the same for {either} {ABOUT_WORDS.get(self.about, '')}"
        ifs = " or ".join(f"{name} (then tap {cell_name(*tap)})" if tap is not None
                          else f"{name} (then no tap)" for name, tap in self.changes)
        what = cell_name(*self.cell) if self.cell is not None else \
            ABOUT_WORDS.get(self.about or "", self.about or "")
        return f"{what}: {either}? the advice changes if it is {ifs}"

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Doubt":
        """The inverse of :meth:`to_dict`."""
        cell = None if data.get("row") is None else (int(data["row"]), int(data["col"]))
        return cls(cell, tuple(data["one_of"]),
                   tuple((c["animal"], None if c["then"] is None else
                          (int(c["then"]["row"]), int(c["then"]["col"])))
                         for c in data["changes_if"]), data.get("about"))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (0-based cells, as every JSON of gridsight)."""
        row, col = self.cell if self.cell is not None else (None, None)
        return {"row": row, "col": col, "about": self.about, "one_of": list(self.options),
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
    if not doubts:
        return ""
    but = "but " if any(d.changes for d in doubts) else ""  # a doubt that changes nothing: said
    return f" ({but}{'; '.join(d.words() for d in doubts)})"


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
