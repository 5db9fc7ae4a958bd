"""Finding a game's board in a screenshot, and telling which game a screenshot shows.

``--game auto`` tries every game that has a reader with its pack and keeps the located board
whose frame matches best (the anchor score times the fraction of cells that read as some
label): a screenshot of one game does not hold another game's board frame, so the right game
wins by a wide margin.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.classify import BoardRead, read_cells
from vision.errors import BoardNotFoundError
from vision.locate import anchor_score, locate_board
from vision.packs import TemplatePack
from vision.packs import load_game_pack as load_pack_for_game


@dataclass(frozen=True, eq=False)
class Found:
    """A located board: the game, its pack, the cells as read and how sure the location is."""

    game: str
    pack: TemplatePack
    read: BoardRead
    score: float


def load_game_pack(game: str, pack: str | None) -> TemplatePack:
    """The pack ``pack`` of ``game`` (:func:`vision.packs.load_game_pack`: a folder path, or a
    skin name, the player's packs first; the default skin when ``pack`` is ``None``)."""
    return load_pack_for_game(game, pack)


def find_board(image: np.ndarray, game: str, pack: TemplatePack) -> Found:
    """Locate ``pack``'s board in ``image`` (0.5x to 4x) and read its cells
    (:class:`BoardNotFoundError` if it is not there)."""
    return _located(image, game, pack, 0.5, 4.0)


def _located(image: np.ndarray, game: str, pack: TemplatePack, low: float, high: float) -> Found:
    geometry = locate_board(image, pack, min_scale=low, max_scale=high)
    read = read_cells(image, geometry, pack)
    score = anchor_score(image, geometry, pack) * read.known_fraction
    return Found(game, pack, read, score)


def detect_game(image: np.ndarray, packs: dict[str, TemplatePack]) -> Found:
    """The best-matching board among every game's pack; :class:`BoardNotFoundError` if none."""
    best: Found | None = None
    for game, pack in packs.items():
        try:
            found = find_board(image, game, pack)
        except BoardNotFoundError:
            continue
        if best is None or found.score > best.score:
            best = found
    if best is None:
        raise BoardNotFoundError("game", "tried " + ", ".join(packs))
    return best
