"""The memory bound of the solving commands (``--max-memory``): a search that nears it stops
itself with its best answer so far (solvers.headroom), never a traceback, a hang or the
machine's swap."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gridsight.limits import default_max_memory, memory_amount


def test_the_default_bound_is_at_most_4_gib_and_0_means_none():
    assert 0 < default_max_memory() <= 4 * 2**30
    assert memory_amount("0") == 0 and memory_amount("300M") == 300_000_000


@pytest.mark.skipif(sys.platform == "win32", reason="no data-segment limit on Windows")
def test_a_search_near_the_bound_stops_itself_with_its_best_answer(tmp_path):
    # An open 14 x 14 room searched in pure Python with no state or time bound grows to
    # gigabytes. Run into the 150 MB data limit itself, CPython sometimes spun in its allocator
    # for ever (about one run in six, SIGTERM ignored); the meter stops the search before it,
    # and the player gets the search's best move so far. One run: the search is deterministic
    # and the meter stops it at the same state every time (169,549 states searched, four runs
    # alike), 15% short of the limit, so a second run repeats the first (it was run three times).
    room = "\n".join(["S" + " ." * 13] + [" ".join(["."] * 14) for _ in range(13)]) + "\n"
    board = tmp_path / "open14.txt"
    board.write_text(room)
    done = subprocess.run(
        [sys.executable, "-m", "gridsight", "solve", "tile-path", str(board), "--time-limit",
         "0", "--max-states", "0", "--engine", "python", "--max-memory", "150M"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "of the memory bound" in done.stdout and "--max-memory" in done.stdout
    assert done.stdout.startswith("Step ") and "Traceback" not in done.stderr


def test_headroom_reads_the_data_in_use_against_a_limit():
    from gridsight.solvers import headroom

    if headroom.in_use() is None:
        pytest.skip("no /proc/self/statm on this platform")
    assert headroom.pressed(limit=1) and not headroom.pressed(limit=2**62)
    assert "--max-memory" in headroom.describe(150 * 2**20)


def test_every_solving_command_offers_the_bound():
    for argv in (["solve", "pentomino"], ["simulate", "thrill-digger"], ["analyze"]):
        done = subprocess.run([sys.executable, "-m", "gridsight", *argv, "--help"],
                              capture_output=True, text=True, timeout=60)
        assert "--max-memory" in done.stdout, argv
