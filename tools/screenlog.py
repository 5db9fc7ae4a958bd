"""pytest plugin: every Disco Zoo screen the tests draw (``test_disco_zoo_screens.real_screen``),
locate (``screen.locate_rescue``) and read (``screen_text.read_screen``), with its test file,
its key and its CPU; to find the same screen drawn or located by several files.

Not part of the suite; a measuring tool (44th session), beside :mod:`fileclock`::

    PYTHONPATH=.:tools SCREENLOG_OUT=/tmp/X python -m pytest -p screenlog -n 2 tests/...
    python tools/screenlog.py /tmp/X

writes ``/tmp/X.<worker>`` (``main`` without xdist), one JSON list a call: ``[kind, file, key,
picture, cpu]``; ``key`` a draw's seed and options, ``picture`` the SHA-1 of the pixels drawn
or located and their shape (a read's: the located screen's ``id``). The log is written again
at each new file, so a run stopped part way leaves what it did. The second command sums it:
each kind's calls and CPU, and the repeats (the same key drawn, the same pixels located again,
in any file on any worker) with their CPU.

The functions are wrapped when the plugin is configured, before the test modules import them
(``from ... import locate_rescue`` binds the wrapper); a module already holding the original
is patched too.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

_current = {"file": "?"}
_rows: list = []


def _digest(image) -> str:
    import numpy as np

    pixels = np.ascontiguousarray(image)
    return hashlib.sha1(pixels.tobytes()).hexdigest()[:12] + str(pixels.shape)


def _wrap(module, name: str, make) -> None:
    real = getattr(module, name)
    wrapper = make(real)
    for loaded in list(sys.modules.values()):
        if getattr(loaded, name, None) is real:
            setattr(loaded, name, wrapper)


def pytest_configure(config):
    if not os.environ.get("SCREENLOG_OUT"):
        return
    tests = str(Path(config.rootpath) / "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    import test_disco_zoo_screens as screens

    from gridsight.games.disco_zoo import screen, screen_text

    def drawing(real):
        def real_screen(k, base=screens.SEED, scales=(0.5, 3.0), **look):
            start = time.process_time()
            out = real(k, base, scales, **look)
            _rows.append(("draw", _current["file"], f"{base + k} {tuple(scales)} "
                          f"{sorted(look.items())}", _digest(out[2]),
                          time.process_time() - start))
            return out
        return real_screen

    def locating(real):
        def locate_rescue(image, *args, **kwargs):
            start = time.process_time()
            try:
                return real(image, *args, **kwargs)
            finally:
                _rows.append(("locate", _current["file"], f"{args} {kwargs}", _digest(image),
                              time.process_time() - start))
        return locate_rescue

    def reading(real):
        def read_screen(found, board, hints=None, *args, **kwargs):
            start = time.process_time()
            try:
                return real(found, board, hints, *args, **kwargs)
            finally:
                _rows.append(("read", _current["file"], str(getattr(hints, "animals", None)),
                              str(id(found)), time.process_time() - start))
        return read_screen

    _wrap(screens, "real_screen", drawing)
    _wrap(screen, "locate_rescue", locating)
    _wrap(screen_text, "read_screen", reading)


def pytest_runtest_setup(item):
    name = item.nodeid.split("::")[0]
    if name != _current["file"] and _current["file"] != "?":
        _write()
    _current["file"] = name


def pytest_unconfigure(config):
    _write()


def _write() -> None:
    out = os.environ.get("SCREENLOG_OUT")
    if not out:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    from gridsight.safefiles import write_file

    write_file(f"{out}.{worker}", "".join(json.dumps(row) + "\n" for row in _rows), fsync=False)


def summary(prefix: str, shown: int = 20) -> str:
    """Each kind's calls and CPU in the logs ``prefix.*``, and its repeats, costliest first."""
    rows = []
    for path in sorted(Path(prefix).parent.glob(Path(prefix).name + ".*")):
        worker = path.name.rsplit(".", 1)[1]
        for line in path.read_text().splitlines():
            kind, file, key, picture, cpu = json.loads(line)
            rows.append((kind, worker, file.replace("tests/", ""), key, picture, cpu))
    out = []
    for kind in ("draw", "locate", "read"):
        mine = [r for r in rows if r[0] == kind]
        seen: dict = defaultdict(list)
        for row in mine:
            seen[row[3] if kind == "draw" else row[4]].append(row)
        repeats = sorted(((sum(r[5] for r in same[1:]), key, same)
                          for key, same in seen.items() if len(same) > 1 and kind != "read"),
                         key=lambda t: -t[0])
        out.append(f"{kind}: {len(mine)} calls, {sum(r[5] for r in mine):.1f} s of CPU; "
                   f"{sum(len(s) - 1 for _, _, s in repeats)} repeats, "
                   f"{sum(c for c, _, _ in repeats):.1f} s")
        for cpu, key, same in repeats[:shown]:
            out.append(f"  {cpu:6.2f} {key[:60]} " + ", ".join(
                f"{r[1]} {r[2]} {r[5]:.2f}" for r in same))
    return "\n".join(out)


if __name__ == "__main__":
    print(summary(sys.argv[1]))
