"""Reading a Disco Zoo rescue screen by its structure: no frame template, no fixed layout.

The real game's rescue screen has no frame around the board and its own layout, so it is read
from what the screen is known to show (``templates/disco-zoo/screen.json`` holds the facts
that are colours and proportions):

1. **The board** is a 5x5 lattice of square tiles separated by thin darker lines
   (:func:`gridsight.vision.lattice.lattice_candidates`, at least ``board_min_width`` of the screen
   wide). Lines alone cannot always tell where the lattice ends, so the candidates and their
   one-tile shifts are all read, and the one whose 25 cells all look like rescue tiles wins.
2. **Each tile**: the colour of its rim (a ring inside the lines, away from the middle where
   decorations and sprites stand) sorts it out. Most tiles share one grass colour (the
   largest cluster of rim colours, which must be a green): untapped, whatever decoration they
   carry. A tile much darker than the grass and plain is tapped and empty. A tile whose rim is
   one of the rarity colours is a found animal of that rarity; a tile of no known colour that
   holds a sprite is a found animal of unsure rarity; anything else is unread.
3. **The cards**: the row of equal panels between the title bar and the board, told from the
   ground by colour (:mod:`gridsight.games.disco_zoo.cards`), each read: its sprite, its
   box row (the animal's tiles, those found filled), its rarity, the box of its name line.
4. **The attempts counter**: the rightmost word of one or two tall glyphs in the bar above
   the cards, read by :mod:`gridsight.vision.digits`.

The board text (which animal each found tile shows, the animals themselves when not given:
their names read off the cards in the screen's own font by :mod:`.names`, narrowed by the
cards' boxes and colours and the board, the attempts checked against the board) is
:mod:`gridsight.games.disco_zoo.screen_text`.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import cache

import cv2
import numpy as np

from gridsight.games.disco_zoo.cards import (
    FAINT_ROW,
    BoxesSeen,
    PILLAR_MOST,
    PILLAR_WHOLE,
    CardSeen,
    border_colour,
    classify_boxes,
    frame_sides,
    read_card,
)
from gridsight.games.disco_zoo.cards import find_cards as _find_cards
from gridsight.readers.base import SavedBoxOutside
from gridsight.readers.desktop import only_sure
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.vision.classify import BoardRead, CellRead
from gridsight.vision.colour_norms import norms
from gridsight.vision.digits import MIN_LEAD, NumberRead, agreed, read_number
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.lattice import (
    Lattice,
    LatticeSearch,
    lattice_candidates,
    lattices_at,
    lattices_moved,
)
from gridsight.vision.modes import densest, densest_each
from gridsight.vision.packs import TemplatePack, shipped_packs_root
from gridsight.vision.panels import Panel
from gridsight.vision.sprites import INK, Sprite, sprite_distance, sprite_of

SCREEN_FACTS = shipped_packs_root() / "disco-zoo" / "screen.json"
PATCH = 32  # each tile is resampled to PATCH x PATCH pixels for its colours
GROUND_SPREAD = 18.0  # Lab distance within which tiles share the grass colour
GRASS_SPREAD_FLOOR = 8.0  # the least Lab distance at which a tile is told from the grass
MIN_GROUND = 5  # a rescue board shows at least this many untapped tiles
MIN_PLAUSIBLE = 0.9  # share of the 25 tiles that must read as rescue tiles
SIDES_SAME = 20.0  # Lab distance within which a tile's rim is one colour on three sides
# Lab distance within which the two halves of a tile's rim (top and bottom, left and right)
# are one colour. Measured on 140 real-look screens (seeds 7000 and 140000, 0.5x-3x, JPEG):
# at most 8.1 on a found tile, 4.3 on a tapped one; a notification's edge across a tile gives
# 36 and more. Plain distance, no allowance for a shade of the same hue: a see-through dark
# notification over grass is one. Untapped tiles are not judged by it (a big bush across
# half the rim gives 30): a tile whose rim is mostly grass is untapped.
HALVES_SAME = 24.0
COVER_SAME = 14.0  # Lab distance within which a colour carries on from tile to tile
DIRT_SPREAD = 15.0  # Lab distance within which two tapped empty tiles share their colour
# An untapped tile is mostly its grass: of its middle (all but a tenth at each edge), at
# least this share lies within OWN_NEAR Lab of its rim's colour. Decorations cover less
# (the least share measured on 1,191 grass tiles of real-look screens 7000-7059 was 0.42); a
# found tile whose dark outline alone matched the grass in the rim band showed 0.16 (7026 at
# 0.69x: a common tile, its outline the grass's green, read as untapped, no caveat).
GRASS_OWN_SHARE = 0.3
OWN_NEAR = 10.0
BOARD_TAPS = 10  # a rescue starts with 10 attempts (more can be bought)
MOST_ATTEMPTS = 20  # a counter never shows more (attempts are bought a few at a time, at 0)


@cache
def screen_facts() -> dict:
    return json.loads(SCREEN_FACTS.read_text(encoding="utf-8"))


@dataclass(frozen=True, eq=False)
class TileSeen:
    """One tile: ``kind`` is ``ground``, ``empty``, ``found``, ``hidden`` (under something
    lying over the board) or ``unknown``; a found tile's
    ``rarities`` are the rarities its colour allows (one when sure, none when its colour fits
    no rarity), ``sprite`` the picture on it, ``rim`` its colour (Lab); ``confidence``
    0..1. ``lawn``: unread by :func:`found_on_the_lawn` (read as grass, but it may be a found
    tile of the lawn's green). ``pictured``: unread, dark like a tapped tile's dirt with a
    picture in its middle as a found tile's animal stands (a found tile of a colour near the
    dirt's, or something over the dirt): a rescue tile all the same, for the lattice's fit.
    ``decorated``: unread, the lawn's green in its corners round a decoration covering the
    rest (:func:`_lawn_cornered`): a tile of the lawn all the same, for the lattice's fit.
    ``pointer``: unread, plain dirt round a mouse pointer (:func:`_dirt_round_a_pointer`):
    one tile's thing, never part of something lying across tiles (:func:`_hide_covered`).
    ``drawn``: unread, a disc or a tile with an animal drawn on it in a cell of the lawn's
    green (:func:`_rarity_disc`, :func:`_animal_on_a_tile`): a rescue tile all the same, for
    the lattice's fit (:func:`_plausibility`)."""

    kind: str
    rarities: tuple[str, ...] = ()
    confidence: float = 1.0
    sprite: Sprite | None = field(default=None, repr=False)
    rim: tuple[float, float, float] | None = None  # a found tile's colour (Lab)
    lawn: bool = False
    pictured: bool = False  # unread: dark like dirt, a picture in its middle
    decorated: bool = False  # unread: the lawn round a decoration over it, in its corners
    pointer: bool = False  # unread: plain dirt round a mouse pointer over it
    drawn: bool = False  # unread: an animal drawn on a disc or tile in a cell of the lawn


@dataclass(frozen=True, eq=False)
class RescueScreen:
    """A rescue screen as seen: the board's lattice, its 25 tiles, the cards, the counter."""

    lattice: Lattice
    tiles: tuple[tuple[TileSeen, ...], ...]
    cards: tuple[CardSeen, ...]
    counter: NumberRead
    plausibility: float

    def board_read(self, pack_name: str) -> BoardRead:
        """The tiles as a :class:`BoardRead` (labels ``ground``, ``empty``,
        ``animal:RARITY`` or ``animal:?``; ``unknown`` unread), carrying this screen."""
        cells = []
        for r, row in enumerate(self.tiles):
            out = []
            for c, tile in enumerate(row):
                label = _label(tile)
                out.append(CellRead(r, c, label, tile.confidence, tile.confidence, label))
            cells.append(tuple(out))
        hidden = tuple((r, c) for r, row in enumerate(self.tiles)
                       for c, tile in enumerate(row) if tile.kind == "hidden")
        return BoardRead(self.lattice.geometry(), tuple(cells), 1.0, pack_name,
                         {"rescue_screen": self, "hidden": hidden})


def _label(tile: TileSeen) -> str:
    """A tile's label: ``ground``, ``empty``, ``animal:RARITY`` (``animal:?`` when its colour
    is of no single rarity) or ``unknown`` (unread, hidden)."""
    if tile.kind == "found":
        return "animal:" + (tile.rarities[0] if len(tile.rarities) == 1 else "?")
    if tile.kind in ("ground", "empty"):
        return tile.kind
    return "unknown"


# -- finding the screen ---------------------------------------------------------------------


def locate(image: np.ndarray) -> BoardRead:
    """The rescue screen in ``image`` as a :class:`BoardRead` (what
    :func:`gridsight.readers.find.find_by_structure` needs), with the furniture found on it
    (what tells the whole screen from a part of it, :mod:`gridsight.readers.desktop`):
    ``extras["furniture"]`` holds ``cards`` when found (but not when none of their box rows
    read and the counter reads more, nor when one shows neither picture nor box row:
    :func:`shows_a_card`) and ``counter`` when its digits read the tiles' count (as
    :func:`.screen_text.taps_left` takes it; lower by as many tiles as are unread, when no
    more than :data:`UNREAD_COUNTED`); ``extras["furniture_doubtful"]`` ``counter`` when they
    read more (attempts bought, or a digit cut in half), up to :data:`MOST_ATTEMPTS`; neither
    when the tiles found are more than a rescue can show (:func:`could_be_found`);
    ``extras["furniture_tally"]`` whether the cards' box rows count the tiles found
    (:func:`cards_tally`)."""
    screen = locate_rescue(image)
    read = screen.board_read("disco-zoo/structure")
    tapped = sum(tile.kind in ("empty", "found") for row in screen.tiles for tile in row)
    left, counter = max(0, BOARD_TAPS - tapped), screen.counter
    number = int("".join(str(d) for d, _ in counter.digits)) if counter.digits else None
    # (a glyph as near two digits, one of them the count's: a heavy 8 whose holes are slits
    # reads as a slashed 0 as well; the count agrees, though the counter stays unread)
    # The middle cut's digits agree only when every cut read them (``counter.agree``), or
    # each glyph was as near the count's digit at every cut (:func:`_may_spell`): a counter
    # whose cuts read other digits spells the count by chance (measured on the desktop and
    # phone-screen sets: every such read that agreed with the board also spelt it).
    # A tile left unread (under a mouse pointer: fresh harder desktop 106011, a tapped tile
    # under it) may be tapped: the count may be up to that many lower, for a few such tiles.
    # More unread is no pointer but a lattice partly off the board (harder desktop 98401: a
    # region cutting the board's first column, a lattice shifted by most of a tile with its
    # last column over the ground, unread; the counter's 9 agreed once five tiles could be
    # tapped, and the wrong board was read as the screen's).
    unread = sum(tile.kind in ("hidden", "unknown") for row in screen.tiles for tile in row)
    counts = range(max(0, left - unread) if unread <= UNREAD_COUNTED else left, left + 1)
    agrees = any((number == n and counter.agree) or _may_spell(counter, n) for n in counts)
    # (more than a rescue's counter ever shows is no counter: an app's icons under a window's
    # title bar read as 97 beside a home screen's grid read as tiles, no-game desktop 99213)
    more = number is not None and left < number <= MOST_ATTEMPTS and counter.lead > 0.0
    # Tiles no rescue can show found (twelve of a rarity whose animals have three cells,
    # with three animals at most: a list app's rows over a striped wallpaper, bench seed
    # 90014) are no rescue's board, so nothing around them is its furniture.
    possible = could_be_found(screen.tiles)
    # A real card shows one box per tile of its animal; a chat bubble or a list row taken
    # for a card shows none. Cards none of whose box rows read, beside a counter reading
    # more than the board allows, are no furniture: together they made a rescue of a chat
    # window on no-game desktop 98404 (every card found on a real screen in the desktop
    # bench whose counter read more had its box row read). Nor cards each showing its
    # picture, its name line and its YOU HAVE line, as a bubble does not: a box row too faint
    # or too small to part (fresh harder desktops 700000, a 205 px screen washed by a video's
    # levels, and 680024, a fresh board with 14 attempts) leaves a real card those three.
    cards = bool(screen.cards) and all(shows_a_card(card) for card in screen.cards) and \
        (not more or any(card.boxes is not None for card in screen.cards)
         or all(shows_its_lines(card) for card in screen.cards))
    read.extras["furniture"] = tuple(name for name, seen in (
        ("cards", cards), ("counter", agrees)) if seen and possible)
    read.extras["furniture_doubtful"] = ("counter",) if more and possible else ()
    read.extras["furniture_tally"] = cards and possible and cards_tally(screen)
    return read


FILLS_PANEL = 0.85  # a card's picture this share of its panel both ways leaves no room for
# its name, YOU HAVE line and boxes: no card's (:func:`shows_a_card`)


def shows_a_card(card: CardSeen) -> bool:
    """Whether a panel found as a card shows what every card does: its animal's picture
    (:attr:`~.cards.CardSeen.picture` found) or its row of boxes (issue 18: on each card the
    animal's sprite, its name, ``YOU HAVE n`` and one box per tile of its pattern). A panel
    showing neither is no card, whatever its size and lines of ink: no-game harder desktop
    120010, a chat's bubble (292 px wide over a 243 px "board" of the chat's text, its lines
    read as a name and ``YOU HAVE n``) stood for the cards, and a "1" in the chat beside it
    for a counter agreeing with the board; the two made the chat a rescue. Measured on the
    real-look phone screens (seed 7000, 60 screens, 0.5x-3x): every card found showed its
    picture.

    Nor is a panel whose "picture" fills it (:data:`FILLS_PANEL` of its width and of its
    height) with no box row, name line or ``YOU HAVE`` line found: a card's sprite leaves
    room below it for them. Fresh no-game harder desktop 490007: the lower corner of a spreadsheet
    (its cells' text the "picture", 91% by 92% of the panel) stood for a card above a
    lattice at half the pitch of a green grid wallpaper, a "1" that reads as a 7 as well for
    a counter agreeing with it. Measured on the real-look phone screens (seed 7000, 34
    screens at 0.35x and 0.6x, 126 and 216 px wide): at 0.6x no card's picture was more than
    59% of its panel both ways; at 0.35x two were (7020, 88% by 90%), each with its box row.
    """
    if card.row is not None:
        return True
    _, _, width, height = card.panel.box
    fills = card.picture[2] >= FILLS_PANEL * width and card.picture[3] >= FILLS_PANEL * height \
        and card.name_box is None and card.have_box is None
    return card.picture[2] > 0 and card.picture[3] > 0 and not fills


def shows_its_lines(card: CardSeen) -> bool:
    """Whether a card found with no box row shows the rest of what every card does (issue
    18): its animal's picture, and below it two lines of ink, its name and ``YOU HAVE n``. A
    chat's bubble taken for a card (no-game desktop 98404) showed a name-like line and no
    picture."""
    return card.picture[2] > 0 and card.picture[3] > 0 and card.name_box is not None and \
        card.have_box is not None


def cards_tally(screen: RescueScreen) -> bool:
    """Whether the cards agree with the board by themselves: every card's box row read, its
    fills told (:attr:`~.cards.BoxesSeen.found`), and the boxes filled on all the cards as many
    as the tiles found on the board (but those surely a pet's: a pet has no card), one at
    least (no box filled and no tile found agree by default: fresh harder desktop 118009, a
    Raccoon's three found tiles of the lawn's green read as grass and its card's three
    filled boxes as empty, both as the phone alone reads them, wrong). The
    evidence a screen found among a desktop's windows is a rescue's when its counter is
    unread (a small digit beside its label at 15-20% of the frame's width: fresh harder
    desktops 118000, 118009, 118016, found with their cards and every tile, refused for it):
    a wallpaper's hills or a chat's bubbles do not show rows of boxes whose fills count the
    found tiles."""
    found = [tile for row in screen.tiles for tile in row if tile.kind == "found"]
    filled = [card.boxes.found if card.boxes is not None else None for card in screen.cards]
    if not screen.cards or any(n is None for n in filled):
        return False
    pets = sum(tile.rarities == ("pet",) for tile in found)
    count = sum(n for n in filled if n is not None)
    return count == len(found) - pets > 0


UNREAD_COUNTED = 2  # unread tiles that may have been tapped, for the counter's check (when
# more are unread, none counts)
MOST_ANIMALS = 3  # a rescue hides 1 to 3 animals of its region, plus at most one pet


@cache
def _most_found() -> dict[str, int]:
    """The most tiles of each rarity a rescue can show found: three of its largest animal
    of that rarity, one pet."""
    largest: dict[str, int] = {}
    for animal in load_catalogue().animals():
        largest[animal.rarity] = max(largest.get(animal.rarity, 0), animal.size)
    return {rarity: size * (1 if rarity == "pet" else MOST_ANIMALS)
            for rarity, size in largest.items()}


def could_be_found(tiles: tuple[tuple[TileSeen, ...], ...]) -> bool:
    """Whether a rescue could show ``tiles`` found: no rarity's found tiles (those of one
    rarity) more than :func:`_most_found` allows, and all found tiles no more than three of
    the largest animals and a pet."""
    found = [t for row in tiles for t in row if t.kind == "found"]
    return _past_the_most([t.rarities[0] if len(t.rarities) == 1 else None
                           for t in found]) is None


def _past_the_most(rarities: Sequence[str | None]) -> str | None:
    """Why found tiles of these ``rarities`` (``None``: not told) are more than a rescue
    shows, in all or of one rarity (:func:`_most_found`); ``None`` when a rescue may."""
    most = _most_found()
    largest = max(v for r, v in most.items() if r != "pet") + most.get("pet", 0)
    if len(rarities) > largest:
        return f"{len(rarities)} tiles read as found animals, more than a rescue shows ({largest})"
    for rarity, count in sorted(Counter(r for r in rarities if r is not None).items()):
        if rarity in most and count > most[rarity]:
            return (f"{count} tiles read as found {rarity} animals, more than a rescue shows "
                    f"({most[rarity]})")
    return None


def found_past_the_most(labels: tuple[tuple[str, ...], ...]) -> str | None:
    """Why a board read through a pack (its tiles' labels, ``animal:RARITY`` for a found
    tile) is no rescue: more found tiles of a rarity, or in all, than :func:`could_be_found`
    allows; ``None`` when a rescue may show them. No-game harder desktop 461011 (`bench/
    bench_desktop.py --decoy game`): our skin's frame matched on a wallpaper of light blue
    squares between red lines (0.81), every square read as a found rare animal (a cell 0.62
    to 0.70); with ``--animals`` given, 25 found tiles were said with no warning."""
    return _past_the_most([label.split(":", 1)[1] for row in labels for label in row
                           if label.startswith("animal:")])


def _may_spell(counter: NumberRead, value: int) -> bool:
    """Whether the counter's glyphs, each read as its digit or as one about as near
    (:data:`gridsight.vision.digits.MIN_LEAD`), spell ``value``: evidence that the counter
    is there and agrees with the board, not a reading of it."""
    text = str(value)
    gaps = counter.gaps
    return bool(gaps) and len(gaps) == len(text) and all(
        glyph[int(ch)] < MIN_LEAD for glyph, ch in zip(gaps, text))


LATTICES_KEPT = 2  # distinct lattices (each with its shifts) tried on every screen
LATTICES_WIDER = 5  # ... when the best of them leaves too many tiles unread
SEEN_WHOLE = 0.8  # a lattice with fewer of its tiles read widens the search
CLEARLY_STRONGER = 1.5  # lines for a narrower lattice to replace one reading too few tiles


def locate_rescue(image: np.ndarray) -> RescueScreen:
    """The rescue screen in ``image``; :class:`BoardNotFoundError` when no 5x5 lattice of
    rescue tiles is there.

    The :data:`LATTICES_KEPT` best lattices by their lines (and their shifts) are tried; when
    the best fit leaves fewer than :data:`SEEN_WHOLE` of its tiles read, the
    :data:`LATTICES_WIDER` best are. A lattice of another pitch can outscore the board's by its
    lines (a toast's edges, faint lines between the tiles): its tiles straddle the board's,
    their halves unlike, and read as tiles hidden under something, which count for the
    threshold; the rest stated wrong. Fresh real-look 500005 (Outback, faint lines) at 0.75x
    and with a toast at 1x: a lattice of 4/5 the board's pitch, 9 and 11 tiles "hidden", the
    board's own lattice third by its lines and never tried; 6 and 8 tiles stated wrong with
    no warning. Fresh 471053 (City, 1.31x): the board's lattice fifth by its lines (three
    of other pitches reading no tile, then one of 0.94 the pitch two rows up, its top rows
    over the cards "hidden"), the board's bottom two rows dropped, a tapped tile stated
    untapped; with 5 tried, exact. A lattice of 4/5 the board's pitch still best then: the
    board around it is tried (:func:`_board_around`), whenever the best leaves a tile unread:
    such a lattice can read more than :data:`SEEN_WHOLE` of its tiles (probe 600006, lines
    0.97 of the grass, 0.85x: 23 of 25 read, a tile stated wrong with ``--animals``); also
    around a best taken for none for want of lines (:func:`lawn_lined`). (Widening the
    search for such a best too found a board on no-game desktop 98613: not done.) The lattice
    taken is refused when its grass shows none of its lines and the board's tiles read past
    one of its edges (:func:`_not_going_on`)."""
    facts = screen_facts()
    rows, cols = facts["rows"], facts["cols"]
    pillars = frame_sides(image, PILLAR_MOST, PILLAR_WHOLE)  # measured once a picture
    inside = _inside_frame(image, pillars)
    between = _between_pillars(image, pillars)
    candidates = inside(between(rows, cols, min_width=facts["board_min_width"],
                                keep=LATTICES_KEPT, shifts=LATTICE_SHIFTS))
    token = _PICTURE_HUE.set(_picture_hue(image, candidates, facts))
    pale = _PICTURE_PALE.set(_picture_pale(image, candidates))
    try:
        return _locate_among(image, candidates, inside, between)
    finally:
        _PICTURE_PALE.reset(pale)
        _PICTURE_HUE.reset(token)


def _locate_among(image: np.ndarray, candidates: list[Lattice], inside, between
                  ) -> RescueScreen:
    """:func:`locate_rescue`'s search from the lattices its first search proposed
    (``candidates``), within the grass hue the picture's own board sets
    (:func:`_picture_hue`)."""
    facts = screen_facts()
    rows, cols = facts["rows"], facts["cols"]
    best = first = _best_lattice(image, candidates, None)
    proposed = list(candidates)  # (every lattice tried by its lines, for :func:`_paler_lawn`)
    # (Not when asked for a second screen, :func:`.desktop.only_sure`, and the best lattice by
    # its lines shows no lawn at all: another app's window, 22 of the 26 asks of harder
    # desktop 410000's first 6 frames; their answers the same, 0.69 of their CPU. No find
    # changed on harder desktops 410000, 590000, 620000 and the --decoy disco 500000 set.)
    if best is not None and (best[1] < 0 or best[5] < SEEN_WHOLE) and not (
            best[1] < 0 and best[0] == 0.0 and only_sure()):
        # Fitting none too, and then to narrower boards as well (:func:`_widest_search`).
        tried = {(round(lat.x), round(lat.y), round(lat.pitch_x)) for lat in candidates}
        wider = inside(between(rows, cols, min_width=_widest_search(facts, best),
                               keep=LATTICES_WIDER,
                               shifts=LATTICE_SHIFTS if best[1] >= 0 else 0))
        best = _best_lattice(image, [lat for lat in wider if (
            round(lat.x), round(lat.y), round(lat.pitch_x)) not in tried], best)
        proposed += wider
    # (Whenever a tile is left unread, for any stronger lines.)
    if best is not None and best[1] >= 0 and best[5] < 1.0:
        best = _narrower_board(image, best, inside)
    if best is not None and best[1] >= 0 and best[5] < 1.0:
        best = _by_its_colours(image, best, inside, between)
    if best is not None and (best[1] >= 0 or best[4]) and best[5] < 1.0:
        best = _board_around(image, best)
    if best is not None and best[1] >= 0 and best[5] < 1.0:
        best = _off_by_a_row(image, best)
    if best is not None and best[1] >= 0:
        best = _found_past_the_board(image, best)
    if first is not None and first[1] < 0 and not _whole(best):
        best = first  # (the first search's refusal stands: :func:`_whole`)
    if best is not None and best[1] >= 0:
        best = _not_going_on_or_elsewhere(image, best, inside, between)
    if best is not None and best[1] >= 0:
        _lines_cut_through(image, best)
    if best is not None and best[1] >= 0:
        _paler_lawn(image, best[2], proposed)
        _lighter_dirt(image, best[2], proposed)
        _another_lawn(image, best[2], proposed)
        _weaker_across(image, best, proposed)  # (after: the narrower rules say their words)
    if best is None or best[1] < 0:
        detail = "no lattice of tiles" if best is None else \
            "best lattice: its grass tiles show none of its lines" if best[4] else \
            f"best lattice: {best[0]:.0%} of its tiles look like rescue tiles"
        raise BoardNotFoundError("disco-zoo", detail + _grey_lawn(image, candidates))
    plausibility, _, lattice, tiles, _, _ = best
    tiles = dirt_on_the_lawn(image, lattice, tiles)
    missed: list[Panel] = []  # the cards found beside one missed (none taken)
    cards = find_cards(image, lattice, tiles, missed)
    tiles = covered_found(image, lattice, tiles, cards)
    tiles = found_on_the_lawn(image, lattice, unread_found(image, lattice, tiles, cards),
                              cards)
    tiles = like_a_found_tile(image, lattice, off_the_lawn(image, lattice, tiles))
    cards = fills_beyond_the_board(fills_on_the_board(cards, tiles), tiles)
    cards = fills_over_the_board(cards, tiles)
    tiles = found_against_the_fills(cards, tiles)  # (after: the cards' rarity unsure too)
    cards = unsure_rarities(rows_short_of_the_board(image, lattice, cards, tiles))
    counter = read_counter(image, lattice, cards, missed)
    if not cards and not counter.digits and not lined_square(image, lattice, tiles):
        raise BoardNotFoundError("disco-zoo", UNANCHORED)
    tiles = missed_by_the_counter(image, lattice, tiles, cards, counter, missed)
    tiles = tapped_unread(image, lattice, tiles, cards, counter)
    cards = rows_short_of_the_found(cards, tiles)
    return RescueScreen(lattice, tiles, cards, counter, plausibility)


_Best = tuple[float, float, Lattice, tuple, bool, float]

# A tapped empty tile is plain and dark (issue 18); tapped tiles all look alike, a dull dirt
# of the grass's own hue may lie within the lawn's spread and read as grass. A tile read as
# grass that shows no decoration, darker than its squares' green by DIRT_DARKER L levels or
# more and farther from it than DIRT_APART times the grass tiles' own scatter (and
# GRASS_SPREAD_FLOOR at least, or another such tile of its colour: tapped tiles alike), is
# unread (:func:`dirt_on_the_lawn`).
DIRT_DARKER = 2.0
DIRT_APART = 3.0


def dirt_on_the_lawn(image: np.ndarray, lattice: Lattice,
                     tiles: tuple[tuple[TileSeen, ...], ...]) -> tuple[tuple[TileSeen, ...], ...]:
    """``tiles`` with the grass tiles that may be tapped dirt unread: plain (no decoration,
    :func:`_plain`), darker than the green of their own squares of the lawn
    (:func:`_to_lawn`) by :data:`DIRT_DARKER` or more and farther from it than
    :data:`DIRT_APART` times the grass tiles' median distance to it (and
    :data:`GRASS_SPREAD_FLOOR` at least). Widest 1074012 at 0.90x (Ice Age, a teal lawn, its
    dirt a dull dark green): the five tapped tiles 9.6-12.0 Lab from the lawn (its spread
    12.3, the grass tiles' scatter 2.4), read as grass; with ``--animals``, stated untapped
    under the counter's warning alone.

    Nearer the green than that floor, a tile is dirt too when another such tile is of its
    colour (nearer it than the scatter's reach and than half their distance to the green):
    tapped tiles all look alike, a lawn's grass shades off no further than its scatter.
    Fresh widest 1203129 at 2.65x (Polar, a checkered dark-green lawn): eight tapped tiles
    6.3-6.7 Lab from their squares' green, within 0.5 of each other, the grass tiles'
    scatter 0.9; all eight stated untapped both ways. The other tile of its colour may lie
    past the floor, read dirt already: fresh widest 1291123 as ``sj`` (0.6x + JPEG 60, Ice
    Age): tapped (3,1) 7.92 Lab from the green, 1.4 from tapped (0,0) and (0,2) at 8.2 (the
    scatter's reach 3.4), the one such tile under the floor: stated untapped with
    ``--animals``."""
    flat = [tile for row in tiles for tile in row]
    ground = np.array([tile.kind == "ground" for tile in flat])
    if ground.sum() < MIN_GROUND:
        return tiles
    stack = _tile_patches(image, lattice)
    rims = _dominant_each(stack[:, _RING])
    grass = np.median(rims[ground], axis=0)
    to_grass = _to_lawn(rims, grass, lattice.cols, one_shade=True)
    apart = DIRT_APART * float(np.median(to_grass[ground]))
    far = max(GRASS_SPREAD_FLOOR, apart)
    dirt = ground & (to_grass > far)
    # (nearer than the floor: tapped tiles alike, another of the tile's colour as far out)
    within = np.flatnonzero(ground & (to_grass > apart) & (to_grass <= far))
    beyond = np.flatnonzero(dirt)  # (dirt past the floor: its colour the tapped tiles' too)
    for k in within:
        dirt[k] = any(np.linalg.norm(rims[k] - rims[j]) <= min(apart, to_grass[k] / 2)
                      for j in (*within, *beyond) if j != k)
    inner_l = np.median(stack[:, 5:27, 5:27, 0].reshape(len(flat), -1), axis=1)
    parity = np.array([(k // lattice.cols + k % lattice.cols) % 2 for k in range(len(flat))])
    out = list(flat)
    for k in np.flatnonzero(dirt):
        own = ground & (parity == parity[k]) & ~dirt & (to_grass <= far)
        if not own.any():
            continue
        lawn_l = float(np.median(inner_l[own]))
        r, c = divmod(int(k), lattice.cols)
        if inner_l[k] <= lawn_l - DIRT_DARKER and \
                _plain(_tile_sprite(image, lattice, r, c, own=True)):
            out[k] = TileSeen("unknown", confidence=0.0)
    return tuple(tuple(out[r * lattice.cols : (r + 1) * lattice.cols])
                 for r in range(lattice.rows))

# A lattice nothing beside it confirms is refused: its grass shows none of its lines, and no
# animal card and no attempts counter is read beside it. Probe 810033 (wider, Ice Age, 0.91x,
# faint lines, a toast): a lattice 1.35x the board's pitch over the speckled ice (its hue
# within the lawns'), the one card and the title bar, three tiles stated wrong with
# --animals (with no card the plain read asks). Of the boards found on the real-look screens
# 7000-7119, 500000-500059 and wider 710000-710059 and 730000-730059, none lacked all three
# (with no card the plain read asks anyway: at most an ask becomes a refusal).
UNANCHORED = ("best lattice: its grass tiles show none of its lines (or lines one way only, "
              "its tiles not square), and no animal card or attempts counter is read beside it")

# A rescue board's tiles are square and a screenshot is scaled the same both ways: a lattice
# whose pitches differ by more than this share, its lines showing one way only, is no board
# (:func:`lined_square`). Widest 870028 at 1.67x: a lattice over three green cards (pitches
# 82.4 by 76.2, 1.08), the gaps between the cards its only lines dipping all along, no card
# and no counter read; with --animals 11 tiles stated wrong. Lines one way only alone would
# refuse a board (wider 830058 at 0.55x, no card and no counter read, one line across
# dipping all along: pitches 1.003); a board's lattice as refined can be 5% off square
# (widest 850038 at 2.14x, thick lines: 1.051, its card read).
SQUARE_SLACK = 0.065


# A lattice an edge line of which reads as nothing may straddle the board's edges, its pitch
# off the board's one way: the board's tiles are square (issue 18), so such a lattice whose
# pitches differ by more than this share is not sure (:func:`_off_by_a_row`). Fresh widest
# 1180019 at 1.56x, Outback, faint lines: the board's own lattice 0.004 by its lines, one of
# pitches 62.8 by 67.4 (1.073; the board's 65.6) 0.092, half a tile below the board, its bottom
# row over the sea unread, the one a row up reading as much; two tapped tiles stated untapped.
EDGE_SQUARE_SLACK = 0.05


def square(lattice: Lattice, slack: float = SQUARE_SLACK) -> bool:
    """Whether ``lattice``'s tiles are square within ``slack`` (:data:`SQUARE_SLACK`)."""
    return abs(lattice.pitch_x / lattice.pitch_y - 1.0) <= slack


def lined_square(image: np.ndarray, lattice: Lattice,
                 tiles: tuple[tuple[TileSeen, ...], ...]) -> bool:
    """What :func:`locate_rescue` asks of a lattice no card and no counter vouches for: its
    grass shows its lines (:func:`lawn_lined` with ``long``), and when they show one way only
    where grass tiles neighbour both ways, its tiles are square (:data:`SQUARE_SLACK`)."""
    shown, parted = _lines_shown(image, lattice, tiles, True)
    if not parted:
        return True
    return bool(shown) and (shown == parted or square(lattice))

NARROWER = 0.8  # a search that fits no lattice widens to boards this share of the least width


def _widest_search(facts: dict, best: _Best) -> float:
    """The least width (a share of the picture's) of the lattices the wider search of
    :func:`locate_rescue` proposes: ``board_min_width``, or :data:`NARROWER` of it when no
    lattice tried fitted at all (``best`` fits none; also for want of lines). Issue 18 pins no
    board width (its phone inside a desktop was refused for a board under 55% of the frame's
    width); a tablet's 4:3 screen or a phone in a mirroring window's frame shows the board
    narrower (fresh wider real-look 720006 at 2.03x: a board 50% of the window's width, never
    proposed; the lattices of 0.55 of the width or more, none reading a rescue tile: refused).
    Only then, and the lattice so found is taken only when it reads every tile
    (:func:`_whole`): the board of every screen read before stays the first proposed. That
    search tries no shifted lattices (a picture with no board pays for it: 24 no-game
    desktop pictures, 1.76 s to refuse on main, 5.02 s with shifts, 2.63 s without).

    And the wider search runs when nothing fits too, not only when a fit leaves tiles unread:
    720037 at 0.60x (decorations on most tiles, lines 0.9 of the grass): the board's lattice
    third by its lines, after two over the cards, which read no tile."""
    least = facts["board_min_width"]
    return least * NARROWER if best[1] < 0 else least


def _narrower_board(image: np.ndarray, best: _Best, inside) -> _Best:
    """``best`` (it fits but leaves a tile unread, after the wider search), or the lattice of
    a board narrower than ``board_min_width`` of the picture (down to :data:`NARROWER` of it,
    the narrower search of :func:`_widest_search`) whose lines score higher and that reads
    every tile (:func:`_whole`). By the fit alone
    (lines times the share read squared) a lattice of half the tiles inside the board was
    taken (real-look 500005 at 0.90x: pitch 27.5, lines 0.090 to the best's 0.101; the board's
    own, found around the best, was refused then). A tablet's 4:3 screen shows the
    board narrower (fresh wider real-look 770135 at 2.52x: a board 50% of the screen's width;
    the best lattice of 0.55 or more, 9% too wide, read 72% of its tiles, the one a row down
    88%: refused; the board's own lattice fits better by its lines, 0.33 to 0.22, and reads
    all 25).

    Tried too when ``best`` reads :data:`SEEN_WHOLE` of its tiles or more but not all
    (fresh wider 1010008 with its top cut, the ``top`` variant of
    ``bench/disco_zoo_variants.py``: the board 0.49 of the picture's width, a lattice 1.1x
    its pitch, its last column past the board, read 20 of 25 tiles, a tapped tile stated
    untapped both ways; the board's own lattice scores 0.51 by its lines to its 0.28 and reads
    all 25), for any stronger lines: harder desktop 410008's screen (a board 0.51 of the
    crop's width) read 24 tiles on a lattice 4% too wide, the board's own, 1.03x its score,
    all 25 once a found tile of the lawn's green on its cell is read found
    (:func:`_on_a_cell`; lines 1.5x as strong were asked for until then).

    A narrower lattice reading :data:`SEEN_WHOLE` of its tiles or more where ``best`` reads
    fewer, with lines :data:`CLEARLY_STRONGER`, is taken too (then tried around and a row
    over as any best): wider 1010008 with a toast over the board's bottom row, a lattice 1.1x
    the board's pitch, a row and more too high (its top row over the card, its last column
    past the board), read 17 of 25, tiles stated wrong with ``--animals``; the board's own
    scores 0.475 by its lines to its 0.170 and reads 20, its bottom row hidden under the
    toast. Not where ``best`` reads :data:`SEEN_WHOLE` or more: wider 710047 at 0.68x is read
    on a lattice 1.05x the board's pitch (22 of 25 read), its cards' boxes read on it; the
    board's own (23 of 25, lines 1.56x) reads the Ghost card's row of boxes as none, and the
    rule that card guards (untold fills) untested. ``inside``: :func:`_inside_frame`'s
    filter."""
    facts = screen_facts()
    least = facts["board_min_width"]
    candidates = inside(lattice_candidates(image, facts["rows"], facts["cols"],
                                           min_width=least * NARROWER, max_width=least,
                                           keep=LATTICES_WIDER))
    found = _best_lattice(image, candidates, None)
    if found is None or found[1] < 0:
        return best
    stronger = 1.0 if best[5] < SEEN_WHOLE else CLEARLY_STRONGER
    if _whole(found) and found[2].score > best[2].score * stronger:
        return found
    if best[5] < SEEN_WHOLE <= found[5] and \
            found[2].score > best[2].score * CLEARLY_STRONGER:
        return found  # (a board with a row under a toast: see above)
    return best


COLOUR_KEPT = 3  # lattices proposed by the picture's colour edges (:func:`_by_its_colours`)
# A best that reads SEEN_WHOLE of its tiles lies near its board: a colour lattice replaces it
# only at its pitch within this share (:func:`_by_its_colours`).
COLOUR_NEAR_PITCH = 0.1


def _by_its_colours(image: np.ndarray, best: _Best, inside, between) -> _Best:
    """``best`` (it fits but leaves a tile unread), or the best of the :data:`COLOUR_KEPT`
    lattices of the picture's colour edges (:meth:`.LatticeSearch.by_colour`, boards down to
    :data:`NARROWER` of the least width) that fits better than it and reads
    :data:`SEEN_WHOLE` of its tiles or more, more than it. The lines of a board may be
    proposed by no search of its darkness: a lawn with no line between its grass tiles
    (widest 1262208 at 0.95x: a checker of two greens, a board 0.47 of the width; the
    proposals of pitch 43 and more, then lattices a row or a column off it, refused), a board's
    thin lines on a speckled background (variants 1272003: the speckle's and the title bar's
    lines scored over the board's, the board's own never proposed), lines of the grass's
    lightness (1272004: the lattice a row off, refused). Each board's lattice is the first by
    its colour edges and reads every tile (1262208: 24 of 25). A best reading
    :data:`SEEN_WHOLE` or more is replaced only by a lattice of its pitch within
    :data:`COLOUR_NEAR_PITCH`: harder desktop 98401 cut (a lattice most of a tile off its
    board, 20 of 25 read) took a lattice of half its pitch over the board's grass (25 grass
    "tiles", the found one lost); hybrid 700044 (block) takes its board (x 149 p 65.7, the
    truth x 148 p 65.3) for the board's frame (x 133 p 69.7, 20 read). ``inside``,
    ``between``: as :func:`locate_rescue` made them."""
    facts = screen_facts()
    proposed = inside(between(facts["rows"], facts["cols"],
                              min_width=facts["board_min_width"] * NARROWER,
                              keep=COLOUR_KEPT, by_colour=True))
    if best[5] >= SEEN_WHOLE:
        proposed = [lattice for lattice in proposed
                    if abs(lattice.pitch_x / best[2].pitch_x - 1.0) <= COLOUR_NEAR_PITCH]
    found = _best_lattice(image, proposed, None) if proposed else None
    if found is None or found[1] < 0 or found[5] < SEEN_WHOLE or found[5] <= best[5] \
            or found[1] <= best[1]:
        return best
    return found


# A lattice over the one taken, with lines this many times as strong, whose tiles make a lawn
# of a colour not taken for grass (:func:`_paler_lawn`).
PALER_STRONGER = 4.0
PALER_OVER = 0.5  # ... covering this share of the taken lattice's area or more
# ... or this many times as strong, on the taken lattice's own lines (its pitch, within
# ACROSS_SLACK, moved by whole tiles, within PALER_ON_LINES of the pitch): their shared tiles
# are the same tiles, read as grass by the lattice taken (:func:`_on_the_same_lines`)
PALER_ALIGNED = 1.5
PALER_ON_LINES = 0.1


def _stronger_over(lattice: Lattice, proposed: Sequence[Lattice], stronger: float,
                   over: float) -> Iterator[Lattice]:
    """The lattices of ``proposed`` whose lines score ``stronger`` times ``lattice``'s or more
    and whose box covers ``over`` of its area or more: the rivals :func:`_paler_lawn`,
    :func:`_lighter_dirt` and :func:`_another_lawn` weigh (one board lies under one lattice,
    so a stronger one over the one taken may be the board's own)."""
    area = lattice.cols * lattice.pitch_x * lattice.rows * lattice.pitch_y
    for other in proposed:
        if other.score < stronger * lattice.score:
            continue
        across = min(lattice.x + lattice.cols * lattice.pitch_x,
                     other.x + other.cols * other.pitch_x) - max(lattice.x, other.x)
        down = min(lattice.y + lattice.rows * lattice.pitch_y,
                   other.y + other.rows * other.pitch_y) - max(lattice.y, other.y)
        if across > 0 and down > 0 and across * down >= over * area:
            yield other


def _on_the_same_lines(lattice: Lattice, other: Lattice) -> bool:
    """Whether ``other`` lies on ``lattice``'s lines: its pitch both ways (within
    :data:`ACROSS_SLACK`), its corner moved from ``lattice``'s by whole tiles (within
    :data:`PALER_ON_LINES` of the pitch) each way."""
    for pitch, own, there, here in ((lattice.pitch_x, other.pitch_x, other.x, lattice.x),
                                    (lattice.pitch_y, other.pitch_y, other.y, lattice.y)):
        moved = (there - here) / pitch
        if abs(own / pitch - 1.0) > ACROSS_SLACK or abs(moved - round(moved)) > PALER_ON_LINES:
            return False
    return True


def _paler_lawn(image: np.ndarray, lattice: Lattice, proposed: Sequence[Lattice]) -> None:
    """:class:`BoardNotFoundError` when a lattice proposed by its lines (``proposed``) lies
    over ``lattice`` (the one taken: :data:`PALER_OVER` of its area or more), with lines
    :data:`PALER_STRONGER` times as strong or more, and its tiles make a lawn
    (:data:`MIN_GROUND` of them or more of one colour) that :func:`read_tiles` did not read
    only for its colour (:func:`_is_green`): the board is 5x5 grass tiles with thin darker
    lines (issue 18), and the stronger lattice's lawn may be the board's own, of a grass paler
    than the reader takes for one; the lattice taken then lies over the board and what is
    around it. Widest 1114007 at 0.56x (Mountain): the board's own lattice, lines 0.31, its
    grass of saturation 48 (under the 50 of :func:`_is_green`: the look's 70, taken down by
    the capture's colour shift), read as nothing; a lattice 1.1x its pitch, lines 0.023,
    over the board and the green ground above and beside it, read 23 of its 25 tiles, the
    ground's green taken for the grass: two tapped tiles and the found Pika stated untapped
    with ``--animals``. Refused now, in words (a bar on the lines alone refused boards of
    faint lines that score 0.03).

    A lattice on the taken one's own lines (:func:`_on_the_same_lines`) is weighed from
    :data:`PALER_ALIGNED` times its lines: the tiles they share are the same tiles, read as
    grass by the lattice taken only because its lawn's colour (their median) takes in what
    lies past the board. Fresh widest 1265007 at 2.89x (Northern, a grey-olive grass of
    saturation 30 and a teal ground of its lightness round the board, 13 Lab apart): the
    board's own lattice (lines 0.49) read as nothing; the lattice two columns right (0.22),
    its right two columns over the ground, read every tile grass, its lawn's median
    saturated 53; its grass showed the board's lines (:func:`_not_going_on` asked nothing)
    and read every tile (no wider search): five tapped tiles stated untapped both ways.
    Refused now, in these words."""
    facts = screen_facts()
    rivals = {id(other): other for other in _stronger_over(lattice, proposed, PALER_STRONGER,
                                                           PALER_OVER)}
    rivals.update((id(other), other) for other in _stronger_over(
        lattice, proposed, PALER_ALIGNED, PALER_OVER) if _on_the_same_lines(lattice, other))
    for other in rivals.values():
        _, grass, _, _, ground = _lawn_of(_tile_patches(image, other), other.cols)
        if ground.sum() >= MIN_GROUND and not _is_green(grass, _ground_hue(facts)):
            raise BoardNotFoundError(
                "disco-zoo", f"the board's place is unsure: a lattice with "
                f"{other.score / max(lattice.score, 1e-9):.1f}x the lines of the one read lies "
                f"over it, its tiles a lawn of a colour not read as grass")



# A lattice over the one taken, with lines this many times as strong, its tiles a lawn of
# green and plain cells of one other colour (:func:`_lighter_dirt`).
LIGHTER_STRONGER = 2.0
LIGHTER_PLAIN = 3  # ... this many plain cells or more
LIGHTER_FLAT = 8.0  # ... each of L spread under this in its middle (a tapped tile's bar)
LIGHTER_ONE = 10.0  # ... their rims within this Lab distance of their median
LIGHTER_OVER = 0.4  # ... covering this share of the taken lattice's area or more


def _lighter_dirt(image: np.ndarray, lattice: Lattice, proposed: Sequence[Lattice]) -> None:
    """:class:`BoardNotFoundError` when a lattice proposed by its lines (``proposed``) lies
    over ``lattice`` (the one taken: :data:`LIGHTER_OVER` of its area or more), with lines
    :data:`LIGHTER_STRONGER` times as strong or more, and reads a lawn of green with every
    tile but :data:`MIN_PLAUSIBLE` of them read, or left unread as a plain cell
    (:data:`LIGHTER_FLAT`) of one colour not the lawn's (:data:`LIGHTER_PLAIN` or more, within
    :data:`LIGHTER_ONE` of each other): the board is 5x5 square tiles parted by thin lines, a
    tapped tile plain dirt (issue 18), and the stronger lattice may be the board's own, its
    dirt as light as its grass (not read tapped: a tapped tile's dirt is read by its
    darkness); the lattice taken then lies across the board's tiles. Widest 1148022 at 0.54x
    (Nocturnal, grey dirt of the olive grass's lightness): the board's own lattice (lines
    0.44) read 17 of 25, its 8 tapped tiles plain and unread, under plausible; a lattice of
    0.76 its pitch (lines 0.19) over its lower right read 16, its tiles all on the lawn or
    across the board's tiles: with ``--animals`` the found Flying Squirrel at (3,0), left of
    that lattice, stated untapped. Widest 1146007 at 1.13x (Savanna, olive dirt): the board's
    own lattice (lines 0.34) read 16; one a column right and two rows up (0.036, 0.47 of its
    area over the board's) read, the found Giraffe at (2,0) stated tapped. Refused now, in
    words. A tile of the stronger lattice left hidden whose band is a rarity's colour on
    every side counts as read (:func:`_split_by_its_animal`): widest 1163003 at 1.63x
    (Constellation, olive dirt 0.9 of the grass's lightness): the board's own lattice (lines
    0.75) read 15 grass tiles, 6 plain cells and 4 found Chamaeleons hidden, their sprites
    filling their tiles; a lattice of 0.84 its pitch (lines 0.23) was read, three found tiles
    stated a row off with ``--animals``.
    (1146007 and 1148022 are read on the board's own lattice since the 42nd session, their plain
    cells read tapped, :func:`_light_dirt`: this stays for plain cells that rule leaves
    unread.)"""
    facts = screen_facts()
    references = _rarity_references(facts)
    for other in _stronger_over(lattice, proposed, LIGHTER_STRONGER, LIGHTER_OVER):
        tiles, _ = read_tiles(image, other)
        flat = [tile for row in tiles for tile in row]
        if sum(tile.kind == "ground" for tile in flat) < MIN_GROUND:
            continue
        stack = _tile_patches(image, other)
        rims = _dominant_each(stack[:, _RING])
        plain = [k for k, tile in enumerate(flat)
                 if tile.kind in ("unknown", "hidden") and not tile.decorated
                 and float(np.std(stack[k, 5:27, 5:27, 0])) < LIGHTER_FLAT]
        if len(plain) < LIGHTER_PLAIN:
            continue
        middle = np.median(rims[plain], axis=0)
        if float(np.max(np.linalg.norm(rims[plain] - middle, axis=1))) >= LIGHTER_ONE:
            continue
        split = [k for k, tile in enumerate(flat) if tile.kind == "hidden"
                 and _split_by_its_animal(stack[k], rims[k], references, facts)]
        if _share_read(tiles) + (len(plain) + len(split)) / len(flat) >= MIN_PLAUSIBLE:
            raise BoardNotFoundError(
                "disco-zoo", f"the board's place is unsure: a lattice with "
                f"{other.score / max(lattice.score, 1e-9):.1f}x the lines of the one read lies "
                f"over it, its tiles a lawn and {len(plain)} plain cells of one colour")

# A lattice over the one taken, with lines this many times as strong, reading a lawn of
# another green (:func:`_another_lawn`).
ANOTHER_STRONGER = 1.5
ANOTHER_OVER = 0.25  # ... covering this share of the taken lattice's area or more
ANOTHER_GROUND = 10  # ... this many grass tiles or more
ANOTHER_APART = 20.0  # ... their green this far (Lab) from the taken lattice's grass or more


def _another_lawn(image: np.ndarray, lattice: Lattice, proposed: Sequence[Lattice]) -> None:
    """:class:`BoardNotFoundError` when a lattice proposed by its lines (``proposed``) lies
    over ``lattice`` (the one taken: :data:`ANOTHER_OVER` of its area or more), with lines
    :data:`ANOTHER_STRONGER` times as strong or more, and reads a lawn of
    :data:`ANOTHER_GROUND` grass tiles or more of a green :data:`ANOTHER_APART` or more from
    the grass of the lattice taken: a board is one lawn of grass tiles parted by thin darker
    lines (issue 18), so one of the two lawns is not the board's, and the stronger lines
    may be the board's own. The ``j95`` variant of fresh widest 1171001 (Savanna, olive
    grass, teal dirt 0.86 of its lightness, not read tapped): the board's own lattice (lines
    0.36) read 15 grass tiles and 9 plain cells, under plausible; a lattice of 1.04 its pitch
    three rows up (lines 0.20) read the sand round the card as its grass (82 L) and the
    board's top two rows as tapped or hidden, and with ``--animals`` nine tiles were stated
    wrong. Refused now, in words."""
    facts = screen_facts()
    own = None
    for other in _stronger_over(lattice, proposed, ANOTHER_STRONGER, ANOTHER_OVER):
        _, grass, _, _, ground = _lawn_of(_tile_patches(image, other), other.cols)
        if ground.sum() < ANOTHER_GROUND or not _is_green(grass, _ground_hue(facts)):
            continue
        if own is None:
            own = _lawn_of(_tile_patches(image, lattice), lattice.cols)[1]
        if float(np.linalg.norm(grass - own)) >= ANOTHER_APART:
            raise BoardNotFoundError(
                "disco-zoo", f"the board's place is unsure: a lattice with "
                f"{other.score / max(lattice.score, 1e-9):.1f}x the lines of the one read lies "
                f"over it, its tiles a lawn of another green")


# A lattice reading fewer than SEEN_WHOLE of its tiles, under another proposed lattice
# (ACROSS_OVER of its area or more) with lines ACROSS_STRONGER times as strong or more, of a
# pitch p/q of its own (p and q 1 to ACROSS_TERMS, not equal; within ACROSS_SLACK), whose
# tiles make a lawn of the same green (MIN_GROUND grass tiles or more, within ANOTHER_APART),
# is not sure (:func:`_weaker_across`).
ACROSS_STRONGER = 2.0
ACROSS_OVER = 0.5
ACROSS_TERMS = 5
ACROSS_SLACK = 0.03


def _commensurate(pitch: float, other: float) -> str | None:
    """``other``'s pitch as a share p/q of ``pitch`` ("4/3"; p and q up to
    :data:`ACROSS_TERMS`, within :data:`ACROSS_SLACK`); ``None`` when it is none (the same
    pitch included)."""
    ratio = other / pitch
    for p in range(1, ACROSS_TERMS + 1):
        for q in range(1, ACROSS_TERMS + 1):
            if p != q and np.gcd(p, q) == 1 and abs(ratio / (p / q) - 1.0) <= ACROSS_SLACK:
                return f"{p}/{q}"
    return None


def _weaker_across(image: np.ndarray, best: _Best, proposed: Sequence[Lattice]) -> None:
    """:class:`BoardNotFoundError` when ``best`` reads fewer than :data:`SEEN_WHOLE` of its
    tiles and a lattice proposed by its lines (``proposed``) of another pitch, a simple share
    of its own (:func:`_commensurate`: 4/3, 5/4, 3/2...), lies over it (:data:`ACROSS_OVER`
    of its area or more) with lines :data:`ACROSS_STRONGER` times as strong or more, and
    reads a lawn of the same green (:data:`MIN_GROUND` grass tiles or more, within
    :data:`ANOTHER_APART` of the taken lattice's grass): a board is one 5x5 lawn of equal
    square tiles parted by thin darker lines (issue 18), so the two lattices lie over one
    board, sharing some of its lines, and the one taken, of weaker lines, may cut through its
    tiles; the stronger one may be the board's own, read under :data:`MIN_PLAUSIBLE`. The
    ``toast`` variant of fresh widest 1194018 (``bench/disco_zoo_variants.py``; Savanna,
    olive dirt as light as the grass, a dark toast across the board's bottom two rows): the
    board's own lattice (lines 0.36) read 15 grass tiles, its 7 tapped tiles under the toast
    hidden and the 3 others plain cells left unread (the hidden ones of the dirt's colour,
    :func:`_light_dirt`), under plausible; a lattice of 3/4 its pitch (lines 0.11) over its
    top left read 19 of 25 tiles, every one of them grass, and tiles were stated wrong both
    ways. Refused now, in words. Asked after :func:`_paler_lawn`, :func:`_lighter_dirt` and
    :func:`_another_lawn`, whose words are narrower: widest 1148022 at 0.54x without
    :func:`_light_dirt` (``test_disco_zoo_lighter41``) is refused by this rule too (a lattice
    of 3/4 the board's pitch, 2.3x weaker lines, 64% read), in :func:`_lighter_dirt`'s words."""
    lattice, seen = best[2], best[5]
    if seen >= SEEN_WHOLE:
        return
    facts = screen_facts()
    own = None
    for other in _stronger_over(lattice, proposed, ACROSS_STRONGER, ACROSS_OVER):
        share = _commensurate(lattice.pitch_x, other.pitch_x)
        if share is None:
            continue
        _, grass, _, _, ground = _lawn_of(_tile_patches(image, other), other.cols)
        if ground.sum() < MIN_GROUND or not _is_green(grass, _ground_hue(facts)):
            continue
        if own is None:
            own = _lawn_of(_tile_patches(image, lattice), lattice.cols)[1]
        if float(np.linalg.norm(grass - own)) < ANOTHER_APART:
            raise BoardNotFoundError(
                "disco-zoo", f"the board's place is unsure: its lattice reads {seen:.0%} of "
                f"its tiles, and one of {share} its pitch with "
                f"{other.score / max(lattice.score, 1e-9):.1f}x its lines lies over it, "
                f"its tiles the same lawn")


def _split_by_its_animal(lab: np.ndarray, rim: np.ndarray, references: dict[str, np.ndarray],
                         facts: dict) -> bool:
    """Whether a tile read hidden (its rim band's halves unlike: :data:`HALVES_SAME`), its
    patch ``lab`` (Lab), is a found tile whose animal covers much of its band: the band's
    colour ``rim`` is a rarity's, and every side of the band shows it
    (:data:`SIDES_SAME`, :func:`_unlike`), where a cover over the tile hides a side or two
    (issue 18: a found tile is rounded, coloured by rarity, showing the animal's sprite)."""
    if not _rarity_fits(rim, references, facts["rarity_tolerance"], facts["rarity_margin"]):
        return False
    sides = _dominant_each(np.stack([lab[rows, cols].reshape(-1, 3) for rows, cols in _SIDES]))
    return max(_unlike(side, rim) for side in sides) <= SIDES_SAME


def _whole(best: _Best | None) -> bool:
    """Whether ``best``, found by :func:`locate_rescue`'s wider search when the first found
    nothing that fits (then moved to the board around it, or a row over), is taken: it fits
    and reads every one of its tiles as a rescue tile (none hidden, none unread). Else the
    first search's refusal stands: no-game desktop 98613 (harder kit), the wider search's best
    a lattice over windows, 12 of its tiles "hidden", read as a rescue at 0.8 of the least
    width."""
    return best is not None and best[1] >= 0 and best[5] >= 1.0


FRAME_SLACK = 0.1  # of a tile's pitch a lattice may reach into a frame's side (its edge blurred)
# (a letterbox's pillars: :data:`.cards.PILLAR_MOST` of the picture's width at most, each
# column one colour on :data:`.cards.PILLAR_WHOLE` of its height at least)
PILLAR_LEAST = 0.05  # ... the lattices are proposed between pillars this wide or wider


def _between_pillars(image: np.ndarray, pillars: tuple[int, int]):
    """:meth:`gridsight.vision.lattice.LatticeSearch.candidates` of the picture between a
    letterbox's pillars (:func:`.cards.frame_sides` up to :data:`PILLAR_MOST` of the width,
    each column one colour on :data:`PILLAR_WHOLE` of its height; one of them
    :data:`PILLAR_LEAST` of the width at least), placed in the picture: a function of
    ``rows, cols, **options``, one search of the picture kept for every call.
    A pillar's inner edge is the picture's strongest line, and the lattices proposed from it
    crowd the board's out or are read: fresh 790025, 790026, 790034 (wider looks) and 780038
    letterboxed (pillars 15-21% of the width, past :data:`.cards.FRAME_MOST`), lattices of
    1.1-1.6x the board's pitch with a side on a pillar's edge (790026, 790034, 780038: from
    one to the other), over the board's tiles and the ground round it, were read with or
    without ``--animals`` as boards of ground where tiles were tapped, no warning (780010:
    all 18 lattices kept touched a pillar). Now read exact or asked. ``pillars``: the
    columns :func:`.cards.frame_sides` finds at the left and right with those bounds."""
    left, right = pillars
    if max(left, right) < PILLAR_LEAST * image.shape[1]:
        # (a window's thin border: proposed on the whole picture, as before; cut off, the
        # lattices moved, and harder desktop 410008's emulator window, a 6 px border, read
        # a found Beaver's tile as grass)
        return LatticeSearch(image).candidates
    search = LatticeSearch(image[:, left : image.shape[1] - right])

    def placed(rows: int, cols: int, **options) -> list[Lattice]:
        return [replace(lat, x=lat.x + left) for lat in search.candidates(rows, cols,
                                                                          **options)]
    return placed


def _inside_frame(image: np.ndarray, pillars: tuple[int, int]):
    """A filter of lattices keeping those inside the picture's one-coloured side frames
    (:func:`.cards.frame_sides`: a letterbox's pillars, a mirroring window's border): no
    board stands on a column of one colour from the top of the picture to its bottom. Fresh
    780010 letterboxed in a 3:4 frame with grey pillars: a lattice of 1.5x the board's pitch
    reaching 1.7 tiles into the left pillar (its grey read as grass) was read, with
    ``--animals``, as a board with four empty tiles where the board showed eleven, no
    warning.

    A letterbox's pillars may be wider than a frame is looked for (:data:`.cards.FRAME_MOST`):
    columns one colour from the top to the bottom (:data:`PILLAR_WHOLE`; a game's column
    crosses its bars), up to :data:`PILLAR_MOST` of the width, are a frame too (the
    lattices are proposed between them: :func:`_between_pillars`; ``pillars``, as measured
    for it)."""
    left, right = frame_sides(image)
    wide_left, wide_right = pillars
    left, right = max(left, wide_left), max(right, wide_right)
    width = image.shape[1]

    def inside(lattices: Sequence[Lattice]) -> list[Lattice]:
        return [lat for lat in lattices
                if lat.x >= left - FRAME_SLACK * lat.pitch_x
                and lat.x + lat.cols * lat.pitch_x <= width - right + FRAME_SLACK * lat.pitch_x]
    return inside


PITCH_AROUND = 5 / 4  # a lattice of 4 by 4 of the board's tiles has 4/5 of its pitch


def _board_around(image: np.ndarray, best: _Best) -> _Best:
    """``best``, or the board of which it covers 4 by 4 tiles when that board reads.

    A lattice of 4/5 the board's pitch sharing two of its outer lines on each axis covers 4
    by 4 of the board's tiles: its tiles straddle the board's, their halves unlike, and read
    "hidden" (and count for the threshold), the rest stated wrong with no warning. With faint
    lines between the board's tiles, its lines outscore the board's, which is never proposed
    at all (fresh real-look 500005 at 0.90x, Outback: pitch 42.6 for the board's 53.3, not
    in the 12 best lattices by their lines; 8 tiles stated wrong). The board's own evidence
    tells it: the lattice of 5/4 the pitch around it (one of the four sharing a corner with
    it) reads every tile where it reads fewer. Taken only then: it must read at least
    :data:`SEEN_WHOLE` of its tiles, more than ``best``, as plausibly, and show more line than
    half a tile off (a positive score); and, reading under :data:`SEEN_LINED` of them, show
    its lines through its grass. Tried around a lattice taken for none for want of lines
    too."""
    facts = screen_facts()
    rows, cols = facts["rows"], facts["cols"]
    lattice = best[2]
    pitch = lattice.pitch_x * PITCH_AROUND
    # (the four lattices of that pitch sharing one of its corners)
    xs = (lattice.x, lattice.x + lattice.pitch_x * cols - pitch * cols)
    ys = (lattice.y, lattice.y + lattice.pitch_y * rows - pitch * rows)
    guesses = [(x, y, pitch) for x in xs for y in ys]
    chosen = best
    for around in lattices_at(image, rows, cols, guesses):
        if around is None or around.score <= 0:
            continue
        tiles, plausibility = read_tiles(image, around)
        seen = _share_read(tiles)
        if plausibility >= MIN_PLAUSIBLE and seen >= SEEN_WHOLE and seen > chosen[5] and (
                seen >= SEEN_LINED or lawn_lined(image, around, tiles)):
            chosen = (plausibility, around.score * seen ** 2, around, tiles, False, seen)
    return chosen


def _off_by_a_row(image: np.ndarray, best: _Best) -> _Best:
    """``best``, or the same lattice one row (column) over when ``best``'s edge row (column)
    reads as nothing (every tile of it hidden or unknown) and that one reads every tile;
    :class:`BoardNotFoundError` when it reads more of them than ``best`` but not all.

    On faint lines a lattice one row off the board can outscore the board's own by its
    lines (a toast's edges below the board): its row past the board reads "hidden", and
    with the rest read it is above :data:`SEEN_WHOLE`, so nothing else is tried (probe
    600049, lines 0.966 of the grass, 0.89x, toast: the lattice a row below the board, 20
    of 25 read, 8 tiles stated wrong with no warning; the board, one row up, reads all 25).
    When the lattice a row over reads more but not all (probe 600015 at 0.70x, lines 0.965:
    a lattice of 4/5 the board's pitch, its bottom row over the toast, the one a row up
    reading 23 of 25; the board's own lattice scores below zero by its lines and is never
    proposed), neither is the board for sure: refused, not read wrong.

    A tile of the edge row read as found whose picture is not in its middle (:func:`_centred`)
    reads as nothing too: a found tile shows its animal there (hybrid wider look 770148 with
    the specks and the notch put back, 1.03x, a light mirroring window: the lattice a row below
    the board, its last row over the window's light bottom, three tiles read as found rare by
    the colour with a band of the bottom bar's edge for a picture, the rest shifted: 14 tiles
    stated wrong with ``--animals``).

    When the lattice one over reads more of its tiles but too few to be plausible, and the
    line it adds past the other edge reads as the board's (:func:`_goes_on`), the board's
    place is unsure too: refused (widest-look 860006 at 2.24x, Mars: the lattice a row below
    the board, its bottom row over the ground; the board's own lattice reads its tapped
    tiles, dirt only 0.81 of the grass's lightness, as nothing, below
    :data:`MIN_PLAUSIBLE`: a tapped tile stated untapped with no warning; 860049, grey dirt,
    the lattice a row above: two found tiles and a tapped one stated untapped)."""
    lattice, tiles, seen = best[2], best[3], best[5]

    def unread(line: Sequence[TileSeen]) -> bool:
        return all(tile.kind in ("unknown", "hidden")
                   or tile.kind == "found" and not _centred(tile.sprite, lattice)
                   for tile in line)

    moves = [(0, -1)] if unread(tiles[-1]) else []
    moves += [(0, 1)] if unread(tiles[0]) else []
    moves += [(-1, 0)] if unread([row[-1] for row in tiles]) else []
    moves += [(1, 0)] if unread([row[0] for row in tiles]) else []
    doubt = ""
    if not moves:
        return best
    if not square(lattice, EDGE_SQUARE_SLACK):
        raise BoardNotFoundError("disco-zoo", "the board's place is unsure: a line of its "
                                 "lattice's edge reads as nothing, and its tiles are not square")
    here, *overs = lattices_moved(image, lattice, [(0, 0), *moves])
    for (dx, dy), over in zip(moves, overs):
        if over is None:
            continue
        over_tiles, plausibility = read_tiles(image, over)
        over_seen = _share_read(over_tiles)
        edge = "bottom row" if dy < 0 else "top row" if dy else \
            "right column" if dx < 0 else "left column"
        added = _new_line(over_tiles, dx, dy)
        if plausibility < MIN_PLAUSIBLE or over_seen <= seen:
            if _lined_past(here, over, added, plausibility >= MIN_PLAUSIBLE or over_seen == seen) or plausibility < MIN_PLAUSIBLE and \
                    over_seen > seen and _goes_on(added):
                doubt = (f"the board's place is unsure: its lattice's {edge} reads as "
                         f"nothing, and the board goes on past the other edge")
            continue
        if over_seen >= 1.0 and over.score > 0:
            return (plausibility, over.score, over, over_tiles, False, over_seen)
        doubt = (f"the board's place is unsure: its lattice's {edge} reads as nothing, and "
                 f"the lattice one over reads {over_seen:.0%} of its tiles")
    if doubt:
        raise BoardNotFoundError("disco-zoo", doubt)
    return best


BARE_LINES = 2  # lines of tiles from a lattice's edge looked at by :func:`_found_past_the_board`
TAPPED = ("found", "empty")  # the tiles' kinds a band past the board is read as


def _found_past_the_board(image: np.ndarray, best: _Best) -> _Best:
    """``best``, or the lattice moved by whole columns (rows) off a band of its edge read as
    found tiles with no line anywhere between them, when that one shows stronger lines and
    reads more of its tiles; :class:`BoardNotFoundError` when it does not.

    A found tile is rounded, each in its own cell of a board of square tiles parted by thin
    lines (issue 18): neighbouring found tiles show a line, the cell or the rounded edges
    between them. A whole edge column (row) of "found" tiles, or :data:`BARE_LINES` of them,
    with one colour running across every place the lattice puts a line between them (no
    line darker nor lighter than both tiles by :data:`LINE_DIP`, :func:`_line_dip`), is a
    plain area read as found by its colour: the ground past the board. The ``toast``
    variant of fresh wider 1134000 (``bench/disco_zoo_variants.py``; Farm, light-green
    ground round the board, a toast across rows 3-4): the board's lattice read 76% of its
    tiles, and a lattice two columns left of the board (lines 0.22 against the board's 0.26)
    read 88%, its two left columns over the ground read as ten found common tiles; with
    ``--animals`` two tapped tiles and two found Horses stated untapped.

    The same of a band read as tapped empty tiles (plain and dark, issue 18), or of found and
    empty ones: the board's lines part its tapped tiles too. The ``j40`` and ``sj`` variants
    of fresh widest 1152001 (Constellation, a dark ground under the board): the board's own
    lattice read 3 tiles unknown (0.88, under :data:`MIN_PLAUSIBLE`) and a lattice two rows
    below it won, its bottom rows over the ground read as ten tapped empty tiles; with
    ``--animals`` 13 tiles stated wrong. Now ``j40`` takes the board two rows up (read
    right), ``sj`` is refused in words (the board there under :data:`MIN_PLAUSIBLE`)."""
    lattice, tiles = best[2], best[3]
    rows, cols = lattice.rows, lattice.cols
    kinds = [[tile.kind for tile in row] for row in tiles]

    def unbroken(cells: list[tuple[int, int]]) -> bool:
        """Whether no line shows between any two neighbours among ``cells``, and one colour
        runs on across each pair (:func:`_one_colour_across`)."""
        for r, c in cells:
            for r2, c2, across in ((r, c + 1, True), (r + 1, c, False)):
                if (r2, c2) in cells and (max(
                        _line_dip(image, lattice, r, c, across),
                        _line_dip(image, lattice, r, c, across, lighter=True)) >= LINE_DIP
                        or not _one_colour_across(image, lattice, (r, c), (r2, c2))):
                    return False
        return True

    def band(side: int, k: int) -> list[tuple[int, int]]:
        """The cells of the ``k`` lines from edge ``side`` (left, right, top, bottom)."""
        if side < 2:
            picked = range(k) if side == 0 else range(cols - k, cols)
            return [(r, c) for r in range(rows) for c in picked]
        picked = range(k) if side == 2 else range(rows - k, rows)
        return [(r, c) for r in picked for c in range(cols)]

    moves = []
    for side in range(4):
        k = 0
        while k < BARE_LINES and all(kinds[r][c] in TAPPED for r, c in band(side, k + 1)) \
                and unbroken(band(side, k + 1)):
            k += 1
        if k:
            moves.append((side, k, ((k, 0), (-k, 0), (0, k), (0, -k))[side]))
    if not moves:
        return best
    facts = screen_facts()
    here = lattices_moved(image, lattice, [(0, 0)])[0]
    for side, k, (dx, dy) in moves:
        guess = (lattice.x + dx * lattice.pitch_x, lattice.y + dy * lattice.pitch_y,
                 lattice.pitch_x)
        over = lattices_at(image, facts["rows"], facts["cols"], [guess])[0]
        bare = k * (rows if side < 2 else cols) / (rows * cols)
        if over is None or here is None or over.score <= here.score:
            continue
        over_tiles, plausibility = read_tiles(image, over)
        over_seen = _share_read(over_tiles)
        if plausibility >= MIN_PLAUSIBLE and over_seen > best[5] - bare:
            return (plausibility, over.score * over_seen ** 2, over, over_tiles, False,
                    over_seen)
    raise BoardNotFoundError(
        "disco-zoo", "the board's place is unsure: tiles along its lattice's edge read as "
        "tapped tiles with no line between them")


def _one_colour_across(image: np.ndarray, lattice: Lattice, a: tuple[int, int],
                       b: tuple[int, int]) -> bool:
    """Whether neighbouring cells ``a`` and ``b`` show one colour: their middles' colours
    (:func:`_patch_colour`) within :data:`COVER_SAME` (or off the picture). A plain area
    past the board read as tapped tiles is one colour running on (:func:`_found_past_the_board`);
    a found tile beside a tapped one is a light rounded tile beside dark dirt, an edge
    between them whatever the line. Widest 1226023 at 0.69x (Mars, grey dirt as dark as the
    lines): the board's bottom row, three tapped tiles and two found Rovers between them
    (L 83 against the dirt's), no line dipping below the dirt: read as the ground past the
    board and the board refused, its own lattice reading all 25 tiles right."""
    one, two = _patch_colour(image, lattice, *a), _patch_colour(image, lattice, *b)
    return one is None or two is None or float(np.linalg.norm(one - two)) < COVER_SAME


GOING_ON = 3  # tiles past a lattice's edge read as the board's, one grass: the board goes on


def _lined_past(here: Lattice | None, over: Lattice, line: Sequence[TileSeen],
                plausible: bool) -> bool:
    """Whether the lattice moved one tile ``over`` shows its lines more strongly than the
    lattice ``here`` (both scored alike, :func:`~gridsight.vision.lattice.lattices_moved`)
    and the line it adds past the other edge reads a grass tile, or its tiles read
    ``plausible`` (:data:`MIN_PLAUSIBLE`; that line maybe under a toast): the board's thin darker
    lines run between all of its tiles and it has no frame, so the line of tiles a lattice
    leaves out where the lines are stronger is the board's own (:func:`_off_by_a_row`).
    Widest 1024024 at 0.72x (Mars, its dull dirt as light as the grass): the lattice a
    column right of the board (lines 0.38), its right column over the ground read as
    nothing; the board's own (0.60) reads its tapped tiles as nothing, below plausible, and
    the column it adds (two grass, three tapped) too few tiles to go on: with ``--animals``
    five tiles stated wrong. Widest 1074006 at 2.46x (Moon, grey dirt near the darker
    squares' green): the lattice a row above the board (0.46), its top row over the cards read
    as nothing; the board's own (0.62) reads its tapped tiles as nothing, fewer of its tiles
    than the lattice above: with and without ``--animals``, nine tiles stated wrong. The
    ``toast`` variant of widest 1082003 (``bench/disco_zoo_variants.py``; Mars): the lattice a
    row above the board (0.23); the board's own (0.31) reads plausibly, but 56% of its tiles
    (its bottom row under the toast, the dirt beside it taken for the toast's): seven tiles
    stated wrong both ways."""
    return here is not None and over.score > here.score and (
        plausible or any(tile.kind == "ground" for tile in line))


def _new_line(tiles: tuple[tuple[TileSeen, ...], ...], dx: int, dy: int) -> list[TileSeen]:
    """The row (column) a lattice moved by ``(dx, dy)`` tiles adds past its old edge."""
    if dy:
        return list(tiles[0] if dy < 0 else tiles[-1])
    return [row[0] if dx < 0 else row[-1] for row in tiles]


def _goes_on(line: Sequence[TileSeen]) -> bool:
    """Whether ``line`` (tiles past a lattice's edge) reads as the board's: :data:`GOING_ON`
    or more rescue tiles, one of them grass at least."""
    return sum(tile.kind in ("ground", "empty", "found") for tile in line) >= GOING_ON and \
        any(tile.kind == "ground" for tile in line)


def _not_going_on(image: np.ndarray, best: _Best, move: bool = True) -> _Best:
    """``best``; :class:`BoardNotFoundError` when its lattice's grass shows none of its lines
    (:func:`lawn_lined`) and past one of its edges :data:`GOING_ON` or more tiles of the
    lattice moved one tile that way read as rescue tiles, one of them grass at least: the
    board goes on past that edge, so the lattice is not the board, and nothing vouches for any
    other; but the lattice moved that way when (``move``) it reads every tile, plausibly, and
    the board does not go on past it in turn (probe 600042 and 610033: the lattice a row
    below the board, the board a row up; exact).

    With lines barely darker than the grass (0.94-0.99 of its lightness, fainter than the
    real-look skin draws them), a lattice over part of the board and what lies beside it can
    outscore the board's own by its lines, or be the only one proposed, and read most of its
    tiles: its tiles over the board read as grass, the rest as hidden or unknown, and asked
    for the animals, a player naming them got tiles stated wrong with no warning (probe
    600020, 600025, 600029, 600032 and 600042 of the faint-lines probe: lattices one row
    below the board, inside its lawn at 0.6 of its pitch, or across its edge). Past a
    board's own edges lie its background and cards, which read as no grass (the ground below
    a board can read as dirt, every tile of a row alike: probe 600009, 600031, 600038 and
    600053, the board's own lattice, no line showing; on the real-look screens 7000-7119 and
    the 0.5x variants of 630000-630039, the 5 whose grass showed no line read no grass past
    any edge); past these lattices' edges, the board's own tiles read. A lattice whose
    lines show is not asked: a board's cards or a toast past its edge can read as tiles."""
    lattice, tiles = best[2], best[3]
    if lawn_lined(image, lattice, tiles):
        return best
    moves = [(0, -1), (0, 1), (-1, 0), (1, 0)]
    names = ("top row", "bottom row", "left column", "right column")
    for (dx, dy), name, over in zip(moves, names, lattices_moved(image, lattice, moves)):
        if over is None:
            continue
        over_tiles, plausibility = read_tiles(image, over)
        past = over_tiles[0] if dy < 0 else over_tiles[-1] if dy > 0 else \
            [row[0] if dx < 0 else row[-1] for row in over_tiles]
        going = sum(tile.kind in ("ground", "empty", "found") for tile in past)
        if going >= GOING_ON and any(tile.kind == "ground" for tile in past):
            if move and over.score > 0 and plausibility >= MIN_PLAUSIBLE and \
                    _share_read(over_tiles) >= 1.0:
                return _not_going_on(image, (plausibility, over.score, over, over_tiles,
                                             False, 1.0), move=False)
            raise BoardNotFoundError(
                "disco-zoo", f"the board's place is unsure: no line shows between its grass "
                f"tiles, and past its {name} {going} more tiles read as the board's")
    return best


# A rescue board is a 5x5 lawn of equal square tiles parted by thin darker lines both ways
# (issue 18). A lattice reading fewer than SEEN_WHOLE of its tiles, whose lines across show
# through its grass while none of its lines down does at any of CUT_PAIRS or more pairs of
# grass tiles they part (or the other way round), stands on other lines than the board's:
# its lines one way run through the middle of the board's tiles (:func:`_lines_cut_through`).
# (The lines across as :func:`lawn_lined` asks with ``long``: a lone pair's dip may be an edge.)
CUT_PAIRS = 4

# Lattices (each with its shifts) the search proposes again when the lattice taken is refused
# for going on past its edge, its grass lineless (:func:`_not_going_on_or_elsewhere`).
LATTICES_ELSEWHERE = 8
# ... then (when none of those is taken: wider 1243003's board is, a narrower lattice fitting
# better but going on) the :data:`LATTICES_WIDER` best of boards narrower than
# ``board_min_width`` (down to :data:`NARROWER` of it), as :func:`_narrower_board` proposes
# them: fresh widest 1263005
# at 1.26x (Ice Age, the board 0.53 of the width, no line between its tiles): the lattice
# taken lay over the pale sky above the board, read as grass (25 of 25, lines 0.144), refused
# for the board going on past it; the board's own, fifth of the narrower search (lines
# 0.159), reads all 25 once its spilling bush counts (:data:`PANEL_DECORATED`): now read.
ELSEWHERE_NARROWER = True


def _not_going_on_or_elsewhere(image: np.ndarray, best: _Best, inside, between) -> _Best:
    """:func:`_not_going_on` of ``best``; where that refuses it, the lattice of the
    :data:`LATTICES_ELSEWHERE` best by their lines (``between``, ``inside``: as
    :func:`locate_rescue` proposes them) that fits better than ``best`` and reads every tile
    (:func:`_whole`), when that one passes :func:`_found_past_the_board` and
    :func:`_not_going_on` in turn; else the refusal stands. Only a refusal changes.

    Fresh wider 1243003 at 1.86x (Farm, a checkered lawn with no line between its tiles, the
    light-green ground as light as its squares): the best lattice by its lines (0.157) lay
    over the cards and the ground round them, read as grass (23 of 25 tiles, two "hidden"),
    so the wider search never ran; refused for the board's tiles going on past its bottom
    row. The board's own lattice (0.143 by its lines, the seventh proposed) reads all 25, a
    better fit (0.143 to 0.133), and the board goes on past none of its edges: exact."""
    try:
        return _not_going_on(image, best)
    except BoardNotFoundError:
        facts = screen_facts()
        least = facts["board_min_width"]
        searches = [lambda: inside(between(facts["rows"], facts["cols"], min_width=least,
                                           keep=LATTICES_ELSEWHERE, shifts=LATTICE_SHIFTS))]
        if ELSEWHERE_NARROWER:  # (then the narrower search's, as :func:`_narrower_board`'s)
            searches.append(lambda: inside(lattice_candidates(
                image, facts["rows"], facts["cols"], min_width=least * NARROWER,
                max_width=least, keep=LATTICES_WIDER)))
        for search in searches:
            found = _best_lattice(image, search(), best)
            if found is None or found is best or not _whole(found):
                continue
            try:
                return _not_going_on(image, _found_past_the_board(image, found))
            except BoardNotFoundError:
                pass
        raise


def _lines_cut_through(image: np.ndarray, best: _Best) -> None:
    """:class:`BoardNotFoundError` when ``best`` reads fewer than :data:`SEEN_WHOLE` of its
    tiles and its grass shows its lines one way (:func:`_lines_shown` with ``long``: a line
    parting a single pair of grass tiles does not count when one parts two or more) while no
    pair of grass tiles parted the other way (:data:`CUT_PAIRS` of them or more) shows any
    line between them (:data:`LINE_DIP`): the lattice's lines that way cut through tiles.
    (Without ``long``, wider 810023 under a toast (``test_disco_zoo_hunt32b._toast``): a
    lattice of 0.8 the board's pitch, one line across dipping only at one pair of grass
    tiles (near a line of the board's), was refused where the plain read asked, as recorded.)

    The ``crop`` variant of fresh widest 1193001 (``bench/disco_zoo_variants.py``;
    Constellation): the board at the screen's left edge, 5 px of its first column cut off,
    so its own lattice (reaching past the picture) is never proposed; a lattice of 0.61 its
    pitch inside it (lines 0.19: its lines across near two of the board's) read 19 of 25
    tiles, the rest "hidden", its lines down cutting through the board's tiles (nine pairs
    of grass tiles, no dip at all). With and without ``--animals`` six tiles were stated
    wrong and 12 left unread. Now refused."""
    lattice, tiles, seen = best[2], best[3], best[5]
    if seen >= SEEN_WHOLE:
        return
    kinds = [[tile.kind for tile in row] for row in tiles]
    dips: dict[str, list[float]] = {"v": [], "h": []}
    for r in range(lattice.rows):
        for c in range(lattice.cols):
            if kinds[r][c] != "ground":
                continue
            if c + 1 < lattice.cols and kinds[r][c + 1] == "ground":
                dips["v"].append(_line_dip(image, lattice, r, c, True))
            if r + 1 < lattice.rows and kinds[r + 1][c] == "ground":
                dips["h"].append(_line_dip(image, lattice, r, c, False))
    shown, _ = _lines_shown(image, lattice, tiles, True)
    for way, other, name in (("v", "h", "down"), ("h", "v", "across")):
        if other in shown and len(dips[way]) >= CUT_PAIRS and max(dips[way]) < LINE_DIP:
            raise BoardNotFoundError(
                "disco-zoo", f"the board's place is unsure: its lattice reads {seen:.0%} of "
                f"its tiles, and none of its lines {name} shows between its grass tiles")


def _share_read(tiles: tuple[tuple[TileSeen, ...], ...]) -> float:
    """The share of a lattice's ``tiles`` read as some rescue tile (neither unknown nor
    hidden, or unread but a tile of the lawn round a decoration, or an animal drawn on a tile
    in a cell of the lawn's green: ``decorated``, ``drawn``). A lattice off the board's lines
    reads such a found tile of about the lawn's green as grass: fresh harder desktop 904008
    in a 454 px cut round the phone's window, one 3% too wide and 5 px off (lines 0.38, 24
    tiles read, the Chamaeleon's stated untapped with ``--animals``) fitted better than the
    board's own (lines 0.40, 22 read and its three ``drawn``) while these were not counted."""
    return sum(t.kind not in ("unknown", "hidden") or t.decorated or t.drawn for row in tiles
               for t in row) / \
        sum(len(row) for row in tiles)


def _best_lattice(image: np.ndarray, candidates: list[Lattice],
                  best: _Best | None) -> _Best | None:
    """Of ``candidates`` and ``best`` (the best so far, or ``None``), the lattice that fits
    best: (plausibility, fit, lattice, tiles, lineless, share of tiles read)."""
    for lattice in sorted(candidates, key=lambda lat: -lat.score):
        if best is not None and best[1] >= lattice.score:
            break  # no lattice with weaker lines can fit better
        if lattice.score < 0:
            # Weaker lines than the picture's texture (a shifted candidate off any board):
            # its fit is negative whatever its tiles, so it could only change which refusal
            # is said, hiding the one that names the best lattice's fault.
            break
        tiles, plausibility = read_tiles(image, lattice)
        # Lines and tiles must both agree: a lattice one tile off may read its tiles as well
        # as the right one (the row it adds is background that looks like some tile), but
        # its lines are weaker; a lattice on other lines has tiles that do not read.
        # Hidden tiles may be under a finger, or past the board's edge: they count for the
        # threshold, not for the fit.
        seen = _share_read(tiles)
        fit = lattice.score * seen ** 2 if plausibility >= MIN_PLAUSIBLE else -1.0
        # Most tiles unread, and grass with none of the lattice's lines between its tiles: a
        # lattice on other lines (:func:`lawn_lined`).
        lineless = fit >= 0 and seen < SEEN_LINED and not lawn_lined(image, lattice, tiles)
        if lineless:
            fit = -1.0
        # (of lattices that fit none, one plausible but lineless is kept: the board around it
        # is tried)
        if best is None or fit > best[1] or lineless and best[1] < 0 and not best[4]:
            best = (plausibility, fit, lattice, tiles, lineless, seen)
    return best


def unsure_rarities(cards: tuple[CardSeen, ...]) -> tuple[CardSeen, ...]:
    """The cards with a rarity read at no confidence at all left unread (``""``): such a
    rarity is a nearest guess (a ``YOU HAVE n`` tint nearer one rarity's colour than
    another's, then ruled unclear: a screen's rarity colours and casts differ from the
    facts'), and a clue read wrong rules the card's true name out wherever the names are
    narrowed by every clue the cards give. Measured on real-look seeds 7000 (120 screens),
    270000, 310000 and 330000 (60 each): every rarity read wrong (23, 13, 12, 11 cards)
    was read at confidence 0, every one read at more was right; no screen's read changed
    with these left unread."""
    return tuple(replace(card, rarity="") if card.rarity and card.rarity_confidence <= 0.0
                 else card for card in cards)


def found_against_the_fills(cards: tuple[CardSeen, ...],
                            tiles: tuple[tuple[TileSeen, ...], ...]
                            ) -> tuple[tuple[TileSeen, ...], ...]:
    """The tiles, each found tile of one rarity read left unsure between its rarity and the
    rarity the cards' filled boxes show when the board, every tile read, shows no found tile
    of that rarity: a filled box is a tile of its animal found on this board, so the fill or
    a tile's colour was read as another rarity's, and which is not told (the card's own
    rarity is left unsure of it too, by :func:`fills_on_the_board` on the tiles as read:
    held-out 140098's timeless fill read common, clearly). A look may draw two
    rarities' colours alike, each far from its reference colour: widest 850045 at 0.52x, the
    rare Squirrel's tile 15 Lab from common's colour beside the common Pigeon's, the
    Squirrel's card's one fill read rare, both tiles stated common with ``--animals``. The
    rarities whose colours are as near again as the one read (:data:`FAR_AS_ITS_OWN`) are
    left open too: such a screen's colours are off its references. A found tile of no rarity
    read is one animal's, of one of the board's rarities: the fills' rarity may be its, or a
    tile read was read wrong, which is not told; the tiles read are held against the fills
    read with some confidence all the same (widest 850045 at 0.52x: the Pigeon's rim, the
    lawn darkened (:func:`_darkened_lawn`), gives no rarity, and the Squirrel's tile read
    common was left stated against its card's rare fill, read at 0.25, the read with
    ``--animals`` refused; widest 1114020 at 1.06x: the Crocodile's tile of no rarity, its
    card's common fill read at 0, a guess, and the Koala's tile rightly rare)."""
    shown = rarities_shown(tiles, any_found=True)
    if shown is None:
        return tiles
    guessing = rarities_shown(tiles) is None  # (a found tile of no rarity passed over)
    claimed = {card.boxes.rarity for card in cards if card.boxes is not None
               and card.boxes.filled and card.boxes.rarity not in ("", "pet")
               and (card.boxes.confidence > 0 or not guessing)} - shown
    if not claimed:
        return tiles
    references = _rarity_references(screen_facts())

    def doubted(tile: TileSeen) -> TileSeen:
        if tile.kind != "found" or len(tile.rarities) != 1 or tile.rarities == ("pet",):
            return tile
        also = set(claimed)
        if tile.rim is not None:  # (the rarities as near again as its own: FAR_AS_ITS_OWN)
            d = {name: float(np.linalg.norm(np.array(tile.rim) - ref))
                 for name, ref in references.items()}
            also.update(n for n in d if d[n] <= FAR_AS_ITS_OWN * d[tile.rarities[0]])
        return replace(tile, rarities=(tile.rarities[0], *sorted(also - set(tile.rarities))))

    return tuple(tuple(doubted(tile) for tile in row) for row in tiles)


# A found tile in doubt (:func:`found_against_the_fills`) may be of every rarity whose colour
# is at most this many times as far from its own as the colour it was read by: widest 850029
# at 1.1x drew common and rare alike, three tiles (two common, one rare) 34-41 Lab from rare's
# colour and 59-68 from common's, all read rare; one card's fills read mythical.
FAR_AS_ITS_OWN = 2.0


def rarities_shown(tiles: tuple[tuple[TileSeen, ...], ...],
                   any_found: bool = False) -> set[str] | None:
    """The rarities the board's found tiles may be of, every tile read; ``None`` when a tile
    is unread, hidden, on the lawn or found of no rarity (a found tile of any rarity may be
    there), for :func:`fills_on_the_board` and :func:`found_against_the_fills`. With
    ``any_found``, a found tile of no rarity is passed over (of any one rarity: the
    rarities of the tiles read are shown all the same)."""
    shown: set[str] = set()
    for row in tiles:
        for tile in row:
            if tile.kind in ("unknown", "hidden") or tile.lawn or \
                    (tile.kind == "found" and not tile.rarities and not any_found):
                return None
            if tile.kind == "found":
                shown.update(tile.rarities)
    return shown


def fills_on_the_board(cards: tuple[CardSeen, ...],
                       tiles: tuple[tuple[TileSeen, ...], ...]) -> tuple[CardSeen, ...]:
    """The cards, each whose rarity its filled boxes show left unsure of it when the board,
    every tile read, shows no found tile that may be of that rarity: a filled box is a tile
    of its animal found on this board. A small box's middle blends with its light border
    (JPEG keeps colour at half the resolution of lightness), and a fill may read as another
    rarity's (held-out 140098 at 1.14x: a timeless fill in an 11 px box bordered green read
    common, clearly, the board showing one timeless and one rare tile)."""
    shown = rarities_shown(tiles)
    if shown is None:
        return cards
    return tuple(replace(card, rarity_confidence=0.0)
                 if card.boxes is not None and card.boxes.filled and card.rarity
                 and card.boxes.rarity == card.rarity and card.rarity not in shown else card
                 for card in cards)


def fills_beyond_the_board(cards: tuple[CardSeen, ...],
                           tiles: tuple[tuple[TileSeen, ...], ...]) -> tuple[CardSeen, ...]:
    """The cards, each whose rarity its filled boxes show (read clearly) left unread
    (confidence 0) when the rows so read count more fills of that rarity than the board has
    tiles that may be of it: a filled box is a tile of its animal found on this board, so
    the rows' fills of a rarity are at most its found tiles, plus every tile whose rarity is
    not read (unknown, hidden, unread on the lawn, found of no rarity). Boxes of 5-7 px
    blend a fill with their border, and one rarity's fills may read as another's, clearly:
    fresh real-look 390015 at 0.59x, a common Bear's two fills in 5 px boxes read rare at
    0.88 beside the rare Fox's three, the board showing three rare tiles and two common;
    390021 at 0.64x, the Panda's three unfilled boxes read rare fills at 0.56, the board
    showing one rare tile. Which row is wrong the board does not tell: every row claiming
    that rarity is left unread, and its row not counted on (:data:`~.cards.FAINT_ROW`): its
    fills are read wrong, in their colour or their number (widest-look 1006023 at 0.87x,
    JPEG quality 20: unfilled boxes 4 px inside pink borders 3 px thick read "3 of 3 filled"
    mythical at 0.62 on two cards, the board showing one found tile and three unread; their
    rarity was left unread but the rows were counted on). Pets are not counted (their tiles
    may read as a rarity)."""
    from gridsight.games.disco_zoo.settle import RARITY_SURE

    unread = 0
    may: Counter[str] = Counter()
    for row in tiles:
        for tile in row:
            if tile.kind in ("unknown", "hidden") or tile.lawn or \
                    (tile.kind == "found" and not tile.rarities):
                unread += 1
            elif tile.kind == "found":
                may.update(tile.rarities)

    def claims(card: CardSeen) -> bool:
        return card.boxes is not None and card.boxes.filled > 0 and card.rarity != "" and \
            card.boxes.rarity == card.rarity and card.rarity_confidence >= RARITY_SURE

    claimed: Counter[str] = Counter()
    for card in cards:
        if claims(card):
            claimed[card.rarity] += card.boxes.filled  # type: ignore[union-attr]
    over = {rarity for rarity, count in claimed.items()
            if rarity != "pet" and count > may[rarity] + unread}
    kept = {k for k, card in enumerate(cards)
            if claims(card) and card.rarity in over and _shown_by_its_tile(k, cards, tiles)}
    return tuple((replace(card, boxes=replace(card.boxes, fills_sure=False))  # type: ignore[arg-type]
                  if k in kept else replace(card, rarity_confidence=0.0,
                                            boxes=_disputed(card.boxes)))  # type: ignore[arg-type]
                 if claims(card) and card.rarity in over else card
                 for k, card in enumerate(cards))


def fills_over_the_board(cards: tuple[CardSeen, ...],
                         tiles: tuple[tuple[TileSeen, ...], ...]) -> tuple[CardSeen, ...]:
    """The cards, each box row counted on that reads a fill not counted on
    (:data:`~.cards.FAINT_ROW`) when the rows counted on count more fills, of any rarity,
    than the board has tiles that may be found ones (found, but those surely a pet's;
    unknown, hidden or unread on the lawn): a filled box is a tile of its animal found on
    this board, so some row reads an unfilled box filled, which the board does not tell.
    (:func:`fills_beyond_the_board` weighs each rarity, but only rows whose rarity is read
    as their fills'.) Widest-look 1006009 at 1.0x: a lone card's boxes of 10 px with green
    borders 4 px thick round a white middle of 2, the common colour's look, read "3 of 3
    filled" common at 0.92 beside a board of no found tile; the card's tint read another
    rarity. The mirror of :func:`rows_short_of_the_found`."""
    from gridsight.games.disco_zoo.settle import BOX_SURE

    def fills(card: CardSeen) -> int:  # (a row's fills untold by cards.fills_untold count)
        boxes = card.boxes
        if boxes is None or boxes.confidence < BOX_SURE:
            return 0
        return boxes.filled if boxes.untold else boxes.found or 0

    def counted(card: CardSeen) -> bool:
        return fills(card) > 0

    may = sum(tile.kind in ("unknown", "hidden") or tile.lawn
              or (tile.kind == "found" and tile.rarities != ("pet",))
              for row in tiles for tile in row)
    if sum(fills(card) for card in cards) <= may:
        return cards
    return tuple(replace(card, boxes=_disputed(card.boxes))  # type: ignore[arg-type]
                 if counted(card) else card for card in cards)


def _disputed(boxes: BoxesSeen) -> BoxesSeen:
    """``boxes`` not counted on (:data:`~.cards.FAINT_ROW`), their fills counting more found
    tiles than the board may hold: disputed (:attr:`~.cards.BoxesSeen.disputed`) when read
    clearly, so the reading still says that the board and the boxes disagree (wider 890013
    as JPEG 60: the Monkey's and the Toucan's rows right, 1 and 1 filled, the Monkey's tile
    the lawn's green read untapped; the reading's refusal in words was lost when the rows
    were only set aside)."""
    from gridsight.games.disco_zoo.settle import BOX_SURE

    return replace(boxes, confidence=min(boxes.confidence, FAINT_ROW),
                   disputed=boxes.disputed or boxes.confidence >= BOX_SURE)


# A row claiming more fills of a rarity than the board allows keeps that rarity (its fills
# not counted on) when it is the only row claiming it and a found tile of that rarity shows
# a picture within KEPT_SPRITE of its card's sprite, every other card's KEPT_APART or more
# away: the board shows that animal found, of that rarity. Fresh real-look 440057 at 0.57x:
# the mythical Akhlut's row of 5-7 px boxes read 3 mythical fills for its 1, its tile 0.28
# from its card's sprite, 0.48 from the other's: the rarity was left unread, the card asked.
KEPT_SPRITE = 0.3
KEPT_APART = 0.4


def _shown_by_its_tile(k: int, cards: tuple[CardSeen, ...],
                       tiles: tuple[tuple[TileSeen, ...], ...]) -> bool:
    """Whether card ``k`` alone claims its rarity by its fills and a found tile of that
    rarity shows its animal (:data:`KEPT_SPRITE`)."""
    card = cards[k]
    rarity = card.rarity
    if sum(other.boxes is not None and other.boxes.filled > 0 and other.rarity == rarity
           and other.boxes.rarity == rarity for other in cards) != 1 or card.sprite is None \
            or card.sprite.empty:
        return False
    for row in tiles:
        for tile in row:
            if tile.kind != "found" or tile.rarities != (rarity,) or tile.sprite is None \
                    or tile.sprite.empty:
                continue
            near = [sprite_distance(tile.sprite, other.sprite)
                    if other.sprite is not None and not other.sprite.empty else 1.0
                    for other in cards]
            if near[k] < KEPT_SPRITE and all(d >= KEPT_APART for j, d in enumerate(near)
                                             if j != k):
                return True
    return False


def rows_short_of_the_board(image: np.ndarray, lattice: Lattice, cards: tuple[CardSeen, ...],
                            tiles: tuple[tuple[TileSeen, ...], ...]) -> tuple[CardSeen, ...]:
    """The cards, a box row read clearly not counted on (:data:`~.cards.FAINT_ROW`) where
    the board shows more of its animal's tiles found than it counts filled: a filled box is
    a tile of its animal found on this board, so such a row misses fills.

    - **by rarity**: more found tiles surely of one rarity than the rows of every card that
      may be of it count filled (a card may be when read so, or its rarity is not read
      surely and its fills show no other; pets have no card);
    - **by sprite**: more tiles found or unread showing a picture near one card's sprite
      alone (:data:`LAWN_SPRITE`, every other card's :data:`LAWN_APART` or more away) than
      that card's row counts filled.

    (More found tiles than all the rows count: :func:`rows_short_of_the_found`, once the
    counter has told the unread tiles.)

    A rarity's colour drawn near the card's leaves its fills looking unfilled, and its found
    tiles unread (fresh real-look 330047 at 0.70x: a rare colour within 5 Lab of the card,
    the Panda's row of three read "none filled" at 0.86 and counted on, its two found tiles
    unread, 0.14 and 0.16 from the Panda's sprite, 0.66 and more from the others'). Only
    rows read clearly are touched, and only made less sure."""
    from gridsight.games.disco_zoo.settle import BOX_SURE, RARITY_SURE

    def counted(k: int) -> bool:
        row = cards[k].boxes
        return row is not None and row.confidence >= BOX_SURE and row.found is not None

    short: set[int] = set()
    shown = Counter(tile.rarities[0] for row in tiles for tile in row
                    if tile.kind == "found" and len(tile.rarities) == 1)
    for rarity, count in shown.items():
        if rarity == "pet":
            continue
        may = [k for k, card in enumerate(cards) if card.rarity == rarity or (
            card.rarity_confidence < RARITY_SURE
            and (card.boxes is None or card.boxes.rarity in ("", rarity)))]
        if may and all(counted(k) for k in may) and \
                sum(cards[k].boxes.found or 0 for k in may) < count:  # type: ignore[union-attr]
            short.update(may)
    pictures = [card.sprite if card.sprite is not None and not card.sprite.empty else None
                for card in cards]
    if any(p is not None for p in pictures):
        like: Counter[int] = Counter()
        for r, row in enumerate(tiles):
            for c, tile in enumerate(row):
                if tile.kind not in ("found", "unknown"):
                    continue
                sprite = tile.sprite if tile.sprite is not None else \
                    _tile_sprite(image, lattice, r, c)
                if sprite is None or sprite.empty:
                    continue
                near = [sprite_distance(sprite, p) if p is not None else 1.0 for p in pictures]
                k = int(np.argmin(near))
                if near[k] < LAWN_SPRITE and all(d >= LAWN_APART for j, d in enumerate(near)
                                                 if j != k):
                    like[k] += 1
        short.update(k for k, n in like.items()
                     if counted(k) and (cards[k].boxes.found or 0) < n)  # type: ignore[union-attr]
    return tuple(replace(card, boxes=replace(card.boxes, confidence=FAINT_ROW))
                 if k in short and counted(k) and card.boxes is not None else card
                 for k, card in enumerate(cards))


def rows_short_of_the_found(cards: tuple[CardSeen, ...],
                            tiles: tuple[tuple[TileSeen, ...], ...]) -> tuple[CardSeen, ...]:
    """The cards, every box row not counted on (:data:`~.cards.FAINT_ROW`) when each was
    read clearly, its fills told, and all of them count fewer filled than the board shows
    tiles found, of any rarity or none read (but those surely a pet's: a pet has no card):
    a filled box is a tile of its animal found on this board, so some row misses a fill,
    which the board does not tell. Fresh real-look 550021 at 0.79x: a common Rock's fill in
    a box of 7 px with a 2 px border, its middle of 2 px blended to 4 Lab from the unfilled
    look, the row read "0 of 4 filled" at 1.0 beside the found Rock tile, its rarity not
    read; 550025 at 1.60x: a common colour drawn 13 Lab from the card's, its fill 7 Lab from
    the unfilled look, "0 of 4" at 0.94, the found tile told by the counter."""
    from gridsight.games.disco_zoo.settle import BOX_SURE

    rows = [card.boxes for card in cards]
    if not rows or any(row is None or row.confidence < BOX_SURE or row.found is None
                       for row in rows):
        return cards
    found = [tile for row in tiles for tile in row if tile.kind == "found"]
    shown = len(found) - sum(tile.rarities == ("pet",) for tile in found)
    if sum(row.found or 0 for row in rows if row is not None) >= shown:
        return cards
    return tuple(replace(card, boxes=replace(card.boxes, confidence=FAINT_ROW))  # type: ignore[arg-type]
                 for card in cards)


# A found tile is rounded, and set on the ground under it (dirt, or a darker grass) when it
# is inset from its cell; a grass tile is square, its grass running into the lines. Each
# corner of a tile (the triangle of its resampled patch within CORNER_DEPTH pixels of the
# corner, lines included) is compared with the same corner of the grass tiles of its own
# squares of the lawn: a tile read as grass whose four corners all stand CORNER_APART or
# more from the grass's is no grass tile. Measured on 40 real-look screens whose lawn was
# drawn 2 to 8 Lab from the common green (seeds 150000-150039, 0.5x-3x, JPEG; 623 grass
# tiles): the grass tiles' nearest corner stood at most 10.7 Lab off (99th percentile 7.4);
# of the 9 found common tiles read as grass, 5 stood 26 to 61 off, one 10.5, three under 6.
# On a clean screen the grass tiles' corners agree far better than that: a found common tile
# drawn 6 Lab from the lawn, inset 4 points on a darker grass (19 Lab off the lawn), its
# corners 8.8 to 13.3 off, was stated untapped (wider-look 710032 at 1.36x; the other grass
# tiles' nearest corners at most 0.42 off). The bound is CORNER_SCATTER times the farthest
# nearest corner of the other grass tiles plus half CORNER_CLEAN, within CORNER_CLEAN and
# CORNER_APART (a noisy screen's keeps CORNER_APART).
# One whose picture stands in its middle as a found tile's animal does (:func:`_centred`)
# need only stand CORNER_PICTURED off: fresh 630015 at 0.98x (Outback, checkered lawn, no
# card found), a common Platypus on grass of the other squares' shade, 14.5 off, stated
# untapped with --animals.
# With no card seen, or a card of a colour near the lawn's whose box row does not count its
# tiles (:data:`LIKE_UNCOUNTED`), nothing else tells such a tile (its picture is compared with
# the cards'; shrunk, it may stand farther from its card's than a decoration: 630007 at 0.6x
# + JPEG 60, the Rock's 0.54, a bush's 0.62): CORNER_UNCARDED then (630007 and 630015 shrunk
# to 0.6x by a chat app, JPEG 60: common tiles 6.2 and 10.5 off, stated untapped with
# --animals; the decorated grass tiles of both stood 4.4 off at most).
# A tile so told is no grass tile, and its corners leave the scatter the others are measured
# against: two found tiles of the lawn's green each raised the other's bound to CORNER_APART
# (harder desktop 580002, the phone beside a tool strip: two found Gorillas 11.4 and 12.3 off,
# the other grass tiles 2.9 at most; only the one past CORNER_PICTURED was told, and every
# pictured grass tile was left unread: 16 tiles the screen alone reads).
CORNER_DEPTH = 6
CORNER_APART = 15.0
CORNER_CLEAN = 7.0
CORNER_SCATTER = 2.0
CORNER_PICTURED = 12.0
CORNER_UNCARDED = 6.0
_Y, _X = np.mgrid[0:PATCH, 0:PATCH]
_CORNERS = tuple(mask for mask in (
    _X + _Y < CORNER_DEPTH, (PATCH - 1 - _X) + _Y < CORNER_DEPTH,
    _X + (PATCH - 1 - _Y) < CORNER_DEPTH, (PATCH - 1 - _X) + (PATCH - 1 - _Y) < CORNER_DEPTH))


def cornered(image: np.ndarray, lattice: Lattice, tiles: tuple[tuple[TileSeen, ...], ...],
             pictured: float = CORNER_PICTURED) -> set[tuple[int, int]]:
    """The tiles read as grass whose four corners are all unlike the grass tiles' corners
    (a rounded found tile whose colour is the lawn's: farther off than the screen's own grass
    scatter allows, see :data:`CORNER_SCATTER`; or ``pictured`` off with a picture in its
    middle)."""
    cols = lattice.cols
    grass = [k for k in range(lattice.rows * cols) if tiles[k // cols][k % cols].kind == "ground"]
    if len(grass) < 2 * MIN_GROUND:
        return set()
    corners = {}
    for k in grass:
        crop = _tile_crop(image, lattice, k // cols, k % cols, 0.0)
        lab = _lab(cv2.resize(crop, (PATCH, PATCH), interpolation=cv2.INTER_AREA))
        corners[k] = np.stack([lab[mask].mean(axis=0) for mask in _CORNERS])
    parity = {k: (k // cols + k % cols) % 2 for k in grass}
    nearest = {}
    for k in grass:
        mine = [j for j in grass if j != k and parity[j] == parity[k]]
        if len(mine) < 3:
            mine = [j for j in grass if j != k]
        lawn = np.median(np.stack([corners[j] for j in mine]), axis=0)
        nearest[k] = float(np.linalg.norm(corners[k] - lawn, axis=1).min())
    out: set[tuple[int, int]] = set()
    while True:  # a tile told is no grass: its corners leave the grass's scatter (see above)
        told = set()
        for k in grass:
            others = [d for j, d in nearest.items() if j != k and divmod(j, cols) not in out]
            if divmod(k, cols) in out or not others:
                continue
            bound = float(np.clip(CORNER_SCATTER * max(others) + CORNER_CLEAN / 2,
                                  CORNER_CLEAN, CORNER_APART))
            if nearest[k] >= bound or nearest[k] >= pictured and \
                    _centred(_tile_sprite(image, lattice, *divmod(k, cols)), lattice):
                told.add(divmod(k, cols))
        if not told:
            return out
        out |= told


# A found tile's colour is only said to be its rarity's: nothing says how far the common
# green may be from the lawn's. A found tile within the grass's scatter of it (a few Lab)
# reads as grass by its colour, and an untapped tile stated where an animal was found is a
# confident wrong read. The cards' filled boxes count the found tiles: when they count more
# than the board shows, the board's grass hides some, and they are looked for by their
# sprites (the card's animal, where an untapped tile carries a random decoration).
LAWN_SPRITE = 0.2  # a grass tile's sprite this near a card's may be that animal's
LIKE_A_CARD = 0.35  # a centred card-sized picture on grass this near a card's is left unread
LAWN_APART = 0.3  # ... named found only when every other grass tile's is this far or more
CORNERED_SPRITE = 0.4  # ... or this near, on a tile whose corners are a rounded tile's
# (:func:`cornered`: harder desktop 112002, a common Stegosaurus's tile 0.29 from the card's
# sprite through a video codec, the seven decorated grass tiles 0.69 and more)
CORNERED_COUNTED = 0.5  # ... or this near, when the tiles with a rounded tile's corners are
# exactly as many as the boxes count missing (fresh harder desktop 720013, two monitors: a
# 243 px City screen, four common found tiles of the lawn's green, their sprites 0.31-0.48
# from the cards, a grass tile's two dots 0.38: the corners single them out, not the sprites)


def _card_pictures(cards: tuple[CardSeen, ...]) -> list[Sprite]:
    """The cards' sprites that show something (a found tile's picture is compared with
    these)."""
    return [card.sprite for card in cards if card.sprite is not None and not card.sprite.empty]


def _nearest_card(sprite: Sprite, pictures: Sequence[Sprite]) -> float:
    """How near ``sprite`` is to the nearest of the cards' ``pictures``
    (:func:`gridsight.vision.sprites.sprite_distance`; 1.0, the farthest, with none)."""
    return min((sprite_distance(sprite, card) for card in pictures), default=1.0)


def covered_found(image: np.ndarray, lattice: Lattice, tiles: tuple[tuple[TileSeen, ...], ...],
                  cards: tuple[CardSeen, ...]) -> tuple[tuple[TileSeen, ...], ...]:
    """``tiles`` with each tile taken for a part of something lying over the board
    (``hidden``: its colour carries on across the lines to its neighbour's) found when it
    shows a card's sprite, within :data:`LAWN_SPRITE` of it: a cover does not show an
    animal in each cell it spans, neighbouring found tiles of one colour do (fresh real-look
    170023 at 1.4x: three Sheep in a row, their olive drawn near the dirt and no rarity's,
    0.10-0.12 from the Sheep card, taken for one thing over them and left unread). Found of
    no rarity's colour: their sprites and the boxes tell their animals."""
    hidden = [(r, c) for r, row in enumerate(tiles) for c, tile in enumerate(row)
              if tile.kind == "hidden"]
    pictures = _card_pictures(cards)
    if not hidden or not pictures:
        return tiles
    tiles = _found_by_sprite(image, lattice, tiles, hidden, pictures, LAWN_SPRITE)
    # A round tile inset on the dirt: its crop's corners are the dirt, so its sprite cut on
    # the crop's border colour is the whole disc; cut on the disc's own colour, the corners
    # masked (:func:`_round_sprite`).
    out = [list(row) for row in tiles]
    for r, c in hidden:
        if out[r][c].kind != "hidden":
            continue
        whole = _tile_sprite(image, lattice, r, c)
        if whole is not None and not whole.empty and not _whole_crop(whole, image, lattice):
            continue
        sprite = _round_sprite(image, lattice, r, c)
        if sprite is not None and _nearest_card(sprite, pictures) < LAWN_SPRITE:
            out[r][c] = TileSeen("found", (), 0.3, sprite)
    return tuple(tuple(row) for row in out)


ROUND_INSIDE = 0.7  # a round tile's own colour: the commonest in this much of its crop's ellipse
ROUND_MASK = 0.8  # ... and its picture cut inside this much of it (its rim and corners masked)
WHOLE_CROP = 0.95  # a sprite's box this much of its crop each way is the crop, not a picture


def _whole_crop(sprite: Sprite, image: np.ndarray, lattice: Lattice) -> bool:
    """Whether ``sprite``'s box spans its tile crop (cut 0.14 of a tile in) both ways: all
    of it ink against the crop's border colour."""
    _, _, w, h = sprite.box
    return w >= WHOLE_CROP * 0.72 * lattice.pitch_x and h >= WHOLE_CROP * 0.72 * lattice.pitch_y


def _round_sprite(image: np.ndarray, lattice: Lattice, r: int, c: int) -> Sprite | None:
    """The picture on a round tile inset on the dirt (wider 720019 at 2.54x: two found
    Echidna tiles, yellow discs with dark corners, read hidden, their sprite cut on the
    corners' colour the whole disc, 0.44 from the card's; cut so, 0.14): the tile's own
    colour is the commonest (in 16 levels a channel) inside :data:`ROUND_INSIDE` of the
    ellipse its crop holds, and everything past :data:`ROUND_MASK` of it is painted that
    colour before the cut. ``None`` when the crop is too small."""
    crop = _tile_crop(image, lattice, r, c, 0.14)
    height, width = crop.shape[:2]
    if min(height, width) < 6:
        return None
    ys, xs = np.mgrid[0:height, 0:width]
    reach = ((xs + 0.5 - width / 2) / (width / 2)) ** 2 + \
        ((ys + 0.5 - height / 2) / (height / 2)) ** 2
    pixels = crop[reach <= ROUND_INSIDE].reshape(-1, 3)
    levels = (pixels // 16).astype(np.int32)
    keys = levels[:, 0] * 256 + levels[:, 1] * 16 + levels[:, 2]
    values, counts = np.unique(keys, return_counts=True)
    own = np.median(pixels[keys == values[counts.argmax()]], axis=0).astype(np.float32)
    masked = crop.copy()
    masked[reach > ROUND_MASK] = own.astype(crop.dtype)
    sprite = sprite_of(masked, own)
    return None if sprite.empty else sprite


def _found_by_sprite(image: np.ndarray, lattice: Lattice,
                     tiles: tuple[tuple[TileSeen, ...], ...], cells: list[tuple[int, int]],
                     pictures: list[Sprite], bound: float) -> tuple[tuple[TileSeen, ...], ...]:
    """``tiles`` with each of ``cells`` whose sprite lies within ``bound`` of a card's
    picture (``pictures``: :func:`_card_pictures`) named found, of no rarity read (its
    sprite and the boxes tell its animal)."""
    out = [list(row) for row in tiles]
    for r, c in cells:
        sprite = _tile_sprite(image, lattice, r, c)
        if sprite is not None and not sprite.empty and \
                _nearest_card(sprite, pictures) < bound:
            out[r][c] = TileSeen("found", (), 0.3, sprite)
    return tuple(tuple(row) for row in out)


def unread_found(image: np.ndarray, lattice: Lattice, tiles: tuple[tuple[TileSeen, ...], ...],
                 cards: tuple[CardSeen, ...]) -> tuple[tuple[TileSeen, ...], ...]:
    """``tiles`` with the unread tiles the cards' boxes count found: when every card's box
    row is read clearly, nothing lies partly over the board, and the boxes count exactly as
    many found tiles more than the board shows found as there are unread tiles showing a
    picture, each of those pictures within :data:`LAWN_SPRITE` of a card's sprite, they are
    found, of no rarity's colour (their sprites and the boxes tell their animals). A found
    tile whose colour is near the dirt's is read as dirt with something over it and left
    unread (real-look 7028 at 1.1x: two Corvus tiles, 0.11 from the Corvus card, the boxes
    counting two more found than the board showed); its sprite and the boxes tell it."""
    from gridsight.games.disco_zoo.settle import BOX_SURE

    if not cards or any(card.boxes is None or card.boxes.confidence < BOX_SURE
                        or card.boxes.found is None for card in cards):
        return tiles
    kinds = [tile.kind for row in tiles for tile in row]
    missing = sum(card.boxes.found or 0 for card in cards) - kinds.count("found")
    pictures = _card_pictures(cards)
    if "hidden" in kinds or missing <= 0 or not pictures:
        return tiles
    unread = [(r, c) for r, row in enumerate(tiles) for c, tile in enumerate(row)
              if tile.kind == "unknown" and not tile.lawn]
    sprites = {cell: _tile_sprite(image, lattice, *cell) for cell in unread}
    shown = [cell for cell, sprite in sprites.items() if sprite is not None and not sprite.empty]
    if missing != len(shown) or \
            any(_nearest_card(sprites[cell], pictures) >= LAWN_SPRITE for cell in shown):
        return tiles
    out = [list(row) for row in tiles]
    for r, c in shown:  # (their colour read as no rarity's: their animal is the sprite's)
        out[r][c] = TileSeen("found", (), 0.3, sprites[(r, c)])
    return tuple(tuple(row) for row in out)


def found_on_the_lawn(image: np.ndarray, lattice: Lattice,
                      tiles: tuple[tuple[TileSeen, ...], ...],
                      cards: tuple[CardSeen, ...]) -> tuple[tuple[TileSeen, ...], ...]:
    """``tiles`` with the found tiles that read as grass told (applied to the chosen lattice
    only: the lattices' fit counts read tiles, and this only takes reads away):

    - a grass tile with four corners unlike the lawn's (:func:`cornered`) is unread;
    - when the cards' boxes (read clearly) count more found tiles than the board shows found,
      unread or hidden, the grass tiles whose sprites alone are near a card's
      (:data:`LAWN_SPRITE`, or :data:`CORNERED_SPRITE` on a tile whose corners are a rounded
      tile's; every other grass tile's :data:`LAWN_APART` or more), as many as
      are missing, are found (of the rarities their colour allows); when that does not
      single them out, every grass tile showing a picture (a found tile shows its animal)
      is unread. A grass tile with no picture on it and square corners stays untapped."""
    from gridsight.games.disco_zoo.settle import BOX_SURE

    out = [list(row) for row in tiles]
    # (no card's picture to compare a tile's with, or a card of the lawn's colour whose row
    # does not count its tiles: the corners are all there is)
    uncounted = not _card_pictures(cards) or \
        LIKE_UNCOUNTED in _lawn_bounds(image, lattice, tiles, cards)
    flagged = cornered(image, lattice, tiles,
                       CORNER_UNCARDED if uncounted else CORNER_PICTURED)
    counted = [(card, card.boxes.found or 0) for card in cards if card.boxes is not None
               and card.boxes.confidence >= BOX_SURE and card.boxes.found is not None]
    shown = sum(tile.kind in ("found", "unknown", "hidden") for row in tiles for tile in row)
    missing = sum(n for _, n in counted) - shown
    if missing > 0:
        # Only tiles of a fill near the lawn's green can hide in it: the boxes' count of
        # others missing from the board is a misread or an edited screen (the text reader
        # then does not use the boxes, and says so).
        lawn = _lawn_colour(image, lattice, tiles)
        missing = min(missing, sum(n for card, n in counted if _fill_near(card, lawn)))
    unread = set(flagged)
    if missing <= 0:
        named = _counted_loosely(image, lattice, tiles, cards, counted, shown, flagged)
        for r, c in named:
            out[r][c] = _found_of_its_colour(image, lattice, r, c, named[(r, c)])
        unread = (unread | _like_a_card(image, lattice, tiles, cards)) - set(named)
    else:
        grass = [(r, c) for r, row in enumerate(tiles) for c, tile in enumerate(row)
                 if tile.kind == "ground"]
        pictures = _card_pictures(cards)
        sprites = {cell: _tile_sprite(image, lattice, *cell) for cell in grass}
        near = {cell: _nearest_card(sprite, pictures)
                for cell, sprite in sprites.items() if sprite is not None and not sprite.empty}
        close = [cell for cell, d in near.items()
                 if d < LAWN_SPRITE or (cell in flagged and d < CORNERED_SPRITE)]
        singled = len(close) == missing and all(d >= LAWN_APART for cell, d in near.items()
                                                if cell not in close)
        if not singled and flagged and len(flagged) == missing and \
                all(near.get(cell, 1.0) < CORNERED_COUNTED for cell in flagged):
            # (the rounded tiles are exactly as many as the boxes count missing, each showing
            # a picture: :data:`CORNERED_COUNTED`)
            close, singled = sorted(flagged), True
        if singled:
            for r, c in close:
                out[r][c] = _found_of_its_colour(image, lattice, r, c, sprites[(r, c)])
            unread -= set(close)
        else:
            unread |= set(near)
    for r, c in unread:
        out[r][c] = TileSeen("unknown", confidence=0.0, lawn=True)
    return tuple(tuple(row) for row in out)


# A grass tile's centred picture this near the picture on a tile read found is that animal's
# (issue 18: a found tile shows its animal's sprite; an untapped tile carries a decoration,
# never an animal): unread, never stated untapped. Widest 1160005's crop variant, no card
# found: a common Gorilla's tile of nearly the lawn's green 0.04 from the found Gorilla's
# picture beside it, stated untapped with --animals; the decorations 0.67 and more.
# A tile of the lawn's colour left unread for its centred picture (:func:`found_on_the_lawn`:
# like a card's sprite, or a rounded tile's corners) is as much a found tile's picture: fresh
# 1209003 at 0.52x (Jurassic, four common Diplodocus tiles of nearly the lawn's green, the
# card's row not counted on): three left unread as like the card's sprite (0.33-0.36), the
# fourth's ink cut 8 px wide, under a third of the card's 24 (no card-sized picture),
# stated untapped with --animals; it lies 0.15-0.19 from the three, the decorations 0.54+.
LIKE_A_FOUND = 0.2


def like_a_found_tile(image: np.ndarray, lattice: Lattice,
                      tiles: tuple[tuple[TileSeen, ...], ...]) -> tuple[tuple[TileSeen, ...], ...]:
    """``tiles`` with each grass tile whose centred picture (:func:`_centred_pictures`) is
    within :data:`LIKE_A_FOUND` of a found tile's picture (cut alike), or of the centred
    picture of a tile of the lawn's colour left unread (a found tile told by its picture,
    not its colour), left unread."""
    pictures = []
    for r, row in enumerate(tiles):
        for c, tile in enumerate(row):
            if tile.kind == "found" or (tile.kind == "unknown" and tile.lawn):
                sprite = _tile_sprite(image, lattice, r, c)
                if sprite is not None and not sprite.empty and \
                        (tile.kind == "found" or _centred(sprite, lattice)):
                    pictures.append(sprite)
    if not pictures:
        return tiles
    like = {cell for cell, sprite in _centred_pictures(image, lattice, tiles)
            if any(_card_sized(sprite, other) and sprite_distance(sprite, other) < LIKE_A_FOUND
                   for other in pictures)}
    if not like:
        return tiles
    return tuple(tuple(TileSeen("unknown", confidence=0.0, lawn=True) if (r, c) in like
                       else tile for c, tile in enumerate(row)) for r, row in enumerate(tiles))


def _found_of_its_colour(image: np.ndarray, lattice: Lattice, r: int, c: int,
                         sprite: Sprite | None) -> TileSeen:
    """Tile (``r``, ``c``), told found on the lawn, of the rarities its rim's colour allows."""
    facts = screen_facts()
    crop = cv2.resize(_tile_crop(image, lattice, r, c, 0.0), (PATCH, PATCH),
                      interpolation=cv2.INTER_AREA)
    colour = _dominant_each(_lab(crop)[_RING][None])[0]
    fits = _rarity_fits(colour, _rarity_references(facts), facts["rarity_tolerance"],
                        facts["rarity_margin"])
    return TileSeen("found", fits, 0.5, sprite, tuple(float(v) for v in colour))


def _counted_loosely(image: np.ndarray, lattice: Lattice,
                     tiles: tuple[tuple[TileSeen, ...], ...], cards: tuple[CardSeen, ...],
                     counted: list, shown: int,
                     flagged: set[tuple[int, int]]) -> dict[tuple[int, int], Sprite]:
    """The grass tiles with a rounded tile's corners (``flagged``, :func:`cornered`) to name
    found when the box rows counted on (``counted``) miss none but the rows not counted on
    (read unclearly, or their fills too small to tell) do: their fills, of a colour near the
    lawn's, with the rows counted on, count exactly as many tiles beyond the ``shown`` ones as
    are flagged, each showing a picture within :data:`CORNERED_COUNTED` of a card's (two
    reads agreeing, neither sure alone). Fresh harder desktops 780000 and 670026 (the screen
    alone too): a common found tile of the lawn's green, its card's row the one filled box
    read at 0.3 clear (780000) or too small to tell (670026), said unread; each tile's
    picture 0.26 and 0.42 from its card's, the other grass tiles' 0.60 and more (as near as
    the farthest named: none named)."""
    sure = {id(card) for card, _ in counted}
    loose = [(card, card.boxes.filled) for card in cards if card.boxes is not None
             and id(card) not in sure and card.boxes.filled]
    if not flagged or not loose:
        return {}
    lawn = _lawn_colour(image, lattice, tiles)
    near_lawn = sum(n for card, n in loose if _fill_near(card, lawn))
    # (a row whose fill reads off the lawn's green but whose rarity's colour is near it: a
    # blended fill, its tiles of the lawn's green all the same; each named tile's own colour
    # must then fit such a rarity, :func:`_rarity_near`)
    rarities = {card.rarity for card, _ in loose
                if not _fill_near(card, lawn) and _rarity_near(card, lawn)}
    by_rarity = sum(n for card, n in loose if card.rarity in rarities and
                    not _fill_near(card, lawn))
    beyond = sum(n for _, n in counted) + sum(n for _, n in loose) - shown
    if beyond != len(flagged) or beyond > near_lawn + by_rarity:
        return {}
    pictures = _card_pictures(cards)
    named, farthest = {}, 0.0
    for cell in sorted(flagged):
        sprite = _tile_sprite(image, lattice, *cell)
        if sprite is None or sprite.empty or \
                (d := _nearest_card(sprite, pictures)) >= CORNERED_COUNTED:
            return {}
        if beyond > near_lawn and \
                not rarities & set(_found_of_its_colour(image, lattice, *cell, None).rarities):
            return {}
        named[cell], farthest = sprite, max(farthest, d)
    for r, row in enumerate(tiles):  # (no other grass tile's picture as near a card's)
        for c, tile in enumerate(row):
            sprite = _tile_sprite(image, lattice, r, c) if tile.kind == "ground" and \
                (r, c) not in named else None
            if sprite is not None and not sprite.empty and \
                    _nearest_card(sprite, pictures) <= farthest:
                return {}
    return named


LAWN_FILL = 25.0  # Lab distance within which a card's fill may be the lawn's green


def _rarity_near(card: CardSeen, lawn: np.ndarray | None) -> bool:
    """Whether ``card``'s rarity's colour (a found tile's rim is its rarity's colour) is
    within :data:`LAWN_FILL` of the ``lawn``'s: its found tiles may read as grass though its
    box row's fills, blended, read farther (fresh harder desktop 720028: the common Raccoon's
    one fill read 29 Lab off the lawn, common's colour 5 from it)."""
    references = _rarity_references(screen_facts())
    if lawn is None or card.rarity not in references:
        return False
    return float(np.linalg.norm(references[card.rarity] - lawn)) < LAWN_FILL


def _lawn_colour(image: np.ndarray, lattice: Lattice,
                 tiles: tuple[tuple[TileSeen, ...], ...]) -> np.ndarray | None:
    """The lawn's colour (Lab): the median of its grass tiles' middles' colours."""
    middles = [_patch_colour(image, lattice, r, c) for r, row in enumerate(tiles)
               for c, tile in enumerate(row) if tile.kind == "ground"]
    kept = [m for m in middles if m is not None]
    return np.median(np.stack(kept), axis=0) if kept else None


def _fill_near(card: CardSeen, lawn: np.ndarray | None) -> bool:
    """Whether ``card``'s filled boxes are of a colour within :data:`LAWN_FILL` of the
    ``lawn``'s (a tile of that colour could read as grass); ``False`` when none is seen."""
    if lawn is None or card.row is None or card.boxes is None:
        return False
    fills = [inside for inside, filled in zip(card.row.insides, card.boxes.fills) if filled]
    if not fills:
        return False
    colour = np.median(_lab(np.array(fills, np.float32)), axis=0)
    return float(np.linalg.norm(colour - lawn)) < LAWN_FILL


def _like_a_card(image: np.ndarray, lattice: Lattice, tiles: tuple[tuple[TileSeen, ...], ...],
                 cards: tuple[CardSeen, ...]) -> set[tuple[int, int]]:
    """The grass tiles whose picture, in the middle of the tile as a found tile's animal
    stands (its ink box's centre within :data:`CENTRED` of the tile's) and about as big as
    a card's (:data:`CARD_SIZED`), is that card's sprite (nearer than :data:`LIKE_A_CARD`:
    these are only left unread, never named found, so a looser bound than
    :data:`LAWN_SPRITE`; fresh 200017 at 0.72x: a common Stegosaurus on the lawn 0.29 from
    its card, the decorations 0.59 or more; :data:`LIKE_UNCOUNTED` for a card whose row does
    not count its tiles, :func:`_lawn_bounds`): no grass tile's decoration. The cards' boxes
    may not count them: a fill of nearly the card's own colour reads as no fill, clearly.
    (Only such pictures are compared: a comparison costs up to 15 ms.)"""
    pictures = _card_pictures(cards)
    if not pictures:
        return set()
    bounds = _lawn_bounds(image, lattice, tiles, cards)
    return {cell for cell, sprite in _centred_pictures(image, lattice, tiles)
            if any(sprite_distance(sprite, card) < bound
                   for card, bound in zip(pictures, bounds) if _card_sized(sprite, card))}


def _centred_pictures(image: np.ndarray, lattice: Lattice,
                      tiles: tuple[tuple[TileSeen, ...], ...]
                      ) -> Iterator[tuple[tuple[int, int], Sprite]]:
    """Each grass tile's cell and picture, when the picture stands in the tile's middle as a
    found tile's animal does (:func:`_centred`)."""
    for r, row in enumerate(tiles):
        for c, tile in enumerate(row):
            if tile.kind == "ground":
                sprite = _tile_sprite(image, lattice, r, c)
                if sprite is not None and _centred(sprite, lattice):
                    yield (r, c), sprite


def _card_sized(sprite: Sprite, card: Sprite) -> bool:
    """Whether ``sprite``'s ink box is about a ``card``'s sprite's size either way
    (:data:`CARD_SIZED`): only such pictures are compared with the card's."""
    return all(CARD_SIZED[0] <= size / max(1, card_size) <= CARD_SIZED[1]
               for size, card_size in zip(sprite.box[2:], card.box[2:]))


# A card whose box row is not counted on (unclear, or its fills too small to tell) and whose
# rarity, as read however unsure, is of a colour near the lawn's (LAWN_FILL): its found tiles
# may read as grass and nothing counts them, so a grass tile's centred, card-sized picture
# this near its sprite is left unread (fresh real-look 210038 at 0.55x: a found common
# Kangaroo 5 Lab from the lawn, its sprite 0.40 from the card's, the Kangaroo row's fill
# missed, read "0 of 4" unclearly; the tile stated untapped with --animals. Of 120 + 60 + 60
# screens, seeds 7000, 210000, 220000, decorations near a card whose row was unclear lay at
# 0.42 and more, on any lawn).
LIKE_UNCOUNTED = 0.41


def _lawn_bounds(image: np.ndarray, lattice: Lattice, tiles: tuple[tuple[TileSeen, ...], ...],
                 cards: tuple[CardSeen, ...]) -> list[float]:
    """Each card with a picture's (:func:`_card_pictures`) bound on a grass tile's picture's
    distance from its sprite, under which the tile is left unread: :data:`LIKE_A_CARD`, or
    :data:`LIKE_UNCOUNTED` for a card whose row is not counted on and whose rarity's colour
    is near the lawn's."""
    from gridsight.games.disco_zoo.settle import BOX_SURE

    pictured = [card for card in cards if card.sprite is not None and not card.sprite.empty]
    uncounted = [card.rarity != "" and (card.boxes is None or card.boxes.found is None
                                        or card.boxes.confidence < BOX_SURE)
                 for card in pictured]
    lawn = _lawn_colour(image, lattice, tiles) if any(uncounted) else None
    if lawn is None:
        return [LIKE_A_CARD] * len(pictured)
    references = _rarity_references(screen_facts())
    return [LIKE_UNCOUNTED if loose and float(np.linalg.norm(references[card.rarity] - lawn))
            < LAWN_FILL else LIKE_A_CARD for card, loose in zip(pictured, uncounted)]


# A grass tile's centred, card-sized picture this near a card's sprite is left unread when
# the attempts counter counts more taps than the board shows (:func:`missed_by_the_counter`).
# Fresh real-look 380045 at 0.51x: a found common Kiwi on a light lawn 0.46 from its card's
# 12 px sprite, the counter's 8 saying two taps where the board showed one, the tile stated
# untapped with --animals; the nearest decoration 0.60.
LIKE_A_COUNTED_TAP = 0.55


def missed_by_the_counter(image: np.ndarray, lattice: Lattice,
                          tiles: tuple[tuple[TileSeen, ...], ...], cards: tuple[CardSeen, ...],
                          counter: NumberRead, missed: Sequence[Panel] = ()
                          ) -> tuple[tuple[TileSeen, ...], ...]:
    """``tiles`` with the grass tiles that may be the found tiles the counter counts left
    unread. A rescue starts with :data:`BOARD_TAPS` attempts, so the counter shows at most
    10 minus the tiles seen tapped (more only when attempts were bought); a counter read alike
    at every ink cut that shows fewer says the board missed a tap, and only a found tile of
    the lawn's own green can pass for grass. Every grass tile whose picture stands in its
    middle at a card's size and lies within :data:`LIKE_A_COUNTED_TAP` of a card's sprite is
    then unread (said, and solved as not yet observed), never named: the counter may be the
    one misread, and an unread tile costs a caveat where a missed one costs the advice.

    When a card was missed (``missed``: the panels found beside it; no card is taken) its
    animal's sprite is not there to compare: the tiles seen tapped are counted without those
    left unread as maybe found on the lawn, and every grass tile with a picture in its middle
    is unread (fresh wider 770098 at 0.66x: the Raptor's card past the card area, a found
    Raptor tile in the lawn's green stated untapped with ``--animals``, the counter's 2 met
    by it unread elsewhere and a grass tile's decoration)."""
    if counter.value is None or not counter.agree or counter.lead <= 0.0:
        return tiles
    shown = sum(tile.kind != "ground" and not (missed and tile.lawn)
                for row in tiles for tile in row)
    if BOARD_TAPS - counter.value <= shown:
        return tiles
    pictures = _card_pictures(cards)
    out = [list(row) for row in tiles]
    for (r, c), sprite in _centred_pictures(image, lattice, tiles):
        if missed and not pictures:
            out[r][c] = TileSeen("unknown", confidence=0.0, lawn=True)
        elif any(sprite_distance(sprite, card) < LIKE_A_COUNTED_TAP
               for card in pictures if _card_sized(sprite, card)):
            out[r][c] = TileSeen("unknown", confidence=0.0, lawn=True)
    return tuple(tuple(row) for row in out)


# An unread tile the attempts counter says was tapped is found when its picture lies this near
# a card's sprite (a tapped tile is found or empty, and an empty tile is plain dirt: a picture
# on it is a pointer's or a toast's, 0.7 from the cards' on fresh harder desktop 410014).
# Fresh real-look 370054 at 1.94x: two mythical Unicorn tiles drawn near the dirt's colour,
# 0.24 from the Unicorn card's sprite, 0.39 from the Chicken's.
TAPPED_SPRITE = 0.3
# ... or this near, on a tile dark like the dirt with its picture in its middle (``pictured``:
# where a found tile shows its animal; a pointer or a toast is seldom centred on a tile).
# Real-look 7018 at 0.92x: a Raptor tile near the dirt's colour, its sprite 12 px against
# the card's 41, 0.32 from the Raptor card's and 0.51 from the others', the counter's 5
# counting it tapped.
PICTURED_SPRITE = 0.4


def tapped_unread(image: np.ndarray, lattice: Lattice, tiles: tuple[tuple[TileSeen, ...], ...],
                  cards: tuple[CardSeen, ...], counter: NumberRead
                  ) -> tuple[tuple[TileSeen, ...], ...]:
    """``tiles`` with the unread tiles told when the attempts counter says each was tapped.

    A rescue starts with :data:`BOARD_TAPS` attempts (more only when bought), so a counter
    showing ``n`` says at least ``10 - n`` tiles were tapped. When that is exactly the tiles
    seen tapped plus the unread ones (hidden ones too; none left unread on the lawn: a grass
    tile there may be a found one), every unread tile was tapped: found or empty. One showing a
    picture within :data:`TAPPED_SPRITE` of a card's sprite (:data:`PICTURED_SPRITE` when
    the tile is dark like the dirt with the picture in its middle) is found, of no rarity's
    colour (its sprite and the boxes tell its animal, or it is said unsure); the others stay
    unread here (one the cards' box rows then tell empty is so read by the reading,
    :func:`.screen_text.tapped_empty`, not here: told here, it read the shipped skin's screen
    in a desktop by its structure whole, where its pack read it right and its cards'
    structural read fits no animals: refused). The counter must read alike
    at every ink cut (as for :func:`missed_by_the_counter`). Fresh harder desktop 410023: a
    found timeless Babmoon drawn near the dirt's brown, 0.15 from its card's sprite, its row's
    fill unread, the counter's 8 saying two taps where the board showed one tapped and this
    one unread. Fresh real-look 440055 (1.08x): a found Raccoon read as covered (its halves
    unlike), 0.27 from the Raccoon card's sprite and 0.54 from the other's, the counter's 0
    counting it tapped."""
    if counter.value is None or not counter.agree or counter.lead <= 0.0:
        return tiles
    flat = [tile for row in tiles for tile in row]
    unread = [(r, c) for r, row in enumerate(tiles) for c, tile in enumerate(row)
              if tile.kind in ("unknown", "hidden")]
    if not unread or any(tile.lawn for tile in flat):
        return tiles
    seen = sum(tile.kind in ("found", "empty") for tile in flat)
    if BOARD_TAPS - counter.value != seen + len(unread):
        return tiles
    pictures = _card_pictures(cards)
    if not pictures:
        return tiles
    pictured = [(r, c) for r, c in unread if tiles[r][c].pictured]
    tiles = _found_by_sprite(image, lattice, tiles, pictured, pictures, PICTURED_SPRITE)
    plain = [(r, c) for r, c in unread if not tiles[r][c].pictured]
    return _found_by_sprite(image, lattice, tiles, plain, pictures, TAPPED_SPRITE)


CENTRED = 0.08  # a found tile's animal stands in its middle: its ink box's centre this near
# ... drawn at about its card's size: its ink box this many times the card's sprite's, either
# way (the real game's ratio is not known; the real-look skin draws 0.4 to 1.35 times; fresh
# real-look 360040 at 2.3x: a found common Raccoon at 0.49 of its card's, 0.24 from it, was
# never compared under 0.5 and stood as untapped lawn, the advice confident).
CARD_SIZED = (0.35, 2.5)


def _centred(sprite: Sprite | None, lattice: Lattice) -> bool:
    """Whether ``sprite`` (cut by :func:`_tile_sprite`, 0.14 of a tile in) shows something and
    stands in the middle of its tile, as a found tile's animal does (its ink box's centre
    within :data:`CENTRED` of the tile's; measured on 192 found tiles of seeds 7000, 210000
    and 220000: 99% within 0.065)."""
    if sprite is None or sprite.empty:
        return False
    x, y, w, h = sprite.box
    middle_x, middle_y = 0.36 * lattice.pitch_x, 0.36 * lattice.pitch_y
    return abs(x + w / 2 - middle_x) <= CENTRED * lattice.pitch_x and \
        abs(y + h / 2 - middle_y) <= CENTRED * lattice.pitch_y


#: How many tiles each way the lines' best lattices are also tried moved (same pitch): on a
#: checkered lawn with faint lines the lines' best may stand two rows above the board, over
#: the cards (phone screen 330002 at 3.9x: the board two rows under the best, one row under
#: the shifted ones, so the lattice one row up, its top row "hidden", was taken).
LATTICE_SHIFTS = 2
LINE_DIP = 3.0  # Lab L levels a line between two grass tiles is darker than both, at least
SEEN_LINED = 0.5  # a lattice with fewer of its tiles read must show its lines through its grass


def lawn_lined(image: np.ndarray, lattice: Lattice,
               tiles: tuple[tuple[TileSeen, ...], ...], long: bool = False) -> bool:
    """Whether the tiles read as grass show the lattice's lines between them: some inner line
    of the lattice with grass on both sides of it somewhere is darker than the grass beside
    it (:data:`LINE_DIP`) all along, at every pair of neighbouring grass tiles it parts
    (:func:`_line_dip`); ``True`` too when no two grass tiles are neighbours (nothing to
    tell).

    A rescue board is square grass tiles separated by thin darker lines drawn from edge to
    edge, which nothing on an untapped tile covers. A tile is taken for grass by its colour
    alone, so a green patch of anything reads as grass; its lines are what make it a lawn
    of tiles. :func:`locate_rescue` asks this of a lattice only when fewer than
    :data:`SEEN_LINED` of its tiles are read (the rest hidden under something or unread):
    then nothing else on the board vouches for the lattice's place. No-game desktop 98613 of
    the harder kit: a tiled wallpaper's lines, every fourth, carried across a dark green
    terminal read as eight grass tiles, the windows over the rest read as tiles hidden under
    something, a title bar's glyph as a counter agreeing with the board: a board with none
    of the lattice's lines between its grass tiles. A board whose tiles are read needs no
    line: a screen scaled down without smoothing can drop all its one-pixel lines at once
    (the cells' pitch a whole number of pixels, every line at the same phase: real-look
    screen 7230 at 0.80x, found by its tapped and found tiles). On the real-look screens
    7000-7239 at 0.5x to 3x, 4 to 8 lines showed through the grass of each but 7230's. (Asked
    up to 0.82 for a lattice a row off the board on faint lines, probe 600049, it refused
    fresh 471053, whose wrong first lattice reads 60% and widens the search: not done.)

    With ``long`` (what :func:`locate_rescue` asks of a lattice no card and no counter
    vouches for), a line parting a single pair of grass tiles does not count when some line
    parts two pairs or more: a lawn's lines run from edge to edge, and a stray edge dips at
    one pair as readily as a line. Widest-look 992019 at 1.72x: a lattice over the title bar
    and the cards, its "grass" the light ground around them; of its nine lines between
    grass tiles, the only one dipping all along parted one pair (at a card's first box), and
    with ``--animals`` its tiles were stated as the board (five wrong)."""
    shown, parted = _lines_shown(image, lattice, tiles, long)
    return not parted or bool(shown)


def _lines_shown(image: np.ndarray, lattice: Lattice, tiles: tuple[tuple[TileSeen, ...], ...],
                 long: bool) -> tuple[set[str], set[str]]:
    """:func:`lawn_lined`'s lines: the ways (``"v"`` down, ``"h"`` across) some line dips
    all along, and the ways some line parts neighbouring grass tiles."""
    kinds = [[tile.kind for tile in row] for row in tiles]
    lines: dict[tuple[str, int], list[float]] = {}
    for r in range(lattice.rows):
        for c in range(lattice.cols):
            if kinds[r][c] != "ground":
                continue
            if c + 1 < lattice.cols and kinds[r][c + 1] == "ground":
                lines.setdefault(("v", c), []).append(_line_dip(image, lattice, r, c, True))
            if r + 1 < lattice.rows and kinds[r + 1][c] == "ground":
                lines.setdefault(("h", r), []).append(_line_dip(image, lattice, r, c, False))
    if long and any(len(dips) > 1 for dips in lines.values()):
        lines = {key: dips for key, dips in lines.items() if len(dips) > 1}
    return ({way for (way, _), dips in lines.items() if min(dips) >= LINE_DIP},
            {way for way, _ in lines})


def _line_box(image: np.ndarray, lattice: Lattice, r: int, c: int, across: bool,
              half: float) -> tuple[float, tuple[int, int, int, int] | None]:
    """Where the lattice's line between tile ``(r, c)`` and its neighbour lies (its x when
    ``across``, the line right of the tile; else its y, the line under it), and the pixel
    box ``(xa, ya, xb, yb)`` over the line's middle half, ``half`` a tile either side of it,
    clipped to the picture (``None`` when nothing of it is in the picture)."""
    px, py = lattice.pitch_x, lattice.pitch_y
    if across:
        at = lattice.x + (c + 1) * px
        box = (at - half * px, lattice.y + (r + 0.25) * py, at + half * px,
               lattice.y + (r + 0.75) * py)
    else:
        at = lattice.y + (r + 1) * py
        box = (lattice.x + (c + 0.25) * px, at - half * py, lattice.x + (c + 0.75) * px,
               at + half * py)
    h, w = image.shape[:2]
    xa, ya = int(max(0, np.floor(box[0]))), int(max(0, np.floor(box[1])))
    xb, yb = int(min(w, np.ceil(box[2]))), int(min(h, np.ceil(box[3])))
    if xb <= xa or yb <= ya:
        return at, None
    return at, (xa, ya, xb, yb)


def _line_dip(image: np.ndarray, lattice: Lattice, r: int, c: int, across: bool,
              lighter: bool = False) -> float:
    """How much darker (Lab L) the lattice's line between tile ``(r, c)`` and its neighbour
    is than the darker of the two tiles beside it: the right neighbour when ``across``
    (a vertical line), else the one below. Over the middle half of the line's length, each
    position across it is the median of its pixels along it (decorations, JPEG); the line
    is the darkest within a sixteenth of a tile (at least 1.5 pixels) of its place, each
    tile the median of the positions an eighth to a quarter of a tile from it. 0 when the
    line lies off the picture. ``lighter``: how much lighter the line is than the lighter of
    the two tiles instead (the lightest within its place): the lines are darker than the
    grass, but a tapped tile's dirt may be darker still (:func:`_lined_along`)."""
    pitch = lattice.pitch_x if across else lattice.pitch_y
    at, box = _line_box(image, lattice, r, c, across, 0.25)
    if box is None:
        return 0.0
    xa, ya, xb, yb = box
    light = _lab(image[ya:yb, xa:xb])[..., 0]
    profile = np.median(light, axis=0 if across else 1)
    place = np.arange(len(profile)) + (xa if across else ya) + 0.5 - at
    line = np.abs(place) <= max(1.5, pitch / 16)
    before, after = place <= -pitch / 8, place >= pitch / 8
    if not (line.any() and before.any() and after.any()):
        return 0.0
    if lighter:
        return float(profile[line].max()
                     - max(np.median(profile[before]), np.median(profile[after])))
    return float(min(np.median(profile[before]), np.median(profile[after]))
                 - profile[line].min())


def _tile_crop(image: np.ndarray, lattice: Lattice, r: int, c: int, inset: float) -> np.ndarray:
    x0 = lattice.x + (c + inset) * lattice.pitch_x
    y0 = lattice.y + (r + inset) * lattice.pitch_y
    x1 = lattice.x + (c + 1 - inset) * lattice.pitch_x
    y1 = lattice.y + (r + 1 - inset) * lattice.pitch_y
    h, w = image.shape[:2]
    # (Python's min and max on the rounded ends, not np.clip: the same ints, and a tenth of
    # the CPU over the ~500 tiles a desktop search's reads cut)
    xa, ya = int(min(max(round(x0), 0), w - 1)), int(min(max(round(y0), 0), h - 1))
    xb, yb = int(min(max(round(x1), xa + 1), w)), int(min(max(round(y1), ya + 1), h))
    return image[ya:yb, xa:xb]


def _lab(bgr: np.ndarray) -> np.ndarray:
    """Lab (L 0..100) of BGR pixels, any shape ending in 3."""
    flat = bgr.reshape(-1, 1, 3).astype(np.float32) / 255.0
    return cv2.cvtColor(flat, cv2.COLOR_BGR2Lab).reshape(bgr.shape[:-1] + (3,))


_RING = np.zeros((PATCH, PATCH), bool)
# The rim: a band along each edge, inside the lines (a found tile's sprite may fill most of
# it; its rarity colour shows around), away from the corners (rounded on a found tile).
_RING[2:30, 2:30] = True
_RING[6:26, 6:26] = False
for _y, _x in ((2, 2), (2, 22), (22, 2), (22, 22)):
    _RING[_y : _y + 8, _x : _x + 8] = False
_SIDES = ((slice(2, 6), slice(10, 22)), (slice(26, 30), slice(10, 22)),
          (slice(10, 22), slice(2, 6)), (slice(10, 22), slice(26, 30)))
# A found tile's cell: the band round a rounded tile inset in it, inside the lines
# (:func:`_on_a_cell`).
_CELL = np.zeros((PATCH, PATCH), bool)
_CELL[1:31, 1:31] = True
_CELL[4:28, 4:28] = False
# The rim cut in two, across and along: a tile is one colour all round (grass, dirt, or its
# rarity's colour around the sprite), so halves of two colours are a tile partly under
# something lying over the board (a notification's edge crossing it).
_HALVES = tuple((_RING & mask, _RING & ~mask) for mask in (
    np.arange(PATCH)[:, None].repeat(PATCH, 1) < PATCH // 2,
    np.arange(PATCH)[None, :].repeat(PATCH, 0) < PATCH // 2))


# The Lab patches of tiles read already, by their pixels' digest (:func:`_tile_patches`):
# the lattices one search tries over a screen cut many of the same tiles (harder desktop
# 500014 with two monitors: 17975 tiles cut in its 719 reads, 5919 of them distinct).
_PATCHES: dict[bytes, np.ndarray] = {}
PATCHES_KEPT = 1024  # (12 KB each; the cache starts again when full)


def _tile_patches(image: np.ndarray, lattice: Lattice) -> np.ndarray:
    """The Lab patch (PATCH x PATCH, :func:`_lab` of the tile's crop resampled) of every
    tile of ``lattice``, row by row: shape (tiles, PATCH, PATCH, 3). A patch is a function
    of its crop's pixels, so one cut before (:data:`_PATCHES`, keyed by the crop's digest
    and shape) is the same array to the bit; the new ones are converted to Lab in one call,
    each pixel alone as :func:`_lab` converts them (a column of pixels either way)."""
    keys: list[bytes] = []
    got: dict[bytes, np.ndarray] = {}
    fresh: dict[bytes, np.ndarray] = {}
    for r in range(lattice.rows):
        for c in range(lattice.cols):
            crop = np.ascontiguousarray(_tile_crop(image, lattice, r, c, 0.0))
            key = hashlib.sha1(crop.data).digest() + repr((crop.shape, crop.dtype.str)).encode()
            keys.append(key)
            if key in _PATCHES:
                got[key] = _PATCHES[key]
            elif key not in fresh:
                fresh[key] = cv2.resize(crop, (PATCH, PATCH), interpolation=cv2.INTER_AREA)
    if fresh:
        new = dict(zip(fresh, _lab(np.stack(list(fresh.values())))))
        got.update(new)
        if len(_PATCHES) + len(new) > PATCHES_KEPT:
            _PATCHES.clear()
        _PATCHES.update(new)
    return np.stack([got[key] for key in keys])


def _lawn_of(stack: np.ndarray, cols: int
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, np.ndarray]:
    """A lattice's tiles' patches (:func:`_tile_patches`) as a lawn: every tile's rim colour
    (Lab), the lawn's colour, each tile's distance to it (:func:`_to_lawn`), how far from it
    a tile of the lawn may be, and which tiles are of the lawn (:func:`read_tiles` reads the
    tiles of a lawn of green)."""
    # Every tile's patches' dominant colours at once (:func:`_dominant` of each, to the bit).
    rims = _dominant_each(stack[:, _RING])
    distances = np.linalg.norm(rims[:, None] - rims[None], axis=2)
    seed = _lawn_seed(distances)
    grass = np.median(rims[distances[seed] < GROUND_SPREAD], axis=0)
    # The grass tiles' own scatter (JPEG, light) sets how far a grass tile may be: a common
    # found tile's green can be near the grass's, but not within its scatter. A checkered
    # lawn's two greens are measured apart (each tile against its own squares' green), so the
    # lawn's two shades do not widen the scatter by themselves.
    to_grass = _to_lawn(rims, grass, cols)
    scatter = float(np.median(to_grass[to_grass < GROUND_SPREAD]))
    spread = float(np.clip(3.0 * scatter + 5.0, GRASS_SPREAD_FLOOR, GROUND_SPREAD))
    return rims, grass, to_grass, spread, to_grass < spread


def read_tiles(image: np.ndarray, lattice: Lattice) -> tuple[tuple[tuple[TileSeen, ...], ...], float]:
    """Every tile of the lattice as seen, and the share of them that look like rescue tiles."""
    facts = screen_facts()
    stack = _tile_patches(image, lattice)
    labs = list(stack)
    rims, grass, to_grass, spread, ground = _lawn_of(stack, lattice.cols)
    if ground.sum() < MIN_GROUND or not _is_green(grass, _ground_hue(facts)):
        empty = tuple(tuple(TileSeen("unknown", confidence=0.0) for _ in range(lattice.cols))
                      for _ in range(lattice.rows))
        return empty, 0.0
    # (the rest only for a lattice with a lawn: most lattices of a desktop's windows have none)
    # (the four sides' clouds, then the halves', each in one call: the same sizes, and
    # densest_each gives each cloud its own answer to the bit whatever lies beside it)
    n = len(labs)
    sides = list(_dominant_each(np.concatenate(
        [stack[:, rows, cols].reshape(n, -1, 3) for rows, cols in _SIDES])).reshape(-1, n, 3))
    parts = _dominant_each(np.concatenate(
        [stack[:, mask] for pair in _HALVES for mask in pair])).reshape(-1, n, 3)
    halves = [(parts[2 * k], parts[2 * k + 1]) for k in range(len(_HALVES))]
    # How far each side of a tile's rim is from the rim's colour, second farthest: a tile
    # partly under something (a finger) has two sides or more of another colour.
    uneven = np.array([sorted(_unlike(side[t], rim) for side in sides)[-2]
                       for t, rim in enumerate(rims)])
    split = np.array([max(float(np.linalg.norm(one[t] - two[t])) for one, two in halves)
                      for t in range(len(labs))])
    # (each tile's middle's median, all tiles at once: the same middle values, so the same)
    middles = stack[:, 5:27, 5:27].reshape(len(labs), -1, 3)
    inner_l = np.median(middles[:, :, 0], axis=1)
    inner = np.median(middles, axis=1)
    spread_l = np.array([float(np.std(lab[5:27, 5:27, 0])) for lab in labs])
    own_share = (np.linalg.norm(stack[:, 3:29, 3:29] - rims[:, None, None], axis=3)
                 < OWN_NEAR).mean(axis=(1, 2))
    rim_one = (np.linalg.norm(stack[:, _RING] - rims[:, None], axis=2) < RIM_NEAR).mean(axis=1)
    on_cell = _on_a_cell(stack, rims, ground, spread, lattice.cols)

    references = _rarity_references(facts)
    tolerance, margin = facts["rarity_tolerance"], facts["rarity_margin"]
    tiles: list[TileSeen] = []
    plain: list[int] = []  # plain cells not dark enough to be read tapped (:func:`_light_dirt`)
    for k in range(lattice.rows * lattice.cols):
        r, c = divmod(k, lattice.cols)
        rim = rims[k]
        # (a found tile of the lawn's green on its cell is read as any found tile)
        lawn = ground[k] and not on_cell[k]
        if lawn and (own_share[k] < GRASS_OWN_SHARE or (
                own_share[k] < DISC_OWN_SHARE and _rarity_disc(stack[k], rim, references))):
            # a grass rim round no grass, or round a rarity's disc
            seen = _panel_tile(image, lattice, r, c, stack[k], rim, references, tolerance,
                               margin)
            if seen.kind == "found" and split[k] > PANEL_HALVES \
                    and sorted(float(np.linalg.norm(side[k] - rim)) for side in sides)[2] \
                    < OWN_NEAR:
                # the lawn's own green on three sides, the halves unlike: a lawn tile partly
                # under something, its "fill" maybe that thing's (:data:`PANEL_HALVES`)
                seen = TileSeen("hidden", confidence=0.0)
            elif seen.kind == "found" and _lawn_sided(stack, rims, ground, k, lattice.cols):
                seen = TileSeen("unknown", confidence=0.0)
        elif lawn and own_share[k] < DISC_OWN_SHARE and _rarity_disc(stack[k], rim, None):
            # a disc with an animal drawn on it, of no rarity's colour as known: unread
            # (listed, never stated ground nor found), a rescue tile for the fit (``drawn``)
            seen = TileSeen("unknown", confidence=0.0, drawn=True)
        elif lawn and own_share[k] < FOUND_OWN_SHARE and to_grass[k] >= FOUND_CELL_APART \
                and _animal_on_a_tile(stack[k], rim, references, tolerance, margin):
            # a rounded tile of a rarity's colour with an animal drawn on it, off the
            # middle of a cell near the lawn's green: unread (listed, never stated ground),
            # a rescue tile for the fit (``drawn``)
            seen = TileSeen("unknown", confidence=0.0, drawn=True)
        elif lawn:  # grass shows on untapped tiles only, whatever lies over the rest
            seen = TileSeen("ground", confidence=_closeness(rim, grass, spread))
        elif rim[0] < facts["empty_darkness"] * grass[0] and spread_l[k] >= 8.0 \
                and _dirt_round_a_pointer(image, lattice, r, c, rim):
            # a mouse pointer over dirt: unread (the counter and the cards' boxes may tell
            # it tapped empty: :func:`.screen_text.tapped_empty`), but over this tile only
            seen = TileSeen("unknown", confidence=0.0, pointer=True)
        elif (split[k] > HALVES_SAME or uneven[k] > SIDES_SAME) \
                and not _inside_agrees(image, lattice, r, c, rim):
            # partly under something, whatever shows (hidden); partly covered, or no tile
            # at all (unknown); unless a found tile's band shows round an animal inset in a
            # cell of the dirt's colour, off its middle (widest 1140022: three such tiles), or
            # a found tile sits off the middle of a cell lighter than that, its halves unlike
            dark = rim[0] < facts["empty_darkness"] * grass[0]
            if _banded_tile(stack[k], rim, grass) if dark else _found_over_its_cell(
                    stack[k], grass, references, tolerance, margin):
                seen = TileSeen("found", (), 0.3, _tile_sprite(image, lattice, r, c, own=True))
            elif not dark and _rarity_fits(rim, references, tolerance, margin) \
                    and _lawn_cornered(stack, rims, ground, k, lattice.cols) \
                    and _bare_decoration(stack, rims, ground, k, lattice.cols):
                # a bush spilling over its tile's sides (the note above :data:`BARE_CORNERS`)
                seen = TileSeen("unknown", confidence=0.0, decorated=True)
            else:
                seen = TileSeen("hidden" if split[k] > HALVES_SAME else "unknown",
                                confidence=0.0)
        else:
            sprite = _tile_sprite(image, lattice, r, c, own=True)
            fits = _rarity_fits(rim, references, tolerance, margin)
            if inner_l[k] < facts["empty_darkness"] * grass[0] and spread_l[k] < 8.0 \
                    and _plain(sprite) and spread_l[k] >= BUSH_SPREAD \
                    and own_share[k] < BUSH_OWN \
                    and _lawn_cornered(stack, rims, ground, k, lattice.cols) \
                    and not _lawn_rings(stack, rims, ground, k, lattice.cols):
                # Dark and plain as dirt, but the lawn in its corners: a dark bush over an
                # untapped tile, unread. A tapped tile is dirt to its corners (widest 1194009
                # as ``sj``, 0.6x + JPEG 60, City: a bush over (4,1), its middle L 26, the
                # dirt's 30, the lawn's 45, spread 4.5, no sprite: stated tapped empty with
                # ``--animals``; the lawn on its corners, on the four tapped tiles' none). Not
                # flat dirt (BUSH_SPREAD, BUSH_OWN: the bush 4.5 and 0.78, the dirt under 1
                # and 0.98 up; widest 1138004 ``top``'s tapped tiles on a dark lawn kept).
                seen = TileSeen("unknown", confidence=0.0, decorated=True)
            elif inner_l[k] < facts["empty_darkness"] * grass[0] and spread_l[k] < 8.0 \
                    and _plain(sprite):
                seen = TileSeen("empty",
                                confidence=float(min(1.0, (grass[0] - inner_l[k]) / 30)))
            elif _plain(sprite) or _speck(sprite, lattice):  # a found tile shows its animal
                # (a bush with a berry, the lawn in its corners: a tile of the lawn for the
                # fit: the note above :data:`BARE_CORNERS`)
                seen = TileSeen("unknown", confidence=0.0, decorated=not _plain(sprite) and bool(
                    fits) and _bare_decoration(stack, rims, ground, k, lattice.cols))
                if _plain(sprite) and spread_l[k] < 8.0 and not fits:
                    plain.append(k)
            elif (_lawn_inside(stack, rims, ground, k, lattice.cols) >= LAWN_INSIDE
                  or _mixed_rim(stack, rims, ground, k, lattice.cols, rim_one[k])) \
                    and not _lawn_rings(stack, rims, ground, k, lattice.cols):
                # Not one colour round a sprite: the lawn shows inside, round a decoration
                # big enough to cover the rim band (unread: listed, never stated found).
                seen = TileSeen("unknown", confidence=0.0)
            elif _lawn_cornered(stack, rims, ground, k, lattice.cols) \
                    and not _lawn_rings(stack, rims, ground, k, lattice.cols):
                # a bigger decoration still: the lawn in the corners only (unread, but a
                # tile of the lawn for the lattice's fit, as it was read found before)
                seen = TileSeen("unknown", confidence=0.0, decorated=True)
            elif fits and _bare_decoration(stack, rims, ground, k, lattice.cols):
                # a decoration of a rarity's colour over the tile, the lawn in its corners
                # and no animal drawn on it (unread; a tile of the lawn for the fit)
                seen = TileSeen("unknown", confidence=0.0, decorated=True)
            elif fits and to_grass[k] < GROUND_SPREAD and own_share[k] < GRASS_OWN_SHARE \
                    and _decoration_near_the_lawn(stack[k], rim):
                # (a rim a hair past the grass's spread, as :func:`_panel_tile` reads it:
                # 810029 as JPEG 60, 8.007 from its squares' green, the spread 8.0)
                seen = TileSeen("unknown", confidence=0.0)
            elif (disc := _inset_disc(image, lattice, r, c, rim, own_share[k], references,
                                      tolerance, margin)) is not None:
                # the found tile a disc inset in its cell: its colour is the disc's
                seen = TileSeen("found", disc[0],
                                _closeness(disc[1], references[disc[0][0]], tolerance),
                                sprite, tuple(float(v) for v in disc[1]))
            elif fits and _darkened_lawn(rim, grass):
                # the cell round a found tile inset in it, the lawn darkened: not the tile's
                # colour; the rounded tile's own, when its edge shows round the animal
                # (widest 1114020 at 1.06x: the rare Koala's rounded square in such a cell)
                disc = _inset_disc(image, lattice, r, c, rim, own_share[k], references,
                                   tolerance, margin, square=True)
                seen = TileSeen("found", (), 0.3, sprite) if disc is None else \
                    TileSeen("found", disc[0],
                             _closeness(disc[1], references[disc[0][0]], tolerance),
                             sprite, tuple(float(v) for v in disc[1]))
            elif fits:
                sure = _closeness(rim, references[fits[0]], tolerance)
                seen = TileSeen("found", _rim_or_disc(image, lattice, r, c, rim, fits, sure,
                                                      references, tolerance, margin),
                                sure, sprite, tuple(float(v) for v in rim))
            elif rim[0] < facts["empty_darkness"] * grass[0] and (ring := _ringed_tile(
                    stack[k], rim, grass, references, tolerance, margin)) is not None:
                # a found tile inset in a cell of the dirt's colour: its colour all round
                # its animal (widest 1140004, 1142018)
                seen = TileSeen("found", ring[0],
                                _closeness(ring[1], references[ring[0][0]], tolerance),
                                sprite, tuple(float(v) for v in ring[1]))
            elif rim[0] < facts["empty_darkness"] * grass[0] and _banded_tile(stack[k], rim,
                                                                              grass):
                # the same, its band broken by the animal's sprite: found, its rarity
                # left to the cards and the sprite (the colour may be the sprite's own)
                # (widest 1142018 (2,0) (4,0), 1140008 (3,2))
                seen = TileSeen("found", (), 0.3, sprite)
            elif rim[0] < facts["empty_darkness"] * grass[0]:
                # Dark like a tapped tile's dirt, but not plain: dirt with something over it.
                seen = TileSeen("unknown", confidence=0.0,
                                pictured=_centred(sprite, lattice))
            elif _bare_decoration(stack, rims, ground, k, lattice.cols):
                # a decoration of one colour over the tile, the lawn in its corners and no
                # animal drawn on it: unread, a tile of the lawn for the fit (fresh widest
                # 1263021 at 1.46x, Farm: a bush of no rarity's colour over all of (1,0) but
                # a tenth of its corners, a berry on it, stated a found tile with --animals)
                seen = TileSeen("unknown", confidence=0.0, decorated=True)
            else:
                seen = TileSeen("found", (), 0.3, sprite)
        tiles.append(seen)
    read = list(tiles)  # (as read before anything was taken to lie over the board)
    _hide_covered(image, lattice, tiles, rims)
    _hide_across(image, lattice, tiles, rims)
    _light_dirt(tiles, plain, inner, rims, ground, image, lattice, read)
    _one_dirt_colour(tiles, inner)
    _not_past_the_edge(image, lattice, tiles, rims)
    grid = tuple(tuple(tiles[r * lattice.cols : (r + 1) * lattice.cols])
                 for r in range(lattice.rows))
    return grid, _plausibility(tiles)


# Of the pairs of a tile's neighbours in colour (within GROUND_SPREAD), this share at least
# are neighbours too when they are one green: a checkered lawn with a found tile or dirt near
# it is 0.9 or so (widest 1074006: 15 tiles, the farthest two 23 apart), a lawn of 16 tiles
# and the ground's 9 gathered by a tile between them 0.63 (widest 1022029); a group of
# MIN_GROUND tiles or more apart from 20 makes it 0.68 or less.
LAWN_ONE_GREEN = 0.75


def _lawn_seed(distances: np.ndarray) -> int:
    """The tile whose rim colours' neighbours (within :data:`GROUND_SPREAD`) give the lawn's
    green: the one with the most of them, unless those are not one green (under
    :data:`LAWN_ONE_GREEN` of their pairs neighbours too: a tile between two colours
    gathering both); then the one with the most within half that. The board is 5x5
    grass tiles with no frame (issue 18): a lattice reaching past it takes in the ground
    behind it, and a tile of a colour between that ground's and the lawn's gathers both.
    Widest 1022029 at 1.59x (Jungle, dark-green ground): the best lattice a row and a
    column past the board, a found tile's rim (L 42) between the lawn's (48-54) and the
    ground's (26) within reach of all 25 tiles, the lawn's green taken as their median, the
    ground's nine tiles read as grass and dirt; the lattice 5/4 its pitch round it taken
    for reading every tile (:func:`_board_around`): eleven tiles stated wrong with
    ``--animals``."""
    near = distances < GROUND_SPREAD
    seed = int(np.argmax(near.sum(axis=1)))
    if near[np.ix_(near[seed], near[seed])].mean() >= LAWN_ONE_GREEN:
        return seed
    return int(np.argmax((distances < GROUND_SPREAD / 2).sum(axis=1)))


# A found tile is rounded and inset in its cell, and may be drawn in the lawn's own green
# (a common animal's): on the board's own lattice its rim band is the lawn's and it read as
# grass (fresh harder desktop 410008, an emulator window: two found Beavers, their cells a
# darker green, read as grass on the board's lattice; read found only on a lattice 4% too
# wide, whose rim band took in the cells). The cell shows all round such a tile, in the band
# inside the lines (:data:`_CELL`): one colour on CELL_ONE of the band at least, not the
# lawn's (the grass spread from it and more) nor the colour that band shows on the grass
# tiles (their lines, however thick). A grass tile's band is the lawn's, round its
# decoration.
CELL_ONE = 0.7


def _on_a_cell(stack: np.ndarray, rims: np.ndarray, ground: np.ndarray, spread: float,
               cols: int) -> np.ndarray:
    """Which tiles (Lab patches ``stack``, rim colours ``rims``) whose rim is the lawn's
    (``ground``) stand on a cell of another colour all round (:data:`CELL_ONE`); each
    against the lawn's green and the grass tiles' bands in its own squares of a
    checkerboard (:func:`_lawn_green`)."""
    out = np.zeros(len(stack), bool)
    if not ground.any():
        return out
    bands = stack[:, _CELL]
    cells = _dominant_each(bands)
    one = (np.linalg.norm(bands - cells[:, None], axis=2) < RIM_NEAR).mean(axis=1)
    for k in np.nonzero(ground & (one >= CELL_ONE))[0]:
        green, lined = _lawn_green(rims, ground, k, cols), _lawn_green(cells, ground, k, cols)
        out[k] = min(np.linalg.norm(cells[k] - green),
                     np.linalg.norm(cells[k] - lined)) >= spread
    return out


# A tile whose rim is not grass and not plain is taken for a found tile: of its rarity when
# its rim's colour fits one, else of a colour not known (its sprite and the boxes tell its
# animal). An untapped tile under a decoration big enough to cover its rim band reads so
# too (bushes of three circles up to 1.5x the skin's usual size: wider-look 700003 at 1.21x,
# a bush stated a found Walrus with ``--animals``; 710039 at 1.07x, a bush's green taken for
# the common rarity's, stated a found Chamaeleon with no options), but the lawn's own green
# shows round the decoration, and a found tile is its rarity's colour all over, round its
# sprite: at most 0.074 of its inside the lawn's green (nearer it than to the rim's colour)
# on the 162 tiles read found of real-look 7000-7119 and at most 0.067 on wider-look
# 710000-710059's, the bushes 0.38 and more.
LAWN_INSIDE = 0.2  # share of a tile's inside the lawn's green beyond which it is not found


def _lawn_mask(stack: np.ndarray, rims: np.ndarray, ground: np.ndarray, k: int,
               cols: int) -> np.ndarray:
    """Which pixels of tile ``k``'s inside (its Lab patch in ``stack``, the rim band's edge
    cut off: 26 by 26) are within :data:`OWN_NEAR` of the lawn's green and nearer it than to
    the tile's rim colour (a found tile's fill near the lawn's stays its own): the green is
    the median rim of the grass tiles (``ground``) in the same squares of a checkerboard as
    ``k`` (all of them when too few)."""
    inside = stack[k, 3:29, 3:29]
    to_green = np.linalg.norm(inside - _lawn_green(rims, ground, k, cols), axis=2)
    to_rim = np.linalg.norm(inside - rims[k], axis=2)
    return (to_green < OWN_NEAR) & (to_green < to_rim)


def _lawn_green(rims: np.ndarray, ground: np.ndarray, k: int, cols: int) -> np.ndarray:
    """The lawn's green beside tile ``k``: the median rim of the grass tiles (``ground``)
    in the same squares of a checkerboard as ``k`` (all of them when too few)."""
    parity = np.array([(j // cols + j % cols) % 2 for j in range(len(rims))])
    mine = ground & (parity == parity[k])
    if mine.sum() < 3:
        mine = ground
    return np.median(rims[mine], axis=0)


def _lawn_inside(stack: np.ndarray, rims: np.ndarray, ground: np.ndarray, k: int,
                 cols: int) -> float:
    """The share of tile ``k``'s inside of the lawn's green (:func:`_lawn_mask`)."""
    return float(_lawn_mask(stack, rims, ground, k, cols).mean())


# A bush over most of an untapped tile, at the bush's edge with the lawn, can make a rim
# band of neither: the band's dominant colour is then a blend of the two, 10-13 from the
# lawn's green (not grass) and within the common rarity's tolerance, and since the blend
# takes the lawn's green round it, few of the inside's pixels are nearer the lawn than the
# rim (wider looks 790030 and 790036 at 0.6x + JPEG 60: 0.17 and 0.19 of lawn by
# :func:`_lawn_mask`, under :data:`LAWN_INSIDE`; a found common tile stated with --animals).
# A found tile's band is its fill, one colour all round: of the rim band's pixels, at least
# 0.66 are within :data:`RIM_NEAR` of its dominant colour on every found tile of real-look
# 7000-7119 showing the lawn's green inside, and of 780019's Rat tiles, their fill near the
# lawn's green (0.72-0.82); the bushes' bands 0.35 and 0.38. A blend lies near the lawn's
# green (the bushes' 9.7 and 12.5 from it): a found tile of another colour is never taken
# for one (wider 790028 at 0.5x, a rare tile, its band 0.51 its colour, 39 from the lawn).
# A found tile in the lawn's green, rounded and inset in its cell, has a band of two colours
# as well (wider 730044 at 0.61x: 0.24 of its band its colour, 9.3 from the lawn), but the
# lawn rings its sprite there (:func:`_lawn_rings`), and such a tile is kept found as with
# :data:`LAWN_INSIDE`; the bushes' lawn lies round the bush, in the corners.
# Fresh wider 810029 shrunk to 0.6x and saved as JPEG 60: a bright-green bush's band 0.58
# its colour, 10.7 from the lawn (stated found with --animals at 0.5): 0.6 takes it.
RIM_NEAR = 8.0  # Lab distance within which a rim band's pixel is of the band's colour
RIM_ONE = 0.6  # share of the rim band of its colour below which a band is two colours
LAWN_SHOWS = 0.15  # share of a tile's inside within OWN_NEAR of the lawn's green: it shows


def _mixed_rim(stack: np.ndarray, rims: np.ndarray, ground: np.ndarray, k: int, cols: int,
               rim_one: float) -> bool:
    """Whether tile ``k``'s rim band is a blend of the lawn and a decoration: fewer than
    :data:`RIM_ONE` of its pixels of its dominant colour (``rim_one``), that colour within
    :data:`GROUND_SPREAD` of the lawn's green (:func:`_lawn_green`), and the green showing
    on :data:`LAWN_SHOWS` of its inside at least."""
    green = _lawn_green(rims, ground, k, cols)
    if rim_one >= RIM_ONE or np.linalg.norm(rims[k] - green) >= GROUND_SPREAD:
        return False
    inside = stack[k, 3:29, 3:29]
    return float((np.linalg.norm(inside - green, axis=2) < OWN_NEAR).mean()) >= LAWN_SHOWS


# A found tile of the common rarity may be drawn in a green as near the lawn's as its own
# grass (fresh harder desktop 410008, an emulator window, the screen 305 px wide: two found
# Beavers, their rounded tiles the lawn's green on a darker cell): read on a lattice a little
# larger than the board's, its rim band takes the darker cell round it and its inside is the lawn's
# green on 0.49, so the bush check above left both unread and the cards' tally failed
# (the screen was not found among the windows; found and exact before the check). Such a
# tile's green rings its sprite: it shows on each arm from the middle to an edge, and its
# rounded corners show the cell. A bush's lawn is the other way round: round the
# decoration, in the corners, none across its middle (700003: arms 0.00, corners 0.72 of
# lawn; 710039 alike).
RING_ARM = 0.25  # share of lawn in each of a tile's four arms, at least, for a ring of it
RING_CORNERS = 0.5  # share of lawn in its four corners (mean), at most


# A bush drawn bigger still (1.4-1.8x the skin's usual) covers all but its tile's corners:
# the lawn shows on less of the inside than :data:`LAWN_INSIDE` (0.15-0.19), but its corners
# are the lawn's: 0.32-0.49 of the four corners of the inside (:func:`_lawn_rings`'s) on the
# bushes read as found tiles of widest looks 850000-850059 and 860000-860059 (850043 at
# 2.63x: a found common tile stated with no options, and a second animal named for it), at
# most 0.17 on the tiles read found there whose lawn was measured. A found tile in the
# lawn's green rings its sprite with it and is kept (:func:`_lawn_rings`).
LAWN_CORNERS = 0.25


BUSH_SPREAD = 2.0  # L spread of a tile's middle from which dark plain 'dirt' may be a bush
BUSH_OWN = 0.9  # ... and share of its inside its rim's colour under which


def _lawn_cornered(stack: np.ndarray, rims: np.ndarray, ground: np.ndarray, k: int,
                   cols: int) -> bool:
    """Whether the lawn's green (:func:`_lawn_mask`) fills :data:`LAWN_CORNERS` or more of
    tile ``k``'s inside's four corners (6 of 26 pixels each way), on average."""
    lawn = _lawn_mask(stack, rims, ground, k, cols)
    corners = (lawn[:6, :6], lawn[:6, -6:], lawn[-6:, :6], lawn[-6:, -6:])
    return float(np.mean([corner.mean() for corner in corners])) >= LAWN_CORNERS


# A bush in a rarity's colour (a dark green within the common rarity's tolerance, 36 Lab from
# the lawn's) drawn over all but its tile's corners: fresh widest 997035 as JPEG 40, JPEG 60,
# 0.6x + JPEG 60 and at 0.5x, the lawn on 0.20 of the inside's corners (under
# :data:`LAWN_CORNERS`), one blue berry on it, stated a found common tile with no warning. A
# found tile shows its animal: of its inside, the share far (:data:`PANEL_INK_FAR`) from both
# its rim's colour and the lawn's green. The bush's is its berry's, under :data:`BARE_INK`.
# A bush of a rarity's colour bigger than its tile is unread, but read as a tile of the lawn
# for the lattice's fit (``decorated``), as :func:`_bare_decoration` tells it, in two places
# :func:`read_tiles` read it as nothing (session 47). With a berry on it, the
# sprite a speck; widest 1244016 at 1.00x (Moon, the board 0.53 of the picture's width,
# found by the narrower search): a bush over (0,0), own share 0.95, read unknown; the
# board's own lattice read 92% of its tiles, under :func:`_whole`'s all: refused. Widest
# 1226010 (3,3) the same. Spilling over two of the tile's sides, its
# halves unlike (split 28.8, sides 27.3): widest 1226010 at 1.40x (Constellation) (0,1), read
# hidden; with (3,3) the board's own lattice read 92% and lost to one a row below it (96%,
# its bottom row over the menu bar read as five found tiles no picture centred in).
BARE_CORNERS = 0.1  # lawn share of the inside's corners (mean) from which a bare tile is a bush
BARE_INK = 0.05  # share of the inside far from the rim and the lawn, below: no animal


def _bare_decoration(stack: np.ndarray, rims: np.ndarray, ground: np.ndarray, k: int,
                     cols: int) -> bool:
    """Whether tile ``k`` is a decoration of one colour over the lawn: the lawn's green
    (:func:`_lawn_mask`) on :data:`BARE_CORNERS` of its inside's corners at least, and under
    :data:`BARE_INK` of its inside far from both its rim's colour and the lawn's green (no
    animal drawn on it)."""
    lawn = _lawn_mask(stack, rims, ground, k, cols)
    corners = (lawn[:6, :6], lawn[:6, -6:], lawn[-6:, :6], lawn[-6:, -6:])
    if float(np.mean([corner.mean() for corner in corners])) < BARE_CORNERS:
        return False
    inside = stack[k, 5:27, 5:27]  # (2 px further in: a lattice a pixel off shows the lines)
    green = _lawn_green(rims, ground, k, cols)
    # (far from the line between the two colours: their blend at the decoration's edge,
    # JPEG's, is no ink)
    along = green - rims[k]
    share = np.clip(((inside - rims[k]) @ along) / max(float(along @ along), 1e-6), 0.0, 1.0)
    off = np.linalg.norm(inside - (rims[k] + share[..., None] * along), axis=2)
    return float((off >= PANEL_INK_FAR).mean()) < BARE_INK


def _lawn_rings(stack: np.ndarray, rims: np.ndarray, ground: np.ndarray, k: int,
                cols: int) -> bool:
    """Whether the lawn's green inside tile ``k`` (:func:`_lawn_mask`) rings its middle
    like a found tile's rounded fill round its sprite: on every arm between the middle and
    an edge (a third of the tile wide) at least :data:`RING_ARM` of it, in the corners (6 of
    26 pixels each way) on average at most :data:`RING_CORNERS`."""
    lawn = _lawn_mask(stack, rims, ground, k, cols)
    arms = (lawn[9:17, :9], lawn[9:17, -9:], lawn[:9, 9:17], lawn[-9:, 9:17])
    corners = (lawn[:6, :6], lawn[:6, -6:], lawn[-6:, :6], lawn[-6:, -6:])
    return min(float(arm.mean()) for arm in arms) >= RING_ARM and \
        float(np.mean([corner.mean() for corner in corners])) <= RING_CORNERS


# A found tile may stand inset in its cell, the ground beneath it (dirt, a dark outline)
# showing round it; with a big sprite over most of its middle, the rim band may then be
# half that ground on one side (a lattice placed a pixel off, a screen scaled down), and the
# tile of one colour all round looks partly covered. Such a tile is read when the same band
# of a crop a little further in (INSIDE_INSETS of the tile each side, either) is one colour
# all round too, and that colour is the rim band's own (within COVER_SAME): a notification's
# edge crosses both bands. Real-look screens 7084 (0.65x; at 0.08 in, its big sprite fills
# two sides of the band, at 0.04 not) and 7108 (0.63x), found tiles inset 3 points, were
# left unread.
INSIDE_INSETS = (0.04, 0.08)


def _inside_agrees(image: np.ndarray, lattice: Lattice, r: int, c: int,
                   rim: np.ndarray) -> bool:
    """Whether the rim band of tile ``(r, c)`` cropped a little further in (one of
    :data:`INSIDE_INSETS`) is one colour on every side and in both halves, the rim band's
    colour ``rim`` (Lab)."""
    return any(_agrees_at(image, lattice, r, c, rim, inset) for inset in INSIDE_INSETS)


def _agrees_at(image: np.ndarray, lattice: Lattice, r: int, c: int, rim: np.ndarray,
               inset: float) -> bool:
    crop = _tile_crop(image, lattice, r, c, inset)
    if min(crop.shape[:2]) < 8:
        return False
    lab = _lab(cv2.resize(crop, (PATCH, PATCH), interpolation=cv2.INTER_AREA))
    inside = _dominant_each(lab[_RING][None])[0]
    if float(np.linalg.norm(inside - rim)) >= COVER_SAME:
        return False
    # (the sides' clouds in one call, the halves' in another: each its own answer, as above)
    sides = sorted(_unlike(side, inside) for side in _dominant_each(
        np.stack([lab[rows, cols].reshape(-1, 3) for rows, cols in _SIDES])))
    parts = _dominant_each(np.stack([lab[mask] for pair in _HALVES for mask in pair]))
    halves = max(float(np.linalg.norm(parts[2 * k] - parts[2 * k + 1]))
                 for k in range(len(_HALVES)))
    return sides[-2] <= SIDES_SAME and halves <= HALVES_SAME


# A tile whose rim band is the grass's green and whose middle is not may be an untapped
# tile under a big decoration rather than a found tile with a grass-green outline: wider
# 810029 (1x with a toast, letterboxed, 0.5x), a bush of three circles in a bright green
# over most of the tile, the common rarity's colour, stated a found tile with no options.
# Two things tell it: the lawn round a round decoration fills a corner of the tile's inside
# (of a 6 by 6 corner of the 26 by 26 inside, the share within OWN_NEAR of the rim's colour:
# 1.00 on the bush, at most 0.83 on the 39 found tiles read so on real-look 7000-7119 and
# 500000-500059 and wider 710000-710059 and 730000-730059, 0.55x-2.51x: 710024's, inset on
# a dark cell), and a found tile shows its animal: of its inside, the share neither the
# rim's colour nor the fill's (PANEL_INK_FAR apart from both) was 0.10 at least on those
# tiles, 0.01 on the bush (its one small flower). Both must hold to leave a tile unread.
PANEL_CORNER = 0.9  # share of a corner of the inside of the rim's colour: the lawn there
PANEL_INK = 0.05  # share of the inside of neither the rim's colour nor the fill's, below: no animal
PANEL_INK_FAR = 20.0  # Lab distance from the rim's colour and the fill's of an animal's ink
# A rock drawn big enough to cover the rim band leaves the lawn's green round a grey panel
# with a lighter highlight (ink 0.105, past PANEL_INK): fresh widest 920030 at 0.98x, a rock
# of chroma 2.4 (Lab a, b) 32 from the rare colour, within the tolerance, stated a found
# T-Rex with --animals. A rarity's fill has a colour: the least chroma of the four drawn
# with the widest family's jitter (28 a channel) is 17.0 (rare), so a grey panel fits none.
PANEL_GREY = 6.0  # chroma (Lab a, b) under which a panel is grey: no rarity's fill
# A bush spilling over its tile's sides leaves the lawn's green on its rim band (read as a
# panel tile) and in a corner of its inside round the bush: unread, and a tile of the lawn
# for the lattice's fit (``decorated``), as a bush read so elsewhere. Fresh widest 1263005
# at 1.26x (Ice Age, a checkered lawn with no lines, the board 0.53 of the width): a bush of
# two greens over (3,1), a corner 0.97 the lawn's, ink 0.02; unread, the board's own lattice
# read 96% of its tiles, under :func:`_whole`'s all, and a lattice over the pale sky was
# taken (refused: the board going on past it).
PANEL_DECORATED = True


def _panel_tile(image: np.ndarray, lattice: Lattice, r: int, c: int, lab: np.ndarray,
                rim: np.ndarray, references: dict[str, np.ndarray], tolerance: float,
                margin: float) -> TileSeen:
    """A tile whose rim band is the grass's colour but whose middle is mostly not (a found
    tile whose outline, a darker shade of its green, is the grass's green): found when the
    colour of most of its middle apart from that outline is a rarity's and it shows a
    sprite, and it is not the lawn round a decoration
    (:func:`_lawn_round_a_decoration`), else unread. Never untapped."""
    inside = np.linalg.norm(lab[3:29, 3:29] - rim, axis=2) < OWN_NEAR
    middle = lab[3:29, 3:29].reshape(-1, 3)
    rest = middle[~inside.reshape(-1)]
    if len(rest) < len(middle) // 2:
        return TileSeen("unknown", confidence=0.0)
    panel = _dominant_each(rest[None])[0]
    if _lawn_round_a_decoration(lab[3:29, 3:29], inside, rim, panel):
        # (unread, a tile of the lawn for the lattice's fit: :data:`PANEL_DECORATED`)
        return TileSeen("unknown", confidence=0.0, decorated=PANEL_DECORATED)
    fits = _rarity_fits(panel, references, tolerance, margin)
    if float(np.hypot(panel[1], panel[2])) < PANEL_GREY:
        fits = ()  # grey: a rock, not a rarity's fill
    sprite = _tile_sprite(image, lattice, r, c, own=True)
    if not fits or sprite is None or sprite.empty:
        return TileSeen("unknown", confidence=0.0)
    return TileSeen("found", fits, _closeness(panel, references[fits[0]], tolerance), sprite,
                    tuple(float(v) for v in panel))


# A decoration standing off to one side of an untapped tile (a bush of two circles low in
# it, hanging over into the next cell) leaves the lawn's green across one side of the tile's
# inside and none across the opposite side, while its own dark green, within the common
# rarity's tolerance, fills the rest: fresh widest 1044014 at 0.64x, the lawn
# (:func:`_lawn_mask`) on 0.51-0.56 of the inside's top band and 0.00-0.10 of its bottom
# band, a ground tile stated a found Stegosaurus/Raptor with --animals. A found tile read so
# (:func:`_panel_tile`: its outline the grass's green, or a disc inset in the lawn) is its
# rarity's fill round its animal in the middle: whatever lawn shows a few pixels in shows
# alike on opposite sides.
LAWN_LOPSIDED = 0.35  # lawn share of a side's band over its opposite's: off to one side
# A found tile read so has its outline (the rim band, the grass's green) all round it, its
# rim's halves alike (under HALVES_SAME, as any tile's). A lawn tile half under a light
# toast shows the grass's own green along three sides and the toast's pale grey along the
# fourth, the toast the "fill" within the rare colour's tolerance: the toast variant of
# widest 1210005 (a grass tile with a rock, the toast across its bottom half; halves 32.8
# apart, three sides 0.1 Lab from the rim's colour, the fourth 33.0), stated a found Tiger
# with and without --animals. Such a tile is read hidden (partly under something), never
# found. Only with three sides the rim's own colour (within OWN_NEAR, plain distance): a
# lattice laid over the cards (faint-lines probe 810022 at 0.67x, test_disco_zoo_hunt32b)
# cuts the cards' panels into "found" tiles whose halves are unlike too (25-52 Lab) but whose
# sides are of two or more colours (the third nearest 18-41 Lab from the rim's): read found,
# more of them than the animals cover refuse that lattice's board with --animals, where
# read hidden its wrong board was stated (the 44th session's s44w1210, reverted).
PANEL_HALVES = HALVES_SAME


def _lawn_sided(stack: np.ndarray, rims: np.ndarray, ground: np.ndarray, k: int,
                cols: int) -> bool:
    """Whether the lawn's green (:func:`_lawn_mask`) covers :data:`LAWN_LOPSIDED` more of a
    band along one side of tile ``k``'s inside (4 to 9 pixels in from its edge, the side's
    middle 18 of 26 pixels) than of the band along the opposite side."""
    lawn = _lawn_mask(stack, rims, ground, k, cols)
    top, bottom = float(lawn[4:9, 4:22].mean()), float(lawn[-9:-4, 4:22].mean())
    left, right = float(lawn[4:22, 4:9].mean()), float(lawn[4:22, -9:-4].mean())
    return max(abs(top - bottom), abs(left - right)) >= LAWN_LOPSIDED


# A found tile drawn as a disc of its rarity's colour inset in a cell of the lawn's green
# (wider 880038 at 0.56x: a found Kangaroo, its middle 0.306 the lawn's green, over
# GRASS_OWN_SHARE, read as grass and stated so with --animals) is read as :func:`_panel_tile`
# reads a tile under GRASS_OWN_SHARE when under DISC_OWN_SHARE of its middle is the rim's
# colour and the rest is a rarity's own colour (within DISC_NEAR Lab of its reference: the
# Kangaroo's 3.9) with an animal drawn on it (PANEL_INK). A bush there (wider 810029 at 0.6x
# and JPEG 60, own share 0.302) is 29 Lab from the common colour with 0.03 ink.
# The disc stands in the middle of its cell: the rest's centroid within DISC_CENTRED px (of the
# 26 px middle) of its centre both ways (880038's 0.16). A lattice a third of a tile off the
# board (faint-lines probe 800028 at 0.67x) cuts two found Goat tiles' discs 3.9 px off the
# middle, their lawn's green in two corners only: read found, they made the board's count
# fit the clear counter's 3 and the cards' boxes, and the lattice's wrong board was stated
# with --animals where it had been refused (test_disco_zoo_hunt32b). Such a disc of no
# rarity's colour as known (the game's own colours are unchecked: the widest looks draw them
# off the references) is unread, never grass: widest 1054004 at 1.37x, a found Lion's cyan
# disc in a cell 7.6 Lab from the lawn's green, 0.36 of its middle the cell's, the disc 48
# Lab from the nearest reference: stated grass with --animals.
DISC_OWN_SHARE = 0.4
DISC_NEAR = 12.0
DISC_CENTRED = 2.0


def _ink_share(inside: np.ndarray, rim: np.ndarray, fill: np.ndarray) -> float:
    """The share of a tile's inside (Lab) far (:data:`PANEL_INK_FAR`) from both its rim's
    colour and its fill's: an animal's ink (the tile readers' one measure of it)."""
    ink = (np.linalg.norm(inside - rim, axis=2) >= PANEL_INK_FAR) \
        & (np.linalg.norm(inside - fill, axis=2) >= PANEL_INK_FAR)
    return float(ink.mean())


def _rarity_disc(lab: np.ndarray, rim: np.ndarray,
                 references: dict[str, np.ndarray] | None) -> bool:
    """Whether a tile's middle apart from its rim's colour (its Lab patch ``lab``) is a
    disc in the middle (:data:`DISC_CENTRED`) of a rarity's own colour (within
    :data:`DISC_NEAR` of its reference; of any colour with ``references`` ``None``) with an
    animal drawn on it (:data:`PANEL_INK` of the middle far from both colours)."""
    inside = lab[3:29, 3:29]
    near = np.linalg.norm(inside - rim, axis=2) < OWN_NEAR
    rest = inside[~near]
    if len(rest) < near.size // 2:
        return False
    ys, xs = np.nonzero(~near)
    middle = (inside.shape[0] - 1) / 2
    if max(abs(float(xs.mean()) - middle), abs(float(ys.mean()) - middle)) > DISC_CENTRED:
        return False
    fill = _dominant_each(rest[None])[0]
    if references is not None and \
            min(float(np.linalg.norm(fill - ref)) for ref in references.values()) >= DISC_NEAR:
        return False
    return _ink_share(inside, rim, fill) >= PANEL_INK


# A found tile is rounded, coloured by its rarity (issue 18); the widest looks round it up to
# a disc inset in its cell, the cell of another colour showing all round it. A small disc
# leaves the rim band (:data:`_RING`) on the cell and the disc's dark outline: widest 1022036
# at 0.81x (Jurassic), the rare T-Rex's light-blue disc in a cell of the common rarity's
# green, its rim band 51 Lab from the disc and within the common's tolerance, read common
# and stated Diplodocus with ``--animals`` (stopped by :func:`.identify._colours_belied`).
# Such a tile is read from rays out of its middle: each starts in the tile's outer tenth
# (the cell), leaves that colour (DISC_EDGE Lab) at the disc's edge, and the disc's fill
# lies just inside the edge (a few pixels past its outline: DISC_FILL of the tile's
# half-width), round the animal. It is a disc in a cell when the rays start on one colour
# (CELL_ROUND of them), leave it at one distance from the middle (its spread under
# DISC_STEADY of its mean: a disc; a square's is 0.1, the tile's own edge round a square
# animal's), and find one colour past the edge (DISC_ROUND of them) far from the rim band's
# (PANEL_INK_FAR) that fits a rarity.
# The tile's rim colour must cover under DISC_OWN_SHARE of its middle (a disc fills it).
# 1022036's T-Rex: 1.00 of the rays on the cell, the edge's spread 0.052, the fill on
# 0.50; the found tiles of widest 1022000 (40) and 7000 (60) otherwise: none read so.
DISC_RAYS = 32
DISC_EDGE = 20.0
DISC_FILL = 0.12
CELL_ROUND = 0.75
DISC_STEADY = 0.08
DISC_ROUND = 0.5


def _inset_disc(image: np.ndarray, lattice: Lattice, r: int, c: int, rim: np.ndarray,
                own: float, references: dict[str, np.ndarray], tolerance: float,
                margin: float, square: bool = False) -> tuple[tuple[str, ...], np.ndarray] | None:
    """The rarities and colour (Lab) of found tile ``r``, ``c`` read from a disc inset in
    its cell (:data:`DISC_RAYS` rays from its middle), when its rim band's colour ``rim``
    is the cell round the disc (its share ``own`` of the middle under
    :data:`DISC_OWN_SHARE`); ``None`` when the tile is not such a disc. ``square``: a
    rounded square too (the edge steady over the rays a quarter turn apart, not over all):
    asked only where the rim band is known to be a cell (:func:`_darkened_lawn`), since a
    square animal on a tile filling its cell would read so too."""
    if own >= DISC_OWN_SHARE:
        return None
    rays = _disc_rays(image, lattice, r, c)
    if rays is None:
        return None
    starts, edges, fills, turns = rays
    starts_ = np.array(starts)
    cell = _dominant_each(starts_[None])[0]
    if float((np.linalg.norm(starts_ - cell, axis=1) < RIM_NEAR + 4).mean()) < CELL_ROUND \
            or len(edges) < DISC_ROUND * DISC_RAYS:
        return None
    if square:
        if any(len(e) < 3 or float(np.std(e)) > DISC_STEADY * float(np.mean(e))
               for e in turns.values()):
            return None
    elif float(np.std(edges)) > DISC_STEADY * float(np.mean(edges)):
        return None
    fills = [f for f in fills if len(f)]
    if not fills:
        return None
    fill = _dominant_each(np.concatenate(fills)[None])[0]
    round_ = sum(float((np.linalg.norm(f - fill, axis=1) < RIM_NEAR + 4).mean()) > 0.3
                 for f in fills) / DISC_RAYS
    if round_ < DISC_ROUND or float(np.linalg.norm(fill - rim)) < PANEL_INK_FAR:
        return None
    fits = _rarity_fits(fill, references, tolerance, margin)
    return (fits, fill) if fits else None


def _disc_rays(image: np.ndarray, lattice: Lattice, r: int, c: int) -> tuple | None:
    """Tile ``r``, ``c``'s :data:`DISC_RAYS` rays from its outer tenth to its middle (Lab):
    (each ray's start, the distances from the middle where the rays leave their start's
    colour by :data:`DISC_EDGE`, the colours just inside those edges (:data:`DISC_FILL`),
    the edges by rays a quarter turn apart); ``None`` for a tile too small."""
    lab = _lab(_tile_crop(image, lattice, r, c, 0.0))
    h, w = lab.shape[:2]
    half = min(h, w) / 2
    if half < 6:
        return None
    cy, cx = (h - 1) / 2, (w - 1) / 2
    width = max(2.0, DISC_FILL * half)
    starts, edges, fills = [], [], []
    turns: dict[int, list[float]] = {}  # the edges of the rays a quarter turn apart
    for angle in np.arange(DISC_RAYS) * 2 * np.pi / DISC_RAYS:
        dy, dx = np.sin(angle), np.cos(angle)
        reach = half / max(abs(dx), abs(dy))
        ts = np.arange(reach * 0.9, half * 0.15, -0.5)
        ray = lab[np.clip(np.round(cy + dy * ts).astype(int), 0, h - 1),
                  np.clip(np.round(cx + dx * ts).astype(int), 0, w - 1)]
        starts.append(ray[0])
        off = np.nonzero(np.linalg.norm(ray - ray[0], axis=1) > DISC_EDGE)[0]
        if not len(off):
            continue
        edge = ts[off[0]]
        edges.append(edge)
        turns.setdefault(len(starts) % (DISC_RAYS // 4), []).append(edge)
        fills.append(ray[(ts <= edge - 1.0) & (ts >= edge - 1.0 - width)])
    return starts, edges, fills, turns


# A found tile is rounded, coloured by its rarity (issue 18), and may be inset in a cell of
# another colour; blurred or small, the disc :func:`_inset_disc` reads no longer shows as one,
# and the rim band, the cell mixed with the disc's edge, may fit a rarity by itself. A colour
# read so unsurely (under :data:`.settle.COLOUR_SURE`) keeps the rarities the colour just
# inside the rounded edge fits too, when that colour lies PANEL_INK_FAR from the rim's: the
# tile may be either (the cards and the board tell which, else it is written unsure). Fresh
# widest 1190009 as JPEG 60 and at 0.6x + JPEG 60 (Jurassic): the timeless Ankylosaurus's
# gold disc in a cell of the lawn darkened, the rim band read common (0.75, 0.72) and the
# tile stated Raptor (the common animal) with --animals; the colour inside its edge 23 Lab
# from timeless's and 43 from common's (0.6x: 36 and 41). Of the found tiles read by their
# rim on widest 1190000 and 1126000 (64, six looks), no other one's colour inside its edge
# fits a rarity its rim does not.
COLOUR_UNSURE = 0.85  # (.settle.COLOUR_SURE: a tile's colour read surely under it)


def _rim_or_disc(image: np.ndarray, lattice: Lattice, r: int, c: int, rim: np.ndarray,
                 fits: tuple[str, ...], closeness: float, references: dict[str, np.ndarray],
                 tolerance: float, margin: float) -> tuple[str, ...]:
    """Found tile ``r``, ``c``'s rarities read off its rim band's colour ``rim`` (``fits``,
    its ``closeness`` to the nearest), with those the colour just inside its rounded edge
    fits when the rim's is unsure and that colour is far from the rim's (see above)."""
    if closeness >= COLOUR_UNSURE:
        return fits
    rays = _disc_rays(image, lattice, r, c)
    if rays is None or not [f for f in rays[2] if len(f)]:
        return fits
    fill = _dominant_each(np.concatenate([f for f in rays[2] if len(f)])[None])[0]
    if float(np.linalg.norm(fill - rim)) < PANEL_INK_FAR:
        return fits
    return fits + tuple(n for n in _rarity_fits(fill, references, tolerance, margin)
                        if n not in fits)


def _decoration_near_the_lawn(lab: np.ndarray, rim: np.ndarray) -> bool:
    """Whether a tile (its Lab patch ``lab``, its rim band's colour ``rim``) whose middle is
    mostly not its rim's colour is a decoration on the lawn
    (:func:`_lawn_round_a_decoration`, the fill the dominant colour of the rest)."""
    inside = lab[3:29, 3:29]
    near = np.linalg.norm(inside - rim, axis=2) < OWN_NEAR
    rest = inside[~near]
    if not len(rest):
        return False
    return _lawn_round_a_decoration(inside, near, rim, _dominant_each(rest[None])[0])


def _lawn_round_a_decoration(inside: np.ndarray, near_rim: np.ndarray, rim: np.ndarray,
                             fill: np.ndarray) -> bool:
    """Whether a tile's inside (Lab, 26 by 26; ``near_rim`` its pixels within
    :data:`OWN_NEAR` of its rim's colour ``rim``, ``fill`` the dominant colour of the rest)
    is a decoration on the lawn: a corner of it the rim's colour on :data:`PANEL_CORNER` at
    least, and under :data:`PANEL_INK` of it far from both colours (no animal drawn)."""
    corners = (near_rim[:6, :6], near_rim[:6, -6:], near_rim[-6:, :6], near_rim[-6:, -6:])
    if max(float(corner.mean()) for corner in corners) < PANEL_CORNER:
        return False
    return _ink_share(inside, rim, fill) < PANEL_INK


def _rarity_references(facts: dict) -> dict[str, np.ndarray]:
    """Each rarity's colour (Lab) as the screen's facts give it."""
    return {name: _lab(np.array(rgb[::-1], np.uint8).reshape(1, 3))[0]
            for name, rgb in facts["rarity_colors"].items()}


# A found tile is rounded, coloured by its rarity, showing its animal (issue 18); no grass
# tile shows an animal. The widest looks may draw it off the middle of a cell of the lawn's
# green darkened, the cell near enough the lawn's green to read as grass: widest 1138004 in
# the ``top`` variant (Northern, a dark lawn), two found Otters' gold tiles 4 px above their
# cells' middles, the rim band the cell (4.8 Lab from the lawn, the spread 8.0), 0.50 of the
# middle the cell's: stated ground with and without --animals (:func:`_rarity_disc` asks a
# centred disc and under DISC_OWN_SHARE). A tile of the lawn with under FOUND_OWN_SHARE of
# its middle its rim's colour, the rest one colour (FOUND_FILL of it at least) that fits a
# rarity and far from the rim (PANEL_INK_FAR), an animal drawn on it (PANEL_INK), its rim
# band a cell's (FOUND_CELL_APART Lab from the lawn's green at least), is unread
# (the Otters: 0.50 of the middle the cell's, the gold 0.48 of the rest, ink 0.22).
FOUND_OWN_SHARE = 0.6
FOUND_CELL_APART = 3.0
FOUND_FILL = 0.35


# A found tile's cell may be drawn near the lawn's green, within the lawn's spread, its animal
# over most of it: widest 1213004 as ``sj`` (0.6x, JPEG 60; Ice Age): the Giant Sloth's three
# found tiles, their olive cells 7.9-10.3 Lab from the lawn (its spread 11.0, the grass tiles
# 3.7 at most), 0.44-0.47 of the inside the cell's, 0.03-0.04 the lawn's, 0.28-0.30 far from
# both (the brown sloth; no rarity's fill round it), were stated ground with ``--animals``.
# The grass tiles there, decorated or not, showed 0.64 of their rim's colour at least, the
# lawn on 0.11 of the inside at least, and 0.17 far from both at most. A grass tile of the
# lattice chosen (under FOUND_OWN_SHARE its rim's colour, FOUND_CELL_APART off the lawn) with
# the lawn on under OFF_LAWN_LAWN of its inside and ink on OFF_LAWN_INK of it is unread
# (:func:`off_the_lawn`; after the lattice is chosen: read so while lattices are weighed, the
# board's own lost to one inside it).
OFF_LAWN_LAWN = 0.08
OFF_LAWN_INK = 0.2


def off_the_lawn(image: np.ndarray, lattice: Lattice,
                 tiles: tuple[tuple[TileSeen, ...], ...]) -> tuple[tuple[TileSeen, ...], ...]:
    """``tiles`` with each grass tile that is an animal over a cell a little off the lawn's
    green (see the note above) unread (``lawn``: read as grass, maybe a found tile)."""
    stack = _tile_patches(image, lattice)
    rims, _, to_grass, _, ground = _lawn_of(stack, lattice.cols)
    cols = lattice.cols
    out = [list(row) for row in tiles]
    changed = False
    for r, row in enumerate(tiles):
        for c, tile in enumerate(row):
            k = r * cols + c
            if tile.kind != "ground" or not ground[k] or to_grass[k] < FOUND_CELL_APART:
                continue
            inside = stack[k, 3:29, 3:29]
            own = float((np.linalg.norm(inside - rims[k], axis=2) < OWN_NEAR).mean())
            if own >= FOUND_OWN_SHARE or _lawn_inside(stack, rims, ground, k, cols) >= OFF_LAWN_LAWN:
                continue
            if _ink_share(inside, rims[k], _lawn_green(rims, ground, k, cols)) >= OFF_LAWN_INK:
                out[r][c] = TileSeen("unknown", confidence=0.0, lawn=True)
                changed = True
    return tuple(tuple(row) for row in out) if changed else tiles


def _animal_on_a_tile(lab: np.ndarray, rim: np.ndarray, references: dict[str, np.ndarray],
                      tolerance: float, margin: float) -> bool:
    """Whether a tile's middle apart from its rim's colour ``rim`` (its Lab patch ``lab``)
    is a tile of a rarity's colour (:data:`FOUND_FILL` of the rest one colour, fitting a
    rarity, far from the rim) with an animal drawn on it (:data:`PANEL_INK`), wherever it
    stands in the cell."""
    inside = lab[3:29, 3:29]
    near = np.linalg.norm(inside - rim, axis=2) < OWN_NEAR
    rest = inside[~near]
    if not len(rest):
        return False
    # (the rest's commonest colour, to 4 Lab: a flat fill round the animal's ink)
    bins, counts = np.unique(np.round(rest / 4.0), axis=0, return_counts=True)
    mode = bins[int(np.argmax(counts))] * 4.0
    fill = rest[np.linalg.norm(rest - mode, axis=1) < OWN_NEAR].mean(axis=0)
    if float(np.linalg.norm(fill - rim)) < PANEL_INK_FAR \
            or float((np.linalg.norm(rest - fill, axis=1) < OWN_NEAR).mean()) < FOUND_FILL \
            or not _rarity_fits(fill, references, tolerance, margin):
        return False
    return _ink_share(inside, rim, fill) >= PANEL_INK


# A found tile is rounded, coloured by its rarity, showing its animal (issue 18). The widest
# looks inset it in a cell of the dirt's colour (or the lawn darkened under the dirt's bar),
# often off the cell's middle, its animal's sprite over most of it, so that only a band of
# its colour shows round the animal, JPEG-soft: read as dirt with something over it (widest
# 1140004 (1,2), 1142018 (2,0), (4,0), (4,1): unread with --animals). Such a tile is read
# found, of its rarity, when apart from the cell's colour (PANEL_INK_FAR) one colour shows
# (RING_FILL of the tile at least, the commonest to 8 Lab that fits a rarity, not the
# lawn's: a lawn line at a crop's edge), all round the middle of what is not the cell (in
# RING_AROUND of RING_SECTORS directions), and an animal is drawn inside it (PANEL_INK of the
# tile far from both colours, its middle within RING_OFF px of the band's): a decoration
# over dirt, a rounded square of a rarity's colour with no animal drawn on it, is not read.
RING_FILL = 0.04
RING_SECTORS = 16
RING_AROUND = 0.9
RING_OFF = 5.0
RING_SLACK = 3.0


def _ringed_tile(lab: np.ndarray, rim: np.ndarray, grass: np.ndarray,
                 references: dict[str, np.ndarray], tolerance: float,
                 margin: float) -> tuple[tuple[str, ...], np.ndarray] | None:
    """The rarities and colour (Lab) of a found tile (its Lab patch ``lab``) inset in a cell
    of its rim band's colour ``rim``: a band of a rarity's colour all round an animal
    (:data:`RING_AROUND`); ``None`` when the tile shows no such band (the lawn's
    ``grass`` is none)."""
    inside = lab[2:30, 2:30]
    far = np.linalg.norm(inside - rim, axis=2) >= PANEL_INK_FAR
    rest = inside[far]
    if len(rest) < 2 * RING_FILL * far.size:
        return None
    bins, counts = np.unique(np.round(rest / 8.0), axis=0, return_counts=True)
    fill, fits = None, ()
    for b in np.argsort(-counts)[:6]:
        if counts[b] < RING_FILL * far.size:
            break
        mode = bins[b] * 8.0
        near = np.linalg.norm(rest - mode, axis=1) < OWN_NEAR
        if not near.any():
            continue
        colour = rest[near].mean(axis=0)
        fits = _rarity_fits(colour, references, tolerance, margin)
        if fits and float(np.linalg.norm(colour - grass)) >= GROUND_SPREAD:
            fill = colour
            break
    if fill is None:
        return None
    band = np.linalg.norm(inside - fill, axis=2) < OWN_NEAR
    ys, xs = np.nonzero(far)
    cy, cx = (ys.min() + ys.max()) / 2, (xs.min() + xs.max()) / 2
    by, bx = np.nonzero(band)
    ink = far & (np.linalg.norm(inside - fill, axis=2) >= PANEL_INK_FAR)
    if float(ink.mean()) < PANEL_INK:
        return None
    iy, ix = np.nonzero(ink)
    # (each direction's farthest band pixel and ink pixel from the middle: the band round
    # the ink, not a colour of the sprite's inside it)
    band_out = np.full(RING_SECTORS, -1.0)
    ink_out = np.full(RING_SECTORS, -1.0)
    for ys_, xs_, out in ((by, bx, band_out), (iy, ix, ink_out)):
        sector = (np.floor((np.arctan2(ys_ - cy, xs_ - cx) + np.pi) / (2 * np.pi)
                           * RING_SECTORS).astype(int)) % RING_SECTORS
        np.maximum.at(out, sector, np.hypot(ys_ - cy, xs_ - cx))
    if float(((band_out >= 0) & (band_out >= ink_out - RING_SLACK)).mean()) < RING_AROUND:
        return None
    if abs(float(iy.mean() - by.mean())) + abs(float(ix.mean() - bx.mean())) > RING_OFF:
        return None
    return fits, fill


# Such a tile's band, when the sprite breaks it (reaches past it in some directions: widest
# 1142018 (2,0), the band out as far as the ink in 14 of 16 directions, 1140008 (3,2) in 10),
# or when the tile is off its cell's middle, its halves unlike, still shows it found:
# one light colour (RING_LIGHT, lighter than any dirt; not the lawn's; the commonest to 8 Lab
# of BAND_BINS, RING_FILL of the tile within OWN_NEAR) round the middle of what is not the
# cell in BAND_SEEN of the directions (the sprite hides the rest: 1140008 (3,2) 0.62), as
# wide and tall as BAND_SPAN of the tile (a disc, not a sprite's speck), inset in its cell
# (under BAND_EDGE of the patch's outer BAND_FRAME px of that colour: a toast or a finger
# carries on past the tile's edge), an animal drawn on it (PANEL_INK). It is read found of
# no rarity: the colour may be the sprite's own (1142018 (3,3): the Raptor's yellow body
# inside a common ring), so only the cards and the sprite tell its animal. On widest
# 1140000-039 and 1142000-039, 1160000-039 and 1126000-039 (every tile darker than the
# dirt's bar, not read empty) it holds on found tiles only.
# Untapped tiles are grass, decorated or not (issue 18): a decoration leaves the lawn's green
# showing round it, and a dark tapped tile's dirt the cell's colour; a found tile, rounded and
# inset, covers much of its cell with its own colour and its animal. What is neither the
# cell's colour nor the lawn's covers BAND_COVER of the tile's inside or more: found tiles
# 0.34 and up (widest 1142022 (2,3)); a bush on grass 0.24 (hybrid wider 700044 (4,2) at
# 1.76x, the lattice a fifth of a row low, the board's dark-blue surround in its rim band:
# read found, a tapped tile stated found and a Bat stated Kiwi), our own skin's coins on
# dirt 0.15 (a tapped empty tile read found: desktop reads asked). And the animal is drawn
# on the tile: ink (neither the cell's colour, the band's nor the lawn's) inside the band's
# outline (its convex hull) covers BAND_INK of the inside or more: found tiles 0.032 and up
# (widest 1142009 (0,2)), that bush 0.019 (its pink dot; the lawn round it was its "ink").
BAND_SEEN = 0.6
RING_LIGHT = 50.0
BAND_SPAN = 0.5
BAND_EDGE = 0.1
BAND_FRAME = 1
BAND_BINS = 12
BAND_COVER = 0.3
BAND_INK = 0.025


def _banded_tile(lab: np.ndarray, rim: np.ndarray, grass: np.ndarray) -> bool:
    """Whether a tile (its Lab patch ``lab``) in a cell of its rim band's colour ``rim``
    shows a found tile's band of one light colour round an animal (:data:`BAND_SEEN`), its
    colour any but the lawn's ``grass``."""
    inside = lab[2:30, 2:30]
    far = np.linalg.norm(inside - rim, axis=2) >= PANEL_INK_FAR
    rest = inside[far]
    if len(rest) < 2 * RING_FILL * far.size or float(
            (far & (np.linalg.norm(inside - grass, axis=2) >= GROUND_SPREAD)).mean()) \
            < BAND_COVER:
        return False
    ys, xs = np.nonzero(far)
    cy, cx = (ys.min() + ys.max()) / 2, (xs.min() + xs.max()) / 2
    frame = np.ones(lab.shape[:2], bool)
    frame[BAND_FRAME:-BAND_FRAME, BAND_FRAME:-BAND_FRAME] = False
    bins, counts = np.unique(np.round(rest / 8.0), axis=0, return_counts=True)
    for b in np.argsort(-counts)[:BAND_BINS]:
        near = np.linalg.norm(rest - bins[b] * 8.0, axis=1) < OWN_NEAR
        if near.sum() < RING_FILL * far.size:
            continue
        fill = rest[near].mean(axis=0)
        if fill[0] < RING_LIGHT or float(np.linalg.norm(fill - grass)) < GROUND_SPREAD \
                or _lawn_blend(fill, grass, inside):
            continue
        band = np.linalg.norm(inside - fill, axis=2) < OWN_NEAR
        by, bx = np.nonzero(band)
        if min(by.max() - by.min(), bx.max() - bx.min()) + 1 < BAND_SPAN * inside.shape[0]:
            continue
        if float((np.linalg.norm(lab[frame] - fill, axis=1) < OWN_NEAR).mean()) >= BAND_EDGE:
            continue
        if _ink_share(inside, rim, fill) < PANEL_INK or _ink_on_the_band(
                inside, rim, fill, grass, band) < BAND_INK:
            continue
        sector = (np.floor((np.arctan2(by - cy, bx - cx) + np.pi) / (2 * np.pi)
                           * RING_SECTORS).astype(int)) % RING_SECTORS
        if len(np.unique(sector)) >= BAND_SEEN * RING_SECTORS:
            return True
    return False


# A dark decoration on the lawn (a bush) blurred into it makes a ring of their blend round
# the decoration, as a grey rock's does (:func:`_grey_blend`): fresh widest 1270007 at 1.00x
# (Northern, a bright lawn, L 87): a bush in a dark green (L 37) over an untapped tile, its
# rim band darker than the dirt's bar, its edge's blend (74.5, -61.5, 47.4) 21 Lab from the
# lawn, 3.4 from the segment from the lawn to the bush (0.30 of the way), taken for a found
# tile's band round an animal (the bush its "ink"): read found, stated Fox with --animals.
# A candidate within BLEND_NEAR of the segment from the lawn's green (shown on RING_FILL of
# the inside at least) to another colour of the inside (RING_FILL of it at least, within
# OWN_NEAR of its 8-Lab bin, PANEL_INK_FAR from the candidate), between BLEND_ENDS and
# 1 - BLEND_ENDS of the way, is that blend: no band of its own.
BLEND_ENDS = 0.1


def _lawn_blend(colour: np.ndarray, grass: np.ndarray, inside: np.ndarray) -> bool:
    """Whether ``colour`` (Lab) lies between the lawn's ``grass``, shown in ``inside`` (Lab
    pixels), and another colour shown there: a decoration's edge blurred into the lawn
    (:data:`BLEND_ENDS`)."""
    pixels = inside.reshape(-1, 3)
    lawn = np.linalg.norm(pixels - grass, axis=1) < OWN_NEAR
    least = RING_FILL * len(pixels)
    if lawn.sum() < least:
        return False
    other = pixels[~lawn & (np.linalg.norm(pixels - colour, axis=1) >= PANEL_INK_FAR)]
    if len(other) < least:
        return False
    bins, counts = np.unique(np.round(other / 8.0), axis=0, return_counts=True)
    for b in np.argsort(-counts)[:BAND_BINS]:
        near = np.linalg.norm(other - bins[b] * 8.0, axis=1) < OWN_NEAR
        if near.sum() < least:
            continue
        towards = other[near].mean(axis=0) - grass
        along = float((colour - grass) @ towards / max(float(towards @ towards), 1e-6))
        if BLEND_ENDS <= along <= 1.0 - BLEND_ENDS and float(
                np.linalg.norm(colour - (grass + along * towards))) < BLEND_NEAR:
            return True
    return False


def _ink_on_the_band(inside: np.ndarray, rim: np.ndarray, fill: np.ndarray,
                     grass: np.ndarray, band: np.ndarray) -> float:
    """The share of a tile's inside (Lab) that is ink (:data:`PANEL_INK_FAR` from its rim's
    colour and the band's ``fill``, :data:`GROUND_SPREAD` from the lawn's ``grass``) within
    the outline (convex hull) of the band's pixels ``band``: an animal drawn on the tile."""
    hull = cv2.convexHull(np.argwhere(band)[:, ::-1].astype(np.int32))
    on = np.zeros(band.shape, np.uint8)
    cv2.fillConvexPoly(on, hull, 1)
    ink = (np.linalg.norm(inside - rim, axis=2) >= PANEL_INK_FAR) \
        & (np.linalg.norm(inside - fill, axis=2) >= PANEL_INK_FAR) \
        & (np.linalg.norm(inside - grass, axis=2) >= GROUND_SPREAD)
    return float((ink & (on > 0)).mean())


# A found tile is rounded, and may be inset in a cell of its own colour; the widest looks draw
# that cell the lawn's green darkened (0.8 of it; the dirt's on the others). Its rim band is
# then the cell's colour, not the tile's: rims this near the lawn darkened by DARKENED
# (measured, after the screens' colour shift: 0.7-1.7 Lab on widest 1114023, 1126012 and
# 1126022, every one the cell; the nearest rim of a tile's own colour 5.6) read no rarity.
# Widest 1126022 at 2.43x (Mars): the rare Martian's tile, its sprite over nearly all of it,
# its cell read as common (Marsmot's rarity): with the cards' boxes, the Martian and a
# Marsmot stated for each other with --animals and with no options.
# A found tile whose halves are unlike (:data:`HALVES_SAME`) for want of filling its cell:
# drawn off the cell's middle, or round, the cell (the lawn darkened, the dirt, the lawn)
# showing on one side or in its corners (widest 1140014 (3,3) at 0.65x: a rare tile
# against its cell's top-right, the cell's dark green at L 44 just above the dirt's bar 42.7;
# 1142024 (3,1) (3,4): light rims). Read found, of no rarity (its animal's colours may be the
# one seen: the cards' boxes and its sprite name it), when one colour apart from the cell's:
OVER_CELL_LIGHT = 50.0  # is light (L this or more), of a rarity, not grey (PANEL_GREY) and
# not the lawn's (GROUND_SPREAD), covering this share of the patch's middle at least,
OVER_CELL_SHARE = 0.15
OVER_CELL_SPAN = 0.55  # spanning this share of the patch both ways at least,
OVER_CELL_AROUND = 0.65  # seen in this share of 16 directions round the middle at least,
OVER_CELL_EDGE = 0.6  # on no side of the patch's outer pixel line more than this share, nor
OVER_CELL_ACROSS = 0.3  # more than this on two opposite sides (a toast or a finger carries on
# past the tile: its colour along a whole side, or across it), and
OVER_CELL_INK = 0.15  # round an animal: this share of its box's middle far (PANEL_INK_FAR)
# from its colour and from the lawn's.
OVER_CELL_BINS = 12  # (the candidates: the commonest 8-Lab bins of the patch's middle)
# A grey decoration on the lawn (a rock) blurred into it at a small scale is no colour of its
# own: its pixels run along the line from the lawn's green to its grey, and a blend of the
# two may fit a rarity (fresh widest 1240006 at 0.73x, Polar: a grey rock over the top of a
# lawn tile, its edge's blend (74.7, -39.4, 16.9) 40 Lab from common's colour within its
# tolerance, read found of no rarity and stated a Walrus with --animals). A candidate within
# BLEND_NEAR of the segment from the lawn to the grey of the patch's middle (L at least
# OVER_CELL_LIGHT, chroma under PANEL_GREY; its median), GREY_SHOWN of the middle at least, is
# no tile's colour (the rock's blends lay 0.6-4.7 from it, 6.5% of its middle grey).
BLEND_NEAR = 6.0
GREY_SHOWN = 0.03


def _grey_blend(colour: np.ndarray, grass: np.ndarray, middle: np.ndarray) -> bool:
    """Whether ``colour`` (Lab) lies between the lawn's ``grass`` and a grey shown in the
    patch's ``middle`` (Lab pixels, N x 3): a grey decoration's edge blurred into the lawn
    (:data:`BLEND_NEAR`, :data:`GREY_SHOWN`)."""
    grey = (np.hypot(middle[:, 1], middle[:, 2]) < PANEL_GREY) & (middle[:, 0] >= OVER_CELL_LIGHT)
    if float(grey.mean()) < GREY_SHOWN:
        return False
    towards = np.median(middle[grey], axis=0) - grass
    along = float(np.clip((colour - grass) @ towards / max(float(towards @ towards), 1e-6),
                          0.0, 1.0))
    return float(np.linalg.norm(colour - (grass + along * towards))) < BLEND_NEAR


def _found_over_its_cell(lab: np.ndarray, grass: np.ndarray, references: dict[str, np.ndarray],
                         tolerance: float, margin: float) -> bool:
    """Whether a tile (its Lab patch ``lab``) read as partly under something is a found tile
    over its cell, by the rule above; the grass ``grass`` (Lab)."""
    middle = lab[3:29, 3:29].reshape(-1, 3)
    bins, which, counts = np.unique(np.round(middle / 8).astype(int), axis=0,
                                    return_inverse=True, return_counts=True)
    which = which.reshape(-1)
    best: tuple[float, np.ndarray] | None = None
    for b in np.argsort(-counts)[:OVER_CELL_BINS]:
        centre = middle[which == b].mean(axis=0)
        colour = _dominant_each(middle[np.linalg.norm(middle - centre, axis=1) < OWN_NEAR][None])[0]
        if colour[0] < OVER_CELL_LIGHT or float(np.hypot(colour[1], colour[2])) < PANEL_GREY \
                or float(np.linalg.norm(colour - grass)) < GROUND_SPREAD \
                or not _rarity_fits(colour, references, tolerance, margin) \
                or _grey_blend(colour, grass, middle):
            continue
        mask = np.linalg.norm(lab - colour, axis=2) < RIM_NEAR + 4
        share = float(mask[3:29, 3:29].mean())
        if best is None or share > best[0]:
            best = (share, mask)
    if best is None or best[0] < OVER_CELL_SHARE:
        return False
    share, mask = best
    colour = _dominant_each(lab[mask][None])[0]
    ys, xs = np.nonzero(mask)
    if min(np.ptp(ys) + 1, np.ptp(xs) + 1) < OVER_CELL_SPAN * PATCH:
        return False
    top, bottom, left, right = (float(side.mean()) for side in (
        mask[0], mask[-1], mask[:, 0], mask[:, -1]))
    if max(top, bottom, left, right) > OVER_CELL_EDGE or min(top, bottom) > OVER_CELL_ACROSS \
            or min(left, right) > OVER_CELL_ACROSS:
        return False
    if float(np.mean([mask[_SECTOR == s].mean() > RING_FILL for s in range(RING_SECTORS)])) \
            < OVER_CELL_AROUND:
        return False
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    dy, dx = (y1 - y0) // 6, (x1 - x0) // 6
    box = lab[y0 + dy : y1 - dy, x0 + dx : x1 - dx]
    return _ink_share(box, grass, colour) >= OVER_CELL_INK


_SECTOR = (((np.arctan2(*np.mgrid[0:PATCH, 0:PATCH] - (PATCH - 1) / 2) + np.pi)
            / (2 * np.pi) * RING_SECTORS).astype(int) % RING_SECTORS)


DARKENED = np.linspace(0.6, 0.95, 15)
CELL_NEAR = 3.0


def _darkened_lawn(rim: np.ndarray, grass: np.ndarray) -> bool:
    """Whether a rim colour (Lab) is the lawn's ``grass`` (Lab) darkened: within
    :data:`CELL_NEAR` of it at one of :data:`DARKENED`."""
    bgr = cv2.cvtColor(np.array([[grass]], np.float32), cv2.COLOR_Lab2BGR)[0, 0]
    shades = cv2.cvtColor((DARKENED[:, None] * bgr[None]).astype(np.float32)[:, None],
                          cv2.COLOR_BGR2Lab)[:, 0]
    return float(np.linalg.norm(shades - rim, axis=1).min()) < CELL_NEAR


def _rarity_fits(colour: np.ndarray, references: dict[str, np.ndarray], tolerance: float,
                 margin: float) -> tuple[str, ...]:
    """The rarities whose colour ``colour`` (Lab) may be, nearest first: within
    ``tolerance`` of it and within ``margin`` of the nearest."""
    d = {name: float(np.linalg.norm(colour - ref)) for name, ref in references.items()}
    ranked = sorted(d, key=d.get)
    return tuple(n for n in ranked if d[n] < tolerance and d[n] <= d[ranked[0]] + margin)


# A checkered lawn's squares of one kind are one shade: of those near the grass, ONE_SHADE_SHARE
# at least lie within ONE_SHADE Lab of their median. A dirt near the lawn's green among them
# (a dark lawn) may split them in two: fresh widest 1270012 at 0.51x (Jungle, a plain lawn at
# L 42, its dirt 13.6 Lab from it, L 36, 11.9 in hue: too near for :func:`_light_dirt`): of
# one kind's 12 tiles near the grass, 6 tapped, their median halfway (6.7-7.7 from every
# tile), so :func:`dirt_on_the_lawn` measured the seven tapped tiles as near their squares'
# "green" as the grass tiles (its floor 3 x 6.8) and left them grass: stated untapped with
# --animals. It measures squares of no one shade against the grass itself (``one_shade``;
# now 13.6-14.4 from it, the grass tiles 0.0-1.0: unread). (The tiles' first read keeps the
# median: there the seven unread let a lattice a row up, over the cards' ground, win.)
ONE_SHADE = 4.0
ONE_SHADE_SHARE = 0.5


def _shade_among(rims: np.ndarray, grass: np.ndarray) -> np.ndarray:
    """Of the rims (Lab) of one kind of a lawn's squares near its grass, not of one shade
    round their median (:data:`ONE_SHADE`), the median of a group of them of one shade, each
    within :data:`ONE_SHADE` of one of them and :data:`ONE_SHADE_SHARE` of them or more, the
    nearest ``grass`` of such groups; ``grass`` when there is none. Tapped dirt near the
    lawn's green splits a kind's squares (the note above :data:`ONE_SHADE`), and on a
    checkered lawn the other kind's shade lies off the grass's median: fresh widest 1284000
    at 0.52x (Jungle, squares of L 35.8 and 39.9, dirt of L 29 15 Lab from them): of the
    lighter kind's 12 tiles near the grass, 4 tapped and 2 found, so they were measured
    against the darker kind's green, their grass tiles 5.3 from it, the floor 3 x 5.3 over
    the dirt's 15: six tapped tiles stated untapped with --animals. Their 6 grass tiles are
    one shade (0.5 of them): each tile is measured against it."""
    best, apart = grass, np.inf
    for rim in rims:
        group = np.linalg.norm(rims - rim, axis=1) < ONE_SHADE
        if group.mean() < ONE_SHADE_SHARE:
            continue
        shade = np.median(rims[group], axis=0)
        if float(np.linalg.norm(shade - grass)) < apart:
            best, apart = shade, float(np.linalg.norm(shade - grass))
    return best


def _to_lawn(rims: np.ndarray, grass: np.ndarray, cols: int, one_shade: bool = False
             ) -> np.ndarray:
    """Each tile's Lab distance to the green of its own squares of the lawn: the tiles in the
    black and in the white squares of a checkerboard are measured against the median of
    those near the grass among their own kind (a plain lawn has one green; a checkered lawn
    two shades, each tile against its own). ``one_shade``: squares of one kind are measured
    so when they are of one shade (:data:`ONE_SHADE`), else against ``grass``."""
    parity = np.array([(k // cols + k % cols) % 2 for k in range(len(rims))])
    near = np.linalg.norm(rims - grass, axis=1) < GROUND_SPREAD
    out = np.empty(len(rims))
    for side in (0, 1):
        mine = parity == side
        green = grass
        if (mine & near).sum() >= 3:
            own = np.median(rims[mine & near], axis=0)
            if not one_shade or float((np.linalg.norm(rims[mine & near] - own, axis=1)
                                       < ONE_SHADE).mean()) >= ONE_SHADE_SHARE:
                green = own
            else:
                green = _shade_among(rims[mine & near], grass)
        out[mine] = np.linalg.norm(rims[mine] - green, axis=1)
    return out


def _plausibility(tiles: list[TileSeen]) -> float:
    """The share of tiles that read as rescue tiles, or are hidden under something, or are
    dark with a picture in the middle (``pictured``: found tiles of a colour near the dirt's,
    unread but rescue tiles; fresh real-look 220010 and 220045, four such found tiles each,
    fell under :data:`MIN_PLAUSIBLE` on the right lattice, and a lattice two rows up, its top
    rows over the cards hidden, was read instead: every tile and the counter wrong with
    ``--animals``), or show an animal drawn on a disc or a tile in a cell of the lawn's
    green (``drawn``: fresh harder desktop 904008, a 253 px Constellation screen at 0.70x,
    three common found tiles of the lawn's green, a beetle drawn on each, read so on the
    board's own lattice, its lines 0.53: 22 of 25 tiles, under :data:`MIN_PLAUSIBLE`; a
    lattice 4% narrower and 5 px off, its lines 0.27, read them as grass, stated untapped
    with ``--animals``, on the desktop and on the screen alone)."""
    return sum(seen.kind != "unknown" or seen.pictured or seen.decorated or seen.drawn
               for seen in tiles) / len(tiles)


def _hide_covered(image: np.ndarray, lattice: Lattice, tiles: list[TileSeen],
                  rims: np.ndarray) -> None:
    """Tiles under something lying over the board (a finger, a notification) are hidden.

    Such a thing is one object across several tiles: two neighbouring tiles of one colour
    that is not the grass, with no line between them (the colour carries on across the
    place of the line), are both under it, and so is every neighbour carrying on that
    colour without a line. Grass and tiles of a rarity's colour are never taken for it
    (neighbouring found tiles may show no line between them at a small scale); tiles tapped
    empty may show no line between them either, so two of them alone never start a hidden
    patch; nor does one beside an unread tile of its colour that has an unread neighbour of
    another colour: that one is a tapped tile partly under a light thing, its rim the dirt
    (the toast variant of widest 1194010: the board's left column of tapped tiles hidden
    from the one below it, by a light toast, and a lattice a column off won)."""
    rows, cols = lattice.rows, lattice.cols
    hidden: set[int] = set()

    def joined(a: int, b: int) -> bool:
        kinds = {tiles[a].kind, tiles[b].kind}
        if tiles[a].pointer or tiles[b].pointer:  # a mouse pointer lies over one tile
            return False
        # A found tile beside an unread one of its colour, with no line between them, is
        # under the same thing (a light notification has a pale tile's colour); two found
        # tiles alone never are (neighbouring found tiles may show no line between them).
        if not (_may_cover(tiles[a]) and _may_cover(tiles[b])) and kinds != {"found", "unknown"}:
            return False
        # A tile dark like the dirt with a picture in its middle (``pictured``) beside a tile
        # tapped empty is a found tile of a colour near the dirt's: the dirt carries on
        # across the line between them as between two empty tiles (wider 710042 at 2.07x:
        # the Firefly's tile and five empty tiles in a block were all hidden).
        if kinds == {"empty", "unknown"} and (tiles[a].pictured or tiles[b].pictured):
            return False
        # Nor is a decorated tile (the lawn in its corners round a dark bush) beside one: no
        # thing over both shows the lawn (widest 1194009 as ``sj``: the bush's tile and the
        # tapped tile beside it, their line lost, were both hidden).
        if kinds == {"empty", "unknown"} and (tiles[a].decorated or tiles[b].decorated):
            return False
        # Two such tiles side by side are two found tiles of that colour (an animal's
        # pattern), a picture in each one's middle: a cover shows none (harder desktop
        # 650018: two Bears, dark green-grey, joined as one thing; three tiles tapped empty
        # beside them, of a colour within COVER_SAME of theirs, hidden with them, and left
        # hidden when the Bears were then found by their sprites).
        if tiles[a].pictured and tiles[b].pictured:
            return False
        if np.linalg.norm(rims[a] - rims[b]) >= COVER_SAME:
            return False
        between = _between_colour(image, lattice, divmod(a, cols), divmod(b, cols),
                                  (rims[a] + rims[b]) / 2)
        return between is not None and all(
            np.linalg.norm(between - rims[k]) < COVER_SAME for k in (a, b))

    pairs = [(k, k + 1) for k in range(rows * cols) if (k + 1) % cols] + \
            [(k, k + cols) for k in range(rows * cols - cols)]

    def beside_other(k: int) -> bool:
        """Whether the unread tile ``k`` has an unread neighbour of another colour: what
        lies over it is that one's colour, and its own rim is its own tile's."""
        return any(tiles[n].kind == "unknown" and np.linalg.norm(rims[n] - rims[k]) >= COVER_SAME
                   for pair in pairs if k in pair for n in pair if n != k)

    for a, b in pairs:
        if tiles[a].kind == "empty" and tiles[b].kind == "empty" or \
                {tiles[a].kind, tiles[b].kind} == {"empty", "unknown"} and \
                beside_other(a if tiles[a].kind == "unknown" else b):
            continue
        if joined(a, b) or _line_lost(image, lattice, tiles, rims, (a, b)):
            hidden |= {a, b}
    grown = True
    while grown:
        grown = False
        for a, b in pairs:
            if (a in hidden) != (b in hidden) and joined(a, b):
                hidden |= {a, b}
                grown = True
    # A tile partly under it (its rim of two colours: read unknown; or of no tile's colour,
    # or of the colour of what covers its neighbour, its edge taken for a sprite) is hidden
    # too; so is a tile read tapped empty of the very colour of what covers its neighbour
    # (within COVER_SAME), the line between them out of sight: fresh wider 1010002 with a
    # dark toast across its third row, the toast's text over the line between its first two
    # tiles, the first (all toast, its halves alike) stated tapped empty.
    grown = True
    while grown:
        grown = False
        for a, b in pairs:
            for one, two in ((a, b), (b, a)):
                if one in hidden and two not in hidden and (
                        tiles[two].kind == "unknown"
                        or tiles[two].kind == "empty"
                        and np.linalg.norm(rims[two] - rims[one]) < COVER_SAME
                        or tiles[two].kind == "found" and (
                            not tiles[two].rarities
                            or np.linalg.norm(rims[two] - rims[one]) < 2 * COVER_SAME)):
                    hidden.add(two)
                    grown = True
    # A tile read as found beside one under it (or read hidden for its rim's unlike halves),
    # the line between them lit (:func:`_lit_between`), is partly under it too.
    for a, b in pairs:
        for one, two in ((a, b), (b, a)):
            if (one in hidden or tiles[one].kind == "hidden") and two not in hidden and \
                    tiles[two].kind == "found" and _lit_between(image, lattice, (one, two),
                                                               rims, cols):
                hidden.add(two)
    for k in hidden:
        tiles[k] = TileSeen("hidden", confidence=0.0)


LIT_LINE = 15.0  # Lab L levels a line's place lighter than both its tiles: something lies on it
LOST_DIP = 2 * LINE_DIP  # Lab L levels every grass pair along a line dips, at least, ...
LOST_PAIRS = 2  # ... at this many pairs at least, for the line to be missed between found tiles
LOST_SHARE = 1 / 3  # share of the grass pairs' least dip under which the line is gone


def _line_lost(image: np.ndarray, lattice: Lattice, tiles: list[TileSeen], rims: np.ndarray,
               pair: tuple[int, int]) -> bool:
    """Whether the tiles ``pair`` (indices; ``rims`` their colours), neighbours both read
    found, of one colour lighter than the grass, are one thing lying over the board: the
    lattice's line between them is gone (it dips under :data:`LOST_SHARE` of the least dip
    of the grass pairs along the same line, its colour carrying on theirs) where it parts
    the grass tiles along it (:data:`LOST_PAIRS` pairs at least, each dipping
    :data:`LOST_DIP` or more). The lines are drawn over the found tiles as over the grass:
    one line is one colour at one place, as thick and as blurred all along, so between
    tiles lighter than the grass it shows at least as dark as between grass tiles. Found
    tiles side by side at a small scale may show no line, but the grass along that line
    then shows none either. Variants 1272002 as ``toast`` (``bench/disco_zoo_variants.py``,
    1x, City, all 25 tiles grass): a pale grey toast over row 3, the two tiles wholly under
    it read found of the rare colour (the toast's words their sprites), no line between
    them where the grass along it dipped 8.7 levels: stated Opossum and Rat with
    ``--animals``."""
    a, b = pair
    if tiles[a].kind != "found" or tiles[b].kind != "found" \
            or np.linalg.norm(rims[a] - rims[b]) >= COVER_SAME:
        return False
    cols = lattice.cols
    (r0, c0), (r1, c1) = divmod(a, cols), divmod(b, cols)
    across = r0 == r1  # side by side: the line down between their columns
    along = [(r, c0) for r in range(lattice.rows) if r != r0] if across else \
        [(r0, c) for c in range(cols) if c != c0]
    dips, lights = [], []
    for r, c in along:
        k = r * cols + c
        n = k + 1 if across else k + cols
        if tiles[k].kind == "ground" and tiles[n].kind == "ground":
            dips.append(_line_dip(image, lattice, r, c, across))
            lights.append(max(rims[k][0], rims[n][0]))
    if len(dips) < LOST_PAIRS or min(dips) < LOST_DIP \
            or min(rims[a][0], rims[b][0]) < max(lights):
        return False
    if _line_dip(image, lattice, r0, c0, across) >= LOST_SHARE * min(dips):
        return False
    between = _between_colour(image, lattice, (r0, c0), (r1, c1), (rims[a] + rims[b]) / 2)
    return between is not None and all(
        np.linalg.norm(between - rims[k]) < COVER_SAME for k in (a, b))


def _lit_between(image: np.ndarray, lattice: Lattice, pair: tuple[int, int], rims: np.ndarray,
                 cols: int) -> bool:
    """Whether the line between the tiles ``pair`` (indices; ``rims`` their colours) shows
    lighter than both by :data:`LIT_LINE`: the lines between tiles are darker than the tiles,
    so something light lies over it, and over both tiles' sides. A light toast over the bottom
    row's middles (fresh 640018, 1x), its end over a tile beside one read hidden under it: the
    toast's pale green-grey on that tile's middle, grass above and below, read as a found
    tile of the common colour, stated with no warning where the tile was untapped."""
    a, b = pair
    between = _between_colour(image, lattice, divmod(a, cols), divmod(b, cols),
                              (rims[a] + rims[b]) / 2)
    return between is not None and between[0] >= max(rims[a][0], rims[b][0]) + LIT_LINE


def _may_cover(seen: TileSeen) -> bool:
    """Whether a tile may be something lying over the board: not grass, not a found tile
    of a rarity's colour."""
    return seen.kind in ("unknown", "empty") or (seen.kind == "found" and not seen.rarities)


def _between_colour(image: np.ndarray, lattice: Lattice, a: tuple[int, int],
                    b: tuple[int, int], tiles: np.ndarray) -> np.ndarray | None:
    """The Lab colour of the line between neighbouring tiles ``a`` and ``b``, whose colour
    is ``tiles``: over the line's middle half, each position across it (a tenth of a tile)
    is the median of its pixels along it, and the line is the position most unlike
    ``tiles``. A thin line (a pixel or two of a phone's screen shown small on a desktop)
    is a few of the positions: their median with the tiles' was the tiles' colour, and
    two tiles tapped empty beside a found tile of the dirt's colour, with no line seen
    between them, were taken for one thing lying over the board (harder desktop 98429)."""
    (r0, c0), (r1, c1) = sorted([a, b])
    # side by side: the vertical line right of a; else the line under it
    across = r0 == r1
    _, box = _line_box(image, lattice, r0, c0, across, 0.05)
    if box is None:
        return None
    xa, ya, xb, yb = box
    profile = np.median(_lab(image[ya:yb, xa:xb]), axis=0 if across else 1)
    return profile[int(np.argmax(np.linalg.norm(profile - tiles, axis=1)))]


def _not_past_the_edge(image: np.ndarray, lattice: Lattice, tiles: list[TileSeen],
                       rims: np.ndarray) -> None:
    """A whole edge row (or column) of tapped tiles whose colour carries on outside the
    lattice, beside it or beyond it, is the screen around the board (a lattice one tile past
    the board), not a row of tapped tiles: its tiles are unread, unless the lattice's lines
    show between them (:func:`_lined_along`, darker or lighter than the dirt). Hidden tiles
    in the row are passed over (at least three must show)."""
    for cells, ends, beyond in _lines(lattice.rows, lattice.cols):
        if beyond:  # an edge row or column
            shown = _carried_past(image, lattice, tiles, rims, cells, beyond + ends,
                                  ("empty", "found"), DIRT_SPREAD, lit=True)
            for r, c in shown:
                tiles[r * lattice.cols + c] = TileSeen("unknown", confidence=0.0)


def _hide_across(image: np.ndarray, lattice: Lattice, tiles: list[TileSeen],
                 rims: np.ndarray) -> None:
    """A whole row (or column) of tiles read found, of one colour carrying on past the
    board's side beside it (within :data:`COVER_SAME`), with no lattice line between them
    (:func:`_lined_along`), is something lying across the board (a notification): its tiles
    are hidden. No found tile reaches past the board, and a row of them shows the lines
    between them. Fresh 780008 with a light toast (1x) over the fourth row, its cream within
    a Constellation rarity's colour: five found Pisces read with ``--animals``, no warning.
    Hidden tiles (the toast's ends) count neither way; at least three must show.

    A toast that does not reach a whole tile past the board's side (``beside`` off the
    picture, or the board's own ground) ends over a tile of the row, which then reads hidden
    (its halves unlike): a row's end tile hidden and the rest found of one colour
    (every rim within :data:`COVER_SAME` of their median), no line between them, is under
    it too. Fresh 780028 (1x) with a toast across its third row from 8 pixels left of the
    board to most of its last tile: four found Triceratops stated with ``--animals``."""
    for cells, ends, _ in _lines(lattice.rows, lattice.cols):
        shown = _carried_past(image, lattice, tiles, rims, cells, ends, ("found",), COVER_SAME,
                              ended=True)
        for r, c in shown:
            tiles[r * lattice.cols + c] = TileSeen("hidden", confidence=0.0)


Cell = tuple[int, int]


def _lines(rows: int, cols: int) -> list[tuple[list[Cell], list[Cell], list[Cell]]]:
    """Every row of the lattice, then every column: its cells, the two cells past its ends,
    and for an edge row (column) the row (column) beyond it outside the lattice (else
    none)."""
    out = []
    for r in range(rows):
        beyond = -1 if r == 0 else rows if r == rows - 1 else None
        out.append(([(r, c) for c in range(cols)], [(r, -1), (r, cols)],
                    [] if beyond is None else [(beyond, c) for c in range(cols)]))
    for c in range(cols):
        beyond = -1 if c == 0 else cols if c == cols - 1 else None
        out.append(([(r, c) for r in range(rows)], [(-1, c), (rows, c)],
                    [] if beyond is None else [(r, beyond) for r in range(rows)]))
    return out


def _carried_past(image: np.ndarray, lattice: Lattice, tiles: list[TileSeen], rims: np.ndarray,
                  cells: list[Cell], outside: list[Cell], kinds: tuple[str, ...], near: float,
                  ended: bool = False, lit: bool = False) -> list[Cell]:
    """The tiles of line ``cells`` that show (not hidden; at least three, each of one of
    ``kinds``) when their colour (their rims' median) carries on past the lattice, in one of
    the cells ``outside`` (within ``near``), with no lattice line between them
    (:func:`_lined_along`, ``lit`` passed on); none otherwise. With ``ended``, an end tile of
    the line hidden and every rim shown within ``near`` of their median counts as carried on
    too."""
    cols = lattice.cols
    shown = [(r, c) for r, c in cells if tiles[r * cols + c].kind != "hidden"]
    if len(shown) < 3 or any(tiles[r * cols + c].kind not in kinds for r, c in shown):
        return []
    mine = rims[[r * cols + c for r, c in shown]]
    colour = np.median(mine, axis=0)
    patches = [_patch_colour(image, lattice, r, c) for r, c in outside]
    carried = any(o is not None and np.linalg.norm(o - colour) < near for o in patches)
    if ended and not carried:
        carried = any(tiles[r * cols + c].kind == "hidden" for r, c in (cells[0], cells[-1])) \
            and bool((np.linalg.norm(mine - colour, axis=1) < near).all())
    return shown if carried and not _lined_along(image, lattice, shown, lit) else []


EDGE_LINES = 2  # neighbouring pairs of an edge row's tiles that must show a line between them


def _lined_along(image: np.ndarray, lattice: Lattice, cells: list[tuple[int, int]],
                 lit: bool = False) -> bool:
    """Whether the tiles ``cells`` of an edge row (or column) show the lattice's lines
    between them: every pair of neighbours among them (at least :data:`EDGE_LINES` pairs)
    parted by a line darker than both (:data:`LINE_DIP`, :func:`_line_dip`). The screen
    around a board shows none of its lines; a row of tiles tapped empty does, the dirt
    lighter than the lines. Fresh real-look 510043 (2.6x, Northern): the bottom row all
    tapped, a dark pool drawn below the board near the dirt's colour, was taken for the
    screen past the board (its lines dipped 7 levels); the lattice one row up was read
    instead, every tile a row off, the attempts with it, and no warning.

    With ``lit``, lines lighter than both tiles at every pair count too (:func:`_line_dip`'s
    ``lighter``; all one way: the lines are one colour, the dirt one colour): the lines are
    darker than the grass, and a tapped tile is plain and dark, maybe darker than the lines.
    Fresh wider 1130000 (Moon, every variant of ``bench/disco_zoo_variants.py``): the top row
    all tapped, dirt at L 12 parted by lines at L 42, the dark ground above it within
    :data:`DIRT_SPREAD`: the row was read unread, the lattice a row below the board, its
    bottom row over the ground and the bottom bar, read every tile (14 stated wrong, with and
    without ``--animals``)."""
    pairs = [((r, c), r == r2) for (r, c), (r2, c2) in zip(cells, cells[1:])
             if abs(r2 - r) + abs(c2 - c) == 1]
    if len(pairs) < EDGE_LINES:
        return False
    if min(_line_dip(image, lattice, r, c, across) for (r, c), across in pairs) >= LINE_DIP:
        return True
    return lit and min(_line_dip(image, lattice, r, c, across, lighter=True)
                       for (r, c), across in pairs) >= LINE_DIP


def _patch_colour(image: np.ndarray, lattice: Lattice, r: int, c: int) -> np.ndarray | None:
    """The median Lab colour of the middle of lattice cell ``(r, c)`` (which may lie outside
    the lattice), ``None`` off the picture."""
    h, w = image.shape[:2]
    x0 = lattice.x + (c + 0.3) * lattice.pitch_x
    y0 = lattice.y + (r + 0.3) * lattice.pitch_y
    x1, y1 = x0 + 0.4 * lattice.pitch_x, y0 + 0.4 * lattice.pitch_y
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        return None
    patch = image[int(y0) : int(np.ceil(y1)), int(x0) : int(np.ceil(x1))]
    return np.median(_lab(patch).reshape(-1, 3), axis=0)


# A tapped empty tile is plain dirt of one colour, every tapped tile of a board the same
# colour, told from the grass by its hue even when as light as the grass (the game); untapped
# tiles carry random decorations. A tile is read tapped by its darkness (``empty_darkness``),
# so dirt near the grass's lightness or lighter was left unread, the board's own lattice
# under plausible and a lattice across or beside the board taken in its place (widest
# 1146007, 1148022: refused since the 41st session, :func:`_lighter_dirt`). Plain cells left
# unread (flat, no picture, of no rarity's colour, none under something) are read tapped
# when there are LIGHT_DIRT_LEAST or more, all within LIGHT_DIRT_ONE of their median, that
# colour LIGHT_DIRT_HUE or more from every grass tile's in hue (Lab a, b), within
# DIRT_SPREAD of any tile read tapped by its darkness, and no other unread tile (a decorated
# one: an untapped tile) of it (:func:`_light_dirt`).
LIGHT_DIRT_LEAST = 2
LIGHT_DIRT_ONE = 10.0
LIGHT_DIRT_HUE = 12.0
LIGHT_LINE = 6.0


def _light_dirt(tiles: list[TileSeen], plain: list[int], inner: np.ndarray, rims: np.ndarray,
                ground: np.ndarray, image: np.ndarray | None = None,
                lattice: Lattice | None = None, read: list[TileSeen] | None = None) -> None:
    """The plain cells ``plain`` (indices of ``tiles`` read unknown for want of darkness)
    read tapped empty when they are the board's dirt by the rule above; else left unread.

    Neighbouring plain cells with a line between them within :data:`COVER_SAME` of both
    (the lines may be near the dirt's colour) were taken for one thing lying over the board
    and hidden (:func:`_hide_covered`): when every hidden tile is a plain cell and every
    pair of neighbouring plain cells shows the line between them (:data:`LIGHT_LINE` or
    more from both), they are the board's tapped tiles too (given ``image`` and
    ``lattice``). Fresh widest 1160003 at 0.85x (Savanna: grey dirt at L 39, the grass at
    L 38, lines 13 L darker than the dirt): two tapped tiles side by side hidden, the
    board refused.

    A tile read found or tapped empty (``read``: the tiles as read before anything was taken
    to lie over the board) hidden with them, its lines to them seen as well, was hidden for
    lying beside that thing: it gets its reading back when they are read tapped. Widest
    1231004 at 0.5x (Jurassic: dirt at L 35.6, the line for it 0.804 of the grass's L 44.3;
    the 1 px lines between tiles blended to 13.8 from the dirt, under COVER_SAME, seen by
    LIGHT_LINE): seven tapped tiles and the found Triceratops's tile in a dirt cell beside
    them hidden, the board's lattice read 68% of its tiles, and a lattice over the olive
    ground below the board taken, eight tiles stated untapped with ``--animals``."""
    cells = [k for k in plain if tiles[k].kind == "unknown"]
    hidden = [k for k, seen in enumerate(tiles) if seen.kind == "hidden"]
    beside = [k for k in hidden if k not in plain and read is not None
              and read[k].kind in ("found", "empty")]
    if hidden and image is not None and lattice is not None and \
            set(hidden) <= set(plain) | set(beside):
        both = sorted(cells + hidden)
        if all(_line_seen(image, lattice, a, b, rims) for a in both for b in both
               if b - a == lattice.cols or (b - a == 1 and (a + 1) % lattice.cols)):
            cells = [k for k in both if k not in beside]
        else:
            beside = []
    else:
        beside = []
    if len(cells) < LIGHT_DIRT_LEAST:
        return
    colours = inner[cells]
    dirt = np.median(colours, axis=0)
    if float(np.max(np.linalg.norm(colours - dirt, axis=1))) >= LIGHT_DIRT_ONE:
        return  # plain cells of two colours: not the board's one dirt
    lawn = rims[np.asarray(ground, bool)]
    if len(lawn) == 0 or float(np.min(np.linalg.norm(lawn[:, 1:] - dirt[1:], axis=1))) \
            < LIGHT_DIRT_HUE:
        return  # a shade of the grass's own hue: a lawn's (checkered, shaded) grass
    empty = [k for k, seen in enumerate(tiles) if seen.kind == "empty"]
    if empty and float(np.linalg.norm(np.median(inner[empty], axis=0) - dirt)) >= DIRT_SPREAD:
        return  # tapped tiles of another colour: the plain cells are something else
    others = [k for k, seen in enumerate(tiles) if k not in cells and k not in beside
              and seen.kind in ("unknown", "hidden")]
    if any(float(np.linalg.norm(rims[k] - dirt)) < LIGHT_DIRT_ONE for k in others):
        return  # an unread tile of that colour not plain: decorated, an untapped tile's
    for k in cells:
        tiles[k] = TileSeen("empty", confidence=0.5)
    for k in beside if read is not None else ():
        tiles[k] = read[k]


def _line_seen(image: np.ndarray, lattice: Lattice, a: int, b: int, rims: np.ndarray) -> bool:
    """Whether the line between neighbouring tiles ``a`` and ``b`` (indices) is seen: its
    colour (:func:`_between_colour`) :data:`LIGHT_LINE` or more from both tiles'."""
    between = _between_colour(image, lattice, divmod(a, lattice.cols), divmod(b, lattice.cols),
                              (rims[a] + rims[b]) / 2)
    return between is not None and all(
        float(np.linalg.norm(between - rims[k])) >= LIGHT_LINE for k in (a, b))


def _one_dirt_colour(tiles: list[TileSeen], inner: np.ndarray) -> None:
    """Tapped empty tiles all look the same: when the tiles read ``empty`` are of two
    colours, the fewer are something else (the background past a lattice one tile off, a
    shadow), so they are unread."""
    empty = [k for k, seen in enumerate(tiles) if seen.kind == "empty"]
    if len(empty) < 2:
        return
    colours = inner[empty]
    near = np.linalg.norm(colours[:, None] - colours[None], axis=2) < DIRT_SPREAD
    main = near[int(np.argmax(near.sum(axis=1)))]
    for k, same in zip(empty, main):
        if not same:
            tiles[k] = TileSeen("unknown", confidence=0.0)


def _unlike(side: np.ndarray, rim: np.ndarray) -> float:
    """How unlike a side of a tile's rim is to the rim's colour (Lab distance), a darker or
    lighter shade of the same hue counting as alike (a found tile's rim may be shaded darker,
    and where its sprite crosses two sides of the band the rim's dominant colour is the
    shaded one: the other sides are then lighter; screen 7084 at 0.65x)."""
    chroma = float(np.hypot(rim[1], rim[2]))
    if chroma > 15 and np.hypot(side[1], side[2]) > 10:
        turn = abs(np.degrees(np.arctan2(side[2], side[1]) - np.arctan2(rim[2], rim[1])))
        if min(turn, 360 - turn) < 12:
            return 0.0
    return float(np.linalg.norm(side - rim))


def _dominant(pixels: np.ndarray, radius: float = 12.0) -> np.ndarray:
    """The most common colour of ``pixels`` (Lab): from their median, a few mean-shift steps
    towards the densest colour nearby (a rim's own colour, not its blend with the dark edge
    or the sprite that take a part of the band; :func:`gridsight.vision.modes.densest`)."""
    return densest(pixels, radius, steps=4, min_share=0.15)


def _dominant_each(clouds: np.ndarray, radius: float = 12.0) -> np.ndarray:
    """:func:`_dominant` of each cloud of Lab pixels (clouds, pixels, 3), all at once
    (:func:`gridsight.vision.modes.densest_each`)."""
    return densest_each(clouds, radius, steps=4, min_share=0.15)


# A mouse pointer (a desktop capture of a mirrored phone: the player plays with the mouse) is
# a small white arrow outlined in black: over a tile tapped empty it made the tile unread, and
# the dirt carrying on to its tapped neighbours, with no line seen between them, made them
# all one thing lying over the board (:func:`_hide_covered`): fresh harder desktop 640006,
# three tiles unread, more than the counter check allows, the capture refused. A pointer is
# over one tile: it is left unread alone.
POINTER_INK = 20.0  # Lab distance from the tile's colour of a pointer's pixels
POINTER_SIZE = 0.6  # a pointer's box at most this share of the tile's crop, both ways
POINTER_WHITE = 0.2  # at least this share of its pixels near white (its body) ...
POINTER_BLACK = 0.1  # ... and this share near black (its outline)


def _dirt_round_a_pointer(image: np.ndarray, lattice: Lattice, r: int, c: int,
                          rim: np.ndarray) -> bool:
    """Whether tile ``r``, ``c`` (its rim's colour ``rim``, Lab, dark like the dirt) is plain
    dirt but for a mouse pointer: every pixel unlike the rim's colour is in one small patch
    (within :data:`POINTER_SIZE` of the crop), white and black as a pointer's arrow is, and
    every pixel a couple of pixels off it is the rim's colour."""
    crop = _tile_crop(image, lattice, r, c, 0.14)
    if min(crop.shape[:2]) < 12:
        return False
    lab = _lab(crop)
    ink = np.linalg.norm(lab - rim, axis=2) > POINTER_INK
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        cv2.dilate(ink.astype(np.uint8), np.ones((3, 3), np.uint8)), connectivity=8)
    if count != 2:  # one patch of ink, no more
        return False
    _, _, w, h, _ = stats[1]
    height, width = crop.shape[:2]
    if w > POINTER_SIZE * width or h > POINTER_SIZE * height:
        return False
    pixels = lab[ink]
    white = (pixels[:, 0] > 85) & (np.abs(pixels[:, 1:]).max(axis=1) < 10)
    black = pixels[:, 0] < 10
    if white.mean() < POINTER_WHITE or black.mean() < POINTER_BLACK:
        return False
    # (round it, the dirt: no part of an animal showing past the pointer)
    near = cv2.dilate((labels == 1).astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    rest = lab[~near]
    return bool(rest.size) and \
        float(np.mean(np.linalg.norm(rest - rim, axis=1) < OWN_NEAR)) > 0.97


def _closeness(a: np.ndarray, b: np.ndarray, scale: float) -> float:
    return float(np.clip(1.0 - np.linalg.norm(a - b) / (2 * scale), 0.0, 1.0))


def _hue_of(lab: np.ndarray) -> tuple[int, int]:
    """A Lab colour's hue (OpenCV's 0-180) and saturation (0-255)."""
    bgr = cv2.cvtColor(np.array([[lab]], np.float32), cv2.COLOR_Lab2BGR)
    hsv = cv2.cvtColor(np.clip(bgr * 255, 0, 255).astype(np.uint8), cv2.COLOR_BGR2HSV)[0, 0]
    return int(hsv[0]), int(hsv[1])


GRASS_SATURATION = 50  # a lawn's least saturation (0-255) for grass


def _is_green(lab: np.ndarray, hue_range: list[float]) -> bool:
    """Whether a lawn's colour ``lab`` is grass: of a hue within ``hue_range`` and saturated
    from :data:`GRASS_SATURATION` up, or (within :func:`locate_rescue`) down to
    :data:`SATURATION_LEAST` when it is the picture's own pale lawn (:func:`_picture_pale`)."""
    hue, saturation = _hue_of(lab)
    if not hue_range[0] <= hue <= hue_range[1]:
        return False
    if saturation >= GRASS_SATURATION:
        return True
    pale = _PICTURE_PALE.get()
    return pale is not None and saturation >= SATURATION_LEAST and \
        float(np.linalg.norm(lab - pale)) < PALE_NEAR


# A capture's colour shift greys a grass as it turns its hue (below): the widest skin's grass
# (saturation 70-255, any lightness 95-245) comes out under GRASS_SATURATION for 0.41% of its
# draws through the measuring script's shift (each channel 0.9-1.1x and 8 levels; simulated,
# 200000 draws), under 30 for 0.02%. The lawn of the lattice with the strongest lines the
# picture proposes, of a grass hue and saturated from SATURATION_LEAST up, is the board's own
# grass then, and a lawn within PALE_NEAR (Lab) of its colour reads as grass
# (:func:`_picture_pale`); any other lawn still needs GRASS_SATURATION.
SATURATION_LEAST = 30
PALE_NEAR = 10.0
_PICTURE_PALE: ContextVar[np.ndarray | None] = ContextVar("picture_pale", default=None)


def _strongest_lawn(image: np.ndarray, candidates: Sequence[Lattice]
                    ) -> tuple[Lattice, np.ndarray, int] | None:
    """The lattice with the strongest lines of ``candidates``, its lawn's colour (Lab) and
    that colour's saturation (0-255), when the lawn covers :data:`MIN_GROUND` tiles or more
    and is of a grass hue (:func:`_ground_hue`), however grey; else ``None``. What
    :func:`_picture_pale` and :func:`_grey_lawn` both ask of the picture."""
    strongest = max(candidates, key=lambda lat: lat.score, default=None)
    if strongest is None or strongest.score < 0:
        return None
    _, grass, _, _, ground = _lawn_of(_tile_patches(image, strongest), strongest.cols)
    hue, saturation = _hue_of(grass)
    hue_range = _ground_hue(screen_facts())
    if ground.sum() < MIN_GROUND or not hue_range[0] <= hue <= hue_range[1]:
        return None
    return strongest, grass, saturation


def _grey_lawn(image: np.ndarray, candidates: Sequence[Lattice]) -> str:
    """Words for a refusal (``"; ..."``) when the lawn (:data:`MIN_GROUND` tiles or more) of
    the lattice with the strongest lines of ``candidates`` is of a grass hue but not read as
    grass for its greyness (:func:`_is_green`), else ``""``: the lattice the refusal names may
    be another, and the board's own then read nothing for its grass's colour alone (widest
    1262219 before :func:`_picture_pale`: refused as "its grass tiles show none of its lines",
    a lattice over the ground below the board)."""
    lawn = _strongest_lawn(image, candidates)
    if lawn is None or _is_green(lawn[1], _ground_hue(screen_facts())):
        return ""
    saturation = lawn[2]
    why = f"under {SATURATION_LEAST}" if saturation < SATURATION_LEAST else \
        f"under {GRASS_SATURATION}, and read so its lines do not show both ways"
    return (f"; the lattice with the strongest lines has a lawn of a grass's hue too grey to "
            f"read as grass (saturation {saturation} of 255, {why})")


def _picture_pale(image: np.ndarray, candidates: Sequence[Lattice]) -> np.ndarray | None:
    """The colour (Lab) of the lawn (:data:`MIN_GROUND` tiles or more) of the lattice with
    the strongest lines of ``candidates`` when it is of a grass hue (:func:`_ground_hue`),
    saturated from :data:`SATURATION_LEAST` up to under :data:`GRASS_SATURATION`, and, read
    as grass, shows the lattice's lines both ways (:func:`_lines_shown`, ``long``), else
    ``None``: the board is 5x5 grass tiles parted by thin darker lines (issue 18), the
    picture's strongest lattice, and its grass's greyness is what the capture made of it.
    Widest 1262219 at 0.55x (Jungle, a pale cyan-green grass, saturation 71 drawn, 42 as
    read) and fresh widest 1263013 at 1.79x (Mars, a grey olive grass, 33): the board's own
    lattice, the strongest proposed, read nothing; both refused. The lines keep a pale ground
    out: widest 1244016 at 1.00x (Moon), the strongest lattice over the speckled grey-teal
    ground beside the board (hue 87, saturation 35), no line dipping between its "grass"."""
    lawn = _strongest_lawn(image, candidates)
    if lawn is None or not SATURATION_LEAST <= lawn[2] < GRASS_SATURATION:
        return None
    strongest, grass, _ = lawn
    token = _PICTURE_PALE.set(grass)
    try:
        tiles, _ = read_tiles(image, strongest)
        shown, _ = _lines_shown(image, strongest, tiles, True)
    finally:
        _PICTURE_PALE.reset(token)
    return grass if shown == {"h", "v"} else None


# The grass hue the reader takes (``ground_hue``, 20-100 of OpenCV's 0-180) is the game's
# grass seen through a capture's colour shift, and a capture shifts a pale grass's hue far:
# the widest skin's palest yellow-green (hue 30, saturation 70) comes out as low as 9 under
# the measuring script's shift (each channel 0.9-1.1x and 8 levels), 0.1% of its grasses
# under 20 (simulated over the skin's draws). The picture's own board sets the bound then:
# the lawn of the lattice with the strongest lines the picture proposes, saturated as grass,
# of a hue down to HUE_LEAST, lowers the bound to its hue (:func:`_picture_hue`).
HUE_LEAST = 12
_PICTURE_HUE: ContextVar[list[float] | None] = ContextVar("picture_hue", default=None)


def _picture_hue(image: np.ndarray, candidates: Sequence[Lattice], facts: dict) -> list[float]:
    """The grass hue range :func:`locate_rescue` reads ``image`` with: ``ground_hue``, its
    low end lowered to the hue of the lawn (:data:`MIN_GROUND` tiles or more) of the lattice
    with the strongest lines of ``candidates`` when that lawn is saturated as grass
    (:data:`GRASS_SATURATION`) and of a hue from :data:`HUE_LEAST` up: the board is 5x5
    grass tiles parted by thin darker lines (issue 18), the picture's strongest lattice,
    and its grass's hue is what the capture made of it. Widest 1203107 at 1.56x (Jurassic,
    a tan-olive grass of hue 33 drawn, 19 after the capture's shift): the board's own
    lattice (lines 0.69) read nothing; a lattice 1.1x its pitch (lines 0.30) over the olive
    ground round the cards and the board's top rows was read, two tapped tiles stated
    untapped with ``--animals``. Only the low end: the picture's board vouches for its own
    lawn, a lattice's lawn of another colour still reads nothing."""
    bound = [float(v) for v in facts["ground_hue"]]
    strongest = max(candidates, key=lambda lat: lat.score, default=None)
    if strongest is None or strongest.score < 0:
        return bound
    _, grass, _, _, ground = _lawn_of(_tile_patches(image, strongest), strongest.cols)
    hue, saturation = _hue_of(grass)
    if ground.sum() >= MIN_GROUND and saturation >= GRASS_SATURATION and \
            HUE_LEAST <= hue < bound[0]:
        bound[0] = float(hue)
    return bound


def _ground_hue(facts: dict) -> list[float]:
    """The grass hue range lawns are read with: the picture's (:func:`_picture_hue`) within
    :func:`locate_rescue`, else ``facts``' ``ground_hue``."""
    picture = _PICTURE_HUE.get()
    return facts["ground_hue"] if picture is None else picture


def _plain(sprite: Sprite | None) -> bool:
    """Whether a tile's picture (:func:`_tile_sprite`) is none: a tile tapped empty never
    shows one. A found tile of a dark rarity colour near the dirt's, its animal small
    and dark on it, passed the darkness and spread checks of a tapped tile (fresh real-look
    220048 at 1.01x: a found Marsten stated tapped empty with no doubt, and 210041: two found
    Chipmunk tiles); its sprite tells it. None of 861 tiles tapped empty on seeds 7000,
    170000, 210000 and 220000 (60 each) showed one."""
    return sprite is None or sprite.empty


# A found tile's animal is a picture of 8-12 art pixels drawn over much of the tile: the
# least measured across (the larger of its box's sides, a share of the pitch) on the tiles
# read found of real-look 7000-7059, wider 850000-850059 and widest 850000/860000 was 0.16
# (7008 at 0.52x). A bush's berry (one art pixel, 1/16 of its tile) over a bush that covers
# the tile measured 0.09-0.11 and was read as the picture of a found tile of a colour not
# known (widest 850003 at 2.10x: a found Toucan; 860008 at 2.31x with the decorations
# widened alone: a found tile).
SPECK = 0.13


def _speck(sprite: Sprite | None, lattice: Lattice) -> bool:
    """Whether a tile's picture is a speck too small for an animal: its box under
    :data:`SPECK` of the lattice's pitch both ways."""
    return sprite is not None and not sprite.empty and \
        sprite.box[2] < SPECK * lattice.pitch_x and sprite.box[3] < SPECK * lattice.pitch_y


# A found tile's picture whose ink box spans this share of its crop both ways was cut with
# more than the animal: JPEG's ringing round a dark sprite on a bright fill, a rim darkened
# past :data:`INK` (wider 940002 as JPEG 60: a Pigeon's 12 x 16 px picture cut 27 x 30 of
# a 31 px crop). Its card distances are weak evidence (:data:`.identify.MAX_CARD_FILLED`).
FILLS_ITS_TILE = 0.85
CROP_SHARE = 1.0 - 2 * 0.14  # a tile's sprite crop's side, a share of the pitch


def fills_its_tile(sprite: Sprite | None, lattice: Lattice) -> bool:
    """Whether a found tile's picture spans :data:`FILLS_ITS_TILE` of its crop both ways."""
    if sprite is None or sprite.empty:
        return False
    _, _, width, height = sprite.box
    return width >= FILLS_ITS_TILE * CROP_SHARE * lattice.pitch_x \
        and height >= FILLS_ITS_TILE * CROP_SHARE * lattice.pitch_y


def _tile_sprite(image: np.ndarray, lattice: Lattice, r: int, c: int, *,
                 own: bool = False) -> Sprite | None:
    """The picture on a found tile: ink that differs from the tile's own colour; ``None``
    when there is none, or when the ink is a band along an edge (:func:`_edge_band`).
    ``own``: cut from the tile's own part of the crop (:func:`_off_the_tile`), as the reader
    does for a tile it reads as found or maybe found; the lawn's checks of grass tiles keep
    the whole crop (a grass tile of seed 500011 at 0.94x, its decoration's box moved by the
    cut, was listed unread)."""
    crop = _tile_crop(image, lattice, r, c, 0.14)
    if min(crop.shape[:2]) < 6:
        return None
    sprite = sprite_of(crop, border_colour(crop))
    if _edge_band(sprite.box, crop.shape[1], crop.shape[0]):
        return None
    if not own:
        return sprite
    left, top, right, bottom = _off_the_tile(crop)
    if not left + top + right + bottom:
        return sprite
    # Cut from the tile's own part of the crop, on its own rim's colour; the box is kept in
    # the crop's place (:func:`_centred` and :func:`_edge_band` measure it there).
    own = crop[top : crop.shape[0] - bottom, left : crop.shape[1] - right]
    cut = sprite_of(own, border_colour(own))
    x, y, w, h = cut.box
    return replace(cut, box=(x + left, y + top, w, h)) if w * h else cut


OFF_THE_TILE = 0.1  # an edge line of a crop with fewer of its pixels in the tile's colour: past it


def _off_the_tile(crop: np.ndarray) -> tuple[int, int, int, int]:
    """How many of a tile crop's outer columns and rows (left, top, right, bottom) lie past
    the tile: lines of pixels fewer than :data:`OFF_THE_TILE` of which are the tile's own
    colour (the densest colour of the whole crop), at most :data:`EDGE_BAND` of the crop a
    side, and only when what is left has the tile's colour along its own border. A lattice a little wide of the board (hybrid wider look 700044 with the blocky
    tiles put back: the lattice took the board's frame, 7% too wide) cuts a found tile's
    crop across the line and the lawn beside it; taken as ink, they made the sprite's box the
    whole crop and its background a blend of tile and lawn, and two tiles of one Bat
    measured 0.35 apart (read as two animals). A sprite's own edge columns keep the tile's
    colour at their ends, so they are not cut."""
    height, width = crop.shape[:2]
    pixels = crop.astype(np.float32)
    colour = densest(pixels[::2, ::2].reshape(-1, 3), INK / 2)
    near = norms(pixels - colour) <= INK
    cut = [0, 0, 0, 0]
    most = (int(EDGE_BAND * width), int(EDGE_BAND * height))
    while cut[0] < most[0] and near[:, cut[0]].mean() < OFF_THE_TILE:
        cut[0] += 1
    while cut[2] < most[0] and near[:, width - 1 - cut[2]].mean() < OFF_THE_TILE:
        cut[2] += 1
    while cut[1] < most[1] and near[cut[1]].mean() < OFF_THE_TILE:
        cut[1] += 1
    while cut[3] < most[1] and near[height - 1 - cut[3]].mean() < OFF_THE_TILE:
        cut[3] += 1
    if any(cut):
        left = crop[cut[1] : height - cut[3], cut[0] : width - cut[2]]
        if float(np.linalg.norm(border_colour(left) - colour)) > INK / 2:
            return 0, 0, 0, 0  # not a tile's edge cut away (a big one-colour animal?)
    return cut[0], cut[1], cut[2], cut[3]


EDGE_BAND = 0.25  # ink along an edge, no deeper than this share of the crop, is no picture


def _edge_band(box: tuple[int, int, int, int], width: int, height: int) -> bool:
    """Whether an ink ``box`` in a crop of ``width`` x ``height`` is a band along one of its
    edges, from end to end and no deeper than :data:`EDGE_BAND` of it: the edge of something
    past the tile (the bar under the board), not an animal standing in the tile's middle.
    A lattice one row past the board (fresh real-look 210029 at 2.05x) read its last row,
    the background above the bottom bar, as five found tiles showing that band, and beat the
    board's own lattice: every tile was read a row off with ``--animals``. None of 192 found
    tiles of seeds 7000, 210000 and 220000 showed such ink."""
    x, y, w, h = box
    across = w >= width and h <= EDGE_BAND * height and (y == 0 or y + h >= height)
    down = h >= height and w <= EDGE_BAND * width and (x == 0 or x + w >= width)
    return across or down


# -- the cards and the counter --------------------------------------------------------------


def find_cards(image: np.ndarray, lattice: Lattice,
               tiles: tuple[tuple[TileSeen, ...], ...] = (),
               missed: list[Panel] | None = None) -> tuple[CardSeen, ...]:
    """The animal cards: the row of equal panels above the board told from the ground by
    colour, left to right, each read (:mod:`gridsight.games.disco_zoo.cards`); the found
    ``tiles`` show the rarities' colours on this screen, the filled boxes' references. A
    row with a panel that shows nothing of a card (:func:`bare_panel`) is no row of cards:
    none is kept. ``missed``: as :func:`.cards.find_cards`'."""
    cards = _find_cards(image, lattice, screen_facts(), rarity_colours_seen(tiles), missed)
    return () if any(bare_panel(card) for card in cards) else cards


def bare_panel(card: CardSeen) -> bool:
    """Whether a panel found as a card shows nothing of one (issue 18: on each card the
    animal's sprite, its name, ``YOU HAVE n``, a row of boxes): no picture, sprite, name or
    ``YOU HAVE`` line, box row. Such a panel is a patch of ground the row search took for a
    card, and its row no row of cards: fresh real-look 350039 (0.49x, Outback, the ground
    orange) had its two cards missed and a bare 68 px square at the screen's edge taken for
    one, and was read as a one-animal rescue (the advice for another rescue); it is asked
    now. A bare panel never :func:`shows_a_card`, so leaving its row out changes no
    furniture a desktop's search counts (a row with it never counted)."""
    _, _, width, height = card.picture
    return width * height == 0 and (card.sprite is None or card.sprite.empty) \
        and card.row is None and card.boxes is None and card.name_box is None \
        and card.have_box is None


def rarity_colours_seen(tiles: tuple[tuple[TileSeen, ...], ...]) -> dict[str, list[np.ndarray]]:
    """Each rarity's colours (Lab) as the found tiles of one sure rarity show them."""
    seen: dict[str, list[np.ndarray]] = {}
    for row in tiles:
        for tile in row:
            if tile.kind == "found" and len(tile.rarities) == 1 and tile.rim is not None:
                seen.setdefault(tile.rarities[0], []).append(np.array(tile.rim, np.float32))
    return seen


INK_LEVELS = (45.0, 60.0, 80.0)  # colour distances from the bar at which the counter is read
# The title bar may be taken for a lone card: a "card" wider than the board that holds no
# box row and no sprite (its picture under BAR_PICTURE of the board's pitch tall: the bar's
# words, no animal), no taller than BAR_TALL pitches (a card holds a picture, a name, a
# YOU HAVE line and a box row: two pitches or so), is the bar, and the counter is sought
# above the board (:func:`_the_bar`). Fresh widest 1204059 (0.62x, Moon, its three dark
# cards unfound): the bar (226 px of the picture's 231, 45 tall, the board 208, its pitch 41)
# the one "card", its picture 3 px tall, no box row; the counter was sought above it, in the
# phone's status bar, the battery read 6 by 0.004 at every cut, "taps: 6" for 4 stated with
# --animals and no warning. A lone card may be as wide (a desktop's phone of 215 px, its card
# 214: its sprite 25 px at a pitch of 30, four boxes), wider than a narrower board (sweep35's
# 1010008: 269 px, the board 180) or show neither sprite nor box row as found (fresh 1221007
# at 1.0x: the Bear's card 293 px wide, 97 tall at a pitch of 51: a card, its 6 read above).
BAR_PICTURE = 0.25
BAR_TALL = 1.5


def _the_bar(card: CardSeen, lattice: Lattice) -> bool:
    """Whether ``card`` is the title bar taken for a card (:data:`BAR_PICTURE`,
    :data:`BAR_TALL`)."""
    return (card.panel.box[2] > lattice.cols * lattice.pitch_x and card.boxes is None
            and card.picture[3] < BAR_PICTURE * lattice.pitch_y
            and card.panel.box[3] <= BAR_TALL * lattice.pitch_y)


def read_counter(image: np.ndarray, lattice: Lattice, cards: tuple[CardSeen, ...],
                 missed: Sequence[Panel] = ()) -> NumberRead:
    """The big number of the top bar (above the cards, or above the board), across the
    screen's width (the cards' row, or the board's, and a little more: a phone's screen may
    stand in a larger picture), on the bar's colour (:func:`_bar_colours`). Read with the ink
    cut at each of :data:`INK_LEVELS` and kept only when every cut that finds a number (two
    at least) reads the same (:func:`gridsight.vision.digits.agreed`): a digit a blur or JPEG
    makes ambiguous reads differently at some cut.

    ``missed``: the card panels found when a card beside them was missed (no card is then
    taken): the bar is above them all the same. Sought above the board instead, the band took
    in the cards and a card's words (fresh wider 770130 at 0.86x: its counter's 5 read 4 with
    no warning, the attempts stated wrong with ``--animals``).

    A "card" wider than the board holding no box row and no sprite is the title bar taken for
    one (:func:`_the_bar`): it is left out, the bar then sought above the board. So are
    ``missed`` panels that are the title bar parted by its number (:func:`_bar_parted`)."""
    cards = tuple(card for card in cards if not _the_bar(card, lattice))
    if cards or not missed:
        return _counter_above(image, lattice, cards,
                              [card.panel.box for card in cards])[0]
    number, word = _counter_above(image, lattice, cards, [panel.box for panel in missed])
    below, counter = _counter_above(image, lattice, cards, [])
    if counter is not None and _bar_parted(counter, word, [panel.box for panel in missed]):
        return below
    return number


PARTED_BAR = 0.75  # a word spanning this share of the panels' rows between them parts a bar


def _bar_parted(counter: Box, word: Box | None, panels: Sequence[Box]) -> bool:
    """Whether the panels found beside a missed card (``panels``) are the title bar, parted
    by its number: the word sought above the board (``counter``, its box in the picture)
    stands between them, over :data:`PARTED_BAR` of their rows at least, taller than the word
    found above them (``word``, or none): a card's picture stands inside its own panel, over
    its upper part, never between panels across their whole height. Variants 1275004
    ``j40`` (widest, Moon, its dark cards unfound): the big 3 (87 px, its pitch 57) parted
    the red bar into two panels 93 px tall, taken for cards beside a missed one; the counter
    was sought above them, in the phone's status bar, the battery's box read 0 by 0.069 at
    every cut, "taps: 0" for 3 stated with --animals and no warning."""
    x, y, width, height = counter
    middle = x + width / 2
    top = min(box[1] for box in panels)
    foot = max(box[1] + box[3] for box in panels)
    rows = min(y + height, foot) - max(y, top)
    return (rows >= PARTED_BAR * (foot - top)
            and not any(box[0] <= middle <= box[0] + box[2] for box in panels)
            and (word is None or height > word[3]))


def _counter_above(image: np.ndarray, lattice: Lattice, cards: tuple[CardSeen, ...],
                   boxes: Sequence[Box]) -> tuple[NumberRead, Box | None]:
    """:func:`read_counter` above ``boxes`` (the cards', or the panels found beside a missed
    card; none: above the board), and the box in the picture of the tallest word any ink cut
    found there (``None``: none found), read or not."""
    bottom = min((box[1] for box in boxes), default=int(lattice.y - lattice.pitch_y))
    if bottom < 8:
        return NumberRead(None, 0.0, ()), None
    width = lattice.cols * lattice.pitch_x
    left = min([box[0] for box in boxes] + [lattice.x]) - 0.12 * width
    right = max([box[0] + box[2] for box in boxes] + [lattice.x + width]) + 0.12 * width
    xa, xb = max(0, int(left)), min(image.shape[1], int(np.ceil(right)))
    if boxes:
        bottom = _under_the_bar(image, bottom, boxes)
    band = image[:bottom, xa:xb].astype(np.float32)
    ba, bb = max(0, int(lattice.x) - xa), max(1, int(lattice.x + width) - xa)
    background = _bar_colours(band[:, ba:bb], 2 * max(2, int(0.15 * lattice.pitch_y)) + 1)
    distance = np.linalg.norm(band - background, axis=2)
    parted: list[list[Box]] = [[] for _ in INK_LEVELS]
    placed = [_placed_word(band, distance > level,
                           _inside_band(band.shape[1], lattice.pitch_y, ba), parted=cut)
              for level, cut in zip(INK_LEVELS, parted)]
    # A cut whose glyphs do not make a number (JPEG's halo joins a few letters of the label
    # at the lowest cut, parting the run the number stands by: seed 600072's 7), or make a
    # much smaller word than another cut's (the clock's digits: 7056 at 0.6x), says nothing;
    # the others must agree, and at least two read. So does a cut that finds the word but
    # no glyph in it as tall as the word (its fill in pieces: wider 710000 at 2.26x, the 9's
    # fill at the lowest cut; the other two read 9 with a lead of 0.11, and the counter was
    # left unread).
    tallest = max((box[3] for _, box in placed if box is not None), default=0)
    found = max((box for _, box in placed if box is not None), key=lambda b: b[3],
                default=None)
    word = None if found is None else (found[0] + xa, *found[1:])
    cuts = [(read, box, level) for (read, box), level in zip(placed, INK_LEVELS)
            if read is not None and read.digits and box is not None
            and box[3] >= 0.6 * tallest]
    blobbed = any(_same_place(box, glyph) for (_, box), cut in zip(placed, parted)
                  if box is not None for glyph in cut)
    taken = [(read, box) for read, box, _ in cuts]
    if len(taken) < 2:
        return NumberRead(None, 0.0, ()), word
    # The cuts must have read one word: the same digits found in two places (a window's
    # edge at one cut, another's at the next, each taken for a 1: no-game desktop 97005)
    # are no counter read twice.
    if not all(_same_place(box, taken[0][1]) for _, box in taken[1:]):
        return NumberRead(None, 0.0, ()), word
    # The counter stands in the title bar, never on a card: a word in the place of a card's
    # picture found is that picture (fresh widest 1138005 at 0.5x: the bar's 1 drawn 1.6
    # tiles tall, its label's letters too small to mark it, dropped as too tall; the Bat's
    # picture under it, in the rows the card's top tucked under the bar lets the band reach,
    # read 0 by 0.03 at every cut, "taps: 0" for 1 stated with --animals and no warning).
    if any(_on_a_picture(box, xa, cards) for _, box in taken):
        return NumberRead(None, 0.0, ()), word
    number = agreed([read for read, _ in taken])
    # A word touching the picture's top may be cut by it: a crop into the title bar leaves a
    # digit's lower part, and a 5's is a 3's (fresh 570016 cropped 0.43 into its bar: 5 left
    # read 3, the board's count, with no warning). Read, never sure (a tight bar's outlined
    # digits touch it whole: 7056 at 0.6x).
    if any(box[1] <= 0 for _, box in taken):
        return replace(number, agree=False), word
    # A word hanging from a row of ink across the band (dropped as an edge between bars) came
    # down from above the bar: a phone's notch over it, the digit joined to it (wider 940012
    # with a notch: the black pill and the 2 under it one glyph under the status bar, read 7
    # at every cut by 0.078, "taps: 7" for 2 stated with no warning as bought attempts). The
    # counter stands inside its bar, clear of its edges: nothing is read.
    if any(_hangs_from_an_edge(distance > level, box) for _, box, level in cuts):
        return NumberRead(None, 0.0, ()), word
    # A word parted from a blob it touched (:func:`_parted_from_a_blob`: a phone's notch)
    # may have lost a part under it: sure only when read clearly (:data:`PARTED_LEAD`).
    if blobbed and number.lead < PARTED_LEAD:
        return replace(number, agree=False), word
    return number, word


PARTED_LEAD = 0.15  # a word parted from a blob is sure only when it leads by this much (the
# notch's 4 of variants 1230002, whole beside the pill: 0.21; a digit part hidden under it
# reads as another by less, as the 2 under wider 940012's notch read 7 by 0.078)


def _on_a_picture(box: Box, left: int, cards: Sequence[CardSeen]) -> bool:
    """Whether the word in ``box`` (the band's pixels, the band starting ``left`` pixels
    from the screen's left, at its top) stands where a card's picture was found
    (:func:`_same_place`)."""
    x, y, width, height = box
    return any(card.picture[2] > 0 and card.picture[3] > 0
               and _same_place((x + left, y, width, height), card.picture) for card in cards)


HANGS = 0.5  # share of a word's columns inked on the row above it: the word goes on up


def _hangs_from_an_edge(ink: np.ndarray, box: Box) -> bool:
    """Whether the word in ``box`` (x, y, width, height in the band) goes on up past its
    top: :data:`HANGS` of its columns inked on the row above it (the word's own ink ends at
    its top, so that row's ink was dropped as an edge, a row all ink: :func:`_placed_word`)."""
    x, y, width, _ = box
    return y > 0 and float(ink[y - 1, x : x + width].mean()) >= HANGS


TALLEST_DIGIT = 1.5  # the counter's glyphs are at most this many tiles tall (the skin's 1.3)
TALLEST_BESIDE_LABEL = 2.0  # ... or this many, standing beside their label (a bar 100 points
# tall over tiles of 50, issue 18's widest; widest 860040 at 0.74x: a 2 of 1.82 tiles)
SMALLEST_DIGIT = 0.2  # ... and at least this many (the skin's 0.3)
THINNEST_DIGIT = 0.1  # ... and at least this share of their height wide: a pixel font's 1 is
# a font pixel wide, a seventh to a ninth of its height; a thinner "glyph" is a rule
TITLE_PLACE = 0.6  # a word starting less than this many tiles right of the board's left
# edge stands where the region's name starts (its third letter, in the skin: the name starts
# about 0.35 tiles left of the board, the counter after its 4 letters at least: MARS, MOON,
# FARM, CITY, about a tile right of the board's edge)


def _in_title_place(word: list[Box], board_left: float, pitch: float) -> bool:
    """Whether ``word`` starts where the title bar's region name does, not the counter: less
    than :data:`TITLE_PLACE` tiles (of ``pitch`` pixels) right of the board's left edge
    (``board_left``, the band's pixels). The name stands on the bar's left, the counter on
    its right, after the name's 4 letters at least (issue 18); a word there is the name's,
    whatever it reads as. Fresh 640031 with a phone's notch over the counter and most of the label (no run of
    the label's glyphs found): the fallback's "short word holding the tallest glyph" was the
    ``UT`` of ``OUTBACK`` (its ``O`` joined to the screen's rounded corner), read 7 at every
    cut and stated as 7 attempts left for 3, with no warning."""
    return bool(word) and word[0][0] < board_left + TITLE_PLACE * pitch


NAME_LETTERS = 3  # a run of at least this many small glyphs left of a word on its line


def _named_before(word: list[Box], boxes: list[Box]) -> bool:
    """Whether a run of small text (:data:`NAME_LETTERS` glyphs at least, each under 0.8 of
    the word's height) stands wholly left of ``word`` on its line: the region's name written
    small, so the word after it is no part of the name, wherever it starts (wider 710016 at
    1.45x: ``NOCTURNAL`` in 10 px letters at the bar's far left, the 6 beside its 32 px
    ``ATTEMPTS LEFT`` 0.3 tiles right of the board's left edge: in the title's place, the
    counter unread)."""
    x0, y0 = word[0][0], min(b[1] for b in word)
    y1 = max(b[1] + b[3] for b in word)
    tall = max(b[3] for b in word)
    small = [b for b in boxes if b[0] + b[2] <= x0 and b[3] < 0.8 * tall
             and b[1] < y1 and b[1] + b[3] > y0]
    return any(len(run) >= NAME_LETTERS for run in _text_runs(small))


def _inside_band(width: int, pitch: float, board_left: float = -np.inf):
    """:func:`_number_glyphs` among the glyphs clear of the band's sides (``width``), from
    :data:`SMALLEST_DIGIT` to :data:`TALLEST_DIGIT` tiles (of ``pitch`` pixels) tall. The
    band reaches past the cards and the board, and a glyph it cuts is no digit of the
    counter but a window's edge or a picture beside the screen (a tool strip's edge,
    tallest in the band, read as a 1 at two cuts: desktop 99432, 6 left read as 1; a
    spreadsheet above the phone's window, read as a 0: 98424). A glyph taller than the bar
    can be, or as small as a tile's decoration, is no digit of the counter either: over a
    lattice at half the tiles' pitch inside the board (the part taken for a whole screen),
    two real tiles read as a 0 that may spell its count (desktop 97003), and so did a
    tile's 8 px speck (102023, a wrong board read with no doubt said of its tiles). A glyph
    thinner than :data:`THINNEST_DIGIT` of its height is a rule, no digit: one column of an
    outlined digit's dark outline, past the ink cut at the lowest cut only (harder desktop
    112022: that "1" beside the 0 the other cuts read left the counter unread). A word where
    the region's name starts (:func:`_in_title_place`, ``board_left`` the board's left edge
    in the band) is the name's, no counter: none is read, and the read says so."""
    tallest, smallest = TALLEST_DIGIT * pitch, SMALLEST_DIGIT * pitch

    def pick(boxes: list[Box]) -> list[Box]:
        inside = [b for b in boxes if b[0] > 0 and b[0] + b[2] < width
                  and b[3] <= TALLEST_BESIDE_LABEL * pitch]
        word = _number_glyphs(inside, tallest) if inside else []
        if _in_title_place(word, board_left, pitch) and not _named_before(word, inside):
            return []
        # (the small glyphs stay for the label beside the number, which marks it)
        return word if all(b[3] >= smallest and b[2] >= THINNEST_DIGIT * b[3]
                           for b in word) else []
    return pick


SAME_PLACE = 0.5  # two words overlap by this share of the smaller's width and height


def _same_place(a: Box, b: Box) -> bool:
    """Whether two words' boxes are one word's, seen at two ink cuts: they overlap by
    :data:`SAME_PLACE` of the smaller one's width and height."""
    wide = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    high = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return wide >= SAME_PLACE * min(a[2], b[2]) and high >= SAME_PLACE * min(a[3], b[3])


BAR_SAME = 12.0  # colour distance within which a row under the cards' top is the bar's
BAR_ROWS = 8  # the rows above the cards' top whose colour is the bar's


def _under_the_bar(image: np.ndarray, top: int, cards: Sequence[Box]) -> int:
    """Where the bar above the cards ends, from ``top`` (the highest card's top): the same,
    unless rows from there down over the cards' columns are (their median) the bar's colour
    (that of the rows just above ``top``): a card box marked with its top tucked under the
    bar, the part the bar hides marked in. Then under the last such row, at most
    :data:`SEEN_TOP_MOST` of the cards' height down, when they are most of the rows down to
    it (a row of a bold word's strokes is mostly ink, the counter's digit stands in these
    rows). Below a card's true top its own colour and picture show, not the bar's (a card of
    the bar's colour is seen from the bar's top, and nothing moves)."""
    spans = [np.arange(max(0, box[0]), min(image.shape[1], box[0] + box[2])) for box in cards]
    columns = np.concatenate(spans)
    if top < 1 or len(columns) == 0:
        return top
    limit = min(image.shape[0], top + int(SEEN_TOP_MOST * min(box[3] for box in cards)))
    # (each row's median over the cards' columns, of the rows looked at only: from
    # BAR_ROWS above ``top`` down to ``limit``; the whole height's was 0.4 s of a 9x
    # phone-sized screen's read, the same answer)
    first = max(0, top - BAR_ROWS)
    medians = np.median(image[first:max(top, limit), columns].astype(np.float32), axis=1)
    bar = np.median(medians[: top - first], axis=0)
    same = np.flatnonzero(np.linalg.norm(medians[top - first : limit - first] - bar, axis=1)
                          <= BAR_SAME)
    if len(same) == 0 or len(same) < (same[-1] + 1) / 2:
        return top
    return top + int(same[-1]) + 1


QUIET_ROW = 0.08  # a bar's row with at most this share of pixels off its colour has no text
QUIET_SPAN = 0.2  # ... or all of them within this share of its width (one box on the bar)
OFF_ROW = 30.0  # colour distance at which a pixel is off its row's colour
RUN_OWN = 0.75  # a run of rows with text has a colour of its own when this share has it
RUN_OWN_ALONE = 0.6  # ... or this share, on a row the quiet rows' colours share little of
ALIEN_ROW = 0.1  # a quiet row's colour shared by at most this share of a row is not its


def _bar_colours(band: np.ndarray, window: int) -> np.ndarray:
    """The bars' colour on each row of ``band`` (shape ``(rows, 1, 3)``). A row of text can
    be mostly ink (the horizontal strokes of a bold name and a big label side by side), and
    its own median is then the text's colour. The rows with no text (nearly all of their
    pixels one colour) show the bars' colours, and the steps between them: a row with text
    takes the colour of the nearest such row above or below it, whichever more of its own
    pixels share. With no such row, :func:`_running_bar_colours` over ``window`` rows."""
    rows = np.median(band, axis=1)
    off = np.linalg.norm(band - rows[:, None, :], axis=2) > OFF_ROW
    off_share = off.mean(axis=1)
    # A row whose off pixels all stand within a short span holds one thing, not text: the
    # counter's dark box across a bar with no row free of it (desktop 99410's 294 px phone,
    # its bar's quiet rows otherwise only the cards' ground under it, and the bar all ink).
    last = band.shape[1] - 1 - np.argmax(off[:, ::-1], axis=1)
    span = np.where(off.any(axis=1), last - np.argmax(off, axis=1) + 1, 0)
    quiet_rows = (off_share <= QUIET_ROW) | (span <= QUIET_SPAN * band.shape[1])
    quiet = np.flatnonzero(quiet_rows)
    if len(quiet) == 0:
        return _running_bar_colours(rows, window)
    out = rows.copy()
    busy = np.flatnonzero(~quiet_rows)
    for run in np.split(busy, np.flatnonzero(np.diff(busy) > 1) + 1) if len(busy) else []:
        # The run's own colour when nearly all of its pixels share it (a bar whose every
        # row holds a little text: a big digit as tall as the bar, desktop 90033's, leaves
        # no quiet row in it, and the quiet rows around it are the status bar's and the
        # cards'). Text covering most of a run's rows never covers most of its pixels.
        pixels = band[run[0] : run[-1] + 1].reshape(-1, 3)
        # A run sharing less with its own colour keeps it on a row that the quiet rows'
        # colours are nearly absent from (wider 710008 at 1.59x: its region's name FARM in
        # letters as tall as the bar, 0.68 of the run's pixels the bar's, the only quiet rows
        # the status bar's black above it: the bar was given that black, all its rows ink,
        # dropped as edges, and the counter's 7 beside its label never seen).
        own = np.median(pixels, axis=0)
        share = float((np.linalg.norm(pixels - own, axis=1) <= OFF_ROW).mean())
        owns = [own] if share >= RUN_OWN else []
        for y in run:
            k = int(np.searchsorted(quiet, y))
            colours = [rows[int(quiet[j])] for j in (k - 1, k) if 0 <= j < len(quiet)] + owns
            shared = [float((np.linalg.norm(band[y] - colour, axis=1) <= OFF_ROW).mean())
                      for colour in colours]
            best = int(np.argmax(shared))
            alone = not owns and share >= RUN_OWN_ALONE and shared[best] <= ALIEN_ROW
            out[y] = own if alone else colours[best]
    return out[:, None, :]


def _running_bar_colours(rows: np.ndarray, window: int) -> np.ndarray:
    """Each row's median colour (``rows``) replaced by the median of those over ``window``
    rows: the bars are much taller than a line of text, so the running median keeps their
    colours, and the steps between them, while rows mostly ink are outvoted."""
    half = window // 2
    padded = np.pad(rows, ((half, half), (0, 0)), mode="edge")
    windows = np.lib.stride_tricks.sliding_window_view(padded, window, axis=0)
    return np.median(windows, axis=2)[:, None, :]


def _read_word(crop: np.ndarray, ink_mask: np.ndarray, pick, edges: bool = True) -> NumberRead | None:
    """The number written by the glyphs ``pick`` chooses among the ink's glyph boxes, or
    ``None`` when there are none; ``edges``: rows all ink are dropped (across a screen's
    width such a row is an edge between two bars, not text)."""
    return _placed_word(crop, ink_mask, pick, edges)[0]


def _placed_word(crop: np.ndarray, ink_mask: np.ndarray, pick, edges: bool = True,
                 parted: list[Box] | None = None) -> tuple[NumberRead | None, Box | None]:
    """:func:`_read_word` and the box (x, y, width, height) of the word read (``None`` when
    none); ``parted``: the glyphs parted from a blob go there (:func:`_glyph_boxes`)."""
    ink = ink_mask.astype(np.uint8)
    if edges:
        ink[ink.mean(axis=1) > 0.9] = 0
    boxes = _glyph_boxes(ink, parted, crop.max(axis=2))
    word = pick(boxes) if boxes else []
    if not word:
        return None, None
    x0, y0 = min(b[0] for b in word), min(b[1] for b in word)
    x1, y1 = max(b[0] + b[2] for b in word), max(b[1] + b[3] for b in word)
    fill = _fill_mask(crop[y0:y1, x0:x1], ink[y0:y1, x0:x1] > 0)
    n, lab, st, _ = cv2.connectedComponentsWithStats(fill.astype(np.uint8), connectivity=8)
    glyphs = sorted((i for i in range(1, n) if st[i][3] >= 0.6 * (y1 - y0)),
                    key=lambda i: st[i][0])[:2]
    masks = [lab == i for i in glyphs]
    for j in range(1, n):
        # (a piece of a glyph parted from it: :data:`PIECE_HEIGHT`)
        middle = st[j][0] + st[j][2] / 2
        owner = [k for k, i in enumerate(glyphs)
                 if st[i][0] <= middle < st[i][0] + st[i][2]]
        if j not in glyphs and len(owner) == 1 and st[j][3] >= PIECE_HEIGHT * (y1 - y0):
            masks[owner[0]] = masks[owner[0]] | (lab == j)
    return read_number(masks), (x0, y0, x1 - x0, y1 - y0)


# A blocky digit's steps may touch only at their corners, and the fill's corners part them:
# a 2's base and the notch under its top bar stood apart from the rest of it, the rest alone
# read (a bar, a stem and a stair: a 7, leading by 0.12 at every cut; fresh widest-look
# 1026023 at 0.66x, "taps: 7" for 2 stated with --animals and no warning as bought
# attempts). A piece of the word under the height of a glyph, this share of the word's
# height at least, whose middle stands in one glyph's columns, is that glyph's.
PIECE_HEIGHT = 0.1


def _tallest_word(boxes: list[Box]) -> list[Box]:
    """In a box the player marked around the counter: its tallest glyphs (at most two)."""
    tallest = max(b[3] for b in boxes)
    return sorted((b for b in boxes if b[3] >= 0.6 * tallest), key=lambda b: b[0])[:2]


def read_counter_in(image: np.ndarray, box: tuple[int, int, int, int]) -> NumberRead:
    """The number in a box the player marked around the counter: the tallest glyphs in it
    (at most two), on the colour of the box's edge, read at each of :data:`INK_LEVELS`."""
    h, w = image.shape[:2]
    x, y, bw, bh = box
    x0, y0, x1, y1 = max(0, x), max(0, y), min(w, x + bw), min(h, y + bh)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return NumberRead(None, 0.0, ())
    crop = image[y0:y1, x0:x1].astype(np.float32)
    distance = np.linalg.norm(crop - border_colour(crop), axis=2)
    reads = [_read_word(crop, distance > level, _tallest_word, edges=False)
             for level in INK_LEVELS]
    return agreed([r for r in reads if r is not None]) if all(reads) else \
        NumberRead(None, 0.0, ())


Box = tuple[int, int, int, int]


def _glyph_boxes(ink: np.ndarray, parted: list[Box] | None = None,
                 value: np.ndarray | None = None) -> list[Box]:
    """The boxes of the ink's glyph-like components (at least 5 pixels tall, at most three
    times as wide as tall). A component too wide to be a glyph may be glyphs joined by JPEG
    specks (the ringing around a digit's outline) to a bar's edge: it is opened (its one
    pixel bridges cut) and its parts taken instead. Small letters of one-pixel strokes joined
    by JPEG's halo (a label's ``TTE``) vanish whole in the opening: when nothing is left, the
    component is cut at its columns of one pixel of ink, and its parts taken (else the label
    falls into runs too short to mark the number beside it). A part still too wide may be a
    dark blob an outlined glyph touches (a phone's notch): given the picture's brightness
    (``value``), the glyph is parted from it (:func:`_parted_from_a_blob`), its box taken
    and added to ``parted`` too."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    boxes: list[Box] = []
    for i in range(1, count):
        x, y, w, h = (int(v) for v in stats[i][:4])
        if h >= 5 and w <= 3 * h:
            boxes.append((x, y, w, h))
        elif h >= 5 and w > 3 * h:
            part = (labels[y : y + h, x : x + w] == i).astype(np.uint8)
            opened = cv2.morphologyEx(part, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
            parts = _glyph_parts(opened)
            if not parts:
                # Letters of one-pixel strokes (a small label: the crossbars of ``TT``
                # touching) vanish in the opening: cut at the columns only a bridge's one
                # pixel crosses instead.
                thin = part.copy()
                thin[:, part.sum(axis=0) <= 1] = 0
                parts = _glyph_parts(thin)
            boxes += [(x + px, y + py, pw, ph) for px, py, pw, ph in parts]
            if value is not None:
                cut = [(x + px, y + py, pw, ph) for px, py, pw, ph
                       in _parted_from_a_blob(opened, value[y : y + h, x : x + w])]
                boxes += cut
                if parted is not None:
                    parted += cut
    return boxes


BLOB_DARK = 0.5  # a blob's part: this share of its ink at least the darker ink
BLOB_FILL_GROWN = 0.75  # a fill grown by this share of its strokes' width takes its outline


def _parted_from_a_blob(ink: np.ndarray, value: np.ndarray) -> list[Box]:
    """The boxes of outlined glyphs joined to a dark blob too wide to be a glyph (a phone's
    notch), in ``ink`` (one opened component and what it touches; ``value``: the picture's
    brightness there, the largest of its channels): in a part still wider than three times
    its height, mostly dark ink (:data:`BLOB_DARK`) with brighter ink in it (two levels, as
    :func:`_fill_mask` finds them), each bright fill :data:`SMALLEST_FILL` pixels tall or
    more, grown by its strokes' width (:data:`BLOB_FILL_GROWN`: its outline), within the
    ink. Variants 1230002 ``notch``: the notch's black pill touched the dark outline of the
    counter's pink 4, the pill as thick as the 4 under the status bar's rows (dropped as
    edges); the two one component 142 px wide and 29 tall, dropped as too wide, and the
    ``S`` of ``ATTEMPTS`` (its other letters under the pill) the tallest glyph left on the
    region name's line, read 5 at every cut: "taps: 5" for 4. A glyph parted so may have
    lost a part under the blob: its read is never sure unless clear (:func:`read_counter`)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=4)
    found: list[Box] = []
    for j in range(1, n):
        if stats[j][3] < 5 or stats[j][2] <= 3 * stats[j][3]:
            continue
        part = labels == j
        levels = value[part]
        cut, _ = cv2.threshold(levels.astype(np.uint8).reshape(-1, 1), 0, 255,
                               cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        bright, dark = levels[levels > cut], levels[levels <= cut]
        if not len(bright) or len(dark) < BLOB_DARK * len(levels) \
                or bright.mean() - dark.mean() <= 70:
            continue
        fills = (part & (value > cut)).astype(np.uint8)
        m, fl, fs, _ = cv2.connectedComponentsWithStats(fills, connectivity=8)
        for k in range(1, m):
            if fs[k][3] < SMALLEST_FILL or fs[k][2] > 3 * fs[k][3]:
                continue
            fill = (fl == k).astype(np.uint8)
            stroke = 2.0 * float(cv2.distanceTransform(
                cv2.copyMakeBorder(fill, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0),
                cv2.DIST_L2, 5).max())
            grow = max(1, int(round(BLOB_FILL_GROWN * stroke)))
            grown = cv2.dilate(fill, cv2.getStructuringElement(
                cv2.MORPH_RECT, (2 * grow + 1, 2 * grow + 1))) & part
            ys, xs = np.nonzero(grown)
            found.append((int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1),
                          int(ys.max() - ys.min() + 1)))
    return found


SMALLEST_FILL = 5  # a fill this many pixels tall at least is a glyph's (a letter's foot less)


def _glyph_parts(ink: np.ndarray) -> list[Box]:
    """The boxes of ``ink``'s glyph-like components (4-connected): at least 5 pixels tall,
    at most three times as wide as tall."""
    n, _, st, _ = cv2.connectedComponentsWithStats(ink, connectivity=4)
    return [(int(st[j][0]), int(st[j][1]), int(st[j][2]), int(st[j][3]))
            for j in range(1, n) if st[j][3] >= 5 and st[j][2] <= 3 * st[j][3]]


def _text_runs(boxes: list[Box]) -> list[list[Box]]:
    """Glyph boxes grouped into runs of text: similar heights, one baseline, small gaps."""
    runs: list[list[Box]] = []
    for box in sorted(boxes, key=lambda b: b[0]):
        for run in runs:
            last = run[-1]
            h = last[3]
            if (abs(box[3] - h) <= 0.25 * h and abs(box[1] + box[3] - last[1] - last[3]) <= 0.25 * h
                    and -0.2 * h <= box[0] - (last[0] + last[2]) <= 1.6 * h):
                run.append(box)
                break
        else:
            runs.append([box])
    return runs


def _number_glyphs(boxes: list[Box], tallest: float = np.inf) -> list[Box]:
    """The glyphs of the big number: the one or two tall glyphs just left of the longest run
    of small text on the right (``ATTEMPTS LEFT``), or leading that run when joined to it;
    failing that, the short word holding the tallest glyph no taller than ``tallest``
    pixels, on a line with such a run when there is one. (Beside its label a glyph may be
    taller: the label tells the counter, which a glyph's height alone cannot.)"""
    runs = [r for r in _text_runs(boxes) if _letters(r) >= LABEL_LETTERS]
    # The label is the run ending furthest right; with no number beside it, the next such
    # run (fresh wider 790028 at 1x, its cards not found: the band down to the board held the
    # cards' words, and the third card's YOU HAVE 0 ended right of ATTEMPTS LEFT, whose last
    # letters the band cut; no number beside that run, the tallest glyph was taken, a card's
    # sprite read as 4 for the 2 left, stated with no warning).
    for run in sorted(runs, key=lambda r: -(r[-1][0] + r[-1][2])):
        word = _beside_label(run, boxes)
        if word:
            return word
    short = [b for b in boxes if b[3] <= tallest]
    # The tallest glyph is looked for on the runs' lines (fresh harder desktop 590004, a
    # video-compressed 248 px phone: the band reached into a card of the ground's colour, its
    # sprite the tallest glyph, below every run: nothing was read at two cuts of three, the
    # 7 beside NORTHERN's line never looked at, the counter unread). With no run as long as
    # the label, on the lines of shorter words (:data:`NAME_LETTERS` letters at least: the
    # region's name, a label cut short), its middle row among theirs: the counter stands on
    # its line with them, a card's sprite alone between the bar and the card's name, its
    # specks at most reaching the name's rows (fresh widest 1250000 at 0.6x and JPEG 60, its
    # pale cards not found: the band down to the board held their sprites, the label joined
    # by the JPEG and cut by the band's edge, 5 letters; the Akhlut's sprite, the tallest
    # glyph, read 9 by 0.045 at every cut, "taps: 9" for 6 stated with no warning with
    # --animals).
    if runs:
        lined = [b for b in short if any(_share_rows([b], run) for run in runs)]
    else:
        names = [r for r in _text_runs(boxes) if _letters(r) >= NAME_LETTERS]
        lined = [b for b in short if any(_on_its_line(b, run) for run in names)]
    word = _tallest_short_word(lined or short) if short else []
    # With runs of small text as long as the label, the number shares a line with one of
    # them (it stands beside its label, in the bar with the region's name); a word wholly
    # above or below them all is no counter but the status bar's (widest 860040 at 0.74x:
    # the 2 taller than the counter's glyphs may be, so none beside the label; the battery's
    # box up in the status bar, the tallest glyph left, read as a 1 by 0.058 at every cut,
    # "taps: 1" for 2 stated with no warning).
    if word and runs and not any(_share_rows(word, run) for run in runs):
        return []
    return word


def _on_its_line(box: Box, run: list[Box]) -> bool:
    """Whether a glyph stands on a run of text's line (:func:`_number_glyphs`): its middle
    row among the run's rows, or it stands just before the run (:data:`FOOT_GAP` of its
    height), taller than its letters, its foot level with theirs (:data:`FOOT_LEVEL`): the
    counter beside the first letters of its label, which the skin sets on the number's
    baseline. Fresh harder desktop 700000 (a 205 px phone, washed): the 10, 21 px tall, its
    middle above the label's 5 px letters (three of them found), the region's name broken
    into runs of two at two ink cuts of three: no glyph's middle on a line of words there,
    the counter unread. A card's sprite above a name line stands apart from the name's
    first letter (1250000 ``sj``'s Akhlut: 38 px left of it, its foot level with it)."""
    middle = box[1] + box[3] / 2
    top, foot = min(b[1] for b in run), max(b[1] + b[3] for b in run)
    if top <= middle <= foot:
        return True
    letter = float(np.median([b[3] for b in run]))
    gap = min(b[0] for b in run) - (box[0] + box[2])
    return (box[3] > 1.25 * letter and 0 <= gap < FOOT_GAP * box[3]
            and abs(box[1] + box[3] - foot) <= max(2.0, FOOT_LEVEL * letter))


FOOT_GAP = 0.5  # a glyph this share of its height or less before a run of text stands by it
FOOT_LEVEL = 0.3  # ... when its foot is within this share of the run's letters' height


def _share_rows(a: list[Box], b: list[Box]) -> bool:
    """Whether two runs of glyphs share a row of pixels."""
    return min(x[1] for x in a) < max(x[1] + x[3] for x in b) and \
        min(x[1] for x in b) < max(x[1] + x[3] for x in a)


def _tallest_short_word(boxes: list[Box]) -> list[Box]:
    """:func:`_number_glyphs` with no label found beside a number: the short word holding
    the tallest glyph, or the rightmost short word of digit-shaped glyphs right of it."""
    # No label found (its letters joined or broken): the number is the bar's biggest text, the
    # short word holding the tallest glyph; or, when that is a longer word (the region's
    # name as tall as the number, or its first word of joined letters wider than a digit),
    # the rightmost short word of digit-shaped glyphs right of it on its line (harder
    # desktops 117001 and 118000 at 0.6x and 0.75x: the label's letters joined in twos and
    # threes, ICE of ICE AGE two boxes 13 and 14 px tall, one 22 px wide; the 6 is 12 px).
    top = max(boxes, key=lambda b: b[3])
    line = [b for b in boxes if b[3] >= 0.8 * top[3] and b[1] < top[1] + top[3]
            and b[1] + b[3] > top[1]]
    runs = _text_runs(line)
    words = [w for w in runs if top in w]
    if not words:
        return []
    word = words[0]
    if len(word) <= 2 and all(_digit_shaped(b) for b in word):
        return word
    short = [w for w in runs if len(w) <= 2 and all(_digit_shaped(b) for b in w)
             and w[0][0] > word[-1][0] + word[-1][2]]
    if short:
        return max(short, key=lambda w: w[0][0])
    return word if len(word) <= 2 else []


LABEL_LETTERS = 6  # a run of small text this many letters long may be the counter's label
LETTER_WIDE = 0.8  # a small letter is at most this many times as wide as tall (the skin's
# 5 by 7, blurred: 7 by 10); a wider box in a run is letters joined


def _letters(run: list[Box]) -> int:
    """How many letters a run of small text holds: a box wider than a letter
    (:data:`LETTER_WIDE`) counts as the letters it is wide enough for. JPEG's halo joins a
    label's letters at the lower ink cuts (wider 700000 at 1.35x: ``ATTEMPT`` cut by the
    band's edge, its ``TTE`` one box 32 px wide by 13 at the lowest cut, ``TT`` at the next:
    a run of 4 and 5 boxes, no label, the counter's 10 read at one cut only and left unread
    though it stands plainly beside its label)."""
    return sum(max(1, int(b[2] / (LETTER_WIDE * b[3]))) for b in run)


def _beside_label(run: list[Box], boxes: list[Box]) -> list[Box]:
    """The big number's glyphs beside a run of small text taken for its label
    (:func:`_number_glyphs`), or none."""
    # The label ends the run; on a small screen the number (and even the region's name)
    # may be little taller than the label's letters and joined to the run: the label is
    # the run's tail of glyphs of its last letters' height, and the one or two glyphs
    # just before it are the number when digit-shaped (not wider than tall), rising above
    # the label's top, and close together (letters joined by JPEG specks are wide and keep
    # the label's top).
    h = float(np.median([b[3] for b in run[-6:]]))
    i = len(run)
    while i > 0 and run[i - 1][3] < 1.15 * h:
        i -= 1
    label = run[i:] if len(run) - i >= 6 else run
    if label is not run:
        h = float(np.median([b[3] for b in label]))
        text_top = float(np.median([b[1] for b in label]))
        word: list[Box] = []
        for b in reversed(run[:i]):
            if b[3] < 1.15 * h or b[2] > 1.1 * b[3] or b[1] > text_top - max(1.5, 0.25 * h):
                break
            if word and word[-1][0] - (b[0] + b[2]) >= 0.35 * b[3]:
                break
            word.append(b)
            if len(word) == 2:
                break
        if word:
            return sorted(word, key=lambda b: b[0])
    h = float(np.median([b[3] for b in label]))
    lx = label[0][0]
    top, bottom = min(b[1] for b in label), max(b[1] + b[3] for b in label)
    tall = sorted((b for b in boxes if b[3] > 1.25 * h and b[0] + b[2] <= lx + 0.2 * h
                   and b[1] < bottom and b[1] + b[3] > top), key=lambda b: -b[0])
    if tall and lx - (tall[0][0] + tall[0][2]) < max(4 * h, tall[0][3]):
        word = [tall[0]]
        for b in tall[1:]:
            if word[-1][0] - (b[0] + b[2]) < 0.6 * b[3] and abs(b[3] - word[0][3]) < 0.2 * b[3]:
                word.append(b)
        return sorted(word[:2], key=lambda b: b[0])
    return []


DIGIT_WIDEST = 1.3  # a counter's glyph is at most this many times as wide as tall (a digit
# on a box of its own, blurred: 118000's 6, 15 px by 12; ICE's joined letters are 1.6)


def _digit_shaped(box: Box) -> bool:
    """Whether a glyph's box is no wider than a counter's digit (:data:`DIGIT_WIDEST`)."""
    return box[2] <= DIGIT_WIDEST * box[3]


RIM_SHARE = 0.5  # brighter ink this share or more on the ink's rim is a dark glyph's edge


def _on_the_rim(ink: np.ndarray, part: np.ndarray) -> float:
    """The share of ``part``'s pixels on ``ink``'s rim (ink with a pixel outside it among
    its eight neighbours)."""
    inner = cv2.erode(ink.astype(np.uint8), np.ones((3, 3), np.uint8),
                      borderType=cv2.BORDER_CONSTANT, borderValue=0) > 0
    return float((part & ~inner).sum()) / max(1, int(part.sum()))


def _fill_mask(crop: np.ndarray, ink: np.ndarray) -> np.ndarray:
    """The glyphs' fill: when the ink is of two brightnesses (a fill and its outline), the
    brighter; when the brighter lies on the ink's rim (:data:`RIM_SHARE`), and more of it
    than of the darker, the darker: a dark glyph's edge blended with a light bar (measured
    0.86-1.0 of the brighter on the rim on wider 860035, 700008, 700048, 0.03-0.6 of the
    darker; a fill inside its outline 0.0-0.13, or 0.52-0.78 and its outline 0.95-1.0 on a
    glyph 13 px tall)."""
    value = crop.max(axis=2)
    levels = value[ink]
    if len(levels) < 4:
        return ink
    cut, _ = cv2.threshold(levels.astype(np.uint8).reshape(-1, 1), 0, 255,
                           cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright, dark = levels[levels > cut], levels[levels <= cut]
    if len(bright) and len(dark) and bright.mean() - dark.mean() > 70:
        fill = ink & (value > cut)
        # The brighter ink on the glyphs' rim is no fill inside a dark outline but the edge
        # of a dark glyph on a light bar, blended with the bar: the darker is the glyph
        # (wider 860035 at 1.45x: a bold 0's rim taken for its fill, a hollow box read as a
        # 1 by 0.047 at every cut, "taps: 1" for 0 stated with no warning as bought attempts).
        # (A small outlined glyph's fill touches its rim too where JPEG breaks the outline,
        # but less than the outline does: fresh wider 880015's 10 at 0.73x, 13 px tall, its
        # fill 0.52-0.78 on the rim, its outline 0.95-1.0.)
        dark = ink & (value <= cut)
        rim = _on_the_rim(ink, fill)
        if rim >= RIM_SHARE and rim > _on_the_rim(ink, dark):
            return dark
        return _rim_lines_dropped(ink, fill)
    return ink


RIM_LINE = 0.9  # a fill's part with this share or more on the ink's rim is the outline's edge


def _rim_lines_dropped(ink: np.ndarray, fill: np.ndarray) -> np.ndarray:
    """``fill`` (the brighter ink, inside a dark outline) without its parts lying on the
    ink's rim (:data:`RIM_LINE` of their pixels at least): the outline's outer edge blended
    with a lighter bar, no fill. Wider 890008 at 0.75x: one dark outline round a 15's light
    fills, its left side and bottom a line one pixel wide brighter than the outline, as tall
    as the word: taken for the first glyph, 11 read at every cut for 15 and stated with no
    warning. (A fill inside its outline lies off the rim, or on it only where JPEG breaks the
    outline: 880015's 10, 0.52-0.78 of it.)"""
    n, labels = cv2.connectedComponents(fill.astype(np.uint8), connectivity=8)
    if n <= 1:
        return fill
    inner = cv2.erode(ink.astype(np.uint8), np.ones((3, 3), np.uint8),
                      borderType=cv2.BORDER_CONSTANT, borderValue=0) > 0
    keep = fill.copy()
    for i in range(1, n):
        part = labels == i
        if float((part & ~inner).sum()) >= RIM_LINE * float(part.sum()):
            keep &= ~part
    return keep


# -- the board text -------------------------------------------------------------------------


def with_furniture(screen: RescueScreen, image: np.ndarray, pack: TemplatePack) -> RescueScreen:
    """``screen`` with its cards and counter taken from the boxes the player marked when
    calibrating (``pack.furniture``, board units), where they replace the automatic search."""
    from dataclasses import replace

    cards = cards_for(image, screen.lattice, pack, screen.cards)
    counter = counter_for(image, screen.lattice, cards, pack, screen.counter)
    return replace(screen, cards=cards, counter=counter)


def cards_for(image: np.ndarray, lattice: Lattice, pack: TemplatePack | None,
              found: tuple[CardSeen, ...] | None = None) -> tuple[CardSeen, ...]:
    """The cards in the boxes the player marked (``pack.furniture["cards"]``), else as the
    automatic search finds them (``found``, or :func:`find_cards`)."""
    boxes = pack.furniture.get("cards") if pack is not None else None
    if boxes:
        geometry = lattice.geometry()
        marked = tuple(_card_in(image, _inside(image, _to_pixels(geometry, box), pack,
                                               f"box of card {k + 1}"), lattice.pitch_x)
                       for k, box in enumerate(boxes))
        return classify_boxes(marked, screen_facts(), {})
    return found if found is not None else find_cards(image, lattice)


def counter_for(image: np.ndarray, lattice: Lattice, cards: tuple[CardSeen, ...],
                pack: TemplatePack | None, found: NumberRead | None = None) -> NumberRead:
    """The counter in the box the player marked (``pack.furniture["counter"]``), else as the
    automatic search reads it (``found``, or :func:`read_counter`)."""
    boxes = pack.furniture.get("counter") if pack is not None else None
    if boxes:
        return read_counter_in(image, _inside(image, _to_pixels(lattice.geometry(), boxes[0]),
                                              pack, "box of the counter"))
    return found if found is not None else read_counter(image, lattice, cards)


INSIDE = 0.9  # a saved furniture box must have this share of it inside the screenshot


def _inside(image: np.ndarray, box: tuple[int, int, int, int], pack: TemplatePack,
            what: str) -> tuple[int, int, int, int]:
    """``box`` (pixels), refused in words when it is not on the screenshot: a box saved in
    the pack (board units) lands off a screenshot showing less of the screen around the
    board than the calibration's did."""
    h, w = image.shape[:2]
    x, y, bw, bh = box
    inside = max(0, min(x + bw, w) - max(x, 0)) * max(0, min(y + bh, h) - max(y, 0))
    if bw <= 0 or bh <= 0 or inside < INSIDE * bw * bh:
        raise SavedBoxOutside(what, box, (w, h))
    return box


def _to_pixels(geometry, box) -> tuple[int, int, int, int]:
    """A box in board units as pixels (its corners through the board's geometry)."""
    x, y, w, h = box
    corners = geometry.board_to_image([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    x0, y0 = np.floor(corners.min(axis=0)).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int)
    return int(x0), int(y0), int(x1 - x0), int(y1 - y0)


def _card_in(image: np.ndarray, box: tuple[int, int, int, int],
             pitch: float) -> CardSeen:
    """The card in a box the player marked, read as a found card is (its colour: the median
    of the box), and taken as the card seen: rows at the box's top not of the card's colour
    (its top tucked under the title bar, the bar marked in) are left out
    (:func:`_seen_top`)."""
    h, w = image.shape[:2]
    x, y, bw, bh = box
    x, y = max(0, x), max(0, y)
    bw, bh = min(bw, w - x), min(bh, h - y)
    inside = image[y : y + bh, x : x + bw].reshape(-1, 3).astype(np.float32)
    colour = np.median(inside, axis=0)
    top = _seen_top(image[y : y + bh, x : x + bw], colour)
    panel = Panel((x, y + top, bw, bh - top), tuple(float(v) for v in colour))
    return read_card(image, panel, screen_facts(), pitch)


SEEN_TOP_MOST = 0.3  # a marked card's top rows left out as not the card: at most this share


def _seen_top(crop: np.ndarray, colour: np.ndarray) -> int:
    """The first row of a marked card box (``crop``) showing the card: of its colour
    (``colour``) over most of the box's middle half (its corners are round, and the sprite
    stands lower, under a plain margin). 0 when that is the box's own top, or when no row
    within :data:`SEEN_TOP_MOST` of its height is."""
    h, w = crop.shape[:2]
    middle = crop[: int(SEEN_TOP_MOST * h), w // 4 : max(w // 4 + 1, 3 * w // 4)]
    near = np.linalg.norm(middle.astype(np.float32) - colour, axis=2) <= OFF_ROW
    rows = np.flatnonzero(near.mean(axis=1) >= 1 - QUIET_ROW)
    return int(rows[0]) if len(rows) else 0
