"""``GameSpec``: everything the application knows about one game, in one object.

Every generic module (the registry, the commands, the live loop, calibration, analysis,
replay, the test kit's pack building and corpus) asks a game's spec and never branches on the
game's name, so a new game is one package, ``gridsight/games/<game>/``, whose ``__init__``
defines ``SPEC``, plus one line in :mod:`gridsight.registry`. A spec is made of parts:

- **identity**: ``name`` (the command-line name), ``title``, ``summary``;
- **solving**: ``adapter``, a loader of the :class:`~gridsight.games.base.GameAdapter` (the
  solve options, the JSON contract, the readable text, the :class:`~gridsight.solvers.advice.Advice`;
  simulation when the adapter also implements ``Simulates``), and ``example``, a small board
  in the game's text format;
- **screen reading** (optional): ``reading`` says how a picture of the game becomes board text
  and how a new look of it is calibrated: :class:`GridReading` (a flat grid read through a
  template pack: four outer corners and every cell labelled) or :class:`PitReading` (a 3D pit
  followed across a moving view); ``hints`` what the player can tell the reader that a picture
  may not show, and ``solver_options`` the solve settings ``analyze`` and ``live`` pass on;
- **live play**: ``manual`` (the board set by hand in the panel), ``counter`` (a count the
  panel may override, read off the screen otherwise) and ``objectives`` (what the advice may
  aim for);
- **words**: what a person reads (the panel's cell names, choices and controls, the legend's
  entries and heat caption, which the adapter puts in its advice);
- **replay**: ``results``, the game's own results line(s) from a logged board.

Parts that import heavy code are loaded on first use (``adapter``, ``reading.reader``), so
building the registry and ``gridsight --help`` stay cheap: a spec module imports nothing but
this module and light rules.

>>> from gridsight.registry import get_spec
>>> spec = get_spec("tile-path")
>>> spec.name, spec.adapter.name, spec.words.word("#").name
('tile-path', 'tile-path', 'wall')
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol

from gridsight.limits import SOLVE_TIME_LIMIT, seconds
from gridsight.solvers.advice import Advice, Legend

if TYPE_CHECKING:  # pragma: no cover - imports for the type checker only
    from gridsight.games.base import GameAdapter
    from gridsight.live.settings import TrackerSettings
    from gridsight.live.sources import BoardSource
    from gridsight.readers.base import GameReader


class Beside(Enum):
    """A side of the board where a game's screen shows what the player reads or plays with
    (:attr:`GameSpec.keep_beside`)."""

    ABOVE = "above"
    BELOW = "below"


@cache
def _loaded(load: Callable[[], Any]) -> Any:
    """``load()`` once per loader: a game's heavy parts are imported on first use only."""
    return load()


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


# -- reading a picture ------------------------------------------------------------------------


@dataclass(frozen=True)
class HintOption:
    """Something the player can tell a screen reader that the picture may not show.

    ``flag`` is its option on ``gridsight analyze`` and ``gridsight live`` (``--animals``),
    ``aliases`` further spellings added only where the command has not taken them already
    (``--region`` on ``analyze``; on ``live`` it is the capture rectangle). ``name`` is its
    key in :class:`~gridsight.readers.base.ReadHints`, ``parse`` turns the text into the value
    the reader gets, and ``header`` is the board-text header it fills on a board set by hand
    (``gridsight live --manual``), ``None`` for none.

    >>> hint = HintOption("pieces", "--pieces", "the piece set", "LETTERS", str.upper, "pieces")
    >>> hint.parse("filnp"), hint.header_text(("Pig", "Cow"))
    ('FILNP', 'Pig, Cow')
    """

    name: str
    flag: str
    help: str
    metavar: str
    parse: Callable[[str], Any] = str
    header: str | None = None
    aliases: tuple[str, ...] = ()

    @staticmethod
    def header_text(value: Any) -> str:
        """A hint's value as written in a board-text header (a list joined with commas)."""
        if isinstance(value, (tuple, list)):
            return ", ".join(str(v) for v in value)
        return str(value)


