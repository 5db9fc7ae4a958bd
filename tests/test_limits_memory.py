"""The memory bound of the solving commands (``--max-memory``): a search that nears it stops
itself with its best answer so far (solvers.headroom), never a traceback, a hang or the
machine's swap."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gridsight.limits import default_max_memory, memory_amount
from kit import inprocess

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


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
    for argv in (["solve", "pentomino"], ["analyze"]):
        done = inprocess.gridsight(*argv, "--help", text=True)  # (the help's words alone)
        assert done.returncode == 0 and "--max-memory" in done.stdout, argv
    # simulate's one run by the console script in a process of its own (the suite's only one)
    done = subprocess.run([sys.executable, "-m", "gridsight", "simulate", "thrill-digger",
                           "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "--max-memory" in done.stdout, done.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="the data in use is read from /proc")
def test_a_bound_below_what_the_command_holds_is_refused_in_one_line():
    """Under a bound below what the process held already every allocation failed: Thrill
    Digger said "out of memory" before any search (60M: numpy alone holds some 90 MB), Disco
    Zoo ended in a traceback (an import that could not map its library: "failed to map
    segment from shared object")."""
    bound = "60M"
    done = subprocess.run([sys.executable, "-m", "gridsight", "solve", "disco-zoo",
                           str(EXAMPLES / "disco-zoo-jungle.txt"), "--max-memory", bound],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"gridsight: --max-memory {memory_amount(bound):,} is below "
                                  "the ") and len(done.stderr.splitlines()) == 1
    assert "bytes this command holds before it solves" in done.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="the data in use is read from /proc")
