"""The library API (:mod:`gridsight.api`): the same answers as the command line, typed and
frozen results, clear errors, and solving with neither OpenCV nor numba installed.

docs/api.md's examples, one per game, are run here too.
"""

from __future__ import annotations

import dataclasses
import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gridsight import api
from gridsight.registry import all_specs, game_names
from gridsight.textout import for_terminal
from gridsight.solvers.advice import Cell
from test_doubts import DOUBT_BOARD

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
SHOTS = EXAMPLES / "screenshots"
#: A small board per game in its examples (the spec's own example where it is quick).
BOARDS = {
    "thrill-digger": EXAMPLES / "thrill-digger-beginner.txt",
    "disco-zoo": EXAMPLES / "disco-zoo-polar-endgame.txt",
    "tile-path": EXAMPLES / "tile-path-in-progress.txt",
    "pentomino": EXAMPLES / "pentomino-3x5-puv.txt",
    "minesweeper": EXAMPLES / "minesweeper-beginner.txt",
}


def test_every_game_has_a_board_here():
    assert set(BOARDS) == set(game_names())


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_solve_gives_what_the_command_line_prints(game, run_cli):
    text = BOARDS[game].read_text()
    advice = api.solve(game, text)
    code, out, err = run_cli("solve", game, str(BOARDS[game]), "--json")
    assert code == 0, err
    printed = json.loads(out)
    # The command's JSON is the game's answer with the advice's one line added, as analyze's.
    assert printed["status"] == advice.status and advice.status
    assert {**advice.json(), "status": advice.status} == printed
    assert advice.game == game and advice.recommend == advice.drawing.recommend
    code, out, _ = run_cli("solve", game, str(BOARDS[game]))
    # The command wraps the report to the terminal's 100 columns; the library leaves that to
    # its caller.
    assert out.rstrip("\n") == for_terminal(advice.text, emphasise=False)
    recommended = printed.get("recommend")
    if isinstance(recommended, dict):
        assert advice.move == Cell(recommended["row"], recommended["col"])


def test_results_are_frozen_and_details_read_only():
    advice = api.solve("minesweeper", BOARDS["minesweeper"].read_text())
    with pytest.raises(dataclasses.FrozenInstanceError):
        advice.status = "changed"  # type: ignore[misc]
    with pytest.raises(TypeError):
        advice.details["mines"] = 3  # type: ignore[index]
    assert isinstance(advice.details["cells"], tuple)
    plain = advice.json()
    plain["mines"] = 3  # a copy: the advice is unchanged
    assert advice.details["mines"] == 10 and advice.json()["mines"] == 10
    assert hash(api.games()[0]) == hash(api.games()[0])


def test_a_parsed_board_and_its_text_give_the_same_advice():
    from gridsight.solvers.boardtext import parse_boards

    text = BOARDS["tile-path"].read_text()
    parsed = parse_boards(text)[0]
    assert api.solve("tile-path", parsed).details == api.solve("tile-path", text).details


def test_options_take_the_commands_settings_by_name():
    text = BOARDS["pentomino"].read_text()
    plain = api.solve("pentomino", text)
    counted = api.solve("pentomino", text, options={"count": True})
    assert "count" not in plain.details
    assert (counted.details["count"], counted.details["distinct"]) == (4, 1)

    @dataclasses.dataclass(frozen=True)
    class Counting:
        count: bool = True

    assert api.solve("pentomino", text, options=Counting()).details == counted.details
    with pytest.raises(TypeError, match="no option colour"):
        api.solve("pentomino", text, options={"colour": "red"})
    with pytest.raises(TypeError, match="a dataclass or a mapping"):
        api.solve("pentomino", text, options=3)
    with pytest.raises(ValueError, match="dlx is an algorithm"):
        api.solve("pentomino", text, options={"engine": "dlx"})
    by_dlx = api.solve("pentomino", text, options={"count": True, "algorithm": "dlx"})
    assert by_dlx.details == counted.details


