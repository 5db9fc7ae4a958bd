"""The seed-style baseline policy that the advice is measured against.

It is what simple Disco Zoo helpers do: for every animal separately, list the placements that
agree with the taps (ignoring how the animals constrain each other), and tap the untapped tile
covered by the most of them, counting each animal's candidates separately. Ties go to the
first tile in reading order. It knows nothing of the taps left, so it keeps hunting for new
animals when finishing a found one would pay more.
"""

from __future__ import annotations

from gridsight.solvers.disco_zoo.board import RescueBoard
from gridsight.solvers.disco_zoo.placements import TILES, candidate_placements


def baseline_tap(board: RescueBoard) -> tuple[int, int] | None:
    """The baseline's tile, or ``None`` when no candidate covers an untapped tile."""
    tapped = board.tapped
    counts = [0] * TILES
    for k in range(len(board.animals)):
        for placement in candidate_placements(board, k):
            for tile in range(TILES):
                if placement >> tile & 1 and not tapped >> tile & 1:
                    counts[tile] += 1
    best = max(range(TILES), key=lambda t: (counts[t], -t))
    if counts[best] == 0:
        return None
    return divmod(best, 5)
