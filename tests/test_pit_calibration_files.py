"""Crafted Thrill Digger calibration files (``analyze``/``live --calibration DIR``): each
refused in one line naming what is wrong, exit 2, never a traceback or a pit of a size the
file did not mean. (A NaN margin crashed the plan view's size: ``ValueError: cannot convert
float NaN to integer``, a traceback; ``"rows": 5.5`` loaded as 5; a difficulty that is none of
the game's loaded and failed later.)"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from gridsight.games.thrill_digger.calibration import CalibrationFileError, load_pit


def _calibration(folder: Path, **changes: object) -> Path:
    """A calibration folder whose manifest is ``changes`` over a well-formed one (its
    reference picture too few features to load: every case here is refused before that)."""
    manifest: dict = {"format": "gridsight-pit", "version": 2, "rows": 5, "cols": 8,
                      "difficulty": "expert", "ground_level": 0.0,
                      "plan": {"px": 8, "margin": 1.5},
                      "geometry": {"rows": 5, "cols": 8, "homography": np.eye(3).tolist()}}
    for key, value in changes.items():
        if key in ("px", "margin"):
            manifest["plan"][key] = value
        else:
            manifest[key] = value
    folder.mkdir()
    (folder / "calibration.json").write_text(json.dumps(manifest))
    cv2.imwrite(str(folder / "reference.png"), np.zeros((64, 88, 3), np.uint8))
    return folder


@pytest.mark.parametrize("changes, words", [
    ({"margin": float("nan")}, "not JSON .NaN is not a number"),
    ({"margin": 1e308}, "'margin' must be a number from 0 to 64, not 1e\\+308"),
    ({"ground_level": float("inf")}, "not JSON .Infinity is not a number"),
    ({"rows": 5.5}, "'rows' must be a whole number from 1 to 64, not 5.5"),
    ({"px": True}, "'px' must be a whole number from 1 to 1024, not True"),
    ({"difficulty": "../../x"}, "'difficulty' '../../x', not one of beginner, intermediate"),
])
def test_a_crafted_calibration_is_refused_in_words(tmp_path, changes, words):
    folder = _calibration(tmp_path / "pit", **changes)
    with pytest.raises(CalibrationFileError, match=words):
        load_pit(folder)


def test_analyze_refuses_a_nan_margin_in_one_line(tmp_path, run_cli):
    folder = _calibration(tmp_path / "pit", margin=float("nan"))
    shot = tmp_path / "shot.png"
    cv2.imwrite(str(shot), np.zeros((40, 60, 3), np.uint8))
    code, _, err = run_cli("analyze", str(shot), "--game", "thrill-digger",
                           "--calibration", str(folder))
    assert code == 2 and "Traceback" not in err and err.strip().count("\n") == 0
    assert "not JSON (NaN is not a number)" in err
