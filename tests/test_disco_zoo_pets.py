"""A pet is one animal of its own rarity and colour: which found tiles it may show.

The catalogue gives a pet the rarity ``pet`` and the screen's facts give no colour for it (the
real-look skin draws its tiles neutral grey, which the reader takes for rare, not surely). So
the names settled with no options let a pet take a found tile read as a rarity only when that
read is unsure, and never tiles of two colours: screen 150002 (every lawn drawn near the common
green, its inset tiles read) settled on the pet Hamster taking a common and a timeless tile.
"""

from __future__ import annotations

from gridsight.games.disco_zoo.settle import CardClue, settle

# Jungle: Lemur is its timeless animal; the pets Hamster (an X of five tiles) and Lizard (an
# L) cover (0, 0) and (2, 2). Card 1's boxes say no timeless tile is found, card 2 has five boxes (a pet's).
CLUES = [CardClue("timeless", 3, 0), CardClue("", 5, None)]


def _options(found, sure=()):
    settled = settle(CLUES, found, [], region="Jungle", sure=sure)
    return None if settled is None else settled.options


def test_a_pets_tiles_show_one_colour():
    """A common tile and a timeless one, Lemur counted none: only a pet could show both,
    and one animal's tiles are of one colour, so no choice stands (Hamster and Lizard stood,
    the timeless tile a pet's as the common one was: only tiles no other card could show were
    held to one colour)."""
    assert _options([((0, 0), ("common",)), ((2, 2), ("timeless",))]) is None


def test_a_tile_read_surely_as_a_rarity_is_never_a_pets():
    """Two tiles read rare, as the skin's grey pet tiles are: read unsurely, they may be a
    pet's (Hamster or Lizard); one of them read beyond doubt is a rare animal's, and no rare
    card is there."""
    found = [((0, 0), ("rare",)), ((2, 2), ("rare",))]
    assert _options(found) == (("Lemur",), ("Lizard", "Hamster"))
    assert _options(found, sure={(0, 0)}) is None
    # A tile of no rarity's colour may still be anyone's, a pet's too.
    assert _options([((0, 0), ()), ((2, 2), ("rare",))], sure={(0, 0)}) == \
        (("Lemur",), ("Lizard", "Hamster"))


def test_the_screen_150002_case_settles_no_pet():
    """Forced-near hunt screen 150002 (Jurassic: Dragon, Stegosaurus, Ankylosaurus) as its
    tiles and cards were read with the inset tiles read, card 3 misread as Lemur: today's
    choice Phoenix, Hamster, Lemur (Jungle), the Hamster taking the common tile (2, 0) and the
    timeless (4, 0), no longer stands."""
    clues = [CardClue("", 2, 0), CardClue(), CardClue()]
    found = [((2, 0), ("common",)), ((3, 2), ("timeless",)), ((4, 0), ("timeless",))]
    empty = [(0, 0), (0, 4), (1, 0), (2, 1), (2, 4), (4, 1)]
    for sure in ((), {(3, 2), (4, 0)}):  # as read: the timeless tiles at 0.90 and 0.92
        settled = settle(clues, found, empty, names=[None, None, ("Lemur",)], sure=sure)
        assert settled is None or all("Hamster" not in options for options in settled.options)
