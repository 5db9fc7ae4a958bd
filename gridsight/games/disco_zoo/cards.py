"""The animal cards of a Disco Zoo rescue screen, found by their structure and read.

What the real screen shows (issue 18; proportions and colours in
``templates/disco-zoo/screen.json``): 1 to 3 equal cards with rounded corners in a row between
the title bar (their top edge tucked under it) and the board, told from the ground behind them
by colour alone, often by very little and in either direction. On each card, top to bottom:
the animal's sprite, its name in capitals, ``YOU HAVE n`` in the rarity's tint, and a row of
small square boxes with light borders, one per tile of the animal's pattern, one filled in the
rarity colour per tile of it found in this rescue.

1. **The cards**: :func:`gridsight.vision.panels.panel_row` over the band above the board, the ground
   sampled beside the board (the ground there is the ground behind the cards).
2. **Each card's parts**: the sprite (:func:`gridsight.vision.panels.picture_box`), the box row
   (:func:`gridsight.vision.boxrow.box_row`, the lowest row of equal squares), and between them the
   lines of ink (:func:`gridsight.vision.boxrow.ink_lines`): the name's, then ``YOU HAVE n``'s.
3. **The boxes**: each box's middle is filled when its colour is nearer a rarity's (as it
   is, or blended with the box's border at a small scale) than the unfilled look (the card's
   colour or a darker shade of it, blended the same way), by a margin (a box rimmed darker
   than its light border: blended with both, :func:`_blended`). A row is not counted on
   where a box read unfilled stands apart from the other cards' unfilled boxes (unfilled
   boxes look alike on every card: :func:`_lone_unfilled`, :func:`_two_unfilled_looks`,
   :func:`_pair_apart`, :func:`_pair_across_cards`, :func:`_two_screen_looks`), nor a row of
   all its boxes filled that stands off its card's middle (unfilled boxes beside it may be
   unseen: :func:`_uncentred`);
   a pet's row (five boxes), unclear by its colours, is read by its fills' distance from
   the unfilled look (:func:`_pet_fills`: a pet's colour is not in the facts).
4. **The card's rarity**: the filled boxes' colour (of boxes too small to tell a fill, not
   against the tint's; of boxes with no middle, none), else the ``YOU HAVE n`` line's tint
   (its most colourful ink's hue, compared with each rarity's blended with the card's).

The names are not read here: each card carries ``name_box``, the rectangle of its name line in
image pixels, for the text reader.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache

import cv2
import numpy as np

from gridsight.games.disco_zoo.settle import RARITY_SURE
from gridsight.vision.boxrow import (SIDE_INK, BoxRow, box_row, ink_lines, ink_mask,
                                     without_specks)
from gridsight.vision.lattice import Lattice
from gridsight.vision.panels import (Panel, PanelRow, panel_row, picture_above, picture_box,
                                     sprite_box, upright_edges)
from gridsight.vision.runs import longest_runs, true_runs
from gridsight.vision.sprites import Sprite, sprite_of

Box = tuple[int, int, int, int]
FILL_MARGIN = 4.0  # Lab distance by which a box's middle must be nearer filled than unfilled
UNSURE_LINE = 0.4  # the most a tint is trusted when the card's box row was not found
FAINT_ROW = 0.3  # the most a box row found only at a side's fainter ink is trusted (under
# settle.BOX_SURE: such a row shows the card is one, its count and fills are not counted on)
WAIST = 0.15  # a row inside a band of ink holding less than this of its typical row parts it
TINT_TOLERANCE = 14.0  # a line's hue is a rarity's tint within this (a*b* distance)
TINT_MARGIN = 5.0  # ... and clear when nearer it than any other's by this and more
# The least side (pixels) of a box whose fill is told: a smaller box's middle is a pixel or
# two, blended with its light border and the dark card around it, and a rarity's fill reads
# as an unfilled box (measured on 200 real-look screens at 0.45x-1.2x, seeds 400000: fills
# miscounted on 2 of 24 rows of boxes 4-5 px, none of 214 rows of 6 px and more; seed
# 180048's Jade Rabbit, boxes 6x7 px at 0.52x, read 0 filled of 2 and the found tiles were
# given another animal).
MIN_FILL_SIDE = 7
# Unfilled boxes look the same on every card of a screen: a box read unfilled this far (Lab)
# from the others read unfilled is one whose fill this reader does not know (a rarity drawn
# in a colour near a darker shade of the card), and its row is not read clearly. Measured on
# 120 real-look phone screens (seeds 7000): right unfilled boxes lie 0-19 from the others'
# median but on screens whose rows were misread anyway; fills read unfilled, 10-36.
UNFILLED_APART = 20.0
# ... or LONE_APART and LONE_TIMES the others' own spread about their median, when there are
# LONE_OTHERS of them or more (fresh real-look 170043: a timeless fill drawn dark near the
# dirt read "0 of 3 filled" 18 Lab from nine unfilled boxes lying within 2 of their median;
# fresh 270025 at 1.5x: a common fill drawn dark, 19 Lab from the three other boxes of its
# card's row, the screen's only row, spread 0.85, read "0 of 4 filled" clearly with four)
LONE_APART = 12.0
LONE_TIMES = 5.0
LONE_OTHERS = 3
# ... or LONE_APART_SMALL in a row whose boxes' middles (inside their light borders) are under
# SMALL_INSIDE pixels: JPEG keeps colour at half the resolution of lightness, so such a
# middle holds a pixel or two of its fill's own colour, the rest blended with the border and
# the card, and a fill shows only as a small shift (fresh real-look 210037 at 1.95x: boxes
# of 6 px with 2 px borders, 4 px middles; a common fill 8.8 Lab from six unfilled boxes
# lying within 0.8 of their median read "0 of 4 filled" at confidence 0.94)
SMALL_INSIDE = 5.0
LONE_APART_SMALL = 6.0
# ... or LONE_LIGHT (L*) and LONE_TIMES the others' own spread of lightness about theirs, with
# LONE_OTHERS of them or more: JPEG keeps colour at half the resolution of lightness, so at a
# small scale the unfilled boxes' hues scatter while their lightness stays close, and a fill
# drawn darker (or lighter) than them hides in the colour's scatter but not in its lightness
# (fresh real-look 310005 at 0.73x: a common fill drawn dark, L* 18 beside six unfilled boxes
# at L* 31-35, 18 Lab from their median but their colours spread 4.2, read "0 of 4 filled"
# at confidence 0.89)
LONE_LIGHT = 8.0
TINT_FROM_NAME = 8.0  # a YOU HAVE line's hue this near its name's (a*b*) shows no tint:
# measured on the clear tints of 7000 (120 screens) and 330000 (60, 1x-9x): of 87, three
# wrong, at 1.3, 6.1 and 17.4 from their names' hue; seven right ones lie under 8 (the font's
# own colour near the rarity's), now unsure
TINT_DARKER = 25.0  # ink darker than the card by more than this (L*) is a rim, not the tint
# A line under the YOU HAVE line, touching the box row found and under BORDER_LINE of the
# line above it tall, is the boxes' top border: the row found a few pixels low (fresh
# real-look 340017 at 1.23x: the Capricornus's light green borders, 4 rows above its row,
# read as its YOU HAVE line, common at 0.02, the card rare).
BORDER_LINE = 0.6
EDGE_NEAR = 0.06  # a border down a panel within this share of a part's width of a split line
SPLIT_NARROWER = 0.7  # a panel's parts, split where borders stand, are at least this share of a card's least
CENTRED = 0.3  # a card's picture stands in this middle share of its width
LIKE_SIZE = 2.0  # cards' pictures of one row are within this factor of each other's height
STRADDLE_RIM = 0.15  # a line splitting a panel may cut this share of its picture's sides


@dataclass(frozen=True)
class BoxesSeen:
    """A card's row of boxes as read: ``count`` boxes (the animal's pattern's tiles),
    ``filled`` of them filled (its tiles found in this rescue), ``rarity`` the rarity whose
    colour fills them (``""``: none filled, or of no rarity's colour), ``confidence`` 0..1
    (the row's regularity and the least clear box's fill margin), ``boxes`` each box (x, y,
    width, height, image pixels) and ``fills`` each box's verdict; ``fills_sure``: the boxes
    are big enough for an unfilled box to be told from a fill blended away
    (:data:`MIN_FILL_SIDE`), else ``filled`` is a guess not to count on (the count of boxes
    and the rarity of a box read filled still are). ``disputed``: the row, read clearly, has
    its fills counting more found tiles than the board may hold
    (:func:`.screen.fills_over_the_board`): not counted on (its confidence
    :data:`FAINT_ROW`), but real boxes, so the reading still says the disagreement in words
    (the board or the fills are read wrong, and which the board does not tell)."""

    count: int
    filled: int
    rarity: str
    confidence: float
    boxes: tuple[Box, ...] = ()
    fills: tuple[bool, ...] = ()
    fills_sure: bool = True
    disputed: bool = False
    untold: bool = False  # fills not told from unfilled boxes (:func:`fills_untold`)

    @property
    def found(self) -> int | None:
        """The filled boxes when their fill can be told, else ``None``."""
        return self.filled if self.fills_sure else None


@dataclass(frozen=True, eq=False)
class CardSeen:
    """An animal card: its panel, the sprite cut from its picture and the picture's box.

    ``name_box`` is the rectangle (x, y, width, height, image pixels) of the card's name line:
    the card's inner width (its box less 4% each side), the line's ink rows with a fifth of
    its height (at least a pixel) above and below; ``None`` when no line was found there.
    ``have_box`` is the same for the ``YOU HAVE n`` line. ``boxes`` the box row as read
    (``None``: not found), ``rarity`` the card's rarity as its colours show it (``""``:
    unsure) with ``rarity_confidence`` 0..1. ``faint_row``: the row was found only with a
    box side's fainter ink (:data:`FAINT_ROW`)."""

    panel: Panel
    sprite: Sprite | None = field(default=None, repr=False)
    picture: Box = (0, 0, 0, 0)
    name_box: Box | None = None
    have_box: Box | None = None
    boxes: BoxesSeen | None = None
    rarity: str = ""
    rarity_confidence: float = 0.0
    row: BoxRow | None = field(default=None, repr=False)
    faint_row: bool = False
    run_into: bool = False  # the row's band holds the line above it (:func:`_run_into`)
    name_top: int | None = field(default=None, repr=False)  # the name line's first ink row
    # only one text line under the sprite's own foot, over the row (:func:`_sprites_foot`)
    line_taken: bool = field(default=False, repr=False)


def find_cards(image: np.ndarray, lattice: Lattice, facts: dict,
               seen: dict[str, list[np.ndarray]] | None = None,
               missed: list[Panel] | None = None) -> tuple[CardSeen, ...]:
    """The animal cards above the board, left to right (none when no row of cards is
    there), each read (see the module docstring). ``seen``: each rarity's colours (Lab) as
    the board's found tiles show them on this screen, the filled boxes' best reference.
    ``missed``: when a card was missed beside those found (none is then returned), the panels
    found are added to it: the counter is sought above them, not above the board."""
    pitch = float(lattice.pitch_x)
    width = lattice.cols * pitch
    area = (int(lattice.x - facts["card_area_beside"] * width),
            int(lattice.y - facts["card_area_above"] * lattice.pitch_y),
            int((1 + 2 * facts["card_area_beside"]) * width),
            int((facts["card_area_above"] - 0.03) * lattice.pitch_y))
    area = _between_pillars(image, area)
    # The ground behind the cards shows beside the board (the board stands on it).
    reach = facts["ground_beside"]
    ground = ((int(lattice.x - (reach + 0.1) * pitch), int(lattice.y), int(reach * pitch),
               int(2 * lattice.pitch_y)),
              (int(lattice.x + width + 0.1 * pitch), int(lattice.y), int(reach * pitch),
               int(2 * lattice.pitch_y)))
    ground = _beside_the_rim(image, ground, pitch)
    ground = _sliver_or_above(image, ground, pitch, lattice) if ground else \
        _ground_above(image, lattice)
    row = panel_row(image, area, min_width=facts["card_min_width"] * pitch,
                    min_height=facts["card_min_height"] * lattice.pitch_y,
                    max_panels=facts["card_max"], min_contrast=facts["card_min_contrast"],
                    ground=ground)
    wide = _wider_area(image, area, lattice, facts, ground) if row is None else None
    if wide is not None:
        row = panel_row(image, wide, min_width=facts["card_min_width"] * pitch,
                        min_height=facts["card_min_height"] * lattice.pitch_y,
                        max_panels=facts["card_max"], min_contrast=facts["card_min_contrast"],
                        ground=ground)
    if row is not None:
        row = _up_to_their_top(image, wide or area, row, lattice, facts, ground)
    if row is None:
        cards = unedged_cards(image, area, ground, facts, pitch) or \
            _narrow_cards(image, (area, wide), ground, facts, lattice)
        if not cards:
            return ()
    else:
        panels = unmerged(image, row.panels, facts["card_min_width"] * pitch, facts["card_max"])
        if wide is None:
            panels = _cut_by_the_area(image, area, lattice, facts, ground, panels)
        if len(panels) < facts["card_max"] and _ink_beside(image, area, ground, panels, pitch):
            cards = _found_by_ink(image, area, ground, facts, pitch, panels)
            if not cards:
                panels = _beside_the_area(image, area, lattice, facts, ground, panels)
                # (a row holding as many cards as the game shows misses none beside them:
                # ink there is the ground's, as where the first row holds them all; fresh
                # widest 1164026 at 2.53x: three cards found in the wider area, the grass
                # ground's light specks taken for a card missed, the screen asked)
                cards = tuple(read_card(image, panel, facts, pitch) for panel in panels) \
                    if len(panels) >= facts["card_max"] \
                    or not _ink_beside(image, area, ground, panels, pitch) else ()
            if not cards:
                cards = _with_the_side_card(image, area, ground, facts, pitch, panels)
            if not cards:
                if missed is not None:
                    missed.extend(panels)
                return ()  # a card missed beside those found: the animals are not all known
        else:
            if len(panels) < facts["card_max"] and _next_place_cut(area, panels, image.shape[1]):
                wider = _beside_the_area(image, area, lattice, facts, ground, panels)
                if len(wider) > len(panels) and \
                        not _ink_beside(image, area, ground, wider, pitch):
                    panels = wider
            cards = _level_names(image, tuple(read_card(image, panel, facts, pitch)
                                              for panel in panels), facts, pitch)
    colour = ground_colour(image, ground)
    cards = tuple(_run_into(image, _uncentred(_box_beside(image, card, colour, cards)))
                  for card in classify_boxes(cards, facts, seen or {}))
    return tuple(replace(card, rarity_confidence=min(card.rarity_confidence, UNSURE_LINE))
                 if card.run_into else card for card in screen_tints(image, cards, facts))


# The cards stand under the title bar, their top edge tucked under it (issue 18); a look may
# draw them higher over the board than the area they are sought in reaches (widest 1126022 at
# 2.43x: three Mars cards drawn from y 294, the area from y 361). The panels are then found
# from the area's top, their pictures cut there: the Martian's and the Marsmot's sprites,
# their dark outlines across the cards' top rows, cut and matched to each other's tiles (a
# WRONG). Panels found from the area's top row are sought again in the area run on up by
# TOP_REACH of a tile's pitch; the row found there is taken when it holds as many panels, each
# at the same columns (TOP_SAME of its width, a pixel or two) and foot, and each starting
# higher, below the taller area's top (an edge of its own: the bar's, or the ground's).
TOP_REACH = 1.0
TOP_SAME = 0.03


def _up_to_their_top(image: np.ndarray, area: Box, row: PanelRow, lattice: Lattice,
                     facts: dict, ground: Sequence[Box]) -> PanelRow:
    """``row`` (found in ``area``), or the same panels run on up to their own top edge when
    they were found from the area's top (see above)."""
    top = min(panel.box[1] for panel in row.panels)
    up = max(0, area[1] - round(TOP_REACH * lattice.pitch_y))
    if top > area[1] + 1 or up >= area[1]:
        return row
    taller = panel_row(image, (area[0], up, area[2], area[3] + area[1] - up),
                       min_width=facts["card_min_width"] * lattice.pitch_x,
                       min_height=facts["card_min_height"] * lattice.pitch_y,
                       max_panels=facts["card_max"], min_contrast=facts["card_min_contrast"],
                       ground=tuple(ground))
    if taller is not None and _the_gaps_of(row, taller, up):
        return taller
    if taller is None or len(taller.panels) != len(row.panels):
        return row
    for old, new in zip(row.panels, taller.panels):
        x, y, w, h = old.box
        nx, ny, nw, nh = new.box
        near = max(2, round(TOP_SAME * w))
        if abs(nx - x) > near or abs(nx + nw - x - w) > near or \
                abs(ny + nh - y - h) > near or not up + 1 < ny < y:
            return row
    return taller


# A ground of a gradient may be sampled beside the board a shade off the ground between the
# cards, nearer the cards' own colour: the ground between the cards is then the "panels" and
# the row found in the area cut at the cards' middle is the gaps between them (fresh widest
# 1146004 at 0.61x: three Mars cards 2 Lab lighter than the orange ground, the area from y 63
# for cards drawn from 45; two panels found, each a gap between two cards, ink beside them,
# no card taken and the screen asked). The cards stand apart with the ground between them,
# each its own top edge under the title bar: the row run on up finds the cards whole. It is
# taken when it holds one panel more, none cut by the picture's side, each starting below
# the taller area's top, and each panel of the first row fills the gap between two of them
# (its sides within GAP_SAME of a panel's width of theirs).
GAP_SAME = 0.1


def _the_gaps_of(row: PanelRow, taller: PanelRow, up: int) -> bool:
    """Whether ``row``'s panels are the gaps between ``taller``'s (see above)."""
    if len(taller.panels) != len(row.panels) + 1 or \
            any(panel.cut for panel in taller.panels + row.panels):
        return False
    for k, gap in enumerate(row.panels):
        left, right = taller.panels[k].box, taller.panels[k + 1].box
        near = max(2, round(GAP_SAME * min(left[2], right[2])))
        if abs(gap.box[0] - left[0] - left[2]) > near or \
                abs(gap.box[0] + gap.box[2] - right[0]) > near:
            return False
    top = min(gap.box[1] for gap in row.panels)
    return all(up + 1 < panel.box[1] < top for panel in taller.panels)


# The YOU HAVE line may stand so near the boxes that blur joins them: one band of ink, no
# waist nor ledge between them, is read whole as the row, its "boxes" the letters over the
# boxes (widest-look 1028039 at 1.97x: the Horse's three unfilled boxes under its line read
# as two boxes of 28x36 and 33x36, "2 of 2 filled" mythical at 0.84, the card's rarity with
# them). A box's top is its border, inked across its width; a band whose top holds letters
# is not. Where a box of a row of boxes TOP_SIDE px or taller shows no row in its top quarter
# inked across TOP_INKED of its width (at a side's faint ink), the row and the rarity its fills
# show are set aside (FAINT_ROW, UNSURE_LINE) and the reading says so. Measured on main
# over 7000 (60), 1000000 (60), widest 1006000/1024000/1026000/1028000 and wider 1071000:
# boxes of 12 px and more showed a top inked across 0.76 of their width or more, but
# 1028039's (0.39) and 1028002's (0.47, its row read at 0).
TOP_SIDE = 12
TOP_INKED = 0.6


