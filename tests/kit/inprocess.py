"""``gridsight ARGS`` run in this process, answered like ``subprocess.run`` would answer it.

A test that checks what a command prints and its exit code needs no process of its own: each
one started paid Python's start and NumPy/OpenCV's imports again (0.3-1.5 s of CPU; some 260
of them per suite run before the 37th session). :func:`gridsight` calls the library's own
entry point, :func:`gridsight.cli.main`, with standard input, output and error of its own
(each a text stream over bytes, ``.buffer`` included, as a process has them) and returns a
:class:`subprocess.CompletedProcess`: a test's ``_gridsight(...)`` helper switches to it and
its assertions stay as they were.

What a process is needed for stays a process (start-up, signals, resource limits, what a
fresh interpreter imports, the console script :func:`gridsight.__main__.entry` itself, which
alone takes the ``--max-memory`` bound and the exit hooks).

The library promises that a call changes nothing process-wide: :func:`gridsight` checks it on
every call (the environment, the working folder, the signal handlers, the resource limits,
the standard streams) and fails the test that meets a change, which is then the product's to
fix.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
from collections.abc import Mapping
from typing import BinaryIO


def signal_handlers() -> dict[int, object]:
    """Every signal's handler in this process, by number (shared with tests/test_process)."""
    handlers = {}
    for number in signal.valid_signals():
        try:
            handlers[int(number)] = signal.getsignal(number)
        except (ValueError, OSError):  # pragma: no cover - a signal Python cannot ask about
            continue
    return handlers


def resource_limits() -> dict[str, tuple[int, int]]:
    """Every resource limit of this process, by its ``RLIMIT_`` name (none on Windows)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return {}
    return {name: resource.getrlimit(getattr(resource, name))
            for name in dir(resource) if name.startswith("RLIMIT_")}


def _state() -> tuple:
    return (dict(os.environ), os.getcwd(), signal_handlers(), resource_limits(),
            (sys.stdin, sys.stdout, sys.stderr))


#: Libraries whose first import in a process writes to ``os.environ`` (OpenCV's loader prepends
#: its folder to ``LD_LIBRARY_PATH`` for child processes; PySide6 sets
#: ``PYSIDE6_OPTION_PYTHON_ENUM``). That is theirs, once per process, not a call's: a test run on
#: its own met it as "changed the process's environment" where the whole suite had imported them
#: earlier. They are imported before the first call's snapshot.
IMPORTS_THAT_WRITE_THE_ENVIRONMENT = ("cv2", "PySide6")


def _import_first(names: tuple[str, ...] = IMPORTS_THAT_WRITE_THE_ENVIRONMENT) -> None:
    """Import each of ``names`` that is installed, so its first import is not inside a call."""
    import importlib
    import importlib.util

    for name in names:
        if name not in sys.modules and importlib.util.find_spec(name) is not None:
            importlib.import_module(name)


def _stream(data: bytes | BinaryIO = b"", errors: str = "strict") -> io.TextIOWrapper:
    """A standard stream as Python makes it in a UTF-8 locale (standard error's errors
    ``backslashreplace``), over bytes or a binary file."""
    raw = io.BytesIO(data) if isinstance(data, bytes) else data
    return io.TextIOWrapper(raw, encoding="utf-8", errors=errors,  # type: ignore[arg-type]
                            write_through=True)


def gridsight(*args: str, input: bytes | str | None = None, stdin: BinaryIO | None = None,
              text: bool = False, env: Mapping[str, str] | None = None,
              cwd: str | os.PathLike | None = None,
              **_process_only: object) -> subprocess.CompletedProcess:
    """Run ``gridsight ARGS`` in-process; ``input``, ``stdin`` (a file opened for reading in
    binary), ``text``, ``env`` (the whole environment of the call, as ``subprocess.run`` takes
    it) and ``cwd`` as ``subprocess.run`` takes them.
    Arguments that only a process has (``timeout``, ``capture_output``) are accepted and
    ignored. Returns the exit code (``main``'s return or its ``SystemExit``), and what the
    command wrote to standard output and error (``str`` with ``text=True``, else ``bytes``)."""
    from gridsight.cli import main

    data = input.encode() if isinstance(input, str) else (input or b"")
    _import_first()
    before = _state()
    out, err = _stream(), _stream(errors="backslashreplace")
    streams = sys.stdin, sys.stdout, sys.stderr
    given = _stream(data if stdin is None else stdin)
    sys.stdin, sys.stdout, sys.stderr = given, out, err
    if env is not None:
        os.environ.clear()
        os.environ.update(env)
    if cwd is not None:
        os.chdir(cwd)
    try:
        try:
            code = main(list(args))
        except SystemExit as exit_:  # argparse's errors and --help
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None
                                                                   else 1)
        left = dict(os.environ), os.getcwd()
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams
        if stdin is not None:
            given.detach()  # (the caller's file stays open: it is the caller's to close)
        os.chdir(before[1])
        os.environ.clear()
        os.environ.update(before[0])
    out.flush()
    err.flush()
    stdout, stderr = out.buffer.getvalue(), err.buffer.getvalue()  # type: ignore[attr-defined]
    after = _state()
    called = (dict(env) if env is not None else before[0],
              os.path.realpath(cwd) if cwd is not None else before[1])
    names = ("environment", "working folder", "signal handlers", "resource limits", "streams")
    for name, was, now in zip(names, (*called, *before[2:]), (*left, *after[2:])):
        assert was == now, f"gridsight {' '.join(args)} changed the process's {name}"
    if text:
        return subprocess.CompletedProcess(["gridsight", *args], code,
                                           stdout.decode("utf-8", "surrogateescape"),
                                           stderr.decode("utf-8", "surrogateescape"))
    return subprocess.CompletedProcess(["gridsight", *args], code, stdout, stderr)
