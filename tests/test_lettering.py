"""gridsight's own text drawing (:mod:`gridsight.vision.lettering`) gives fixed pixels.

The reader draws the words and reference digits it reads by, and the test kit draws the
shipped screens, with it; OpenCV's ``putText`` changed its pixels between 5.0 and 5.1. The
checksums below are of pictures drawn here: they hold under every OpenCV (the drawing is plain
numpy on the shipped glyph file), and change only when the glyphs, the layout or the sampling
do, which must then be a deliberate change (packs regenerated, reads measured).
"""

from __future__ import annotations

import hashlib
import shutil

import numpy as np
import pytest

from gridsight.readers.screen import write_text
from gridsight.vision import lettering
from gridsight.vision.digits import drawn_digits, read_glyph
from gridsight.vision.lettering import LetteringError, put_text, text_size

# sha256 (16 hex) of the reference digits' masks of gridsight.vision.digits, in their order.
DIGIT_MASKS = "8c50475f8ca04cc9"
# sha256 (16 hex) of "Jungle 0123 (x) %?" drawn by put_text (below), per face, regular / bold.
LINES = {0: ("1c035a88ff5560f3", "fac64bf92e15a88a"), 1: ("50b28393aad89b47", "6e2f306bd0f636bf"),
         2: ("fac64bf92e15a88a", "70b570fbe6ae8836"), 3: ("1c035a88ff5560f3", "70b570fbe6ae8836"),
         4: ("fac64bf92e15a88a", "70b570fbe6ae8836")}


def _line(face: int, thickness: int) -> np.ndarray:
    canvas = np.zeros((60, 420, 3), np.uint8)
    canvas[:] = (30, 60, 90)
    put_text(canvas, "Jungle 0123 (x) %?", (5, 40), face, 1.1, (250, 240, 10), thickness)
    return canvas


def test_the_reference_digits_are_the_stored_masks():
    h = hashlib.sha256()
    masks = drawn_digits()
    for digit, mask in masks:
        h.update(bytes([digit]))
        h.update(np.packbits(mask).tobytes())
    assert len(masks) == 100 and all(m.any() for _, m in masks)
    assert h.hexdigest()[:16] == DIGIT_MASKS


@pytest.mark.parametrize("face", sorted(LINES))
def test_a_line_of_text_is_the_stored_picture(face):
    for thickness, expected in zip((1, 2), LINES[face]):
        assert hashlib.sha256(_line(face, thickness).tobytes()).hexdigest()[:16] == expected


def test_drawing_calls_no_opencv(monkeypatch):
    """The pixels cannot depend on OpenCV: its text and resampling calls are not used."""
    import cv2

    before = _line(2, 2)
    for name in ("putText", "getTextSize", "resize", "warpAffine", "addWeighted"):
        monkeypatch.setattr(cv2, name, lambda *a, **k: pytest.fail("OpenCV called"))
    assert np.array_equal(_line(2, 2), before)


def test_the_glyph_file_is_stamped():
    assert lettering.captured_with().startswith("5.0.")


def test_text_size_spans_the_ink():
    canvas = np.zeros((80, 400), np.uint8)
    put_text(canvas, "Otter 42", (20, 50), 0, 1.5, 255, 2)
    (width, height), below = text_size("Otter 42", 0, 1.5, 2)
    cols = np.nonzero(canvas.max(axis=0) > 64)[0]
    rows = np.nonzero(canvas.max(axis=1) > 64)[0]
    assert abs(cols[0] - 20) <= 3 and abs(cols[-1] - (20 + width)) <= 4
    assert 50 - rows[0] <= height and rows[-1] <= 50 + below + 1


def test_right_aligned_words_end_at_x():
    canvas = np.zeros((40, 300, 3), np.uint8)
    write_text(canvas, "ATTEMPTS", 250, 30, 14, (255, 255, 255), right=True)
    cols = np.nonzero(canvas.max(axis=(0, 2)) > 64)[0]
    assert 244 <= cols[-1] <= 252


def test_a_drawn_digit_reads_as_itself():
    for digit in range(10):
        canvas = np.zeros((60, 50), np.uint8)
        put_text(canvas, str(digit), (8, 50), 2, 1.4, 255, 2)
        assert read_glyph(canvas > 127)[0] == digit


def test_text_off_the_edges_is_clipped():
    canvas = np.zeros((20, 30), np.uint8)
    put_text(canvas, "WWWW", (-15, 25), 0, 1.0, 255, 1)
    put_text(canvas, "x", (500, 500), 0, 1.0, 255, 1)
    assert canvas.any()


def test_an_unknown_character_is_drawn_as_a_question_mark():
    a, b = np.zeros((40, 40), np.uint8), np.zeros((40, 40), np.uint8)
    put_text(a, "\u00e9", (5, 30), 0, 1.0, 255, 1)
    put_text(b, "?", (5, 30), 0, 1.0, 255, 1)
    assert a.any() and np.array_equal(a, b)


def test_an_unknown_face_is_refused():
    with pytest.raises(ValueError, match="font face 6"):
        text_size("x", 6, 1.0, 1)


def test_a_damaged_glyph_file_is_refused(tmp_path, monkeypatch):
    copy = tmp_path / "lettering.npz"
    shutil.copy(lettering.DATA, copy)
    with np.load(copy) as npz:
        arrays = {name: npz[name] for name in npz.files}
    arrays["d0_advance"] = arrays["d0_advance"] + 0.5
    np.savez_compressed(copy, **arrays)
    monkeypatch.setattr(lettering, "DATA", copy)
    lettering._arrays.cache_clear()
    lettering.style.cache_clear()
    try:
        with pytest.raises(LetteringError, match="has digest .* expected"):
            text_size("x", 0, 1.0, 1)
        copy.write_bytes(b"not a zip")
        lettering._arrays.cache_clear()
        with pytest.raises(LetteringError, match="cannot read the glyph file"):
            text_size("x", 0, 1.0, 1)
    finally:
        lettering._arrays.cache_clear()
        lettering.style.cache_clear()


def _build_tool():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "tools" / "build_lettering.py"
    spec = importlib.util.spec_from_file_location("build_lettering", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_glyph_file_is_what_the_tool_captures():
    """Under the OpenCV series the glyphs were captured with, capturing them again gives the
    shipped arrays (the file is the tool's output, not edited); under any other the tool
    refuses, so this check runs under 5.0.x only."""
    import cv2

    tool = _build_tool()
    if not cv2.__version__.startswith(tool.CAPTURED_WITH):
        pytest.skip(f"the glyphs are captured under OpenCV {tool.CAPTURED_WITH}x only")
    assert lettering.digest(tool.capture()) == lettering.DIGEST


def test_the_tool_refuses_another_opencv(monkeypatch, tmp_path, capsys):
    import cv2

    tool = _build_tool()
    monkeypatch.setattr(cv2, "__version__", "5.1.0")
    assert tool.main(["--out", str(tmp_path / "g.npz")]) == 2
    assert "needs OpenCV 5.0.x" in capsys.readouterr().err
    assert not (tmp_path / "g.npz").exists()
