"""The opening book: the exact advice for the empty board of every rescue of 1 to 3 animals.

From the empty board the exact search can take seconds (the hardest 3-animal rescues visit
millions of states), more than the advice's budget. The book holds its result, worked out
ahead by the same search run to the end (:func:`~gridsight.solvers.disco_zoo.advise.plan` with no
budget, no book), for every rescue of 1, 2 or 3 animals of every region, 10 taps, and the
objectives ``expected`` and ``all`` (the command can add ``target:k``; the shipped book has
no targets, whose boards are searched): the first tap, its value and each animal's chance of
being rescued. Where the search of a board the advice leads to
is still long (more than :data:`DEEP_NODES` states), the book goes on along the advice: for
each thing the advised tile may show, the board after it is in the book too.

An entry is keyed by the exact rescue (region and animals, in any order on the board's
``animals`` line), the objective, the taps left and every tile of the board, so a board that
is not in the book is never answered from it: it is searched. Rescues with a pet, boards with
unsure tiles (``1/3``, ``*``) and other tap counts are not in it. Each entry also records the
number of joint placements, checked against the board before the entry is used, and the book
records a digest of the animals' patterns, so a book built for other patterns is ignored.

The file (:data:`BOOK_FILE`, gzip-compressed text beside this module) is made by
:mod:`gridsight.solvers.disco_zoo.book_build` (kept apart: it runs the advice, which reads this)::

    python -m gridsight.solvers.disco_zoo.book_build --kinds expected all   # the shipped book
    python -m gridsight.solvers.disco_zoo.book_build --regions Farm Jungle --kinds target --resume
    python -m gridsight.solvers.disco_zoo.book_build --first-taps --min-nodes 1000000

The book of the empty boards and their advice (2,082 entries, 28 KB) took about 25 minutes of CPU with the compiled kernel
(1,472 s over its 1,764 rescue-objective pairs; the longest, Northern Fox/Sasquatch/Otter
``expected``, 138 s), built region by region in parallel processes (``--regions R --out part_R.tsv.gz``) and
merged (``--merge part_*.tsv.gz``). For the hardest rescues the book also holds the boards one
tap after the empty board on any tile whose search is long (``book_build --first-taps``:
a player who starts elsewhere than the advice is answered at once too); 62 of the 65
rescue-objectives whose empty board took over a million states are in (not the two hardest,
of 57 and 34 million states, nor one other; 5,331 entries in all, 85 KB).

Its lines are ``region animals objective taps board tile completes total value rescue nodes``
(tab-separated; animals in catalogue order; ``board`` 25 characters: ``.`` untapped, ``-``
empty, ``k`` the k-th animal; ``objective`` ``expected``, ``all`` or ``target:k``; ``tile``
the tile to tap, -1 for none; ``value`` and the comma-separated ``rescue`` are counts of
joint placements out of ``total``; ``nodes`` the states the search took).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path

from gridsight.solvers.disco_zoo.board import EMPTY, ONE_OF, UNTAPPED, RescueBoard
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.solvers.disco_zoo.lookahead import Decision
from gridsight.solvers.disco_zoo.objective import Objective
from gridsight.solvers.disco_zoo.placements import joint_placements

BOOK_FILE = "opening_book.tsv.gz"
BOOK_TAPS = 10
SIZES = (1, 2, 3)
DEEP_NODES = 50_000  # a board whose search takes more states is answered by the book
MAX_DEPTH = 3  # taps along the advice the book follows at most (the empty board is 0)
FORMAT = "gridsight disco-zoo opening book 1"


@dataclass(frozen=True)
class BookEntry:
    """One board's exact advice, in the book's own order of the animals (catalogue order)."""

    tile: int  # -1: no tap can add anything
    completes: int  # -1, or the animal whose certain tile ``tile`` is
    total: int  # joint placements of the board
    value: int  # placements counted by the objective's value (value = value / total)
    rescue: tuple[int, ...]  # per animal, placements in which it is rescued
    nodes: int  # states the search took


Key = tuple[str, tuple[str, ...], str, int, str]


def patterns_digest() -> str:
    """A digest of every animal's name and pattern: the book is valid for these only."""
    catalogue = load_catalogue()
    text = json.dumps(
        [(a.name, a.region, sorted(a.cells)) for a in catalogue.animals()], sort_keys=True
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def canonical_order(board: RescueBoard) -> tuple[int, ...] | None:
    """The board's animals in the book's order (catalogue order of the region): ``order[i]``
    is the board's index of the book's i-th animal. ``None`` for a rescue the book cannot
    hold (a pet, or the same animal twice)."""
    region = load_catalogue().regions.get(board.region, ())
    place = {a.name: i for i, a in enumerate(region)}
    if any(a.is_pet or a.name not in place for a in board.animals):
        return None
    order = tuple(sorted(range(len(board.animals)), key=lambda k: place[board.animals[k].name]))
    if len({board.animals[k].name for k in order}) != len(order):
        return None
    return order


def board_key(board: RescueBoard, objective: Objective) -> tuple[Key, tuple[int, ...]] | None:
    """The book's key of (``board``, ``objective``) and the animals' order, or ``None`` when
    the board cannot be in the book (see the module docstring)."""
    order = canonical_order(board)
    if order is None:
        return None
    position = {k: i for i, k in enumerate(order)}  # board index -> book index
    tiles = []
    for row in board.grid:
        for value in row:
            if value == UNTAPPED:
                tiles.append(".")
            elif value == EMPTY:
                tiles.append("-")
            elif value < ONE_OF:
                tiles.append(str(position[value - 1] + 1))
            else:
                return None  # an unsure tile
    if objective.kind == "target":
        label = f"target:{position[objective.target or 0]}"
    else:
        label = objective.kind
    names = tuple(board.animals[k].name for k in order)
    return (board.region, names, label, board.taps, "".join(tiles)), order


def _parse(line: str) -> tuple[Key, BookEntry]:
    region, names, label, taps, tiles, tile, completes, total, value, rescue, nodes = (
        line.rstrip("\n").split("\t")
    )
    key = (region, tuple(names.split(",")), label, int(taps), tiles)
    entry = BookEntry(int(tile), int(completes), int(total), int(value),
                      tuple(int(x) for x in rescue.split(",")), int(nodes))
    return key, entry


def _format(key: Key, entry: BookEntry) -> str:
    region, names, label, taps, tiles = key
    return "\t".join([
        region, ",".join(names), label, str(taps), tiles, str(entry.tile), str(entry.completes),
        str(entry.total), str(entry.value), ",".join(map(str, entry.rescue)), str(entry.nodes),
    ])


def read_book(path: Path) -> dict[Key, BookEntry]:
    """The entries of the book at ``path``; empty when it is missing or was built for other
    animal patterns (see :func:`patterns_digest`)."""
    if not path.exists():
        return {}
    entries = {}
    digest = patterns_digest()
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        header = {}
        checked = False
        for line in handle:
            if line.startswith("#"):
                name, _, text = line[1:].strip().partition(":")
                header[name.strip()] = text.strip()
                continue
            if not checked:
                if header.get("format") != FORMAT or header.get("patterns") != digest:
                    return {}
                checked = True
            key, entry = _parse(line)
            entries[key] = entry
    return entries


def write_book(path: Path, entries: dict[Key, BookEntry], note: str = "") -> None:
    """Write ``entries`` to ``path`` (sorted, so that the file is the same for the same book)."""
    lines = [
        f"# format: {FORMAT}",
        f"# patterns: {patterns_digest()}",
        "# columns: region animals objective taps board tile completes total value rescue nodes",
    ]
    if note:
        lines.append(f"# note: {note}")
    lines += sorted(_format(key, entry) for key, entry in entries.items())
    # mtime=0: the same book gives the same bytes. Written atomically (a build killed while
    # it checkpoints leaves the previous book whole).
    from gridsight.safefiles import atomic_file

    with atomic_file(path) as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as handle:
        handle.write(("\n".join(lines) + "\n").encode("utf-8"))


def book_path() -> Path:
    """The shipped book beside this module."""
    return Path(str(resources.files("gridsight.solvers.disco_zoo").joinpath(BOOK_FILE)))


@cache
def shipped_book() -> dict[Key, BookEntry]:
    """The shipped book, read once."""
    return read_book(book_path())


def lookup(
    board: RescueBoard, objective: Objective, book: dict[Key, BookEntry] | None = None
) -> Decision | None:
    """The book's exact decision for ``board`` and ``objective``, or ``None`` when the board
    is not in the book (``book``: the shipped one by default)."""
    book = shipped_book() if book is None else book
    if not book:
        return None
    found = board_key(board, objective)
    if found is None:
        return None
    key, order = found
    entry = book.get(key)
    if entry is None or joint_placements(board).count != entry.total:
        return None
    rescue = [Fraction(0)] * len(order)
    for i, k in enumerate(order):
        rescue[k] = Fraction(entry.rescue[i], entry.total)
    return Decision(
        tile=None if entry.tile < 0 else entry.tile,
        completes=None if entry.completes < 0 else order[entry.completes],
        value=Fraction(entry.value, entry.total),
        rescue=tuple(rescue),
        nodes=0,
    )
