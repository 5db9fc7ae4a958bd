"""Crafted paths and numbers met as a player (or an attacker) would give them: each is one
line in words, a non-zero exit, no traceback, and nothing written or lost."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from gridsight import api
from gridsight.cli import main
from gridsight.vision.images import load_image

SHOT = Path(__file__).resolve().parent.parent / "examples" / "screenshots" / "tile-path-room.png"


def test_out_a_link_to_a_missing_folder_is_named_as_one(tmp_path, capsys):
    """It was "it is a file, not a folder"."""
    link = tmp_path / "out"
    link.symlink_to(tmp_path / "nowhere")
    assert main(["analyze", str(SHOT), "--out", str(link)]) == 2
    err = capsys.readouterr().err
    assert "a symbolic link to a missing folder (or a loop of links)" in err
    assert "Traceback" not in err and err.count("\n") == 1
    assert link.is_symlink() and not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("how", ["loop", "dangling"])
def test_a_pack_that_is_a_broken_link_is_named_as_one(tmp_path, how):
    """It was "no such folder" (for a loop: the link is there)."""
    link = tmp_path / "pack"
    link.symlink_to(link if how == "loop" else tmp_path / "gone")
    with pytest.raises(api.VisionInputError, match="a symbolic link to a missing folder"):
        api.read(np.zeros((40, 40, 3), np.uint8), game="tile-path", pack=str(link))


def test_a_huge_max_pixels_reads_a_small_picture(tmp_path):
    """``--max-pixels 99999999999999999999999`` was "out of memory": the reader asked the
    file for as many bytes as the limit allowed in one call (5e23), which sets them aside."""
    picture = tmp_path / "a.png"
    cv2.imwrite(str(picture), np.full((20, 30, 3), 90, np.uint8))
    assert load_image(picture, max_pixels=10**23).shape == (20, 30, 3)


def test_a_log_of_passed_boards_alone_is_not_called_empty(tmp_path, capsys):
    """A session that saw boards but advised none (each ``passed``): replay said "the log is
    empty"; it now lists them and says why there is no step."""
    from gridsight.log import RecommendationLog

    log = RecommendationLog(tmp_path / "a.jsonl", close_at_exit=False, warn=lambda _: None)
    assert log.record_passed("S . .\n", "the board is not read")
    log.close()
    assert main(["replay", str(tmp_path / "a.jsonl")]) == 2
    out, err = capsys.readouterr()
    assert "the log is empty" not in err and "1 board(s) passed with no advice" in err
    assert "boards seen but not solved" in out and "Traceback" not in err
