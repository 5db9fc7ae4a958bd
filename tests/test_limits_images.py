"""Images that claim too many pixels, never end, come on standard input or fail: ``analyze``
and ``calibrate`` refuse them from the header, before decoding, in one line; ``--json`` gives
every input an object; ``--pack`` tells a name from a folder."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import time
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from gridsight.vision.errors import ImageReadError
from gridsight.vision.images import DEFAULT_MAX_PIXELS, ImageTooLarge, decode_image, image_size, load_image
from kit import inprocess

REPO = Path(__file__).resolve().parent.parent
SHOT = REPO / "examples" / "screenshots" / "tile-path-room.png"


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def claimed_png(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` pixels, with a few bytes of data."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header)
            + _png_chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + _png_chunk(b"IEND", b""))


def black_png(width: int, height: int) -> bytes:
    """A valid all-black PNG, compressed row by row (never the whole picture in memory)."""
    packer = zlib.compressobj(9)
    row = b"\x00" * (1 + 3 * width)
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header) + _png_chunk(b"IDAT", data)
            + _png_chunk(b"IEND", b""))


def _encoded(ext: str) -> bytes:
    image = (np.random.default_rng(0).random((30, 40, 3)) * 255).astype(np.uint8)
    return cv2.imencode(ext, image)[1].tobytes()


def _claiming(ext: str, width: int, height: int) -> bytes:
    """A small real image of format ``ext`` with its header's size fields rewritten."""
    data = bytearray(_encoded(ext))
    if ext == ".jpg":
        at = 2
        while data[at + 1] not in (0xC0, 0xC1, 0xC2):
            at += 2 + struct.unpack(">H", data[at + 2:at + 4])[0]
        data[at + 5:at + 9] = struct.pack(">HH", height, width)
    elif ext == ".bmp":
        data[18:26] = struct.pack("<ii", width, height)
    elif ext == ".png":
        data[16:24] = struct.pack(">II", width, height)
    return bytes(data)


@pytest.mark.parametrize("ext", [".png", ".jpg", ".bmp", ".webp", ".tiff", ".ppm"])
def test_the_size_is_read_from_the_header_of_every_format(ext):
    assert image_size(_encoded(ext))[1:] == (40, 30)
    assert decode_image(_encoded(ext)).shape == (30, 40, 3)


@pytest.mark.parametrize("ext", [".png", ".jpg", ".bmp"])
def test_a_header_claiming_too_many_pixels_is_refused_before_decoding(ext, tmp_path):
    path = tmp_path / f"huge{ext}"
    path.write_bytes(_claiming(ext, 60000, 50000))
    started = time.monotonic()
    with pytest.raises(ImageTooLarge) as info:
        load_image(path)
    assert time.monotonic() - started < 1
    message = str(info.value)
    assert str(path) in message and "60000 x 50000 = 3,000,000,000 pixels" in message
    assert f"limit of {DEFAULT_MAX_PIXELS:,}" in message and "--max-pixels" in message


def test_a_valid_black_image_above_the_limit_is_refused_and_the_limit_is_an_option(tmp_path):
    path = tmp_path / "black.png"
    path.write_bytes(black_png(300, 200))
    with pytest.raises(ImageTooLarge, match="300 x 200 = 60,000 pixels"):
        load_image(path, max_pixels=50_000)
    assert load_image(path, max_pixels=60_000).shape == (200, 300, 3)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_an_endless_file_is_refused_from_its_first_bytes():
    with pytest.raises(ImageReadError, match="not an image file"):
        load_image("/dev/zero")


