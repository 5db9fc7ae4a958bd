"""Loading screenshots from disk as BGR ``uint8`` arrays, with errors that say what is wrong.

``cv2.imread`` returns ``None`` for every failure alike (missing, empty, truncated, not an
image); a player needs to know which. This module checks the file first and asks Pillow for
the reason when OpenCV cannot decode it.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "empty.png")
>>> open(path, "wb").close()
>>> load_image(path)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
vision.errors.ImageReadError: ...empty.png: cannot read image (empty file)
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.errors import ImageReadError


def load_image(path: str | Path) -> np.ndarray:
    """Read ``path`` into an ``(H, W, 3)`` BGR ``uint8`` array.

    Grey images are expanded to three channels and an alpha channel is dropped. Raises
    :class:`ImageReadError` naming the file and the problem otherwise.
    """
    file = Path(path)
    try:
        data = file.read_bytes()
    except FileNotFoundError:
        raise ImageReadError(path, "no such file") from None
    except IsADirectoryError:
        raise ImageReadError(path, "is a folder") from None
    except OSError as error:
        raise ImageReadError(path, error.strerror or "cannot open") from None
    if not data:
        raise ImageReadError(path, "empty file")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    if image is None or image.size == 0:
        raise ImageReadError(path, _why_undecodable(file, data))
    problem = _truncation(file)
    if problem:
        raise ImageReadError(path, problem)
    return _to_bgr(image, path)


def _to_bgr(image: np.ndarray, path: str | Path) -> np.ndarray:
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


def _why_undecodable(file: Path, data: bytes) -> str:
    """Pillow's opinion of a file OpenCV cannot decode, as a short reason."""
    try:
        from PIL import Image, UnidentifiedImageError
    except ImportError:  # pragma: no cover - Pillow is a dependency
        return "not a readable image"
    try:
        with Image.open(file) as img:
            fmt = img.format
            img.load()
    except UnidentifiedImageError:
        kind = _magic_format(data)
        if kind:
            return f"corrupt {kind} data"
        if _looks_like_text(data):
            return "a text file, not an image"
        return "not an image file (unknown format)"
    except (OSError, SyntaxError, ValueError) as error:
        text = str(error)
        if "truncated" in text.lower():
            return "truncated image data"
        return f"corrupt image data ({text})"
    return f"{fmt} image that OpenCV cannot decode"


def _truncation(file: Path) -> str | None:
    """OpenCV decodes a truncated JPEG or PNG into a partly grey image without complaint."""
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover
        return None
    try:
        with Image.open(file) as img:
            img.load()
    except (OSError, SyntaxError, ValueError) as error:
        text = str(error)
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


def _looks_like_text(data: bytes) -> bool:
    head = data[:512]
    try:
        head.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return all(b >= 9 for b in head)
