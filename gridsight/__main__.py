"""``python -m gridsight`` and the ``gridsight`` command: the entry point.

:func:`entry` is the first of gridsight's code a command runs: it catches Ctrl-C from its first
instruction, while the command line is still being imported (which takes a while on a cold
disk), so an early Ctrl-C ends in one line and exit code 130, never a traceback.
"""

import sys

EXIT_INTERRUPTED = 130


def entry() -> int:
    """Run the command line (:func:`gridsight.cli.main`) on ``sys.argv``; Ctrl-C is clean
    from here on."""
    try:
        from gridsight.cli import main

        return main()
    except KeyboardInterrupt:
        try:
            print("gridsight: interrupted", file=sys.stderr, flush=True)
        except (KeyboardInterrupt, OSError):
            pass
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    raise SystemExit(entry())
