"""pytest plugin: per test file, wall seconds, CPU of the test process, CPU of the processes
it started, and what the wall went to besides CPU (sleeps, waits on processes).

Not part of the suite; a measuring tool (the 39th session's suite-speed work, extending the
28th session's /work/team/suite28/cpuclock.py, which counted the test process's CPU only)::

    PYTHONPATH=.:tools FILECLOCK_OUT=/tmp/X.clock python -m pytest -p fileclock -n 0 tests/...

writes ``/tmp/X.clock.<worker>`` (``main`` without xdist), one line per file, sorted by wall:

    wall  cpu  child  sleep  pwait  procs  file

- ``wall``: elapsed seconds of the file's tests, fixtures included (a module fixture is set up
  in its first test's protocol and torn down in its last);
- ``cpu``: this process's CPU (``time.process_time``: user + system, all threads);
- ``child``: CPU of the child processes waited for meanwhile (``RUSAGE_CHILDREN`` user +
  system: a process that is never waited for, or a pool's process reaped later, lands where
  it is reaped);
- ``sleep``: seconds spent in ``time.sleep`` (any thread);
- ``pwait``: seconds spent in ``subprocess.Popen.wait``/``communicate`` (a ``run`` included);
- ``procs``: ``subprocess.Popen`` objects created.

The table is written again after each file (a run stopped part way, as on a machine too
loaded for the whole suite, 44th session, leaves the files it finished).

Beside it, :mod:`screenlog` (``-p screenlog``, ``SCREENLOG_OUT``) logs every Disco Zoo
screen drawn, located and read, to find the same screen worked on in several files.

On a loaded machine ``wall`` is inflated by the load for everything that runs; ``sleep`` is
not, so a file whose ``sleep`` (or ``wall`` minus ``cpu`` minus ``pwait``) is large waits on
the clock, and one whose ``child`` is large pays for processes.
"""

from __future__ import annotations

import os
import resource
import subprocess
import threading
import time
from collections import defaultdict

import pytest

_FIELDS = ("wall", "cpu", "child", "sleep", "pwait", "procs")
_spent: dict = defaultdict(lambda: dict.fromkeys(_FIELDS, 0.0))
_lock = threading.Lock()
_counters = {"sleep": 0.0, "pwait": 0.0, "procs": 0.0}


def _add(field: str, value: float) -> None:
    with _lock:
        _counters[field] += value


def _patch() -> None:
    real_sleep = time.sleep

    def sleep(secs):
        start = time.perf_counter()
        try:
            return real_sleep(secs)
        finally:
            _add("sleep", time.perf_counter() - start)

    time.sleep = sleep

    real_init = subprocess.Popen.__init__
    real_wait = subprocess.Popen.wait
    real_communicate = subprocess.Popen.communicate

    def init(self, *args, **kwargs):
        _add("procs", 1)
        return real_init(self, *args, **kwargs)

    def timed(real):
        def call(self, *args, **kwargs):
            if getattr(_inside, "on", False):
                return real(self, *args, **kwargs)
            _inside.on = True
            start = time.perf_counter()
            try:
                return real(self, *args, **kwargs)
            finally:
                _inside.on = False
                _add("pwait", time.perf_counter() - start)

        return call

    subprocess.Popen.__init__ = init
    subprocess.Popen.wait = timed(real_wait)
    subprocess.Popen.communicate = timed(real_communicate)


_inside = threading.local()


def _children() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def pytest_configure(config):
    if os.environ.get("FILECLOCK_OUT"):
        _patch()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    with _lock:
        before = dict(_counters)
    wall, cpu, child = time.perf_counter(), time.process_time(), _children()
    yield
    row = _spent[item.nodeid.split("::")[0]]
    row["wall"] += time.perf_counter() - wall
    row["cpu"] += time.process_time() - cpu
    row["child"] += _children() - child
    with _lock:
        for field in _counters:
            row[field] += _counters[field] - before[field]
    if nextitem is None or nextitem.nodeid.split("::")[0] != item.nodeid.split("::")[0]:
        _write()  # after each file: a run stopped part way leaves the files it finished


def pytest_unconfigure(config):
    _write()


def _write() -> None:
    out = os.environ.get("FILECLOCK_OUT")
    if not out:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(f"{out}.{worker}", "w") as fh:
        fh.write("# " + " ".join(f"{f:>7}" for f in _FIELDS) + " file\n")
        for name, row in sorted(_spent.items(), key=lambda kv: -kv[1]["wall"]):
            fh.write("  " + " ".join(f"{row[f]:7.2f}" for f in _FIELDS) + f" {name}\n")
