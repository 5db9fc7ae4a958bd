"""A Disco Zoo screen located by its structure and read with its true ``--animals``: the
steps the pinned tests of the real look repeat (a file of fresh WRONGs reads each of its
screens so, or records that the board was refused in words).
"""

from __future__ import annotations

from collections import OrderedDict
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.readers.base import ReadError, ReadHints
from gridsight.vision.digits import NumberRead
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


def read_plain(screen, board, image: np.ndarray):
    """``screen`` read with no options: (its text, its warnings, the request for
    ``--animals`` when the names were not settled, another refusal, the cells the read
    listed unread); the text and the cells empty when it was not read."""
    try:
        reading = read_screen(screen, board, ReadHints(), image=image)
    except ReadError as error:
        said = str(error)
        return "", (), *((said, "") if "--animals" in said else ("", said)), ()
    return reading.text, tuple(reading.warnings), "", "", tuple(reading.unread)



def read_plain_afresh(screen, image: np.ndarray):
    """:func:`read_plain` of ``screen``'s structure board with the names reader's memos
    cleared first (a read earlier in the worker cannot lend this one its lines)."""
    from gridsight.games.disco_zoo import names

    names._RECENT.clear()
    names._LINES.clear()
    return read_plain(screen, screen.board_read("disco-zoo/structure"), image)

WRONG_RULES = ("region", "animals", "tile kind", "found animal", "attempts")
KIND = {".": "ground", "-": "empty"}  # any other token: a found tile


def headers(text: str) -> dict[str, str]:
    """A board text's ``name: value`` lines."""
    return dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)


def _grid(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines() if ": " not in line and line.strip()]


def stated_wrong(text: str, read: str, warnings=(), unread=()) -> list[str]:
    """What ``read`` (a board text) states without a warning that the truth ``text`` denies:
    one reason a line, each starting with its rule (:data:`WRONG_RULES`); none: not WRONG.

    - ``region``: the region line names another region (an empty one states none);
    - ``animals``: the animals line names other animals, or the same in another order (the
      tiles' numbers point into it);
    - ``tile kind``: a tile stated of another kind than drawn: written ``.`` (untapped) and
      not among ``unread`` (the cells the read listed unread: not stated), written ``-``
      (tapped, empty), or written as a found tile (a number, ``a/b`` or ``*``) on ground or
      an empty tile;
    - ``found animal``: a found tile written as another animal (by name, through each text's
      animals line), or as ``a/b`` candidates without its own;
    - ``attempts``: the taps line's counts (``taps: 18/10``: one of these) not holding the
      truth with no ``attempts counter not read`` warning among ``warnings``: a warned count
      is flagged, not WRONG.
    """
    truth, said = headers(text), headers(read)
    out = []
    if said.get("region", "") and said.get("region") != truth.get("region"):
        out.append(f"region {said['region']!r} for {truth.get('region')!r}")
    names, seen_names = truth["animals"].split(", "), said.get("animals", "").split(", ")
    if seen_names != names:
        out.append(f"animals {', '.join(seen_names)!r} for {', '.join(names)!r}")
    listed = {tuple(cell) for cell in unread}

    def animal(token: str, among: list[str]) -> str:
        return among[int(token) - 1] if token.isdigit() and 0 < int(token) <= len(among) \
            else f"#{token}"

    for r, (want_row, got_row) in enumerate(zip(_grid(text), _grid(read))):
        for c, (want, got) in enumerate(zip(want_row, got_row)):
            if got == want and seen_names == names or got == "." and (r, c) in listed:
                continue
            where = f"row {r + 1}, column {c + 1}"
            kind, stated = KIND.get(want, "found"), KIND.get(got, "found")
            if kind != stated:
                out.append(f"tile kind {where}: {got!r} ({stated}) for {want!r} ({kind})")
            elif kind == "found" and got != "*":
                options = [animal(k, seen_names) for k in got.split("/")]
                if animal(want, names) not in options:
                    out.append(f"found animal {where}: {'/'.join(options)} for "
                               f"{animal(want, names)}")
    counts = said.get("taps", "").split("/")
    if truth["taps"] not in counts and \
            not any("attempts counter not read" in w for w in warnings):
        out.append(f"attempts {said.get('taps')!r} for {truth['taps']!r}, no warning")
    return out


def kinds_of(text: str) -> list[list[str]]:
    """The tiles' kinds a truth text draws (its last five rows): ``ground``, ``empty`` or
    ``found``, as :class:`~gridsight.games.disco_zoo.screen.TileSeen` names them."""
    rows = [line.split() for line in text.splitlines() if len(line.split()) == 5][-5:]
    return [[KIND.get(t, "found") for t in row] for row in rows]


def kinds_seen(screen) -> list[list[str]]:
    """The kinds of a located screen's tiles, row by row."""
    return [[tile.kind for tile in row] for row in screen.tiles]


def assert_no_kind_wrong(screen, text: str) -> None:
    """Assert that no tile of the located ``screen`` is seen of another kind than the truth
    ``text`` draws (``unknown`` and ``hidden``: not seen, not stated); the message names
    each cell, the kind seen and the truth."""
    wrong = [f"row {r + 1}, column {c + 1}: {seen!r} for {want!r}"
             for r, (seen_row, want_row) in enumerate(zip(kinds_seen(screen), kinds_of(text)))
             for c, (seen, want) in enumerate(zip(seen_row, want_row))
             if seen not in ("unknown", "hidden") and seen != want]
    assert not wrong, "tile kind seen wrong: " + "; ".join(wrong)


