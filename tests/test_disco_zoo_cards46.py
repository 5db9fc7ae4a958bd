"""Disco Zoo: a box cut by the side of the area a card's row is sought in (46th session,
``s46box``; the root of session 45's open WRONG, variant j40 of widest 1231010).

A card's row is sought a few pixels inside the card's sides (4% of its width each side), and a
row as wide as its card may have its last (or first) box cut there: widest 1231010 under JPEG
40 (Moon: Lunar Tick, Moonkey) drew boxes of 14 px, the fourth ending a pixel before the
card's edge, cut to 11 px by the area's side. Its middle, read over the part inside, fell
beside the unfilled box's small middle (2 px of the card's colour in a thick pink border) and
read the border: filled, 3 found of 4, ruling Moon's animals out, and City's Rat, Pigeon were
stated (session 45 made the title ask; the box misread stood). ``box_row`` now takes such a
box as wide as the row's others (:func:`gridsight.vision.boxrow._regrown`), its middle read at
the box's own centre. Screens drawn as ``bench/disco_zoo_variants.py`` draws them, OCR off.
"""

from __future__ import annotations

import numpy as np
import pytest
from disco_zoo_variants import drawn, variant
from kit.disco_reads import read_plain_afresh, stated_wrong

from gridsight.games.disco_zoo import screen_text
from gridsight.games.disco_zoo.cards import classify_boxes, read_card
from gridsight.games.disco_zoo.screen import locate_rescue, screen_facts
from gridsight.vision.boxrow import box_row
from gridsight.vision.panels import Panel

MOON = 1_231_010

GROUND = (100, 54, 76)  # BGR, the j40 screen's own colours
CARD = (82, 62, 75)
PINK = (150, 125, 215)  # the boxes' thick borders, near the mythical fill
FILL = (212, 142, 246)  # the mythical rarity's colour


def _cards(rows: list[tuple[bool, ...]]) -> tuple[np.ndarray, list[Panel]]:
    """Cards 92x121 side by side (our own skin, as the widest look draws them), each a sprite,
    a name line, a YOU HAVE line and a row of boxes of 14 px, 24 apart, from 5 px in: the
    last box ends a pixel before the card's edge, 3 px past the area its row is sought in.
    Each box a 6 px pink border round a 2 px middle, the fill's colour where ``rows`` says
    filled, else the card's."""
    image = np.full((170, 20 + 112 * len(rows), 3), GROUND, np.uint8)
    panels = []
    for j, fills in enumerate(rows):
        x, y, w, h = 10 + 112 * j, 20, 92, 121
        image[y : y + h, x : x + w] = CARD
        image[y + 20 : y + 40, x + 38 : x + 54] = (60, 200, 60)
        image[y + 46 : y + 52, x + 10 : x + 80] = (200, 140, 220)
        image[y + 56 : y + 62, x + 12 : x + 76] = (120, 220, 180)
        for k, filled in enumerate(fills):
            bx, by = x + 5 + 24 * k, y + 68
            image[by : by + 14, bx : bx + 14] = PINK
            image[by + 6 : by + 8, bx + 6 : bx + 8] = FILL if filled else CARD
        panels.append(Panel((x, y, w, h), tuple(float(v) for v in CARD)))
    return image, panels


def test_a_box_cut_by_the_areas_side_is_read_whole():
    image, (panel,) = _cards([(True, True, False, False)])
    x, y, w, h = panel.box
    row = box_row(image, (x + 4, y + 60, w - 8, h - 60), panel.color, min_side=3.0)
    assert row is not None
    assert [box[2] for box in row.boxes] == [14, 14, 14, 14]  # (the last was 11)
    assert row.boxes[-1][0] + 14 == x + w - 1
    # its middle the card's colour (an unfilled box), not the pink border beside it
    assert np.allclose(row.insides[-1], CARD, atol=1)
    # cut by the picture's own edge the box stays as found (not grown past the picture)
    cut = image[:, : x + w - 4]
    row = box_row(cut, (x + 4, y + 60, w - 8, h - 60), panel.color, min_side=3.0)
    assert row is not None and row.boxes[-1][0] + row.boxes[-1][2] <= cut.shape[1]


def test_a_cut_last_box_empty_or_filled_is_read_right_or_unsure():
    facts = screen_facts()
    rows = [(True, True, False, False), (True, False, True, True)]
    image, panels = _cards(rows)
    cards = classify_boxes(tuple(read_card(image, panel, facts, 40.0) for panel in panels),
                           facts, {})
    for card, fills in zip(cards, rows):
        seen = card.boxes
        assert seen is not None and seen.count == 4
        # (the empty last box read filled, 3 of 4 at 0.77, before)
        assert seen.fills == fills or seen.confidence == 0.0, seen


@pytest.fixture(scope="module")
def moon():
    shot, text = drawn(MOON, True, "all")
    image = variant("j40", shot, MOON)
    return image, text, locate_rescue(image)


def test_the_lunar_ticks_cut_box_reads_unfilled(moon):
    _, text, screen = moon
    assert text.splitlines()[1] == "animals: Lunar Tick, Moonkey"
    for card in screen.cards:
        assert card.boxes is not None and card.boxes.count == 4
        assert [box[2] for box in card.boxes.boxes] == [14] * 4
        assert card.boxes.fills[3] is False or card.boxes.confidence == 0.0


def test_moon_at_jpeg40_is_not_stated_city_with_the_title_unheard(monkeypatch, moon):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    monkeypatch.setattr(screen_text, "_title_belies", lambda *args, **kwargs: None)
    image, text, screen = moon
    plain, warnings, asked, _, unread = read_plain_afresh(screen, image)
    assert plain or asked
    if plain:  # (was City: Rat, Pigeon, stated with no warning)
        assert stated_wrong(text, plain, warnings, unread) == []
