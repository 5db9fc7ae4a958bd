"""A Disco Zoo rescue as the player sees it, and its text format.

::

    region: Jungle
    animals: Gorilla, Panda, Tiger
    taps: 7
    . . . . .
    . . . - .
    . . 2 . .
    . . . . .
    . . 1 . .

Headers: ``region`` (optional when the names settle it), ``animals`` (1 to 3 names of the
region plus at most one pet, comma-separated), ``taps`` (taps left, default 10; at most
:data:`MAX_TAPS`, and more than the untapped tiles count as the untapped tiles: a tap beyond
them has nothing to uncover; ``taps: 18/10``: a counter read unsure between these counts, the
first taken, the others kept in :attr:`RescueBoard.taps_may_be` for the advice to say whether
they change it). Tokens: ``.`` not tapped, ``-`` tapped with no animal (coins or
Disco Bux count as no animal), a digit ``k``: tapped, showing the k-th animal of the
``animals`` line (1-based), and two tokens for a found tile whose animal the reader could not
tell: ``1/3`` (tapped, shows one of these animals, e.g. two animals share the rarity colour)
and ``*`` (tapped, shows some animal of the rescue). The solver then counts exactly the joint
placements in which one of the candidates covers the tile.

>>> from gridsight.solvers.boardtext import parse_boards
>>> board = parse_board(parse_boards("animals: Sheep\\n" + ". . . . .\\n" * 5)[0])
>>> board.region, board.animals[0].name, board.taps
('Farm', 'Sheep', 10)
>>> unsure = parse_board(parse_boards("animals: Horse, Cow, Pig\\n2/1 * . . .\\n" + ". . . . .\\n" * 4)[0])
>>> [tile_token(v, 3) for v in unsure.grid[0][:3]]
['1/2', '*', '.']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.disco_zoo.catalogue import COLS, ROWS, Animal, Catalogue, load_catalogue
from gridsight.solvers.errors import BoardFormatError

HEADERS = ("region", "animals", "taps")
UNTAPPED = -1
EMPTY = 0
DEFAULT_TAPS = 10
MAX_TAPS = ROWS * COLS  # a 'taps' header beyond the board's tiles is refused as a misread
ONE_OF = 1 << 8  # grid value ONE_OF | m: tapped, shows one of the animals in bitmask m


def one_of(animals: int) -> int:
    """The grid value of a found tile showing one of ``animals`` (bit k-1 for animal k)."""
    return ONE_OF | animals


def candidates(value: int, n: int) -> int:
    """Bitmask (bit k for 0-based animal k) of the animals a tapped tile of grid ``value`` may
    show, out of ``n``: none for an empty tile, one for a digit, several for ``1/3`` or ``*``.

    >>> candidates(EMPTY, 3), candidates(2, 3), candidates(one_of(0b101), 3)
    (0, 2, 5)
    """
    if value >= ONE_OF:
        return value & ~ONE_OF & ((1 << n) - 1)
    if value >= 1:
        return 1 << (value - 1)
    return 0


def tile_token(value: int, n: int) -> str:
    """The text token of a grid value on a board of ``n`` animals (``*`` when it may be any)."""
    if value == UNTAPPED:
        return "."
    if value == EMPTY:
        return "-"
    if value < ONE_OF:
        return str(value)
    mask = candidates(value, n)
    if mask == (1 << n) - 1:
        return "*"
    return "/".join(str(k + 1) for k in range(n) if mask >> k & 1)


@lru_cache(maxsize=4096)
def _tiles(grid: tuple[tuple[int, ...], ...], value: int) -> int:
    """:meth:`RescueBoard.tiles`, remembered for a grid (a screen's board logic asks it of the
    same few grids tens of thousands of times)."""
    mask = 0
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v == value:
                mask |= 1 << (r * COLS + c)
    return mask


@dataclass(frozen=True)
class RescueBoard:
    """The rescue: region, animals (in the order of the ``animals`` line), taps left, tiles.

    ``grid[row][col]`` is ``UNTAPPED`` (-1), ``EMPTY`` (0, tapped, no animal), ``k`` from 1 to
    the number of animals (tapped, shows ``animals[k - 1]``) or ``one_of(m)`` (tapped, shows
    one of the animals in bitmask ``m``; see :func:`candidates`).
    """

    region: str
    animals: tuple[Animal, ...]
    taps: int
    grid: tuple[tuple[int, ...], ...]
    taps_may_be: tuple[int, ...] = ()  # other counts an unsure counter may show (``18/10``)

    def tiles(self, value: int) -> int:
        """Bitmask of the tiles whose grid value is ``value`` (bit ``row * COLS + col``)."""
        return _tiles(self.grid, value)

    @property
    def tapped(self) -> int:
        return ((1 << (ROWS * COLS)) - 1) & ~self.tiles(UNTAPPED)

    def shown(self, k: int) -> int:
        """Bitmask of the tiles certainly showing animal index ``k`` (0-based)."""
        return self.tiles(k + 1)

    @property
    def unsure(self) -> int:
        """Bitmask of the tapped tiles showing an animal not told apart (``1/3`` or ``*``)."""
        mask = 0
        for r, row in enumerate(self.grid):
            for c, v in enumerate(row):
                if v >= ONE_OF:
                    mask |= 1 << (r * COLS + c)
        return mask

    def may_show(self, k: int) -> int:
        """Bitmask of the tapped tiles that may show animal index ``k``: its own digit, or a
        ``1/3`` or ``*`` tile listing it."""
        n = len(self.animals)
        mask = 0
        for r, row in enumerate(self.grid):
            for c, v in enumerate(row):
                if v != UNTAPPED and candidates(v, n) >> k & 1:
                    mask |= 1 << (r * COLS + c)
        return mask

    def candidates_at(self, tile: int) -> int:
        """The animals (bitmask, bit k for animal k) tapped tile ``tile`` may show."""
        return candidates(self.grid[tile // COLS][tile % COLS], len(self.animals))

    def with_tap(self, row: int, col: int, value: int) -> "RescueBoard":
        """The board after tapping (row, col) and seeing ``value`` (0 or 1-based animal)."""
        grid = [list(r) for r in self.grid]
        grid[row][col] = value
        return RescueBoard(self.region, self.animals, self.taps - 1, tuple(map(tuple, grid)))


def fresh_board(region: str, animals: tuple[Animal, ...], taps: int = DEFAULT_TAPS) -> RescueBoard:
    """A rescue with nothing tapped yet."""
    return RescueBoard(region, animals, taps, tuple((UNTAPPED,) * COLS for _ in range(ROWS)))


def parse_board(board: BoardText, catalogue: Catalogue | None = None) -> RescueBoard:
    """Read a rescue from parsed board text; refuses bad headers and tokens by line."""
    catalogue = catalogue or load_catalogue()
    board.check_headers(HEADERS)
    board.check_size(ROWS, COLS, "a Disco Zoo rescue")
    animals_text = board.header("animals")
    if animals_text is None:
        first = board.row_lines[0] if board.row_lines else None
        raise BoardFormatError("missing 'animals:' header (1 to 3 animal names)", line=first)
    names = [n.strip() for n in animals_text.split(",")]
    line = board.header_line("animals")
    if any(not n for n in names):
        raise BoardFormatError("empty animal name in the 'animals:' list", line=line)
    region_text = board.header("region")
    try:
        region, animals = catalogue.resolve(names, region_text or None)
    except BoardFormatError as error:
        at = board.header_line("region") if "unknown region" in str(error) else line
        raise BoardFormatError(str(error), line=at, token=error.token) from None
    taps, *others = _read_taps(board)
    tokens = _tokens(len(animals))
    n = len(animals)
    board.check_tokens(
        set(tokens),
        f"'.', '-', an animal number 1-{n} of the animals line, "
        + ("'1/2' (one of these animals) " if n > 1 else "")
        + "or '*' (some animal)",
    )
    grid = tuple(tuple(tokens[t] for t in row) for row in board.grid)
    untapped = sum(v == UNTAPPED for row in grid for v in row)
    may_be = tuple(dict.fromkeys(min(n, untapped) for n in others if min(n, untapped) !=
                                 min(taps, untapped)))
    return RescueBoard(region, animals, min(taps, untapped), grid, may_be)


def _read_taps(board: BoardText) -> list[int]:
    """The ``taps`` header's counts: one, or several read unsure (``18/10``, first taken)."""
    text = board.header("taps")
    if text is None:
        return [DEFAULT_TAPS]
    return [_one_taps(board, part) for part in text.split("/")]


