"""``python -m gridsight`` and the ``gridsight`` console script: the one entry point.

:func:`entry` is the first of gridsight's code a command runs: it catches Ctrl-C from its first
instruction, while the command line is still being imported (which takes a while on a cold
disk), so an early Ctrl-C ends in one line and exit code 130, never a traceback. (Where a
Ctrl-C struck inside an extension module's own Python code, the interpreter may still end
the process by SIGINT after that line, as a shell expects of an interrupted program.) It runs
:func:`gridsight.cli.console`, the command line for a process of its own: the ``--max-memory``
bound and the logs' exit and ``SIGTERM`` hooks (:mod:`gridsight.process`), which a library
call and :func:`gridsight.cli.main` never take.
"""

import signal
import sys

EXIT_INTERRUPTED = 130
_INTERRUPTED: list[int] = []  # the Ctrl-Cs this process received (see _note_interrupt)


def _note_interrupt(signum: int, frame: object) -> None:
    """Python's own Ctrl-C handler, remembering that it struck: a Ctrl-C inside NumPy's C
    import of ``datetime`` comes out as an ``ImportError`` that names no ``KeyboardInterrupt``
    ("PyCapsule_Import could not import module datetime": CI, 2026-12-02)."""
    _INTERRUPTED.append(signum)
    raise KeyboardInterrupt


def entry() -> int:
    """Run the command line for this process (:func:`gridsight.cli.console`) on ``sys.argv``;
    Ctrl-C is clean from here on. Returns the exit code."""
    _INTERRUPTED.clear()
    previous = signal.getsignal(signal.SIGINT)
    if previous is signal.default_int_handler:
        signal.signal(signal.SIGINT, _note_interrupt)  # (left alone when ignored)
    try:
        from gridsight.cli import console

        return console()
    except (KeyboardInterrupt, ImportError) as error:
        if isinstance(error, ImportError) and not (_INTERRUPTED or _caused_by_interrupt(error)):
            raise
        try:
            print("gridsight: interrupted", file=sys.stderr, flush=True)
        except (KeyboardInterrupt, OSError):
            pass
        return EXIT_INTERRUPTED
    finally:
        if previous is signal.default_int_handler:
            signal.signal(signal.SIGINT, previous)


def _caused_by_interrupt(error: BaseException) -> bool:
    """A ``KeyboardInterrupt`` among ``error``'s causes (NumPy turns a Ctrl-C that strikes
    while it loads its C parts into ``ImportError``). Kept here, not imported: the command
    line may be the very import that was interrupted."""
    cause: BaseException | None = error
    for _ in range(50):
        if cause is None:
            return False
        if isinstance(cause, KeyboardInterrupt):
            return True
        cause = cause.__cause__ or cause.__context__
    return False


if __name__ == "__main__":
    raise SystemExit(entry())
