"""One line of the recommendation log, and reading a line without trusting it.

:class:`LogRecord` is what a live session logs each time the board it believes changes (see
:mod:`gridsight.log`, which writes and reads whole logs). A log is a file anyone can edit, so
every line read back is parsed once into typed, checked fields (:func:`parse_record`): JSON
nested at most :data:`MAX_DEPTH` deep, no ``NaN``/``Infinity``, whole numbers where they belong,
every cell on the advice's board of at most :data:`MAX_SIDE` cells a side. A line that fails
raises :class:`RecordError` naming the field, so the reader can skip it and say why.

>>> from gridsight.solvers.advice import Advice, Cell
>>> r = LogRecord(step=1, time="2026-01-01T00:00:00.000Z", game="demo", board=". .",
...               advice=Advice("demo", 1, 2, recommend=(Cell(0, 1),)))
>>> LogRecord.from_json(r.to_json()) == r
True
>>> try:
...     LogRecord.from_json('{"step": 1e400}')
... except RecordError as error:
...     print(error)
not a finite number: 1e400
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from gridsight.solvers.advice import (
    Advice, Cell, CellFigure, CellMark, Legend, MarkKind, PiecePlacement,
)

if TYPE_CHECKING:  # OpenCV comes with the geometry: imported when a record has one
    from gridsight.vision.geometry import BoardGeometry

FORMAT_VERSION = 1
_KINDS = frozenset(k.value for k in MarkKind)
#: A mark kind this gridsight does not know but a newer one may draw (a short lower-case
#: word): the mark is left out, its record read (see :func:`parse_advice`).
_NEWER_KIND = re.compile(r"[a-z][a-z_]{0,31}")
#: The largest board side a record may claim (as for a template pack's board).
MAX_SIDE = 200
#: Deepest JSON nesting read (a record nests 5 deep); deeper lines are refused unparsed.
MAX_DEPTH = 32
MAX_NAME = 64  # a game's name, a time stamp
#: The longest board text a record may hold (a 200 x 200 board of 2-character tokens is 80 k).
MAX_BOARD = 100_000
#: The longest line of a log (a record of the largest board with its walk and its solution's
#: JSON is well under 1 MB): a longer line is refused before it is parsed, written or read.
MAX_LINE_BYTES = 4_000_000
#: The years a record's time may be in (an ISO 8601 time with its zone): beyond them, turning
#: it into local time would overflow (year 1 at +14:00, year 9999 at -12:00).
YEARS = (1970, 9000)
#: The most labels a record's ``skin`` may colour (a pack's labels: pentomino's twelve pieces).
MAX_SKIN = 64
_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class RecordError(ValueError):
    """A log line that is not a valid record; the message says which field and why."""


@dataclass(frozen=True)
class LogRecord:
    """One recommendation: the board as read, and the advice given on it.

    ``confidence`` holds one value per cell, row by row (``None`` for a cell not read);
    ``unread`` lists the cells the reader could not read; ``manual`` the cells the player set
    by hand in the panel (their word stood over the reads); ``solution`` is the solver's JSON
    (``gridsight solve GAME --json``); ``move`` is the cell the player chose next, once seen;
    ``frame`` is the saved frame's file name, relative to the log's folder, and ``geometry``
    where the board is in that frame (so a replay can draw the advice on it); ``skin`` the
    colours the game draws its labels in (``#rrggbb`` by label, the spec's ``Words.skin`` of
    the pack read through), so the replay draws a piece as the game and the live panel did.
    """

    step: int
    time: str
    game: str
    board: str
    advice: Advice
    confidence: tuple[tuple[float | None, ...], ...] = ()
    unread: tuple[Cell, ...] = ()
    solution: dict[str, Any] = field(default_factory=dict)
    move: Cell | None = None
    frame: str | None = None
    geometry: BoardGeometry | None = None
    manual: tuple[Cell, ...] = ()
    skin: Mapping[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = {
            "type": "advice",
            "version": FORMAT_VERSION,
            "step": self.step,
            "time": self.time,
            "game": self.game,
            "board": self.board,
            "confidence": [list(row) for row in self.confidence],
            "unread": [[c.row, c.col] for c in self.unread],
            "advice": self.advice.to_dict(),
            "solution": self.solution,
            "move": None if self.move is None else [self.move.row, self.move.col],
            "frame": self.frame,
            "geometry": None if self.geometry is None else self.geometry.to_dict(),
        }
        if self.manual:
            data["manual"] = [[c.row, c.col] for c in self.manual]
        if self.skin:
            data["skin"] = dict(self.skin)
        return data

    def to_json(self) -> str:
        """One line of JSON (no newline inside: the board's newlines are escaped)."""
        return json.dumps(self.to_dict(), separators=(",", ":"), allow_nan=False)

    @classmethod
    def from_dict(cls, data: Any) -> "LogRecord":
        """The record ``data`` holds, every field checked (:class:`RecordError` if not)."""
        return parse_record(data)

    @classmethod
    def from_json(cls, line: str | bytes) -> "LogRecord":
        return parse_record(loads_line(line))


# -- reading a line safely --------------------------------------------------------------------

_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[\[\]{}]")


def loads_line(line: str | bytes) -> Any:
    """Parse one JSON line without trusting it: a line longer than :data:`MAX_LINE_BYTES`,
    or nested deeper than :data:`MAX_DEPTH`, is refused before parsing (100,000 nested
    brackets would exhaust the recursion limit); ``NaN``, ``Infinity``, numbers too large for
    a float (``1e400``) and text that is not valid Unicode (a lone surrogate, ``"\\ud800"``,
    cannot be written out as UTF-8) are refused. Raises :class:`RecordError`.
    """
    data = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
    if len(data) > MAX_LINE_BYTES:
        raise RecordError(f"longer than {MAX_LINE_BYTES:,} bytes")
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub(b"", data)):
        depth += 1 if bracket in b"[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                raise RecordError(f"nested more than {MAX_DEPTH} deep")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"not UTF-8 (byte {error.start})") from None
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except RecordError:
        raise
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise RecordError(f"nested more than {MAX_DEPTH} deep") from None
    except ValueError as error:  # JSONDecodeError, and ints past Python's digit limit
        raise RecordError(_short(error)) from None
    if _SURROGATE.search(text) or "\\u" in text and _has_surrogate(value):
        raise RecordError("text that is not valid Unicode (a lone surrogate)")
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")


