"""Paired comparison of two policies played on the same random boards.

Two policies played on the same boards give scores that move together (a hard board is hard
for both), so the mean of the per-board differences has a far smaller standard error than the
difference of two independent means. Every ``--compare A,B`` in gridsight reports this.

>>> result = compare_paired([3.0, 5.0, 4.0, 8.0], [1.0, 5.0, 2.0, 6.0])
>>> result.mean_a, result.mean_b, result.difference
(5.0, 3.5, 1.5)
>>> round(result.stderr, 4), result.significant
(0.5, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class PairedComparison:
    """Policy A against policy B on ``games`` shared boards.

    ``difference`` is the mean of A's score minus B's on each board, ``stderr`` its standard
    error (sample standard deviation of the differences over the square root of ``games``).
    ``significant`` says the difference is more than two standard errors from zero.
    """

    games: int
    mean_a: float
    mean_b: float
    difference: float
    stderr: float

    @property
    def z(self) -> float:
        """The difference in standard errors (infinite when every board agrees exactly)."""
        if self.stderr == 0.0:
            return 0.0 if self.difference == 0.0 else math.copysign(math.inf, self.difference)
        return self.difference / self.stderr

    @property
    def significant(self) -> bool:
        return abs(self.z) > 2.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The normal-approximation confidence interval of the difference (95% by default)."""
        return self.difference - z * self.stderr, self.difference + z * self.stderr


def compare_paired(scores_a: Sequence[float], scores_b: Sequence[float]) -> PairedComparison:
    """The paired comparison of two score lists, board by board; they must be equally long."""
    if len(scores_a) != len(scores_b):
        raise ValueError(f"paired scores differ in length: {len(scores_a)} and {len(scores_b)}")
    n = len(scores_a)
    if n == 0:
        raise ValueError("no games to compare")
    diffs = [a - b for a, b in zip(scores_a, scores_b)]
    mean_diff = math.fsum(diffs) / n
    if n > 1:
        variance = math.fsum((d - mean_diff) ** 2 for d in diffs) / (n - 1)
        stderr = math.sqrt(variance / n)
    else:
        stderr = 0.0
    return PairedComparison(
        games=n,
        mean_a=math.fsum(scores_a) / n,
        mean_b=math.fsum(scores_b) / n,
        difference=mean_diff,
        stderr=stderr,
    )
