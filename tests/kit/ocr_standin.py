"""The OCR engine (the ``ocr`` extra) stood in for by names given: for tests of the reader's
rules about the engine's reading, which run with or without the extra installed."""

from __future__ import annotations

from collections.abc import Sequence

from gridsight.games.disco_zoo import ocr_names


def engine_says(monkeypatch, region: str | None, cards: Sequence[str | None]) -> None:
    """Make the engine "available" and have it read ``region`` and ``cards`` (one name or
    ``None`` per card, in card order) off any screen."""
    monkeypatch.setattr(ocr_names, "available", lambda: True)
    monkeypatch.setattr(ocr_names, "read_ocr_names",
                        lambda image, lines, found, given=None, options=None:
                        ocr_names.OcrNames(region, tuple(cards), "stand-in"))


class _Reader:
    name = "stand-in"


def engine_reads(monkeypatch, cards_found: Sequence, region: str, texts: Sequence[str]) -> None:
    """Make the engine "available" and have it read the text ``region`` off the title line
    (and off any other line it is given) and ``texts[k]`` off the name of card ``k`` of
    ``cards_found`` (the screen's cards): the letters an engine gives, snapped to names by
    the reader's own rules."""
    index = {id(card): k for k, card in enumerate(cards_found)}
    monkeypatch.setattr(ocr_names, "_reader", lambda: _Reader())
    monkeypatch.setattr(ocr_names, "_read", lambda reader, crop: (region,))
    monkeypatch.setattr(ocr_names, "_card_texts",
                        lambda reader, image, card, line: ([texts[index[id(card)]]], False))