def _has_surrogate(value: Any) -> bool:
    """Whether any text in ``value`` (keys too) holds a lone surrogate (JSON's ``\\ud800``)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def record_problem(line: str | bytes) -> str:
    """What replay would refuse in one line the writer is about to append (``""``: nothing):
    the same checks, so a log never holds a record its replay skips."""
    try:
        data = loads_line(line)
        if not isinstance(data, dict):
            raise RecordError("not a JSON object")
        kind = data.get("type", "advice")
        if kind == "advice":
            parse_record(data)
        elif kind == "move":
            parse_move(data)
        elif kind == "passed":
            parse_passed(data)
        else:
            raise RecordError(f"unknown record type {_brief(kind)}")
    except RecordError as error:
        return str(error)
    return ""


def _no_constant(name: str) -> Any:
    raise RecordError(f"not a finite number: {name}")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"not a finite number: {text[:20]}")
    return value


# -- checking a record's fields ---------------------------------------------------------------


def _need(data: Any, key: str, where: str = "") -> Any:
    if key not in data:
        raise RecordError(f"missing '{where}{key}'")
    return data[key]


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RecordError(f"'{name}' must be a whole number from {low} to {high}, "
                          f"not {_brief(value)}")
    return value


def _str(value: Any, name: str, limit: int | None = None) -> str:
    if not isinstance(value, str):
        raise RecordError(f"'{name}' must be text, not {_brief(value)}")
    if limit is not None and len(value) > limit:
        raise RecordError(f"'{name}' is longer than {limit} characters")
    return value


def _list(value: Any, name: str) -> list:
    if not isinstance(value, list):
        raise RecordError(f"'{name}' must be a list, not {_brief(value)}")
    return value


def _dict(value: Any, name: str) -> dict:
    if not isinstance(value, dict):
        raise RecordError(f"'{name}' must be an object, not {_brief(value)}")
    return value


def _brief(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, (str, int, float, bool, type(None))) \
        else type(value).__name__
    return text if len(text) <= 30 else text[:27] + "..."


class _Board:
    """The size of the advice's board, to check every cell of the record against."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols

    def confidence(self, value: Any) -> tuple[tuple[float | None, ...], ...]:
        """One value per cell (or none at all): numbers from 0 to 1, or ``null``."""
        rows = _list(value, "confidence")
        if rows and (len(rows) != self.rows or any(not isinstance(row, list)
                                                   or len(row) != self.cols for row in rows)):
            raise RecordError(f"'confidence' must be {self.rows} rows of {self.cols} values")
        out = []
        for r, row in enumerate(rows):
            values = []
            for c, v in enumerate(row):
                if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))
                                      or not 0 <= v <= 1):
                    raise RecordError(f"'confidence[{r}][{c}]' must be a number from 0 to 1 "
                                      "or null")
                values.append(None if v is None else float(v))
            out.append(tuple(values))
        return tuple(out)

    def cell(self, value: Any, name: str) -> Cell:
        if isinstance(value, dict):
            row, col = _need(value, "row", f"{name}."), _need(value, "col", f"{name}.")
        elif isinstance(value, list) and len(value) == 2:
            row, col = value
        else:
            raise RecordError(f"'{name}' must be a cell ([row, col] or {{row, col}}), "
                              f"not {_brief(value)}")
        return Cell(_int(row, f"{name}.row", 0, self.rows - 1),
                    _int(col, f"{name}.col", 0, self.cols - 1))

    def cells(self, value: Any, name: str) -> tuple[Cell, ...]:
        return tuple(self.cell(v, f"{name}[{i}]") for i, v in enumerate(_list(value, name)))


