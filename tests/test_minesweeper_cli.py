"""``gridsight solve minesweeper`` and ``gridsight simulate minesweeper``: the JSON contract,
the readable board, the Advice, and one-line errors."""

from __future__ import annotations

import json

from gridsight.solvers.advice import Advice, MarkKind
from gridsight.solvers.minesweeper.analysis import analyse
from gridsight.solvers.minesweeper.policy import recommend
from gridsight.solvers.minesweeper.report import to_advice, to_json, to_text
from gridsight.solvers.minesweeper.state import MinesweeperState


def test_solve_example_prints_the_board_and_a_recommendation(run_cli, examples):
    code, out, err = run_cli("solve", "minesweeper", str(examples / "minesweeper-expert.txt"))
    assert code == 0 and err == ""
    # The advice first, in one short line; the board and the details after it.
    assert out.startswith("Open row 7, column 19 - 6% a mine\nMinesweeper, 16 x 30, 99 mines;")
    assert "[6%]" in out  # the recommended cell, in brackets
    # no cell is certain: the guess looks one reveal ahead, with its exact figures
    assert "no cell is certainly safe; one reveal ahead, 91% that this cell and the next" in out
    code, out, _ = run_cli("solve", "minesweeper", "-", stdin="mines: 1\n1 1 .\n. . .\n")
    assert code == 0 and "Minesweeper, 2 x 3, 1 mine;" in out  # was "1 mines"


def test_solve_json_contract(run_cli, examples):
    code, out, _ = run_cli("solve", "minesweeper", "--json",
                           str(examples / "minesweeper-expert.txt"))
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "minesweeper" and data["complete"] is True
    assert (data["rows"], data["cols"], data["mines"]) == (16, 30, 99)
    assert int(data["layouts"]) > 10**40
    mine = data["recommend"]["mine"]
    looked = data["recommend"]
    assert looked == {"row": 6, "col": 18, "safe": False, "mine": mine,
                      "zero": looked["zero"], "mine_at_least": mine, "mine_at_most": mine,
                      "how": "lookahead", "survive": looked["survive"],
                      "progress": looked["progress"], "win": None}
    assert 0 < looked["progress"] <= looked["survive"] <= 1 - mine
    assert data["quality"]["exact"] is True and data["quality"]["at_least"] == mine
    cells = {(c["row"], c["col"]): c for c in data["cells"]}
    assert min(c["mine"] for c in data["cells"]) == cells[(6, 18)]["mine"]
    assert all(cells[(m["row"], m["col"])]["mine"] == 1.0 for m in data["certain_mines"])
    assert cells[(0, 6)]["flag"] is True
    assert data["wrong_flags"] == []


def test_wrong_flag_is_reported_everywhere(run_cli):
    board = "mines: 1\n0 1 .\nF 1 .\n"  # the 0 makes the flagged cell safe
    code, out, _ = run_cli("solve", "minesweeper", stdin=board)
    assert code == 0
    assert "warning: flag certainly wrong (safe): row 2, column 1" in out
    _, out, _ = run_cli("solve", "minesweeper", "--json", stdin=board)
    assert json.loads(out)["wrong_flags"] == [{"row": 1, "col": 0}]
    advice = to_advice(*_analysed(MinesweeperState(1, (("0", "1", "."), ("F", "1", ".")))))
    assert any(m.kind == MarkKind.CONFLICT and (m.row, m.col) == (1, 0) for m in advice.marks)


def _analysed(state: MinesweeperState):
    analysis = analyse(state)
    return analysis, recommend(analysis)


