"""An analysis in the three forms the application shows: JSON, readable text, Advice.

The JSON object is the documented contract of ``gridsight solve thrill-digger --json``; the
text is a board for people with each undug hole's bomb chance; the
:class:`~gridsight.solvers.advice.Advice` is what the overlay draws (the hole to dig, certain holes
marked, a bomb percentage per undecided hole with ``heat`` = bomb chance).
"""

from __future__ import annotations

from typing import Any

from gridsight.solvers.chances import percent
from gridsight.solvers.advice import Advice, Cell, CellFigure, CellMark, MarkKind
from gridsight.solvers.cellnames import (
    cell_name, cell_names, column_number, either_name, row_name,
)
from gridsight.solvers.thrill_digger.analysis import Analysis, HoleOdds
from gridsight.solvers.thrill_digger.policy import Decision
from gridsight.solvers.symbols import key_line
from gridsight.solvers.thrill_digger.rules import BOMB, COLOUR_NAMES, COLOURS, TOKEN_NAMES, UNSEEN

GAME = "thrill-digger"
_CELL_WIDTH = 7


def _decision(recommend: tuple[int, int] | None | Decision) -> Decision:
    if isinstance(recommend, Decision):
        return recommend
    return Decision(recommend, "safest")


def to_json(analysis: Analysis, recommend: tuple[int, int] | None | Decision) -> dict[str, Any]:
    """The ``--json`` object (``recommend`` is ``null`` when the game is over).

    ``recommend`` is the policy's :class:`Decision` (a bare hole stands for ``safest``'s).
    Each cell's ``value_if_dug`` is the exact optimal expected rupees still to come if it is
    dug next (``null`` unless the ``optimal`` policy decided); ``policy`` names the policy
    that chose ``recommend`` and ``policy_note`` why another one stood in (or ``null``);
    ``quality`` how good the choice is (exact, or where the limit stopped and the bounds it
    proved, in rupees still to come).
    """
    decision = _decision(recommend)
    recommend = decision.hole
    values = decision.values or {}
    d = analysis.state.difficulty
    cells = [
        {
            "row": h.row,
            "col": h.col,
            "bomb": h.bomb,
            "rupoor": h.rupoor,
            "green": h.green,
            "blue": h.blue,
            "red": h.red,
            "silver": h.silver,
            "gold": h.gold,
            "value": h.value,
            "value_if_dug": values.get(h.cell),
        }
        for h in analysis.holes
    ]

    def where(holes: list[HoleOdds]) -> list[dict[str, int]]:
        return [{"row": h.row, "col": h.col} for h in holes]

    return {
        "game": GAME,
        "difficulty": d.name,
        "model": analysis.model,
        "layouts": analysis.layouts,
        "cells": cells,
        "recommend": None if recommend is None else {"row": recommend[0], "col": recommend[1]},
        "safe": where([h for h in analysis.holes if h.no_bad]),
        "certain_bombs": where([h for h in analysis.holes if h.certain_bomb]),
        "certain_rupoors": where([h for h in analysis.holes if h.certain_rupoor]),
        "block_probability": float(analysis.block_probability),
        "policy": decision.policy,
        "policy_note": decision.note or None,
        "quality": decision.quality.to_dict(),
    }


def _hole_text(h: HoleOdds) -> str:
    if h.no_bad:
        return "SAFE"
    if h.certain_bomb:
        return "BOMB"
    if h.certain_rupoor:
        return "RUPOOR"
    return percent(h.bomb)


def _dug_text(token: str) -> str:
    if token == UNSEEN:
        return "dug"
    return TOKEN_NAMES[token]


def _risk(h: HoleOdds) -> str:
    """What may go wrong in a hole, in a few words: ``13% a bomb``, ``no bomb, 12% a rupoor``."""
    if h.no_bad:
        return "certainly a rupee"
    if h.no_bomb:
        return f"no bomb, {percent(h.rupoor)} a rupoor"
    return f"{percent(h.bomb)} a bomb"


