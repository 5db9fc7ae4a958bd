"""What gridsight learned of a screen, kept between calls: which game it shows, and where.

``gridsight analyze`` with no ``--game`` tries every game's pack over the whole picture at
every scale: most of its time, every call, for screenshots that a player takes of the same
screen again and again. So the first call remembers what it found, by the picture's size and
the ``--pack`` asked: the game, the board's place (its geometry) and how well its frame matched
there. The next screenshot of that size is first checked at that place, with that one game's
pack (one warp and one match, :func:`gridsight.vision.locate.anchor_score`); only when the board is no
longer there does the full search run again (and its answer replaces the old one). A board
found by its structure (a real Disco Zoo screen: no frame to match) is remembered as such, and
looked for that way first. ``gridsight live`` seeds its locator with the same memory and adds
to it.

Finding a remembered board in a picture is :func:`gridsight.screenshots.find_seen`; this module
holds only the memory, so the live loop's sources can keep it without the readers. The
memory is a small JSON file in the player's data folder (:data:`FILE`, at most
:data:`MAX_SCREENS` screens, the least recently used dropped), written through
:mod:`gridsight.safefiles` (a temporary file beside it renamed into place, so a reader never sees half
of it; never through a link) and read only as a regular file of at most
:data:`MAX_FILE_BYTES`; a file that cannot be read or written is no worse than an empty
memory (it is a cache: nothing depends on it).
:class:`ScreenMemory` without a path keeps it in this process only (:mod:`gridsight.api`
keeps none: a library call searches afresh and writes no file).

>>> memory = ScreenMemory()
>>> memory.recall((1080, 1920, 3), None) is None
True
>>> seen = Seen("tile-path", 6, 8, (2.0, 0.0, 100.0, 0.0, 2.0, 50.0, 0.0, 0.0, 1.0), 1.3)
>>> memory.remember((1080, 1920, 3), None, seen)
>>> memory.recall((1080, 1920, 3), None) == seen, memory.recall((1080, 1920, 3), "mine")
(True, None)
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from gridsight.safefiles import SaveError, read_regular, write_file

#: The memory's file in the player's data folder (``GRIDSIGHT_DATA_DIR`` overrides the folder).
FILE = "screens.json"
FORMAT = "gridsight screens 1"
#: Screens remembered at most; the least recently used go first.
MAX_SCREENS = 32
#: The largest memory file read (32 screens take a few kilobytes; a bigger file is not ours).
MAX_FILE_BYTES = 1_000_000
#: A remembered board is still there when its frame matches at least this share as well as
#: when it was found (the live locator's own rule, :class:`gridsight.vision.locate.Locator`).
KEEP_RATIO = 0.75


@dataclass(frozen=True)
class Seen:
    """One screen's board: its ``game``, its size in cells, its geometry (the 3x3
    ``homography`` from board to pixels, row by row; empty when ``structure``: found by its
    structure, no frame) and ``reference``, its score when found (``Found.score``: the
    frame's match times the share of cells read)."""

    game: str
    rows: int
    cols: int
    homography: tuple[float, ...]
    reference: float
    structure: bool = False

    @classmethod
    def from_json(cls, data: Any) -> Seen | None:
        """A remembered screen from the file, ``None`` when it is not one (a cache: a bad
        entry is forgotten, never an error)."""
        try:
            seen = cls(str(data["game"]), int(data["rows"]), int(data["cols"]),
                       tuple(float(v) for v in data["homography"]), float(data["reference"]),
                       bool(data.get("structure", False)))
        except (TypeError, KeyError, ValueError):
            return None
        if seen.rows < 1 or seen.cols < 1 or not math.isfinite(seen.reference) or \
                len(seen.homography) not in ((0,) if seen.structure else (9,)) or \
                not all(math.isfinite(v) for v in seen.homography):
            return None
        return seen


def _used(entry: dict[str, Any]) -> float:
    """When an entry was last used (seconds since the epoch); 0 for anything but a finite
    number (a ``"used": "x"`` beside a number made the trimming's ``min`` raise ``TypeError``:
    a traceback out of ``gridsight analyze``)."""
    used = entry.get("used", 0)
    if isinstance(used, bool) or not isinstance(used, (int, float)):
        return 0.0
    try:
        return float(used) if math.isfinite(used) else 0.0
    except OverflowError:  # an int past a float's range
        return 0.0


def _newest(screens: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The :data:`MAX_SCREENS` most recently used of ``screens``, in their order: a file of
    many entries (a 1 MB file holds tens of thousands) was trimmed one ``min`` at a time at
    the next save, quadratic (20,000 entries: 13.8 s of CPU)."""
    if len(screens) <= MAX_SCREENS:
        return screens
    kept = set(sorted(screens, key=lambda k: _used(screens[k]))[-MAX_SCREENS:])
    return {k: v for k, v in screens.items() if k in kept}


def screen_key(shape: tuple[int, ...], pack: str | None) -> str:
    """The memory's key of a picture of ``shape`` read with ``--pack pack``.

    >>> screen_key((1080, 1920, 3), None), screen_key((600, 400), "mine")
    ('1920x1080', '400x600 pack=mine')
    """
    size = f"{shape[1]}x{shape[0]}"
    return size if pack is None else f"{size} pack={pack}"


class ScreenMemory:
    """The screens remembered, in the file at ``path`` (``None``: in this process only)."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path is not None else None
        self._screens: dict[str, dict[str, Any]] | None = None

    @classmethod
    def in_data_folder(cls) -> ScreenMemory:
        """The player's memory, :data:`FILE` in gridsight's data folder."""
        from gridsight.vision.packs import user_data_root

        return cls(user_data_root() / FILE)

    def _load(self) -> dict[str, dict[str, Any]]:
        if self._screens is None:
            self._screens = {}
            if self.path is not None:
                try:
                    data = json.loads(read_regular(self.path, limit=MAX_FILE_BYTES,
                                                   follow=False).decode("utf-8"))
                    if data.get("format") == FORMAT and isinstance(data.get("screens"), dict):
                        self._screens = _newest({str(k): v for k, v in data["screens"].items()
                                                 if isinstance(v, dict)})
                except (OSError, ValueError, AttributeError, RecursionError):
                    pass
        return self._screens

    def recall(self, shape: tuple[int, ...], pack: str | None) -> Seen | None:
        """What was seen on a screen of this size read with this ``--pack``, if anything."""
        entry = self._load().get(screen_key(shape, pack))
        return None if entry is None else Seen.from_json(entry.get("seen"))

    def remember(self, shape: tuple[int, ...], pack: str | None, seen: Seen) -> None:
        """Remember ``seen`` for this screen (and save the memory, when it has a file)."""
        screens = self._load()
        key = screen_key(shape, pack)
        screens.pop(key, None)
        screens[key] = {"seen": asdict(seen), "used": round(time.time())}
        while len(screens) > MAX_SCREENS:
            del screens[min(screens, key=lambda k: _used(screens[k]))]
        self._save()

    def forget(self, shape: tuple[int, ...], pack: str | None) -> None:
        """Forget this screen (its board was not where remembered)."""
        if self._load().pop(screen_key(shape, pack), None) is not None:
            self._save()

    def _save(self) -> None:
        if self.path is None:
            return
        text = json.dumps({"format": FORMAT, "screens": self._screens}, indent=1)
        try:  # a temporary beside it, renamed into place (no fsync: a cache)
            write_file(self.path, text, fsync=False)
        except SaveError:
            pass  # a cache that cannot be written is only slower next time


__all__ = ["FILE", "KEEP_RATIO", "MAX_SCREENS", "ScreenMemory", "Seen", "screen_key"]
