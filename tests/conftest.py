"""Shared test fixtures."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


@pytest.fixture
def run_cli(capsys):
    """Run ``gridsight ARGS`` in-process; returns ``(exit code, stdout, stderr)``."""
    from gridsight.cli import main

    def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
        if stdin is not None:
            import io

            old = sys.stdin
            sys.stdin = io.StringIO(stdin)
        try:
            try:
                code = main(list(args))
            except SystemExit as exit_:  # argparse errors and --help
                code = int(exit_.code or 0)
        finally:
            if stdin is not None:
                sys.stdin = old
        out, err = capsys.readouterr()
        return code, out, err

    return run
