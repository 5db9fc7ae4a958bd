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

import sys

EXIT_INTERRUPTED = 130


def entry() -> int:
    """Run the command line for this process (:func:`gridsight.cli.console`) on ``sys.argv``;
    Ctrl-C is clean from here on. Returns the exit code."""
    try:
        from gridsight.cli import console

        return console()
    except (KeyboardInterrupt, ImportError) as error:
        if isinstance(error, ImportError) and not _caused_by_interrupt(error):
            raise
        try:
            print("gridsight: interrupted", file=sys.stderr, flush=True)
        except (KeyboardInterrupt, OSError):
            pass
        return EXIT_INTERRUPTED


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
