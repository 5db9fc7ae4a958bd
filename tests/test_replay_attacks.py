"""Issue 20's attacks on ``gridsight replay``, each a test.

- a log pointing sixty times at one 12 MB frame: the page embeds the frame once, downscaled
  (it used to be a 965 MB page taking 2.9 GB), and ``--max-bytes`` bounds the page whatever
  the log holds, saying what it left out;
- a ``time`` of year 1 at +14:00 or year 9999, a lone surrogate in a field: the line is skipped
  with a warning (they raised OverflowError and UnicodeEncodeError);
- ``--check`` under ``--time-limit``, the same option as ``solve``'s;
- frames only from the log's own folder: a frame that is a link out of it is not embedded, a
  FIFO does not hang, and a log read from standard input shows no frame of the current folder
  unless ``--frames DIR`` says where they are.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from gridsight.log import LogRecord
from gridsight.solvers.advice import Advice, Cell
from gridsight.vision.geometry import BoardGeometry

REPO = Path(__file__).resolve().parent.parent


def _line(step: int, **changes) -> str:
    advice = Advice("tile-path", 2, 3, recommend=(Cell(0, step % 3),), status=f"step {step}")
    record = LogRecord(step=step, time="2026-03-01T12:00:00.000Z", game="tile-path",
                       board="S . .\n. . .", advice=advice,
                       geometry=BoardGeometry.from_rect(100, 100, 300, 300, 2, 3))
    data = record.to_dict()
    data.update(changes)
    return json.dumps(data)


@pytest.fixture(scope="module")
def big_frame(tmp_path_factory) -> Path:
    """A 12 MB PNG frame (noise does not compress), 2400 x 1700."""
    folder = tmp_path_factory.mktemp("frames")
    noise = np.random.default_rng(3).integers(0, 256, (1700, 2400, 3), dtype=np.uint8)
    path = folder / "big.png"
    cv2.imwrite(str(path), noise, [cv2.IMWRITE_PNG_COMPRESSION, 1])
    assert path.stat().st_size > 12_000_000
    return path


def test_many_steps_showing_one_huge_frame_embed_it_once_downscaled(tmp_path, big_frame,
                                                                     run_cli):
    # The log pointed 60 times at one 12 MB frame (a 965 MB page); 24 steps show the
    # same: the frame embedded once, not once a step.
    os.link(big_frame, tmp_path / "big.png")
    log = tmp_path / "s.jsonl"
    log.write_text("".join(_line(step, frame="big.png") + "\n" for step in range(1, 25)))
    code, out, err = run_cli("replay", str(log), "--html", str(tmp_path / "r.html"))
    assert code == 0, err
    page = (tmp_path / "r.html").read_text()
    assert page.count("background-image: url(data:image/jpeg") == 1  # the frame, once
    assert page.count('class="shot f0"') == 24  # under every step
    (jpeg,) = re.findall(r"url\(data:image/jpeg;base64,([A-Za-z0-9+/=]+)\)", page)
    frame = cv2.imdecode(np.frombuffer(base64.b64decode(jpeg), np.uint8), cv2.IMREAD_COLOR)
    assert max(frame.shape[:2]) == 1280  # downscaled
    assert len(page) < 8_000_000, len(page)  # it was 965 MB
    # The advice layer lands where the board is in the downscaled frame.
    layer_b64 = re.search(r'class="shot f0"[^>]*><img [^>]*src="data:image/png;base64,([^"]+)"',
                          page).group(1)
    layer = cv2.imdecode(np.frombuffer(base64.b64decode(layer_b64), np.uint8),
                         cv2.IMREAD_UNCHANGED)
    assert layer.shape[:2] == frame.shape[:2] and layer.shape[2] == 4
    magenta = (layer[..., 3] == 255) & np.all(np.abs(layer[..., :3].astype(int)
                                                      - (255, 0, 255)) < 40, axis=2)
    ys, xs = np.nonzero(magenta)  # the advised cell's square, around a cell of the board
    scale = 1280 / 2400
    assert xs.min() >= 100 * scale - 24 and xs.max() <= 1000 * scale + 24
    assert ys.min() >= 100 * scale - 24 and ys.max() <= 700 * scale + 24


def test_max_bytes_bounds_the_page_and_says_what_it_left_out(tmp_path, big_frame, run_cli):
    os.link(big_frame, tmp_path / "big.png")
    log = tmp_path / "s.jsonl"
    lines = [_line(step, frame="big.png" if step == 1 else None,
                   advice=dict(json.loads(_line(step))["advice"], status="w" * 20_000))
             for step in range(1, 41)]
    log.write_text("\n".join(lines) + "\n")
    code, out, err = run_cli("replay", str(log), "--html", str(tmp_path / "r.html"),
                             "--max-bytes", "300k")
    assert code == 0, err
    page = (tmp_path / "r.html").read_text()
    assert (tmp_path / "r.html").stat().st_size <= 300_000  # a hard bound, in bytes
    assert "left out: the report reached --max-bytes 300,000" in page
    assert "background-image" not in page  # the frame alone passes the bound
    assert "frame big.png left out" in page
    code, _, err = run_cli("replay", str(log), "--max-bytes", "0")
    assert code == 2 and "--max-bytes" in err


def test_max_bytes_is_hard_a_bound_below_the_empty_page_is_refused(tmp_path, run_cli):
    """``--max-bytes 1000`` wrote a 3.6 KB page (the summary, style and script alone): now
    refused in words, nothing written; every bound the page fits in is kept to the byte
    (player text in UTF-8 counted as bytes)."""
    log = tmp_path / "s.jsonl"
    log.write_text("".join(_line(step, advice=dict(json.loads(_line(step))["advice"],
                                                   status="\u00e9" * 400)) + "\n"
                           for step in range(1, 9)))
    page = tmp_path / "r.html"
    code, out, err = run_cli("replay", str(log), "--html", str(page), "--max-bytes", "1000")
    assert code == 2 and not page.exists() and "Traceback" not in err
    (least,) = re.findall(r"raise --max-bytes to at least ([\d,]+)$", err.strip())
    assert err.count("\n") == 1 and "no HTML report written: --max-bytes 1,000" in err, err
    least = int(least.replace(",", ""))
    for bound in (least, least + 3_000, least + 9_000):
        code, _, err = run_cli("replay", str(log), "--html", str(page), "--max-bytes",
                               str(bound))
        assert code == 0 and page.stat().st_size <= bound, (bound, page.stat().st_size)
    assert "left out: the report reached" in page.read_text()


@pytest.mark.parametrize("field, value", [
    ("time", "0001-01-01T00:00:00+14:00"),
    ("time", "9999-12-31T23:59:59-12:00"),
    ("time", "9999-12-31T23:59:59.999+00:00"),
    ("game", "\ud800"),
])
def test_a_time_out_of_range_or_a_lone_surrogate_is_a_skipped_line(tmp_path, run_cli, field,
                                                                    value):
    log = tmp_path / "s.jsonl"
    log.write_text(_line(1) + "\n" + _line(2, **{field: value}) + "\n" + _line(3) + "\n")
    code, out, err = run_cli("replay", str(log), "--html", str(tmp_path / "r.html"))
    assert code == 0, err
    assert "steps: 2" in out and "line 2: corrupt line skipped" in err
    assert "Traceback" not in err


def test_check_runs_under_the_same_time_limit_option_as_solve(tmp_path, run_cli):
    from gridsight.registry import get_game
    from gridsight.solvers.boardtext import parse_boards

    game = get_game("thrill-digger")
    text = "difficulty: expert\n" + "\n".join([". . . . . . . ."] * 5)
    solution = game.solve(parse_boards(text)[0])
    record = LogRecord(step=1, time="2026-03-01T12:00:00.000Z", game="thrill-digger",
                       board=text, advice=solution.advice, solution=solution.json)
    log = tmp_path / "s.jsonl"
    log.write_text(record.to_json() + "\n")
    code, out, err = run_cli("replay", str(log), "--check", "--time-limit", "0.000001")
    assert code == 0, err
    assert "stopped at the limit" in out and "--time-limit" in out
    code, out, err = run_cli("replay", str(log), "--check", "--time-limit", "-1")
    assert code == 2 and "--time-limit" in err
    code, out, _ = run_cli("replay", str(log), "--check")
    assert "gives the same advice at the one step" in out  # not "at all 1 steps"


def test_a_frame_that_is_a_link_out_of_the_folder_is_not_embedded(tmp_path, run_cli):
    secret = tmp_path / "elsewhere" / "secret.png"
    secret.parent.mkdir()
    cv2.imwrite(str(secret), np.full((50, 50, 3), (1, 2, 250), np.uint8))
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "s-00001.png").symlink_to(secret)
    log = logs / "s.jsonl"
    log.write_text(_line(1, frame="s-00001.png") + "\n")
    code, out, err = run_cli("replay", str(log), "--html", str(tmp_path / "r.html"))
    assert code == 0, err
    page = (tmp_path / "r.html").read_text()
    assert "image/jpeg" not in page and "a symbolic link" in page


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_frame_that_is_a_fifo_does_not_hang_the_report(tmp_path):
    os.mkfifo(tmp_path / "s-00001.png")
    log = tmp_path / "s.jsonl"
    log.write_text(_line(1, frame="s-00001.png") + "\n")
    result = subprocess.run([sys.executable, "-m", "gridsight", "replay", str(log), "--html",
                             str(tmp_path / "r.html")], capture_output=True, text=True,
                            timeout=60, env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert result.returncode == 0, result.stderr
    assert "a named pipe (FIFO)" in (tmp_path / "r.html").read_text()


def test_a_log_from_standard_input_shows_no_frame_of_the_current_folder(tmp_path, run_cli,
                                                                        monkeypatch):
    cv2.imwrite(str(tmp_path / "s-00001.png"), np.full((500, 500, 3), 90, np.uint8))
    monkeypatch.chdir(tmp_path)
    text = _line(1, frame="s-00001.png") + "\n"
    code, out, err = run_cli("replay", "-", "--html", str(tmp_path / "r.html"), stdin=text)
    assert code == 0, err
    page = (tmp_path / "r.html").read_text()
    assert "image/jpeg" not in page and "--frames DIR" in page
    code, out, err = run_cli("replay", "-", "--html", str(tmp_path / "r.html"), "--frames",
                             str(tmp_path), stdin=text)
    assert code == 0, err
    assert (tmp_path / "r.html").read_text().count("image/jpeg") == 1
