"""The command line as a whole: help, the games list, and clear errors for bad input files."""

from __future__ import annotations

import subprocess
import sys

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
    listed = [line.split()[0] for line in out.splitlines()]
    assert listed == game_names()
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


def test_folder_instead_of_file_is_named(run_cli, tmp_path):
    code, _, err = run_cli("solve", "disco-zoo", str(tmp_path))
    assert code == 2 and "is a folder" in err


def test_module_entry_point_runs():
    result = subprocess.run(
        [sys.executable, "-m", "gridsight", "games"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0
    assert "thrill-digger" in result.stdout
