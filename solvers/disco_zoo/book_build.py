"""Building the opening book (:mod:`gridsight.solvers.disco_zoo.book`): every rescue searched to the end.

This is the book's maker, apart from its reader: the advice reads the book
(:func:`gridsight.solvers.disco_zoo.book.lookup`), and the maker runs the advice's search
(:func:`gridsight.solvers.disco_zoo.advise.plan`) to fill it, so keeping the two apart keeps the imports
one way. Run::

    python -m gridsight.solvers.disco_zoo.book_build --kinds expected all   # the shipped book
    python -m gridsight.solvers.disco_zoo.book_build --regions Farm Jungle --kinds target --resume
    python -m gridsight.solvers.disco_zoo.book_build --first-taps --min-nodes 1000000  # any first tap
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

import numpy as np

from gridsight.solvers.disco_zoo.board import RescueBoard, fresh_board
from gridsight.solvers.disco_zoo.book import (
    BOOK_TAPS, DEEP_NODES, MAX_DEPTH, SIZES, BookEntry, Key, board_key, book_path, read_book,
    write_book,
)
from gridsight.solvers.disco_zoo.catalogue import COLS, Animal, load_catalogue
from gridsight.solvers.engines import ENGINES
from gridsight.solvers.disco_zoo.lookahead import Decision
from gridsight.solvers.disco_zoo.objective import Objective
from gridsight.solvers.disco_zoo.placements import TILES, joint_placements


def entry_of(board: RescueBoard, decision: Decision, order: tuple[int, ...]) -> BookEntry:
    """The book entry of an exact ``decision`` for ``board`` (animals in book ``order``)."""
    total = joint_placements(board).count
    return BookEntry(
        tile=-1 if decision.tile is None else decision.tile,
        completes=-1 if decision.completes is None else order.index(decision.completes),
        total=total,
        value=int(decision.value * total),
        rescue=tuple(int(decision.rescue[k] * total) for k in order),
        nodes=decision.nodes,
    )


def objectives(size: int) -> list[Objective]:
    """Every objective of a rescue of ``size`` animals."""
    return [Objective("expected"), Objective("all")] + [
        Objective("target", k) for k in range(size)
    ]


def outcomes(board: RescueBoard, tile: int) -> list[int]:
    """What tapping ``tile`` may show on ``board``: 0 (no animal) or the 1-based animal."""
    hit = (joint_placements(board).masks >> tile) & 1  # (placements, animals): on the tile
    # the first animal on the tile in each joint placement (1-based), 0 where none is
    shown = np.where(hit.any(axis=1), hit.argmax(axis=1) + 1, 0)
    return [int(v) for v in np.unique(shown)]


def solve_entry(board: RescueBoard, objective: Objective, engine: str) -> Decision:
    """The exact decision for ``board`` by the search (never the book)."""
    from gridsight.solvers.disco_zoo.advise import plan

    decision, exact, _ = plan(board, objective, None, engine=engine, use_book=False)
    assert exact
    return decision


def build_rescue(
    animals: tuple[Animal, ...],
    region: str,
    objective: Objective,
    engine: str = "auto",
    deep_nodes: int = DEEP_NODES,
    max_depth: int = MAX_DEPTH,
) -> dict[Key, BookEntry]:
    """The entries of one rescue (animals in catalogue order) and objective: the empty board,
    then along the advice the boards whose search takes more than ``deep_nodes`` states."""
    entries: dict[Key, BookEntry] = {}
    _follow([(fresh_board(region, animals, BOOK_TAPS), 0, None)], objective, engine, deep_nodes,
            max_depth, entries)
    return entries


def build_first_taps(
    animals: tuple[Animal, ...],
    region: str,
    objective: Objective,
    root: BookEntry,
    engine: str = "auto",
    deep_nodes: int = DEEP_NODES,
    max_depth: int = MAX_DEPTH,
) -> dict[Key, BookEntry]:
    """The entries of the boards one tap after the empty board of one rescue (animals in
    catalogue order) on any tile but the advised one (``root``, the empty board's entry, whose
    tile :func:`build_rescue` follows already), for each thing the tile may show, whose search
    takes more than ``deep_nodes`` states; each followed along its advice as
    :func:`build_rescue` does. So a player who starts anywhere, not where the advice said, is
    answered at once too (the searches of a few such boards take seconds: Northern
    Moose/Sasquatch/Otter after an empty corner, 4.4 million states)."""
    entries: dict[Key, BookEntry] = {}
    board = fresh_board(region, animals, BOOK_TAPS)
    pending: list[tuple[RescueBoard, int, Decision | None]] = []
    for tile in range(TILES):
        if tile == root.tile:
            continue
        row, col = divmod(tile, COLS)
        for shows in outcomes(board, tile):
            child = board.with_tap(row, col, shows)
            found = solve_entry(child, objective, engine)
            if found.nodes > deep_nodes:
                pending.append((child, 1, found))
    _follow(pending, objective, engine, deep_nodes, max_depth, entries)
    return entries


def _follow(
    pending: list[tuple[RescueBoard, int, Decision | None]],
    objective: Objective,
    engine: str,
    deep_nodes: int,
    max_depth: int,
    entries: dict[Key, BookEntry],
) -> None:
    """Add to ``entries`` each ``(board, depth, decision or None)`` of ``pending`` and, along
    its advice (to ``max_depth`` taps from the empty board), every board after it whose
    search takes more than ``deep_nodes`` states."""
    while pending:
        board, depth, decision = pending.pop()
        if decision is None:
            decision = solve_entry(board, objective, engine)
        key, order = board_key(board, objective)  # type: ignore[misc]
        entries[key] = entry_of(board, decision, order)
        if depth >= max_depth or decision.tile is None or decision.completes is not None:
            continue
        row, col = divmod(decision.tile, COLS)
        for shows in outcomes(board, decision.tile):
            child = board.with_tap(row, col, shows)
            if child.taps == 0:
                continue
            found = solve_entry(child, objective, engine)
            if found.nodes > deep_nodes:
                pending.append((child, depth + 1, found))


def rescues(regions: list[str], sizes: tuple[int, ...] = SIZES):
    """Every (region, animals in catalogue order) of ``sizes`` animals of ``regions``."""
    catalogue = load_catalogue()
    for region in regions:
        for size in sizes:
            for group in itertools.combinations(catalogue.regions[region], size):
                yield region, group


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gridsight.solvers.disco_zoo.book_build",
        description="Build the Disco Zoo opening book (see the module docstring).",
    )
    parser.add_argument("--regions", nargs="*", metavar="REGION",
                        help="regions to build (default: all 14)")
    parser.add_argument("--sizes", nargs="*", type=int, default=list(SIZES),
                        help="rescue sizes (default 1 2 3)")
    parser.add_argument("--kinds", nargs="*", default=["expected", "all"],
                        help="objectives: expected, all, target (default: expected all, the "
                        "shipped book)")
    parser.add_argument("--deep-nodes", type=int, default=DEEP_NODES, metavar="N",
                        help=f"follow the advice while a board's search takes more than N "
                        f"states (default {DEEP_NODES})")
    parser.add_argument("--max-depth", type=int, default=MAX_DEPTH, metavar="D",
                        help=f"at most D taps along the advice (default {MAX_DEPTH})")
    parser.add_argument("--engine", default="auto", choices=ENGINES)
    parser.add_argument("--out", type=Path, default=None,
                        help="the book to write (default: the shipped one)")
    parser.add_argument("--resume", action="store_true",
                        help="keep the entries of the existing book, add the missing rescues")
    parser.add_argument("--first-taps", action="store_true",
                        help="add to the book (--out, kept) the boards one tap after the empty "
                        "board on any tile (see build_first_taps), for the rescues of the "
                        "selection already in it, the hardest first (a rescue with such a "
                        "board in the book already is skipped: a stopped build goes on)")
    parser.add_argument("--min-nodes", type=int, default=0, metavar="N",
                        help="with --first-taps: only rescues whose empty board's search took "
                        "more than N states (default 0)")
    parser.add_argument("--max-nodes", type=int, default=None, metavar="N",
                        help="with --first-taps: only rescues whose empty board's search took "
                        "at most N states (default no bound)")
    parser.add_argument("--merge", nargs="+", type=Path, metavar="BOOK",
                        help="only merge these books (built in parallel, e.g. one region "
                        "each) into --out, keeping its entries")
    args = parser.parse_args(argv)
    out = args.out or book_path()
    if args.merge:
        entries = read_book(out)
        for part in args.merge:
            entries.update(read_book(part))
        write_book(out, entries)
        print(f"{len(entries)} entries in {out} ({out.stat().st_size} bytes)")
        return 0
    regions = args.regions or list(load_catalogue().regions)
    if args.first_taps:
        return _first_taps_main(args, out, regions)
    entries = read_book(out) if args.resume else {}
    done = {(key[0], key[1], key[2]) for key in entries if set(key[4]) == {"."}}
    started = time.process_time()
    count = 0
    for region, animals in rescues(regions, tuple(args.sizes)):
        names = tuple(a.name for a in animals)
        for objective in objectives(len(animals)):
            if objective.kind not in args.kinds:
                continue
            label = objective.label(animals) if objective.kind != "target" else (
                f"target:{objective.target}")
            if (region, names, label) in done:
                continue
            tick = time.process_time()
            found = build_rescue(animals, region, objective, args.engine, args.deep_nodes,
                                 args.max_depth)
            entries.update(found)
            count += 1
            root = found[(region, names, label, BOOK_TAPS, "." * TILES)]
            print(f"{region:13} {'+'.join(names):32} {label:9} tile {root.tile:2} "
                  f"value {root.value}/{root.total} boards {len(found)} "
                  f"{time.process_time() - tick:7.2f} s", flush=True)
            if count % 20 == 0:
                write_book(out, entries)
    write_book(out, entries)
    print(f"{len(entries)} entries in {out} ({out.stat().st_size} bytes); "
          f"{time.process_time() - started:.0f} s of CPU")
    return 0


def _first_taps_main(args: argparse.Namespace, out: Path, regions: list[str]) -> int:
    """``--first-taps``: the boards one tap after each selected empty board, added to ``out``
    (the shipped book by default) and written after each rescue."""
    entries = read_book(out)
    # A rescue-objective with a board one tap off its advice in the book is done already
    # (so a build stopped midway goes on where it stopped).
    done = set()
    for (region, names, label, taps, tiles), _ in entries.items():
        tapped = [t for t, shown in enumerate(tiles) if shown != "."]
        root = entries.get((region, names, label, BOOK_TAPS, "." * TILES))
        if taps == BOOK_TAPS - 1 and len(tapped) == 1 and root and tapped[0] != root.tile:
            done.add((region, names, label))
    chosen = []
    for region, animals in rescues(regions, tuple(args.sizes)):
        names = tuple(a.name for a in animals)
        for objective in objectives(len(animals)):
            if objective.kind not in args.kinds or objective.kind == "target":
                continue
            root = entries.get((region, names, objective.kind, BOOK_TAPS, "." * TILES))
            if root is None or root.tile < 0 or root.nodes <= args.min_nodes:
                continue
            if (region, names, objective.kind) in done:
                continue
            if args.max_nodes is not None and root.nodes > args.max_nodes:
                continue
            chosen.append((-root.nodes, region, animals, objective, root))
    chosen.sort(key=lambda c: (c[0], c[1], [a.name for a in c[2]], c[3].kind))
    started = time.process_time()
    for _, region, animals, objective, root in chosen:
        tick = time.process_time()
        found = build_first_taps(animals, region, objective, root, args.engine,
                                 args.deep_nodes, args.max_depth)
        added = len(set(found) - set(entries))
        entries.update(found)
        write_book(out, entries)
        names = "+".join(a.name for a in animals)
        print(f"{region:13} {names:32} {objective.kind:9} empty board {root.nodes:>10,} states; "
              f"{added} boards added {time.process_time() - tick:7.2f} s", flush=True)
    print(f"{len(entries)} entries in {out} ({out.stat().st_size if out.exists() else 0} "
          f"bytes); {time.process_time() - started:.0f} s of CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
