"""Loading screenshots as BGR ``uint8`` arrays, with errors that say what is wrong.

``cv2.imread`` returns ``None`` for every failure alike (missing, empty, truncated, not an
image), and decodes whatever size a header claims: a 900-byte PNG whose header says
100000 x 100000 raises an OpenCV assertion, and a valid 875 KB all-black 30000 x 30000 PNG
takes gigabytes before ``MemoryError``. So this module

- reads the file (or standard input) itself, in chunks, at most ``max_bytes``;
- reads the width and height from the header before anything is decoded (PNG, JPEG, BMP,
  WebP, GIF, TIFF and PNM, by hand: Pillow's own open would refuse a picture past its
  process-wide guard, which a library must not lift) and refuses an image of more than
  ``max_pixels`` pixels, naming the option that raises it (and one past Pillow's guard as the
  program has it: :func:`pillow_limit`);
- refuses any other format at once, from its first bytes (so ``/dev/zero`` is refused
  without being read to its end);
- asks Pillow for the reason when OpenCV cannot decode a file, and checks for truncation
  (OpenCV decodes a truncated PNG or JPEG into a partly grey image without complaint).

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "empty.png")
>>> open(path, "wb").close()
>>> load_image(path)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gridsight.vision.errors.ImageReadError: ...empty.png: cannot read image (empty file)
>>> huge = b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR" + (100000).to_bytes(4, "big") * 2
>>> image_size(huge)
('PNG', 100000, 100000)
"""

from __future__ import annotations

import errno
import io
import os
import struct
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO, Iterator

import numpy as np

from gridsight.safefiles import NotRegularFile, ReadTimeout, TimedPipe, open_regular
from gridsight.vision.errors import ImageReadError

#: The largest image accepted by default: an 8K screen is 33 million pixels.
DEFAULT_MAX_PIXELS = 40_000_000
#: Bytes of an image file accepted per pixel allowed (a BMP holds 3 or 4), plus a margin.
BYTES_PER_PIXEL = 5
BYTES_EXTRA = 1_000_000
CHUNK = 1 << 16
READ_AT_ONCE = 1 << 24
STDIN = "<stdin>"
PIXELS_OPTION = "--max-pixels"


class ImageTooLarge(ImageReadError):
    """An image whose header claims more pixels (or a file with more bytes) than allowed."""


def max_bytes_for(max_pixels: int) -> int:
    """The largest image file accepted when images may have ``max_pixels`` pixels."""
    return BYTES_PER_PIXEL * max_pixels + BYTES_EXTRA


def load_image(path: str | Path, *, max_pixels: int = DEFAULT_MAX_PIXELS,
               raise_with: str = f"{PIXELS_OPTION} N") -> np.ndarray:
    """Read ``path`` (``-``: standard input) into an ``(H, W, 3)`` BGR ``uint8`` array.

    Grey images are expanded to three channels and an alpha channel is dropped. Raises
    :class:`ImageReadError` naming the file and the problem otherwise, and
    :class:`ImageTooLarge` for an image of more than ``max_pixels`` pixels (before decoding),
    saying how to raise the limit: ``raise_with`` (the command's ``--max-pixels N``; the
    library's :func:`gridsight.api.read` names its own ``max_pixels=N``).
    """
    if str(path) == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise ImageReadError(STDIN, "standard input is not a byte stream")
        try:
            return _load(TimedPipe(stream, STDIN), STDIN, max_pixels, raise_with)
        except ReadTimeout as error:
            raise ImageReadError(STDIN, f"nothing arrived for {error.seconds:g} s") from None
    try:
        stream = open_regular(path)
    except OSError as error:
        raise ImageReadError(_shown(path), file_problem(path, error)) from None
    with stream:
        try:
            return _load(stream, str(path), max_pixels, raise_with)
        except IsADirectoryError:
            raise ImageReadError(_shown(path), "is a folder") from None
        except OSError as error:
            raise ImageReadError(_shown(path), file_problem(path, error)) from None


