"""Rows of card panels found by structure (:mod:`gridsight.vision.panels`): cases once missed.

Each screen here is drawn as a real phone screen shows it, small (a real-look screen's cards
at about 0.65x), then blurred a little as scaling does.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from gridsight.vision.panels import panel_row

GROUND = (105, 230, 221)  # a light yellow lawn (BGR)
CARD = (123, 230, 220)  # a card a little less yellow: about 5 Lab levels apart, one lightness


def _small_cards(ink: tuple[int, int, int], blur: float = 0.7) -> np.ndarray:
    """Three cards 52 x 62 px on the lawn under a dark bar; each holds a sprite and, from
    36 px under its top to 6 px above its bottom, lines of ``ink`` across most of its width,
    a pixel apart (a name, YOU HAVE n, a box row, run together at this size)."""
    image = np.full((200, 240, 3), GROUND, np.uint8)
    image[:50] = (30, 60, 30)  # the title bar the cards' top is tucked under
    for x in (26, 93, 162):
        image[48:110, x : x + 52] = CARD
        image[54:74, x + 18 : x + 34] = (120, 40, 30)  # the sprite
        for y in range(36, 56):
            if y % 3 != 2:
                image[48 + y, x + 6 : x + 46] = ink
    return cv2.GaussianBlur(image, (0, 0), blur)


def _found(image: np.ndarray):
    """The row of cards over the area above the board, the lawn sampled beside the board."""
    return panel_row(image, (0, 0, 240, 170), min_width=48, min_height=44, min_contrast=1.2,
                     ground=((0, 130, 20, 60), (220, 130, 20, 60)))


def test_small_low_contrast_cards_full_of_text_keep_their_bottom_edge():
    """Real-look 7020 (0.66x): three cards about 5 Lab levels off a light lawn, their lower
    third dense with the name, YOU HAVE and box-row lines. Those rows are of neither colour;
    counted against the cards like a bar's, they cut the cards' rows above them, too short to
    be cards, and no card was found. Ink inside the cards leaves the ground beside them (a bar
    runs on across): only there do such rows count against the panels."""
    for ink in ((40, 90, 70), (230, 240, 240)):  # dark lines, light lines
        for blur in (0.7, 1.2):
            row = _found(_small_cards(ink, blur))
            assert row is not None, (ink, blur)
            assert len(row.panels) == 3
            assert all(abs(p.box[0] - x) <= 2 for p, x in zip(row.panels, (26, 93, 162)))
            assert all(abs(p.box[1] + p.box[3] - 110) <= 3 for p in row.panels)


def test_a_bar_over_the_cards_still_stops_their_top():
    """The title bar over the cards is of neither colour all across, beside them too: their
    top stays under it."""
    row = _found(_small_cards((40, 90, 70)))
    assert row is not None and all(abs(p.box[1] - 50) <= 3 for p in row.panels)


def _cards_two_pixels_apart(scale: float) -> tuple[np.ndarray, list[int]]:
    """Three cards 96 px wide, 2 px apart, a little darker than a green ground, drawn at 1x
    then scaled by ``scale`` (bilinear), noised and saved as JPEG at quality 60: the image
    and the cards' left ends in it."""
    image = np.full((260, 360, 3), (80, 122, 62), np.uint8)
    image[:70] = (40, 50, 60)
    for k in range(3):
        x = 34 + 98 * k
        image[68:176, x : x + 96] = (73, 113, 55)
        image[85:115, x + 34 : x + 62] = (150, 60, 160)  # the sprite
        image[125:130, x + 25 : x + 72] = (230, 230, 230)  # the name
        image[133:138, x + 20 : x + 77] = (120, 220, 240)  # YOU HAVE n
        image[148:156, x + 30 : x + 66] = (200, 200, 200)  # the boxes
    image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
    noisy = image + np.random.default_rng(1).normal(0, 2.0, image.shape)
    image = np.clip(noisy, 0, 255).astype(np.uint8)
    image = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 60])[1], 1)
    return image, [round((34 + 98 * k) * scale) for k in range(3)]


