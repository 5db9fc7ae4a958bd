"""``gridsight solve pentomino``: the JSON contract, the readable report, options and errors."""

from __future__ import annotations

import json

from gridsight.registry import get_game


def test_json_contract_on_the_3x5(run_cli, examples):
    code, out, err = run_cli("solve", "pentomino", str(examples / "pentomino-3x5-puv.txt"),
                             "--json", "--count")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["game"] == "pentomino" and data["solvable"] is True
    assert (data["count"], data["distinct"], data["count_complete"]) == (4, 1, True)
    assert data["blocking"] == [] and data["timed_out"] is False
    grid = data["solution"]
    assert len(grid) == 3 and all(len(row) == 5 for row in grid)
    hint = data["hint"]
    assert all(grid[r][c] == hint["piece"] for r, c in hint["cells"])
    assert hint["forced"] is False  # the mirror images put another piece there


def test_stuck_board_json_names_the_blocking_piece(run_cli, examples):
    code, out, _ = run_cli("solve", "pentomino", str(examples / "pentomino-stuck.txt"), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["solvable"] is False and data["solution"] is None and data["hint"] is None
    assert data["blocking"] == ["Y"]
    assert "count" not in data


def test_readable_report(run_cli, examples):
    code, out, _ = run_cli("solve", "pentomino", str(examples / "pentomino-partial.txt"))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Place U on row 1, columns 2 and 3")
    assert lines[1] == ("row 1, column 3 has the fewest ways to be filled (1 placement fit): "
                        "this one is in every solution")
    assert "a solution:" in lines


def test_limit_and_time_limit(run_cli, examples):
    code, out, _ = run_cli("solve", "pentomino", str(examples / "pentomino-3x20.txt"),
                           "--json", "--count", "--limit", "3")
    data = json.loads(out)
    assert code == 0 and data["count"] == 3 and data["count_complete"] is False
    code, out, _ = run_cli("solve", "pentomino", str(examples / "pentomino-stuck-deep.txt"),
                           "--json", "--time-limit", "0.000001")
    data = json.loads(out)
    assert code == 0 and data["timed_out"] is True and data["cut_short"] == ["solve"]
    assert data["solvable"] is None


def test_bad_input_is_one_line_and_exit_2(run_cli):
    code, out, err = run_cli("solve", "pentomino", "-", stdin="pieces: P Q\n. . . . .\n")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "unknown piece 'Q'" in err and "line 1" in err
    code, _, err = run_cli("solve", "pentomino", "-", stdin="pieces: P U V\n. . . . .\n")
    assert code == 2 and "5 empty cells but the 3 pieces left" in err
    code, _, err = run_cli("solve", "pentomino", "--limit", "0", "-", stdin=". . . . .\n")
    assert code == 2 and "--limit" in err


def test_several_boards_in_one_file(run_cli):
    text = "pieces: P U V\n. . . . .\n. . . . .\n. . . . .\n---\npieces: I\n. . . . .\n"
    code, out, _ = run_cli("solve", "pentomino", "-", "--json", stdin=text)
    assert code == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["solvable"] and second["solution"] == ["IIIII"]


def test_adapter_advice_draws_the_hinted_piece(examples):
    from gridsight.games.pentomino.options import PentominoOptions
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.solvers.limit import Limit

    game = get_game("pentomino")
    board = parse_boards((examples / "pentomino-partial.txt").read_text())[0]
    options = PentominoOptions(limit=Limit(seconds=10))
    solution = game.solve(board, options)
    advice = solution.advice
    assert advice.game == "pentomino" and (advice.rows, advice.cols) == (6, 10)
    assert len(advice.pieces) == 1 and advice.pieces[0].label == solution.json["hint"]["piece"]
    cells = [[c.row, c.col] for c in advice.pieces[0].cells]
    assert cells == solution.json["hint"]["cells"]
    assert advice.recommend[0] in advice.pieces[0].cells
    # a stuck board marks the piece to take back
    stuck = parse_boards((examples / "pentomino-stuck.txt").read_text())[0]
    advice = game.solve(stuck, options).advice
    assert advice.pieces == () and {m.label for m in advice.marks} == {"Y"}
    assert "take back Y" in advice.status


def test_help_shows_the_format(run_cli):
    code, out, _ = run_cli("solve", "pentomino", "--help")
    assert code == 0 and "pieces: F I L N P T U V W X Y Z" in out and "--time-limit" in out
