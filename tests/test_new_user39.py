"""A new user's hour, then a hostile one (session 39): what they met that read badly, pinned.

Each was found by running the commands by hand on crafted input (the session's note lists them
all); every other case met already gave one line in words, a non-zero exit and no traceback.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np
import pytest

from gridsight.report_frames import FrameStore
from gridsight.screenshots import enlargement, legible
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.limit import Limit, LimitReached
from gridsight.solvers.minesweeper import report
from gridsight.solvers.minesweeper.analysis import analyse
from gridsight.solvers.minesweeper.policy import recommend, zero_layouts
from gridsight.solvers.minesweeper.state import parse_state
from gridsight.vision.geometry import BoardGeometry

PNG = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _header_only(width: int, height: int) -> bytes:
    """A PNG's signature and header, and nothing after: a file cut after its first chunk."""
    return PNG + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))


def test_a_png_cut_after_its_header_is_named_so_not_by_a_python_object(tmp_path, run_cli):
    """It was "corrupt image (cannot identify image file <_io.BytesIO object at 0x7f...>)"."""
    shot = tmp_path / "shot.png"
    shot.write_bytes(_header_only(300, 540))
    code, out, err = run_cli("analyze", str(shot), "--out", str(tmp_path / "out"))
    assert code == 2 and out == ""
    assert err == f"gridsight: {shot}: cannot read image (truncated PNG data)\n"
    assert not (tmp_path / "out").exists()


def test_a_replayed_frame_too_large_names_no_option_replay_lacks(tmp_path):
    """The report said "raise it with --max-pixels N", an option of analyze that replay has not
    (its frames' bound is fixed)."""
    (tmp_path / "f.png").write_bytes(_header_only(20000, 20000))
    said = FrameStore(tmp_path).load("f.png")
    assert isinstance(said, str)
    assert "more than the limit of 40,000,000" in said and "--max-pixels" not in said
    assert said.endswith("the board is drawn from the log instead")


def test_a_cell_a_hair_under_the_bound_is_not_drawn_twice_as_large():
    """The jungle example's 48-pixel cells, found at 47.99 once a cached screen placed the board,
    doubled the annotated picture (320 x 758 one run, 600 x 1222 the next)."""
    assert [enlargement(px) for px in (48, 47.99, 46, 45, 30, 24, 23.99, 16, 5)] == \
        [1, 1, 1, 2, 2, 2, 2, 3, 4]
    image = np.zeros((540, 300, 3), np.uint8)
    hair = BoardGeometry.from_rect(30.0, 224.0, 47.99, 47.99, 5, 5)
    assert legible(image, hair)[0].shape == image.shape
    small = BoardGeometry.from_rect(30.0, 224.0, 30.0, 30.0, 5, 5)
    assert legible(image, small)[0].shape == (1080, 600, 3)


def _blank(rows: int, cols: int, mines: int = 1):
    """A Minesweeper board of ``rows`` x ``cols`` closed cells: no number, every cell tied."""
    text = f"mines: {mines}\n" + ("\n".join([" ".join("." * cols)] * rows)) + "\n"
    return analyse(parse_state(parse_boards(text)[0]))


def test_a_blank_board_s_tie_break_stops_at_the_limit():
    """`solve minesweeper` of a 150 x 150 board with no number ran on past --time-limit 2 (17
    CPU s and counting): the tie-break among its 22,500 tied cells never looked at the meter
    (no cell touches a counted part, where the look was) and built the board's sets anew per
    cell. Now each cell's count looks, and a spent limit gives the first tied cell."""
    analysis = _blank(6, 6)
    spent = Limit(seconds=None, states=0).start()
    with pytest.raises(LimitReached):
        zero_layouts(analysis, (2, 2), meter=spent)
    choice = recommend(analysis, Limit(seconds=None, states=0).start())
    assert choice is not None and choice.cell == (0, 0) and choice.zero is None
    assert recommend(analysis).zero is not None  # unbounded: counted as before


def test_a_complete_count_under_one_percent_is_not_keyed_as_not_counted():
    """A 12 x 12 board's 0.7% shows as "1%", a 15 x 15 board's 0.4% as "<1%": that was keyed
    "< not counted in time, at most that chance", though every layout was counted."""
    analysis = _blank(15, 15)
    assert analysis.complete
    text = report.to_text(analysis, recommend(analysis))
    assert "<1%" in text and "not counted in time" not in text


def test_a_hint_of_the_wrong_kind_is_refused_in_words():
    """``api.read(shot, hints={"animals": 5})`` was "TypeError: 'int' object is not iterable"
    from deep in the Disco Zoo reader: a number or names are now checked as their text is."""
    from gridsight import api

    blank = np.zeros((60, 60, 3), np.uint8)
    with pytest.raises(api.InputError, match="hint 'animals': unknown animal '5'"):
        api.read(blank, game="disco-zoo", hints={"animals": 5})
    with pytest.raises(api.InputError, match="hint 'taps': must be a whole number"):
        api.read(blank, game="disco-zoo", hints={"taps": ("Cow",)})
