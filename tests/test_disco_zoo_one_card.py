"""A one-card screen's region and name are read together (each ranked with the other), so each
agrees with the other whether right or wrong: the guards that keep such a pair from being
settled with no check of its own (:func:`gridsight.games.disco_zoo.screen_text._one_card_doubted`,
:func:`gridsight.games.disco_zoo.lengths.lengths_say`). Seed 471000 is the fresh seed on which
two one-card screens were read confidently wrong (Farm / Sheep for City / Raccoon, Farm /
Rabbit for Mars / Marsmot)."""

from __future__ import annotations

from gridsight.games.disco_zoo import names, screen_text
from gridsight.games.disco_zoo.lengths import lengths_say
from gridsight.games.disco_zoo.title_region import unvouched
from test_disco_zoo_lengths import _glyph_line
from test_disco_zoo_screens import located_and_read, real_screen

REGIONS = ("Farm", "City", "Mars", "Moon", "Nocturnal", "Ice Age")


def test_a_one_card_screen_whose_title_the_labels_vouch_none_of_is_doubted():
    """A region read none of whose glyphs the labels vouch for, though they show two or
    more of its letters, puts a one-card screen's words in doubt; not with a letter vouched
    for, with fewer than two letters shown, with the region given, nor with two cards (each
    name a check on the other)."""
    card = names.CardName("Rabbit", ("Rabbit",))

    def words(vouched, cards=1):
        return names.ScreenText("Farm", ("Farm",), (card,) * cards, region_vouched=vouched)

    assert unvouched((0, 3)) and not unvouched((1, 3)) and not unvouched((0, 1))
    assert not unvouched(None)
    assert screen_text._one_card_doubted(words((0, 3)), None)
    assert not screen_text._one_card_doubted(words((1, 3)), None)
    assert not screen_text._one_card_doubted(words((0, 3)), "Farm")
    assert not screen_text._one_card_doubted(words((0, 3), cards=2), None)


def test_a_title_line_says_its_region_by_length_only_when_no_other_is_as_long():
    """``NOCTURNAL`` (nine glyphs) is no other region; ``CITY`` (four) may be four; a
    two-word line fits ``ICE AGE``; no line, no region."""
    assert lengths_say(_glyph_line(8, 30, (9,), 8), REGIONS) == ["Nocturnal"]
    assert lengths_say(_glyph_line(8, 30, (4,), 8), REGIONS) == ["Farm", "City", "Mars", "Moon"]
    assert lengths_say(_glyph_line(8, 30, (3, 3), 8), REGIONS) == ["Ice Age"]
    assert lengths_say(None, REGIONS) == []


def test_a_mars_screen_whose_title_reads_farm_unvouched_is_asked(monkeypatch):
    """0.95x seed 471057 (one Marsmot card): its 20 px ``MARS`` read ``FARM`` (none of its
    ``M``, ``A``, ``S`` vouched for by ``ATTEMPTS LEFT``) and its ``MARSMOT`` ``RABBIT``,
    settled Farm / Rabbit with no warning: now asked, the Marsmot among the options."""
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(57, 471_000)
    assert "Marsmot" in text
    screen, plain, asked = located_and_read(image)
    assert not plain and asked
    assert "Marsmot" in asked or "more" in asked
