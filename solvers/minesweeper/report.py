"""An analysis in the three forms the application shows: JSON, readable text, Advice.

The JSON object is the documented contract of ``gridsight solve minesweeper --json``; the
text is the board for people, each unopened cell showing its mine chance in percent; the
:class:`~gridsight.solvers.advice.Advice` is what the overlay draws (the cell to open, certain cells
marked, wrong flags marked as conflicts, a mine percentage per undecided cell with ``heat`` =
mine chance).
"""

from __future__ import annotations

from typing import Any

from gridsight.solvers.chances import percent
from gridsight.solvers.advice import Advice, Cell, CellFigure, CellMark, MarkKind
from gridsight.solvers.cellnames import cell_name, cell_names, column_number, row_name
from gridsight.solvers.limit import Quality
from gridsight.solvers.minesweeper.analysis import Analysis, CellOdds
from gridsight.solvers.minesweeper.policy import Recommendation
from gridsight.solvers.minesweeper.rules import FLAG, MINE, UNOPENED
from gridsight.solvers.symbols import key_line

GAME = "minesweeper"
_WIDTH = 6


def _where(cells: list[CellOdds]) -> list[dict[str, int]]:
    return [{"row": c.row, "col": c.col} for c in cells]


def to_json(analysis: Analysis, choice: Recommendation | None) -> dict[str, Any]:
    """The ``--json`` object. ``layouts`` is a decimal string (it can pass 10^100) and
    ``null`` when the analysis is incomplete, as is each cell's ``mine``."""
    state = analysis.state
    return {
        "game": GAME,
        "rows": state.rows,
        "cols": state.cols,
        "mines": state.mines,
        "complete": analysis.complete,
        "layouts": None if analysis.layouts is None else str(analysis.layouts),
        "cells": [
            {"row": c.row, "col": c.col, "mine": c.mine, "flag": c.flagged}
            for c in analysis.cells
        ],
        "recommend": None if choice is None else {
            "row": choice.cell[0], "col": choice.cell[1], "safe": choice.safe,
            "mine": choice.mine, "zero": choice.zero,
            "mine_at_least": None if choice.bounds is None else choice.bounds[0],
            "mine_at_most": None if choice.bounds is None else choice.bounds[1],
            "how": choice.how or None, "survive": choice.survive,
            "progress": choice.progress, "win": choice.win,
        },
        "safe": _where(analysis.safe),
        "certain_mines": _where(analysis.certain_mines),
        "wrong_flags": _where(analysis.wrong_flags),
        "frontier": len(analysis.frontier.cells),
        "interior": len(analysis.frontier.interior),
        "components": len(analysis.components),
        "counted_components": analysis.counted,
        "status": explain(analysis, choice),
        "quality": quality(analysis, choice).to_dict(),
    }


def quality(analysis: Analysis, choice: Recommendation | None) -> Quality:
    """Exact when the counting finished; else where it stopped and the advised cell's proven
    mine chance (at least, at most)."""
    if analysis.complete:
        return Quality.exact_value(None if choice is None else choice.mine, "chance of a mine")
    low, high = (None, None) if choice is None or choice.bounds is None else choice.bounds
    return Quality.bounded(analysis.stopped, low, high, "chance of a mine",
                           "a proven safe cell" if choice is not None and choice.safe else
                           "the lowest proven upper bound of the mine chance")


def explain(analysis: Analysis, choice: Recommendation | None) -> str:
    """The advice in one short line, in the game's words: ``Open row 1, column 5 - certainly
    safe``, ``Open row 7, column 19 - 6% a mine``."""
    state = analysis.state
    if state.lost:
        return "The game is over: a mine is shown"
    if state.won:
        return "Every safe cell is open: the game is won"
    if choice is None:
        return "Every unopened cell is a mine"
    r, c = choice.cell
    if choice.safe:
        return f"Open {cell_name(r, c)} - certainly safe"
    if choice.mine is None and choice.bounds is not None:  # the limit stopped the counting
        return f"Open {cell_name(r, c)} - at most {percent(choice.bounds[1])} a mine"
    risk = "" if choice.mine is None else f" - {percent(choice.mine)} a mine"
    return f"Open {cell_name(r, c)}{risk}"


