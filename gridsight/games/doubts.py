"""Doubts: cells read but not surely whose true content would change the advice.

A board with a cell written as one of several things (a found Disco Zoo tile that is "Panda
or Tiger") is solved over all of them, which is exact for a player who cannot tell either.
The player can look, so the advice must say when looking matters: the game's adapter solves
the board again as each thing the cell may be, and a :class:`Doubt` names the cell, its
candidates and those under which the advised move is no longer a best move. The solution
carries them in its JSON (``doubts``), its text (``caution:``) and its advice's status line
(:func:`with_doubts`: the CLI, the annotated picture's legend, the overlay); the live panel
offers the candidates as buttons (:func:`doubts_of` reads them back from the JSON).

A doubt that changes the advice is said first, as a question, with each answer's move: the
advised tap is never said as if the cell were sure.

>>> d = Doubt((2, 2), ("Panda", "Tiger"), (("Tiger", (1, 3)),), advised=((3, 3),))
>>> d.words()
'row 3, column 3: Panda or Tiger? Panda: tap row 4, column 4. Tiger: tap row 2, column 4.'
>>> Doubt.from_dict(d.to_dict()) == d
True

A count read unsure (Disco Zoo's attempts counter: "18" or "10") is a doubt too, about the
read hint ``about`` instead of a cell:

>>> Doubt(None, ("18", "10"), (("10", (1, 3)),), about="taps", advised=(None,)).words()
'attempts: 18 or 10? 18 attempts: no tap can rescue another animal. 10 attempts: tap row 2, \
column 4.'

An unsure read that does not change the advice (no ``changes``) is said too, in a few words
after the advice:

>>> Doubt(None, ("18", "10"), (), about="taps").words()
'attempts unsure: 18 or 10; the advice is the same'
>>> with_doubts(Advice(game="disco-zoo", rows=5, cols=5, status="Tap row 1, column 1"),
...             [Doubt((0, 3), ("Panda", "Tiger"), ())]).status
'Tap row 1, column 1 (row 1, column 4 unsure: Panda or Tiger; the advice is the same)'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from gridsight.solvers.advice import Advice, CellMark, MarkKind
from gridsight.solvers.advice import Cell as AdviceCell
from gridsight.solvers.cellnames import cell_name

Cell = tuple[int, int]
ABOUT_WORDS = {"taps": "attempts"}  # what a hint's doubt is called, by the hint's name


@dataclass(frozen=True)
class Doubt:
    """A cell read as one of ``options`` (names) whose advice changes if it is one of those
    in ``changes``, each with the move advised then (``None``: none). With ``about`` (a read
    hint's name, ``taps``) the doubt is that hint's value and ``cell`` is ``None``. No
    ``changes``: the advice is the same whichever it is. ``advised`` holds the move advised
    for the other options (``(None,)``: no tap; ``()``: not given, and only the changes are
    said)."""

    cell: Cell | None
    options: tuple[str, ...]
    changes: tuple[tuple[str, Cell | None], ...]
    about: str | None = None
    advised: tuple[Cell | None, ...] = ()

    def what(self) -> str:
        """What is unsure, as people say it: ``row 1, column 4`` (1-based), ``attempts``."""
        if self.cell is not None:
            return cell_name(*self.cell)
        return ABOUT_WORDS.get(self.about or "", self.about or "")

    def question(self) -> str:
        """``row 1, column 4: Panda or Tiger?``"""
        return f"{self.what()}: {' or '.join(self.options)}?"

    def answers(self) -> str:
        """Each answer's move: ``Panda: tap row 4, column 4. Tiger: tap row 1, column 5.``
        (the options that keep the advice together, first; those that change it after)."""
        changed = dict(self.changes)
        kept = [o for o in self.options if o not in changed]
        said = []
        if kept and self.advised:
            said.append(f"{' or '.join(self._named(o) for o in kept)}: "
                        f"{_move(self.advised[0])}.")
        said += [f"{self._named(o)}: {_move(changed[o])}." for o in self.options
                 if o in changed]
        return " ".join(said)

    def words(self) -> str:
        """The doubt for the player: the question and each answer's move, or, when the advice
        is the same for every answer, a few words saying so."""
        if not self.changes:
            return f"{self.what()} unsure: {' or '.join(self.options)}; the advice is the same"
        return f"{self.question()} {self.answers()}"

    def _on_cell(self, option: str) -> str:
        """An answer as a move's cell says it, in few letters: ``Tiger``; a count ``6 left``
        (as the game's counter says it, "Attempts left": ``6 attempts`` went on two small
        lines over the chance on a 70 px tile)."""
        if self.cell is None and self.about == "taps":
            return f"{option} left"
        return option

    def _named(self, option: str) -> str:
        """An answer as said before its move: ``Tiger``, ``10 attempts``, ``1 attempt``."""
        if self.cell is None and self.about == "taps":
            return f"{option} attempt{'' if option == '1' else 's'}"
        return option

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Doubt":
        """The inverse of :meth:`to_dict`."""
        cell = None if data.get("row") is None else (int(data["row"]), int(data["col"]))
        advised = (_cell(data["advised"]),) if "advised" in data else ()
        return cls(cell, tuple(data["one_of"]),
                   tuple((c["animal"], _cell(c["then"])) for c in data["changes_if"]),
                   data.get("about"), advised)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (0-based cells, as every JSON of gridsight); ``advised`` (the move
        for the options not in ``changes_if``) only when given."""
        row, col = self.cell if self.cell is not None else (None, None)
        data = {"row": row, "col": col, "about": self.about, "one_of": list(self.options),
                "changes_if": [{"animal": name, "then": _json_cell(tap)}
                               for name, tap in self.changes]}
        if self.advised:
            data["advised"] = _json_cell(self.advised[0])
        data["words"] = self.words()
        return data


def _move(tap: Cell | None) -> str:
    return "no tap can rescue another animal" if tap is None else f"tap {cell_name(*tap)}"


def _cell(data: dict[str, Any] | None) -> Cell | None:
    return None if data is None else (int(data["row"]), int(data["col"]))


def _json_cell(tap: Cell | None) -> dict[str, int] | None:
    return None if tap is None else {"row": tap[0], "col": tap[1]}


def doubts_of(solution_json: dict[str, Any]) -> tuple[Doubt, ...]:
    """The doubts a solution's JSON carries (none for a game or board without them)."""
    return tuple(Doubt.from_dict(d) for d in solution_json.get("doubts", ()))


def with_doubts(advice: Advice, doubts: Sequence[Doubt]) -> Advice:
    """``advice`` with its doubts said in its status line: led by each doubt that changes
    the advice (its question and each answer's move, never a confident tap first), then
    the unsure reads that change nothing in a few words in brackets.

    >>> a = Advice(game="disco-zoo", rows=5, cols=5, status="Tap row 4, column 4 - 65% an animal")
    >>> with_doubts(a, [Doubt((0, 3), ("Panda", "Tiger"), (("Tiger", (0, 4)),),
    ...                       advised=((3, 3),))]).status
    'Row 1, column 4: Panda or Tiger? Panda: tap row 4, column 4. Tiger: tap row 1, column 5.'
    """
    if not doubts:
        return advice
    status = _lead(advice.status, doubts) + _caveat(doubts)
    changing = [d for d in doubts if d.changes]
    if not changing:
        return replace(advice, status=status)
    # The why explained one answer's move only; each answer's move is drawn with its answer
    # on it (one doubt), or none is (more: an answer's move assumes the other cells unsure).
    moves = choices(changing[0], advice) if len(changing) == 1 else ()
    marks = tuple(m for m in advice.marks if m.kind is not MarkKind.CHOICE)
    return replace(advice, status=status, why="",
                   recommend=tuple(AdviceCell(*cell) for _, cell in moves),
                   marks=marks + tuple(CellMark(*cell, MarkKind.CHOICE, label)
                                       for label, cell in moves))


def choices(doubt: Doubt, advice: Advice) -> tuple[tuple[str, Cell], ...]:
    """Each move ``doubt``'s answers call for, with the answers it is for (``if Panda``,
    ``if Gorilla or Panda``, ``if 10 left``), in the order :meth:`Doubt.answers` says
    them; an answer with no tap has none. The advised move (the answers not in ``changes``)
    is ``doubt.advised``'s, else ``advice``'s.

    >>> d = Doubt((0, 3), ("Gorilla", "Panda", "Tiger"), (("Tiger", (0, 4)),), advised=((3, 3),))
    >>> choices(d, Advice("disco-zoo", 5, 5))
    (('if Gorilla or Panda', (3, 3)), ('if Tiger', (0, 4)))
    >>> choices(Doubt(None, ("1", "6"), (("6", (3, 0)),), about="taps", advised=(None,)),
    ...         Advice("disco-zoo", 5, 5))
    (('if 6 left', (3, 0)),)
    """
    return tuple((f"if {' or '.join(doubt._on_cell(o) for o in answers)}", move)
                 for answers, move in answer_moves(doubt, advice) if move is not None)


def answer_moves(doubt: Doubt, advice: Advice
                 ) -> tuple[tuple[tuple[str, ...], Cell | None], ...]:
    """Each move ``doubt``'s answers call for (``None``: no tap) with the answers it is for,
    the advised move's first (``doubt.advised``'s, else ``advice``'s), as :func:`choices`
    but with every answer, also those with no move.

    >>> answer_moves(Doubt(None, ("1", "6"), (("6", (3, 0)),), about="taps",
    ...                    advised=(None,)), Advice("disco-zoo", 5, 5))
    ((('1',), None), (('6',), (3, 0)))
    """
    changed = dict(doubt.changes)
    advised = doubt.advised[0] if doubt.advised else (
        (advice.recommend[0].row, advice.recommend[0].col) if advice.recommend else None)
    by_move: dict[Cell | None, list[str]] = {}
    for option in doubt.options:
        move = changed[option] if option in changed else advised
        by_move.setdefault(move, []).append(option)
    kept = [move for move in by_move if move == advised]
    return tuple((tuple(by_move[move]), move)
                 for move in kept + [m for m in by_move if m != advised])


def _lead(status: str, doubts: Sequence[Doubt]) -> str:
    """The status line's start: the doubts that change the advice (a capital first), else
    the advice itself."""
    changing = [d.words() for d in doubts if d.changes]
    if not changing:
        return status
    return " ".join(w[:1].upper() + w[1:] for w in changing)


def _caveat(doubts: Sequence[Doubt]) -> str:
    """What :func:`with_doubts` adds after the line's start: the doubts that change nothing."""
    same = [d.words() for d in doubts if not d.changes]
    return f" ({'; '.join(same)})" if same else ""


def advice_alone(status: str, doubts: Sequence[Doubt]) -> str:
    """The short line of ``status`` for a place that shows the doubts on their own right under
    it (the live panel's doubt bar, with its buttons): the first question when a doubt
    changes the advice (its answers are said in the bar), else the advice without the
    caveat :func:`with_doubts` added.

    >>> d = Doubt((2, 2), ("Panda", "Tiger"), (("Tiger", (1, 3)),), advised=((0, 0),))
    >>> advice_alone(with_doubts(Advice("disco-zoo", 5, 5, status="Tap row 1, column 1"),
    ...                          [d]).status, [d])
    'Row 3, column 3: Panda or Tiger?'
    >>> same = Doubt((2, 2), ("Panda", "Tiger"), ())
    >>> advice_alone("Tap row 1, column 1" + _caveat([same]), [same])
    'Tap row 1, column 1'
    """
    first = next((d for d in doubts if d.changes), None)
    if first is not None:
        question = first.question()
        if status.lower().startswith(question.lower()):
            return status[: len(question)]
    caveat = _caveat(doubts)
    return status[: -len(caveat)] if caveat and status.endswith(caveat) else status
