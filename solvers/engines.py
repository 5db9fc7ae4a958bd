"""One engine pattern for every search that has a compiled kernel: the word, the rule, the
thresholds.

Four searches have two twins with identical answers, a pure-Python one (always there) and a
numba kernel (the ``fast`` extra, ``pip install gridsight[fast]``): the tile-path frontier
sweep, the pentomino first-empty-cell search, Thrill Digger's exact optimum and its lookahead
rollouts, and the Disco Zoo expectimax. The choice between the twins is called the **engine**
everywhere (a function's ``engine=`` argument, the ``--engine`` option) and takes one of
:data:`ENGINES`:

- ``python``: the pure-Python twin only;
- ``numba``: the kernel only (:class:`EngineUnavailable` when numba is not installed);
- ``auto`` (the default), one rule for all: **the Python twin runs first, and a search that
  passes its threshold of states** (:data:`SWITCH_STATES`, named here for every search) **goes
  on in the kernel** when numba is installed; a kernel already loaded in this process is used
  from the start (loading numba costs a process about half a second, far more than a small
  search takes, and nothing once it is loaded). A threshold of 0 means the kernel from the
  start: the Python twin of Thrill Digger's rollouts is a different, slower method (numpy)
  that only stands in when numba is missing.

Whether numba is installed is asked with :func:`importlib.util.find_spec`, never by importing
it (:func:`numba_installed`), so a run that never needs the kernel never pays for it. The
tests hold both twins of each search equal (tests/test_engines.py and each game's engine
tests).

>>> check_engine("auto"), "tile-path" in SWITCH_STATES
('auto', True)
>>> check_engine("bitboard")
Traceback (most recent call last):
...
ValueError: unknown engine 'bitboard' (engines: auto, numba, python)
"""

from __future__ import annotations

import sys
from functools import cache
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any, Callable

from gridsight.solvers import headroom

if TYPE_CHECKING:  # pragma: no cover
    from gridsight.solvers.limit import Meter

#: The engines every search takes (see the module docstring).
ENGINES = ("auto", "numba", "python")

#: For each search with two twins, the states (nodes) the Python twin may visit under
#: ``auto`` before the search goes on in the kernel; 0: the kernel from the start when numba
#: is installed. The one place these thresholds are written.
SWITCH_STATES: dict[str, int] = {
    # a layer of frontier states: about 0.1 s of Python
    "tile-path": 30_000,
    # placements tried by the first-empty-cell search: a few milliseconds of Python
    "pentomino": 20_480,
    # states of Thrill Digger's exact optimum (a fresh beginner search is about 3 million)
    "thrill-digger-optimal": 2_000,
    # Thrill Digger's lookahead rollouts: the Python twin is numpy, a different and slower
    # method, used only without numba
    "thrill-digger-lookahead": 0,
    # the Disco Zoo expectimax's states: about 0.1 s of Python (the opening book answers the
    # longest searches, from the empty board, before either twin runs)
    "disco-zoo": 4_000,
}


#: Seconds (of work and of waiting) a search must have left under its limit for ``auto`` to
#: load a kernel not yet loaded at its start: numba's import and a kernel read from its cache
#: take about half a second of CPU (:func:`affords_loading`).
KERNEL_LOAD_SECONDS = 1.0

#: The states a search must have left under a bound of states for ``auto`` to load a kernel
#: not yet loaded: a search bounded to fewer is a small one by its caller's word, done in
#: the Python twin sooner than numba loads (``Limit(states=50)`` loaded numba for Thrill
#: Digger's expert lookahead: 0.5 s of CPU, 4.1 s with numba's cache empty, for 0.04 s of
#: search) (:func:`affords_loading`).
KERNEL_LOAD_STATES = 100_000

#: The room a process bounded by ``--max-memory`` (its data-segment limit, short of the share
#: where a search stops itself) must have left for ``auto`` to load a kernel not yet loaded:
#: numpy's import took 86 MB of data (OpenBLAS's buffers, 2 cores) and tile path's kernel 22
#: MB more; past the limit, loading failed hard (OpenBLAS gave the process up at 20 and 40 MB:
#: "Memory allocation still failed after 10 retries, giving up", exit 1)
#: (:func:`affords_loading`).
KERNEL_LOAD_BYTES = 128 << 20


