"""The screens ``analyze`` remembers (:mod:`gridsight.screens`): a second screenshot of a screen
is read where the first one's board was, with no search over every game's pack; a board that
moved is searched for again; the memory's file is a cache that never breaks a command."""

from __future__ import annotations

import json
import os
from pathlib import Path

import cv2
import numpy as np
import pytest

from gridsight.screens import FILE, MAX_SCREENS, ScreenMemory, Seen
from gridsight.screenshots import PackShelf, find_screenshot, find_seen, seen_of

REPO = Path(__file__).resolve().parent.parent
SHOT = REPO / "examples" / "screenshots" / "tile-path-room.png"


@pytest.fixture
def searches(monkeypatch):
    """How many full searches over every game's pack ran (``find_in`` with several packs)."""
    import gridsight.readers.find as find

    calls = []
    full_search = find.find_in

    def counting(image, packs):
        calls.append(sorted(packs))
        return full_search(image, packs)

    monkeypatch.setattr(find, "find_in", counting)
    return calls


def test_a_screen_seen_once_is_read_where_its_board_was(tmp_path, searches):
    image = cv2.imread(str(SHOT))
    memory = ScreenMemory(tmp_path / FILE)
    shelf = PackShelf()
    first = find_screenshot(image, shelf, None, memory)
    assert len(searches) == 1 and first.game == "tile-path"
    again = find_screenshot(image, PackShelf(), None, ScreenMemory(tmp_path / FILE))
    assert len(searches) == 1, "the second screenshot searched every pack again"
    assert again.read.labels() == first.read.labels()
    assert np.allclose(again.read.geometry.homography, first.read.geometry.homography)
    assert again.score == pytest.approx(first.score, rel=1e-6)
    # another --pack is another memory
    find_screenshot(image, PackShelf("default"), None, ScreenMemory(tmp_path / FILE))
    assert len(searches) == 2


def test_a_board_that_moved_is_searched_for_and_remembered_anew(tmp_path, searches):
    image = cv2.imread(str(SHOT))
    memory = ScreenMemory(tmp_path / FILE)
    find_screenshot(image, PackShelf(), None, memory)
    moved = np.full_like(image, 40)
    moved[20:, 12:] = image[:-20, :-12]  # the same screen size, the board elsewhere
    found = find_screenshot(moved, PackShelf(), None, memory)
    assert len(searches) == 2 and found.game == "tile-path"
    seen = ScreenMemory(tmp_path / FILE).recall(moved.shape, None)
    assert seen is not None and np.allclose(np.reshape(seen.homography, (3, 3)),
                                            found.read.geometry.homography)


def test_a_memory_of_another_game_or_size_is_not_used():
    image = cv2.imread(str(SHOT))
    shelf = PackShelf()
    found = find_screenshot(image, shelf, "tile-path")
    seen = seen_of(found)
    assert find_seen(image, seen, shelf.of("tile-path")) is not None
    assert find_seen(image, seen, shelf.of("pentomino")) is None  # another game's pack
    small = image[: image.shape[0] // 2]
    assert find_seen(small, seen, shelf.of("tile-path")) is None  # the board is not inside


def test_the_file_is_a_cache_that_never_breaks_a_command(tmp_path, run_cli, searches):
    path = tmp_path / "data" / FILE
    path.parent.mkdir()
    path.write_text("{not json", encoding="utf-8")
    os.environ["GRIDSIGHT_DATA_DIR"] = str(tmp_path / "data")  # undone by the autouse fixture
    code, out, err = run_cli("analyze", str(SHOT), "--json", "--out", str(tmp_path / "out"))
    assert code == 0, err
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["screens"]["320x288"]["seen"]["game"] == "tile-path"
    assert [p.name for p in path.parent.iterdir()] == [FILE]  # no temporary file left
    code, again, err = run_cli("analyze", str(SHOT), "--json", "--out", str(tmp_path / "out"))
    assert code == 0 and len(searches) == 1, err  # the second call used the memory
    first, second = json.loads(out), json.loads(again)
    first.pop("annotated"), second.pop("annotated")
    assert first == second
    # a folder it cannot write: the command still works
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / FILE).mkdir()  # a folder where the file should be: neither read nor replaced
    os.environ["GRIDSIGHT_DATA_DIR"] = str(locked)
    code, _, err = run_cli("analyze", str(SHOT), "--out", str(tmp_path / "out"))
    assert code == 0, err


def test_the_memory_keeps_the_most_recent_screens(tmp_path):
    memory = ScreenMemory(tmp_path / FILE)
    seen = Seen("tile-path", 6, 8, (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0), 1.2)
    for width in range(MAX_SCREENS + 5):
        memory.remember((100, 100 + width, 3), None, seen)
    kept = json.loads((tmp_path / FILE).read_text())["screens"]
    assert len(kept) == MAX_SCREENS
    assert ScreenMemory(tmp_path / FILE).recall((100, 100 + MAX_SCREENS + 4, 3), None) == seen
    broken = json.loads((tmp_path / FILE).read_text())
    broken["screens"]["100x100"] = {"seen": {"game": "x", "rows": -1}}
    (tmp_path / FILE).write_text(json.dumps(broken))
    assert ScreenMemory(tmp_path / FILE).recall((100, 100), None) is None


def test_a_crafted_memory_is_trimmed_once_and_never_raises(tmp_path):
    """A ``used`` that is not a number beside one that is made the trimming's ``min`` raise
    ``TypeError`` (a traceback out of ``analyze``); 20,000 entries were trimmed one ``min``
    at a time (13.8 s of CPU). Now the newest ``MAX_SCREENS`` are kept at load."""
    from gridsight.screens import FORMAT

    path = tmp_path / FILE
    screens = {f"k{i}": {"used": i} for i in range(20_000)}
    screens.update({"text": {"used": "x"}, "huge": {"used": 10**400}, "true": {"used": True}})
    path.write_text(json.dumps({"format": FORMAT, "screens": screens}))
    memory = ScreenMemory(path)
    seen = Seen("tile-path", 6, 8, (2.0, 0.0, 100.0, 0.0, 2.0, 50.0, 0.0, 0.0, 1.0), 1.3)
    memory.remember((10, 10, 3), None, seen)
    kept = json.loads(path.read_text())["screens"]
    assert len(kept) == MAX_SCREENS and "10x10" in kept
    assert set(kept) - {"10x10"} == {f"k{i}" for i in range(20_000 - MAX_SCREENS + 1, 20_000)}


def test_live_starts_where_the_board_was_seen(tmp_path):
    from gridsight.live.sources import GridSource
    from gridsight.registry import get_spec
    from gridsight.vision.capture import Frame, Rect

    image = cv2.imread(str(SHOT))
    frame = Frame(image, Rect(0, 0, image.shape[1], image.shape[0]), 0.0)
    spec = get_spec("tile-path")
    shelf = PackShelf()
    fresh = GridSource(spec, shelf.of("tile-path"), memory=ScreenMemory(tmp_path / FILE))
    fresh.read(frame)
    assert fresh._locator.searches == 1  # nothing known: searched, and remembered
    seeded = GridSource(spec, shelf.of("tile-path"), memory=ScreenMemory(tmp_path / FILE))
    update = seeded.read(frame)
    assert seeded._locator.searches == 0 and update.geometry is not None
    assert np.allclose(update.geometry.homography, fresh._locator.geometry.homography)
