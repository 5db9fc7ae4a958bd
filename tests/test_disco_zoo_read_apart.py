"""A one-card screen's region and name read together agree with each other whether right or
wrong, so when the labels vouch for none of the title's letters the pair is asked
(:func:`gridsight.games.disco_zoo.screen_text._one_card_doubted`), unless each line read on
its own, with no word of the other weighed, reads as it did together
(:func:`gridsight.games.disco_zoo.screen_text._read_apart`,
:attr:`gridsight.games.disco_zoo.names.ScreenText.alone_leads`): two independent readings
agreeing. Seed 7076 (1.1x, one Chicken card on the Farm) is read so; 471057 (``MARS`` read
``FARM`` together, ``MARS`` alone) stays asked (``test_disco_zoo_one_card.py``)."""

from __future__ import annotations

import dataclasses

import pytest

from gridsight.games.disco_zoo import names, screen_text
from gridsight.games.disco_zoo.settle import CardClue
from gridsight.vision.cipher import UNREAD, Ranked, Ranking
from test_disco_zoo_screens import located_and_read, real_screen


@pytest.fixture(scope="module")
def farm_chicken():
    """Screen 7076 of the 7000 set read with no options and no OCR engine: (its board text,
    what it was read as, its words)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_OCR", "off")
        _, text, image, _ = real_screen(76, 7_000)
        screen, plain, asked = located_and_read(image)
        words = screen_text._words(image, screen, None)
    return text, plain or asked, words


def test_a_one_card_pair_each_of_whose_lines_reads_so_alone_is_read(farm_chicken):
    """1.1x seed 7076: ``FARM`` (17 px, at most one of its letters vouched for by the 9 px
    labels: none before session 45's name crop, its ``A`` since) and ``CHICKEN``. Alone,
    the title reads ``FARM`` ahead of ``MOON`` by 7.0 and the name ``CHICKEN`` ahead of
    ``UNICORN`` by 4.8: read exactly (asked before), and so even with none vouched."""
    text, read, words = farm_chicken
    assert "Chicken" in text and read == text, read
    assert names.ScreenText is type(words) and words.region == "Farm"
    assert words.region_vouched is not None and words.region_vouched[0] <= 1
    unvouched = dataclasses.replace(words, region_vouched=(0, words.region_vouched[1]))
    assert screen_text.title_region.unvouched(unvouched.region_vouched)
    assert not screen_text._one_card_doubted(unvouched, None)
    assert len(words.alone_leads) == 2 and min(words.alone_leads) >= screen_text.APART


def _words(leads, region="Moon", name="Luna Moth"):
    card = names.CardName(name, (name,))
    return names.ScreenText(region, (region,), (card,), region_vouched=(0, 3),
                            alone_leads=leads)


def test_each_line_must_read_alone_as_it_did_together():
    """Both lines clearly so: read. The name not clearly (471057's ``MARSMOT`` reads
    ``BADGER`` alone, by 0.4), or not so at all: asked. The title its cheapest text alone
    but not clearly (0.88x seed 7082's ``MOON``, by 1.3 over ``MARS``): read only when the
    card's boxes and rarity, read clearly, are the animal's (the Luna Moth: rare, three
    tiles). No leads known (a region read by the title alone): asked, as before."""
    luna = [CardClue("rare", 3, 1)]
    assert not screen_text._one_card_doubted(_words((7.0, 4.8)), None)
    assert screen_text._one_card_doubted(_words((7.0, 0.4)), None)
    assert screen_text._one_card_doubted(_words((0.0, 4.8)), None, luna)
    assert screen_text._one_card_doubted(_words((1.3, 4.5)), None)
    assert not screen_text._one_card_doubted(_words((1.3, 4.5)), None, luna)
    assert screen_text._one_card_doubted(_words((1.3, 4.5)), None, [CardClue("rare", 4, 1)])
    assert screen_text._one_card_doubted(_words((1.3, 4.5)), None, [CardClue("", 3, 1)])
    assert screen_text._one_card_doubted(_words(()), None)


def test_a_lines_reading_alone_is_its_cheapest_text_and_its_lead():
    """The text each line reads as alone is the one of the readings costing its least alone
    (none when only ``UNREAD`` does); its lead is kept only when the line was read as it
    (its card's name, or its one candidate left)."""
    ranking = Ranking((Ranked(("FARM", "RABBIT"), 11.5, (6.5, 5.1)),
                       Ranked(("MARS", UNREAD), 17.5, (2.9, 14.6)),
                       Ranked((UNREAD, "BADGER"), 17.5, (12.9, 4.6))),
                      alone=(2.9, 4.6), clear=(3.6, 0.4))
    by_itself = names._alone_texts(ranking)
    assert by_itself == (("MARS", 3.6), ("BADGER", 0.4))
    texts = [{"RABBIT": ("RABBIT",), "BADGER": ("BADGER",)}]
    rabbit = names.CardName("Rabbit", ("Rabbit",))
    assert names._alone_leads(by_itself, "Farm", [rabbit], texts) == (0.0, 0.0)
    badger = names.CardName("Badger", ("Badger",))
    assert names._alone_leads(by_itself, "Mars", [badger], texts) == (3.6, 0.4)
    assert names._alone_leads((), "Mars", [badger], texts) == ()
    # (a card not named whose one candidate left is the text read alone: 7086's Cockatoo)
    assert names._alone_leads(by_itself, "Mars", [names.CardName(None, ("Badger",))],
                              texts) == (3.6, 0.4)
    assert names._alone_leads(by_itself, "Mars",
                              [names.CardName(None, ("Badger", "Rabbit"))], texts) == (3.6, 0.0)
