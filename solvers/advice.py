"""``Advice``: what a solver wants drawn over the board, in game-agnostic terms.

Every game's analysis ends in an :class:`Advice`. The overlay draws it through a board geometry
without knowing which game it came from, and the recommendation log stores it, so it holds only
board coordinates, short texts and a few fixed kinds of mark:

- ``recommend``: the cells to outline as the next move (usually one).
- ``marks``: cells whose content is settled or notable (:class:`MarkKind`), with a short label.
- ``figures``: a short text per cell (a probability, a step number) and an optional ``heat`` in
  [0, 1] (0 = good or safe, 1 = bad or dangerous) that a painter may use as a colour.
- ``path``: an ordered walk of cells, starting where the player stands (tile-path games).
- ``pieces``: piece placements to draw (the hinted piece in a fill puzzle).
- ``status``: the advice in one short line in the game's words, the line a player reads first
  (``Tap row 4, column 1 - 80% an animal``); ``why``: one line saying why, when the advised
  cell is not the safest or likeliest one (empty otherwise); ``details``: the further lines
  (values, counts, the method) for the panel and ``--verbose``, never in the way of ``status``.
- ``warnings``: anything the player must not miss.
- ``origin``: the cell a player counts as row 1, column 1: the first playable row and column
  (a pentomino level drawn inside a frame of unplayable rows counts from its first playable
  row), for every text and numbered picture of the board; ``last`` the last playable row and
  column (``None``: the board's own), so the frame's rows after the shape get no number either.
- ``quality``: how good the advice is (:class:`~gridsight.solvers.limit.Quality`): exact, or where the
  limit stopped the search and the bounds it proved.
- ``legend``: the game's own words for what is drawn (:class:`Legend`: "no animal" rather than
  "safe", the heat tint's caption and direction), filled in by the game's adapter; the
  painter falls back to plain words where it is empty.

Rows and columns are 0-based from the top-left, as in every JSON output of gridsight; text for
a person names cells through :mod:`gridsight.solvers.cellnames` (1-based).

>>> a = Advice(game="demo", rows=2, cols=2, recommend=(Cell(0, 1),), status="tap here")
>>> a.recommend[0]
Cell(row=0, col=1)
>>> Advice.from_dict(a.to_dict()) == a
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any

from gridsight.solvers.limit import Quality


@dataclass(frozen=True, order=True)
class Cell:
    """A board cell, 0-based from the top-left."""

    row: int
    col: int


class MarkKind(str, Enum):
    """How a marked cell should be shown."""

    SAFE = "safe"  # certainly harmless and worth a move (no bomb, no rupoor: a rupee)
    DANGER = "danger"  # certainly harmful (a bomb)
    KNOWN = "known"  # certainly holds what ``label`` says (an animal tile not yet tapped)
    UNREAD = "unread"  # the reader could not read this cell
    UNSURE = "unsure"  # read, but not surely: one of several things (``label`` says which)
    CONFLICT = "conflict"  # the reading here contradicts the rest of the board
    # Certainly holds nothing worth a move (a Disco Zoo tile without an animal): drawn neutral,
    # so it never reads as "tap here" the way a green check would.
    EMPTY = "empty"
    # The move advised if an unsure read is what ``label`` says ("if Tiger"): a recommended
    # cell of advice that depends on a read the player settles by looking, each answer's
    # move marked by its answer, so the picture never shows one of them as the move.
    CHOICE = "choice"
    # A move as good as the recommended one (a tile path's "Step up or right": both keep a
    # full walk): outlined as the next move is, dashed, and numbered by no walk of its own
    # (the step numbers drawn follow the recommended move's walk). Logs holding it are read
    # by gridsight since this kind came (docs/live.md); an older one skips such a record.
    ALSO = "also"


@dataclass(frozen=True)
class CellMark:
    row: int
    col: int
    kind: MarkKind
    label: str = ""


@dataclass(frozen=True)
class CellFigure:
    row: int
    col: int
    text: str
    heat: float | None = None


@dataclass(frozen=True)
class PiecePlacement:
    """A piece to draw: its name and the cells it covers."""

    label: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Legend:
    """The game's words for what a painter draws: filled in by the game's adapter, so the
    overlay (which knows no game) can say "no animal" where a Thrill Digger board says "safe".

    ``words`` pairs a legend entry with its words. The entries: a :class:`MarkKind` value
    (``"safe"``, ``"known"``, ...), ``"recommend"``, ``"path"`` and ``"piece"``. Words holding
    ``{label}`` are written once per distinct label of the marks (or pieces) shown
    (``"animal here: {label}"``). ``heat`` is the caption of the heat tint, the quantity the
    figures show (``"risk of a bomb"``); ``heat_rises`` says whether that quantity grows with
    :attr:`CellFigure.heat` (red: more of it) or shrinks (Disco Zoo's chance of an animal is
    high where the tint is green). An empty entry or caption leaves the painter's default.

    >>> legend = Legend.of({"empty": "no animal"}, heat="chance of an animal", heat_rises=False)
    >>> legend.word("empty", "safe"), legend.word("danger", "danger"), legend.heat_rises
    ('no animal', 'danger', False)
    >>> Legend.from_dict(legend.to_dict()) == legend
    True
    """

    words: tuple[tuple[str, str], ...] = ()
    heat: str = ""
    heat_rises: bool = True

    @classmethod
    def of(cls, words: dict[str, str] | Any = (), heat: str = "",
           heat_rises: bool = True) -> "Legend":
        """A legend from a mapping of entry -> words."""
        return cls(tuple(sorted(dict(words).items())), heat, heat_rises)

    def word(self, entry: str, default: str) -> str:
        """The words for ``entry``, else ``default``."""
        for key, words in self.words:
            if key == entry and words:
                return words
        return default

    def to_dict(self) -> dict[str, Any]:
        return {"words": dict(self.words), "heat": self.heat, "heat_rises": self.heat_rises}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "Legend":
        if not data:
            return cls()
        return cls.of({str(k): str(v) for k, v in dict(data.get("words", {})).items()},
                      str(data.get("heat", "")), bool(data.get("heat_rises", True)))


@dataclass(frozen=True)
class Advice:
    game: str
    rows: int
    cols: int
    recommend: tuple[Cell, ...] = ()
    marks: tuple[CellMark, ...] = ()
    figures: tuple[CellFigure, ...] = ()
    path: tuple[Cell, ...] = ()
    pieces: tuple[PiecePlacement, ...] = ()
    status: str = ""
    warnings: tuple[str, ...] = field(default=())
    legend: Legend = field(default_factory=Legend)
    why: str = ""
    details: tuple[str, ...] = field(default=())
    origin: Cell = Cell(0, 0)
    last: Cell | None = None
    quality: Quality = field(default_factory=Quality)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (mark kinds as strings)."""
        data = asdict(self)
        for mark in data["marks"]:
            mark["kind"] = MarkKind(mark["kind"]).value
        data["legend"] = self.legend.to_dict()
        data["quality"] = self.quality.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Advice":
        """Rebuild an :class:`Advice` from :meth:`to_dict` output (as read from a log)."""
        return cls(
            game=data["game"],
            rows=int(data["rows"]),
            cols=int(data["cols"]),
            recommend=tuple(Cell(**c) for c in data.get("recommend", ())),
            marks=tuple(
                CellMark(m["row"], m["col"], MarkKind(m["kind"]), m.get("label", ""))
                for m in data.get("marks", ())
            ),
            figures=tuple(
                CellFigure(f["row"], f["col"], f["text"], f.get("heat"))
                for f in data.get("figures", ())
            ),
            path=tuple(Cell(**c) for c in data.get("path", ())),
            pieces=tuple(
                PiecePlacement(p["label"], tuple(Cell(**c) for c in p["cells"]))
                for p in data.get("pieces", ())
            ),
            status=data.get("status", ""),
            warnings=tuple(data.get("warnings", ())),
            legend=Legend.from_dict(data.get("legend")),
            why=data.get("why", ""),
            details=tuple(data.get("details", ())),
            origin=Cell(**data["origin"]) if data.get("origin") else Cell(0, 0),
            last=Cell(**data["last"]) if data.get("last") else None,
            quality=Quality.from_dict(data.get("quality")),
        )