def parse_advice(data: Any) -> Advice:
    """An :class:`Advice` from its logged dict, every field checked: the board 1 to
    :data:`MAX_SIDE` cells a side, every cell on it, every text a string."""
    data = _dict(data, "advice")
    rows = _int(_need(data, "rows", "advice."), "advice.rows", 1, MAX_SIDE)
    cols = _int(_need(data, "cols", "advice."), "advice.cols", 1, MAX_SIDE)
    board = _Board(rows, cols)
    marks = []
    for i, m in enumerate(_list(data.get("marks", []), "advice.marks")):
        name = f"advice.marks[{i}]"
        cell = board.cell(_dict(m, name), name)
        value = _need(m, "kind", f"{name}.")
        if isinstance(value, str) and value not in _KINDS and _NEWER_KIND.fullmatch(value):
            # A kind of mark a newer gridsight draws: left out, the record kept (a log of
            # tile-path steps with "also" marks was skipped whole by a gridsight without it)
            continue
        try:
            kind = MarkKind(value)
        except (ValueError, TypeError):
            raise RecordError(f"'{name}.kind' is not one of "
                              f"{', '.join(k.value for k in MarkKind)}") from None
        marks.append(CellMark(cell.row, cell.col, kind,
                              _str(m.get("label", ""), f"{name}.label")))
    figures = []
    for i, f in enumerate(_list(data.get("figures", []), "advice.figures")):
        name = f"advice.figures[{i}]"
        cell = board.cell(_dict(f, name), name)
        heat = f.get("heat")
        if heat is not None and (isinstance(heat, bool) or not isinstance(heat, (int, float))
                                 or not 0 <= heat <= 1):
            raise RecordError(f"'{name}.heat' must be a number from 0 to 1 or null")
        figures.append(CellFigure(cell.row, cell.col,
                                  _str(_need(f, "text", f"{name}."), f"{name}.text"),
                                  None if heat is None else float(heat)))
    pieces = []
    for i, p in enumerate(_list(data.get("pieces", []), "advice.pieces")):
        name = f"advice.pieces[{i}]"
        p = _dict(p, name)
        pieces.append(PiecePlacement(_str(_need(p, "label", f"{name}."), f"{name}.label"),
                                     board.cells(_need(p, "cells", f"{name}."),
                                                 f"{name}.cells")))
    warnings = _list(data.get("warnings", []), "advice.warnings")
    return Advice(
        game=_str(_need(data, "game", "advice."), "advice.game", MAX_NAME),
        rows=rows,
        cols=cols,
        recommend=board.cells(data.get("recommend", []), "advice.recommend"),
        marks=tuple(marks),
        figures=tuple(figures),
        path=board.cells(data.get("path", []), "advice.path"),
        pieces=tuple(pieces),
        status=_str(data.get("status", ""), "advice.status"),
        warnings=tuple(_str(w, f"advice.warnings[{i}]")
                       for i, w in enumerate(warnings)),
        legend=_legend(data.get("legend")),
        # The advice's why, details and numbering origin (none in logs written before them).
        why=_str(data.get("why", ""), "advice.why"),
        details=tuple(_str(d, f"advice.details[{i}]")
                      for i, d in enumerate(_list(data.get("details", []), "advice.details"))),
        origin=Cell(0, 0) if data.get("origin") is None
        else board.cell(data["origin"], "advice.origin"),
        last=None if data.get("last") is None else board.cell(data["last"], "advice.last"),
    )