def test_analyze_and_calibrate_refuse_a_huge_header_in_one_line(run_cli, tmp_path):
    huge = tmp_path / "huge.png"
    huge.write_bytes(claimed_png(100_000, 100_000))
    code, out, err = run_cli("analyze", str(huge), "--out", str(tmp_path))
    assert code == 2 and out == ""
    assert err.splitlines() == [f"gridsight: {huge}: cannot read image (PNG of 100000 x 100000 "
                                "= 10,000,000,000 pixels, more than the limit of 40,000,000; "
                                "raise it with --max-pixels N)"]
    code, _, err = run_cli("calibrate", "tile-path", str(huge), "--corners", "0,0,9,0,9,9,0,9",
                           "--labels", str(tmp_path / "unused.txt"))
    assert code == 2 and len(err.splitlines()) == 1 and "--max-pixels" in err
    small = tmp_path / "small.png"
    small.write_bytes(black_png(120, 100))
    code, _, err = run_cli("analyze", str(small), "--max-pixels", "10k", "--out", str(tmp_path))
    assert code == 2 and "120 x 100 = 12,000 pixels" in err


def test_analyze_json_prints_an_object_for_every_image_that_failed(run_cli, tmp_path):
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not a picture at all\n")
    code, out, err = run_cli("analyze", str(SHOT), str(bad), str(tmp_path / "gone.png"),
                             "--json", "--out", str(tmp_path / "out"))
    assert code == 2
    objects = [json.loads(line) for line in out.splitlines()]
    assert len(objects) == 3
    by_image = {o["image"]: o for o in objects}
    assert by_image[str(SHOT)]["game"] == "tile-path" and "error" not in by_image[str(SHOT)]
    assert by_image[str(bad)]["error"] == f"{bad}: cannot read image (a text file, not an image)"
    assert by_image[str(bad)]["game"] is None
    assert "no such file" in by_image[str(tmp_path / "gone.png")]["error"]
    assert len([line for line in err.splitlines() if "cannot read image" in line]) == 2


def test_analyze_names_a_loop_of_symbolic_links(run_cli, tmp_path):
    loop = tmp_path / "loop.png"
    os.symlink(loop, loop)
    code, _, err = run_cli("analyze", str(loop), "--out", str(tmp_path))
    assert code == 2
    assert err.splitlines()[0] == f"gridsight: {loop}: cannot read image (a loop of symbolic links)"


def _gridsight(*args: str, **kwargs) -> subprocess.CompletedProcess:
    """``gridsight ARGS`` in this process, answered as ``subprocess.run`` answers (bytes)."""
    return inprocess.gridsight(*args, **kwargs)


def test_analyze_reads_one_image_from_standard_input(tmp_path):
    result = _gridsight("analyze", "-", "--json", "--out", str(tmp_path),
                        input=SHOT.read_bytes())
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["image"] == "-" and data["game"] == "tile-path"
    assert (tmp_path / "stdin-advice.png").is_file()
    result = _gridsight("analyze", "-", "--out", str(tmp_path), input=b"\x00" * 100)
    assert result.returncode == 2
    assert result.stderr.decode().splitlines() == [
        "gridsight: <stdin>: cannot read image (not an image file: not PNG, JPEG, BMP, WebP, "
        "GIF, TIFF or PNM)"]


# -- packs -----------------------------------------------------------------------------------------


def test_a_pack_name_is_a_name_even_beside_a_folder_of_that_name(run_cli, tmp_path, monkeypatch):
    from gridsight.vision.packs import shipped_packs_root

    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    import shutil

    shutil.copytree(shipped_packs_root() / "tile-path" / "default", tmp_path / "mine")
    code, _, err = run_cli("analyze", str(SHOT), "--game", "tile-path", "--pack", "mine")
    assert code == 2
    line = err.strip()
    assert "template pack tile-path/mine: not found (tried " in line
    assert str(tmp_path / "data" / "templates" / "tile-path" / "mine") in line
    assert str(shipped_packs_root() / "tile-path" / "mine") in line
    assert "write --pack ./mine to use it" in line
    code, out, err = run_cli("analyze", str(SHOT), "--game", "tile-path", "--pack", "./mine",
                             "--out", str(tmp_path / "out"))
    assert code == 0, err
    assert "Full walk" in out


def test_region_is_refused_in_analyze_and_simulate_with_its_new_name(run_cli):
    for args in (("analyze", str(SHOT)), ("simulate", "disco-zoo")):
        code, _, err = run_cli(*args, "--region", "Farm")
        assert code == 2
        assert "--region is now --zoo-region here" in err and "capture rectangle" in err
