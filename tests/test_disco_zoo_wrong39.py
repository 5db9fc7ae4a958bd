"""A confident WRONG of the 39th session's fresh seeds, pinned.

Fresh widest 1108027 at 1.29x (Savanna: Lion, Rhinoceros; 8 attempts left), read with
``--animals``: the Lion's found tile shows its sprite over almost all of it (no rarity's colour
read), and that sprite stands 0.39 from the Rhinoceros's card and 0.49 from the Lion's. The
Rhinoceros's card reads 0 of its 3 boxes filled, clearly (one box is filled per found tile of
an animal: no Rhinoceros tile is found), but a row with no fill is set aside beside a tile of
no colour (its fills may be of that colour), and the Lion's one fill fits a tile left unread:
"Rhinoceros" was stated on the Lion's tile with no warning.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from kit.disco_reads import read_given
from test_disco_zoo_screens import real_screen


@pytest.fixture(scope="module")
def lion():
    _, text, image, _ = real_screen(27, 1_108_000, widest="all")
    screen = locate_rescue(image)
    return text, screen, read_given(screen, text)


def test_a_clear_row_with_no_fill_keeps_a_weak_sprite_from_naming_its_animal(lion):
    """The tile is read the Lion's or asked (the sprite's lead, 1.6 sprite margins, is under
    the two a verdict needs against a clear row), never stated the Rhinoceros's."""
    text, screen, reading = lion
    assert text.splitlines()[6].split()[1] == "1"  # the truth: the Lion's, row 4, column 2
    assert screen.cards[1].boxes.count == 3 and screen.cards[1].boxes.filled == 0
    assert not screen.tiles[3][1].rarities  # (the case guarded: a tile of no colour)
    token = reading.text.splitlines()[6].split()[1]
    assert token in ("1", "*", "1/2"), reading.text
    assert (3, 1) in reading.unsure or token == "1"
