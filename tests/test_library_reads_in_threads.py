"""A picture read by the library touches no process-wide setting, not even for a moment.

OpenCV's log level, the ``warnings`` filters and Pillow's pixel guard belong to the whole
process: lowered or swapped around a decode (as ``quiet_opencv`` and ``catch_warnings`` once
did), another thread of the calling program loses its own warnings meanwhile. The tests stop
a read in the middle (inside Pillow's open, inside OpenCV's decode) with events, not timing,
and look at those settings from a second thread; a damaged picture is still refused in one
line with nothing printed by libpng.
"""

from __future__ import annotations

import threading
import warnings
from pathlib import Path

import cv2
import numpy as np
import pytest
from cv2.utils import logging as cv_logging
from PIL import Image

from gridsight.vision.errors import ImageReadError
from gridsight.vision.images import load_image


def _png(path: Path) -> Path:
    rng = np.random.default_rng(3)
    cv2.imwrite(str(path), rng.integers(0, 255, (60, 80, 3), dtype=np.uint8))
    return path


def _settings() -> tuple[object, ...]:
    return (cv_logging.getLogLevel(), warnings.filters, tuple(warnings.filters),
            warnings.showwarning, Image.MAX_IMAGE_PIXELS)


def _paused(monkeypatch, module, name):
    """Make ``module.name`` stop at its call until the test lets it go; returns the events."""
    inside, go = threading.Event(), threading.Event()
    real = getattr(module, name)

    def stopping(*args, **kwargs):
        inside.set()
        assert go.wait(60), "the test never let the read go on"
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, stopping)
    return inside, go


@pytest.mark.parametrize("where", ["pillow", "opencv"])
def test_another_thread_sees_every_setting_unchanged_while_a_read_is_in_progress(
        tmp_path, monkeypatch, where):
    picture = _png(tmp_path / "shot.png")
    before = _settings()
    module, name = (Image, "open") if where == "pillow" else (cv2, "imdecode")
    inside, go = _paused(monkeypatch, module, name)
    read: list[object] = []
    reader = threading.Thread(target=lambda: read.append(load_image(picture)))
    reader.start()
    try:
        assert inside.wait(60), "the read never reached " + where
        during = _settings()  # this thread is "the rest of the program"
    finally:
        go.set()
        reader.join(60)
    assert during[0] == before[0], "OpenCV's log level changed during a read"
    assert during[1] is before[1] and during[2] == before[2], "warnings filters swapped"
    assert during[3] is before[3] and during[4] == before[4]
    assert read and getattr(read[0], "shape", None) == (60, 80, 3)


def test_reads_call_nothing_that_changes_process_settings(tmp_path, monkeypatch, capfd):
    """Not even set and restored: a good picture, a cut one and a garbled one."""
    calls: list[str] = []
    monkeypatch.setattr(cv_logging, "setLogLevel", lambda *a: calls.append("cv2 log level"))
    real_catch = warnings.catch_warnings

    def catch(*args, **kwargs):
        calls.append("catch_warnings")
        return real_catch(*args, **kwargs)

    monkeypatch.setattr(warnings, "catch_warnings", catch)
    monkeypatch.setattr(warnings, "simplefilter", lambda *a, **k: calls.append("simplefilter"))
    data = _png(tmp_path / "good.png").read_bytes()
    assert load_image(tmp_path / "good.png").shape == (60, 80, 3)
    garbled = bytearray(data)
    middle = len(data) // 2
    garbled[middle:middle + 200] = bytes(b ^ 0x55 for b in garbled[middle:middle + 200])
    for name, content in (("cut.png", data[:middle]), ("garbled.png", bytes(garbled))):
        (tmp_path / name).write_bytes(content)
        with pytest.raises(ImageReadError, match=name) as refused:
            load_image(tmp_path / name)
        assert "\n" not in str(refused.value)
    assert calls == []
    assert "libpng" not in capfd.readouterr().err


