"""The scripted games ``gridsight demo`` plays: pictures and what they show, shipped as data.

Each game with a demo has a folder ``templates/<game>/demo/`` holding ``script.json`` and its
frames (PNG): the screens a player would see after each move, drawn by the test kit from our
own skins (``python -m tests.kit.build_packs`` writes them with the packs), a player following
gridsight's advice with a deliberate deviation or two. ``script.json``: ``{"format": 1,
"game", "every": seconds per frame, "frames": [{"image": "frame-00.png", "labels": [[pack
label, ...], ...]}, ...], "solve": {"budget": 3.0, ...}}``; ``labels`` is what the reader
should believe, ``solve`` the solver settings the player's advice was computed with (the
demo runs ``gridsight live`` with them, so the advice shown is the one followed).

>>> script = load_script("tile-path")
>>> script.game, len(script.frames) > 1, script.frames[0].image.name
('tile-path', True, 'frame-00.png')
>>> demo_games()[:1]
['disco-zoo']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from gridsight.solvers.errors import InputError

SCRIPT = "script.json"


class NoDemoError(InputError):
    """A game without a scripted demo, or a demo folder that cannot be read."""


@dataclass(frozen=True)
class DemoFrame:
    """One picture of the scripted game and the pack labels of its board."""

    image: Path
    labels: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class DemoScript:
    """A game's scripted demo: its frames in order, each shown ``every`` seconds."""

    game: str
    every: float
    frames: tuple[DemoFrame, ...]
    solve: tuple[tuple[str, float], ...] = ()


def demo_folder(game: str) -> Path:
    from gridsight.templates import packs_root

    return packs_root() / game / "demo"


def demo_games() -> list[str]:
    """The registered games that have a demo, in registry order."""
    from gridsight.registry import game_names

    return [name for name in game_names() if (demo_folder(name) / SCRIPT).is_file()]


def load_script(game: str) -> DemoScript:
    """The scripted demo of ``game`` (:class:`NoDemoError` naming the games that have one)."""
    folder = demo_folder(game)
    path = folder / SCRIPT
    if not path.is_file():
        raise NoDemoError(f"no demo for {game} (games with a demo: {', '.join(demo_games())})")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        frames = tuple(DemoFrame(folder / str(f["image"]),
                                 tuple(tuple(str(t) for t in row) for row in f["labels"]))
                       for f in data["frames"])
        every = float(data["every"])
        solve = tuple((str(k), float(v)) for k, v in dict(data.get("solve", {})).items())
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise NoDemoError(f"{path}: not a demo script ({error})") from None
    missing = [f.image.name for f in frames if not f.image.is_file()]
    if not frames or missing:
        raise NoDemoError(f"{path}: frames missing ({', '.join(missing) or 'none listed'})")
    return DemoScript(game, every, frames, solve)


__all__ = ["DemoFrame", "DemoScript", "NoDemoError", "demo_games", "load_script"]
