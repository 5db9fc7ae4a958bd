"""Generate the shipped data of ``templates/`` from the kit: packs, the 3D pit pack, demo frames.

Run ``python -m tests.kit.build_packs`` from the repository root after changing a skin; it
rewrites ``templates/`` (committed, so an installed gridsight needs no build step and never
draws anything). For each game's kit (:mod:`kit.games`):

- its pack ``templates/<game>/default/`` is learned (with :func:`gridsight.vision.learn.learn_pack`) from
  the kit's specimen screenshot, every variant of every label on the board, so the shipped
  packs come out of the same code path as a player's calibrated ones;
- its demo's frames go to ``templates/<game>/demo/`` (``gridsight demo``): a game played by
  following the advice, with a deliberate deviation or two (:mod:`kit.advised`);
- whatever else it ships (the 3D pit pack).

``tests/test_shipped_packs.py`` regenerates everything and compares it with ``templates/``.

>>> {"disco-zoo", "tile-path", "pentomino"} <= {p.game for p in specimen_packs()}
True
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2

from gridsight.vision.learn import learn_pack
from gridsight.vision.packs import TemplatePack

from .games import kits
from .scripted import screen

DEMO_EVERY = 1.5  # seconds per move in gridsight demo


def specimen_packs(skin_name: str = "default") -> list[TemplatePack]:
    """Each kit's pack, learned from its specimen screenshot."""
    packs = []
    for game, kit in kits().items():
        if kit.specimen is None:
            continue
        shot = kit.specimen()
        packs.append(learn_pack(shot.image, shot.geometry, shot.labels, game, skin_name,
                                variants=shot.variants, **kit.learn_options))
    return packs


def write_demos(root: Path) -> list[tuple[str, Path, int]]:
    """Each kit's demo (its player following the advice: :mod:`kit.advised`; else its scripted
    game), as frames and ``script.json`` in ``root/<game>/demo/`` (what ``gridsight demo``
    plays: :mod:`gridsight.demo.script`)."""
    written = []
    for game, kit in kits().items():
        make = kit.demo or kit.script
        if make is None:
            continue
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
        if kit.demo is not None:  # the solve settings its player followed the advice with
            from .advised import DEMO_SOLVE

            data["solve"] = DEMO_SOLVE
        (folder / "script.json").write_text(json.dumps(data) + "\n", encoding="utf-8")
        written.append((game, folder, len(frames)))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None,
                        help="root folder (default: the shipped templates/ package)")
    options = parser.parse_args(argv)
    if options.out is None:
        from gridsight.templates import packs_root

        options.out = packs_root()
    for pack in specimen_packs():
        folder = pack.save(options.out / pack.game / pack.skin)
        print(f"{pack.name}: {len(pack.templates)} templates, {len(pack.labels)} labels -> {folder}")
    for kit in kits().values():
        if kit.data is not None:
            print(kit.data(options.out))
    for game, folder, frames in write_demos(options.out):
        print(f"{game}/demo: {frames} frames of the scripted game -> {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
