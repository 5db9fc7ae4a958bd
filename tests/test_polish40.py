"""Session 40's polish of what a new player met (s40polish): the advice under
``--objective target:NAME`` speaks of NAME's chance and why this tap for NAME."""

from __future__ import annotations

import pytest

from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.disco_zoo.advise import advise
from gridsight.solvers.disco_zoo.board import UNTAPPED, parse_board
from gridsight.solvers.disco_zoo.catalogue import COLS
from gridsight.solvers.disco_zoo.objective import parse_objective
from gridsight.solvers.disco_zoo.report import to_advice, to_text


def _jungle(examples, taps: int, objective: str):
    text = (examples / "disco-zoo-jungle.txt").read_text().replace("taps: 7", f"taps: {taps}")
    board = parse_board(parse_boards(text)[0])
    return advise(board, objective=parse_objective(objective, board.animals))


def _pct(p) -> str:
    return f"{float(p):.0%}"


@pytest.mark.parametrize("taps, fate", [(7, "is rescued either way in 7 taps; the best plan "
                                            "for the most animals besides"),
                                        (2, "cannot be rescued in 2 taps; the best plan for the "
                                            "most animals starts")])
def test_target_advice_speaks_of_the_target_animals_chance(examples, taps, fate):
    result = _jungle(examples, taps, "target:Tiger")
    advice = to_advice(result)
    row, col = result.recommend
    post = result.posterior
    tiger = result.board.animals.index(next(a for a in result.board.animals
                                            if a.name == "Tiger"))
    here = post.probability(row * COLS + col, tiger)
    anyone = 1 - post.probability(row * COLS + col, None)
    # The solver's own exact figures: the Tiger's chance first, any animal's after it.
    assert advice.status == f"Tap {_cell(row, col)} - {_pct(here)} Tiger, {_pct(anyone)} an animal"
    # Why: the tile likeliest to hold the Tiger (not the certain Gorilla, nothing to this aim).
    best = max((post.probability(t, tiger), -t) for t in range(25)
               if result.board.grid[t // COLS][t % COLS] == UNTAPPED)
    likeliest = -best[1]
    assert advice.why.startswith(f"Why not {_cell(*divmod(likeliest, COLS))} "
                                 f"({_pct(best[0])} Tiger)? Tiger {fate}")
    assert "Gorilla" not in advice.why and "an animal" not in advice.why
    assert to_text(result).splitlines()[:2] == [advice.status, advice.why]


def test_other_objectives_keep_the_animal_words(examples):
    advice = to_advice(_jungle(examples, 7, "expected"))
    assert advice.status == "Tap row 4, column 1 - 80% an animal"
    assert advice.why.startswith("Why not row 4, column 3 (certainly Gorilla)? It can wait; the "
                                 "best plan for 7 taps")


def _cell(row: int, col: int) -> str:
    return f"row {row + 1}, column {col + 1}"


def test_calibrate_refuses_a_pack_that_does_not_read_its_screenshot_back(run_cli, examples):
    """Wrong corners (a Minesweeper pack learned off a Disco Zoo screenshot): the pack
    cannot read its own screenshot back, so nothing is saved and an earlier pack of the name
    is kept, byte for byte; ``--save-anyway`` saves it, saying so."""
    import os
    from pathlib import Path

    args = ("calibrate", "minesweeper", str(examples / "screenshots" / "disco-zoo-jungle.png"),
            "--corners", "10,10,200,10,200,200,10,200", "--labels",
            str(examples / "minesweeper-beginner.txt"), "--skin", "wrong")
    folder = Path(os.environ["GRIDSIGHT_DATA_DIR"]) / "templates" / "minesweeper" / "wrong"
    code, out, err = run_cli(*args)
    assert code == 2 and out == "" and not folder.exists()
    assert "cells differ" in err and "nothing saved" in err and "--save-anyway" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    code, out, err = run_cli(*args, "--save-anyway")
    assert code == 0 and "warning:" in out and "saved all the same (--save-anyway)" in out
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    code, out, err = run_cli(*args)
    assert code == 2 and "the pack of that name made before is kept" in err
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def _ink_box(image, geometry, row: int, col: int):
    """The box (top, bottom) of what is written on a cell of a board picture: the pixels
    that differ from the cell's fill (its middle pixel's colour, away from the writing)."""
    import numpy as np

    quad = geometry.cell_quad(row, col)
    x0, y0 = (int(v) for v in quad.min(axis=0))
    x1, y1 = (int(v) for v in quad.max(axis=0))
    cell = image[y0 + 3:y1 - 3, x0 + 3:x1 - 3].astype(int)
    fill = cell[2, 2]
    ys = np.nonzero((np.abs(cell - fill).sum(axis=2) > 60).any(axis=1))[0]
    return ys.min() / cell.shape[0], ys.max() / cell.shape[0]


def test_the_reports_board_as_read_writes_each_cell_large_and_in_its_middle(examples, tmp_path,
                                                                           run_cli):
    """The live report's "Board as read" (nothing painted over it) wrote a Minesweeper "1" in
    10 px at the foot of a 62 px cell; now large and centred. The schematic under the
    advice keeps its words at the foot, clear of what the advice paints in the middle."""
    from gridsight import replay
    from gridsight.log import LogRecord, utc_now
    from gridsight.registry import get_game
    from gridsight.solvers.boardtext import parse_boards

    game = get_game("minesweeper")
    text = (examples / "minesweeper-beginner.txt").read_text()
    solution = game.solve(parse_boards(text)[0], game.options_type())
    record = LogRecord(step=1, time=utc_now(), game="minesweeper", board=text,
                       advice=solution.advice)
    plain, geometry = replay.board_picture(record, plain=True)
    top, bottom = _ink_box(plain, geometry, 0, 2)  # the example's "1"
    assert bottom - top > 0.3 and abs((top + bottom) / 2 - 0.5) < 0.1
    under, geometry = replay.board_picture(record)
    top, bottom = _ink_box(under, geometry, 0, 2)
    assert bottom - top < 0.3 and top > 0.5
    # A one-step log's report says "at the one step", as the terminal does (not "every").
    from gridsight.log import RecommendationLog

    RecommendationLog(tmp_path / "one.jsonl").append(record)
    code, _, err = run_cli("replay", str(tmp_path / "one.jsonl"), "--check", "--html",
                           str(tmp_path / "one.html"))
    assert code == 0, err
    page = (tmp_path / "one.html").read_text()
    assert "gives the same advice at the one step." in page and "every step" not in page
