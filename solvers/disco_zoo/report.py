"""A rescue analysis in the three forms the application shows: JSON, text and ``Advice``.

The JSON object is the documented contract of ``gridsight solve disco-zoo --json``::

    {"game": "disco-zoo", "placements": N,
     "cells": [{"row", "col", "empty": p, "<animal>": p, ...} for each untapped tile],
     "certain": [{"row", "col", "animal": name or null}, ...],
     "recommend": {"row", "col"} or null, "rescue": {"<animal>": p, ...},
     "objective": "expected" | "all" | "target:NAME", "exact": true | false, ...}

``certain`` lists untapped tiles settled in every consistent placement; ``animal`` is null for
a tile certainly holding no animal. ``unsure`` lists the found tiles whose animal the board
does not tell (``1/3`` or ``*``): ``{"row", "col", "token", "one_of": [names], "<animal>": p}``
with the exact chance that each candidate is the one there. Extra keys: ``region``, ``animals``, ``taps``, ``value``
(the objective's value with the advice: exact, or a lower bound when the search stopped,
null when not even that is known), ``at_most`` (the most best play can be worth), ``method``
(how ``recommend`` and ``rescue`` were found), ``quality`` ({"exact", "stopped", "at_least",
"at_most", "unit", "method"}) and ``completes`` (the animal a recommended certain tile
completes, else null).
Probabilities are floats of exact fractions.
"""

from __future__ import annotations

from typing import Any

from gridsight.solvers.advice import Advice, Cell, CellFigure, CellMark, MarkKind
from gridsight.solvers.cellnames import cell_name, column_number, either_name, row_name
from gridsight.solvers.disco_zoo.advise import RescueAdvice
from gridsight.solvers.disco_zoo.board import (
    EMPTY,
    ONE_OF,
    UNTAPPED,
    RescueBoard,
    tile_token,
    written_names,
)
from gridsight.solvers.disco_zoo.catalogue import COLS, ROWS
from gridsight.solvers.symbols import key_line

GAME = "disco-zoo"


def to_json(result: RescueAdvice) -> dict[str, Any]:
    board = result.board
    names = written_names(board)
    post = result.posterior
    cells = []
    for tile in range(ROWS * COLS):
        row, col = divmod(tile, COLS)
        if board.grid[row][col] != UNTAPPED:
            continue
        entry: dict[str, Any] = {"row": row, "col": col, "empty": float(post.probability(tile, None))}
        for k, name in enumerate(names):
            entry[name] = float(post.probability(tile, k))
        cells.append(entry)
    unsure = []
    for tile in range(ROWS * COLS):
        row, col = divmod(tile, COLS)
        if board.grid[row][col] < ONE_OF:
            continue
        mask = board.candidates_at(tile)
        entry = {
            "row": row,
            "col": col,
            "token": tile_token(board.grid[row][col], len(names)),
            "one_of": [name for k, name in enumerate(names) if mask >> k & 1],
        }
        for k, name in enumerate(names):
            if mask >> k & 1:
                entry[name] = float(post.probability(tile, k))
        unsure.append(entry)
    return {
        "game": GAME,
        "region": board.region,
        "animals": list(names),
        "taps": board.taps,
        "taps_may_be": list(board.taps_may_be),
        "placements": post.total,
        "cells": cells,
        "unsure": unsure,
        "certain": [
            {"row": c.row, "col": c.col, "animal": None if c.animal is None else names[c.animal]}
            for c in result.certain
        ],
        "recommend": (
            None
            if result.recommend is None
            else {"row": result.recommend[0], "col": result.recommend[1]}
        ),
        "completes": None if result.completes is None else names[result.completes],
        "rescue": {name: float(p) for name, p in zip(names, result.rescue)},
        "objective": result.objective.label(board.animals),
        "value": float(result.value) if result.value_known else None,
        "exact": result.exact,
        "method": result.method,
        "at_most": None if result.upper is None else float(result.upper),
        "quality": result.quality.to_dict(),
    }


def _value_text(result: RescueAdvice) -> str:
    """The objective's value with the advice: exact (``expected animals rescued 1.74``), or
    the proven bounds when the search stopped (``... at least 1.71, at most 1.74``)."""
    objective = result.objective

    def number(value: float) -> str:
        return f"{value:.2f}" if objective.kind == "expected" else f"{value:.1%}"

    if result.exact or result.upper is None:
        figure = number(float(result.value))
    elif not result.value_known:
        figure = f"at most {number(float(result.upper))}"
    else:
        figure = f"at least {number(float(result.value))}, at most {number(float(result.upper))}"
    if objective.kind == "expected":
        return f"expected animals rescued {figure}"
    if objective.kind == "all":
        return f"chance to rescue every animal {figure}"
    name = written_names(result.board)[objective.target or 0]
    return f"chance to rescue {name} {figure}"