@dataclass(frozen=True)
class SolverOption:
    """A solve setting ``gridsight analyze`` and ``gridsight live`` pass on to the adapter.

    ``dest`` is the attribute the adapter's :meth:`solve` reads (the same as its own ``solve``
    option). ``live`` solves on every change of the board, so it may give the solver less
    time (``live_default``; ``None``: the same as ``default``). Two games may declare the same
    flag when they mean the same thing by it (the contract test checks they agree).
    """

    dest: str
    flag: str
    help: str
    default: Any
    parse: Callable[[str], Any] = str
    metavar: str | None = None
    live_default: Any = None

    def default_for(self, command: str) -> Any:
        """The default on ``command`` (``analyze`` or ``live``)."""
        if command == "live" and self.live_default is not None:
            return self.live_default
        return self.default


#: The work one board's analysis may do (every game's ``--time-limit``: CPU seconds of the
#: solver, one definition: :func:`gridsight.limits.seconds`, 0 for no limit; the default is
#: the one of :class:`gridsight.solvers.limit.Limit`).
TIME_LIMIT = SolverOption(
    "time_limit", "--time-limit", "work for one board's analysis, in CPU seconds of the "
    "solver (0: no limit)", SOLVE_TIME_LIMIT, parse=seconds, metavar="SECONDS",
    live_default=5.0)


@dataclass(frozen=True)
class GridReading:
    """A flat grid read through a template pack (``templates/<game>/<skin>/``).

    ``reader`` loads the game's :class:`~gridsight.readers.base.GameReader` (pack labels and
    the rest of the screenshot to board text); ``tracker`` are the live tracker's rules
    (:class:`~gridsight.live.settings.TrackerSettings`: which label changes are reveals and
    moves). Calibrating a new look marks the board's four outer corners and labels every cell
    with a board in the game's text format, ``?`` for a cell not to learn; ``unlearned_token``
    is the token a ``?`` cell is written as before the reader turns the board into labels, for
    a game whose format has no ``?`` (``None``: the reader takes ``?`` itself). ``example`` is
    a board of the shipped pack's size that the reader writes back exactly from its labels
    (the contract test's round trip: text -> labels -> text). ``structure`` loads, for a game
    whose real screen may show no frame to match (the real Disco Zoo rescue screen, a
    frameless lattice of tiles), the function finding its board by its structure instead
    (``locate(image) -> BoardRead``, :class:`gridsight.vision.errors.BoardNotFoundError` if none), used
    by ``analyze`` and ``live`` alike. ``furniture`` names what the game shows around the
    board that its reader needs (Disco Zoo's ``cards`` and ``counter``): ``calibrate`` learns
    their boxes when the reader's own search does not find them (``--cards``, ``--counter``,
    or boxes dragged in its window). ``scrolling`` loads, for a game whose board may be
    bigger than the screen (a room seen through a view that follows the player), its
    :class:`ScrollingBoards`: which packs are for such a board, how a screenshot's view is
    placed in it, how such a pack is calibrated (``gridsight calibrate GAME SHOT... --room``).
    ``impossible`` says, for a board read through a pack (its cells' labels, rows of them),
    why no screen of the game shows it (``None`` when one may): a frame matched on something
    else, a window's flat fill read as one label on every cell, is then no board found.
    """

    reader: Callable[[], GameReader]
    tracker: TrackerSettings
    unlearned_token: str | None = None
    example: str | None = None
    structure: Callable[[], Callable[[Any], Any]] | None = None
    furniture: tuple[str, ...] = ()
    scrolling: Callable[[], "ScrollingBoards"] | None = None
    impossible: Callable[[tuple[tuple[str, ...], ...]], str | None] | None = None

    @property
    def game_reader(self) -> GameReader:
        """The reader, imported on first use."""
        return _loaded(self.reader)

    @property
    def scrolling_boards(self) -> "ScrollingBoards | None":
        """The game's reading of boards bigger than the screen, imported on first use."""
        return None if self.scrolling is None else _loaded(self.scrolling)

    def scrolling_for(self, pack: Any) -> "ScrollingBoards | None":
        """The game's reading of boards bigger than the screen when ``pack`` is for one
        (``None``: a pack whose board is read whole)."""
        if self.scrolling is None:
            return None
        boards = _loaded(self.scrolling)
        return boards if boards.holds(pack) else None

    def locate_screen(self, image: Any) -> Any:
        """The board in ``image`` found by its structure, ``image`` taken as the game's own
        screen (a :class:`gridsight.vision.classify.BoardRead`; ``BoardNotFoundError`` if none); only
        for a game with a ``structure`` part."""
        if self.structure is None:
            raise TypeError("this game's board is found by its frame only")
        return _loaded(self.structure)(image)

    def locate_by_structure(self, image: Any) -> Any:
        """The board in ``image`` found by its structure, on the game's own screen or on that
        screen as a window inside a larger frame (a phone mirrored on a desktop:
        :class:`gridsight.readers.desktop.ScreenLocator`; the board in the frame's
        coordinates, the screen's region in its extras); ``BoardNotFoundError`` if none.
        What ``analyze``, ``live`` and ``calibrate`` find a structural game's board with."""
        from gridsight.readers.desktop import ScreenLocator

        return ScreenLocator(self.locate_screen, self.furniture)(image)


