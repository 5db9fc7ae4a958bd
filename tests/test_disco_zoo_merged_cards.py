"""Cards found as one panel: split when the panel shows no picture of its own.

Fresh real-look 190043 (1.2x): a Sheep card and a Chicken card two pixels apart are found as
one panel. The pale Sheep's picture joins its name below it, so the halves' pictures are of
unlike size and not level; the panel was kept whole and the screen read, with no doubt said,
as a rescue of the Chicken alone. A panel with no picture of its own is no one card.
"""

from __future__ import annotations

from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.readers.base import ReadError, ReadHints
from test_disco_zoo_screens import locate_rescue, real_screen


def test_two_cards_found_as_one_panel_are_two_cards_and_no_animal_is_left_out():
    shot, text, image, _ = real_screen(43, 190_000)
    assert [card.name for card in shot.extras["cards"]] == ["Sheep", "Chicken"]
    screen = locate_rescue(image)
    assert len(screen.cards) == 2
    board = screen.board_read("disco-zoo/structure")
    try:
        said = read_screen(screen, board, ReadHints(), image=image).text
    except ReadError as error:  # asked for the names: the Sheep among the choices
        assert "Sheep" in str(error) and "Chicken" in str(error)
    else:
        assert said == text


def test_a_card_is_not_split_through_its_own_picture():
    """Real-look 210035 (0.9x): two cards found right. The Pegasus card's sprite stands
    centred over a wide name; cut in halves, each half held half the sprite joined to half
    the name, centred in it, and the card was split: three cards where two are drawn. No
    picture stands across the gap between two cards: the split through it is not made."""
    shot, _, image, _ = real_screen(35, 210_000)
    assert [card.name for card in shot.extras["cards"]] == ["Pegasus", "Capricornus"]
    screen = locate_rescue(image)
    assert len(screen.cards) == 2
    drawn = [card.box[0] for card in shot.extras["cards"]]
    scale = image.shape[1] / shot.image.shape[1]
    assert all(abs(card.panel.box[0] - x * scale) < 6 for card, x in zip(screen.cards, drawn))
