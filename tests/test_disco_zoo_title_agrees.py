"""The title and the cards' names are read together, each ranked with the others, so a title
misread agrees with names misread as readily as a true title with true names: the title's
agreement says nothing of the names unless the title says its region by itself
(:func:`gridsight.games.disco_zoo.lengths.title_stands`: read alone clearly, or by its
length, or vouched for by the labels), or a card's line read alone names an animal of that
region clearly (:func:`gridsight.games.disco_zoo.screen_text._agreement_doubted`). Fresh
real-look 520012 at 0.5x (bilinear), Mars: ``MARS`` read ``FARM``, its ``MARTIAN`` (three
glyphs, letters run together) ``COW`` by shapes; the Cow and the Farm's Unicorn were given
with no warning."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo import lengths, names, screen_text
from test_disco_zoo_lengths import _glyph_line
from test_disco_zoo_screens import located_and_read, real_rescue, real_screen


@pytest.fixture(scope="module")
def mars_at_half():
    """520012 at 0.5x read with no options and no OCR engine, with the run-together guard of
    :func:`.lengths.by_shape` off (the one case it closed; this rule must close it alone):
    (its board text, what it was read as, the request)."""
    shot, text = real_rescue(np.random.default_rng(520_012), 520_012)
    image = cv2.resize(shot.image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_LINEAR)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_OCR", "off")
        patch.setattr(lengths, "run_together", lambda line: False)
        _, plain, asked = located_and_read(image)
    return text, plain, asked


def test_a_title_misread_agreeing_with_a_name_read_by_shapes_is_asked(mars_at_half):
    """Its title alone reads ``FARM`` by nothing (``MARS``, ``MOON``, ``CITY`` as cheap) and
    four letters are four regions: it vouches for no name, and the player is asked."""
    text, plain, asked = mars_at_half
    assert text.splitlines()[0] == "region: Mars"
    assert not plain and "--animals" in asked, plain


@pytest.fixture(scope="module")
def farm_said_by_names():
    """Screen 270026 (0.66x, Farm: Cow, Horse, Pig) read with no options and no OCR engine:
    (its board text, what it was read as, the request, its words)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_OCR", "off")
        _, text, image, _ = real_screen(26, 270_000)
        screen, plain, asked = located_and_read(image)
        words = screen_text._words(image, screen, None)
    return text, plain, asked, words


def test_a_region_said_only_by_names_read_by_their_shapes_is_asked(farm_said_by_names):
    """270026's 6 px ``FARM`` reads ``MOON`` on its own (by 1.4), its labels vouching for none
    of it; ``HORSE`` and ``PIG`` read by their shapes made the Farm, which was right but rested
    on the names' agreement alone (``MARS`` as near for the title): the player is asked."""
    text, plain, asked, words = farm_said_by_names
    assert text.splitlines()[0] == "region: Farm"
    assert words.title_alone[0] == "MOON" and words.title_reads("Farm") == 0.0
    assert not plain and "--animals" in asked


def _words(title=("FARM", 0.0), region="Farm", vouched=(0, 3), leads=(0.0, 0.0, 0.0),
           letters=(4,), named=("Cow", "Horse"), settled=True):
    line = _glyph_line(5, 10, letters, 11)
    cards = tuple(names.CardName(n if settled else None, (n,)) for n in named)
    return names.ScreenText(region, (region,), cards, region_vouched=vouched,
                            alone_leads=leads, lines={"region": line}, title_alone=title)


def test_a_title_says_its_region_by_itself_only_read_alone_clearly_or_by_its_length():
    """Read alone as the region by the names' margin: yes; by less, or as another region:
    no. Nine glyphs (``NOCTURNAL``, no other region as long): yes, however it read."""
    assert not lengths.title_stands(_words(), "Farm")
    assert lengths.title_stands(_words(("FARM", 7.0)), "Farm")
    assert not lengths.title_stands(_words(("FARM", 3.9)), "Farm")
    assert not lengths.title_stands(_words(("MARS", 7.0)), "Farm")
    assert lengths.title_stands(_words(letters=(9,), region="Nocturnal"), "Nocturnal")
    assert not lengths.title_stands(_words(title=(None, 0.0)), "Farm")


def test_several_cards_agreeing_with_an_unvouched_title_are_doubted():
    """Two cards, the title's glyphs vouched for by no label and saying nothing alone: in
    doubt. Not when the title reads alone clearly, nor when a card's line alone reads as
    the animal named (of that region) by the margin, nor with two glyphs vouched for (one
    is not enough: ``FARM`` misread for ``MARS`` has its ``A`` vouched), nor with no title
    line read, nor with the region given, nor on a one-card screen (its own rule)."""
    doubted = screen_text._agreement_doubted
    assert doubted(_words(), None)
    assert not doubted(_words(("FARM", 7.0)), None)
    assert not doubted(_words(leads=(0.0, 4.5, 0.0)), None)
    assert doubted(_words(leads=(0.0, 4.5, 0.0), named=("Pig", "Cow"), region="Mars"), None)
    assert doubted(_words(vouched=(1, 3)), None)
    assert not doubted(_words(vouched=(2, 3)), None)
    assert not doubted(_words(vouched=None), None)
    assert not doubted(_words(), "Farm")
    assert not doubted(_words(named=("Cow",), leads=(0.0, 0.0)), None)


def test_a_title_and_a_name_each_read_alone_as_one_region_agree():
    """The title alone cheapest as the region and a card's line alone cheapest as the animal
    it was read as (its one candidate, not settled) of that region, each by some lead: two
    independent readings agree (0.65x 650004 as JPEG 40: ``MOUNTAIN`` by 1.7, ``COYOTE`` by
    1.2). Not with the title tied (520012 at 0.5x: ``FARM`` by 0.0), nor the name tied, nor
    the name of another region; and the several-card doubt is lifted so."""
    agree = lengths.read_apart_agree
    mountain = dict(title=("MOUNTAIN", 1.7), region="Mountain", letters=(8,),
                    named=("Cougar", "Goat", "Coyote"), settled=False)
    assert agree(_words(leads=(0.0, 0.0, 0.0, 1.2), **mountain), "Mountain")
    assert not agree(_words(leads=(0.0, 0.0, 0.0, 0.0), **mountain), "Mountain")
    assert not agree(_words(leads=(0.0, 0.0, 1.2)), "Farm")
    assert agree(_words(("FARM", 0.5), leads=(0.0, 0.0, 1.2)), "Farm")
    assert not agree(_words(("FARM", 0.5), leads=(0.0, 0.0, 1.2), named=("Cow", "Martian")),
                     "Farm")
    assert not screen_text._agreement_doubted(_words(("FARM", 0.5), leads=(0.0, 0.0, 1.2)),
                                              None)