def _shown(path: str | Path) -> str:
    """A path as quoted in a message: control characters escaped (a name may hold any)."""
    text = str(path)
    return text if text.isprintable() else "".join(
        ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def decode_image(data: bytes, name: str = "<image>", *,
                 max_pixels: int = DEFAULT_MAX_PIXELS,
                 raise_with: str = f"{PIXELS_OPTION} N") -> np.ndarray:
    """:func:`load_image` of bytes already in memory (``name`` is used in the errors;
    ``raise_with`` as there, or empty where the command has no such option)."""
    return _load(io.BytesIO(data), name, max_pixels, raise_with)


def file_problem(path: str | Path, error: OSError) -> str:
    """What is wrong with a file that could not be opened, in a few words (a loop of symbolic
    links and a link to a missing file are told apart from a missing file)."""
    if isinstance(error, NotRegularFile):
        hint = "; to read a pipe, give - and redirect it: < PIPE" if "pipe" in error.kind else ""
        return f"is {error.kind}, not an image file{hint}"
    if isinstance(error, IsADirectoryError):
        return "is a folder"
    if error.errno == errno.ELOOP:
        return "a loop of symbolic links"
    if isinstance(error, FileNotFoundError):
        return "a symbolic link to a missing file" if os.path.islink(path) else "no such file"
    return error.strerror or str(error) or "cannot open"


# -- reading, bounded ---------------------------------------------------------------------------


class _Bytes:
    """The bytes of a stream read so far, read further only on demand, at most ``limit``."""

    def __init__(self, stream: BinaryIO, name: str, limit: int, max_pixels: int,
                 raise_with: str = f"{PIXELS_OPTION} N"):
        self.stream, self.name, self.limit, self.max_pixels = stream, name, limit, max_pixels
        self.raise_with = raise_with
        self.data = bytearray()
        self.ended = False

    def need(self, size: int) -> bool:
        """Read until ``size`` bytes are held; ``False`` when the stream ends first."""
        while len(self.data) < size and not self.ended:
            # At most READ_AT_ONCE a call: ``read(n)`` sets aside n bytes first, and a limit
            # raised far (``--max-pixels 1e23``'s 5e23 bytes) would be "out of memory".
            chunk = self.stream.read(min(max(CHUNK, size - len(self.data)),
                                         self.limit + 1 - len(self.data), READ_AT_ONCE))
            if not chunk:
                self.ended = True
                break
            self.data += chunk
            if len(self.data) > self.limit:
                raise ImageTooLarge(
                    self.name, f"more than {self.limit:,} bytes, the limit for images of "
                    f"{self.max_pixels:,} pixels{_raise_hint(self.raise_with)}")
        return len(self.data) >= size

    def rest(self) -> bytes:
        self.need(sys.maxsize)
        return bytes(self.data)


def _load(stream: BinaryIO, name: str, max_pixels: int,
          raise_with: str = f"{PIXELS_OPTION} N") -> np.ndarray:
    source = _Bytes(stream, name, max_bytes_for(max_pixels), max_pixels, raise_with)
    source.need(64)
    if not source.data:
        raise ImageReadError(name, "empty file")
    size = _header_size(source)
    if size is None:
        raise ImageReadError(name, _why_unknown(bytes(source.data[:512])))
    fmt, width, height = size
    if width * height > max_pixels:
        raise ImageTooLarge(
            name, f"{fmt} of {width} x {height} = {width * height:,} pixels, more than the "
            f"limit of {max_pixels:,}{_raise_hint(raise_with)}")
    if width <= 0 or height <= 0:
        raise ImageReadError(name, f"corrupt {fmt} header ({width} x {height} pixels)")
    data = source.rest()
    return _decode(data, name, fmt, max_pixels, width * height)


def _raise_hint(raise_with: str) -> str:
    """How to raise the bound, as the end of a sentence (nothing where no option raises it)."""
    return f"; raise it with {raise_with}" if raise_with else ""


def _decode(data: bytes, name: str, fmt: str, max_pixels: int,
            pixels: int | None = None) -> np.ndarray:
    import cv2

    # Pillow first: libpng, inside OpenCV, prints its own error for a truncated or corrupt PNG
    # ("libpng error: PNG input buffer is incomplete") straight to the terminal, which no log
    # level silences; Pillow finds the same damage quietly, and in the same words. So OpenCV
    # only ever decodes bytes Pillow decoded whole, and has nothing to log: no process-wide
    # log level is lowered around it (another thread of the caller's would lose its warnings).
    limit = pillow_limit()
    if limit is not None and pixels is not None and pixels > limit:
        raise past_pillow_limit(name, fmt, pixels, limit)
    problem = pillow_problem(data, pixels)
    if problem:
        raise ImageReadError(name, problem)
    try:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    except cv2.error as error:
        raise ImageReadError(name, f"{fmt} data OpenCV cannot decode "
                             f"({_first_line(str(error))})") from None
    if image is None or image.size == 0:
        raise ImageReadError(name, _why_undecodable(data))
    return _to_bgr(image, name)


def _first_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:120] if lines else "no reason given"


