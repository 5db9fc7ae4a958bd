"""The rescue screen's own words: the region's name and the animals' names on the cards.

The game's font is unknown, so no font is brought: the screen teaches its own glyphs.
Two labels are on every rescue screen: ``ATTEMPTS LEFT`` in the title bar and ``YOU HAVE n``
on each card. Their glyphs tell what ``A``, ``E``, ``F``, ``H``, ``L``, ``M``, ``O``, ``P``,
``S``, ``T``, ``U``, ``V`` and ``Y`` look like on this screen, at this size, through this
JPEG (:class:`gridsight.vision.cipher.Cipher`). The region's name (the title bar's first line) and
each card's name (its first line of text under the picture) are then read as one of the
names they can be, all together (:func:`gridsight.vision.cipher.rank`): 14 regions, each card one of
the region's seven animals or a pet (a long name may be cut short on a narrow card), the
cards all different, at most one pet. A name's glyphs must agree with the letters learned
from the labels, with each other (the two ``L`` of ``GORILLA`` alike, its ``G`` and ``R``
unlike) and with the other names read (the ``R`` of ``GORILLA`` and of ``TIGER``).

A card is named only when every reading naming it otherwise is clearly worse
(:data:`MARGIN`); otherwise its candidates are kept, for the reader to ask the player
(``--animals``), never guessed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Callable, Sequence

import numpy as np

from gridsight.games.disco_zoo.cards import FRAME_MOST, frames_or_pillars
from gridsight.games.disco_zoo.settle import colour_rules_out
from gridsight.games.disco_zoo.title_label import recut_label, same_rows
from gridsight.games.disco_zoo.title_region import TALLER, TITLE_LETTER, counter_line
from gridsight.solvers.disco_zoo.catalogue import Animal, load_catalogue
from gridsight.vision.bounded import BoundedMemo
from gridsight.vision.cipher import (
    UNREAD,
    Cipher,
    Cut,
    Settled,
    compatible,
    fits,
    rank,
    readable_by,
    settle,
)
from gridsight.vision.colour_norms import norms
from gridsight.vision.glyphs import (
    INK,
    PIECE_HEIGHT,
    STEM,
    STEM_PAIR,
    Glyph,
    TextLine,
    banded_text_lines,
    border_colour,
    even,
    lab,
    moved,
    pieces_joined,
    recut,
    split_wider,
    stems_joined,
    text_lines,
)

ATTEMPTS_LABEL = "ATTEMPTS LEFT"  # the title bar's label beside the attempts counter
OWNED_LABEL = "YOU HAVE"  # each card's line under the name, then a number
MARGIN = 4.0  # a reading is settled when every other costs this much more (cost units)
VOUCHED = 0.25  # ... and this share of its glyphs look like the same letter elsewhere
UNREAD_COST = 10.0  # a line read as none of its names costs this more than its best name alone
MIN_NAME = 3  # a name cut short on a narrow card keeps at least this many letters
FULL_CARD = 0.72  # a name line this wide (share of the card) may have been cut short

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class CardText:
    """Where a card's text is: the card's ``box``, its picture's box (the name is under
    it) and, when known, the box of its name line (x, y, width, height, image pixels); and
    what the card says of its animal besides its name, when read: ``size``, the tiles of its
    pattern (the card's boxes), and ``rarity``."""

    box: Box
    picture: Box | None = None
    name_box: Box | None = None
    size: int | None = None
    rarity: str = ""
    # The card's boxes' bounding box when found (x, y, width, height): its name is above it.
    box_row: Box | None = None

    def allows(self, animal: Animal) -> bool:
        """Whether ``animal`` is of this card's size and rarity (those read; a pet's card is
        told by its size, whatever rarity its colours read as:
        :func:`gridsight.games.disco_zoo.settle.colour_rules_out`)."""
        return ((self.size is None or animal.size == self.size)
                and not colour_rules_out(animal, self.rarity, self.size))


@dataclass(frozen=True)
class CardName:
    """A card's name as read: ``name`` the animal when settled (else ``None``) and the
    animals it may still be (``candidates``, the settled one alone); ``unlike`` when its
    line reads plainly as a name (alone, its cheapest fitting text within :data:`MARGIN`)
    yet as none of those its card's boxes and colours allow: a clue of the card, or the
    line, is misread (measured: a Chicken card whose tint read mythical, screen 7079);
    ``cost`` what its line's glyphs cost read as in the best reading (the cipher's units:
    under :data:`MARGIN`, they agree with it)."""

    name: str | None
    candidates: tuple[str, ...]
    unlike: bool = False
    cost: float = 0.0
    # The written names its line reads as on its own (no other line weighed: its cheapest
    # text alone, :attr:`gridsight.vision.cipher.Ranking.best`) and by how much that text is
    # cheaper than its next (``UNREAD`` among them); empty when unknown (the region given:
    # the lines were read under it; :func:`.screen_text._line_belies`).
    alone: tuple[str, ...] = ()
    alone_lead: float = 0.0


@dataclass(frozen=True)
class ScreenText:
    """What the rescue screen's words say: the region (``None`` unsure, with its
    candidates), each card's name, the labels found, and how well this screen's glyphs tell
    characters apart (``separation``, 0..1)."""

    region: str | None
    regions: tuple[str, ...]
    cards: tuple[CardName, ...]
    labels: tuple[str, ...] = ()
    separation: float = 0.0
    lines: dict = field(default_factory=dict, repr=False, compare=False)
    # The region line's glyphs the labels vouch for read as ``region``, and the letters of
    # its name the labels show (:func:`region_vouched`); ``None`` with no region read.
    region_vouched: tuple[int, int] | None = field(default=None, compare=False)
    # For each line, the region's then each card's: by how much what it was read as (the
    # region, the card's name) is the cheapest text its glyphs read as on their own, no other
    # line's word weighed (:func:`_alone_leads`; 0 when it is not); empty when unknown (the
    # region given: its line had one text to read).
    alone_leads: tuple[float, ...] = field(default=(), compare=False)
    # The text the title line's glyphs read as on their own (no card's name weighed) and by
    # how much it is cheaper than the next text (:func:`_alone_texts`), whatever the region
    # read; ``(None, 0.0)`` unknown (the region given, or no title line).
    title_alone: tuple[str | None, float] = field(default=(None, 0.0), compare=False)

    def title_reads(self, region: str) -> float:
        """By how much the title line read on its own reads as ``region`` rather than as any
        other text (0 when it reads as another, or is unknown)."""
        text, lead = self.title_alone
        return lead if text is not None and text == _upper(region) else 0.0

    @property
    def named(self) -> bool:
        """Whether every card's animal was read beyond doubt."""
        return bool(self.cards) and all(card.name is not None for card in self.cards)

    def names(self) -> tuple[str, ...]:
        """The cards' animals (all named)."""
        return tuple(card.name or "" for card in self.cards)

    def describe(self) -> str:
        """The cards as read, unsure ones with their candidates: ``Gorilla, Panda or
        Lemur?, Tiger``."""
        return ", ".join(card.name or " or ".join(card.candidates) + "?" for card in self.cards)


# -- the vocabulary -------------------------------------------------------------------------


@lru_cache(maxsize=4096)  # words as read off a screen too: bounded
def _upper(name: str) -> str:
    return " ".join(name.upper().split())


@cache
def _vocabulary() -> tuple[dict[str, str], dict[str, tuple[Animal, ...]]]:
    """The regions' names as written (``ICE AGE`` -> ``Ice Age``) and every animal's
    written name with the animals it names (``RABBIT``: Farm's and the pet)."""
    catalogue = load_catalogue()
    regions = {_upper(r): r for r in catalogue.regions}
    animals: dict[str, list[Animal]] = {}
    for animal in catalogue.animals():
        animals.setdefault(_upper(animal.name), []).append(animal)
    return regions, {k: tuple(v) for k, v in animals.items()}


def _cut(text: str, letters: int) -> str:
    """``text`` cut after ``letters`` letters (spaces not counted), trailing space off."""
    out, count = [], 0
    for ch in text:
        if count == letters:
            break
        out.append(ch)
        count += ch != " "
    return "".join(out).rstrip()


def card_texts(line: TextLine | None, card_width: int) -> dict[str, tuple[str, ...]]:
    """Each text a card's name line may show, with the written names it stands for: every
    animal's name, and when the line fills the card, every longer name cut to its length."""
    _, animals = _vocabulary()
    out: dict[str, set[str]] = {written: {written} for written in animals}
    for written in animals:
        if "-" in written:
            # (a hyphen is a short mark, faint and thin on a small screen: lost, it leaves
            # its gap, two words; 1.4x seed 930052's ``T-REX`` read as ``T`` and ``REX``)
            out.setdefault(written.replace("-", " "), set()).add(written)
    if line is not None and line.glyphs:
        count = len(line.glyphs)
        full = line.box[2] >= FULL_CARD * card_width
        # (a name cut where a word ends shows no trailing space nor the next word's first
        # letter: its line is two of its cells narrower than the cut text was; widest 995033
        # at 2.01x: ``FLYING SQUIRREL`` written ``FLYING``, 84 pixels of a 125-pixel card)
        spaced = line.box[2] * (count + 2) / count >= FULL_CARD * card_width
        for written in animals:
            if count < MIN_NAME or len(written.replace(" ", "")) <= count:
                continue
            text = _cut(written, count)
            if full or (spaced and written[len(text)] == " "):
                out.setdefault(text, set()).add(written)
        # (a letter broken into two strokes makes one glyph more than the letters shown:
        # a name cut short is cut to the letters, too; wider 1.10x seed 1145007's
        # ``RHINOCER`` in nine glyphs, its ``H`` two, was read as none of the cut names)
        letters = count - _stroke_pairs(line)
        if full and MIN_NAME <= letters < count:
            for written in animals:
                if len(written.replace(" ", "")) > letters:
                    out.setdefault(_cut(written, letters), set()).add(written)
    return {text: tuple(sorted(names)) for text, names in out.items()}


def _stroke_pairs(line: TextLine) -> int:
    """The pairs of neighbouring glyphs of ``line`` that may be one letter's two strokes:
    each under :data:`gridsight.vision.glyphs.STEM` of the line's usual glyph width and
    together, their gap included, no wider than :data:`gridsight.vision.glyphs.STEM_PAIR`
    of it (as :func:`gridsight.vision.glyphs.stems_joined` joins them), none counted twice."""
    boxes = [g.box for g in line.glyphs]
    usual = float(np.median([b[2] for b in boxes]))
    pairs, k = 0, 0
    while k + 1 < len(boxes):
        a, b = boxes[k], boxes[k + 1]
        if max(a[2], b[2]) < STEM * usual and b[0] + b[2] - a[0] <= STEM_PAIR * usual:
            pairs += 1
            k += 2
        else:
            k += 1
    return pairs


def _region_animals(region: str) -> dict[str, Animal]:
    """The animals a card may show in ``region``, by written name: its own, then the pets
    (the region's Rabbit wins over the pet Rabbit, as in the board text). A new dict each
    call (the callers' to keep); the catalogue's walk is made once per region."""
    return dict(_region_animals_once(region))


@cache
def _region_animals_once(region: str) -> tuple[tuple[str, Animal], ...]:
    catalogue = load_catalogue()
    out = {_upper(a.name): a for a in catalogue.pets}
    out.update({_upper(a.name): a for a in catalogue.regions[region]})
    return tuple(out.items())


# -- reading --------------------------------------------------------------------------------


def _clue(card, sure: bool = False) -> tuple[int | None, str]:
    """What a card found on the screen says of its animal besides its name (its boxes: the
    pattern's size; its rarity); ``sure``: only what was read clearly enough to count on (a
    clue read wrong rules the card's true name out)."""
    from gridsight.games.disco_zoo.settle import BOX_SURE, RARITY_SURE

    box_sure, rarity_sure = (BOX_SURE, RARITY_SURE) if sure else (0.0, 0.0)

    boxes = getattr(card, "boxes", None)
    size = getattr(boxes, "count", None) if boxes is not None and \
        getattr(boxes, "confidence", 1.0) >= box_sure else None
    # (a rarity read at no confidence is a nearest guess, no clue: only one read at some)
    rarity = str(getattr(card, "rarity", "") or "") \
        if getattr(card, "rarity_confidence", 1.0) >= rarity_sure \
        and getattr(card, "rarity_confidence", 1.0) > 0.0 else ""
    if size and rarity and not any(a.size == size and not colour_rules_out(a, rarity, int(size))
                                   for a in load_catalogue().animals()):
        # (boxes no animal of that rarity covers: the colours, drawn off their rarity's, are
        # the clue misread, and the boxes say the rarity; widest 995014 at 1.63x: a common
        # Marsmot's four boxes, their one fill read rare at 0.21, left the card no name
        # and the screen no reading)
        rarity = ""
    return (int(size) if size else None), rarity


def _box(box: Sequence[float]) -> Box:
    x, y, w, h = (int(v) for v in box)
    return x, y, w, h


def read_names(image: np.ndarray, cards: Sequence[CardText], title_bottom: int,
               region: str | None = None, *, pixels: bytes | None = None) -> ScreenText:
    """The region's name and every card's name read off ``image``: the title bar is what
    lies above ``title_bottom`` (the cards' top); ``region`` when the player gave it;
    ``pixels`` the image's digest (:func:`text_pixels`), when known (the
    lines found are then remembered: :func:`_screen_lines`)."""
    regions, _ = _vocabulary()
    width = image.shape[1]
    bar, cards_lines = _screen_lines(image, cards, title_bottom, pixels)
    label = _attempts_line(bar)
    known: list[tuple[TextLine, str]] = [(label, ATTEMPTS_LABEL)] if label is not None else []
    name_lines: list[TextLine | None] = []
    beside: list[TextLine | None] = []  # each card's label, its own or borrowed
    owned_found = 0
    owned_lines = [_owned_line(lines) for lines in cards_lines]
    for card, lines, owned in zip(cards, cards_lines, owned_lines):
        if owned is not None:
            known.append((owned.first_words(2), OWNED_LABEL))
            owned_found += 1
        lent = None if owned is not None else _borrowed(card, cards, owned_lines)
        beside.append(owned if owned is not None else lent)
        # (the card's own label's first word, when found: the name stands above it)
        start = None if lent is None else _label_start(lines, card, lent, cards, owned_lines)
        name_lines.append(_letter_spaced(_unpaired(
            _name_line(lines, card, start or (owned if owned is not None else lent),
                       borrowed=lent is not None and start is None), owned_lines)))
    region_line = _region_line(bar, label, width)
    cipher = Cipher(known)
    labels = tuple(x for x in ([ATTEMPTS_LABEL] if label is not None else [])
                   + [f"{OWNED_LABEL} (x{owned_found})"] * bool(owned_found))

    region_texts = [_upper(region)] if region else list(regions)
    texts = [card_texts(line, card.box[2]) for line, card in zip(name_lines, cards)]
    # (a card whose name line is not seen is read as none of its names: every name it may
    # show is as cheap as the next, so its ~100 texts only multiplied the combinations
    # weighed, two such cards 11,000 for each reading of the others, past
    # MAX_COMBINATIONS before any allowed one was met: 0.84x seed 1050008, two outlined
    # names not found, no reading at all; the rule weighs an unread card as any animal of
    # its region its clues allow, as all its texts did)
    slots = [(region_line, region_texts)] + [(line, list(t) if line is not None else [UNREAD])
                                             for line, t in zip(name_lines, texts)]

    clues = tuple((card.size, card.rarity) for card in cards)

    possible: dict[tuple[str, int, str], bool] = {}

    def each_possible(region: str, names: tuple[str, ...]) -> bool:
        # (a card with no animal of the region rules the choice out, as _one_rescue
        # would: told first, from each card's text once, as the ranking weighs every
        # combination of the lines' candidates, most of them ruled out so)
        for k, t in enumerate(names):
            key = (region, k, t)
            if key not in possible:
                possible[key] = bool(_card_options(
                    region, None if t == UNREAD else texts[k][t],
                    clues[k] if k < len(clues) else None))
            if not possible[key]:
                return False
        return True

    def allowed(choice: tuple[str, ...]) -> bool:
        names = choice[1:]
        if choice[0] != UNREAD and not each_possible(regions[choice[0]], names):
            return False
        shown = tuple(None if t == UNREAD else texts[k][t] for k, t in enumerate(names))
        if choice[0] == UNREAD:  # the region's line read as no region: the names say which
            # (each region told out first as above: _one_rescue says no to it alike)
            return any(each_possible(r, names) and _one_rescue(r, shown, clues)
                       for r in regions.values())
        return _one_rescue(regions[choice[0]], shown, clues)

    letter = screens_letter(name_lines)
    cuts = [None if region else _region_cuts(region_line)] + [_name_cuts(line, by, t, letter)
                     for line, by, t in zip(name_lines, beside, texts)]
    ranked = rank(slots, cipher, allowed, keep=8, unread=UNREAD_COST, cuts=cuts, recut=RECUT_COST)
    seen: dict = {"bar": bar, "label": label, "region": region_line, "names": name_lines}
    if not ranked:
        return ScreenText(None, (), tuple(CardName(None, ()) for _ in cards), labels,
                          cipher.calibration.separation, seen)
    settled = settle(ranked, MARGIN, cipher, slots, VOUCHED)
    close = [r.texts for r in ranked if r.cost < ranked[0].cost + MARGIN]

    def homes(reading: tuple[str, ...]) -> list[str]:
        """The regions a reading is of: its region's, or those its names allow."""
        if reading[0] != UNREAD:
            return [regions[reading[0]]]
        shown = tuple(None if t == UNREAD else texts[k][t] for k, t in enumerate(reading[1:]))
        return [r for r in regions.values() if _one_rescue(r, shown, clues)]

    names = [_animal_of(s, texts[k], close, k + 1, homes, cards[k])
             for k, s in enumerate(settled[1:])]
    names = [replace(card, unlike=_unlike(ranked, k + 1, slots[k + 1]),
                     cost=ranked[0].parts[k + 1] if ranked[0].parts else 0.0)
             for k, card in enumerate(names)]
    region_read = _region_of(settled[0], regions)
    by_itself = () if region else _alone_texts(ranked)
    names = _read_alone(names, ranked, texts) if not region else names
    if region_read is None and not region and region_line is not None:
        alone = _region_alone(region_line, region_texts, cipher, regions, names)
        if alone is not None:
            within = read_names(image, cards, title_bottom, alone, pixels=pixels)
            return replace(within, region=alone, regions=(alone,),
                           cards=tuple(_read_alone(list(within.cards), ranked, texts)),
                           region_vouched=region_vouched(region_line, _upper(alone), cipher),
                           alone_leads=_alone_leads(by_itself, alone, within.cards, texts),
                           title_alone=by_itself[0] if by_itself else (None, 0.0))
    if region_line is None and not region:
        # A region line not seen is "settled" by the rule alone, from names that may be
        # unsettled themselves (measured: a Farm read off one unsure "Chicken"): only names
        # settled beyond doubt say the region (below).
        region_read = None
    if region_read is None and all(card.name for card in names):
        # The names settle the region: every animal of a rescue is of one region.
        named = {a.region for card in names for a in load_catalogue().animals()
                 if a.name == card.name and a.region is not None}
        if len(named) == 1 and all(any(a.name == card.name and (a.region in named or a.is_pet)
                                       for a in load_catalogue().animals()) for card in names):
            region_read = named.pop()
    vouched = region_vouched(region_line, _upper(region_read), cipher) \
        if region_read is not None and region_line is not None else None
    return ScreenText(region_read, tuple(regions[t] for t in settled[0].candidates
                                         if t != UNREAD),
                      tuple(names), labels, cipher.calibration.separation, seen, vouched,
                      _alone_leads(by_itself, region_read, names, texts),
                      by_itself[0] if by_itself and region_line is not None else (None, 0.0))


def _alone_texts(ranking) -> tuple[tuple[str | None, float], ...]:
    """For each line of ``ranking`` (:func:`gridsight.vision.cipher.rank`'s), the text its
    glyphs read as on their own, with no other line's word (its cheapest candidate alone;
    ``None`` when none fits), and by how much it is cheaper than its next (none among them).
    On a one-card screen the title and the name are read together, each ranked with the
    other (:func:`.screen_text._one_card_doubted`): each line read alone is a check of its
    own (1.1x seed 7076's ``FARM`` alone leads ``MOON`` by 7.0, its ``CHICKEN`` ``UNICORN``
    by 4.8; 0.95x seed 471057's ``MARS``, read ``FARM`` with its ``MARSMOT`` as ``RABBIT``,
    reads ``MARS`` alone, its name line ``BADGER`` by 0.4 only)."""
    out: list[tuple[str | None, float]] = []
    for k, (least, lead) in enumerate(zip(ranking.alone, ranking.clear)):
        text = next((r.texts[k] for r in ranking.readings if len(r.parts) > k
                     and r.parts[k] <= least + 1e-9 and r.texts[k] != UNREAD), None)
        out.append((text, lead))
    return tuple(out)


def _read_alone(cards: list[CardName], ranking, texts: Sequence[dict[str, tuple[str, ...]]]
                ) -> list[CardName]:
    """``cards`` with what each one's line reads as on its own (``ranking``'s cheapest text
    of each line alone, the region's line first, and its lead over the next,
    :class:`gridsight.vision.cipher.Ranking`; ``texts``: each card's texts and the written
    names they stand for): :attr:`CardName.alone`."""
    best, clear = ranking.best, ranking.clear
    if len(best) != len(cards) + 1 or len(clear) != len(best):
        return cards
    return [replace(card, alone=shown.get(text, ()), alone_lead=lead)
            for card, text, lead, shown in zip(cards, best[1:], clear[1:], texts)]


def _alone_leads(by_itself: tuple[tuple[str | None, float], ...], region: str | None,
                 cards: Sequence[CardName], texts: Sequence[dict[str, tuple[str, ...]]]
                 ) -> tuple[float, ...]:
    """For each line, the region's then each card's: the lead of the text it reads as on its
    own (``by_itself``: :func:`_alone_texts`) when that is what it was read as (the
    ``region``, the card's name), else 0; empty (unknown) without ``by_itself``."""
    if not by_itself:
        return ()
    title, lead = by_itself[0]
    out = [lead if region is not None and title == _upper(region) else 0.0]
    for card, (alone, lead), shown in zip(cards, by_itself[1:], texts):
        # (a card not named, its one candidate left: its letters vouched for by no label)
        name = card.name or (card.candidates[0] if len(card.candidates) == 1 else None)
        agree = name is not None and alone is not None and shown.get(alone) == (_upper(name),)
        out.append(lead if agree else 0.0)
    return tuple(out)


def region_vouched(line: TextLine, text: str, cipher: Cipher) -> tuple[int, int]:
    """How many of ``line``'s glyphs read as ``text`` the labels alone vouch for
    (:meth:`gridsight.vision.cipher.Cipher.confirmed`, no other line of the screen), and how
    many of ``text``'s letters the labels show at all (the most that can be vouched for)."""
    shown = {ch for _, ch in cipher.references(line)}
    letters = text.replace(" ", "")
    return cipher.confirmed([(line, text)])[0], sum(ch in shown for ch in letters)


RECUT_COST = MARGIN  # a name read off its line cut anew costs this more than off it as cut
# A glyph this many times as wide as its line's other glyphs (their median, narrow ones such
# as an ``I`` left out), or as the screen's usual letter (:func:`screens_letter`), is two
# letters run together: 0.98x seed 270059's ``BEAVER`` in glyphs 5, 6, 11, 6 and 5 pixels
# wide (its ``AV`` one), which as five glyphs fitted ``SKUNK`` (:mod:`.lengths`).
PAIR_WIDE = 1.8
NARROW = 0.45  # a glyph under this share of its line's mean glyph width is narrow (an ``I``)


def screens_letter(lines: Sequence[TextLine | None]) -> float:
    """The usual width of a letter of the cards' names on this screen: the median of every
    name line's glyphs (narrow ones, an ``I``, left out). A line's own glyphs are no measure
    when most of them are two letters run together: 0.93x seed 473050's ``HORSE`` in glyphs
    12, 12 and 6 pixels wide (``HO``, ``RS``, ``E``; the other cards' letters 4 to 6) was
    counted three letters, and told a ``COW``."""
    widths = [g.box[2] for line in lines if line is not None for g in line.glyphs]
    if not widths:
        return float("inf")
    mean = sum(widths) / len(widths)
    usual = [w for w in widths if w >= NARROW * mean]
    return float(np.median(usual)) if usual else float("inf")


def holds_pair(line: TextLine, letter: float) -> bool:
    """Whether a glyph of ``line`` is :data:`PAIR_WIDE` times ``letter`` (the screen's usual
    name letter, :func:`screens_letter`) or wider: two letters run together, so the line's
    glyph count is not its letter count."""
    return any(g.box[2] >= PAIR_WIDE * letter for g in line.glyphs)


OWNED_CELLS = 10  # letters, spaces and digit of ``YOU HAVE n``: the label's width in cells
ONE_ROW = 1.5  # a name line taller than this many cap heights is two rows: not cut anew
CELL_SLACK = 0.2  # a name's width may differ by this share of its cells (at least one cell)


def label_cell(label: TextLine) -> float:
    """The width of one cell (a letter, a space, a digit) of ``label``, a card's ``YOU HAVE
    n``: its width over :data:`OWNED_CELLS` cells; over those of its words when its first two
    are ``YOU`` and ``HAVE`` (:func:`_owns`) and at most a third (its number) follows: a label
    whose number was not found with it spans 8 cells (1.45x seed 500003's of 67 pixels, taken
    for 10 cells, made ``KOALA``'s five letters of 43 pixels too wide for five cells of 6.7:
    never cut anew, the card asked), one of two digits 11."""
    if label.words[:2] != OWNED_WORDS or len(label.words) > 3:
        return label.box[2] / OWNED_CELLS
    return label.box[2] / (sum(label.words) + len(label.words) - 1)


def _name_cuts(line: TextLine | None, label: TextLine | None,
               texts: Sequence[str] = (), letter: float = float("inf")) -> Cut | None:
    """How a card's name ``line`` is cut for each text it may show (:func:`rank`'s
    ``cuts``): as it is when its words have that text's letter counts and their glyphs are
    about one width (:func:`gridsight.vision.glyphs.even`), else cut anew into that text's
    letters (:func:`gridsight.vision.glyphs.recut`) when the line is about as wide as that
    text in the font of the card's ``label`` (``YOU HAVE n``: :data:`OWNED_CELLS` cells,
    for the name's height), ``None`` otherwise. At a small size a pixel font's letters run
    together and break into strokes (0.88x seed 7082's ``MOTH`` as glyphs 4, 10, 1 and 1
    pixels wide): the line is then read as each name would cut it, each cut once per
    letter count. ``None`` (the line as it is) without a label to measure by, and for a
    line cut plausibly: its glyphs about one width in each word and one of its ``texts``
    fitting it as it is (a line so cut is read as it is, not as other names would cut it:
    1.09x seed 7088's clean ``ZEBRA`` cut anew read as ``COUGAR`` more cheaply). ``letter``:
    the screen's usual name letter (:func:`screens_letter`), to tell a glyph of two letters
    run together (:func:`_name_cut`)."""
    if line is None or not line.glyphs or line.box[3] > ONE_ROW * line.height:
        # (a name wrapped onto two rows, or joined to a sprite's blobs above it as one: 3.1x
        # seed 330015's ``PLATYPUS`` under three blobs, cut anew as a name of six letters)
        return None
    if label is None:
        return _pieces_cuts(line)
    if _cut_plausibly(line, label) and any(fits(line, t) for t in texts):
        return _stems_cuts(line, (_letter_shape(label) or 0.0) * _glyph_height(line))
    # (heights as the glyphs' own boxes, as in _unpaired: 0.76x seed 7000's ``YOU HAVE 4``
    # of 6-pixel glyphs had a cap height of 8, its cells a quarter too narrow, and its
    # ``DIPLODOCUS``, three pairs of letters run together, was never cut anew)
    cell = label_cell(label) * _glyph_height(line) / _glyph_height(label)
    # (a glyph as wide as two letters both of the label's font and of the screen's names:
    # the label's alone is no measure at 5 pixels, 1.08x seed 473034's ``M`` of ``MONKEY``
    # 6 pixels wide beside a ``YOU HAVE`` of 4 and 5 a pixel taller)
    paired = not _letters_wide(line, label) and holds_pair(line, letter)
    made: dict[tuple[int, ...], TextLine | None] = {}

    def cut(text: str) -> TextLine | None:
        counts = tuple(len(word) for word in text.split())
        if counts not in made:
            made[counts] = _name_cut(line, counts, cell, paired)
        return made[counts]

    return cut


def _region_cuts(line: TextLine | None) -> Cut | None:
    """How the title's region ``line`` is cut for each region's name: as it is for a name it
    fits, else with each glyph :data:`PAIR_WIDE` times its line's usual letter
    (:func:`screens_letter`) or wider parted into the letters its width holds
    (:func:`gridsight.vision.glyphs.split_wider`: two letters run together) for a name that
    line then fits; ``None`` (the line as it is) when no glyph is so wide. 0.95x seed
    1050028's ``OUTBACK`` in glyphs 5, 4, 5, 5, 10 and 5 pixels wide (its ``BA`` one): six
    glyphs, the length of ``JUNGLE`` alone, read so by 21 while its ``CROCODILE`` read
    alone by 5.4. Not for a title under :data:`.title_region.TITLE_LETTER` pixels, too small
    to read alone: fresh 1074007 at 0.61x, ``MOON`` 5 pixels tall in three glyphs (its ``OO``
    one), cut anew read ``CITY``, ``MOON`` and ``MARS`` alike and its card's ``MOONKEY``,
    read alone by 5.2, no longer said the Moon: asked (read as no region, the names say it)."""
    if line is None or len(line.glyphs) < 3 or line.height < TITLE_LETTER:
        return None
    letter = screens_letter([line])
    if not holds_pair(line, letter):
        return None
    parted = _made_once(_split_letters, line, PAIR_WIDE * letter - 1.0, letter)

    def cut(text: str) -> TextLine | None:
        if fits(line, text):
            return line
        return parted if parted is not line and fits(parted, text) else None

    return cut


def _split_letters(line: TextLine, width: float, letter: float) -> TextLine:
    """``line`` with each glyph wider than ``width`` cut into the letters of ``letter``
    pixels its width holds (:func:`gridsight.vision.glyphs.split_wider`)."""
    return split_wider(line, width, letter=letter)


def _pieces_cuts(line: TextLine) -> Cut | None:
    """A name ``line`` on a card with no label to measure letters by: read as it is for a
    text it fits, else with its letters' pieces joined (:func:`gridsight.vision.glyphs.
    pieces_joined`: no letter's width needed); ``None`` (the line as it is) when it has no
    glyph short enough to be a piece."""
    tall = [g.box[3] for g in line.glyphs]
    if min(tall) >= PIECE_HEIGHT * float(np.median(tall)):
        return None
    return _joined_cuts(line, lambda counts: _made_once(pieces_joined, line, counts))


def _stems_cuts(line: TextLine, letter: float) -> Cut | None:
    """A name ``line`` cut plausibly (its glyphs about one width): read as it is for a text
    it fits, else with its letters broken into strokes joined (:func:`gridsight.vision.
    glyphs.stems_joined`, ``letter`` a letter's width at its height: 1.17x seed 270005's
    ``PENGUIN`` in nine glyphs, each ``N`` two stems); ``None`` (the line as it is) when no
    two neighbouring glyphs are narrow enough to be one letter's strokes."""
    narrow = [g.box[2] < STEM * letter for g in line.glyphs]
    if not any(a and b for a, b in zip(narrow, narrow[1:])):
        return None
    return _joined_cuts(line, lambda counts: _made_once(stems_joined, line, counts, letter))


def _joined_cuts(line: TextLine, join: Callable[[tuple[int, ...]], TextLine | None]) -> Cut:
    """The cut of ``line`` for a text: the line as it is when it fits the text, else
    ``join`` of the text's letter counts per word (each counts' joining made once)."""
    made: dict[tuple[int, ...], TextLine | None] = {}

    def cut(text: str) -> TextLine | None:
        if fits(line, text):
            return line
        counts = tuple(len(word) for word in text.split())
        if counts not in made:
            made[counts] = join(counts)
        return made[counts]

    return cut


MADE = 64  # lines cut anew remembered (a screen's names make up to 26: 0.76x seed 7000)
_MADE: BoundedMemo[tuple, tuple[TextLine, TextLine | None]] = BoundedMemo(MADE)


def _made_once(make: Callable[..., TextLine | None], line: TextLine,
               *args) -> TextLine | None:
    """``make(line, *args)`` (a line cut anew: :func:`gridsight.vision.glyphs.recut`,
    :func:`~gridsight.vision.glyphs.split_wider`, ...), made once for the same glyphs (by
    identity) and arguments, and ``line`` itself where that was ``make``'s answer. A screen's
    names are read more than once (with every clue of the cards, then with the clear ones
    only) over the same glyphs, each reading cutting its lines anew: the glyphs so made were
    new objects each time, and every distance from them to the references was worked out
    again (measured: 5915 of 0.76x seed 7000's 13860). Kept with the line it was made from
    (its glyphs held, their ids not reused), the oldest dropped beyond :data:`MADE`."""
    key = (make, tuple(id(g) for g in line.glyphs), line.words, line.box, line.height,
           line.colour, args)
    source, made = _MADE.remember(key, lambda: (line, make(line, *args)))
    return line if made is source else made


def _glyph_height(line: TextLine) -> float:
    """The usual height of ``line``'s glyphs (their boxes' median, at least a pixel): its
    letters' height, not its cap height, which may take in an outline."""
    return max(1.0, float(np.median([g.box[3] for g in line.glyphs])))


def _cut_plausibly(line: TextLine, label: TextLine) -> bool:
    """Whether ``line``'s glyphs may be its letters as cut: about one width in each word
    (:func:`gridsight.vision.glyphs.even`) and none as wide as two of ``label``'s letters
    for its height (:data:`PAIR_WIDTH`: two letters run together, the line fitting a
    shorter name as cut)."""
    return all(even(word) for word in line.word_glyphs()) and _letters_wide(line, label)


def _letters_wide(line: TextLine, label: TextLine) -> bool:
    """Whether none of ``line``'s glyphs is as wide as two of ``label``'s letters for its
    height (:data:`PAIR_WIDTH`)."""
    letter = float(np.median([g.box[2] for g in label.glyphs])) \
        / max(1.0, float(np.median([g.box[3] for g in label.glyphs])))
    tall = float(np.median([g.box[3] for g in line.glyphs]))
    return max(g.box[2] for g in line.glyphs) <= PAIR_WIDTH * letter * tall


def _name_cut(line: TextLine, counts: tuple[int, ...], cell: float,
              paired: bool = False) -> TextLine | None:
    """``line`` read as a text of ``counts`` letters per word (:func:`_name_cuts`). A line
    of as many glyphs as the text has letters, but as wide as another number of them, is
    read as it is unless it holds a glyph as wide as two letters (``paired``: of the label's
    font and of the screen's names, :data:`PAIR_WIDE` times its usual letter): then its
    glyph count is no letter count (0.93x seed 473050's ``HORSE`` in glyphs 12, 12 and 6
    pixels wide, ``HO``, ``RS``, ``E``, 32 pixels as five letters are, read as ``COW``)."""
    cells = sum(counts) + len(counts) - 1
    wide = abs(line.box[2] - cells * cell) > max(cell, CELL_SLACK * cells * cell)
    if counts == line.words and all(even(word) for word in line.word_glyphs()) and \
            not (paired and wide):
        return line
    if wide:
        return line if counts == line.words and not paired else None
    return _made_once(recut, line, counts) or (line if counts == line.words else None)


def _unlike(ranked, slot: int, line_texts: tuple[TextLine | None, list[str]]) -> bool:
    """Whether a card's line reads plainly as a name (its cheapest fitting text alone costs
    less than :data:`MARGIN`) while the best reading of the screen, under the rule of its
    card's boxes and colours, reads it as none: see :attr:`CardName.unlike`."""
    line, options = line_texts
    if line is None or ranked[0].texts[slot] != UNREAD:
        return False
    return any(fits(line, t) for t in options) and ranked.alone[slot] < MARGIN


def _region_alone(line: TextLine, texts: list[str], cipher: Cipher, regions: dict[str, str],
                  names: Sequence[CardName]) -> str | None:
    """The region the title line reads as on its own, when the names read with it left it
    unsettled: the region whose name the line's glyphs read as clearly better than any other
    region's of its word shape (:data:`MARGIN`; a line that only one region's name fits is
    not read so: a line cut into the wrong number of glyphs fits another region's name, 2.1x
    seed 7013's ``SAVANNA`` in five glyphs fits ``POLAR`` alone), confirmed by the cards: a
    card's name read as that region's animals alone (pets aside), and no card's candidates
    all of another region."""
    ranked = [r for r in rank([(line, texts)], cipher, keep=len(texts)) if r.texts[0] != UNREAD]
    if len(ranked) < 2 or ranked[1].cost < ranked[0].cost + MARGIN:
        return None
    region = regions[ranked[0].texts[0]]
    catalogue = load_catalogue()
    home = {a.name for a in catalogue.regions[region]}
    pets = {a.name for a in catalogue.pets}
    own = [set(card.candidates) - pets for card in names if card.candidates]
    if not any(kinds and kinds <= home for kinds in own):
        return None
    if any(kinds and not kinds & home for kinds in own):
        return None
    return region


def title_alone(image: np.ndarray, board_top: float) -> str | None:
    """The region's name read off the title bar of a screen whose cards are not seen (no
    names to read it with): the region whose name the title line reads as, clearly better
    than any other's (:data:`MARGIN`) when several fit its glyphs, the line counting alone
    (:func:`.title_region.counts_alone`: tall enough, the whole title, its letters vouched
    for by ``ATTEMPTS LEFT``); ``None`` otherwise. It settles no animal: the live panel
    preselects it in the region's list of the player's pick (the player confirms it)."""
    from gridsight.games.disco_zoo.title_region import counts_alone

    regions, _ = _vocabulary()
    bar, _ = _screen_lines(image, [], int(board_top), None)
    label = _attempts_line(bar)
    line = _region_line(bar, label, image.shape[1])
    if line is None or label is None:
        return None
    cipher = Cipher([(label, ATTEMPTS_LABEL)])
    ranked = [r for r in rank([(line, list(regions))], cipher, keep=len(regions))
              if r.texts[0] != UNREAD]
    # (One name alone fitting the line's glyphs is taken, unlike :func:`_region_alone`'s:
    # nothing is settled by it, and the player sees the title beside the pick.)
    if not ranked or (len(ranked) > 1 and ranked[1].cost < ranked[0].cost + MARGIN):
        return None
    region = regions[ranked[0].texts[0]]
    seen = {"bar": bar, "label": label, "region": line}
    if not counts_alone(seen, region_vouched(line, _upper(region), cipher)):
        return None
    return region


def _region_of(settled: Settled, regions: dict[str, str]) -> str | None:
    return regions[settled.text] if settled.text not in (None, UNREAD) else None


def _animal_of(settled: Settled, texts: dict[str, tuple[str, ...]],
               readings: list[tuple[str, ...]], slot: int, homes, card: CardText) -> CardName:
    """A card's reading as animals: the animals its candidate texts stand for in the
    readings that keep them, in each reading's region (``homes``: a cut name may stand for
    several; ``RABBIT`` is Farm's in the Farm and the pet's elsewhere; a card read as none
    stands for any of its region's); named when the text is settled and stands for one."""
    names: list[str] = []
    for text in settled.candidates:
        for reading in readings:
            if reading[slot] != text:
                continue
            for region in homes(reading):
                animals = _region_animals(region)
                written = list(animals) if text == UNREAD else texts[text]
                names += [animals[w].name for w in written
                          if w in animals and card.allows(animals[w])]
    names = list(dict.fromkeys(names))
    if settled.text is not None and len(names) == 1:
        return CardName(names[0], (names[0],))
    return CardName(None, tuple(names))


@lru_cache(maxsize=1 << 16)  # keyed by names as read: bounded (a read asks a few thousand)
def _one_rescue(region: str, cards: tuple[tuple[str, ...] | None, ...],
                clues: tuple[tuple[int | None, str], ...] = ()) -> bool:
    """Whether cards showing these written names (each one of several, when cut short;
    ``None``: a card not read) can be one rescue of ``region``: each an animal of the
    region or a pet, of the card's size and rarity when read (``clues``), all different,
    at most one pet.

    The ranking of a screen's readings asks this of every combination of the lines'
    candidates (hundreds of thousands on a screen of cut names, nearly all ruled out by a
    card with no animal), so each card's animals come from :func:`_card_options`, worked
    out once per card text rather than once per combination."""
    options = [_card_options(region, written, clues[k] if k < len(clues) else None)
               for k, written in enumerate(cards)]
    return one_each(options)


def one_each(options: Sequence[Sequence[Animal]]) -> bool:
    """Whether one animal can be chosen from each card's ``options``, all different, at
    most one a pet and at least one not."""
    return pick_each(options) is not None


def pick_each(options: Sequence[Sequence[Animal]]) -> tuple[Animal, ...] | None:
    """One animal from each card's ``options``, all different, at most one a pet and at
    least one not (the first such choice in the options' order), or ``None`` when there is
    none."""
    if any(not o for o in options):
        return None

    def pick(k: int, chosen: tuple[Animal, ...]) -> tuple[Animal, ...] | None:
        if k == len(options):
            pets = sum(a.is_pet for a in chosen)
            return chosen if pets <= 1 and len(chosen) - pets >= 1 else None
        for animal in options[k]:
            if animal not in chosen:
                found = pick(k + 1, chosen + (animal,))
                if found is not None:
                    return found
        return None

    return pick(0, ())


def example_rescue(read: ScreenText) -> str:
    """An ``--animals`` value for a screen whose names are not all settled, made of what the
    cards may be (a settled card's name, else one of its candidates) and a rescue the
    catalogue accepts: one region's animals (one of the regions the screen may be), all
    different, at most one pet. A player who copies it gets a board read, not a second
    refusal; when the cards' candidates fit no rescue, placeholders (``NAME1,NAME2``) say
    the form without naming animals the screen does not show."""
    regions = read.regions or tuple(load_catalogue().regions)
    for region in regions:
        animals = _region_animals(region)
        options = []
        for card in read.cards:
            written = (card.name,) if card.name else card.candidates
            if written:
                mine = [animals[_upper(w)] for w in written if _upper(w) in animals]
            else:  # a card not read at all: any of the region's own animals
                mine = [a for a in animals.values() if not a.is_pet]
            options.append(list(dict.fromkeys(mine)))
        chosen = pick_each(options)
        if chosen is not None:
            return ",".join(a.name for a in chosen)
    return ",".join(f"NAME{k + 1}" for k in range(len(read.cards)))


@lru_cache(maxsize=1 << 12)  # keyed by names as read: bounded
def _card_options(region: str, written: tuple[str, ...] | None,
                  clue: tuple[int | None, str] | None) -> tuple[Animal, ...]:
    """The animals of ``region`` (or pets) a card showing ``written`` (``None``: not read)
    may be, of its size and rarity when read (``clue``; ``None``: no clue given)."""
    animals = _region_animals(region)
    pool = list(dict.fromkeys(animals.values())) if written is None else \
        [animals[w] for w in written if w in animals]
    if clue is None:
        return tuple(pool)
    card = CardText((0, 0, 0, 0), None, None, *clue)
    return tuple(a for a in pool if card.allows(a))


RECENT = 8  # screens whose text is remembered (live play reads one screen again and again)
_RECENT: BoundedMemo[bytes, ScreenText] = BoundedMemo(RECENT)
_LINES: BoundedMemo[bytes, tuple[list[TextLine], list[list[TextLine]]]] = BoundedMemo(RECENT)


def _screen_lines(image: np.ndarray, cards: Sequence[CardText], title_bottom: int,
                  pixels: bytes | None) -> tuple[list[TextLine], list[list[TextLine]]]:
    """The title bar's lines of text and each card's (:func:`_cards_lines`), remembered for
    the same ``pixels`` (a digest, or ``None``: not remembered) and the same text boxes:
    they do not depend on what the cards' boxes and colours say, and a screen's names are
    read twice, with every clue and with the clear ones only (measured: the second reading
    was a quarter of the CPU the names took)."""
    def find() -> tuple[list[TextLine], list[list[TextLine]]]:
        bar = _bar_lines(image, int(title_bottom))
        label = _attempts_line(bar)
        return bar, _cards_lines(image, cards, _letter_shape(label), label=label)

    if pixels is None:
        return find()
    where = tuple((card.box, card.picture, card.name_box) for card in cards)
    key = hashlib.sha1(pixels + repr((where, int(title_bottom))).encode()).digest()
    return _LINES.remember(key, find)


def _bar_lines(image: np.ndarray, title_bottom: int) -> list[TextLine]:
    """The title bar's lines of text (:func:`_unstacked`), read between a letterbox's pillars
    (:func:`.cards.frames_or_pillars`, when wider than a frame: :data:`.cards.FRAME_MOST` of
    the width), placed in the picture. The title bar spans the phone's screen and no more: a
    pillar's dark columns beside the bar's dark letters are one band of ink with them (wider
    1010005 pillar-boxed: the left pillar a glyph of ``JUNGLE``, seven glyphs read alone as
    ``OUTBACK`` by 10; fresh wider 1060003: ``LEFT`` lost beside the right pillar, the label
    unread, the Ghost asked)."""
    width = image.shape[1]
    left, right = frames_or_pillars(image)
    if max(left, right) <= FRAME_MOST * width or left + right >= width:
        return _unstacked(image, banded_text_lines(image[: max(0, title_bottom)]), title_bottom)
    inner = image[:, left : width - right]
    bar = _unstacked(inner, banded_text_lines(inner[: max(0, title_bottom)]), title_bottom)
    return [moved(line, left, 0) for line in bar]


STACKED = 1.6  # a region line's glyph this many times its letters' height holds text above
REREAD_ABOVE = 0.5  # the bar is read again from this many letter heights above the letters


def _unstacked(image: np.ndarray, bar: list[TextLine], title_bottom: int) -> list[TextLine]:
    """The title bar's lines, read again below a line of text stacked on the region's name
    when a glyph of the name holds both (:data:`STACKED` times the height of its other
    letters, reaching above their tops): a phone's status bar the colour of the game's title
    bar is one colour band with it, and a mark of the clock over a letter of the name is
    taken as part of it (1.49x wider seed 700045: the colon of ``09:59`` over the second
    ``O`` of ``MOON``, a glyph 58 px tall among letters of 21; the name read as no region).
    The bar is then read from :data:`REREAD_ABOVE` letter heights above the name's letters'
    tops, the lines wholly above that row kept as found; else ``bar`` as it is."""
    line = _region_line(bar, _attempts_line(bar), image.shape[1])
    if line is None or len(line.glyphs) < 3:
        return bar
    tall = float(np.median([g.box[3] for g in line.glyphs]))
    tops = sorted(g.box[1] for g in line.glyphs)
    top = tops[len(tops) // 2]
    if not any(g.box[3] > STACKED * tall and g.box[1] < top - REREAD_ABOVE * tall
               for g in line.glyphs):
        return bar
    y0 = max(0, int(top - REREAD_ABOVE * tall))
    if y0 >= title_bottom:
        return bar
    below = [moved(ln, 0, y0) for ln in banded_text_lines(image[y0:title_bottom])]
    return [ln for ln in bar if ln.box[1] + ln.box[3] <= y0] + below


def _letter_shape(label: TextLine | None) -> float | None:
    """A letter's usual width over its height in the screen's font: the median of a
    label's glyphs (``ATTEMPTS LEFT``, the font the cards are written in), ``None`` without
    one."""
    if label is None or not label.glyphs:
        return None
    return float(np.median([g.box[2] for g in label.glyphs])) \
        / max(1.0, float(np.median([g.box[3] for g in label.glyphs])))


@dataclass(frozen=True)
class SeenLines:
    """A card's lines of text seen one way: ``lines`` with any ``YOU HAVE`` whose letters ran
    together parted (:func:`_paired_label`), and ``found`` the same lines as found, before
    parting (one for one). Ways of seeing are ranked on ``found``: a label found only by
    parting its letters is a repair within the way chosen, not a reason to choose it. Kept
    together rather than in a table on the side, so a reading carries its own state."""

    lines: list[TextLine]
    found: list[TextLine]


def _moved_label(line: TextLine, shape: float | None, dx: int,
                 dy: int) -> tuple[TextLine, TextLine]:
    """``line`` of a card's crop moved to the image's pixels: (parted as a label when that
    makes it one, :func:`_paired_label`; as found)."""
    parted = _paired_label(line, shape)
    found = moved(line, dx, dy)
    return (found if parted is line else moved(parted, dx, dy)), found


def _paired_label(line: TextLine, shape: float | None) -> TextLine:
    """``line`` as a card's ``YOU HAVE n`` with its letters run together parted
    (:func:`gridsight.vision.glyphs.split_wider`: a glyph :data:`LABEL_PAIR` times as wide
    as a letter of the title's label, ``shape`` for its height, cut into the letters its
    width holds) when that makes it one (its first words of 3 and 4 glyphs: 0.96x seed 7112's
    ``YOU HA VE`` with ``AV`` one glyph, their strokes touching, no faint column between
    them); else ``line`` as it is. A screen whose labels no way of seeing the cards finds
    has no letters to read the names by."""
    if shape is None or _owns(line) or not line.glyphs or sum(line.words[:2]) >= 7:
        return line
    tall = float(np.median([g.box[3] for g in line.glyphs]))
    # (each glyph cut into as many letters as its width holds, evenly: cut in two and
    # again, 1.1x seed 930033's 25-pixel ``YOU`` was 12, 6 and 7 pixels, a (3, 4) line of
    # the wrong strokes, and that way of seeing the cards won)
    parted = split_wider(line, LABEL_PAIR * shape * tall, letter=shape * tall)
    return parted if _owns(parted) else line


LABEL_CUTS = ((3, 4, 1), (3, 4))  # ``YOU HAVE n`` and ``YOU HAVE``: letters per word
LABEL_LETTERS = (("A", 4), ("E", 6))  # letters of ``YOU HAVE`` the title's label also shows


def _recut_label(lines: list[TextLine], label: TextLine) -> list[TextLine]:
    """A card's ``lines`` with its ``YOU HAVE n``, found in the wrong number of glyphs
    (letters run together or broken in strokes, a word gap lost or a line parted in two at a
    small size: 0.76x seed 7000's ``YOU`` as three glyphs of 10, 1 and 1 pixels), cut anew
    into its letters (:func:`gridsight.vision.glyphs.recut`). Tried from the lowest line
    up (the label is under the name), each line joined with the next on its rows and
    alone; a cut is kept only when its ``A`` and ``E`` look most like the ``A`` and ``E``
    of ``label`` (the title's ``ATTEMPTS LEFT``, in the font the cards are written in)
    among that label's letters: a name or a row of boxes cut into eight pieces does not.
    The lines as they were when no cut is so told."""
    cipher = Cipher([(label, ATTEMPTS_LABEL)])
    for k in range(len(lines) - 1, -1, -1):
        tries = [([k], lines[k])]
        if k + 1 < len(lines) and same_rows(lines[k], lines[k + 1]):
            tries.insert(0, ([k, k + 1], lines[k].joined(lines[k + 1])))
        for used, line in tries:
            for counts in LABEL_CUTS:
                cut = recut(line, counts)
                if cut is not None and _label_letters(cut, cipher):
                    return [cut if j == used[0] else ln for j, ln in enumerate(lines)
                            if j not in used[1:]]
    return lines


LABEL_NEAREST = 3  # a label letter cut anew is among this many of the title's nearest letters


def _label_letters(line: TextLine, cipher: Cipher) -> bool:
    """Whether ``line``'s glyphs where ``YOU HAVE`` has an ``A`` and an ``E`` look like
    those letters of the cipher's label: each among its :data:`LABEL_NEAREST` nearest
    letters of the label and within the alike-unlike threshold of it (half a cost unit
    over: a 4-pixel ``E`` is all but an ``F`` or a ``P``), one of them its nearest."""
    cal = cipher.calibration
    first = 0
    for ch, at in LABEL_LETTERS:
        near = cipher.nearest(line.glyphs[at], line)
        order = sorted(near, key=lambda c: near[c])[:LABEL_NEAREST]
        if ch not in order or near[ch] > cal.threshold + 0.5 * cal.scale:
            return False
        first += order[0] == ch
    return first >= 1


def _remembered(image: np.ndarray, cards: Sequence[CardText], title_bottom: int,
                region: str | None) -> ScreenText:
    """:func:`read_names`, remembered for the same pixels of the same text boxes (a live
    window shows one rescue's cards frame after frame)."""
    bottom = max([c.box[1] + c.box[3] for c in cards] + [title_bottom])
    pixels = text_pixels(image, bottom)
    key = hashlib.sha1(pixels + repr((cards, title_bottom, region)).encode()).digest()
    return _RECENT.remember(
        key, lambda: read_names(image, cards, title_bottom, region, pixels=pixels))


def text_pixels(image: np.ndarray, bottom: int) -> bytes:
    """A digest of all :func:`_screen_lines` reads the names' lines from: the pixels down to
    ``bottom`` (the cards' bottom), the picture's shape and type, and the columns of a frame
    or a letterbox's pillars at its sides (:func:`.cards.frames_or_pillars`, the title bar
    read between them). Those are found over the picture's whole height, so they hang on
    pixels below ``bottom`` too: keyed on the pixels above alone, a picture whose lower rows
    made its sides pillars was given the lines of one whose did not (a pillar's block read
    as a glyph of the title), as the process happened to have read it first."""
    above = np.ascontiguousarray(image[: max(0, int(bottom))])
    frame = repr((image.shape, above.dtype.str, frames_or_pillars(image))).encode()
    return hashlib.sha1(above.tobytes() + frame).digest()


def _attempts_line(bar: list[TextLine]) -> TextLine | None:
    """The title bar's ``ATTEMPTS LEFT``: its rightmost line of two words of 8 and 4, or
    when none, its lines cut anew into them where the label's repeated letters say so
    (:func:`.title_label.recut_label`: 0.53x seed 7025's label in glyphs ``(3, 6, 3, 1)``)."""
    lines = [ln for ln in bar if fits(ln, ATTEMPTS_LABEL)]
    if not lines:
        return recut_label(bar, ATTEMPTS_LABEL)
    return max(lines, key=lambda ln: ln.box[0] + ln.box[2])


def _region_line(bar: list[TextLine], label: TextLine | None, width: int) -> TextLine | None:
    """The region's name: the leftmost line of three glyphs or more in the title bar's left
    half, on the rows of the label and the counter (the bar's tallest short line left of
    the label), so not a phone's clock above the bar. With no label, the counter (then the
    bar's tallest short line anywhere: a status bar's icon, a window's button) only places
    the name on the rows of the lowest such line (the game's title stands right above the
    cards, a phone's clock and a window's title bar above it); with neither, no line is
    the name (the leftmost was a window's title or the clock: a region not read, the names
    say which)."""
    counter = counter_line(bar, label)
    anchors = [ln for ln in (label, counter) if ln is not None]
    if not anchors:
        return None
    lines = [ln for ln in bar if ln is not label and len(ln.glyphs) >= 3
             and ln.box[0] < 0.5 * width
             and (label is None or ln.box[0] + ln.box[2] <= label.box[0])]
    lowest = max(lines, key=lambda ln: ln.box[1] + ln.box[3], default=None)
    top = min(a.box[1] for a in anchors)
    bottom = max(a.box[1] + a.box[3] for a in anchors)
    lines = [ln for ln in lines if ln.box[1] < bottom and ln.box[1] + ln.box[3] > top]
    if not lines or (label is None and not any(ln is lowest for ln in lines)):
        return None
    line = min(lines, key=lambda ln: ln.box[0])
    # The counter's digits may stand close enough to join the line: a last word of one or
    # two glyphs well apart from the name, and like the counter's, is not part of it.
    words = line.word_glyphs()
    if len(words) > 1 and len(words[-1]) <= 2 and _counters_digits(words, line.height, label):
        line = line.first_words(len(words) - 1)
    return line


COUNTER_APART = 2.0  # a counter nearer than the title's height is parted by this many of its gaps
COUNTER_NAME = 4  # ... from a name of at least this many glyphs (every region's has four)


def _counters_digits(words: list[tuple[Glyph, ...]], height: float, label: TextLine | None) -> bool:
    """Whether a title line's last word (``words``: its glyphs word by word), one or two
    glyphs, is the attempts counter joined to the region's name: parted from the name by
    more than the line's ``height``, and either taller than the name's letters
    (:data:`.title_region.TALLER`: the digit is drawn big) or nearer the ``label``
    (``ATTEMPTS LEFT``, which the digit stands beside) than the name. A piece of the name
    itself, parted by blur, is neither: 0.78x seed 270054's ``OUTB`` and ``CK``, 7 px apart
    with the counter 90 px on, lost its ``CK`` and read ``FARM``. Nearer than the ``height``,
    the word is the counter only when beside the label and parted by over
    :data:`COUNTER_APART` times the widest gap between the name's letters."""
    last, before = words[-1], words[-2]
    end = before[-1].box[0] + before[-1].box[2]
    gap = last[0].box[0] - end
    near = label is not None and label.box[0] - (last[-1].box[0] + last[-1].box[2]) < gap
    if gap <= height:
        # A big title drawn with its letters well apart (the wider looks) has its counter
        # nearer than the letters' height, yet parted by far more than any two of the
        # name's letters, and beside the label: 1.1x seed 710019's ``MOUNTAIN`` (31 px
        # letters 8-9 px apart) and its ``4`` 24 px on, 4 px before ``ATTEMPTS``.
        name = [g for word in words[:-1] for g in word]
        apart = [b.box[0] - (a.box[0] + a.box[2]) for a, b in zip(name, name[1:])]
        return near and len(name) >= COUNTER_NAME and gap > COUNTER_APART * max(apart)
    letters = float(np.median([g.box[3] for word in words[:-1] for g in word]))
    if max(g.box[3] for g in last) >= TALLER * letters:
        return True
    return near


def _card_lines(image: np.ndarray, card: CardText, shape: float | None = None
                ) -> list[TextLine]:
    """The lines of text on a card (below its picture), in the image's pixels: those of the
    way of seeing it (:func:`_card_readings`) that finds them best (:func:`_line_score`)."""
    readings = _card_readings(image, card, shape)
    return max(readings.values(), key=_line_score) if readings else []


def _cards_lines(image: np.ndarray, cards: Sequence[CardText],
                 shape: float | None = None, *,
                 label: TextLine | None = None) -> list[list[TextLine]]:
    """The lines of text on each card, all seen the same way: the way that finds them best
    over all the cards together (the cards are drawn alike, and a letter seen one way on one
    card and another way on the next would not look like itself), each card's own best where
    that way shows it nothing or far less (:func:`_way_for_card`). Ways are ranked by the ``YOU HAVE`` lines found, then the
    names legible against them (:func:`_name_legible`), then the letter-shaped glyphs of
    the lines read (:func:`_text_shaped`), then over all the lines. ``label``: the title's
    ``ATTEMPTS LEFT``, to cut anew the ``YOU HAVE`` lines of a screen where none was found
    whole (:func:`_recut_label`)."""
    readings = [_card_seen(image, card, shape) for card in cards]
    kinds = {kind for one in readings for kind in one}

    # The ways are ranked on their lines as found, labels parted or not (:class:`SeenLines`):
    # 1.1x seed 930033's plain way, its labels parted, shows no name.
    found = [{kind: seen.found for kind, seen in one.items()} for one in readings]

    def total(kind: str) -> tuple[int, int, int, int]:
        scores = [_line_score(one[kind]) for one in found if kind in one]
        legible = sum(_name_legible(one[kind], card) for one, card in zip(found, cards)
                      if kind in one)
        shaped = sum(_text_shaped(one[kind], card) for one, card in zip(found, cards)
                     if kind in one)
        return (sum(s[0] for s in scores), legible, shaped, sum(s[1] for s in scores))

    if not kinds:
        return [[] for _ in cards]
    kind = max(sorted(kinds), key=total)
    out = [_way_for_card(one, kind, card) for one, card in zip(readings, cards)]
    # (only on a screen where no card shows its label: a card whose label alone was missed
    # takes another's place (:func:`_borrowed`), and a label cut anew is a rougher reference
    # than those found whole; 1.4x seed 930052's ``YOU`` and ``HAVE`` as two lines on one
    # card, joined and cut, unsettled ``STEGOSAURUS`` beside two labels found whole)
    # (not without the title's label to tell a label cut so: a line shaped like one, cut
    # and taken on its shape alone, gave 0.8x seed 7006's names costs that no longer let
    # their lengths name them)
    if label is not None and not any(_owned_line(lines) for lines in out):
        out = [_recut_label(lines, label) for lines in out]
        if not any(_owned_line(lines) for lines in out):
            out = _recut_way(readings, cards, label) or out
    return _names_in_row(out, readings, cards, image)


ROW_TALLER = 2.0  # a card's name line this many times the others' height is not theirs alike
ROW_PAD = 0.25  # ... else seen again on their rows and this share of their height more
ROW_ALIKE = 1.5  # a name line another way finds is the others' alike within this factor


def _names_in_row(out: list[list[TextLine]], readings: list[dict[str, SeenLines]],
                  cards: Sequence[CardText], image: np.ndarray) -> list[list[TextLine]]:
    """Each card's lines, a name line :data:`ROW_TALLER` times as tall as the other cards'
    (their median) or more, and not whole letters (:func:`_whole_letters`), taken as another
    way of seeing the card finds it at their height (within :data:`ROW_ALIKE`), across their
    rows, with :data:`MIN_NAME` whole letters or more; else as the card seen again on their
    rows alone finds it, wholly inside them. The cards of a row are drawn alike, their names
    on one row, and a line that tall has run into the sprite above it or the ``YOU HAVE``
    line below it (a name written bigger, its letters whole, is left as it is).
    Fresh real-look 1120025 at 1.58x: the darker way, chosen for the two labels it found,
    saw card 3's ``MOONKEY`` as 4 glyphs 34 px tall beside names 13 px tall; the plain way
    sees its 7 letters 13 px tall; the card was asked (Moonkey, Lunar Tick or Tribble).
    Widest 1124006 at 1.76x: every way ran ``BEAVER`` into the sprite (122 px tall) or broke
    it in 11 pieces; on ``SKUNK``'s rows alone its 6 letters are 14 px tall."""
    found = [_name_line(lines, card, _owned_line(lines)) for lines, card in zip(out, cards)]
    for k, (name, card) in enumerate(zip(found, cards)):
        others = [ln for j, ln in enumerate(found) if j != k and ln is not None]
        if name is None or not others:
            continue
        tall = float(np.median([ln.box[3] for ln in others]))
        top = min(ln.box[1] for ln in others)
        bottom = max(ln.box[1] + ln.box[3] for ln in others)
        if name.box[3] < ROW_TALLER * tall or _whole_letters(name):
            continue
        best = None
        for kind in sorted(readings[k]):
            lines = readings[k][kind].lines
            line = _name_line(lines, card, _owned_line(lines))
            if line is None or len(line.glyphs) < MIN_NAME or not _whole_letters(line) or \
                    not tall / ROW_ALIKE <= line.box[3] <= ROW_ALIKE * tall or \
                    min(bottom, line.box[1] + line.box[3]) - max(top, line.box[1]) \
                    < 0.5 * line.box[3]:
                continue
            if best is None or abs(line.box[3] - tall) < abs(best.box[3] - tall):
                best = line
        if best is None:
            # (none: the card seen again on the others' rows alone, and the lines wholly
            # inside them; a name written bigger than the others, cut so, touches their
            # edge: widest 1124013's ``KIWI``, 22 px beside ``FIREFLY``'s 12)
            pad = int(np.ceil(ROW_PAD * tall))
            y0, y1 = top - pad, bottom + pad
            band = replace(card, box=(card.box[0], y0, card.box[2], y1 - y0), picture=None)
            for _, seen in sorted(_card_seen(image, band).items()):
                line = _name_line(seen.lines, card, None)
                if line is None or len(line.glyphs) < MIN_NAME or not _whole_letters(line) or \
                        not tall / ROW_ALIKE <= line.box[3] <= ROW_ALIKE * tall or \
                        line.box[1] <= y0 or line.box[1] + line.box[3] >= y1:
                    continue
                if best is None or len(line.glyphs) > len(best.glyphs):
                    best = line
        if best is not None:
            out[k] = [best if ln is name else ln for ln in out[k]]
    return out


def _recut_way(readings: list[dict[str, SeenLines]], cards: Sequence[CardText],
               label: TextLine) -> list[list[TextLine]] | None:
    """Each card's lines seen the way whose lines, cut anew (:func:`_recut_label`), show
    the most ``YOU HAVE`` lines, then names legible against them in letters
    (:func:`_lettered`), when the way chosen shows none even so; ``None`` when no way shows
    both. Widest 1022002 at
    1.45x: no way found the label whole, the plain way's ``YOU HAVE 6`` in glyphs
    ``(3, 5, 1)`` and the lighter way's in ``(10, 1)``; the lighter way won on its box row's
    letter-shaped pieces, and only the plain way's label cuts anew (``GOAT`` above it)."""
    kinds = sorted({kind for one in readings for kind in one})
    recut = {kind: [_recut_label(one[kind].lines, label) if kind in one else []
                    for one in readings] for kind in kinds}

    def total(kind: str) -> tuple[int, int]:
        return (sum(_owned_line(lines) is not None for lines in recut[kind]),
                sum(_lettered(lines, card) for lines, card in zip(recut[kind], cards)))

    if not kinds:
        return None
    kind = max(kinds, key=total)
    return recut[kind] if min(total(kind)) else None


def _lettered(lines: list[TextLine], card: CardText) -> bool:
    """Whether a card's lines show a name legible against its label (:func:`_name_legible`)
    in letters: :data:`MIN_NAME` glyphs or more. A way whose label was cut anew is taken
    over the way chosen only so: 1.56x seed 500047's plain way, its label cut anew, shows
    ``WOOLY MAMMOTH`` as two blobs, which the way chosen left to be told by their widths
    (:func:`.lengths.blob_name_line`), and read so it was asked."""
    if not _name_legible(lines, card):
        return False
    name = _name_line(lines, card, _owned_line(lines))
    return name is not None and len(name.glyphs) >= MIN_NAME


SHOWN_APART = 8  # a card's own best way shows this many more letter-shaped glyphs than the chosen


def _way_for_card(seen: dict[str, SeenLines], kind: str,
                  card: CardText | None = None) -> list[TextLine]:
    """A card's lines seen the way ``kind`` chosen for all the cards (:func:`_cards_lines`),
    or its own best way (:func:`_line_score`) where ``kind`` shows it nothing, or shows it no
    ``YOU HAVE`` line and :data:`SHOWN_APART` fewer letter-shaped glyphs than its own best
    does: a way chosen for the label it found whole on another card may show this one only its
    box row (wider 1.14x seed 700038: the darker way found the Stegosaurus card's label, the
    Raptor card's ``RAPTOR`` and ``YOU HAVE`` gone with the dark outlines painted over). Nor
    where ``kind`` shows it no label and only a part of the name its own best way shows whole
    (:func:`_part_of_name`)."""
    best = max(seen.values(), key=lambda one: _line_score(one.found), default=SeenLines([], []))
    chosen = seen.get(kind)
    if chosen is None or not chosen.lines:
        return best.lines
    mine, own = _line_score(chosen.found), _line_score(best.found)
    if mine[0] == 0 and own > mine and (
            own[1] >= mine[1] + SHOWN_APART
            or (card is not None and _part_of_name(chosen.lines, best.lines, card))):
        return best.lines
    return _letter_filled(chosen.lines, seen, card)


LETTER_FILL = 2  # pixels a glyph of a name seen two ways may stand apart and still be one


def _letter_filled(lines: list[TextLine], seen: dict[str, SeenLines],
                   card: CardText | None) -> list[TextLine]:
    """A card's ``lines`` seen the way chosen, its name line taken as another way sees it
    where that way's holds each of its glyphs (:data:`LETTER_FILL` pixels) and more in the
    gaps between them, its words no more (a letter lost leaves a gap as wide as a word's)
    and its glyphs all of one height and shaped like letters (:func:`_whole_letters`): a
    letter lost the chosen way, the rest kept. Fresh real-look 1058026 at 0.95x: the darker
    way, chosen for the labels it found whole, lost ``COUGAR``'s ``O`` (glyphs at 27, 50,
    62, 73 and 84: ``C UGAR``); the plain way sees six, its ``YOU HAVE 6`` in pieces. Five
    glyphs were read as no name and the card was asked."""
    if card is None:
        return lines
    part = _name_line(lines, card, _owned_line(lines))
    if part is None or not any(ln is part for ln in lines) or len(part.glyphs) < 2:
        return lines
    px, _, pw, _ = part.box
    for other in seen.values():
        name = _name_line(other.lines, card, _owned_line(other.lines))
        if name is None or len(name.glyphs) <= len(part.glyphs) or \
                len(name.words) > len(part.words):
            continue
        nx, _, nw, _ = name.box
        if abs(nx - px) > LETTER_FILL or abs(nx + nw - (px + pw)) > LETTER_FILL:
            continue
        if all(any(abs(g.box[0] - h.box[0]) <= LETTER_FILL
                   and abs(g.box[2] - h.box[2]) <= LETTER_FILL for h in name.glyphs)
               for g in part.glyphs) and _whole_letters(name):
            return [name if ln is part else ln for ln in lines]
    whole = _whole_instead(part, seen, card)
    return [whole if ln is part else ln for ln in lines] if whole is not None else lines


OUTLINED = 0.5  # a name seen on its outlines spans its letters and this many cap heights more
OFF_HEIGHT = 2  # ... and has this many glyphs or more off its usual height (one: a foot lost)


def _whole_instead(part: TextLine, seen: dict[str, SeenLines],
                   card: CardText) -> TextLine | None:
    """The name line another way of seeing the card shows in whole letters (of one height,
    shaped like letters: :func:`_whole_letters`), :data:`MIN_NAME` of them or more in two
    words at most (every animal's name is), on the rows of ``part`` and over its span (both
    its ends within :data:`OUTLINED` of ``part``'s: the whole name, no part of it), when
    ``part``, the way chosen's name line, is not in whole letters: :data:`OFF_HEIGHT` of its
    glyphs or more off its usual height (the letters seen on their outlines, pieces run
    together); ``None`` when no way shows one, or ``part`` is so whole. The most glyphs
    first. (One glyph off is a letter's foot lost, and the ways' letters do not look alike:
    fresh 0.62x 1165030's ``ZEBRA``, its ``A`` 8 px of 10 the way chosen, taken as the
    ringed way saw it, cost 4.2 beside card 1's ``HIPPO`` seen the way chosen, not 1.3, and
    was no longer read.) Wider 1.85x seed 1145024 (a letter-spaced font): the lighter way, chosen for the
    label it found, saw ``CROCODILE`` as 9 glyphs 10 to 16 px tall, one 3 px wide, and
    ``KANGAROO`` as 9; the plain way sees their 9 and 8 letters, each 10 px tall."""
    tall = float(np.median([g.box[3] for g in part.glyphs]))
    if sum(abs(g.box[3] - tall) > (1 - CAPITAL_SHARE) * tall for g in part.glyphs) < OFF_HEIGHT:
        return None
    px, py, pw, ph = part.box
    best = None
    for other in seen.values():
        name = _name_line(other.lines, card, _owned_line(other.lines))
        if name is None or len(name.glyphs) < MIN_NAME or _own_words(name) > 2 or \
                not _whole_letters(name):
            continue
        nx, ny, nw, nh = name.box
        slack = OUTLINED * nh
        if abs(nx - px) > slack or abs(nx + nw - (px + pw)) > slack or \
                ny < py - slack or ny + nh > py + ph + slack:
            continue
        if best is None or len(name.glyphs) > len(best.glyphs):
            best = name
    return best


def _own_words(line: TextLine) -> int:
    """The words of ``line`` counted by its own gaps (:data:`SPACED`, as
    :func:`_letter_spaced` counts them): a letter-spaced name's letters are no words."""
    boxes = [g.box for g in line.glyphs]
    gaps = [b[0] - (a[0] + a[2]) for a, b in zip(boxes, boxes[1:])]
    least = max(1, min(gaps, default=1))
    return 1 + sum(gap > SPACED * least for gap in gaps)


def _whole_letters(name: TextLine) -> bool:
    """Whether ``name``'s glyphs are all of one height (:data:`CAPITAL_SHARE`) and shaped
    like letters (:data:`LETTER_SHAPE`), as :func:`_part_of_name` asks of a whole name."""
    tall = float(np.median([g.box[3] for g in name.glyphs]))
    return all(abs(g.box[3] - tall) <= (1 - CAPITAL_SHARE) * tall
               and LETTER_SHAPE[0] <= g.box[2] / max(tall, 1.0) <= LETTER_SHAPE[1]
               for g in name.glyphs)


def _part_of_name(lines: list[TextLine], whole: list[TextLine], card: CardText) -> bool:
    """Whether the name line in ``card``'s name box among ``lines`` (no label found) is a part
    of the one among ``whole``: fewer glyphs, within its span, and that one's glyphs all of
    one height and shaped like letters. Fresh real-look 1020037 at 1.02x: the darker way,
    best over the three cards, saw card 1's ``PLATYPUS`` as ``PLAT`` and ``YPUS`` run into the
    faint ``YOU HAVE 2`` under it (a glyph 17 tall among 10), the plain way all eight
    letters 10 tall; the name read as none and the card asked (a Kangaroo or a Platypus)."""
    if card.name_box is None or _owned_line(lines) is not None or \
            _owned_line(whole) is not None:
        return False
    part, name = _name_line(lines, card, None), _name_line(whole, card, None)
    if part is None or name is None or len(name.glyphs) < MIN_NAME or \
            len(part.glyphs) >= len(name.glyphs):
        return False
    px, _, pw, _ = part.box
    nx, _, nw, _ = name.box
    if px < nx - 1 or px + pw > nx + nw + 1:
        return False
    tall = float(np.median([g.box[3] for g in name.glyphs]))
    return all(abs(g.box[3] - tall) <= (1 - CAPITAL_SHARE) * tall
               and LETTER_SHAPE[0] <= g.box[2] / max(tall, 1.0) <= LETTER_SHAPE[1]
               for g in name.glyphs)


CAPITAL_SHARE = 0.85  # a whole name's glyphs are all this share of their usual height or more


OWNED_WORDS = (3, 4)  # the glyphs of ``YOU HAVE``'s two words


def _owns(line: TextLine) -> bool:
    """Whether ``line`` may be a card's ``YOU HAVE n``: its first two words of 3 and 4 glyphs."""
    return line.words[:2] == OWNED_WORDS


def _owned_line(lines: list[TextLine]) -> TextLine | None:
    """A card's ``YOU HAVE n`` line among its ``lines`` (the first that may be), or ``None``."""
    return next((ln for ln in lines if _owns(ln)), None)


LEVEL = 0.03  # cards whose tops and heights differ by at most this share of a card's height


PAIR_WIDTH = 1.75  # a name's glyph this many times a label's letter (for its height) is two
LABEL_PAIR = 1.5  # ... and of ``YOU HAVE`` (no wide letter; the parted line must read so)


def _unpaired(line: TextLine | None, owned: Sequence[TextLine | None]) -> TextLine | None:
    """A card's name line with each glyph too wide for one letter parted in two
    (:func:`gridsight.vision.glyphs.split_wider`): as wide as :data:`PAIR_WIDTH` times the
    cards' ``YOU HAVE`` letters' usual width, for the name's height (their font's widest
    letter, an ``M`` or a ``W``, is at most two thirds wider than its usual one, and two
    letters with the gap between them over twice). The name's own glyphs cannot say so when
    most of its letters ran together in pairs (1.1x seed 7009's ``BEAVER`` read as four
    glyphs, 1.3x seed 7067's ``MOONKEY`` as five)."""
    labels = [ln.first_words(2) for ln in owned if ln is not None]
    if line is None or not labels:
        return line
    # (heights as the glyphs' own boxes: a line's cap height may take in a letter's
    # outline, a pixel or two on a small screen, 1.1x seed 7009)
    usual = float(np.median([g.box[2] for ln in labels for g in ln.glyphs])) \
        / float(np.median([g.box[3] for ln in labels for g in ln.glyphs]))
    tall = float(np.median([g.box[3] for g in line.glyphs])) if line.glyphs else line.height
    return _made_once(split_wider, line, PAIR_WIDTH * usual * tall)


SPACED = 1.5  # in a letter-spaced name, a word's gap is this many times its letters' least


def _letter_spaced(line: TextLine | None) -> TextLine | None:
    """A card's name ``line`` whose every glyph stands as a word of its own (three or more;
    its letters spaced wider than :data:`gridsight.vision.glyphs.WORD_GAP` cap heights) with
    its words counted again by its own gaps: a gap over :data:`SPACED` times the least parts
    two words, the others are letters' (wider 2.95x seed 720038's ``RAT``, glyphs 12 pixels
    apart at a cap height of 21, was three words of one letter and fitted no name); else
    ``line`` as it is."""
    if line is None or len(line.glyphs) < 3 or any(n != 1 for n in line.words):
        return line
    boxes = [g.box for g in line.glyphs]
    gaps = [b[0] - (a[0] + a[2]) for a, b in zip(boxes, boxes[1:])]
    least = max(1, min(gaps))
    words = [1]
    for gap in gaps:
        if gap > SPACED * least:
            words.append(1)
        else:
            words[-1] += 1
    return line if tuple(words) == line.words else replace(line, words=tuple(words))


def _borrowed(card: CardText, cards: Sequence[CardText],
              owned: Sequence[TextLine | None]) -> TextLine | None:
    """Another card's ``YOU HAVE`` line where ``card``'s was not found, to place its name by:
    the cards of a row are drawn alike, their lines at the same heights (the nearest card of
    the same top and height; ``None`` when none shows it). A card whose label's letters
    broke apart otherwise took its name from the box where its name was guessed, which held
    the label (2x seed 950055: ``YOU`` and ``HAV`` read as its name, ``COW`` above them)."""
    x, y, w, h = card.box
    level = [(abs(other.box[0] - x), line) for other, line in zip(cards, owned)
             if line is not None and other is not card and abs(other.box[1] - y) <= LEVEL * h
             and abs(other.box[3] - h) <= LEVEL * h and y < line.box[1] < y + h]
    return min(level, key=lambda dl: dl[0])[1] if level else None


def _label_start(lines: list[TextLine], card: CardText, lent: TextLine,
                 cards: Sequence[CardText], owned: Sequence[TextLine | None]) -> TextLine | None:
    """``card``'s own ``YOU HAVE`` line's first word among its ``lines``, when only that word
    was found (the rest run into the name above it): a line starting with a word of as many
    glyphs as the lent label's first (``lent``, :func:`_borrowed`), as tall (within
    :data:`START_TALL`) and as wide (within a letter), standing as far from its card's left
    edge as the lent one from its own (within a letter). The name is placed above it, not
    above the lent label: the cards' lines stand at the same heights only when their names
    are written alike, and a bigger name pushes a card's label down. Variant j40 of widest
    1215007: ``BEAR`` 16 px tall over its label at 131, ``MOOSE`` 8 px over its own at 122
    (its ``HAVE 2`` run into the name by the JPEG); placed by the Bear's label, the Moose's
    own ``YOU`` was its name, three letters told ``Fox`` by their length with no warning.
    ``None``: no such line."""
    lender = next((other for other, line in zip(cards, owned) if line is lent), None)
    if lender is None or not lent.words:
        return None
    first = lent.first_words(1)
    letter = float(np.median([g.box[2] for g in first.glyphs]))
    offset = first.box[0] - lender.box[0]
    for line in lines:
        if not line.words or line.words[0] != first.words[0]:
            continue
        word = line.first_words(1)
        if abs(word.box[3] - first.box[3]) <= START_TALL * first.box[3] and \
                abs(word.box[2] - first.box[2]) <= letter and \
                abs(word.box[0] - card.box[0] - offset) <= letter:
            return word
    return None


START_TALL = 0.25  # a card's own label's first word is as tall as another card's, within this


def _name_legible(lines: list[TextLine], card: CardText) -> bool:
    """Whether a card seen one way shows its name in a style its ``YOU HAVE`` line can
    vouch for (:func:`gridsight.vision.cipher.readable_by`). Of two ways that both find the
    label, the one that keeps the name legible against it wins: painting over what is
    lighter than the card leaves a smoothly enlarged light name's soft edges, hollow letters
    a tenth as thick as the label's strokes, in more letter-shaped pieces than the plain
    picture shows (8.9x screen 930019)."""
    owned = _owned_line(lines)
    if owned is None:
        return False
    name = _name_line(lines, card, owned)
    return name is not None and readable_by(name, owned.first_words(2))


def _card_readings(image: np.ndarray, card: CardText,
                   shape: float | None = None) -> dict[str, list[TextLine]]:
    """The lines of text on a card (below its picture), in the image's pixels, each way of
    seeing it (:func:`_card_seen`), labels parted."""
    return {kind: seen.lines for kind, seen in _card_seen(image, card, shape).items()}


def _card_seen(image: np.ndarray, card: CardText,
               shape: float | None = None) -> dict[str, SeenLines]:
    """The lines of text on a card (below its picture), in the image's pixels, seen each
    way: as it is (``plain``), with what is darker or lighter than the card painted over
    (``darker``, ``lighter``: :func:`_one_sided`) and on its letters' rings (``ringed``:
    :func:`_ringed`); ``shape`` a letter's width over its height in the screen's font, when
    known, to part a ``YOU HAVE`` whose letters ran together (:func:`_paired_label`)."""
    x, y, w, h = card.box
    top = y
    if card.picture is not None:
        # (from the picture's middle: a picture box found may reach into the name under it,
        # when the name's dark outline touches the sprite)
        top = max(y, card.picture[1] + card.picture[3] // 2)
    H, W = image.shape[:2]
    x0, y0, x1, y1 = max(0, x), max(0, top), min(W, x + w), min(H, y + h)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return {}
    colour = border_colour(image[max(0, y):y1, x0:x1])
    out = _seen_below(image, card, (x0, y0, x1, y1), colour, shape)
    if card.picture is not None and y0 > max(0, y) and any(
            seen.found and seen.found[0].box[1] <= y0
            and sum(seen.found[0].box[1::2]) <= sum(card.picture[1::2])
            for seen in out.values()):
        # (a line cut by the crop's top, within the picture's box: the box took in the
        # name, and its middle fell in it; a line running on past the box's foot is the
        # sprite itself run into the name, seen again on the rows by :func:`_names_in_row`:
        # widest 1.76x seed 1124006's Beaver)
        raised = _name_top(image, colour, (x0, x1), card.picture[1], y0)
        if raised is not None:
            out = _seen_below(image, card, (x0, raised, x1, y1), colour, shape)
    return out


NAME_NARROWER = 0.5  # a row with this share of a cut line's ink, or less, is above it


def _name_top(image: np.ndarray, colour: np.ndarray, columns: tuple[int, int], floor: int,
              top: int) -> int | None:
    """The first row of the line of text that row ``top`` cuts through (ink across it), up
    to the picture's top row ``floor``: the row under the nearest row above ``top`` holding
    :data:`NAME_NARROWER` of ``top``'s ink or less (the sprite's foot over a wider name);
    ``None`` when none does (no line cut there, or the sprite as inked).
    A picture box may take in the whole card when no empty row parts its sprite, name,
    ``YOU HAVE`` line and boxes (widest 1212013 at 0.75x, a Ghost's wisps touching its name's
    outline): its middle then cuts the name, whose lower half, five pixels tall, was measured
    as a small name of 14 cells (:func:`.lengths.by_size`) and stated ``Flying Squirrel``."""
    x0, x1 = columns
    if top - floor < 2:
        return None
    rows = image[floor : top + 1, x0:x1]
    ground = lab(np.asarray(colour, np.float32).reshape(1, 1, 3).clip(0, 255)
                 .astype(np.uint8))[0, 0]
    inked = norms(lab(rows) - ground) > INK

    counts = inked.sum(axis=1)
    cut = int(counts[-1])
    if cut == 0:
        return None
    for r in range(len(inked) - 2, 0, -1):
        if counts[r] <= NAME_NARROWER * cut:
            return floor + r + 1
    return None


def _seen_below(image: np.ndarray, card: CardText, area: tuple[int, int, int, int],
                colour: np.ndarray, shape: float | None) -> dict[str, SeenLines]:
    """:func:`_card_seen`'s ways of seeing the card's ``area`` (x0, y0, x1, y1, image
    pixels) on its ``colour``."""
    x0, y0, x1, y1 = area
    crop = image[y0:y1, x0:x1]
    pictures = _pictures(crop, colour)
    inner = _inner_colour(image, card, colour)
    if inner is not None:
        # (the card's text stands on another colour than the card's box shows at its edges:
        # each way again on that colour)
        pictures.update({kind + INNER: seen for kind, seen in _pictures(crop, inner).items()})
    out = {}
    for kind, (picture, ground, ink) in pictures.items():
        lines = [ln for ln in text_lines(picture, ground, ink=ink) if len(ln.glyphs) >= 2]
        pairs = [_moved_label(ln, shape, x0, y0) for ln in lines]
        out[kind] = SeenLines([p for p, _ in pairs], [f for _, f in pairs])
    return out


def _pictures(crop: np.ndarray, colour: np.ndarray
              ) -> dict[str, tuple[np.ndarray, np.ndarray, float]]:
    """The ways of seeing a card's ``crop`` on its ``colour`` (:func:`_card_seen`): each
    picture with the colour its text stands on and the ink's least difference from it."""
    pictures = {"plain": (crop, colour, INK)}
    for kind, side in _one_sided(crop, colour).items():
        pictures[kind] = (side, colour, FAINT_INK)
    ringed = _ringed(crop, colour)
    if ringed is not None:
        pictures["ringed"] = (*ringed, INK)
    return pictures


INNER = "/inner"  # the ways of seeing a card on the colour around its name box
INNER_APART = 40.0  # ... when that colour is this far (BGR) from the card box's edges'


def _inner_colour(image: np.ndarray, card: CardText, colour: np.ndarray) -> np.ndarray | None:
    """The colour around the card's name box (its edges' commonest) when it is
    :data:`INNER_APART` or farther from ``colour``, the card box's edges': a card drawn as a
    lighter panel rounded at its ends within its box (widest 995015 at 2.83x: a pill whose
    corners leave the box's edges the screen's dark brown) stands its text on the panel,
    and seen on the brown the whole panel is one blob of ink, the name with it. ``None``
    otherwise (no name box, or its colour the card's)."""
    if card.name_box is None:
        return None
    bx, by, bw, bh = card.name_box
    H, W = image.shape[:2]
    x0, y0, x1, y1 = max(0, bx), max(0, by), min(W, bx + bw), min(H, by + bh)
    if x1 - x0 < 8 or y1 - y0 < 4:
        return None
    inner = border_colour(image[y0:y1, x0:x1])
    apart = float(np.linalg.norm(np.asarray(inner, np.float32) - np.asarray(colour, np.float32)))
    return inner if apart >= INNER_APART else None


FAINT_INK = 14.0  # on a card with one side painted flat, ink starts this far from its colour
OUTLINE = 28.0  # Lab lightness from the card's colour past which a pixel is an outline's


def _one_sided(crop: np.ndarray, colour: np.ndarray) -> dict[str, np.ndarray]:
    """``crop`` with what is darker than the card painted over in the card's colour, and
    with what is lighter painted over: letters drawn with an outline of the other side
    (light letters ringed in dark on a light card) join through it into one blob, and stand
    apart again without it."""
    import cv2

    light = cv2.cvtColor(crop, cv2.COLOR_BGR2Lab)[..., 0].astype(np.float32) * (100 / 255)
    ground = float(cv2.cvtColor(np.asarray(colour, np.float32).reshape(1, 1, 3).clip(0, 255)
                                .astype(np.uint8), cv2.COLOR_BGR2Lab)[0, 0, 0]) * (100 / 255)
    out = {}
    for kind, side in (("darker", light < ground - OUTLINE * 0.5),
                       ("lighter", light > ground + OUTLINE * 0.5)):
        if side.mean() < 0.002:
            continue
        painted = crop.copy()
        painted[side] = np.asarray(colour, np.float32).clip(0, 255).astype(np.uint8)
        out[kind] = painted
    return out


def _ringed(crop: np.ndarray, colour: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """``crop`` with the card around the dark rings of ringed letters painted in the rings'
    colour, and that colour: light letters ringed in dark on a light card may differ from
    the card by little but a hue, while their rings part them from each other and from the
    card; what the rings enclose (each letter, and its holes) is then the text, on the
    rings' colour. ``None`` when the card has no dark rings."""
    import cv2

    light = cv2.cvtColor(crop, cv2.COLOR_BGR2Lab)[..., 0].astype(np.float32) * (100 / 255)
    ground = float(cv2.cvtColor(np.asarray(colour, np.float32).reshape(1, 1, 3).clip(0, 255)
                                .astype(np.uint8), cv2.COLOR_BGR2Lab)[0, 0, 0]) * (100 / 255)
    rim = light < ground - OUTLINE * 0.5
    if rim.mean() < 0.002:
        return None
    # The card outside the rings: what is not ring and reaches the crop's edge (4-connected:
    # a ring's corner, one pixel across diagonally, still closes it).
    count, labels = cv2.connectedComponents((~rim).astype(np.uint8), connectivity=4)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    outside = np.isin(labels, edge[edge > 0])
    ring_colour = np.median(crop[rim].reshape(-1, 3), axis=0)
    # A ring's inner slope (its pixels nearer what it encloses than the card outside) is
    # kept as it is: a smoothly enlarged ring fades into the letter over a font pixel, and
    # those pixels are the letter's soft edge, half ink where the letter's edge is (painted
    # over, a letter a font pixel thick kept only its lightest middle: a tenth as thick,
    # cut in pieces, 6x screen 960057).
    enclosed = (~outside & ~rim).astype(np.uint8)
    to_letter = cv2.distanceTransform(1 - enclosed, cv2.DIST_L2, 3)
    to_card = cv2.distanceTransform((~outside).astype(np.uint8), cv2.DIST_L2, 3)
    painted = crop.copy()
    painted[outside | (rim & (to_letter >= to_card))] = ring_colour.clip(0, 255).astype(np.uint8)
    return painted, ring_colour.astype(np.float32)


def _line_score(lines: list[TextLine]) -> tuple[int, int]:
    """How well a card's lines were found: its ``YOU HAVE n`` line first, then its glyphs
    shaped like letters (as wide as :data:`LETTER_SHAPE` allows for their height) less
    those not (one stroke of a letter cut off the rest, two letters run together)."""
    shaped = 0
    for ln in lines:
        for g in ln.glyphs:
            shaped += 1 if LETTER_SHAPE[0] <= g.box[2] / max(ln.height, 1.0) <= LETTER_SHAPE[1] else -1
    # (one ``YOU HAVE`` per card: a line of a sprite's or a box row's pieces cut like it
    # does not make a way of seeing the card better, 3x seed 950026's darker way)
    return (min(1, sum(_owns(ln) for ln in lines)), shaped)


LETTER_SHAPE = (0.3, 1.15)  # a glyph's width over its line's cap height, most letters


def _text_shaped(lines: list[TextLine], card: CardText) -> int:
    """A card's glyphs shaped like letters less those not (:func:`_line_score`), counted
    over the lines read when its ``YOU HAVE`` line is found (that line and the name above
    it), else over all its lines: a sprite's pieces or a box row cut into letter-shaped
    blobs on other lines do not make a way better (2x seed 960013: the lighter way's
    hollow 13-glyph ``TIDDALIK`` won on such blobs over the plain way's clean one)."""
    owned = _owned_line(lines)
    if owned is None:
        return _line_score(lines)[1]
    name = _name_line(lines, card, owned)
    return _line_score([owned] + ([name] if name is not None else []))[1]


SPECK = 0.25  # a line above ``YOU HAVE`` less than this share of its height is no name
EDGE_OF = 0.5  # a line this share of the height of a line it hangs from is that line's foot


def _edge_of(line: TextLine, lines: Sequence[TextLine]) -> bool:
    """Whether ``line`` hangs from another of ``lines``: its top on that line's bottom row
    (a pixel apart at most), within its columns (a quarter of its height either side), and
    under :data:`EDGE_OF` of its height. A name's letters stand on their own row: what
    touches their foot is their outline's lower edge found apart (wider 1.32x seed 1122011:
    ``COW``'s 21-px line and a 5-px line of 2 glyphs from its bottom row, ``CHICKEN``'s
    11-px line and two 4-px ones, each then taken for the name as the line nearest
    ``YOU HAVE``)."""
    x, y, w, h = line.box
    for other in lines:
        ox, oy, ow, oh = other.box
        pad = 0.25 * oh
        if (other is not line and h < EDGE_OF * oh and abs(y - (oy + oh)) <= 1
                and ox - pad <= x and x + w <= ox + ow + pad):
            return True
    return False


CAPITALS = 0.6  # a line of a name has at least this share of its glyphs of a capital's height


def _capitals(line: TextLine, cap: float) -> bool:
    """Whether most of ``line``'s glyphs (:data:`CAPITALS`) stand as tall as a capital of
    height ``cap`` (three quarters of it): a name is written in capitals, while a big screen's
    sprite breaks into blobs of every height that a text finder may take for a line (seed
    330006: a Pig's legs, eight blobs 2 to 41 pixels tall over ``PIG``'s 45)."""
    tall = sum(g.box[3] >= 0.75 * cap for g in line.glyphs)
    return bool(line.glyphs) and tall >= CAPITALS * len(line.glyphs)


def _within(inner: TextLine, outer: TextLine) -> bool:
    """Whether ``inner`` lies within ``outer``'s box (most of its width, half its height): a
    piece of the same line found again (seed 330036: ``COCKATOO``'s last two letters, a line
    of their own just below its top, taken for the name)."""
    ix, iy, iw, ih = inner.box
    ox, oy, ow, oh = outer.box
    across = min(ix + iw, ox + ow) - max(ix, ox)
    down = min(iy + ih, oy + oh) - max(iy, oy)
    return across >= 0.8 * iw and down >= 0.5 * ih and len(inner.glyphs) < len(outer.glyphs)


def _side_by_side_joined(lines: list[TextLine]) -> list[TextLine]:
    """``lines`` with two lines side by side on one row joined as one: pieces of a name
    found apart (widest 995023 at 0.99x: ``DIPLODOCUS`` as ``DI`` and the rest, a pixel
    apart in height and three across, and the nearer piece, ``DI``, taken for the name).
    Side by side: their rows overlap by half the shorter line's height, and the gap between
    them is under a glyph's width (the wider line's median glyph); a gap wider than two of
    the right line's gaps between glyphs is a space between words."""
    out = list(lines)
    joined = True
    while joined:
        joined = False
        for a in out:
            for b in out:
                if a is b or not a.glyphs or not b.glyphs or a.box[0] >= b.box[0]:
                    continue
                gap = b.box[0] - (a.box[0] + a.box[2])
                down = min(a.box[1] + a.box[3], b.box[1] + b.box[3]) - max(a.box[1], b.box[1])
                wide = a if a.box[2] >= b.box[2] else b
                cell = float(np.median([g.box[2] for g in wide.glyphs]))
                if gap < 0 or gap >= cell or down < 0.5 * min(a.box[3], b.box[3]):
                    continue
                inner = [q.box[0] - (p.box[0] + p.box[2])
                         for p, q in zip(b.glyphs, b.glyphs[1:])]
                apart = bool(inner) and gap > 2 * max(1.0, float(np.median(inner)))
                words = a.words + b.words if apart else \
                    a.words[:-1] + (a.words[-1] + b.words[0],) + b.words[1:]
                x1 = b.box[0] + b.box[2]
                y0 = min(a.box[1], b.box[1])
                y1 = max(a.box[1] + a.box[3], b.box[1] + b.box[3])
                line = TextLine(a.glyphs + b.glyphs, words, (a.box[0], y0, x1 - a.box[0], y1 - y0),
                                max(a.height, b.height), b.colour)
                out = [line if ln is a else ln for ln in out if ln is not b]
                joined = True
                break
            if joined:
                break
    return out


THIN_BOX = 3.0  # a name line found around a thinner name box is at most this many times it


LEGIBLE = 6.0  # pixels: a line shorter has its letters run together (lengths.MIN_LETTER)


def _alone_under(lines: list[TextLine], picture: Box,
                 box_row: Box | None = None) -> list[TextLine]:
    """The one line of :data:`MIN_NAME` glyphs or more wholly under a card's ``picture``, its
    glyphs of a capital's height (:func:`_capitals`), where its name box holds no line: a
    card writes its name as the first text under its picture, and with ``YOU HAVE`` not
    seen the name is the one line there (0.76x fresh 1144000: a 4-px box found at y 97, in
    the gap between the sprite and ``GIRAFFE``'s 12-px line at 114, the card's one line).
    Of two words at most: every animal's name is (``POLAR BEAR``), ``YOU HAVE n`` not known
    as the label is three; and :data:`LEGIBLE` pixels tall or more (0.70x 1058052's 5-px
    line of 4 glyphs under ``TOUCAN``'s picture read ``PIKA`` and lost the title's region).
    Empty when there are none or several (the name is then unsure). Above the card's
    ``box_row`` when found (its middle above the boxes' top): a card writes its name between
    its picture and its boxes, and its boxes are no letters (wider 1170014 ``sj`` at 0.6x:
    names 3 px tall not found, each card's box row, 10 px tall, was the one line under the
    picture, read as ``CROCODILE`` and ``COC`` (Cockatoo) for a Stegosaurus and a
    Triceratops; the Outback was stated for the Jurassic)."""
    bottom = picture[1] + picture[3]
    above = box_row[1] if box_row is not None else float("inf")
    under = [ln for ln in lines if ln.box[1] >= bottom and len(ln.glyphs) >= MIN_NAME
             and ln.box[1] + ln.box[3] / 2 < above
             and len(ln.words) <= 2 and ln.height >= LEGIBLE
             and _capitals(ln, float(np.median([g.box[3] for g in ln.glyphs])))]
    return under if len(under) == 1 else []


def _name_line(lines: list[TextLine], card: CardText, owned: TextLine | None,
               borrowed: bool = False) -> TextLine | None:
    """A card's name: the lines just above ``YOU HAVE`` (two when the name is wrapped), else
    the line in its name box when known, else the first line. ``borrowed``: ``owned`` is
    another card's label (:func:`_borrowed`), and a line whose middle is above it will do (a
    name may be written bigger on this card: 0.67x seed 7069's ``RAT`` and ``RACCOON`` end a
    pixel below where ``SEWER TURTLE``, shrunk to fit its card, ends)."""
    if card.name_box is not None and owned is None:
        bx, by, bw, bh = card.name_box
        inside = [ln for ln in lines if by - 0.25 * bh <= ln.box[1] + ln.box[3] / 2
                  <= by + 1.25 * bh]
        if not inside:
            # (a box found thinner than the name, a sliver of its rows: the line of
            # :data:`MIN_NAME` glyphs or more, up to :data:`THIN_BOX` times the box's
            # height, on half the box's rows or more; wider 1072036 at 1.17x, a 5-px box
            # at 187 under ``FIREFLY``'s 12-px line from 178 (3 rows), no line was the name;
            # a sprite's blobs, two glyphs 19 px tall over a 6-px box, are not, nor 0.58x
            # fresh 1106027's box row, three boxes 9 px tall on a 4-px box's last row)
            inside = [ln for ln in lines if bh < ln.box[3] <= THIN_BOX * bh
                      and len(ln.glyphs) >= MIN_NAME
                      and min(by + bh, ln.box[1] + ln.box[3]) - max(by, ln.box[1]) >= 0.5 * bh]
        if not inside and card.picture is not None:
            inside = _alone_under(lines, card.picture, card.box_row)
        # (the nearest the box's middle: faint ink may find a sprite's patches above it)
        middle = by + 0.5 * bh
        return min(inside, key=lambda ln: abs(ln.box[1] + 0.5 * ln.box[3] - middle)) \
            if inside else None
    reach = 0.5 if borrowed else 1.0  # how much of a line must end above the label's top
    above = [ln for ln in lines
             if owned is None or ln.box[1] + reach * ln.box[3] <= owned.box[1]]
    above = [ln for ln in above if ln is not owned]
    if owned is not None:
        # (a name is written at least about as big as ``YOU HAVE``: a line of specks between
        # them, a letter's stray corner or JPEG's ringing, is not it; 3.7x seed 950004 took
        # a 3-pixel line under ``COW``'s 59. Only specks well under the label's height: at
        # half of it, a 7-pixel line under 950026's ``HORSE`` went too, which made a way of
        # seeing the card whose ``HORSE`` broke in six glyphs win over one that read it)
        above = [ln for ln in above if ln.height >= SPECK * owned.height]
        above = [ln for ln in above if not _edge_of(ln, above)]
    above = [ln for ln in above if not any(_within(ln, other) for other in above
                                            if other is not ln)]
    if owned is not None:
        above = _side_by_side_joined(above)
    if not above:
        return None
    if owned is not None and len(above) >= 2:
        first, second = above[-2], above[-1]
        # (a wrapped name's first line is a word of three letters or more: a sprite's
        # patches above the name, found in faint ink, are not)
        cap = float(np.median([g.box[3] for g in second.glyphs])) if second.glyphs else 0.0
        # (and of the second line's strokes: a big screen's sprite breaks into blobs of a
        # capital's height, their strokes twice a letter's, 7.9x seed 930029's Eagle legs)
        if (len(first.glyphs) >= MIN_NAME and _capitals(first, cap) and compatible(first, second)
                and second.box[1] - (first.box[1] + first.box[3]) < first.height
                and abs(second.height - first.height) <= 0.25 * first.height):
            return first.joined(second)
    return above[-1] if owned is not None else above[0]


# -- the reader's call ----------------------------------------------------------------------


def card_text(card, sure: bool = False) -> CardText:
    """Where a card as found (its ``panel``, ``picture``, maybe ``name_box``, ``boxes`` and
    ``rarity``) has its text, and what its clues say (``sure``: only those read clearly)."""
    return CardText(_box(card.panel.box),
                    tuple(card.picture) if card.picture and card.picture[2] > 0 else None,
                    getattr(card, "name_box", None), *_clue(card, sure), _box_row(card))


def _box_row(card) -> Box | None:
    """The bounding box of a card's boxes as found (``None``: none found)."""
    boxes = getattr(getattr(card, "boxes", None), "boxes", None) or ()
    if not boxes:
        return None
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    return _box((x0, y0, x1 - x0, y1 - y0))


def card_ways(image: np.ndarray, card) -> dict[str, SeenLines]:
    """A card as found (:func:`card_text`) seen each way (:func:`_card_seen`)."""
    return _card_seen(image, card_text(card))


def screen_words(image: np.ndarray, cards: Sequence, board_top: float,
                 region: str | None = None, *, sure: bool = False) -> ScreenText:
    """The region's and the cards' names as read off ``image`` (:func:`read_names`, once
    per screen), the cards being the screen's cards as found (each with its ``panel``,
    ``picture``, maybe ``name_box``, ``boxes`` and ``rarity``); ``sure``: only the cards'
    clues read clearly narrow their names (else every clue read)."""
    texts = [card_text(card, sure) for card in cards]
    title_bottom = min([t.box[1] for t in texts] + [int(board_top)])
    return _remembered(image, texts, title_bottom, region)


def animals_on_screen(image: np.ndarray, cards: Sequence, board_top: float,
                      region: str | None = None) -> tuple[tuple[str, ...], str]:
    """The rescue's animals read off the cards (``cards``: the screen's cards as found,
    each with its ``panel``, ``picture`` and maybe ``name_box``), in card order, and a
    note saying so; :class:`~gridsight.readers.base.ReadError` naming what could not be
    settled (each unsure card with its candidates) when they are not all read beyond
    doubt."""
    from gridsight.readers.base import ReadError

    if not cards:
        raise ReadError("found a rescue board but no animal cards; name the animals in card "
                        "order with --animals, e.g. --animals Panda,Tiger")
    read = screen_words(image, cards, board_top, region)
    if not read.named:
        unsure = "; ".join(f"card {k + 1}: " + (" or ".join(card.candidates[:6])
                                                + (" or ..." if len(card.candidates) > 6 else "")
                                                if card.candidates else "not read")
                           for k, card in enumerate(read.cards) if card.name is None)
        example = example_rescue(read)
        raise ReadError(f"found a rescue board and {len(cards)} animal card(s), but their names "
                        f"are not read beyond doubt ({unsure}); name the animals in card "
                        f"order with --animals, e.g. --animals {example}")
    where = f" (region {read.region})" if read.region else ""
    return read.names(), f"animals read from the cards{where}: {', '.join(read.names())}"
