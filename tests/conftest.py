"""Shared test fixtures."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# NumPy's OpenBLAS on one thread in the tests and the processes they start (read when NumPy is
# first imported, which is after this file): the suite already keeps every core busy with
# its xdist workers, and a second BLAS thread per worker only waits for a core (the Disco Zoo
# reads of the first 12 real-look screens: 4-5% less CPU, the same reads and sprite distances
# to the last bit; seventeenth session, docs/testing.md). A value set outside wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
# OpenCV on one thread too (read at its first parallel call): its template matches, resizes and
# blurs of whole desktops took a second thread per worker that only waited for a core and
# spun (bench/bench_cv_threads.py: the same reads to the character; thirty-eighth session).
os.environ.setdefault("OPENCV_FOR_THREADS_NUM", "1")

# No kernel warm-up process beside each live run (gridsight.warm): tools/compile_kernels.py
# fills numba's cache before the tests, and the warm-up's own tests ask for it.
os.environ.setdefault("GRIDSIGHT_WARM", "off")


def _bytecode_outside_the_checkout() -> None:
    """Where the environment says not to write bytecode (``PYTHONDONTWRITEBYTECODE``, as on
    the team's machine, to keep ``__pycache__`` out of the checkouts) and names no place for
    it, keep it in the temp dir instead (``PYTHONPYCACHEPREFIX``, which mirrors each source's
    absolute path there), for this process and every one it starts: otherwise each of the
    ~260 processes the tests start (the command line, the bench scripts) compiled gridsight's
    modules from source again (0.5 s of CPU more each), and each xdist worker compiled and
    rewrote every module it imports. Nothing is written into the checkout either way; CI,
    which writes bytecode, is not changed. A prefix set outside wins."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    import tempfile

    user = getattr(os, "getuid", lambda: 0)()
    prefix = Path(tempfile.gettempdir()) / f"gridsight-pycache-{user}"
    os.environ["PYTHONPYCACHEPREFIX"] = str(prefix)
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    sys.pycache_prefix = str(prefix)
    sys.dont_write_bytecode = False


_bytecode_outside_the_checkout()
import pytest  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"


#: The test files that take longest, longest first: the 46 whose seconds are largest,
#: counted as the CPU of the test process, of the processes it waited for and the seconds
#: asleep (``cpu + child + sleep`` of tools/fileclock.py; its ``wall`` grows with the load
#: unevenly from file to file). From the whole suite run once, ``-n 2`` on main of the 46th
#: session (2c53d3c8), as ``PYTHONPATH=.:tools FILECLOCK_OUT=DIR/clock python -m pytest -p
#: fileclock -n 2``: the lines of DIR/clock.gw0 and clock.gw1 together, sorted by that sum,
#: down to 6.5 s (the machine shared, load 11-44: CPU about 1.3x an idle machine's, the same
#: for every file; a live file's seconds asleep, waiting on its processes, more), stopped
#: after 151 of the 333 files for time: those not reached (test_disco_zoo_hunt34 on, less
#: the ones named here) were each under 9 s in the 43rd session's profile. In that
#: fresh checkout ``test_bench.py``'s scripts compiled numba's kernels (41 CPU s), which CI
#: compiles before the tests (tools/compile_kernels.py): left out of its figure. Under
#: ``--dist loadfile`` each file runs whole on one worker, handed out in collection order
#: (pyproject's ``--no-loadscope-reorder``): so these start first and the short files fill in
#: behind them, and neither worker is left running a long file alone at the end (the longest
#: processing time first rule). The bench scripts are two files (test_bench.py,
#: test_bench_screens.py) so that both workers share them. Only the order changes; a file not
#: named here runs after them in the usual order, and a name that no longer exists does
#: nothing.
LONGEST_FIRST = (
    "test_desktop.py",  # 51 s
    "test_bench.py",  # 49 s (37 of them its processes'; 41 more compiling kernels left out)
    "test_bench_screens.py",  # 46 s (46 of them its processes')
    "test_tile_path_rooms.py",  # 45 s
    "test_e2e_live_real_look.py",  # 39 s (6 of them its processes', 33 asleep)
    "test_live_windows.py",  # 36 s (6 of them its processes', 30 asleep)
    "test_disco_zoo_screens.py",  # 33 s
    "test_tile_path_cut_views.py",  # 27 s
    "test_thrill_3d_looks.py",  # 25 s
    "test_calibrate_proposes.py",  # 24 s
    "test_screen_text.py",  # 24 s
    "test_calibrate_real_look.py",  # 23 s (1 of them its processes', 1 asleep)
    "test_fuzz_cli.py",  # 21 s (2 of them its processes')
    "test_desktop_decoys.py",  # 20 s
    "test_desktop_players.py",  # 20 s
    "test_disco_zoo_cards35.py",  # 18 s
    "test_disco_zoo_cards.py",  # 18 s
    "test_desktop_small.py",  # 17 s
    "test_live_real_look.py",  # 17 s
    "test_disco_zoo_engines.py",  # 17 s
    "test_e2e_live.py",  # 16 s (5 of them its processes', 11 asleep)
    "test_live_hint_choice.py",  # 15 s
    "test_doubts.py",  # 14 s
    "test_thrill_3d_tracker.py",  # 14 s
    "test_vision_locate_whole_screens.py",  # 13 s
    "test_calibrate_window.py",  # 13 s
    "test_live_thrill_digger_qt.py",  # 12 s (1 of them its processes', 2 asleep)
    "test_disco_zoo_lengths.py",  # 12 s
    "test_disco_zoo_box_rows29.py",  # 11 s
    "test_analyze.py",  # 10 s
    "test_disco_zoo_hunt31.py",  # 10 s
    "test_disco_zoo_hunt32b.py",  # 10 s
    "test_limits_memory.py",  # 10 s (9 of them its processes')
    "test_disco_zoo_hunt33.py",  # 9 s
    "test_desktop_no_card.py",  # 9 s
    "test_calibrate.py",  # 9 s
    "test_demo.py",  # 8 s (7 of them its processes')
    "test_disco_zoo_hunt30.py",  # 8 s
    "test_disco_zoo_cards33.py",  # 7 s
    "test_disco_zoo_counter.py",  # 7 s
    "test_disco_zoo_dark_tiles.py",  # 7 s
    "test_disco_zoo_cards34.py",  # 7 s
    "test_disco_zoo_found_tiles.py",  # 7 s
    "test_disco_zoo_damage.py",  # 7 s
    "test_disco_zoo_crops.py",  # 7 s
    "test_architecture.py",  # 6 s (11 before its modules were parsed once: 7.7 -> 4.4 alone)
)


def pytest_collection_modifyitems(items):
    """Run the files of :data:`LONGEST_FIRST` first, in that order (a stable sort: the tests
    within a file, and all other files, keep their order)."""
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    tests = Path(__file__).resolve().parent

    def place(item) -> int:
        path = Path(str(item.fspath))
        return rank.get(path.name, len(rank)) if path.parent == tests else len(rank)

    items.sort(key=place)


@pytest.fixture(scope="session")
def _data_folders(tmp_path_factory) -> Path:
    """The folder holding every test's data folder (one per worker)."""
    return tmp_path_factory.mktemp("data")


@pytest.fixture(autouse=True)
def _private_data_folder(_data_folders, monkeypatch):
    """Every test gets a data folder of its own (``GRIDSIGHT_DATA_DIR``, which subprocesses
    inherit): what gridsight writes there (the screens analyze remembers, session logs, packs
    calibrated) never lands in the real one, nor carries from one test to another. A test
    setting the variable itself wins. Made by ``tempfile.mkdtemp`` in one folder: a numbered
    ``tmp_path_factory.mktemp`` lists the whole base folder each time, so its cost grew with
    every test run before (2384 folders: 0.73 s of CPU, 0.23 s so)."""
    import tempfile

    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", tempfile.mkdtemp(dir=_data_folders))


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


@pytest.fixture
def run_cli():
    """Run ``gridsight ARGS`` in-process; returns ``(exit code, stdout, stderr)``. Through the
    one helper of the test kit (:func:`kit.inprocess.gridsight`): standard streams of its own
    (standard input as bytes, as a process has it), and a failure when the call changed the
    process (environment, folder, signal handlers, resource limits, streams)."""
    from kit import inprocess

    def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
        done = inprocess.gridsight(*args, input=stdin, text=True)
        return done.returncode, done.stdout, done.stderr

    return run


@pytest.fixture(scope="session")
def workers():
    """``map(fn, items)`` over worker processes, one pool for the whole session.

    For the long statistical tests (hundreds of perturbed screenshots, fifty rendered games):
    the machine's cores share the work, so they take a fraction of the time with the same
    coverage. ``fn`` must be a module-level function (the workers import its module afresh,
    "spawn": no state of this process, OpenCV's threads included, is forked). One core: a
    plain ``map`` in this process.
    """
    import os
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    # Under pytest-xdist the cores are already shared among the test workers: each takes its
    # share of them, so the machine is never asked for more processes than it has cores.
    sharing = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
    count = min((os.cpu_count() or 1) // max(1, sharing), 4)
    if count <= 1:
        yield lambda fn, items: list(map(fn, items))
        return
    pool = ProcessPoolExecutor(max_workers=count, mp_context=get_context("spawn"))
    try:
        yield lambda fn, items: list(pool.map(fn, list(items)))
    finally:
        pool.shutdown(cancel_futures=True)


@pytest.fixture
def live_extra():
    """Skips a test of the ``live`` command where its extra (PySide6) is not installed: the
    command then says only how to install it, before reading its other options."""
    return pytest.importorskip("PySide6")


@pytest.fixture(scope="module")
def located_once():
    """Within one test file, a game's structural locate (``GridReading.locate_screen``: the
    Disco Zoo rescue screen found in a picture, the step a desktop's window search runs on
    every window-like region) answers each picture once: the same pixels again (the same
    screen analyzed twice, then stepped through the live loop; the same hidden-card frame in
    three live tests) get the answer given them the first time, a board or the same
    :class:`~gridsight.vision.errors.BoardNotFoundError`. The locate is a function of the
    pixels alone (:class:`gridsight.readers.desktop._OneSearch` shares its answers so within
    one search already), so every test still runs the whole path on those pixels: the
    command, the window search, the reader, the live loop. The answers live in the file's
    run only. A file opts in (``pytestmark = pytest.mark.usefixtures("located_once")``) only
    when none of its tests changes what the locate does (a constant monkeypatched, another
    skin module), which would otherwise be answered from before the change."""
    from gridsight.games.spec import GridReading
    from gridsight.readers.desktop import _digest, only_sure
    from gridsight.vision.errors import BoardNotFoundError

    answers: dict[tuple[object, bytes], object] = {}
    locate = GridReading.locate_screen

    def once(self, image):
        key = (self.structure, _digest(image))
        answer = answers.get(key)
        if answer is None and only_sure():  # (a second-screen ask's answer kept apart, as
            key = (self.structure, key[1] + b"sure")  # the search's own cache keeps it)
            answer = answers.get(key)
        if answer is None:
            try:
                answer = locate(self, image)
            except BoardNotFoundError as error:
                answer = error
            answers[key] = answer
        if isinstance(answer, BoardNotFoundError):
            raise answer
        return answer

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(GridReading, "locate_screen", once)
        yield answers
