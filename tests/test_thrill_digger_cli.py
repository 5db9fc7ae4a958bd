"""``gridsight solve thrill-digger`` and ``gridsight simulate thrill-digger`` end to end."""

from __future__ import annotations

import json

import pytest

from gridsight.solvers.advice import MarkKind
from gridsight.registry import get_game

BEGINNER_BOARD = (
    "difficulty: beginner\n"
    ". . . . .\n"
    ". g . . .\n"
    ". . . . .\n"
    ". . . . .\n"
)


@pytest.mark.parametrize("level", ["beginner", "intermediate", "expert"])
def test_solve_examples_print_the_board_and_advice(run_cli, examples, level):
    code, out, err = run_cli("solve", "thrill-digger", str(examples / f"thrill-digger-{level}.txt"))
    assert code == 0, err
    assert f"Thrill Digger, {level}" in out
    assert "Dig row" in out and "[" in out


def test_json_contract(run_cli):
    code, out, _ = run_cli("solve", "thrill-digger", "--json", stdin=BEGINNER_BOARD)
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "thrill-digger" and data["difficulty"] == "beginner"
    assert data["model"] == "game" and isinstance(data["layouts"], int)
    assert len(data["cells"]) == 19
    keys = {"row", "col", "bomb", "rupoor", "green", "blue", "red", "silver", "gold", "value"}
    assert all(keys <= set(cell) for cell in data["cells"])
    # A green rupee's neighbours are certainly safe, and the policy digs one of them.
    neighbours = {(r, c) for r in range(3) for c in range(3)} - {(1, 1)}
    assert {(s["row"], s["col"]) for s in data["safe"]} == neighbours
    assert (data["recommend"]["row"], data["recommend"]["col"]) in neighbours


def test_uniform_model_option(run_cli):
    code, out, _ = run_cli("solve", "thrill-digger", "--json", "--model", "uniform",
                           stdin="difficulty: beginner\n" + ". . . . .\n" * 4)
    data = json.loads(out)
    assert code == 0 and data["model"] == "uniform"
    assert all(abs(cell["bomb"] - 0.2) < 1e-12 for cell in data["cells"])
    assert data["layouts"] == 4845  # C(20, 4)


def test_several_boards_give_one_json_line_each(run_cli):
    code, out, _ = run_cli("solve", "thrill-digger", "--json",
                           stdin=BEGINNER_BOARD + "---\n" + BEGINNER_BOARD)
    assert code == 0 and len(out.strip().splitlines()) == 2


def test_impossible_board_exits_2_naming_cells(run_cli):
    board = "difficulty: beginner\n. . . . .\n. g * . .\n. . . . .\n. . . . .\n"
    code, out, err = run_cli("solve", "thrill-digger", stdin=board)
    assert code == 2 and out == ""
    assert "row 2, column 2 (green)" in err and "row 2, column 3 (bomb)" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_malformed_board_exits_2_naming_line_and_token(run_cli):
    code, _, err = run_cli("solve", "thrill-digger", stdin="difficulty: expert\n. . z\n")
    assert code == 2 and "line 2" in err and "'z'" in err


def test_help_describes_the_format(run_cli):
    code, out, _ = run_cli("solve", "thrill-digger", "--help")
    assert code == 0 and "difficulty:" in out and "--model" in out and "rupoor" in out


def test_advice_marks_and_figures():
    from gridsight.solvers.boardtext import parse_boards

    game = get_game("thrill-digger")
    board = parse_boards(BEGINNER_BOARD)[0]
    solution = game.solve(board)
    advice = solution.advice
    assert advice.rows == 4 and advice.cols == 5 and len(advice.recommend) == 1
    safe = {(m.row, m.col) for m in advice.marks if m.kind is MarkKind.SAFE}
    assert (0, 0) in safe and (1, 2) in safe and (3, 4) not in safe
    # Every undug hole has a mark (certain) or a figure (its bomb chance), never both.
    figured = {(f.row, f.col) for f in advice.figures}
    marked = {(m.row, m.col) for m in advice.marks}
    assert len(figured | marked) == 19 and not figured & marked
    assert all(0 <= f.heat <= 1 for f in advice.figures)


def test_simulate_prints_the_report(run_cli):
    code, out, err = run_cli("simulate", "thrill-digger", "--difficulty", "beginner",
                             "--games", "5", "--seed", "2")
    assert code == 0, err
    assert "mean rupees per game, net of the 30 fee" in out
    assert "cleared:" in out and "lost to a bomb:" in out


def test_json_says_which_policy_and_each_holes_optimal_value(run_cli):
    code, out, err = run_cli("solve", "thrill-digger", "--json", "--model", "uniform",
                             stdin="difficulty: beginner\n" + ". . . . .\n" * 4)
    assert code == 0, err
    data = json.loads(out)
    assert data["policy"] == "optimal" and data["policy_note"] is None
    values = {(c["row"], c["col"]): c["value_if_dug"] for c in data["cells"]}
    best = (data["recommend"]["row"], data["recommend"]["col"])
    assert best == (0, 0)  # four corners tie at 47.861: reading order
    assert values[best] == pytest.approx(47.8611, abs=1e-4)
    assert values[(1, 1)] == pytest.approx(43.78, abs=5e-3)
    assert values[best] == max(values.values())


def test_policy_option_picks_the_policy(run_cli):
    board = "difficulty: beginner\n" + ". . . . .\n" * 4
    code, out, _ = run_cli("solve", "thrill-digger", "--json", "--policy", "safest", stdin=board)
    data = json.loads(out)
    assert code == 0 and data["policy"] == "safest"
    assert all(c["value_if_dug"] is None for c in data["cells"])
    code, out, _ = run_cli("solve", "thrill-digger", "--json",
                           stdin="difficulty: expert\n" + ". . . . . . . .\n" * 5)
    data = json.loads(out)
    assert code == 0 and data["policy"] == "lookahead" and data["recommend"] is not None


def test_text_output_shows_the_optimal_values(run_cli):
    code, out, _ = run_cli("solve", "thrill-digger", stdin=BEGINNER_BOARD)
    assert code == 0 and "exact best play:" in out and "next best hole" in out


def test_unknown_policies_are_refused_in_one_line(run_cli):
    code, _, err = run_cli("solve", "thrill-digger", "--policy", "greedy", stdin=BEGINNER_BOARD)
    assert code == 2 and "unknown policy 'greedy'" in err and "auto, optimal" in err
    code, _, err = run_cli("simulate", "thrill-digger", "--compare", "auto,greedy")
    assert code == 2 and "unknown policy 'greedy'" in err
    code, _, err = run_cli("simulate", "thrill-digger", "--difficulty", "expert",
                           "--policy", "optimal")
    assert code == 2 and "only on beginner" in err and "Traceback" not in err


def test_policies_are_listed_in_help(run_cli):
    for command in (("solve", "thrill-digger"), ("simulate", "thrill-digger")):
        code, out, _ = run_cli(*command, "--help")
        assert code == 0 and "--policy" in out
        assert all(name in out for name in ("auto", "optimal", "lookahead", "safest"))
    code, out, _ = run_cli("simulate", "thrill-digger", "--help")
    assert "--compare" in out


def test_simulate_compare_prints_the_paired_difference(run_cli):
    code, out, err = run_cli("simulate", "thrill-digger", "--difficulty", "beginner",
                             "--games", "8", "--seed", "2", "--compare", "auto,safest")
    assert code == 0, err
    assert "auto: mean rupees per game" in out and "safest: mean rupees per game" in out
    assert "paired difference auto - safest:" in out and "standard error" in out
