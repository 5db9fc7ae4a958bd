"""GIF, TIFF and PNM sizes read from their headers by gridsight itself (before anything is
decoded, and without Pillow, whose open refuses a picture past its process-wide guard): each
agrees with Pillow's own size; cut or damaged headers are refused in words."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from gridsight.vision.errors import ImageReadError
from gridsight.vision.images import decode_image, image_size


def _saved(fmt: str, mode: str, size: tuple[int, int], **options: object) -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, 77 if mode in ("L", "1") else (10, 200, 30)).save(out, fmt, **options)
    return out.getvalue()


@pytest.mark.parametrize(("fmt", "mode", "options"), [
    ("GIF", "RGB", {}), ("TIFF", "RGB", {}), ("TIFF", "L", {"compression": "tiff_lzw"}),
    ("PPM", "RGB", {}), ("PPM", "L", {}), ("PPM", "1", {}),
])
def test_header_sizes_agree_with_pillow(fmt, mode, options):
    data = _saved(fmt, mode, (301, 77), **options)
    found = image_size(data)
    assert found is not None and found[1:] == Image.open(io.BytesIO(data)).size == (301, 77)
    assert decode_image(data).shape == (77, 301, 3)


def test_big_endian_tiff_and_long_sizes():
    """``MM`` byte order, width and height as LONG fields."""
    entries = [(256, 4, 1, 70000), (257, 3, 1, 3)]
    ifd = len(entries).to_bytes(2, "big") + b"".join(
        tag.to_bytes(2, "big") + kind.to_bytes(2, "big") + count.to_bytes(4, "big")
        + (value.to_bytes(4, "big") if kind == 4 else value.to_bytes(2, "big") + bytes(2))
        for tag, kind, count, value in entries) + bytes(4)
    assert image_size(b"MM\x00*" + (8).to_bytes(4, "big") + ifd) == ("TIFF", 70000, 3)


def test_pnm_comments_and_blanks():
    assert image_size(b"P6\n# made by hand\n  12 # width\n\t34\n255\n") == ("PNM", 12, 34)


@pytest.mark.parametrize(("data", "words"), [
    (b"II*\x00" + (4000).to_bytes(4, "little") + bytes(60), "truncated TIFF header"),
    (b"II*\x00" + (8).to_bytes(4, "little") + (1).to_bytes(2, "little")
     + bytes(12) + bytes(50), "corrupt TIFF header (no width or height)"),
    (b"P5\nwide tall\n255\n" + bytes(60), "corrupt PNM header (no width or height)"),
    (b"P5 12" + b" " * 60, "truncated PNM header"),
    (b"P6\n#" + b"x" * 5000 + b"\n3 4\n255\n", "no width and height within its first 4,096"),
    (b"P6\n" + b"1" * 5000 + b" 4\n255\n", "no width and height within its first 4,096"),
])
def test_damaged_headers_are_refused_in_words(data, words):
    with pytest.raises(ImageReadError, match=words.replace("(", r"\(").replace(")", r"\)")):
        decode_image(data, "x")


def test_a_huge_pnm_number_is_refused_before_decoding():
    with pytest.raises(ImageReadError, match="more than the limit"):
        decode_image(b"P6\n" + b"9" * 400 + b" 9\n255\n" + bytes(40), "x")
