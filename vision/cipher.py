"""Reading a screen's text in a font never seen, as a substitution cipher.

Nothing here knows the font, or any game: the caller says which lines of the screen carry a
known text (a label the game always shows) and which texts each other line may be (a
vocabulary). The known lines teach what each of their characters looks like *on this
screen*; a candidate text for another line is then weighed by how well it agrees with them
and with itself:

- a glyph read as a character already seen should look like that character's glyphs more
  than like any other character's (the difference is its cost);
- a glyph read as a character not seen yet must not look like a character seen (a glyph that
  is plainly an ``A`` is not a ``K``);
- two glyphs read as one character must look alike, two read as different ones must not,
  within a line, across lines and across the lines read together.

How alike "alike" is comes from the screen itself (:class:`Calibration`): the distances
between glyphs of the known lines that show one character, and between those that show
different ones, set the scale of every cost, so a blurred small screenshot and a sharp large
one are judged by their own standards.

:func:`rank` weighs every combination of candidates of several lines read together (with a
rule the caller gives, e.g. "all from one region"), and :func:`settle` says which lines are
read beyond doubt: a line is settled when every combination giving it another text costs at
least ``margin`` more than the best. Otherwise the texts within the margin are its
candidates, for the caller to ask the player about.

>>> import numpy as np
>>> from gridsight.vision.glyphs import text_lines
>>> bits = {"A": ["111", "101", "111", "101", "101"], "B": ["110", "101", "110", "101", "110"],
...         "C": ["111", "100", "100", "100", "111"], "D": ["110", "101", "101", "101", "110"]}
>>> def draw(text):
...     picture = np.full((30, 20 * len(text) + 20, 3), 40, np.uint8)
...     for k, ch in enumerate(text):
...         glyph = np.kron(np.array([[c == "1" for c in row] for row in bits[ch]]), np.ones((4, 4)))
...         picture[5:25, 10 + 20 * k : 22 + 20 * k][glyph > 0] = 230
...     return text_lines(picture)[0]
>>> cipher = Cipher([(draw("ABCD"), "ABCD"), (draw("BAD"), "BAD")])
>>> [r.texts for r in rank([(draw("CAB"), ("CAB", "DAB", "ACD"))], cipher)]
[('CAB',), ('DAB',), ('ACD',)]
>>> settle(rank([(draw("CAB"), ("CAB", "DAB"))], cipher), margin=2.0)
[Settled(text='CAB', candidates=('CAB',))]
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from typing import Callable, Sequence

import numpy as np

from gridsight.vision.glyphs import Glyph, TextLine, emboldened, glyph_distance, stretched

DEFAULT_SAME = 0.05  # distance between glyphs of one character, when the screen cannot say
DEFAULT_APART = 0.12  # ... of two characters
MIN_SCALE = 0.015  # the cost scale never shrinks below this (a screen of perfect glyphs)
KEEP = 5  # candidates kept per line (the cheapest alone) before lines are read together
MAX_COMBINATIONS = 20000  # combinations weighed at most
STYLE = 1.45  # lines whose strokes (for their size) differ by more are of two styles
THIN_STYLE = 2.2  # ... unless the thinner is read against the thicker (an outline thins it)
BOLD_STYLE = 2.6  # a line up to this much bolder is read against the thinner one emboldened
# Two lines' glyphs are weighed against each other in a joint reading only when the taller
# line's cap height is at most this many times the shorter's: a title three times its cards'
# names' size is drawn from another rendering of the font (its pixels blurred and rounded
# otherwise), and its ``O`` unlike the names' ``O`` at every shift (1.95x fresh real-look
# 1020039: ``MOON`` over ``MOONKEY`` and ``MOONICORN``, each line alone read so by 0.6 to
# 7.7, together 65 dearer for the pairs between the title and the names, so ``MARS`` with
# both names unread was read).
CROSS_SIZES = 2.5
SHORT_MARKS = "-.,'_~"  # characters drawn well short of a capital's height
SHORT = 0.6  # a glyph shorter than this share of its line's cap height is a short mark
MISFIT = 20.0  # the cost of reading a letter as a short mark, or the reverse
REMNANT = 2.0  # ... and of reading a letter's remnant as a letter (:func:`remnant`)
REMNANT_WIDTH = 0.6  # a remnant is this share of its line's usual glyph width or wider
EDGE = 0.15  # ... and ends this share of the cap height or less off the line's top or foot
SAME_QUANTILE = (0.9, 0.5)  # how far glyphs of one character are apart: this quantile...
APART_QUANTILE = (0.1, 0.25)  # ... and two characters' (the second pair when the first overlap)


@dataclass(frozen=True)
class Calibration:
    """How alike glyphs of one character are on this screen (``same``, a high quantile of
    their distances) and how unlike glyphs of two characters are (``apart``, a low
    quantile), with the number of pairs behind each."""

    same: float
    apart: float
    same_pairs: int
    apart_pairs: int

    @property
    def threshold(self) -> float:
        """The distance half way between alike and unlike."""
        return 0.5 * (self.same + self.apart)

    @property
    def scale(self) -> float:
        """The unit of every cost: half the gap between alike and unlike, or twice the
        distance between alike glyphs when that is less (on a sharp screen, where glyphs of
        one character are all but equal, a small difference says much)."""
        return max(MIN_SCALE, min(0.5 * (self.apart - self.same), 2.0 * self.same))

    @property
    def separation(self) -> float:
        """How well alike and unlike glyphs are told apart here, 0 (not at all) to 1."""
        return float(np.clip((self.apart - self.same) / max(self.apart, 1e-6), 0.0, 1.0))


def compatible(a: TextLine, b: TextLine) -> bool:
    """Whether two lines may be compared glyph for glyph: strokes of about one width for
    their size (:data:`STYLE`); a bold title and a regular label are two alphabets."""
    thin, thick = sorted((a.stroke, b.stroke))
    return thin > 0 and thick <= STYLE * thin


def bolder(line: TextLine, reference: TextLine) -> bool:
    """Whether ``line`` is of ``reference``'s font in bold: too bold for its style
    (:func:`compatible`) but at most :data:`BOLD_STYLE` times as thick. It is then read
    against ``reference`` drawn bold (:meth:`Cipher.references`): a title in the bold of
    the labels' font (measured on our skins' screens: strokes 1.8 to 2.4 times the
    labels', for their size)."""
    return (reference.stroke > 0 and line.stroke > STYLE * reference.stroke
            and line.stroke <= BOLD_STYLE * reference.stroke)


