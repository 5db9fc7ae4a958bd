"""A Disco Zoo screen located by its structure and read with its true ``--animals``: the
steps the pinned tests of the real look repeat (a file of fresh WRONGs reads each of its
screens so, or records that the board was refused in words).
"""

from __future__ import annotations

import numpy as np

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.readers.base import ReadHints
from gridsight.vision.errors import BoardNotFoundError


def names_of(text: str) -> tuple[str, ...]:
    """The animals a truth text names (its second line): what ``--animals`` gives."""
    return tuple(text.splitlines()[1].split(": ")[1].split(", "))


def read_given(screen, text: str, board=None, image: np.ndarray | None = None):
    """``screen`` (located) read with the animals of its truth ``text`` given, as
    ``--animals`` gives them: its reading (a :class:`~gridsight.readers.base.ReadError`
    raised as the read raises it). ``board``: the structure's board read, when the caller
    has it already; ``image``: the picture, for the steps that look at it again."""
    if board is None:
        board = screen.board_read("disco-zoo/structure")
    return read_screen(screen, board, ReadHints(animals=names_of(text)), image=image)


def located_or_refused(image: np.ndarray):
    """``image`` located by its structure: ``(screen, None)``, or ``(None, the refusal's
    words)`` when no board is found beyond doubt."""
    try:
        return locate_rescue(image), None
    except BoardNotFoundError as error:
        return None, str(error)


def given_or_refused(image: np.ndarray, text: str):
    """``image`` located and read with its true animals (:func:`read_given`): ``(screen,
    None, reading)``, or ``(None, the refusal's words, None)`` when no board is found."""
    screen, refused = located_or_refused(image)
    return (None, refused, None) if screen is None else (screen, None, read_given(screen, text))
