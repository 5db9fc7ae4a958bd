"""gridsight's mark in the PNG files it writes (``safefiles/marks.py``, session 30), asked
directly: a name nothing stands at may be written (with it read as taken, the frame writer's
search for a free name never ended: s31tests' sabotage hung the log's tests instead of
failing them), a file of the player's own may not, one gridsight marked may, and the mark
is a PNG text chunk right after the header, the rest unchanged."""

from __future__ import annotations

import zlib

from safefiles.marks import HEAD, marked, replaceable

PNG = b"\x89PNG\r\n\x1a\n" + bytes(25) + b"IDAT-the-pixels"


def test_only_a_free_name_or_a_file_gridsight_marked_may_be_replaced(tmp_path):
    assert replaceable(tmp_path / "nothing-here.png", "saved frame")
    own = tmp_path / "players.png"
    own.write_bytes(PNG)
    assert not replaceable(own, "saved frame")
    ours = tmp_path / "ours.png"
    ours.write_bytes(marked(PNG, "saved frame"))
    assert replaceable(ours, "saved frame")
    assert not replaceable(ours, "annotated picture")  # another kind's mark is not this one


def test_the_mark_is_a_whole_text_chunk_after_the_header_and_the_rest_is_unchanged():
    out = marked(PNG, "saved frame")
    assert out[:HEAD] == PNG[:HEAD] and out.endswith(PNG[HEAD:])
    chunk = out[HEAD : len(out) - len(PNG) + HEAD]
    length = int.from_bytes(chunk[:4], "big")
    assert chunk[4:8] == b"tEXt" and len(chunk) == 12 + length
    assert chunk[8 : 8 + length] == b"Software\x00gridsight saved frame"
    assert int.from_bytes(chunk[-4:], "big") == zlib.crc32(chunk[4:-4])
