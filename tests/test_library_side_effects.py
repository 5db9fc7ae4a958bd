"""The library changes nothing in the process that calls it.

A fresh interpreter takes a snapshot of everything process-wide a library could change
(OpenCV's threads and optimisations, NumPy's print options and error state, the warnings
filters, logging's handlers and levels, the signal handlers and timers, the environment,
``sys.path``, the working folder, the umask, the locale, the standard streams, the hooks, the
exit hooks, the threads, the resource limits, the open files, numba's configuration and
threads, the random generators, the start method of process pools, the blocked signals, the
CPU affinity and priority, the files left in the temporary folder), imports ``gridsight`` and
``gridsight.api``, reads and analyses screenshots (Disco Zoo's with OCR when installed) and
solves a board of every game through the api, and compares. The third-party modules the calls
load (NumPy, OpenCV, Pillow, numba) are imported before the first snapshot: what they do on
their import is theirs. The ``gridsight`` command may set things for its own process
(tests/test_process.py); the library may not.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

PROBE = r'''
import atexit, faulthandler, gc, json, locale, logging, multiprocessing, os, random, resource
import signal, socket, sys, tempfile, threading, warnings
import numpy as np
import cv2
from PIL import Image
try:
    import numba  # noqa: F401 - loaded by the compiled engines; its own exit hooks are its own
except ImportError:
    numba = None

def numba_state():
    if numba is None:
        return None
    return [numba.get_num_threads(), {k: repr(v) for k, v in vars(numba.config).items()
                                      if k.isupper()}]

def loggers():
    found = {"": (repr(logging.root.handlers), logging.root.level)}
    for name, logger in logging.root.manager.loggerDict.items():
        # a logger made by getLogger alone (a module's own, on its import) configures nothing
        if isinstance(logger, logging.Logger) and (logger.handlers or logger.level
                                                   or not logger.propagate or logger.disabled):
            found[name] = (repr(logger.handlers), logger.level, logger.propagate,
                           logger.disabled)
    return found

def snapshot():
    umask = os.umask(0o22); os.umask(umask)
    return {
        "cv2": [cv2.getNumThreads(), cv2.useOptimized(), cv2.ocl.useOpenCL(),
                cv2.utils.logging.getLogLevel()],
        "numpy": [repr(np.get_printoptions()), np.geterr(), repr(np.geterrcall())],
        "pillow": repr(Image.MAX_IMAGE_PIXELS),
        "warnings": [repr(warnings.filters), repr(warnings.showwarning)],
        "logging": [repr(loggers()), logging.root.manager.disable],
        "signals": {s.name: repr(signal.getsignal(s)) for s in signal.Signals
                    if s not in (signal.SIGKILL, signal.SIGSTOP)},
        "timers": repr([signal.getitimer(t) for t in (signal.ITIMER_REAL,
                                                       signal.ITIMER_PROF)]),
        "environ": dict(os.environ),
        "path": [list(sys.path), repr(sys.meta_path), repr(sys.path_hooks)],
        "cwd": os.getcwd(), "umask": umask,
        "locale": locale.setlocale(locale.LC_ALL, None),
        "streams": [repr((s, s.encoding, s.errors, s.line_buffering))
                    for s in (sys.stdout, sys.stderr)],
        "hooks": [repr(h) for h in (sys.excepthook, threading.excepthook, sys.unraisablehook,
                                    sys.displayhook, sys.getprofile(), sys.gettrace())],
        "atexit": atexit._ncallbacks(),
        "threads": sorted(t.name for t in threading.enumerate()),
        "interpreter": [sys.getrecursionlimit(), sys.getswitchinterval(),
                        sys.get_int_max_str_digits(), gc.get_threshold(), gc.isenabled()],
        "rlimits": {n: resource.getrlimit(getattr(resource, n)) for n in dir(resource)
                    if n.startswith("RLIMIT_")},
        "files": sorted(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else [],
        "numba": numba_state(),
        "random": [repr(random.getstate()), repr(np.random.get_state(legacy=False))],
        "scheduling": [sorted(os.sched_getaffinity(0)), os.getpriority(os.PRIO_PROCESS, 0),
                       sorted(signal.pthread_sigmask(signal.SIG_BLOCK, []))],
        # (tempfile.gettempdir() caches the folder it finds in tempfile.tempdir: no change)
        "runtime": [faulthandler.is_enabled(), socket.getdefaulttimeout(),
                    tempfile.tempdir in (None, os.environ["TMPDIR"]),
                    threading.stack_size(), sys.flags.dont_write_bytecode,
                    # (allow_none: asking does not set it)
                    multiprocessing.get_start_method(allow_none=True),
                    logging.raiseExceptions, repr(logging.getLoggerClass())],
        # TMPDIR is a fresh folder of this probe's own: what a call leaves there is left behind
        "temporary": sorted(os.listdir(os.environ["TMPDIR"])),
    }

guards = []
real_open = Image.open
def watched_open(*args, **kwargs):
    guards.append(Image.MAX_IMAGE_PIXELS)
    return real_open(*args, **kwargs)
Image.open = watched_open

numba_state()  # numba's threads are started by the first look at them: not by gridsight
steps = [("before", snapshot())]
import gridsight
steps.append(("import gridsight", snapshot()))
from gridsight import api
steps.append(("import gridsight.api", snapshot()))
analysis = api.analyze("examples/screenshots/tile-path-room.png", limit=api.Limit(seconds=5))
zoo = api.analyze("examples/screenshots/disco-zoo-jungle.png", limit=api.Limit(seconds=5))
api.read("examples/screenshots/minesweeper-beginner.png", game="minesweeper")
steps.append(("api.analyze and api.read", snapshot()))
for game in api.games():
    api.solve(game.name, game.example, limit=api.Limit(seconds=2))
steps.append(("api.solve of every game", snapshot()))
changes = []
for (_, old), (step, new) in zip(steps, steps[1:]):
    for key in old:
        if old[key] != new[key]:
            changes.append(f"{step} changed {key}: {old[key]!r} -> {new[key]!r}")
print(json.dumps({"changes": changes, "guards": guards, "move": str(analysis.advice.move),
                  "zoo": zoo.reading.game}))
'''


def test_importing_and_calling_the_library_changes_no_process_state(tmp_path):
    env = dict(os.environ, TMPDIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=REPO, capture_output=True,
                          text=True, timeout=300, check=False, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # nothing printed by a library call
    found = json.loads(done.stdout)
    assert found["changes"] == []
    assert found["move"] != "None" and found["zoo"] == "disco-zoo"
    # Pillow's decompression-bomb guard is process-wide: a picture well within it is opened
    # with the guard left as it was, never lifted for every read (another thread of the
    # caller's program would have opened pictures unguarded meanwhile).
    assert found["guards"] and set(found["guards"]) == {found["guards"][0]}
    assert found["guards"][0] is not None


OCR_PROBE = r'''
import json, os, subprocess, sys
import numpy as np
import cv2  # noqa: F401 - OpenCV's loader sets LD_LIBRARY_PATH on its import: its own doing
from gridsight.vision import ocr
before = dict(os.environ)
reader = ocr.engine("ppocr-v6")
text = reader.read(np.full((20, 60, 3), 255, np.uint8)) if reader else None
files = sorted(os.path.relpath(os.path.join(d, f), os.environ["HOME"])
               for d, _, names in os.walk(os.environ["HOME"]) for f in names)
print(json.dumps({"reader": reader is not None, "files": files,
                  "environ": dict(os.environ) == before}))
'''


def test_the_ocr_engine_writes_nothing_in_the_home_and_leaves_the_environment(tmp_path):
    """onnxruntime, imported plainly, writes a device id and a telemetry database under
    ~/.cache/Microsoft (and keeps it open): gridsight imports it with its telemetry off and
    leaves the environment as it found it."""
    pytest.importorskip("onnxruntime")
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("XDG_CACHE_HOME", "ORT_DISABLE_TELEMETRY")}
    env["HOME"] = str(home)
    done = subprocess.run([sys.executable, "-c", OCR_PROBE], cwd=REPO, capture_output=True,
                          text=True, timeout=300, check=False, env=env)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    if not found["reader"]:
        pytest.skip("no OCR model installed (the ocr extra)")
    assert found["files"] == [] and found["environ"]


def test_pictures_of_every_header_reader_are_opened_with_pillows_guard_in_place(tmp_path,
                                                                               monkeypatch):
    """PNG (size from our own header reader) and GIF (size from Pillow's lazy open): Pillow's
    process-wide guard stays set while each is read."""
    from PIL import Image

    from gridsight.vision.images import load_image

    seen: list = []
    real_open = Image.open

    def watched_open(*args, **kwargs):
        seen.append(Image.MAX_IMAGE_PIXELS)
        return real_open(*args, **kwargs)

    monkeypatch.setattr(Image, "open", watched_open)
    guard = Image.MAX_IMAGE_PIXELS
    for name in ("a.png", "a.gif"):
        Image.new("RGB", (30, 20), (10, 200, 30)).save(tmp_path / name)
        assert load_image(str(tmp_path / name)).shape == (20, 30, 3)
    assert seen and set(seen) == {guard} and guard is not None
