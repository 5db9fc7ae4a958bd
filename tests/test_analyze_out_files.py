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