def test_pillows_warnings_reach_the_callers_own_filters(tmp_path, monkeypatch):
    """A warning Pillow gives while a picture is read goes to the caller's filters (here
    recorded), where it was once swallowed by a process-wide catch."""
    picture = _png(tmp_path / "shot.png")
    real_open = Image.open

    def warning_open(*args, **kwargs):
        warnings.warn("a warning of Pillow's", UserWarning)
        return real_open(*args, **kwargs)

    monkeypatch.setattr(Image, "open", warning_open)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert load_image(picture).shape == (60, 80, 3)
    assert "a warning of Pillow's" in [str(w.message) for w in seen]


def test_a_picture_past_pillows_guard_is_sized_by_its_header_alone(monkeypatch):
    """A GIF header of 16000 x 16000 (past twice Pillow's guard, where its open refuses): the
    size is read from the header by gridsight itself, Pillow never asked (its opener once was
    found through Pillow's own format tables, ``Image.ID``/``Image.OPEN``), the guard never
    touched."""
    from PIL import GifImagePlugin

    from gridsight.vision.images import image_size

    gif = (b"GIF89a" + (16000).to_bytes(2, "little") * 2 + b"\x00\x00\x00"
           + b"\x2c" + bytes(4) + (16000).to_bytes(2, "little") * 2 + b"\x00\x02\x02\x44\x01\x00;")
    guard = Image.MAX_IMAGE_PIXELS
    asked: list[object] = []
    real = GifImagePlugin.GifImageFile._open

    def watched(self):
        asked.append(Image.MAX_IMAGE_PIXELS)
        return real(self)

    monkeypatch.setattr(GifImagePlugin.GifImageFile, "_open", watched)
    assert guard is not None and 16000 * 16000 > 2 * guard
    assert image_size(gif) == ("GIF", 16000, 16000)
    assert asked == [] and Image.MAX_IMAGE_PIXELS == guard


def test_a_picture_past_the_programs_pillow_guard_is_refused_in_words(tmp_path, monkeypatch):
    """A program that set Pillow's guard low (its own choice, for its whole process): a picture
    ``max_pixels`` allows but the guard does not is refused naming Pillow's limit, the guard
    left as the program set it (it was once passed by through Pillow's private tables)."""
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 1000)
    picture = _png(tmp_path / "a.png")  # 80 x 60 = 4800 pixels, past 2 x 1000
    with pytest.raises(ImageReadError) as raised:
        load_image(picture)
    assert "more than Pillow's limit of 2,000 in this program" in str(raised.value)
    assert "4,800 pixels" in str(raised.value)
    assert Image.MAX_IMAGE_PIXELS == 1000
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 2400)  # exactly within twice the guard
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        assert load_image(picture).shape == (60, 80, 3)


def test_the_command_raises_pillows_guard_only_for_its_own_process(monkeypatch):
    """``fit_pillow_guard`` (the console script's, never the library's) raises the guard to fit
    ``--max-pixels`` past it, and never lowers it."""
    from gridsight.vision.images import fit_pillow_guard, pillow_limit

    guard = Image.MAX_IMAGE_PIXELS
    assert guard is not None
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", guard)
    fit_pillow_guard(40_000_000)
    assert Image.MAX_IMAGE_PIXELS == guard
    fit_pillow_guard(300_000_001)
    assert pillow_limit() is not None and pillow_limit() >= 300_000_001
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 500_000_000)
    fit_pillow_guard(300_000_001)
    assert Image.MAX_IMAGE_PIXELS == 500_000_000


def test_the_library_entry_leaves_pillows_guard_alone_even_with_max_pixels(tmp_path):
    """``gridsight.cli.main`` (in-process, as tests and programs call it) with ``--max-pixels``
    past the guard: the guard is not raised (only the console script, which owns its process,
    does)."""
    from gridsight.cli import main

    guard = Image.MAX_IMAGE_PIXELS
    assert main(["analyze", "--max-pixels", "300M", str(tmp_path / "missing.png")]) != 0
    assert Image.MAX_IMAGE_PIXELS == guard
