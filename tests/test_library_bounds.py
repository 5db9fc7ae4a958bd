"""The library bounds what it is given and leaves the calling program as it found it.

- ``api.read`` of an image already in memory has the same pixel bound as a file's
  (``max_pixels``, 40 million by default): a 1 x 50,000,000 array was searched for a board;
  the limit is the caller's to raise, and the words name ``max_pixels=N``, not the command's
  ``--max-pixels``.
- A picture one pixel high is searched like any other and found to hold no board: it stopped
  with an OpenCV assertion (``cv2.error`` out of the library; a traceback from ``gridsight
  analyze`` of a 5000 x 1 PNG).
- A hint's text is at most ``api.MAX_HINT_CHARS`` characters: parsed name by name, 100,000
  characters of Disco Zoo animals took 5 s of CPU and 10 MB would have taken minutes.
- Clustering a pit's colours (``cv2.kmeans`` seeded for the same answer every run) leaves the
  caller's OpenCV random generator as it was: ``cv2.setRNGSeed`` in the caller's thread reset
  a program's own seeded sequence.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from gridsight import api
from gridsight.vision.images import ImageTooLarge

SHOT = Path(__file__).resolve().parent.parent / "examples" / "screenshots" / "disco-zoo-jungle.png"


def test_an_array_past_max_pixels_is_refused_before_any_search():
    wide = np.zeros((1, 50_000_001, 3), np.uint8)  # 150 MB would be searched; refused at once
    with pytest.raises(ImageTooLarge, match=r"50000001 x 1 = 50,000,001 pixels, more than "
                                            r"the limit of 40,000,000; raise it with max_pixels=N"):
        api.read(wide, "tile-path")
    with pytest.raises(ImageTooLarge, match="limit of 99"):
        api.analyze(np.zeros((10, 10, 3), np.uint8), max_pixels=99)


def test_a_file_past_max_pixels_names_the_library_argument():
    with pytest.raises(ImageTooLarge, match=r"PNG of 300 x 540 = 162,000 pixels, more than the "
                                            r"limit of 1,000; raise it with max_pixels=N"):
        api.read(SHOT, max_pixels=1000)


@pytest.mark.parametrize("bad", [0, -5, True, 2.5, "5", None])
def test_max_pixels_of_the_wrong_kind_is_refused_in_words(bad):
    with pytest.raises(api.ArgumentError, match="max_pixels must be a whole number"):
        api.read(SHOT, max_pixels=bad)


@pytest.mark.parametrize("shape", [(1, 5000), (5000, 1), (1, 2)])
@pytest.mark.parametrize("game", ["pentomino", "minesweeper", None])
def test_a_picture_one_pixel_thin_holds_no_board(shape, game):
    with pytest.raises(api.BoardNotFoundError):
        api.read(np.zeros((*shape, 3), np.uint8), game)


def test_analyze_of_a_one_pixel_high_png_says_no_board(tmp_path, run_cli):
    thin = tmp_path / "thin.png"
    cv2.imwrite(str(thin), np.zeros((1, 5000, 3), np.uint8))
    code, _, err = run_cli("analyze", str(thin), "--game", "pentomino", "--out",
                           str(tmp_path / "out"))
    assert code == 2
    assert "no pentomino/default board found" in err


def _draws() -> np.ndarray:
    values = np.zeros(6, np.float32)
    cv2.randu(values, 0, 1)
    return values


def test_clustering_leaves_the_callers_opencv_generator_alone():
    from gridsight.vision.pit.items import ground_colours

    rng = np.random.default_rng(3)
    picture = rng.integers(1, 255, (60, 80, 3), dtype=np.uint8)
    cv2.setRNGSeed(1234)
    expected = _draws()
    cv2.setRNGSeed(1234)
    first = ground_colours(picture, clusters=6)
    assert np.array_equal(_draws(), expected)  # the caller's sequence goes on as seeded
    assert np.array_equal(ground_colours(picture, clusters=6), first)  # the same every run


def test_the_readers_caches_keep_neither_every_pack_nor_every_name_read():
    """A program reading pictures for hours: each ``api.read`` loads its pack afresh, and the
    Disco Zoo reader kept the layout of every pack it was given (images and all), and an
    answer for every card name it had read, for as long as the process lived."""
    import copy
    import gc
    import weakref

    from gridsight.games.disco_zoo import names, reader
    from gridsight.screenshots import PackShelf

    shipped = PackShelf(None).of("disco-zoo")
    first = copy.copy(shipped)
    gone = weakref.ref(first)
    reader.layout_of(first)
    del first
    for _ in range(3 * reader.LAYOUTS_KEPT):
        reader.layout_of(copy.copy(shipped))
    gc.collect()
    assert gone() is None  # the first pack is no longer held
    assert reader.layout_of.cache_info().currsize <= reader.LAYOUTS_KEPT
    for k in range(5000):
        names._card_options("Farm", (f"QX{k}",), None)
    assert names._card_options.cache_info().currsize <= 1 << 12


@pytest.mark.parametrize("value", ["Pig," * 300_000, ["Pig"] * 300_000, "x" * 1001])
def test_a_hint_past_its_size_is_refused_before_it_is_parsed(value):
    with pytest.raises(api.ArgumentError, match=r"hint 'animals' holds [\d,]+ characters, "
                                                r"more than the 1,000 a hint may"):
        api.read(np.zeros((40, 40, 3), np.uint8), "disco-zoo", hints={"animals": value})
