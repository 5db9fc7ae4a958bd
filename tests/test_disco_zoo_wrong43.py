"""Reads found on fresh Disco Zoo seeds in the 43rd session (``s43wrongA``), each held by a rule
of the game (issue 18). The screens are drawn as the screens test draws them and located with
OCR off.
"""

from __future__ import annotations

from gridsight.games.disco_zoo.screen import locate_rescue
from kit.disco_reads import read_given
from test_disco_zoo_screens import real_screen, stated_wrong


def test_a_found_tile_of_no_animals_colour_is_found_when_the_boxes_lack_one(monkeypatch):
    # fresh widest 1167015 at 0.64x (City; Opossum rare, Sewer Turtle mythical; one attempt
    # left): the Opossum's tile at (2,1) is located found (a rounded tile with a picture) but
    # its colour read common, which no animal here has; it was left unread and solved as
    # not yet observed, though the Opossum's card shows 2 boxes filled, clearly, and no
    # Opossum tile is on the board as read. A found tile shows its animal's sprite and the
    # boxes count one per tile found: it is some animal's found tile, never untapped.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(15, 1_167_000, wider=True, widest="all")
    assert text.splitlines()[5].split()[1] == "1"  # the Opossum at (2,1)
    screen = locate_rescue(image)
    assert screen.tiles[2][1].kind == "found"
    reading = read_given(screen, text, image=image)
    assert reading.text.splitlines()[5].split()[1] not in (".", "-"), reading.text
    assert (2, 1) not in reading.unread
    assert not stated_wrong(text, reading.text, reading.warnings, reading.unread)