def test_advice_marks_certain_cells_and_round_trips():
    state = MinesweeperState(2, (("0", "1", ".", "."), ("1", "2", ".", "."),
                                 (".", ".", ".", ".")))
    analysis, choice = _analysed(state)
    advice = to_advice(analysis, choice)
    assert Advice.from_dict(json.loads(json.dumps(advice.to_dict()))) == advice
    assert advice.recommend[0].row == choice.cell[0]
    kinds = {(m.row, m.col): m.kind for m in advice.marks}
    for odds in analysis.cells:
        if odds.certain_safe:
            assert kinds[odds.cell] == MarkKind.SAFE
        elif odds.certain_mine:
            assert kinds[odds.cell] == MarkKind.DANGER
        else:
            (figure,) = [f for f in advice.figures if (f.row, f.col) == odds.cell]
            assert figure.heat == odds.mine


def test_lost_and_won_boards_say_so():
    lost, choice = _analysed(MinesweeperState(1, (("*", "1"), ("1", "1"))))
    assert choice is None and "a mine is shown" in to_text(lost, choice)
    assert to_json(lost, choice)["recommend"] is None
    won, choice = _analysed(MinesweeperState(1, ((".", "1"), ("1", "1"))))
    assert "the game is won" in to_text(won, choice)


def test_time_limit_zero_means_no_limit_and_a_tiny_one_is_honoured(run_cli, examples):
    board = str(examples / "minesweeper-expert.txt")
    code, out, _ = run_cli("solve", "minesweeper", "--json", "--time-limit", "0", board)
    assert code == 0 and json.loads(out)["complete"] is True
    code, out, _ = run_cli("solve", "minesweeper", "--json", "--time-limit", "1e-9", board)
    data = json.loads(out)
    assert code == 0 and data["complete"] is False and data["layouts"] is None
    assert all(c["mine"] is None for c in data["cells"])
    # Anytime: a cell is still advised, with the bounds proven of its mine chance.
    recommend = data["recommend"]
    assert recommend is not None
    assert recommend["safe"] or 0 <= recommend["mine_at_least"] <= recommend["mine_at_most"] < 1
    assert data["quality"]["exact"] is False
    assert data["quality"]["stopped"] == "the limit of 0.000000001 s of work"
    _, text, _ = run_cli("solve", "minesweeper", "--time-limit", "1e-9", board)
    assert "incomplete: the limit of 0.000000001 s of work stopped the counting" in text


def test_bad_boards_exit_2_with_one_line(run_cli):
    for board, expected in (
        (". .\n", "missing header 'mines: N'"),
        ("mines: 1\n. x\n", "unknown token 'x'"),
        ("mines: 4\n4 .\n. .\n", "this reading cannot be true: row 1, column 1 ('4')"),
    ):
        code, out, err = run_cli("solve", "minesweeper", stdin=board)
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and expected in err and "Traceback" not in err


def test_simulate_compare_reports_both_policies_and_the_paired_difference(run_cli):
    code, out, err = run_cli("simulate", "minesweeper", "--games", "20", "--seed", "1",
                             "--compare", "exact,local")
    assert code == 0
    assert "Minesweeper beginner (9 x 9, 10 mines), 20 games, seed 1" in out
    assert "policy exact: won" in out and "policy local: won" in out
    assert "paired difference of win rates, exact - local:" in out


def test_simulate_refuses_an_unknown_policy_pair(run_cli):
    code, _, err = run_cli("simulate", "minesweeper", "--compare", "exact,clever")
    assert code == 2 and "expected two policies" in err


def test_the_spec_example_and_the_beginner_example_agree_and_solve(run_cli, examples):
    from gridsight.registry import get_spec
    from gridsight.solvers.boardtext import parse_boards

    text = (examples / "minesweeper-beginner.txt").read_text()
    assert parse_boards(text)[0].grid == parse_boards(get_spec("minesweeper").example)[0].grid
    code, out, _ = run_cli("solve", "minesweeper", "--json",
                           str(examples / "minesweeper-beginner.txt"))
    data = json.loads(out)
    assert code == 0 and data["complete"] and data["recommend"] is not None


