"""``python -m gridsight`` and the ``gridsight`` command: the entry point.

:func:`entry` is the first of gridsight's code a command runs: it catches Ctrl-C from its first
instruction, while the command line is still being imported (which takes a while on a cold
disk), so an early Ctrl-C ends in one line and exit code 130, never a traceback. (Where a
Ctrl-C struck inside an extension module's own Python code, the interpreter may still end
the process by SIGINT after that line, as a shell expects of an interrupted program.)
"""

import sys

EXIT_INTERRUPTED = 130


def entry() -> int:
    """Run the command line (:func:`gridsight.cli.main`) on ``sys.argv``; Ctrl-C is clean
    from here on."""
    try:
        from gridsight.cli import main

        return main()
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
