"""The saved frames a replay report shows, read safely, once each, and the report's size bound.

A log names each step's frame by a plain file name; :class:`FrameStore` reads it only from one
folder (the log's own, or ``replay --frames DIR``; none at all for a log read from standard
input unless ``--frames`` says where), only as a regular file in that folder (never through a
symbolic link, never a FIFO), its pixels bounded before it is decoded, and downscaled to at
most :data:`MAX_FRAME_SIDE` pixels a side. A log pointing sixty times at one 12 MB frame
reads it once and embeds it once (:meth:`FrameStore.embed`); each step then draws only its
advice over it, as a transparent layer (:func:`gridsight.replay.annotation_layer`).

:class:`Budget` bounds the report's bytes (``replay --max-bytes``): past it, pictures and then
whole steps are left out, and the page says so.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gridsight.safefiles import read_regular

if TYPE_CHECKING:
    import numpy as np

    from gridsight.vision.geometry import BoardGeometry

#: The longest side of a frame as a report shows it (a 4K screenshot is shown at a third).
MAX_FRAME_SIDE = 1280
#: The default bound of a report's size (``replay --max-bytes``).
MAX_REPORT_BYTES = 50_000_000
#: Pixels of a saved frame read at most (as for a screenshot given to ``analyze``).
MAX_FRAME_PIXELS = 40_000_000


@dataclass(frozen=True, eq=False)
class Frame:
    """A saved frame as a report shows it: downscaled by ``scale`` (1: as saved)."""

    image: np.ndarray
    scale: float

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) in pixels."""
        return int(self.image.shape[1]), int(self.image.shape[0])

    def geometry(self, geometry: BoardGeometry) -> BoardGeometry:
        """``geometry`` (in the saved frame's pixels) in this frame's pixels."""
        import numpy as np

        from gridsight.vision.geometry import BoardGeometry

        if self.scale == 1.0:
            return geometry
        scaling = np.diag([self.scale, self.scale, 1.0])
        return BoardGeometry(geometry.rows, geometry.cols, scaling @ geometry.homography)


class FrameStore:
    """The frames of one folder, each read at most once (the last one kept, and what was
    wrong with the others), and embedded in a report at most once."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self._last: tuple[str, Frame | str] | None = None
        self._problems: dict[str, str] = {}
        self._sizes: dict[str, tuple[int, int, float]] = {}
        self.embedded: dict[str, str] = {}  # frame name -> CSS class of its background
        self.css: list[str] = []  # one rule per frame embedded
        self._by_content: dict[str, str] = {}  # the JPEG's digest -> its CSS class
        self.layers: dict[tuple, tuple[str, int, int]] = {}  # the last step's layer, its size

    def load(self, name: str) -> Frame | str:
        """The frame ``name``, or what is wrong with it (a sentence for the report)."""
        if self._last is not None and self._last[0] == name:
            return self._last[1]
        if name in self._problems:
            return self._problems[name]
        result = self._read(name)
        if isinstance(result, str):
            self._problems[name] = result
        else:
            self._sizes[name] = (*result.size, result.scale)
        self._last = (name, result)
        return result

    def size(self, name: str) -> tuple[int, int, float] | None:
        """(width, height, scale) of a frame already loaded."""
        return self._sizes.get(name)

    def _read(self, name: str) -> Frame | str:
        import cv2

        from gridsight.limits import max_image_bytes
        from gridsight.solvers.errors import one_line
        from gridsight.vision.errors import VisionInputError
        from gridsight.vision.images import decode_image

        drawn = "the board is drawn from the log instead"
        if self.folder is None:
            return (f"frame {name} not shown: the log came from standard input (give "
                    f"--frames DIR to show its frames); {drawn}")
        path = self.folder / name
        try:
            data = read_regular(path, limit=max_image_bytes(MAX_FRAME_PIXELS), follow=False)
        except FileNotFoundError:
            return f"frame {name} is missing; {drawn}"
        except OSError as error:
            return f"frame {name}: {one_line(str(error.strerror or error))}; {drawn}"
        try:
            # no option raises the bound: the hint would name analyze's --max-pixels
            image = decode_image(data, str(path), max_pixels=MAX_FRAME_PIXELS, raise_with="")
        except VisionInputError as error:
            return f"{one_line(str(error))}; {drawn}"
        side = max(image.shape[:2])
        if side <= MAX_FRAME_SIDE:
            return Frame(image, 1.0)
        scale = MAX_FRAME_SIDE / side
        small = cv2.resize(image, (max(1, round(image.shape[1] * scale)),
                                   max(1, round(image.shape[0] * scale))),
                           interpolation=cv2.INTER_AREA)
        return Frame(small, small.shape[1] / image.shape[1])

    def embed(self, name: str, frame: Frame, budget: Budget) -> str | None:
        """The CSS class whose background is frame ``name`` (embedded the first time, as a
        JPEG, when the budget allows); ``None`` when it does not fit."""
        if name in self.embedded:
            return self.embedded[name]
        import cv2

        ok, jpeg = cv2.imencode(".jpg", frame.image, [cv2.IMWRITE_JPEG_QUALITY, 88])
        if not ok:  # pragma: no cover - a BGR image always encodes
            return None
        digest = hashlib.sha256(jpeg.tobytes()).hexdigest()
        if digest in self._by_content:  # another file, the same picture: embedded once too
            self.embedded[name] = self._by_content[digest]
            return self.embedded[name]
        css_class = f"f{len(self._by_content)}"
        css = f".{css_class} {{ background-image: url(data:image/jpeg;base64," \
              f"{base64.b64encode(jpeg.tobytes()).decode('ascii')}); }}"
        if not budget.take(len(css)):
            return None
        self.embedded[name] = self._by_content[digest] = css_class
        self.css.append(css)
        return css_class


class Budget:
    """The bytes a report may still take (``replay --max-bytes``)."""

    def __init__(self, limit: int):
        self.limit = limit
        self.used = 0

    def fits(self, size: int) -> bool:
        return self.used + size <= self.limit

    def take(self, size: int) -> bool:
        """Count ``size`` more bytes if they fit; whether they did."""
        if not self.fits(size):
            return False
        self.used += size
        return True


def png_base64(image: np.ndarray, level: int = 6) -> str:
    """``image`` (BGR or BGRA) as base64 PNG (``level``: zlib's, 1 fast to 9 small)."""
    import cv2

    ok, png = cv2.imencode(".png", image, [cv2.IMWRITE_PNG_COMPRESSION, level])
    if not ok:  # pragma: no cover - an in-memory image always encodes
        raise RuntimeError("could not encode a picture as PNG")
    return base64.b64encode(png.tobytes()).decode("ascii")
