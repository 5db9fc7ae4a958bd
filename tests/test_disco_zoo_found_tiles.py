"""Found tiles that read as something else: of the lawn's very green, or inset under a big sprite.

The issue says a found tile is "coloured by rarity" and the lawn is green; nothing says how
far the common green is from the grass's. Within the grass's scatter (about 8 Lab and less),
such a tile read as grass by its colour: an untapped tile stated, with no caveat, where an
animal was found (real-look screens 7022 and 7034 of the skin drawn with lawns near the
common green, sixteenth session). It is now told by what else it shows: its rounded corners
on the ground beneath it (a grass tile is square), and the cards' filled boxes with its
sprite; where neither tells, it is left unread.
"""

from __future__ import annotations

import cv2
import numpy as np

from gridsight.games.disco_zoo.screen import locate_rescue
from kit.skins import disco_zoo_real as real

BOARD = [
    "ground ground ground empty ground",
    "ground animal:Sheep ground ground ground",
    "empty ground ground ground ground",
    "ground ground ground animal:Sheep ground",
    "ground empty ground ground ground",
]
FOUND = [(1, 1), (3, 3)]
TRUTH = [["found" if label.startswith("animal:") else label for label in row.split()]
         for row in BOARD]


def _screen(seed: int, scale: float, **changes) -> np.ndarray:
    """A Farm rescue (Sheep, Pig) in the look of ``seed`` (pinned: ``wide=False``) with the
    common tiles' colour 2.4 Lab from the grass's (and ``changes``), scaled without
    smoothing, JPEG 85."""
    look = real.random_look(seed, "Farm", wide=False)
    common = real._from_lab(real._lab(look.grass) + np.array((1.5, -1.5, 1.0), np.float32))
    look = real.with_look(look, tile_rim=False, checker=0,
                          rarity_colors=(common, *look.rarity_colors[1:]), **changes)
    shot = real.render(BOARD, animals=[("Sheep", "common"), ("Pig", "common")], region="Farm",
                       seed=seed, look=look)
    image = cv2.resize(shot.image, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
    return cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])[1],
                        cv2.IMREAD_COLOR)


def _kinds(image: np.ndarray) -> list[list[str]]:
    return [[tile.kind for tile in row] for row in locate_rescue(image).tiles]


def test_the_cards_boxes_and_the_sprites_find_tiles_of_the_lawns_green():
    """Look 19 at 1.5x: the Sheep card's two filled boxes count two found tiles the board's
    colours do not show; the two grass-coloured tiles whose sprites are the card's, and
    only they, are the found ones."""
    assert _kinds(_screen(19, 1.5)) == TRUTH


def test_a_rounded_tile_of_the_lawns_green_is_unread_not_untapped():
    """Look 3 at 0.7x: the found tiles sit on dirt, inset, with rounded corners; the boxes
    (filled in a green near the card's) read none filled. The tiles' corners are unlike
    every grass tile's: unread, never untapped; the grass tiles stay untapped."""
    kinds = _kinds(_screen(3, 0.7))
    assert [kinds[r][c] for r, c in FOUND] == ["unknown", "unknown"]
    assert all(kinds[r][c] == TRUTH[r][c] for r in range(5) for c in range(5)
               if (r, c) not in FOUND)


def test_a_square_cornered_tile_of_the_lawns_green_showing_a_cards_sprite_is_unread():
    """Look 3 at 1.5x, the found tiles not inset and barely rounded (6%), the boxes' borders
    and insides the card's colour: the Sheep card's fills, of a green near the card's, read
    clearly as no fill. Neither the corners nor the boxes tell; the tiles' pictures, in
    their middles, are the Sheep card's sprite, which no decoration is: unread."""
    look = real.random_look(3, "Farm", wide=False)
    kinds = _kinds(_screen(3, 1.5, tile_inset=0, tile_radius=0.06,
                           box_border_color=look.card_color, box_inside=look.card_color))
    assert [kinds[r][c] for r, c in FOUND] == ["unknown", "unknown"]
    assert all(kinds[r][c] == TRUTH[r][c] for r in range(5) for c in range(5)
               if (r, c) not in FOUND)


def test_an_inset_found_tile_under_a_big_sprite_is_read():
    """Real-look screens 7084 (0.65x) and 7108 (0.63x), widened skin: found tiles inset 3
    points, the ground under them round them; with a big sprite (7084) or a dark outline
    (7108) the rim band was of two colours, as if partly covered, and the tile was left
    unread. The same band a little further in is one colour all round, the rim's: found."""
    from test_disco_zoo_screens import real_screen

    for k, cell in ((84, (1, 2)), (108, (2, 1))):
        _, text, image, _ = real_screen(k, 7_000, near=False)  # the looks they were found on
        truth = [[{".": "ground", "-": "empty"}.get(t, "found") for t in row.split()]
                 for row in text.splitlines()[3:]]
        assert truth[cell[0]][cell[1]] == "found"
        assert _kinds(image) == truth, k


def test_found_tiles_of_the_dirts_colour_are_told_by_the_boxes_and_their_sprites():
    """Real-look screen 7028 (``tests/test_disco_zoo_screens.py``, 1.1x): the Corvus's
    tiles, their olive near the dirt's, read as dirt with something over it and were left
    unread; the cards' boxes (read clearly) count two Corvus found and the board showed none,
    and the two unread tiles' sprites are 0.11 from the Corvus card's. They are found, the
    animal the sprites and boxes tell: the screen reads exactly with no options."""
    from test_disco_zoo_screens import read_plainly, real_screen

    _, text, image, _ = real_screen(28, 7000)
    screen = locate_rescue(image)
    assert [(r, c) for r, row in enumerate(screen.tiles) for c, tile in enumerate(row)
            if tile.kind == "found"] == [(0, 3), (1, 3), (2, 1), (3, 1)]
    said, _, asked, refused = read_plainly(screen, screen.board_read("disco-zoo/structure"),
                                           image)
    assert (said, asked, refused) == (text, "", "")


def test_found_tiles_in_a_row_of_one_colour_showing_a_cards_sprite_are_no_cover():
    """Fresh real-look 170023 at 1.4x: three Sheep side by side, their olive drawn near the
    dirt and no rarity's, their colour carrying on across the lines between them, were taken
    for one thing lying over the board and left unread. Each shows the Sheep card's sprite
    (0.10-0.12 from it): a cover shows no animal in each cell it spans."""
    from test_disco_zoo_screens import read_plainly, real_screen

    _, text, image, _ = real_screen(23, 170_000)
    screen = locate_rescue(image)
    assert [screen.tiles[2][c].kind for c in (2, 3, 4)] == ["found"] * 3
    said, _, asked, refused = read_plainly(screen, screen.board_read("disco-zoo/structure"),
                                           image)
    assert (said, asked, refused) == (text, "", "")


def test_unread_tiles_the_counter_says_were_tapped_are_found_by_their_sprites():
    """Fresh real-look 370054 at 1.94x: two mythical Unicorn tiles drawn near the dirt's
    colour were left unread (the Unicorn's row read unclearly), though the counter's 0 said
    ten taps: the eight tiles seen tapped and these two. Tapped, each showing a picture 0.24
    from the Unicorn card's sprite, they are found (``screen.tapped_unread``)."""
    from test_disco_zoo_screens import real_screen

    _, text, image, _ = real_screen(54, 370_000)
    truth = [["ground" if q == "." else "empty" if q == "-" else "found" for q in line.split()]
             for line in text.splitlines()[3:]]
    assert [[tile.kind for tile in row] for row in locate_rescue(image).tiles] == truth