def _one_taps(board: BoardText, text: str) -> int:
    try:
        return taps_count(text)
    except BoardFormatError as error:
        raise BoardFormatError(error.detail, line=board.header_line("taps"),
                               token=text) from None


def taps_count(text: str, what: str = "'taps'", unsure: bool = True) -> int:
    """One count of taps left as written (``7``, ``+07``): a whole number from 0 to
    :data:`MAX_TAPS`, else :class:`BoardFormatError` naming ``what`` (the header; ``""`` for
    an option, which argparse names). The one rule of a board's header and of the hint.

    >>> taps_count("07")
    7
    """
    if not re.fullmatch(r"\+?[0-9]+", text):
        counts = "; counts read unsure: 18/10" if unsure else ""
        raise BoardFormatError(
            f"{what} must be a whole number >= 0 (taps left{counts}), got '{text}'".strip(),
            token=text
        )
    digits = text.lstrip("+").lstrip("0") or "0"
    if len(digits) > 3 or int(digits) > MAX_TAPS:
        raise BoardFormatError(
            f"{what} is at most {MAX_TAPS} (the tiles of the board), got '{text}'".strip(),
            token=text
        )
    return int(digits)


def _tokens(n: int) -> dict[str, int]:
    """Every accepted grid token of a board of ``n`` animals and its grid value."""
    tokens = {".": UNTAPPED, "-": EMPTY, "*": one_of((1 << n) - 1)}
    for k in range(1, n + 1):
        tokens[str(k)] = k
    for size in range(2, n + 1):
        for group in permutations(range(1, n + 1), size):
            tokens["/".join(map(str, group))] = one_of(sum(1 << (k - 1) for k in group))
    return tokens


def format_board(board: RescueBoard) -> str:
    """The text format of ``board`` (what :func:`parse_board` reads)."""
    lines = [
        f"region: {board.region}",
        "animals: " + ", ".join(written_names(board)),
        "taps: " + "/".join(map(str, (board.taps, *board.taps_may_be))),
    ]
    n = len(board.animals)
    for row in board.grid:
        lines.append(" ".join(tile_token(v, n) for v in row))
    return "\n".join(lines) + "\n"


def written_names(board: RescueBoard) -> tuple[str, ...]:
    """The animals' names as written and shown: a pet is marked ``pet`` when its region has
    an animal of the same name (Farm's Rabbit and the pet Rabbit), so names stay distinct."""
    region = {a.name for a in load_catalogue().regions.get(board.region, ())}
    return tuple(
        f"pet {a.name}" if a.is_pet and a.name in region else a.name for a in board.animals
    )
