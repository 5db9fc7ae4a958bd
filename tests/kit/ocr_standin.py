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
                        lambda image, lines, found, given=None:
                        ocr_names.OcrNames(region, tuple(cards), "stand-in"))
