"""The legend panel under an annotated picture: the advice, why, warnings, what each mark means.

The advice (:attr:`Advice.status`, one short line in the game's words) comes first, larger
and in its own colour, so the eye finds it before anything else; a caveat the status line
ends with (an unsure cell the advice depends on, :mod:`gridsight.overlay.caveat`) on lines of
its own under it, in the warnings' colour; the one-line *why* (when
the advised cell is not the safest or likeliest) under it; the details
(:attr:`Advice.details`) are for the panel and the text report, not the picture.

Only what the advice actually uses is explained, each entry drawn with the very glyph the
board shows and named in the game's own words (the advice's :class:`~gridsight.solvers.advice.Legend`,
filled in by the game's adapter: Disco Zoo's "no animal", Thrill Digger's "bomb"; plain words
where it says nothing). The heat tint is shown from low to high of its caption's quantity, in
the game's direction. The panel is a plain BGR image the caller stacks under the picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

import cv2
import numpy as np

from gridsight.overlay import glyphs, style
from gridsight.overlay import text as text_mod
from gridsight.overlay.caveat import advice_and_caveat
from gridsight.solvers.advice import Advice, MarkKind

BACKGROUND: style.BGR = (38, 38, 38)
MAX_LABELS = 4  # a "{label}" entry is written for at most this many labels


def legend_panel(advice: Advice, width: int,
                 colours: Mapping[str, style.BGR] | None = None) -> np.ndarray:
    """A BGR panel ``width`` pixels wide (at least) explaining ``advice`` in its game's words
    (:attr:`Advice.legend`; plain words where the game gives none); ``colours``: a piece's
    colour by its label, the game's own (as :func:`gridsight.overlay.paint.render_layer`'s)."""
    px = int(np.clip(round(width / 75), 11, 20))
    pad = px
    head = int(round(px * style.HEADLINE_SCALE))
    lines: list[tuple[str, style.BGR, int]] = []
    headline, caveat = advice_and_caveat(advice.status)
    if headline:  # one line when it can be: smaller, down to the other text's size, first
        size = _fitting(headline, head, px, width - 2 * pad)
        lines += [(t, style.ADVICE, size) for t in _wrap(headline, size, width - 2 * pad)]
    if caveat:  # an unsure or unread cell the advice depends on: its own lines, under it
        lines += [(t, style.WARNING, px) for t in _wrap(caveat, px, width - 2 * pad)]
    if advice.why:
        lines += [(t, style.TEXT, px) for t in _wrap(advice.why, px, width - 2 * pad)]
    for warning in advice.warnings:
        lines += [(t, style.WARNING, px)
                  for t in _wrap("warning: " + warning, px, width - 2 * pad)]

    entries = legend_entries(advice, colours)
    box = int(px * 1.7)
    text_h = int(px * 1.6)  # the line height of an entry's words wrapped onto more lines
    # Lay entries out left to right, wrapping to a new row when the next does not fit; an
    # entry's words too long for the panel are wrapped under one another.
    rows: list[list[tuple[int, Entry, list[str]]]] = [[]]
    x = pad
    for entry in entries:
        room = width - 2 * pad - box * entry.span - px // 2
        words = _wrap(entry.words, px, room) or [entry.words]
        w = box * entry.span + px // 2 + max(text_mod.text_width(t, px) for t in words) + 2 * px
        if x > pad and x + w > width - pad:
            rows.append([])
            x = pad
        rows[-1].append((x, entry, words))
        x += w
    heights = [max([box] + [len(words) * text_h for _, _, words in row]) + px // 2
               for row in rows if row]
    line_hs = [int(size * 2.0) for _, _, size in lines]
    height = pad + sum(line_hs) + sum(heights) + pad
    panel = np.zeros((max(height, 2 * pad), width, 4), dtype=np.uint8)

    y = pad
    for (text, colour, size), h in zip(lines, line_hs):
        spr = text_mod.sprite(text, size, colour)
        text_mod.blit_at(panel, spr, pad, y + (h - spr.shape[0]) // 2)
        y += h
    for row, row_h in zip([r for r in rows if r], heights):
        for x, entry, words in row:
            entry.draw(panel, x, y, box)
            for i, text in enumerate(words):  # one line beside the sample, centred on it
                spr = text_mod.sprite(text, px, style.TEXT)
                top = y + (box - spr.shape[0]) // 2 if len(words) == 1 else \
                    y + i * text_h + (text_h - spr.shape[0]) // 2
                text_mod.blit_at(panel, spr, x + box * entry.span + px // 2, top)
        y += row_h

    out = np.empty((panel.shape[0], width, 3), dtype=np.uint8)
    out[:] = BACKGROUND
    keep = cv2.cvtColor(cv2.bitwise_not(cv2.extractChannel(panel, 3)), cv2.COLOR_GRAY2BGR)
    text_mod.over(out, cv2.cvtColor(panel, cv2.COLOR_BGRA2BGR), keep)
    return out


@dataclass(frozen=True)
class Entry:
    """One legend entry: its sample drawn by ``draw(panel, x, y, size)`` in ``span`` squares,
    and its words."""

    draw: Callable[[np.ndarray, int, int, int], None]
    words: str
    span: int = 1


def _unit(x: int, y: int, s: int):
    return lambda uv: np.asarray(uv, dtype=np.float64) * s + (x, y)


def _labelled(words: str, labels: list[str]) -> list[str]:
    """``words`` once per label when they hold ``{label}`` (at most :data:`MAX_LABELS`)."""
    if "{label}" not in words:
        return [words]
    labels = list(dict.fromkeys(label for label in labels if label))
    if not labels:
        return [words.replace("{label}", "").strip(" :")]
    shown = [words.replace("{label}", label) for label in labels[:MAX_LABELS]]
    if len(labels) > MAX_LABELS:
        shown[-1] += f" (and {len(labels) - MAX_LABELS} more)"
    return shown


def heat_words(advice: Advice) -> str:
    """The heat tint's caption with its direction: ``risk of a bomb: low → high``."""
    return f"{advice.legend.heat or style.HEAT_NAME}: low \u2192 high"


