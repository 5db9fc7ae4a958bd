"""Session 30's Disco Zoo guards, each held by a test that fails without it (found by
sabotaging them one at a time: s31tests). Built boards and colours, no screen rendered.

- A card's rarity is never taken from boxes filled in two rarities (``cards.classify_boxes``):
  the ``YOU HAVE`` tint's rarity stays, whichever of the two a set would hand out first.
- A tile read found beside one read hidden, the line between them lighter than both, lies
  partly under what hides its neighbour (``screen._lit_between``, fresh 640018's toast).
- ``--animals`` checked against the cards seen (``screen_text._names_against_cards``): a
  clear box row no animal named covers is said with its size; more cards than names (but
  no more clear rows) is warned.
"""

from __future__ import annotations

import numpy as np
import pytest

from gridsight.games.disco_zoo.cards import BoxesSeen, CardSeen, classify_boxes, rarity_references
from gridsight.games.disco_zoo.screen import TileSeen, _hide_covered, _lab, screen_facts
from gridsight.games.disco_zoo.screen_text import _names_against_cards
from gridsight.readers.base import ReadError
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.vision.boxrow import BoxRow
from gridsight.vision.lattice import Lattice
from gridsight.vision.panels import Panel

CARD = (205.0, 246.0, 255.0)  # a light cream card (BGR)
BORDER = (120.0, 140.0, 150.0)


def _card(fills: list[str | None], facts: dict) -> CardSeen:
    """A card tinted mythical by its YOU HAVE line (0.8 sure), its boxes' middles filled in
    the rarities ``fills`` names (``None``: unfilled, the card's colour)."""
    refs = {name: tuple(float(v) for v in bgr) for name, bgr in rarity_references(facts).items()}
    boxes = tuple((30 + 14 * k, 106, 10, 10) for k in range(len(fills)))
    insides = tuple(refs[fill] if fill else CARD for fill in fills)
    row = BoxRow(boxes, insides, (BORDER,) * len(fills), 1.0, (BORDER,) * len(fills),
                 (8.0,) * len(fills))
    return CardSeen(Panel((20, 47, 100, 75), CARD), rarity="mythical", rarity_confidence=0.8,
                    row=row)


def test_boxes_filled_in_two_rarities_leave_the_cards_tint_rarity_as_it_was():
    facts = screen_facts()
    one, two, three = classify_boxes((_card(["rare", "rare", None, None], facts),
                                      _card(["rare", "common", None, None], facts),
                                      _card(["common", "rare", None], facts)), facts, {})
    # one rarity's fills tell the card's rarity, surely
    assert (one.rarity, one.boxes.rarity) == ("rare", "rare") and one.rarity_confidence > 0.5
    # two rarities' fills tell none: the tint's stays, as sure as it was (both orders)
    for card in (two, three):
        assert card.boxes.filled == 2 and card.boxes.rarity == "" and card.boxes.confidence == 0
        assert (card.rarity, card.rarity_confidence) == ("mythical", 0.8)


PITCH = 40
GRASS = (110, 190, 80)  # BGR
LINE = (60, 110, 40)
FOUND = (118, 204, 72)  # the common rarity's colour (BGR)
TOAST = (225, 232, 228)  # a pale notification's colour (Lab L 91; the tiles 69 and 73)
FAINT = (150, 215, 130)  # a band only 6 L lighter than the lighter tile


def _board(toast: tuple[int, int, int] | None) -> tuple[np.ndarray, Lattice]:
    """A 5x5 lawn, its lines dark, a found tile at (4, 2); with ``toast``, a band of that
    colour over the bottom row from its left edge to the found tile's middle, across the line
    between (4, 1) and (4, 2)."""
    image = np.full((5 * PITCH + 20, 5 * PITCH + 20, 3), LINE, np.uint8)
    for r in range(5):
        for c in range(5):
            y, x = 10 + r * PITCH, 10 + c * PITCH
            image[y + 1 : y + PITCH - 1, x + 1 : x + PITCH - 1] = FOUND if (r, c) == (4, 2) \
                else GRASS
    if toast is not None:
        y = 10 + 4 * PITCH
        image[y + 8 : y + PITCH - 8, 10 : 10 + 2 * PITCH + PITCH // 2] = toast
    return image, Lattice(10.0, 10.0, float(PITCH), float(PITCH), 5, 5, 1.0)


def _after_hiding(toast: tuple[int, int, int] | None) -> list[TileSeen]:
    image, lattice = _board(toast)
    tiles = [TileSeen("ground") for _ in range(25)]
    tiles[21] = TileSeen("hidden", confidence=0.0)  # (4, 1): its rim of two colours
    tiles[22] = TileSeen("found", ("common",))
    rims = np.array([_lab(np.array(FOUND if k == 22 else GRASS, np.float32)) for k in range(25)])
    _hide_covered(image, lattice, tiles, rims)
    return tiles


def test_a_found_tile_beside_a_hidden_one_under_a_light_band_over_their_line_is_hidden():
    assert _after_hiding(TOAST)[22].kind == "hidden"
    # the line between them dark as the lawn's lines are, or lit less than LIT_LINE (15 L)
    # above the lighter tile: the found tile stays found
    assert _after_hiding(None)[22].kind == "found"
    assert _after_hiding(FAINT)[22].kind == "found"


def _clear_card(count: int, clear: bool = True) -> CardSeen:
    """A card whose box row of ``count`` boxes is read clearly (or not at all)."""
    boxes = tuple((30 + 14 * k, 106, 10, 10) for k in range(count))
    seen = BoxesSeen(count, 0, "", 1.0, boxes, (False,) * count) if clear else None
    return CardSeen(Panel((20, 47, 100, 75), CARD), boxes=seen)


def _farm(*names: str) -> list:
    animals = {a.name: a for a in load_catalogue().regions["Farm"]}
    return [animals[name] for name in names]


def test_a_cards_clear_row_no_animal_named_covers_is_said_with_its_size():
    """Two cards (rows of 4 and 3) under three names of 4 tiles each: the warning names
    the row of 3, which no animal named covers."""
    warnings: list[str] = []
    _names_against_cards([_clear_card(4), _clear_card(3)], _farm("Sheep", "Pig", "Rabbit"),
                         warnings)
    assert len(warnings) == 1 and "one with a row of 3 boxes, which no animal named" in warnings[0]
    warnings.clear()  # rows the names cover: only the counts are said
    _names_against_cards([_clear_card(4), _clear_card(3)], _farm("Sheep", "Horse", "Pig"),
                         warnings)
    assert len(warnings) == 1 and "row of" not in warnings[0] and "2 card(s) seen" in warnings[0]


def test_more_cards_than_names_with_fewer_rows_read_clearly_is_warned_not_refused():
    """Two cards seen, one row read clearly, one animal named: no refusal (one clear row for
    one name) but a warning that an animal may be left out; as many cards as names: none."""
    warnings: list[str] = []
    _names_against_cards([_clear_card(4), _clear_card(3, clear=False)], _farm("Sheep"), warnings)
    assert len(warnings) == 1 and "2 cards seen for the 1 animal(s) named (Sheep)" in warnings[0]
    warnings.clear()
    _names_against_cards([_clear_card(4), _clear_card(3)], _farm("Sheep", "Horse"), warnings)
    assert warnings == []
    with pytest.raises(ReadError, match="shows 2 animal cards"):
        _names_against_cards([_clear_card(4), _clear_card(3)], _farm("Sheep"), [])
