"""Random Disco Zoo rescues for the reader tests: the board and the text a perfect reader gives.

Both skins' tests draw their boards here (the real-look screens and our own skin's), so the
boards of a seed are the same whichever skin draws them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gridsight.solvers.disco_zoo.catalogue import Animal, load_catalogue


@dataclass(frozen=True)
class RandomRescue:
    """``labels``: the pack labels per tile (``ground``, ``empty``, ``animal:NAME``); ``text``
    the board text with ``taps`` = 10 minus the tiles tapped plus ``extra``."""

    region: str
    animals: tuple[Animal, ...]
    labels: tuple[tuple[str, ...], ...]
    tokens: tuple[tuple[str, ...], ...]
    attempts: int

    @property
    def text(self) -> str:
        return (f"region: {self.region}\nanimals: {', '.join(a.name for a in self.animals)}\n"
                f"taps: {self.attempts}\n"
                + "\n".join(" ".join(row) for row in self.tokens) + "\n")


def random_rescue_board(rng: np.random.Generator, *, max_taps: int, region: str | None = None,
                        extra: int = 0) -> RandomRescue:
    """1 to 3 animals of one region placed without overlap, 0 to ``max_taps`` tiles tapped;
    ``extra`` bought attempts on the counter."""
    catalogue = load_catalogue()
    region = region or str(rng.choice(list(catalogue.regions)))
    pool = list(catalogue.regions[region])
    count = int(rng.integers(1, 4))
    while True:
        picks = [pool[i] for i in rng.choice(len(pool), size=count, replace=False)]
        used, owner = 0, {}
        for k, animal in enumerate(picks):
            options = [m for m in animal.placements() if not m & used]
            if not options:
                break
            mask = int(rng.choice(options))
            used |= mask
            owner.update({divmod(bit, 5): k for bit in range(25) if mask >> bit & 1})
        else:
            break
    taps = int(rng.integers(0, max_taps + 1))
    tapped = {divmod(int(b), 5) for b in rng.choice(25, size=taps, replace=False)}
    labels, tokens = [], []
    for r in range(5):
        lrow, trow = [], []
        for c in range(5):
            if (r, c) not in tapped:
                lrow.append("ground"), trow.append(".")
            elif (r, c) in owner:
                lrow.append(f"animal:{picks[owner[r, c]].name}"), trow.append(str(owner[r, c] + 1))
            else:
                lrow.append("empty"), trow.append("-")
        labels.append(tuple(lrow)), tokens.append(tuple(trow))
    return RandomRescue(region, tuple(picks), tuple(labels), tuple(tokens), 10 - taps + extra)