def aim_words(result: RescueAdvice) -> str:
    """What the advice aims for, in words: ``rescue the most``, ``rescue every animal``,
    ``rescue Panda``."""
    objective = result.objective
    if objective.kind == "target":
        return f"rescue {written_names(result.board)[objective.target or 0]}"
    return "rescue every animal" if objective.kind == "all" else "rescue the most"


def animal_chance(result: RescueAdvice, row: int, col: int) -> float:
    """The exact chance that the untapped tile at ``row``, ``col`` holds an animal."""
    return float(1 - result.posterior.probability(row * COLS + col, None))


def target_in_play(result: RescueAdvice) -> int | None:
    """The animal a ``target:NAME`` objective aims for, while some untapped tile may still
    hold it (None for the other objectives, or once no tile can: the advice then follows the
    tie-break, the animals rescued, and is said in those words)."""
    objective = result.objective
    if objective.kind != "target":
        return None
    k = objective.target or 0
    board = result.board
    if any(board.grid[r][c] == UNTAPPED and result.posterior.probability(r * COLS + c, k) > 0
           for r in range(ROWS) for c in range(COLS)):
        return k
    return None


def _tap_chance(result: RescueAdvice, row: int, col: int, target: int | None) -> float:
    """The exact chance the advice is judged by on a tile: the target animal's under a
    ``target:NAME`` objective still in play, else any animal's."""
    if target is None:
        return animal_chance(result, row, col)
    return float(result.posterior.probability(row * COLS + col, target))


def _chance_words(result: RescueAdvice, chance: float, target: int | None) -> str:
    if target is None:
        return f"{chance:.0%} an animal"
    return f"{chance:.0%} {written_names(result.board)[target]}"


def status(result: RescueAdvice) -> str:
    """The advice in one short line, in the game's words: ``Tap row 4, column 1 - 80% an
    animal`` (``- certainly Gorilla`` on a tile known to hold one; ``- 10% Tiger, 70% an
    animal`` under ``target:Tiger``: the chance of the animal the player aims for first)."""
    if result.recommend is None:
        # No tap is advised, so the rescue chances are those of the board as it is.
        if all(p == 1 for p in result.rescue):
            return "Every animal is rescued"
        return "No tap can rescue another animal with the taps left"
    row, col = result.recommend
    what = _what(result, row, col)
    tied = ties(result)
    if len(tied) == 1:  # its mirror image: either will do
        return f"Tap {either_name((row, col), tied[0])} - {what}"
    if tied:
        return f"Tap {cell_name(row, col)} - {what} (one of {len(tied) + 1} equally good)"
    return f"Tap {cell_name(row, col)} - {what}"


def _what(result: RescueAdvice, row: int, col: int) -> str:
    """What the status line says of tapping ``row``, ``col``: ``80% an animal``,
    ``certainly Gorilla``, ``10% Tiger, 70% an animal``."""
    names = written_names(result.board)
    certain = {(c.row, c.col): c.animal for c in result.certain}
    animal = certain.get((row, col))
    if animal is not None:
        return f"certainly {names[animal]}"
    target = target_in_play(result)
    what = _chance_words(result, _tap_chance(result, row, col, target), target)
    anyone = animal_chance(result, row, col)
    if target is not None and abs(anyone - _tap_chance(result, row, col, target)) > 1e-9:
        what += f", {anyone:.0%} an animal"  # the tie-break's measure, when it differs
    return what


