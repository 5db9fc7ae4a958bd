"""A box fill of no rarity's colour, as near two (issue 18: a filled box is in the rarity's
colour): the card's rarity is not settled by it. The screen is drawn as the screens test
draws it and read with OCR off.
"""

from __future__ import annotations

from test_disco_zoo_screens import located_and_read, real_screen


def test_a_fill_as_far_from_two_rarities_settles_neither(monkeypatch):
    # fresh widest 1168029 at 1.27x (Farm, one card Horse, 3 boxes, one filled): the rare fill,
    # drawn dark purple (L* 24) in middles of 22 px, stands 64.7 from rare's colour and 60.3
    # from mythical's. Blended with the box's green edge it came 35.9 from mythical, and the
    # row read mythical at 0.63: with 3 boxes on the Farm the card was stated Unicorn.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(29, 1_168_000, wider=True, widest="all")
    assert "animals: Horse" in text
    screen, plain, asked = located_and_read(image)
    (card,) = screen.cards
    assert card.boxes is not None and (card.boxes.count, card.boxes.filled) == (3, 1)
    assert card.boxes.rarity != "mythical"
    assert "Unicorn" not in plain + asked
