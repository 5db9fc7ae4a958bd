"""An install holds the ``gridsight`` package alone: setup.py's packages, captured without
building (a wheel of a fresh clone was checked by hand: 348 entries, ``gridsight/`` and its
dist-info only). No ``tests``, ``kit``, ``bench`` or ``tools`` package, and
every room of the design inside the namespace."""

from __future__ import annotations

import runpy
from pathlib import Path

import setuptools

REPO = Path(__file__).resolve().parent.parent


def test_setup_installs_the_gridsight_namespace_alone(monkeypatch):
    captured: dict = {}
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: captured.update(kwargs))
    runpy.run_path(str(REPO / "setup.py"), run_name="__main__")
    packages = captured["packages"]
    assert {name.split(".")[0] for name in packages} == {"gridsight"}
    assert not any(part in ("tests", "kit", "bench", "tools", "examples")
                   for name in packages for part in name.split("."))
    for room in ("solvers", "vision", "overlay", "templates", "safefiles"):
        assert f"gridsight.{room}" in packages
        assert captured["package_dir"][f"gridsight.{room}"] == room
    assert "gridsight.games.disco_zoo" in packages and "gridsight.solvers.tile_path" in packages
