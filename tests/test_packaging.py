"""What an install carries besides the code: one version, a licence, typing markers, a
changelog, the metadata a package index shows; and the lint level pyproject.toml sets holds.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import gridsight

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("gridsight", "solvers", "vision", "overlay", "safefiles")


@pytest.fixture(scope="module")
def project() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_version_is_written_once(project):
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "gridsight.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", gridsight.__version__)
    written = [p for p in (REPO / "gridsight").rglob("*.py")
               if re.search(r"__version__\s*=", p.read_text(encoding="utf-8"))]
    assert written == [REPO / "gridsight" / "__init__.py"]


def test_the_licence_and_the_index_metadata(project):
    meta = project["project"]
    assert "MIT License" in (REPO / "LICENSE").read_text(encoding="utf-8")
    # An SPDX expression and the file (setuptools refuses the old TOML table from 2027-02-18;
    # a licence classifier beside the expression is refused already).
    assert meta["license"] == "MIT" and meta["license-files"] == ["LICENSE"]
    assert not any(c.startswith("License ::") for c in meta["classifiers"])
    build = project["build-system"]["requires"]
    assert any(re.fullmatch(r"setuptools>=(\d+)", r) and int(r.split(">=")[1]) >= 77
               for r in build), build
    assert "Typing :: Typed" in meta["classifiers"]
    supported = {c.rsplit(" ", 1)[-1] for c in meta["classifiers"]
                 if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    assert min(supported, key=lambda v: tuple(map(int, v.split(".")))) == \
        meta["requires-python"].removeprefix(">=")
    assert {"Homepage", "Documentation", "Changelog", "Issues"} <= set(meta["urls"])
    assert project["project"]["scripts"]["gridsight"] == "gridsight.__main__:entry"


def test_every_package_is_marked_typed(project):
    for package in PACKAGES:
        assert (REPO / package / "py.typed").exists(), package
    assert "py.typed" in project["tool"]["setuptools"]["package-data"]["*"]


def test_the_changelog_names_the_version():
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {gridsight.__version__}" in changelog and "## Unreleased" in changelog


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff")
                    .exists(), reason="ruff is not installed (the lint extra)")
def test_the_lint_level_holds(project):
    """Zero findings of ruff at pyproject.toml's level on the whole tree (mypy, slower, runs
    in .ci/run)."""
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    done = subprocess.run([ruff, "check", "--no-cache", "."], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert project["tool"]["ruff"]["lint"]["select"]
