"""Reading and analysing screenshots: what ``gridsight analyze`` and :mod:`gridsight.api` share.

A screenshot is read in two steps: its board is found (:func:`find_screenshot`, through one
game's template pack, or the best of every game's, :class:`PackShelf`; a game not given is
first looked for where it was last seen on a screen of that size, :mod:`gridsight.screens`)
and its cells are read into the game's board text by the game's reader
(:func:`read_screenshot` does both). :func:`advise` then solves that text and adds
what the reading says to the solver's advice (:func:`with_reading`): the unread and unsure
cells marked, the reader's warnings, and the unread cells whose true content would change the
advised move named in the status line (:func:`unread_that_matter`). :func:`annotate` paints the
advice on the screenshot, enlarged when its cells are too small to hold the figures
(:func:`legible`).

Nothing here prints, and a file is written only by a screen memory that has one (the
command's, :meth:`gridsight.screens.ScreenMemory.in_data_folder`): the command prints and
saves the pictures (:mod:`gridsight.commands.analyze`).
OpenCV is imported when a picture is found, read or painted, not with this module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gridsight.errors import RuntimeFailure
from gridsight.overlay.caveat import QUESTION
from gridsight.registry import get_reader, get_spec, reader_names
from gridsight.solvers.advice import Advice, CellMark, MarkKind
from gridsight.solvers.boardtext import BoardText, parse_boards
from gridsight.solvers.errors import InputError
from gridsight.vision.errors import PackError

if TYPE_CHECKING:  # pragma: no cover - OpenCV, the readers and the packs load when used
    import numpy as np

    from gridsight.games.base import Solution
    from gridsight.readers.base import BoardReading, ReadHints
    from gridsight.readers.find import Found
    from gridsight.screens import ScreenMemory, Seen
    from gridsight.tracking import ViewMerger
    from gridsight.vision.geometry import BoardGeometry
    from gridsight.vision.packs import TemplatePack

#: Cells smaller than this (pixels) are enlarged in the annotated picture.
MIN_CELL_PX = 48
#: How far under ``MIN_CELL_PX`` (as a share of it) a cell still counts as large enough.
CELL_PX_SLACK = 0.05

#: Solving one board text (a game's adapter with its options): the solution, or
#: :class:`~gridsight.solvers.errors.InputError` / :class:`~gridsight.errors.RuntimeFailure`.
Solve = Callable[[BoardText], "Solution"]


def load_packs(game: str | None, pack: str | None,
               warn: Callable[[str], None] | None = None,
               time_limit: float | None = None) -> dict[str, TemplatePack]:
    """The pack of each game to try: ``game``'s (``None`` or ``"auto"``: every reader's,
    skipping the games without a pack of that name; none at all is an error). ``pack`` is a
    skin name or a pack folder (:func:`gridsight.vision.packs.load_game_pack`; ``None``: the default
    skin). A pack that exists but is broken, while others load, is passed to ``warn``.
    Reading each pack counts against ``time_limit`` seconds (``--time-limit``; ``None`` or
    0: none): past it, a :class:`~gridsight.errors.RuntimeFailure`."""
    from gridsight.readers.find import load_game_pack

    if game not in (None, "auto"):
        return {game: load_game_pack(game, pack, time_limit=time_limit)}
    packs, problems = {}, []
    for name in reader_names():
        try:
            packs[name] = load_game_pack(name, pack, time_limit=time_limit)
        except PackError as error:
            problems.append(error)
    if not packs:
        raise no_pack(pack, problems)
    for problem in problems:  # a broken pack is worth a warning even when others load
        if "not found" not in str(problem) and warn is not None:
            warn(str(problem))
    return packs


def no_pack(pack: str | None, problems: list[PackError]) -> PackError:
    """The one error to give when no game loads the pack ``pack``: the broken pack itself when
    one game has it (what is wrong with it, not three other games' "not found"), one line
    when every game says the same (a folder with no manifest), else that no game has a pack
    of that name and where they were looked for.

    >>> no_pack("mine", [PackError("a/mine", "not found (tried x)"),
    ...                  PackError("b/mine/manifest.json", "not valid JSON (line 2)")]).problem
    'not valid JSON (line 2)'
    """
    broken = [p for p in problems if not p.problem.startswith("not found")]
    if len(broken) == 1:
        return broken[0]
    texts = list(dict.fromkeys(str(p) for p in broken or problems))
    if len(texts) == 1:
        return (broken or problems)[0]
    if broken:
        return PackError(pack or "default", "no game's pack of this name loads: "
                         + "; ".join(texts))
    from gridsight.vision.packs import pack_search_path

    name = pack or "default"
    roots = " and ".join(str(root / "GAME" / name) for root in pack_search_path())
    return PackError(name, f"no game has a pack of this name (looked for {roots}, GAME one of "
                     f"{', '.join(reader_names())})")


class PackShelf:
    """The packs of one run (``--pack pack``, ``None``: the default skin), each loaded once,
    when first needed: one game's (:meth:`of`), or every reader's (:meth:`every`, problems
    passed to ``warn`` as :func:`load_packs` does); reading each counts against
    ``time_limit`` seconds (:func:`load_packs`)."""

    def __init__(self, pack: str | None = None, warn: Callable[[str], None] | None = None,
                 time_limit: float | None = None):
        self.pack = pack
        self.warn = warn
        self.time_limit = time_limit
        self._packs: dict[str, TemplatePack] = {}
        self._every: dict[str, TemplatePack] | None = None

    def of(self, game: str) -> TemplatePack:
        if game not in self._packs:
            self._packs.update(load_packs(game, self.pack, time_limit=self.time_limit))
        return self._packs[game]

    def every(self) -> dict[str, TemplatePack]:
        if self._every is None:
            self._every = load_packs(None, self.pack, self.warn, self.time_limit)
            self._packs.update(self._every)
        return self._every


def seen_of(found: Found) -> Seen:
    """What a screen memory keeps of a board found (:class:`gridsight.screens.Seen`)."""
    from gridsight.readers.find import STRUCTURE_SKIN
    from gridsight.screens import Seen

    geometry = found.read.geometry
    structure = found.pack.skin == STRUCTURE_SKIN
    return Seen(found.game, geometry.rows, geometry.cols,
                () if structure else tuple(float(v) for v in geometry.homography.ravel()),
                float(found.score), structure)


def find_seen(image: np.ndarray, seen: Seen, pack: TemplatePack) -> Found | None:
    """The board remembered in ``seen``, if it is still there in ``image``: its frame checked
    at the remembered place (or the game's structure looked for, for a board found so), its
    cells read; ``None`` when it is not there."""
    import numpy as np

    from gridsight.readers.find import Found, find_by_structure, structural_games, with_screen
    from gridsight.screens import KEEP_RATIO
    from gridsight.vision.classify import read_cells
    from gridsight.vision.errors import BoardNotFoundError
    from gridsight.vision.geometry import BoardGeometry
    from gridsight.vision.locate import MIN_KNOWN, _inside, anchor_score

    if seen.game != pack.game:
        return None
    if seen.structure:
        try:
            return find_by_structure(image, seen.game, like=pack)
        except BoardNotFoundError:
            return None
    if (seen.rows, seen.cols) != (pack.rows, pack.cols):
        return None
    try:
        geometry = BoardGeometry(seen.rows, seen.cols,
                                 np.array(seen.homography, dtype=np.float64).reshape(3, 3))
    except ValueError:
        return None
    if not _inside(geometry, image.shape):
        return None
    anchor = anchor_score(image, geometry, pack)
    if anchor < KEEP_RATIO * seen.reference:  # the score below is at most the anchor's
        return None
    read = read_cells(image, geometry, pack)
    score = anchor * read.known_fraction  # as the search scores a board (Found.score)
    if read.known_fraction < MIN_KNOWN or score < KEEP_RATIO * seen.reference:
        return None
    found = Found(seen.game, pack, read, score)
    # A structural game's board in a frame much wider than it: the screen around it, as the
    # full search gives it (a phone's window on a desktop; the reader reads that window).
    return with_screen(image, found) if seen.game in structural_games() else found


def find_screenshot(image: np.ndarray, shelf: PackShelf, game: str | None = None,
                    memory: ScreenMemory | None = None) -> Found:
    """The board in ``image``: through ``game``'s pack, or (``game`` ``None``) the best of
    every reader's. With a ``memory`` of screens (:mod:`gridsight.screens`), a game not given
    is first looked for where it was last found on a screen of this size; what the full
    search finds is remembered. :class:`gridsight.vision.errors.BoardNotFoundError` if none."""
    from gridsight.readers.find import find_in

    if game not in (None, "auto"):
        return find_in(image, {game: shelf.of(game)})
    seen = memory.recall(image.shape, shelf.pack) if memory is not None else None
    if seen is not None:
        try:
            found = find_seen(image, seen, shelf.of(seen.game))
        except PackError:
            found = None
        if found is not None:
            return found
    found = find_in(image, shelf.every())
    if memory is not None:
        memory.remember(image.shape, shelf.pack, seen_of(found))
    return found


def read_screenshot(image: np.ndarray, shelf: PackShelf, game: str | None, hints: ReadHints,
                    memory: ScreenMemory | None = None) -> tuple[Found, BoardReading]:
    """The board found in ``image`` (:func:`find_screenshot`) and its text as the game's
    reader reads it with the player's ``hints``. Raises
    :class:`gridsight.vision.errors.BoardNotFoundError` when no board is found,
    :class:`gridsight.readers.base.ReadError` (``unread`` lists the cells) when one is found
    but cannot be read into a board."""
    from gridsight.readers.find import read_found

    found = find_screenshot(image, shelf, game, memory)
    return found, read_found(image, found, hints)


def view_merger(game: str, pack: TemplatePack) -> ViewMerger:
    """One board merged across screenshots of ``game`` read through ``pack`` (moments of one
    game, in order: ``gridsight analyze --sequence``), by the game's tracker rules (a crossed
    tile stays crossed), every screenshot counting as evidence: a board bigger than the
    screen is pieced together as the view moves (:class:`gridsight.tracking.ViewMerger`)."""
    from gridsight.games.spec import GridReading
    from gridsight.tracking import ViewMerger

    reading = get_spec(game).reading
    if not isinstance(reading, GridReading):
        raise InputError(f"{game} is not read as a flat grid: its screenshots cannot be merged")
    rules = reading.tracker
    return ViewMerger(pack.rows, pack.cols, is_reveal=rules.is_reveal,
                      may_change=rules.may_change, confirm=1, forget=rules.forget,
                      player=rules.player)


def advise(game: str, reading: BoardReading, solve: Solve) -> tuple[Solution, Advice]:
    """``reading``'s board solved by ``solve``, and the advice to draw: the solver's, with the
    reading's marks and warnings (:func:`with_reading`, :func:`unread_that_matter`)."""
    solution = solve(reading.board)
    matter = unread_that_matter(game, reading, solution.advice, solve)
    return solution, with_reading(solution.advice, reading, matter)


def with_reading(advice: Advice, reading: BoardReading,
                 matter: list[tuple[int, int]] | tuple[tuple[int, int], ...] = ()) -> Advice:
    """The solver's advice plus the unread and unsure cells marked, the reader's warnings, and
    in the status line the advised cell itself when it was not read (look at it first) and
    the other unread cells that change the advice."""
    warnings = advice.warnings + reading.warnings
    taken = {(m.row, m.col) for m in advice.marks}
    tokens = reading.board.grid
    words = get_spec(advice.game).words
    headers = dict(reading.board.headers)
    # An unsure cell by the game's words for what it may be ("Panda or Tiger?"), not its
    # board token ("1/2", which reads as a fraction beside percentages).
    marks = advice.marks + tuple(
        CellMark(r, c, MarkKind.UNSURE, words.word(tokens[r][c], headers, tokens[r][c]).name)
        for r, c in reading.unsure if (r, c) not in taken)
    status = advice.status
    if reading.unread:
        from gridsight.readers.base import describe_cells, unread_advised

        marks += tuple(CellMark(r, c, MarkKind.UNREAD)
                       for r, c in reading.unread if (r, c) not in taken)
        warnings += (f"{len(reading.unread)} cell(s) unread: solved as not yet observed",)
        status = unread_advised(status, advice.recommend, reading.unread)
        advised = {(cell.row, cell.col) for cell in advice.recommend}
        others = [cell for cell in matter if tuple(cell) not in advised]
        if others:
            status = look_first(status, describe_cells(others), len(others))
    return replace(advice, marks=marks, warnings=warnings, status=status)


def look_first(status: str, cells: str, count: int = 1) -> str:
    """``status`` led by the unread ``cells`` that would change it: the player looks first,
    then moves (``(but unread ... may change this)`` came after a confident move). A line
    already led by a question (an unsure read that changes the advice) keeps it first.

    >>> look_first("Tap row 4, column 4 - 65% an animal", "row 2, column 3")
    'Look at row 2, column 3 first: it was not read and may change the advice. Then tap row \
4, column 4 - 65% an animal'
    """
    they = "it was" if count == 1 else "they were"
    look = f"Look at {cells} first: {they} not read and may change the advice."
    if QUESTION.match(status):
        return f"{status} {look}"
    return f"{look} Then {status[:1].lower()}{status[1:]}"


def unread_that_matter(game: str, reading: BoardReading, advice: Advice,
                       solve: Solve) -> list[tuple[int, int]]:
    """The unread cells whose true content would change the recommended move: the reader
    says what a cell could be (``unread_alternatives``), each is solved in turn."""
    alternatives = getattr(get_reader(game), "unread_alternatives", None)
    if alternatives is None or not reading.unread:
        return []
    matter = []
    for cell in reading.unread:
        for text in alternatives(reading, cell):
            try:
                other = solve(parse_boards(text, source="<screenshot>")[0])
            except (InputError, RuntimeFailure):
                continue  # that alternative is impossible: it changes nothing
            if other.advice.recommend != advice.recommend:
                matter.append(cell)
                break
    return matter


def unread_advice(found: Found, unread: tuple[tuple[int, int], ...] | list[tuple[int, int]],
                  problem: str) -> Advice:
    """The advice of a board found but not solved: its unread cells marked, ``problem`` said."""
    g = found.read.geometry
    return Advice(found.game, g.rows, g.cols,
                  marks=tuple(CellMark(r, c, MarkKind.UNREAD) for r, c in unread),
                  status="not solved", warnings=(problem,))


def enlargement(cell_px: float) -> int:
    """The whole factor (1 to 4) :func:`legible` enlarges a picture by whose smallest cell is
    ``cell_px`` pixels wide or high."""
    import math

    return max(1, min(4, math.ceil(MIN_CELL_PX / max(cell_px, 1.0) - CELL_PX_SLACK)))


def legible(image: np.ndarray, geometry: BoardGeometry) -> tuple[np.ndarray, BoardGeometry]:
    """The screenshot enlarged (whole factor, at most 4) when its cells are smaller than
    ``MIN_CELL_PX``: figures and labels drawn in a 30-pixel cell overlap and cannot be read,
    so a small screenshot's annotated copy is drawn larger than the screenshot. A cell within
    ``CELL_PX_SLACK`` of the bound counts as reaching it: a 48-pixel cell found at 47.99 (the
    same screenshot, its board placed a hair apart) doubled the whole picture."""
    import cv2

    size = min(min(geometry.cell_size(r, c)) for r in (0, geometry.rows - 1)
               for c in (0, geometry.cols - 1))
    factor = enlargement(size)
    if factor <= 1:
        return image, geometry
    bigger = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
    return bigger, geometry.scaled(factor)


def annotate(image: np.ndarray, geometry: BoardGeometry, advice: Advice,
             colours: Mapping[str, tuple[int, int, int]] | None = None) -> np.ndarray:
    """A copy of ``image`` with ``advice`` painted through ``geometry``
    (:func:`gridsight.overlay.paint.paint_advice`; ``colours``: the game's own colours of its
    labels, BGR, as the live overlay and the replay report draw a pentomino's piece in the
    game's colour, not the palette's), enlarged first when its cells are small
    (:func:`legible`), and each row's and column's number beside the board
    (:func:`gridsight.overlay.paint.number_board`, as the replay report draws them), so the
    cell the legend names ("row 2, column 3") is found by counting on the picture too. The
    numbers are drawn within the picture, smaller near its edge, and left out when they do not
    fit or the board is not wholly in view (a room bigger than the screen): the picture keeps
    the screenshot's pixel coordinates."""
    from gridsight.games.spec import Beside
    from gridsight.overlay.paint import number_board, paint_advice

    image, geometry = legible(image, geometry)
    image, geometry = number_board(image, geometry, advice.origin, advice.last, within=True,
                                   under=Beside.ABOVE in get_spec(advice.game).keep_beside)
    return paint_advice(image, geometry, headlined(advice), colours=colours)


def headlined(advice: Advice) -> Advice:
    """``advice`` with its line said as live says it (the game's
    :attr:`~gridsight.games.spec.GameSpec.headline`: ``Place U within rows 1-3, columns 2-3``), the
    rest (the piece's cells) leading its why: the picture's legend drew the solver's whole line
    (``Place U on row 1, columns 2 and 3; row 2, column 2; row 3, columns 2 and 3``) shrunk to
    the key's size on two lines, no longer the one short line the eye finds first. A caveat
    in brackets stays at the line's end (the legend draws it apart, as a warning)."""
    from gridsight.overlay.caveat import advice_and_caveat

    headline = get_spec(advice.game).headline
    if headline is None:
        return advice
    head, _ = advice_and_caveat(advice.status)
    short = headline(replace(advice, status=head))
    if short is None:
        return advice
    return replace(advice, status=short[0] + advice.status[len(head):],
                   why="; ".join(part for part in (short[1], advice.why) if part))


def skin_colours(game: str, pack: Any) -> dict[str, tuple[int, int, int]]:
    """The colours ``game`` draws its labels in as ``pack`` shows them (BGR by label; the
    game's :attr:`~gridsight.games.spec.Words.skin`), for :func:`annotate`."""
    hexes = get_spec(game).words.skin(pack)
    return {label: (int(h[5:7], 16), int(h[3:5], 16), int(h[1:3], 16))
            for label, h in hexes.items()}


__all__ = ["MIN_CELL_PX", "PackShelf", "Solve", "advise", "annotate", "find_screenshot", "headlined",
           "find_seen", "legible", "load_packs", "no_pack", "read_screenshot", "seen_of", "skin_colours",
           "look_first", "unread_advice", "unread_that_matter", "view_merger", "with_reading"]
