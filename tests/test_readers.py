"""The game readers, on screenshots drawn by our skins: every cell, the cards, the counters.

Also the helpers the analyze and calibrate tests share: real rescues (animals of one region
placed as the game places them, some tiles tapped) drawn with the Disco Zoo skin, with the
board text the reader must produce.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from sample_sizes import samples
from gridsight.readers.base import ReadError, ReadHints
from gridsight.readers.find import detect_game, find_board
from gridsight.registry import get_reader, reader_names
from kit.skins import disco_zoo
from kit.skins import pentomino, tile_path
from kit.rescues import random_rescue_board
from kit.skins.common import Rendered
from gridsight.vision.packs import load_pack

ROOM = [
    ". . . . . . . .",
    ". . . # . . . .",
    ". . . . . . . .",
    "x x L . . . . .",
    "x . . # . . . .",
    "S . . . . . . E",
]
ROOM_TEXT = "\n".join(ROOM) + "\n"

LEVEL = ["# # # # # # # # # #"] * 3 + [
    "I . . X . . . . . .",
    "I . X X X . . . . .",
    "I . . X . . . . . .",
    "I . . . . . . . . .",
    "I . . . . . . . L .",
    ". . . . . L L L L .",
] + ["# # # # # # # # # #"] * 3
LEVEL_TEXT = "pieces: F I L N P T U V W X Y Z\n" + "\n".join(LEVEL) + "\n"


def random_rescue(rng: np.random.Generator, skin=disco_zoo.DEFAULT_SKIN,
                  region: str | None = None) -> tuple[Rendered, str]:
    """A rescue of 1 to 3 animals of one region placed without overlap, 0 to 6 tiles tapped,
    drawn by the skin; and the board text a perfect reader gives for it."""
    board = random_rescue_board(rng, max_taps=6, region=region)
    shot = disco_zoo.render([list(row) for row in board.labels], skin=skin, region=board.region,
                            attempts=board.attempts,
                            animals=[disco_zoo.Card(a.name, a.rarity, a.size)
                                     for a in board.animals],
                            seed=int(rng.integers(1 << 30)))
    return shot, board.text


def read_text(image: np.ndarray, game: str, pack=None, hints: ReadHints = ReadHints()) -> str:
    pack = pack or load_pack(game)
    found = find_board(image, game, pack)
    return get_reader(game).read(image, found.read, pack, hints).text


def test_every_game_with_a_pack_has_a_reader():
    assert reader_names() == ["disco-zoo", "tile-path", "pentomino", "minesweeper"]
    for game in reader_names():
        assert get_reader(game).game == game
    assert get_reader("thrill-digger") is None


@pytest.mark.parametrize("seed", range(4))
def test_disco_zoo_reader_reads_board_cards_region_and_attempts(seed):
    """A random rescue of the shipped skin at each of four scales (shrunk by area, as drawn,
    enlarged 1.6x and 2.4x): read exactly. (Twelve seeds, three at each scale, until the 38th
    session; more random screens at random scales, brightness, noise and JPEG are
    :func:`test_disco_zoo_whole_screen_survives_scaling_brightness_noise_and_jpeg`'s.)"""
    rng = np.random.default_rng(seed)
    shot, text = random_rescue(rng)
    scale = (0.7, 1.0, 1.6, 2.4)[seed % 4]
    image = cv2.resize(shot.image, None, fx=scale, fy=scale,
                       interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    assert read_text(image, "disco-zoo") == text


def test_disco_zoo_animals_of_one_rarity_are_told_apart_by_their_sprites():
    # Monkey, Toucan and Gorilla are all common in the Jungle: only the sprites tell their
    # tiles apart.
    cells = [["ground"] * 5 for _ in range(5)]
    cells[0][0] = "animal:Gorilla"
    cells[3][3] = "animal:Toucan"
    cells[4][0] = "animal:Monkey"
    shot = disco_zoo.render(cells, region="Jungle", attempts=7,
                            animals={"Toucan": "common", "Monkey": "common", "Gorilla": "common"})
    lines = read_text(shot.image, "disco-zoo").splitlines()
    assert lines[1] == "animals: Toucan, Monkey, Gorilla"
    assert (lines[3].split()[0], lines[6].split()[3], lines[7].split()[0]) == ("3", "1", "2")


def test_disco_zoo_animals_from_the_player_when_given():
    shot, text = random_rescue(np.random.default_rng(5), region="Farm")
    names = text.splitlines()[1].split(": ")[1].split(", ")
    hinted = read_text(shot.image, "disco-zoo", hints=ReadHints(animals=tuple(names), taps=3))
    assert hinted.splitlines()[2] == "taps: 3"
    assert hinted.splitlines()[3:] == text.splitlines()[3:]


def test_disco_zoo_unreadable_tile_is_unobserved_and_listed():
    shot, _ = random_rescue(np.random.default_rng(3))
    image = shot.image.copy()
    x, y = (int(v) for v in shot.geometry.cell_quad(2, 2)[0])
    image[y + 4 : y + 44, x + 4 : x + 44] = (255, 0, 255)  # something no tile looks like
    pack = load_pack("disco-zoo")
    found = find_board(image, "disco-zoo", pack)
    reading = get_reader("disco-zoo").read(image, found.read, pack, ReadHints())
    assert reading.unread == ((2, 2),)
    assert reading.board.grid[2][2] == "."


def test_tile_path_reader_reads_the_room():
    shot = tile_path.render(ROOM, scale=3, smooth=True)
    assert read_text(shot.image, "tile-path") == ROOM_TEXT


def test_tile_path_unread_tile_is_refused_with_the_tile_named():
    shot = tile_path.render(ROOM, scale=2)
    image = shot.image.copy()
    x, y = (int(v) for v in shot.geometry.cell_quad(1, 4)[0])
    image[y + 3 : y + 29, x + 3 : x + 29] = (255, 0, 255)
    with pytest.raises(ReadError, match="row 2, column 5"):
        read_text(image, "tile-path")


def test_pentomino_reader_reads_board_and_tray():
    shot = pentomino.render(LEVEL, pieces_left="FNPTUVWYZ")
    assert read_text(shot.image, "pentomino") == LEVEL_TEXT


def test_pentomino_tray_gives_the_piece_set_of_a_smaller_shape():
    level = ["# # # # # # # # # #"] * 9 + [". . . . . # # # # #"] * 2 + \
        ["P P . . . # # # # #"]
    level[9] = "P . . . . # # # # #"
    level[10] = "P P . . . # # # # #"
    shot = pentomino.render(level, pieces_left="LY")
    text = read_text(shot.image, "pentomino")
    assert text.splitlines()[0] == "pieces: L P Y"


def test_pentomino_without_tray_or_sixty_cells_asks_for_pieces():
    level = ["# # # # # # # # # #"] * 10 + [". . . . . # # # # #"] * 2
    shot = pentomino.render(level, pieces_left="")
    with pytest.raises(ReadError, match="--pieces"):
        read_text(shot.image, "pentomino")
    text = read_text(shot.image, "pentomino", hints=ReadHints(pieces="IL"))
    assert text.splitlines()[0] == "pieces: I L"


def test_detect_game_picks_the_game_shown():
    packs = {game: load_pack(game) for game in reader_names()}
    shots = {
        "disco-zoo": random_rescue(np.random.default_rng(1))[0].image,
        "tile-path": tile_path.render(ROOM, scale=2).image,
        "pentomino": pentomino.render(LEVEL, pieces_left="FNPTUVWYZ").image,
    }
    for game, image in shots.items():
        assert detect_game(image, packs).game == game


def test_disco_zoo_whole_screen_survives_scaling_brightness_noise_and_jpeg():
    """Whole rescue screens scaled 0.5x to 3x (nearest or bilinear), 15% brighter or darker,
    noisy, saved as JPEG at quality 40 to 95: board, cards, region and counter all read."""
    failures = []
    # 15 screens (30 with GRIDSIGHT_FULL_SAMPLES, as until the 28th session: 0.12 s of CPU a
    # screen), both ways of scaling: a read breaking one screen in 10 fails here 79 times in 100
    for seed in range(samples(15, 30)):
        rng = np.random.default_rng(1000 + seed)
        shot, text = random_rescue(rng)
        image, scale, quality = _degrade(shot.image, rng, seed, smallest=0.5)
        if read_text(image, "disco-zoo") != text:
            failures.append((seed, round(scale, 2), quality))
    assert not failures


def test_pentomino_board_and_tray_survive_scaling_brightness_noise_and_jpeg():
    from test_calibrate import random_level

    failures = []
    # 8 screens (16 with GRIDSIGHT_FULL_SAMPLES, as until the 28th session: 0.14 s of CPU a
    # screen), both ways of scaling
    for seed in range(samples(8, 16)):
        rng = np.random.default_rng(2000 + seed)
        level, tray = random_level(rng)
        shot = pentomino.render(level, pieces_left=tray)
        placed = sorted({t for row in level for t in row.split() if t not in ".#"})
        text = ("pieces: " + " ".join(sorted(placed + list(tray), key="FILNPTUVWXYZ".index))
                + "\n" + "\n".join(level) + "\n")
        image, scale, quality = _degrade(shot.image, rng, seed, smallest=0.7)
        if read_text(image, "pentomino") != text:
            failures.append((seed, round(scale, 2), quality))
    assert not failures


def test_disco_zoo_screen_not_laid_out_like_ours_needs_the_animals_and_warns_on_taps():
    shot, text = random_rescue(np.random.default_rng(8), region="Polar")
    image = shot.image.copy()
    image[:200] = np.random.default_rng(0).integers(0, 255, (200, image.shape[1], 3))
    with pytest.raises(ReadError, match="--animals"):
        read_text(image, "disco-zoo")
    names = tuple(text.splitlines()[1].split(": ")[1].split(", "))
    pack = load_pack("disco-zoo")
    found = find_board(image, "disco-zoo", pack)
    reading = get_reader("disco-zoo").read(image, found.read, pack, ReadHints(animals=names))
    assert reading.text.splitlines()[3:] == text.splitlines()[3:]
    # No counter to read: the board's count (10 minus the tiles tapped) is used, with a warning.
    tapped = sum(t != "." for line in text.splitlines()[3:] for t in line.split())
    assert reading.text.splitlines()[2] == f"taps: {10 - tapped}"
    assert any("attempts counter not read" in w and "tiles tapped" in w
               for w in reading.warnings)


def _degrade(image: np.ndarray, rng: np.random.Generator, seed: int, *, smallest: float):
    """A whole screen scaled ``smallest``..3x (nearest or bilinear by ``seed``), 15% brighter or
    darker, noisy, and saved as JPEG at quality 40 to 95; returns (image, scale, quality)."""
    scale = float(np.exp(rng.uniform(np.log(smallest), np.log(3.0))))
    image = cv2.resize(image, None, fx=scale, fy=scale,
                       interpolation=(cv2.INTER_NEAREST, cv2.INTER_LINEAR)[seed % 2])
    noisy = image.astype(np.float32) * rng.uniform(0.85, 1.15)
    noisy += rng.normal(0, rng.uniform(0, 6), image.shape)
    image = np.clip(noisy, 0, 255).astype(np.uint8)
    quality = int(rng.integers(40, 96))
    image = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                         cv2.IMREAD_COLOR)
    return image, scale, quality
