"""Bad input to the vision room: images that cannot be read and packs that are broken.

Every error names the file (or pack folder) and the problem, and is a ``VisionInputError``,
which the command line reports in one line with exit code 2.
"""

from __future__ import annotations

import json
import shutil

import cv2
import numpy as np
import pytest

from kit.skins import tile_path
from gridsight.vision.errors import BoardNotFoundError, ImageReadError, PackError, VisionInputError
from gridsight.vision.images import load_image
from gridsight.vision.lettering import put_text
from gridsight.vision.locate import locate_board
from gridsight.vision.packs import load_pack, load_pack_dir, shipped_packs_root


@pytest.fixture
def picture(tmp_path):
    image = (np.random.default_rng(0).random((60, 80, 3)) * 255).astype(np.uint8)
    png, jpg = tmp_path / "shot.png", tmp_path / "shot.jpg"
    cv2.imwrite(str(png), image)
    cv2.imwrite(str(jpg), image)
    return image, png, jpg


def test_good_png_and_jpeg_load_as_bgr(picture):
    image, png, jpg = picture
    assert (load_image(png) == image).all()
    loaded = load_image(jpg)
    assert loaded.shape == (60, 80, 3) and loaded.dtype == np.uint8


def test_grey_and_alpha_images_become_bgr(tmp_path):
    grey = np.full((10, 12), 77, np.uint8)
    rgba = np.zeros((10, 12, 4), np.uint8)
    rgba[..., 2] = 200
    cv2.imwrite(str(tmp_path / "g.png"), grey)
    cv2.imwrite(str(tmp_path / "a.png"), rgba)
    assert (load_image(tmp_path / "g.png") == 77).all()
    assert load_image(tmp_path / "a.png")[0, 0].tolist() == [0, 0, 200]


@pytest.mark.parametrize(
    "name, content, reason",
    [
        ("empty.png", b"", "empty file"),
        ("notes.png", b"this is a board file, not a picture\n. . .\n", "a text file"),
        ("noise.png", bytes(range(256)) * 4, "not an image file"),
    ],
)
def test_unreadable_files_name_the_file_and_the_problem(tmp_path, name, content, reason):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ImageReadError) as info:
        load_image(path)
    assert str(path) in str(info.value) and reason in str(info.value)
    assert isinstance(info.value, VisionInputError)


@pytest.mark.parametrize("suffix", ["png", "jpg"])
def test_truncated_images_are_refused(picture, tmp_path, suffix):
    _, png, jpg = picture
    data = (png if suffix == "png" else jpg).read_bytes()
    cut = tmp_path / f"cut.{suffix}"
    cut.write_bytes(data[: len(data) * 2 // 3])
    with pytest.raises(ImageReadError, match="truncated"):
        load_image(cut)


def test_corrupt_png_is_refused(picture, tmp_path):
    _, png, _ = picture
    data = bytearray(png.read_bytes())
    data[40:80] = bytes(40)  # clobber the header chunk and the start of the pixels
    bad = tmp_path / "bad.png"
    bad.write_bytes(bytes(data))
    with pytest.raises(ImageReadError, match="bad.png"):
        load_image(bad)


def test_a_damaged_png_is_refused_without_libpng_printing(picture, tmp_path, capfd):
    """libpng (inside OpenCV) prints its own "libpng error: ..." straight to the terminal for a
    cut or garbled PNG: the loader finds the damage first, so only our one line is said."""
    _, png, _ = picture
    data = png.read_bytes()
    garbled = bytearray(data)
    garbled[len(data) // 2:len(data) // 2 + 200] = bytes(b ^ 0x55 for b in garbled[
        len(data) // 2:len(data) // 2 + 200])
    for name, content in (("cut.png", data[: len(data) // 2]), ("garbled.png", bytes(garbled))):
        (tmp_path / name).write_bytes(content)
        with pytest.raises(ImageReadError, match=name):
            load_image(tmp_path / name)
    assert "libpng" not in capfd.readouterr().err


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(ImageReadError, match="no such file"):
        load_image(tmp_path / "nope.png")
    with pytest.raises(ImageReadError, match="is a folder"):
        load_image(tmp_path)


def test_image_without_a_board_is_board_not_found():
    frame = np.zeros((400, 600, 3), np.uint8)
    cv2.circle(frame, (300, 200), 120, (40, 200, 90), -1)
    put_text(frame, "no board here", (40, 60), cv2.FONT_HERSHEY_SIMPLEX, 1.5, (255, 255, 255), 3)
    with pytest.raises(BoardNotFoundError, match="tile-path"):
        locate_board(frame, load_pack("tile-path"))


def test_another_games_screenshot_is_board_not_found():
    shot = tile_path.render([". " * 8] * 6, scale=2)
    with pytest.raises(BoardNotFoundError, match="pentomino"):
        locate_board(shot.image, load_pack("pentomino"))


# -- packs ----------------------------------------------------------------------------------


@pytest.fixture
def pack_copy(tmp_path):
    folder = tmp_path / "pack"
    shutil.copytree(shipped_packs_root() / "tile-path" / "default", folder)
    return folder


def _edit_manifest(folder, change):
    path = folder / "manifest.json"
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_missing_pack_names_where_it_looked(monkeypatch, tmp_path):
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path))
    with pytest.raises(PackError) as info:
        load_pack("tile-path", "no-such-skin")
    assert "tile-path/no-such-skin" in str(info.value) and str(tmp_path) in str(info.value)


@pytest.mark.parametrize(
    "breakage, problem",
    [
        (lambda f: (f / "manifest.json").unlink(), "no manifest.json"),
        (lambda f: (f / "manifest.json").write_text("{ not json"), "not valid JSON (line 1"),
        (lambda f: _edit_manifest(f, lambda d: d.pop("templates")), "'templates' is missing"),
        (lambda f: _edit_manifest(f, lambda d: d.update(rows="six")), "'rows' must be a whole number from 1 to 200, not \"six\""),
        (lambda f: _edit_manifest(f, lambda d: d.update(format=99)), "'format' is 99: this gridsight reads format 1 only"),
        (lambda f: (f / "dot.png").unlink(), "image 'dot.png' is missing"),
        (lambda f: (f / "dot.png").write_bytes(b"garbage"), "'dot.png' is not a readable PNG"),
        (lambda f: cv2.imwrite(str(f / "dot.png"), np.zeros((5, 5, 3), np.uint8)),
         "template '.' (dot.png) is 5x5 pixels; the cell size is 32x32"),
        (lambda f: cv2.imwrite(str(f / "anchor.png"), np.zeros((5, 5, 3), np.uint8)),
         "anchor images must be"),
        (lambda f: _edit_manifest(f, lambda d: d["templates"][0].update(image="../x.png")),
         "must be a plain file name"),
    ],
)
def test_malformed_pack_names_the_pack_and_the_problem(pack_copy, breakage, problem):
    breakage(pack_copy)
    with pytest.raises(PackError) as info:
        load_pack_dir(pack_copy)
    assert str(pack_copy) in str(info.value)
    assert problem in str(info.value)
