"""gridsight: reads a puzzle minigame off the screen and tells the player the best next move.

This package is the application: the command line (:mod:`gridsight.cli`), the registry that ties
each game's reader, solver and painter together (:mod:`gridsight.registry`, with one adapter per
game in :mod:`gridsight.games`), the live loop and the recommendation log.
"""

__version__ = "0.1.0"
