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

from solvers.advice import Advice, Cell, CellFigure, CellMark, MarkKind
from solvers.cellnames import cell_name, column_number, row_name
from solvers.disco_zoo.advise import RescueAdvice
from solvers.disco_zoo.board import EMPTY, ONE_OF, UNTAPPED, tile_token, written_names
from solvers.disco_zoo.catalogue import COLS, ROWS

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


def status(result: RescueAdvice) -> str:
    """One line for the player: the tap to make and what it is worth."""
    names = written_names(result.board)
    if result.recommend is None:
        # No tap is advised, so the rescue chances are those of the board as it is.
        if all(p == 1 for p in result.rescue):
            return "every animal is rescued"
        return "no tap can rescue another animal with the taps left"
    row, col = result.recommend
    why = f" (completes {names[result.completes]})" if result.completes is not None else ""
    return f"tap {cell_name(row, col)}{why}: {_value_text(result)}"


def to_text(result: RescueAdvice) -> str:
    """A readable board: each untapped tile's chance of holding an animal, and the advice."""
    board = result.board
    names = written_names(board)
    post = result.posterior
    settled = {(c.row, c.col): c.animal for c in result.certain}
    listed = ", ".join(f"{k + 1} {name}" for k, name in enumerate(names))
    lines = [
        f"{board.region} rescue: {listed}; {board.taps} taps left; "
        f"{post.total} consistent placement{'s' if post.total != 1 else ''}",
        "       " + "".join(f"{column_number(c):>7}" for c in range(COLS)),
    ]
    for row in range(ROWS):
        texts = []
        for col in range(COLS):
            value = board.grid[row][col]
            tile = row * COLS + col
            if value == EMPTY:
                text = "-"
            elif value != UNTAPPED:
                text = f"#{tile_token(value, len(names))}"
            elif (row, col) in settled:
                animal = settled[(row, col)]
                text = "x" if animal is None else f"={animal + 1}"
            else:
                text = f"{float(1 - post.probability(tile, None)):.0%}"
            if result.recommend == (row, col):
                text = f"[{text}]"
            texts.append(f"{text:>7}")
        lines.append(f"  {row_name(row)}" + "".join(texts))
    lines.append("  (% = chance of an animal; =k certainly animal k; x certainly empty; "
                 "#k / - tapped; [ ] the advised tap)")
    for tile in range(ROWS * COLS):
        row, col = divmod(tile, COLS)
        if board.grid[row][col] >= ONE_OF:
            mask = board.candidates_at(tile)
            odds = ", ".join(
                f"{name} {float(post.probability(tile, k)):.0%}"
                for k, name in enumerate(names)
                if mask >> k & 1
            )
            lines.append(f"  found tile at {cell_name(row, col)} "
                         f"(#{tile_token(board.grid[row][col], len(names))}): {odds}")
    lines.append(status(result) + f" [objective {result.objective.label(board.animals)}]")
    lines.append(
        "rescue chances: "
        + ", ".join(f"{name} {float(p):.1%}" for name, p in zip(names, result.rescue))
    )
    lines.append(("exact" if result.exact else "not exact") + f": {result.method}")
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
    return Advice(
        game=GAME,
        rows=ROWS,
        cols=COLS,
        recommend=() if result.recommend is None else (Cell(*result.recommend),),
        marks=marks,
        figures=tuple(figures),
        status=status(result),
        warnings=warnings,
        quality=result.quality,
    )