class ScrollingBoards(Protocol):
    """A game's reading of boards bigger than the screen (``GridReading.scrolling``).

    ``holds(pack)``: whether a pack is for such a board (it carries the board's layout);
    ``locate(image, pack)``: the whole board's cells as read off a screenshot
    (:class:`gridsight.vision.classify.BoardRead`: unknown out of view; its geometry's ``view`` the
    part on screen; ``extras["view"]`` the cells fully in view), or
    :class:`gridsight.vision.errors.BoardNotFoundError`; ``calibrate(images, options, read)``: learn and
    save a pack from ``(name, image)`` pairs and the options (``--room``, ``--skin``,
    ``--corners``), each screenshot read back through it by ``read(image, pack)``
    (:func:`gridsight.calibration.read_through`), returning an object with ``folder``,
    ``summary`` and ``missing``.
    """

    def holds(self, pack: Any) -> bool: ...

    def locate(self, image: Any, pack: Any) -> Any: ...

    def calibrate(self, images: Any, options: argparse.Namespace,
                  read: Callable[[Any, Any], Any] | None = None,
                  find: Callable[[Any, Any], Any] | None = None) -> Any: ...


@dataclass(frozen=True)
class PitReading:
    """A pit of holes seen in 3D by a moving camera (Thrill Digger), followed frame by frame.

    Calibrating marks the centres of the four corner holes on one screenshot, for a pit of one
    of ``sizes`` (difficulty -> rows, columns). ``load_source`` makes ``gridsight live``'s
    board source from the options (``--calibration FILE``, ``--difficulty``, ``--interval``).
    ``calibrate`` learns and saves a calibration folder (the pit, and the look from the
    player's screenshots: ``calibrate(spec, image, options, corners, folder)`` returns an
    object with ``folder`` and ``summary``); ``load_still`` makes ``gridsight analyze``'s
    reader of stills from the options (``--calibration DIR``): its ``read(image, game)``
    returns an object with ``reading`` (a :class:`~gridsight.readers.base.BoardReading`) and
    ``geometry`` (where to paint the advice).
    """

    sizes: Mapping[str, tuple[int, int]]
    load_source: Callable[[GameSpec, argparse.Namespace], BoardSource]
    calibrate: Callable[..., Any] | None = None
    load_still: Callable[[GameSpec, argparse.Namespace], Any] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "sizes", _frozen(self.sizes))


# -- live play and words ----------------------------------------------------------------------


@dataclass(frozen=True)
class ManualBoardSettings:
    """The board the panel starts from with ``gridsight live --manual`` (no capture): its size,
    the "nothing here yet" token and the tokens the panel offers. ``headers``: the board-text
    headers that board has unless the player's hints give them (Minesweeper's ``mines: 10``
    of its 9 x 9 board: without it the blank board had no advice, "missing header 'mines:
    N'", though ``--mines`` defaults to the classic level of the board's size)."""

    rows: int
    cols: int
    tokens: tuple[str, ...]
    blank: str = "."
    headers: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Counter:
    """A count the game shows beside the board that the panel may override (Disco Zoo's taps
    left): its board-text ``header`` and the read hint (``hint``) that sets it."""

    header: str
    hint: str


