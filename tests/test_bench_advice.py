"""``bench/bench_advice.py --quick``: every section of the advice's strength runs and prints its
figures (a handful of boards and games each; the real figures use the default sizes)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_bench_advice_quick_prints_every_section():
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, str(REPO / "bench" / "bench_advice.py"), "--quick"],
                         capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert re.search(r"fewer than \d holes dug \(answered from the table\): \d+ of \d+ within "
                     r"50 ms", out)
    assert re.search(r"intermediate +auto +[-+][\d.]+ +safest", out)
    assert re.search(r"exact +won \d+ of 2 \([\d.]+%.*s of CPU per game", out)
    assert "paired difference exact - safest:" in out
    assert "open start (first click at row 3, column 3 from 0, opening a 0): exact won" in out
    assert re.search(r"2 random mid-game rescues x 2 objectives: \d of 4 exact", out)
    assert re.search(r"boards one advised tap after the opening book: \d of 6 exact", out)
