"""Every benchmark script that reads screens runs: each once, at its smallest setting, all in
one fresh process (the others run in ``tests/test_bench.py``, which holds every script's
smallest setting and checks that each script runs in one of the two files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_bench import SCREEN_READING, check_script, run_together


@pytest.fixture(scope="module")
def together(request, tmp_path_factory) -> Path:
    """The outputs of this file's selected scripts, run one after another in one process."""
    return run_together(request, tmp_path_factory, "test_the_screen_reading_script_runs")


@pytest.mark.parametrize("script", sorted(SCREEN_READING))
def test_the_screen_reading_script_runs(script, together):
    check_script(script, together)