def test_openblas_buffers_are_taken_before_a_tight_bound():
    """OpenBLAS takes its buffers at its first large product (Thrill Digger's counting): under
    ``--max-memory 120M`` (above the 97 MB held, below that plus its buffers) it gave the
    process up in its own words, exit 1. Now they are taken before the bound: the bound is
    refused in one line, or (a numpy with smaller buffers) the board solved."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}  # a thread a core
    done = subprocess.run([sys.executable, "-m", "gridsight", "solve", "thrill-digger",
                           str(EXAMPLES / "thrill-digger-expert.txt"), "--max-memory", "120M"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert "OpenBLAS" not in done.stderr and "Traceback" not in done.stderr
    assert done.returncode == 0 or (done.returncode == 2 and done.stderr.startswith(
        "gridsight: --max-memory 120,000,000 is below the "))


@pytest.mark.skipif(sys.platform != "linux", reason="the data in use is read from /proc")
def test_a_kernel_is_loaded_only_with_room_for_it_under_the_bound(monkeypatch):
    """Tile path loaded numpy and its kernel (86 + 22 MB) under ``--max-memory 40M`` and
    OpenBLAS gave the process up ("Memory allocation still failed after 10 retries, giving
    up", exit 1); now the search stays in Python, its answer the same."""
    from gridsight.solvers import engines, headroom
    from gridsight.solvers.limit import Limit

    monkeypatch.setattr(headroom, "room", lambda: engines.KERNEL_LOAD_BYTES - 1)
    assert not engines.affords_loading(Limit(seconds=None).start())
    monkeypatch.setattr(headroom, "room", lambda: engines.KERNEL_LOAD_BYTES)
    assert engines.affords_loading(Limit(seconds=None).start())
    monkeypatch.setattr(headroom, "room", lambda: None)  # no bound
    assert engines.affords_loading(Limit(seconds=None).start())
    monkeypatch.undo()
    argv = [sys.executable, "-m", "gridsight", "solve", "tile-path",
            str(EXAMPLES / "tile-path-heros-cave.txt"), "--json"]
    done = subprocess.run([*argv, "--max-memory", "40M"], capture_output=True, text=True,
                          timeout=120)
    assert (done.returncode, done.stderr) == (0, "")
    free = json.loads(inprocess.gridsight(*argv[3:], text=True).stdout)  # (no bound: no process)
    bounded = json.loads(done.stdout)
    assert bounded["status"] == free["status"]  # the same move; its leave-one part stopped
    assert bounded["quality"]["stopped"] in (None, "85% of the memory bound (38 MiB, "
                                                   "--max-memory)")


def test_an_import_that_could_not_map_its_library_under_the_bound_is_out_of_memory(
        monkeypatch):
    from gridsight import cli
    from gridsight.solvers import headroom

    mapped = ImportError("binascii.so: failed to map segment from shared object")
    monkeypatch.setattr(headroom, "data_limit", lambda: None)
    assert not cli.failed_for_memory(mapped)  # no bound: not ours to explain
    monkeypatch.setattr(headroom, "data_limit", lambda: 150 << 20)
    assert cli.failed_for_memory(mapped)
    try:
        try:
            raise MemoryError
        except MemoryError as error:
            raise ImportError("numpy") from error
    except ImportError as chained:
        assert cli.failed_for_memory(chained)
    assert not cli.failed_for_memory(ImportError("No module named 'numba'"))


@pytest.mark.skipif(sys.platform != "linux", reason="the data in use is read from /proc")
def test_under_a_bound_given_openblas_runs_one_thread_and_disco_zoo_solves_in_110m():
    """OpenBLAS gives every thread of its pool a buffer when numpy loads (42 MB a thread past
    the first, 2 cores): with its buffers taken before the bound, Disco Zoo was refused up to
    130M (132 MB held). The command caps it at one thread when ``--max-memory`` is given: 90
    MB held, the board solved (93M and up, 2 cores)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")}  # a thread a core
    done = subprocess.run([sys.executable, "-m", "gridsight", "solve", "disco-zoo",
                           str(EXAMPLES / "disco-zoo-jungle.txt"), "--max-memory", "110M"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.strip()


def test_the_threads_are_capped_only_for_a_bound_the_player_gives(monkeypatch):
    from gridsight import process

    given = process._gives_memory_bound
    assert given(["solve", "disco-zoo", "-", "--max-memory", "100M"])
    assert given(["solve", "disco-zoo", "--max-memory=1G", "-"])
    assert given(["analyze", "shot.png", "--max-m", "300M"])  # argparse takes the prefix
    assert not given(["solve", "disco-zoo", "-"])  # the default bound: no cap
    assert not given(["solve", "disco-zoo", "-", "--max-memory", "0"])  # no bound
    assert not given(["solve", "tile-path", "--max-states", "9", "--", "--max-memory", "1"])
    # Set in the environment only when none of the thread variables is the player's, and
    # only before numpy is loaded (a fresh process: nothing here is imported yet).
    script = ("import os, sys; from gridsight.process import cap_blas_threads; "
              "print(cap_blas_threads(sys.argv[1:]), os.environ.get('OPENBLAS_NUM_THREADS'), "
              "os.environ.get('OMP_NUM_THREADS'), 'numpy' in sys.modules)")
    clean = {k: v for k, v in os.environ.items() if k not in process.BLAS_THREADS}
    for env, argv, said in ((clean, ["--max-memory", "1G"], "True 1 1 False"),
                            (clean, [], "False None None False"),
                            ({**clean, "OMP_NUM_THREADS": "3"}, ["--max-memory", "1G"],
                             "False None 3 False")):
        done = subprocess.run([sys.executable, "-c", script, *argv], capture_output=True,
                              text=True, timeout=60, env=env)
        assert done.stdout.split() == said.split(), done.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="the data in use is read from /proc")
def test_a_bound_leaving_too_little_room_to_solve_in_is_refused_in_one_line():
    """``--max-memory 91.5M`` (91.0-91.4 MB held) read Disco Zoo's opening book one failed
    allocation after another: minutes, deaf to SIGTERM; 92M ended in "Exception ignored in
    sys.unraisablehook". A bound less than ``MIN_ROOM`` above what is held is refused first."""
    from gridsight.process import MIN_ROOM

    done = subprocess.run([sys.executable, "-m", "gridsight", "solve", "disco-zoo",
                           str(EXAMPLES / "disco-zoo-jungle.txt"), "--max-memory", "91.5M"],
                          capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr.startswith("gridsight: --max-memory 91,500,000 is below the ")
    assert len(done.stderr.splitlines()) == 1
    if "needs" in done.stderr:  # (not below what is held: then refused for its room)
        assert f"and {MIN_ROOM:,} to solve in; give more" in done.stderr