def _run_into(image: np.ndarray, card: CardSeen) -> CardSeen:
    """The card with its box row set aside (``run_into``) when the row's boxes show no top
    border of their own (:data:`TOP_INKED`): the line above run into them; or when only one
    line stands under the sprite's foot over the row (``line_taken``: :func:`_sprites_foot`)."""
    boxes, row = card.boxes, card.row
    if boxes is not None and card.line_taken:
        return replace(card, boxes=replace(boxes, confidence=min(boxes.confidence, FAINT_ROW)),
                       rarity_confidence=min(card.rarity_confidence, UNSURE_LINE),
                       run_into=True)
    if boxes is None or row is None or not row.boxes or \
            min(min(b[2], b[3]) for b in row.boxes) < TOP_SIDE:
        return card
    shares = []
    for x, y, w, h in row.boxes:
        top = ink_mask(image[y : y + max(1, h // 4), x : x + w], card.panel.color, SIDE_INK)
        shares.append(float(top.mean(axis=1).max()) if top.size else 0.0)
    if min(shares) >= TOP_INKED:
        return card
    return replace(card, boxes=replace(boxes, confidence=min(boxes.confidence, FAINT_ROW)),
                   rarity_confidence=min(card.rarity_confidence, UNSURE_LINE), run_into=True)


# A look may draw its cards narrower than a tile, tall and narrow (widest-look 1026039 at
# 0.81x: three Jurassic cards 46 px wide on a board of pitch 50, 149 px tall; 1026037 at
# 2.75x: 123 px on a pitch of 178), under ``card_min_width``, which keeps a row of cards
# from being found in the furniture of other screens: no row found, the screens asked.
# Where no row is found, neither as panels nor by its ink, a row of panels NARROW_CARD of
# the pitch wide or more is sought, and taken only when each of its panels shows a picture,
# a name and a YOU HAVE line and stands at least NARROW_TALL times as tall as it is wide,
# more than half of them show a box row under their lines, one of them at its full ink
# (1026037's middle card, its low-contrast boxes blurred, shows none; the others' rows are
# the row's witness), and no ink stands on the ground beside the row (a card missed).
NARROW_CARD = 0.55
NARROW_TALL = 2.0
# A row of two or three equal narrow panels is the game's row of cards by its structure
# (issue 18: 1-3 equal panels between the title bar and the board) whatever their box rows
# show: widest 1074000 at 0.86x (three Farm cards 65 px wide on a pitch of 50, 130 tall,
# their YOU HAVE lines run into their boxes: no row read on any) and 1074030 at 1.58x (three
# Polar cards 56 px wide, the box rows of two unread) were found as such rows and refused,
# no cards (the screens asked). A row of ROW_ALIKE panels or more, each ROW_TALL times as
# tall as wide or more, is taken when each shows a picture centred in it (CENTRED), a name
# and a YOU HAVE line and no ink stands beside the row; its cards without a box row are read
# without one (their boxes unknown, their tints trusted UNSURE_LINE at most). The tallness is
# asked of panels narrower than an ordinary card (``card_min_width``) only: a row of ordinary
# cards may be found here alone, at this search's finer working scale (fresh widest 1146032 at
# 2.80x: three Mars cards 211 x 247 px on a pitch of 154, no row found by the first search;
# refused here for being under ROW_TALL, the screen asked); the other checks still stand.
ROW_ALIKE = 2
ROW_TALL = 1.5


def _narrow_cards(image: np.ndarray, areas: Sequence[Box | None], ground: Sequence[Box],
                  facts: dict, lattice: Lattice) -> tuple[CardSeen, ...]:
    """The cards of a row of narrow tall cards (see above) in the first of ``areas`` holding
    one; none when no such row is there."""
    pitch = float(lattice.pitch_x)
    least, ordinary = NARROW_CARD * pitch, facts["card_min_width"] * pitch
    if least >= ordinary:
        return ()
    for area in areas:
        if area is None:
            continue
        row = panel_row(image, area, min_width=least,
                        min_height=facts["card_min_height"] * lattice.pitch_y,
                        max_panels=facts["card_max"], min_contrast=facts["card_min_contrast"],
                        ground=ground)
        if row is None:
            continue
        panels = unmerged(image, row.panels, least, facts["card_max"])
        alike = len(panels) >= ROW_ALIKE
        tall = ROW_TALL if alike else NARROW_TALL
        if any(p.cut or p.box[3] < tall * p.box[2] and p.box[2] < ordinary for p in panels):
            continue
        cards = _level_names(image, tuple(read_card(image, panel, facts, pitch)
                                          for panel in panels), facts, pitch)
        rows = [card.row is not None for card in cards]
        if all(card.name_box is not None and card.have_box is not None and card.picture[2] > 0
               for card in cards) and (alike and all(
                   _centred(card.picture, card.panel) for card in cards) or
                   2 * sum(rows) > len(cards)
                and any(card.row is not None and not card.faint_row for card in cards)) \
                and not _ink_beside(image, area, ground, panels, pitch):
            return cards
    return ()


# The cards' search area reaches card_area_beside of the board's width past each side of it,
# enough where the board spans most of the screen. A wider look's board may stand at half the
# screen's width under cards far wider than its tiles: their row then runs past the area's
# sides, no panel fits inside it and none is found (wider-look 770043 at 1.55x: three light
# Ice Age cards 4 Lab off a light-blue ground, the third reaching 46 px past the area's right
# side; the screen asked). Where no row is found, it is sought again in the area reaching
# CARDS_BESIDE of the board's width past each side, cut to the screen inside its frames.
CARDS_BESIDE = 0.6


def _wider_area(image: np.ndarray, area: Box, lattice: Lattice, facts: dict,
                ground: Sequence[Box] = ()) -> Box | None:
    """``area`` reaching :data:`CARDS_BESIDE` of the board's width past each of its sides
    (cut to the picture inside its frames, and inside the bands at its sides inked down its
    whole height off the ``ground``'s colour: :func:`screen_sides`), or ``None`` when that is
    no wider."""
    width = lattice.cols * lattice.pitch_x
    left, right = frame_sides(image)
    colour = ground_colour(image, ground) if ground else None
    if colour is not None:
        sides = screen_sides(image, colour)
        left, right = max(left, sides[0]), max(right, sides[1])
    a = max(left, int(lattice.x - CARDS_BESIDE * width))
    b = min(image.shape[1] - right, int(lattice.x + (1 + CARDS_BESIDE) * width))
    if a >= max(left, area[0]) and b <= min(image.shape[1] - right, area[0] + area[2]):
        return None
    return (a, area[1], b - a, area[3])


def _panels_in_the_wider_area(image: np.ndarray, area: Box, lattice: Lattice, facts: dict,
                              ground: Sequence[Box], whole: bool) -> tuple[Panel, ...] | None:
    """The cards' row of panels sought again in the wider area (:func:`_wider_area`), merged
    panels parted (:func:`unmerged`); ``whole``: the row first grown up to the cards' top
    (:func:`_up_to_their_top`). ``None`` when the area is no wider or holds no row."""
    wide = _wider_area(image, area, lattice, facts, ground)
    if wide is None:
        return None
    pitch = float(lattice.pitch_x)
    row = panel_row(image, wide, min_width=facts["card_min_width"] * pitch,
                    min_height=facts["card_min_height"] * lattice.pitch_y,
                    max_panels=facts["card_max"], min_contrast=facts["card_min_contrast"],
                    ground=ground)
    if row is None:
        return None
    if whole:
        row = _up_to_their_top(image, wide, row, lattice, facts, ground)
    return unmerged(image, row.panels, facts["card_min_width"] * pitch, facts["card_max"])


def _beside_the_area(image: np.ndarray, area: Box, lattice: Lattice, facts: dict,
                     ground: Sequence[Box], panels: Sequence[Panel]) -> Sequence[Panel]:
    """The panels found in the wider area (:func:`_wider_area`) when a card was missed
    beside ``panels`` (found in ``area``) and they are more, each of ``panels`` among them
    (its middle in one's columns); else ``panels``. A board standing off the screen's middle
    leaves a card past the area's side: the cards found are those inside it, the missed
    card's ink beside them (widest-look 850049 at 1.31x: the board 94 px from the screen's
    left, 22 from its right; the first card's right half past the area's left side, no
    cards and the screen asked). The caller still checks no ink is left beside them."""
    found = _panels_in_the_wider_area(image, area, lattice, facts, ground, whole=False)
    if found is None or len(found) <= len(panels) or not all(
            sum(f.box[0] <= p.box[0] + p.box[2] / 2 < f.box[0] + f.box[2] for f in found) == 1
            for p in panels):
        return panels
    return found


# A card cut by the search area's side is found narrower than its fellows, its box row's end
# outside it (wider 710047 at 0.68x, the board's lattice 25.6 px: the Ghost card from x 169 to
# 234, the area ending at 227; the card taken 58 px wide, the others 62 and 61, its two boxes
# at 217-229 not read, its fills' rarity lost). Where a panel of the row reaches the area's
# side and is narrower than the widest of the others by more than CUT_NARROWER of its width
# (2 px at least), the row is sought again in the wider area (:func:`_wider_area`); it is
# taken when it holds as many panels, in the same order, each of the first row's middles in
# one of them, the cut one wider.
CUT_NARROWER = 0.04


def _cut_by_the_area(image: np.ndarray, area: Box, lattice: Lattice, facts: dict,
                     ground: Sequence[Box], panels: Sequence[Panel]) -> Sequence[Panel]:
    """``panels`` (found in ``area``), or the same cards found whole in the wider area when
    one was cut by the area's side (see above)."""
    right = area[0] + area[2]
    cut = [k for k, p in enumerate(panels)
           if p.box[0] <= area[0] or p.box[0] + p.box[2] >= right]
    whole = [p.box[2] for k, p in enumerate(panels) if k not in cut]
    if not cut or not whole or all(
            max(whole) - panels[k].box[2] <= max(2, round(CUT_NARROWER * max(whole)))
            for k in cut):
        return panels
    found = _panels_in_the_wider_area(image, area, lattice, facts, ground, whole=True)
    if found is None or len(found) != len(panels) or not all(
            f.box[0] <= p.box[0] + p.box[2] / 2 < f.box[0] + f.box[2]
            for f, p in zip(found, panels)) or \
            any(found[k].box[2] <= panels[k].box[2] for k in cut):
        return panels
    return found


# A card standing past the search area's side, the screen's side a pixel or two past it, is
# no ink beside the cards found: its ink reaches the screen's side, as a desktop's would
# (:func:`_a_card_wide`), so the wider area was never tried (widest-look 1006023 at 0.87x:
# a Horse card 1 px from the screen's right side and 22 px past the area's, its box row
# reaching the side; two cards of three read). Where the place the row's next card would
# stand in runs past the area's side into the screen, the wider area is tried; the cards
# found there are taken when they are more, take in those found, and leave no ink beside.
def _next_place_cut(area: Box, panels: Sequence[Panel], width: int) -> bool:
    """Whether the place of a card next to ``panels`` (two or more: their step apart) on
    either side runs past ``area``'s side and half of it or more is on the screen
    (``width`` columns wide)."""
    if len(panels) < 2:
        return False
    boxes = sorted(p.box for p in panels)
    step, size = boxes[1][0] - boxes[0][0], min(box[2] for box in boxes)
    for left in (boxes[0][0] - step, boxes[-1][0] + step):
        shown = min(width, left + size) - max(0, left)
        if shown >= size / 2 and (left < area[0] or left + size > area[0] + area[2]):
            return True
    return False


# A card missed beside those found (INK_BESIDE) may still be found by its ink, as the cards
# drawn in the ground's colour are (unedged_cards): a faint card a level off the ground beside
# one further off it (wider-look 710013 at 0.87x: the Lynx card found as a panel on the navy
# ground, the Pisces card beside it not; the screen asked). The cards found so are taken when
# they are more than the panels, each panel is one of them (its middle in one's columns, no
# two in one), and no ink is left beside them.
def _with_the_side_card(image: np.ndarray, area: Box, ground: Sequence[Box], facts: dict,
                        pitch: float, panels: Sequence[Panel]) -> tuple[CardSeen, ...]:
    """``panels`` (the cards found, ink beside them) with the panel standing against the
    picture's side next to them (:func:`_side_panel`), read, when the row then holds as many
    cards as the game shows, each shows a picture and a box row level with the others', and
    no ink is left beside them; else none (the card missed: the animals are asked for)."""
    top = max(0, min(p.box[1] for p in panels))
    bottom = max(p.box[1] + p.box[3] for p in panels)
    side = _side_panel(image, ground_colour(image, ground), (top, bottom), panels)
    if side is None or len(panels) + 1 != facts["card_max"]:
        return ()
    row = sorted([*panels, side], key=lambda p: p.box[0])
    if _ink_beside(image, area, ground, row, pitch):
        return ()
    cards = _level_names(image, tuple(read_card(image, panel, facts, pitch) for panel in row),
                         facts, pitch)
    if any(card.row is None or card.sprite is None or not card.picture[2] for card in cards):
        return ()
    feet = [max(y + h for _, y, _, h in card.row.boxes) for card in cards if card.row]
    sides = [min(h for *_, h in card.row.boxes) for card in cards if card.row]
    if not all(feet) or max(feet) - min(feet) > max(2.0, 0.5 * min(sides)):
        return ()
    return cards


def _found_by_ink(image: np.ndarray, area: Box, ground: Sequence[Box], facts: dict,
                  pitch: float, panels: Sequence[Panel]) -> tuple[CardSeen, ...]:
    """The cards :func:`unedged_cards` finds where ``panels`` were found with ink beside
    them, when they take in the panels and leave no ink beside (see above); else none."""
    cards = unedged_cards(image, area, ground, facts, pitch)
    if len(cards) <= len(panels):
        return ()
    holding = []
    for panel in panels:
        middle = panel.box[0] + panel.box[2] / 2
        inside = [k for k, card in enumerate(cards)
                  if card.panel.box[0] <= middle < card.panel.box[0] + card.panel.box[2]]
        if len(inside) != 1:
            return ()
        holding += inside
    if len(set(holding)) < len(holding):
        return ()
    if _ink_beside(image, area, ground, [card.panel for card in cards], pitch):
        return ()
    return cards


# The ground's colour is sampled beside the board, in boxes that may reach past the screen's
# edge when the board touches it. A box is cut to the screen (a side wholly off it gives no
# sample): a slice ``image[0 : x + w]`` with ``x + w`` negative counts from the far side and
# took nearly the whole width, the lawn's green then standing for the ground (real-look 7035
# in _ink_beside; the same slice was in unedged_cards).
def ground_colour(image: np.ndarray, ground: Sequence[Box]) -> tuple[float, ...] | None:
    """The median colour of the parts of the boxes ``ground`` on the screen (``None`` when
    none is on it)."""
    height, width = image.shape[:2]
    samples = [image[max(0, y) : max(0, min(height, y + h)),
                     max(0, x) : max(0, min(width, x + w))].reshape(-1, 3)
               for x, y, w, h in ground]
    samples = [one for one in samples if len(one)]
    if not samples:
        return None
    return tuple(float(v) for v in np.median(np.concatenate(samples), axis=0))


# A screenshot of a mirroring window shows the window's frame down both sides: a board
# spanning nearly the screen's width leaves its ground sample beside it mostly frame
# (wider-look 700035 at 1.12x: a grey border 9 px wide taken for the ground, the navy
# ground then read as three panels where one card stands, the screen asked; 700030 likewise,
# a box then misread as filled). A frame is a band of columns at the picture's side each of
# one colour (within FRAME_NEAR Lab of the side's outermost column's median) on FRAME_SHARE
# of its height or more, at most FRAME_MOST of the width: a game's screen shows its bars,
# ground and board down a side, never one colour. The ground is sampled inside the frames.
FRAME_NEAR = 12.0
FRAME_SHARE = 0.9
FRAME_MOST = 0.1


def frame_sides(image: np.ndarray, most_share: float = FRAME_MOST,
                share: float = FRAME_SHARE) -> tuple[int, int]:
    """How many columns of a one-coloured frame stand at the left and right side of
    ``image`` (see :data:`FRAME_SHARE`; 0 and 0 for a phone's own screenshot); at most
    ``most_share`` of its width, each column one colour on ``share`` of its height."""
    width = image.shape[1]
    most = int(most_share * width)
    return _frame_width(image[:, :most], share), _frame_width(image[:, ::-1][:, :most], share)


FRAME_CHUNK = 8  # columns of a side turned to Lab at once (then twice as many, and so on)


def _frame_width(cols: np.ndarray, share: float) -> int:
    """How many of ``cols`` (a side's columns, the outermost first) are each one colour
    (within :data:`FRAME_NEAR` Lab of the outermost column's median) on ``share`` of their
    height. The columns are turned to Lab a few at a time and the count stops at the first
    column that is not of the frame: a screen with no frame pays for its outermost columns,
    not for a third of its width (the pillars' search looks that far in, twice a read: 18%
    of the desktop search's first frame on 410000). The same count as every column's at
    once (each pixel's colour is its own)."""
    count = cols.shape[1]
    edge = None
    wide, step = 0, FRAME_CHUNK
    while wide < count:
        lab = _lab(cols[:, wide : wide + step].astype(np.float32))
        if edge is None:
            edge = np.median(lab[:, 0], axis=0)
        near = (np.linalg.norm(lab - edge, axis=2) <= FRAME_NEAR).mean(axis=0)
        for value in near:
            if value < share:
                return wide
            wide += 1
        step *= 2
    return wide


# A letterbox's pillars may be wider than a frame is looked for (FRAME_MOST): columns one
# colour from the top of the picture to its bottom (PILLAR_WHOLE of its height: a game's
# column crosses its bars), up to PILLAR_MOST of its width, are a frame too.
PILLAR_MOST = 0.3
PILLAR_WHOLE = 0.99


def frames_or_pillars(image: np.ndarray) -> tuple[int, int]:
    """The columns of a frame (:func:`frame_sides`) or a letterbox's pillars
    (:data:`PILLAR_MOST`), whichever reaches further in, at the left and right of ``image``."""
    left, right = frame_sides(image)
    wide_left, wide_right = frame_sides(image, PILLAR_MOST, PILLAR_WHOLE)
    return max(left, wide_left), max(right, wide_right)


def _between_pillars(image: np.ndarray, area: Box) -> Box:
    """``area`` cut to the picture between a letterbox's pillars wider than a frame is
    looked for (:data:`PILLAR_MOST`, past :data:`FRAME_MOST`); as it is otherwise. A pillar
    in the cards' area reads as a panel of its own (fresh 800012 letterboxed: the grey pillar
    taken for the row's one card, the three cards beside it then missed)."""
    width = image.shape[1]
    left, right = frame_sides(image, PILLAR_MOST, PILLAR_WHOLE)
    if max(left, right) <= FRAME_MOST * width:
        return area
    x0, x1 = max(left, area[0]), min(width - right, area[0] + area[2])
    return (x0, area[1], max(0, x1 - x0), area[3])


def inside_frame(image: np.ndarray, ground: Sequence[Box]) -> tuple[Box, ...]:
    """The boxes of ``ground`` cut to the picture inside its frames and a letterbox's
    pillars (:func:`frames_or_pillars`), those left empty dropped. A board near the
    pillars' width leaves its ground sample beside it mostly pillar (fresh 800012
    letterboxed in a 3:4 frame, pillars of 15% of the width past :data:`FRAME_MOST`: their
    grey taken for the ground, the three cards and the ground between them read as one
    panel, "animals: Sasquatch" stated for three with no warning)."""
    left, right = frames_or_pillars(image)
    height, width = image.shape[:2]
    out = []
    for x, y, w, h in ground:
        a, b = max(left, x), min(width - right, x + w)
        if b > a and min(height, y + h) > max(0, y):
            out.append((a, y, b - a, h))
    return tuple(out)


# With no ground beside the board inside the frames (the board spans the screen), the ground
# is sampled in the strip just above the board (ABOVE of a tile's pitch), across its width,
# when that strip is of one colour (three quarters of it within ABOVE_SPREAD Lab of its
# median: no card nor ink reaches down into it). A box beside the board cut by a frame to
# less than SLIVER of a tile is no ground sample: the board's rim and its blur between the
# board and the frame (widest 1073038 at 0.52x: 8 and 5 columns of the navy ground beside a
# board spanning the screen taken for a window's frame, 1 and 3 px left of the board's
# grey-green rim; every pixel of the cards' area "ink", no card found). A box as narrow cut
# by the picture's side only is kept: the board stands a few pixels from the side, on the
# ground (fresh widest 1146019 at 1.24x: 4 px of the red ground left of the board, the strip
# above the board the cards' feet). A rim thicker than that strip shows in it with the ground
# (1073038: no strip of one colour): a strip a step further up is tried.
ABOVE = 0.1
ABOVE_SPREAD = 8.0
SLIVER = 0.1


def _beside_the_rim(image: np.ndarray, ground: Sequence[Box], pitch: float) -> tuple[Box, ...]:
    """The boxes of ``ground`` cut to the picture inside its frames (:func:`inside_frame`),
    those a frame cut to less than :data:`SLIVER` of the ``pitch`` dropped (see above)."""
    width = image.shape[1]
    kept = []
    for box in inside_frame(image, ground):
        x, _, w, _ = next(one for one in ground if one[0] <= box[0] < one[0] + one[2])
        shown = min(width, x + w) - max(0, x)  # (as the picture's sides cut it)
        if box[2] >= SLIVER * pitch or box[2] >= shown:
            kept.append(box)
    return tuple(kept)


# Slivers beside a board spanning the picture, cut by its sides only (each under SLIVER of a
# tile), may hold the picture's edge columns, blurred into a frame's or the board's rim: a
# poor sample of the ground. When one of them is not of one colour (three quarters of it
# within ABOVE_SPREAD Lab of its median, as the strip above is asked) the strip above the
# board is taken in their place, when that is of one colour (:func:`_ground_above`). Slivers
# of one colour stay (fresh widest 1146019 at 1.24x: 4 px of the red ground, spread 4.5, the
# strip above the cards' feet, of their colour). The ``j60`` variant of widest 1215018
# (``bench/disco_zoo_variants.py``; Jungle, three narrow dark cards on a dark green ground,
# the board 11 px from the left side and 10 px from the right): slivers of 5 and 3 px, the
# edge columns 11-12 L lighter in them (spread 10.1 and 12.4), the ground between the cards
# taken for one panel 354 px wide, no card read (asked both ways).


def _spread(image: np.ndarray, box: Box) -> float:
    """How far three quarters of ``box``'s pixels lie from their median colour (Lab) at most."""
    x, y, w, h = box
    lab = _lab(image[max(0, y) : y + h, max(0, x) : x + w].reshape(-1, 3).astype(np.float32))
    if len(lab) == 0:
        return 0.0
    return float(np.quantile(np.linalg.norm(lab - np.median(lab, axis=0), axis=1), 0.75))


def _sliver_or_above(image: np.ndarray, ground: Sequence[Box], pitch: float,
                     lattice: Lattice) -> tuple[Box, ...]:
    """``ground`` (:func:`_beside_the_rim`'s boxes), or the strip above the board
    (:func:`_ground_above`) when every box is a sliver under :data:`SLIVER` of the ``pitch``,
    one of them not of one colour, and that strip of one colour (see above)."""
    if all(box[2] < SLIVER * pitch for box in ground) and \
            any(_spread(image, box) > ABOVE_SPREAD for box in ground):
        return _ground_above(image, lattice) or tuple(ground)
    return tuple(ground)


def _ground_above(image: np.ndarray, lattice: Lattice) -> tuple[Box, ...]:
    """The strip just above the board as a ground box when it is of one colour, else none."""
    gap = max(1, int(ABOVE * lattice.pitch_y))
    left, right = frame_sides(image)
    a = max(left, int(lattice.x))
    b = min(image.shape[1] - right, int(lattice.x + lattice.cols * lattice.pitch_x))
    for far in (1, 2):
        top = max(0, int(lattice.y) - (far + 1) * gap)
        bottom = max(0, int(lattice.y) - far * gap)
        if b - a < 2 or bottom - top < 1:
            return ()
        if _spread(image, (a, top, b - a, bottom - top)) <= ABOVE_SPREAD:
            return ((a, top, b - a, bottom - top),)
    return ()


# A card a level or two off the ground may go unfound beside others a little further off it
# (wider-look 710013 at 0.87x: two Constellation cards on the navy ground, the Pisces card
# unfound, its name and box row plain to see; "animals: Lynx" stated with no warning). A
# card shows its sprite, name and box row: ink on the ground, level with the cards found,
# in a group of columns as wide as INK_BESIDE of a tile's pitch, outside every card found,
# with the ground on both sides, is a card missed, and no card is then taken for the
# screen's (the animals are asked for).
INK_BESIDE = 0.5
# The ink is looked for across the screen inside its frames, not in the cards' search area
# alone: that area reaches a share of the board's width beside it, and where the board is
# narrow for the screen (the wider looks' boards at half its width) a card stands across its
# side (fresh wider-look 790000 at 2.2x: the Dragon card cut by the area's right side, its ink
# a group reaching that side and so taken for the screen's edge; "animals: Triceratops,
# Diplodocus" stated with no warning).
INK_CLEAR = 0.08  # ... of the pitch each side of a card found is its own (edges, JPEG)
# A narrow card's name, YOU HAVE line or picture may run past its sides onto the ground
# (widest 1004010 at 2.59x: cards 106 px wide, their YOU HAVE lines 36 px past each side;
# the narrow cards found, the lines taken for a card missed, the screen asked). A group of
# ink running on from a card found's side (no ground between, but a letter's gap) no farther
# than OVERFLOW of its width is the card's own: a card missed stands a gap of ground away.
OVERFLOW = 0.5
OVERFLOW_GAP = 0.03  # ... its runs of ink this near (of the pitch, 1 px+): letters' gaps
# The cards' tops are tucked under the title bar, and what hangs from the bar past its foot
# (the attempts digit's box drawn taller than the bar) is level with their tops: widest
# 1074019 at 1.23x, the digit's dark box 6 px past the bar's foot over 67 px of ground beside
# the one Diplodocus card, taken for a card missed (no cards, the screen asked). A card
# missed shows its picture, lines and boxes down its height; ink beside the cards touching
# the top of their rows and ending within HUNG of them is no card's.
HUNG = 0.15


def _ink_beside(image: np.ndarray, area: Box, ground: Sequence[Box],
                panels: Sequence[Panel], pitch: float) -> bool:
    """Whether ink stands on the ground beside ``panels`` (the cards found in ``area``), in
    their rows, in a group of columns :data:`INK_BESIDE` of ``pitch`` wide or more: a card
    missed. The ground's colour is sampled in ``ground`` (beside the board)."""
    colour = ground_colour(image, ground)
    if colour is None or not panels:
        return False
    top = max(0, min(p.box[1] for p in panels))
    bottom = max(p.box[1] + p.box[3] for p in panels)
    # Across the whole screen inside its frames, not only ``area``: a card may stand past the
    # area's side where the board is narrow for the screen (see INK_ACROSS).
    left, right = frame_sides(image)
    x0, x1 = left, image.shape[1] - right
    crop = image[top:bottom, x0:x1]
    if crop.size == 0:
        return False
    mask = without_specks(_without_lines(without_specks(ink_mask(crop, colour)),
                                         LINE_LONG * pitch, SIDE_JOINED))
    clear = round(INK_CLEAR * pitch)
    for p in panels:
        mask[:, max(0, p.box[0] - x0 - clear) : max(0, p.box[0] + p.box[2] - x0 + clear)] = False
    for a, b in true_runs(mask.any(axis=1)):
        if b - a < THIN_BAND:
            mask[a:b] = False  # a shadow's or an edge's row or two
    gap = max(2, round(UNEDGED_GAP * pitch))
    groups: list[list[int]] = []
    for a, b in _overflow_dropped(true_runs(mask.any(axis=0)), panels, x0, clear, pitch):
        if groups and a - groups[-1][1] < gap:
            groups[-1][1] = b
        else:
            groups.append([a, b])
    # (a group reaching the area's side is no card standing on the ground: a mirroring
    # window's frame, a desktop beside the phone, the screen's edge; unless it fills the
    # place the row's next card stands in: :func:`_in_the_next_place`)
    return any(b - a >= INK_BESIDE * pitch and not _hung_from_above(mask[:, a:b])
               and (0 < a and b < mask.shape[1]
                    or _in_the_next_place(a + x0, b + x0, panels)
                    and (_a_card_wide(image, colour, (top, bottom), (a + x0, b + x0), panels,
                                      pitch)
                         or _a_panel_at_the_side(image, colour, (top, bottom), panels)))
               and not _tool_strip(image, colour, (top, bottom), (a + x0, b + x0), pitch)
               for a, b in groups)


def _hung_from_above(mask: np.ndarray) -> bool:
    """Whether the ink of ``mask`` (a group of columns beside the cards, over their rows)
    touches its top row and stays in its top :data:`HUNG` share: what hangs from above."""
    rows = np.nonzero(mask.any(axis=1))[0]
    return bool(len(rows) and rows[0] == 0 and rows[-1] + 1 <= HUNG * len(mask))


def _overflow_dropped(runs: list[tuple[int, int]], panels: Sequence[Panel], x0: int,
                      clear: int, pitch: float) -> list[tuple[int, int]]:
    """``runs`` (inked columns beside ``panels``, crop columns from ``x0``) less those
    running on from a panel's side (each within :data:`OVERFLOW_GAP` of the pitch of the
    panel's clear band or of the run before it), all of them within :data:`OVERFLOW` of the
    panel's width of its side: the card's own lines or picture past its sides."""
    near = max(1, round(OVERFLOW_GAP * pitch))
    own: set[int] = set()
    for p in panels:
        left, right = p.box[0] - x0 - clear, p.box[0] + p.box[2] - x0 + clear
        for side, step in ((right, 1), (left, -1)):
            chain, past = _chained(runs, side, step, near)
            if chain and past < OVERFLOW * p.box[2]:
                own.update(chain)
    return [run for k, run in enumerate(runs) if k not in own]


def _chained(runs: list[tuple[int, int]], side: int, step: int,
             near: int) -> tuple[list[int], int]:
    """The indices of ``runs`` (sorted column runs) walked from column ``side`` rightwards
    (``step`` 1) or leftwards (-1): of the runs wholly past ``side``, the first within
    ``near`` of it and each next within ``near`` of the one before; with how far past
    ``side`` the last one reaches (0 if none)."""
    order = range(len(runs)) if step > 0 else range(len(runs) - 1, -1, -1)
    chain: list[int] = []
    edge = side
    for k in order:
        start, end = runs[k] if step > 0 else (runs[k][1], runs[k][0])
        if (start - side) * step < 0:
            continue  # not past the side
        if (start - edge) * step > near:
            break
        chain.append(k)
        edge = end
    return chain, (edge - side) * step


# An emulator's tool strip beside the phone (a column of buttons on a strip of the ground's
# colour) is no card: fresh harder desktop 580002 on two monitors, the strip's buttons in the
# cards' rows were taken for a card missed beside the two found, so no cards were read.
# Its buttons are small solid boxes, alike, one above another at even steps (one of the
# ground's colour may not show: steps of a whole number of the least); a card's picture, name
# and box row are no column of alike boxes.
STRIP_BUTTONS = 3  # at least this many buttons
STRIP_SIZE = (0.15, 0.8)  # a button's sides, shares of the pitch
STRIP_ALIKE = 0.25  # buttons' widths and heights within this share of their median
STRIP_SOLID = 0.7  # a button's ink this share of its box or more
STRIP_STEP = 0.2  # each step within this of a whole number of the least step


def _tool_strip(image: np.ndarray, colour: tuple[float, ...], rows: tuple[int, int],
                columns: tuple[int, int], pitch: float) -> bool:
    """Whether the ink of ``columns`` (picture columns, the ground's ``colour`` round it) in
    ``rows`` (the cards') is all buttons of a column of them (see :data:`STRIP_BUTTONS`),
    looked at down the whole picture (the strip runs past the cards' rows)."""
    a, b = columns
    mask = without_specks(ink_mask(image[:, max(0, a - 2) : b + 2], colour))
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    if count < STRIP_BUTTONS + 1:
        return False
    boxes = stats[1:]
    small, large = STRIP_SIZE[0] * pitch, STRIP_SIZE[1] * pitch
    button = (boxes[:, 2] >= small) & (boxes[:, 3] >= small) & (boxes[:, 2] <= large) \
        & (boxes[:, 3] <= large) & (boxes[:, 4] >= STRIP_SOLID * boxes[:, 2] * boxes[:, 3])
    buttons = boxes[button]
    # (all the ink of any size in the cards' rows is the buttons')
    inside = (boxes[:, 1] < rows[1]) & (boxes[:, 1] + boxes[:, 3] > rows[0]) \
        & (boxes[:, 4] > 0.5 * small * small)
    if len(buttons) < STRIP_BUTTONS or not inside.any() or (inside & ~button).any():
        return False
    for side in (2, 3):
        median = float(np.median(buttons[:, side]))
        if np.abs(buttons[:, side] - median).max() > STRIP_ALIKE * median:
            return False
    if np.ptp(buttons[:, 0]) > max(3.0, 0.1 * pitch):  # one above another
        return False
    tops = np.sort(buttons[:, 1])
    steps = np.diff(tops)
    least = float(steps.min())
    if least < np.median(buttons[:, 3]):
        return False
    ratios = steps / least
    return bool(np.abs(ratios - np.round(ratios)).max() <= STRIP_STEP)


def _a_card_wide(image: np.ndarray, colour: tuple[float, ...], rows: tuple[int, int],
                 columns: tuple[int, int], panels: Sequence[Panel], pitch: float) -> bool:
    """Whether the inked ``columns`` (picture columns, ``rows`` the cards') reaching the card
    area's side belong to a group of ink across the whole picture's width that ends before
    each of the picture's sides and is no wider than a card and a half: a card standing on
    the ground, not a desktop or a window's frame running on past the phone (harder desktop
    410008: the phone's dark edge and the desktop beside it filled the place of a third card
    beside two; the cards were then all dropped and the screen read fewer tiles)."""
    mask = without_specks(_without_lines(without_specks(
        ink_mask(image[rows[0] : rows[1]], colour)), LINE_LONG * pitch))
    clear = round(INK_CLEAR * pitch)
    for p in panels:
        mask[:, max(0, p.box[0] - clear) : max(0, p.box[0] + p.box[2] + clear)] = False
    # (the picture's side bands inked down its whole height are no part of the screen, nor
    # the columns JPEG blends into them)
    left, right = (side + SIDE_BLEND if side else 0 for side in screen_sides(image, colour))
    mask[:, :left] = False
    mask[:, mask.shape[1] - right :] = False
    gap = max(2, round(UNEDGED_GAP * pitch))
    widest = 1.5 * max(p.box[2] for p in panels)
    for a, b in _joined(true_runs(mask.any(axis=0)), gap):
        if a < columns[1] and columns[0] < b:
            return left < a and b < mask.shape[1] - right and b - a <= widest
    return False


# The widest looks draw the cards across the screen's whole width: the first card's left edge
# or the last card's right edge may be the screen's (variants of widest 1250011: Elephant at
# x 0-91, Rhinoceros at 268-360 of 360; the card row's panels 6-9 Lab off the ground; in j40
# the Elephant's panel, in j60 and the crop the Rhinoceros's, not found by the row search).
# Its ink then reaches the picture's side (or a letterbox's pillar) and :func:`_a_card_wide`
# says no card (a desktop or a frame runs on so): the two cards found were read as all of
# them, the animals named from two with no warning, and the found Rhinoceros stated an
# Elephant. A panel standing in the next place is told by its colour: the columns from the
# side inwards (past the side bands of :func:`screen_sides` and SIDE_BLEND columns) each
# showing the cards' panels' colour (nearer it than the ground's, within SIDE_PANEL_NEAR of it
# or as far as the ground is) on SIDE_PANEL of the cards' rows or more (the paint round a
# sprite, its name and boxes: 0.2-0.9 of a column) and the ground's on less than SIDE_GROUND
# (5-column means), a run as wide as SIDE_PANEL_WIDE of the cards' width or more and no wider
# than SIDE_PANEL_MOST of it: a card there, missed. (A desktop or a frame beside the phone
# shows neither colour.)
SIDE_PANEL = 0.25
SIDE_GROUND = 0.3
SIDE_PANEL_WIDE = 0.6
SIDE_PANEL_MOST = 1.2
SIDE_PANEL_CONTRAST = 3.0  # the panels' colour at least this far (Lab) from the ground's
SIDE_PANEL_NEAR = 10.0  # ... and a pixel of a panel within this (Lab) of it, or that far


def _a_panel_at_the_side(image: np.ndarray, colour: tuple[float, ...], rows: tuple[int, int],
                         panels: Sequence[Panel]) -> bool:
    """Whether a panel of the colour of ``panels`` (two or more, the cards found) stands
    against the picture's left or right side (inside its side bands) in ``rows`` (the
    cards'), in the place next to the first or last of them (see :data:`SIDE_PANEL`); the
    ground's colour is ``colour`` (BGR)."""
    return _side_panel(image, colour, rows, panels) is not None


def _side_panel(image: np.ndarray, colour: tuple[float, ...] | None, rows: tuple[int, int],
                panels: Sequence[Panel]) -> Panel | None:
    """:func:`_a_panel_at_the_side`'s panel (its box over ``rows``, ``whole`` set when
    narrower than the cards found: cut by the side), or ``None``."""
    if colour is None or len(panels) < 2:
        return None
    crop = image[max(0, rows[0]) : rows[1]]
    if crop.size == 0:
        return None
    ground = _lab(np.array(colour, np.float32).reshape(1, 1, 3))[0, 0]
    paint = np.median(_lab(np.array([p.color for p in panels], np.float32).reshape(-1, 1, 3)),
                      axis=0)[0]
    contrast = float(np.linalg.norm(paint - ground))
    if contrast < SIDE_PANEL_CONTRAST:
        return None
    lab = _lab(crop)
    off, bare = np.linalg.norm(lab - paint, axis=2), np.linalg.norm(lab - ground, axis=2)
    near = max(contrast, SIDE_PANEL_NEAR)
    painted = np.convolve(((off < bare) & (off <= near)).mean(axis=0), np.ones(5) / 5, "same")
    grounded = np.convolve(((bare < off) & (bare <= near)).mean(axis=0), np.ones(5) / 5, "same")
    share = np.where(grounded < SIDE_GROUND, painted, 0.0)
    width = image.shape[1]
    left, right = (side + SIDE_BLEND if side else 0 for side in screen_sides(image, colour))
    card = int(np.median([p.box[2] for p in panels]))
    boxes = sorted(p.box for p in panels)
    for start, step in ((left, 1), (width - right - 1, -1)):
        # (a side's first columns, blended with it, may fall short)
        k = start
        for _ in range(SIDE_BLEND + 1):
            if 0 <= k < width and share[k] >= SIDE_PANEL:
                break
            k += step
        run = 0
        while 0 <= k < width and share[k] >= SIDE_PANEL:
            run += 1
            k += step
        a, b = (start, k) if step > 0 else (k + 1, start + 1)
        if not SIDE_PANEL_WIDE * card <= run <= SIDE_PANEL_MOST * card:
            continue
        # (in the next place: not over a card found)
        if all(b <= box[0] or a >= box[0] + box[2] for box in boxes) and \
                _in_the_next_place(a, b, panels):
            top = max(0, rows[0])
            box = (a, top, b - a, rows[1] - top)
            cut = b - a < card - 2
            whole = ((b - card if step > 0 else a), top, card, rows[1] - top) if cut else None
            paint_bgr = tuple(float(v) for v in np.median([p.color for p in panels], axis=0))
            return Panel(box, paint_bgr, whole)  # type: ignore[arg-type]
    return None


# A phone's frame or a letterbox's pillars stand at the picture's sides, inked down its whole
# height off the ground's colour; the screen's own columns show the ground behind the cards
# and the board. JPEG blurs a frame's inner columns into the screen's, and :func:`frame_sides`
# (one colour down each column) may count fewer than it has (variant j60 of widest 1210013: a
# grey frame of 4 px read as 2), or, inside a letterbox's pillars, none of it: the frame's
# remnant then joins the ink of a card standing next to it, which reads as reaching the
# picture's side (no card: the card's name left out, the animals named without it, no
# warning). A side band is the columns from a side each inked (:func:`ink_mask`, off the
# ground's colour) on SIDE_INKED of the picture's rows or more, at most PILLAR_MOST of its
# width, taken only when the SIDE_NEXT columns inside it are inked on SIDE_SCREEN of the rows or
# less on average (the screen's columns: a wrong ground colour inks every column).
SIDE_INKED = 0.95
SIDE_SCREEN = 0.8
SIDE_NEXT = 3
SIDE_BLEND = 2  # columns inside a side band JPEG blends with it (its colour at half the pixels)


def screen_sides(image: np.ndarray, colour: tuple[float, ...]) -> tuple[int, int]:
    """How many columns at the left and right of ``image`` are a side band (see above)."""
    width = image.shape[1]
    most = int(PILLAR_MOST * width)
    out = []
    for cols in (image[:, : most + SIDE_NEXT], image[:, ::-1][:, : most + SIDE_NEXT]):
        inked = ink_mask(cols, colour).mean(axis=0)
        band = int(np.argmax(inked < SIDE_INKED)) if (inked < SIDE_INKED).any() else len(inked)
        after = inked[band : band + SIDE_NEXT]
        out.append(band if band <= most and len(after) and float(after.mean()) <= SIDE_SCREEN
                   else 0)
    return out[0], out[1]


def _joined(runs: Sequence[tuple[int, int]], gap: int) -> list[tuple[int, int]]:
    """``runs`` (sorted) joined where fewer than ``gap`` apart."""
    out: list[list[int]] = []
    for a, b in runs:
        if out and a - out[-1][1] < gap:
            out[-1][1] = b
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def _in_the_next_place(a: int, b: int, panels: Sequence[Panel]) -> bool:
    """Whether the inked columns ``a``..``b`` (picture columns) cover half or more of the
    place a card would stand in next to the row ``panels`` (two or more, equally spaced: the
    step between them), left of the first or right of the last. The card area reaches only
    :data:`card_area_beside` past the board, so a third card near the screen's side runs past
    it, and its ink then reaches the area's side (fresh wider look 770098 at 0.66x: a Raptor
    card 3 px from the screen's right side, columns 176-224 of the area's 224 inked, the
    two cards found left of it; "animals: Triceratops, T-Rex" stated with no warning)."""
    if len(panels) < 2:
        return False
    boxes = sorted(p.box for p in panels)
    step = boxes[1][0] - boxes[0][0]
    width = min(box[2] for box in boxes)
    for left in (boxes[0][0] - step, boxes[-1][0] + step):
        if min(b, left + width) - max(a, left) >= width / 2:
            return True
    return False


# Cards drawn in the ground's own colour show no edge (fresh real-look 390043 at 1.05x: two
# Jurassic cards 0 Lab from the ground, no row of panels found, the screen asked). Each is
# still a group of ink on the ground: its picture centred over its name, its YOU HAVE line
# and its box row. Groups are the runs of inked columns under the title bar parted by more
# than UNEDGED_GAP of a tile's pitch of the ground; a card is made of each (UNEDGED_PAD of
# the pitch added each side) when every group shows a box row under a picture centred over it
# (CENTRED of the card's width), the rows level (within half a box) and the pictures of like
# size: else none is. A row found only at a side's faint ink is a row too (each card has one),
# read as such (not counted on: FAINT_ROW): widest 1073012 at 1.41x, one Chipmunk card 0 Lab
# off a speckled pink ground, its three light-blue boxes found only so, was refused (no
# cards, the screen asked); read, its boxes 3/0 (at 0.3) and its timeless tint are right.
UNEDGED_GAP = 0.3
UNEDGED_PAD = 0.15
UNEDGED_WIDE = 0.4
THIN_BAND = 3  # a band of inked rows thinner than this (pixels) is no card's line or boxes
BAR_INK = 0.6  # a row of the area this much inked is the title bar's (the cards are below)
# ... when some run of its ink is BAR_RUN of the area's width or longer: a row of the cards'
# boxes, big and close, may ink as much of the area in many short runs (widest-look 1026013
# at 2.69x: eight boxes of 70 px across two cards of the ground's colour, 0.6+ of the
# area's width; taken for a bar, the cards above it never sought)
BAR_RUN = 0.25




# Ink in thin long lines is no card's: the screen's edges and the title bar's or the board's
# rim where the ground meets them, its colour bled by JPEG (fresh real-look 450026 in a
# desktop at 0.94x, its levels crushed: a Constellation card 4 Lab from the navy ground, a
# column of ink down each side of the screen joining all the rows and a line of the title
# bar's purple under it, so the whole width made one group and no card was found). A line:
# a piece of ink LINE_RATIO times longer than thick, and at most THIN_BAND thick and LINE_LONG
# of a tile's pitch long or more, or a pixel thick (a name's letters and a row of boxes are
# not). The lines are taken out once the rows above the cards are, so a rim cut from the
# title bar's ink is one.
LINE_LONG = 0.4
LINE_RATIO = 8
# A line may be held to other ink by the screen's edge, a column of ink a pixel wide down the
# side (variants 1271002 as JPEG 40: the title bar's foot, 3 px of ink over the cards' rows
# from the left edge, joined by the edge's column into one piece as tall as the rows, no
# line; every column to the Corvus card then inked, its group reaching the side taken for no
# card's, the card missed and the Chamaeleon card alone read: the found Corvus tile, of
# Chamaeleon's pattern too, stated Chamaeleon, a WRONG). SIDE_JOINED: beside the cards found,
# the lines are also sought with the outermost column each side set apart.
SIDE_JOINED = True


def _without_lines(mask: np.ndarray, long: float, sides: bool = False) -> np.ndarray:
    """``mask`` less its pieces of ink that are thin long lines (:data:`LINE_LONG`);
    ``sides``: also those that are lines once the outermost column each side is set apart
    (see :data:`SIDE_JOINED`)."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), 8)
    thin = np.minimum(stats[:, 2], stats[:, 3])
    length = np.maximum(stats[:, 2], stats[:, 3])
    lines = [i for i in range(1, count) if length[i] >= LINE_RATIO * thin[i] and
             (thin[i] <= THIN_BAND and length[i] >= long or thin[i] == 1)]
    out = mask & ~np.isin(labels, lines) if lines else mask
    if not sides or out.shape[1] < 3:
        return out
    inner = out.copy()
    inner[:, [0, -1]] = False
    kept = _without_lines(inner, long)
    joined = inner & ~kept  # lines that only the side columns held to other ink
    return out & ~joined if joined.any() else out


# A speckled ground (a pattern of dots a few pixels wide) leaves ink all over the area: each
# dot a piece of its own, scattered down every column, so the columns' runs join into one
# group across the area and no card is made (wider-look 700037 at 0.88x: two Ice Age cards
# 2 Lab off a speckled light-blue ground, clean of dots themselves; the screen asked). A piece
# of ink with none other within STRAY_NEAR of a tile's pitch, itself under STRAY_SIZE of the
# pitch each way, is a stray dot: a card's picture, letters and boxes stand close together.
# A dot nearer a card than that is left out where the columns are grouped: a run of inked
# columns holding less ink than half a square STRAY_SIZE of the pitch wide is no card's.
STRAY_NEAR = 0.1
STRAY_SIZE = 0.2


def _without_strays(mask: np.ndarray, pitch: float) -> np.ndarray:
    """``mask`` less its stray dots (:data:`STRAY_SIZE`, :data:`STRAY_NEAR`)."""
    near = max(1, round(STRAY_NEAR * pitch))
    grown = cv2.dilate(mask.astype(np.uint8), np.ones((2 * near + 1, 2 * near + 1), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(grown, 8)
    small = max(2, STRAY_SIZE * pitch) + 2 * near
    strays = [i for i in range(1, count) if stats[i][2] < small and stats[i][3] < small]
    return mask & ~np.isin(labels, strays) if strays else mask


def _painted_around(image: np.ndarray, box: Box, ink: Box, colour: tuple[float, ...]) -> None:
    """``box`` of ``image`` painted ``colour`` outside ``ink`` (a pixel more each side)."""
    x, y, w, h = box
    ix, iy, iw, ih = ink
    part = image[y : y + h, x : x + w]
    keep = np.zeros(part.shape[:2], bool)
    keep[max(0, iy - 1 - y) : max(0, iy + ih + 1 - y),
         max(0, ix - 1 - x) : max(0, ix + iw + 1 - x)] = True
    part[~keep] = colour


# A card of the ground's very colour may be drawn with an outline (fresh widest-look 1006034
# at 0.63x: one City card 0 Lab off the grey ground inside a dark rounded line): no panel
# shows, and the card made round its ink was cut inside the outline's sides, its box row
# reaching them (no row read; the screen asked). Where the group's ink (the lines left in)
# shows an upright line at each side, within RING_REACH of a tile's pitch outside its
# outermost ink or RING_IN of its width inside it, each inked down RING_SIDE of the rows
# its ink spans at least, the lines are the card's sides: it is read between them, from
# the top to the bottom of their ink, as a panel found by its colour is.
RING_SIDE = 0.8
RING_REACH = 0.15
RING_IN = 0.1


def _outline(inked: np.ndarray, a: int, b: int, rows: tuple[int, int],
             pitch: float) -> Box | None:
    """The box (``inked``'s coordinates) between the upright lines standing at each side of
    the ink of columns ``a`` to ``b`` spanning ``rows`` (:data:`RING_SIDE`), or ``None``."""
    upper, lower = rows
    reach, inside = max(2, round(RING_REACH * pitch)), max(1, round(RING_IN * (b - a)))
    # (a line blurred over two columns counts in either)
    wide = inked.copy()
    wide[:, 1:] |= inked[:, :-1]
    start = max(0, upper - reach)
    tall = wide[start : lower + reach].sum(axis=0) >= RING_SIDE * (lower - upper)
    lefts = np.nonzero(tall[max(0, a - reach) : a + inside])[0]
    rights = np.nonzero(tall[max(0, b - inside) : b + reach])[0]
    if not len(lefts) or not len(rights):
        return None
    left = max(0, a - reach) + int(lefts[0])
    right = max(0, b - inside) + int(rights[-1])
    sides = wide[:, left] | wide[:, right]
    inked_rows = np.nonzero(sides[start : lower + reach])[0]
    top, bottom = start + int(inked_rows[0]), start + int(inked_rows[-1]) + 1
    while top > 0 and sides[top - 1]:
        top -= 1  # (the lines on up and down, past the ink they stand by)
    while bottom < len(sides) and sides[bottom]:
        bottom += 1
    left = max(0, left - 1)  # (the line's own column: counted in the next, blurred or not)
    right = min(inked.shape[1], right + 1)
    return (left, top, right - left, bottom - top)


def unedged_cards(image: np.ndarray, area: Box, ground: Sequence[Box], facts: dict,
                  pitch: float) -> tuple[CardSeen, ...]:
    """The cards in ``area`` found by what they hold when no row of panels shows there
    (see :data:`UNEDGED_GAP`): each read by :func:`read_card` on a panel of the ground's
    colour (sampled in ``ground``), or none."""
    colour = ground_colour(image, ground)
    x0, y0 = max(0, int(area[0])), max(0, int(area[1]))
    crop = image[y0 : max(0, int(area[1] + area[3])), x0 : max(0, int(area[0] + area[2]))]
    if colour is None or crop.size == 0:
        return ()
    mask = without_specks(ink_mask(crop, colour))
    # The cards stand in the lowest stretch of rows between rows inked nearly across (the
    # title bar's, the board's frame) that is a card tall and holds ink.
    full = [-1] + np.nonzero((mask.mean(axis=1) > BAR_INK)
                             & (longest_runs(mask, 0)[1] > BAR_RUN * mask.shape[1]))[0].tolist() \
        + [len(mask)]
    stretches = [(a + 1, b) for a, b in zip(full, full[1:])
                 if b - a > facts["card_min_height"] * pitch and mask[a + 1 : b].any()]
    if not stretches:
        return ()
    top, bottom = stretches[-1]
    mask = mask[:bottom]
    mask[:top] = False
    lined = mask.copy()
    inked = without_specks(_without_lines(mask, LINE_LONG * pitch, SIDE_JOINED))
    mask = _without_strays(inked, pitch)
    strays = inked & ~mask
    for a, b in true_runs(mask.any(axis=1)):
        if b - a < THIN_BAND:
            mask[a:b] = False  # a shadow's or an edge's row or two, no part of a card
    cols = mask.any(axis=0)
    gap = max(2, round(UNEDGED_GAP * pitch))
    groups: list[list[int]] = []
    least = (STRAY_SIZE * pitch) ** 2 / 2
    for a, b in true_runs(cols):
        if mask[:, a:b].sum() < least:
            strays[:, a:b] |= mask[:, a:b]
            continue  # a stray dot beside a card's ink (:data:`STRAY_SIZE`)
        if groups and a - groups[-1][1] < gap:
            groups[-1][1] = b
        else:
            groups.append([a, b])
    groups = [g for g in groups if g[1] - g[0] >= facts["card_min_width"] * pitch / 3]
    if not groups or len(groups) > facts["card_max"]:
        return ()
    groups = _parted(mask, groups, gap, facts["card_max"])
    pad = max(2, round(UNEDGED_PAD * pitch))
    # (on a speckled ground, each card's box around its ink is painted the ground's colour
    # before the card is read: dots there would be taken for its picture's pieces, a line's
    # glyphs; fainter dots than the ink's threshold too)
    clean = image.copy() if strays.any() else image
    cards = []
    for k, (a, b) in enumerate(groups):
        rows = np.nonzero(mask[:, a:b].any(axis=1))[0]
        upper, lower = y0 + int(rows.min()), y0 + int(rows.max()) + 1
        # The card reaches half way to its neighbours' ink (its own, narrower than it, is
        # centred on it), at most UNEDGED_WIDE of its ink's width past it where none is.
        reach = max(pad, round(UNEDGED_WIDE * (b - a)))
        left = (groups[k - 1][1] + a) // 2 if k else a - reach
        right = (b + groups[k + 1][0]) // 2 if k + 1 < len(groups) else b + reach
        left, right = max(0, x0 + left), min(image.shape[1], x0 + right)
        box = (left, max(0, upper - pad), right - left, lower + pad - max(0, upper - pad))
        ring = _outline(lined, a, b, (int(rows.min()), int(rows.max()) + 1), pitch)
        if ring is not None:
            box = (x0 + ring[0], y0 + ring[1], ring[2], ring[3])
        if clean is not image:
            _painted_around(clean, box, (x0 + a, upper, b - a, lower - upper), colour)
        card = read_card(clean, Panel(box, colour), facts, pitch)
        if card.row is None or card.picture[3] == 0:
            return ()
        first, last = card.row.boxes[0], card.row.boxes[-1]
        middle = (first[0] + last[0] + last[2]) / 2
        px, py, pw, ph = card.picture
        if abs(px + pw / 2 - middle) > CENTRED / 2 * (b - a) or py + ph > first[1] \
                or abs(x0 + (a + b) / 2 - middle) > CENTRED / 2 * (b - a):
            return ()
        cards.append(card)
    tops = [card.row.boxes[0][1] for card in cards if card.row is not None]
    side = min(card.row.boxes[0][3] for card in cards if card.row is not None)
    heights = [card.picture[3] for card in cards]
    if max(tops) - min(tops) > side / 2 or max(heights) > LIKE_SIZE * min(heights):
        return ()
    return tuple(cards)


# Cards of the ground's colour a little apart, each name in big letters wider than its
# card, show one group of ink: the names run together across the gap between the cards
# (widest-look 1026013 at 2.69x: "DIRE WOLF GIANT SLOTH" over two Ice Age cards on a mint
# ground, no panel, one group; asked). Each card's picture stands apart at the top of the
# group, and each card's box row at its foot: a group whose top band of ink (its first run
# of rows, a row or two of gap bridged) parts into pictures UNEDGED_GAP of the pitch apart
# or more is cut between two of them at the widest gap its lowest band of ink (the boxes)
# leaves there, when PARTED_GAPS times as wide as the median of its other gaps or more (the gap between two cards' rows; one
# card's boxes stand evenly apart, so no card is cut between its own boxes, whatever pieces
# its picture shows). Each part is then read and checked as any card found by its ink is.
PARTED_GAPS = 2.0


def _parted(mask: np.ndarray, groups: list[list[int]], gap: int,
            most: int) -> list[list[int]]:
    """``groups`` (columns of ``mask``'s ink, left to right) with each holding the pictures
    of several cards cut between them (see above), ``most`` groups in all at most."""
    out: list[list[int]] = []
    for k, (a, b) in enumerate(groups):
        bands = true_runs(mask[:, a:b].any(axis=1))
        room = most - len(out) - (len(groups) - k - 1)  # (the parts this group may make)
        if len(bands) < 2 or room < 2:
            out.append([a, b])
            continue
        top, end = bands[0]
        for c, d in bands[1:]:  # (a row or two of gap bridged)
            if c - end > 3:
                break
            end = d
        pictures: list[list[int]] = []
        for c, d in true_runs(mask[top:end, a:b].any(axis=0)):
            if pictures and c - pictures[-1][1] < gap:
                pictures[-1][1] = d
            else:
                pictures.append([c, d])
        foot = bands[-1]
        boxes = true_runs(mask[foot[0] : foot[1], a:b].any(axis=0))
        gaps = [(d, c) for (_, d), (c, _) in zip(boxes, boxes[1:])]
        cuts = []
        for (_, d), (c, _) in zip(pictures, pictures[1:]):
            between = [(x, y) for x, y in gaps if d <= (x + y) / 2 <= c]
            if not between:
                break
            wide = max(between, key=lambda g: g[1] - g[0])
            others = [y - x for x, y in gaps if (x, y) != wide]
            if not others or wide[1] - wide[0] < PARTED_GAPS * float(np.median(others)):
                break
            cuts.append(a + (wide[0] + wide[1]) // 2)
        if not cuts or len(cuts) != len(pictures) - 1 or len(pictures) > room or \
                foot[0] < end:
            out.append([a, b])
            continue
        edges = [a, *cuts, b]
        out.extend([left, right] for left, right in zip(edges, edges[1:]))
    return out


# A row whose boxes all read filled may lack its unfilled boxes: their borders, one pixel of a
# light colour near the card's at a small scale, may stay under the ink while the fills show
# (fresh real-look 270055 at 0.84x: a row of four, two filled, read clearly as "2 of 2
# filled"). The row stands centred on its card on every screen seen; one all filled standing
# off the card's middle by OFF_CENTRE of its step or more is not counted on (FAINT_ROW).
OFF_CENTRE = 0.35


def _uncentred(card: CardSeen) -> CardSeen:
    """The card with its box row not counted on when all its boxes read filled and the row
    stands off its card's middle (:data:`OFF_CENTRE`): unfilled boxes beside them may have
    gone unseen."""
    boxes = card.boxes
    if boxes is None or len(boxes.boxes) < 2 or boxes.filled < len(boxes.boxes) \
            or boxes.confidence <= FAINT_ROW:
        return card
    x, _, w, _ = card.panel.box
    first, last = boxes.boxes[0], boxes.boxes[-1]
    step = (last[0] - first[0]) / (len(boxes.boxes) - 1)
    off = abs((first[0] + last[0] + last[2]) / 2 - (x + w / 2))
    if off < OFF_CENTRE * step:
        return card
    return replace(card, boxes=replace(boxes, confidence=FAINT_ROW))


# A filled box whose light border is drawn near the card's colour shows only its fill: the
# row is found without it, its count one short, and read clearly (fresh widest-look 1073022
# at 0.62x: an Elephant's three boxes, the first filled in the rare blue with no border seen
# and the card's panel found 13 px narrow, cutting it off: "2 boxes, none filled" at 0.62).
# Where a box's place on the row's step just before its first box or after its last is
# BESIDE_INKED or more of a third colour (far from the card's and the ground's: a fill, not
# the card's edge nor the ground past it), the row is not counted on (FAINT_ROW); unless that
# place is on another card found (cards side by side: wider-look 1071037 at 0.53x, the
# Lunar Tick's filled first box one step after the Luna Moth's last, past their panels' edge).
BESIDE_INKED = 0.5


def _box_beside(image: np.ndarray, card: CardSeen, ground: tuple[float, ...] | None,
                cards: Sequence[CardSeen] = ()) -> CardSeen:
    """The card with its box row not counted on when a box's place beside the row on its
    step holds a patch of a third colour (:data:`BESIDE_INKED`): a box missed. A place on
    another of ``cards`` is that card's."""
    boxes, row = card.boxes, card.row
    if boxes is None or row is None or boxes.confidence <= FAINT_ROW or not row.boxes:
        return card
    first, last = row.boxes[0], row.boxes[-1]
    step = (last[0] - first[0]) / (len(row.boxes) - 1) if len(row.boxes) > 1 else 1.5 * first[2]
    height, width = image.shape[:2]
    for x in (round(first[0] - step), round(last[0] + step)):
        _, y, w, h = first
        if x < 0 or x + w > width or y < 0 or y + h > height or min(w, h) < 2:
            continue
        middle = x + w / 2
        if any(other.panel.box[0] <= middle < other.panel.box[0] + other.panel.box[2]
               for other in cards if other.panel.box != card.panel.box):
            continue  # on the next card: its own box
        patch = image[y : y + h, x : x + w]
        third = ink_mask(patch, card.panel.color)
        if ground is not None:
            third &= ink_mask(patch, (ground[0], ground[1], ground[2]))
        if third.mean() >= BESIDE_INKED:
            return replace(card, boxes=replace(boxes, confidence=FAINT_ROW))
    return card


def unmerged(image: np.ndarray, panels: Sequence[Panel], min_width: float,
             most: int) -> tuple[Panel, ...]:
    """``panels`` with each that holds the pictures of several cards split into them.

    Cards a level or two off the ground, a few pixels apart on a small screen, may be found
    as one panel: the gaps between them blur away (screen 800018 at 0.6x, three faint Ice
    Age cards found as one, read as a single animal). Every card shows its picture
    centred at its top, so a panel is split into ``m`` equal parts (the most first, ``most``
    cards in all, each at least ``min_width`` wide) when each part holds a picture centred
    in it, the pictures level and of like size; one card's picture, centred in the whole,
    never is. A panel showing no picture of its own is no one card (every card shows its
    animal): each part holding a picture centred in it is enough, whatever their sizes (fresh
    190043 at 1.2x: a Sheep card and a Chicken card two pixels apart found as one, the pale
    Sheep's picture joined to its name below it, so of unlike size; read as a rescue of the
    Chicken alone, with no doubt said). Nor is a panel split through the picture it shows
    as a whole: no picture stands across the gap between two cards (real-look 210035 at
    0.9x: a Pegasus card, its sprite centred over a wide name, cut in two halves each
    holding half the sprite joined to half the name, read as three cards)."""
    out: list[Panel] = []
    for panel in panels:
        parts: list[Panel] = [panel]
        x, y, w, h = panel.box
        whole = picture_box(image, panel)
        edges = upright_edges(image, panel)
        # (like pictures first, whatever the count: see the note above _straddled)
        for alike in (True, False):
            for m in range(most - len(panels) + 1, 1, -1):
                if w / m < SPLIT_NARROWER * min_width:
                    continue
                split = [Panel((x + round(k * w / m), y,
                                round((k + 1) * w / m) - round(k * w / m), h), panel.color)
                         for k in range(m)]
                if whole is not None and _straddled(whole, split) and \
                        not _clear_of_the_lines(image, split):
                    continue
                if (w / m < min_width or not alike and whole is not None) and \
                        not _edged(edges, split):
                    continue  # parts narrower than a card only where borders stand between
                if (_each_centred(image, split, alike=alike) or
                        alike and _edged(edges, split) and _level_missed(image, split)) \
                        and (_edged(edges, split) or
                             not any(_another_picture(image, part) for part in split)):
                    parts = split
                    break
            if len(parts) > 1:
                break
        out += parts
    return tuple(out)


# A part of a split panel is one card: its picture alone in the rows it stands in. A split
# line through another card's sprite leaves that sprite's half in the part beside its own
# picture (variant j60 of widest 1215018: three narrow Jungle cards on their ground, the
# ground between them taken for one panel 354 px wide, cut in two halves through the
# Gorilla's sprite; each half's picture centred (the Toucan's, the Tiger's), the Gorilla's
# halves at their sides; read "animals: Toucan, Tiger" for three, with no warning). Ink in a
# part's picture rows apart from its picture (past the gap :func:`picture_box` joins across),
# in a run of columns OTHER_WIDE of the picture's width or more (3 px at least) inked on
# OTHER_ROWS of its rows or more, is another picture, and the split is refused. (A card's own
# border or the ground between two cards runs down the whole part: not in the picture's rows
# alone, it is left out. A split where a border stands at each line (:func:`_edged`) cuts no
# sprite: not asked there, where a faint sprite's part may take its box row for its picture,
# the other boxes beside it: widest 1026014.)
OTHER_WIDE = 0.25
OTHER_ROWS = 0.3
OTHER_DOWN = 0.8  # ... a run inked on this share of the part's rows is its border or ground


def _another_picture(image: np.ndarray, part: Panel) -> bool:
    """Whether ``part`` (of a split panel) holds another picture beside its own (see
    above)."""
    picture = picture_box(image, part)
    if picture is None:
        return False
    x, y, w, h = part.box
    px, py, pw, ph = picture
    pad = max(1, round(0.04 * min(w, h)))
    inner = image[y + pad : y + h - pad, x + pad : x + w - pad]
    if inner.size == 0:
        return False
    ink = without_specks(ink_mask(inner, part.color))
    gap = max(1, round(0.15 * ph))
    ink[:, max(0, px - x - pad - gap) : max(0, px + pw - x - pad + gap)] = False
    rows = ink[max(0, py - y - pad) : max(0, py + ph - y - pad)]
    if rows.size == 0:
        return False
    down = ink.mean(axis=0)
    for a, b in true_runs(rows.any(axis=0)):
        if b - a >= max(3.0, OTHER_WIDE * pw) and \
                float(rows[:, a:b].any(axis=1).mean()) >= OTHER_ROWS and \
                float(down[a:b].max()) < OTHER_DOWN:
            return True
    return False


# A panel showing no picture of its own (two cards' names running into each other hide it)
# is split first into parts whose pictures are alike (level, of like size), whatever their
# count; only when no count gives such parts into parts each merely holding a picture centred
# in it. Widest-look 992013 at 2.56x: a Dragon card and a Raptor card found as one panel,
# the names each as wide as its card; cut in three, each third's "picture" was the name
# text running across it (heights 326, 147, 310 px), centred by being as wide as the part,
# and the read named a third animal with no doubt said. Cut in two, the two sprites (with
# their names joined) are level and of one size.


def _edged(edges: Sequence[int], parts: Sequence[Panel]) -> bool:
    """Whether an edge of ``edges`` (columns of ink running down the panel,
    :func:`upright_edges`) stands at each line between two of ``parts`` (within
    :data:`EDGE_NEAR` of a part's width): cards drawn touching, each with its border, found
    as one panel."""
    near = max(2.0, EDGE_NEAR * parts[0].box[2])
    return bool(edges) and all(min(abs(e - part.box[0]) for e in edges) <= near
                               for part in parts[1:])


# Cards drawn touching with big sprites (fresh widest 1147008 at 1.30x: three 112 px cards
# found as one panel, their sprites 15-22 px apart) show a "picture" across the whole panel,
# the three sprites' ink taken together; the split through it was refused (:func:`_straddled`)
# and the one panel read as the Cougar's card alone: "animals: Cougar" stated for three. Two
# cards' sprites stand both cards' margins apart; the halves of one sprite cut by a line
# between two parts stand only what the pictures' edges trim apart (real-look 210035 at 0.9x:
# 4 px, 0.07 of a part). Where each part holds a picture of its own and neighbouring parts'
# pictures stand PICTURES_APART of a part's width apart or more (2 px at least), no picture
# stands across the lines between them, and the split is not refused for it.
PICTURES_APART = 0.1


def _clear_of_the_lines(image: np.ndarray, parts: Sequence[Panel]) -> bool:
    """Whether each of ``parts`` holds a picture of its own, neighbouring parts' pictures
    :data:`PICTURES_APART` apart or more."""
    apart = max(2.0, PICTURES_APART * parts[0].box[2])
    pictures = [picture_box(image, part) for part in parts]
    if any(picture is None for picture in pictures):
        return False
    return all(b[0] - (a[0] + a[2]) >= apart  # type: ignore[index]
               for a, b in zip(pictures, pictures[1:]))


def _straddled(picture: Box, parts: Sequence[Panel]) -> bool:
    """Whether a line between two of ``parts`` runs through ``picture``'s middle (inside its
    outer :data:`STRADDLE_RIM` share each side, which blur may carry over a gap)."""
    x, _, w, _ = picture
    low, high = x + STRADDLE_RIM * w, x + (1 - STRADDLE_RIM) * w
    return any(low < part.box[0] < high for part in parts[1:])


def _each_centred(image: np.ndarray, parts: Sequence[Panel], alike: bool = True) -> bool:
    """Whether each part holds a picture centred across it (its middle in the part's middle
    :data:`CENTRED` of the width) and, with ``alike``, the pictures level (their middles
    within a tenth of the part's height: sprites of different heights are drawn about one
    line) and of like size (heights within a factor :data:`LIKE_SIZE`)."""
    pictures = []
    for part in parts:
        picture = picture_box(image, part)
        if picture is None:
            return False
        x, _, w, _ = part.box
        middle = (picture[0] + picture[2] / 2 - x) / max(1, w)
        if abs(middle - 0.5) > CENTRED / 2:
            return False
        pictures.append(picture)
    if not alike:
        return True
    middles = [p[1] + p[3] / 2 for p in pictures]
    heights = [p[3] for p in pictures]
    return (max(middles) - min(middles) <= 0.1 * parts[0].box[3]
            and max(heights) <= LIKE_SIZE * min(heights))


def _level_missed(image: np.ndarray, parts: Sequence[Panel]) -> bool:
    """Whether ``parts`` (split where an edge stands at each line between them) each hold a
    picture centred, level and alike, a part's faint picture sought again only in the rows
    where the others' stand (their bottom plus one picture's height): with text and boxes
    darker under it, a faint sprite drops out of the part's ink and its box row is taken for
    its picture (widest 1026014 at 0.94x: three touching rounded cards found as one panel,
    the Sasquatch's pale sprite missed, a 26 px box found as its picture; the screen asked)."""
    pictures = [picture_box(image, part) for part in parts]
    good = [k for k, (p, part) in enumerate(zip(pictures, parts)) if p is not None
            and _centred(p, part) and p[1] + p[3] / 2 < part.box[1] + part.box[3] / 2]
    if not good or len(good) == len(parts):
        return False
    low = max(pictures[k][1] + pictures[k][3] for k in good) + \
        max(pictures[k][3] for k in good)
    cut = [part if k in good else
           Panel((part.box[0], part.box[1], part.box[2], low - part.box[1]), part.color)
           for k, part in enumerate(parts)]
    return _each_centred(image, cut)


def _centred(picture: Box, part: Panel) -> bool:
    """Whether ``picture``'s middle stands in ``part``'s middle :data:`CENTRED` of its
    width."""
    x, _, w, _ = part.box
    return abs((picture[0] + picture[2] / 2 - x) / max(1, w) - 0.5) <= CENTRED / 2


def read_card(image: np.ndarray, panel: Panel, facts: dict, pitch: float,
              foot: int | None = None) -> CardSeen:
    """What a card shows: its picture and sprite, its box row, its name and ``YOU HAVE n``
    lines, its rarity. ``foot``: the row the other cards' names start on (see
    :func:`_level_names`), where a picture running past it is cut when a line starts there."""
    x, y, w, h = panel.box
    picture = picture_box(image, panel)
    if foot is not None and picture is not None:
        picture = picture_above(image, panel, picture, foot) or picture
    sprite = None
    if picture is not None:
        px, py, pw, ph = picture
        m = max(2, round(0.12 * max(pw, ph)))
        crop = image[max(0, py - m) : py + ph + m, max(0, px - m) : px + pw + m]
        # (a picture run into the lines under it by blur: the sprite cut above them, with
        # no margin below, where the text stands)
        cut = sprite_box(image, panel, picture)[3]
        inked = crop if cut == ph else \
            image[max(0, py - m) : py + cut, max(0, px - m) : px + pw + m]
        sprite = sprite_of(inked, border_colour(crop))
    below = picture[1] + picture[3] if picture is not None else y + round(0.3 * h)
    inset = max(1, round(0.04 * w))
    # The boxes are the card's lowest row, maybe close to its bottom edge (itself found to a
    # pixel or two); sought in its lower part whatever the picture's box says (at a small
    # scale the lines below a picture blur into it).
    start = min(below, y + round(0.4 * h))
    lower = (x + inset, start, w - 2 * inset, y + h + max(2, round(0.02 * h)) - start)
    min_side = max(3.0, facts["box_min_side"] * pitch)
    row = box_row(image, lower, panel.color, min_side=min_side)
    faint = False
    if row is None:
        # A video codec may leave every one-pixel border under the ink, all of them only as
        # far off the card as a box's faint side (harder desktop 105008: 14-18 Lab, no row).
        # Such a row tells a card from a chat's bubble, but not its count surely: at that ink
        # a blurred row of small boxes may join two (7115 of the phone screens, 0.73x, three
        # boxes read as two) and their middles read less clearly (:data:`FAINT_ROW`).
        row = box_row(image, lower, panel.color, min_side=min_side, ink=SIDE_INK)
        faint = row is not None
    if row is not None and panel.cut and _maybe_cut(row, image.shape[1]):
        row = None  # boxes may be cut off with the card: their count is not the pattern's
    bottom = row.boxes[0][1] if row is not None else y + h
    text_area = (x + inset, below, w - 2 * inset, bottom - below)
    lines = [band for band in _at_waists(image, text_area, panel.color,
                                         ink_lines(image, text_area, panel.color))
             if band[1] - band[0] >= 2]
    if row is None and len(lines) >= 3:
        lines = lines[:-1]  # the lowest: the boxes, not found as a row (their borders faint)
    elif row is not None and len(lines) >= 3 and lines[-1][1] >= bottom - 1 \
            and lines[-1][1] - lines[-1][0] < BORDER_LINE * (lines[-2][1] - lines[-2][0]):
        lines = lines[:-1]  # the boxes' own top border, the row found a pixel or two low
    name_line, have_line = _name_and_have(lines)
    name_box = _line_box(name_line, x + inset, w - 2 * inset, image.shape[0])
    # The YOU HAVE line's box stops at the boxes' top: padded into the row it takes their
    # borders' ink for the tint's (widest 850019 at 1.26x: a common Kiwi's pale green line
    # over magenta-bordered boxes, its box 2 px into them, read mythical at 1.0).
    have_box = _line_box(have_line, x + inset, w - 2 * inset,
                         bottom if row is not None else image.shape[0])
    rarity, confidence = tint_rarity(image, have_box, panel.color, facts, name_box) \
        if have_box is not None else ("", 0.0)
    if row is None:
        # Which line is YOU HAVE n is a guess without the boxes under it (the line found
        # may be the boxes' light borders: 190062, a mythical card read rare): a hint only.
        confidence = min(confidence, UNSURE_LINE)
    taken = row is not None and picture is not None and len(lines) == 2 and \
        _one_line_short(row, lines[1]) and \
        _sprites_foot(image, lines[0], picture, below, panel.color,
                      (x + inset, x + w - inset))
    return CardSeen(panel, sprite, picture or (x, y, 0, 0), name_box, have_box, None, rarity,
                    confidence, row, faint, name_top=name_line[0] if name_line else None,
                    line_taken=taken)


# A card shows, top to bottom, its sprite, its name, its YOU HAVE line and its boxes (issue
# 18). Where the lines found between the picture and the box row are two, the upper the
# sprite's own foot (it starts on the picture's last row, no empty row between, its ink
# within the picture's columns), one band of ink alone stands for the name and the YOU HAVE
# line: the box row found may have taken the YOU HAVE line in, its "boxes" the letters and
# the boxes under them cut anew. Fresh 1181001 at 0.66x: the Corvus's four boxes of 7 px and
# its blurred YOU HAVE 4 read as two boxes of 13x16 at 0.93, the foot taken for the name and
# the name (with the YOU HAVE line's top, 7 rows) for YOU HAVE; the title's Constellation and
# two boxes left only the Pegasus, stated. The row and the line's tint are then set aside
# (FAINT_ROW, UNSURE_LINE), as a row run into (:func:`_run_into`).
FOOT_SIDE = 1  # a foot's ink stands at most this far (px) beyond the picture's sides
# A row that took the YOU HAVE line in reads its "boxes" as tall as that line, the gap and a
# box; the one band left over it is the name alone, shorter than they (1181001: a band of 7
# rows over "boxes" 16 tall). A band under the foot as tall as the row's boxes or taller
# (LINE_UNDER) holds the name and the YOU HAVE line blurred together, the row under it the
# boxes alone (fresh 230022 at 0.92x: the Lynx's LYNX and YOU HAVE 1, 21 rows over boxes of
# 14; harder desktop 640006: the Unicorn's, 21 over 12): the row is counted on.
LINE_UNDER = 1.0
# A foot is the sprite's own ink: it touches the picture's last row. A name is a line of
# letters apart from it, each (nearly) the line's height: a short name centred under a sprite
# that stands on it (fresh widest 1140001 at 2.6x: the Dragon's legs down to its DRAGON line,
# the band under the picture both, within the picture's columns) shows LETTERS_APART pieces of
# ink or more apart from the sprite's, each LETTER_TALL of the band's height or taller; the
# band is then the name, not the foot.
LETTERS_APART = 2
LETTER_TALL = 0.6


def _sprites_foot(image: np.ndarray, band: tuple[int, int], picture: Box, below: int,
                  colour: tuple[float, float, float], across: tuple[int, int]) -> bool:
    """Whether ``band`` (image rows) is the sprite's foot under ``picture`` (see above):
    it starts on ``below`` (the picture's bottom), all its ink off the card's ``colour``,
    across the card's inner columns ``across`` (first, past the last), stands within the
    picture's columns, and it holds no line of letters apart from the sprite's ink
    (:data:`LETTERS_APART`)."""
    px, _, pw, _ = picture
    a, b = band
    left, right = max(0, across[0]), min(image.shape[1], across[1])
    if a > below or b <= a or right <= left:
        return False
    inked = ink_mask(image[a:b, left:right], colour).any(axis=0)
    cols = np.nonzero(inked)[0] + left
    if cols.size == 0 or cols.min() < px - FOOT_SIDE or cols.max() >= px + pw + FOOT_SIDE:
        return False
    return _letters_apart(image, (max(0, a - 1), b), colour, (left, right)) < LETTERS_APART


def _one_line_short(row: BoxRow, band: tuple[int, int]) -> bool:
    """Whether ``band`` (the one line under a sprite's foot, image rows) is shorter than
    :data:`LINE_UNDER` times ``row``'s boxes (their middle height): the name alone."""
    if not row.boxes:
        return False
    return band[1] - band[0] < LINE_UNDER * float(np.median([box[3] for box in row.boxes]))


def _letters_apart(image: np.ndarray, rows: tuple[int, int],
                   colour: tuple[float, float, float], across: tuple[int, int]) -> int:
    """How many pieces of ink off ``colour`` in ``rows`` (the picture's last row, then the
    band under it) stand apart from the first row's ink (8-connected), each at least
    :data:`LETTER_TALL` of the band's height and two rows tall: the letters of a line."""
    mask = ink_mask(image[rows[0] : rows[1], across[0] : across[1]], colour).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    touching = set(np.unique(labels[0])) if mask.shape[0] else set()
    tall = max(2.0, LETTER_TALL * (mask.shape[0] - 1))
    return sum(1 for k in range(1, count)
               if k not in touching and stats[k, cv2.CC_STAT_HEIGHT] >= tall)


# The cards of a row are drawn alike: each one's name line starts on the same row (issue 18:
# a row of equal cards, each its sprite over its name, its YOU HAVE line and its boxes). At a
# small scale a sprite may run into its name with no empty row between, and the card's
# picture takes its lines in: no name or YOU HAVE line is found on it (widest 1074038 at
# 0.71x: the Walrus's and the Yeti's pictures through their names and YOU HAVE lines, the
# row of narrow cards refused, the screen asked; 1074020 at 0.68x: the Kiwi's picture
# through its name, no YOU HAVE line). Where another card of the row reads both lines, its
# picture apart from them, a card missing a line whose picture runs past the highest name
# found is read again with its picture cut there, when a line of text starts on that row
# (:func:`~gridsight.vision.panels.picture_above`), and taken when both its lines are found.
# Both lines: a YOU HAVE line under the name, at most LINES_NEAR of the name's height below it
# (widest 1026039's cards painted over under their pictures, tests/test_disco_zoo_cards37:
# a remnant row under a picture and the card's foot read as the lines, 84 rows apart).
LINES_NEAR = 3.0
def _level_names(image: np.ndarray, cards: tuple[CardSeen, ...], facts: dict,
                 pitch: float) -> tuple[CardSeen, ...]:
    """``cards`` (a row) with each whose picture runs past the others' name line read
    again with its picture cut above it (see above)."""
    tops = [card.name_top for card in cards
            if card.name_top is not None and _paired(card) and card.picture[3]]
    if len(cards) < 2 or not tops:
        return cards
    level = min(tops)
    out = []
    for card in cards:
        px, py, pw, ph = card.picture
        if ph and py < level < py + ph and (card.name_box is None or card.have_box is None):
            again = read_card(image, card.panel, facts, pitch, foot=level)
            if again.picture != card.picture and _paired(again):
                card = again
        out.append(card)
    return tuple(out)


def _paired(card: CardSeen) -> bool:
    """Whether ``card`` reads a name line and a YOU HAVE line under it, at most
    :data:`LINES_NEAR` of the name's height below it."""
    name, have = card.name_box, card.have_box
    return name is not None and have is not None and \
        have[1] - (name[1] + name[3]) <= LINES_NEAR * name[3]


def _maybe_cut(row: BoxRow, width: int) -> bool:
    """Whether a box row may have lost boxes to the picture's side (a crop that cuts its
    card): its first or last box is less than a box's step from the side, where another
    box could have stood."""
    (x0, _, w0, _), (x1, _, w1, _) = row.boxes[0], row.boxes[-1]
    step = (x1 - x0) / (len(row.boxes) - 1) if len(row.boxes) > 1 else 2.0 * w0
    return x0 < step or x1 + w1 > width - step


def _at_waists(image: np.ndarray, area: Box, colour: tuple[float, float, float],
               bands: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``bands`` (picture rows) cut at their waists: rows inside a band holding under
    :data:`WAIST` of its typical row's ink. A name as wide as its card, its letters ringed in
    dark, leaves the row between it and ``YOU HAVE n`` a few pixels of ink, not none
    (screen 7105 at 2.5x: 19 of 227)."""
    x, y, w, h = area
    crop = image[max(0, y) : y + h, max(0, x) : x + w]
    if crop.size == 0:
        return bands
    counts = ink_mask(crop, colour).sum(axis=1)
    out = []
    for a, b in bands:
        rows = counts[a - max(0, y) : b - max(0, y)]
        if len(rows) < 6:
            out.append((a, b))
            continue
        thin = rows < WAIST * float(np.median(rows))
        # (a cut leaves a line on each side: a band's own thin top and bottom rows, or a
        # letter's thin row near them, do not cut it)
        least = max(3, round(0.3 * len(rows)))
        start = a
        for lo, hi in true_runs(thin):
            if a + lo - start >= least and b - (a + hi) >= least:
                out.append((start, a + lo))
                start = a + hi
        out.append((start, b))
    return out




def _name_and_have(lines: list[tuple[int, int]]) -> tuple[tuple[int, int] | None,
                                                         tuple[int, int] | None]:
    """The name line and the ``YOU HAVE n`` line among the ink bands between the picture
    and the boxes (the last two; one band taller than twice the other lines' is two lines
    joined by blur, cut at its middle)."""
    if len(lines) >= 2:
        return lines[-2], lines[-1]
    if len(lines) == 1:
        a, b = lines[0]
        if b - a >= 6:
            mid = (a + b) // 2
            return (a, mid), (mid, b)
        return lines[0], None
    return None, None


def _line_box(line: tuple[int, int] | None, x: int, width: int, limit: int) -> Box | None:
    if line is None:
        return None
    a, b = line
    pad = max(1, round(0.2 * (b - a)))
    top, bottom = max(0, a - pad), min(limit, b + pad)
    return (x, top, width, bottom - top)


# -- colours ---------------------------------------------------------------------------------


def _lab(bgr) -> np.ndarray:
    arr = np.asarray(bgr, np.float32)
    return cv2.cvtColor(arr.reshape(-1, 1, 3) / 255.0, cv2.COLOR_BGR2Lab).reshape(arr.shape)


def rarity_references(facts: dict) -> dict[str, np.ndarray]:
    """Each rarity's colour (BGR) from the facts."""
    return {name: np.array(rgb[::-1], np.float32) for name, rgb in facts["rarity_colors"].items()}


def classify_boxes(cards: tuple[CardSeen, ...], facts: dict,
                   seen: dict[str, list[np.ndarray]]) -> tuple[CardSeen, ...]:
    """The cards with their boxes read as filled or not, and their rarity from the filled
    boxes' colour where some are filled (else the ``YOU HAVE n`` tint's stays).

    Every box of the screen is weighed at once. A box's middle is compared with the unfilled
    look (the card's colour or a darker shade of it) and with each rarity's colour (the
    facts', and the board's found tiles' as this screen shows them), each blended with the
    box's border as a small scale blends them. The boxes clearly unfilled then give the
    screen's own unfilled look (the same on every card), and a box far from it, near a
    rarity's colour, is filled."""
    boxes = [(k, inside, border, light, card.panel.color) for k, card in enumerate(cards)
             if card.row is not None for inside, border, light
             in zip(card.row.insides, card.row.borders, card.row.lights or card.row.borders)]
    if not boxes:
        return cards
    refs = {name: [_lab(ref)] + list(seen.get(name, [])) for name, ref in
            rarity_references(facts).items()}
    measured = []
    for _, inside, border, light, card in boxes:
        middle = _lab(np.array(inside, np.float32))
        edge = np.array(border, np.float32)
        lit = np.array(light, np.float32)
        shades = np.array([np.array(card, np.float32) * k for k in np.linspace(0.4, 1.0, 7)])
        d_empty = float(np.linalg.norm(_blended(shades, edge, lit) - middle, axis=1).min())
        fills = {}
        for name, colours in refs.items():
            looks = _blended(np.array([_bgr(c) for c in colours]), edge, lit)
            fills[name] = float(np.linalg.norm(looks - middle, axis=1).min())
        measured.append((middle, d_empty, fills))
    sure_empty = [m for m, d_empty, fills in measured if d_empty + FILL_MARGIN < min(fills.values())]
    unfilled = np.median(np.array(sure_empty), axis=0) if sure_empty else None
    verdicts: list[tuple[bool, str, float]] = []
    for middle, d_empty, fills in measured:
        if unfilled is not None:  # the screen's own unfilled look
            d_empty = min(d_empty, float(np.linalg.norm(middle - unfilled)))
        kind = min(fills, key=fills.get)
        d_fill = fills[kind]
        filled = d_fill + FILL_MARGIN < d_empty and d_fill < facts["rarity_tolerance"]
        verdicts.append((filled, kind if filled else "", abs(d_empty - d_fill)))
    verdicts = _own_looks(verdicts, measured)
    small = [small_insides(card.row) for card in cards if card.row is not None
             for _ in card.row.boxes]
    told = [min(min(b[2], b[3]) for b in card.row.boxes) >= MIN_FILL_SIDE for card in cards
            if card.row is not None for _ in card.row.boxes]
    owners = [k for k, card in enumerate(cards) if card.row is not None for _ in card.row.boxes]
    colours = [card for *_, card in boxes]
    groups = like_boxes(cards, owners)
    whole = _against_the_unfilled(verdicts, measured, owners, colours, small, told)
    if len(groups) > 1:  # (a row reading a fill keeps the whole screen's weighing)
        filling = {owners[i] for i, (filled, _, _) in enumerate(verdicts) if filled}
        for group in groups:
            mine = _against_the_unfilled(*([values[i] for i in group] for values in (
                verdicts, measured, owners, colours, small, told)))
            for i, verdict in zip(group, mine):
                if owners[i] not in filling:
                    whole[i] = verdict
    verdicts = _small_fills(whole, measured, small)
    verdicts = _pet_fills(verdicts, measured, owners)
    verdicts = _fills_like_a_mixed_row(verdicts, measured, owners,
                                       [card.rarity if card.rarity_confidence >= RARITY_SURE
                                        else "" for card in cards])
    verdicts = _unsure_fills(verdicts, measured, refs, facts["rarity_tolerance"],
                             facts["rarity_margin"])
    # (each box's distance to the rarity it is read filled with, the nearest one's for a fill
    # of no rarity told; whether every box is read filled)
    fill_distances = [fills.get(kind, min(fills.values())) if filled else 0.0
                      for (_, _, fills), (filled, kind, _) in zip(measured, verdicts)]
    all_filled = all(filled for filled, _, _ in verdicts)
    out = []
    n = 0
    for k, card in enumerate(cards):
        if card.row is None:
            out.append(card)
            continue
        mine = verdicts[n : n + len(card.row.boxes)]
        n += len(card.row.boxes)
        kinds = {kind for _, kind, _ in mine if kind}
        rarity = kinds.pop() if len(kinds) == 1 else ""
        clear = min(1.0, min(m for _, _, m in mine) / (4 * FILL_MARGIN))
        confidence = float(card.row.regularity * clear) if len(kinds) == 0 else 0.0
        blind = no_middle(card.row) and not _split_clearly(card.row, mine)
        # (a shallow row's fills keep their rarity; how many it reads is not counted on)
        shallow = shallow_middles(card.row, card.panel.color, [f for f, _, _ in mine]) and \
            not _split_clearly(card.row, mine)
        if blind:  # no middle to show a fill: none read, not counted on (as clear as read)
            mine, rarity = [(False, "", margin) for _, _, margin in mine], ""
        if card.faint_row:
            confidence = min(confidence, FAINT_ROW)
        # A small box read filled is a fill (its rarity counts); one read unfilled may be a
        # fill blended away, so how many are filled is not counted on.
        untold = fills_untold(card.row, card.panel.color, mine,
                              [fill_distances[i] for i in range(n - len(mine), n)], all_filled)
        sure = min(min(b[2], b[3]) for b in card.row.boxes) >= MIN_FILL_SIDE and not blind \
            and not shallow and not untold
        read = BoxesSeen(len(card.row.boxes), sum(f for f, _, _ in mine), rarity, confidence,
                         card.row.boxes, tuple(f for f, _, _ in mine), sure, untold=untold)
        # (a tint read clearly stands over fills read unclearly: see above SPLIT_CLEAR)
        stands = card.rarity not in ("", rarity) and card.rarity_confidence >= RARITY_SURE > \
            confidence
        if rarity and not stands and (sure or not card.rarity or card.rarity == rarity):
            # fills of the rarity the line's tint reads keep the tint's confidence: a row read
            # unclearly takes nothing from the line (widest 850000 at 1.4x: a common Kiwi's
            # green line read common at 1.0, its row "1 of 4" common at 0, left unread)
            agreed = card.rarity_confidence if card.rarity == rarity else 0.0
            card = replace(card, boxes=read, rarity=rarity,
                           rarity_confidence=max(confidence, agreed))
        else:  # (fills not told show no rarity the YOU HAVE line's tint reads otherwise)
            card = replace(card, boxes=read)
        out.append(card)
    return tuple(out)


# The rules above weigh a box read unfilled against the screen's other unfilled boxes, as
# unfilled boxes look alike on every card. They do where the boxes are alike: a card too narrow
# for its row draws smaller boxes (a wide box's row shrunk to fit), and a box's middle blends
# with its light border by how big the box is, a big middle showing the inside's own colour
# (widest-look 850010 at 1.53x: unfilled boxes of 36, 25 and 18 px on the three cards, their
# middles L* 35, 55 and 43; the two looks took every row's clear reading, all three right,
# and the screen asked; 860027 at 1.07x: the Pigeon's four boxes of 10 px, L* 43-49, beside
# the other cards' of 15 px, L* 48-58, its right "0 of 4" left unclear). Each card's boxes are
# weighed with those of the cards whose boxes are of a like size: sorted by their side (each
# row's median), a card whose side is SIDES_APART times the one before it or more starts
# another group. A row that reads a fill keeps the whole screen's weighing: its boxes alone
# in their size show no unfilled look of their own to tell a fill read wrong (widest-look
# 850033 at 0.6x: the Marsmallow's boxes of 13 px beside rows of 3-5 px, one read filled
# timeless where none is; weighed apart, its row read "1 of 2" timeless at 0.17, at 0 before).
# A screen whose boxes are all of one size (as the real game draws them) is weighed as before.
SIDES_APART = 1.3


def like_boxes(cards: Sequence[CardSeen], owners: Sequence[int]) -> list[list[int]]:
    """The boxes (their indices; ``owners``: each box's card) in groups weighed apart (see
    :data:`SIDES_APART`), the smallest boxes' first; one group when all are alike."""
    sides = sorted((float(np.median([min(b[2], b[3]) for b in card.row.boxes])), k)
                   for k, card in enumerate(cards) if card.row is not None)
    groups: list[set[int]] = []
    last = 0.0
    for side, k in sides:
        if not groups or side >= SIDES_APART * last:
            groups.append(set())
        groups[-1].add(k)
        last = side
    return [[i for i, k in enumerate(owners) if k in group] for group in groups]


def _against_the_unfilled(verdicts: list[tuple[bool, str, float]],
                          measured: list[tuple[np.ndarray, float, dict[str, float]]],
                          owners: list[int], colours: list[tuple[float, float, float]],
                          small: list[bool], told: list[bool]
                          ) -> list[tuple[bool, str, float]]:
    """The verdicts weighed against the other unfilled boxes among them (each box's card,
    card colour, small middle and fill told: ``owners``, ``colours``, ``small``, ``told``):
    :func:`_lone_unfilled`, :func:`_two_unfilled_looks`, :func:`_pair_across_cards`,
    :func:`_two_screen_looks`."""
    verdicts = _lone_unfilled(verdicts, measured, colours, small, told)
    verdicts = _two_unfilled_looks(verdicts, measured, owners)
    verdicts = _pair_across_cards(verdicts, measured, owners, colours)
    return _two_screen_looks(verdicts, measured, colours)


BLENDS = np.linspace(0.0, 0.6, 7)[:, None]  # a box's middle blended with its edge ring
# A box rimmed darker than its light border (the edge ring this much darker, L*): its middle
# may blend with both, and its colour more with the border than its lightness (JPEG keeps
# colour at half the resolution of lightness).
RIMMED = 20.0
RIM_BLENDS = tuple((t, u) for t in (0.2, 0.4, 0.6) for u in (0.2, 0.4) if t + u <= 0.6)
RIM_COLOUR = (0.0, 0.3)  # ... its colour (a*b*) moved this share on to the border's


def _blended(bases: np.ndarray, ring: np.ndarray, light: np.ndarray) -> np.ndarray:
    """The looks (Lab) a box's middle of each of ``bases`` (BGR) may show: blended with the
    box's edge ring (``ring``, BGR) up to 60%, as a small scale blends them; and when the ring
    is a rim darker than the box's light border (``light``; :data:`RIMMED`), blended with
    both, its colour further with the border's (:data:`RIM_BLENDS`, :data:`RIM_COLOUR`)."""
    looks = _lab(np.concatenate([(1 - BLENDS) * base + BLENDS * ring for base in bases]))
    ring_lab, light_lab = _lab(ring), _lab(light)
    if light_lab[0] - ring_lab[0] < RIMMED:
        return looks
    three = _lab(np.array([(1 - t - u) * base + t * light + u * ring
                           for base in bases for t, u in RIM_BLENDS], np.float32))
    moved = [np.concatenate([three[:, :1], (1 - s) * three[:, 1:] + s * light_lab[1:]], axis=1)
             for s in RIM_COLOUR]
    return np.concatenate([looks, *moved])


def _own_looks(verdicts: list[tuple[bool, str, float]],
               measured: list[tuple[np.ndarray, float, dict[str, float]]]
               ) -> list[tuple[bool, str, float]]:
    """The verdicts with their margins measured again against the screen's own looks where
    it shows them: the median of the other boxes judged unfilled, and of the other boxes
    judged filled with each rarity (a box is not its own evidence). A small scale blends a
    box's middle with its border, so the modelled looks (a rarity's colour blended up to 60%
    with a dark border) may come near an unfilled box's; the looks this screen shows do not
    (screen 180074: an unfilled box 4.6 nearer the unfilled model than a blended rare fill,
    40 from the rare boxes beside it). A filled box is measured against its own rarity's
    fills; an unfilled one against each rarity's fills as shown, else as modelled (a rarity
    no box shows filled may be this box's own, blended away). A box judged the other way,
    or whose looks are not clearly apart, keeps its first margin."""
    if not any(filled for filled, _, _ in verdicts):
        return verdicts
    middles = [middle for middle, _, _ in measured]
    out = []
    for i, ((middle, _, modelled), (filled, kind, margin)) in enumerate(zip(measured, verdicts)):
        others = [(m, v) for j, (m, v) in enumerate(zip(middles, verdicts)) if j != i]
        unfilled = [m for m, (f, _, _) in others if not f]
        looks = {name: np.median(np.array([m for m, (f, k, _) in others if f and k == name]),
                                 axis=0)
                 for name in {k for _, (f, k, _) in others if f}}
        if unfilled and (kind in looks if filled else looks):
            empty_look = np.median(np.array(unfilled), axis=0)
            apart = min(float(np.linalg.norm(look - empty_look)) for look in looks.values())
            d_empty = float(np.linalg.norm(middle - empty_look))
            if filled:
                d_fill = float(np.linalg.norm(middle - looks[kind]))
                same = d_fill + FILL_MARGIN < d_empty
            else:
                d_fill = min(float(np.linalg.norm(middle - looks[name])) if name in looks
                             else distance for name, distance in modelled.items())
                same = d_empty + FILL_MARGIN < d_fill
            if apart >= 4 * FILL_MARGIN and same:
                margin = max(margin, abs(d_empty - d_fill))
        out.append((filled, kind, margin))
    return out


# A row whose boxes' middles measure under NO_MIDDLE pixels (the median, as
# :func:`small_insides`) shows its border's colour where a fill would be: its fills are not
# read (none filled, not counted on), nor its rarity from them. Measured on main over seeds
# 7000 (120 screens), 390000, 550000, 560000, 590000, 370000, 440000, 540000, 500000 (60
# each): of 10 such rows (boxes of 3-6 px), 8 read their fills wrong, most boxes filled
# (fresh 590023 at 0.64x: boxes of 6 px with 3 px light green borders, the middles a pixel
# of dark; the Corvus's and the Capricornus's rows read "4 of 4" and "3 of 3" common at
# 0.90, none filled).
NO_MIDDLE = 1.0
# The rarity a row's fills show when they are not told (boxes under MIN_FILL_SIDE) is not the
# card's when its YOU HAVE line's tint reads another at any confidence (the tint's reading
# stays): a fill blended with a light border reads as a lighter rarity's (fresh real-look
# 370047 at 0.61x: a common Chicken's fill in boxes of 4 px read rare at 0.78 and counted on,
# ruling the Chicken out; its tint common at 0.002). Measured on main over the same seeds: of
# such rarities read at 0.5 and more, 24 right, 6 wrong; a tint read at more than 0 then
# disagreed with none of the right ones on 540000, 550000 and 370000. "Any confidence" takes
# in a tint named at 0 (its lead or its line's height too small to count on), not only above
# it: wider-look 710047 at 0.68x, a mythical Ghost's fill in boxes of 4 px read rare at 1.0
# over a tint read mythical at 0, and the three cards fitted no rescue (asked with no
# choices); 7033 at 0.85x, a timeless Marsten's fill read rare at 0.52 over a tint read
# common at 0. The untold fills whose rarity met a tint naming another at 0 on seeds 7000
# (120), 500000 (60) and wider 700000, 710000 (60 each) were wrong all 4 times (7033, 700008,
# 700050, 710047); fills of bigger boxes against a tint at 0 were right all 19 times (left).
# Nor is a row's rarity, read unclearly (under RARITY_SURE) from boxes of any size, the card's
# when its YOU HAVE line's tint reads another clearly: the tint's reading stays (real-look
# 500040 at 1.66x: a mythical Tiddalik's empty row of 23 px boxes read "1 of 3" timeless at
# 0.36 over its pink tint read mythical at 1.0; the card was left with no rarity and the
# screen asked, the Tiddalik the Outback's one mythical animal).


# ... unless its boxes are of MIN_FILL_SIDE or more and part clearly, some read filled and some
# unfilled, each by SPLIT_CLEAR Lab and more: the insides then show through the blur, a light
# fill lighter than a dark inside (fresh real-look 500038 at 1.15x: boxes of 7 px with 2 px
# borders, the middles measured 0 px, two rows "1 of 4" common right at margins 26 and more).
# A border alone (590023's boxes of 6 px) reads every box alike; the no-middle rows that
# parted into filled and unfilled on those seeds were of 2-4 px boxes, read at confidence 0
# and wrong.
SPLIT_CLEAR = 4 * FILL_MARGIN


def _split_clearly(row: BoxRow, verdicts: Sequence[tuple[bool, str, float]]) -> bool:
    """Whether a row's boxes (of :data:`MIN_FILL_SIDE` and more) read some filled and some
    unfilled, each by :data:`SPLIT_CLEAR` and more (``verdicts``: each box's)."""
    return min(min(b[2], b[3]) for b in row.boxes) >= MIN_FILL_SIDE and \
        len({filled for filled, _, _ in verdicts}) == 2 and \
        min(margin for _, _, margin in verdicts) >= SPLIT_CLEAR


def no_middle(row: BoxRow) -> bool:
    """Whether a row's boxes show no middle of their own inside their light borders
    (:data:`NO_MIDDLE`; ``False`` when none could be measured)."""
    inner = [side for side in row.inner if side == side]  # (nan: not measured)
    return bool(inner) and float(np.median(inner)) < NO_MIDDLE


# A row whose middles measure small (:func:`small_insides`) and, where read unfilled, lie near
# their light border's colour may hide a fill there, as a small box does (MIN_FILL_SIDE): the
# median unfilled box's middle under SHALLOW of the way from the light border to the card's
# colour (an unfilled middle of its own shows the card's shade, far from the border; a pixel of
# it, blurred by the scale and JPEG, is mostly border and measures wider than it is). Variants
# 1256000 at 0.6x as JPEG 60: boxes of 14 px with 6 px borders drawn at 8 px, middles of 1.2 px
# measured 3-4, 0.3 of the way; the Marsmot's "1 of 4" (a dark olive fill, 0.3 of it showing)
# read "0 of 4" at 0.54 and counted on, and its found tile was stated Rover with ``--animals``.
# Such a row's count is not counted on (``fills_sure`` False); its fills keep their rarity
# (session 47 read such rows blind, as NO_MIDDLE does, and lost the rarity of right fills:
# 7089's rare Kakapo, widest 850045's rare Squirrel). Only boxes read unfilled are weighed: a
# fill's middle is its own colour, wherever it lies (7089's Kakapo, two rare fills 0.04-0.1 of
# the way, read right). Variants 1256000 (10; 0.6x+JPEG 60, 0.5x, 0.75x), 1290000 (10; 0.6x+
# JPEG 60, 0.5x, JPEG 60) and 20 Mars/Moon screens of 1270000 lost no exact read.
SHALLOW = 0.4
DEEP_ENOUGH = 8.0  # (Lab) a card this near its boxes' light border measures no share


def shallow_middles(row: BoxRow, card: tuple[float, float, float],
                    fills: Sequence[bool] = ()) -> bool:
    """Whether a row's boxes' middles are small (:func:`small_insides`) and those of the
    boxes read unfilled (``fills``: each box's verdict; none given, every box) lie under
    :data:`SHALLOW` of the way from their light border to the card's colour ``card`` (BGR),
    the median of those boxes' shares: the middle shows its border, and a fill blended away there
    would look unfilled. ``False`` when no such box's border stands :data:`DEEP_ENOUGH` from
    the card, or every box is read filled."""
    if not small_insides(row):
        return False
    ref = _lab(np.array(card, np.float32))
    shares = []
    for k, (inside, light) in enumerate(zip(row.insides, row.lights or row.borders)):
        if k < len(fills) and fills[k]:
            continue
        edge = _lab(np.array(light, np.float32))
        depth = float(np.linalg.norm(ref - edge))
        if depth >= DEEP_ENOUGH:
            shares.append(float(np.linalg.norm(_lab(np.array(inside, np.float32)) - edge))
                          / depth)
    return bool(shares) and float(np.median(shares)) < SHALLOW


# A row read with fills this reader cannot tell from unfilled boxes: how many it reads filled
# is not counted on (``fills_sure`` False; its fills keep their rarity, as a shallow row's).
# - Fills unlike each other: a box read filled UNLIKE_FILLS Lab and more from the median of
#   its row's other boxes read filled (fills of one rarity in one row of like boxes look
#   alike; an unfilled middle blended with its border and a neighbour's fill does not).
#   Variants 1270538 at 0.6x as JPEG 60 (``sj``): the Horse's boxes of 9-11 px with grey
#   borders, its one unfilled middle (a dark card shade, 6 px, mostly border and a lavender
#   fill's colour bled from the box beside it) 19 Lab from its two rare fills (1 Lab apart)
#   read "3 of 3" rare at 0.83 (2 drawn) and counted on.
# - Fills like a lighter shade of the card on a screen reading no box unfilled: an unfilled
#   box's inside may be drawn lighter than its card (the wider looks draw it 0.3-1.4 of the
#   card), which the unfilled look (0.4-1.0 of the card) leaves out; a fill within
#   FILL_MARGIN as near a shade LIGHTER (1.0-1.4) of the card, blended as :func:`_blended`,
#   as its rarity's colour is not told. With a box read unfilled on the screen the screen
#   shows its own unfilled look (:func:`_own_looks`). Wider-look 1262123 at 1.79x: insides
#   1.35 of a green card (L* 72, the common green's 77): the three rows read "3 of 3",
#   "4 of 4", "3 of 3" common at 0.98, 0.60, 1.0, where 0, 1, 0 are drawn.
UNLIKE_FILLS = 3 * FILL_MARGIN
LIGHTER = np.linspace(1.0, 1.4, 5)[:, None]


def fills_untold(row: BoxRow, card: tuple[float, float, float],
                 verdicts: Sequence[tuple[bool, str, float]], distances: Sequence[float],
                 screen_filled: bool) -> bool:
    """Whether a row's fills (``verdicts``: each box's; ``distances``: each filled box's to
    its rarity's look) are not told from unfilled boxes (see above :data:`UNLIKE_FILLS`):
    one unlike the row's other fills, or, on a screen whose boxes are all read filled
    (``screen_filled``), one as near a lighter shade of the card ``card`` (BGR)."""
    middles = [_lab(np.array(inside, np.float32)) for inside in row.insides]
    filled = [k for k, (f, _, _) in enumerate(verdicts) if f]
    for k in filled:
        others = [middles[j] for j in filled if j != k]
        if others and float(np.linalg.norm(middles[k] - np.median(np.array(others), axis=0))) \
                >= UNLIKE_FILLS:
            return True
    if not screen_filled:
        return False
    shades = np.clip(np.array(card, np.float32) * LIGHTER, 0, 255)
    lights = row.lights or row.borders
    for k in filled:
        looks = _blended(shades, np.array(row.borders[k], np.float32),
                         np.array(lights[k], np.float32))
        if float(np.linalg.norm(looks - middles[k], axis=1).min()) <= \
                distances[k] + FILL_MARGIN:
            return True
    return False


def small_insides(row: BoxRow) -> bool:
    """Whether a row's boxes' middles, inside their light borders, are under
    :data:`SMALL_INSIDE` pixels (the median of its boxes' measured middles; ``False`` when
    none could be measured)."""
    inner = [side for side in row.inner if side == side]  # (nan: not measured)
    return bool(inner) and float(np.median(inner)) < SMALL_INSIDE


def _lone_unfilled(verdicts: list[tuple[bool, str, float]],
                   measured: list[tuple[np.ndarray, float, dict[str, float]]],
                   cards: Sequence[tuple[float, float, float]] = (),
                   small: Sequence[bool] = (), told: Sequence[bool] = ()
                   ) -> list[tuple[bool, str, float]]:
    """The verdicts with no margin left to a box judged unfilled that stands apart from the
    screen's other unfilled boxes (:data:`UNFILLED_APART`): its card's row is then not read
    clearly. The models of an unfilled box (the card's colour down to 0.4 of it) reach a fill
    darker than the card; the screen's own unfilled boxes tell it is not one of them (phone
    screen 7065: a rare fill drawn dark olive on a light card read "0 of 3 filled" clearly,
    29 Lab from the unfilled boxes beside it), also nearer when they lie close together
    (:data:`LONE_APART`, :data:`LONE_TIMES`; :data:`LONE_APART_SMALL` for a box of a row
    whose middles are small, ``small``: :func:`small_insides`), or apart in lightness alone
    (:data:`LONE_LIGHT`; in a row whose fills are told, ``told``: boxes of
    :data:`MIN_FILL_SIDE` and more, as a smaller box's lightness is its border's). ``cards``:
    each box's card colour (BGR); a box apart only as a shade of its card's own hue is left
    as judged (:func:`_card_hued`)."""
    empty = [i for i, (filled, _, _) in enumerate(verdicts) if not filled]
    out = list(verdicts)
    for i in empty:
        others = np.array([measured[j][0] for j in empty if j != i])
        if not len(others):
            continue
        middle = np.median(others, axis=0)
        if i < len(cards) and _card_hued(measured[i][0], middle, cards[i]):
            continue
        apart = float(np.linalg.norm(measured[i][0] - middle))
        spread = float(np.median(np.linalg.norm(others - middle, axis=1)))
        lone = LONE_APART_SMALL if i < len(small) and small[i] else LONE_APART
        light = abs(float(measured[i][0][0] - middle[0]))
        light_spread = float(np.median(np.abs(others[:, 0] - middle[0])))
        if apart > UNFILLED_APART or (len(others) >= LONE_OTHERS and (
                (apart > lone and apart > LONE_TIMES * spread)
                or (i < len(told) and told[i] and light > LONE_LIGHT
                    and light > LONE_TIMES * light_spread))):
            out[i] = (False, "", 0.0)
    return out


def _small_fills(verdicts: list[tuple[bool, str, float]],
                 measured: list[tuple[np.ndarray, float, dict[str, float]]],
                 small: Sequence[bool]) -> list[tuple[bool, str, float]]:
    """The verdicts with no margin left to a box read filled, in a row of small middles
    (``small``: :func:`small_insides`), whose middle lies within :data:`LONE_APART` of the
    screen's unfilled boxes (the median of :data:`LONE_OTHERS` or more read unfilled): such a
    middle's colour is mostly its light border's and the card's, spread by JPEG, and a shift
    that small is no fill's own colour (fresh real-look 220022 at 1.22x: boxes of 7 px with 2
    px borders, pink; an unfilled Hippo box 9 Lab from the others, tinted by its border,
    read as a mythical fill at confidence 0.54)."""
    empty = [i for i, (filled, _, _) in enumerate(verdicts) if not filled]
    if len(empty) < LONE_OTHERS:
        return verdicts
    middle = np.median(np.array([measured[j][0] for j in empty]), axis=0)
    out = list(verdicts)
    for i, (filled, kind, _) in enumerate(verdicts):
        if filled and i < len(small) and small[i] and \
                float(np.linalg.norm(measured[i][0] - middle)) < LONE_APART:
            out[i] = (True, kind, 0.0)
    return out


# An unfilled box's middle is the card's colour, or a shade of it, greyed by its light border
# as JPEG blurs colour (at half the resolution of lightness): a box at a row's end, a border
# on one side only, keeps more of the card's hue than the boxes between (fresh real-look
# 230022 at 0.92x: on a navy card, the end boxes of two rows 17 and 21 Lab from the other
# unfilled boxes, of the card's hue (within HUE_SAME degrees) and lightness (SAME_LIGHT),
# took the rows' clear reading, and a found common Lynx tile on the lawn's green, the Lynx
# row's fill unused, was stated untapped with --animals). Fills this reader does not know
# that stand apart (7065's dark olive, 170043's dark timeless) differ in hue or lightness.
HUE_SAME = 10.0
SAME_LIGHT = 5.0
MIN_CHROMA = 10.0


def _card_hued(middle: np.ndarray, others: np.ndarray, card: tuple[float, float, float]
               ) -> bool:
    """Whether a box's ``middle`` (Lab) differs from the other unfilled boxes' (``others``,
    Lab) only as a shade of its ``card``'s hue (BGR): of their lightness, and of the card's
    hue (both colourful)."""
    card_lab = _lab(np.array(card, np.float32))
    if abs(float(middle[0] - others[0])) > SAME_LIGHT or \
            min(float(np.hypot(*middle[1:])), float(np.hypot(*card_lab[1:]))) < MIN_CHROMA:
        return False
    turn = abs(np.degrees(np.arctan2(middle[2], middle[1])
                          - np.arctan2(card_lab[2], card_lab[1]))) % 360
    return min(turn, 360 - turn) <= HUE_SAME


# A box's middle pulled from the unfilled look toward its card's colour in chroma alone (JPEG
# keeps colour at half the resolution of lightness, so a box beside the card's ground takes
# its hue, not its lightness): lightness within SAME_LIGHT of the unfilled look's, the shift
# in (a*, b*) within BLEED_TURN degrees of the card's direction and no farther than the card
# (fresh real-look 370019 at 2.03x: on a grey-purple card too grey for _card_hued, a mythical
# row's first box and a rare row's last box 7.4 and 8.7 Lab from five unfilled boxes, turned
# 8 and 9 degrees from the card's direction, half way to it, left the right mythical row
# unclear).
BLEED_TURN = 15.0


def _card_bled(middle: np.ndarray, others: np.ndarray, card: tuple[float, float, float]
               ) -> bool:
    """Whether a box's ``middle`` (Lab) differs from the other unfilled boxes' (``others``,
    Lab) as their look blended toward its ``card``'s colour (BGR) in chroma only: of their
    lightness, moved toward the card's (a*, b*) and no farther."""
    card_lab = _lab(np.array(card, np.float32))
    if abs(float(middle[0] - others[0])) > SAME_LIGHT:
        return False
    toward = np.asarray(card_lab[1:] - others[1:], np.float64)
    shift = np.asarray(middle[1:] - others[1:], np.float64)
    reach, moved = float(np.hypot(*toward)), float(np.hypot(*shift))
    if reach == 0.0 or moved == 0.0:
        return False
    along = float(np.dot(shift, toward)) / reach
    return along <= reach and along >= moved * float(np.cos(np.radians(BLEED_TURN)))


# A card's boxes read unfilled, two or more of one look (within ALIKE Lab of each other) and
# apart from the other cards' unfilled boxes (at least OTHERS of them) by APART_LOOK Lab, or
# SPREAD_TIMES their own spread about their median if more: unfilled boxes look the same on
# every card of a screen, and fills of one card alike, so these are fills of a colour this
# reader does not know (phone screen 7018: a common fill drawn 10 Lab from the unfilled
# inside, read "0 of 4 filled" clearly beside six unfilled boxes within 5 Lab of each other;
# 1x-9x 330047: a rare colour drawn near the card's, two fills 6.5 Lab from five unfilled
# boxes within 1 of each other, read "0 of 3 filled" clearly at APART_LOOK 8; at 6, of 603
# rows of 300 screens, seeds 7000, 140000 and 170000, two right rows more left unclear).
ALIKE = 6.0
APART_LOOK = 6.0
SPREAD_TIMES = 3.0
OTHERS = 3


def _two_unfilled_looks(verdicts: list[tuple[bool, str, float]],
                        measured: list[tuple[np.ndarray, float, dict[str, float]]],
                        owners: list[int]) -> list[tuple[bool, str, float]]:
    """The verdicts with no margin left to the boxes of a card that read unfilled in a look
    of their own, apart from the other cards' unfilled boxes (:data:`ALIKE`,
    :data:`APART_LOOK`): the card's row is then not read clearly. ``owners``: each box's
    card."""
    out = list(verdicts)
    for card in set(owners):
        mine = [i for i, k in enumerate(owners) if k == card and not verdicts[i][0]]
        others = np.array([measured[i][0] for i, k in enumerate(owners)
                           if k != card and not verdicts[i][0]])
        if len(mine) < 2 or len(others) < OTHERS:
            continue
        centre = np.median(others, axis=0)
        spread = float(np.median(np.linalg.norm(others - centre, axis=1)))
        far = [i for i in mine if float(np.linalg.norm(measured[i][0] - centre))
               > max(APART_LOOK, SPREAD_TIMES * spread)]
        if any(float(np.linalg.norm(measured[i][0] - measured[j][0])) <= ALIKE
               for i in far for j in far if i < j) or \
                _pair_apart(mine, measured, centre, spread):
            for i in mine:
                out[i] = (False, "", 0.0)
    return out


def _pair_across_cards(verdicts: list[tuple[bool, str, float]],
                       measured: list[tuple[np.ndarray, float, dict[str, float]]],
                       owners: list[int], cards: Sequence[tuple[float, float, float]] = ()
                       ) -> list[tuple[bool, str, float]]:
    """The verdicts with no margin left to the boxes read unfilled of two cards each showing
    one box read unfilled alike (:data:`ALIKE`) to one of the other's, both apart from the
    screen's other unfilled boxes (:data:`OTHERS` of them at least) by :data:`APART_LOOK`
    and :data:`LONE_TIMES` their spread, neither a shade of its card's hue
    (:func:`_card_hued`) nor both the others' look bled toward their cards' colour
    (:func:`_card_bled`): fills of one colour this reader does not know, one on each card,
    as :func:`_two_unfilled_looks` tells two on one card (fresh real-look 560016 at 1.14x: a
    common colour drawn 8 Lab from the unfilled inside, the Monkey's and the Gorilla's one
    fill each 9.5 and 7.9 from six unfilled boxes spread 0.4, 4.5 from each other; the
    Gorilla's row read "0 of 4 filled" at 0.94; at SPREAD_TIMES, 550040's two boxes 10.4 and
    9.0 from four spread 2.9 left a right row unclear). ``owners``: each box's card;
    ``cards``: each box's card colour (BGR)."""
    empty = [i for i, (filled, _, _) in enumerate(verdicts) if not filled]
    if len(empty) < OTHERS + 2:
        return verdicts
    marked: set[int] = set()
    for a in empty:
        for b in empty:
            if b <= a or owners[a] == owners[b] or {owners[a], owners[b]} <= marked or \
                    float(np.linalg.norm(measured[a][0] - measured[b][0])) > ALIKE:
                continue
            rest = np.array([measured[i][0] for i in empty if i not in (a, b)])
            centre = np.median(rest, axis=0)
            spread = float(np.median(np.linalg.norm(rest - centre, axis=1)))
            if min(float(np.linalg.norm(measured[i][0] - centre)) for i in (a, b)) \
                    > max(APART_LOOK, LONE_TIMES * spread) and \
                    not any(i < len(cards) and _card_hued(measured[i][0], centre, cards[i])
                            for i in (a, b)) and \
                    not all(i < len(cards) and _card_bled(measured[i][0], centre, cards[i])
                            for i in (a, b)):
                marked.update((owners[a], owners[b]))
    if not marked:
        return verdicts
    return [(False, "", 0.0) if not filled and owners[i] in marked else (filled, kind, margin)
            for i, (filled, kind, margin) in enumerate(verdicts)]


# The boxes read unfilled on a screen parted in two looks, each of two boxes or more lying
# within their spread, the looks LOOKS_APART Lab and LOOKS_TIMES their spread apart, not as
# shades of the card's own hue (:func:`_card_hued`): unfilled boxes look alike on every card,
# so one look is fills of a colour the reader took for a shade of the card, and no box read
# unfilled there is counted on (fresh real-look 220045 at 5x: a rare colour drawn dark near
# the dirt on a light card, four fills on two cards at L* 41, three unfilled boxes at L* 61;
# both rows read "0 of 3 filled" clearly, the cards' boxes alone leaving no look to compare).
LOOKS_APART = 12.0
LOOKS_TIMES = 5.0


def _two_screen_looks(verdicts: list[tuple[bool, str, float]],
                      measured: list[tuple[np.ndarray, float, dict[str, float]]],
                      cards: Sequence[tuple[float, float, float]]
                      ) -> list[tuple[bool, str, float]]:
    """The verdicts with no margin left to any box read unfilled when those boxes show two
    looks (:data:`LOOKS_APART`): the screen's boxes read unfilled, parted by two means from
    their farthest pair. ``cards``: each box's card colour (BGR)."""
    empty = [i for i, (filled, _, _) in enumerate(verdicts) if not filled]
    if len(empty) < 4:
        return verdicts
    points = np.array([measured[i][0] for i in empty])
    far = np.linalg.norm(points[:, None] - points[None], axis=2)
    a, b = np.unravel_index(int(np.argmax(far)), far.shape)
    one, other = points[a], points[b]
    for _ in range(5):
        mine = np.linalg.norm(points - one, axis=1) <= np.linalg.norm(points - other, axis=1)
        if mine.sum() < 2 or (~mine).sum() < 2:
            return verdicts
        one, other = np.median(points[mine], axis=0), np.median(points[~mine], axis=0)
    spread = max(float(np.median(np.linalg.norm(points[mine] - one, axis=1))),
                 float(np.median(np.linalg.norm(points[~mine] - other, axis=1))))
    apart = float(np.linalg.norm(one - other))
    if apart <= max(LOOKS_APART, LOOKS_TIMES * spread) or \
            (len(cards) > empty[0] and _card_hued(one, other, cards[empty[0]])) or \
            (len(cards) > empty[0] and _card_hued(other, one, cards[empty[0]])):
        return verdicts
    out = list(verdicts)
    for i in empty:
        out[i] = (False, "", 0.0)
    return out


# A row reading fills of two rarities is read wrong (one animal's fills are one colour): one
# of its looks is no fill. Where the row's card reads one of the two by its YOU HAVE line's
# tint, surely, the other is the look misread. A box of another card read as a fill of that
# misread rarity whose middle is within MIXED_ALIKE Lab of that row's fills of it may be the
# same misread look, so its row is not counted on either (fresh widest 1024000 at 1.51x: pink
# box borders 6 px thick round middles of 4, the card's colour; unfilled middles read as
# mythical fills on both cards, 2 of 3 beside a timeless fill on the Yukon Camel's, its line
# tinted timeless, left unclear, and 2 of 3 on the Saber Tooth's at 0.99, its rare fill read
# unfilled, the card stated mythical; those four middles within 8 Lab of one another). Where
# the tint reads neither rarity (or none surely), which look is misread is not told, and the
# other cards' fills stand as read (a card whose own fills are one rarity still tells it:
# tests/test_disco_zoo_guards30.py).
MIXED_ALIKE = 12.0


def _unsure_fills(verdicts: list[tuple[bool, str, float]],
                  measured: list[tuple[np.ndarray, float, dict[str, float]]],
                  refs: dict[str, list[np.ndarray]], tolerance: float, margin: float
                  ) -> list[tuple[bool, str, float]]:
    """The verdicts with no rarity left to a box read filled whose middle, as it stands, is
    the colour of no rarity and as near two: past ``tolerance`` (Lab) of every rarity's
    colour (the facts', and the board's found tiles' as this screen shows them) and the
    second nearest within ``margin`` of the nearest. A filled box is in its rarity's colour
    (issue 18); the blends that model a small scale (a fill blended with the box's edge) may
    bring one rarity nearer, but a colour as far from two rarities tells neither, so the
    card's rarity is not settled by its fills (the box stays filled: it is not the unfilled
    look). Fresh widest 1168029 at 1.27x: a Horse's one fill, drawn dark purple (L* 24) for
    rare in middles of 22 px, was 64.7 from rare's colour and 60.3 from mythical's; blended
    with the box's green edge it came 35.9 from mythical, 56.2 from rare, read mythical at
    0.63, and with 3 boxes on the Farm the card was stated Unicorn."""
    out = []
    for (filled, kind, clear), (middle, _, _) in zip(verdicts, measured):
        if filled and kind and kind != "pet":
            d = sorted(min(float(np.linalg.norm(middle - c)) for c in colours)
                       for colours in refs.values())
            if d[0] >= tolerance and len(d) > 1 and d[1] - d[0] <= margin:
                kind = ""
        out.append((filled, kind, clear))
    return out


def _fills_like_a_mixed_row(verdicts: list[tuple[bool, str, float]],
                            measured: list[tuple[np.ndarray, float, dict[str, float]]],
                            owners: Sequence[int], tints: Sequence[str]
                            ) -> list[tuple[bool, str, float]]:
    """The verdicts with no margin left to a box read filled like a misread fill of a row
    reading two rarities (:data:`MIXED_ALIKE`), on another card. ``owners``: each box's
    card; ``tints``: each card's rarity as its YOU HAVE line reads it surely (``""``: not)."""
    kinds: dict[int, set[str]] = {}
    for owner, (filled, kind, _) in zip(owners, verdicts):
        if filled and kind:
            kinds.setdefault(owner, set()).add(kind)
    misread = {owner: seen - {tints[owner]} for owner, seen in kinds.items()
               if len(seen) > 1 and tints[owner] in seen}
    if not misread:
        return verdicts
    out = list(verdicts)
    for i, (filled, kind, _) in enumerate(verdicts):
        if not filled or owners[i] in misread:
            continue
        if any(owners[j] in misread and verdicts[j][0] and verdicts[j][1] == kind
               and kind in misread[owners[j]]
               and float(np.linalg.norm(measured[i][0] - measured[j][0])) <= MIXED_ALIKE
               for j in range(len(verdicts))):
            out[i] = (filled, kind, 0.0)
    return out


def _pair_apart(mine: list[int], measured: list[tuple[np.ndarray, float, dict[str, float]]],
                centre: np.ndarray, spread: float) -> bool:
    """Whether two of a card's boxes read unfilled (``mine``) are alike (:data:`ALIKE`),
    each :data:`APART_LOOK` from the other cards' unfilled look (``centre``, its boxes
    ``spread`` about it) and their mean :data:`SPREAD_TIMES` the spread of a mean of two
    (``spread`` over the root of two) from it: two fills of one colour the reader does not
    know, each alone within the noise of small middles (fresh real-look 210041 at 0.77x:
    two dark timeless fills in middles of 3 px, 10.1 and 8.5 Lab from four unfilled boxes
    spread 3.7 about their median, 3.0 from each other, read "0 of 3 filled" clearly)."""
    for i in mine:
        for j in mine:
            a, b = measured[i][0], measured[j][0]
            if i < j and float(np.linalg.norm(a - b)) <= ALIKE and \
                    min(float(np.linalg.norm(a - centre)), float(np.linalg.norm(b - centre))) \
                    > APART_LOOK and float(np.linalg.norm((a + b) / 2 - centre)) \
                    > SPREAD_TIMES * spread / np.sqrt(2.0):
                return True
    return False


# A pet's fills, of a colour the facts do not give: in a row of a pet's count of boxes read
# unclearly, a box within PET_EMPTY Lab of the unfilled look (the model's, or the other
# cards' unfilled boxes', OTHERS of them at least) is unfilled, one PET_FILLED or more from
# both is filled, the filled ones (one at least) all within PET_ALIKE of each other (one
# colour); a box between leaves the row as it was.
PET_EMPTY = 8.0
PET_FILLED = 20.0
PET_ALIKE = 10.0


@cache
def _pet_sizes() -> frozenset[int]:
    """The counts of boxes only a pet's card shows (the catalogue: pets cover 5 tiles, no
    region's animal does)."""
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue

    catalogue = load_catalogue()
    others = {a.size for animals in catalogue.regions.values() for a in animals}
    return frozenset(p.size for p in catalogue.pets) - others


def _pet_fills(verdicts: list[tuple[bool, str, float]],
               measured: list[tuple[np.ndarray, float, dict[str, float]]],
               owners: list[int]) -> list[tuple[bool, str, float]]:
    """The verdicts with a pet's row read by its fills' difference from the unfilled look
    alone, where its colours left it unclear: a pet's colour is not among the facts, so its
    fills may be near no rarity's (see :data:`PET_EMPTY`). Its fills are of no rarity
    (``""``): its rarity is not read from them."""
    out = list(verdicts)
    for card in set(owners):
        mine = [i for i, k in enumerate(owners) if k == card]
        if len(mine) not in _pet_sizes() or \
                min(verdicts[i][2] for i in mine) >= 2 * FILL_MARGIN:
            continue  # not a pet's count of boxes, or read clearly as it is
        others = np.array([measured[i][0] for i, k in enumerate(owners)
                           if k != card and not verdicts[i][0]])
        if len(others) < OTHERS:
            continue  # no unfilled look of the screen's own to measure from
        look = np.median(others, axis=0)
        apart = [min(measured[i][1], float(np.linalg.norm(measured[i][0] - look)))
                 for i in mine]
        if any(PET_EMPTY < d < PET_FILLED for d in apart):
            continue
        filled = [i for i, d in zip(mine, apart) if d >= PET_FILLED]
        if not filled or any(float(np.linalg.norm(measured[i][0] - measured[j][0]))
                             > PET_ALIKE for i in filled for j in filled):
            # (none apart: a fill near the unfilled look is not told from it, as a grey
            # pet's on a pale card, 160005 of the pet screens: "0 of 5" is no reading)
            continue
        margin = min(d - PET_EMPTY if d >= PET_FILLED else PET_FILLED - d for d in apart)
        for i, d in zip(mine, apart):
            out[i] = (d >= PET_FILLED, "", margin)
    return out


# The ``YOU HAVE n`` lines of one rarity are written in one tint on every card of a screen, and
# the cards share one colour: a line whose ink's hue (a*b*) lies within SAME_TINT of the line
# of a card whose filled boxes show its rarity clearly is of that rarity, when the lines of
# every other rarity so shown lie OTHER_TINT or more away. Measured on 236 real-look screens
# (seeds 7000 and 170000, 0.5x-3x): lines of one rarity lie 0.1-4.9 apart but for two
# (7.4 at 0.53x, 16.6), of two rarities 9.4 and more but for three (1.0, 4.2, 5.7), all on
# cards whose box row was not found or at 0.5x (lines 8 px tall at least: TINT_LINE).
SAME_TINT = 3.0
OTHER_TINT = 8.0
TINT_LINE = 8
# A line whose ink lies this near grey (a*b*) shows too little of a tint to take another
# line's rarity by: the four rarities' colours whitened to 0.9 (the widest looks' tint) lie 4
# to 9 from grey, the nearest two (common, timeless) 5 apart, within a colour cast's reach.
# Widest 995039 at 0.93x: a timeless Babmoon's line 5.8 from grey lay 1.8 from a clearly
# common card's line 4.0 from grey, and was read common at 0.63 (the cards then fitted no
# rescue). The lines that took their rarity so on 320 other screens (7000, widest 850000,
# 860000, 992000) lay 8.1 to 19 from grey, all of their rarity.
NEAR_GREY = 7.0


def screen_tints(image: np.ndarray, cards: tuple[CardSeen, ...],
                 facts: dict) -> tuple[CardSeen, ...]:
    """The cards with their rarities checked against the screen's own tints (see
    :data:`SAME_TINT`): each card whose filled boxes show its rarity clearly gives that
    rarity's tint as this screen draws it (a colour cast, a rarity drawn off its usual colour,
    a dark card that greys a pale tint: the facts' colours alone misread them). A card whose
    fills and ``YOU HAVE n`` tint clearly say two rarities is unsure of its rarity (fills
    blended with a light border at a small scale read as another rarity: 7089 at 0.83x, a
    common card's 6 px boxes read rare beside its clearly common line). A card of no rarity
    shown so takes the rarity of the tint its line matches (both lines showing a tint of their
    own, :func:`_own_tint`), and loses a rarity its line's tint read when that rarity's line
    on this screen is another hue."""
    cards = tuple(_fills_against_tint(image, card, facts) for card in cards)
    hues = [_line_hue(image, card) for card in cards]
    own = [_own_tint(image, card, hue) for hue, card in zip(hues, cards)]
    shown = _shown_tints(hues, cards)
    if not shown:
        return _unlike_clear_lines(hues, cards)
    shown_own = _shown_tints(own, cards)
    out = []
    for hue, mine, card in zip(hues, own, cards):
        if hue is None or _shown_by_fills(card) or \
                (card.boxes is not None and card.boxes.count in _pet_sizes()):
            out.append(card)
            continue
        near = _nearest_tints(hue, shown)
        near_own = _nearest_tints(mine, shown_own) \
            if mine is not None and float(np.linalg.norm(mine)) >= NEAR_GREY else {}
        best = min(near_own, key=near_own.get) if near_own else ""  # type: ignore[arg-type]
        if best and near_own[best] <= SAME_TINT and \
                all(d >= OTHER_TINT for name, d in near.items() if name != best) and \
                (card.boxes is None or card.boxes.rarity in ("", best)):
            confidence = min(c for _, c in shown_own[best]) * \
                (1 - 0.5 * near_own[best] / SAME_TINT)
            card = replace(card, rarity=best, rarity_confidence=float(confidence))
        elif card.rarity in near and near[card.rarity] >= OTHER_TINT:
            card = replace(card, rarity_confidence=0.0)
        out.append(card)
    return _unlike_clear_lines(hues, tuple(out))


def _shown_tints(hues: Sequence[np.ndarray | None], cards: Sequence[CardSeen]
                 ) -> dict[str, list[tuple[np.ndarray, float]]]:
    """Each rarity's lines' hues (with their cards' confidence) on the cards whose filled
    boxes show that rarity clearly (:func:`_shown_by_fills`)."""
    shown: dict[str, list[tuple[np.ndarray, float]]] = {}
    for hue, card in zip(hues, cards):
        if hue is not None and _shown_by_fills(card):
            shown.setdefault(card.rarity, []).append((hue, card.rarity_confidence))
    return shown


def _nearest_tints(hue: np.ndarray, shown: dict[str, list[tuple[np.ndarray, float]]]
                   ) -> dict[str, float]:
    """How far (a*b*) ``hue`` lies from each shown rarity's nearest line."""
    return {name: min(float(np.linalg.norm(hue - h)) for h, _ in lines)
            for name, lines in shown.items()}


def _unlike_clear_lines(hues: list[np.ndarray | None],
                        cards: tuple[CardSeen, ...]) -> tuple[CardSeen, ...]:
    """The cards, each whose rarity was read unclearly (above 0, under :data:`RARITY_SURE`)
    unread (confidence 0) when another card's line read that rarity clearly (by its fills or
    its own tint) and every such line's hue lies :data:`OTHER_TINT` or more from its own: one
    rarity's lines share one tint on a screen. Fresh real-look 350031 at 1.06x: a timeless
    Babmoon's line read common at 0.03, 10 a*b* from the Tribble's line read common at 0.71.
    A wrong rarity read at any confidence above 0 is a clue the names' every-clue pass takes
    (:func:`~.names._clue`); right and wrong ones sit alike at 0.01-0.04, so their lines'
    hues, not the confidence, tell them."""
    clear = [(k, card.rarity, hue) for k, (hue, card) in enumerate(zip(hues, cards))
             if hue is not None and card.rarity and card.rarity_confidence >= RARITY_SURE]
    out = []
    for k, (hue, card) in enumerate(zip(hues, cards)):
        same = [float(np.linalg.norm(hue - other)) for j, rarity, other in clear
                if j != k and rarity == card.rarity] if hue is not None else []
        if same and 0.0 < card.rarity_confidence < RARITY_SURE and min(same) >= OTHER_TINT:
            card = replace(card, rarity_confidence=0.0)
        out.append(card)
    return tuple(out)


def _shown_by_fills(card: CardSeen) -> bool:
    """Whether a card's rarity is its filled boxes' colour, read clearly."""
    return card.boxes is not None and card.boxes.rarity == card.rarity != "" and \
        card.rarity_confidence >= RARITY_SURE


def _line_hue(image: np.ndarray, card: CardSeen) -> np.ndarray | None:
    """The hue of a card's ``YOU HAVE n`` line's ink (:func:`ink_hue`) when the line is
    surely that one (the box row found under it) and tall enough (:data:`TINT_LINE`)."""
    if card.have_box is None or card.row is None or card.have_box[3] < TINT_LINE:
        return None
    return ink_hue(image, card.have_box, card.panel.color)


def _own_tint(image: np.ndarray, card: CardSeen, hue: np.ndarray | None) -> np.ndarray | None:
    """``hue`` (a card's line's, :func:`_line_hue`) when the line shows a tint of its own:
    not within :data:`TINT_FROM_NAME` of its name's hue (the font's colour, as
    :func:`tint_rarity` tells it); else ``None``. Two lines showing only the font match each
    other whatever their rarities: widest 850009 at 0.94x (a pink font, the tint 0.44 white):
    a mythical Phoenix's line and a common Gorilla's, whose fills showed common, both read
    their names' hue (2-3 a*b* from it) and lay 2 apart; the Phoenix was read common at
    0.57, clearly and wrong."""
    if hue is None or card.name_box is None:
        return hue
    font = ink_hue(image, card.name_box, card.panel.color)
    if font is not None and float(np.linalg.norm(hue - font)) < TINT_FROM_NAME:
        return None
    return hue


def _fills_against_tint(image: np.ndarray, card: CardSeen, facts: dict) -> CardSeen:
    """The card unsure of its rarity when its filled boxes show one rarity clearly and its
    ``YOU HAVE n`` line another, as clearly."""
    if not _shown_by_fills(card) or card.have_box is None or card.row is None:
        return card
    tint, clear = tint_rarity(image, card.have_box, card.panel.color, facts, card.name_box)
    if tint and tint != card.rarity and clear >= RARITY_SURE:
        return replace(card, rarity_confidence=0.0)
    return card


def _bgr(lab: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(np.asarray(lab, np.float32).reshape(1, 1, 3),
                        cv2.COLOR_Lab2BGR).reshape(3) * 255.0


def tint_rarity(image: np.ndarray, line: Box, card: tuple[float, float, float],
                facts: dict, name: Box | None = None) -> tuple[str, float]:
    """The rarity whose tint a line of text is written in, and how clearly (0..1)
    (:func:`line_tint`), clear only when the line's lower half says the same: a line found
    a little too high holds the bottom of the name above it, in the name's colour
    (screen 180103 at 1.2x: a cream name over a rare line read as a timeless tint). Nor is
    it clear when its ink's hue is within :data:`TINT_FROM_NAME` of the ``name`` line's
    (the card's name, in the font's own colour): the line shows no tint of its own, and its
    colour against the card is the font's (real-look 170043 at 2x: a timeless colour drawn
    dark near the dirt tinted the line by nothing visible, and the light font on a green
    card read as a mythical tint, clearly; the card was named Unicorn for Chicken. 330040
    at 6.2x: a rare colour drawn dark greyed a white line, 6 a*b* from its name's hue, read
    as mythical). Nor when the way the line's hue lies from its name's (the font's colour as
    this screen casts it) is another rarity's: a colour cast moves the card, the name and
    the tint alike, and a reading that holds only against the card is the cast's
    (:func:`_way_from_the_font`; fresh real-look 210040 at 1.2x: a cyan rare line on an
    orange card read common at 0.80, rare against its name)."""
    rarity, confidence = line_tint(image, line, card, facts)
    x, y, w, h = line
    lower, _ = line_tint(image, (x, y + h // 2, w, h - h // 2), card, facts)
    if lower != rarity:
        return rarity, 0.0
    if name is not None and confidence > 0.0:
        mine, font = ink_hue(image, line, card), ink_hue(image, name, card)
        if mine is not None and font is not None and \
                (float(np.linalg.norm(mine - font)) < TINT_FROM_NAME
                 or _away_from_the_font(mine, font, card, rarity, facts)
                 or _way_from_the_font(mine, font, facts) != rarity):
            return rarity, 0.0
    return rarity, confidence


# A light card of a strong hue, its names in a near-white font (a*b* within NEUTRAL_FONT of
# grey): a pale tint on it reads by the card's hue more than its own (the ink's offset from
# the card points the way another rarity's would). The line's offset from its name (the same
# font, the same card, the same cast) then points the tint's own way; one pointing away from
# the rarity read leaves it unclear. Measured on 300 real-look screens (seeds 7000, 140000,
# 170000): two timeless lines on yellow-green cards (L* 60, 73) read mythical clearly (7079,
# 170015), no right clear tint on such a card pointing away.
NEUTRAL_FONT = 15.0
LIGHT_CARD = 50.0


def _way_from_the_font(mine: np.ndarray, font: np.ndarray, facts: dict) -> str:
    """The rarity whose hue lies the way a line's hue (``mine``, a*b*) lies from its name's
    (``font``): the nearest in angle, as seen from the name's hue."""
    offset = mine - font
    ways = {name: _lab(ref)[1:] - font for name, ref in rarity_references(facts).items()}
    return max(ways, key=lambda name: float(offset @ ways[name])
               / max(1e-6, float(np.linalg.norm(ways[name]) * np.linalg.norm(offset))))


def _away_from_the_font(mine: np.ndarray, font: np.ndarray, card: tuple[float, float, float],
                        rarity: str, facts: dict) -> bool:
    """Whether a line's hue (``mine``) lies away from ``rarity``'s colour as seen from its
    name's (``font``), on a light card with names in a near-white font
    (:data:`NEUTRAL_FONT`)."""
    if float(np.linalg.norm(font)) >= NEUTRAL_FONT or \
            float(_lab(np.array(card, np.float32))[0]) <= LIGHT_CARD:
        return False
    towards = _lab(rarity_references(facts)[rarity])[1:] - font
    return float((mine - font) @ towards) < 0.0


def line_tint(image: np.ndarray, line: Box, card: tuple[float, float, float],
              facts: dict) -> tuple[str, float]:
    """The rarity whose tint a line of text is written in, and how clearly (0..1).

    The line's most colourful ink (its hue: a*, b*; the lightness is the font's, blended with
    the card at a small scale) is compared with each rarity's hue as it may show: its colour
    as is or whitened up to half (a tint), blended with the card's by any share from a
    quarter on (thin strokes, JPEG). The nearest rarity wins when within
    :data:`TINT_TOLERANCE`; it is clear by its lead over the runner-up. (The direction
    alone the ink leaves the card in does not tell: from a card of a strong hue, green and
    yellow lie the same way.) No tint (a grey ink blended with the card the same way) is a
    runner-up too: a rarity drawn dull or whitened to near grey on a card of a strong hue
    leaves the card towards grey, the way the card's opposite hue lies (:func:`_no_tint`)."""
    seen = ink_hue(image, line, card)
    if seen is None:
        return "", 0.0
    card_hue = _lab(np.array(card, np.float32))[1:]
    h = line[3]
    strength = float(np.linalg.norm(seen - card_hue))
    if strength < 3.0:
        return "", 0.0
    distances = {}
    for name, ref in rarity_references(facts).items():
        best = np.inf
        for white in np.linspace(0.0, 0.5, 6):
            towards = _lab((1 - white) * ref + white * 255.0)[1:] - card_hue
            share = float(np.clip((seen - card_hue) @ towards / max(1e-6, towards @ towards),
                                  0.25, 1.1))
            best = min(best, float(np.linalg.norm(card_hue + share * towards - seen)))
        distances[name] = best
    ranked = sorted(distances, key=distances.get)  # type: ignore[arg-type]
    top, runner = distances[ranked[0]], min(distances[ranked[1]], _no_tint(seen, card_hue))
    if top > TINT_TOLERANCE:
        return "", 0.0
    # Clear only when one rarity leads, the ink is clearly coloured, and the line is tall
    # enough for its letters to hold some pixels of their own colour (not blends).
    lead = np.clip((runner - top - TINT_MARGIN) / (2 * TINT_MARGIN), 0.0, 1.0)
    colour = np.clip((strength - 6.0) / 10.0, 0.0, 1.0)
    size = np.clip((h - 5.0) / 5.0, 0.0, 1.0)
    return ranked[0], float(lead * colour * size)


def _no_tint(seen: np.ndarray, card_hue: np.ndarray) -> float:
    """How far a line's hue (``seen``, a*b*) is from a grey ink's blended with the card's
    (``card_hue``) by any share from a quarter to all of it: the line read as no tint."""
    towards = -card_hue
    share = float(np.clip((seen - card_hue) @ towards / max(1e-6, towards @ towards), 0.25, 1.0))
    return float(np.linalg.norm(card_hue + share * towards - seen))


def ink_hue(image: np.ndarray, line: Box, card: tuple[float, float, float]
            ) -> np.ndarray | None:
    """The hue (a*, b*) of a line of text's most colourful ink on ``card`` (the 30% of its
    ink pixels farthest from the card's hue; not a light card's dark rim around the
    letters, a shade of the card), or ``None`` when the line holds too little ink."""
    x, y, w, h = line
    crop = image[max(0, y) : y + h, max(0, x) : x + w]
    if crop.size == 0:
        return None
    mask = ink_mask(crop, card)
    if mask.sum() < 4:
        return None
    card_lab = _lab(np.array(card, np.float32))
    ink = _lab(crop[mask].astype(np.float32))
    ink = ink[ink[:, 0] >= card_lab[0] - TINT_DARKER][:, 1:]
    if len(ink) < 4:
        return None
    colourful = np.linalg.norm(ink - card_lab[1:], axis=1)
    return ink[colourful >= np.quantile(colourful, 0.7)].mean(axis=0)


def border_colour(crop: np.ndarray) -> np.ndarray:
    """The median colour of a picture's outermost two pixels: what its content stands on."""
    border = np.concatenate([crop[:2].reshape(-1, 3), crop[-2:].reshape(-1, 3),
                             crop[:, :2].reshape(-1, 3), crop[:, -2:].reshape(-1, 3)])
    return np.median(border.astype(np.float32), axis=0)
