"""Finding a game's board in a screenshot, and telling which game a screenshot shows.

``--game auto`` tries every game that has a reader with its pack and keeps the located board
whose frame matches best (the anchor score times the fraction of cells that read as some
label): a screenshot of one game does not hold another game's board frame, so the right game
wins by a wide margin.

A board with no frame to match (the real Disco Zoo rescue screen: a frameless lattice of
tiles) is found by its structure instead (:func:`structural_games`, the games whose spec
says how: ``GridReading.structure``): when the pack's frame is not
found (``--game disco-zoo``), or when no game's frame matches well (``--game auto``). Such a
board comes with a template-less pack named ``<game>/structure``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from typing import TYPE_CHECKING

from gridsight.vision.classify import BoardRead, read_cells
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.locate import anchor_score, locate_board
from gridsight.vision.packs import Anchor, TemplatePack
from gridsight.vision.packs import load_game_pack as load_pack_for_game

if TYPE_CHECKING:  # pragma: no cover
    from gridsight.readers.base import BoardReading

STRUCTURE_SKIN = "structure"  # the pack name shown for a board found by its structure
STRONG_FRAME = 0.5  # a pack's board matching at least this well is not second-guessed
CERTAIN_FRAME = 1.0  # ... by another game's board found by structure, below this it may be


def structural_games() -> list[str]:
    """The games whose board can also be found by its structure, with no frame template (a
    real-look Disco Zoo screen: a frameless lattice of tiles), in registry order."""
    from gridsight.games.spec import GridReading
    from gridsight.registry import all_specs

    return [spec.name for spec in all_specs()
            if isinstance(spec.reading, GridReading) and spec.reading.structure is not None]


@dataclass(frozen=True, eq=False)
class Found:
    """A located board: the game, its pack, the cells as read and how sure the location is."""

    game: str
    pack: TemplatePack
    read: BoardRead
    score: float


def load_game_pack(game: str, pack: str | None, *,
                   time_limit: float | None = None) -> TemplatePack:
    """The pack ``pack`` of ``game`` (:func:`gridsight.vision.packs.load_game_pack`: a folder path, or a
    skin name, the player's packs first; the default skin when ``pack`` is ``None``).

    Reading the pack counts against the command's ``--time-limit`` (``time_limit`` seconds,
    ``None`` or 0: none): past it, a :class:`gridsight.errors.RuntimeFailure` (exit 1) says so."""
    import time

    from gridsight.errors import RuntimeFailure
    from gridsight.vision.errors import PackTimeLimit

    deadline = time.monotonic() + time_limit if time_limit else None
    try:
        return load_pack_for_game(game, pack, deadline=deadline)
    except PackTimeLimit as error:
        raise RuntimeFailure(str(error)) from None


def _scrolling(game: str, pack: TemplatePack):
    """The game's reading of boards bigger than the screen, when ``pack`` is for one."""
    from gridsight.games.spec import GridReading
    from gridsight.registry import get_spec

    reading = get_spec(game).reading
    return reading.scrolling_for(pack) if isinstance(reading, GridReading) else None


def find_board(image: np.ndarray, game: str, pack: TemplatePack) -> Found:
    """Locate ``pack``'s board in ``image`` (0.5x to 4x) and read its cells; failing that,
    for a game whose board can be found by its structure (:func:`structural_games`), find it
    so (:class:`BoardNotFoundError` if neither finds it)."""
    try:
        return _located(image, game, pack, 0.5, 4.0)
    except BoardNotFoundError as error:
        if game not in structural_games():
            raise
        try:
            return find_by_structure(image, game, like=pack)
        except BoardNotFoundError as other:
            raise BoardNotFoundError(game, f"{error.detail}; {other.detail}") from None


def find_by_structure(image: np.ndarray, game: str, like: TemplatePack | None = None) -> Found:
    """The board of ``game`` found by its structure (its spec's ``GridReading.structure``), its
    score the share of tiles that read as the game's tiles; ``like``'s furniture and
    references (a pack the player calibrated or grew) go with it to the reader."""
    from gridsight.registry import get_spec

    read = get_spec(game).reading.locate_by_structure(image)
    return Found(game, structure_pack(game, like), read, read.known_fraction)


def structure_pack(game: str, like: TemplatePack | None = None) -> TemplatePack:
    """A pack with no templates, standing for "read by structure" (its name is shown),
    carrying ``like``'s furniture and reference pictures."""
    base = _structure_pack(game)
    if like is None or not (like.furniture or like.references):
        return base
    from dataclasses import replace

    return replace(base, furniture=dict(like.furniture), references=like.references)


@cache
def _structure_pack(game: str) -> TemplatePack:
    blank = np.zeros((1, 1, 3), np.uint8)
    anchor = Anchor(blank, np.zeros((1, 1), np.uint8), 0.0)
    return TemplatePack(game, STRUCTURE_SKIN, (1, 1), 1, 1, (), anchor)


def _located(image: np.ndarray, game: str, pack: TemplatePack, low: float, high: float) -> Found:
    rooms = _scrolling(game, pack)
    if rooms is not None:  # a board bigger than the screen: the view placed in it
        read = rooms.locate(image, pack)
        return Found(game, pack, read, read.extras.get("fit", 1.0))
    geometry = locate_board(image, pack, min_scale=low, max_scale=high)
    read = read_cells(image, geometry, pack)
    score = anchor_score(image, geometry, pack) * read.known_fraction
    return Found(game, pack, read, score)


def find_in(image: np.ndarray, packs: dict[str, TemplatePack]) -> Found:
    """The board ``gridsight analyze`` finds in ``image`` given these packs: the one game's
    (:func:`find_board`), or the best of every game's (:func:`detect_game`). ``calibrate``
    checks a new pack through this very function and :func:`read_found`, so the read it
    reports is the read ``analyze --pack`` then makes."""
    if len(packs) == 1:
        (game, pack), = packs.items()
        return find_board(image, game, pack)
    return detect_game(image, packs)


def read_found(image: np.ndarray, found: Found, hints) -> "BoardReading":
    """The board text of a found board: the game's reader given the screenshot, the cells
    as read, the pack and the player's hints (``analyze`` and ``calibrate`` alike)."""
    from gridsight.registry import get_reader

    return get_reader(found.game).read(image, found.read, found.pack, hints)


def detect_game(image: np.ndarray, packs: dict[str, TemplatePack]) -> Found:
    """The best-matching board among every game's pack; when no pack's board matches for
    certain (:data:`CERTAIN_FRAME`: a frame can match scenery of another game's screen), the
    games found by structure are tried too (their own game's only when its pack matched
    weakly, below :data:`STRONG_FRAME`), and a board of theirs whose every tile reads wins.
    :class:`BoardNotFoundError` if none."""
    best: Found | None = None
    for game, pack in packs.items():
        try:
            found = _located(image, game, pack, 0.5, 4.0)
        except BoardNotFoundError:
            continue
        if best is None or found.score > best.score:
            best = found
    if best is None or best.score < CERTAIN_FRAME:
        for game in structural_games():
            if game not in packs or (best is not None and best.game == game
                                     and best.score >= STRONG_FRAME):
                continue
            try:
                found = find_by_structure(image, game, like=packs[game])
            except BoardNotFoundError:
                continue
            if best is None or found.score >= 1.0 or found.score > best.score:
                best = found
    if best is None:
        raise BoardNotFoundError("game", "tried " + ", ".join(packs))
    return best
