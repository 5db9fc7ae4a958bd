"""gridsight as a library: solve a board, read a screenshot, analyse it.

Five functions and the frozen results they return, in the manner of python-chess's
``chess.engine`` (a board in, a typed answer out, a :class:`Limit` on the work) and mss's small
interface:

- :func:`solve` a board written in a game's text format: :class:`Advice` (the next move, the
  status line, the game's own figures and the drawing);
- :func:`read` a screenshot: :class:`Reading` (the board text as read, the cells it could not
  read, where the board lies in the picture);
- :func:`analyze` a screenshot: :class:`Analysis` (the reading and its advice; ``paint`` draws
  it on the picture);
- :func:`games`: the games gridsight knows (:class:`Game`);
- :func:`prepare` a game: its solver loaded ahead, outside any limit.

Solving needs neither OpenCV nor numba (tests/test_api.py imports this module with both
blocked); reading a screenshot needs OpenCV. Bad input raises an error naming what is wrong:
:class:`InputError` (a malformed or impossible board, a board that cannot be read; a
:class:`BoardFormatError` names the line), :class:`VisionInputError` (an image that cannot be
read, a missing pack, no board in the picture), :class:`UnknownGameError`;
:class:`RuntimeFailure` for a failure that is not the input's. A search stopped by its
:class:`Limit` is not an error: it answers with the best move it found and says how good it
is (``Advice.quality``). Nothing here prints, writes a file or changes the process (no signal
handler, exit hook or memory limit).

>>> from gridsight import api
>>> advice = api.solve("tile-path", "S . .\\n. . #\\n")
>>> advice.move, advice.status
(Cell(row=1, col=0), 'Step down - it keeps a full walk possible')
>>> advice.details["path"]
('down', 'right', 'up', 'right')
>>> [game.name for game in api.games()]
['thrill-digger', 'disco-zoo', 'tile-path', 'pentomino', 'minesweeper']

docs/api.md has an example for every game.
"""

from __future__ import annotations

import argparse
import importlib
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from types import MappingProxyType, ModuleType, UnionType
from typing import TYPE_CHECKING, Any, Union, get_args, get_origin, get_type_hints

from gridsight.errors import (
    ArgumentError, HintChoices, ReadError, RuntimeFailure, UnknownGameError,
)
from gridsight.games import doubts
from gridsight.games.base import GameAdapter, Solution
from gridsight.games.options import SolveOptions
from gridsight.limits import MAX_PIXELS
from gridsight.registry import all_specs, get_spec
from gridsight.solvers.advice import Advice as Drawing
from gridsight.solvers.advice import Cell
from gridsight.solvers.boardtext import BoardText, parse_boards
from gridsight.solvers.errors import BoardFormatError, ImpossibleBoardError, InputError
from gridsight.solvers.limit import Limit, LimitReached, Quality, Since
from gridsight.vision.errors import BoardNotFoundError, VisionInputError


class _Later:
    """The names of a module that ``load`` imports when one of them is first read: an
    annotation naming them resolves (``typing.get_type_hints(read)``) while ``import
    gridsight.api`` imports neither numpy, OpenCV nor the readers. Any other name is not
    there (a probe for ``__wrapped__`` or a mock's attribute loads nothing). Each module is
    named by a literal import, so that the architecture test sees it."""

    def __init__(self, load: Callable[[], ModuleType], *names: str) -> None:
        self._load, self._names = load, frozenset(names)

    def __getattr__(self, name: str) -> Any:
        if name not in self._names:
            raise AttributeError(f"{name} is not one of {sorted(self._names)}")
        return getattr(self._load(), name)

    def __repr__(self) -> str:
        return f"<a module loaded when {', '.join(sorted(self._names))} is read>"


if TYPE_CHECKING:  # pragma: no cover - OpenCV and the readers load when a picture is read
    import numpy as np

    from gridsight import screenshots
    from gridsight.games.spec import HintOption
    from gridsight.readers import base as readers
    from gridsight.vision import geometry as vision_geometry