def test_a_limit_bounds_the_work():
    open_room = "\n".join(["S" + " ." * 9] + [" ".join(["."] * 10) for _ in range(9)]) + "\n"
    stopped = api.solve("tile-path", open_room, limit=api.Limit(seconds=0.05),
                        options={"engine": "python", "leave_one": False})
    assert stopped.details["solvable"] is None and stopped.details["stopped"]
    assert "0.05 s" in stopped.status or "0.05 s" in stopped.details["stopped"]
    assert not stopped.quality.exact and "0.05 s of work" in stopped.quality.stopped
    with pytest.raises(TypeError, match="must be a Limit"):
        api.solve("tile-path", open_room, limit=3)  # type: ignore[arg-type]
    # A limit in states gives the same answer on any machine; one in waiting bounds the
    # elapsed time; both are anytime answers that say where they stopped.
    python = {"engine": "python", "leave_one": False}
    counted = [api.solve("tile-path", open_room, limit=api.Limit(seconds=None, states=50),
                         options=python) for _ in range(2)]
    assert counted[0].details == counted[1].details and counted[0].move == counted[1].move
    assert counted[0].quality.stopped == "the limit of 50 states"
    waited = api.solve("tile-path", open_room, limit=api.Limit(seconds=None, wall_seconds=0.05),
                       options=python)
    assert waited.quality.stopped == "the limit of 0.05 s of waiting"


def test_the_limit_counts_from_the_call_not_from_the_solvers_start(monkeypatch):
    """The meter started in the solver, after the game's solver was imported: the first
    solve of a process under 0.05 s took 0.12-0.17 s of CPU (2.8 s of waiting at load 50)
    with the limit untouched. Now the call's own steps count: here the call's first moment is
    made 100 s of CPU earlier, and a pentomino board solved exactly in milliseconds stops at
    its limit of 50 s at its first look at the meter, saying so."""
    from gridsight.solvers.limit import Since

    real = Since.now
    monkeypatch.setattr(api.Since, "now", classmethod(
        lambda cls: (lambda now: Since(now.cpu - 100, now.wall - 100, now.thread,
                                       now.process))(real())))
    text = (EXAMPLES / "pentomino-6x10.txt").read_text()
    late = api.solve("pentomino", text, limit=api.Limit(seconds=50))
    assert late.quality.stopped == "the limit of 50 s of work" and late.move is not None
    waited = api.solve("pentomino", text, limit=api.Limit(seconds=None, wall_seconds=50))
    assert waited.quality.stopped == "the limit of 50 s of waiting"
    monkeypatch.setattr(api.Since, "now", real)
    assert api.solve("pentomino", text, limit=api.Limit(seconds=50)).quality.exact
    # A limit counted from a moment of the caller's keeps it.
    earlier = real()
    given = api.Limit(seconds=50, since=Since(earlier.cpu - 100, earlier.wall, earlier.thread,
                                              earlier.process))
    assert api.solve("pentomino", text, limit=given).quality.stopped == "the limit of 50 s of work"


def test_analyze_counts_the_boards_solve_from_its_start_and_the_others_each_alone(monkeypatch):
    """``analyze``'s solve of the board read counts from the moment the reading was done
    (the solver's import within it); each other board ``unread_that_matter`` solves has a
    limit of its own. (The read is faked: the solves are what is looked at.)"""
    from types import SimpleNamespace

    from gridsight import screenshots
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.solvers.limit import Since

    text = (EXAMPLES / "pentomino-6x10.txt").read_text()
    read = (SimpleNamespace(game="pentomino", board=text),
            SimpleNamespace(board=parse_boards(text)[0]))
    monkeypatch.setattr(api, "_read", lambda *given: read)
    solved = []

    def advise(game, reading, solve):
        solved.extend([solve(reading.board), solve(reading.board)])
        return solved[0], solved[0].advice

    monkeypatch.setattr(screenshots, "advise", advise)
    real = Since.now
    monkeypatch.setattr(api.Since, "now", classmethod(
        lambda cls: (lambda now: Since(now.cpu - 100, now.wall, now.thread,
                                       now.process))(real())))
    analysis = api.analyze("unused.png", limit=api.Limit(seconds=50))
    assert analysis.advice.quality.stopped == "the limit of 50 s of work"
    assert [s.advice.quality.exact for s in solved] == [False, True]


def test_a_moment_read_on_another_thread_is_not_this_threads_cpu_clock():
    """CPU time is a thread's own: a limit counted from a moment read on another thread
    counts from its meter's start (the other thread's clock says nothing of this one)."""
    import threading

    from gridsight.solvers.limit import Since

    here = Since.now()
    elsewhere = Since(here.cpu - 100, here.wall - 100, here.thread + 1, here.process)
    assert not api.Limit(seconds=50, since=elsewhere).start().reached()
    assert api.Limit(seconds=50, since=Since(here.cpu - 100, here.wall, here.thread,
                                             here.process)).start().reached()
    seen: list[bool] = []
    away = threading.Thread(target=lambda: seen.append(
        api.Limit(seconds=50, since=Since(here.cpu - 100, here.wall, here.thread,
                                          here.process)).start().reached()))
    away.start()
    away.join()
    assert seen == [False]