def legend_entries(advice: Advice,
                   colours: Mapping[str, style.BGR] | None = None) -> list[Entry]:
    """What ``advice`` draws, in its game's words: only what it actually uses. A piece's
    square is in ``colours``' colour for its label (the game's own, as the advice draws it)
    when given, else the palette's (:func:`~gridsight.overlay.style.piece_colour`)."""
    legend = advice.legend
    entries: list[Entry] = []

    def rec(panel, x, y, s):
        sq = np.array([[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]]) * s + (x, y)
        glyphs.outlined_polyline(panel, sq, style.RECOMMEND, max(3, s // 7), closed=True)
    # Each move an answer to a doubt calls for ("tap here if Tiger"), first and with the move's
    # square: "tap here next" over two squares said one of them was the move.
    choices = {(m.row, m.col) for m in advice.marks if m.kind is MarkKind.CHOICE}
    if any((c.row, c.col) not in choices for c in advice.recommend):
        entries.append(Entry(rec, legend.word("recommend", style.RECOMMEND_NAME)))
    kinds = sorted(MarkKind, key=lambda kind: kind is not MarkKind.CHOICE)
    for kind in kinds:
        marks = [m for m in advice.marks if m.kind is kind]
        if not marks:
            continue
        words = legend.word(kind.value, style.MARK_NAMES[kind])
        for text in _labelled(words, [m.label for m in marks]):
            entries.append(Entry(
                rec if kind is MarkKind.CHOICE else
                lambda panel, x, y, s, kind=kind: glyphs.draw_glyph(panel, kind, _unit(x, y, s)),
                text))
    if any(f.heat is not None for f in advice.figures):
        rises = legend.heat_rises

        def heat(panel, x, y, s, span=3):
            # Left to right: the caption's quantity from low to high.
            for i in range(s * span):
                t = i / max(1, s * span - 1)
                col = style.heat_colour(t if rises else 1.0 - t)
                panel[y + s // 4 : y + 3 * s // 4, x + i] = (*col, 255)
        entries.append(Entry(heat, heat_words(advice), span=3))
    if len(advice.path) > 1:  # one cell is a ring where the player stands: no walk drawn
        def path(panel, x, y, s):
            pts = np.array([[0.1, 0.5], [0.9, 0.5], [0.6, 0.25], [0.9, 0.5], [0.6, 0.75]]) * s + (x, y)
            glyphs.outlined_polyline(panel, pts, style.PATH, max(2, s // 8))
        entries.append(Entry(path, legend.word("path", style.PATH_NAME)))
    piece_words = legend.word("piece", style.PIECE_NAME)
    for piece in advice.pieces:
        colour = (colours or {}).get(piece.label) or style.piece_colour(piece.label)

        def fill(panel, x, y, s, colour=colour):
            sq = np.array([[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]]) * s + (x, y)
            glyphs.fill(panel, sq, colour)
            glyphs.polyline(panel, sq, style.TEXT, max(1, s // 10), True)
        entries.append(Entry(fill, _labelled(piece_words, [piece.label])[0]))
    return entries


def legend_samples(advice: Advice, size: int = 22,
                   colours: Mapping[str, style.BGR] | None = None) -> list[tuple[np.ndarray, str]]:
    """Each legend entry of ``advice`` as a small BGR picture of its mark and its words, for a
    legend written as text (the replay report's, legible at any width); ``colours`` as
    :func:`legend_entries`'s."""
    samples = []
    for entry in legend_entries(advice, colours):
        panel = np.zeros((size, size * entry.span, 4), np.uint8)
        entry.draw(panel, 0, 0, size)
        out = np.empty((size, size * entry.span, 3), np.uint8)
        out[:] = BACKGROUND
        keep = cv2.cvtColor(cv2.bitwise_not(cv2.extractChannel(panel, 3)), cv2.COLOR_GRAY2BGR)
        text_mod.over(out, cv2.cvtColor(panel, cv2.COLOR_BGRA2BGR), keep)
        samples.append((out, entry.words))
    return samples


def _fitting(text: str, largest: int, smallest: int, width: int) -> int:
    """The largest text size from ``largest`` down to ``smallest`` pixels at which ``text``
    fits in ``width`` pixels on one line (``smallest`` when none does: it is then wrapped).
    The advice is one short line the eye finds first: on a narrow picture (a phone's
    screenshot, 300 pixels wide) it was wrapped in two at the headline's size."""
    for size in range(largest, smallest - 1, -1):
        if text_mod.text_width(text, size) <= width:
            return size
    return smallest


def _wrap(text: str, px: int, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels, breaking where a reader would.

    A cell's words stay with its numbers ("columns 2 and 3" is never cut before its "3"), and a
    line that must break breaks after its last phrase (a ";" or ":") when it has one: the
    pentomino advice "Place U on row 1, columns 2 and 3; row 2, ...; row 3, columns 2 and 3"
    wrapped as "... columns 2 and" / "3" on a phone's screenshot. A unit wider than the line
    (a long word, a long list of numbers) stays whole.

    >>> _wrap("Place U on row 1, columns 2 and 3; row 3, columns 2 and 3", 12, 330)
    ['Place U on row 1, columns 2 and 3;', 'row 3, columns 2 and 3']
    """
    lines: list[str] = []
    current: list[str] = []
    for unit in _units(text):
        trial = " ".join(current + [unit])
        if current and text_mod.text_width(trial, px) > width:
            cut = _phrase_end(current, px, width)
            lines.append(" ".join(current[:cut]))
            current = current[cut:]
            while current and text_mod.text_width(" ".join(current + [unit]), px) > width:
                lines.append(" ".join(current))
                current = []
        current.append(unit)
    if current:
        lines.append(" ".join(current))
    return lines


def cells_unbroken(text: str) -> str:
    """``text`` with a cell's words and numbers joined by no-break spaces (the units of
    :func:`_units`), for a wrapping label: the live panel's why, "N's cells: row 3, column 9;
    ... row 6, column" / "10", broke between a column and its number.

    >>> cells_unbroken("row 6, columns 9 and 10; the rest").split(" ")
    ['row\\xa06,', 'columns\\xa09\\xa0and\\xa010;', 'the', 'rest']
    """
    return " ".join(unit.replace(" ", "\u00a0") for unit in _units(text))


def _units(text: str) -> list[str]:
    """``text``'s words with each number joined to the word before it, and "and"/"or" with the
    number after it joined to a unit ending in a number ("row 1," "columns 2 and 3;")."""
    units: list[str] = []
    words = text.split()
    i = 0
    while i < len(words):
        word = words[i]
        joins_number = (word in ("and", "or") and i + 1 < len(words)
                        and words[i + 1][:1].isdigit() and units and units[-1][-1:].isdigit())
        if joins_number:
            units[-1] += f" {word} {words[i + 1]}"
            i += 2
            continue
        if word[:1].isdigit() and units and not units[-1].endswith((";", ":", ".")):
            units[-1] += " " + word
        else:
            units.append(word)
        i += 1
    return units


def _phrase_end(units: list[str], px: int, width: int) -> int:
    """How many of a full line's ``units`` to keep on it: up to its last phrase end (a unit
    ending in ";" or ":") when that fills at least half the line, else all of them."""
    for i in range(len(units) - 1, 0, -1):
        if units[i - 1].endswith((";", ":")):
            kept = text_mod.text_width(" ".join(units[:i]), px)
            return i if 2 * kept >= width else len(units)
    return len(units)