def test_cards_two_pixels_apart_are_found_at_their_gaps():
    """Real-look 7041 (1.27x): three cards 2 px apart. Shrunk to the working scale and
    smoothed, each gap kept only half of the ground's colour, so it was taken for no gap and
    every fit was refused: no card found. A column that much nearer the ground all down the
    cards is their gap, and the cards' ends are put at it (fitted by colour alone they stood
    a few pixels off)."""
    for scale in (1.1, 1.27):
        image, lefts = _cards_two_pixels_apart(scale)
        p = 51 * scale
        side = image.shape[1] - 30
        row = panel_row(image, (0, 0, image.shape[1], int(190 * scale)), min_width=1.1 * p,
                        min_height=p, min_contrast=1.2,
                        ground=((0, int(200 * scale), 30, 40), (side, int(200 * scale), 30, 40)))
        assert row is not None, scale
        assert len(row.panels) == 3
        assert all(abs(panel.box[0] - x) <= 2 for panel, x in zip(row.panels, lefts)), scale
        assert all(abs(panel.box[2] - 96 * scale) <= 3 for panel in row.panels[:2]), scale


def _cards_over_a_frame(gap: int) -> np.ndarray:
    """Two cards 96 x 142 px, about 7 Lab levels off an orange ground (hue and chroma, one
    lightness), their bottom ``gap`` pixels over a board's dark frame."""
    image = np.full((260, 300, 3), (51, 137, 222), np.uint8)
    image[:40] = (30, 30, 35)  # the title bar
    for x in (60, 170):
        image[38:180, x : x + 96] = (74, 140, 211)
        image[60:110, x + 28 : x + 68] = (120, 40, 140)  # the sprite
        image[130:140, x + 15 : x + 81] = (240, 240, 240)  # the name
    image[180 + gap :, 30:270] = (40, 80, 60)  # the board's frame, then its tiles
    return cv2.GaussianBlur(image, (0, 0), 0.8)


@pytest.mark.parametrize("gap,end", [(4, 2), (4, 3), (5, 0), (3, 1)])
def test_cards_just_over_the_boards_frame_keep_their_bottom_edge(gap, end):
    """Fresh real-look 350039 (Outback): two cards on an orange ground a few pixels over the
    board's frame, the area searched ending in the frame. The rows checked for the ground under
    the cards' bottom edge (from two rows under it, to skip its blur) were the frame's own
    blur, of neither colour: the cards were never found. Where the area ends that close under
    them, the row next to the blur counts too (the area ending at the edge's blur still
    forgives it: nothing to see)."""
    row = panel_row(_cards_over_a_frame(gap), (0, 0, 300, 180 + gap + end), min_width=66,
                    min_height=60, min_contrast=1.2,
                    ground=((5, 190, 20, 60), (275, 190, 20, 60)))
    assert row is not None
    assert [p.box[0] for p in row.panels] == [60, 170]
    assert all(abs(p.box[1] + p.box[3] - 180) <= 2 for p in row.panels)


# A mean shift's steps on 48 seeds over a sample of 10000 Lab pixels (the size where the
# float32 BLAS product the steps once used gave other bits with 2 threads than with 1), and
# the main colours of a picture of that many pixels; printed as a digest of the bits.
_STEPS = """
import hashlib
import numpy as np
from gridsight.vision.panels import _MeanShift, _modes
rng = np.random.default_rng(5)
sample = np.column_stack([rng.uniform(0, 100, 10000), rng.uniform(-60, 60, 10000),
                          rng.uniform(-60, 60, 10000)]).astype(np.float32)
inside = rng.random((48, 10000)) < 0.3
digest = hashlib.sha1(_MeanShift(sample).step(sample[:48], inside).tobytes())
lab = np.repeat(sample[::10], 10, axis=0).reshape(100, 100, 3) + rng.normal(0, 0.5, (100, 100, 3))
for mode in _modes(lab.astype(np.float32)):
    digest.update(mode.tobytes())
print(digest.hexdigest())
"""


def test_the_colours_found_do_not_depend_on_the_number_of_blas_threads():
    """A player's many-core machine reads a screen as CI does: the mean shift's steps give the
    same bits with 1 and with 2 BLAS threads (the count is set before numpy loads, hence a
    process each)."""
    digests = []
    for threads in ("1", "2"):
        env = {**os.environ, "OPENBLAS_NUM_THREADS": threads, "OMP_NUM_THREADS": threads,
               "MKL_NUM_THREADS": threads}
        done = subprocess.run([sys.executable, "-c", _STEPS], capture_output=True, text=True,
                              env=env, cwd=Path(__file__).resolve().parents[1], timeout=120)
        assert done.returncode == 0, done.stderr
        digests.append(done.stdout.strip())
    assert digests[0] == digests[1]