#: What ``engine="numba"`` without numba says.
NEEDS_NUMBA = "the numba engine needs numba (the 'fast' extra: pip install 'gridsight[fast]')"


class EngineUnavailable(ValueError):
    """``engine="numba"`` asked where numba is not installed (or the board is beyond the
    kernel's reach); the message says which."""


def check_engine(engine: str) -> str:
    """``engine`` itself if it is one of :data:`ENGINES`; ``ValueError`` naming them if not."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r} (engines: {', '.join(ENGINES)})")
    return engine


def numba_installed() -> bool:
    """Is numba importable here? Asked without importing it (half a second of a process's
    start), and looked for once per process; a test that blocks its import
    (``sys.modules["numba"] = None``) is obeyed."""
    if "numba" in sys.modules:
        return sys.modules["numba"] is not None
    return _numba_found()


@cache
def _numba_found() -> bool:
    try:
        return find_spec("numba") is not None
    except (ImportError, ValueError):
        return False


def kernel_loaded(module: str) -> bool:
    """Has this process imported the kernel ``module`` (so using it costs nothing more)? Not
    while another process compiles it (:func:`compiling_elsewhere`): importing the module is
    not compiling it, and the check that asks numba's cache imports it."""
    return sys.modules.get(module) is not None and not compiling_elsewhere(module)


def starts_in_kernel(engine: str, search: str, kernel: str, meter: Meter | None = None,
                     load: Callable[[], Any] | None = None) -> bool:
    """Whether a search named ``search`` (a key of :data:`SWITCH_STATES`) whose kernel is the
    module ``kernel`` starts in the kernel under ``engine``: ``numba``; or ``auto`` with numba
    installed and either the kernel already loaded or a threshold of 0 and a ``meter`` (the
    search's limit being spent) that can afford loading it (:func:`affords_loading`), unless
    another process compiles it (:func:`compiling_elsewhere`; ``load`` gives its compiled
    function, imported only then). Raises :class:`EngineUnavailable` for ``numba`` without
    numba."""
    check_engine(engine)
    if engine == "python":
        return False
    if engine == "numba":
        if not numba_installed():
            raise EngineUnavailable(NEEDS_NUMBA)
        return True
    if not numba_installed():
        return False
    return kernel_loaded(kernel) or (SWITCH_STATES[search] == 0 and affords_loading(meter)
                                     and not compiling_elsewhere(kernel, load))


def affords_loading(meter: Meter | None) -> bool:
    """Whether a search under ``meter`` (``None``: no limit) can afford loading a kernel:
    :data:`KERNEL_LOAD_SECONDS` of work and of waiting left and :data:`KERNEL_LOAD_STATES`
    states left. Loading one is not a step the search can stop in: under ``Limit(seconds=0.05)`` the
    first Thrill Digger solve of a process took 0.52 s of CPU (numba imported, the kernel read
    from numba's cache) and 3.8 s with no cache yet (compiled; 44 s of waiting on a busy
    machine). A search that cannot afford it stays in the Python twin (the same answers, at
    its own speed).

    A bound of ``memory`` does not keep a kernel out, though numba adds about 65 MB to the
    process: it bounds the search's tables, and Disco Zoo's Python twin keeps its memo by no
    bound but time and states (a search of 20 s would hold hundreds of megabytes), while its
    kernel's table is held to the bound. The process's own bound (``--max-memory``,
    :mod:`~gridsight.solvers.headroom`) does: a kernel is loaded only with
    :data:`KERNEL_LOAD_BYTES` of room left under it.

    >>> from gridsight.solvers.limit import Limit
    >>> [affords_loading(Limit(**bound).start()) for bound in ({"seconds": None},
    ...  {"seconds": 0.5}, {"seconds": None, "states": 50}, {"seconds": None, "memory": 20_000})]
    [True, False, False, True]
    """
    if meter is None:
        return True
    cpu = meter.cpu_left()
    wall = meter.wall_left()
    states = meter.states_left()
    room = headroom.room()
    return (all(left is None or left >= KERNEL_LOAD_SECONDS for left in (cpu, wall))
            and (states is None or states >= KERNEL_LOAD_STATES)
            and (room is None or room >= KERNEL_LOAD_BYTES))