def _legend(value: Any) -> Legend:
    """The game's legend words of a logged advice (none in logs written before them)."""
    if value is None:
        return Legend()
    data = _dict(value, "advice.legend")
    words = _dict(data.get("words", {}), "advice.legend.words")
    rises = data.get("heat_rises", True)
    if not isinstance(rises, bool):
        raise RecordError(f"'advice.legend.heat_rises' must be true or false, not {_brief(rises)}")
    return Legend.of({_str(k, "advice.legend.words", MAX_NAME):
                      _str(v, f"advice.legend.words.{k}", MAX_NAME) for k, v in words.items()},
                     _str(data.get("heat", ""), "advice.legend.heat", MAX_NAME), rises)


def _geometry(data: Any, rows: int, cols: int) -> BoardGeometry | None:
    if data is None:
        return None
    data = _dict(data, "geometry")
    if (_need(data, "rows", "geometry."), _need(data, "cols", "geometry.")) != (rows, cols):
        raise RecordError("'geometry' is not the size of the advice's board")
    matrix = _list(_need(data, "homography", "geometry."), "geometry.homography")
    if len(matrix) != 3 or not all(isinstance(row, list) and len(row) == 3 for row in matrix) \
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) < 1e9
                       for row in matrix for v in row):
        raise RecordError("'geometry.homography' must be 3 x 3 finite numbers")
    import numpy as np

    from gridsight.vision.geometry import BoardGeometry

    view = data.get("view")  # the part of a board bigger than the screen on screen
    if view is not None and (not isinstance(view, list) or len(view) != 4 or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) < 1e9
            for v in view)):
        raise RecordError("'geometry.view' must be 4 finite numbers")
    try:
        geometry = BoardGeometry.from_dict({"rows": rows, "cols": cols, "homography": matrix,
                                            "view": view})
    except ValueError as error:
        raise RecordError(f"'geometry': {error}") from None
    corners = np.array([[0, 0], [cols, 0], [cols, rows], [0, rows]], np.float64)
    with np.errstate(all="ignore"):
        det = float(np.linalg.det(np.asarray(matrix, np.float64)))
        points = geometry.board_to_image(corners)
    if not (abs(det) > 1e-12 and np.all(np.isfinite(points)) and np.all(np.abs(points) < 1e6)):
        raise RecordError("'geometry' does not map the board onto a picture")
    return geometry


