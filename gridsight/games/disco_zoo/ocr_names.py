"""The region's and the cards' names read by an OCR engine (the optional ``ocr`` extra).

With ``pip install gridsight[ocr]`` the PP-OCRv6 line recogniser shipped in the ``rapidocr``
wheel is run by ``onnxruntime`` (:mod:`gridsight.vision.ocr`) on the text lines the reader
found (:mod:`.names`: the region's line in the title bar, each card's name line; a card's own
name box too, :class:`~gridsight.games.disco_zoo.cards.CardSeen`), each line taken both
ways (lighter and darker text than its ground); where those name no animal (the line found
was ``YOU HAVE n``, or a box holding the sprite), its own: every text line of the card's
panel above its box row (:func:`panel_lines`), the one that names an animal being the name.
What it reads is snapped to the catalogue (:mod:`.snap`): the region to the regions' names, a card to the region's animals and the
pets (every animal when the region is unknown, then the region's of a card named an animal of
one region only), a name counted only when clearly nearer than any other and when every way
and box of the line that snaps names the same.

This is one more reading, never the last word: :func:`gridsight.games.disco_zoo.screen_text`
takes it only when it agrees with the names the screen's own glyphs read
(:mod:`.names`) and the cards' boxes, colours and the board settle one choice with it
(:func:`.settle.settle`), or, where the glyphs settled no region, when it read the region
and every card itself. Without the extra (or with ``GRIDSIGHT_OCR=off``) nothing here
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
                   region: str | None = None,
                   options: Sequence[Sequence[str]] | None = None) -> OcrNames | None:
    """The region and the cards' names read by the OCR engine off ``image``; ``None``
    when no engine is installed (or it is switched off). ``lines``: the text lines
    :func:`.names.read_names` found (``"region"``, ``"names"`` one per card or ``None``);
    ``cards``: the screen's cards (each with its ``panel`` and maybe ``name_box``);
    ``region``: the region when known (the player's, or read by the glyphs), which the card
    names are snapped to (the region's line is then not read); ``options``: for each card,
    the animals it may still be (what its boxes and colours and the board allow), its name
    then snapped among those alone (``KIWI`` drawn so that it reads ``HIHI`` is one
    look-alike pair from a pet's ``BIRD``, but clearly Kiwi among the common four-tile
    animals Bat, Badger and Kiwi)."""
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
    cards_read = [_CardReading(reader, image, card, found[k] if k < len(found) else None)
                  for k, card in enumerate(cards)]
    names = {w: a.name for w, a in _region_animals(home).items()} if home else _all_animals()
    loose = options is not None  # among a card's few animals, a name read cut short counts
    out = [card.name(_among(names, options, k), loose) for k, card in enumerate(cards_read)]
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
            out = [name or card.name(_among(names, options, k), loose)
                   for k, (name, card) in enumerate(zip(out, cards_read))]
    return OcrNames(read_region, tuple(out), reader.name)


def _among(names: dict[str, str], options: Sequence[Sequence[str]] | None,
           card: int) -> dict[str, str]:
    """``names`` (written form to name) narrowed to the animals card ``card`` may be."""
    if options is None or card >= len(options):
        return names
    allowed = set(options[card])
    return {written: name for written, name in names.items() if name in allowed}


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


HAVE = "YOU HAVE"  # the line under the name ("YOU HAVE n"): read, never a name
LINES = 3  # the card's text lines read when its name line is not: the lowest this many
WAIST = 0.35  # a row with less ink than this share of the band's median row parts two lines
LINE_MAX = 0.3  # a text line is at most this share of the card's height above its boxes


class _CardReading:
    """One card's name as the engine reads it: the name line found and the card's own name
    box first; where those snap to no name, every text line of the card's panel above its
    box row (:func:`panel_lines`), the name being what the one line that snaps to an animal
    (not ``YOU HAVE n``) says. The engine runs on a line once (:func:`_read` remembers)."""

    def __init__(self, reader: LineReader, image: np.ndarray, card: Any, line: Any) -> None:
        self.reader, self.image, self.card, self.line = reader, image, card, line
        self._first: tuple[list[str], bool] | None = None

    def name(self, names: dict[str, str], loose: bool = False) -> str | None:
        """The card's name among ``names`` (written form to name), ``None`` if not read;
        ``loose``: a text may be the name's first letters (the engine dropped its end),
        as when the line is cut at the card's edge."""
        if self._first is None:
            self._first = _card_texts(self.reader, self.image, self.card, self.line)
        texts, cut = self._first
        named = snap(texts, names, cut=cut or loose).name if texts else None
        if named is not None or getattr(self.card, "panel", None) is None:
            return named
        found = set()
        vocabulary = {**names, HAVE: HAVE}
        for box, line_cut in panel_lines(self.image, self.card):
            crop = _crop(self.image, box)
            if crop is None:
                continue
            read = snap(_read(self.reader, crop), vocabulary, cut=line_cut).name
            if read is not None and read != HAVE:
                found.add(read)
        return found.pop() if len(found) == 1 else None


def panel_lines(image: np.ndarray, card: Any) -> list[tuple[Box, bool]]:
    """The text lines on ``card``'s panel above its box row (its panel's bottom when no row
    was read), lowest first, at most :data:`LINES`: bands of rows holding ink (what differs
    from the panel's colour) across the card's inner width, at least 3 pixels and at most
    :data:`LINE_MAX` of that height tall (the sprite's band is taller); each with whether its
    ink fills the card (a name cut short). A band with a waist (a row of little ink between
    two of much, :func:`_halves`) gives its two halves too, lower first."""
    from gridsight.vision.boxrow import ink_lines, ink_mask

    x, y, w, h = (int(v) for v in card.panel.box)
    bottom = y + h
    boxes = getattr(card, "boxes", None)
    if boxes is not None and boxes.boxes:
        bottom = min(int(b[1]) for b in boxes.boxes) - 1
    inner = (x + int(0.04 * w), y, int(0.92 * w), bottom - y)
    if inner[2] < 8 or inner[3] < 8:
        return []
    bands: list[tuple[int, int]] = []
    for top, end in reversed(ink_lines(image, inner, card.panel.color)):
        # Two lines run together (a blurred gap): the band is split at its waist too.
        bands += [(top, end), *_halves(image, inner, card.panel.color, top, end)]
    out: list[tuple[Box, bool]] = []
    for top, end in bands:
        height = end - top
        if height < 3 or height > LINE_MAX * inner[3]:
            continue
        ink = ink_mask(image[top:end, inner[0] : inner[0] + inner[2]], card.panel.color)
        cols = np.flatnonzero(ink.any(axis=0))
        full = cols.size > 0 and cols[-1] - cols[0] >= FULL_CARD * w
        out.append(((inner[0], top, inner[2], height), bool(full)))
        if len(out) == LINES:
            break
    return out


def _halves(image: np.ndarray, inner: Box, colour: Any, top: int, end: int
            ) -> list[tuple[int, int]]:
    """The two lines of the band of rows ``top..end`` across ``inner`` where they run
    together (no blank row between them, the gap blurred): split at the row of least ink in
    the band's middle third, when that row holds less than :data:`WAIST` of the band's
    median row; the lower half first. ``[]`` when the band has no such waist."""
    from gridsight.vision.boxrow import ink_mask

    if end - top < 9:
        return []
    counts = ink_mask(image[top:end, inner[0] : inner[0] + inner[2]], colour).sum(axis=1)
    third = (end - top) // 3
    middle = counts[third : len(counts) - third]
    if middle.size == 0:
        return []
    waist = third + int(np.argmin(middle))
    if counts[waist] >= WAIST * float(np.median(counts)):
        return []
    return [(top + waist + 1, end), (top, top + waist)]
