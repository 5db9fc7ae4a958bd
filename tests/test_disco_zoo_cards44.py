"""Disco Zoo cards and box rows session 43 left misread (44th session).

Widest 1164000 at 1.20x: the Elk's four boxes of 11 px stand right under its YOU HAVE line's
dark backdrop, no waist, ledge or flat foot between them; the band of both was read as the row,
two "boxes" of 20 px each over two real ones. The band's lower rows are tried for a row of
more boxes, as tall as they are wide, within the columns of those found
(:func:`~gridsight.vision.boxrow._finer_below`).
"""

from __future__ import annotations

from test_disco_zoo_cards41 import _located

LINE_ON_BOXES = 1_164_000  # widest: the Elk's YOU HAVE line joined to its four boxes
ELK = 2


def test_a_line_joined_to_the_boxes_under_it_is_not_read_as_boxes():
    drawn, screen = _located(LINE_ON_BOXES)
    assert len(drawn) == 3 and len(screen.cards) == 3
    card, seen = drawn[ELK], screen.cards[ELK]
    assert card.name == "Elk" and seen.boxes is not None
    assert seen.boxes.count == card.boxes == 4  # (two boxes of 20 px before)
    for x, y, w, h in seen.boxes.boxes:
        assert abs(w - h) <= 2  # square, the line's rows left out
        assert seen.have_box is not None and y >= seen.have_box[1] + seen.have_box[3] - 1
