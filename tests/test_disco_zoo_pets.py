"""A pet is one animal of its own rarity and colour: which found tiles it may show.

The catalogue gives a pet the rarity ``pet`` and the screen's facts give no colour for it (the
real-look skin draws its tiles neutral grey, which the reader takes for rare, not surely). So
the names settled with no options let a pet take a found tile read as a rarity only when that
read is unsure, and never tiles of two colours: screen 150002 (every lawn drawn near the common
green, its inset tiles read) settled on the pet Hamster taking a common and a timeless tile.
"""

from __future__ import annotations

import cv2

from gridsight.games.disco_zoo.names import CardText
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.games.disco_zoo.settle import BOX_SURE, COLOUR_SURE, CardClue, settle
from gridsight.readers.base import ReadHints
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from kit.skins import disco_zoo_real as real

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


BOARD = [
    "animal:Hamster ground animal:Hamster ground ground",
    "ground ground ground ground empty",
    "ground ground ground animal:Gorilla ground",
    "empty ground ground ground ground",
    "ground ground empty ground ground",
]


def _pet_screen(seed: int, colour: tuple[int, int, int] | None = None):
    """:data:`BOARD` (a Jungle rescue of Gorilla and the pet Hamster) in look ``seed`` at 1x
    (JPEG 85), the pet drawn in ``colour`` (the skin's grey when ``None``): the image and the
    screen found in it."""
    look = real.random_look(seed, "Jungle")
    if colour is not None:
        look = real.with_look(look, pet_color=colour)
    shot = real.render(BOARD, animals=[("Gorilla", "common"), ("Hamster", "pet")],
                       region="Jungle", attempts=4, seed=seed, look=look)
    image = cv2.imdecode(cv2.imencode(".jpg", shot.image, [cv2.IMWRITE_JPEG_QUALITY, 85])[1],
                         cv2.IMREAD_COLOR)
    return image, locate_rescue(image)


def test_the_skins_pet_tiles_are_read_unsurely_and_the_pet_is_still_named():
    """The real-look skin draws a pet's tiles neutral grey (its only word on a pet's colour):
    the reader takes them for rare, but under :data:`COLOUR_SURE`, so the pet may still show
    them, and a Jungle rescue of Gorilla and the pet Hamster (look 2 at 1x, JPEG 85) is read
    exactly with no options."""
    image, screen = _pet_screen(2)
    pets = [screen.tiles[0][0], screen.tiles[0][2]]
    assert all(t.kind == "found" and t.rarities == ("rare",) and t.confidence < COLOUR_SURE
               for t in pets), pets
    reading = read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                          image=image)
    assert reading.text.splitlines()[1] == "animals: Gorilla, Hamster"
    assert reading.text.splitlines()[3:] == ["2 . 2 . .", ". . . . -", ". . . 1 .",
                                             "- . . . .", ". . - . ."]


def test_a_pets_card_is_told_by_its_five_boxes_whatever_colour_its_fills_read():
    """Only pets cover five tiles (the catalogue), and a pet's colour is not in the screen's
    facts: a card of five boxes whose fills read as rare (the skin's grey) may be a pet, its
    filled boxes still counting its tiles. A card whose boxes were not counted keeps its
    colour's rarity (a rare animal's card, its row unread, is not taken for a pet), and a
    rarity's count of boxes is never a pet's."""
    found = [((0, 0), ("rare",)), ((0, 2), ("rare",)), ((2, 3), ("common",))]
    empty = [(1, 4), (3, 0), (4, 2)]
    clues = [CardClue("common", 4, 1), CardClue("rare", 5, 2)]
    settled = settle(clues, found, empty, region="Jungle")
    assert settled is not None and "Hamster" in settled.options[1]
    pets = {a.name for a in load_catalogue().pets}
    assert set(settled.options[1]) <= pets  # the pets covering (0, 0) and (0, 2)
    # The pet's tiles are counted by its filled boxes: one filled is not two tiles.
    assert settle([clues[0], CardClue("rare", 5, 1)], found, empty, region="Jungle") is None
    unread_row = settle([clues[0], CardClue("rare", None, None)], found, empty,
                        region="Jungle")
    assert unread_row is None or not set(unread_row.options[1]) & pets
    assert settle([clues[0], CardClue("rare", 3, 2)], found, empty,
                  region="Jungle", names=[None, ("Hamster",)]) is None
    card = CardText((0, 0, 0, 0), None, None, 5, "rare")
    hamster = next(a for a in load_catalogue().pets if a.name == "Hamster")
    assert card.allows(hamster)
    assert not CardText((0, 0, 0, 0), None, None, None, "rare").allows(hamster)


