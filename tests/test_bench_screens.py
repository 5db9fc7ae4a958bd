"""Every benchmark script that reads screens runs: each once, at its smallest setting, as a
fresh process (the others run in ``tests/test_bench.py``, which holds every script's smallest
setting and checks that each script runs in one of the two files)."""

from __future__ import annotations

import pytest

from test_bench import SCREEN_READING, run_script


@pytest.mark.parametrize("script", sorted(SCREEN_READING))
def test_the_screen_reading_script_runs(script, tmp_path):
    run_script(script, tmp_path)
