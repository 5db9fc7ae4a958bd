"""A compiled kernel is loaded only when the search's limit can afford it.

Loading a numba kernel (numba's import, the kernel read from its cache or compiled) is one
step no limit can stop: under ``Limit(seconds=0.05)`` the first Thrill Digger solve of a
process took 0.39-0.52 s of CPU (3.8 s with numba's cache empty, 44 s of waiting on a busy
machine), the limit being "honoured" only after it. ``auto`` now keeps such a search in the
Python twin (the same answers) unless :data:`KERNEL_LOAD_SECONDS` are left.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gridsight.solvers.engines import (
    KERNEL_LOAD_SECONDS, affords_loading, numba_installed, starts_in_kernel,
)
from gridsight.solvers.limit import Limit

REPO = Path(__file__).resolve().parent.parent
NOT_LOADED = "gridsight.solvers.a_kernel_never_imported"


@pytest.mark.parametrize(("limit", "affords"), [
    (None, True), (Limit(), True), (Limit(seconds=None), True),
    (Limit(seconds=2 * KERNEL_LOAD_SECONDS), True), (Limit(seconds=0.05), False),
    (Limit(wall_seconds=0.5), False), (Limit(seconds=None, wall_seconds=30), True),
])
def test_a_kernel_is_loaded_only_with_a_second_of_the_limit_left(limit, affords):
    meter = None if limit is None else limit.start()
    assert affords_loading(meter) is affords
    if numba_installed():
        assert starts_in_kernel("auto", "thrill-digger-lookahead", NOT_LOADED, meter) is affords
    assert starts_in_kernel("python", "thrill-digger-lookahead", NOT_LOADED) is False


def test_a_child_meter_is_bounded_by_its_parents_wall_clock():
    parent = Limit(seconds=None, wall_seconds=0.2).start()
    child = parent.within(Limit(seconds=None))
    assert child.wall_left() is not None and child.wall_left() <= 0.2
    assert affords_loading(child) is False


PROBE = """
import sys
from gridsight import api
board = open(sys.argv[1]).read()
advice = api.solve("thrill-digger", board, limit=api.Limit(seconds=0.05))
print("numba" in sys.modules, advice.move is not None)
"""


@pytest.mark.skipif(not numba_installed(), reason="numba is not installed")
def test_a_tight_first_solve_does_not_load_numba():
    done = subprocess.run([sys.executable, "-c", PROBE,
                           str(REPO / "examples" / "thrill-digger-expert.txt")],
                          capture_output=True, text=True, cwd=REPO, timeout=300, check=True)
    assert done.stdout.split() == ["False", "True"]