def explain(analysis: Analysis, recommend: tuple[int, int] | None | Decision) -> str:
    """The advice in one short line, in the game's words: ``Dig row 3, column 5 - 13% a
    bomb``, ``Dig row 2, column 1 - certainly a rupee``."""
    decision = _decision(recommend)
    state = analysis.state
    if any(t == BOMB for row in state.grid for t in row):
        return "The game is over: a bomb was dug"
    if decision.hole is None:
        return "Every rupee is dug: the board is cleared"
    h = analysis.hole(*decision.hole)
    tied = ties(analysis, decision)
    if len(tied) == 1:  # its mirror image: either will do
        return f"Dig {either_name((h.row, h.col), tied[0])} - {_risk(h)}"
    if tied:
        return f"Dig {cell_name(h.row, h.col)} - {_risk(h)} (one of {len(tied) + 1} equally good)"
    return f"Dig {cell_name(h.row, h.col)} - {_risk(h)}"


def ties(analysis: Analysis,
         recommend: tuple[int, int] | None | Decision) -> tuple[tuple[int, int], ...]:
    """The other undug holes exactly as good as the advised one (reading order): under the
    exact policy's values (:attr:`Decision.values`, finished), worth the same rupees to
    come (within :data:`~.optimal.TIE`, the policy's own tie) with the same odds said
    (:func:`_risk`). A fresh beginner pit said "Dig row 1, column 1 - 20% a bomb" while
    its three other corners were worth the same 47.90 rupees to come ("from the next best
    hole 47.90" in its details): the line read as the only best hole. Other policies give
    no values: nothing said."""
    from gridsight.solvers.thrill_digger.optimal import TIE

    decision = _decision(recommend)
    values, hole = decision.values, decision.hole
    if hole is None or not values or hole not in values or not decision.quality.exact:
        return ()
    best, words = values[hole], _risk(analysis.hole(*hole))
    return tuple(sorted(cell for cell, value in values.items() if cell != hole
                        and abs(value - best) <= TIE and _risk(analysis.hole(*cell)) == words))


def why(analysis: Analysis, recommend: tuple[int, int] | None | Decision) -> str:
    """Why the advised hole, when another has a lower bomb chance ("" when it is the safest)."""
    decision = _decision(recommend)
    if decision.hole is None or not analysis.holes:
        return ""
    h = analysis.hole(*decision.hole)
    lowest = min(o.bomb for o in analysis.holes)
    if h.bomb <= lowest + 1e-9:
        return ""
    safest = max((o for o in analysis.holes if o.bomb <= lowest + 1e-9),
                 key=lambda o: (o.value, -o.row, -o.col))
    line = (f"Why not {cell_name(safest.row, safest.col)} ({100 * safest.bomb:.1f}% a bomb, "
            f"here {100 * h.bomb:.1f}%)? ")
    if decision.values and safest.cell in decision.values:
        return line + (f"Worth more: {decision.values[decision.hole]:.2f} rupees to come, "
                       f"not {decision.values[safest.cell]:.2f}.")
    return line + f"The {decision.policy} policy expects more rupees from digging here first."


def details(analysis: Analysis, recommend: tuple[int, int] | None | Decision) -> tuple[str, ...]:
    """The figures behind the advice: the advised hole's odds and worth, the policy's values."""
    decision = _decision(recommend)
    if decision.hole is None or any(t == BOMB for row in analysis.state.grid for t in row):
        return ()
    h = analysis.hole(*decision.hole)
    colours = ", ".join(
        f"{COLOUR_NAMES[t]} {percent(h.colour(t))}" for t in COLOURS if h.colour(t) > 0
    )
    lines = [f"bomb {100 * h.bomb:.1f}%, rupoor {percent(h.rupoor)}; expected "
             f"{h.value:+.1f} rupees ({colours})"]
    quality = decision.quality
    if decision.values and decision.hole in decision.values:
        best = decision.values[decision.hole]
        others = [v for cell, v in decision.values.items() if cell != decision.hole]
        runner = f"; from the next best hole {max(others):.2f}" if others else ""
        valued = "" if quality.exact else " (of the holes valued before the limit)"
        lines.append(f"exact best play: {best:.2f} rupees still to come from this hole{runner}"
                     f"{valued}")
    else:
        lines.append(f"chosen by the {decision.policy} policy")
    if decision.note:
        lines.append(decision.note)
    if quality.stopped:
        lines.append(f"not exact: {quality.describe()} ({quality.method})")
    return tuple(lines)


