"""A card shows one box per tile of its animal's pattern (issue 18): a name settled for a card
whose box row, seen but read unclearly, counts other tiles is asked, never stated (session 42).
"""

from __future__ import annotations

from dataclasses import replace

from gridsight.games.disco_zoo.cards import BoxesSeen
from gridsight.games.disco_zoo.settle import CardClue
from gridsight.solvers.disco_zoo.catalogue import load_catalogue


def test_a_name_whose_animal_covers_other_tiles_than_its_row_counts_is_asked(monkeypatch):
    # fresh widest 1162009 at 0.86x (Savanna: Lion, Zebra; names in an outlined font): the
    # L of LION lost in its outline, the line read as three glyphs and told by its length
    # alone as the pet DOG (5 tiles) over the card's row of 3 boxes, whose fills were read
    # unclearly (not counted on); Dog, Hippo was stated. Now asked, the row's count said.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    from kit.disco_reads import located
    from test_disco_zoo_screens import read_plainly, real_screen

    _, text, image, _ = real_screen(9, 1_162_000, wider=True, widest="all")
    assert text.splitlines()[1] == "animals: Lion, Zebra"
    screen = located(image)
    assert [card.boxes.count for card in screen.cards] == [3, 4]
    plain, _, asked, refused = read_plainly(screen, screen.board_read("disco-zoo/structure"),
                                            image)
    assert plain == "" and refused == ""
    assert "card 1 shows a row of 3 boxes" in asked and "Dog" in asked


def test_a_row_counted_on_or_agreeing_belies_nothing():
    from gridsight.games.disco_zoo.screen_text import _boxes_belie

    catalogue = load_catalogue()
    lion, zebra = (next(a for a in catalogue.animals() if a.name == n) for n in ("Lion", "Zebra"))

    class Card:
        def __init__(self, count):
            self.boxes = BoxesSeen(count, 0, "", 0.0)

    unclear = [CardClue(), CardClue()]
    assert _boxes_belie([Card(3), Card(4)], unclear, (lion, zebra)) is None
    assert _boxes_belie([Card(3), Card(3)], unclear, (lion, zebra)) == (1, 3)
    # a row counted on is a clue the settling already held to: not weighed again
    counted = [CardClue(), replace(CardClue(), size=3)]
    assert _boxes_belie([Card(3), Card(3)], counted, (lion, zebra)) is None
    # a name read beyond doubt off the card stands over its unclear row (a row's count rests
    # on its panel found whole)
    assert _boxes_belie([Card(3), Card(3)], unclear, (lion, zebra), [None, ("Zebra",)]) is None
    assert _boxes_belie([Card(3), Card(3)], unclear, (lion, zebra), [("Lion",), None]) == (1, 3)
    # a card with no box row seen, or fewer cards than animals, says nothing
    assert _boxes_belie([Card(0), Card(4)], unclear, (zebra, zebra)) is None
    assert _boxes_belie([Card(3)], unclear, (zebra, zebra)) is None
