"""Disco Zoo cards' names and rarities on the widest real-look screens (35th session).

A card whose fills read a rarity clearly, yet whose name line's length fits no animal of that
rarity and of its boxes, has that rarity doubted and its names read again without it
(:func:`gridsight.games.disco_zoo.lengths.rarity_belied`); a rarity no animal of its boxes
has is no clue to its name (:func:`gridsight.games.disco_zoo.names._clue`). A long name cut
where a word ends is offered as its first words (:func:`gridsight.games.disco_zoo.names.card_texts`),
and a line holding a glyph that may be two letters settles no name by its length or shapes
that another option's length may fit (:func:`gridsight.games.disco_zoo.lengths.length_unsure`).
The screens are drawn again as the screens test draws them and read with no options.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gridsight.games.disco_zoo import names
from gridsight.games.disco_zoo.lengths import length_unsure, letter_spans
from gridsight.games.disco_zoo.settle import RARITY_SURE
from kit.disco_reads import assert_nothing_stated_wrong, seed_read

SCREENS = (995012, 995033, 1008013)


@pytest.fixture(scope="module")
def reads():
    """seed -> (its cards as drawn, the screen found, its truth, the text read, the request
    for --animals), each read with no options and OCR off."""
    out = {}
    for seed in SCREENS:
        seen = seed_read(seed, seed - seed % 10_000)
        assert seen.refused is None, seen.refused
        plain, _, asked, _, _ = seen.plain
        out[seed] = (seen.shot.extras["cards"], seen.screen, seen.text, plain, asked)
    return out


def test_a_rarity_the_name_lines_length_belies_is_not_counted_on(reads):
    # 2.52x: a rare Saber Tooth's fills drawn dark maroon read mythical at 0.95, and its card
    # was asked as the Akhlut alone (Ice Age's one mythical of three tiles); SABER TOOTH is
    # two words of five letters, AKHLUT one of six
    drawn, screen, text, plain, asked = reads[995012]
    assert [card.name for card in drawn][0] == "Saber Tooth"
    first = screen.cards[0]
    assert first.rarity == "mythical" and first.rarity_confidence >= RARITY_SURE
    if plain:
        assert_nothing_stated_wrong(text, plain)
    else:
        listed = asked.split("card 1: ")[1].split(";")[0]
        assert "Saber Tooth" in listed, asked


def test_a_rarity_no_animal_of_the_cards_boxes_has_is_no_clue_to_its_name():
    # widest 995014 at 1.63x: a common Marsmot's four boxes, its one fill read rare at 0.21;
    # no rare animal covers four tiles, and the names' every-clue reading found no name for it
    def card(count: int, rarity: str, confidence: float = 0.21):
        return SimpleNamespace(boxes=SimpleNamespace(count=count, confidence=confidence),
                               rarity=rarity, rarity_confidence=confidence)

    assert names._clue(card(4, "rare")) == (4, "")
    assert names._clue(card(4, "common")) == (4, "common")
    assert names._clue(card(3, "mythical", 0.9), sure=True) == (3, "mythical")
    assert names._clue(card(2, "rare", 0.9), sure=True) == (2, "")
    assert names._clue(card(5, "rare")) == (5, "rare")  # a pet's, whatever its colours read


def _line(widths: list[int], width: int) -> names.TextLine:
    """A one-word name line of glyphs ``widths`` wide (stand-ins with boxes only), the line
    ``width`` wide."""
    glyphs = tuple(SimpleNamespace(box=(11 * k, 0, w, 12)) for k, w in enumerate(widths))
    return names.TextLine(glyphs, (len(widths),), (0, 0, width, 12), 12.0,  # type: ignore[arg-type]
                          (0.0, 0.0, 0.0))


def test_a_long_name_cut_where_a_word_ends_reads_as_its_first_words(reads):
    # widest 995033 at 2.01x: FLYING SQUIRREL written FLYING, 84 pixels of a 125-pixel card
    # (no trailing space nor the next word's letter shown: two cells short of a full line)
    texts = names.card_texts(_line([11, 10, 10, 2, 11, 11], 84), 125)
    assert "FLYING SQUIRREL" in texts["FLYING"]
    assert "PLATYP" not in texts  # a cut inside a word shows as wide as the card
    assert "FLYING" not in names.card_texts(_line([11, 10, 10, 2, 11, 11], 60), 125)
    drawn, _, text, plain, asked = reads[995033]
    assert drawn[0].name == "Flying Squirrel"
    assert plain, asked
    assert_nothing_stated_wrong(text, plain)


def test_a_glyph_that_may_be_two_letters_leaves_the_lines_length_unsure(reads):
    # fresh widest 1008013 at 1.2x: PENGUIN in six glyphs, its IN one 18 pixels wide among
    # letters of 10; read MUSKOX by its shapes, the only six-letter option, it was stated
    penguin = _line([10, 10, 10, 10, 10, 18], 72)
    assert {(6,), (7,)} <= letter_spans(penguin, 10.0)
    assert length_unsure(penguin, "Muskox", ("Penguin", "Muskox", "Seal"), 10.0)
    assert not length_unsure(penguin, "Muskox", ("Muskox", "Seal"), 10.0)
    snowy = _line([10, 10, 10, 12, 10], 55)  # a W a little wider: one letter
    assert letter_spans(snowy, 10.0) == {(5,)}
    # widest 850000 at 1.3x: a font's W as wide, where the name read has a W
    kiwi = _line([13, 12, 21, 13], 72)
    assert not length_unsure(kiwi, "Kiwi", ("Kiwi", "Camel"), 8.0)
    assert length_unsure(_line([13, 12, 13, 21], 72), "Kiwi", ("Kiwi", "Camel"), 8.0)  # no W
    drawn, _, text, plain, asked = reads[1008013]
    assert drawn[0].name == "Penguin"
    if plain:
        assert_nothing_stated_wrong(text, plain)


def _piece(x: int, y: int, widths: list[int], height: int, step: int) -> names.TextLine:
    """A one-word line of glyphs ``widths`` wide, each ``step`` after the last, from (x, y)."""
    glyphs = tuple(SimpleNamespace(box=(x + step * k, y, w, height)) for k, w in enumerate(widths))
    right = x + step * (len(widths) - 1) + widths[-1]
    return names.TextLine(glyphs, (len(widths),), (x, y, right - x, height),  # type: ignore[arg-type]
                          float(height), (0.0, 0.0, 0.0))


def test_pieces_of_a_name_side_by_side_are_joined_as_one_line():
    # widest 995023 at 0.99x: DIPLODOCUS found as DI (146, 90, 11, 7) and the rest
    # (160, 87, 49, 11), three pixels apart; the nearer piece, DI, was taken for the name
    rest = _piece(160, 87, [6, 6, 5, 6, 6, 6], 11, 8)
    di = _piece(146, 90, [6, 2], 7, 9)
    [joined] = names._side_by_side_joined([rest, di])
    assert joined.words == (8,) and joined.box == (146, 87, 60, 11)
    apart = _piece(141, 88, [6, 6], 10, 8)  # a word a space (5 px) to the left: two words
    assert names._side_by_side_joined([rest, apart])[0].words == (2, 6)
    above = _piece(160, 70, [6, 6, 6], 11, 8)  # a line above (a sprite's patches): kept apart
    assert len(names._side_by_side_joined([above, rest])) == 2


def test_a_title_of_unsure_length_says_no_region_by_its_length():
    # a title's six glyphs, the last 1.6 letters wide: JUNGLE as counted, or seven letters
    # (OUTBACK) with that glyph two; its length alone tells neither
    from gridsight.games.disco_zoo.lengths import lengths_say

    regions = ("Jungle", "Outback", "Polar")
    assert lengths_say(_line([10, 10, 10, 10, 10, 10], 65), regions) == ["Jungle"]
    assert set(lengths_say(_line([10, 10, 10, 10, 10, 16], 70), regions)) == \
        {"Jungle", "Outback"}


def test_a_name_found_in_two_pieces_side_by_side_is_read_whole(monkeypatch):
    # widest 995023 at 0.99x: card 2's DIPLODOCUS as DI and the rest; DI alone was taken for
    # its name, and its candidates were any Jurassic animal's
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    seen = seed_read(995_023, 995_000)
    assert seen.shot.extras["cards"][1].name == "Diplodocus"
    image, screen = seen.image, seen.found
    assert not isinstance(screen, str), screen
    words = names.screen_words(image, screen.cards, screen.lattice.y, None)
    line = words.lines["names"][1]
    assert line is not None and line.box[0] <= 147 and line.box[2] >= 55, line.box
    assert words.cards[1].candidates == ("Diplodocus",)
