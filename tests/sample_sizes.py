"""How big the statistical tests' samples are.

By default each statistical test draws a smaller sample that still catches a regression, so
the whole suite fits in five minutes on two cores; ``GRIDSIGHT_FULL_SAMPLES=1`` runs the full
samples the documented figures were measured on (docs/testing.md).
"""

from __future__ import annotations

import os

#: Set (to anything but empty or 0) to run the statistical tests on the full samples their
#: documented figures were measured on; by default each runs a smaller sample that still
#: catches a regression, so the whole suite fits in five minutes on two cores
#: (docs/testing.md).
FULL_SAMPLES = os.environ.get("GRIDSIGHT_FULL_SAMPLES", "") not in ("", "0")


def samples(quick: int, full: int) -> int:
    """How many screenshots, games or boards a statistical test draws: ``quick`` in the
    everyday suite, ``full`` (the documented figure's sample) with ``GRIDSIGHT_FULL_SAMPLES``."""
    return full if FULL_SAMPLES else quick
