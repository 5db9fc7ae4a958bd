"""gridsight: reads a puzzle minigame off the screen and tells the player the best next move.

The library is :mod:`gridsight.api` (``from gridsight import api``: ``solve``, ``read``,
``analyze``, ``games``; docs/api.md). The rest of this package is the application: the command
line (:mod:`gridsight.cli`), the registry that ties each game's reader, solver and painter
together (:mod:`gridsight.registry`, with one package per game in :mod:`gridsight.games`), the
live loop and the recommendation log.

The rooms of the design (``solvers``, ``vision``, ``overlay``, ``templates``, ``safefiles``)
are top-level folders of the repository and subpackages of this one when installed
(``gridsight.solvers``; setup.py maps them). Run from a source tree (tests, a checkout on
``PYTHONPATH``), the package finds them beside itself: that is the one thing done below.

``__version__`` is the one place the version is written (pyproject.toml reads it).
"""

import os as _os

__version__ = "0.1.0"


def _rooms_beside() -> list[str]:
    """The source tree's root when this package sits in one without its rooms inside it (an
    install has them inside; a source tree has them beside, with its pyproject.toml)."""
    here = _os.path.dirname(_os.path.abspath(__file__))
    root = _os.path.dirname(here)
    if _os.path.isdir(_os.path.join(here, "solvers")):
        return []
    if not (_os.path.isfile(_os.path.join(root, "pyproject.toml"))
            and _os.path.isfile(_os.path.join(root, "solvers", "__init__.py"))):
        return []
    return [root]


__path__ += [entry for entry in _rooms_beside() if entry not in __path__]
