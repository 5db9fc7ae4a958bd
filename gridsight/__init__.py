"""gridsight: reads a puzzle minigame off the screen and tells the player the best next move.

The library is :mod:`gridsight.api` (``from gridsight import api``: ``solve``, ``read``,
``analyze``, ``games``; docs/api.md). The rest of this package is the application: the command
line (:mod:`gridsight.cli`), the registry that ties each game's reader, solver and painter
together (:mod:`gridsight.registry`, with one package per game in :mod:`gridsight.games`), the
live loop and the recommendation log.

``__version__`` is the one place the version is written (pyproject.toml reads it).
"""

__version__ = "0.1.0"
