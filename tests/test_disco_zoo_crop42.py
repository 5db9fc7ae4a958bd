"""The ``crop`` variant of fresh widest 1160005 (``s42crop``): a lattice carried over from
another place is not the board's when a lattice placed on its lines is there (issue 18: the
board's tiles are separated by thin darker lines; a crop moves them, it does not add any).
The screen is drawn as the variant sweeps draw it and located with OCR off.
"""

from __future__ import annotations

import numpy as np
import pytest

from disco_zoo_variants import drawn, variant
import gridsight.vision.lattice as lattice_module
from gridsight.games.disco_zoo.screen import locate_rescue, screen_facts
from test_disco_zoo_hunt31 import both_reads
from test_disco_zoo_screens import stated_wrong

SEED = 1_160_005


@pytest.fixture(scope="module")
def cropped():
    """(the crop variant, its board text, the board's corner and pitch in it)."""
    shot, text = drawn(SEED, True, "all")
    image = variant("crop", shot, SEED)
    top, left = np.random.default_rng([SEED, 29]).integers(2, 9, 4)[:2]
    (x0, y0), (x1, _) = np.asarray(shot.geometry.board_to_image([(0.0, 0.0), (5.0, 5.0)]))
    return image, text, (x0 - left, y0 - top, (x1 - x0) / 5)


def _placed(screen, corner) -> bool:
    x, y, pitch = corner
    lat = screen.lattice
    return abs(lat.x - x) < 1.5 and abs(lat.y - y) < 1.5 and abs(lat.pitch_x - pitch) < 0.5


def test_the_crop_is_read_on_the_boards_own_lattice(cropped, monkeypatch):
    # Jungle, three common Gorillas' tiles of nearly the lawn's green, one Phoenix; 5, 8, 5,
    # 6 px cut off the edges. The lattice one row under the board, refined on lines partly
    # off it (pitch 66.85 for 68.2), was moved a row up, unrefined: 3 px inside the board's
    # own lattice (lines 0.571 to 0.611), its cells cut across the tiles' rounded corners,
    # it read every tile (the board's own reads the Gorilla at (3,3) hidden) and was taken;
    # no card was found on it and the found Gorilla at (4,3) was stated untapped with
    # --animals. Only the board's own lattice stands there now: the screen reads exactly.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    image, text, corner = cropped
    assert text.splitlines()[7].split()[3] == "1"  # the Gorilla at (4,3)
    screen = locate_rescue(image)
    assert _placed(screen, corner), screen.lattice
    plain, warnings, asked, unread, named, _ = both_reads(screen, image, text)
    assert not isinstance(named, str), named
    assert not stated_wrong(text, named.text, named.warnings, named.unread)
    assert not plain or not stated_wrong(text, plain, warnings, unread)


def test_one_candidate_at_the_boards_place(cropped):
    # the board's own lattice, refined on its lines, and no other of about its pitch there
    image, _, (x, y, pitch) = cropped
    facts = screen_facts()
    found = lattice_module.lattice_candidates(image, 5, 5, min_width=facts["board_min_width"],
                                              keep=5, shifts=2)
    there = [lat for lat in found if abs(lat.x - x) < pitch / 3 and abs(lat.y - y) < pitch / 3
             and abs(lat.pitch_x / pitch - 1) < lattice_module.SAME_PITCH]
    assert len(there) == 1, there
    assert abs(there[0].pitch_x - pitch) < 0.5, there
