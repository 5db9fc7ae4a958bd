"""The rooms of DESIGN.md and the imports allowed between them, checked on the source.

The rooms are top-level folders of the repository and, installed, subpackages of
``gridsight`` (``solvers/`` is ``gridsight.solvers``; setup.py maps them), so the code imports
them by that name only: a bare ``import solvers`` would find nothing in an install, or a
stranger's package of that name. Below, a room's name means its ``gridsight.`` one.

``solvers`` and ``vision`` import nothing of this repository but ``safefiles`` (``solvers``
also no cv2, mss or Qt); ``overlay`` imports only ``gridsight.solvers.advice`` and ``vision``;
``gridsight`` may import all of them; ``safefiles`` (the one way every room reads the
player's files and writes its own) imports nothing but the standard library, so every room may
import it; but only ``gridsight.commands.demo`` imports the demo (``gridsight.demo``), so no reader
and no live path depends on it; no room imports the test kit (``tests/kit``), which is not
installed. Checked with :mod:`ast`, so a forbidden import fails here even if it is lazy:

- every ``import`` and ``from ... import`` (relative ones resolved against the module);
- every dynamic import, ``importlib.import_module("...")`` and ``__import__("...")``: a literal
  target is resolved and checked like a plain import, a computed one fails (a module the
  checker cannot see is a module nobody can review);
- every top-level package imported must be the standard library's, one of ours, or one of the
  third-party packages ``pyproject.toml`` declares: anything else (a typo, an undeclared
  dependency, the test kit) fails;
- a scan that finds nothing fails (a moved folder must not turn this test into a no-op).
"""

from __future__ import annotations

import ast
import functools
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
ROOMS = ("gridsight", "solvers", "vision", "overlay", "templates", "safefiles")
OWN = set(ROOMS)
# The rooms installed under the gridsight namespace (the folder ``solvers/`` is the package
# ``gridsight.solvers``).
INNER = ROOMS[1:]
# The third-party packages pyproject.toml declares (core, and the live, fast and ocr extras), by
# the name they are imported as (pyobjc-framework-Quartz brings Quartz and AppKit, on macOS).
THIRD_PARTY = {"numpy", "cv2", "mss", "PIL", "platformdirs", "PySide6", "Xlib", "numba",
               "Quartz", "AppKit", "onnxruntime"}
KIT = {"kit", "tests"}  # the test kit, and the tests: never imported by the product
DEMO = "gridsight.demo"
DEMO_USERS = {"gridsight/commands/demo.py"}

# room -> (allowed own top-level packages or dotted prefixes, forbidden third-party modules)
RULES: dict[str, tuple[set[str], set[str]]] = {
    "solvers": ({"solvers", "safefiles"}, {"cv2", "mss", "PySide6", "PyQt5", "PyQt6", "PIL",
                                           "Xlib"}),
    "vision": ({"vision", "templates", "safefiles"}, {"PySide6"}),
    "overlay": ({"overlay", "solvers.advice", "vision", "safefiles"}, set()),
    "gridsight": ({"gridsight", "solvers", "vision", "overlay", "templates", "safefiles"}, set()),
    "templates": (set(), {"cv2", "PySide6", "numba"}),
    "safefiles": ({"safefiles"}, THIRD_PARTY),
}
MIN_FILES = {"gridsight": 40, "solvers": 30, "vision": 10, "overlay": 5, "templates": 1,
             "safefiles": 3}


@dataclass(frozen=True)
class Found:
    path: str
    line: int
    module: str  # the dotted module imported ("" when it could not be worked out)
    problem: str = ""  # why it could not (a computed dynamic import)


