"""The contract every registered :class:`~gridsight.games.spec.GameSpec` keeps.

One parametrised test per part, over every game the registry lists, so a new game's package
is checked the moment its registry line exists: its example boards parse and solve (JSON that
serialises with the documented keys, readable text, an Advice that paints), its screen reader
writes back the board its labels came from, its live and manual settings and its words are
there, its options agree with every other game's, and nothing falls back silently for a name
the registry does not know.
"""

from __future__ import annotations

import argparse
import json

import numpy as np
import pytest

from gridsight.games.base import Simulates, Solution
from gridsight.games.spec import LEGEND_WORDS, GameSpec, GridReading, PitReading
from gridsight.live.manual import ManualBoard
from gridsight.readers.base import ReadHints
from gridsight.registry import UnknownGameError, all_specs, game_names, get_game, get_spec
from gridsight.solvers.advice import Advice
from gridsight.solvers.boardtext import parse_boards

SPECS = all_specs()
NAMES = [spec.name for spec in SPECS]
GRID_SPECS = [s for s in SPECS if isinstance(s.reading, GridReading)]


def _solve(spec: GameSpec, text: str) -> Solution:
    board = parse_boards(text, source=f"{spec.name} example")[0]
    return spec.adapter.solve(board)


def test_the_registry_lists_each_game_once_under_its_own_name():
    assert len(set(NAMES)) == len(NAMES) == len(game_names())
    for spec in SPECS:
        assert get_spec(spec.name) is spec
        assert spec.name == spec.name.lower() and " " not in spec.name
        assert spec.title and spec.summary


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_the_adapter_is_the_games_and_solves_its_example(spec):
    adapter = get_game(spec.name)
    assert adapter.name == spec.name
    solution = _solve(spec, spec.example)
    data = json.loads(json.dumps(solution.json))  # plain JSON, as --json prints it
    assert data["game"] == spec.name
    assert solution.text.strip()
    advice = solution.advice
    assert isinstance(advice, Advice) and advice.game == spec.name
    board = parse_boards(spec.example)[0]
    assert (advice.rows, advice.cols) == (board.rows, board.cols)
    assert all(0 <= c.row < advice.rows and 0 <= c.col < advice.cols for c in advice.recommend)
    assert isinstance(spec.results(spec.example, solution.json), tuple)


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_the_advice_is_drawable(spec):
    from gridsight.overlay.paint import paint_advice
    from gridsight.vision.geometry import BoardGeometry

    advice = _solve(spec, spec.example).advice
    cell = 40
    image = np.full((advice.rows * cell + 40, advice.cols * cell + 40, 3), 90, np.uint8)
    geometry = BoardGeometry.from_rect(20, 20, cell, cell, advice.rows, advice.cols)
    painted = paint_advice(image, geometry, advice)
    assert painted.shape[1] >= image.shape[1] and painted.shape[0] > image.shape[0]
    assert (painted[: image.shape[0], : image.shape[1]] != image).any()  # something drawn


@pytest.mark.parametrize("spec", GRID_SPECS, ids=[s.name for s in GRID_SPECS])
def test_the_reader_writes_back_the_board_its_labels_came_from(spec):
    """Text -> pack labels (``labels_from_text``, as calibration uses it) -> the reader ->
    the same text, on a blank screen: the hints carry what the picture does not show."""
    from gridsight.vision.classify import BoardRead, CellRead
    from gridsight.vision.geometry import BoardGeometry
    from gridsight.vision.packs import load_pack

    reading = spec.reading
    assert reading.example is not None, f"{spec.name}: GridReading needs a screen example"
    pack = load_pack(spec.name, "default")
    board = parse_boards(reading.example)[0]
    labels = reading.game_reader.labels_from_text(board, pack)
    assert (len(labels), len(labels[0])) == (pack.rows, pack.cols)
    assert {label for row in labels for label in row} <= set(pack.labels)
    hints = ReadHints(**{h.name: h.parse(board.header(h.header)) for h in spec.hints
                         if h.header and board.header(h.header) is not None})
    w, h = pack.cell_size
    geometry = BoardGeometry.from_rect(40, 40, w, h, pack.rows, pack.cols)
    cells = tuple(tuple(CellRead(r, c, label, 1.0, 1.0, label, label)
                        for c, label in enumerate(row)) for r, row in enumerate(labels))
    image = np.zeros((pack.rows * h + 80, pack.cols * w + 80, 3), np.uint8)
    read = reading.game_reader.read(image, BoardRead(geometry, cells), pack, hints)
    back = parse_boards(read.text)[0]
    assert back.grid == board.grid and dict(back.headers) == dict(board.headers)
    assert read.game == spec.name and not read.unread
    _solve(spec, reading.example)  # a board a player may meet: it solves


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_live_settings_and_the_manual_board_are_there(spec):
    manual = spec.manual
    assert manual.rows > 0 and manual.cols > 0 and manual.blank in manual.tokens
    board = ManualBoard.blank(spec.name)
    assert (len(board.grid), len(board.grid[0])) == (manual.rows, manual.cols)
    assert set(board.tokens()) >= set(manual.tokens)
    if isinstance(spec.reading, GridReading):
        tracker = spec.reading.tracker
        assert tracker.confirm >= 1 and isinstance(tracker.move(tracker.initial, "x"), bool)
    if isinstance(spec.reading, PitReading):
        assert spec.reading.sizes and all(r > 0 and c > 0 for r, c in spec.reading.sizes.values())
    if spec.counter is not None:
        assert spec.counter.hint in {h.name for h in spec.hints}
        assert spec.words.counter and spec.words.counter_status
    if spec.objectives is not None:
        choices = spec.objectives.choices(spec.example)
        assert spec.objectives.default in choices and spec.words.objective


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_the_words_a_person_reads_are_there(spec):
    words = spec.words
    assert set(words.legend) >= set(LEGEND_WORDS) and all(words.legend.values())
    shown = set(spec.manual.tokens)
    if isinstance(spec.reading, GridReading):
        from gridsight.vision.packs import load_pack

        shown |= set(load_pack(spec.name, "default").labels)
    headers = dict(parse_boards(spec.example)[0].headers)
    for value in shown:
        # Every label and token the panel may show has a name in the game's words (not the
        # raw label), and its button shows a word, a number or a sign: never a clipped code
        # a player must look up ("Pan" for the Panda).
        word = words.word(value, headers)
        assert word.name and word.name != value, (spec.name, value)
        short = word.short.replace("\n", " ")
        sign = len(short) <= 1 and not short.isalpha()
        assert sign or short.casefold() in word.name.casefold() or \
            short.rstrip("%").isdigit(), (spec.name, value, short)
    for value, word in words.choices(tuple(sorted(shown)), headers):
        assert word.name and word.name != value, (spec.name, value)
    # The adapter dresses its advice in the game's legend words; a heat tint has a caption.
    advice = _solve(spec, spec.example).advice
    assert advice.legend == words.legend_of()
    if any(f.heat is not None for f in advice.figures):
        assert advice.legend.heat and advice.legend.heat != "chance", spec.name