def readable_by(line: TextLine, reference: TextLine) -> bool:
    """Whether ``line`` may be read against the glyphs of ``reference`` (a line of known
    text): of its style (:func:`compatible`), or thinner by up to :data:`THIN_STYLE`: text
    ringed by an outline of another colour loses the outline's side of each stroke to it
    (measured: card text ringed in dark is about 0.55 as thick as the same font unringed),
    while nothing makes a regular stroke look bolder than it is."""
    return compatible(line, reference) or (
        line.stroke > 0 and reference.stroke <= THIN_STYLE * line.stroke
        and line.stroke <= reference.stroke)


class Cipher:
    """The glyphs of one screen whose text is known, as references for reading the rest.

    ``known`` pairs a line with its text (spaces part words; a line whose glyphs do not
    match its text's letters one for one is left out, see :func:`fits`). A line is read
    against the references of its own style only (:func:`compatible`)."""

    def __init__(self, known: Sequence[tuple[TextLine, str]]):
        self.known: list[tuple[TextLine, str]] = [(ln, t) for ln, t in known if fits(ln, t)]
        self.labelled: list[tuple[Glyph, str]] = []
        for line, text in self.known:
            self.labelled += list(zip(line.glyphs, text.replace(" ", "")))
        # (keyed by the glyphs' ids, each entry holding its two glyphs: a glyph freed while
        # its id is cached would let a new one take that id and be given its distance)
        self._cache: dict[tuple[int, int], tuple[Glyph, Glyph, float]] = {}
        # (keyed by the line's id, each entry holding the line, as above)
        self._refs: dict[int, tuple[TextLine, list[tuple[Glyph, str]]]] = {}
        self._bold: dict[tuple[int, float], tuple[TextLine, TextLine]] = {}
        # (keyed by ids, each entry holding what its key's ids are of, as above)
        self._near: dict[tuple[int, int], tuple[Glyph, TextLine, dict[str, float],
                                                dict[str, float]]] = {}
        self._pairs: dict[int, tuple[TextLine, list[tuple[int, int, float, float]]]] = {}
        self.calibration = self._calibrate()

    def distance(self, a: Glyph, b: Glyph) -> float:
        """:func:`gridsight.vision.glyphs.glyph_distance`, remembered."""
        if a is b:
            return 0.0
        key = (id(a), id(b)) if id(a) < id(b) else (id(b), id(a))
        entry = self._cache.get(key)
        if entry is None:
            entry = self._cache[key] = (a, b, glyph_distance(a, b))
        return entry[2]

    def references(self, line: TextLine) -> list[tuple[Glyph, str]]:
        """The known glyphs ``line`` may be compared with: those of known lines of its
        style, or when there are none, of those it is the bold of (:func:`bolder`),
        drawn bold to its stroke (:meth:`_bold_of`)."""
        if id(line) not in self._refs:
            own = [(known, text) for known, text in self.known if readable_by(line, known)]
            # (emboldened glyphs only for a line with no reference of its own style: they
            # are a model of its font's bold, less like it than its own style's glyphs)
            shown = own or [(bold, text) for known, text in self.known
                            if bolder(line, known) for bold in self._bold_of(known, line.stroke)]
            self._refs[id(line)] = (line, [(g, ch) for known, text in shown
                                           for g, ch in zip(known.glyphs,
                                                            text.replace(" ", ""))])
        return self._refs[id(line)][1]

    def _bold_of(self, known: TextLine, stroke: float) -> tuple[TextLine, TextLine]:
        """``known`` as its font's bold of ``stroke`` would draw it, both ways a pixel
        font's bold is made (:func:`~gridsight.vision.glyphs.emboldened`: each stroke
        widened; :func:`~gridsight.vision.glyphs.stretched`: each column doubled), made
        once: glyphs are compared by identity, and kept while the cipher lives."""
        key = (id(known), round(stroke, 3))
        if key not in self._bold:
            self._bold[key] = (emboldened(known, stroke), stretched(known, stroke))
        return self._bold[key]

    def _calibrate(self) -> Calibration:
        same: list[float] = []
        apart: list[float] = []
        for (la, ta), (lb, tb) in combinations_with_self(self.known):
            if not compatible(la, lb):
                continue
            pa = list(zip(la.glyphs, ta.replace(" ", "")))
            pb = list(zip(lb.glyphs, tb.replace(" ", "")))
            pairs = combinations(pa, 2) if la is lb else product(pa, pb)
            for (a, x), (b, y) in pairs:
                (same if x == y else apart).append(self.distance(a, b))
        # With few pairs the screen's word is blended with a prior.
        s = float(np.quantile(same, SAME_QUANTILE[0])) if same else DEFAULT_SAME
        d = float(np.quantile(apart, APART_QUANTILE[0])) if apart else DEFAULT_APART
        if same and apart and d <= s:
            # The tails overlap: some glyph of one character is as unlike its fellow as two
            # characters' glyphs are alike (small text through JPEG: a 6-px ``YOU HAVE``
            # read against a 10-px ``ATTEMPTS LEFT``, its ``O``, ``U`` and ``V`` all but
            # one blur). The scale would then fall to its floor, every reading dear and no
            # name read at all (measured: 1.4x seed 930052, same = apart = 0.142); the
            # pairs' middles still part the two kinds (there 0.071 and 0.174).
            s = float(np.quantile(same, SAME_QUANTILE[1]))
            d = float(np.quantile(apart, APART_QUANTILE[1]))
        ws, wd = min(1.0, len(same) / 6), min(1.0, len(apart) / 20)
        s = ws * s + (1 - ws) * DEFAULT_SAME
        d = wd * d + (1 - wd) * DEFAULT_APART
        return Calibration(s, max(d, s), len(same), len(apart))

    def nearest(self, glyph: Glyph, line: TextLine) -> dict[str, float]:
        """Each known character's distance to ``glyph`` of ``line`` (its nearest reference
        glyph of the line's style). Worked out once per glyph and line (the ranking weighs
        every candidate text of a line over the same glyphs): not to be changed."""
        return self._near_entry(glyph, line)[2]

    def _near_entry(self, glyph: Glyph, line: TextLine) -> tuple[Glyph, TextLine, dict[str, float],
                                                                 dict[str, float]]:
        """``(glyph, line, nearest, costs)``: :meth:`nearest` and the glyph's costs as each
        character asked for so far (:meth:`glyph_cost`), kept by the glyph's and the line's
        ids with both held (an id is not reused while its object lives)."""
        key = (id(glyph), id(line))
        entry = self._near.get(key)
        if entry is None:
            out: dict[str, float] = {}
            for ref, ch in self.references(line):
                d = self.distance(glyph, ref)
                if d < out.get(ch, 2.0):
                    out[ch] = d
            entry = self._near[key] = (glyph, line, out, {})
        return entry

    def glyph_cost(self, glyph: Glyph, ch: str, line: TextLine) -> float:
        """The cost of reading ``glyph`` (of ``line``) as character ``ch``, in units of the
        scale: how much nearer another known character is (``ch`` known), or how plainly it
        is a known character (``ch`` not known); and a short mark read as a letter (or a
        letter as a mark), which no font draws so (:func:`short_mark`). Remembered per
        glyph, line and character."""
        if short_mark(ch) != (glyph.box[3] < SHORT * glyph.height):
            return REMNANT if not short_mark(ch) and remnant(glyph, line) else MISFIT
        _, _, near, costs = self._near_entry(glyph, line)
        cost = costs.get(ch)
        if cost is None:
            cost = costs[ch] = self._glyph_cost(near, ch)
        return cost

    def _glyph_cost(self, near: dict[str, float], ch: str) -> float:
        cal = self.calibration
        if not near:
            return 0.0
        best = min(near.values())
        if ch in near:
            return (near[ch] - best) / cal.scale
        return max(0.0, cal.threshold - best) / cal.scale

    def pair_cost(self, a: Glyph, x: str, b: Glyph, y: str) -> float:
        """The cost of reading glyphs ``a`` and ``b`` as ``x`` and ``y``: unlike glyphs read
        as one character, or alike glyphs read as two."""
        same, apart = self._pair_costs(self.distance(a, b))
        return same if x == y else apart

    def _pair_costs(self, d: float) -> tuple[float, float]:
        """A pair of glyphs ``d`` apart read as one character, and as two (:meth:`pair_cost`)."""
        cal = self.calibration
        return max(0.0, d - cal.threshold) / cal.scale, max(0.0, cal.threshold - d) / cal.scale

    def _line_pairs(self, line: TextLine) -> list[tuple[int, int, float, float]]:
        """Each pair of ``line``'s glyphs (``i < j``, in :func:`itertools.combinations`'
        order) with its :meth:`pair_cost` read as one character and as two, worked out once
        per line (the distances asked for in the order :meth:`line_cost` asked for them)."""
        entry = self._pairs.get(id(line))
        if entry is None:
            table = [(i, j, *self._pair_costs(self.distance(a, b)))
                     for (i, a), (j, b) in combinations(enumerate(line.glyphs), 2)]
            entry = self._pairs[id(line)] = (line, table)
        return entry[1]

    def line_cost(self, line: TextLine, text: str) -> float:
        """The cost of reading one line as ``text`` (which must fit it). The same sums, in
        the same order, as each glyph's :meth:`glyph_cost` added up and then each pair's
        :meth:`pair_cost`, with the pairs' costs worked out once per line."""
        letters = text.replace(" ", "")
        cost = sum(self.glyph_cost(g, ch, line) for g, ch in zip(line.glyphs, letters))
        if len(letters) != len(line.glyphs):  # (zip's shorter length: pairs of the first)
            pairs = list(zip(line.glyphs, letters))
            cost += sum(self.pair_cost(a, x, b, y) for (a, x), (b, y) in combinations(pairs, 2))
            return cost
        cost += sum(same if letters[i] == letters[j] else apart
                    for i, j, same, apart in self._line_pairs(line))
        return cost

    def cross_cost(self, one: tuple[TextLine, str], two: tuple[TextLine, str]) -> float:
        """The cost of the pairs of glyphs between two lines read as their texts (none
        between lines of two styles, nor of sizes :data:`CROSS_SIZES` apart)."""
        if not compatible(one[0], two[0]) or \
                max(one[0].height, two[0].height) > CROSS_SIZES * min(one[0].height, two[0].height):
            return 0.0
        a_pairs = list(zip(one[0].glyphs, one[1].replace(" ", "")))
        b_pairs = list(zip(two[0].glyphs, two[1].replace(" ", "")))
        return sum(self.pair_cost(a, x, b, y) for a, x in a_pairs for b, y in b_pairs)

    def confirmed(self, readings: Sequence[tuple[TextLine | None, str]]) -> list[int]:
        """For each line read as its text (together with the others), how many of its
        glyphs something else on the screen vouches for: a glyph of its style elsewhere read
        as the same character (a reference, or a glyph of another of these lines) that looks
        alike, and no reference of another character nearer. A text nothing contradicts but
        nothing vouches for (letters seen nowhere else) is no reading; nor is one a line
        vouches for by itself (two glyphs alike read as a double letter), and a line with no
        reference of its style vouches for nothing."""
        cal = self.calibration
        out = []
        for line, text in readings:
            if line is None:
                out.append(0)
                continue
            pool = list(self.references(line))
            for other, other_text in readings:  # other lines: a line cannot vouch for itself
                if other is not None and other is not line and compatible(other, line):
                    pool += list(zip(other.glyphs, other_text.replace(" ", "")))
            count = 0
            if not self.references(line):
                out.append(0)
                continue
            for g, ch in zip(line.glyphs, text.replace(" ", "")):
                same = [self.distance(g, h) for h, x in pool if x == ch and h is not g]
                other_d = [self.distance(g, h) for h, x in self.references(line) if x != ch]
                if same and min(same) < cal.threshold and (
                        not other_d or min(same) < min(other_d) - 0.5 * cal.scale):
                    count += 1
            out.append(count)
        return out


