"""A card box marked a little off at calibration (``--cards``): its top tucked under the title
bar, the part of the bar that hides the card marked in (issue 18, item 5). The box is taken as
the card seen (:func:`gridsight.games.disco_zoo.screen.cards_for`: the bar's rows left out),
and the counter's search, whose band ends at the cards' top, still reads the whole bar's
digit (:func:`~gridsight.games.disco_zoo.screen.read_counter`). One drawn rescue, no search
for the board: a fraction of a second.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gridsight.calibration import _board_box
from gridsight.games.disco_zoo.cards import CardSeen
from gridsight.games.disco_zoo.screen import cards_for, counter_for, read_counter
from gridsight.readers.find import load_game_pack
from gridsight.vision.lattice import Lattice
from gridsight.vision.panels import Panel
from kit.skins import disco_zoo_real as real

ANIMALS = (("Gorilla", "common"), ("Panda", "rare"), ("Tiger", "rare"))
CELLS = [["ground"] * 5 for _ in range(5)]
CELLS[3][0], CELLS[1][1], CELLS[4][4] = "animal:Gorilla", "animal:Panda", "animal:Tiger"
CELLS[2][2] = CELLS[0][4] = CELLS[2][0] = "empty"  # 6 tapped: 4 attempts left
SEED = 1  # a bar with a bold word whose strokes make rows mostly ink, over the cards' columns


@pytest.fixture(scope="module")
def rescue():
    shot = real.render(CELLS, animals=ANIMALS, attempts=4, region="Jungle", seed=SEED)
    look = shot.extras["look"]
    lattice = Lattice(look.board_x, look.board_y, look.cell, look.cell, 5, 5, 1.0)
    return shot, look, lattice


def _tucked(shot, look, share: float) -> list[tuple[int, int, int, int]]:
    """Each card's box as seen, its top raised ``share`` of the bar's height into the bar."""
    top = int(look.card_visible_top - share * look.bar_height)
    return [(x, top, w, y + h - top) for x, y, w, h in (c.box for c in shot.extras["cards"])]


@pytest.mark.parametrize("share", [0.4, 0.55])
def test_the_counter_reads_over_cards_whose_top_is_under_the_bar(rescue, share):
    shot, look, lattice = rescue
    cards = tuple(CardSeen(Panel(box, look.card_color)) for box in _tucked(shot, look, share))
    assert read_counter(shot.image, lattice, cards).value == 4


def test_a_marked_card_box_is_taken_as_the_card_seen(rescue):
    shot, look, lattice = rescue
    boxes = _tucked(shot, look, 0.55)
    units = tuple(_board_box(lattice.geometry(), box) for box in boxes)
    pack = replace(load_game_pack("disco-zoo", None), furniture={"cards": units})
    cards = cards_for(shot.image, lattice, pack)
    assert [c.panel.box[1] for c in cards] == [look.card_visible_top] * 3
    assert counter_for(shot.image, lattice, cards, pack).value == 4
