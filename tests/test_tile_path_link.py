"""Link's tile read when his sprite splits its votes (tile-path rooms, :func:`_link_split`),
when no look says it is his but its yellow does (:func:`_link_by_yellow`), or left unread.

A wider look's Link (:mod:`kit.skins.gbc_wider`) wears the stepped floor's red: over his
yellow tile his sprite's pixels vote for the stepped look, the yellow look no longer leads
clearly, and his tile read unknown in most frames of such looks (140013: every frame). The
room has one Link and one yellow tile: the one tile whose yellow share is close to its
leading look's is his, and never when two tiles are, or one already reads as his. A pack
calibrated with Link off his tile has no yellow look at all (143024 --wider): his tile, the
one with most of its pixels yellow, is his by that alone. When no tile reads as his, those
read as a state by few of their pixels where the camera may follow him may be his under his
sprite, its yellow made too pale or dark to count (150013 --widest all), or an enemy's
(169003 --widest all): they are left unknown (:func:`_link_hidden`).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from kit import rooms
from kit.skins import tile_path_gbc as gbc

from gridsight.games.tile_path.room import (
    FLOOR,
    calibrate_room,
    read_view,
    room_from_board,
)
from gridsight.solvers.boardtext import parse_boards
from gridsight.vision.mapview import Looks, TileRead

ROOM = room_from_board(parse_boards(gbc.HEROS_CAVE)[0])
BLUE, RED, YELLOW = (200, 110, 30), (60, 60, 190), (40, 200, 230)  # BGR
ENEMY = (0, 150, 160)  # BGR: a yellow too, but no channel within the tolerance of YELLOW's


@pytest.fixture(scope="module")
def case_140013():
    """Case 13 of seed 140000's wider looks (a red-clad Link): the pack calibrated from its
    screenshot, and its three frames."""
    _settings, shot, moments = rooms.one_shot_case(13, 140013, wider=True)
    return calibrate_room([("c", shot.image)], ROOM, "red-link").pack, moments


@pytest.mark.parametrize("frame", [0, 2])
def test_links_tile_his_sprite_splits_is_read_as_his(case_140013, frame):
    """Each frame's Link tile read unknown (yellow 32% of its pixels, stepped red 23-25%):
    now read as his, and every other cell in view right (frame 0's (1, 4) unknown: a bat of
    the stepped floor's purple over it, :func:`_both_states`)."""
    pack, moments = case_140013
    _assert_his_and_right(pack, moments[frame], {(1, 4)} if frame == 0 else set())


def _assert_his_and_right(pack, moment, unread: set[tuple[int, int]]) -> None:
    """``moment`` read through ``pack``: Link's tile read as his, no cell wrong, none out
    of view written, and the cells in view unknown exactly ``unread``."""
    from gridsight.games.tile_path.room import board_tokens

    read = read_view(moment.image, pack)
    tokens = board_tokens(read.board, ROOM)
    tally = rooms.Tally()
    problems = tally.add(rooms.text_of(tokens), rooms.text_of(moment.board_in_view()), moment)
    assert tally.wrong == 0 and not problems, (tally.line(), problems)
    r, c = moment.link_tile
    assert tokens[r][c] == "L"
    truth = moment.board_in_view()
    assert {(r, c) for r, row in enumerate(tokens) for c, token in enumerate(row)
            if token == "?" and truth[r][c] != "?"} == unread


def test_links_tile_with_no_yellow_look_is_read_by_its_yellow(case_140013):
    """The same pack with its yellow look taken out (as one calibrated with Link off his
    tile): frame 0's Link tile, 61% yellow pixels, read unknown before; now his, and every
    other cell in view right (but (1, 4), under a bat)."""
    from gridsight.games.tile_path.room import LINK

    pack, moments = case_140013
    pack = replace(pack, templates=tuple(t for t in pack.templates if t.label != LINK))
    _assert_his_and_right(pack, moments[0], {(1, 4)})


def _looks(names: str = ".xL") -> Looks:
    colours = {".": BLUE, "x": RED, "L": YELLOW}
    images = np.stack([np.full((16, 16, 3), colours[name], np.uint8) for name in names])
    return Looks(images, (FLOOR,) * len(names), tuple(names))


def _tile(top, bottom) -> np.ndarray:
    tile = np.zeros((16, 16, 3), np.uint8)
    tile[:8], tile[8:] = top, bottom
    return tile


def test_one_split_yellow_tile_is_links_and_two_are_nobodys():
    """A tile half yellow, half a red sprite, among plain tiles, read unknown: Link's. Two
    such tiles, or another read as his, or the tile read as a state: none is named."""
    from gridsight.games.tile_path.room import _link_split as link_split

    looks = _looks()
    plain, split = _tile(BLUE, BLUE), _tile(YELLOW, RED)
    unknown, blue, his = TileRead(-1, 0.5, 0.5), TileRead(0, 1.0, 0.0), TileRead(2, 1.0, 0.0)
    tiles = np.stack([plain, split, plain])
    assert link_split(tiles, [0, 1, 2], [blue, unknown, blue], looks) == 1
    assert link_split(np.stack([plain, split, split]), [0, 1, 2], [blue, unknown, unknown],
                      looks) is None
    assert link_split(tiles, [0, 1, 2], [his, unknown, blue], looks) is None
    assert link_split(tiles, [0, 1, 2], [blue, TileRead(1, 0.5, 0.5), blue], looks) is None
    assert link_split(tiles, [0, 2], [blue, unknown, blue], looks) is None  # not fully in view


def test_the_one_tile_mostly_yellow_is_links_by_its_yellow():
    """A tile half yellow among blue ones, read unknown, no tile read as his: Link's. Under
    :data:`LINK_YELLOW` yellow, a second tile with a quarter of its yellow, a tile already his, the
    tile read as a state, it not fully in view, or (the pack having a yellow look) a yellow
    none of whose pixels are that look's: none is named."""
    from gridsight.games.tile_path.room import LINK, UNKNOWN
    from gridsight.games.tile_path.room import _link_by_yellow as by_yellow

    plain, his, little = _tile(BLUE, BLUE), _tile(YELLOW, RED), np.zeros((16, 16, 3), np.uint8)
    little[:] = BLUE
    little[:5] = YELLOW  # 31% yellow: under LINK_YELLOW
    enemy = _tile(ENEMY, BLUE)  # a yellow sprite, not his tile's yellow
    tiles = np.stack([plain, his, plain])
    unread = [".", UNKNOWN, "."]
    looks, without = _looks(), _looks(".x")
    assert by_yellow(tiles, [0, 1, 2], unread, looks) == 1
    assert by_yellow(tiles, [0, 1, 2], unread, without) == 1
    assert by_yellow(np.stack([plain, little, plain]), [0, 1, 2], unread, looks) is None
    assert by_yellow(np.stack([little, his, plain]), [0, 1, 2], unread, looks) is None
    assert by_yellow(tiles, [0, 1, 2], [LINK, UNKNOWN, "."], looks) is None
    assert by_yellow(tiles, [0, 1, 2], [".", "x", "."], looks) is None
    assert by_yellow(tiles, [0, 2], unread, looks) is None
    assert by_yellow(np.stack([plain, enemy, plain]), [0, 1, 2], unread, looks) is None
    # With no yellow look learned, nothing tells an enemy's yellow from his tile's.
    assert by_yellow(np.stack([plain, enemy, plain]), [0, 1, 2], unread, without) == 1


def test_two_tiles_read_as_his_keep_the_yellow_one():
    """Two tiles read as Link's (an enemy of his tile's colours over a blue one): the one with
    the most yellow pixels stays his, the other is not read; two as yellow, neither is."""
    from gridsight.games.tile_path.room import LINK
    from gridsight.games.tile_path.room import _not_link as not_link

    plain, his, salmon = _tile(BLUE, BLUE), _tile(YELLOW, RED), _tile((120, 140, 230), BLUE)
    labels = [".", LINK, LINK]
    assert not_link(np.stack([plain, his, salmon]), [0, 1, 2], labels) == [2]
    assert not_link(np.stack([plain, his, his]), [0, 1, 2], labels) == [1, 2]
    assert not_link(np.stack([plain, his, salmon]), [0, 1], labels) == []  # one in view


def test_a_tile_read_as_his_is_unread_when_another_leans_to_his_look():
    """One tile read as Link's (a yellow enemy over a blue tile, 155007 --widest all) while
    another fully in view, read unknown, has his yellow look as the most of its votes (his
    own tile, pale under a colour correction): neither is stated. Another leaning to the
    blue, or none unknown, or his tile alone: the one read as his stays."""
    from gridsight.games.tile_path.room import LINK, UNKNOWN
    from gridsight.games.tile_path.room import _link_rivalled as rivalled

    plain, his = _tile(BLUE, BLUE), _tile(YELLOW, YELLOW)
    leaning, blue_mostly = _tile(YELLOW, RED), np.zeros((16, 16, 3), np.uint8)
    leaning[8:11] = YELLOW  # 69% yellow, the rest red
    blue_mostly[:] = BLUE
    blue_mostly[:5] = YELLOW  # 31% yellow, the blue the most of its votes
    looks = _looks()
    labels = [".", LINK, UNKNOWN]
    assert rivalled(np.stack([plain, his, leaning]), [0, 1, 2], labels, looks) == [1]
    assert rivalled(np.stack([plain, his, blue_mostly]), [0, 1, 2], labels, looks) == []
    assert rivalled(np.stack([plain, his, leaning]), [0, 1], labels, looks) == []  # not in view
    assert rivalled(np.stack([plain, his, leaning]), [0, 1, 2], [".", LINK, "."], looks) == []


@pytest.fixture(scope="module")
def case_150013_widest():
    """Case 13 of seed 150000's widest looks, every property widened (a strong colour
    correction: darks lifted to 0.15, range 0.80): its pack, calibrated with Link off his
    tile, has no yellow look; and its three frames."""
    _settings, shot, moments = rooms.one_shot_case(13, 150013, widest="all")
    return calibrate_room([("c", shot.image)], ROOM, "widest").pack, moments


def test_links_tile_read_as_a_state_is_left_unread(case_150013_widest):
    """Frame 1's Link tile, its yellow made too pale to count (2% yellow pixels), read as
    stepped by 36% of its pixels: a confident wrong before; now unknown, and no cell wrong."""
    pack, moments = case_150013_widest
    _assert_right_with_his_tile_unread(pack, moments[1], (8, 2))


def _assert_right_with_his_tile_unread(pack, moment, cell: tuple[int, int]) -> None:
    """``moment`` read through ``pack``: no cell wrong, none out of view written, and
    Link's tile ``cell`` (board row, column) unknown."""
    from gridsight.games.tile_path.room import UNKNOWN, board_tokens

    read = read_view(moment.image, pack)
    tally = rooms.Tally()
    problems = tally.add(rooms.text_of(board_tokens(read.board, ROOM)),
                         rooms.text_of(moment.board_in_view()), moment)
    assert tally.wrong == 0 and not problems, (tally.line(), problems)
    assert read.board.cells[cell[0]][cell[1]].label == UNKNOWN


def test_the_weak_states_read_are_left_unread_when_none_is_his():
    """No floor tile read as Link's: every one read as a state by under :data:`LINK_HIDDEN`
    of its pixels is left unknown (any may be his, under his sprite). A tile read as his,
    every share at least LINK_HIDDEN, or no tile read as a state: none is."""
    from gridsight.games.tile_path.room import LINK, UNKNOWN
    from gridsight.games.tile_path.room import _link_hidden as hidden

    floor = [0, 1, 2, 3]
    assert hidden(floor, [".", "x", "x", "."], [0.98, 0.36, 0.9, 1.0]) == [1]
    assert hidden(floor, [".", UNKNOWN, "x", "."], [0.98, 0.2, 0.56, 1.0]) == [2]
    assert hidden(floor, [".", "x", LINK, "."], [0.98, 0.36, 0.5, 1.0]) == []
    assert hidden(floor, [".", "x", "x", "."], [0.98, 0.9, 0.7, 1.0]) == []
    assert hidden(floor, [UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN], [0.1] * 4) == []
    assert hidden([0, 2, 3], [".", "x", "x", "."], [0.98, 0.36, 0.6, 1.0]) == [2]  # 1 not floor


def test_an_enemys_weak_tile_does_not_leave_his_stated():
    """169003 --widest all (heavy blur, colour correction 0.89, yellow beetles, no yellow
    look learned): frame 1, a beetle's tile read not stepped by 0.51 of its pixels and his
    by 0.57; frame 2, a beetle's tile five rows above a camera clamped at the room's bottom
    by 0.58, his by 0.59. The weakest alone was unread, and his tile was stated not stepped
    (2 cells wrong): every weak state where the camera may follow him is unread; a weak one
    where it cannot (``away``) is not needed for that."""
    from gridsight.games.tile_path.room import _link_hidden as hidden

    floor = [31, 43, 48, 54]
    shares = [0.0] * 60
    shares[31], shares[43], shares[48], shares[54] = 0.44, 0.78, 0.57, 0.51
    labels = ["."] * 60
    assert hidden(floor, labels, shares, {31}) == [48, 54]
    floor, labels = [2, 33, 51], ["."] * 60
    shares[2], shares[33], shares[51] = 0.58, 0.75, 0.59
    assert hidden(floor, labels, shares, {2}) == [51]


def test_his_tile_beside_weak_enemy_tiles_is_left_unread():
    """169003 --widest all frame 1 (heavy blur 4.68x, colour correction 0.89, yellow
    beetles; the pack has no yellow look): his tile (6, 12), read not stepped by 0.57 of its
    pixels, is unread beside a beetle's (0.51); no cell wrong (before: 1)."""
    _settings, shot, moments = rooms.one_shot_case(3, 169003, widest="all")
    pack = calibrate_room([("c", shot.image)], ROOM, "widest").pack
    _assert_right_with_his_tile_unread(pack, moments[1], (6, 12))


def test_a_tile_read_weakly_showing_both_states_is_left_unread():
    """172007 --wider frame 1 (blue slimes, the stepped floor blue): a not-stepped tile
    under a slime read stepped by 57% of its pixels, not stepped by 18% (its corners), a
    confident wrong. A tile read as a state by under :data:`LINK_HIDDEN` of its pixels with
    :data:`BOTH_STATES` of them the other state's is left unknown; one read weakly with no
    pixel of the other state (a sprite of colours no look has), or read strongly, is not."""
    from gridsight.games.tile_path.room import _both_states as both

    looks = _looks()
    slimed = np.full((16, 16, 3), RED, np.uint8)
    slimed[:, :3] = BLUE  # the tile's own state at its edge, the sprite's red over the rest
    slimed[4:11, 6:12] = 0  # the sprite's eyes: no look's colour
    dark = np.full((16, 16, 3), RED, np.uint8)
    dark[:, :6] = 0  # a sprite of no look's colours over a stepped tile
    strong = np.full((16, 16, 3), BLUE, np.uint8)
    strong[:, :2] = RED
    tiles = np.stack([slimed, dark, strong, _tile(BLUE, BLUE)])
    labels, shares = ["x", "x", ".", "."], [0.65, 0.62, 0.87, 1.0]
    assert both(tiles, [0, 1, 2, 3], labels, shares, looks) == [0]
    assert both(tiles, [1, 2, 3], labels, shares, looks) == []  # the slimed one not floor
    assert both(tiles, [0, 1, 2, 3], labels, shares, _looks(".L")) == []  # no stepped look


def _view_at(camera: tuple[int, int], clip: tuple[int, int, int, int] = (0, 0, 0, 0),
             y: float = 0.0):
    """A Hero's Cave view placed with ``camera`` (that of the pixels shown), its picture at
    4x with its top-left at ``(0, y)``, cut by ``clip`` console pixels; a grey view."""
    from gridsight.games.tile_path.room import GBC, View
    from gridsight.vision.mapview import Placement
    from gridsight.vision.tiling import Screen

    screen = Screen(0.0, y, 64.0, GBC, clip=clip)
    pixels = np.full((128 - clip[1] - clip[3], 160 - clip[0] - clip[2], 3), 128, np.uint8)
    return View(screen, pixels, Placement(camera, 16, 0.0, 1.0))


SHAPE = (576, 640)  # the screenshot: the picture of :func:`_view_at` whole


def test_a_tile_read_as_his_where_the_camera_cannot_follow_him_is_unread():
    """The view follows Link, centred on him and clamped at the room's edges: a tile read as
    his far from where the camera puts him is not his. 157019 --wider frame 2: the camera at
    the room's bottom-right corner (80, 48), Link on room cell (7, 13); a blue beetle over
    (4, 6) read as his pale cyan tile, a confident wrong before. His own tile, the start
    tile beside the doorway he stands in, and a tile under a camera read 10 console pixels
    off near the room's edge are followed. A picture the screenshot's edge cuts (159013
    --wider frame 1: taken cut 36 console pixels at the bottom, its camera 42 off, Link
    read right on (5, 7)) or whose status bar it cuts is judged across only."""
    from gridsight.games.tile_path.room import _unfollowed as unfollowed

    corner = _view_at((80, 48))
    assert unfollowed(corner, ROOM, [(4, 6), (7, 13)], SHAPE) == [(4, 6)]
    assert unfollowed(corner, ROOM, [(7, 6), (3, 13)], SHAPE) == [(7, 6), (3, 13)]
    # Away from the room's edges the camera has him in the view's middle, give or take two
    # tiles and a half (half a tile mid-step, the camera as read a tile off).
    middle = _view_at((41, 24))
    assert unfollowed(middle, ROOM, [(5, 7), (6, 8), (5, 5), (7, 7), (5, 4), (8, 7), (5, 10)],
                      SHAPE) == [(5, 4), (8, 7), (5, 10)]
    # In the doorway (room cell (5, 14)) before he steps in, the start tile (5, 13) yellow.
    assert unfollowed(_view_at((80, 24)), ROOM, [(5, 13)], SHAPE) == []
    # The camera as read 10 px above the room's bottom edge: taken as clamped there.
    assert unfollowed(_view_at((4, 38)), ROOM, [(9, 5)], SHAPE) == []
    cut = _view_at((36, 65), (0, 0, 0, 36), 151.0)
    assert unfollowed(cut, ROOM, [(5, 7), (5, 13)], SHAPE) == [(5, 13)]
    barless = _view_at((80, 48), y=-38.0)  # the status bar half cut off at the top
    assert unfollowed(barless, ROOM, [(4, 6), (3, 13)], SHAPE) == [(4, 6)]
    assert unfollowed(_view_at((80, 48), (0, 0, 6, 0)), ROOM, [(4, 6)], SHAPE) == []


def test_the_reader_leaves_a_tile_read_as_his_unread_where_the_camera_cannot_follow_him():
    """157019 --wider frame 2 drawn in flat colours: the camera at the room's bottom-right
    corner, a beetle in his tile's colour over (4, 6) read as his, his own tile (7, 13)
    covered by his sprite (no look's colour). The beetle's tile is left unread, every other
    floor tile in view read blue; with the beetle on his own tile's neighbour (7, 12), the
    camera could be following him there, and it is read as his."""
    from types import SimpleNamespace

    from gridsight.games.tile_path.room import LINK, UNKNOWN, _board_read

    camera = (80, 48)
    pixels = np.empty((128, 160, 3), np.uint8)
    kinds = ROOM.kinds()
    for r in range(camera[1] // 16, (camera[1] + 128) // 16):
        for c in range(camera[0] // 16, (camera[0] + 160) // 16):
            y, x = r * 16 - camera[1], c * 16 - camera[0]
            colour = {FLOOR: BLUE}.get(int(kinds[r, c]), (110, 120, 100))  # walls, statues
            pixels[y : y + 16, x : x + 16] = colour
    pixels[(7 * 16 - 48):(8 * 16 - 48), (13 * 16 - 80):(14 * 16 - 80)] = (90, 200, 90)  # him
    view = _view_at(camera)
    pack = SimpleNamespace(name="flat")

    def read(beetle: tuple[int, int]):
        shown = pixels.copy()
        y, x = beetle[0] * 16 - camera[1], beetle[1] * 16 - camera[0]
        shown[y : y + 16, x : x + 16] = YELLOW
        cells = _board_read(replace(view, pixels=shown), ROOM, _looks(), pack,
                            shape=SHAPE).board.cells
        return {(r + 1, c + 1): cell.label for r, row in enumerate(cells)
                for c, cell in enumerate(row) if cell.label not in (UNKNOWN, "#")}

    far = read((4, 6))
    assert LINK not in far.values(), far
    assert (4, 6) not in far and set(far.values()) == {"."}
    near = read((7, 12))
    assert near[(7, 12)] == LINK, near