def test_a_pets_card_whose_fills_read_rare_is_read_with_no_options_and_its_boxes_count():
    """Look 3 of the skin at 1x (JPEG 85): the Hamster card's grey fills read rare. The screen
    was refused ("card 2: rare, 5 boxes ... fit no animals"); it is read exactly with no
    options, and with ``--animals`` the pet's card's boxes count its tiles (they were set aside
    with a warning that the card showed a rare animal's boxes)."""
    image, screen = _pet_screen(3)
    pet = screen.cards[1]
    assert pet.rarity == "rare" and pet.boxes is not None and pet.boxes.count == 5
    board = screen.board_read("disco-zoo/structure")
    reading = read_screen(screen, board, ReadHints(), image=image)
    assert reading.text.splitlines()[1:] == [
        "animals: Gorilla, Hamster", "taps: 4", "2 . 2 . .", ". . . . -", ". . . 1 .",
        "- . . . .", ". . - . ."]
    given = read_screen(screen, board, ReadHints(animals=("Gorilla", "Hamster")), image=image)
    assert not any("its boxes are not used" in w for w in given.warnings), given.warnings
    assert any("Hamster 2" in n for n in given.notes), given.notes


def test_a_pets_fills_of_a_colour_near_no_rarity_are_counted():
    """A pet drawn deep red (BGR 43, 27, 157; no rarity's colour is near): its card's two
    filled boxes were near no rarity's colour and the row was not counted on (look 3: "5
    boxes, 0 filled", unsure). Five boxes are a pet's; its fills stand 20 Lab and more from
    the unfilled look, its unfilled boxes within 8: the row is read, "2 of 5", of no rarity,
    and the screen is read exactly with no options."""
    image, screen = _pet_screen(3, (43, 27, 157))
    pet = screen.cards[1].boxes
    assert pet is not None and (pet.count, pet.filled, pet.rarity) == (5, 2, "")
    assert pet.confidence >= BOX_SURE
    reading = read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                          image=image)
    assert reading.text.splitlines()[1] == "animals: Gorilla, Hamster"


def test_a_pets_fills_read_as_unfilled_leave_its_row_unsure():
    """Look 0, the pet drawn purple (BGR 150, 60, 120): its two fills, blurred to 13 and 17
    Lab from the unfilled boxes and 4.4 from each other, read "0 of 5 filled" clearly. Two
    boxes of one card alike and apart from the other cards' unfilled boxes are fills: the row
    is not counted on."""
    _, screen = _pet_screen(0, (150, 60, 120))
    pet = screen.cards[1].boxes
    assert pet is not None and pet.count == 5
    assert pet.filled == 2 or pet.confidence < BOX_SURE, pet


def test_a_pets_grey_fill_near_the_unfilled_look_is_not_read_as_unfilled():
    """A Polar rescue of the pet Dog (one tile found) and Polar Bear (pet screen 160005's
    board and look, at 1x): the Dog's grey fill on the pale card stands within a few Lab of
    the unfilled boxes. Read by distance from the unfilled look alone, its row said "0 of 5"
    clearly, and with ``--animals`` the Dog's tile was counted a Polar Bear's. A pet's row
    is read so only when some box stands apart as a fill; here it stays unsure, and the tile
    is the Dog's."""
    board = [["ground"] * 4 + ["empty"], ["ground"] * 4 + ["empty"],
             ["ground"] * 3 + ["animal:Dog", "ground"], ["ground"] * 5, ["ground"] * 5]
    shot = real.render(board, animals=[("Dog", "pet"), ("Polar Bear", "rare")], region="Polar",
                       attempts=7, seed=160005, look=real.random_look(160005, "Polar"))
    image = cv2.imdecode(cv2.imencode(".jpg", shot.image, [cv2.IMWRITE_JPEG_QUALITY, 85])[1],
                         cv2.IMREAD_COLOR)
    screen = locate_rescue(image)
    dog = screen.cards[0].boxes
    assert dog is not None and (dog.filled == 1 or dog.confidence < BOX_SURE), dog
    reading = read_screen(screen, screen.board_read("disco-zoo/structure"),
                          ReadHints(animals=("Dog", "Polar Bear")))
    assert reading.text.splitlines()[5].split()[3] in ("1", "1/2"), reading.text
