"""An OCR engine's text snapped to the names a line may show (a region's, an animal's).

An engine reads letters, not names: ``G0RILIA`` is read where the screen says ``GORILLA``.
The text is snapped to the nearest written name by edit distance (letters only; digits an
engine gives for look-alike capitals count as those capitals), and the snap counts only when
it is near (at most :data:`NEAR` of the name's letters differ) and clearly nearer than any
other name (:data:`MARGIN` edits), else the line stays unread. A name cut short on a narrow
card is matched by its first letters (``cut``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

NEAR = 0.34  # a snap is near when at most this share of the name's letters differ
MARGIN = 2  # ... and every other name is this many edits further
MIN_CUT = 5  # a cut name keeps at least this many letters
LOOK_ALIKE = str.maketrans({"0": "O", "1": "I", "2": "Z", "4": "A", "5": "S", "6": "G",
                            "7": "T", "8": "B", "|": "I", "$": "S"})


@dataclass(frozen=True)
class Snap:
    """A line's text snapped: ``name`` the name it counts as (``None``: unread), the text read
    and its distance to the nearest name and to the nearest other name."""

    name: str | None
    text: str
    best: int
    second: int


def letters(text: str) -> str:
    """The capitals of ``text``, look-alike digits as their letters, a small letter as
    ``?`` (the screen writes capitals only: an engine's small letter is a misread, matching
    nothing), nothing else."""
    out = []
    for ch in text.translate(LOOK_ALIKE):
        if "A" <= ch <= "Z":
            out.append(ch)
        elif ch.isalpha():
            out.append("?")
    return "".join(out)


def distance(a: str, b: str) -> int:
    """Edit distance (insertions, deletions, substitutions) between ``a`` and ``b``."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        last, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            last, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, last + (x != y))
    return row[-1]


def _cost(text: str, written: str, cut: bool) -> int:
    full = letters(written)
    best = distance(text, full)
    if cut:
        for k in range(max(MIN_CUT, len(text) - 1), min(len(full), len(text) + 2)):
            best = min(best, distance(text, full[:k]))
    return best


def snap_one(text: str, names: Mapping[str, str], *, cut: bool = False) -> Snap:
    """The name (a value of ``names``, keyed by its written form) one text of a line snaps
    to: counted when near and clearly nearer than every other name."""
    read = letters(text)
    if len(read) < 2:
        return Snap(None, read, 99, 99)
    scored: dict[str, int] = {}
    for written, name in names.items():
        cost = _cost(read, written, cut)
        scored[name] = min(cost, scored.get(name, cost))
    ranked = sorted(scored.items(), key=lambda kv: kv[1])
    name, best = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 99
    longest = max(len(letters(w)) for w, n in names.items() if n == name)
    near = best <= NEAR * longest
    return Snap(name if near and second - best >= MARGIN else None, read, best, second)


def snap(texts: Iterable[str], names: Mapping[str, str], *, cut: bool = False) -> Snap:
    """The name the engine's ``texts`` of one line (one per way the line was taken) snap
    to: each text snapped alone (:func:`snap_one`); counted when those that snap all name
    the same (two ways naming two names: unread)."""
    snaps = [snap_one(text, names, cut=cut) for text in texts]
    named = {s.name for s in snaps if s.name is not None}
    if not snaps:
        return Snap(None, "", 99, 99)
    best = min(snaps, key=lambda s: (s.name is None, s.best))
    if len(named) > 1:
        return Snap(None, best.text, best.best, best.second)
    return best
