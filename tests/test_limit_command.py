"""``gridsight solve``'s limit counts from the command's start, as ``api.solve``'s from its call.

The meter started inside the solver, after the command line was parsed, and parsing
``solve GAME`` imports the game's solver (numpy among it): the first board of a fresh
``gridsight solve --wall-limit 0.05`` waited 0.26-0.77 s at load 53 and five of nine examples
answered as if the limit was untouched (``bench/bench_first_call.py --cli --kind wall``).

No timed assert here: the limit's clocks are replaced by a clock of the test's own that
moves only when the test moves it, by ten seconds while the game's options are parsed (its
solver imported) or by a hundred while the board is read.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from gridsight.commands import solve as solve_command
from gridsight.solvers import limit as limit_module

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: A board pentomino solves exactly in milliseconds, looking at its meter on the way.
BOARD = EXAMPLES / "pentomino-6x10.txt"


@pytest.fixture
def clock(monkeypatch):
    """The limit's clocks (the thread's CPU and the monotonic one) stand still until moved
    by ``clock.spend(seconds)``."""
    now = {"cpu": 1000.0, "wall": 5000.0}

    def spend(seconds: float) -> None:
        now["cpu"] += seconds
        now["wall"] += seconds

    fake = SimpleNamespace(thread_time=lambda: now["cpu"], monotonic=lambda: now["wall"],
                           get_ident=threading.get_ident)
    monkeypatch.setattr(limit_module, "time", fake)
    return SimpleNamespace(spend=spend, now=now)


def _slow_import(monkeypatch, clock, seconds: float) -> None:
    """Parsing ``solve GAME``'s options (where its solver is imported) takes ``seconds``."""
    real = solve_command._add_game_arguments

    def fill(name, parser):
        clock.spend(seconds)
        real(name, parser)

    monkeypatch.setattr(solve_command, "_add_game_arguments", fill)


def _qualities(out: str) -> list[dict]:
    return [json.loads(line)["quality"] for line in out.splitlines()]


@pytest.mark.parametrize("given, words", [
    (("--time-limit", "5"), "the limit of 5 s of work"),
    (("--time-limit", "0", "--wall-limit", "5"), "the limit of 5 s of waiting"),
], ids=["work", "waiting"])
def test_the_solvers_import_counts_against_the_first_boards_limit(run_cli, monkeypatch, clock,
                                                                  given, words):
    """Ten seconds spent importing the solver pass a limit of five: the board is answered
    at the solver's first look at its meter, said stopped (before: exact, the meter started
    after the import). A second board in the file has a limit of its own."""
    _slow_import(monkeypatch, clock, 10)
    text = BOARD.read_text()
    code, out, err = run_cli("solve", "pentomino", "-", "--json", *given,
                             stdin=text + "---\n" + text)
    assert (code, err) == (0, "")
    first, second = _qualities(out)
    assert (first["exact"], first["stopped"]) == (False, words)
    assert (second["exact"], second["stopped"]) == (True, None)


def test_waiting_for_the_board_counts_against_nothing(run_cli, monkeypatch, clock):
    """A board slow to come (a pipe, a player typing at a terminal) leaves the limit whole:
    only the command's own steps count; a quick import leaves it whole too."""
    _slow_import(monkeypatch, clock, 1)
    real = solve_command.read_text

    def slow_read(*args, **kwargs):
        clock.spend(100)
        return real(*args, **kwargs)

    monkeypatch.setattr(solve_command, "read_text", slow_read)
    code, out, _ = run_cli("solve", "pentomino", str(BOARD), "--json", "--time-limit", "5",
                           "--wall-limit", "5")
    assert code == 0 and _qualities(out)[0]["exact"]


def test_a_malformed_first_board_passes_the_commands_start_to_the_next(run_cli, monkeypatch,
                                                                       clock):
    """The first board *solved* counts from the command's start: the board after one that
    cannot be parsed."""
    _slow_import(monkeypatch, clock, 10)
    code, out, err = run_cli("solve", "pentomino", "-", "--json", "--time-limit", "5",
                             stdin="rows: x\n---\n" + BOARD.read_text())
    assert code == 2 and "line 2: the input has no grid rows" in err
    assert [q["stopped"] for q in _qualities(out)] == ["the limit of 5 s of work"]


#: A board of each game whose search looks at its meter before it ends.
SEARCHED = {
    "thrill-digger": (EXAMPLES / "thrill-digger-expert.txt").read_text(),
    "disco-zoo": ("region: Farm\nanimals: Sheep, Pig, Rabbit\ntaps: 8\n- . . . .\n. . . . .\n"
                  ". . . . .\n. . . . .\n. . . . -\n"),
    "tile-path": (EXAMPLES / "tile-path-heros-cave.txt").read_text(),
    "pentomino": BOARD.read_text(),
    "minesweeper": (EXAMPLES / "minesweeper-expert.txt").read_text(),
}


@pytest.mark.parametrize("game", sorted(SEARCHED))
@pytest.mark.parametrize("given, words", [
    (("--time-limit", "1e-9"), "the limit of 0.000000001 s of work"),
    (("--time-limit", "0", "--wall-limit", "1e-9"), "the limit of 0.000000001 s of waiting"),
], ids=["work", "waiting"])
def test_every_game_answers_the_command_at_a_tiny_limit_and_says_so(run_cli, game, given,
                                                                   words):
    """The command's tiniest limits (0 is none on the command line): a move, exit 0, no
    word on standard error, the stop in the limit's own words."""
    code, out, err = run_cli("solve", game, "-", "--json", *given, stdin=SEARCHED[game])
    assert (code, err) == (0, "")
    answer = json.loads(out)
    stopped = answer["quality"]["stopped"]
    # Disco Zoo's lookahead is given half the limit as its budget: which of the two is seen
    # spent first depends on the clock's tick, and either is said in the limit's words.
    halved = "the lookahead's budget of " + words.removeprefix("the limit of ").replace(
        "0.000000001", "0.0000000005")
    assert answer["quality"]["exact"] is False and stopped in (words, halved), stopped
    assert answer["status"]


def test_analyze_counts_the_board_reads_solve_from_its_solvers_import(monkeypatch, clock):
    """``gridsight analyze``: the board read off a picture is solved under a limit counted
    from before its game's solver is imported (as ``api.analyze``'s); another board the
    unread cells make is solved under a limit of its own."""
    from gridsight.cli import build_parser
    from gridsight.commands import analyze
    from gridsight.solvers.boardtext import parse_boards

    real = analyze.get_game

    def slow_import(game):
        clock.spend(10)
        return real(game)

    monkeypatch.setattr(analyze, "get_game", slow_import)
    options = build_parser().parse_args(["analyze", "unused.png", "--time-limit", "5"])
    solve = analyze.solver_of("pentomino", options)
    board = parse_boards(BOARD.read_text())[0]
    first, other = solve(board), solve(board)
    assert first.advice.quality.stopped == "the limit of 5 s of work"
    assert other.advice.quality.exact
