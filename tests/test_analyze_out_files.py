"""``gridsight analyze --out`` replaces only the pictures it wrote itself.

Every annotated picture carries gridsight's mark (a PNG text chunk); a file of the player's own
at the name a picture would take is kept, and the picture takes the next numbered name. A run
again replaces its own picture instead of adding another."""

from __future__ import annotations

import shutil
from pathlib import Path

import cv2

from gridsight.cli import main

ROOM = Path(__file__).resolve().parent.parent / "examples" / "screenshots" / "tile-path-room.png"


def test_a_players_file_at_the_pictures_name_is_kept_and_a_rerun_replaces_its_own(tmp_path,
                                                                                 capsys):
    picture = tmp_path / "room.png"
    shutil.copy(ROOM, picture)
    out = tmp_path / "out"
    out.mkdir()
    (out / "room-advice.png").write_bytes(b"the player's own")
    for _ in range(2):
        assert main(["analyze", str(picture), "--out", str(out), "--game", "tile-path"]) == 0
        said = capsys.readouterr().out
        assert "annotated:" in said and "room-2-advice.png" in said
    assert (out / "room-advice.png").read_bytes() == b"the player's own"
    assert sorted(p.name for p in out.iterdir()) == ["room-2-advice.png", "room-advice.png"]
    written = cv2.imread(str(out / "room-2-advice.png"))
    assert written is not None and written.shape[2] == 3  # the mark leaves a plain PNG


def test_a_folder_analysed_twice_into_itself_leaves_its_annotated_pictures_out(tmp_path,
                                                                              capsys):
    """``--out`` the screenshots' own folder, run again: the pictures the first run wrote were
    read as screenshots (their painted odds and names read as tiles: failures, exit 2, and
    pictures of pictures). They are left out, said in one line; one named is refused."""
    shutil.copy(ROOM, tmp_path / "room.png")
    for _ in range(2):
        assert main(["analyze", str(tmp_path), "--out", str(tmp_path), "--game",
                     "tile-path"]) == 0
        err = capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["room-advice.png", "room.png"]
    assert "1 annotated picture(s) gridsight wrote left out" in err, err
    assert "1 file(s): 1 board(s) read, 1 solved, 0 failed" in err, err
    assert main(["analyze", str(tmp_path / "room-advice.png"), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "an annotated picture gridsight wrote" in err, err
    assert not (tmp_path / "o").exists()


def test_a_picture_that_cannot_be_saved_still_has_its_advice_said(tmp_path, capsys):
    """``--out`` a file (or a read-only folder): one line and a non-zero exit, and the advice
    was never printed (lost with the picture). It is said first, the save's problem last."""
    out = tmp_path / "taken"
    out.write_text("mine")
    assert main(["analyze", str(ROOM), "--out", str(out), "--game", "tile-path"]) == 2
    said = capsys.readouterr()
    assert said.out.startswith("== ") and "Step down" in said.out, said.out
    assert "annotated:" not in said.out
    assert said.err.count("\n") == 1 and "it is a file, not a folder" in said.err, said.err
    assert out.read_text() == "mine"