def ties(result: RescueAdvice) -> tuple[tuple[int, int], ...]:
    """The other untapped tiles exactly as good a tap as the advised one (reading order):
    its images under the rescue's symmetries (:func:`~.symmetry.root_orbits`: a turn or a
    mirror mapping the rescue onto itself maps every plan onto one worth the same), where
    the status line's words hold as well (a mirror mapping Horse onto Cow makes a tile
    "certainly Cow" of one "certainly Horse": not said as the same tap). The Disco Zoo
    demo's second board said "Tap row 2, column 3 - 72% an animal" while row 4, column 3,
    its mirror image across the middle row, was as good: the line read as the only best.
    Tiles as likely but no image of the advised one are not said: their plans may differ.

    >>> from gridsight.solvers.disco_zoo.catalogue import load_catalogue
    >>> from gridsight.solvers.disco_zoo.board import fresh_board
    >>> from gridsight.solvers.disco_zoo.objective import Objective
    >>> from gridsight.solvers.disco_zoo.advise import advise
    >>> farm = {a.name: a for a in load_catalogue().regions["Farm"]}
    >>> result = advise(fresh_board("Farm", (farm["Pig"],)), Objective("expected"), 1.0)
    >>> result.recommend, ties(result)
    ((1, 1), ((1, 3), (3, 1), (3, 3)))
    >>> status(result)
    'Tap row 2, column 2 - 25% an animal (one of 4 equally good)'
    """
    if result.recommend is None:
        return ()
    from gridsight.solvers.disco_zoo.symmetry import root_orbits

    row, col = result.recommend
    words = _what(result, row, col)
    orbit = root_orbits(result.board, result.objective)[row * COLS + col]
    cells = (divmod(tile, COLS) for tile in orbit if tile != row * COLS + col)
    return tuple((r, c) for r, c in cells if result.board.grid[r][c] == UNTAPPED
                 and _what(result, r, c) == words)


def why(result: RescueAdvice) -> str:
    """Why the advised tile, when another untapped tile is likelier to hold an animal ("" when
    the advised tile is the likeliest): the advice is the best plan for all the taps left,
    not the best single tap. Under ``target:NAME`` the tiles are compared by NAME's chance
    (a tile certain to hold another animal is nothing to that aim)."""
    if result.recommend is None:
        return ""
    board = result.board
    target = target_in_play(result)
    chances = {(r, c): _tap_chance(result, r, c, target) for r in range(ROWS)
               for c in range(COLS) if board.grid[r][c] == UNTAPPED}
    here = chances[result.recommend]
    best = max(chances.values())
    if here >= best - 1e-9:
        return ""
    likeliest = min(cell for cell, p in chances.items() if p >= best - 1e-9)
    settled = {(c.row, c.col): c.animal for c in result.certain}
    names = written_names(board)
    animal = settled.get(likeliest)
    if animal is not None:
        there, wait = f"certainly {names[animal]}", "It can wait; the"
    else:
        there = f"{best:.0%}" if target is None else _chance_words(result, best, target)
        wait = "The"
    plan = "best plan" if result.exact else "best plan found"
    if target is not None and result.exact and result.value in (0, 1):
        # Every plan rescues the target for sure, or none can: the tie-break chose.
        fate, more = (("is rescued either way", "most animals besides") if result.value == 1
                      else ("cannot be rescued", "most animals"))
        return (f"Why not {cell_name(*likeliest)} ({there})? {names[target]} {fate} in "
                f"{taps_said(board)} taps; the {plan} for the {more} starts here.")
    aim = "" if target is None else f" to rescue {names[target]}"
    return (f"Why not {cell_name(*likeliest)} ({there})? {wait} {plan}{aim} for "
            f"{taps_said(board)} taps starts here.")


def taps_said(board: RescueBoard) -> str:
    """The taps left as the board knows them: ``18``, or ``18 (or 10?)`` when the counter was
    read unsure between counts (never one stated as certain that may be wrong)."""
    others = " or ".join(map(str, board.taps_may_be))
    return f"{board.taps} (or {others}?)" if others else str(board.taps)


def _value_short(result: RescueAdvice) -> str:
    objective = result.objective
    if objective.kind == "expected":
        return f"{float(result.value):.2f} animals on average"
    return f"{aim_words(result)}, {float(result.value):.1%}"


def details(result: RescueAdvice) -> tuple[str, ...]:
    """The lines behind the advice: its value, each animal's rescue chance, how it was found."""
    names = written_names(result.board)
    lines = []
    if result.recommend is not None:
        lines.append(f"{_value_text(result)} (aim: {aim_words(result)})")
    lines.append("rescue chances: "
                 + ", ".join(f"{name} {float(p):.1%}" for name, p in zip(names, result.rescue)))
    lines.append(("exact" if result.exact else "not exact") + f": {result.method}")
    return tuple(lines)


def unsure_words(result: RescueAdvice, tile: int) -> str:
    """A found tile whose animal the board does not tell, by its candidates' names:
    ``Panda or Tiger?``."""
    names = written_names(result.board)
    mask = result.board.candidates_at(tile)
    shown = [name for k, name in enumerate(names) if mask >> k & 1]
    return (" or ".join([", ".join(shown[:-1]), shown[-1]]) if len(shown) > 1 else
            shown[0] if shown else "some animal") + "?"


