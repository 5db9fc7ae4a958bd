"""A Qt process of gridsight survives PySide6 6.12's lost references to ``None`` (see
:mod:`gridsight.overlay.none_guard`): the live Thrill Digger session aborted at exit with
"Fatal Python error: none_dealloc" after about 18,000 void calls of its panel."""

import os
import subprocess
import sys

from extras import require

require("PySide6")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # no window is shown: any machine

# Many more void calls than None has references in a small process (a few thousand), then a
# normal exit: where the calls lose references and nothing guards None, the process aborts.
SCRIPT = r"""
import os
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from gridsight.overlay.window import ensure_app
app = ensure_app()
from PySide6.QtWidgets import QLabel
label = QLabel()
for i in range(200_000):
    label.setText("dig")
    label.setVisible(False)
print("done", flush=True)
"""


def test_a_qt_session_with_many_void_calls_ends_without_a_fatal_error():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=300)
    assert "Fatal Python error" not in done.stderr, done.stderr[-500:]
    assert done.returncode == 0 and done.stdout.strip() == "done"


def test_the_guard_is_taken_once_and_leaves_none_alive():
    from gridsight.overlay.none_guard import guard_none
    from gridsight.overlay.window import ensure_app

    ensure_app()
    assert guard_none() is False  # checked already by ensure_app: nothing done twice
    assert sys.getrefcount(None) > 1000


def test_where_calls_lose_references_the_guard_gives_none_its_reserve(monkeypatch):
    """The guard's decision, whatever PySide6 is installed: a loss measured means a reserve
    given (once), and none measured means None is left as it is."""
    from gridsight.overlay import none_guard

    monkeypatch.setattr(none_guard, "_checked", False)
    monkeypatch.setattr(none_guard, "none_lost_per_call", lambda: 0.0)
    before = sys.getrefcount(None)
    assert none_guard.guard_none() is False
    assert abs(sys.getrefcount(None) - before) < 100  # nothing given
    if sys.version_info >= (3, 12):
        return  # None is immortal: the guard never touches it
    monkeypatch.setattr(none_guard, "_checked", False)
    monkeypatch.setattr(none_guard, "none_lost_per_call", lambda: 1.0)
    before = sys.getrefcount(None)
    assert none_guard.guard_none() is True
    assert sys.getrefcount(None) - before >= none_guard.RESERVE - 100
    assert none_guard.guard_none() is False  # once per process


def test_every_qapplication_of_ours_and_of_the_tests_is_made_by_ensure_app():
    """Only ``ensure_app`` guards ``None`` before the first void call: a window or a test
    making its own QApplication (the calibration window, the demo window and the
    calibration tests did) runs unguarded under PySide6 6.12 on Python 3.11."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    made = re.compile(r"\bQApplication\(")
    found = []
    for folder in ("gridsight", "overlay", "vision", "solvers", "tests", "bench", "tools",
                   "examples"):
        for path in sorted((root / folder).rglob("*.py")):
            if path.resolve() == (root / "overlay" / "window.py").resolve():
                continue  # ensure_app itself
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if made.search(line.split("#")[0]):
                    found.append(f"{path.relative_to(root)}:{number}")
    assert found == [], "QApplication made without ensure_app at " + ", ".join(found)
