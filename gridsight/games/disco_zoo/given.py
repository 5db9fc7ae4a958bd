"""The player's animals (``--animals``) checked against what the screen shows.

A module of its own so that both the reader of our own skin (:mod:`.reader`) and the reader
of real screens (:mod:`.screen_text`) use one check without importing each other.
"""

from __future__ import annotations

from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.solvers.errors import BoardFormatError


def other_region(names: list[str], region: str, seen: str, warnings: list[str]) -> None:
    """The player's animals (``names``, of ``region``) checked against the region the
    screen's title reads clearly (``seen``): animals no rescue of it hides are warned of in
    words, naming both regions; the names stay as given (the hint is the player's word, and
    the player may know better than the read)."""
    try:
        load_catalogue().resolve(list(names), seen)
    except BoardFormatError:
        warnings.append(f"the screen's title reads {seen}, but the animals given "
                        f"({', '.join(names)}) are {region}'s: read with them as given; check "
                        "--animals (or give the region with --zoo-region)")


__all__ = ["other_region"]