def assert_nothing_stated_wrong(text: str, read, warnings=(), unread=()) -> None:
    """Assert that ``read`` (a board text with its ``warnings`` and ``unread`` cells, or a
    reading, which carries its own) states nothing the truth ``text`` denies
    (:func:`stated_wrong`); the message names each cell, what was stated and the truth. A
    reading of ``None`` (not read) fails: say ``if plain:`` where a read may be refused."""
    assert read is not None, "not read"
    if not isinstance(read, str):
        read, warnings, unread = read.text, read.warnings, read.unread
    wrong = stated_wrong(text, read, warnings, unread)
    assert not wrong, "stated wrong: " + "; ".join(wrong) + f"\n{read}\n(truth)\n{text}"


@contextmanager
def _ocr_off():
    import pytest

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_OCR", "off")
        yield


@dataclass(eq=False)
class SeedRead:
    """A pinned seed's screen drawn, located with OCR off (as the pinned WRONGs were found;
    as installed when :func:`seed_read` is asked so) and read (OCR off) when asked:
    :func:`seed_read`'s answer."""

    text: str  #: its truth
    image: np.ndarray
    shot: object
    screen: object | None  #: the screen located, ``None`` when refused
    refused: str | None  #: the refusal's words, ``None`` when located

    @property
    def found(self):
        """The screen located, or the refusal's words."""
        return self.refused if self.screen is None else self.screen

    @cached_property
    def board(self):
        assert self.screen is not None, self.refused
        return self.screen.board_read("disco-zoo/structure")

    @cached_property
    def given(self):
        """Its reading with its true ``--animals`` (:func:`read_given`), ``None`` when
        refused; a ReadError raised as the read raises it."""
        if self.screen is None:
            return None
        with _ocr_off():
            return read_given(self.screen, self.text, self.board)

    @cached_property
    def given_on_image(self):
        """:attr:`given` with the picture given as well (``read_given(..., image=)``: the
        steps that look at it again)."""
        assert self.screen is not None, self.refused
        with _ocr_off():
            return read_given(self.screen, self.text, self.board, image=self.image)

    @cached_property
    def plain(self):
        """Its read with no options: :func:`read_plain`'s five."""
        assert self.screen is not None, self.refused
        with _ocr_off():
            return read_plain(self.screen, self.board, self.image)

    def assert_read_right(self) -> None:
        """Nothing stated wrong with ``--animals``, nor with no options when read so."""
        plain, warnings, _, _, unread = self.plain
        if plain:
            assert_nothing_stated_wrong(self.text, plain, warnings, unread)
        assert_nothing_stated_wrong(self.text, self.given)


#: :func:`seed_read`'s answers in this process, the oldest dropped past :data:`SEED_READS`.
_SEED_READS: OrderedDict = OrderedDict()
SEED_READS = 16


def seed_read(seed: int, base: int | None = None, widest: str = "all",
              variant: str = "", ocr: bool = False) -> SeedRead:
    """Real-look screen ``seed`` drawn as the screens test draws it (``real_screen(seed -
    base, base, ...)``: ``base`` sets which screens buy attempts; the seed itself by default),
    on the widest look's ``widest`` properties (``""``: the default look, not wider), or as
    ``bench/disco_zoo_variants.py`` draws its ``variant``; located with OCR off (``ocr=True``:
    with OCR as installed, for the tests pinned so; its reads stay OCR off). Answered
    once per process (reads made when first asked, then kept): only for a module fixture or
    a test that changes nothing the locate or read does; one that does locates itself."""
    key = (seed, base, widest, variant, ocr)
    if key not in _SEED_READS:
        if variant:
            from disco_zoo_variants import drawn, variant as varied

            shot, text = drawn(seed, True, widest)
            image = varied(variant, shot, seed)
        else:
            from kit.disco_screens import real_screen

            start = seed if base is None else base
            shot, text, image, _ = real_screen(seed - start, start, wider=bool(widest),
                                               widest=widest)
        with _ocr_off() if not ocr else nullcontext():
            try:
                screen, refused = located(image), None
            except BoardNotFoundError as error:
                screen, refused = None, str(error)
        _SEED_READS[key] = SeedRead(text, image, shot, screen, refused)
        while len(_SEED_READS) > SEED_READS:
            _SEED_READS.popitem(last=False)
    _SEED_READS.move_to_end(key)
    return _SEED_READS[key]


def counter_read(value: int, lead: float, like: dict[int, float]) -> NumberRead:
    """A one-digit counter read as ``value``, leading by ``lead``, the other digits as far
    as ``like`` says (0.4 where it says nothing): for the attempts' rules
    (:func:`gridsight.games.disco_zoo.screen_text.taps_left`) without a screen."""
    gaps = [0.4] * 10
    for n, gap in like.items():
        gaps[n] = gap
    gaps[value] = 0.0
    return NumberRead(value, lead, ((value, lead),), (tuple(gaps),))