def _to_bgr(image: np.ndarray, path: str | Path) -> np.ndarray:
    import cv2

    if image.dtype == np.uint16:
        image = (image >> 8).astype(np.uint8)
    elif image.dtype != np.uint8:
        raise ImageReadError(path, f"unsupported pixel type {image.dtype}")
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.shape[2] == 3:
        return np.ascontiguousarray(image)
    raise ImageReadError(path, f"unsupported channel count {image.shape[2]}")


# -- sizes from headers ---------------------------------------------------------------------------


def image_size(data: bytes) -> tuple[str, int, int] | None:
    """``(format, width, height)`` from the header at the start of ``data``, without decoding
    anything; ``None`` when the format is not one gridsight reads or the header is cut short."""
    source = _Bytes(io.BytesIO(data), "<image>", len(data), 0)
    try:
        source.need(64)
        return _header_size(source)
    except ImageReadError:
        return None


def _header_size(source: _Bytes) -> tuple[str, int, int] | None:
    head = bytes(source.data[:16])
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return _png_size(source)
    if head.startswith(b"\xff\xd8\xff"):
        return _jpeg_size(source)
    if head.startswith(b"BM"):
        return _bmp_size(source)
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return _webp_size(source)
    if len(head) > 2 and head[0:1] == b"P" and head[1:2] in b"123456" and head[2:3].isspace():
        return _pnm_size(source)
    if head.startswith((b"GIF87a", b"GIF89a")):
        return _gif_size(source)
    if head.startswith((b"II*\x00", b"MM\x00*")):
        return _tiff_size(source)
    return None


def _cut(source: _Bytes, fmt: str) -> ImageReadError:
    return ImageReadError(source.name, f"truncated {fmt} header")


def _png_size(source: _Bytes) -> tuple[str, int, int]:
    if not source.need(24):
        raise _cut(source, "PNG")
    if source.data[12:16] != b"IHDR":
        raise ImageReadError(source.name, "corrupt PNG data (no IHDR header chunk)")
    width, height = struct.unpack(">II", source.data[16:24])
    return "PNG", width, height


# Start-of-frame markers carry the size; the others (DHT C4, JPG C8, DAC CC) do not.
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg_size(source: _Bytes) -> tuple[str, int, int]:
    at = 2
    while True:
        if not source.need(at + 4):
            raise _cut(source, "JPEG")
        if source.data[at] != 0xFF:
            raise ImageReadError(source.name, "corrupt JPEG data (no marker where one belongs)")
        marker = source.data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in (0x01, 0xD8) or 0xD0 <= marker <= 0xD7:  # markers without a length
            at += 2
            continue
        if marker in (0xD9, 0xDA):  # end of image, start of scan: no frame header before
            raise ImageReadError(source.name, "corrupt JPEG data (no frame header)")
        length = struct.unpack(">H", source.data[at + 2:at + 4])[0]
        if marker in _SOF:
            if not source.need(at + 9):
                raise _cut(source, "JPEG")
            height, width = struct.unpack(">HH", source.data[at + 5:at + 9])
            return "JPEG", width, height
        if length < 2:
            raise ImageReadError(source.name, "corrupt JPEG data (bad segment length)")
        at += 2 + length


def _bmp_size(source: _Bytes) -> tuple[str, int, int] | None:
    if not source.need(26):
        return None  # "BM" and little else: not a bitmap
    header = struct.unpack("<I", source.data[14:18])[0]
    if header == 12:  # BITMAPCOREHEADER: 16-bit sizes
        width, height = struct.unpack("<HH", source.data[18:22])
    elif header in (40, 52, 56, 64, 108, 124):
        width, height = struct.unpack("<ii", source.data[18:26])
    else:
        return None
    return "BMP", abs(width), abs(height)


def _webp_size(source: _Bytes) -> tuple[str, int, int]:
    if not source.need(30):
        raise _cut(source, "WebP")
    chunk = bytes(source.data[12:16])
    data = source.data
    if chunk == b"VP8 ":
        width, height = struct.unpack("<HH", data[26:30])
        return "WebP", width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L":
        bits = struct.unpack("<I", data[21:25])[0]
        return "WebP", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X":
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return "WebP", width, height
    raise ImageReadError(source.name, f"corrupt WebP data (unknown chunk {chunk!r})")


def _gif_size(source: _Bytes) -> tuple[str, int, int]:
    """GIF: the logical screen's size (what Pillow gives as the picture's size)."""
    if not source.need(10):
        raise _cut(source, "GIF")
    width, height = struct.unpack("<HH", source.data[6:10])
    return "GIF", width, height


