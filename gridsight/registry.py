"""The registry of games: one :class:`~gridsight.games.spec.GameSpec` per game, listed here.

A game is a package ``gridsight/games/<game>/`` whose ``__init__`` defines ``SPEC`` (its solve
adapter, screen reading, live settings and words; see :mod:`gridsight.games.spec`) plus its
loader in :data:`_LOADERS` below. Every generic module asks :func:`get_spec`; an unknown
name is an :class:`UnknownGameError`, never a silent fallback to another game.

The spec modules are light (their heavy parts load on first use), and listing the games' names
loads none of them: ``gridsight --help`` imports no spec, adapter or solver.

>>> game_names()
['thrill-digger', 'disco-zoo', 'tile-path', 'pentomino', 'minesweeper']
>>> get_spec("tetris")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gridsight.errors.UnknownGameError: unknown game 'tetris' (known games: thrill-digger, ...)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from gridsight.errors import UnknownGameError  # noqa: F401 - re-exported: raised here

if TYPE_CHECKING:  # pragma: no cover - loaded with the first spec; the readers import OpenCV
    from gridsight.games.base import GameAdapter
    from gridsight.games.spec import GameSpec
    from gridsight.readers.base import GameReader


def _thrill_digger() -> GameSpec:
    from gridsight.games.thrill_digger import SPEC

    return SPEC


def _disco_zoo() -> GameSpec:
    from gridsight.games.disco_zoo import SPEC

    return SPEC


def _tile_path() -> GameSpec:
    from gridsight.games.tile_path import SPEC

    return SPEC


def _pentomino() -> GameSpec:
    from gridsight.games.pentomino import SPEC

    return SPEC


def _minesweeper() -> GameSpec:
    from gridsight.games.minesweeper import SPEC

    return SPEC


#: Every registered game by its command-line name, in the order ``gridsight games`` lists
#: them, with the loader of its spec: a game's package is imported when it is first asked for
#: (``gridsight solve thrill-digger`` loads one spec, not five). ``tests/test_game_specs.py``
#: checks that each spec's own ``name`` is its key here.
_LOADERS: dict[str, Callable[[], GameSpec]] = {
    "thrill-digger": _thrill_digger,
    "disco-zoo": _disco_zoo,
    "tile-path": _tile_path,
    "pentomino": _pentomino,
    "minesweeper": _minesweeper,
}


@cache
def _loaded_spec(name: str) -> GameSpec:
    spec = _LOADERS[name]()
    if spec.name != name:
        raise TypeError(f"the registry lists {name!r}, but its spec is named {spec.name!r}")
    return spec


def game_names() -> list[str]:
    """The names of every registered game, in registry order (no spec is loaded)."""
    return list(_LOADERS)


def all_specs() -> list[GameSpec]:
    """Every registered game's spec, in registry order."""
    return [_loaded_spec(name) for name in _LOADERS]


def get_spec(name: str) -> GameSpec:
    """The spec of game ``name``; raises :class:`UnknownGameError` for an unknown name."""
    if name not in _LOADERS:
        raise UnknownGameError(name, game_names())
    return _loaded_spec(name)


def get_game(name: str) -> GameAdapter:
    """The solve adapter of game ``name`` (:class:`UnknownGameError` for an unknown name)."""
    from gridsight.games.base import GameAdapter

    adapter = get_spec(name).adapter
    if not isinstance(adapter, GameAdapter):
        raise TypeError(f"the adapter of {name} does not implement GameAdapter")
    return adapter


def all_games() -> list[GameAdapter]:
    """Every registered game's solve adapter, in registry order."""
    return [get_game(name) for name in game_names()]


def reader_names() -> list[str]:
    """The games ``gridsight analyze`` can read off a screenshot, in registry order."""
    return [spec.name for spec in all_specs() if spec.reads_screenshots]


def get_reader(name: str) -> GameReader | None:
    """The screen reader of game ``name`` (``gridsight.readers.base.GameReader``), or ``None``
    when it has none; raises :class:`UnknownGameError` for an unknown name."""
    return get_spec(name).reader
