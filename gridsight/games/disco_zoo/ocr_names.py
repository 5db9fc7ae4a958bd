"""The region's and the cards' names read by an OCR engine (the optional ``ocr`` extra).

With ``pip install gridsight[ocr]`` the PP-OCRv6 line recogniser shipped in the ``rapidocr``
wheel is run by ``onnxruntime`` (:mod:`gridsight.vision.ocr`) on the text lines the reader
found (:mod:`.names`: the region's line in the title bar, each card's name line; a card's own
name box too, :class:`~gridsight.games.disco_zoo.cards.CardSeen`), each line taken both
ways (lighter and darker text than its ground). What it reads is snapped to the catalogue
(:mod:`.snap`): the region to the regions' names, a card to the region's animals and the
pets (every animal when the region is unknown, then the region's of a card named an animal of
one region only), a name counted only when clearly nearer than any other and when every way
and box of the line that snaps names the same.

This is one more reading, never the last word: :func:`gridsight.games.disco_zoo.screen_text`
takes it only when it agrees with the names the screen's own glyphs read
(:mod:`.names`) and the cards' boxes, colours and the board settle one choice with it
(:func:`.settle.settle`). Without the extra (or with ``GRIDSIGHT_OCR=off``) nothing here
runs and the reader is as it was.

Measured on real-look screens (``bench/disco_zoo_ocr.py``; docs/real-games.md).
"""

from __future__ import annotations

import hashlib
import os
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from gridsight.games.disco_zoo.names import FULL_CARD, _region_animals, _vocabulary
from gridsight.games.disco_zoo.snap import snap
from gridsight.solvers.disco_zoo.catalogue import load_catalogue

ENGINE = "ppocr-v6"  # the recogniser the ocr extra installs (rapidocr's wheel, onnxruntime)
SWITCH = "GRIDSIGHT_OCR"  # "off": never read with OCR, even when installed
MARGIN = 0.3  # ground around a line's box, a share of its height, at least 2 pixels

Box = tuple[int, int, int, int]

if TYPE_CHECKING:
    from gridsight.vision.ocr import LineReader


@dataclass(frozen=True)
class OcrNames:
    """What the engine read: the region (``None``: not read beyond doubt) and each card's
    animal (``None`` where not), and the engine's name."""

    region: str | None
    cards: tuple[str | None, ...]
    engine: str


def available() -> bool:
    """Whether an OCR engine is installed and not switched off (:data:`SWITCH`)."""
    return _reader() is not None


def _reader() -> LineReader | None:
    if os.environ.get(SWITCH, "").lower() in ("off", "0", "no"):
        return None
    from gridsight.vision import ocr

    return ocr.engine(ENGINE)


_RECENT: OrderedDict[bytes, tuple[str, ...]] = OrderedDict()
RECENT = 32  # lines whose reading is remembered (live play shows one screen frame after frame)


def _read(reader: LineReader, crop: np.ndarray) -> tuple[str, ...]:
    """The engine's texts of ``crop`` both ways, remembered for the same pixels."""
    from gridsight.vision import ocr

    key = hashlib.sha1(np.ascontiguousarray(crop).tobytes() + repr(crop.shape).encode()
                       + reader.name.encode()).digest()
    if key not in _RECENT:
        _RECENT[key] = ocr.read_line(reader, crop)
        while len(_RECENT) > RECENT:
            _RECENT.popitem(last=False)
    _RECENT.move_to_end(key)
    return _RECENT[key]


def _crop(image: np.ndarray, box: Sequence[float]) -> np.ndarray | None:
    x, y, w, h = (float(v) for v in box)
    if w < 3 or h < 3:
        return None
    m = max(2.0, MARGIN * h)
    H, W = image.shape[:2]
    x0, y0 = int(max(0, x - m)), int(max(0, y - m))
    x1, y1 = int(min(W, x + w + m)), int(min(H, y + h + m))
    return image[y0:y1, x0:x1] if x1 - x0 >= 3 and y1 - y0 >= 3 else None


def _all_animals() -> dict[str, str]:
    """Every animal's written name (``POLAR BEAR``) and its name, pets included."""
    _, animals = _vocabulary()
    return {written: found[0].name for written, found in animals.items()}


def read_ocr_names(image: np.ndarray, lines: dict, cards: Sequence,
                   region: str | None = None) -> OcrNames | None:
    """The region and the cards' names read by the OCR engine off ``image``; ``None``
    when no engine is installed (or it is switched off). ``lines``: the text lines
    :func:`.names.read_names` found (``"region"``, ``"names"`` one per card or ``None``);
    ``cards``: the screen's cards (each with its ``panel`` and maybe ``name_box``);
    ``region``: the region when known (the player's, or read by the glyphs), which the card
    names are snapped to (the region's line is then not read)."""
    reader = _reader()
    if reader is None:
        return None
    regions, _ = _vocabulary()
    read_region = None
    line = lines.get("region")
    if region is None and line is not None:
        crop = _crop(image, line.box)
        if crop is not None:
            read_region = snap(_read(reader, crop), regions).name
    home = region or read_region
    found = list(lines.get("names") or [])
    texts = [_card_texts(reader, image, card, found[k] if k < len(found) else None)
             for k, card in enumerate(cards)]
    names = {w: a.name for w, a in _region_animals(home).items()} if home else _all_animals()
    out = [snap(t, names, cut=cut).name if t else None for t, cut in texts]
    if home is None:
        # The region not read: a card named an animal of one region only (not a pet) tells
        # it, and the other cards are snapped again among that region's animals (fewer names
        # to tell apart). The cards' boxes and the board still have to agree.
        catalogue = load_catalogue()
        pets = {a.name for a in catalogue.pets}  # (a pet may be in any region)
        homes = {a.region for name in out if name and name not in pets
                 for a in catalogue.animals() if a.name == name and a.region is not None}
        if len(homes) == 1:
            names = {w: a.name for w, a in _region_animals(homes.pop()).items()}
            out = [name or (snap(t, names, cut=cut).name if t else None)
                   for name, (t, cut) in zip(out, texts)]
    return OcrNames(read_region, tuple(out), reader.name)


def _card_texts(reader: LineReader, image: np.ndarray, card: Any,
                name_line: Any) -> tuple[list[str], bool]:
    """The engine's texts of a card's name (its line found, its own name box) and whether
    the name may be cut short (its line fills the card, or no line was found)."""
    width = float(card.panel.box[2])
    boxes = [name_line.box] if name_line is not None else []
    own = getattr(card, "name_box", None)
    if own is not None:
        boxes.append(own)
    texts: list[str] = []
    for box in boxes:
        crop = _crop(image, box)
        if crop is not None:
            texts += _read(reader, crop)
    return texts, name_line is None or name_line.box[2] >= FULL_CARD * width