#: The most header bytes a PNM's magic, comments, width and height may take.
_PNM_HEADER = 4096


def _pnm_size(source: _Bytes) -> tuple[str, int, int]:
    """PBM/PGM/PPM (P1-P6): the width and height after the magic, past blanks and ``#``
    comments. Numbers are read only this far: a header of more than 4096 bytes is refused."""
    source.need(_PNM_HEADER)
    head = bytes(source.data[:_PNM_HEADER])
    numbers: list[int] = []
    at = 2
    while len(numbers) < 2:
        while at < len(head) and (head[at:at + 1].isspace() or head[at:at + 1] == b"#"):
            if head[at:at + 1] == b"#":
                end = head.find(b"\n", at)
                at = len(head) if end < 0 else end
            at += 1
        digits = at
        while at < len(head) and head[at:at + 1].isdigit():
            at += 1
        if at >= len(head) and len(source.data) > len(head):
            raise ImageReadError(source.name, f"corrupt PNM header (no width and height within "
                                 f"its first {_PNM_HEADER:,} bytes)")
        if at == digits:
            if at >= len(head):
                raise _cut(source, "PNM")
            raise ImageReadError(source.name, "corrupt PNM header (no width or height)")
        numbers.append(int(head[digits:at]))
    return "PNM", numbers[0], numbers[1]


# TIFF tags of the picture's width and height, and the field types that may hold them.
_TIFF_WIDTH, _TIFF_HEIGHT = 256, 257
_TIFF_SHORT, _TIFF_LONG = 3, 4


def _tiff_size(source: _Bytes) -> tuple[str, int, int]:
    """TIFF: ImageWidth and ImageLength of the first image file directory."""
    if not source.need(8):
        raise _cut(source, "TIFF")
    order = "<" if source.data[:2] == b"II" else ">"
    (first,) = struct.unpack(order + "I", source.data[4:8])
    if first < 8 or not source.need(first + 2):
        raise _cut(source, "TIFF")
    (count,) = struct.unpack(order + "H", source.data[first:first + 2])
    if not source.need(first + 2 + 12 * count):
        raise _cut(source, "TIFF")
    size: dict[int, int] = {}
    for entry in range(first + 2, first + 2 + 12 * count, 12):
        tag, kind = struct.unpack(order + "HH", source.data[entry:entry + 4])
        if tag in (_TIFF_WIDTH, _TIFF_HEIGHT) and kind in (_TIFF_SHORT, _TIFF_LONG):
            value = source.data[entry + 8:entry + 12]
            size[tag] = struct.unpack(order + ("H" if kind == _TIFF_SHORT else "I"),
                                      value[:2] if kind == _TIFF_SHORT else value)[0]
    if _TIFF_WIDTH not in size or _TIFF_HEIGHT not in size:
        raise ImageReadError(source.name, "corrupt TIFF header (no width or height)")
    return "TIFF", size[_TIFF_WIDTH], size[_TIFF_HEIGHT]


def pillow_limit() -> int | None:
    """The most pixels Pillow opens in this process (twice ``PIL.Image.MAX_IMAGE_PIXELS``,
    past which ``Image.open`` refuses a picture as a decompression bomb; ``None``: no limit).

    The guard is the whole process's, so gridsight, a library, never lifts it, not even for a
    moment (another thread of the caller's would open pictures unguarded meanwhile), and asks
    no Pillow table of its own: a picture past it is refused in words
    (:func:`past_pillow_limit`). The ``gridsight`` command, which owns its process, raises the
    guard to fit ``--max-pixels`` (:func:`fit_pillow_guard`)."""
    from PIL import Image

    guard = Image.MAX_IMAGE_PIXELS
    return None if guard is None else 2 * guard


def past_pillow_limit(name: str, fmt: str, pixels: int, limit: int) -> ImageTooLarge:
    """The error for a picture ``max_pixels`` allows that Pillow's own guard refuses."""
    return ImageTooLarge(
        name, f"{fmt} of {pixels:,} pixels, more than Pillow's limit of {limit:,} in this "
        "program (twice PIL.Image.MAX_IMAGE_PIXELS, which gridsight never changes; the "
        "program sets it, the gridsight command to fit --max-pixels)")