else:
    np = _Later(lambda: importlib.import_module("numpy"), "ndarray")
    screenshots = _Later(lambda: importlib.import_module("gridsight.screenshots"), "Solve")
    readers = _Later(lambda: importlib.import_module("gridsight.readers.base"),
                     "BoardReading", "ReadHints")
    vision_geometry = _Later(lambda: importlib.import_module("gridsight.vision.geometry"),
                             "BoardGeometry")


#: The most characters a hint's text may hold (its names, commas counted): three animals'
#: names or a piece set are a few dozen; a hint parsed name by name took 5 s for 100,000.
MAX_HINT_CHARS = 1_000

#: The work :func:`prepare` gives the game's example: enough for its first solve's tables,
#: too little for a compiled kernel to be loaded (``engines.KERNEL_LOAD_SECONDS``).
PREPARE_SECONDS = 0.2

#: A picture: a file's path (str or path-like), its file's bytes in memory (PNG, JPEG...), or
#: an image already decoded (``(H, W, 3)`` BGR ``uint8``, as OpenCV reads it).
Image = Union[str, "os.PathLike[str]", bytes, "np.ndarray"]


def _frozen(value: Any) -> Any:
    """JSON data made read-only: objects as read-only mappings, arrays as tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({str(k): _frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def _thawed(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    return value


def _cells(cells: Any) -> tuple[Cell, ...]:
    return tuple(Cell(int(r), int(c)) for r, c in cells)


@dataclass(frozen=True)
class Choice:
    """The move to make if an unsure read is one of ``answers`` (``("Tiger",)``, a count's
    ``("6",)``): ``move`` is ``None`` when there is none then (no tap can rescue another
    animal)."""

    answers: tuple[str, ...]
    move: Cell | None


@dataclass(frozen=True)
class Doubt:
    r"""A read that is unsure: ``cell`` read as one of ``one_of`` (a Disco Zoo found tile,
    ``("Panda", "Tiger")``), or, with ``cell`` ``None``, the read hint ``about`` names (the
    attempts counter, ``"taps"``: ``("1", "6")``). ``choices`` holds each answer's move when
    the answer changes the advice (the advised move's answers first), and is empty when the
    advice is the same whichever it is; ``words`` says it as the status line does.

    >>> from gridsight import api
    >>> board = "region: Jungle\nanimals: Gorilla, Panda, Tiger\ntaps: 1/6\n" + (
    ...     ". . . . .\n. . . - .\n. . 2 . .\n. . . . .\n. . 1 . .\n")
    >>> (doubt,) = api.solve("disco-zoo", board).doubts
    >>> doubt.about, doubt.one_of, doubt.changes
    ('taps', ('1', '6'), True)
    >>> doubt.choices
    (Choice(answers=('1',), move=None), Choice(answers=('6',), move=Cell(row=3, col=0)))
    >>> print(api.solve("disco-zoo", board).move)  # as read, 1 attempt: no tap
    None
    """

    cell: Cell | None
    about: str | None
    one_of: tuple[str, ...]
    choices: tuple[Choice, ...]
    words: str

    @property
    def changes(self) -> bool:
        """Whether the advice depends on this read (the player should look)."""
        return bool(self.choices)

    @classmethod
    def of(cls, doubt: doubts.Doubt, drawing: Drawing) -> Doubt:
        """The typed form of a game's ``doubt`` (:mod:`gridsight.games.doubts`)."""
        moves = doubts.answer_moves(doubt, drawing) if doubt.changes else ()
        return cls(cell=None if doubt.cell is None else Cell(*doubt.cell), about=doubt.about,
                   one_of=doubt.options, words=doubt.words(),
                   choices=tuple(Choice(answers, None if move is None else Cell(*move))
                                 for answers, move in moves))


@dataclass(frozen=True)
class Advice:
    """What gridsight advises for one board.

    ``recommend`` holds the next move (usually one cell; empty when there is none: the game
    is over, or nothing is decided; when the move depends on an unsure read the player
    settles by looking, the move advised while it stays unsure, as ``solve --json`` says it,
    and :attr:`choices` each answer's), ``status`` the one line a player reads, ``why`` a line
    saying why when the move is not the obvious one (``""`` otherwise), ``warnings`` what they
    must not miss, ``quality`` how good the advice is (:class:`Quality`: exact, or the limit
    that stopped the search and the bounds it proved). ``details`` is the game's own answer,
    read-only: the object
    ``gridsight solve GAME --json`` prints (each hole's chances, a walk, a proof; the
    game's page in docs/ lists its fields), and :meth:`json` a plain copy of it. ``text`` is
    the readable report ``gridsight solve GAME`` prints, ``drawing`` what a painter draws
    (:func:`gridsight.overlay.paint.paint_advice`: the marks, figures, path and legend).
    ``doubts`` are the board's unsure reads (:class:`Doubt`): under one that changes the
    advice, :attr:`move` is the move advised while the read stays unsure (the best for a
    player who cannot tell; ``None`` when that is no move) and :attr:`choices` each answer's
    (the drawing's squares, each labelled by its answers).
    """

    game: str
    board: str
    recommend: tuple[Cell, ...]
    status: str
    warnings: tuple[str, ...]
    quality: Quality
    why: str = field(repr=False)
    details: Mapping[str, Any] = field(repr=False)
    text: str = field(repr=False)
    drawing: Drawing = field(repr=False)
    doubts: tuple[Doubt, ...] = field(default=(), repr=False)

    @property
    def move(self) -> Cell | None:
        """The (first) recommended cell, ``None`` when there is none."""
        return self.recommend[0] if self.recommend else None

    @property
    def choices(self) -> tuple[Choice, ...]:
        """Each answer's move when the advice depends on one unsure read (the player looks,
        then makes the move of what they see), the advised move's answers first; empty when
        no read changes the advice, and when two or more do (each answer's move would take
        the other read as it stands: the status line asks both)."""
        changing = [d for d in self.doubts if d.changes]
        return changing[0].choices if len(changing) == 1 else ()

    def json(self) -> dict[str, Any]:
        """:attr:`details` as plain, mutable JSON data (a fresh copy)."""
        data: dict[str, Any] = _thawed(self.details)
        return data

    @classmethod
    def of(cls, board: str, solution: Solution, drawing: Drawing | None = None) -> Advice:
        """The advice of an adapter's ``solution`` of ``board`` (``drawing``: another drawing
        than the solution's own, the reading's marks added)."""
        drawing = drawing or solution.advice
        unsure = doubts.doubts_of(solution.json)
        recommend = drawing.recommend
        changing = [d for d in unsure if d.changes and d.advised]
        if changing:  # the drawing's squares are each answer's move: the move is the advised
            advised = changing[0].advised[0]
            recommend = () if advised is None else (Cell(*advised),)
        return cls(game=drawing.game, board=board, recommend=recommend,
                   status=drawing.status, warnings=drawing.warnings, quality=drawing.quality,
                   why=drawing.why, details=_frozen(solution.json), text=solution.text,
                   drawing=drawing, doubts=tuple(Doubt.of(d, drawing) for d in unsure))


@dataclass(frozen=True)
class Reading:
    """A board as read off a picture.

    ``board`` is its text in the game's format (what :func:`solve` takes; ``gridsight solve
    GAME --help`` shows the format); ``unread`` the cells that could not be read (solved as
    not yet observed where the game allows it), ``unsure`` those read but not surely (their
    token says what they may be); ``confidence`` each cell's classifier score (0..1, rows of
    columns); ``notes`` what else the reader saw or assumed, ``warnings`` what the player
    must check. ``pack`` names the template pack that found it (``structure``: found by its
    structure, no frame), ``geometry`` where it lies in the picture
    (:class:`gridsight.vision.geometry.BoardGeometry`: cell corners and centres in pixels),
    ``size`` the picture's ``(width, height)`` in pixels, ``colours`` the colours the game
    draws its labels in as the pack shows them (BGR by label: :meth:`Analysis.paint` draws a
    pentomino piece so).
    """

    game: str
    board: str
    unread: tuple[Cell, ...]
    unsure: tuple[Cell, ...]
    confidence: tuple[tuple[float, ...], ...] = field(repr=False)
    notes: tuple[str, ...]
    warnings: tuple[str, ...]
    pack: str
    geometry: vision_geometry.BoardGeometry = field(repr=False, compare=False)
    size: tuple[int, int] | None = field(default=None, repr=False, compare=False)
    colours: Mapping[str, tuple[int, int, int]] = field(
        default_factory=lambda: MappingProxyType({}), repr=False, compare=False)

    @property
    def parsed(self) -> BoardText:
        """:attr:`board` parsed (headers and grid)."""
        return parse_boards(self.board, source="<screenshot>")[0]

    @classmethod
    def of(cls, reading: readers.BoardReading, pack: str,
           geometry: vision_geometry.BoardGeometry,
           size: tuple[int, int] | None = None,
           colours: Mapping[str, tuple[int, int, int]] | None = None) -> Reading:
        """The reading of a reader's ``reading`` found by ``pack`` at ``geometry`` in a picture
        of ``size`` (width, height), the pack's ``colours`` of the game's labels read-only (a
        plain dict once: the frozen reading's colours could be changed in place)."""
        return cls(game=reading.game, board=reading.text, unread=_cells(reading.unread),
                   unsure=_cells(reading.unsure), confidence=reading.confidence,
                   notes=reading.notes, warnings=reading.warnings, pack=pack,
                   geometry=geometry, size=size,
                   colours=MappingProxyType({str(k): (int(v[0]), int(v[1]), int(v[2])) for k, v in
                                             (colours or {}).items()}))


@dataclass(frozen=True)
class Analysis:
    """A picture read and its board solved: the :class:`Reading` and the :class:`Advice`.

    The advice's drawing carries what the reading adds: the unread and unsure cells marked,
    the reader's warnings, and in the status line the unread cells whose true content would
    change the advised move.
    """

    reading: Reading
    advice: Advice

    def paint(self, image: Image, *, max_pixels: int = MAX_PIXELS) -> np.ndarray:
        """A copy of ``image`` (the picture analysed, at most ``max_pixels`` pixels) with the
        advice painted on the board, enlarged when its cells are too small for the figures:
        what ``gridsight analyze`` saves. A picture of another size is refused
        (:class:`ArgumentError`): the board's place is the analysed picture's (a 10 x 10
        picture was painted with the board 300 pixels off it)."""
        from gridsight.screenshots import annotate

        picture = _image(image, max_pixels)
        size = (picture.shape[1], picture.shape[0])
        if self.reading.size is not None and size != self.reading.size:
            raise ArgumentError(f"paint the picture analysed ({self.reading.size[0]} x "
                                f"{self.reading.size[1]} pixels), not one of {size[0]} x "
                                f"{size[1]}: the board's place is the analysed picture's")
        return annotate(picture, self.reading.geometry, self.advice.drawing,
                        self.reading.colours)


@dataclass(frozen=True)
class Game:
    """A game gridsight knows: ``name`` (what the functions take), ``title``, ``summary``,
    ``example`` (a board in its text format) and whether its boards can be read off a
    screenshot through a template pack (``reads_screenshots``)."""

    name: str
    title: str
    summary: str
    example: str = field(repr=False)
    reads_screenshots: bool


def games() -> tuple[Game, ...]:
    """Every game gridsight knows, in the order ``gridsight games`` lists them."""
    return tuple(Game(spec.name, spec.title, spec.summary, spec.example,
                      spec.reads_screenshots) for spec in all_specs())


def solve(game: str, board: str | BoardText, limit: Limit | None = None,
          options: Any = None) -> Advice:
    """The advice for ``board`` (one board, as text in ``game``'s format or parsed).

    ``limit`` bounds the work (:class:`Limit`: CPU seconds of the solving thread, states
    visited, the bytes a search's tables may hold, seconds of waiting; ``None``: the
    options' limit, by default 20 seconds of work). Every solver checks it itself and, stopped
    by it, still answers with the best move found so far, saying how good it is
    (docs/limits.md). ``options`` are the game's own settings, the options of ``gridsight
    solve GAME`` (a Thrill Digger ``policy``, a Disco Zoo ``objective``, a pentomino
    ``count``...): the game's typed options (its adapter's ``options_type``, such as
    :class:`gridsight.games.pentomino.options.PentominoOptions`), or a mapping or another
    dataclass whose names are those options' fields (``--no-leave-one`` is ``leave_one``,
    pentomino's ``--limit N`` is ``max_solutions``); those not given keep the command's
    defaults. ``limit``, when given, replaces the options' own.

    The limit is counted from the call's first line, so it bounds the call as the caller
    sees it: the first call of a process also imports the game's solver (0.04-0.14 s of CPU,
    numpy among it for Thrill Digger and Disco Zoo), a step no limit can cut short, within the
    limit; a solver that finds its limit spent when it starts answers at once with its
    fallback move, said in ``quality``. :func:`prepare` does that once ahead.

    Raises :class:`BoardFormatError` (naming the line) for a board that cannot be parsed,
    :class:`ImpossibleBoardError` (naming the cells) for one no game could show; a
    :class:`ArgumentError` (also a ``TypeError`` and a ``ValueError``) names an option that is
    not the game's, or a value of the wrong type or one the game refuses.
    """
    since = Since.now()  # the limit bounds the call: the solver's import and the parse within
    adapter = get_spec(game).adapter
    parsed = _one_board(board)
    return Advice.of(_text_of(parsed), _solver(adapter, limit, options, since)(parsed))


def read(image: Image, game: str | None = None, pack: str | None = None,
         hints: Mapping[str, Any] | None = None, *, max_pixels: int = MAX_PIXELS) -> Reading:
    """The board in ``image`` (a path, a picture file's bytes or a BGR array), read as ``game``
    (``None``: every game whose board can be read off a screenshot is tried, the
    best-matching board wins).

    ``pack`` is the template pack, a skin name (the player's own calibrated packs first,
    then the shipped ones) or a pack folder (``None``: the shipped default skin). ``hints``
    tell the reader what the picture may not show, by name (Disco Zoo's ``animals``,
    ``region`` and ``taps``, a pentomino level's ``pieces``: ``gridsight analyze --help``
    lists them); a value may be written as on the command line (``"Pig,Cow"``), of at most
    :data:`MAX_HINT_CHARS` characters.
    ``max_pixels`` bounds the picture, a file's (from its header, before decoding) as an
    array's: by default 40 million pixels (an 8K screen is 33 million), as the command's.

    Raises :class:`BoardNotFoundError` when no board is found, :class:`ReadError` (its
    ``unread`` lists the cells; its ``choices``, when not ``None``, the hint that would read
    it and what each part may be: a :class:`HintChoices`, such as the animals each card may
    be) when a board is found but cannot be read into a board of the game,
    :class:`VisionInputError` for an image or a pack that cannot be used (a
    :class:`gridsight.vision.images.ImageTooLarge` for one of more than ``max_pixels`` pixels).
    """
    return _read(image, game, pack, hints, max_pixels)[0]


def analyze(image: Image, game: str | None = None, pack: str | None = None,
            hints: Mapping[str, Any] | None = None, limit: Limit | None = None,
            options: Any = None, *, max_pixels: int = MAX_PIXELS) -> Analysis:
    """:func:`read` ``image`` (at most ``max_pixels`` pixels), then :func:`solve` the board
    read (with ``limit`` and ``options``): the reading and its advice, exactly as ``gridsight
    analyze`` makes them."""
    from gridsight.screenshots import advise

    reading, board = _read(image, game, pack, hints, max_pixels)
    since = Since.now()  # the board's solve counts from here: the solver's import within it
    adapter = get_spec(reading.game).adapter
    first, others = _solver(adapter, limit, options, since), _solver(adapter, limit, options)
    calls = 0

    def solving(parsed: BoardText) -> Solution:
        # The board read counts from ``since``; each other board the unread cells may make
        # (``screenshots.unread_that_matter``) is a solve of its own, under a limit of its own.
        nonlocal calls
        calls += 1
        return (first if calls == 1 else others)(parsed)

    solution, drawing = advise(reading.game, board, solving)
    return Analysis(reading, Advice.of(reading.board, solution, drawing))


def prepare(game: str) -> None:
    """Load what solving ``game`` needs, once per process: its solver's modules (numpy among
    them for Thrill Digger and Disco Zoo) and the tables its first solve builds (the game's
    example solved under a limit of 0.2 s of work, too little to load a compiled kernel).

    A limit bounds a call from its first line (:func:`solve`), and importing is no step a
    limit can cut short: a program that will solve under a small limit calls this first,
    outside its limits, so its first call answers as well as the next. Raises
    :class:`UnknownGameError` for a game gridsight does not know."""
    spec = get_spec(game)
    adapter = spec.adapter
    adapter.solve(_one_board(spec.example),
                  replace(options_of(adapter), limit=Limit(seconds=PREPARE_SECONDS)))


# -- the plumbing ---------------------------------------------------------------------------


def _one_board(board: str | BoardText) -> BoardText:
    if isinstance(board, BoardText):
        return board
    if not isinstance(board, str):
        raise ArgumentError(f"a board is its text (str) or a parsed BoardText, not "
                        f"{type(board).__name__}")
    boards = parse_boards(board, source="<board>")
    if len(boards) != 1:
        raise BoardFormatError(f"give one board, not {len(boards)}", source="<board>")
    return boards[0]


def _text_of(board: BoardText) -> str:
    """A parsed board written back as text: its headers, then its rows."""
    lines = [f"{key}: {value}" for key, value in board.headers.items()]
    return "\n".join(lines + [" ".join(row) for row in board.grid]) + "\n"


def _solver(adapter: GameAdapter, limit: Limit | None, options: Any,
            since: Since | None = None) -> screenshots.Solve:
    """``adapter.solve`` with the game's typed options (:func:`options_of`) and ``limit``,
    when given, in place of theirs; its time counted from ``since`` when given (a moment
    before the solver's own start: the call's first line), unless the limit counts from a
    moment of its own (:meth:`Limit.from_now`: the caller's, kept)."""
    settings = options_of(adapter, options)
    if limit is not None:
        if not isinstance(limit, Limit):
            raise ArgumentError(f"limit must be a Limit, not {type(limit).__name__}")
        settings = replace(settings, limit=limit)
    if since is not None and settings.limit.since is None:  # a moment the caller gave stays
        settings = replace(settings, limit=replace(settings.limit, since=since))
    return lambda board: adapter.solve(board, settings)


def options_of(adapter: GameAdapter, options: Any = None) -> SolveOptions:
    """The game's typed options (``adapter.options_type``, a frozen dataclass holding the
    :class:`Limit`) from ``options``: those options themselves, ``None`` for the defaults, or
    a mapping or another dataclass whose names are the options' fields (the others keep their
    defaults). A name that is not one of the game's options, a value of the wrong type or one
    the game refuses: :class:`ArgumentError` (a ``TypeError`` and ``ValueError`` too) in words."""
    kind = adapter.options_type
    if isinstance(options, kind):
        return options
    if isinstance(options, SolveOptions):
        raise ArgumentError(f"{adapter.name} takes {kind.__name__}, not {type(options).__name__}")
    given = _settings(options)
    names = [f.name for f in fields(kind)]
    unknown = sorted(set(given) - set(names))
    if unknown:
        raise ArgumentError(f"{adapter.name} has no option {', '.join(unknown)} (its options: "
                        f"{', '.join(sorted(names))})")
    try:
        hints = get_type_hints(kind)
    except (NameError, TypeError):  # a hint that does not resolve: the dataclass's checks alone
        hints = {}
    for name, value in given.items():
        _check_type(f"{adapter.name} option {name}", value, hints.get(name))
    try:
        return kind(**given)
    except InputError:
        raise
    except (TypeError, ValueError) as error:  # the options' own checks (an engine unknown...)
        raise ArgumentError(f"{adapter.name} options: {error}") from None


def _check_type(what: str, value: Any, hint: Any) -> None:
    """Refuse ``value`` unless it is of ``hint``, for the plain types options hold (``bool``,
    ``int``, ``float``, ``str``, ``Limit``, each or ``None``): ``{"count": "yes"}`` once
    counted, a string being true."""
    allowed = get_args(hint) if get_origin(hint) in (Union, UnionType) else (hint,)
    if value is None and type(None) in allowed:
        return
    for kind in allowed:
        if kind is bool and isinstance(value, bool):
            return
        if kind is int and isinstance(value, int) and not isinstance(value, bool):
            return
        if kind is float and isinstance(value, (int, float)) and not isinstance(value, bool):
            return
        if kind in (str, Limit) and isinstance(value, kind):
            return
        if kind not in (bool, int, float, str, Limit, type(None)):
            return  # a type this check does not know: the options' own checks decide
    names = " or ".join("None" if k is type(None) else getattr(k, "__name__", str(k))
                        for k in allowed)
    raise ArgumentError(f"{what} must be {names}, not {type(value).__name__} {value!r}"[:200])


def _settings(options: Any) -> dict[str, Any]:
    if options is None:
        return {}
    if isinstance(options, Mapping):
        return dict(options)
    if is_dataclass(options) and not isinstance(options, type):
        return {f.name: getattr(options, f.name) for f in fields(options)}
    raise ArgumentError(f"options must be a dataclass or a mapping, not {type(options).__name__}")


def _image(image: Image, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """``image`` as a BGR array: read from its path (:func:`gridsight.vision.images.load_image`),
    decoded from its file's bytes, or checked when it is one already; either way of at most ``max_pixels`` pixels (an array of
    100 million pixels was searched for minutes: a file of them was refused at once)."""
    import numpy as np

    from gridsight.vision.images import ImageReadError, ImageTooLarge, decode_image, load_image

    if isinstance(max_pixels, bool) or not isinstance(max_pixels, int) or max_pixels < 1:
        raise ArgumentError(f"max_pixels must be a whole number of at least 1, not "
                            f"{max_pixels!r}"[:200])
    if isinstance(image, np.ndarray):
        if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
            raise VisionInputError(f"an image is an (H, W, 3) BGR uint8 array, not "
                                   f"{image.shape} {image.dtype}")
        height, width = image.shape[:2]
        if height < 1 or width < 1:  # OpenCV asserts deep inside on these
            raise VisionInputError(f"an image of {width} x {height} pixels holds no board")
        if height * width > max_pixels:
            raise ImageTooLarge("<array>", f"{width} x {height} = {width * height:,} pixels, "
                                f"more than the limit of {max_pixels:,}; raise it with "
                                "max_pixels=N")
        return image

    if isinstance(image, (bytes, bytearray, memoryview)):
        # A picture's file in memory (a download, an upload, a screenshot library's PNG):
        # decoded as a file's bytes are, bounded the same way. ``os.fspath`` took bytes as a
        # path ("no such file"); a path is a str or a Path.
        data = bytes(image)
        try:
            return decode_image(data, "<bytes>", max_pixels=max_pixels, raise_with="max_pixels=N")
        except ImageReadError:
            if len(data) < 4096 and os.path.exists(os.fsdecode(data)):
                raise ImageReadError("<bytes>", "these bytes name a file; bytes are read as the "
                                     "picture's own (PNG, JPEG...): give a path as a str or a "
                                     "Path") from None
            raise
    try:
        path = os.fspath(image)
    except TypeError:
        raise ArgumentError(f"an image is a file's path, its bytes or an (H, W, 3) BGR uint8 "
                            f"array, not {type(image).__name__}") from None
    return load_image(path, max_pixels=max_pixels, raise_with="max_pixels=N")


def _hints(hints: Mapping[str, Any] | None, game: str | None) -> readers.ReadHints:
    """The reader's hints from a mapping: the names every game declares; a value is parsed as
    its command-line option would be (a number or names as their text)."""
    from gridsight.readers.base import ReadHints

    declared: dict[str, HintOption] = {}
    for spec in all_specs() if game is None else [get_spec(game)]:
        for hint in spec.hints:
            declared.setdefault(hint.name, hint)
    if hints is not None and not isinstance(hints, Mapping):
        raise ArgumentError(f"hints are a mapping of hint names to values, not "
                            f"{type(hints).__name__}")
    values = {}
    for name, value in (hints or {}).items():
        if name not in declared:
            raise ArgumentError(f"no hint named {name!r} (hints: {', '.join(sorted(declared))})")
        size = len(value) if isinstance(value, str) else sum(
            len(v) + 1 for v in value if isinstance(v, str)) if isinstance(value, (list, tuple)) \
            else 0
        if size > MAX_HINT_CHARS:  # parsed name by name: 10 MB of names took minutes
            raise ArgumentError(f"hint {name!r} holds {size:,} characters, more than the "
                                f"{MAX_HINT_CHARS:,} a hint may (a few names or letters)")
        if isinstance(value, list):
            value = tuple(value)
        if not isinstance(value, (str, int, tuple)) or isinstance(value, bool) or (
                isinstance(value, tuple) and not all(isinstance(v, str) for v in value)):
            raise ArgumentError(f"hint {name!r} is text as on the command line "
                                f"({declared[name].flag} {declared[name].metavar}), a whole "
                                f"number or names, not {type(value).__name__}")
        try:  # a number or names checked as their text is: animals=5 was a TypeError inside
            value = declared[name].parse(value if isinstance(value, str)
                                         else declared[name].header_text(value))
        except argparse.ArgumentTypeError as error:  # the option's own check, in words
            raise InputError(f"hint {name!r}: {error}") from None
        values[name] = value
    return ReadHints(**values)


def _read(image: Image, game: str | None, pack: str | None,
          hints: Mapping[str, Any] | None,
          max_pixels: int) -> tuple[Reading, readers.BoardReading]:
    from gridsight.screenshots import PackShelf, read_screenshot, skin_colours

    if game is not None and not get_spec(game).reads_screenshots:
        raise InputError(f"{game} is not read off a screenshot through a template pack")
    picture = _image(image, max_pixels)
    found, reading = read_screenshot(picture, PackShelf(pack), game, _hints(hints, game))
    return Reading.of(reading, found.pack.name, found.read.geometry,
                      (picture.shape[1], picture.shape[0]),
                      skin_colours(found.game, found.pack)), reading


__all__ = [
    "Advice", "Analysis", "ArgumentError", "BoardFormatError", "BoardNotFoundError", "Cell",
    "Choice", "Doubt", "Game", "HintChoices", "Image", "ImpossibleBoardError", "InputError", "Limit", "LimitReached",
    "Quality", "ReadError", "Reading", "RuntimeFailure", "UnknownGameError", "VisionInputError",
    "analyze", "games", "prepare", "read", "solve",
]
