"""The memory bound of the solving commands (``--max-memory``): a search that outgrows it
stops with one line and exit 1, never a traceback or the machine's swap."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gridsight.limits import default_max_memory, memory_amount


def test_the_default_bound_is_at_most_4_gib_and_0_means_none():
    assert 0 < default_max_memory() <= 4 * 2**30
    assert memory_amount("0") == 0 and memory_amount("300M") == 300_000_000


@pytest.mark.skipif(sys.platform == "win32", reason="no data-segment limit on Windows")
def test_a_search_past_the_bound_stops_with_one_line(tmp_path):
    # An open 14 x 14 room searched in pure Python with no state or time bound grows to
    # gigabytes; 150 MB stops it within a few seconds.
    room = "\n".join(["S" + " ." * 13] + [" ".join(["."] * 14) for _ in range(13)]) + "\n"
    board = tmp_path / "open14.txt"
    board.write_text(room)
    done = subprocess.run(
        [sys.executable, "-m", "gridsight", "solve", "tile-path", str(board), "--time-limit",
         "0", "--max-states", "0", "--engine", "python", "--max-memory", "150M"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("gridsight: out of memory") and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_every_solving_command_offers_the_bound():
    for argv in (["solve", "pentomino"], ["simulate", "thrill-digger"], ["analyze"]):
        done = subprocess.run([sys.executable, "-m", "gridsight", *argv, "--help"],
                              capture_output=True, text=True, timeout=60)
        assert "--max-memory" in done.stdout, argv
