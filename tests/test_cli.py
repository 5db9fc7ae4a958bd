"""The command line as a whole: help, the games list, and clear errors for bad input files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from gridsight.registry import game_names


def test_help_lists_the_commands(run_cli):
    code, out, _ = run_cli("--help")
    assert code == 0
    for command in ("games", "solve", "simulate", "windows", "demo"):
        assert command in out
    # Every installed game is named (the help once listed four of five).
    flat = " ".join(out.split())
    for name in game_names():
        assert name in flat, name


def test_demo_help_lists_its_games_and_its_messages_say_demo(run_cli, monkeypatch):
    from gridsight.demo.script import demo_games

    code, out, _ = run_cli("demo", "--help")
    flat = " ".join(out.split())
    assert code == 0 and f"the game to watch: {', '.join(demo_games())}" in flat
    assert set(demo_games()) == {"disco-zoo", "tile-path", "pentomino", "minesweeper"}
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    if sys.platform.startswith("linux"):
        import pytest

        pytest.importorskip("PySide6")
        code, _, err = run_cli("demo", "tile-path")
        assert code == 1 and "gridsight demo needs a desktop session" in err
        assert "gridsight live" not in err


def test_the_demo_output_folder_is_ignored_by_git():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    ignored = (root / ".gitignore").read_text().split()
    assert "gridsight-demo/" in ignored and "gridsight-out/" in ignored


def test_games_lists_every_registered_game(run_cli):
    code, out, _ = run_cli("games")
    assert code == 0
    listed = [line.split()[0] for line in out.splitlines() if not line.startswith(" ")]
    assert listed == game_names()
    assert max(len(line) for line in out.splitlines()) <= 100  # wrapped, under its game
    assert {"thrill-digger", "disco-zoo"} <= set(listed)


def test_each_game_has_solve_help_with_its_format(run_cli):
    for name in game_names():
        code, out, _ = run_cli("solve", name, "--help")
        assert code == 0, name
        assert "--json" in out, name


def test_unknown_game_is_refused_with_the_known_names(run_cli):
    code, _, err = run_cli("solve", "tetris", "x.txt")
    assert code == 2
    assert "thrill-digger" in err


def test_missing_file_is_named(run_cli, tmp_path):
    missing = tmp_path / "nope.txt"
    code, out, err = run_cli("solve", "thrill-digger", str(missing))
    assert code == 2 and out == ""
    assert err.strip() == f"gridsight: {missing}: no such file"


def test_binary_file_is_named_not_a_traceback(run_cli, tmp_path):
    image = tmp_path / "shot.png"
    image.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    code, _, err = run_cli("solve", "thrill-digger", str(image))
    assert code == 2
    assert str(image) in err and "not UTF-8 text" in err
    assert "Traceback" not in err


def test_another_games_board_is_one_line_naming_that_game(run_cli):
    """A Disco Zoo file given to ``solve minesweeper``: exit 2, one line, the right command."""
    board = Path(__file__).resolve().parent.parent / "examples" / "disco-zoo-jungle.txt"
    code, out, err = run_cli("solve", "minesweeper", str(board))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert err.strip().endswith(f"a disco-zoo board? gridsight solve disco-zoo {board}"), err
    code, _, err = run_cli("solve", "pentomino", "-", stdin="mines: 3\n. . .\n. . .\n")
    assert code == 2 and err.strip().endswith("a minesweeper board? gridsight solve minesweeper")


def test_folder_instead_of_file_is_named(run_cli, tmp_path):
    code, _, err = run_cli("solve", "disco-zoo", str(tmp_path))
    assert code == 2 and "is a folder" in err


def test_module_entry_point_runs():
    result = subprocess.run(
        [sys.executable, "-m", "gridsight", "games"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0
    assert "thrill-digger" in result.stdout


def test_the_listing_gives_each_commands_own_help_line():
    """``gridsight --help`` lists the commands without importing them: the help line kept in
    ``cli.COMMANDS`` must be the one each command's ``add_parser`` gives."""
    import argparse

    from gridsight.cli import COMMANDS

    for name, listed, load in COMMANDS:
        parser = argparse.ArgumentParser()
        subparsers = parser.add_subparsers()
        load().add_parser(subparsers)
        (action,) = subparsers._choices_actions
        assert (action.dest, action.help) == (name, listed)


def test_a_run_imports_only_its_command_and_its_game():
    code = ("import json, sys\n"
            "from gridsight.cli import main\n"
            "main(sys.argv[1:])\n"
            "ours = sorted(m for m in sys.modules if m.startswith(('gridsight.commands.',"
            " 'gridsight.games.')))\n"
            "print(json.dumps(ours), file=sys.stderr)\n")

    def loaded(*argv: str) -> set[str]:
        done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True,
                              text=True, timeout=120, check=False)
        return set(json.loads(done.stderr.strip().splitlines()[-1]))

    import json
    from pathlib import Path

    board = Path(__file__).resolve().parent.parent / "examples" / "thrill-digger-beginner.txt"
    assert loaded("games") & {"gridsight.commands.solve", "gridsight.commands.analyze"} == set()
    solving = loaded("solve", "thrill-digger", str(board))
    commands = {m for m in solving if m.startswith("gridsight.commands.")}
    # (gridsight.commands.examples: the help's examples, text only, no import of its own)
    assert commands == {"gridsight.commands.examples", "gridsight.commands.lazy",
                        "gridsight.commands.parser", "gridsight.commands.solve"}, commands
    games = {m.split(".")[2] for m in solving if m.startswith("gridsight.games.")
             and m.count(".") >= 2 and m.split(".")[2] in {name.replace("-", "_")
                                                            for name in game_names()}}
    assert games == {"thrill_digger"}, games


def test_every_command_and_game_parser_is_built_when_asked():
    from gridsight.cli import build_parser

    parser = build_parser()
    (commands,) = [a for a in parser._actions if hasattr(a, "fill_all")]
    commands.fill_all()
    solve = commands._name_parser_map["solve"]
    (games,) = [a for a in solve._actions if hasattr(a, "fill_all")]
    games.fill_all()
    assert set(games._name_parser_map) == set(game_names())
    for name in game_names():
        assert "--json" in games._name_parser_map[name].format_help()