def test_options_shared_between_games_mean_the_same():
    hints: dict[str, tuple] = {}
    options: dict[str, tuple] = {}
    for spec in SPECS:
        for hint in spec.hints:
            key = (hint.name, hint.parse, hint.header)
            assert hints.setdefault(hint.flag, key) == key, hint.flag
        for option in spec.solver_options:
            key = (option.dest, option.parse, option.default, option.live_default)
            assert options.setdefault(option.flag, key) == key, option.flag
    assert not set(hints) & set(options)


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_every_option_and_simulation_builds_a_parser(spec):
    parser = argparse.ArgumentParser()
    spec.adapter.add_solve_arguments(parser)
    if isinstance(spec.adapter, Simulates):
        spec.adapter.add_simulate_arguments(argparse.ArgumentParser())
    for option in spec.solver_options:  # analyze and live pass these on to the adapter
        assert option.dest in vars(parser.parse_args([])), (spec.name, option.dest)


def test_an_unknown_game_is_an_error_everywhere(run_cli):
    with pytest.raises(UnknownGameError, match="known games: " + ", ".join(NAMES)):
        get_spec("tetris")
    with pytest.raises(UnknownGameError):
        ManualBoard.blank("tetris")
    for args in (("solve", "tetris"), ("simulate", "tetris"), ("live", "--game", "tetris"),
                 ("analyze", "x.png", "--game", "tetris"), ("calibrate", "tetris", "x.png")):
        code, _, err = run_cli(*args)
        assert code == 2 and "tetris" in err, args


ODD_VALUES = ([1], {"a": 1}, None, "x", -1, 1e300, True)


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_replay_results_survive_any_json_value_in_a_logged_solution(spec):
    """A log is outside input: the results line of ``gridsight replay`` reads a logged
    solution whose fields may hold any JSON value, and must neither raise nor drop the board."""
    solution = _solve(spec, spec.example).json
    for key in solution:
        for odd in ODD_VALUES:
            lines = spec.results(spec.example, {**solution, key: odd})
            assert all(isinstance(line, str) for line in lines)


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_the_command_line_defaults_are_the_typed_options_defaults(spec):
    """``solve``'s flags with nothing given build exactly the game's default options; so do
    the shared settings of ``analyze`` at their defaults; anything but the game's own
    options is refused by its ``solve``."""
    parser = argparse.ArgumentParser()
    spec.adapter.add_solve_arguments(parser)
    defaults = spec.adapter.options_type()
    assert spec.adapter.options_from(parser.parse_args([])) == defaults
    settings = {option.dest: option.default_for("analyze") for option in spec.solver_options}
    assert spec.adapter.options_from(settings) == defaults
    live = {option.dest: option.default_for("live") for option in spec.solver_options}
    assert spec.adapter.options_from(live).limit.seconds == 5.0
    with pytest.raises(TypeError, match=spec.adapter.options_type.__name__):
        spec.adapter.solve(parse_boards(spec.example)[0], argparse.Namespace())
