"""A card's name told by its length, among the animals its boxes and the board still allow.

The screen's glyphs vouch for a name's letters only where the labels (``ATTEMPTS LEFT``,
``YOU HAVE``) show them, so a short name of letters seen nowhere else (``COW``: only its ``O``;
``KIWI``: none) is never settled by its shapes, however well they agree. Yet the cards' boxes,
colours and the board often leave two or three animals whose names differ in length (a Farm
rare of three tiles is a Horse or a Cow; a Nocturnal card a Bat or a Kiwi): the line's glyph
count, word by word, then tells them apart without reading a letter.

A card is named so only when its line is tall enough to read (:data:`MIN_LETTER`), the
screen's glyphs read it as that one animal and no other (the candidates of
:class:`.names.CardName`, under the cards' rule) at a cost under twice the names' margin
(:data:`LENGTH_COST`; its shapes agree with the letters learned: a ``COW`` whose ``W``
broke in three is five glyphs that read ``HORSE`` only at eight times the margin, 3.3x seed
930003), and that animal is the only one of the card's options the line fits or may fit
(a glyph that may be two letters leaves its length unsure: :func:`length_unsure`); and never
on a screen where a card's line reads plainly as a name its clues forbid
(:attr:`.names.CardName.unlike`: a clue is misread, and the options left for the other cards
may all be wrong). The choices are then settled again, the board checking every card
together. Where the names leave several regions, the region is the one the title's letter
count and every card's line allow, the title's glyphs read alone as it
(:func:`region_by_title`).

A name whose line the glyphs read as one animal alone among the card's options, under the
cards' clear clues and cheaply (:data:`SHAPE_COST`), is taken the same way though its length
does not single it out among the options (:func:`by_shape`), the region agreeing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Collection, Iterable, Sequence

import cv2
import numpy as np

from gridsight.games.disco_zoo.names import (
    MARGIN,
    NARROW,
    PAIR_WIDE,
    ScreenText,
    card_texts,
    card_ways,
    holds_pair,
    screens_letter,
)
from gridsight.games.disco_zoo.settle import CardClue, Settled, settle
from gridsight.games.disco_zoo.title_region import counts_alone, whole_name
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.vision.glyphs import TextLine, pieces_joined

MIN_LETTER = 6.0  # name lines shorter than this (pixels) are not counted: glyphs run together
# A line is counted only when every glyph stands at least this share of its glyphs' usual
# height: a name is written in capitals of one height, so a shorter glyph is no letter (a
# speck, or a piece of the line below joined to it by blur) and the count is not the name's.
CAPITAL = 0.75
# A name told by its length reads at under this cost: twice the names' margin. A name of
# letters no label shows pays for each that looks like a letter learned (a pixel font's ``I``
# is all but its ``T``: 2.7x seed 7011's ``KIWI`` 4.6, 1.15x seed 7060's 6.0, every unit of
# it its two ``I``s), while glyphs cut wrongly cost far more (3.3x seed 930003's ``COW``
# broken into five glyphs read ``HORSE`` at eight times the margin).
LENGTH_COST = 2.0 * MARGIN
Cell = tuple[int, int]


def written(name: str) -> str:
    """An animal's name as a card writes it (``Polar Bear`` -> ``POLAR BEAR``)."""
    return " ".join(name.upper().split())


def fits_name(line: TextLine, name: str, card_width: int) -> bool:
    """Whether ``line`` has the glyphs of ``name`` written on a card ``card_width`` wide,
    word for word (or of its first letters, when the line fills the card: cut short), each
    glyph as wide as two letters counted as two (:func:`letter_counts`)."""
    mine = written(name)
    counts = letter_counts(line)
    return any(tuple(len(word) for word in text.split()) == counts
               for text, names in card_texts(line, card_width).items() if mine in names)




def letter_counts(line: TextLine) -> tuple[int, ...]:
    """``line``'s letters per word as its glyphs say: each glyph a letter, one of
    :data:`PAIR_WIDE` times its line's other (not narrow) glyphs' median width two."""
    widths = [g.box[2] for g in line.glyphs]
    if len(widths) < 3:
        return line.words
    mean = sum(widths) / len(widths)
    counts, k = [], 0
    for n in line.words:
        letters = 0
        for j in range(k, k + n):
            others = [w for i, w in enumerate(widths) if i != j and w >= NARROW * mean]
            wide = bool(others) and widths[j] >= PAIR_WIDE * float(np.median(others))
            letters += 2 if wide else 1
        counts.append(letters)
        k += n
    return tuple(counts)


# A glyph this many times as wide as a letter (the screen's usual name letter,
# :func:`screens_letter`, or its line's other glyphs' median, whichever is wider) may be one
# letter or two (a narrow ``I`` run into its neighbour): the line's letter count is then
# unsure, unless the name read puts a wide letter (:data:`WIDE_LETTERS`) there. Fresh widest
# 1008013 at 1.2x: ``PENGUIN`` in glyphs 10, 10, 10, 10, 10 and 18 pixels wide (its ``IN``
# one), six glyphs read ``MUSKOX`` by their shapes (the ``X`` 18 wide), the only six-letter
# option. A font's ``W`` may be as wide (widest 850000 at 1.3x: ``KIWI`` in glyphs 13, 12,
# 21 and 13), its other letters not (fresh widest 1008013's ``SNOWY``: 10, 10, 10, 12, 10).
UNSURE_WIDE = 1.4
WIDE_LETTERS = frozenset("MW")


def wide_glyphs(line: TextLine, letter: float) -> list[int]:
    """The indices of ``line``'s glyphs :data:`UNSURE_WIDE` times a letter or wider (the
    screen's usual name letter ``letter`` or the line's other, not narrow, glyphs' median
    width, the wider): one letter or two."""
    widths = [g.box[2] for g in line.glyphs]
    if not widths:
        return []
    mean = sum(widths) / len(widths)
    out = []
    for j, width in enumerate(widths):
        others = [w for i, w in enumerate(widths) if i != j and w >= NARROW * mean]
        own = float(np.median(others)) if others else 0.0
        if width >= UNSURE_WIDE * max(letter, own):
            out.append(j)
    return out


def letter_spans(line: TextLine, letter: float) -> set[tuple[int, ...]]:
    """Every count of letters per word ``line`` may hold: its glyphs', :func:`letter_counts`'
    and each between, a glyph of :func:`wide_glyphs` counted as one letter or as two."""
    counts = letter_counts(line)
    wide = wide_glyphs(line, letter)
    spans: set[tuple[int, ...]] = {()}
    k = 0
    for n, count in zip(line.words, counts):
        most = max(count, n + sum(k <= j < k + n for j in wide))
        k += n
        spans = {span + (c,) for span in spans for c in range(min(n, count), most + 1)}
    return spans


