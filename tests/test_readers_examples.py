"""The bundled screenshots in ``examples/screenshots/`` are drawn by our own skins from the
boards below; this test checks they still are, and ``python tests/test_readers_examples.py``
draws them again (after a skin changes)."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "examples" / "screenshots"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test kit, when run as a script

from kit.skins import disco_zoo  # noqa: E402
from kit.skins import disco_zoo_real  # noqa: E402
from kit.skins import minesweeper, pentomino, tile_path  # noqa: E402

DISCO = [
    "ground ground ground ground ground",
    "ground ground ground empty ground",
    "ground ground animal:Panda ground ground",
    "ground ground ground ground ground",
    "ground ground animal:Gorilla ground ground",
]

TILE_PATH = [
    ". . . . . . . .",
    ". . . # . . . .",
    ". . . . . . . .",
    "x x L . . . . .",
    "x . . # . . . .",
    "S . . . . . . E",
]

PENTOMINO = ["# # # # # # # # # #"] * 3 + [
    "I . . X . . . . . .",
    "I . X X X . . . . .",
    "I . . X . . . . . .",
    "I . . . . . . . . .",
    "I . . . . . . . L .",
    ". . . . . L L L L .",
] + ["# # # # # # # # # #"] * 3


# The board of examples/minesweeper-beginner.txt.
MINESWEEPER = [line for line in (ROOT / "examples" / "minesweeper-beginner.txt").read_text()
               .splitlines() if line and not line.startswith(("//", "mines:"))]


def draw() -> dict[str, np.ndarray]:
    """The bundled screenshots, by file name."""
    return {
        "disco-zoo-jungle.png": disco_zoo.render(
            DISCO, animals={"Gorilla": "common", "Panda": "rare", "Tiger": "rare"},
            region="Jungle", attempts=7, seed=3).image,
        "tile-path-room.png": tile_path.render(TILE_PATH, scale=2).image,
        "pentomino-level.png": pentomino.render(PENTOMINO, pieces_left="FNPTUVWYZ").image,
        "disco-zoo-real-look.png": disco_zoo_real.example(),
        "minesweeper-beginner.png": minesweeper.render(MINESWEEPER).image,
    }


def test_bundled_screenshots_are_drawn_by_our_skins():
    for name, image in draw().items():
        stored = cv2.imread(str(SHOTS / name))
        assert stored is not None, f"{name} is missing: run python tests/test_readers_examples.py"
        assert stored.shape == image.shape
        # Skins may change by a shade; the picture must stay the same board.
        assert float(np.mean(np.abs(stored.astype(int) - image.astype(int)))) < 2.0, name


def test_the_minesweeper_screenshot_reads_as_its_text_example(run_cli, tmp_path):
    """Every 2D game has a bundled screenshot; Minesweeper's shows the board of its text
    example, and analyze reads it back to that board and the same advice."""
    import json

    code, out, err = run_cli("analyze", str(SHOTS / "minesweeper-beginner.png"), "--json",
                             "--out", str(tmp_path))
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == "minesweeper" and data["unread"] == []
    assert data["board"].splitlines()[-9:] == MINESWEEPER
    code, text_out, _ = run_cli("solve", "minesweeper", str(ROOT / "examples" /
                                                             "minesweeper-beginner.txt"), "--json")
    assert json.loads(text_out)["recommend"] == data["recommend"]


def test_the_documented_folder_example_reads_every_bundled_screenshot(run_cli, tmp_path):
    """docs/screen-reading.md's folder example, as written there, reads and solves them all."""
    import shlex

    doc = (ROOT / "docs" / "screen-reading.md").read_text(encoding="utf-8")
    line = next(text for text in doc.splitlines()
                if text.startswith("gridsight analyze examples/screenshots/ "))
    args = shlex.split(line.split("#")[0])[1:]
    args[1] = str(ROOT / args[1])
    code, out, err = run_cli(*args, "--out", str(tmp_path))
    assert code == 0, err
    assert len(out.splitlines()) == len(draw()) and "0 failed" in err


if __name__ == "__main__":
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, image in draw().items():
        cv2.imwrite(str(SHOTS / name), image, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        print(SHOTS / name)


def test_the_disco_zoo_example_shows_a_box_per_pattern_tile():
    """Each card of the bundled Jungle rescue counts its animal's tiles as the real game does:
    one box per tile of the pattern (Gorilla 4, Panda 3, Tiger 3, from the catalogue), one of
    them filled for each tile found on the board (a Panda and a Gorilla tile)."""
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue
    from gridsight.vision.boxrow import box_row

    image = cv2.imread(str(SHOTS / "disco-zoo-jungle.png"))
    sizes = {a.name: a.size for a in load_catalogue().regions["Jungle"]}
    card = tuple(float(v) for v in disco_zoo.DEFAULT_SKIN.card)
    names, gap = ("Gorilla", "Panda", "Tiger"), 6
    width = (disco_zoo.WIDTH - 20 - gap * (len(names) - 1)) // len(names)
    for i, name in enumerate(names):
        x = 10 + i * (width + gap)
        area = (x + 2, disco_zoo.CARD_TOP + 95, width - 4, disco_zoo.CARD_BOTTOM - disco_zoo.CARD_TOP - 97)
        row = box_row(image, area, card)
        assert row is not None and len(row.boxes) == sizes[name], name
        filled = sum(np.abs(np.subtract(c, card)).max() > 40 for c in row.insides)
        assert filled == (0 if name == "Tiger" else 1), name