def short_mark(ch: str) -> bool:
    """Whether ``ch`` is drawn well short of the capitals' height in any font (a hyphen, a
    dot, a colon's dots are; letters and digits are not)."""
    return ch in SHORT_MARKS


def remnant(glyph: Glyph, line: TextLine) -> bool:
    """Whether a glyph too short for a letter is what is left of one: a bar as wide as the
    line's letters (:data:`REMNANT_WIDTH` of their median) along the line's foot or top,
    the letter's other strokes too faint to be ink (a pixel font's one-pixel strokes at a
    small size: 0.92x seed 7018's ``L`` as its foot alone, 3 pixels by 1). A short mark
    stands clear of both (a hyphen) or is narrow (a dot). Such a glyph is read as a letter
    at :data:`REMNANT`, its shape saying nothing of which: the rest of its line and the
    vocabulary say it."""
    x, y, w, h = glyph.box
    widths = [g.box[2] for g in line.glyphs]
    if not widths or w < REMNANT_WIDTH * float(np.median(widths)):
        return False
    edge = max(1.0, EDGE * line.height)
    top, foot = line.box[1], line.box[1] + line.box[3]
    return abs(y + h - foot) <= edge or abs(y - top) <= edge


def combinations_with_self(items: Sequence) -> list[tuple]:
    """Every unordered pair of ``items``, each item with itself too."""
    return [(items[i], items[j]) for i in range(len(items)) for j in range(i, len(items))]