def test_prepare_loads_a_games_solver_and_names_an_unknown_game():
    for game in api.games():
        assert api.prepare(game.name) is None
    with pytest.raises(api.UnknownGameError, match="unknown game 'tetris'"):
        api.prepare("tetris")


def test_the_whole_limit_reaches_the_solver(monkeypatch):
    """Every measure of the Limit (seconds, waiting, states, memory) is the one the solver
    meters: given as ``limit`` (over the options' own) or inside the game's typed options."""
    from gridsight.games.disco_zoo.options import DiscoZooOptions
    from gridsight.solvers.limit import Limit

    started: list[Limit] = []
    real = Limit.start
    monkeypatch.setattr(Limit, "start", lambda self: started.append(self) or real(self))
    limit = api.Limit(seconds=30, wall_seconds=60, states=10**9, memory=64 << 20)
    text = BOARDS["disco-zoo"].read_text()
    first = api.solve("disco-zoo", text, limit=limit, options={"budget": 0.5})
    assert started[0] == limit
    started.clear()
    second = api.solve("disco-zoo", text, options=DiscoZooOptions(limit=limit, budget=0.5))
    assert started[0] == limit and second.details == first.details
    with pytest.raises(TypeError, match="DiscoZooOptions, not TilePathOptions"):
        from gridsight.games.tile_path.options import TilePathOptions

        api.solve("disco-zoo", text, options=TilePathOptions())


def test_bad_boards_and_names_are_clear_errors():
    with pytest.raises(api.BoardFormatError) as bad:
        api.solve("thrill-digger", "difficulty: beginner\n. . . . .\n. . z . .\n")
    assert "line 3" in str(bad.value) and "'z'" in str(bad.value)
    with pytest.raises(api.BoardFormatError, match="give one board, not 2"):
        api.solve("tile-path", "S .\n---\nS .\n")
    with pytest.raises(api.ImpossibleBoardError):
        api.solve("minesweeper", "mines: 1\n2 .\n")
    with pytest.raises(api.UnknownGameError, match="known games: thrill-digger"):
        api.solve("tetris", "x")
    with pytest.raises(TypeError, match="its text"):
        api.solve("tile-path", 42)  # type: ignore[arg-type]
    assert issubclass(api.BoardFormatError, api.InputError)
    # docs/api.md: every error but BoardNotFoundError and VisionInputError is an InputError.
    assert issubclass(api.UnknownGameError, api.InputError)
    assert issubclass(api.UnknownGameError, LookupError)


def test_a_picture_with_no_pixels_or_of_no_picture_type_is_named():
    import numpy as np

    with pytest.raises(api.VisionInputError, match="0 x 0 pixels"):
        api.read(np.zeros((0, 0, 3), np.uint8))  # was OpenCV's assertion from cvtColor
    with pytest.raises(TypeError, match="a file's path, its bytes or an"):
        api.read([[1, 2], [3, 4]])  # type: ignore[arg-type]


def test_games_lists_the_registry():
    listed = api.games()
    assert [g.name for g in listed] == game_names()
    for game, spec in zip(listed, all_specs()):
        assert (game.title, game.summary, game.example) == (spec.title, spec.summary,
                                                           spec.example)
        assert game.reads_screenshots == spec.reads_screenshots


@pytest.fixture(scope="module")
def jungle():
    return api.analyze(SHOTS / "disco-zoo-jungle.png", hints={"animals": "Gorilla,Panda"})


def test_analyze_gives_what_the_command_line_prints(jungle, run_cli, tmp_path):
    code, out, err = run_cli("analyze", str(SHOTS / "disco-zoo-jungle.png"), "--animals",
                             "Gorilla,Panda", "--json", "--out", str(tmp_path))
    assert code == 0, err
    printed = json.loads(out)
    assert jungle.reading.game == printed["game"] == "disco-zoo"
    assert jungle.reading.board == printed["board"]
    assert jungle.reading.pack == printed["pack"]
    assert jungle.advice.status == printed["status"]
    assert [list(c) for c in jungle.reading.unread] == printed["unread"]
    assert jungle.advice.move == Cell(printed["recommend"]["row"], printed["recommend"]["col"])


def test_read_alone_is_the_reading_of_analyze(jungle):
    import cv2

    image = cv2.imread(str(SHOTS / "disco-zoo-jungle.png"))
    reading = api.read(image, game="disco-zoo", hints={"animals": ("Gorilla", "Panda")})
    assert reading == jungle.reading
    assert reading.parsed.header("region") == "Jungle"
    picture = jungle.paint(image)
    assert picture.shape[2] == 3 and picture.shape[:2] >= image.shape[:2]
    assert not (picture[: image.shape[0], : image.shape[1]] == image).all()


