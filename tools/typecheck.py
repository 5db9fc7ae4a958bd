"""Run mypy on the package as it is installed: ``gridsight.solvers`` and the other rooms inside
``gridsight``.

The repository keeps the design's rooms (``solvers/``, ``vision/``, ``overlay/``,
``templates/``, ``safefiles/``) as top-level folders and setup.py maps them into the
``gridsight`` namespace at build time; mypy resolves modules from folders alone, so this
script lays out the installed shape in a temporary folder of symbolic links (nothing is
copied, nothing in the tree is written) and runs mypy there with pyproject.toml's settings.
Usage: ``python tools/typecheck.py [mypy options]`` (``.ci/run`` runs it with none).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ROOMS = ("solvers", "vision", "overlay", "templates", "safefiles")


def stage(into: Path) -> None:
    """The installed layout of the tree under ``into``, as symbolic links."""
    package = into / "gridsight"
    package.mkdir()
    for entry in (REPO / "gridsight").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    for room in ROOMS:
        (package / room).symlink_to(REPO / room)
    (into / "pyproject.toml").symlink_to(REPO / "pyproject.toml")


def main(arguments: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="gridsight-typecheck-") as folder:
        stage(Path(folder))
        env = dict(os.environ, MYPY_CACHE_DIR=str(REPO / ".mypy_cache"))
        return subprocess.run([sys.executable, "-m", "mypy", *arguments], cwd=folder,
                              env=env).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