#: Kernels (``module:function``, the function a search calls) that another process is
#: compiling into numba's cache (``gridsight.warm``, started beside live when the game is known):
#: under ``auto`` a search does not compile one itself while the cache does not hold it yet
#: (17 s of CPU for Disco Zoo's, twice over on two cores), it goes on in the Python twin
#: (:func:`compiling_elsewhere`). Set in the live worker's process only
#: (:func:`compiled_elsewhere`).
_ELSEWHERE: set[str] = set()


def compiled_elsewhere(entry: str, compiling: bool = True) -> None:
    """Say that another process compiles the kernel ``entry`` (``module:function``) into
    numba's cache: this process's ``auto`` searches wait for it (:func:`compiling_elsewhere`).
    ``compiling=False``: it no longer does (the warm-up ended, done or not: a kernel its
    cache still lacks is compiled here when a search needs it, as without a warm-up)."""
    if compiling:
        _ELSEWHERE.add(entry)
    else:
        _ELSEWHERE.discard(entry)


def compiling_elsewhere(module: str, load: Callable[[], Any] | None = None) -> bool:
    """Is kernel ``module`` being compiled by another process (:func:`compiled_elsewhere`)
    and not yet in numba's cache (:func:`kernel_cached` of the function ``load`` gives,
    called only then: it imports the kernel)? Then ``auto`` keeps to the Python twin; once
    the cache holds it, loading it costs about half a second (and it is not asked again).
    Without ``load``, only a module already imported is asked (its entries' functions); one
    not imported counts as still being compiled (asking would import it)."""
    entries = [entry for entry in _ELSEWHERE if entry.partition(":")[0] == module]
    if not entries:
        return False
    if load is not None:
        functions = [load()]
    elif sys.modules.get(module) is not None:
        functions = [getattr(sys.modules[module], entry.partition(":")[2]) for entry in entries]
    else:
        return True
    if all(kernel_cached(function) for function in functions):
        _ELSEWHERE.difference_update(entries)
        return False
    return True


def kernel_cached(function: Any) -> bool:
    """Does numba's cache hold the compiled ``function`` (an ``@njit(cache=True)``
    dispatcher)? Asked of numba's own cache object, as numba reads it: its index (beside the
    source, or in the user's cache folder for a read-only install) loads, is fresh (numba's
    stamp of the source file matches) and names data files that are all there. numba writes
    each file whole (a temporary file, then a rename) but the index before its data, so a
    process killed between the two leaves an index naming a missing file: numba then compiles
    again, and this says no (an index alone said yes, and the warm-up said ``warm`` while
    the solver's process compiled the kernel a second time)."""
    import os

    cache_file = getattr(getattr(function, "_cache", None), "_cache_file", None)
    if cache_file is None:
        return False
    try:
        overloads = cache_file._load_index()
        return bool(overloads) and all(
            os.path.exists(cache_file._data_path(name)) for name in overloads.values())
    except Exception:  # noqa: BLE001 - an index numba could not read: numba compiles again
        return False


def switch_after(engine: str, search: str) -> int | None:
    """States the Python twin may visit before the search goes on in the kernel: the
    threshold under ``auto`` with numba installed, ``None`` (never switch) otherwise."""
    check_engine(engine)
    if engine != "auto" or not numba_installed():
        return None
    return SWITCH_STATES[search]


__all__ = ["ENGINES", "KERNEL_LOAD_BYTES", "KERNEL_LOAD_SECONDS", "KERNEL_LOAD_STATES",
           "NEEDS_NUMBA", "SWITCH_STATES", "EngineUnavailable", "affords_loading", "check_engine",
           "compiled_elsewhere", "compiling_elsewhere", "kernel_cached", "kernel_loaded", "numba_installed",
           "starts_in_kernel", "switch_after"]
