"""Reads found on fresh Disco Zoo seeds in the 43rd session (``s43wrongA``), each held by a rule
of the game (issue 18). The screens are drawn as the screens test draws them and located with
OCR off.
"""

from __future__ import annotations

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.settle import BOX_SURE
from kit.disco_reads import read_given
from kit.disco_reads import stated_wrong
from kit.disco_screens import located_and_read, real_screen


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


def test_a_box_row_under_the_sprites_foot_and_one_line_is_not_counted_on(monkeypatch):
    # fresh 1181001 at 0.66x (Constellation, one Corvus card, 4 boxes of 7 px): its YOU HAVE
    # 4 line blurred into the boxes, read with them as a row of two boxes 13x16 (0.93); the
    # sprite's foot, on the picture's last row, taken for the name line and the name for YOU
    # HAVE; the title's region and two boxes left the Pegasus alone, stated with no options.
    # A card shows its sprite, its name, its YOU HAVE line, then its boxes (issue 18): one
    # line under the foot is a line short, and the row under it is not counted on.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(1, 1_181_000)
    screen, plain, asked = located_and_read(image)
    (card,) = screen.cards
    assert card.boxes is not None and card.boxes.count == 2  # (the row as misread)
    assert card.boxes.confidence < BOX_SURE
    assert plain or asked
    assert not plain or not stated_wrong(text, plain), plain
