"""``gridsight solve tile-path``: the JSON contract, the readable board, the Advice, errors."""

from __future__ import annotations

import json

import pytest

import gridsight.registry as registry
from gridsight.games.tile_path.adapter import GAME
from gridsight.games.tile_path.options import TilePathOptions
from gridsight.solvers.advice import Advice, Cell, MarkKind
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.limit import Limit

MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


@pytest.fixture
def cli(run_cli):
    """The command line (the tile-path game is registered like every other)."""
    return run_cli


def follow(start, moves):
    cells = [tuple(start)]
    for move in moves:
        dr, dc = MOVES[move]
        cells.append((cells[-1][0] + dr, cells[-1][1] + dc))
    return cells


def test_registered():
    assert registry.get_spec("tile-path").adapter is GAME


def test_json_contract_for_a_solvable_board(cli, examples):
    code, out, err = cli("solve", "tile-path", str(examples / "tile-path-solvable.txt"), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == "tile-path" and data["solvable"] is True
    assert data["proof"] is None and data["leave_one"] is None and data["fewest_left"] == 0
    assert isinstance(data["nodes"], int) and data["nodes"] > 0
    text = (examples / "tile-path-solvable.txt").read_text().splitlines()
    grid = [line.split() for line in text if line and not line.startswith("//")]
    tiles = {(r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t != "#"}
    cells = follow((data["here"]["row"], data["here"]["col"]), data["path"])
    assert set(cells) == tiles and len(cells) == len(tiles)
    assert data["path"][0] in data["next"]


def test_json_for_the_heros_cave(cli, examples):
    code, out, err = cli("solve", "tile-path", str(examples / "tile-path-heros-cave.txt"), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["solvable"] is False and data["path"] is None and data["next"] == []
    assert data["proof"] == "parity" and "chessboard" in data["proof_text"]
    assert data["fewest_left"] == 1
    assert len(data["leave_one"]) == 56 and len(data["leave_one_impossible"]) == 55
    item = data["leave_one"][0]
    cells = follow((4, 12), item["path"])
    assert (item["row"], item["col"]) not in cells and len(set(cells)) == 111


def test_no_leave_one_option(cli, examples):
    code, out, _ = cli(
        "solve", "tile-path", str(examples / "tile-path-heros-cave.txt"), "--json", "--no-leave-one"
    )
    assert code == 0
    data = json.loads(out)
    assert data["leave_one"] is None and data["fewest_left"] == 1


def test_readable_text(cli, examples):
    code, out, _ = cli("solve", "tile-path", str(examples / "tile-path-heros-cave.txt"))
    assert code == 0
    assert "No full walk (parity)" in out
    assert "Leave one: 56 of 111 tiles" in out


def test_the_walks_table_is_labelled_as_the_advice_counts(cli, examples):
    """The table's rows are named and its columns numbered, so the cell the first lines name
    ("from row 1, column 3") is found by its labels: Link's ``@`` stands there."""
    code, out, _ = cli("solve", "tile-path", str(examples / "tile-path-in-progress.txt"))
    assert code == 0 and "from row 1, column 3" in out
    lines = out.splitlines()
    top = lines.index("Full walk, 15 moves (step numbers below):") + 1
    header, rows = lines[top].split(), lines[top + 1:top + 6]
    assert header == ["1", "2", "3", "4", "5", "6"]
    assert [line.split()[:2] for line in rows] == [["row", str(r)] for r in range(1, 6)]
    assert rows[0].split()[2:][header.index("3")] == "@"
    assert rows[4].split()[2:] == ["x", "x", "x", "#", "10", "11"]


def test_help_shows_the_format(cli):
    code, out, _ = cli("solve", "tile-path", "--help")
    assert code == 0
    assert "a tile already crossed" in out and "--time-limit" in out


def test_bad_board_is_one_line_and_exit_2(cli):
    code, out, err = cli("solve", "tile-path", "-", stdin="S . .\n. S .\n")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "line 2" in err and "second 'S'" in err


def test_advice_draws_the_walk_from_link(examples):
    (board,) = parse_boards((examples / "tile-path-in-progress.txt").read_text())
    solution = GAME.solve(board, TilePathOptions(limit=Limit.none()))
    advice = solution.advice
    assert advice.path[0].row == 0 and advice.path[0].col == 2  # where Link stands
    # Every move that keeps a full walk possible is said ("down or right"), but only the
    # numbered walk's first step is outlined: the other tile, outlined too, showed the same
    # walk's later number (which walk was it of?). The why says which walk is numbered.
    assert advice.status == "Step down or right - either keeps a full walk possible"
    assert advice.recommend == advice.path[1:2] and advice.path[1] in {Cell(1, 2), Cell(0, 3)}
    first = "down" if advice.path[1] == Cell(1, 2) else "right"
    assert advice.why == f"the numbers follow one full walk, stepping {first} first"
    # ... and the other move a dashed square of its own, no label (its number the walk's):
    # the line said "down or right" over one square, the player looked for the other.
    other = Cell(0, 3) if first == "down" else Cell(1, 2)
    assert [(Cell(m.row, m.col), m.label) for m in advice.marks if m.kind is MarkKind.ALSO] \
        == [(other, "")]
    assert sorted(solution.json["next"]) == ["down", "right"]  # the JSON keeps every move
    assert [f.text for f in advice.figures] == [str(i) for i in range(1, len(advice.path))]
    assert Advice.from_dict(json.loads(json.dumps(advice.to_dict()))) == advice


def open_board(n: int) -> str:
    rows = [["."] * n for _ in range(n)]
    rows[0][0] = "S"
    return "\n".join(" ".join(row) for row in rows)


def test_time_limit_on_the_walk_itself_reports_what_was_searched(cli):
    code, out, err = cli("solve", "tile-path", "-", "--time-limit", "0.01", stdin=open_board(14))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[2].startswith("Full walk: undecided: the limit of 0.01 s of work reached "
                               "(searched ")
    searched = int(lines[2].split("searched ")[1].split(" states")[0].replace(",", ""))
    assert searched > 0


def test_time_limit_in_json_says_undecided(cli):
    code, out, err = cli("solve", "tile-path", "-", "--time-limit", "0.01", "--json",
                         stdin=open_board(14))
    assert code == 0, err
    data = json.loads(out)
    assert data["solvable"] is None and data["path"] is None and data["next"] == []
    assert data["stopped"] == "the limit of 0.01 s of work reached"
    assert data["proven"] == (f"undecided: the limit of 0.01 s of work reached (searched "
                              f"{data['nodes']:,} states)")
    assert data["guess"] in ({"row": 0, "col": 1}, {"row": 1, "col": 0})
    assert data["quality"]["exact"] is False


def test_memory_bound_in_json_says_undecided(cli):
    code, out, err = cli("solve", "tile-path", "-", "--max-states", "5000", "--time-limit", "0",
                         "--json", stdin=open_board(14))
    assert code == 0, err
    data = json.loads(out)
    assert data["solvable"] is None
    assert data["stopped"] == "the limit of 5,000 states held at once reached"
    assert data["proven"].startswith("undecided: the limit of 5,000 states held at once reached "
                                     "(searched ")


@pytest.mark.parametrize("value", ["-1", "nan", "-0.5", "soon"])
def test_bad_time_limits_are_refused(cli, value):
    code, out, err = cli("solve", "tile-path", "-", "--time-limit", value, stdin="S .\n")
    assert code == 2 and out == ""
    assert "--time-limit" in err


def test_zero_time_limit_means_none(cli, examples):
    code, out, _ = cli("solve", "tile-path", str(examples / "tile-path-heros-cave.txt"),
                       "--json", "--time-limit", "0")
    assert code == 0
    data = json.loads(out)
    assert data["undecided"] == [] and data["warnings"] == [] and len(data["leave_one"]) == 56


def test_a_board_with_no_start_is_refused_before_any_work(cli):
    huge = "\n".join(" ".join(["."] * 190) for _ in range(190))  # 36,100 tiles, no S
    code, out, err = cli("solve", "tile-path", "-", stdin=huge)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "no 'S' tile" in err


def test_cells_written_without_spaces_are_named_with_the_format(cli):
    code, out, err = cli("solve", "tile-path", "-", stdin="S.E\n...\n")
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert "line 1: unknown token 'S.E'" in err and "separated by spaces ('S . E'" in err
    assert "no 'S'" not in err


def test_a_board_past_the_size_bound_is_refused(cli):
    from gridsight.solvers.tile_path.board import MAX_CELLS

    side = int(MAX_CELLS**0.5) + 1
    rows = [["."] * side for _ in range(side)]
    rows[0][0] = "S"
    code, out, err = cli("solve", "tile-path", "-",
                         stdin="\n".join(" ".join(row) for row in rows))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and f"more than the {MAX_CELLS:,}" in err


def test_the_help_example_is_a_valid_walk_in_progress():
    from gridsight.games.tile_path.adapter import FORMAT_HELP

    lines = FORMAT_HELP.split("example (a walk in progress")[1].split("\n\n")[0]
    (board,) = parse_boards(lines.split("\n", 1)[1])
    solution = GAME.solve(board, TilePathOptions(limit=Limit.none()))
    assert solution.json["here"] == {"row": 1, "col": 2}
    assert solution.json["solvable"] is True and solution.json["next"] == ["right"]


def test_with_no_full_walk_the_advice_is_the_first_step_of_the_fewest_left_walk(examples):
    (board,) = parse_boards((examples / "tile-path-heros-cave.txt").read_text())
    solution = GAME.solve(board, TilePathOptions(leave_one=False, limit=Limit.none()))
    advice, data = solution.advice, solution.json
    assert data["solvable"] is False and data["fewest_left"] == 1
    first = data["best_path"][0]
    assert advice.status == (f"Step {first} - no full walk exists; this starts the best walk, "
                             "leaving 1 tile")
    assert advice.recommend == advice.path[1:2] and advice.path[0] == Cell(4, 12)
    assert solution.text.splitlines()[0] == advice.status  # the advice first in the text too


def test_tiles_not_seen_yet_are_answered_with_what_is_still_needed(cli):
    """A board read off a view of a bigger room holds ``?``: undecided, never guessed, and
    the unseen tiles listed (JSON, 0-based) and named in words (1-based)."""
    board = "? ? . . . .\n? ? # . L .\n? ? . . x S\n"
    code, out, err = cli("solve", "tile-path", "-", "--json", stdin=board)
    assert code == 0, err
    data = json.loads(out)
    assert data["solvable"] is None and data["path"] is None and data["next"] == []
    assert data["unseen"] == [{"row": r, "col": c} for r in range(3) for c in range(2)]
    assert data["here"] == {"row": 1, "col": 4}
    assert data["needs"].startswith("6 tiles not seen yet: columns 1 and 2")
    code, out, err = cli("solve", "tile-path", "-", stdin=board)
    assert code == 0 and "Still needed: 6 tiles not seen yet: columns 1 and 2" in out
    advice = GAME.solve(parse_boards(board)[0], TilePathOptions()).advice
    assert advice.recommend == () and len(advice.marks) == 6
    assert advice.status == "no advice yet: 6 tiles not seen yet, left"  # one short line
    # Link's tile is ringed, no walk drawn: the picture's key says nothing of a walk.
    from gridsight.overlay.legend import legend_entries

    assert not any("walk" in entry.words for entry in legend_entries(advice))
    # Its tiles out of view are not seen yet, not misread.
    assert "not seen yet" in [entry.words for entry in legend_entries(advice)]


def test_unseen_tiles_do_not_excuse_a_malformed_board(cli):
    code, _, err = cli("solve", "tile-path", "-", stdin="? S .\nS . ?\n")
    assert code == 2 and "a second 'S'" in err and "Traceback" not in err
    code, _, err = cli("solve", "tile-path", "-", stdin="? S .\n. Q ?\n")
    assert code == 2 and "unknown token" in err


def test_the_tiles_that_may_be_left_carry_a_check_mark_and_no_word():
    """The tiles that could be the one left uncrossed carry a check mark and no word on the
    tile: "block" on 18 tiles of the Hero's Cave read as statues standing there, and "skip"
    over the walk's step number 28 as "skip step 28". The key says what the mark means."""
    from gridsight.overlay.legend import legend_entries

    (board,) = parse_boards(". S .\n. . .\n. . .\n")  # from an edge's middle: one tile left
    advice = GAME.solve(board, TilePathOptions(limit=Limit.none())).advice
    labels = {(m.row, m.col): m.label for m in advice.marks if m.kind is MarkKind.SAFE}
    assert labels and set(labels.values()) == {""}, labels
    steps = {(c.row, c.col) for c in advice.path[1:]}
    assert steps & set(labels), "a tile that may be left is also a step of the walk drawn"
    words = [entry.words for entry in legend_entries(advice)]
    assert "may be the one tile left uncrossed" in words, words


def test_the_tiles_to_cross_are_counted_in_words(cli):
    """"15 tile(s) to cross" said as a person does: "15 tiles", "1 tile"."""
    code, out, _ = cli("solve", "tile-path", stdin="S . E\n")
    assert code == 0 and "1 x 3: 2 tiles to cross from" in out
    code, out, _ = cli("solve", "tile-path", stdin="S E\n")
    assert code == 0 and "1 x 2: 1 tile to cross from" in out