def fits(line: TextLine, text: str) -> bool:
    """Whether ``text`` can be what ``line`` shows: as many glyphs in each word as letters."""
    return tuple(len(w) for w in text.split()) == line.words


@dataclass(frozen=True)
class Ranked:
    """One way of reading several lines together: a text per line, the total cost, and
    each line's own part of it (its glyphs against the references and each other)."""

    texts: tuple[str, ...]
    cost: float
    parts: tuple[float, ...] = ()
    lines: tuple[TextLine | None, ...] = ()  # the line each text was read on (see ``cuts``)


@dataclass(frozen=True)
class Ranking:
    """Every allowed reading, cheapest first, and for each line the cost of its cheapest
    candidate alone (``alone``: what the line looks like it says, whatever the rule).
    ``clear``: for each line, how much its cheapest candidate alone is cheaper than its next
    (``UNREAD`` among them; 0 for a line not seen); ``complete`` whether every combination
    was weighed (else only the first :data:`MAX_COMBINATIONS`: see :func:`settle`)."""

    readings: tuple[Ranked, ...]
    alone: tuple[float, ...]
    clear: tuple[float, ...] = ()
    complete: bool = True
    # For each line, its cheapest candidate alone (``""`` for a line not seen, or none fits).
    best: tuple[str, ...] = ()

    def __iter__(self):
        return iter(self.readings)

    def __len__(self) -> int:
        return len(self.readings)

    def __getitem__(self, k: int) -> Ranked:
        return self.readings[k]