def parse_time(value: Any, name: str = "time") -> str:
    """A record's time: ISO 8601 with its zone (``2026-11-30T03:10:00.123Z``), in the years
    :data:`YEARS` (so turning it into local time cannot overflow); returned as written.

    >>> parse_time("2026-11-30T03:10:00.123Z")
    '2026-11-30T03:10:00.123Z'
    >>> try:
    ...     parse_time("0001-01-01T00:00:00+14:00")
    ... except RecordError as error:
    ...     print(error)
    'time' must be a time from the years 1970 to 9000, not "0001-01-01T00:00:00+14:00"
    """
    from datetime import datetime, timezone

    text = _str(value, name, MAX_NAME)
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise RecordError(f"'{name}' must be an ISO 8601 time with its zone "
                          f"(2026-11-30T03:10:00Z), not {_brief(text)}") from None
    if when.tzinfo is None:
        raise RecordError(f"'{name}' must say its time zone (Z or +01:00), not {_brief(text)}")
    if not YEARS[0] <= when.year <= YEARS[1] \
            or not YEARS[0] <= when.astimezone(timezone.utc).year <= YEARS[1]:
        raise RecordError(f"'{name}' must be a time from the years {YEARS[0]} to {YEARS[1]}, "
                          f"not {_brief(text)}")
    return text


def _frame(value: Any) -> str | None:
    if value is None:
        return None
    name = _str(value, "frame", 255)
    if not name or "/" in name or "\\" in name or name.startswith(".") or "\x00" in name:
        raise RecordError("'frame' must be a plain file name beside the log")
    return name


def _skin(value: Any) -> dict[str, str]:
    """A record's label colours (none in logs written before them)."""
    skin = _dict(value if value is not None else {}, "skin")
    if len(skin) > MAX_SKIN:
        raise RecordError(f"'skin' has more than {MAX_SKIN} labels")
    for label, colour in skin.items():
        _str(label, "skin", MAX_NAME)
        if not isinstance(colour, str) or not _HEX_COLOUR.fullmatch(colour):
            raise RecordError(f"'skin.{label}' must be a colour #rrggbb, not {_brief(colour)}")
    return dict(skin)


def parse_record(data: Any) -> LogRecord:
    """The advice record ``data`` (a parsed log line), every field checked once into its type
    (:class:`RecordError` names the first field that is wrong)."""
    data = _dict(data, "the line")
    advice = parse_advice(_need(data, "advice"))
    board = _Board(advice.rows, advice.cols)
    move = data.get("move")
    return LogRecord(
        step=_int(_need(data, "step"), "step", 1, 10**9),
        time=parse_time(_need(data, "time")),
        game=_str(_need(data, "game"), "game", MAX_NAME),
        board=_str(_need(data, "board"), "board", MAX_BOARD),
        advice=advice,
        confidence=board.confidence(data.get("confidence", [])),
        unread=board.cells(data.get("unread", []), "unread"),
        solution=_dict(data.get("solution") or {}, "solution"),
        move=None if move is None else board.cell(move, "move"),
        frame=_frame(data.get("frame")),
        geometry=_geometry(data.get("geometry"), advice.rows, advice.cols),
        manual=board.cells(data.get("manual", []), "manual"),
        skin=_skin(data.get("skin")),
    )


@dataclass(frozen=True)
class MoveRecord:
    """A ``move`` line: the cell the player chose from the board of record ``step``."""

    step: int
    cell: Cell


def parse_move(data: dict[str, Any]) -> MoveRecord:
    if data.get("time") is not None:
        parse_time(data["time"])
    return MoveRecord(_int(_need(data, "step"), "step", 1, 10**9),
                      Cell(_int(_need(data, "row"), "row", 0, MAX_SIDE - 1),
                           _int(_need(data, "col"), "col", 0, MAX_SIDE - 1)))


@dataclass(frozen=True)
class PassedRecord:
    """A ``passed`` line: a board the live loop saw but logged no advice for, and why (the
    board changed again before the solver was free, its solve failed after the player had
    left it, or the session ended before the answer came): so a log says how many boards it
    leaves out, not only the ones it holds."""

    time: str
    board: str
    why: str


#: The longest reason a ``passed`` line may give.
MAX_WHY = 300


def parse_passed(data: dict[str, Any]) -> PassedRecord:
    return PassedRecord(parse_time(_need(data, "time")),
                        _str(_need(data, "board"), "board", MAX_BOARD),
                        _str(_need(data, "why"), "why", MAX_WHY))


def _short(error: Exception) -> str:
    text = str(error) or type(error).__name__
    return text if len(text) <= 80 else text[:77] + "..."
