"""Disco Zoo box rows that miss a box or take in the line above them (38th session).

Fresh widest 1073022 at 0.62x: the Elephant's first box, filled in the rare blue, shows no
border of its own and its card's panel was found 13 px narrow: the row read "2 boxes, none
filled" at 0.62, clearly and wrong. A patch of a third colour on the row's step just past its
end now sets the row aside (:func:`~gridsight.games.disco_zoo.cards._box_beside`), unless
that place is on the next card (wider 1071037: two cards side by side, the next card's
filled first box one step past the first card's row). Widest 1028039 at 1.97x: the Horse's
YOU HAVE line joins its boxes in one band, read as "2 of 2 filled" mythical at 0.84; boxes
with no top border of their own set the row and its fills' rarity aside, and the reading
with ``--animals`` says so (:func:`~gridsight.games.disco_zoo.cards._run_into`). Since the
44th session the row under the line is found (3 boxes, none filled, as drawn:
:func:`~gridsight.vision.boxrow._finer_below`); a row run into is still set aside.

Widest 1004010 at 2.59x: three cards 106 px wide whose YOU HAVE lines run 36 px past their
sides; the cards were found, but the lines beside them were taken for a card missed, so no
cards were read. Ink running on from a card found's side (no ground between but a letter's
gap), no farther than half its width, is now that card's own
(:func:`~gridsight.games.disco_zoo.cards._overflow_dropped`).
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.cards import FAINT_ROW, UNSURE_LINE, _overflow_dropped
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.panels import Panel
from kit.disco_reads import on_demand, read_given
from test_disco_zoo_cards33 import widest_reads
from kit.disco_reads import stated_wrong
from kit.disco_screens import real_screen

BORDERLESS_FILL = 1_073_022  # widest: the Elephant's filled box shows no border
RUN_INTO = 1_028_039  # widest: the Horse's YOU HAVE line joins its boxes
SIDE_BY_SIDE = 37  # wider 1071000 + 37: the next card's filled box a step past the row
OVERFLOWING = 10  # widest 1004000 + 10: the YOU HAVE lines run 36 px past 106 px cards


@pytest.fixture(scope="module")
def reads():
    """A widest screen located and read with no options (:func:`widest_reads`), each when a
    test first asks for it (:func:`kit.disco_reads.on_demand`)."""
    return on_demand(widest_reads)


def test_a_row_with_a_fill_just_past_its_end_is_not_counted_on(reads):
    drawn, screen, text, plain, warnings, unread = reads(BORDERLESS_FILL)
    assert len(screen.cards) == len(drawn) == 3
    elephant = screen.cards[2].boxes
    assert drawn[2].boxes == 3 and elephant is not None
    if (elephant.count, elephant.filled) != (drawn[2].boxes, drawn[2].filled):
        # one box short (the fill past the row's end): not counted on (was 0.62)
        assert elephant.count == 2 and elephant.confidence <= FAINT_ROW
    # (since the 43rd session the card cut by the search area's side is sought again in the
    # wider area (cards._cut_by_the_area) and its whole row is read: 3 boxes, 1 filled)
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_the_next_cards_box_a_step_past_the_row_is_its_own():
    shot, _, image, _ = real_screen(SIDE_BY_SIDE, 1_071_000, wider=True)
    cards = locate_rescue(image).cards
    drawn = shot.extras["cards"]
    assert len(cards) == len(drawn) == 2
    first = cards[0].boxes
    assert first is not None and (first.count, first.filled) == (drawn[0].boxes, drawn[0].filled)
    assert first.confidence > 0.5  # read clearly, and right: kept


def test_a_row_run_into_the_line_above_is_set_aside_with_a_warning(reads):
    drawn, screen, text, plain, warnings, unread = reads(RUN_INTO)
    horse = screen.cards[2]
    assert drawn[2].name == "Horse" and horse.boxes is not None
    assert not any(card.run_into for card in screen.cards[:2])
    if horse.run_into:
        assert horse.boxes.confidence <= FAINT_ROW
        assert horse.rarity_confidence <= UNSURE_LINE  # (its fills read mythical at 0.84)
        reading = read_given(screen, text)
        assert any("card 3's box row runs into the line above it" in w
                   for w in reading.warnings)
    else:  # (since the 44th session the row under the line is found: boxrow._finer_below)
        assert (horse.boxes.count, horse.boxes.filled) == (drawn[2].boxes, drawn[2].filled)
        assert horse.rarity in ("", drawn[2].rarity)
    if plain:
        assert stated_wrong(text, plain, warnings, unread) == []


def test_cards_whose_lines_run_past_their_sides_are_read():
    shot, _, image, _ = real_screen(OVERFLOWING, 1_004_000, wider=True, widest="all")
    cards = locate_rescue(image).cards  # (none were: the lines taken for a card missed)
    drawn = shot.extras["cards"]
    assert len(cards) == len(drawn) == 3
    for card, seen in zip(drawn, cards):
        assert seen.boxes is not None, card.name
        assert (seen.boxes.count, seen.boxes.filled) == (card.boxes, card.filled), card.name


def test_only_ink_running_on_from_a_side_is_the_cards_own():
    panels = [Panel((100, 0, 100, 80), (0.0, 0.0, 0.0))]  # its clear band 96..204, pitch 50
    lines = [(204, 210), (211, 230), (70, 80), (81, 96)]  # letters' gaps of 1 px, each side
    assert _overflow_dropped(sorted(lines), panels, 0, 4, 50.0) == []
    missed = [(20, 60), (204, 210), (230, 300)]  # a card a gap of ground away; one too wide
    assert _overflow_dropped(missed, panels, 0, 4, 50.0) == [(20, 60), (230, 300)]
    assert _overflow_dropped([(204, 250), (251, 300)], panels, 0, 4, 50.0) == [(204, 250),
                                                                                (251, 300)]
