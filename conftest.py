"""What pytest collects from the rooms' own modules (their doctests, ``--doctest-modules``).

A module that imports an extra at its top (Qt for the live windows, numba for the compiled
kernels), or a module of ours that does, cannot be imported without that extra: pytest would
report an error where the module's tests skip. Such modules are left out of the doctest run
when the extra is missing (``pip install -e '.[test]'`` alone runs the rest); with every extra
installed nothing is left out and nothing is read here.

A module with no example in it (no ``>>>`` anywhere in its text) gets no doctest collector
(:func:`pytest_collect_file`): it has none to give, and importing it only for the doctest
finder to find nothing cost every xdist worker its import before any test ran (the compiled
kernels' numba, the live windows' Qt: most modules are imported by some test anyway, and then
only where that test runs), and the finder walked every test file (none has an example) too.
"""

from __future__ import annotations

import ast
import importlib.util
import tempfile
from pathlib import Path

import pytest
from _pytest.doctest import DoctestItem, DoctestModule  # what --doctest-modules adds per file

ROOT = Path(__file__).resolve().parent
ROOMS = ("gridsight", "solvers", "vision", "overlay", "templates", "safefiles")
EXTRAS = ("PySide6", "numba", "onnxruntime", "rapidocr")  # imported by modules of extras only


def _module_file(name: str, root: Path = ROOT) -> Path | None:
    """The file under ``root`` of our module ``name`` (``gridsight.x.y``, a room as
    ``gridsight.solvers.x``), or ``None`` when it is not ours."""
    parts = name.split(".")
    if parts[0] != "gridsight":
        return None
    if len(parts) > 1 and parts[1] in ROOMS[1:]:
        parts = parts[1:]
    base = root.joinpath(*parts)
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _top_imports(path: Path) -> set[str]:
    """The modules ``path`` imports at its top level (not inside a function, ``try`` or ``if``)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return set()
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def needing(missing: set[str], root: Path = ROOT) -> list[str]:
    """The rooms' modules (paths relative to ``root``) that cannot be imported without the
    packages ``missing``: importing one at their top, or importing such a module of ours."""
    files = [p for room in ROOMS for p in (root / room).rglob("*.py")]
    imports = {p: _top_imports(p) for p in files}
    out: set[Path] = {p for p, names in imports.items()
                      if any(n.split(".")[0] in missing for n in names)}
    grew = True
    while grew:  # a module importing one left out is left out too
        grew = False
        for p, names in imports.items():
            if p not in out and any(_module_file(n, root) in out for n in names):
                out.add(p)
                grew = True
    return sorted(str(p.relative_to(root)) for p in out)


_missing = {name for name in EXTRAS if importlib.util.find_spec(name) is None}
collect_ignore = needing(_missing) if _missing else []


def _has_examples(path: Path) -> bool:
    """Can the doctest finder find an example in ``path``? Every example is a ``>>>`` line of
    a docstring or ``__test__`` string written in the module's text, so a module without the
    three characters has none (a module that cannot be read is left to pytest)."""
    try:
        return b">>>" in path.read_bytes()
    except OSError:
        return True


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Path, parent):
    """Drop the doctest collector of a module that holds no docstring example
    (:func:`_has_examples`): a room's module then is not imported only for the doctest finder
    to find nothing (numba and Qt with it), and a test file (none has an example) is not
    walked by it; its tests are collected as before. What is collected is the same."""
    collectors = yield
    if file_path.suffix != ".py" or _has_examples(file_path):
        return collectors
    return [c for c in collectors if not isinstance(c, DoctestModule)]


@pytest.fixture(autouse=True)
def _doctest_temp_folder(request: pytest.FixtureRequest) -> None:
    """A docstring example's ``tempfile.mkdtemp()`` (the examples of safefiles, vision.images,
    vision.packs, gridsight.log, the pit pack) makes its folder in a ``tmp_path`` of pytest's
    own, which pytest removes with its older runs, not in /tmp, where eight folders were left
    by every run of the suite. The examples read as a player would write them."""
    if isinstance(request.node, DoctestItem):
        folder = request.getfixturevalue("tmp_path")
        request.getfixturevalue("monkeypatch").setattr(tempfile, "tempdir", str(folder))
