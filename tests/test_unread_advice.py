"""An advised move on a cell that was not read: said in words, never a confident tap.

A found Disco Zoo tile whose colour is close to the ground's may be left unread; solved as
untapped, it can come out as the very tile to tap next. The player must then be told to look at
that tile first (in the status line of ``analyze``, its text report and the live panel), since
the screen may show it already done.
"""

from __future__ import annotations

from gridsight.readers.base import unread_advised
from gridsight.solvers.advice import Cell
from test_live_loop import loop_for, play
from kit.scripted import screen, script_of


def test_an_advised_cell_that_was_not_read_is_named_to_look_at_first():
    status = unread_advised("Tap row 2, column 3 - 80% an animal", (Cell(1, 2),),
                            [(1, 2), (4, 4)])
    assert status == "Tap row 2, column 3 - 80% an animal (unread: look at row 2, column 3 first)"


def test_advice_on_read_cells_is_left_as_it_is():
    status = "Tap row 2, column 3 - 80% an animal"
    assert unread_advised(status, (Cell(1, 2),), [(0, 0), (4, 4)]) == status
    assert unread_advised(status, (), [(1, 2)]) == status


def test_the_live_status_says_to_look_at_an_advised_tile_that_was_not_read():
    """The scripted rescue's advised tile painted over in a colour no tile has from the first
    frame: the live loop solves it as untapped and advises it, and its status line says to look
    at it first; the same screen unpainted has no such words."""
    script = script_of("disco-zoo")
    clean = screen(script.render(2))
    seen = play(loop_for("disco-zoo"), clean)
    assert seen.advice is not None and "unread" not in seen.status
    cell = seen.advice.recommend[0]
    loop = loop_for("disco-zoo")
    x, y = (int(v) for v in _geometry_of(clean).cell_center(cell.row, cell.col))
    painted = clean.copy()
    painted[y - 12 : y + 12, x - 12 : x + 12] = (255, 0, 255)
    view = play(loop, painted)
    assert view.advice is not None and view.advice.recommend == seen.advice.recommend
    assert view.status.endswith(
        f"(unread: look at row {cell.row + 1}, column {cell.col + 1} first)")


def _geometry_of(image):
    """Where the scripted skin's board lies in ``image``, as the live loop finds it."""
    loop = loop_for("disco-zoo")
    play(loop, image, times=1)
    return loop._geometry
