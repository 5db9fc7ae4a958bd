"""A line of text read by an OCR engine from the registries, when one is installed (optional).

Nothing of this module is imported by the core: an engine is looked for only when asked
(:func:`engine`), and a missing one is ``None``, never an error. The engines known:

- ``ppocr-v6``: PaddleOCR's PP-OCRv6 line recogniser, its ONNX model shipped inside the
  ``rapidocr`` wheel (3.10+, Apache-2.0; nothing is downloaded), run by ``onnxruntime`` on
  one thread and decoded here (greedy CTC over the characters in the model's metadata): the
  ``ocr`` extra;
- ``ppocr-v4``: the same for the PP-OCRv4 model of the ``rapidocr-onnxruntime`` wheel (which
  depends on the full ``opencv-python``, clashing with the headless one: measured only);
- ``tesseract``: the ``tesseract`` program (Debian's ``tesseract-ocr``, Apache-2.0), one
  process per line on a PNG piped to it (``--psm 7``: one line; capitals only): measured only.

The line is already found (no text detector runs): the engines are given it as the screen's
own pixels make it (:func:`binarised`): the crop's ground is its border's colour, the text
what differs from it in lightness on one side (lighter or darker: both are tried, an outline
being on the other side), drawn black on white and scaled up by whole pixels (nearest, a
pixel font stays a pixel font) to a fixed cap height. This module knows no game: what the
text may say is the caller's business (``bench/disco_zoo_ocr.py`` measures them).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from typing import Protocol

import numpy as np

CAP = 32  # letter height (pixels) the line is scaled to, by a whole factor
PAD = 0.5  # white around the line, a share of the cap height
ENGINES = ("ppocr-v6", "ppocr-v4", "tesseract")


class LineReader(Protocol):
    """An engine that reads one line of capitals from a black-on-white picture."""

    @property
    def name(self) -> str: ...

    def read(self, picture: np.ndarray) -> str: ...


@dataclass(frozen=True)
class Tesseract:
    """The ``tesseract`` program, one line per call (``--psm 7``), capitals and spaces only."""

    program: str
    name: str = "tesseract"

    def read(self, picture: np.ndarray) -> str:
        import cv2

        ok, png = cv2.imencode(".png", picture)
        if not ok:
            return ""
        try:
            done = subprocess.run(
                [self.program, "stdin", "stdout", "--psm", "7", "--oem", "1", "-l", "eng",
                 "--dpi", "300", "-c", "tessedit_char_whitelist=ABCDEFGHIJKLMNOPQRSTUVWXYZ "],
                input=png.tobytes(), capture_output=True, timeout=20, check=False,
                env={**os.environ, "OMP_THREAD_LIMIT": "1"})  # one line: one thread is enough
        except (OSError, subprocess.TimeoutExpired):
            return ""
        return done.stdout.decode("utf-8", "replace").strip() if done.returncode == 0 else ""


class OnnxLineReader:
    """A PaddleOCR line recogniser (an ONNX model of 3x48xW input, CTC output, its characters
    in the model's metadata) run by ``onnxruntime`` on one thread, decoded greedily."""

    def __init__(self, name: str, model: str) -> None:
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = options.inter_op_num_threads = 1
        options.log_severity_level = 3
        self.name = name
        self._session = onnxruntime.InferenceSession(model, options,
                                                     providers=["CPUExecutionProvider"])
        characters = self._session.get_modelmeta().custom_metadata_map["character"]
        # index 0 is CTC's blank; the space comes last (PaddleOCR's use_space_char)
        self._characters = ["", *characters.splitlines(), " "]
        self._input = self._session.get_inputs()[0].name

    def read(self, picture: np.ndarray) -> str:
        import cv2

        if picture.ndim == 2:
            picture = cv2.cvtColor(picture, cv2.COLOR_GRAY2BGR)
        h, w = picture.shape[:2]
        width = max(16, int(np.ceil(48 * w / h)))
        x = cv2.resize(picture, (width, 48), interpolation=cv2.INTER_AREA).astype(np.float32)
        x = (x / 255.0 - 0.5) / 0.5
        from onnxruntime.capi.onnxruntime_pybind11_state import (
            Fail,
            InvalidArgument,
            RuntimeException,
        )

        try:
            scores = self._session.run(None, {self._input: x.transpose(2, 0, 1)[None]})[0][0]
        except (Fail, InvalidArgument, RuntimeException):  # the engine failed: a line unread
            return ""
        best = scores.argmax(axis=1)
        out, last = [], 0
        for k in best:
            if k != last and k != 0 and k < len(self._characters):
                out.append(self._characters[k])
            last = int(k)
        return "".join(out)


# Where each recogniser's model is found: the wheels that ship it (no download, ever).
MODELS = {"ppocr-v6": ("rapidocr", "models/PP-OCRv6_rec_small.onnx"),
          "ppocr-v4": ("rapidocr_onnxruntime", "models/ch_PP-OCRv4_rec_infer.onnx")}


def _model(name: str) -> str | None:
    import importlib.util
    from pathlib import Path

    package, relative = MODELS[name]
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin:
        return None
    path = Path(spec.origin).parent / relative
    return str(path) if path.is_file() else None


#: onnxruntime's own switch for its telemetry (read once, when it is imported).
NO_TELEMETRY = "ORT_DISABLE_TELEMETRY"


def _import_onnxruntime() -> None:
    """Import onnxruntime with its telemetry off. Imported plainly, onnxruntime 1.32 writes a
    device id and an event database under ``~/.cache/Microsoft/DeveloperTools/.onnxruntime``
    and keeps the database open (measured: three more open files after one Disco Zoo read),
    to be uploaded: a screen reader sends nothing anywhere. Its switch is an environment
    variable read at import: set for the import alone (a value the caller set is kept), then
    the environment is as it was. An onnxruntime the calling program imported already keeps
    the settings that program gave it."""
    import sys

    if "onnxruntime" in sys.modules:
        return
    given = os.environ.get(NO_TELEMETRY)
    os.environ.setdefault(NO_TELEMETRY, "1")
    try:
        import onnxruntime  # noqa: F401 - imported here with the switch set
    finally:
        if given is None:
            os.environ.pop(NO_TELEMETRY, None)


@cache
def engine(name: str) -> LineReader | None:
    """The engine ``name`` (one of :data:`ENGINES`) when installed here, else ``None``."""
    if name == "tesseract":
        program = shutil.which("tesseract")
        return Tesseract(program) if program else None
    if name in MODELS:
        model = _model(name)
        if model is None:
            return None
        try:
            _import_onnxruntime()
            from onnxruntime.capi.onnxruntime_pybind11_state import (
                Fail,
                InvalidGraph,
                InvalidProtobuf,
                NoSuchFile,
            )
        except ImportError:  # the model is here, onnxruntime is not
            return None
        try:
            return OnnxLineReader(name, model)
        except (Fail, InvalidGraph, InvalidProtobuf, NoSuchFile, KeyError) as error:
            import warnings

            warnings.warn(f"OCR engine {name} not used: its model {model} does not load "
                          f"({error})", RuntimeWarning, stacklevel=2)
            return None
    raise ValueError(f"unknown OCR engine {name!r}; known: {', '.join(ENGINES)}")


def binarised(crop: np.ndarray, lighter: bool, cap: int = CAP) -> np.ndarray | None:
    """The text of ``crop`` (a line with some ground around it, BGR) black on white, scaled
    by a whole factor (nearest) to about ``cap`` pixels tall, with a white margin; the text is
    what is ``lighter`` (else darker) than the crop's border colour by more than half the
    line's strongest difference. ``None`` when that side holds nothing."""
    import cv2

    if crop.ndim != 3 or min(crop.shape[:2]) < 3:
        return None
    light = cv2.cvtColor(crop, cv2.COLOR_BGR2Lab)[..., 0].astype(np.float32)
    frame = np.concatenate([light[0], light[-1], light[:, 0], light[:, -1]])
    side = (light - float(np.median(frame))) * (1 if lighter else -1)
    strongest = float(np.percentile(side, 99.5))
    if strongest < 12:  # (Lab lightness, 0..255): nothing stands out on this side
        return None
    ink = side > 0.5 * strongest
    rows = np.flatnonzero(ink.any(axis=1))
    cols = np.flatnonzero(ink.any(axis=0))
    if rows.size == 0:
        return None
    ink = ink[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
    factor = max(1, int(round(cap / max(1, ink.shape[0]))))
    big = np.kron(ink, np.ones((factor, factor), bool))
    pad = max(2, int(PAD * cap))
    out = np.full((big.shape[0] + 2 * pad, big.shape[1] + 2 * pad), 255, np.uint8)
    out[pad : pad + big.shape[0], pad : pad + big.shape[1]][big] = 0
    return out


def read_line(reader: LineReader, crop: np.ndarray) -> tuple[str, ...]:
    """What ``reader`` reads in ``crop`` taken both ways (its lighter text, its darker text;
    an empty side is skipped): one text per side read."""
    out = []
    for lighter in (True, False):
        picture = binarised(crop, lighter)
        if picture is not None:
            out.append(reader.read(picture))
    return tuple(out)

