"""Disco Zoo on the command line: the JSON contract, readable text, errors, simulation."""

from __future__ import annotations

import json
import random

from gridsight.solvers.disco_zoo.baseline import baseline_tap
from gridsight.solvers.disco_zoo.board import format_board, parse_board
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.solvers.disco_zoo.simulate import Rescue, draw_rescue, play, simulate
from gridsight.solvers.boardtext import parse_boards

JUNGLE = "examples/disco-zoo-jungle.txt"


def test_solve_json_contract(run_cli, examples):
    code, out, err = run_cli("solve", "disco-zoo", str(examples / "disco-zoo-jungle.txt"), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == "disco-zoo" and data["placements"] == 10
    assert len(data["cells"]) == 22  # 25 tiles, 3 tapped
    for cell in data["cells"]:
        total = cell["empty"] + cell["Gorilla"] + cell["Panda"] + cell["Tiger"]
        assert abs(total - 1) < 1e-12
    assert {"row": 3, "col": 2, "animal": "Gorilla"} in data["certain"]
    assert {"row": 1, "col": 1, "animal": None} in data["certain"]
    assert set(data["recommend"]) == {"row", "col"}
    assert data["rescue"] == {"Gorilla": 1.0, "Panda": 1.0, "Tiger": 0.0}
    assert data["objective"] == "expected" and data["exact"] is True


def test_solve_text_and_target_objective(run_cli, examples):
    path = str(examples / "disco-zoo-jungle.txt")
    code, out, _ = run_cli("solve", "disco-zoo", path, "--objective", "target:tiger")
    assert code == 0
    assert "chance to rescue Tiger 100.0% (aim: rescue Tiger)" in out


def test_every_example_solves(run_cli, examples):
    for path in sorted(examples.glob("disco-zoo-*.txt")):
        code, out, err = run_cli("solve", "disco-zoo", str(path), "--json", "--budget", "0.2")
        assert code == 0, (path, err)
        assert json.loads(out.splitlines()[0])["game"] == "disco-zoo"


def test_impossible_board_exits_2_with_the_reason(run_cli):
    board = "animals: Gorilla, Panda, Tiger\n. . . . .\n. . . . .\n3 . - . .\n. . . . .\n. . . . .\n"
    code, out, err = run_cli("solve", "disco-zoo", "-", stdin=board)
    assert code == 2 and out == ""
    assert "no placement of Tiger covers the Tiger tile at row 3, column 1" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_unknown_animal_and_bad_token_exit_2(run_cli):
    code, _, err = run_cli("solve", "disco-zoo", "-", stdin="region: Jungle\nanimals: Gorila\n" + ". . . . .\n" * 5)
    assert code == 2 and "Jungle has: Monkey" in err and "line 2" in err
    code, _, err = run_cli("solve", "disco-zoo", "-", stdin="animals: Gorilla\n. . 2 . .\n" + ". . . . .\n" * 4)
    assert code == 2 and "unknown token '2' at row 1, column 3" in err
    code, _, err = run_cli("solve", "disco-zoo", "-", "--objective", "target:Yeti", stdin="animals: Gorilla\n" + ". . . . .\n" * 5)
    assert code == 2 and "not in this rescue" in err


def test_format_round_trip():
    board = parse_board(parse_boards("animals: Rabbit, pet Rabbit\ntaps: 4\n1 . . . .\n. - . . .\n. . 2 . .\n" + ". . . . .\n" * 2)[0])
    assert board.region == "Farm" and board.animals[1].is_pet
    text = format_board(board)
    assert "animals: Rabbit, pet Rabbit" in text
    assert parse_board(parse_boards(text)[0]) == board


def test_drawn_rescues_are_valid_and_baseline_plays_them():
    rng = random.Random(3)
    for _ in range(20):
        rescue = draw_rescue("Mountain", rng, pet_chance=0.5)
        assert 1 <= sum(not a.is_pet for a in rescue.animals) <= 3
        union = 0
        for animal, mask in zip(rescue.animals, rescue.masks):
            assert mask in animal.placements() and not union & mask
            union |= mask
        rescued = play(rescue, baseline_tap, taps=25)
        assert rescued == (1 << len(rescue.animals)) - 1  # 25 taps uncover everything


def test_play_counts_only_fully_uncovered_animals():
    farm = {a.name: a for a in load_catalogue().regions["Farm"]}
    sheep = farm["Sheep"]
    rescue = Rescue("Farm", (sheep,), (sheep.placements()[0],))  # row 0, cols 0-3
    taps = iter([(0, 0), (0, 1), (0, 2), (0, 3)])
    assert play(rescue, lambda board: next(taps), taps=4) == 1
    taps = iter([(0, 0), (0, 1), (0, 2), (4, 4)])
    assert play(rescue, lambda board: next(taps), taps=4) == 0
    assert play(rescue, lambda board: None, taps=10) == 0


def test_simulation_is_repeatable_and_paired():
    first = simulate("Jungle", 6, seed=5, budget=0)
    again = simulate("Jungle", 6, seed=5, budget=0)
    assert first == again
    r = first.rescued
    assert abs(r.difference - (r.advised - r.baseline)) < 1e-12
    assert 0 <= first.everyone.advised <= 1


def test_simulate_command(run_cli):
    code, out, err = run_cli("simulate", "disco-zoo", "--zoo-region", "savanna", "--games", "4", "--seed", "1", "--budget", "0")
    assert code == 0, err
    assert "Disco Zoo Savanna, 4 rescues, seed 1" in out
    assert "animals rescued per rescue: expected" in out and ", baseline " in out
    assert "standard error" in out and "95% CI" in out
    assert "rescues with every animal saved" in out


def test_advice_marks_certain_tiles_and_figures(examples):
    from gridsight.solvers.disco_zoo.advise import advise
    from gridsight.solvers.disco_zoo.report import to_advice
    from gridsight.solvers.advice import Advice, Cell, MarkKind

    board = parse_board(parse_boards((examples / "disco-zoo-jungle.txt").read_text())[0])
    advice = to_advice(advise(board))
    assert advice.game == "disco-zoo" and advice.recommend == (Cell(3, 0),)
    marks = {(m.row, m.col): m for m in advice.marks}
    assert marks[(3, 2)].kind == MarkKind.KNOWN and marks[(3, 2)].label == "Gorilla"
    assert marks[(1, 1)].kind == MarkKind.EMPTY  # neutral, not a green 'safe' check
    figures = {(f.row, f.col): f for f in advice.figures}
    assert figures[(3, 0)].text == "80%" and abs(figures[(3, 0)].heat - 0.2) < 1e-12
    assert (3, 2) not in figures and (4, 2) not in figures  # certain and tapped tiles
    assert Advice.from_dict(advice.to_dict()) == advice
    assert advice.status == "Tap row 4, column 1 - 80% an animal"
    # Row 4, column 3 is certainly the Gorilla (100%): the advice says why it is not tapped.
    assert advice.why.startswith("Why not row 4, column 3 (certainly Gorilla)? It can wait")


def test_no_taps_left(run_cli):
    board = "animals: Sheep\ntaps: 0\n1 1 . . .\n" + ". . . . .\n" * 4
    code, out, _ = run_cli("solve", "disco-zoo", "-", "--json", stdin=board)
    data = json.loads(out)
    assert code == 0 and data["recommend"] is None and data["rescue"] == {"Sheep": 0.0}
    assert data["exact"] is True


def test_help_shows_the_format(run_cli):
    code, out, _ = run_cli("solve", "disco-zoo", "--help")
    assert code == 0 and "animals: Gorilla, Panda, Tiger" in out and "--objective" in out


def test_policies_play_the_same_rescues():
    from gridsight.solvers.disco_zoo.simulate import play_policies
    from gridsight.solvers.paired import compare_paired

    first = play_policies("Farm", 8, 3, ("all", "baseline"), budget=0)
    second = play_policies("Farm", 8, 3, ("expected", "baseline"), budget=0)
    # The baseline met the same rescues in both runs, so it scored the same on each.
    assert first.scores[1] == second.scores[1]
    all_, baseline = first.scores
    result = compare_paired([float(x) for x in all_.animals], [float(x) for x in baseline.animals])
    assert abs(result.difference - (all_.mean_animals - baseline.mean_animals)) < 1e-12
    assert 0 <= all_.share_everyone <= 1


def test_simulate_policy_and_compare_options(run_cli):
    code, out, err = run_cli("simulate", "disco-zoo", "--games", "3", "--seed", "2", "--budget", "0", "--policy", "baseline")
    assert code == 0, err
    assert "policy baseline: animals rescued per rescue" in out and "difference" not in out
    code, out, err = run_cli("simulate", "disco-zoo", "--games", "3", "--seed", "2", "--budget", "0", "--compare", "all,baseline")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1].startswith("animals rescued per rescue: all ") and ", baseline " in lines[1]
    assert "standard error" in lines[2] and "points" in lines[2]
    code, _, err = run_cli("simulate", "disco-zoo", "--compare", "all,all")
    assert code == 2 and "two different policies" in err and "Traceback" not in err
    code, _, err = run_cli("simulate", "disco-zoo", "--policy", "all", "--compare", "all,baseline")
    assert code == 2 and "not allowed with" in err


def test_a_budget_in_states_makes_simulations_repeatable(monkeypatch, run_cli):
    import itertools
    import time

    from gridsight.solvers.disco_zoo.simulate import play_policies

    first = play_policies("Farm", 4, 7, ("all", "expected"), max_nodes=3000)
    clock = itertools.count(0.0, 100.0)
    monkeypatch.setattr(time, "monotonic", lambda: next(clock))  # each look: 100 s later
    second = play_policies("Farm", 4, 7, ("all", "expected"), max_nodes=3000)
    assert first.scores == second.scores  # the seconds never counted
    monkeypatch.undo()
    code, out, err = run_cli("simulate", "disco-zoo", "--games", "2", "--seed", "2",
                             "--max-nodes", "2000", "--policy", "all")
    assert code == 0 and "2000 states per tap" in out, err
