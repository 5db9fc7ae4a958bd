"""The per-cell tracker: changes need two equal reads, reveals stick, corrections override."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridsight import tracking
from gridsight.tracking import (
    UNKNOWN, CellRead, CellTracker, Change, Contradiction, reads_from_labels,
)
from gridsight.solvers.advice import Cell


def _frame(*labels):
    return reads_from_labels([list(labels)], confidence=0.9)


def test_a_change_needs_the_same_read_in_two_consecutive_frames():
    t = CellTracker(1, 3)
    s = t.update(_frame("g", ".", "."))
    assert s.grid == ((".", ".", "."),) and not s.changed
    s = t.update(_frame("g", "r", "."))  # (0, 1) seen once only
    assert s.grid == (("g", ".", "."),)
    assert s.changes == (Change(0, 0, ".", "g", "read"),)
    assert s.confidence[0][0] == pytest.approx(0.9)
    s = t.update(_frame("g", "b", "."))  # (0, 1) changed its mind: starts over
    assert s.grid == (("g", ".", "."),) and not s.changed


def test_an_animation_frame_between_two_reads_is_not_a_change():
    t = CellTracker(1, 1)
    for labels in ("x", ".", "x", ".", "x"):  # flickering: never twice in a row
        s = t.update(_frame(labels))
    assert s.grid == ((".",),)


def test_unknown_reads_keep_the_state_and_break_the_run():
    t = CellTracker(1, 2)
    t.update(_frame("g", "s"))
    t.update(_frame("g", "s"))
    s = t.update([[UNKNOWN, UNKNOWN]])
    assert s.grid == (("g", "s"),) and not s.changed
    t = CellTracker(1, 1)
    t.update(_frame("g"))
    t.update([[UNKNOWN]])
    assert t.update(_frame("g")).grid == ((".",),)  # not two consecutive equal reads
    assert t.update(_frame("g")).grid == (("g",),)


def test_a_revealed_cell_never_turns_back_and_the_contradiction_is_reported():
    t = CellTracker(1, 2)
    t.update(_frame("g", "."))
    t.update(_frame("g", "."))
    assert Cell(0, 0) in t.state().revealed
    s = t.update(_frame(".", "."))
    assert s.grid == (("g", "."),) and s.contradictions == ()  # once: maybe an animation
    s = t.update(_frame(".", "."))
    assert s.grid == (("g", "."),) and not s.changed
    assert s.contradictions == (Contradiction(0, 0, "g", "."),)
    assert "the cell at row 1, column 1 was 'g' but now reads '.'" in s.contradictions[0].describe()
    s = t.update([[UNKNOWN, CellRead(".")]])
    assert s.contradictions  # still standing: nothing said otherwise
    s = t.update(_frame("g", "."))
    assert s.contradictions == () and s.grid == (("g", "."),)


def test_allowed_changes_of_a_revealed_cell_are_a_game_rule():
    # A tile-path game: blue tiles turn red when walked on; red never turns back to blue.
    t = CellTracker(1, 1, initial="b", is_reveal=lambda o, n: False,
                    may_change=lambda o, n: (o, n) == ("b", "r"))
    t.update(_frame("r"))
    assert t.update(_frame("r")).grid == (("r",),)
    # With nothing revealed, any confirmed change applies.
    t.update(_frame("b"))
    assert t.update(_frame("b")).grid == (("b",),)
    strict = CellTracker(1, 1, initial="b", is_reveal=lambda o, n: n == "r")
    strict.update(_frame("r"))
    strict.update(_frame("r"))
    strict.update(_frame("b"))
    s = strict.update(_frame("b"))
    assert s.grid == (("r",),) and s.contradictions == (Contradiction(0, 0, "r", "b"),)


def test_manual_corrections_override_reads_and_undo_restores_them():
    t = CellTracker(1, 2)
    t.update(_frame("g", "."))
    t.update(_frame("g", "."))
    s = t.correct(0, 0, "r")
    assert s.grid == (("r", "."),) and s.changes == (Change(0, 0, "g", "r", "manual"),)
    assert s.manual == frozenset({Cell(0, 0)}) and s.confidence[0][0] == 1.0
    for _ in range(3):  # the reader keeps seeing 'g': the player said 'r'
        s = t.update(_frame("g", "."))
    assert s.grid == (("r", "."),) and s.contradictions == ()
    t.correct(0, 1, "s")
    s = t.undo()
    assert s.grid == (("r", "."),) and s.changes == (Change(0, 1, "s", ".", "undo"),)
    s = t.undo()
    assert s.grid == (("g", "."),) and s.manual == frozenset()
    assert t.undo() is None
    with pytest.raises(ValueError, match=r"\(3, 0\)"):
        t.correct(3, 0, "g")


def test_reset_and_shape_checks():
    t = CellTracker(2, 2)
    t.update(reads_from_labels([["g", "."], [".", "."]]))
    t.update(reads_from_labels([["g", "."], [".", "."]]))
    assert t.reset().grid == ((".", "."), (".", "."))
    with pytest.raises(ValueError, match="expected 2x2"):
        t.update(reads_from_labels([["g", "."]]))
    assert t.state().board_text() == ". .\n. ."


# -- an independent model of one cell, checked against the tracker on random streams -------

LABELS = [None, ".", "g", "r"]


def _reference(history: list[str | None], confirm: int) -> tuple[str, bool, str | None]:
    """Replay one cell's reads by rescanning its whole history at every frame."""
    label, revealed, conflict = ".", False, None
    for i, read in enumerate(history):
        if read is None:
            continue
        if read == label:
            conflict = None
            continue
        run = 0  # how many frames in a row, ending now, read this same label
        for x in reversed(history[: i + 1]):
            if x != read:
                break
            run += 1
        if run < confirm:
            continue
        if revealed:
            conflict = read
            continue
        revealed = label == "." and read != "."
        label = read
    return label, revealed, conflict


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(LABELS), max_size=25), st.integers(1, 3))
def test_the_tracker_agrees_with_an_independent_model(history, confirm):
    t = CellTracker(1, 1, confirm=confirm)
    for i, read in enumerate(history):
        s = t.update([[UNKNOWN if read is None else CellRead(read)]])
        label, revealed, conflict = _reference(history[: i + 1], confirm)
        assert s.grid == ((label,),), (history[: i + 1], confirm)
        assert (Cell(0, 0) in s.revealed) == revealed
        expected = (Contradiction(0, 0, label, conflict),) if conflict else ()
        assert s.contradictions == expected


def test_doctests():
    result = doctest.testmod(tracking)
    assert result.failed == 0 and result.attempted > 0
