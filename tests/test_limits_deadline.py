"""The time limit's alarm never breaks into an import or numba building a kernel.

An exception raised inside numba's compiler (from llvmlite's callbacks) is lost and leaves a
half-built library that fails later with a traceback; an interrupted import leaves a
half-initialised module. :func:`gridsight.limits.deadline` therefore waits until such work is
done and strikes right after it. The work here is made to look like numba's by the file name
its code is compiled under (the check looks at the interrupted frames' files).
"""

from __future__ import annotations

import signal
import time

import pytest

from gridsight.limits import TimeLimitReached, deadline, inside_uninterruptible

pytestmark = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX timers")

SPIN = """
def spin(seconds, clock):
    end = clock() + seconds
    n = 0
    while clock() < end:
        n += 1
    return n
"""


def spinner(filename: str):
    namespace: dict = {}
    exec(compile(SPIN, filename, "exec"), namespace)  # noqa: S102 - our own fixed source
    return namespace["spin"]


def test_plain_work_is_stopped_at_the_limit() -> None:
    spin = spinner("/somewhere/solvers/kernel.py")
    started = time.monotonic()
    with pytest.raises(TimeLimitReached):
        with deadline(0.05):
            spin(2.0, time.monotonic)
    assert time.monotonic() - started < 1.0


def test_numba_at_work_finishes_and_the_limit_strikes_right_after() -> None:
    in_numba = spinner("/venv/site-packages/numba/core/compiler.py")
    after = spinner("/somewhere/solvers/kernel.py")
    finished = []
    started = time.monotonic()
    with pytest.raises(TimeLimitReached):
        with deadline(0.05):
            in_numba(0.3, time.monotonic)  # past the limit, yet not interrupted
            finished.append(time.monotonic() - started)
            after(2.0, time.monotonic)  # interrupted within a few retries
    assert finished and finished[0] >= 0.3
    assert time.monotonic() - started < 1.0


def test_frames_are_recognised_by_their_package() -> None:
    caught = []

    def handler(signum, frame):  # noqa: ARG001
        caught.append(inside_uninterruptible(frame))

    previous = signal.signal(signal.SIGALRM, handler)
    try:
        for filename in ("/x/llvmlite/binding/executionengine.py", "/x/solvers/numbers.py"):
            signal.setitimer(signal.ITIMER_REAL, 0.01)
            spinner(filename)(0.1, time.monotonic)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert caught == [True, False]


def test_a_module_calling_compiled_kernels_is_waited_for() -> None:
    """A module that declares ``__uninterruptible__`` (the solvers' kernel modules) is not
    broken into: numba's dispatcher would lose the exception and fail with a SystemError."""
    namespace: dict = {"__uninterruptible__": True}
    exec(compile(SPIN, "/somewhere/solvers/game/kernel.py", "exec"), namespace)  # noqa: S102
    in_kernel_call = namespace["spin"]
    after = spinner("/somewhere/solvers/game/search.py")
    finished = []
    started = time.monotonic()
    with pytest.raises(TimeLimitReached):
        with deadline(0.05):
            in_kernel_call(0.3, time.monotonic)
            finished.append(time.monotonic() - started)
            after(2.0, time.monotonic)
    assert finished and finished[0] >= 0.3
    assert time.monotonic() - started < 1.0


def test_every_solver_module_that_calls_compiled_functions_declares_itself() -> None:
    """Each module that defines numba-compiled functions, or calls one of a kernel module's
    compiled functions directly, carries the marker (else a time limit could strike inside
    the dispatcher)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "solvers"
    texts = {p: p.read_text() for p in root.rglob("*.py")}
    compiled = {}  # kernel module name -> its compiled functions
    for path, text in texts.items():
        names = re.findall(r"@njit[^\n]*\n(?:@[^\n]*\n)*def (\w+)", text)
        if names:
            compiled[(path.parent.name, path.stem)] = set(names)
    assert compiled, "no compiled function found: the scan is broken"
    calling = []
    for path, text in texts.items():
        if (path.parent.name, path.stem) in compiled:
            calling.append(path)
            continue
        for (package, module), names in compiled.items():
            if re.search(rf"from solvers\.{package} import {module}\b", text) and any(
                    re.search(rf"\b{module}\.{name}\(", text) for name in names):
                calling.append(path)
    missing = [str(p.relative_to(root)) for p in calling
               if "__uninterruptible__ = True" not in texts[p]]
    assert not missing, f"modules calling compiled kernels without the marker: {missing}"