def to_text(analysis: Analysis, recommend: tuple[int, int] | None | Decision) -> str:
    """The advice first, then the board for people: dug holes by name, undug holes by bomb
    chance (SAFE, BOMB and RUPOOR when certain), the recommended hole in brackets, a key."""
    decision = _decision(recommend)
    recommend = decision.hole
    state = analysis.state
    d = state.difficulty
    odds = {h.cell: h for h in analysis.holes}
    why_line = why(analysis, decision)
    lines = [explain(analysis, decision)] + ([why_line] if why_line else []) + [
        f"Thrill Digger, {d.name} ({d.rows} x {d.cols}, {d.bombs} bombs, {d.rupoors} rupoors), "
        f"model: {analysis.model}",
        f"{analysis.layouts:,} bomb-and-rupoor layouts fit the board; "
        "undug holes show their bomb chance.",
        "",
        "      " + "".join(f"{column_number(c):>{_CELL_WIDTH}}" for c in range(d.cols)),
    ]
    shown = set()
    for r in range(d.rows):
        texts = []
        for c in range(d.cols):
            if (r, c) in odds:
                text = _hole_text(odds[(r, c)])
                if (r, c) == recommend:
                    text = f"[{text}]"
            else:
                text = _dug_text(state.token(r, c))
            shown.add(text.strip("[]"))
            texts.append(f"{text:>{_CELL_WIDTH}}")
        lines.append(f"{row_name(r):>6}" + "".join(texts))
    words = [f"{w} {m}" for w, m in (("SAFE", "certainly a rupee"), ("BOMB", "certainly a bomb"),
                                     ("RUPOOR", "certainly a rupoor"),
                                     ("dug", "dug, colour not seen")) if w in shown]
    key = key_line(["[ ]"] * (recommend is not None))
    lines.append("; ".join(([key] if recommend is not None else ["Key: % the chance of a bomb"])
                           + words))
    certain = []
    for label, flag in (("safe", "no_bad"), ("certain bomb", "certain_bomb"),
                        ("certain rupoor", "certain_rupoor")):
        holes = [h for h in analysis.holes if getattr(h, flag)]
        if holes:
            certain.append(f"{label}: " + cell_names((h.row, h.col) for h in holes))
    if certain:
        lines.append("; ".join(certain))
    lines += list(details(analysis, decision))
    return "\n".join(lines) + "\n"


def to_advice(analysis: Analysis, recommend: tuple[int, int] | None | Decision) -> Advice:
    """What the overlay draws: the hole to dig, certain holes marked (safe, bomb, rupoor), the
    bomb chance of every other undug hole (``heat`` = that chance)."""
    decision = _decision(recommend)
    recommend = decision.hole
    d = analysis.state.difficulty
    marks = []
    for h in analysis.holes:
        if h.no_bad:
            marks.append(CellMark(h.row, h.col, MarkKind.SAFE, "safe"))
        elif h.certain_bomb:
            marks.append(CellMark(h.row, h.col, MarkKind.DANGER, "bomb"))
        elif h.certain_rupoor:
            marks.append(CellMark(h.row, h.col, MarkKind.KNOWN, "rupoor"))
    # A certain hole says what it is with its mark; the figures are the undecided holes' odds.
    marked = {(m.row, m.col) for m in marks}
    figures = tuple(
        CellFigure(h.row, h.col, percent(h.bomb), heat=h.bomb) for h in analysis.holes
        if (h.row, h.col) not in marked
    )
    # The holes as good as the advised one (the line says "or"): dashed squares
    marks += [CellMark(r, c, MarkKind.ALSO) for r, c in ties(analysis, decision)
              if (r, c) not in marked]
    warnings = ()
    if any(t == BOMB for row in analysis.state.grid for t in row):
        warnings = ("a bomb was dug: the game is over",)
        # Nothing is left to dig: no hole's odds nor marks drawn (live went on covering the
        # pit with "18%" on every hole under "The game is over: a bomb was dug").
        marks, figures = [], ()
    return Advice(
        game=GAME,
        rows=d.rows,
        cols=d.cols,
        recommend=() if recommend is None else (Cell(*recommend),),
        marks=tuple(marks),
        figures=figures,
        status=explain(analysis, decision),
        warnings=warnings,
        why=why(analysis, decision),
        details=details(analysis, decision),
        quality=decision.quality,
    )


__all__ = ["GAME", "details", "explain", "percent", "ties", "to_advice", "to_json", "to_text",
           "why"]
