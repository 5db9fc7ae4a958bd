"""Generate the shipped template packs from the project's own skins.

Run ``python -m gridsight.skins.build_packs`` after changing a skin; it rewrites
``templates/<game>/default/`` (committed, so an installed gridsight needs no build step).
Each pack is learned (with :func:`vision.learn.learn_pack`) from a specimen screenshot drawn by
the game's renderer with every variant of every label on the board, so the shipped packs come
out of the same code path as a player's calibrated ones.

>>> packs = specimen_packs()  # doctest: +SKIP
>>> sorted(p.game for p in packs)  # doctest: +SKIP
['disco-zoo', 'pentomino', 'tile-path']
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from gridsight.skins import disco_zoo, pentomino, tile_path
from gridsight.skins.common import Rendered
from vision.packs import TemplatePack
from vision.learn import learn_pack


def disco_specimen(skin: disco_zoo.DiscoSkin = disco_zoo.DEFAULT_SKIN) -> Rendered:
    """A rescue screen with every decoration, coins, and one animal of each rarity."""
    grid = [["ground"] * 5 for _ in range(5)]
    decor: list[list[str | None]] = [[None] * 5 for _ in range(5)]
    coins = [[False] * 5 for _ in range(5)]
    for k, name in enumerate(skin.decorations):
        decor[0][k] = name
    grid[2][0] = grid[2][1] = "empty"
    coins[2][1] = True
    animals = {"Sheep": "common", "Yak": "rare", "Unicorn": "mythical", "Phoenix": "timeless"}
    for k, name in enumerate(animals):
        grid[4][k] = f"animal:{name}"
    return disco_zoo.render(grid, skin=skin, animals=animals, decorations=decor, coins_on=coins)


def disco_masks(cell: int) -> dict[str, np.ndarray]:
    """Animal tiles are matched on their rim: the sprite's square is masked out."""
    mask = np.full((cell, cell), 255, np.uint8)
    x0, y0, x1, y1 = (round(v * cell) for v in disco_zoo.SPRITE_BOX)
    mask[y0:y1, x0:x1] = 0
    return {f"animal:{rarity}": mask for rarity in disco_zoo.RARITIES}


def disco_label_info() -> dict[str, dict]:
    info: dict[str, dict] = {"ground": {"tapped": False}, "empty": {"tapped": True}}
    for rarity in disco_zoo.RARITIES:
        info[f"animal:{rarity}"] = {
            "tapped": True, "rarity": rarity, "sprite_box": list(disco_zoo.SPRITE_BOX),
        }
    return info


def tile_path_specimen(skin: tile_path.TilePathSkin = tile_path.DEFAULT_SKIN,
                       scale: int = 2) -> Rendered:
    rows = ["S . . . . . . .", ". # . . . . . .", ". . x x . . . .",
            ". . . . . . . .", ". . . . . . # .", "L x . . . . . E"]
    return tile_path.render(rows, skin=skin, scale=scale)


def pentomino_specimen(skin: pentomino.PentominoSkin = pentomino.DEFAULT_SKIN) -> Rendered:
    """All twelve pieces placed, empty cells and the outside."""
    rows = [
        "##########",
        "#FFIIIIIL#",
        "##FFPPPLL#",
        "##F.PPXL.#",
        "#.UUXXXN.#",
        "#.U.UXNN.#",
        "#TTTVVN..#",
        "#.WTV.YYY#",
        "##WWV..Y.#",
        "#.ZWW....#",
        "#ZZZ.....#",
        "#Z########",
    ]
    return pentomino.render(rows, skin=skin)


def specimen_packs(skin_name: str = "default") -> list[TemplatePack]:
    shots = {
        "disco-zoo": disco_specimen(),
        "tile-path": tile_path_specimen(),
        "pentomino": pentomino_specimen(),
    }
    packs = []
    for game, shot in shots.items():
        kwargs = {}
        if game == "disco-zoo":
            kwargs = {"masks": disco_masks(disco_zoo.CELL), "label_info": disco_label_info()}
        if game == "pentomino":
            kwargs = {"layout": pentomino.layout()}
        # The anchor: the tile-path room's walls (exactly one tile thick); the pentomino
        # board's gold frame and the background beyond it (the frame alone is one flat
        # colour); half a cell of wooden frame and sky around the Disco Zoo board.
        margin = {"tile-path": 1.0, "pentomino": 1.0}.get(game, 0.5)
        packs.append(learn_pack(shot.image, shot.geometry, shot.labels, game, skin_name,
                                variants=shot.variants, margin=margin, **kwargs))
    return packs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None,
                        help="root folder (default: the shipped templates/ package)")
    options = parser.parse_args(argv)
    if options.out is None:
        from templates import packs_root

        options.out = packs_root()
    for pack in specimen_packs():
        folder = pack.save(options.out / pack.game / pack.skin)
        print(f"{pack.name}: {len(pack.templates)} templates, {len(pack.labels)} labels -> {folder}")
    # The 3D skin's pit pack (item colours, wallet font): what the 3D tracker reads.
    from gridsight.games.thrill_digger.pack import SHIPPED, save_pit_pack
    from gridsight.skins.thrill_digger_3d import pit_pack

    folder = save_pit_pack(pit_pack(), options.out / "thrill-digger" / SHIPPED)
    print(f"thrill-digger/{SHIPPED}: the 3D pit's items and wallet digits -> {folder}")
    for game, folder, frames in write_demos(options.out):
        print(f"{game}/demo: {frames} frames of the scripted game -> {folder}")
    return 0


DEMO_EVERY = 1.5  # seconds per move in gridsight demo


def write_demos(root: Path) -> list[tuple[str, Path, int]]:
    """Each scripted game's frames and ``script.json`` in ``root/<game>/demo/`` (what
    ``gridsight demo`` plays: :mod:`gridsight.demo.script`)."""
    import json

    import cv2

    from gridsight.live.scripted import SCRIPTS, screen

    written = []
    for game, make in SCRIPTS.items():
        script = make()
        folder = root / game / "demo"
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("frame-*.png"):
            old.unlink()
        frames = []
        for i in range(len(script.boards)):
            name = f"frame-{i:02d}.png"
            if not cv2.imwrite(str(folder / name), screen(script.render(i)),
                               [cv2.IMWRITE_PNG_COMPRESSION, 9]):
                raise OSError(f"cannot write {folder / name}")
            frames.append({"image": name, "labels": script.labels(i)})
        data = {"format": 1, "game": game, "every": DEMO_EVERY, "frames": frames}
        (folder / "script.json").write_text(json.dumps(data) + "\n", encoding="utf-8")
        written.append((game, folder, len(frames)))
    return written


if __name__ == "__main__":
    raise SystemExit(main())
