"""A new player's likely mistakes, each one clear line and exit 2 with what to do (session
40, s40user): the wrong game named for a screenshot, a tiny cut of one, a board or a picture
given to ``replay`` for its log, a log a newer gridsight wrote; and ``--help`` texts that read.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "examples" / "screenshots"


def test_a_screenshot_analysed_as_another_game_names_the_game_found_in_it(run_cli, tmp_path):
    out = tmp_path / "out"
    code, stdout, err = run_cli("analyze", "--game", "minesweeper",
                                str(SHOTS / "disco-zoo-jungle.png"), "--out", str(out))
    assert code == 2 and stdout == "" and "Traceback" not in err
    assert err.count("\n") == 1, err
    assert "no minesweeper/default board found" in err
    assert "a disco-zoo board is found in it: leave out --game" in err, err
    assert not out.exists()  # nothing written for a board not found


def test_a_folder_analysed_as_another_game_pays_the_other_games_search_once(run_cli, tmp_path):
    """The other games' search (0.6 CPU s a Disco Zoo screenshot) ran once per file of a
    folder given the wrong --game (session 41): the first file names the game found in it,
    the later ones are told where it was found, unsearched."""
    folder = tmp_path / "shots"
    folder.mkdir()
    for name in ("a.png", "b.png"):
        (folder / name).write_bytes((SHOTS / "disco-zoo-jungle.png").read_bytes())
    code, stdout, err = run_cli("analyze", "--game", "minesweeper", str(folder),
                                "--out", str(tmp_path / "out"))
    assert code == 2 and stdout == "" and "Traceback" not in err
    first, second = [line for line in err.splitlines() if "no minesweeper" in line]
    assert "a.png" in first and "a disco-zoo board is found in it" in first, err
    assert "b.png" in second and "is found in it" not in second, err
    assert f"(a disco-zoo board was found in {folder / 'a.png'}) leave out --game" in second


def test_a_tiny_cut_of_a_screenshot_is_said_to_be_too_small(run_cli, tmp_path):
    cut = tmp_path / "cut.png"
    cv2.imwrite(str(cut), cv2.imread(str(SHOTS / "minesweeper-beginner.png"))[200:240, 150:190])
    code, stdout, err = run_cli("analyze", "--game", "minesweeper", str(cut),
                                "--out", str(tmp_path / "out"))
    assert code == 2 and stdout == "" and err.count("\n") == 1, err
    assert "the picture is only 40 x 40 pixels: give a screenshot of the game's whole screen" \
        in err, err


def test_a_board_or_a_picture_given_for_the_log_is_one_line_not_a_warning_per_line(
        run_cli, tmp_path):
    for given in (ROOT / "examples" / "pentomino-ring.txt", SHOTS / "tile-path-room.png"):
        code, stdout, err = run_cli("replay", str(given), "--html", str(tmp_path / "r.html"))
        assert code == 2 and stdout == "" and "warning" not in err, err
        lines = given.read_bytes().rstrip().count(b"\n") + 1
        assert err == (f"gridsight: {given}: not a gridsight log: none of its {lines} line(s) "
                       "is a record; give the .jsonl file 'gridsight live --log' wrote\n")
        assert not (tmp_path / "r.html").exists()


def test_a_record_a_newer_gridsight_wrote_that_this_one_cannot_read_says_so(run_cli, tmp_path):
    log = tmp_path / "newer.jsonl"
    log.write_text(json.dumps({"type": "advice", "version": 7, "step": 1,
                               "game": "tile-path"}) + "\n")
    code, stdout, err = run_cli("replay", str(log))
    assert code == 2 and stdout == ""
    assert f"{log}: line 1: a record of log format 7, newer than this gridsight's (1), " \
        "skipped (" in err, err
    assert "a newer gridsight reads it" in err and "corrupt" not in err


def test_no_command_s_help_has_a_stray_bracket(run_cli):
    # replay --help closed a bracket it never opened ("... with no step is refused)").
    for command in ("solve", "analyze", "calibrate", "replay", "live", "demo", "simulate",
                    "windows", "games"):
        code, stdout, _ = run_cli(command, "--help")
        assert code == 0
        text = " ".join(stdout.split())
        assert text.count("(") == text.count(")"), (command, text)


def test_a_calibration_under_a_skin_name_in_use_says_it_replaces_that_pack(
        run_cli, tmp_path, monkeypatch):
    from kit.skins import tile_path
    from test_readers import ROOM_TEXT

    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path / "data"))
    shot = tile_path.render(ROOM_TEXT.splitlines(), scale=1)
    image, labels = tmp_path / "shot.png", tmp_path / "labels.txt"
    cv2.imwrite(str(image), shot.image)
    labels.write_text(ROOM_TEXT)
    corners = ",".join(f"{v:g}" for v in shot.geometry.outline().ravel())
    args = ("calibrate", "tile-path", str(image), "--corners", corners, "--labels", str(labels),
            "--skin", "cave")
    code, first, err = run_cli(*args)
    assert code == 0, err
    assert "saved " in first and "replacing" not in first
    code, again, err = run_cli(*args)
    assert code == 0, err
    assert "(replacing the pack of that name made before; another --skin keeps both)" in again
