"""The registry of games: one :class:`~gridsight.games.spec.GameSpec` per game, listed here.

A game is a package ``gridsight/games/<game>/`` whose ``__init__`` defines ``SPEC`` (its solve
adapter, screen reading, live settings and words; see :mod:`gridsight.games.spec`) plus one
import line in :func:`_specs` below. Every generic module asks :func:`get_spec`; an unknown
name is an :class:`UnknownGameError`, never a silent fallback to another game.

The spec modules are light (their heavy parts load on first use), so listing the games costs
little: ``gridsight --help`` imports no adapter's solver beyond what building the parser needs.

>>> game_names()
['thrill-digger', 'disco-zoo', 'tile-path', 'pentomino', 'minesweeper']
>>> get_spec("tetris")
Traceback (most recent call last):
...
gridsight.registry.UnknownGameError: unknown game 'tetris' (known games: thrill-digger, disco-zoo, tile-path, pentomino, minesweeper)
"""

from __future__ import annotations

from functools import cache

from gridsight.games.base import GameAdapter
from gridsight.games.spec import GameSpec


@cache
def _specs() -> dict[str, GameSpec]:
    """Every registered game, in the order ``gridsight games`` lists them."""
    from gridsight.games.disco_zoo import SPEC as disco_zoo
    from gridsight.games.minesweeper import SPEC as minesweeper
    from gridsight.games.pentomino import SPEC as pentomino
    from gridsight.games.thrill_digger import SPEC as thrill_digger
    from gridsight.games.tile_path import SPEC as tile_path

    specs = (thrill_digger, disco_zoo, tile_path, pentomino, minesweeper)
    return {spec.name: spec for spec in specs}


class UnknownGameError(LookupError):
    """A game name the registry does not know."""

    def __init__(self, name: str):
        self.name = name
        known = ", ".join(game_names())
        super().__init__(f"unknown game '{name}' (known games: {known})")


def game_names() -> list[str]:
    """The names of every registered game, in registry order."""
    return list(_specs())


def all_specs() -> list[GameSpec]:
    """Every registered game's spec, in registry order."""
    return list(_specs().values())


def get_spec(name: str) -> GameSpec:
    """The spec of game ``name``; raises :class:`UnknownGameError` for an unknown name."""
    spec = _specs().get(name)
    if spec is None:
        raise UnknownGameError(name)
    return spec


def get_game(name: str) -> GameAdapter:
    """The solve adapter of game ``name`` (:class:`UnknownGameError` for an unknown name)."""
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


def get_reader(name: str):
    """The screen reader of game ``name`` (``gridsight.readers.base.GameReader``), or ``None``
    when it has none; raises :class:`UnknownGameError` for an unknown name."""
    return get_spec(name).reader
