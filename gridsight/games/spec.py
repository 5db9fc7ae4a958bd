"""``GameSpec``: everything the application knows about one game, in one object.

Every generic module (the registry, the commands, the live loop, calibration, analysis,
replay, the test kit's pack building and corpus) asks a game's spec and never branches on the
game's name, so a new game is one package, ``gridsight/games/<game>/``, whose ``__init__``
defines ``SPEC``, plus one line in :mod:`gridsight.registry`. A spec is made of parts:

- **identity**: ``name`` (the command-line name), ``title``, ``summary``;
- **solving**: ``adapter``, a loader of the :class:`~gridsight.games.base.GameAdapter` (the
  solve options, the JSON contract, the readable text, the :class:`~solvers.advice.Advice`;
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
- **words**: what a person reads (the panel's cell names and controls, the legend's entries);
- **replay**: ``results``, the game's own results line(s) from a logged board.

Parts that import heavy code are loaded on first use (``adapter``, ``reading.reader``), so
building the registry and ``gridsight --help`` stay cheap: a spec module imports nothing but
this module and light rules.

>>> from gridsight.registry import get_spec
>>> spec = get_spec("tile-path")
>>> spec.name, spec.adapter.name, spec.words.short("#")
('tile-path', 'tile-path', '#')
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping

from gridsight.limits import seconds

if TYPE_CHECKING:  # pragma: no cover - imports for the type checker only
    from gridsight.games.base import GameAdapter
    from gridsight.live.settings import TrackerSettings
    from gridsight.live.sources import BoardSource
    from gridsight.readers.base import GameReader


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


#: The time one board's analysis may take (every game's ``--time-limit``, one definition:
#: :func:`gridsight.limits.seconds`, 0 for no limit).
TIME_LIMIT = SolverOption(
    "time_limit", "--time-limit", "time for one board's analysis (0: no limit)", 20.0,
    parse=seconds, metavar="SECONDS", live_default=5.0)


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
    (the contract test's round trip: text -> labels -> text). ``structure`` loads a locator
    finding the board by its structure when no pack's frame matches (a real game's screen
    with no frame around its board: Disco Zoo), used by ``analyze`` and ``live`` alike.
    ``furniture`` names what the game shows around the board that its reader needs (Disco
    Zoo's ``cards`` and ``counter``): ``calibrate`` learns their boxes when the reader's own
    search does not find them (``--cards``, ``--counter``, or clicks in its window).
    """

    reader: Callable[[], GameReader]
    tracker: TrackerSettings
    unlearned_token: str | None = None
    example: str | None = None
    structure: Callable[[], Callable[[Any], Any]] | None = None
    furniture: tuple[str, ...] = ()

    @property
    def game_reader(self) -> GameReader:
        """The reader, imported on first use."""
        return _loaded(self.reader)

    @property
    def locate_by_structure(self) -> Callable[[Any], Any] | None:
        """The game's board found by its structure, with no pack (``image -> BoardRead``,
        :class:`~vision.errors.BoardNotFoundError` when it is not there); ``None`` when the
        game has no such reading."""
        return None if self.structure is None else _loaded(self.structure)

    def source(self, spec: GameSpec, options: argparse.Namespace) -> BoardSource:
        """``gridsight live``'s board source: the screen read through ``--pack``."""
        from gridsight.commands.screen_options import read_hints_from
        from gridsight.live.sources import GridSource
        from gridsight.readers.find import load_game_pack

        source = GridSource(spec, load_game_pack(spec.name, getattr(options, "pack", None)))
        named = getattr(self.game_reader, "named_labels", None)
        if named is not None:  # labels the panel offers beyond the pack's (an animal's name)
            source.choices += tuple(l for l in named(read_hints_from(options))
                                    if l not in source.choices)
        return source


@dataclass(frozen=True)
class PitReading:
    """A pit of holes seen in 3D by a moving camera (Thrill Digger), followed frame by frame.

    Calibrating marks the centres of the four corner holes on one screenshot, for a pit of one
    of ``sizes`` (difficulty -> rows, columns). ``load_source`` makes ``gridsight live``'s
    board source from the options (``--calibration FILE``, ``--difficulty``, ``--interval``).
    """

    sizes: Mapping[str, tuple[int, int]]
    load_source: Callable[[GameSpec, argparse.Namespace], BoardSource]

    def __post_init__(self) -> None:
        object.__setattr__(self, "sizes", _frozen(self.sizes))

    def source(self, spec: GameSpec, options: argparse.Namespace) -> BoardSource:
        return self.load_source(spec, options)


# -- live play and words ----------------------------------------------------------------------


@dataclass(frozen=True)
class ManualBoardSettings:
    """The board the panel starts from with ``gridsight live --manual`` (no capture): its size,
    the "nothing here yet" token and the tokens the panel offers."""

    rows: int
    cols: int
    tokens: tuple[str, ...]
    blank: str = "."


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


#: The legend's words under an annotated picture (``overlay.legend``), keyed by entry.
LEGEND_WORDS: Mapping[str, str] = _frozen({
    "recommend": "next move",
    "safe": "safe",
    "danger": "danger",
    "known": "known",
    "unread": "unread",
    "conflict": "conflict",
    "heat": "low to high risk",
    "path": "walk (numbered steps)",
    "piece": "piece {label}",
})


@dataclass(frozen=True)
class Words:
    """What a person reads about this game: the panel's words and the legend's.

    ``cells`` gives the short text a panel cell button shows for a label or token (others
    show their first three characters); ``counter`` and ``objective`` name the panel's counter
    box and objective chooser (``None``: the game has none), ``counter_status`` how the status
    line names the count; ``legend`` the legend's entries (:data:`LEGEND_WORDS`). Today every
    game uses the same legend words; each game's own language goes here.

    >>> Words(cells={"animal:rare": "R"}).short("animal:rare"), Words().short("ground")
    ('R', 'gro')
    """

    cells: Mapping[str, str] = field(default_factory=dict)
    counter: str | None = None
    counter_status: str | None = None
    objective: str | None = None
    legend: Mapping[str, str] = field(default_factory=lambda: LEGEND_WORDS)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _frozen(self.cells))
        object.__setattr__(self, "legend", _frozen(self.legend))

    def short(self, label: str) -> str:
        """The text of a panel cell button showing ``label``."""
        return self.cells.get(label, label[:3])


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
    "Counter", "GameSpec", "GridReading", "HintOption", "LEGEND_WORDS", "ManualBoardSettings",
    "Objectives", "PitReading", "SolverOption", "TIME_LIMIT", "Words", "no_results",
]