@dataclass(frozen=True)
class Objectives:
    """What the advice may aim for: ``default`` and every choice for a board (``choices``
    takes the board text: Disco Zoo offers a target per animal of the rescue)."""

    default: str
    choices: Callable[[str], tuple[str, ...]]


#: The legend's plain words (``gridsight.overlay.legend``'s own defaults), keyed by entry; each game's
#: :class:`Words` says them its own way.
LEGEND_WORDS: Mapping[str, str] = _frozen({
    "recommend": "next move",
    "safe": "safe",
    "danger": "danger",
    "known": "known",
    "unread": "not read",
    "conflict": "contradicts the board",
    "empty": "nothing here",
    "path": "walk (numbered steps)",
    "piece": "piece {label}",
})


@dataclass(frozen=True)
class CellWord:
    """How the panel shows one cell label or board token: ``short`` on the cell's button (a
    word or a sign, never a code a player must look up: ``Panda``, not ``Pan``; two words
    go on two lines; ``""`` for a blank the heat map fills), ``name`` in its menu and
    tooltip, ``colour`` (``#rrggbb``) when the game tells cells apart by colour (a rupee)."""

    short: str
    name: str
    colour: str | None = None


def _no_names(value: str, headers: Mapping[str, str], token: str | None) -> CellWord | None:
    return None


def _no_skin(pack: Any) -> Mapping[str, str]:
    return {}


def _offer_as_is(offered: tuple[str, ...], headers: Mapping[str, str]) -> tuple[str, ...]:
    return offered


@dataclass(frozen=True)
class Words:
    """What a person reads about this game: the panel's language and the legend's.

    The panel: ``cells`` names each label or token (:class:`CellWord`); ``names`` names the
    ones that depend on the board (Disco Zoo's ``2`` is the second animal of its ``animals``
    header): it gets the value, the board's headers and the cell's token on the board as
    solved (``None`` when unknown) and returns ``None`` for a value it leaves to ``cells``.
    ``offer`` picks what a cell's menu offers from the labels or tokens the board source
    takes (Disco Zoo offers each animal of the rescue by name, not its rarity). ``counter``
    and ``objective`` name the panel's counter box and objective chooser (``None``: the game
    has none), ``counter_status`` how the status line names the count, ``objective_name`` how
    the chooser shows an objective. ``skin`` gives the colours the game itself draws its
    labels in (``#rrggbb`` by label), from the template pack a board is read through: the
    panel shows a cell so, as in the game (a pentomino level's I, orange in the game, was
    green in the panel, the palette's); a label it leaves out keeps its word's colour.

    The legend: ``legend`` the words of each entry (over :data:`LEGEND_WORDS`; see
    :class:`~gridsight.solvers.advice.Legend`), ``heat`` the caption of the heat tint and
    ``heat_rises`` its direction; the game's adapter puts them in its advice
    (:meth:`dress`), so the overlay draws them without knowing the game.

    >>> words = Words(cells={"g": CellWord("G", "green rupee", "#30b040")})
    >>> words.word("g").name, words.word("zz").name, words.short("ground")
    ('green rupee', 'zz', 'gro')
    """

    cells: Mapping[str, CellWord] = field(default_factory=dict)
    names: Callable[[str, Mapping[str, str], str | None], CellWord | None] = _no_names
    offer: Callable[[tuple[str, ...], Mapping[str, str]], tuple[str, ...]] = _offer_as_is
    counter: str | None = None
    counter_status: str | None = None
    objective: str | None = None
    objective_name: Callable[[str], str] = str
    skin: Callable[[Any], Mapping[str, str]] = _no_skin
    legend: Mapping[str, str] = field(default_factory=dict)
    heat: str = "chance"
    heat_rises: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _frozen(self.cells))
        object.__setattr__(self, "legend", _frozen({**LEGEND_WORDS, **self.legend}))

    def word(self, value: str, headers: Mapping[str, str] | None = None,
             token: str | None = None) -> CellWord:
        """How the panel shows ``value`` (a label or token) on a board with ``headers``, the
        cell's board token being ``token``."""
        named = self.names(value, headers or {}, token)
        if named is not None:
            return named
        return self.cells.get(value) or CellWord(value[:3], value)

    def short(self, value: str) -> str:
        """The text of a panel cell button showing ``value`` (no board known)."""
        return self.word(value).short

    def choices(self, offered: tuple[str, ...],
                headers: Mapping[str, str] | None = None) -> tuple[tuple[str, CellWord], ...]:
        """What a cell's menu offers: ``(value, word)`` for each value the game picks from
        ``offered`` (the board source's labels or tokens)."""
        headers = headers or {}
        return tuple((value, self.word(value, headers))
                     for value in dict.fromkeys(self.offer(tuple(offered), headers)))

    def legend_of(self) -> Legend:
        """The legend words an advice carries."""
        return Legend.of(self.legend, heat=self.heat, heat_rises=self.heat_rises)

    def dress(self, advice: Advice) -> Advice:
        """``advice`` with this game's legend words (what the adapters return)."""
        return replace(advice, legend=self.legend_of())