def fit_pillow_guard(max_pixels: int) -> None:
    """Raise Pillow's process-wide guard so that pictures of ``max_pixels`` pixels open: for a
    program's own entry point only (the ``gridsight`` command calls it with ``--max-pixels``),
    never inside the library. Lowers nothing; imports Pillow only when the limit is past its
    default guard (89 million pixels: not for the default 40 million)."""
    if max_pixels <= 89_000_000:
        return
    from PIL import Image

    guard = Image.MAX_IMAGE_PIXELS
    if guard is not None and 2 * guard < max_pixels:
        Image.MAX_IMAGE_PIXELS = (max_pixels + 1) // 2


@contextmanager
def _pillow_open(data: bytes) -> Iterator[Any]:
    """``PIL.Image.open`` of bytes, with Pillow's own pixel guard as the process has it.

    Pillow's warnings (such as its decompression-bomb warning past 89 million pixels) go to
    the caller's own filters: ``warnings.catch_warnings`` swaps the process's filters, which
    another thread reading pictures at the same moment would see changed (the command line
    silences them for its own process: :func:`gridsight.cli.warnings_said`)."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        yield image


# -- reasons ---------------------------------------------------------------------------------------


def _why_undecodable(data: bytes) -> str:
    """Pillow's opinion of a file OpenCV cannot decode, as a short reason."""
    from PIL import Image, UnidentifiedImageError

    try:
        with _pillow_open(data) as img:
            fmt = img.format
            img.load()
    except Image.DecompressionBombError:
        return f"more than Pillow's limit of {pillow_limit() or 0:,} pixels in this program"
    except UnidentifiedImageError:
        kind = _magic_format(data)
        return f"corrupt {kind} data" if kind else _why_unknown(data[:512])
    except (OSError, SyntaxError, ValueError, struct.error, EOFError) as error:
        text = _first_line(str(error))
        if "truncated" in text.lower():
            return "truncated image data"
        return f"corrupt image data ({text})"
    except Exception as error:  # noqa: BLE001 - a Pillow decoder's own failure
        return f"corrupt image data ({type(error).__name__})"
    return f"{fmt} image that OpenCV cannot decode"


def cut_short(data: bytes) -> bool:
    """Whether a PNG or JPEG visibly ends before its end marker (PNG's ``IEND`` chunk, JPEG's
    end-of-image): a cheap test of a torn file, without decoding it (other formats: ``False``).

    >>> cut_short(b"\\x89PNG\\r\\n\\x1a\\n" + b"\\0" * 40), cut_short(b"GIF89a")
    (True, False)
    """
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return data.rfind(b"IEND", max(0, len(data) - 64)) < 0
    if data.startswith(b"\xff\xd8\xff"):
        return data.rfind(b"\xff\xd9", max(0, len(data) - 64)) < 0
    return False


def pillow_problem(data: bytes, pixels: int | None = None) -> str | None:
    """What is wrong with the picture in ``data``, found by decoding it whole with Pillow
    (``None``: nothing): a truncated PNG or JPEG, which OpenCV decodes into a partly grey
    image, or one libpng would complain of on the terminal. ``pixels``: its size from the
    header, if known."""
    from PIL import Image, UnidentifiedImageError

    limit = pillow_limit()
    if limit is not None and pixels is not None and pixels > limit:
        return f"more than Pillow's limit of {limit:,} pixels in this program"
    try:
        with _pillow_open(data) as img:
            img.load()
    except Image.DecompressionBombError:
        return f"more than Pillow's limit of {limit or 0:,} pixels in this program"
    except UnidentifiedImageError:  # an OSError whose words name Python's stream object
        kind = _magic_format(data) or "image"
        return f"truncated {kind} data" if cut_short(data) else f"corrupt {kind} data"
    except (OSError, SyntaxError, ValueError, struct.error, EOFError) as error:
        text = _first_line(str(error))
        return "truncated image data" if "truncated" in text.lower() else f"corrupt image ({text})"
    except Exception:  # noqa: BLE001 - a format Pillow does not know but OpenCV does
        return None
    return None


_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "PNG"),
    (b"\xff\xd8\xff", "JPEG"),
    (b"BM", "BMP"),
    (b"GIF8", "GIF"),
    (b"RIFF", "WebP"),
)


def _magic_format(data: bytes) -> str | None:
    for magic, name in _MAGIC:
        if data.startswith(magic):
            return name
    return None


def _why_unknown(head: bytes) -> str:
    if _looks_like_text(head):
        return "a text file, not an image"
    return "not an image file: not PNG, JPEG, BMP, WebP, GIF, TIFF or PNM"


def _looks_like_text(data: bytes) -> bool:
    head = data[:512]
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.start < len(head) - 3:  # not just a character cut at the end
            return False
    return bool(head) and all(b >= 9 for b in head)