def test_paint_refuses_a_picture_of_another_size(jungle):
    """The board's place is the analysed picture's: a picture of another size (a thumbnail,
    another screenshot) was painted with the board off it, silently."""
    import cv2

    image = cv2.imread(str(SHOTS / "disco-zoo-jungle.png"))
    assert jungle.reading.size == (image.shape[1], image.shape[0])
    small = cv2.resize(image, (image.shape[1] // 2, image.shape[0] // 2))
    with pytest.raises(api.ArgumentError, match=r"paint the picture analysed \(\d+ x \d+ "
                                                r"pixels\), not one of \d+ x \d+"):
        jungle.paint(small)


def test_reading_errors_are_clear(tmp_path):
    blank = tmp_path / "blank.png"
    import cv2
    import numpy as np

    cv2.imwrite(str(blank), np.zeros((200, 300, 3), np.uint8))
    with pytest.raises(api.BoardNotFoundError):
        api.read(blank, game="tile-path")
    with pytest.raises(api.VisionInputError, match="no such file"):
        api.read(tmp_path / "missing.png")
    with pytest.raises(api.VisionInputError, match="BGR uint8"):
        api.read(np.zeros((10, 10), np.uint8))
    with pytest.raises(TypeError, match="no hint named 'colour'"):
        api.read(blank, game="disco-zoo", hints={"colour": "red"})
    # A hint written as its option is checked as the option is (the game's own check).
    with pytest.raises(api.InputError, match="hint 'taps': must be a whole number >= 0"):
        api.read(blank, game="disco-zoo", hints={"taps": "-1"})
    with pytest.raises(api.InputError, match="not read off a screenshot"):
        api.read(blank, game="thrill-digger")



def test_a_hint_the_screen_does_not_settle_comes_with_its_choices(monkeypatch):
    """A real-look rescue too small for its cards' names (no OCR engine): ``api.ReadError``
    names the animals each card may be, and a pick among them reads the board."""
    import cv2
    from test_live_real_look import real_look_script

    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    image = cv2.resize(real_look_script()[1][0], None, fx=0.5, fy=0.5,
                       interpolation=cv2.INTER_AREA)
    with pytest.raises(api.ReadError) as asked:
        api.read(image, game="disco-zoo")
    choices = asked.value.choices
    assert isinstance(choices, api.HintChoices) and choices.hint == "animals"
    picked = choices.value(("Gorilla", "Panda", "Tiger"))
    reading = api.read(image, game="disco-zoo", hints={"animals": picked})
    assert reading.board.splitlines()[1] == "animals: Gorilla, Panda, Tiger"

_BLOCKED = """
import sys
for name in ("cv2", "numba", "llvmlite", "PySide6", "mss"):
    sys.modules[name] = None  # an import of them fails, as if they were not installed
from gridsight import api
from gridsight.registry import get_spec
for game in api.games():
    advice = api.solve(game.name, get_spec(game.name).example)
    assert advice.game == game.name, advice
    print(game.name, advice.move, flush=True)
loaded = [m for m in ("cv2", "numba") if sys.modules.get(m) is not None]
assert not loaded, loaded
"""


def test_solving_needs_neither_opencv_nor_numba():
    done = subprocess.run([sys.executable, "-c", _BLOCKED], capture_output=True, text=True,
                          cwd=REPO, timeout=300)
    assert done.returncode == 0, done.stderr
    assert [line.split()[0] for line in done.stdout.splitlines()] == game_names()


def test_the_api_page_runs(monkeypatch):
    """docs/api.md: every example on the page, one per game at least, runs as written (from
    the repository's folder, as the page says)."""
    monkeypatch.chdir(REPO)
    page = REPO / "docs" / "api.md"
    text = page.read_text(encoding="utf-8")
    for name in game_names():
        assert f'"{name}"' in text, f"docs/api.md has no example for {name}"
    result = doctest.testfile(str(page), module_relative=False, verbose=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                              globs={"__name__": "docs_api"})
    assert result.attempted >= 10 and result.failed == 0, result


def _mutable_parts(value, path="", seen=None):
    """The places in a result a caller could change in place: a dataclass not frozen, a
    list, dict, set or writeable array anywhere within."""
    import enum
    from types import MappingProxyType

    import numpy as np

    seen = set() if seen is None else seen
    if id(value) in seen:
        return []
    seen.add(id(value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found = [] if value.__dataclass_params__.frozen else [f"{path} ({type(value).__name__})"]
        return found + [part for f in dataclasses.fields(value)
                        for part in _mutable_parts(getattr(value, f.name), f"{path}.{f.name}",
                                                   seen)]
    if isinstance(value, MappingProxyType):
        return [part for k, v in value.items() for part in _mutable_parts(v, f"{path}[{k!r}]",
                                                                          seen)]
    if isinstance(value, tuple):
        return [part for i, v in enumerate(value) for part in _mutable_parts(v, f"{path}[{i}]",
                                                                             seen)]
    if isinstance(value, np.ndarray):
        return [f"{path} (writeable array)"] if value.flags.writeable else []
    if isinstance(value, (str, int, float, type(None), enum.Enum)):
        return []
    return [f"{path} ({type(value).__name__})"]


def test_every_result_is_frozen_all_the_way_down(jungle):
    """Every game's advice and an analysis hold frozen dataclasses, tuples, read-only mappings
    and plain values only: ``Reading.colours`` was a plain dict (changed in place through a
    frozen reading)."""
    for game in api.games():
        assert _mutable_parts(game, game.name) == []
        advice = api.solve(game.name, game.example, limit=api.Limit(seconds=2))
        assert _mutable_parts(advice, f"solve {game.name}") == []
    assert _mutable_parts(jungle, "analysis") == []
    with pytest.raises(TypeError):
        jungle.reading.colours["Gorilla"] = (0, 0, 0)  # type: ignore[index]


def test_every_public_function_and_method_has_a_docstring_and_a_typed_signature():
    """``Reading.of`` had no docstring."""
    import inspect

    found = []
    for name in api.__all__ + ["options_of"]:
        value = getattr(api, name)
        if getattr(value, "__module__", None) != "gridsight.api":
            continue
        members = ([(name, value)] if inspect.isfunction(value) else
                   [(f"{name}.{m}", v) for m, v in vars(value).items()
                    if inspect.isclass(value) and not m.startswith("_")])
        for label, member in members:
            function = member.fget if isinstance(member, property) else getattr(
                member, "__func__", member)
            if not inspect.isfunction(function):
                continue
            signature = inspect.signature(function)
            untyped = [p for p, v in signature.parameters.items()
                       if v.annotation is inspect.Parameter.empty and p not in ("self", "cls")]
            if not (function.__doc__ or "").strip() or untyped or (
                    signature.return_annotation is inspect.Signature.empty):
                found.append(label)
    assert found == []


# (a found tile read Panda or Tiger whose answer changes the advice: test_doubts' board)
UNSURE_TILE = DOUBT_BOARD


def test_an_unsure_read_that_changes_the_advice_is_typed_each_answer_with_its_move(run_cli,
                                                                                   tmp_path):
    """Under a doubt, ``move`` was the first answer's tap and the other answer's only in the
    status line's words (and ``recommend`` held both, unnamed): the move is the one advised
    while the read stays unsure, as ``solve --json`` says it, and ``choices`` each answer's
    with its answers, as the picture's squares label them."""
    from gridsight.solvers.advice import MarkKind

    advice = api.solve("disco-zoo", UNSURE_TILE)
    path = tmp_path / "board.txt"
    path.write_text(UNSURE_TILE)
    code, out, err = run_cli("solve", "disco-zoo", str(path), "--json")
    assert code == 0, err
    printed = json.loads(out)
    assert advice.move == Cell(printed["recommend"]["row"], printed["recommend"]["col"])
    assert advice.recommend == (advice.move,)
    (doubt,) = advice.doubts
    assert (doubt.cell, doubt.about, doubt.one_of, doubt.changes) == (
        Cell(0, 3), None, ("Panda", "Tiger"), True)
    assert doubt.words == printed["doubts"][0]["words"]
    assert advice.choices == doubt.choices
    assert advice.choices[0] == api.Choice(("Panda",), advice.move)
    (changed,) = printed["doubts"][0]["changes_if"]
    assert advice.choices[1:] == (
        api.Choice((changed["animal"],), Cell(changed["then"]["row"], changed["then"]["col"])),)
    # the same moves as the drawing's squares, each labelled by its answer
    squares = [(m.label, Cell(m.row, m.col)) for m in advice.drawing.marks
               if m.kind is MarkKind.CHOICE]
    assert squares == [(f"if {c.answers[0]}", c.move) for c in advice.choices]
    # an unsure read that changes nothing: a doubt without choices
    same = api.solve("disco-zoo", UNSURE_TILE.replace(". . . 2/3 .", "1 . . 2/3 ."))
    (doubt,) = same.doubts
    assert not doubt.changes and doubt.choices == () and same.choices == ()
    assert doubt.words.endswith("the advice is the same")
