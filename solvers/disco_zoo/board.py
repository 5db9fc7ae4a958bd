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
region plus at most one pet, comma-separated), ``taps`` (taps left, default 10). Tokens: ``.``
not tapped, ``-`` tapped with no animal (coins or Disco Bux count as no animal), and a digit
``k``: tapped, showing the k-th animal of the ``animals`` line (1-based).

>>> from solvers.boardtext import parse_boards
>>> board = parse_board(parse_boards("animals: Sheep\\n" + ". . . . .\\n" * 5)[0])
>>> board.region, board.animals[0].name, board.taps
('Farm', 'Sheep', 10)
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.boardtext import BoardText
from solvers.disco_zoo.catalogue import COLS, ROWS, Animal, Catalogue, load_catalogue
from solvers.errors import BoardFormatError

HEADERS = ("region", "animals", "taps")
UNTAPPED = -1
EMPTY = 0
DEFAULT_TAPS = 10


@dataclass(frozen=True)
class RescueBoard:
    """The rescue: region, animals (in the order of the ``animals`` line), taps left, tiles.

    ``grid[row][col]`` is ``UNTAPPED`` (-1), ``EMPTY`` (0, tapped, no animal) or ``k`` >= 1
    (tapped, shows ``animals[k - 1]``).
    """

    region: str
    animals: tuple[Animal, ...]
    taps: int
    grid: tuple[tuple[int, ...], ...]

    def tiles(self, value: int) -> int:
        """Bitmask of the tiles whose grid value is ``value`` (bit ``row * COLS + col``)."""
        mask = 0
        for r, row in enumerate(self.grid):
            for c, v in enumerate(row):
                if v == value:
                    mask |= 1 << (r * COLS + c)
        return mask

    @property
    def tapped(self) -> int:
        return ((1 << (ROWS * COLS)) - 1) & ~self.tiles(UNTAPPED)

    def shown(self, k: int) -> int:
        """Bitmask of the tiles showing animal index ``k`` (0-based)."""
        return self.tiles(k + 1)

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
    taps_text = board.header("taps")
    taps = DEFAULT_TAPS
    if taps_text is not None:
        try:
            taps = int(taps_text)
        except ValueError:
            taps = -1
        if taps < 0:
            raise BoardFormatError(
                f"'taps' must be a whole number >= 0 (taps left), got '{taps_text}'",
                line=board.header_line("taps"),
                token=taps_text,
            )
    digits = {str(k) for k in range(1, len(animals) + 1)}
    board.check_tokens(
        {".", "-"} | digits,
        f"'.', '-' or an animal number 1-{len(animals)} of the animals line",
    )
    grid = tuple(
        tuple(UNTAPPED if t == "." else EMPTY if t == "-" else int(t) for t in row)
        for row in board.grid
    )
    return RescueBoard(region, animals, taps, grid)


def format_board(board: RescueBoard) -> str:
    """The text format of ``board`` (what :func:`parse_board` reads)."""
    lines = [
        f"region: {board.region}",
        "animals: " + ", ".join(written_names(board)),
        f"taps: {board.taps}",
    ]
    for row in board.grid:
        lines.append(" ".join("." if v == UNTAPPED else "-" if v == EMPTY else str(v) for v in row))
    return "\n".join(lines) + "\n"


def written_names(board: RescueBoard) -> tuple[str, ...]:
    """The animals' names as written and shown: a pet is marked ``pet`` when its region has
    an animal of the same name (Farm's Rabbit and the pet Rabbit), so names stay distinct."""
    region = {a.name for a in load_catalogue().regions.get(board.region, ())}
    return tuple(
        f"pet {a.name}" if a.is_pet and a.name in region else a.name for a in board.animals
    )
