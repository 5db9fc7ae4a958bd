"""Reading and analysing screenshots: the library part of ``gridsight analyze``.

The packs to try for a game (or for every game), a reading's marks and warnings added to the
solver's advice (the unread cells, and those whose true content would change the advice), and
a screenshot made legible for painting.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from gridsight.errors import RuntimeFailure, say
from gridsight.registry import get_game, get_reader, reader_names
from solvers.advice import Advice, CellMark, MarkKind
from solvers.boardtext import parse_boards
from solvers.errors import InputError
from vision.errors import PackError

if TYPE_CHECKING:
    import argparse

    import numpy as np

    from gridsight.readers.base import BoardReading
    from gridsight.readers.find import Found
    from vision.packs import TemplatePack

MIN_CELL_PX = 48  # cells smaller than this are enlarged in the annotated picture


def load_packs(game: str, pack: str | None) -> dict[str, TemplatePack]:
    """The pack of each game to try: one game's, or every reader's for ``auto`` (games
    without a pack of that name are skipped; none at all is an error)."""
    from gridsight.readers.find import load_game_pack

    if game != "auto":
        return {game: load_game_pack(game, pack)}
    packs, problems = {}, []
    for name in reader_names():
        try:
            packs[name] = load_game_pack(name, pack)
        except PackError as error:
            problems.append(error)
    if not packs:
        raise problems[0] if len(problems) == 1 else PackError(
            pack or "default", "no game has this pack (" + "; ".join(map(str, problems)) + ")")
    for error in problems:  # a broken pack is worth a warning even when others load
        if "not found" not in str(error):
            say(f"warning: {error}")
    return packs


def _with_reading(advice: Advice, reading: BoardReading,
                  matter: list[tuple[int, int]] = ()) -> Advice:
    """The solver's advice plus the unread and unsure cells marked, the reader's warnings, and
    the unread cells that change the advice named in the status line."""
    warnings = advice.warnings + reading.warnings
    taken = {(m.row, m.col) for m in advice.marks}
    tokens = reading.board.grid
    marks = advice.marks + tuple(CellMark(r, c, MarkKind.UNSURE, tokens[r][c])
                                 for r, c in reading.unsure if (r, c) not in taken)
    status = advice.status
    if reading.unread:
        marks += tuple(CellMark(r, c, MarkKind.UNREAD)
                       for r, c in reading.unread if (r, c) not in taken)
        warnings += (f"{len(reading.unread)} cell(s) unread: solved as not yet observed",)
    if matter:
        from gridsight.readers.base import describe_cells

        status = f"{status} (but unread {describe_cells(matter)} may change this)"
    return replace(advice, marks=marks, warnings=warnings, status=status)


def _unread_that_matter(game: str, reading: BoardReading, advice: Advice,
                        options: argparse.Namespace) -> list[tuple[int, int]]:
    """The unread cells whose true content would change the recommended move: the reader
    says what a cell could be (``unread_alternatives``), each is solved in turn."""
    alternatives = getattr(get_reader(game), "unread_alternatives", None)
    if alternatives is None or not reading.unread:
        return []
    matter = []
    for cell in reading.unread:
        for text in alternatives(reading, cell):
            try:
                other = get_game(game).solve(parse_boards(text, source="<screenshot>")[0], options)
            except (InputError, RuntimeFailure):
                continue  # that alternative is impossible: it changes nothing
            if other.advice.recommend != advice.recommend:
                matter.append(cell)
                break
    return matter


def _unread_advice(found: Found, unread, problem: str) -> Advice:
    g = found.read.geometry
    return Advice(found.game, g.rows, g.cols,
                  marks=tuple(CellMark(r, c, MarkKind.UNREAD) for r, c in unread),
                  status="not solved", warnings=(problem,))


def legible(image: np.ndarray, geometry):
    """The screenshot enlarged (whole factor, at most 4) when its cells are smaller than
    ``MIN_CELL_PX``: figures and labels drawn in a 30-pixel cell overlap and cannot be read,
    so a small screenshot's annotated copy is drawn larger than the screenshot."""
    import cv2
    import numpy as np

    size = min(min(geometry.cell_size(r, c)) for r in (0, geometry.rows - 1)
               for c in (0, geometry.cols - 1))
    factor = min(4, int(np.ceil(MIN_CELL_PX / max(size, 1.0))))
    if factor <= 1:
        return image, geometry
    bigger = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
    return bigger, geometry.scaled(factor)