def test_live_options_reach_the_solver_and_a_zero_time_limit_means_none(examples):
    from gridsight.cli import build_parser
    from gridsight.commands.screen_options import read_hints_from, solver_settings_from
    from gridsight.live.manual import ManualBoard
    from gridsight.registry import get_spec
    from gridsight.solvers.boardtext import parse_boards

    options = build_parser().parse_args(["live", "--game", "minesweeper", "--manual",
                                         "--mines", "10"])
    hints = read_hints_from(options)
    board = ManualBoard.blank("minesweeper", ManualBoard.headers_from("minesweeper", hints))
    reading = board.reading(board.tracker().state(), hints)
    assert reading.text.startswith("mines: 10\n")
    adapter = get_spec("minesweeper").adapter
    solution = adapter.solve(parse_boards(reading.text)[0],
                             adapter.options_from(solver_settings_from(options)))
    assert solution.json["recommend"]["row"] == 0 and solution.json["recommend"]["col"] == 0
    text = (examples / "minesweeper-expert.txt").read_text()
    solution = adapter.solve(parse_boards(text)[0], adapter.options_from({"time_limit": 0.0}))
    assert solution.json["complete"] is True


def test_a_manual_board_without_mines_has_the_classic_count_of_its_size():
    """``gridsight live --game minesweeper --manual`` (no --mines) started on a board with no
    advice: "missing header 'mines: N'", though --mines defaults to the classic level of the
    board's size (its 9 x 9 board: 10). --mines still wins."""
    from gridsight.live.manual import ManualBoard
    from gridsight.readers.base import ReadHints
    from gridsight.registry import get_spec
    from gridsight.solvers.boardtext import parse_boards

    for hints, mines in ((ReadHints(), 10), (ReadHints(mines=12), 12)):
        board = ManualBoard.blank("minesweeper", ManualBoard.headers_from("minesweeper", hints))
        reading = board.reading(board.tracker().state(), hints)
        assert reading.text.startswith(f"mines: {mines}\n"), reading.text
        assert reading.text.count("mines:") == 1
        adapter = get_spec("minesweeper").adapter
        solution = adapter.solve(parse_boards(reading.text)[0], adapter.options_from({}))
        assert solution.json["recommend"] is not None


def test_simulate_start_and_jobs_give_the_same_games(run_cli):
    import re

    def games(*extra: str) -> str:
        code, out, err = run_cli("simulate", "minesweeper", "--games", "8", "--seed", "4",
                                 "--start", "5,5", "--rule", "zero", "--compare",
                                 "exact,safest", *extra)
        assert code == 0, err
        assert "first click row 5, column 5\n" in out
        return re.sub(r"[\d.]+ s of CPU per game \([\d.]+ s wall\)", "", out)

    assert games("--jobs", "2") == games()


def test_simulate_refuses_a_first_click_off_the_board(run_cli):
    code, out, err = run_cli("simulate", "minesweeper", "--games", "2", "--start", "10,1")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "(row 10, column 1) is outside the 9 x 9 board" in err
    code, _, err = run_cli("simulate", "minesweeper", "--start", "0,4")
    assert code == 2 and "count from 1" in err  # rows and columns as the player counts them
    code, _, err = run_cli("simulate", "minesweeper", "--start", "3")
    assert code == 2 and "expected a cell as R,C" in err


def test_a_flagged_certain_mine_is_written_as_the_key_says(run_cli):
    """The table writes a flagged cell certainly a mine "fmine"; the key said only "f12%"."""
    board = ("mines: 10\n0 0 1 F . . . . .\n0 0 1 2 . . . . .\n0 0 0 1 . . . . .\n"
             "0 0 1 2 . . . . .\n1 1 2 F . . . . .\n. . 3 . . . . . .\n"
             + ". . . . . . . . .\n" * 3)
    code, out, err = run_cli("solve", "minesweeper", stdin=board)
    assert code == 0, err
    (key,) = [line for line in out.splitlines() if line.startswith("Key: ")]
    table = out.split("Key: ")[0]
    assert " fmine" in table and "fmine: certainly a mine" in key
