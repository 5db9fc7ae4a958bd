"""The registry of games: one adapter module per game, listed here.

A new game is a module in each room (``solvers/``, ``vision/``, ``overlay/`` where needed), an
adapter module in :mod:`gridsight.games`, and one line in ``_ADAPTER_MODULES`` below.
Adapters are imported lazily, so ``gridsight games`` stays quick.
"""

from __future__ import annotations

import importlib
from functools import cache

from gridsight.games.base import GameAdapter

# The command-line name of each game and the module whose ``GAME`` attribute is its adapter.
_ADAPTER_MODULES: dict[str, str] = {
    "thrill-digger": "gridsight.games.thrill_digger",
    "disco-zoo": "gridsight.games.disco_zoo",
    "tile-path": "gridsight.games.tile_path",
    "pentomino": "gridsight.games.pentomino",
    "minesweeper": "gridsight.games.minesweeper",
}


# The screen reader of each game that can be read off a screenshot (``gridsight analyze``):
# the module whose ``READER`` attribute implements ``gridsight.readers.base.GameReader``.
_READER_MODULES: dict[str, str] = {
    "disco-zoo": "gridsight.readers.disco_zoo",
    "tile-path": "gridsight.readers.tile_path",
    "pentomino": "gridsight.readers.pentomino",
}


class UnknownGameError(LookupError):
    """A game name the registry does not know."""

    def __init__(self, name: str):
        known = ", ".join(game_names())
        super().__init__(f"unknown game '{name}' (known games: {known})")


def game_names() -> list[str]:
    """The names of every registered game, in registry order."""
    return list(_ADAPTER_MODULES)


@cache
def get_game(name: str) -> GameAdapter:
    """The adapter of game ``name``; raises :class:`UnknownGameError` for an unknown name."""
    module_name = _ADAPTER_MODULES.get(name)
    if module_name is None:
        raise UnknownGameError(name)
    adapter = importlib.import_module(module_name).GAME
    if not isinstance(adapter, GameAdapter):
        raise TypeError(f"{module_name}.GAME does not implement GameAdapter")
    return adapter


def all_games() -> list[GameAdapter]:
    return [get_game(name) for name in game_names()]


def reader_names() -> list[str]:
    """The games that have a screen reader, in registry order."""
    return [name for name in game_names() if name in _READER_MODULES]


@cache
def get_reader(name: str):
    """The screen reader of game ``name`` (``gridsight.readers.base.GameReader``), or ``None``
    when the game has none; raises :class:`UnknownGameError` for an unknown name."""
    if name not in _ADAPTER_MODULES:
        raise UnknownGameError(name)
    module_name = _READER_MODULES.get(name)
    if module_name is None:
        return None
    from gridsight.readers.base import GameReader  # lazily: it imports the vision room

    reader = importlib.import_module(module_name).READER
    if not isinstance(reader, GameReader):
        raise TypeError(f"{module_name}.READER does not implement GameReader")
    return reader