Slot = tuple[TextLine | None, Sequence[str]]
# A slot's line cut for one of its texts (``None``: that text cannot be read off it): the
# line itself, or the line cut anew into that text's letters (see :func:`rank`).
Cut = Callable[[str], TextLine | None]


UNREAD = "?"  # the text of a line read as none of its candidates (see :func:`rank`)


def rank(slots: Sequence[Slot], cipher: Cipher,
         allowed: Callable[[tuple[str, ...]], bool] = lambda texts: True,
         keep: int = KEEP, unread: float | None = None, *,
         cuts: Sequence[Cut | None] = (), recut: float = 0.0) -> Ranking:
    """Every allowed way of reading the ``slots`` (a line, or ``None`` for one not seen,
    with its candidate texts) together, cheapest first. Candidates that do not fit their
    line are left out; each line keeps its ``keep`` cheapest candidates alone (a line not
    seen keeps all, at no cost), then every combination the rule ``allowed`` accepts is
    weighed with the pairs between the lines.

    With ``unread``, each seen line may also be read as :data:`UNREAD` (none of its
    candidates: a line cut wrongly into glyphs, a word not in the vocabulary) at ``unread``
    plus its cheapest candidate's cost (at most ``unread`` of it), weighed against the
    other lines as that candidate: one line gone wrong does not force a wrong reading on
    the lines read with it (:func:`_unread_cost`). The rule sees
    :data:`UNREAD` as a text like the others.

    With ``cuts`` (one per slot, or ``None``), a slot's texts are each read off the line its
    cut gives for that text (the line itself, or the line cut anew into that text's letters,
    at ``recut`` more: a line cut wrongly into glyphs at a small size is read as each of its
    names would cut it, not as none); each reading keeps the lines it read
    (:attr:`Ranked.lines`)."""

    def line_for(k: int, text: str) -> TextLine | None:
        line = slots[k][0]
        cut = cuts[k] if k < len(cuts) else None
        if line is None or text == UNREAD or cut is None:
            return line if line is not None and (text == UNREAD or fits(line, text)) else None
        return cut(text)

    def cost_of(k: int, text: str) -> float | None:
        line = line_for(k, text)
        if line is None:
            return None
        return cipher.line_cost(line, text) + (recut if line is not slots[k][0] else 0.0)

    options: list[list[tuple[str, float]]] = []
    alone: list[float] = []
    stand_in: list[str] = []  # an unread line is weighed against the others as its best text
    for line, texts in slots:
        if line is None:
            options.append([(t, 0.0) for t in dict.fromkeys(texts)])
            alone.append(0.0)
            stand_in.append("")
            continue
        k = len(options)
        costed = [(t, cost_of(k, t)) for t in dict.fromkeys(texts)]
        scored = sorted(((t, c) for t, c in costed if c is not None), key=lambda tc: tc[1])
        if not scored:  # no candidate fits the line (cut wrongly): read as none of them
            options.append([(UNREAD, 0.0)])
            alone.append(0.0)
            stand_in.append("")
            continue
        alone.append(scored[0][1])
        stand_in.append(scored[0][0])
        if unread is not None:
            scored.append((UNREAD, _unread_cost(scored, unread)))
        options.append(scored)
    # The cheapest candidates of each line, then any that the rule needs: a line's best
    # allowed text may be far down its own list.
    cross: dict[tuple[int, str, int, str], float] = {}

    def between(i: int, ti: str, j: int, tj: str) -> float:
        key = (i, ti, j, tj)
        if key not in cross:
            cross[key] = cipher.cross_cost((line_for(i, ti), ti), (line_for(j, tj), tj))  # type: ignore[arg-type]
        return cross[key]

    seen_lines = [k for k, (line, _) in enumerate(slots) if line is not None and stand_in[k]]
    out: list[Ranked] = []
    complete = True
    for pool in (_cheapest_each(options, keep), options):
        for count, combo in enumerate(product(*pool)):
            if count >= MAX_COMBINATIONS:
                complete = False
                break
            texts = tuple(t for t, _ in combo)
            if not allowed(texts):
                continue
            parts = [c for _, c in combo]
            cost = sum(parts)
            weighed = [stand_in[k] if t == UNREAD else t for k, t in enumerate(texts)]
            for i, j in combinations(seen_lines, 2):
                cost += between(i, weighed[i], j, weighed[j])
            out.append(Ranked(texts, cost, tuple(parts),
                              tuple(slots[k][0] if t == UNREAD else line_for(k, t)
                                    for k, t in enumerate(texts))))
        if out:
            break
    out.sort(key=lambda r: r.cost)
    clear = tuple(_lead(scored) if k in seen_lines else 0.0 for k, scored in enumerate(options))
    return Ranking(tuple(out), tuple(alone), clear, complete, tuple(stand_in))


