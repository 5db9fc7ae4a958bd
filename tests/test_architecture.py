"""The rooms of DESIGN.md and the imports allowed between them.

``solvers`` and ``vision`` import nothing of this repository (``solvers`` also no cv2, mss or
Qt); ``overlay`` imports only ``solvers.advice`` and ``vision``; ``gridsight`` may import all.
Checked on the source with :mod:`ast`, so a forbidden import fails here even if it is lazy.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
OWN = {"gridsight", "solvers", "vision", "overlay", "templates"}

# room -> (allowed own top-level packages or dotted prefixes, forbidden third-party modules)
RULES: dict[str, tuple[set[str], set[str]]] = {
    "solvers": ({"solvers"}, {"cv2", "mss", "PySide6", "PyQt5", "PyQt6", "PIL"}),
    "vision": ({"vision", "templates"}, {"PySide6"}),
    "overlay": ({"overlay", "solvers.advice", "vision"}, set()),
}


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def _allowed(module: str, allowed: set[str]) -> bool:
    return any(module == a or module.startswith(a + ".") for a in allowed)


@pytest.mark.parametrize("room", sorted(RULES))
def test_room_imports_follow_the_design(room):
    allowed, forbidden = RULES[room]
    problems = []
    for path in sorted((REPO / room).rglob("*.py")):
        for line, module in _imports(path):
            top = module.split(".")[0]
            if top in OWN and not _allowed(module, allowed):
                problems.append(f"{path.relative_to(REPO)}:{line} imports {module}")
            if top in forbidden:
                problems.append(f"{path.relative_to(REPO)}:{line} imports {module} (forbidden)")
    assert not problems, "\n".join(problems)


def test_no_room_reads_the_shared_folder_at_run_time():
    for room in ("solvers", "vision", "overlay", "gridsight", "templates"):
        for path in (REPO / room).rglob("*.py"):
            assert "shared/" not in path.read_text(encoding="utf-8"), path
