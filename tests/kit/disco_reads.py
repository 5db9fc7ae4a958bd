"""A Disco Zoo screen located by its structure and read with its true ``--animals``: the
steps the pinned tests of the real look repeat (a file of fresh WRONGs reads each of its
screens so, or records that the board was refused in words).
"""

from __future__ import annotations

from collections import OrderedDict

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


#: :func:`located`'s answers in this process (a test session's worker: never on disk), by
#: the picture's pixels; the oldest dropped past :data:`LOCATED`.
_LOCATED: OrderedDict = OrderedDict()
LOCATED = 16


def located(image: np.ndarray):
    """``locate_rescue(image)``, answered once per picture in the process: the same pixels
    located again (the same pinned screen drawn by several test files run on one xdist
    worker) get the screen found the first time (frozen), or the same
    :class:`~gridsight.vision.errors.BoardNotFoundError`. The locate is a function of the
    pixels alone (and ``GRIDSIGHT_OCR``, kept in the key). Only for a module fixture or a
    test that changes nothing the locate does (no constant monkeypatched, no other skin):
    one that does calls :func:`locate_rescue` itself."""
    import hashlib
    import os

    pixels = np.ascontiguousarray(image)
    key = (hashlib.sha1(pixels.tobytes()).digest(), pixels.shape, str(pixels.dtype),
           os.environ.get("GRIDSIGHT_OCR", ""))
    if key not in _LOCATED:
        try:
            _LOCATED[key] = locate_rescue(image)
        except BoardNotFoundError as error:
            _LOCATED[key] = error
        while len(_LOCATED) > LOCATED:
            _LOCATED.popitem(last=False)
    _LOCATED.move_to_end(key)
    answer = _LOCATED[key]
    if isinstance(answer, BoardNotFoundError):
        raise answer
    return answer


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


def pinned_given(image: np.ndarray, text: str):
    """A pinned screen's picture located and read with its true animals with OCR off (as
    the pinned WRONGs were found), asserted found: ``(screen, reading)``. For a module
    fixture drawing one screen (``real_screen``) that its tests look at."""
    import pytest

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_OCR", "off")
        screen, refused, given = given_or_refused(image, text)
    assert refused is None, refused
    return screen, given


def on_demand(read_many):
    """``read_many(seeds) -> {seed: its read}`` asked one seed at a time, each seed read once:
    a module fixture's reads when each test asks for its own screen (so each test bears the
    cost of its own screen only)."""
    done: dict = {}

    def read(seed):
        if seed not in done:
            done.update(read_many([seed]))
        return done[seed]

    return read


def text_line(boxes, words: tuple[int, ...] | None = None):
    """A :class:`~gridsight.games.disco_zoo.names.TextLine` of glyphs with these ``(x, y, w,
    h)`` boxes (only their boxes are looked at), ``words`` glyphs to a word (one word of them
    all by default): the title-bar tests' synthetic lines."""
    from types import SimpleNamespace

    from gridsight.games.disco_zoo import names

    glyphs = tuple(SimpleNamespace(box=b) for b in boxes)
    x0 = min(b[0] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y0 = min(b[1] for b in boxes)
    height = max(b[3] for b in boxes)
    return names.TextLine(glyphs, words or (len(boxes),),  # type: ignore[arg-type]
                          (x0, y0, x1 - x0, height), float(height), (0.0, 0.0, 0.0))