def _lead(scored: list[tuple[str, float]]) -> float:
    """How much a seen line's cheapest candidate alone (``UNREAD`` among them) is cheaper
    than its next."""
    costs = sorted(c for _, c in scored)
    return costs[1] - costs[0] if len(costs) > 1 else float("inf")


LEAD = 2.0  # a line's best text alone this many times cheaper than the next stands out


def _unread_cost(scored: list[tuple[str, float]], unread: float) -> float:
    """What reading a seen line as :data:`UNREAD` costs: ``unread`` plus its cheapest
    candidate's cost, at most ``unread`` of it; but when that candidate stands out from
    the next by :data:`LEAD` times its cost (and ``unread``), ``unread`` more than that
    candidate. Costs grow on a screen whose glyphs of one letter and of two are all but
    alike (the cost's unit is their gap), yet a long name read at 18.5 whose next fitting
    text costs 66.9 is plainly that name (1.25x seed 7104's ``STEGOSAURU``, cut short on
    its card), not none: as none it cost 20 and the name was never settled. A line cut
    wrongly fits every text about as badly, so its best stands out from none."""
    costs = sorted(c for _, c in scored)
    best = costs[0]
    usual = unread + min(best, unread)
    if len(costs) > 1 and costs[1] - best >= LEAD * max(best, unread):
        return max(usual, best + unread)
    return usual


