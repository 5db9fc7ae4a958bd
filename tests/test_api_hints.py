"""Every public callable of :mod:`gridsight.api` has type hints ``typing.get_type_hints``
resolves, to the real types (numpy's array, the readers' and geometry's classes), while
``import gridsight.api`` itself imports neither numpy, OpenCV nor the readers (they load when
a hint naming them is resolved, or a picture read)."""

from __future__ import annotations

import inspect
import subprocess
import sys
import typing
from pathlib import Path

from gridsight import api

REPO = Path(__file__).resolve().parent.parent


def _public_callables() -> list[tuple[str, typing.Any]]:
    """The module's public functions and classes, and their public methods and properties."""
    found = []
    for name, value in sorted(vars(api).items()):
        if name.startswith("_") or getattr(value, "__module__", None) != "gridsight.api":
            continue
        if inspect.isfunction(value):
            found.append((name, value))
        elif inspect.isclass(value):
            found.append((name, value))
            for member_name, member in vars(value).items():
                function = member.fget if isinstance(member, property) else getattr(
                    member, "__func__", member)
                if not member_name.startswith("_") and inspect.isfunction(function):
                    found.append((f"{name}.{member_name}", function))
    return found


def test_every_public_callables_hints_resolve_to_the_real_types():
    import numpy as np

    from gridsight.readers.base import BoardReading
    from gridsight.vision.geometry import BoardGeometry

    found = _public_callables()
    names = {name for name, _ in found}
    assert {"read", "analyze", "solve", "games", "prepare", "options_of", "Reading",
            "Reading.of", "Analysis.paint", "Advice.of"} <= names, names
    failed = []
    for name, value in found:
        try:
            typing.get_type_hints(value)
        except Exception as error:  # noqa: BLE001 - every failure named
            failed.append(f"{name}: {type(error).__name__}: {error}")
    assert failed == []
    assert np.ndarray in typing.get_args(typing.get_type_hints(api.read)["image"])
    assert typing.get_type_hints(api.Analysis.paint)["return"] is np.ndarray
    assert typing.get_type_hints(api.Reading)["geometry"] is BoardGeometry
    assert typing.get_type_hints(api.Reading.of)["reading"] is BoardReading


_IMPORT = """
import sys
from gridsight import api
print(sorted(m for m in ("numpy", "cv2", "gridsight.readers.base", "gridsight.vision.geometry",
                         "gridsight.screenshots") if m in sys.modules))
"""


def test_importing_the_api_loads_no_numpy_opencv_or_readers():
    done = subprocess.run([sys.executable, "-c", _IMPORT], capture_output=True, text=True,
                          cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[]"]
