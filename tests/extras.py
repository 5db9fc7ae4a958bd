"""Skip a test file whose optional extra (PySide6, Xlib) is not installed, without importing it.

``pytest.importorskip("PySide6")`` at a file's top imports Qt's bindings while pytest collects:
in every xdist worker, whether or not it runs that file (PySide6's import is ~0.7 s of CPU,
shiboken's signature loader most of it, and it wraps ``__import__`` for every import after).
:func:`require` asks only whether the package is there (its spec found, nothing run); the file
imports the extra's modules where its tests use them, so only the worker running them pays.
"""

from __future__ import annotations

import importlib.util

import pytest


def require(*names: str) -> None:
    """Skip the calling test file, as ``pytest.importorskip`` would, when a top-level package
    of ``names`` is not installed."""
    for name in names:
        if importlib.util.find_spec(name) is None:
            pytest.skip(f"could not import {name!r}: not installed", allow_module_level=True)