def _cheapest_each(options: list[list[tuple[str, float]]], keep: int) -> list[list[tuple[str, float]]]:
    return [_cheapest(o, keep) for o in options]


def _cheapest(scored: list[tuple[str, float]], keep: int) -> list[tuple[str, float]]:
    """The ``keep`` cheapest, and any tied with the last kept (a tie is never cut), and the
    unread reading."""
    if len(scored) <= keep:
        return scored
    last = sorted(c for _, c in scored)[keep - 1]
    return [tc for tc in scored if tc[1] <= last + 1e-9 or tc[0] == UNREAD]


@dataclass(frozen=True)
class Settled:
    """One line's reading: ``text`` when beyond doubt (else ``None``), and the texts still
    in the running (``candidates``: the settled text alone, or those within the margin)."""

    text: str | None
    candidates: tuple[str, ...]


def settle(ranking: Ranking, margin: float, cipher: Cipher | None = None,
           slots: Sequence[Slot] = (), vouched: float = 0.0) -> list[Settled]:
    """Each line settled when every reading giving it another text costs at least
    ``margin`` more than the best reading, its text in the best reading costs less than
    ``margin`` more than its cheapest candidate alone (a line that looks like another text
    altogether, one the rule forbids, is not what the rule makes it), and (with ``cipher``
    and its ``slots``) at least a share ``vouched`` of its glyphs, and two, are vouched for
    (:meth:`Cipher.confirmed`); else its texts within the margin.

    A ranking cut short (not :attr:`Ranking.complete`: too many combinations) weighed the
    first lines' other texts seldom or never, so that a line may seem settled only because
    no other text of it was weighed: then a line is settled only when, besides, it was seen
    and its text is its cheapest alone by ``margin`` (:attr:`Ranking.clear`). A card whose
    name line was not found was so "read" as the one pet its rule's first combinations
    allowed (0.51x seed 170053, no label learned: a Diplodocus card as ``Rabbit``)."""
    if not ranking.readings:
        return []
    best = ranking.readings[0]
    read_on = list(best.lines) if best.lines else [line for line, _ in slots]
    counts = cipher.confirmed(list(zip(read_on, best.texts))) \
        if cipher is not None and slots else None
    out = []
    for k in range(len(best.texts)):
        close = [r.texts[k] for r in ranking.readings if r.cost < best.cost + margin]
        names = tuple(dict.fromkeys(close))
        plausible = not best.parts or best.parts[k] < ranking.alone[k] + margin
        line = read_on[k] if slots else None
        if counts is not None and line is not None:
            glyphs = len(line.glyphs)
            plausible &= counts[k] >= max(2, vouched * glyphs) or counts[k] >= glyphs
        if not ranking.complete:
            plausible &= bool(best.parts) and k < len(ranking.clear) \
                and ranking.clear[k] >= margin and best.parts[k] <= ranking.alone[k]
        settled = len(names) == 1 and plausible and names[0] != UNREAD
        out.append(Settled(names[0] if settled else None, names))
    return out
