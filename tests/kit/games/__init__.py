"""One :class:`GameKit` per game: what the test kit draws for it, found by :func:`kits`.

Each module of this package is a game's kit and defines ``KIT``. Generic tooling (the pack
builder, the vision corpus, the scripted games) asks the kits and never names a game; a game
read off the screen must have a kit (``tests/test_kit.py`` checks every registered spec with a
:class:`~gridsight.games.spec.GridReading` has one).
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Callable, Mapping

import numpy as np

from ..skins.common import Rendered


@dataclass(frozen=True)
class GameKit:
    """What the kit draws for ``game``.

    ``specimen``: a screen showing every label (and variant) of the shipped pack, which is
    learned from it with ``learn_options`` (masks, label metadata, the anchor's margin, the
    screen layout); ``random_shot``: a random board drawn (the vision corpus perturbs it);
    ``script``: a scripted game (:class:`kit.scripted.Script`) for the live tests; ``demo``:
    the game ``gridsight demo`` plays, its player following the advice
    (:mod:`kit.advised`; the ``script`` when there is none); ``data``: other shipped data it
    writes under ``templates/`` (returns a line saying
    what).
    """

    game: str
    specimen: Callable[[], Rendered] | None = None
    learn_options: Mapping[str, Any] = field(default_factory=dict)
    random_shot: Callable[[np.random.Generator], Rendered] | None = None
    script: Callable[[], Any] | None = None
    demo: Callable[[], Any] | None = None
    data: Callable[[Path], str] | None = None


@cache
def kits() -> dict[str, GameKit]:
    """Every game's kit, by game name, in the registry's order (the modules of this package)."""
    from gridsight.registry import game_names

    found = {}
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        kit = importlib.import_module(f"{__name__}.{module}").KIT
        found[kit.game] = kit
    order = {name: i for i, name in enumerate(game_names())}
    return dict(sorted(found.items(), key=lambda item: order.get(item[0], len(order))))


def kit_of(game: str) -> GameKit:
    """The kit of ``game`` (a ``KeyError`` naming the kits there are)."""
    try:
        return kits()[game]
    except KeyError:
        raise KeyError(f"no test kit for {game} (kits: {', '.join(kits())})") from None
