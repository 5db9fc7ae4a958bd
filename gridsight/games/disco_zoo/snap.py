"""An OCR engine's text snapped to the names a line may show (a region's, an animal's).

An engine reads letters, not names: ``G0RILIA`` is read where the screen says ``GORILLA``,
``GIHMI SLUIH`` where a pixel font's ``GIANT SLOTH`` stands. The texts of a line (one per way
the line was taken) are snapped to the nearest written name by an edit distance over letters
(digits an engine gives for look-alike capitals count as those capitals; a small letter as its
capital, at a cost: the screen writes capitals only) in which a substitution of two capitals a
pixel font draws alike (:data:`LOOK_ALIKE_PAIRS`: N and H, O and U, ...) costs half an edit.
Each text snaps alone, counted only when near (at most :data:`NEAR` of the name's letters
differ; for a name of three letters, at most a look-alike or small letters) and clearly
nearer than any other name (:data:`MARGIN` edits; :data:`CLOSE_MARGIN` for a text at most
:data:`CLOSE` from its name: ``GOAT`` is Goat though Cat is one look-alike and one more letter
away); a line counts when its texts that snap all name the same (two ways naming two names
leave it unread). A name cut short on a narrow card is matched by its first letters (``cut``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

NEAR = 0.34  # a snap is near when at most this share of the name's letters differ
MARGIN = 2.0  # ... and every other name is this many edits further
CLOSE = 0.5  # a text this near a name (one look-alike capital, two small letters) ...
CLOSE_MARGIN = 1.5  # ... counts when every other name is this many edits further than it
MIN_CUT = 5  # a cut name keeps at least this many letters
SHORT = 3  # a name this short snaps only within :data:`CLOSE` (a look-alike), not NEAR
LOOK_ALIKE = str.maketrans({"0": "O", "1": "I", "2": "Z", "4": "A", "5": "S", "6": "G",
                            "7": "T", "8": "B", "|": "I", "$": "S"})
SMALL = "?"  # a small letter's mark before it becomes its capital (see :func:`letters`)
SMALL_COST = 0.25  # a small letter matching its capital: a quarter of an edit
ALIKE_COST = 0.5  # two capitals a pixel font draws alike put for one another: half an edit
# Capitals that pixel fonts of 5 to 8 pixels draw nearly alike (a pixel or two apart): the
# substitutions PP-OCRv6 made at least 8 times in the texts it read of 1,411 real-look lines
# (seeds 210000-210299 of bench/disco_zoo_ocr.py --save, aligned with the truth), the most
# often first (H for N: 165 times), and five more seen on seeds 180000-180199 (SNSOUNTCH for
# SASQUATCH, LUHVUS for CORVUS, PCLAP for POLAR). Re-snapped, those 1,411 lines (with the
# close margin): regions named 227 -> 264 of 292, names among the region's animals 800 -> 827
# (5 -> 0 wrong), among all animals 767 -> 781 (2 -> 0 wrong).
LOOK_ALIKE_PAIRS = frozenset(frozenset(pair) for pair in (
    "HN", "HM", "MN", "HW", "AR", "KR", "FP", "AM", "HK", "IU", "IT", "AO", "BE", "DN", "VY",
    "FR", "OU", "CG", "AH", "UW", "UV", "DO", "AN", "OQ", "HR", "CL", "CO"))


@dataclass(frozen=True)
class Snap:
    """A line's texts snapped: ``name`` the name it counts as (``None``: unread), the text
    nearest a name and the distances to the nearest name and to the nearest other name."""

    name: str | None
    text: str
    best: float
    second: float
    nearest: str | None = None  # the nearest name when near, counted or not


def letters(text: str) -> str:
    """The letters of ``text`` as capitals (accents dropped), look-alike digits as their
    letters, a small letter marked (``?`` before its capital: the screen writes capitals only, so an engine's small
    letter is a capital it was unsure of), nothing else."""
    out = []
    # (an accent is the engine's guess of a stray pixel: É is E)
    bare = "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(ch))
    for ch in bare.translate(LOOK_ALIKE):
        if "A" <= ch <= "Z":
            out.append(ch)
        elif "a" <= ch <= "z":
            out.append(SMALL + ch.upper())
    return "".join(out)


def _units(read: str) -> list[tuple[str, bool]]:
    """``read`` (of :func:`letters`) as (capital, was small) pairs."""
    out, small = [], False
    for ch in read:
        if ch == SMALL:
            small = True
            continue
        out.append((ch, small))
        small = False
    return out


@lru_cache(maxsize=4096)  # letters as read: bounded
def _substitution(x: str, y: str) -> float:
    if x == y:
        return 0.0
    return ALIKE_COST if frozenset((x, y)) in LOOK_ALIKE_PAIRS else 1.0


def distance(a: str, b: str) -> float:
    """Edit distance between ``a`` (read, of :func:`letters`) and ``b`` (a name's capitals):
    insertions and deletions cost 1, a substitution 1, or :data:`ALIKE_COST` for capitals a
    pixel font draws alike; a small letter costs :data:`SMALL_COST` more where matched."""
    units = _units(a)
    row = [float(j) for j in range(len(b) + 1)]
    for i, (x, small) in enumerate(units, 1):
        last, row[0] = row[0], float(i)
        extra = SMALL_COST if small else 0.0
        for j, y in enumerate(b, 1):
            last, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1,
                                       last + _substitution(x, y) + extra)
    return row[-1]


def _cost(read: str, written: str, cut: bool) -> float:
    full = letters(written)
    best = distance(read, full)
    if cut:
        n = len(_units(read))
        for k in range(max(MIN_CUT, n - 1), min(len(full), n + 2)):
            best = min(best, distance(read, full[:k]))
    return best


def snap_one(text: str, names: Mapping[str, str], *, cut: bool = False) -> Snap:
    """The name (a value of ``names``, keyed by its written form) one text of a line snaps
    to: counted when near and clearly nearer than every other name (:data:`MARGIN`, or
    :data:`CLOSE_MARGIN` for a text within :data:`CLOSE` of it)."""
    read = letters(text)
    if len(_units(read)) < 2 or not names:
        return Snap(None, read, 99.0, 99.0)
    scored: dict[str, float] = {}
    for written, name in names.items():
        cost = _cost(read, written, cut)
        scored[name] = min(cost, scored.get(name, cost))
    ranked = sorted(scored.items(), key=lambda kv: kv[1])
    name, best = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 99.0
    longest = max(len(letters(w)) for w, n in names.items() if n == name)
    # (a name of three letters is one plain edit from any text of its length sharing two:
    # "2A7", read off a card's other line, is no CAT)
    near = best <= NEAR * longest and (longest > SHORT or best <= CLOSE)
    clear = second - best >= MARGIN or (best <= CLOSE and second - best >= CLOSE_MARGIN)
    return Snap(name if near and clear else None, read, best, second,
                name if near else None)


def snap(texts: Iterable[str], names: Mapping[str, str], *, cut: bool = False) -> Snap:
    """The name the engine's ``texts`` of one line (one per way the line was taken) snap
    to: each text snapped alone (:func:`snap_one`); counted when those that snap all name
    the same (two ways naming two names: unread)."""
    snaps = [snap_one(text, names, cut=cut) for text in texts]
    if not snaps:
        return Snap(None, "", 99.0, 99.0)
    named = {s.name for s in snaps if s.name is not None}
    best = min(snaps, key=lambda s: (s.name is None, s.best))
    if len(named) > 1:
        return Snap(None, best.text, best.best, best.second, best.nearest)
    return best