def details(analysis: Analysis, choice: Recommendation | None) -> tuple[str, ...]:
    """Why this cell among the equally safe ones, and what else is known."""
    state = analysis.state
    if choice is None or state.lost or state.won:
        return ()
    lines = []
    zero = choice.zero
    if choice.safe:
        if not analysis.complete:
            lines.append(f"{analysis.stopped} stopped the counting: cells shown are proven, "
                         "no chances")
        elif zero is None:
            lines.append("the limit stopped the count of the chances to show a 0")
        elif zero > 0:
            lines.append(f"of the safe cells, the one most likely to show a 0 ({percent(zero)}), "
                         "which opens the most")
        others = len(analysis.safe) - 1
        if others:
            lines.append(f"{others} more safe cell{'s' if others > 1 else ''}")
        return tuple(lines)
    if not analysis.complete and choice.bounds is not None:
        low, high = choice.bounds
        lines.append(f"{analysis.stopped} stopped the counting ({analysis.counted} of "
                     f"{len(analysis.components)} frontier parts counted) and no cell is proven "
                     f"safe; this one's mine chance is at most {percent(high)} (at least "
                     f"{percent(low)}), the lowest proven; allow more time for exact odds")
    guess = ahead(analysis, choice)
    if guess:
        lines.append(guess)
    elif choice.mine is not None:
        line = f"no cell is certainly safe; the lowest mine chance is {100 * choice.mine:.1f}%"
        if choice.tied > 1:
            line += f", shared by {choice.tied} cells"
            if zero:
                line += f"; of those, the most likely to show a 0 ({percent(zero)})"
            elif zero is None:
                line += " (the limit stopped the count of their chances to show a 0)"
        lines.append(line)
    if not state.numbers():
        lines.append("in most versions of the game the first click is never a mine")
    return tuple(lines)


def ahead(analysis: Analysis, choice: Recommendation | None) -> str:
    """One line on a guess chosen by thinking ahead (the end-game search or one reveal ahead),
    with its exact figures; empty for a certain cell or a plain lowest-chance guess."""
    if choice is None or choice.safe or choice.mine is None:
        return ""
    if choice.how == "endgame" and choice.win is not None:
        return (f"no cell is certainly safe and few layouts fit ({analysis.layouts:,}): searched "
                f"to the end over all of them, this cell wins {percent(choice.win)} of games "
                "with best play")
    if choice.how == "lookahead" and choice.survive is not None:
        line = (f"no cell is certainly safe; one reveal ahead, {percent(choice.survive)} that "
                "this cell and the next step are both safe")
        if choice.progress:
            line += f", {percent(choice.progress)} that it leaves a certain cell to open"
        return line
    return ""


def why(analysis: Analysis, choice: Recommendation | None) -> str:
    """Why the advised cell, when another has a lower mine chance ("" when it is the safest)."""
    if choice is None or choice.safe or choice.mine is None:
        return ""
    others = [c for c in analysis.cells if c.mine is not None and not c.certain_mine]
    safest = min(others, key=lambda c: (c.mine_layouts, c.row, c.col))
    if safest.mine_layouts >= analysis.cell(*choice.cell).mine_layouts:
        return ""
    line = (f"Why not {cell_name(safest.row, safest.col)} ({percent(safest.mine)} a mine, here "
            f"{percent(choice.mine)})? ")
    if choice.how == "endgame" and choice.win is not None:
        return line + f"This cell wins more games with best play ({percent(choice.win)})."
    return line + "This cell is likelier to leave the next step safe too."


def _cell_text(odds: CellOdds) -> str:
    if odds.certain_safe:
        return "safe"
    if odds.certain_mine:
        return "mine"
    if odds.mine is None:
        bound = percent(float(odds.high))  # "<1%" already says "at most"
        return "~" if odds.high >= 1 else bound if bound.startswith("<") else f"<{bound}"
    return percent(odds.mine)


def _table(state, cells: list[list[str]], first: int, last: int) -> list[str]:
    lines = ["      " + "".join(f"{column_number(c):>{_WIDTH}}" for c in range(first, last))]
    for r in range(state.rows):
        lines.append(f"{row_name(r):>6}" + "".join(f"{t:>{_WIDTH}}" for t in cells[r][first:last]))
    return lines


