"""The root conftest's rules: modules needing a missing extra are left out of the doctest run,
and a file without an example gets no doctest collector."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _rule():
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_qt_the_live_windows_and_what_imports_them_are_left_out():
    left_out = _rule().needing({"PySide6"})
    assert "gridsight/live/panel.py" in left_out  # imports PySide6 itself
    assert "gridsight/calibrate_window.py" in left_out
    assert "gridsight/cli.py" not in left_out and "gridsight/live/loop.py" not in left_out


def test_a_module_importing_a_left_out_module_of_ours_is_left_out_too(tmp_path):
    (tmp_path / "gridsight").mkdir()
    (tmp_path / "solvers").mkdir()
    (tmp_path / "gridsight" / "window.py").write_text("from PySide6.QtCore import Qt\n")
    (tmp_path / "gridsight" / "uses.py").write_text("from gridsight.window import Qt\n")
    (tmp_path / "gridsight" / "lazy.py").write_text("def f():\n    import gridsight.window\n")
    (tmp_path / "solvers" / "kernel.py").write_text("import numba\n")
    (tmp_path / "gridsight" / "calls.py").write_text("import gridsight.solvers.kernel\n")
    rule = _rule()
    assert rule.needing({"PySide6"}, tmp_path) == ["gridsight/uses.py", "gridsight/window.py"]
    assert rule.needing({"numba"}, tmp_path) == ["gridsight/calls.py", "solvers/kernel.py"]
    assert rule.needing(set(), tmp_path) == []


def test_a_file_without_an_example_gets_no_doctest_collector(tmp_path):
    from _pytest.doctest import DoctestModule

    rule = _rule()
    example = tmp_path / "example.py"
    example.write_text('def one():\n    """>>> one()\n    1\n    """\n    return 1\n')
    plain = tmp_path / "plain.py"
    plain.write_text('def one():\n    """One, no example."""\n    return 1\n')
    doctests, tests = object.__new__(DoctestModule), object()  # stand-ins for the collectors

    def collected(path: Path) -> list:
        hook = rule.pytest_collect_file(path, None)
        next(hook)
        try:
            hook.send([doctests, tests])
        except StopIteration as done:
            return done.value
        raise AssertionError("the hook wrapper yields once")

    assert collected(example) == [doctests, tests]
    assert collected(plain) == [tests]  # the file's own tests are kept