def _module_name(rel: str) -> str:
    """The module a file is when installed: ``solvers/x.py`` is ``gridsight.solvers.x``."""
    parts = list(Path(rel).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    if parts and parts[0] in INNER:
        parts.insert(0, "gridsight")
    return ".".join(parts)


def _room_name(module: str) -> str:
    """``gridsight.solvers.x`` as the rules below name it (``solvers.x``); others unchanged."""
    for room in INNER:
        if module == f"gridsight.{room}" or module.startswith(f"gridsight.{room}."):
            return module[len("gridsight."):]
    return module


def _relative(target: str, level: int, package: str) -> str:
    """``level`` dots then ``target``, seen from ``package``."""
    parts = package.split(".")
    base = parts[: len(parts) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def _package(rel: str) -> str:
    name = _module_name(rel)
    return name if rel.endswith("__init__.py") else name.rpartition(".")[0]


def _dynamic_target(node: ast.Call, rel: str) -> tuple[bool, str | None]:
    """Whether ``node`` is a dynamic import, and its literal target (``None``: computed)."""
    func = node.func
    if isinstance(func, ast.Attribute):
        if not (func.attr == "import_module" and isinstance(func.value, ast.Name)
                and func.value.id == "importlib"):
            return False, None
    elif not (isinstance(func, ast.Name) and func.id in ("import_module", "__import__")):
        return False, None
    args = node.args
    if not (args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str)):
        return True, None
    target = args[0].value
    if not target.startswith("."):
        return True, target
    if len(args) > 1 and isinstance(args[1], ast.Constant) and isinstance(args[1].value, str):
        dots = len(target) - len(target.lstrip("."))
        return True, _relative(target[dots:], dots, args[1].value)
    return True, None


@functools.lru_cache(maxsize=None)
def _read(rel: str, text: str) -> tuple[tuple[Found, ...], tuple[tuple[str, ...], ...]]:
    """A module's source ``text`` (named ``rel``) parsed once: (:func:`imports_of`'s
    imports, :func:`dependencies`' targets before they are resolved against the known
    modules). The rooms' checks, the demo's and the cycle finder each read the modules,
    and parsing was most of their time: each result is a function of the name and the text
    alone, so the same text is parsed once in a process (this file alone 7.7 -> 4.4 CPU s,
    46th session). Only the small results are kept, not the trees."""
    tree = ast.parse(text, filename=rel)
    return tuple(_imports_in(tree, rel)), tuple(_targets_in(tree, rel))


def imports_of(path: Path, rel: str | None = None) -> list[Found]:
    """Every import in ``path`` (named ``rel`` in the repository): static, relative
    (resolved) and dynamic."""
    rel = rel or str(path.relative_to(REPO))
    return list(_read(rel, path.read_text(encoding="utf-8"))[0])


def _imports_in(tree: ast.AST, rel: str) -> list[Found]:
    """:func:`imports_of` of a parsed module."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [Found(rel, node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                module = _relative(module, node.level, _package(rel))
            found.append(Found(rel, node.lineno, module))
        elif isinstance(node, ast.Call):
            dynamic, target = _dynamic_target(node, rel)
            if dynamic and target is None:
                found.append(Found(rel, node.lineno, "", "a dynamic import of a computed name "
                                   "(import it by a literal name so it can be checked)"))
            elif dynamic:
                found.append(Found(rel, node.lineno, target))
    return found


def _allowed(module: str, allowed: set[str]) -> bool:
    return any(module == a or module.startswith(a + ".") for a in allowed)


def _scan(room: str) -> tuple[list[Path], list[Found]]:
    files = sorted((REPO / room).rglob("*.py"))
    return files, [f for path in files for f in imports_of(path)]


def problems_in(room: str, found: list[Found]) -> list[str]:
    allowed, forbidden = RULES[room]
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    problems = []
    for f in found:
        where = f"{f.path}:{f.line}"
        if f.problem:
            problems.append(f"{where}: {f.problem}")
            continue
        if f.module.split(".")[0] in INNER:
            problems.append(f"{where} imports {f.module}: a room is imported by its installed "
                            f"name (gridsight.{f.module})")
            continue
        module = _room_name(f.module)
        top = module.split(".")[0]
        if top in OWN:
            if not _allowed(module, allowed):
                problems.append(f"{where} imports {f.module} (not allowed in {room}/)")
            if _allowed(f.module, {DEMO}) and f.path not in DEMO_USERS \
                    and not f.path.startswith("gridsight/demo/"):
                problems.append(f"{where} imports {f.module}: only gridsight demo uses the demo")
        elif top in KIT:
            problems.append(f"{where} imports {f.module}: the test kit is not installed")
        elif top in forbidden:
            problems.append(f"{where} imports {f.module} (forbidden in {room}/)")
        elif top not in stdlib and top not in THIRD_PARTY:
            problems.append(f"{where} imports {f.module}: an unknown top-level package "
                            "(not ours, not the standard library's, not a declared dependency)")
    return problems


@pytest.mark.parametrize("room", ROOMS)
def test_room_imports_follow_the_design(room):
    files, found = _scan(room)
    assert len(files) >= MIN_FILES[room], f"only {len(files)} modules found in {room}/"
    assert found, f"no imports found in {room}/: the scan is broken"
    problems = problems_in(room, found)
    assert not problems, "\n".join(problems)


def test_the_checker_catches_what_it_must(tmp_path):
    """The checker itself: each kind of violation in a throwaway module is reported."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import importlib\n"
        "import gridsight.cli\n"                             # vision imports the app
        "from . import geometry\n"                           # relative, allowed
        "import requests\n"                                  # undeclared
        "import kit.skins\n"                                 # the test kit
        "importlib.import_module('gridsight.overlay.paint')\n"  # literal, forbidden target
        "importlib.import_module('.pit', 'gridsight.vision')\n"  # relative literal, allowed
        "import vision.geometry\n"                           # the bare name of a room
        "name = 'x'\n"
        "importlib.import_module(name)\n"                    # computed
        "__import__('json')\n",                              # literal, allowed
        encoding="utf-8")
    found = imports_of(probe, "vision/probe.py")
    assert {"gridsight.vision", "gridsight.vision.pit", "json"} <= {f.module for f in found}
    problems = problems_in("vision", found)
    text = "\n".join(problems)
    assert len(problems) == 6, text
    for needle in ("imports gridsight.cli", "requests: an unknown top-level",
                   "kit.skins: the test kit", "imports gridsight.overlay.paint", "computed name",
                   "vision.geometry: a room is imported by its installed name"):
        assert needle in text