def _tile_text(result: RescueAdvice, row: int, col: int, settled: dict) -> str:
    board = result.board
    names = written_names(board)
    value = board.grid[row][col]
    if value == EMPTY:
        return "-"
    if value >= ONE_OF:
        return unsure_words(result, row * COLS + col)
    if value != UNTAPPED:
        return names[value - 1]
    if (row, col) in settled:
        animal = settled[(row, col)]
        return "(none)" if animal is None else f"({names[animal]})"
    return f"{animal_chance(result, row, col):.0%}"


def to_text(result: RescueAdvice) -> str:
    """The advice first, then a readable board: each untapped tile's chance of holding an
    animal, found tiles by their animal's name, and a key under the table."""
    board = result.board
    names = written_names(board)
    post = result.posterior
    settled = {(c.row, c.col): c.animal for c in result.certain}
    texts = [[_tile_text(result, r, c, settled) for c in range(COLS)] for r in range(ROWS)]
    if result.recommend is not None:
        r, c = result.recommend
        texts[r][c] = f"[{texts[r][c]}]"
    width = max(7, max(len(t) for row in texts for t in row) + 2)
    if 9 + width * COLS > 100:  # long unsure names: a short mark, the names listed below
        texts = [[t if len(t) <= 14 else "found" for t in row] for row in texts]
        width = max(7, max(len(t) for row in texts for t in row) + 2)
    listed = ", ".join(names)
    why_line = why(result)
    lines = [status(result)] + ([why_line] if why_line else []) + [
        f"{board.region} rescue: {listed}; {taps_said(board)} taps left; "
        f"{post.total} consistent placement{'s' if post.total != 1 else ''}",
        "% = the chance of an animal on an untapped tile; a name = a tapped tile's animal"
        + ("; found: see below" if any(
            board.grid[r][c] >= ONE_OF for r in range(ROWS) for c in range(COLS)) else ""),
        "         " + "".join(f"{column_number(c):>{width}}" for c in range(COLS)),
    ]
    for r in range(ROWS):
        lines.append(f"  {row_name(r):<7}" + "".join(f"{t:>{width}}" for t in texts[r]))
    used = ["-"] * any(t.strip("[]") == "-" for row in texts for t in row)
    used += ["( )"] * bool(settled) + ["[ ]"] * (result.recommend is not None)
    if used:
        lines.append(key_line(used))
    for tile in range(ROWS * COLS):
        row, col = divmod(tile, COLS)
        if board.grid[row][col] >= ONE_OF:
            mask = board.candidates_at(tile)
            odds = ", ".join(
                f"{name} {float(post.probability(tile, k)):.0%}"
                for k, name in enumerate(names)
                if mask >> k & 1
            )
            lines.append(f"found tile at {cell_name(row, col)} ({unsure_words(result, tile)}): "
                         f"{odds}")
    lines += list(details(result))
    return "\n".join(lines) + "\n"


def to_advice(result: RescueAdvice) -> Advice:
    """What the overlay draws: the tap, the certain tiles (an animal by name; no animal as
    a neutral mark, never a "tap here" check), each tile's chance of an animal as its figure
    with ``heat`` = the chance of no animal (green where an animal is likely)."""
    names = written_names(result.board)
    post = result.posterior
    marks = tuple(
        CellMark(c.row, c.col, MarkKind.EMPTY)  # neutral: nothing to tap there
        if c.animal is None
        else CellMark(c.row, c.col, MarkKind.KNOWN, names[c.animal])
        for c in result.certain
    )
    settled = {(c.row, c.col) for c in result.certain}
    figures = []
    for tile in range(ROWS * COLS):
        row, col = divmod(tile, COLS)
        if result.board.grid[row][col] != UNTAPPED or (row, col) in settled:
            continue
        empty = float(post.probability(tile, None))
        figures.append(CellFigure(row, col, f"{1 - empty:.0%}", heat=empty))
    warnings = () if result.exact else (f"not exact: {result.method}",)
    # The taps as good as the advised one (the line says "or"): dashed squares
    marked = {(m.row, m.col) for m in marks}
    marks += tuple(CellMark(r, c, MarkKind.ALSO) for r, c in ties(result)
                   if (r, c) not in marked)
    return Advice(
        game=GAME,
        rows=ROWS,
        cols=COLS,
        recommend=() if result.recommend is None else (Cell(*result.recommend),),
        marks=marks,
        figures=tuple(figures),
        status=status(result),
        warnings=warnings,
        why=why(result),
        details=details(result),
        quality=result.quality,
    )