def to_text(analysis: Analysis, choice: Recommendation | None) -> str:
    """The advice first, then the board for people: opened numbers as they are, each unopened
    cell as its mine chance (``safe``, ``mine`` when certain; when the limit stopped the
    counting ``<18%`` its proven upper bound, ``~`` none), a flag's cell with ``f`` before it,
    the recommended cell in brackets, and a key. A board wider than 100 columns is shown in
    parts of as many columns as fit."""
    state = analysis.state
    odds = {c.cell: c for c in analysis.cells}
    if analysis.complete:
        count = f"{analysis.layouts:,} mine layouts fit the board" if analysis.layouts < 10**15 \
            else f"about 10^{len(str(analysis.layouts)) - 1} mine layouts fit the board"
    else:
        count = (f"incomplete: {analysis.stopped} stopped the counting after "
                 f"{analysis.counted} of {len(analysis.components)} frontier parts")
    why_line = why(analysis, choice)
    lines = [explain(analysis, choice), *([why_line] if why_line else []),
             f"Minesweeper, {state.rows} x {state.cols}, {state.mines} "
             f"mine{'' if state.mines == 1 else 's'}; {count}.",
             "Unopened cells show their chance of a mine; numbers count the mines around.",
             ""]
    cells: list[list[str]] = []
    used: list[str] = []
    for r in range(state.rows):
        texts = []
        for c in range(state.cols):
            token = state.token(r, c)
            if token in (UNOPENED, FLAG):
                cell = odds[(r, c)]
                text = _cell_text(cell)
                if cell.mine is None and not (cell.certain_safe or cell.certain_mine):
                    used.append(text[0])  # a bound: not a complete count's "<1%"
                if token == FLAG:
                    text = "f" + text
                    used.append("f")
                if choice is not None and choice.cell == (r, c):
                    text = f"[{text}]"
                    used.append("[ ]")
            elif token == MINE:
                text = "*"
                used.append("*")
            else:
                text = token
            texts.append(text)
        cells.append(texts)
    per_part = max(1, (100 - 6) // _WIDTH)
    for first in range(0, state.cols, per_part):
        if first:
            lines.append("")
        lines += _table(state, cells, first, min(state.cols, first + per_part))
    symbols = [s for s in ("[ ]", "f", "*", "~", "<") if s in used]
    if symbols:
        lines.append(key_line(symbols))
    lines.append("")
    for label, found in (("safe", analysis.safe), ("certain mines", analysis.certain_mines)):
        if found:
            lines.append(f"{label} ({len(found)}): "
                         + cell_names((c.row, c.col) for c in found))
    for warning in warnings(analysis):
        lines.append(f"warning: {warning}")
    lines += list(details(analysis, choice))
    return "\n".join(lines) + "\n"


def warnings(analysis: Analysis) -> tuple[str, ...]:
    """What the player must not miss: certainly wrong flags, a lost game, an unfinished
    count."""
    found = []
    wrong = analysis.wrong_flags
    if wrong:
        where = cell_names((c.row, c.col) for c in wrong)
        found.append(f"flag{'s' if len(wrong) > 1 else ''} certainly wrong (safe): {where}")
    if analysis.state.lost:
        found.append("a mine is shown: the game is over")
    if not analysis.complete:
        found.append(f"{analysis.stopped} stopped the counting: only proven cells and "
                     "bounds are shown")
    return tuple(found)


def to_advice(analysis: Analysis, choice: Recommendation | None) -> Advice:
    """What the overlay draws: the cell to open, certain cells, wrong flags, and the mine
    chance of every undecided unopened cell."""
    state = analysis.state
    marks = []
    for c in analysis.cells:
        if c.flagged and c.certain_safe:
            marks.append(CellMark(c.row, c.col, MarkKind.CONFLICT, "wrong flag"))
        elif c.certain_safe:
            marks.append(CellMark(c.row, c.col, MarkKind.SAFE, "safe"))
        elif c.certain_mine:
            marks.append(CellMark(c.row, c.col, MarkKind.DANGER, "mine"))
    figures = tuple(
        CellFigure(c.row, c.col, percent(c.mine), heat=c.mine)
        for c in analysis.cells
        if c.mine is not None and not (c.certain_safe or c.certain_mine)
    )
    if state.lost:  # nothing is left to open: no cell's odds nor "safe" drawn over the game
        marks, figures = [], ()
    return Advice(
        game=GAME,
        rows=state.rows,
        cols=state.cols,
        recommend=() if choice is None else (Cell(*choice.cell),),
        marks=tuple(marks),
        figures=figures,
        status=explain(analysis, choice),
        warnings=warnings(analysis),
        why=why(analysis, choice),
        details=details(analysis, choice),
        quality=quality(analysis, choice),
    )


__all__ = ["GAME", "details", "explain", "percent", "quality", "to_advice", "to_json",
           "to_text", "warnings", "why", "ahead"]