def test_only_the_demo_command_uses_the_demo_and_no_reader_or_live_path_does():
    users = []
    for path in sorted((REPO / "gridsight").rglob("*.py")):
        for f in imports_of(path):
            if _allowed(f.module, {DEMO}) and not f.path.startswith("gridsight/demo/"):
                users.append(f.path)
    assert set(users) <= DEMO_USERS, users


def test_no_room_reads_the_shared_folder_at_run_time():
    for room in ROOMS:
        for path in (REPO / room).rglob("*.py"):
            assert "shared/" not in path.read_text(encoding="utf-8"), path


# -- no import cycle ------------------------------------------------------------------------------
#
# A module depends on every module it imports, at the top or inside a function (a lazy import is
# still a dependency: the cycle is there the first time the function runs), except under
# ``if TYPE_CHECKING:`` (types only). ``from package import name`` depends on ``package.name``
# when that is a module, and importing ``a.b.c`` runs ``a/__init__`` and ``a/b/__init__`` too. A
# module's own parent packages are not counted: Python imports them before the module, always.


def _is_type_checking(test: ast.expr) -> bool:
    return "TYPE_CHECKING" in ast.unparse(test)


def dependencies(path: Path, rel: str, known: set[str]) -> set[str]:
    """The modules of ``known`` that the module at ``path`` (``rel`` in the repository)
    imports, as described above."""
    name = _module_name(rel)
    targets: set[str] = set()
    for module, *names in _read(rel, path.read_text(encoding="utf-8"))[1]:
        if not names:
            targets.add(module)
        for alias in names:
            sub = f"{module}.{alias}" if module else alias
            targets.add(sub if sub in known else module)
    own_parents = {".".join(name.split(".")[:k]) for k in range(1, name.count(".") + 1)}
    if rel.endswith("__init__.py"):
        own_parents.discard(name)
    found = set()
    for target in targets:
        parts = target.split(".")
        for k in range(1, len(parts) + 1):  # the target and every package above it
            module = ".".join(parts[:k])
            if module in known and module != name and module not in own_parents:
                found.add(module)
    return found


def _targets_in(tree: ast.AST, rel: str) -> list[tuple[str, ...]]:
    """What a parsed module imports as :func:`dependencies` counts it, before the known
    modules are looked at: ``(module,)`` a target as it is (an ``import``, a literal dynamic
    import), ``(module, *names)`` a ``from module import names`` (each ``module.name`` when
    that is a known module, else ``module``)."""
    targets: list[tuple[str, ...]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            targets.extend((alias.name,) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                module = _relative(module, node.level, _package(rel))
            if node.names:
                targets.append((module, *(alias.name for alias in node.names)))
        elif isinstance(node, ast.Call):
            dynamic, target = _dynamic_target(node, rel)
            if dynamic and target:
                targets.append((target,))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return targets


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import cycle of ``graph`` (module -> modules it imports): one per strongly
    connected component of more than one module, as a closed path ``a -> b -> ... -> a``."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def connect(v: str) -> None:  # Tarjan's algorithm, iterative over each module's edges
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(component)

    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 10 * len(graph) + 100))
    try:
        for v in sorted(graph):
            if v not in index:
                connect(v)
    finally:
        sys.setrecursionlimit(old_limit)
    return [_closed_path(graph, component) for component in components]


def _closed_path(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """A shortest cycle through the first module of ``component`` (breadth first)."""
    start = min(component)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for v in frontier:
            for w in sorted(graph.get(v, ()) & component):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w not in came_from:
                    came_from[w] = v
                    following.append(w)
        frontier = following
    return sorted(component)  # pragma: no cover - a component always closes


def repository_graph() -> dict[str, set[str]]:
    paths = {_module_name(str(p.relative_to(REPO))): p
             for room in ROOMS for p in sorted((REPO / room).rglob("*.py"))}
    known = set(paths)
    return {name: dependencies(path, str(path.relative_to(REPO)), known)
            for name, path in paths.items()}


def test_no_import_cycle():
    graph = repository_graph()
    assert len(graph) >= sum(MIN_FILES.values()) and any(graph.values()), "the scan is broken"
    cycles = import_cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_the_cycle_finder_finds_cycles_lazy_ones_included(tmp_path):
    (tmp_path / "pkg").mkdir()
    files = {
        "pkg/__init__.py": "",
        "pkg/app.py": "def main():\n    from pkg import commands\n",          # lazy
        "pkg/commands.py": "from pkg.app import main\n",                      # back up
        "pkg/types.py": "from typing import TYPE_CHECKING\n"
                        "if TYPE_CHECKING:\n    from pkg.app import main\n",  # types only
        "pkg/leaf.py": "import pkg\nfrom . import types\n",                  # own parent
    }
    for rel, text in files.items():
        (tmp_path / rel).write_text(text, encoding="utf-8")
    known = {_module_name(rel) for rel in files}
    graph = {_module_name(rel): dependencies(tmp_path / rel, rel, known) for rel in files}
    assert graph["pkg.leaf"] == {"pkg.types"} and graph["pkg.types"] == set()
    assert import_cycles(graph) == [["pkg.app", "pkg.commands", "pkg.app"]]
