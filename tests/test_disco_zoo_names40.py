"""Disco Zoo names read with cards whose name lines are not found (session 40).

A card whose name line is not seen was ranked as each of the ~100 texts a card may show, all
at no cost: two such cards multiplied the combinations weighed by ~11,000 for each reading of
the other lines, past the ranking's limit before any reading the rule allows was met, and
the screen had no reading at all, its title's region (read alone clearly) lost with it. Such
a card is now ranked as read as none of its names, which the rule weighs as any animal of its
region its clues allow, as all its texts did.
"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def jungle_1058052():
    """0.70x seed 1058052 (Jungle: Phoenix, Monkey, Toucan): its title ``JUNGLE`` found
    (read alone by 10, two glyphs vouched for), none of its three cards' name lines."""
    from gridsight.games.disco_zoo import names
    from gridsight.games.disco_zoo.screen import locate_rescue
    from kit.disco_screens import real_screen

    _, text, image, _ = real_screen(52, 1_058_000)
    screen = locate_rescue(image)
    names._RECENT.clear()
    return text, image, screen, names.screen_words(image, screen.cards, screen.lattice.y)


def test_a_screen_with_no_name_line_found_reads_its_title(jungle_1058052):
    _, _, _, words = jungle_1058052
    assert words.lines["names"] == [None, None, None]
    assert words.region == "Jungle"
    # each card not read may be any Jungle animal its clues allow: none named
    assert all(card.name is None and card.candidates for card in words.cards)
    assert all("Phoenix" in card.candidates or "Monkey" in card.candidates
               for card in words.cards)


def test_the_request_names_the_region_the_title_reads(jungle_1058052, monkeypatch):
    """Asked still (no name read), but among the Jungle's animals, not every region's."""
    from kit.disco_reads import read_plain

    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, image, screen, _ = jungle_1058052
    plain, _, asked, _, _ = read_plain(screen, screen.board_read("disco-zoo/structure"), image)
    assert not plain and "(Jungle)" in asked and "regions" not in asked
