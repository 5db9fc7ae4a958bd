"""A console process that ran Qt ends through :func:`gridsight.cli.end_qt_process`: exit hooks
run (the logs closed), output flushed, its exit code kept, and the interpreter's teardown (where
PySide6 6.12 aborted the Thrill Digger live session: "Fatal Python error: none_dealloc") skipped."""

import subprocess
import sys

import pytest

pytest.importorskip("PySide6")

SCRIPT = r"""
import atexit, sys
import PySide6.QtCore
from gridsight.cli import end_qt_process
atexit.register(lambda: print("hook ran", flush=True))
sys.stdout.write("unflushed line\n")
sys.stderr.write("unflushed error\n")
end_qt_process(3)
print("not reached")
"""


def test_a_qt_process_ends_with_its_code_after_its_exit_hooks_and_output():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 3
    assert done.stdout.splitlines() == ["unflushed line", "hook ran"]
    assert "unflushed error" in done.stderr
    assert "Fatal" not in done.stderr