def length_unsure(line: TextLine, name: str, options: Iterable[str], letter: float) -> bool:
    """Whether another of ``options`` than ``name`` is as long, word for word, as ``line``
    may be (:func:`letter_spans`) though its glyphs were read as ``name``'s: a length alone
    does not tell ``name`` from it. Not when ``name`` has a letter a glyph and every wide
    glyph of the line is a wide letter of it (:data:`WIDE_LETTERS`)."""
    letters = written(name).replace(" ", "").replace("-", "")
    wide = wide_glyphs(line, letter)
    if not wide or (len(letters) == len(line.glyphs)
                    and all(letters[j] in WIDE_LETTERS for j in wide)):
        return False
    spans = letter_spans(line, letter)
    mine = tuple(len(word) for word in written(name).split())
    for other in options:
        if other == name:
            continue
        for text in {written(other), written(other).replace("-", " ")}:
            theirs = tuple(len(word) for word in text.split())
            if theirs != mine and theirs in spans:
                return True
    return False


def one_capital_height(line: TextLine) -> bool:
    """Whether ``line``'s glyph count may be its letter count: no glyph both shorter than a
    capital (:data:`CAPITAL` of the glyphs' median height), below the line's top row and
    reaching its bottom row. 0.65x seed 270031's ``KIWI`` was joined by blur to ``YOU HAVE 2``
    under it, four glyphs 18 pixels tall and two 5 tall hanging at its bottom (the ``Y`` and
    the ``2``), and its six glyphs were counted as ``BADGER``; a short glyph at the top is a
    letter whose neighbours were joined to the row below (0.7x seed 270029's ``GOAT``: its
    ``G`` 11 tall, ``OAT`` 17), and one in the middle a name's hyphen (0.8x seed 210002's
    ``T-REX``: glyphs 12, 2, 11, 11 and 11 tall)."""
    if not line.glyphs:
        return False
    tall = sorted(g.box[3] for g in line.glyphs)[len(line.glyphs) // 2]
    top = min(g.box[1] for g in line.glyphs)
    bottom = max(g.box[1] + g.box[3] for g in line.glyphs)
    slack = (1 - CAPITAL) * tall
    return all(g.box[3] >= CAPITAL * tall or g.box[1] - top <= slack
               or g.box[1] + g.box[3] < bottom - slack for g in line.glyphs)


def _pieces_joined(line: TextLine, name: str) -> TextLine:
    """``line`` with its letters' pieces joined for ``name``, the one animal its glyphs read
    as (:func:`gridsight.vision.glyphs.pieces_joined`: a glyph under half its word's height
    joined to its neighbour, no letter cut), else as it is: 1.47x seed 7031's ``CROCODILE``
    in ten glyphs (its ``D`` a stem and a 3 px piece) is then nine, and the eight of
    ``KANGAROO`` and ``PLATYPUS`` do not fit it."""
    joined = pieces_joined(line, tuple(len(word) for word in written(name).split()))
    return line if joined is None else joined


def letter_for(line: TextLine, lines: Sequence[TextLine | None], letter: float) -> float:
    """The usual width of a letter of ``line``: the screen's (``letter``,
    :func:`screens_letter` of its name ``lines``) times the line's glyphs' height over the
    screen's, when the line is written taller. A font's letters widen with their height, and a
    card writes a short name bigger than the others' (wider 1.32x seed 1122011: ``COW`` and
    ``PIG`` 21 px tall beside ``CHICKEN``'s 11, their letters 1.8 times ``CHICKEN``'s width,
    were taken for pairs run together and never counted; widest 1.97x 1124013's ``KIWI``
    beside ``FIREFLY``); a pair run together is still twice its own line's letter."""
    # (every glyph's height, as :func:`screens_letter` takes every glyph's width)
    heights = [g.box[3] for ln in lines if ln is not None for g in ln.glyphs]
    if not line.glyphs or not heights:
        return letter
    ratio = float(np.median([g.box[3] for g in line.glyphs])) / float(np.median(heights))
    return letter * max(1.0, ratio)


def by_length(words: ScreenText, widths: Sequence[int], standing: Settled,
              names: Sequence[Sequence[str] | None], clues: Sequence[CardClue],
              found: Sequence[tuple[Cell, tuple[str, ...]]], empty: Sequence[Cell],
              unread: int, sure: frozenset[Cell] = frozenset(),
              ground: tuple[float, float, float] | None = None) -> Settled | None:
    """The choices ``standing`` (not settled, with the names read beyond doubt ``names``)
    narrowed by the cards' name lengths (see the module docstring); ``None`` when no card is
    narrowed so. ``ground``: the ground's colour (:func:`ground_lab`), checking a region
    told by the title's length (:func:`region_by_title`)."""
    lines = words.lines.get("names", [])
    if len(lines) != len(standing.options) or len(words.cards) != len(standing.options):
        return None
    if any(card.unlike for card in words.cards):
        return None
    letter = screens_letter(lines)
    if len(standing.regions) != 1:
        # The region told by the title's length and the cards' lines
        # (:func:`region_by_title`); the choices then of that region alone.
        within = region_by_title(
            words, standing.regions, widths,
            lambda region: settle(clues, found, empty, region=region, names=names,
                                  unread=unread, sure=sure), ground)
        if within is None:
            return None
        if within.settled:
            return within
        standing = within
    narrowed = list(names) + [None] * (len(standing.options) - len(names))
    for k, (card, line, options) in enumerate(zip(words.cards, lines, standing.options)):
        if narrowed[k] is not None or len(options) < 2 or line is None or \
                line.height < MIN_LETTER:
            continue
        # (a line read dearly, over LENGTH_COST, is told only as an unread one is: its
        # length far from every other option's)
        read_as_none = card.name is None and card.cost >= LENGTH_COST
        if not read_as_none and (len(card.candidates) != 1 or card.cost >= LENGTH_COST):
            continue
        own = letter_for(line, lines, letter)
        if holds_pair(line, own):
            continue  # letters run together in pairs: its glyph count is not its name's
        if read_as_none:
            narrowed[k] = _unread_by_length(line, card.candidates, options, widths[k])
            continue
        line = _pieces_joined(line, card.candidates[0])
        if not one_capital_height(line):
            if os.environ.get("GRIDSIGHT_LOG_LENGTHS"):
                print(f"lengths: card {k + 1} line of glyphs "
                      f"{[g.box[3] for g in line.glyphs]} not counted", file=sys.stderr)
            continue
        fitting = [name for name in options if fits_name(line, name, widths[k])]
        if fitting == [card.candidates[0]] and \
                not length_unsure(line, fitting[0], options, own):
            narrowed[k] = (fitting[0],)
    if list(narrowed) == list(names) + [None] * (len(narrowed) - len(names)):
        return None
    return _settled_again(clues, found, empty, standing.regions[0], narrowed, unread, sure)


def rarity_belied(words: ScreenText, widths: Sequence[int],
                  clues: Sequence[CardClue]) -> list[bool]:
    """For each card, whether its name line's length belies the rarity its colours read
    clearly: its glyphs, counted word by word (:func:`fits_name`, a line countable as in
    :func:`by_length`), fit the name of no animal of that rarity and of the card's boxes
    in any region, yet fit one of its boxes of another rarity. A rarity's colour may be drawn
    nearer another's (widest 995012 at 2.52x: a rare Saber Tooth's fills, a dark maroon,
    read mythical at 0.95, and the card could only be the Akhlut; its ``SABER TOOTH`` is two
    words of five letters, the Akhlut's one of six)."""
    lines = words.lines.get("names", [])
    out = [False] * len(clues)
    if len(lines) != len(clues) or len(widths) != len(clues):
        return out
    letter = screens_letter(lines)
    animals = load_catalogue().animals()
    for k, (clue, line) in enumerate(zip(clues, lines)):
        if not clue.rarity or clue.size is None or line is None or line.height < MIN_LETTER \
                or holds_pair(line, letter) or not one_capital_height(line):
            continue
        sized = [a for a in animals if a.size == clue.size and not a.is_pet]
        spans = letter_spans(line, letter)
        fitting = {a.rarity for a in sized if fits_name(line, a.name, widths[k])
                   or tuple(len(word) for word in written(a.name).split()) in spans}
        out[k] = bool(fitting) and clue.rarity not in fitting
    return out


# The title's region line is counted only this tall or taller (pixels): smaller, its letters
# run together in pairs not always wide enough to show (fresh real-look 1000014 at 0.72x:
# ``JURASSIC`` in five glyphs 6 tall, read alone ``POLAR`` by 10).
REGION_LETTER = 8.0


def titled_regions(words: ScreenText, regions: Sequence[str]) -> list[str]:
    """The ones of ``regions`` (those the cards' boxes and the board leave) the title's
    length allows, when the names were not read enough to say one: the region line tall
    enough (:data:`REGION_LETTER`), of capitals of one height, none of its glyphs two letters
    (:func:`letter_counts` its glyph count), the whole of the title's text on its rows
    (:func:`.title_region.whole_name`: a title cut short is another name's length), its
    letter count theirs (:func:`lengths_say`); none when the line is not so."""
    line = words.lines.get("region")
    if line is None or line.height < REGION_LETTER or not line.glyphs or \
            not one_capital_height(line) or run_together(line) or \
            letter_counts(line) != line.words or \
            not whole_name(line, words.lines.get("bar", []), words.lines.get("label")):
        return []
    return [r for r in lengths_say(line, load_catalogue().regions) if r in regions]


# The title's read is counted only on a screen whose glyphs are told apart at all (the
# labels' glyphs calibrating the cipher: :attr:`.names.ScreenText.separation`): with no label
# found, nothing checks the title's shapes (their lead is its letter count's alone, the one
# region of that count) nor that the line read is the title (no label nor counter anchors it).
# Wider 1010006 at 0.6x + JPEG 60: no label found (separation 0), the window's ``PHONE`` above
# the bar taken for the title, its five glyphs ``POLAR``'s alone (lead 10), the Lion's card
# then read Polar Bear with no warning. 1000020 at 1.44x, read right so: separation 0.24.
TITLE_SEPARATION = 0.05


# Regions whose ground is certain enough to check a region told by lengths alone against: the
# Polar's is snow (light, whatever its tint). A ground this dark (Lab lightness, 0..100),
# whatever its hue, is plainly no snow: fresh variants 1252002 at 0.6x + JPEG 60, Jungle's
# dark green ground (L 28, a* -28), its title ``JUNGLE`` counted as ``POLAR``'s length and
# its Monkey's ``MONKEY`` as ``MUSKOX``'s, read Polar, Muskox with no warning; fresh widest
# 1245007 at 0.84x, Nocturnal's dark purple ground (L 13, a* 38), its ``KAKAPO`` read by its
# shapes as ``WALRUS`` (:func:`by_shape`), read Polar, Walrus. The skin's widest palette
# draws the Polar's ground no darker than L 56 (20,000 draws); other regions' grounds are
# not checked (their colours are not certain).
SNOW_REGIONS = ("Polar",)
SNOW_BELIED_LIGHT = 45.0


def ground_lab(image: np.ndarray | None, card_boxes: Sequence[Sequence[int]],
               board_top: float) -> tuple[float, float, float] | None:
    """The ground's colour (Lab, lightness 0..100) between the cards and the board: the
    median of the rows below the lowest card and above the board (``board_top``), inset a
    pixel each way and by 2% of the width each side; ``None`` with no such rows (3 or more)
    or no cards."""
    if image is None or image.ndim != 3 or not card_boxes:
        return None
    top = max(int(box[1]) + int(box[3]) for box in card_boxes) + 1
    bottom = int(board_top) - 1
    if bottom - top < 3:
        return None
    side = max(1, int(0.02 * image.shape[1]))
    strip = image[top:bottom, side:image.shape[1] - side].reshape(-1, 3)
    if not len(strip):
        return None
    colour = np.median(strip.astype(np.float32), axis=0) / 255.0
    lab = cv2.cvtColor(colour.reshape(1, 1, 3).astype(np.float32), cv2.COLOR_BGR2Lab)[0, 0]
    return float(lab[0]), float(lab[1]), float(lab[2])


def ground_belies(region: str, ground: tuple[float, float, float] | None) -> bool:
    """Whether the ground's colour (:func:`ground_lab`) plainly belies ``region``: a snow
    region (:data:`SNOW_REGIONS`) on a dark ground (:data:`SNOW_BELIED_LIGHT`), of any hue;
    never when the ground is unknown."""
    return ground is not None and region in SNOW_REGIONS and ground[0] < SNOW_BELIED_LIGHT


def region_by_title(words: ScreenText, regions: Sequence[str], widths: Sequence[int],
                    settles: Callable[[str], Settled | None],
                    ground: tuple[float, float, float] | None = None) -> Settled | None:
    """The choices of the one region the title and the cards' lines say by their lengths,
    the names not read enough to say one (``settles``: a region's choices, the cards' boxes
    and the board checking them): of the regions the title's length allows
    (:func:`titled_regions`), the one whose animals every card's line fits
    (:func:`_lines_fit`: the cards' animals share one region), and the title's glyphs read
    on their own cheapest as its name (:attr:`.names.ScreenText.title_reads`): the title's
    count and shapes and the cards' counts agreeing. Fresh real-look 1000020 at 1.44x:
    ``NOCTURNAL`` in nine glyphs (no other region has nine letters), read alone as it by 3.1;
    its cards unread, ``FLYING SQUIRREL`` and ``KIWI`` fit other regions' animals' lengths
    too. ``None`` when not one region is so told, or when the ground (``ground``,
    :func:`ground_lab`) belies the one told (:func:`ground_belies`)."""
    lines = words.lines.get("names", [])
    letter = screens_letter(lines)
    told = []
    for region in titled_regions(words, regions):
        within = settles(region)
        if within is not None and _lines_fit(lines, within.options, widths, letter):
            told.append(within)
    if len(told) != 1 or words.title_reads(told[0].region) <= 0.0 or \
            words.separation < TITLE_SEPARATION or ground_belies(told[0].region, ground):
        return None
    return told[0]


def _lines_fit(lines: Sequence[TextLine | None], options: Sequence[Sequence[str]],
               widths: Sequence[int], letter: float) -> bool:
    """Whether every card's name line that can be counted (tall enough, of capitals of one
    height, no letters in pairs nor run together) fits one of its ``options`` by its
    letters word for word (:func:`fits_name`): the cards' animals share the region told by
    the title, so a line no animal of it fits belies the region (or its own count)."""
    for line, opts, width in zip(lines, options, widths):
        if line is None or line.height < MIN_LETTER or not one_capital_height(line) or \
                holds_pair(line, letter) or run_together(line):
            continue
        if not any(fits_name(_pieces_joined(line, name), name, width) for name in opts):
            return False
    return True


# A card's line the glyphs read as none of its names (:data:`.names.UNREAD_COST`) is told by
# its length only when its letter count is this far or farther from every other option's:
# an unread line's count can be a letter off (fresh wider 1002020 at 0.98x: ``ELEPHANT`` in
# seven glyphs, as long as ``MARTIAN``).
UNREAD_APART = 2


def _unread_by_length(line: TextLine, candidates: Sequence[str], options: Sequence[str],
                      width: int) -> tuple[str] | None:
    """The one name of ``options`` (and of the card's ``candidates``) an unread name
    ``line`` on a card ``width`` wide fits by its letters word for word, every other option's
    letter count :data:`UNREAD_APART` or more from the line's; ``None`` when none is so.
    Fresh real-look 1000034 at 1.52x: ``CHAMAELEON`` on the third card, in a smaller font
    than the cards' other names, read as none (its ``C`` and ``N`` no label's), the card a
    Chamaeleon, a Corvus or a Lynx: ten glyphs are the Chamaeleon's alone.

    Nor when another option's name cut where a word ends is as long, word for word, as the
    line (:func:`_cut_as_long`), however wide the card was found: a name is cut short only
    on a card it fills, and a card found wider than it is (the card's ground found with
    it) takes the cut for a whole name. Fresh widest 1056029 at 2.26x: ``FLYING`` of
    ``FLYING SQUIRREL``, 88 pixels on a card of 130 found 220 wide, read as none, was told
    ``KAKAPO`` (six letters) with no warning."""
    if not one_capital_height(line) or run_together(line):
        return None
    fitting = [name for name in options if fits_name(line, name, width)]
    if len(fitting) != 1 or fitting[0] not in candidates:
        return None
    count = sum(letter_counts(line))
    near = [name for name in options if name != fitting[0]
            and (abs(len(written(name).replace(" ", "")) - count) < UNREAD_APART
                 or _cut_as_long(name, letter_counts(line)))]
    return None if near else (fitting[0],)


def _cut_as_long(name: str, counts: tuple[int, ...]) -> bool:
    """Whether ``name`` cut where one of its words ends (not at its last) shows ``counts``
    letters word for word: ``FLYING SQUIRREL`` as ``FLYING``, six letters."""
    words = written(name).replace("-", " ").split()
    return any(tuple(len(word) for word in words[:j]) == tuple(counts)
               for j in range(1, len(words)))


# A name told by its shapes alone reads at under this cost, three quarters of the names'
# margin (every other name its card's clear clues allow cost at least the margin more). Of the
# lines read as one animal each on seeds 7000 and 270000, those of another animal cost 4.0
# (0.65x seed 270031's ``KIWI`` joined to its label, read ``BADGER``), 5.1 and more; the
# right ones this rule names 0.4 to 2.4.
SHAPE_COST = 0.75 * MARGIN


def by_shape(words: ScreenText, standing: Settled, names: Sequence[Sequence[str] | None],
             clues: Sequence[CardClue], found: Sequence[tuple[Cell, tuple[str, ...]]],
             empty: Sequence[Cell], unread: int, sure: frozenset[Cell] = frozenset()
             ) -> Settled | None:
    """The choices ``standing`` (not settled) narrowed by the names the cards' lines read as
    one animal each, with no label vouching for their letters: a line tall enough
    (:data:`MIN_LETTER`), of capitals of one height (:func:`one_capital_height`), none of
    its glyphs letters run together (:func:`run_together`), read
    under the cards' clear clues (``words`` read with ``sure``) at a cost under
    :data:`SHAPE_COST` as that animal first and as no other of the card's options (a close
    reading the boxes and the board rule out leaves it alone: 0.66x seed 270026's ``HORSE``
    with ``SHEEP`` close, the card a rare's, a Horse or a Cow), nor where a glyph of the
    line may be two letters and another option is as long as it then is
    (:func:`length_unsure`); never on a screen where a line reads plainly as a name its
    clues forbid. The region is the one standing,
    or where several stand, the one every name so read is of (pets aside) when the title's
    line reads as it among others (``words.regions``: 0.73x seed 7115's ``NOCTURNAL``, its
    labels unread, and ``FLYING SQUIRREL``) and says it by itself (:func:`title_stands`),
    or it and a card's line read each alone agree (:func:`read_apart_agree`), and on a
    one-card screen only when the title line's letter count, counted as
    :func:`titled_regions` counts it (a line tall enough, of capitals of one height, the
    whole title), fits that region's name alone: the card's name is then backed by a title
    legible enough to count, not by a count of glyphs run together. Fresh widest 1245007 at
    0.84x: one ``KAKAPO`` card (22 px), read ``WALRUS`` by its shapes at no cost (they share
    only the ``A``; the box row, 3 rare, fits 25 animals of 14 regions), and its 4-px title
    ``NOCTURNAL`` counted as five glyphs, ``POLAR``'s length: Polar, Walrus was settled on
    the shapes alone. The choices are then settled again, the board and the boxes
    checking every card together. ``None`` when nothing is narrowed or one choice does not
    stand."""
    lines = words.lines.get("names", [])
    count = len(standing.options)
    if len(lines) != count or len(words.cards) != count or \
            any(card.unlike for card in words.cards):
        return None
    narrowed = list(names) + [None] * (count - len(names))
    shaped: list[str] = []
    letter = screens_letter(lines)
    for k, (card, line, options) in enumerate(zip(words.cards, lines, standing.options)):
        if narrowed[k] is not None or line is None or line.height < MIN_LETTER or \
                not card.candidates or card.cost >= SHAPE_COST or \
                [name for name in card.candidates if name in options] != \
                [card.candidates[0]] or not one_capital_height(line) or run_together(line) \
                or pair_belies(line, card.candidates[0]) \
                or not told_apart(card.candidates[0], options, label_letters(words)) \
                or length_unsure(line, card.candidates[0], options, letter):
            continue
        narrowed[k] = (card.candidates[0],)
        shaped.append(card.candidates[0])
    if not shaped:
        return None
    if len(standing.regions) == 1:
        region = standing.regions[0]
    else:
        catalogue = load_catalogue()
        homes = {a.region for a in catalogue.animals()
                 if a.name in shaped and not a.is_pet and a.region is not None}
        if len(homes) != 1:
            return None
        region = homes.pop()
        if region not in standing.regions or region not in words.regions:
            return None
        if count == 1 and titled_regions(words, standing.regions) != [region]:
            return None
        if not (title_stands(words, region) or read_apart_agree(words, region)):
            return None
    return _settled_again(clues, found, empty, region, narrowed, unread, sure)


def label_letters(words: ScreenText) -> frozenset[str]:
    """The letters the screen's labels read (``ATTEMPTS LEFT``, ``YOU HAVE``) show: the
    only letters whose shapes the screen vouches for."""
    return frozenset(c for label in words.labels for c in label.split(" (x")[0] if c.isalpha())


def told_apart(name: str, options: Iterable[str], known: frozenset[str]) -> bool:
    """Whether ``name``'s shapes may tell it from each other of ``options`` as long, word for
    word: they differ at a letter the labels show (``known``). Where two names differ only in
    letters no label shows, nothing on the screen vouches for which the glyphs are (fresh
    wider-look 790017 at 1x: a bold ``COW`` read ``DOG`` at no cost, only its ``O`` a label's
    letter; the Dog, a pet, given for the Cow with no warning)."""
    mine = written(name)
    for other in options:
        theirs = written(other)
        if other == name or [len(w) for w in theirs.split()] != [len(w) for w in mine.split()]:
            continue
        if all(a == b or (a not in known and b not in known) for a, b in zip(mine, theirs)):
            return False
    return True


# A glyph this many times as wide as its line's capitals are tall is letters run together
# (a pixel font's widest capital, ``M`` or ``W``, is about as wide as tall, a pixel or two
# more when smoothed).
RUN_WIDE = 1.6


def run_together(line: TextLine) -> bool:
    """Whether a glyph of ``line`` is :data:`RUN_WIDE` times as wide as the line's glyphs'
    median height or wider: letters run together (blur at a small scale), so its shapes
    are no letters'. 0.5x fresh real-look 520012's ``MARTIAN`` in three glyphs 24, 4 and 12
    pixels wide, 8 tall (``MAR``, ``T``, ``IAN``), read ``COW`` at no cost by its shapes; the
    title's ``MARS`` read ``FARM`` agreed, and Cow and Unicorn of the Farm were given for a
    Martian and a Marsten of Mars with no warning. (:func:`by_length` has its own guard, the
    screen's usual letter; here one card's line alone was read, its glyphs all run together.)"""
    if not line.glyphs:
        return False
    tall = float(np.median([g.box[3] for g in line.glyphs]))
    return any(g.box[2] >= RUN_WIDE * tall for g in line.glyphs)


def pair_belies(line: TextLine, name: str) -> bool:
    """Whether a glyph of ``line`` is two letters wide (:func:`letter_counts` counts it two)
    and ``name``, read by its shapes, is as long as the glyphs rather than the letters: the
    pair read as one letter. Fresh real-look 1012053 at 2.60x: ``COCKATOO`` in seven glyphs,
    one 20 pixels wide among letters of 9 to 11 (under :data:`RUN_WIDE`), read ``ECHIDNA``
    at no cost by its shapes; the Echidna was given for the Cockatoo with no warning."""
    counts = letter_counts(line)
    return counts != line.words and \
        tuple(len(word) for word in written(name).split()) != counts


# The title line read on its own (no card's name weighed) says a region when it reads as its
# name by this much more cheaply than as any other text: the names' margin.
TITLE_APART = MARGIN


def title_stands(words: ScreenText, region: str) -> bool:
    """Whether the title line says ``region`` by itself, so that names read as that region's
    animals may be taken on its word: the title and the names are read together, each ranked
    with the others, so a title misread agrees with names misread as readily as a true one
    with true names (0.5x fresh real-look 520012's ``MARS`` read ``FARM`` beside its
    ``MARTIAN`` read ``COW`` by shapes, its ``MARSTEN`` unread: Cow and Unicorn given with no
    warning). It does when its glyphs read alone as the region's name by
    :data:`TITLE_APART` (:attr:`.names.ScreenText.title_reads`), or its letter count fits
    that region's name alone (:func:`lengths_say`: ``NOCTURNAL``), or the labels vouch for
    its glyphs as that name (:func:`.title_region.counts_alone`)."""
    line = words.lines.get("region")
    if words.title_reads(region) >= TITLE_APART:
        return True
    if lengths_say(line, load_catalogue().regions) == [region]:
        return True
    return words.region == region and counts_alone(words.lines, words.region_vouched)


def read_apart_agree(words: ScreenText, region: str) -> bool:
    """Whether two lines read each on its own (no other line's word weighed) say ``region``:
    the title's glyphs alone read cheapest as its name, and a card's alone as the animal of
    that region it was read as (each by some lead, :attr:`.names.ScreenText.title_reads`,
    :attr:`.names.ScreenText.alone_leads`): two readings independent of each other
    agreeing. 0.65x fresh real-look 650004 as JPEG 40 (labels unread): ``MOUNTAIN`` alone
    leads by 1.7, its ``COYOTE`` by 1.2; 0.5x 520012's ``MARS`` alone reads ``FARM`` by
    nothing (``MARS`` as cheap), so its names read by shapes as Farm animals are not taken."""
    if words.title_reads(region) <= 0.0:
        return False
    home = {a.name for a in load_catalogue().regions.get(region, ())}
    for card, lead in zip(words.cards, words.alone_leads[1:]):
        name = card.name or (card.candidates[0] if len(card.candidates) == 1 else None)
        if lead > 0.0 and name in home:
            return True
    return False


def lengths_say(line: TextLine | None, names: Iterable[str]) -> list[str]:
    """The ``names`` whose words' lengths are ``line``'s letter counts (:func:`letter_counts`;
    none without a line). On a one-card screen the title's region and the card's name are
    read together, each ranked with the other, so the title agreeing with a name read by its
    shapes vouches for nothing unless its length alone tells the region: 0.73x seed 7115's
    ``NOCTURNAL`` (no other region has nine letters) does; 0.81x seed 471052's ``CITY`` (as
    long as ``FARM``, ``MARS`` and ``MOON``), read ``FARM`` with its ``RACCOON`` found as five
    glyphs and read ``SHEEP`` at no cost, its labels unread, does not. A line holding a
    glyph that may be two letters (:func:`length_unsure`, measured against the line's own
    glyphs) also has the names as long as it may be."""
    if line is None or not line.glyphs:
        return []
    names = list(names)
    counts = letter_counts(line)
    out = [name for name in names if tuple(len(w) for w in written(name).split()) == counts]
    if len(out) == 1 and length_unsure(line, out[0], names, 0.0):
        spans = letter_spans(line, 0.0)
        out += [name for name in names if name not in out
                and tuple(len(w) for w in written(name).split()) in spans]
    return out


# -- names whose letters ran together into one blob a word ---------------------------------

# ``YOU``'s and ``HAVE``'s blobs: ``HAVE`` is this many times as wide as ``YOU`` (4 letters
# to 3), give or take :data:`LABEL_RATIO_SLACK`.
LABEL_RATIO = 4 / 3
LABEL_RATIO_SLACK = 0.2
# A name's word of ``n`` letters fits a blob within this share of its ``n`` cells, at least
# one cell (a pixel font's ``M`` and ``W`` are wider than a cell, its ``I`` narrower) ...
BLOB_SLACK = 0.15
# ... and another name is told apart from it only when one of its words misses its blob by
# this many times that slack: a blob whose width lies between two names' fits neither.
BLOB_APART = 2.0
BLOB_HEIGHT = 0.25  # a name's blobs are as tall as its label's, within this share


def blob_label(line: TextLine) -> float | None:
    """The width of one letter's cell of ``line`` when it is a card's ``YOU HAVE n`` with
    each word run together into one blob (two or three one-glyph words, the second
    :data:`LABEL_RATIO` times the first): the two first blobs' width over their 7 letters;
    ``None`` for any other line."""
    if not 2 <= len(line.words) <= 3 or any(n != 1 for n in line.words):
        return None
    you, have = line.glyphs[0].box[2], line.glyphs[1].box[2]
    if abs(have / max(you, 1) - LABEL_RATIO) > LABEL_RATIO_SLACK * LABEL_RATIO:
        return None
    return (you + have) / 7


def blob_name_line(lines: Sequence[TextLine]) -> tuple[TextLine, float] | None:
    """A card's name written as one blob a word (its letters run together, a thick outline
    joining them: 1.56x seed 500047's ``WOOLY MAMMOTH`` as blobs 43 and 65 pixels wide) and
    the width of a letter's cell at its height: the line just above a ``YOU HAVE`` so run
    together (:func:`blob_label`), of one-glyph words as tall as it and centred over it (a
    card's lines are centred); ``None`` when the card shows none, or when a line as tall lies
    just above the name: a name wrapped onto two rows, whose last row alone would be measured
    (``POLAR BEAR``'s ``BEAR`` as long as ``SEAL``)."""
    for k, label in enumerate(lines):
        cell = blob_label(label)
        if cell is None or k == 0:
            continue
        name = lines[k - 1]
        lx, ly, lw, lh = label.box
        nx, ny, nw, nh = name.box
        if any(n != 1 for n in name.words) or ny + nh > ly + 0.25 * lh or \
                ly - (ny + nh) > lh or abs(nh - lh) > BLOB_HEIGHT * lh or \
                abs((nx + nw / 2) - (lx + lw / 2)) > cell:
            continue
        if k >= 2:
            _, py, _, ph = lines[k - 2].box
            if ny - (py + ph) <= nh and abs(ph - nh) <= BLOB_HEIGHT * nh:
                return None
        return name, cell * nh / max(lh, 1)
    return None


def blob_misses(line: TextLine, cell: float, name: str) -> float:
    """How far ``name``'s words miss ``line``'s blobs, in units of their slack
    (:data:`BLOB_SLACK` of each word's cells, at least one cell): at most 1 when it fits;
    infinite when the word counts differ."""
    counts = [len(word) for word in written(name).split()]
    if len(counts) != len(line.glyphs):
        return float("inf")
    return max(abs(g.box[2] - n * cell) / max(cell, BLOB_SLACK * n * cell)
               for g, n in zip(line.glyphs, counts))


def blob_says(line: TextLine, cell: float, options: Sequence[str]) -> str | None:
    """The one name of ``options`` whose word lengths fit ``line``'s blobs (:func:`blob_misses`
    at most 1) while every other misses them by :data:`BLOB_APART` or more; ``None`` else."""
    misses = {name: blob_misses(line, cell, name) for name in options}
    fitting = [name for name, miss in misses.items() if miss <= 1.0]
    if len(fitting) != 1:
        return None
    if any(miss < BLOB_APART for name, miss in misses.items() if name != fitting[0]):
        return None
    return fitting[0]


def by_blobs(image: np.ndarray, cards: Sequence, words: ScreenText, standing: Settled,
             names: Sequence[Sequence[str] | None], clues: Sequence[CardClue],
             found: Sequence[tuple[Cell, tuple[str, ...]]], empty: Sequence[Cell],
             unread: int, sure: frozenset[Cell] = frozenset()) -> Settled | None:
    """The choices ``standing`` (not settled, of one region) narrowed by the names of cards
    whose words ran together into blobs, seen as the card is (:func:`blob_name_line`): a card
    not named, whose glyphs' candidates hold the one of its options the blobs' widths fit
    (:func:`blob_says`), is that animal; never on a screen where a card's line reads plainly
    as a name its clues forbid. The choices are then settled again, the board and the boxes
    checking every card together. ``None`` when nothing is narrowed or one choice does not
    stand. (1.56x seed 500047, one card of the Ice Age: ``SABER TOOTH`` or ``WOOLY
    MAMMOTH``, the name's two blobs 43 and 65 pixels wide against cells of 8.3.)"""
    count = len(standing.options)
    if len(standing.regions) != 1 or len(cards) != count or len(words.cards) != count or \
            any(card.unlike for card in words.cards):
        return None

    def says(k: int, options: Sequence[str]) -> str | None:
        seen = card_ways(image, cards[k]).get("plain")
        blob = blob_name_line(seen.found) if seen is not None else None
        if blob is None:
            return None
        name = blob_says(blob[0], blob[1], options)
        candidates = words.cards[k].candidates
        return None if name is None or (candidates and name not in candidates) else name

    return _narrowed_settled(says, standing, names, clues, found, empty, unread, sure)


# -- names measured by the names read beside them --------------------------------------------

# Letters a pixel font may draw narrower than its others (a proportional font's ``I`` is one
# column, its ``T`` three, against five): each counts ``1 - narrow`` cells, ``narrow`` (the
# share a narrow letter falls short of a cell) unknown, tried from 0 to :data:`NARROW_MOST`.
NARROW_LETTERS = frozenset("IJLT1")
NARROW_MOST = 0.6
NARROW_STEP = 0.05
# The names read beyond doubt measure one cell alike, within this share, for a ``narrow``
# to stand (a proportional font's ``TRICERATOPS`` is a cell and more shorter than a
# monospaced one's, against ``ANKYLOSAURUS``: no ``narrow`` near 0 stands there).
PITCH_AGREE = 0.04
# A name fits a line whose width is within this many cells of its own width, for every
# ``narrow`` standing; every other option must miss it by more for every one.
PITCH_FIT = 0.4
PITCH_CENTRED = 0.3  # a name line is centred on its card within this many cells, plus a pixel


def name_cells(name: str, narrow: float) -> float:
    """How many cells ``name`` (as a card writes it, a space a cell) spans in a font whose
    :data:`NARROW_LETTERS` are ``narrow`` of a cell short."""
    text = written(name)
    return len(text) - narrow * sum(ch in NARROW_LETTERS for ch in text)


def _centred(line: TextLine, card_box: Sequence[int], cell: float) -> bool:
    """Whether ``line`` is centred on the card of ``card_box`` within :data:`PITCH_CENTRED`
    cells (and a pixel): a line missing a letter at one end is half a cell off."""
    x, _, w, _ = line.box
    return abs(x + w / 2 - (card_box[0] + card_box[2] / 2)) <= PITCH_CENTRED * cell + 1.0


def pitch_says(width: float, measured: Sequence[tuple[float, str]],
               options: Sequence[str]) -> str | None:
    """The one name of ``options`` that a name line ``width`` pixels wide fits in the cells
    the names ``measured`` (each line's width and the name read on it beyond doubt) give,
    for every share ``narrow`` of a cell that :data:`NARROW_LETTERS` may fall short by on
    which the measured names agree (:data:`PITCH_AGREE`), while every other option misses it
    for each (:data:`PITCH_FIT`); ``None`` when no ``narrow`` stands or not one name fits so.

    >>> pitch_says(51, [(63, "Ankylosaurus"), (56, "Triceratops")], ["Diplodocus", "Stegosaurus"])
    'Diplodocus'
    >>> pitch_says(54, [(63, "Ankylosaurus"), (56, "Triceratops")], ["Diplodocus", "Stegosaurus"])
    >>> pitch_says(51, [(63, "Ankylosaurus")], ["Diplodocus", "Stegosaurus"])
    """
    if len(measured) < 2:
        return None
    fits_all: set[str] | None = None
    close: set[str] = set()
    steps = int(round(NARROW_MOST / NARROW_STEP))
    stood = False
    for k in range(steps + 1):
        narrow = k * NARROW_STEP
        cells = [w / max(name_cells(name, narrow), 1.0) for w, name in measured]
        if max(cells) > (1 + PITCH_AGREE) * min(cells):
            continue
        stood = True
        cell = sum(cells) / len(cells)
        here = {name for name in options
                if abs(width / cell - name_cells(name, narrow)) <= PITCH_FIT}
        close |= here
        fits_all = here if fits_all is None else fits_all & here
    if not stood or fits_all is None or len(fits_all) != 1 or close != fits_all:
        return None
    return fits_all.pop()


def by_pitch(card_boxes: Sequence[Sequence[int]], words: ScreenText, standing: Settled,
             names: Sequence[Sequence[str] | None], clues: Sequence[CardClue],
             found: Sequence[tuple[Cell, tuple[str, ...]]], empty: Sequence[Cell],
             unread: int, sure: frozenset[Cell] = frozenset()) -> Settled | None:
    """The choices ``standing`` (not settled, of one region) narrowed by a card's name line
    measured in the cells of the names read beyond doubt beside it: at a small size a pixel
    font's letters run together in pairs, so neither the glyphs nor their count say the name
    (0.76x seed 7000's ``DIPLODOCUS`` in seven glyphs, three of them pairs, read
    ``STEGOSAURUS`` as cheaply), but the line's width does: 51 pixels where the cards'
    ``ANKYLOSAURUS`` (12 letters) spans 63 and ``TRICERATOPS`` (11) 56, ten letters, not
    eleven (:func:`pitch_says`). A card is so named only when two or more other cards'
    names are known (read beyond doubt, or fixed by their boxes: :func:`_fixed_name`) on
    lines of one row, every line one capital tall
    (:func:`one_capital_height`), as tall as each other within a pixel, centred on its card
    (:data:`PITCH_CENTRED`, names are: a letter lost at an end is half a cell off) and not
    filling it (a name cut short; nor may any of the card's options: wrapped onto two rows,
    its last row alone would be measured), and the glyphs' candidates hold the name; never on a
    screen where a card's line reads plainly as a name its clues forbid. The choices are
    then settled again, the board and the boxes checking every card together. ``None`` when
    nothing is narrowed or one choice does not stand."""
    lines = words.lines.get("names", [])
    count = len(standing.options)
    if len(standing.regions) != 1 or len(lines) != count or len(words.cards) != count or \
            len(card_boxes) != count or any(card.unlike for card in words.cards):
        return None

    def usable(line: TextLine | None, box: Sequence[int]) -> bool:
        return line is not None and bool(line.glyphs) and one_capital_height(line) and \
            line.box[3] <= line.height + 1 and line.box[2] < 0.9 * box[2]

    # (only names the reading took beyond doubt: ``names``, the glyphs' own, not doubted;
    # or a card's one option, its boxes and the board leaving it no other animal of the
    # region, when its glyphs' candidates hold it: :func:`_fixed_name`)
    known = [(line, name, box) for k, (line, box) in enumerate(zip(lines, card_boxes))
             if (name := _fixed_name(k, words, standing, names)) is not None
             and usable(line, box)]
    if len(known) < 2:
        return None
    rows = [line.box[1] for line, _, _ in known]
    tall = [line.box[3] for line, _, _ in known]
    if max(rows) - min(rows) > 1 or max(tall) - min(tall) > 1:
        return None
    measured = [(float(ln.box[2]), name) for ln, name, _ in known]
    cell = sum(w for w, _ in measured) / sum(len(written(n)) for _, n in measured)

    def says(k: int, options: Sequence[str]) -> str | None:
        line, read, box = lines[k], words.cards[k], card_boxes[k]
        if read.name is not None or not read.candidates or not usable(line, box):
            return None
        assert line is not None
        if abs(line.box[1] - min(rows)) > 1 or abs(line.box[3] - min(tall)) > 1:
            return None
        if not all(_centred(ln, b, cell) for ln, _, b in known + [(line, "", box)]) or \
                any(len(written(name)) * cell > 0.9 * box[2] for name in options):
            return None  # (a name that long may be cut short, or wrapped onto two rows)
        name = pitch_says(float(line.box[2]), measured, options)
        return None if name is None or name not in read.candidates else name

    return _narrowed_settled(says, standing, names, clues, found, empty, unread, sure)


def _fixed_name(k: int, words: ScreenText, standing: Settled,
                names: Sequence[Sequence[str] | None]) -> str | None:
    """The name card ``k``'s line is known to write, to measure a cell by (:func:`by_pitch`):
    the name read beyond doubt (``names``, the glyphs' own), or the card's one option in
    ``standing`` (its boxes' count and colours and the board leave it no other animal of the
    region) when its glyphs' candidates hold that name (the line read as the name, not as
    another line of the card). 0.89x seed 1144052 (Jurassic): ``DRAGON`` and
    ``DIPLODOCUS``, 21 and 35 px wide, 5 tall, their cards' one options, measure a cell of
    3.5 px; card 2's 43-px line is then ``ANKYLOSAURUS`` (12 cells), not ``TRICERATOPS``
    (11) nor ``T-REX``."""
    card = words.cards[k]
    if card.name is not None and k < len(names) and names[k] == (card.name,):
        return card.name
    options = standing.options[k] if k < len(standing.options) else ()
    if len(options) == 1 and options[0] in card.candidates and \
            (card.name is None or card.name == options[0]):
        return options[0]
    return None


def _narrowed_settled(says: Callable[[int, Sequence[str]], str | None], standing: Settled,
                      names: Sequence[Sequence[str] | None], clues: Sequence[CardClue],
                      found: Sequence, empty: Sequence, unread: int,
                      sure: Collection) -> Settled | None:
    """The choices ``standing`` (of one region) with each card ``k`` not named in ``names``,
    of two options or more, named as ``says(k, options)`` tells it (``None``: left alone),
    then settled again (:func:`_settled_again`); ``None`` when no card is told or one choice
    does not stand (the loop :func:`by_blobs`, :func:`by_pitch` and :func:`by_size` share)."""
    count = len(standing.options)
    narrowed = list(names) + [None] * (count - len(names))
    told = False
    for k, options in enumerate(standing.options):
        if narrowed[k] is not None or len(options) < 2:
            continue
        name = says(k, options)
        if name is None:
            continue
        narrowed[k] = (name,)
        told = True
    if not told:
        return None
    return _settled_again(clues, found, empty, standing.regions[0], narrowed, unread, sure)


def _settled_again(clues: Sequence[CardClue], found: Sequence, empty: Sequence, region: str,
                   narrowed: Sequence[Sequence[str] | None], unread: int,
                   sure: Collection) -> Settled | None:
    """The choices settled again in ``region`` with the names ``narrowed`` (the board and
    the boxes checking every card together), as each rule of this module ends; ``None``
    unless that settles them."""
    out = settle(clues, found, empty, region=region, names=narrowed, unread=unread, sure=sure)
    return out if out is not None and out.settled else None


# -- names too small to count, measured by the title bar's label ---------------------------

# A name line under :data:`MIN_LETTER` pixels has its letters run together (its glyph count
# is no letter count: right on 3 of 31 such lines), yet its width still says how many cells
# it spans, measured by the cells of the title bar's ``ATTEMPTS LEFT`` (a text known, in the
# font of the names, at a larger size): a cell's width over the glyphs' height is one
# property of the font. Measured on seeds 7000 and 1058000 (lines found whole and centred):
# a name's cells so counted are 0.85 to 1.2 of its own (the label's and the name's heights
# a pixel off at 4 pixels). A name fits a line whose count is within ``SIZE_FIT`` of its own
# (a share); every other option of the card must miss it by ``SIZE_APART``.
SIZE_LABEL = "ATTEMPTS LEFT"
SIZE_LABEL_WORDS = (8, 4)
SIZE_FIT = (0.8, 1.25)
SIZE_APART = (0.7, 1.45)
SIZE_SMALLEST = 3  # pixels: a line shorter has no height to measure its cells by


def size_says(line: TextLine, label: TextLine, card_box: Sequence[int],
              options: Sequence[str]) -> str | None:
    """The one name of ``options`` whose cells a small name ``line`` on the card of
    ``card_box`` spans, measured by the title's ``label`` (:data:`SIZE_LABEL`): for some
    share ``narrow`` of a cell that :data:`NARROW_LETTERS` fall short by, its cells within
    :data:`SIZE_FIT` of the line's, while every other option's are outside
    :data:`SIZE_APART` of it for every ``narrow``. ``None`` when the line is not one row
    centred on its card (:func:`_centred`, a piece of a name is off its centre) and
    narrower than it with each option's name (a name cut short, or wrapped), or when not one
    name fits so."""
    if not line.glyphs or not label.glyphs or line.box[3] > line.height + 1:
        return None
    tall = float(np.median([g.box[3] for g in line.glyphs]))
    label_tall = float(np.median([g.box[3] for g in label.glyphs]))
    if tall < SIZE_SMALLEST or label_tall < SIZE_SMALLEST:
        return None
    fits: set[str] = set()
    near: set[str] = set()
    for k in range(int(round(NARROW_MOST / NARROW_STEP)) + 1):
        narrow = k * NARROW_STEP
        cell = label.box[2] / name_cells(SIZE_LABEL, narrow) / label_tall * tall
        if not _centred(line, card_box, cell) or line.box[2] >= 0.9 * card_box[2] or \
                any(SIZE_FIT[0] * name_cells(name, narrow) * cell >= 0.9 * card_box[2]
                    for name in options):
            return None
        for name in options:
            share = line.box[2] / (cell * max(name_cells(name, narrow), 1.0))
            if SIZE_FIT[0] <= share <= SIZE_FIT[1]:
                fits.add(name)
            if SIZE_APART[0] <= share <= SIZE_APART[1]:
                near.add(name)
    return fits.pop() if len(fits) == 1 and near == fits else None


def by_size(card_boxes: Sequence[Sequence[int]], words: ScreenText, standing: Settled,
            names: Sequence[Sequence[str] | None], clues: Sequence[CardClue],
            found: Sequence[tuple[Cell, tuple[str, ...]]], empty: Sequence[Cell],
            unread: int, sure: frozenset[Cell] = frozenset()) -> Settled | None:
    """The choices ``standing`` (not settled) narrowed by the cards' name lines too small to
    count (under :data:`MIN_LETTER`), each measured in the cells of the title's label
    (:func:`size_says`): a card not named whose line spans the cells of one of its options
    alone is that animal. The region is the one standing, or the one the title's letter count
    allows (:func:`titled_regions`) and its glyphs read alone as (:func:`title_stands`' lead);
    never on a screen where a card's line reads plainly
    as a name its clues forbid. The choices are then settled again, the board and the boxes
    checking every card together. ``None`` when nothing is narrowed or one choice does not
    stand. (0.57x seed 1058040: ``TRICERATOPS`` 43 pixels wide, 5 tall, its card a rare of
    three boxes of the Jurassic, a T-Rex or a Triceratops; the label's cell at that height
    4.5 pixels: ten cells, not five.)"""
    lines = words.lines.get("names", [])
    label = words.lines.get("label")
    count = len(standing.options)
    if label is None or label.words != SIZE_LABEL_WORDS or len(lines) != count or \
            len(words.cards) != count or len(card_boxes) != count or \
            any(card.unlike for card in words.cards):
        return None
    if len(standing.regions) != 1:
        # (the region the title's letter count allows and its glyphs read alone as, by
        # :data:`TITLE_APART`, on a screen whose glyphs are told apart: two checks of the
        # title, the names too small to weigh)
        titled = [region for region in titled_regions(words, standing.regions)
                  if words.title_reads(region) >= TITLE_APART]
        if len(titled) != 1 or words.separation < TITLE_SEPARATION:
            return None
        within = settle(clues, found, empty, region=titled[0], names=names, unread=unread,
                        sure=sure)
        if within is None or within.settled:
            return None
        standing = within

    def says(k: int, options: Sequence[str]) -> str | None:
        line = lines[k]
        if words.cards[k].name is not None or line is None or line.height >= MIN_LETTER:
            return None
        return size_says(line, label, card_boxes[k], options)

    return _narrowed_settled(says, standing, names, clues, found, empty, unread, sure)