def no_results(board: str, solution: Mapping[str, Any]) -> tuple[str, ...]:
    """A game without results of its own to report in ``gridsight replay``."""
    return ()


# -- the spec ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameSpec:
    """One game, as every generic part of gridsight sees it (see the module docstring)."""

    name: str
    title: str
    summary: str
    load_adapter: Callable[[], GameAdapter]
    example: str
    manual: ManualBoardSettings
    words: Words = field(default_factory=Words)
    reading: GridReading | PitReading | None = None
    hints: tuple[HintOption, ...] = ()
    solver_options: tuple[SolverOption, ...] = ()
    counter: Counter | None = None
    objectives: Objectives | None = None
    results: Callable[[str, Mapping[str, Any]], tuple[str, ...]] = no_results
    #: The player's hints and solve settings taken together (``{"animals": ..., "region":
    #: ..., "objective": ...}``, the names of :class:`HintOption` and :class:`SolverOption`,
    #: only those given), checked when ``analyze`` or ``live`` starts: raises
    #: :class:`~gridsight.solvers.errors.InputError` in words for a combination no board of
    #: the game could take (each value alone is checked by its option's ``parse``).
    check_hints: Callable[[Mapping[str, Any]], None] | None = None
    #: The advice's line said short for the live strip and panel: ``(short line, the rest)``
    #: (the rest goes on the why line under it), ``None`` to keep the advice's own line;
    #: a game whose lines are long (pentomino names every cell of the piece) gives one.
    headline: Callable[[Any], tuple[str, str] | None] | None = None
    #: The sides of the board (:class:`Beside`) where the game's screen shows what
    #: the player reads or plays with beside it: Disco Zoo's title bar and cards above the
    #: board, a pentomino level's tray of pieces under it. The live panel and strip, made to
    #: lie over the game's window (a phone's screen, no room beside it), keep off the band of
    #: the window on that side first (a folded Disco Zoo panel went over the cards, a
    #: pentomino strip over the tray).
    keep_beside: tuple[Beside, ...] = ()
    #: How far under the board's read grid the band kept below it (:attr:`keep_beside`
    #: ``BELOW``) reaches, in that grid's cells (board units: the same on any level and
    #: scale); ``None``: to the foot of the game's window. A pentomino tray ends 4.33 cells
    #: under the level's 12-row frame (its pack's layout), and the room under the tray is
    #: left free for the panel.
    keep_below_reach: float | None = None

    @property
    def adapter(self) -> GameAdapter:
        """The solve adapter, imported on first use."""
        return _loaded(self.load_adapter)

    @property
    def reader(self) -> GameReader | None:
        """The screen reader of a grid game (``None`` for a pit or no screen reading)."""
        return self.reading.game_reader if isinstance(self.reading, GridReading) else None

    @property
    def reads_screenshots(self) -> bool:
        """Whether ``gridsight analyze`` can read this game off a screenshot."""
        return isinstance(self.reading, GridReading)


__all__ = [
    "CellWord", "Counter", "GameSpec", "GridReading", "HintOption", "LEGEND_WORDS",
    "ManualBoardSettings",
    "Objectives", "PitReading", "ScrollingBoards", "SolverOption", "TIME_LIMIT", "Words",
    "no_results",
]
