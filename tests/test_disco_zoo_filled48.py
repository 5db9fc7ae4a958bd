"""Box rows read with more boxes filled than drawn, confidently (session 48): fills this
reader cannot tell from unfilled boxes (:func:`~gridsight.games.disco_zoo.cards.fills_untold`)
leave the row's count not counted on (``fills_sure`` False); the fills keep their rarity.

- Variants 1270538 at 0.6x as JPEG 60 (``sj``, the widest look): the Horse's row "3 of 3" rare
  at 0.83 where 2 are drawn; its unfilled middle, mostly its grey border with a lavender fill's
  colour bled from the box beside it, 19 Lab from its two rare fills (:data:`UNLIKE_FILLS`).
- Wider-look 1262123 at 1.79x (OCR off): unfilled insides drawn 1.35 of the green card, near
  the common green: three rows "3 of 3", "4 of 4", "3 of 3" common at up to 1.0 where 0, 1, 0
  are drawn, every box of the screen read filled (:data:`LIGHTER`); ten grass tiles were left
  unread for them.
"""

from __future__ import annotations

import numpy as np

from gridsight.games.disco_zoo.cards import LIGHTER, UNLIKE_FILLS, _lab, fills_untold
from gridsight.vision.boxrow import BoxRow
from kit.disco_reads import SeedRead, _ocr_off, located, seed_read
from kit.disco_screens import real_screen

CARD = (44.0, 143.0, 103.0)  # (BGR) 1262123's green card
LIGHT = (210.0, 250.0, 225.0)  # a light border


def _row(middles) -> BoxRow:
    n = len(middles)
    boxes = tuple((20 * k, 0, 16, 16) for k in range(n))
    return BoxRow(boxes, tuple(middles), (LIGHT,) * n, 1.0, (LIGHT,) * n, (8.0,) * n)


def _apart(one, other) -> float:
    return float(np.linalg.norm(_lab(np.array(one, np.float32)) -
                                _lab(np.array(other, np.float32))))


def _filled(n: int) -> list[tuple[bool, str, float]]:
    return [(True, "common", 10.0)] * n


def test_the_horses_row_read_over_is_not_counted_and_keeps_its_rarity():
    seen = seed_read(1_270_538, variant="sj", ocr=True)
    assert seen.text.splitlines()[:2] == ["region: Farm", "animals: Pig, Rabbit, Horse"]
    screen = seen.found
    assert not isinstance(screen, str), screen
    horse = screen.cards[2]
    assert horse.boxes is not None and horse.boxes.count == 3
    assert horse.boxes.filled == 3 and horse.boxes.rarity == "rare"  # (2 drawn: read over)
    assert min(min(box[2], box[3]) for box in horse.boxes.boxes) >= 7  # big enough to tell
    assert horse.boxes.found is None  # not counted on
    assert horse.rarity == "rare"  # the fills' rarity kept (the Horse is rare)
    seen.assert_read_right()


def test_a_screen_of_fills_like_a_lighter_card_is_not_counted():
    shot, text, image, _ = real_screen(23, 1_262_100, wider=True)
    with _ocr_off():
        screen = located(image)
    seen = SeedRead(text, image, shot, screen, None)
    assert text.splitlines()[:2] == ["region: Farm", "animals: Horse, Pig, Cow"]
    rows = [card.boxes for card in screen.cards]
    assert [(b.count, b.filled) for b in rows if b is not None] == [(3, 3), (4, 4), (3, 3)]
    assert all(b is not None and b.found is None for b in rows)  # 0, 1, 0 drawn
    seen.assert_read_right()
    assert seen.plain[0] and not seen.plain[4]  # read whole: no grass tile left unread


def test_fills_unlike_each_other_are_untold():
    alike = _row([(200.0, 150.0, 190.0), (201.0, 151.0, 189.0), (199.0, 150.0, 191.0)])
    assert not fills_untold(alike, CARD, _filled(3), [5.0] * 3, False)
    far = (120.0, 150.0, 190.0)  # (a fill's colour bled into an unfilled middle)
    assert _apart((200.0, 150.0, 190.0), far) >= UNLIKE_FILLS
    unlike = _row([(200.0, 150.0, 190.0), (200.0, 150.0, 190.0), far])
    assert fills_untold(unlike, CARD, _filled(3), [5.0] * 3, False)
    # a box read unfilled is no fill to be unlike
    assert not fills_untold(unlike, CARD, _filled(2) + [(False, "", 10.0)], [5.0, 5.0, 0.0],
                            False)


def test_fills_like_a_lighter_card_are_untold_only_when_no_box_reads_unfilled():
    lighter = tuple(float(v) for v in np.array(CARD) * float(LIGHTER[-2, 0]))
    row = _row([lighter] * 3)
    assert fills_untold(row, CARD, _filled(3), [8.0] * 3, True)
    assert not fills_untold(row, CARD, _filled(3), [8.0] * 3, False)  # the screen's own look
    # a fill much nearer its rarity's colour than any lighter shade is told
    pink = _row([(200.0, 120.0, 250.0)] * 3)
    assert not fills_untold(pink, CARD, _filled(3), [2.0] * 3, True)
