"""A call changes nothing process-wide: memory limits, signal handlers and exit hooks belong to
the console script alone (:func:`gridsight.__main__.entry`, :mod:`gridsight.process`).

:func:`gridsight.cli.main` is called in-process here with the options that used to change the
process (``--max-memory``, a solver's time limit, the live helper's Ctrl-C handling), and every
resource limit, every signal handler and the count of exit hooks must be as they were. The
console script, run as a player runs it, does take them: its memory bound stops a search and
``SIGTERM`` ends it in order.
"""

from __future__ import annotations

import atexit
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from gridsight.cli import main
from kit.inprocess import signal_handlers, resource_limits

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"


def _process_state() -> tuple:
    timer = signal.getitimer(signal.ITIMER_REAL) if hasattr(signal, "getitimer") else None
    return resource_limits(), signal_handlers(), timer


ROOMS = tuple(str(REPO / room) for room in ("gridsight", "solvers", "vision", "overlay"))


@pytest.fixture
def our_exit_hooks(monkeypatch):
    """The exit functions our own code registers during the test (``atexit.register`` called
    from a module of ours; a library registering one when first imported is not ours)."""
    ours: list[str] = []
    register = atexit.register

    def recording(func, *args, **kwargs):
        caller = sys._getframe(1).f_code.co_filename
        if caller.startswith(ROOMS):
            ours.append(f"{caller}: {getattr(func, '__qualname__', func)}")
        return register(func, *args, **kwargs)

    monkeypatch.setattr(atexit, "register", recording)
    return ours


def _call(*argv: str) -> int:
    try:
        return main(list(argv))
    except SystemExit as exit_:  # argparse's --help and errors
        return int(exit_.code or 0)


@pytest.mark.parametrize("argv", [
    ("solve", "thrill-digger", str(EXAMPLES / "thrill-digger-beginner.txt"),
     "--max-memory", "300M"),
    ("solve", "disco-zoo", str(EXAMPLES / "disco-zoo-farm.txt"), "--time-limit", "5",
     "--budget", "0.05", "--max-memory", "1G"),
    ("simulate", "minesweeper", "--games", "2", "--max-memory", "500M"),
    ("solve", "thrill-digger", "/nonexistent/board.txt"),
    ("--version",),
], ids=["solve-memory", "solve-time-limit", "simulate", "bad-input", "version"])
def test_main_in_process_leaves_the_process_as_it_found_it(argv, capsys, our_exit_hooks):
    before = _process_state()
    _call(*argv)
    capsys.readouterr()
    assert _process_state() == before
    assert our_exit_hooks == []


def test_the_live_helper_in_process_leaves_signal_handlers_as_they_were(tmp_path, monkeypatch,
                                                                         capsys, our_exit_hooks):
    pytest.importorskip("PySide6")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path))
    board = tmp_path / "walk.txt"
    board.write_text("S . .\n. . .\n")
    before = _process_state()
    code = _call("live", "--game", "tile-path", "--manual", "--board", str(board),
                 "--duration", "0.2", "--no-overlay")
    capsys.readouterr()
    assert code == 0
    assert _process_state() == before
    assert our_exit_hooks == []


def _gridsight(*argv: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gridsight", *argv], capture_output=True,
                          text=True, cwd=REPO, timeout=120, **kwargs)


@pytest.mark.skipif(sys.platform == "win32", reason="no data-segment limit on Windows")
def test_the_console_script_takes_the_memory_bound():
    code = ("import resource, sys\n"
            "from gridsight.__main__ import entry\n"
            "sys.argv = ['gridsight', 'solve', 'thrill-digger', sys.argv[1], '--max-memory',"
            " '3G']\n"
            "code = entry()\n"
            "print(resource.getrlimit(resource.RLIMIT_DATA)[0], file=sys.stderr)\n"
            "sys.exit(code)\n")
    done = subprocess.run([sys.executable, "-c", code,
                           str(EXAMPLES / "thrill-digger-beginner.txt")],
                          capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stderr.strip().splitlines()[-1]) == 3_000_000_000


def test_the_checks_see_what_the_old_cli_did(our_exit_hooks):
    """The checks would catch the old ways: a memory limit lowered, a SIGTERM handler and an
    exit hook installed by our code (undone at once)."""
    from gridsight import process

    before = _process_state()
    old = signal.getsignal(signal.SIGTERM)
    was_installed = process._installed
    process._installed = False
    try:
        process.install_exit_hooks()
        assert _process_state() != before and len(our_exit_hooks) == 1
    finally:
        signal.signal(signal.SIGTERM, old)
        atexit.unregister(process.close_open_logs)
        process._installed = was_installed
    if resource_limits():
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        assert process.limit_memory(2**62 if soft == resource.RLIM_INFINITY else soft - 1)
        try:
            assert _process_state() != before
        finally:
            resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))
    assert _process_state() == before


def test_the_console_script_hooks_close_logs_and_make_sigterm_an_orderly_exit():
    code = ("import signal, sys\n"
            "from gridsight.process import _terminated, install_exit_hooks\n"
            "print(install_exit_hooks(), signal.getsignal(signal.SIGTERM) is _terminated,"
            " install_exit_hooks())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO, timeout=60)
    assert done.stdout.split() == ["True", "True", "True"], done.stderr
