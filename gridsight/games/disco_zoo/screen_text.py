"""The board text of a rescue screen read by its structure (:mod:`.screen`, :mod:`.cards`).

1. **The tiles** as the screen shows them (or as the live tracker and the player's corrections
   believe them): ground, tapped empty, found (with the rarities its colour allows), unread.
2. **The animals**: ``--animals`` when given, in card order. Otherwise from the cards
   themselves (:func:`.settle.settle`): each card's boxes give its animal's pattern size and
   its found tiles, its colours the rarity; with the board they narrow the catalogue. When one
   choice stands it is taken (said in the notes); otherwise the reader asks for
   ``--animals``, naming each card's candidates. (Names read off the cards by a text reader
   go into :func:`.settle.settle` as ``names``; the cards carry ``name_box`` for it.)
3. **Each found tile's animal**: its colour's candidates, then the cards' filled boxes
   (:func:`.identify.by_boxes`: the found tiles of each animal are counted, and whenever the
   counts differ that alone tells a tile), then sprites and the board
   (:func:`.identify.identify`). A tiles told by its sprite against the counts is not taken:
   what stays unsure is written ``1/3`` (or ``*``) with a note, and solved exactly over its
   candidates.
4. **The attempts left**: the counter, checked against the tiles tapped (:func:`taps_left`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from dataclasses import replace

import numpy as np

from gridsight.games.disco_zoo import lengths, title_region
from gridsight.games.disco_zoo.cards import BoxesSeen, CardSeen, border_colour
from gridsight.games.disco_zoo.given import other_region, title_read
from gridsight.games.disco_zoo.identify import (
    FoundTile,
    Told,
    boxes_lacking,
    by_boxes,
    identify,
)
from gridsight.games.disco_zoo.screen import (
    BOARD_TAPS,
    FAR_AS_ITS_OWN,
    MOST_ANIMALS,
    RescueScreen,
    TileSeen,
    _label,
    _rarity_references,
    fills_its_tile,
    screen_facts,
    with_furniture,
)
from gridsight.games.disco_zoo.settle import (
    BOX_SURE,
    COLOUR_SURE,
    MAX_CHOICES,
    RARITY_SURE,
    CardClue,
    Settled,
    colour_rules_out,
    settle,
)
from gridsight.errors import HintChoices
from gridsight.readers.base import BoardReading, ReadError, ReadHints, make_reading
from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.cellnames import cell_name
from gridsight.solvers.disco_zoo.board import MAX_TAPS, parse_board
from gridsight.solvers.disco_zoo.catalogue import RARITIES, Animal, load_catalogue
from gridsight.solvers.disco_zoo.placements import has_joint_placement, joint_placements
from gridsight.solvers.errors import BoardFormatError, ImpossibleBoardError
from gridsight.vision.classify import BoardRead
from gridsight.vision.digits import NumberRead
from gridsight.vision.packs import TemplatePack
from gridsight.vision.sprites import Sprite, sprite_distance, sprite_of

Cell = tuple[int, int]
LISTED = 6  # candidates named per card at most in the request for --animals


def _why_unread(tile: TileSeen | None) -> str:
    """Why a tile was left unread, in words for the player: the reader cannot say what lies
    over it, only what it saw (a mouse pointer over a tile in a desktop capture reads as a
    tile like no rescue tile: harder desktops 117019, 117008)."""
    if tile is not None and tile.kind == "hidden":
        return "is covered: its halves unlike each other (something over the board?)"
    if tile is not None and tile.lawn:
        return "reads as grass but may be a found tile of the lawn's own green"
    if tile is not None and tile.drawn:
        return ("shows an animal drawn on it in a cell of the lawn's green (a found tile of "
                "about the lawn's colour?)")
    if tile is not None and tile.pointer:
        return "is covered by a mouse pointer (dirt shows round it: tapped?)"
    if tile is not None and tile.pictured:
        return ("is dark like a tapped tile with a picture in its middle (a found tile of "
                "a colour near the dirt's, or something over it?)")
    return "looks like no rescue tile (something over it: a mouse pointer, a window?)"


def read_screen(screen: RescueScreen, board: BoardRead, hints: ReadHints,
                pack: TemplatePack | None = None,
                image: np.ndarray | None = None) -> BoardReading:
    """The board text of a rescue screen read by its structure (see the module docstring):
    the tiles as ``board`` believes them (the screen's own read, or the live tracker's with
    the player's corrections). ``pack``: the player's furniture boxes (the cards, the
    counter; used when ``image`` is given) and reference pictures of named tiles. A board
    as read that no placement of its animals fits is a :class:`ReadError`
    (:func:`no_placement`)."""
    if pack is not None and image is not None and pack.furniture:
        screen = with_furniture(screen, image, pack)
    notes = ["board found by its lattice of tiles (no frame)"]
    warnings: list[str] = []
    seen = _believed(screen, board)
    try:
        region, animals = _animals(screen, hints, seen, notes, image)
    except ReadError as error:
        if error.choices is not None and screen.cards and not error.choices.where:
            # the cards asked about (the live panel keeps off them while it asks), and the
            # title bar above them, which names the region (asked too, or not: the player
            # reads the rescue's region and attempts there; a phone's strip, moved off the
            # panel asking the cards alone, went over it at the screen's top)
            boxes = [tuple(int(v) for v in card.panel.box) for card in screen.cards]
            x0 = min(b[0] for b in boxes)
            x1 = max(b[0] + b[2] for b in boxes)
            top = min(b[1] for b in boxes)
            if top > 0:
                boxes.append((x0, 0, x1 - x0, top))
            error.choices = replace(error.choices, where=tuple(
                (b[0], b[1], b[2], b[3]) for b in boxes))
        raise
    if hints.animals:
        _names_against_cards(screen.cards, animals, warnings)
        if not hints.region and image is not None:
            _against_title(image, screen, animals, region, warnings)
    names = [a.name for a in animals]
    cards_match = len(screen.cards) == len(animals)
    for k, card in enumerate(screen.cards):
        if card.run_into:  # (cards.TOP_INKED: the row's band holds the line above it)
            warnings.append(f"card {k + 1}'s box row runs into the line above it: its boxes "
                            "and their colour are not counted on (check them on the screen)")
    sprites: list[Sprite | None] = [card.sprite for card in screen.cards] if cards_match else []
    if not cards_match:
        notes.append(f"{len(screen.cards)} card(s) seen for {len(animals)} animal(s): found "
                     "tiles are told apart by their colour, each other and the board only")
    grid: list[list[str]] = []
    unread: list[Cell] = []
    found: list[FoundTile] = []
    empty: list[Cell] = []
    colourless: list[tuple[Cell, TileSeen]] = []  # found, of no animal's colour: unread
    standing = _standing_in(screen.cards, animals) if cards_match else {}
    # Cards found whose box rows and fills were all read unclearly check no tile's colour,
    # as cards not found do not: a colour read unsurely is then widened where the tile's
    # sprite belies it (:func:`_sprite_belies`). A small, blurred screen's boxes (widest
    # 1031001 at 0.6x + JPEG 60: boxes 4 px, every card's rarity read at 0; the timeless
    # Chicken's tile read common at 0.57, 36 Lab from common's colour and 56 from timeless's,
    # stated Rabbit, the one common animal, with ``--animals`` though its sprite stood 0.39
    # from the Chicken's card and 0.63 from the Rabbit's).
    checking = any(_checks_colours(card) for card in screen.cards)
    for r, row in enumerate(seen):
        out = []
        for c, (label, tile) in enumerate(row):
            if label.startswith("animal:"):
                named = [k for k, a in enumerate(animals) if a.name == label[7:]]
                if named:  # the player said which animal it is
                    found.append(FoundTile((r, c), (named[0],), tile.sprite))
                    out.append("?")
                elif not _possible(tile, animals):
                    out.append(".")
                    unread.append((r, c))
                    colourless.append(((r, c), tile))
                    notes.append(f"{cell_name(r, c)} has the colour of a "
                                 f"{'/'.join(tile.rarities)} tile, which no animal of this "
                                 "rescue has: unread")
                else:
                    candidates = _candidates(tile, animals, standing)
                    if not cards_match:
                        candidates = _colour_unchecked(tile, animals, candidates)
                    elif not checking:
                        candidates = _sprite_belies(tile, sprites, candidates, _colour_unchecked(
                            tile, animals, candidates))
                    if cards_match and _cards_deny(candidates, screen.cards, animals):
                        notes.append(f"{cell_name(r, c)} has the colour of a "
                                     f"{'/'.join(tile.rarities)} tile, but the card of "
                                     f"{' and '.join(animals[k].name for k in candidates)} "
                                     "shows no box filled: its animal is not told by its "
                                     "colour")
                        candidates = tuple(range(len(animals)))
                    found.append(FoundTile((r, c), candidates, tile.sprite,
                                           fills_its_tile(tile.sprite, screen.lattice)))
                    out.append("?")
            elif label == "empty":
                empty.append((r, c))
                out.append("-")
            else:
                out.append(".")
                if label != "ground":
                    unread.append((r, c))
                    notes.append(f"{cell_name(r, c)} {_why_unread(tile)}: unread, solved as "
                                 "not yet observed")
        grid.append(out)
    crowded = more_than_they_cover(found, animals)
    if crowded:
        raise ReadError(f"the board as read shows {crowded}: some tiles are not read right "
                        "(is the board read where it stands? check that the whole screen is "
                        "in the picture, and that --animals names this screen's animals)")
    short = tapped_unseen(screen.counter, hints.taps, len(found) + len(empty), len(unread),
                          len(found) < (_fills_told(screen.cards) or 0))
    if short:
        raise ReadError(short)
    taps_may_be: list[int] = []
    taps = taps_left(screen.counter, hints.taps, len(found) + len(empty), notes, warnings,
                     len(unread), taps_may_be)
    strange = cards_match and _of_no_colour(screen) and all(
        len(told.animals) == 1 for told in identify(
            found, sprites, animals, margin=screen_facts()["sprite_margin"], empty=empty,
            region=region, taps=taps).values())
    counts = box_counts(screen.cards, animals, notes, warnings, strange) if cards_match \
        else None
    disputed = counts is not None and any(
        n is not None and card.boxes is not None and card.boxes.disputed
        for card, n in zip(screen.cards, counts))
    if counts is not None and not disputed:
        for cell in _found_by_the_boxes(colourless, found, counts, animals):
            unread.remove(cell.cell)
            found.append(cell)
            notes[:] = [n for n in notes if not n.startswith(f"{cell_name(*cell.cell)} has the "
                                                             "colour of a ")]
            notes.append(f"{cell_name(*cell.cell)}: a found tile (its animal's picture on a "
                         "rounded tile) whose colour no animal here has, and the cards' boxes "
                         "count found tiles the board lacks: some animal of the rescue")
    for cell in tapped_empty(screen, seen, unread, found, empty,
                             None if disputed else counts, taps, taps_may_be,
                             hints.taps is not None):
        unread.remove(cell)
        empty.append(cell)
        grid[cell[0]][cell[1]] = "-"
        notes.append(f"{cell_name(*cell)}: the attempts counter says it was tapped and the "
                     "cards' boxes count every found tile: empty")
    boxed: set[Cell] = set()
    lacking = boxes_lacking(found, counts) if counts is not None else 0
    if lacking > len(unread) and hints.taps is None and screen.counter.digits and \
            _counted_read(screen.counter) < BOARD_TAPS - len(found) - len(empty) - len(unread):
        # The boxes, read clearly, count more found tiles than the board as read can hold,
        # and the counter's read (sure or not) leaves fewer attempts than the board allows:
        # two clues that tapped tiles were read as untapped (wider 890013 as JPEG 60: the
        # Monkey's found tile, the lawn's own green, stated untapped; boxes Monkey 1 and
        # Toucan 1, no common tile read, one unread; the counter's 3 under the board's 4).
        # Boxes alone are not enough (edited boxes, a row of unfilled boxes read filled:
        # wider 975009 at 0.68x, every box read filled, the board empty, the counter's 10).
        raise ReadError(f"the cards' boxes count found tiles {_counted(animals, counts or [])}"
                        f": {lacking} more than the board as read shows, with {len(unread)} "
                        "tile(s) unread, and the attempts counter leaves fewer attempts than "
                        "it allows; some found tiles are read as untapped or empty (check "
                        "the screenshot; give --taps N to read the board as it is)")
    if counts is not None:
        narrowed = by_boxes(found, animals, counts, empty=empty, region=region, taps=taps,
                            unread=len(unread))
        if narrowed is None or disputed:  # (disputed: never counted on, said not to fit)
            weak = _weak_found(found, seen)
            found = [t for t in found if t.cell not in weak]
            for cell in weak:
                grid[cell[0]][cell[1]] = "."
                unread.append(cell)
                notes.append(f"{cell_name(*cell)}: read found of no rarity's colour, unsure, "
                             "and the cards' filled boxes do not fit the found tiles: unread, "
                             "solved as not yet observed")
            warnings.append("the cards' filled boxes (" + _counted(animals, counts) + ") do "
                            "not fit the found tiles on the board: not used" + (
                                f"; the board as read may be wrong: {len(weak)} unsure found "
                                f"tile(s) left unread ({', '.join(cell_name(*c) for c in weak)})"
                                if weak else ""))
            counts = None
        else:
            boxed = {t.cell for t in found if len(t.candidates) > 1 and len(narrowed[t.cell]) == 1}
            found = [replace(t, candidates=narrowed[t.cell]) for t in found]
    references = _references(pack, animals) if pack is not None else []
    if references:
        notes.append(f"{len(references)} tile(s) named before (the pack) to compare with")
    told = identify(found, sprites if cards_match else (), animals,
                    margin=screen_facts()["sprite_margin"], empty=empty, region=region,
                    taps=taps, references=references)
    if counts is not None:
        told = _agreeing(told, found, animals, counts, empty, region, taps, len(unread))
    if strange:
        told = _rows_kept(told, found, seen, screen.cards, animals, notes)
    for cell in boxed:
        told[cell] = Told(cell, told[cell].animals, "boxes")
    unsure_cells = write_found(grid, found, told, animals, notes)
    headers = [("region", region), ("animals", ", ".join(names)),
               ("taps", "/".join(map(str, [taps, *taps_may_be])))]
    reading = make_reading("disco-zoo", headers, grid, board, unread, notes, warnings,
                           unsure_cells)
    impossible = no_placement(reading.board)
    if impossible:
        raise ReadError(f"the board as read is no rescue: {impossible}; some tiles are not "
                        "read right (check the screenshot, and that --animals names this "
                        "screen's animals)")
    return reading


# A found tile read by a fallback (no rarity's colour seen, confidence WEAK_FOUND:
# :func:`.screen.read_tiles`' ``TileSeen("found", (), 0.3, ...)``) is the read's least sure.
# When the cards' filled boxes, read clearly, do not fit the found tiles, such a tile is the
# likeliest misfit: it is left unread, never stated found with the misfit warned beside it
# (fresh widest 1240006 at 0.73x, Polar: a grey rock over a lawn tile read found, stated a
# Walrus with --animals beside "the cards' filled boxes (Walrus 2) do not fit").
WEAK_FOUND = 0.3


def _weak_found(found: Sequence[FoundTile], seen: list[list[tuple[str, TileSeen]]]) -> list[Cell]:
    """The cells of ``found`` read found by a fallback of :func:`.screen.read_tiles`: of no
    rarity's colour, confidence :data:`WEAK_FOUND` or less; not the ones the player named."""
    weak = []
    for tile in found:
        r, c = tile.cell
        label, seen_tile = seen[r][c]
        if label.startswith("animal:") and seen_tile.kind == "found" and \
                not seen_tile.rarities and seen_tile.confidence <= WEAK_FOUND + 1e-9:
            weak.append(tile.cell)
    return weak


def no_placement(board: BoardText) -> str:
    """Why no joint placement of the animals agrees with a board as read (the solver's own
    words), ``""`` when one does. ``analyze`` refuses such a board; the read says so
    itself, so that no tile of it is stated (wider 810023 under a toast, with ``--animals
    Cougar``: a lattice of the wrong pitch read two ground tiles as found Cougar tiles no
    placement covers). A true board always has a placement: this costs no right read (an
    unread tile is written untapped, which rules nothing out)."""
    try:
        rescue = parse_board(board)
        if has_joint_placement(rescue):
            return ""
        joint_placements(rescue)
    except ImpossibleBoardError as error:
        return str(error)
    except BoardFormatError:  # not this check's business: the solver says what is wrong
        return ""
    return ""


def tapped_empty(screen: RescueScreen, seen: list[list[tuple[str, TileSeen]]],
                 unread: Sequence[Cell], found: Sequence[FoundTile], empty: Sequence[Cell],
                 counts: Sequence[int | None] | None, taps: int, taps_may_be: Sequence[int],
                 given: bool) -> list[Cell]:
    """The unread tiles two counts together tell empty: the attempts left (the player's
    ``--taps``, ``given``, or the counter read alike at every ink cut and taken with no other
    count) say every unread tile was tapped (10 minus them is exactly the tiles seen tapped
    plus the unread ones: attempts bought would make the taps more than the board can hold),
    and every card's box row, read clearly, counts exactly the found tiles seen (so none of
    the tapped ones is found): each was tapped and shows no animal. Only tiles that look like
    no rescue tile (something over them: a mouse pointer, a window's corner), none on the
    board left unread as maybe-found lawn or covered; not one dark with a picture in its
    middle (``pictured``: what a found tile shows, a fill its card's row may have missed).
    Fresh harder desktop 410014: a pointer over a tapped tile, the counter's 5 and the rows'
    1 + 1 fills for the two found tiles.

    Done here, on the reading, not by the locator (:func:`.screen.tapped_unread`): a board
    found by its structure must not read more of its cells by it than a pack reads of the same
    board (the pack's read and the structure's are weighed by the cells each reads)."""
    if not unread or counts is None or any(n is None for n in counts) or taps_may_be:
        return []
    counter = screen.counter
    if not given and (counter.value != taps or not counter.agree or counter.lead <= 0.0):
        return []
    if BOARD_TAPS - taps != len(found) + len(empty) + len(unread) or \
            sum(n or 0 for n in counts) != len(found):
        return []
    tiles = [tile for row in seen for _, tile in row]
    if any(tile.kind == "hidden" or tile.lawn for tile in tiles):
        return []
    if any(seen[r][c][0].startswith("animal:") or seen[r][c][1].kind != "unknown"
           or seen[r][c][1].pictured for r, c in unread):
        return []
    return list(unread)


def _believed(screen: RescueScreen, board: BoardRead) -> list[list[tuple[str, TileSeen]]]:
    """Each tile's label as ``board`` believes it and the tile as seen (a found tile believed
    otherwise than the screen shows it, by the live panel or the tracker's memory, keeps the
    screen's sprite)."""
    out = []
    for r, row in enumerate(board.cells):
        line = []
        for c, cell in enumerate(row):
            tile = screen.tiles[r][c]
            label = cell.label if cell.known else "unknown"
            if label.startswith("animal:") and label != _label(tile):
                rarity = label[7:]
                tile = TileSeen("found", (rarity,) if rarity in RARITIES else (), 1.0,
                                tile.sprite if tile.kind == "found" else None)
            line.append((label, tile))
        out.append(line)
    return out


# -- the animals ------------------------------------------------------------------------------


def _animals(screen: RescueScreen, hints: ReadHints, seen: list[list[tuple[str, TileSeen]]],
             notes: list[str], image: np.ndarray | None = None, belied: bool = False
             ) -> tuple[str, tuple[Animal, ...]]:
    """The rescue's region and animals in card order: ``--animals``, else the names read off
    the cards (``image``: the screen's own words, :mod:`.names`) together with what the
    cards' boxes and colours and the board settle; a :class:`ReadError` naming each card's
    candidates when they do not settle one choice. ``belied``: the cards' rarities were
    already checked against their name lines' lengths (:func:`.lengths.rarity_belied`)."""
    catalogue = load_catalogue()
    if hints.animals:
        region, animals = catalogue.resolve(list(hints.animals), hints.region)
        # (given by --animals, the library's hints or the live panel: named by none of them)
        notes.append("animals as given, in card order: "
                     + ", ".join(a.name for a in animals))
        return region, animals
    if not screen.cards:
        titled = None if hints.region or image is None else _title_alone(image, screen)
        where = (f"Pick the region (the title reads {titled}: check it), then each card's "
                 "animal, in card order." if titled else
                 "Pick the region (its name is on the screen), then each card's animal, in "
                 "card order.")
        choices = _any_choices(
            hints.region, MOST_ANIMALS + 1, fewest=1,
            # the advice line says "no advice: the animal cards are not seen"
            question="Which animals does the rescue hide? " + where,
            said="the animal cards are not seen")
        raise ReadError("found a rescue board but no animal cards above it; name the animals "
                        "in card order with --animals, e.g. --animals Panda,Tiger",
                        choices=replace(choices, seen=titled or ""))
    clues = card_clues(screen.cards)
    mark = len(notes)  # (a reading dropped to read again drops its notes: ``belied``)
    found = [((r, c), tile.rarities) for r, row in enumerate(seen)
             for c, (label, tile) in enumerate(row) if label.startswith("animal:")]
    empty = [(r, c) for r, row in enumerate(seen) for c, (label, _) in enumerate(row)
             if label == "empty"]
    sure_tiles = sure_colours(seen)
    # Tiles unread by the lawn's checks (read as grass, but maybe found tiles of its green)
    # do not widen the choices of names: they are weighed as the untapped tiles they were
    # read as before those checks, so the names settle (or are asked) as they did; unless
    # that strict weighing fits no animals at all (:func:`_lawn_counted`).
    unread = sum(label not in ("ground", "empty") and not label.startswith("animal:")
                 and not tile.lawn for row in seen for label, tile in row)
    lawn = sum(label not in ("ground", "empty") and not label.startswith("animal:")
               and tile.lawn for row in seen for label, tile in row)
    # The names read with every clue the cards give (the fewest names to tell apart), and
    # again with the clear clues only when that settles nothing (a clue misread rules the
    # card's true name out); each read checked against the boxes and the board.
    settled, words, read_any = None, None, False
    for sure in (False, True):
        words = _words(image, screen, hints.region, sure)
        named: list[tuple[str, ...] | None] = [None] * len(clues)
        region = hints.region
        if words is not None and len(words.cards) == len(clues):
            doubted = _one_card_doubted(words, hints.region, clues) or \
                _agreement_doubted(words, hints.region)
            if _legible(words) and not doubted:
                # Only names read beyond doubt count: a card's leftover candidates may miss
                # its true name (measured: 8 of 240 screens named other animals when they
                # counted).
                named = [(card.name,) if card.name else None for card in words.cards]
            region = hints.region or (None if doubted else _region_seen(words))
        settled = settle(clues, found, empty, region=region, names=named, unread=unread,
                         sure=sure_tiles)
        if settled is None and lawn:
            settled, unread, lawn = _lawn_counted(clues, found, empty, region, named, unread,
                                                  lawn, sure_tiles, notes)
        read_any = region != hints.region or any(n is not None for n in named)
        if settled is not None and settled.settled and words is not None:
            settled = _unlike_widened(words, clues, named, settled, found, empty, region,
                                      unread, sure_tiles)
        if (settled is not None and settled.settled) or words is None:
            break
    by_length = by_shape = False
    if settled is not None and not settled.settled and words is not None:
        # Names of letters no label shows, told apart by their lengths alone among the
        # animals the boxes and the board leave (:mod:`.lengths`).
        ground = lengths.ground_lab(image, [card.panel.box for card in screen.cards],
                                    screen.lattice.y)
        lengthy = lengths.by_length(words, [card.panel.box[2] for card in screen.cards],
                                    settled, named, clues, found, empty, unread, sure_tiles,
                                    ground)
        if lengthy is not None:
            settled, by_length = lengthy, True
        else:
            # Names read as one animal each by their shapes alone, the region agreeing
            # (:func:`.lengths.by_shape`).
            shaped = lengths.by_shape(words, settled, named, clues, found, empty, unread,
                                      sure_tiles)
            if shaped is not None:
                settled, by_shape = shaped, True
            elif image is not None:
                # Names whose letters ran together into one blob a word, told apart by
                # their words' widths (:func:`.lengths.by_blobs`).
                blobbed = lengths.by_blobs(image, screen.cards, words, settled, named, clues,
                                           found, empty, unread, sure_tiles)
                if blobbed is not None:
                    settled, by_length = blobbed, True
            if not by_length and not by_shape:
                # A name whose letters ran together in pairs, measured in the cells of the
                # names read beyond doubt beside it (:func:`.lengths.by_pitch`).
                pitched = lengths.by_pitch([card.panel.box for card in screen.cards], words,
                                           settled, named, clues, found, empty, unread,
                                           sure_tiles)
                if pitched is not None:
                    settled, by_length = pitched, True
            if not by_length and not by_shape:
                # Names too small to count, measured in the cells of the title's label
                # (:func:`.lengths.by_size`).
                sized = lengths.by_size([card.panel.box for card in screen.cards], words,
                                        settled, named, clues, found, empty, unread,
                                        sure_tiles)
                if sized is not None:
                    settled, by_length = sized, True
    if (settled is None or not settled.settled) and words is not None and image is not None:
        # An OCR engine's reading (the ocr extra), when it agrees with the glyphs' and the
        # cards' boxes and the board settle one choice with it; else as without it.
        by_ocr = _ocr_settled(image, screen, hints.region, words, clues, found, empty, unread,
                              sure_tiles)
        if by_ocr is not None and by_ocr[1].settled:
            engine, settled = by_ocr
            _ground_belies(image, screen, hints, settled, clues, found, empty, unread,
                           sure_tiles)
            notes.append(f"animals read from the cards' names (OCR, {engine}) and settled by "
                         "the cards' boxes and colours and the board: "
                         f"{', '.join(a.name for a in settled.animals)} ({settled.region})")
            return settled.region, settled.animals
        if by_ocr is not None and settled is not None and \
                by_ocr[1].choices < settled.choices:
            # Not settled, but fewer choices with the names the engine did read: the
            # request lists those (a card the engine read clearly, its one name).
            settled = by_ocr[1]
    if (settled is None or not settled.settled) and words is not None and not belied:
        # A card whose name line's length fits no animal of the rarity its colours read
        # clearly (but one of its boxes of another): that rarity is doubted, and the names
        # are read again without it (:func:`.lengths.rarity_belied`).
        doubted = lengths.rarity_belied(words, [card.panel.box[2] for card in screen.cards],
                                        clues)
        if any(doubted):
            cards = tuple(replace(card, rarity_confidence=0.0) if doubt else card
                          for card, doubt in zip(screen.cards, doubted))
            del notes[mark:]
            return _animals(replace(screen, cards=cards), hints, seen, notes, image,
                            belied=True)
    if settled is None and read_any:
        # The words read and the cards' boxes and the board disagree: one of them is misread,
        # so nothing read is taken; the request names what the boxes and the board allow.
        if words is not None and words.named:
            # Every name read beyond doubt: what is wrong is more likely the board (a tile or
            # a box misread, or a screen no rescue can show) than every name at once.
            named = ",".join(words.names())
            raise ReadError(f"the cards read {', '.join(words.names())}, but with their boxes "
                            "and the tiles as read no rescue of those animals fits the board: "
                            "a tile or a box is misread, or the board is not one a rescue can "
                            "show. Check the screenshot; to read it with these animals anyway, "
                            f"give --animals {named} (or the animals in card order, if these "
                            "names are misread)",
                            choices=_named_choices(words.names(), hints.region or
                                                   _region_seen(words)))
        bare = settle(clues, found, empty, region=hints.region, unread=unread, sure=sure_tiles)
        if bare is None and lawn:
            bare, unread, lawn = _lawn_counted(clues, found, empty, hints.region, (), unread,
                                               lawn, sure_tiles, notes)
        if bare is not None:
            raise ReadError(f"the names read off the cards ({words.describe() if words else ''})"
                            " do not fit their boxes and the board; " + _ask(clues, bare),
                            choices=_choices(bare, clues, found, empty, unread, sure_tiles))
    if settled is None:
        raise ReadError(f"the {len(clues)} animal card(s) ({_described(clues)}) fit no animals "
                        "of one region with the tiles on the board; name the animals in card "
                        "order with --animals",
                        choices=_any_choices(hints.region, len(clues)))
    if not settled.settled:
        raise ReadError(_ask(clues, settled),
                        choices=_choices(settled, clues, found, empty, unread, sure_tiles))
    _ground_belies(image, screen, hints, settled, clues, found, empty, unread, sure_tiles)
    belied = _line_belies(words, settled.animals, settled.region)
    if belied is not None:
        # (the card's clues are not counted on in the choices asked: its line may be right)
        card, said = belied
        clues = [CardClue("", None, None) if k == card else clue for k, clue in enumerate(clues)]
        bare = settle(clues, found, empty, region=hints.region, unread=unread, sure=sure_tiles)
        raise _misread(f"card {card + 1}'s name reads {said} on its own, but the screen "
                       "read together (names, boxes, colours, board) settles "
                       f"{settled.animals[card].name}", bare, clues, found, empty, unread,
                       sure_tiles, hints.region)
    counted = _boxes_belie(screen.cards, clues, settled.animals, named)
    if counted is not None:
        # (the rows' counts, unsure as they are, narrow the choices asked when they fit)
        card, count = counted
        sized = [replace(clue, size=seen.boxes.count) if clue.size is None and seen.boxes
                 is not None else clue for clue, seen in zip(clues, screen.cards)]
        bare = settle(sized, found, empty, region=hints.region, unread=unread,
                      sure=sure_tiles)
        if bare is None:
            sized = clues
            bare = settle(clues, found, empty, region=hints.region, unread=unread,
                          sure=sure_tiles)
        animal = settled.animals[card]
        raise _misread(f"card {card + 1} shows a row of {count} boxes, but the screen read "
                       f"together (names, colours, board) settles {animal.name}, who "
                       f"covers {animal.size} tiles", bare, sized, found, empty, unread,
                       sure_tiles, hints.region)
    if image is not None and words is not None:
        _ocr_veto(image, screen, words, clues, settled)
    titled = _title_belies(words, settled, read_any, hints.region)
    if titled is not None:
        # No name read and the title's glyphs (not counted alone: too small or not vouched
        # for) read another region than the boxes settle: a box misread can leave one
        # wrong choice standing (j40 1231010: a card's fourth box read filled, City's Rat,
        # Pigeon for Moon's Lunar Tick, Moonkey), so the settled animals are asked.
        raise ReadError(f"the cards' boxes and colours and the board settle "
                        f"{', '.join(a.name for a in settled.animals)} ({settled.region}), "
                        f"but the title reads {titled}: something is misread; name the "
                        "animals in card order with --animals, e.g. --animals "
                        + ",".join(a.name for a in settled.animals),
                        choices=_regions_choices((titled, settled.region), len(clues)))
    names = ", ".join(a.name for a in settled.animals)
    if by_length:
        notes.append("animals read from the cards' names where clear, told apart by their "
                     "names' lengths among what the cards' boxes and colours and the board "
                     f"leave: {names} ({settled.region})")
    elif by_shape:
        notes.append("animals read from the cards' names where clear and by their glyphs' "
                     "shapes (letters no label shows), agreeing with the cards' boxes and "
                     f"colours and the board: {names} ({settled.region})")
    elif words is not None and words.named:
        notes.append(f"animals read from the cards' names ({settled.region}), agreeing with "
                     f"their boxes and the board: {names}")
    elif read_any:
        notes.append(f"animals read from the cards' names where clear and settled by the "
                     f"cards' boxes and colours and the board: {names} ({settled.region})")
    else:
        notes.append("animals settled by the cards' boxes and colours and the board (their "
                     f"names not read): {names} ({settled.region})")
    return settled.region, settled.animals


def _lawn_counted(clues: Sequence[CardClue], found, empty, region: str | None,
                  named: Sequence[tuple[str, ...] | None], unread: int, lawn: int,
                  sure_tiles: frozenset[Cell], notes: list[str]
                  ) -> tuple[Settled | None, int, int]:
    """The names settled again with the ``lawn`` tiles the lawn's checks left unread counted
    as unread ones (each may be a found tile of the lawn's own green), when weighing them as
    untapped fits no animals at all: the cards' filled boxes then count found tiles the board
    does not show, and a lawn-unread tile is where they may be. The tiles stay listed unread
    on the board. Returns the settled names (``None``: none fit even so) and the unread and
    lawn counts to weigh with from here on (the lawn's counted in when they fit).

    Wider 710016 (1.45x): the Kiwi's card counts 2 found, one found tile of the lawn's green
    left unread; 500014 (1.49x): the Elk's two found common tiles on a lawn near the common
    colour, the names read right: both asked "fit no animals" with the tiles weighed as
    untapped."""
    widened = settle(clues, found, empty, region=region, names=named, unread=unread + lawn,
                     sure=sure_tiles)
    if widened is None:
        return None, unread, lawn
    notes.append(f"no animals fit with the {lawn} tile(s) read as grass weighed as untapped: "
                 "weighed as unread (each may be a found tile of the lawn's own green)")
    return widened, unread + lawn, 0


def _ocr_settled(image: np.ndarray, screen: RescueScreen, region: str | None, words,
                 clues: Sequence[CardClue], found, empty, unread: int,
                 sure: frozenset[Cell] = frozenset()
                 ) -> tuple[str, Settled] | None:
    """The animals settled with the names an OCR engine reads (:mod:`.ocr_names`; ``None``
    without the engine): each card's name as the screen's glyphs read it when legible, else
    as the engine reads it, the two never disagreeing (nor the regions read), and one choice
    standing with the cards' boxes and colours and the board; or the engine's alone where
    it outweighs the glyphs (:func:`_ocr_outweighs`); ``None`` otherwise (the reader then
    asks, as without the engine). Returns the engine's name and what stands with its names:
    one choice (settled), or the few left, for the request to list (not settled)."""
    from gridsight.games.disco_zoo.ocr_names import available, read_ocr_names

    if len(words.cards) != len(clues) or not available():
        return None
    catalogue = load_catalogue()
    given = catalogue.region_name(region) if region else None
    legible = _legible(words)
    seen = _region_seen(words)
    read = read_ocr_names(image, words.lines, screen.cards, given or seen)
    if read is None:
        return None
    if _ocr_outweighs(words, read, given):
        # The glyphs settled no region (their reading is in doubt) and the engine read the
        # region and every card clearly: the engine's reading alone, settled as below.
        names: list[tuple[str, ...] | None] = [(name,) if name else None
                                               for name in read.cards]
        home = read.region
    else:
        names = []
        for glyphs, ocr in zip(words.cards, read.cards):
            if glyphs.name and ocr and glyphs.name != ocr:
                return None  # the two readings disagree: one is wrong, so neither counts
            name = (glyphs.name if legible else None) or ocr
            names.append((name,) if name else None)
        home = given
        for other in (seen, read.region):
            if other and home and other != home:
                return None
            home = home or other
        if words.region and read.region and words.region != read.region:
            return None
    if all(n is None for n in names) and home == given:
        return None  # the engine read nothing the glyphs had not
    if any(n and (not glyphs.name or n[0] != glyphs.name) and _row_belies_name(card, n[0])
           for n, glyphs, card in zip(names, words.cards, screen.cards)):
        return None  # a name the engine alone read, of another size than its card's row
    settled = settle(clues, found, empty, region=home, names=names, unread=unread, sure=sure)
    if settled is not None and not settled.settled and any(n is None for n in names):
        settled = _ocr_among_options(image, screen, words, settled, names, clues, found,
                                     empty, unread, sure)
    if settled is None:
        return None
    return read.engine, settled


def _ocr_among_options(image: np.ndarray, screen: RescueScreen, words, standing: Settled,
                       names: list[tuple[str, ...] | None], clues: Sequence[CardClue],
                       found, empty, unread: int,
                       sure: frozenset[Cell] = frozenset()) -> Settled | None:
    """The choices that still stood with the names read (``standing``) narrowed once more:
    each card the engine did not name, its text snapped again among the animals that card
    may still be alone (a few names to tell apart, not the region's and the pets'). A name
    the glyphs read otherwise leaves it as it was."""
    from gridsight.games.disco_zoo.ocr_names import read_ocr_names

    if len(standing.regions) != 1:
        return standing
    again = read_ocr_names(image, words.lines, screen.cards, standing.regions[0],
                           options=standing.options)
    if again is None:
        return standing
    narrowed = list(names)
    for k, (glyphs, ocr) in enumerate(zip(words.cards, again.cards)):
        if narrowed[k] is not None or ocr is None:
            continue
        if glyphs.name and glyphs.name != ocr:
            return standing  # the two readings disagree: neither counts
        if not glyphs.name and _row_belies_name(screen.cards[k], ocr):
            continue  # the engine's name alone, of another size than the card's box row
        narrowed[k] = (ocr,)
    if narrowed == names:
        return standing
    return settle(clues, found, empty, region=standing.regions[0], names=narrowed,
                  unread=unread, sure=sure)


def _ocr_veto(image: np.ndarray, screen: RescueScreen, words, clues: Sequence[CardClue],
              settled: Settled) -> None:
    """A second opinion on animals settled without an OCR engine (the ``ocr`` extra, when
    installed): a card whose name the engine reads beyond doubt as another animal of the
    region means a clue was misread (a box row counted short named a Kakapo card Ghost), so
    the reader asks instead (:class:`ReadError` naming both readings)
    rather than advise on a wrong animal. Nothing without the engine."""
    from gridsight.games.disco_zoo.ocr_names import available, read_ocr_names

    if len(words.cards) != len(clues) or not available():
        return
    read = read_ocr_names(image, words.lines, screen.cards, settled.region)
    if read is None:
        return
    disagree = [(k, animal.name, other) for k, (animal, other)
                in enumerate(zip(settled.animals, read.cards))
                if other is not None and other != animal.name]
    if disagree:
        either = "; ".join(f"card {k + 1}: {mine} or {other}" for k, mine, other in disagree)
        example = ",".join(a.name for a in settled.animals)
        raise ReadError(f"the cards' names read by OCR ({read.engine}) and what their boxes, "
                        f"colours and the board settle disagree, so one of them is misread: "
                        f"{either}. Name the animals in card order with --animals, e.g. "
                        f"--animals {example}",
                        choices=HintChoices("animals", tuple(
                            (animal.name,) if other is None or other == animal.name
                            else (animal.name, other)
                            for animal, other in zip(settled.animals, read.cards))))


def _row_belies_name(card: CardSeen, name: str) -> bool:
    """Whether ``card``'s box row, as read (even too unsure to be a clue), counts other than
    the cells of every animal called ``name``: the engine's name for a card the glyphs do
    not name is then not taken on its own (variants 1230004 j40: GOAT read by the engine as
    CAT, a pet of 5 cells, on a card whose row reads 4 boxes at confidence 0.10; no region
    read, so nothing else told them apart)."""
    if card.boxes is None or not card.boxes.count:
        return False
    sizes = {a.size for a in load_catalogue().animals() if a.name == name}
    return bool(sizes) and card.boxes.count not in sizes


def _ocr_outweighs(words, read, given: str | None) -> bool:
    """Whether the engine's reading stands alone against the glyphs': the region neither
    given nor settled by the glyphs (their reading in doubt: a card they name may be
    misread, measured on a City screen read as the Moon's Jade Rabbit), while the engine
    read the region and named every card, each among that region's animals. A region the
    glyphs settled (or the player gave) is never overruled."""
    return (given is None and words.region is None and read.region is not None
            and bool(read.cards) and all(read.cards))


# Name lines shorter than this (pixels) are not read: too few pixels a letter. (6 before: at 5
# pixels 3 of 440 screens more read exactly, none wrong, over seeds 7000-7239, 930000-930059,
# 950000-950059 and 980000-980079; the glyph counts of 4- and 5-pixel lines are right on 3 of
# 31 lines, and such a name is taken only when read beyond doubt.)
MIN_LETTER = 5.0


def _legible(words) -> bool:
    """Whether the cards' name lines were tall enough to read letters from (all found ones
    at least :data:`MIN_LETTER` pixels): smaller text misreads too often to count on."""
    lines = [ln for ln in words.lines.get("names", []) if ln is not None]
    return bool(lines) and min(ln.height for ln in lines) >= MIN_LETTER


def _region_seen(words) -> str | None:
    """The region the screen's glyphs read beyond doubt, when legible: with the cards' names
    (:func:`_legible`), or off the title line alone where its read fits what the screen
    shows (:func:`.title_region.counts_alone`: tall enough, the whole of the title's text on
    its rows, its letters vouched for by the labels; 600019: Polar read, its cards' lines not
    found; 270054: a title line cut short read Farm for the Outback)."""
    if words.region is None:
        return None
    if _legible(words) or title_region.counts_alone(words.lines, words.region_vouched):
        return words.region
    return None


def _title_belies(words, settled: Settled, read_any: bool, given: str | None) -> str | None:
    """The region the title's glyphs read (even when not counted alone, :func:`_region_seen`)
    when no name was read, none was given, and it is not the region the cards' boxes and
    colours and the board settled: the title then belies the boxes (one of them misread)."""
    if read_any or given or words is None or words.region is None:
        return None
    catalogue = load_catalogue()
    try:
        titled = catalogue.region_name(words.region)
    except BoardFormatError:
        return None
    if titled in {catalogue.region_name(r) for r in settled.regions}:
        return None
    return titled


def _regions_choices(regions: Sequence[str], parts: int) -> HintChoices:
    """Each of ``parts`` cards may be any animal of one of ``regions`` (or a pet), the region
    first (:func:`_any_choices` over those regions only)."""
    every = _any_choices(None, parts)
    groups = tuple(group for group in every.groups if group[0] in regions)
    names = tuple(dict.fromkeys(n for _, options in groups for n in options[0]))
    return replace(every, options=tuple(names for _ in range(parts)), groups=groups)


def _one_card_doubted(words, given: str | None, clues: Sequence[CardClue] = ()) -> bool:
    """Whether a one-card screen's words are in doubt, its region's name and its card's
    both: the two are read together (each ranked with the other, the card of one region's
    animals), so each agrees with the other whether right or wrong, and the title's glyphs
    are their only check against the labels' letters. When the labels vouch for none of
    them (:func:`.title_region.unvouched`) neither is taken: 0.95x seed 471057's ``MARS``
    read ``FARM`` (none of its ``M``, ``A``, ``S`` vouched for) and its ``MARSMOT``
    ``RABBIT``, settled Farm / Rabbit with no warning; unless each line read on its own
    agrees (:func:`_read_apart`). ``given``: the region the player gave (then read, not
    doubted); ``clues``: the card's boxes and rarity as read clearly (:func:`card_clues`)."""
    return len(words.cards) == 1 and given is None and \
        title_region.unvouched(words.region_vouched) and not _read_apart(words, clues)


def _line_belies(words, animals: Sequence[Animal], region: str) -> tuple[int, str] | None:
    """The first card whose name line, read on its own (no other line weighed), reads
    clearly (by :data:`APART`) as a name other than the animal settled for it, and that
    name (:attr:`.names.CardName.alone`); ``None`` when none does (or the words are not
    read). A card shows its animal's name: a line read plainly as another animal of the
    ``region`` settled (or a pet), which the reading could have named, says a clue or a
    tile the settling used is misread; so does one read as any other animal when the region
    was read off the names alone (the title read as no region), the names then saying the
    region. Widest 1054030 at 1.44x: ``RACCOON`` read alone by 7.1, its card's tint read
    timeless at 0.6 (the boxes run together, not counted on): the City's Chipmunk was
    settled. 0.95x seed 1050028: ``OUTBACK``'s ``BA`` one glyph, no region fitting its six,
    the title was read as none and weighed against the names as ``JUNGLE``; its
    ``CROCODILE``, read alone by 5.4, then cost more than ``RACCOON``, whose card said the
    City. Both stated with no warning. A line read alone as an animal of another region,
    the region read otherwise, is a line misread at a small size as often (0.76x seed 7000's
    ``DIPLODOCUS`` alone ``SASQUATCH`` by 5.1, 0.67x seed 7069's ``SEWER TURTLE``
    ``ANKYLOSAURUS``): those screens' boxes settle them right."""
    if words is None or len(words.cards) != len(animals):
        return None
    catalogue = load_catalogue()
    home = {_written(a.name) for a in (*catalogue.regions.get(region, ()), *catalogue.pets)}
    by_names = words.region is not None and not words.regions
    for k, (card, animal) in enumerate(zip(words.cards, animals)):
        if card.alone and card.alone_lead >= APART and _written(animal.name) not in card.alone \
                and (by_names or any(name in home for name in card.alone)):
            return k, " or ".join(name.title() for name in card.alone)
    return None


def _unlike_widened(words, clues: Sequence[CardClue], named: Sequence[Sequence[str] | None],
                    settled: Settled, found, empty, region: str | None, unread: int,
                    sure_tiles) -> Settled:
    """``settled`` (one choice), or the choices that stand with the rarity of each card
    whose name was not read beyond doubt (``named``) and whose line reads plainly as a name
    its clues forbid (:attr:`.names.CardName.unlike`: a clue of the card, or its line, is
    misread) not counted on, when they are more than one: such a card's name rests on its
    clues alone, and its line says one of them is wrong, so the settling is asked, listing
    the animals left. Fresh widest 1263008 (no options): the timeless Otter's card tint
    read rare at 0.52, its ``OTTER`` (four glyphs) read alone as no animal the rare clue
    allows; the rare clue, card 2's Moose and the board settled the Fox, stated with no
    warning. The card's boxes stay counted on (a row's count rests on its boxes' places,
    :func:`_boxes_belie`)."""
    loose = [replace(clue, rarity="") if k < len(words.cards) and words.cards[k].unlike
             and clue.rarity and (k >= len(named) or named[k] is None) else clue
             for k, clue in enumerate(clues)]
    if loose == list(clues):
        return settled
    widened = settle(loose, found, empty, region=region, names=named, unread=unread,
                     sure=sure_tiles)
    return widened if widened is not None and not widened.settled else settled


def _boxes_belie(cards: Sequence[CardSeen], clues: Sequence[CardClue],
                 animals: Sequence[Animal], named: Sequence[Sequence[str] | None] = ()
                 ) -> tuple[int, int] | None:
    """The first card whose name was not read beyond doubt (``named``: each card's name so
    read, ``None`` where not), whose box row was seen but not counted on (read unclearly:
    its fills, :data:`.settle.BOX_SURE`) and counts other than the tiles of the animal
    settled for it, and that count; ``None`` when none does. A card shows one box per tile
    of its animal's pattern (issue 18): a row's count is read by its boxes' places, which
    its fills' unclear read does not touch (fresh widest 1162000-029, 7000-039: 67 of 70
    rows read unclearly counted their animal's tiles), so a name settled by anything but
    its own letters (its length, the board) that covers another count says the name or the
    row is misread, and which is not told: asked. Fresh widest 1162009 at 0.86x: ``LION``
    in an outlined font, its ``L`` lost in the outline, read as three glyphs, and told by
    its length alone as the pet ``DOG`` (5 tiles) over its row of 3 boxes (fills read
    unclearly); stated Dog, Hippo for Lion, Zebra. A name read beyond doubt stands over an
    unclear row: a row's count rests on its card's panel found whole (widest 1146011 at
    1.6x: ``DIRE WOLF`` read beyond doubt, its panel found narrower than the card, its
    fourth box outside it: a row of 3)."""
    if len(cards) != len(animals):
        return None
    for k, (card, clue, animal) in enumerate(zip(cards, clues, animals)):
        if k < len(named) and named[k] is not None:
            continue
        if clue.size is None and card.boxes is not None and card.boxes.count and \
                card.boxes.count != animal.size:
            return k, card.boxes.count
    return None


def _written(name: str) -> str:
    """An animal's name as a card writes it (capitals, single spaces)."""
    return " ".join(name.upper().split())


# A one-card screen's line read on its own (no word of the other line weighed) checks the
# pair when it reads as it did together, cheaper than its next text by this much: the names'
# margin (:data:`.names.MARGIN`).
APART = 4.0


def _read_apart(words, clues: Sequence[CardClue]) -> bool:
    """Whether a one-card screen's name and region, read together, are each what its line
    reads as on its own (:attr:`.names.ScreenText.alone_leads`), two readings independent
    of each other agreeing: the name clearly (by :data:`APART`), and the title clearly too,
    or as its cheapest text with the card's boxes and rarity, read clearly, those of the
    animal named (a third check, of the card's own pixels). 1.1x seed 7076's ``FARM`` and
    ``CHICKEN`` lead their next texts by 7.0 and 4.8; 0.88x seed 7082's ``LUNA MOTH`` leads
    by 4.5, its ``MOON`` by 1.3 only, but its three boxes and rare tint are the Luna Moth's;
    1.49x seed 7086's ``OUTBACK`` by 10 and ``COCKATOO`` by 8.9 (not named together, its
    letters vouched for by no label, the Cockatoo its one candidate: the boxes and the
    board then settle it, :func:`.lengths.by_shape`).
    0.95x seed 471057's ``MARSMOT``, read ``RABBIT`` with its ``MARS`` read ``FARM``, reads
    ``BADGER`` alone (by 0.4) and its title ``MARS``: asked; 0.81x seed 471052's ``RACCOON``
    found as five glyphs reads ``SHEEP`` and ``HIPPO`` alike."""
    leads = words.alone_leads
    if len(leads) != 2 or leads[1] < APART:
        return False
    return leads[0] >= APART or (leads[0] > 0.0 and _clues_agree(words, clues))


def _agreement_doubted(words, given: str | None) -> bool:
    """Whether a screen of several cards has its region read from the names' agreement
    alone: the title and the names are read together (each ranked with the others), so a
    title misread agrees with names misread as a true one with true names, and a name
    misread at a small scale (letters run together) reads as the animal of the region the
    title was misread as (0.5x fresh real-look 520012: ``MARS`` read ``FARM``, its
    ``MARTIAN`` ``COW``). In doubt when the labels do not vouch for the title's glyphs as
    read (:func:`.title_region.well_vouched`: two, and half the letters of its name they
    show; a wrong title shares letters with the true one), the title does not say the
    region by itself (:func:`.lengths.title_stands`: read alone clearly, or by its length),
    it and a card's line read each on its own do not agree (:func:`.lengths.read_apart_agree`)
    and no card's line read on its own (no other line weighed) reads as the animal of that
    region it was named by :data:`APART` (:attr:`.names.ScreenText.alone_leads`). Not
    with no title line read (the region then said by the names alone). ``given``: the
    region the player gave (then read, not doubted)."""
    if len(words.cards) < 2 or given is not None or words.region is None or \
            words.region_vouched is None:
        return False
    if title_region.well_vouched(words.region_vouched) or \
            lengths.title_stands(words, words.region) or \
            lengths.read_apart_agree(words, words.region):
        return False
    home = {a.name for a in load_catalogue().regions.get(words.region, ())}
    return not any(lead >= APART and (card.name or "") in home
                   for card, lead in zip(words.cards, words.alone_leads[1:]))


def _clues_agree(words, clues: Sequence[CardClue]) -> bool:
    """Whether the one card's boxes and rarity, each read clearly (``clues``), are those of
    the animal its name was read as in the region read (a pet's card: no)."""
    if len(clues) != 1 or words.region is None or words.cards[0].name is None:
        return False
    clue = clues[0]
    animal = next((a for a in load_catalogue().regions.get(words.region, ())
                   if a.name == words.cards[0].name), None)
    return animal is not None and clue.size == animal.size and clue.rarity == animal.rarity


def _words(image: np.ndarray | None, screen: RescueScreen, region: str | None,
           sure: bool = False):
    """The screen's own words (:func:`.names.screen_words`), or ``None`` without the
    screenshot or when its text is not found."""
    if image is None:
        return None
    from gridsight.games.disco_zoo.names import screen_words

    try:
        return screen_words(image, screen.cards, screen.lattice.y, region, sure=sure)
    except (ValueError, IndexError):  # a screen whose text lines are not where cards say
        return None


def card_clues(cards: Sequence[CardSeen]) -> list[CardClue]:
    """What each card says without its name, where read clearly enough to count on."""
    clues = []
    for card in cards:
        rarity = card.rarity if card.rarity_confidence >= RARITY_SURE else ""
        boxes = card.boxes if card.boxes is not None and card.boxes.confidence >= BOX_SURE \
            else None
        clues.append(CardClue(rarity, boxes.count if boxes else None,
                              boxes.found if boxes else None))
    return clues


def _described(clues: Sequence[CardClue]) -> str:
    parts = []
    for k, clue in enumerate(clues):
        what = [clue.rarity or "rarity not read",
                f"{clue.size} boxes" if clue.size is not None else "boxes not read"]
        parts.append(f"card {k + 1}: " + ", ".join(what))
    return "; ".join(parts)


def _ground_belies(image: np.ndarray | None, screen: RescueScreen, hints: ReadHints,
                   settled: Settled, clues: Sequence[CardClue], found, empty, unread: int,
                   sure: frozenset[Cell]) -> None:
    """A :class:`ReadError` asking for ``--animals`` when the region ``settled`` (one choice,
    by any path: names, lengths, shapes, OCR) is one whose ground the screen's ground
    (:func:`.lengths.ground_lab`) plainly belies (:func:`.lengths.ground_belies`: a snow
    region on a dark ground); never when the region was given. Fresh widest 1245007 at 0.84x:
    Nocturnal's dark purple ground, its one card's ``KAKAPO`` read by its shapes as
    ``WALRUS`` (:func:`.lengths.by_shape`), stated Polar, Walrus with no warning."""
    if hints.region or image is None or not screen.cards:
        return
    ground = lengths.ground_lab(image, [card.panel.box for card in screen.cards],
                                screen.lattice.y)
    if not lengths.ground_belies(settled.region, ground):
        return
    bare = settle(clues, found, empty, region=None, unread=unread, sure=sure)
    raise _misread(f"the screen read settles {', '.join(a.name for a in settled.animals)} "
                   f"({settled.region}), but the ground between the cards and the board is "
                   f"dark, no {settled.region} ground", bare, clues, found, empty, unread, sure,
                   None)


def _misread(what: str, bare: Settled | None, clues: Sequence[CardClue], found, empty,
             unread: int, sure: frozenset[Cell], region: str | None) -> ReadError:
    """The request for ``--animals`` when the screen's read belies itself (``what``): the
    choices of ``bare`` (the read settled again without what was belied), else any
    animals of ``region`` for each card."""
    ask = _ask(clues, bare) if bare is not None else \
        "name the animals in card order with --animals"
    return ReadError(f"{what}: something is misread; {ask}",
                     choices=_choices(bare, clues, found, empty, unread, sure)
                     if bare is not None else _any_choices(region, len(clues)))


def _choices(settled: Settled, clues: Sequence[CardClue], found, empty,
             unread: int, sure: frozenset[Cell] = frozenset()) -> HintChoices:
    """The animals each card may be, for the player to choose among (the live panel), and
    when they are of several regions each region's (the region's name is on the screen: the
    player picks it first, and each card's list is then short)."""
    groups = []
    if len(settled.regions) > 1:
        for region in settled.regions:
            alone = settle(clues, found, empty, region=region, unread=unread, sure=sure)
            if alone is None:
                continue
            options = tuple(tuple(name for name in mine if name in everyone)
                            for mine, everyone in zip(alone.options, settled.options))
            if all(options):
                groups.append((region, options))
    return HintChoices("animals", settled.options, tuple(groups), "region")


def _title_alone(image: np.ndarray, screen: RescueScreen) -> str | None:
    """The region's name read off the title bar alone (:func:`.names.title_alone`), for a
    screen with no card seen: preselected in the live panel's region list, never settling
    an animal."""
    from gridsight.games.disco_zoo.names import title_alone

    boxes = [card.picture for card in screen.cards if card.picture[2] > 0 and card.picture[3] > 0]
    try:  # (remembered while the cards stay the same: given.title_read)
        return title_read(image, screen.lattice.y, boxes, title_alone)
    except (ValueError, IndexError):  # a screen whose text lines are not where they fit
        return None


def _against_title(image: np.ndarray, screen: RescueScreen, animals: Sequence[Animal],
                   region: str, warnings: list[str]) -> None:
    """The player's animals (of ``region``) checked against the region the title reads
    clearly (:func:`_title_alone`): animals of another region are warned of, naming the
    region read (:func:`.given.other_region`); the read goes on with them as given."""
    titled = _title_alone(image, screen)
    if titled:
        other_region([a.name for a in animals], region, titled, warnings)


def _any_choices(region: str | None, parts: int, fewest: int | None = None,
                 question: str = "", said: str = "") -> HintChoices:
    """Each of ``parts`` cards may be any animal of a region (or a pet), the region first:
    what the player picks from when the cards tell nothing (none seen, or what they show
    fits no rescue: one of them or a tile is misread)."""
    catalogue = load_catalogue()
    pets = tuple(a.name for a in catalogue.pets)
    regions = [catalogue.region_name(region)] if region else list(catalogue.regions)
    groups = tuple((name, tuple(tuple(dict.fromkeys(
        [a.name for a in catalogue.regions[name]] + list(pets))) for _ in range(parts)))
        for name in regions)
    every = tuple(dict.fromkeys(n for _, options in groups for n in options[0]))
    return HintChoices("animals", tuple(every for _ in range(parts)),
                       groups if len(groups) > 1 else (), "region", fewest, question, said)


def _named_choices(names: Sequence[str], region: str | None) -> HintChoices:
    """The names read, each card's first in its list (one click reads with them), then the
    other animals of their region and the pets (a name misread)."""
    catalogue = load_catalogue()
    pets = [a.name for a in catalogue.pets]
    others = [a.name for a in catalogue.regions[catalogue.region_name(region)]] \
        if region else []
    return HintChoices("animals", tuple(
        tuple(dict.fromkeys([name] + others + pets)) for name in names), first_read=True)


def _ask(clues: Sequence[CardClue], settled: Settled) -> str:
    """The request for ``--animals``: what each card may be."""
    parts = []
    for k, options in enumerate(settled.options):
        shown = list(options[:LISTED])
        more = f" or one of {len(options) - LISTED} more" if len(options) > LISTED else ""
        listed = (", ".join(shown[:-1]) + " or " + shown[-1]) if len(shown) > 1 else shown[0]
        parts.append(f"card {k + 1}: {listed}{more}")
    regions = settled.regions
    where = f" ({regions[0]})" if len(regions) == 1 else \
        f" (in {len(regions)} regions)" if len(regions) > 3 else f" ({', '.join(regions)})"
    example = ",".join(a.name for a in settled.animals)
    many = f"{settled.choices}" if settled.choices < MAX_CHOICES else f"{MAX_CHOICES} or more"
    # The region's name is on the screen, and often settles the rest alone.
    region = (f", or the region shown on the screen with --zoo-region (one of "
              f"{', '.join(regions)})" if len(regions) > 1 else "")
    return ("the cards' names are not read beyond doubt, and with their boxes and "
            "colours and the board they leave "
            f"{many} choices{where}: " + "; ".join(parts)
            + f". Name the animals in card order with --animals, e.g. --animals {example}"
            + region + _ocr_hint())


def _ocr_hint() -> str:
    """Where no OCR engine is installed, how to get one (the ocr extra reads more names)."""
    import importlib.util
    import os

    from gridsight.games.disco_zoo.ocr_names import SWITCH

    if os.environ.get(SWITCH, "").lower() in ("off", "0", "no") or \
            importlib.util.find_spec("onnxruntime") is not None:
        return ""
    return " (pip install 'gridsight[ocr]' reads more names: see docs/real-games.md)"


# -- the boxes --------------------------------------------------------------------------------


def _names_against_cards(cards: Sequence[CardSeen], animals: Sequence[Animal],
                         warnings: list[str]) -> None:
    """The player's ``--animals`` checked against the cards seen: a player's slip (a name
    left out, one too many) or a window that is not the game's shows there, and advice built
    on names the screen contradicts is wrong for the player with no doubt said (s30desk's
    500001: one name given over a screen of two cards, read with no warning).

    More cards seen with their box rows read clearly (:data:`BOX_SURE`) than animals named
    is a :class:`ReadError`: every animal of the rescue has its card, and the read would
    rest on the names left out. Fewer cards seen than named (a card may be missed: under a
    toast, cut off), or a card's clear box row that fits none of the named animals' sizes,
    is a warning naming both; no card seen says nothing (the names are the only clue then).
    (Cards and names of one count are checked card by card by
    :func:`box_counts`.)"""
    clear = [card.boxes for card in cards
             if card.boxes is not None and card.boxes.confidence >= BOX_SURE]
    named = ", ".join(a.name for a in animals)
    if len(clear) > len(animals):
        rows = ", ".join(str(b.count) for b in clear)
        raise ReadError(f"the screen shows {len(clear)} animal cards (box rows of {rows} "
                        f"tiles, read clearly) but --animals names {len(animals)} ({named}): "
                        "name every card's animal in card order, or check that the window "
                        "read is the game's")
    if len(cards) == len(animals) or not cards:  # (no card seen: what --animals is for)
        return
    if len(cards) > len(animals):
        warnings.append(f"{len(cards)} cards seen for the {len(animals)} animal(s) named "
                        f"({named}): is an animal left out of --animals?")
        return
    sizes = {a.size for a in animals}
    odd = [b.count for b in clear if b.count not in sizes]
    said = f"{len(cards)} card(s) seen for the {len(animals)} animals named ({named})"
    if odd:
        warnings.append(f"{said}, one with a row of {odd[0]} boxes, which no animal named "
                        "covers: are these this screen's animals?")
    else:
        warnings.append(f"{said}: check that --animals names this screen's animals")


def box_counts(cards: Sequence[CardSeen], animals: Sequence[Animal], notes: list[str],
               warnings: list[str], strange: bool = False) -> list[int | None] | None:
    """Each animal's found tiles as its card's filled boxes count them (``None`` where not
    read clearly, or where the card's boxes or rarity do not fit the animal: a card of
    another animal, named out of order); ``None`` when no card counts. A disputed row
    (:func:`_told`) counts here, to be weighed against the board, never to tell a tile. ``strange``: the
    board shows a found tile of no rarity's colour (:func:`_of_no_colour`) and the cards'
    pictures tell every found tile without the boxes; a row with no box read filled is then
    not counted on (its fills may be of that colour, read as the unfilled look). When the
    pictures leave a tile unsure, such a row still counts (wider 880034 at 2.03x: the Wooly
    Rhino's four unfilled boxes tell the one found tile, of no colour, a Wooly Mammoth)."""
    counts: list[int | None] = []
    for k, (card, animal) in enumerate(zip(cards, animals)):
        boxes = card.boxes
        if not _told(boxes) or (strange and not boxes.filled):  # type: ignore[union-attr]
            counts.append(None)
            continue
        rarity = "pet" if animal.is_pet else animal.rarity
        if boxes.count != animal.size or (card.rarity_confidence >= RARITY_SURE
                                          and colour_rules_out(animal, card.rarity,
                                                               boxes.count)):
            warnings.append(f"card {k + 1} shows {boxes.count} boxes"
                            + (f" of a {card.rarity} animal" if card.rarity else "")
                            + f", but {animal.name} is {rarity} and covers {animal.size} tiles: "
                            "are the animals named in card order? its boxes are not used")
            counts.append(None)
            continue
        counts.append(boxes.found)
    if all(n is None for n in counts):
        return None
    notes.append("found tiles counted by the cards' boxes: " + _counted(animals, counts))
    return counts


def _of_no_colour(screen: RescueScreen) -> bool:
    """Whether the screen shows a found tile whose colour is no rarity's the reader knows.
    Its card's filled boxes are that colour too, and may read as clearly unfilled: wider
    880002 at 2.66x, the Eagle's found tile and its one filled box a grey near a shade of
    the card's own colour; "Eagle 0" counted, the Eagle and the Cougar stated on each
    other's tiles with no warning (with no options too)."""
    return any(tile.kind == "found" and not tile.rarities for row in screen.tiles
               for tile in row)


# A found tile of no colour told by its sprite as an animal whose card's box row reads
# clearly none of its boxes filled: the row says no tile of that animal is found (issue 18:
# one box filled per found tile), the sprite says one is. :func:`box_counts` sets such a row
# aside (its fills may be of the tile's colour, read as unfilled), so the sprite's verdict
# stands only when it leads every other card by this many sprite margins; else the tile is
# left unsure. Fresh widest 1108027 at 1.29x: the Lion's tile (its colour hidden under its
# sprite) 0.39 from the Rhinoceros's card and 0.49 from the Lion's (1.6 margins), the
# Rhinoceros's row 0 of 3 at 0.61, stated Rhinoceros with ``--animals``; wider 880002 at
# 2.66x: the Eagle's tile 0.28 from its card, 0.48 and 0.53 from the others' (3.3 margins),
# its grey fill read unfilled, stays the Eagle's.
ROW_OVERRULED = 2.0


def _rows_kept(told: dict[Cell, Told], found: Sequence[FoundTile],
               seen: list[list[tuple[str, TileSeen]]], cards: Sequence[CardSeen],
               animals: Sequence[Animal], notes: list[str]) -> dict[Cell, Told]:
    """``told`` with each found tile of no colour that only its sprite tells (``card``) as
    an animal whose card's box row reads clearly none of its boxes filled (its count the
    animal's) left unsure (its candidates), unless the sprite leads every other card by
    :data:`ROW_OVERRULED` sprite margins (see there)."""
    margin = screen_facts()["sprite_margin"]
    out = dict(told)
    for tile in found:
        r, c = tile.cell
        verdict = told.get(tile.cell)
        if verdict is None or verdict.how != "card" or len(verdict.animals) != 1 or \
                seen[r][c][1].rarities or tile.sprite is None or tile.sprite.empty:
            continue
        k = verdict.animals[0]
        boxes = cards[k].boxes if k < len(cards) else None
        if boxes is None or not _told(boxes) or boxes.filled or boxes.disputed or \
                boxes.count != animals[k].size:
            continue
        own = cards[k].sprite
        if own is None or own.empty:
            continue
        mine = sprite_distance(tile.sprite, own)
        others = [sprite_distance(tile.sprite, card.sprite) for j, card in enumerate(cards)
                  if j != k and card.sprite is not None and not card.sprite.empty]
        if all(mine + ROW_OVERRULED * margin <= d for d in others):
            continue
        out[tile.cell] = Told(tile.cell, tile.candidates, "")
        notes.append(f"{cell_name(r, c)}'s sprite is nearest {animals[k].name}'s card, but "
                     f"that card's box row shows none of its boxes filled (no "
                     f"{animals[k].name} tile found): not told by its sprite")
    return out


def _counted(animals: Sequence[Animal], counts: Sequence[int | None]) -> str:
    return ", ".join(f"{a.name} {n}" for a, n in zip(animals, counts) if n is not None)


def _agreeing(told: dict[Cell, Told], found: Sequence[FoundTile], animals: Sequence[Animal],
              counts: Sequence[int | None], empty: Sequence[Cell], region: str, taps: int,
              unread: int) -> dict[Cell, Told]:
    """``told`` when its tiles told one animal each agree with the boxes' counts together
    (some assignment meeting the counts gives each of them its animal); else the tiles told
    by their sprites go back to their candidates (the counts win over a sprite's look)."""
    fixed = [replace(t, candidates=told[t.cell].animals) for t in found]
    if by_boxes(fixed, animals, counts, empty=empty, region=region, taps=taps,
                unread=unread) is not None:
        return told
    out = dict(told)
    for t in found:
        if told[t.cell].how in ("card", "reference"):
            out[t.cell] = Told(t.cell, t.candidates, "")
    return out


# -- the found tiles --------------------------------------------------------------------------


def _references(pack: TemplatePack, animals: Sequence[Animal]) -> list[FoundTile]:
    """The pack's reference pictures of named tiles (``animal:NAME``) of this rescue's
    animals, as found tiles off the board (cells ``(-1, n)``)."""
    out = []
    for n, ref in enumerate(pack.references):
        name = ref.label[7:] if ref.label.startswith("animal:") else ""
        k = next((i for i, a in enumerate(animals) if a.name == name), None)
        if k is None:
            continue
        crop = ref.image[round(0.14 * ref.image.shape[0]) : round(0.86 * ref.image.shape[0]),
                         round(0.14 * ref.image.shape[1]) : round(0.86 * ref.image.shape[1])]
        out.append(FoundTile((-1, n), (k,), sprite_of(crop, border_colour(crop))))
    return out


def sure_colours(seen: list[list[tuple[str, TileSeen]]]) -> frozenset[Cell]:
    """The found tiles whose colour the screen shows was read as one rarity's beyond doubt
    (within :data:`.settle.COLOUR_SURE` of it): an animal of that rarity shows them, never a
    pet (whose own colour the screen's facts do not give, so a tile read less surely may be a
    pet's). A tile believed otherwise than the screen shows it (the tracker's memory, the
    player's word: no colour read) is not counted."""
    return frozenset((r, c) for r, row in enumerate(seen) for c, (label, tile) in enumerate(row)
                     if label.startswith("animal:") and len(tile.rarities) == 1
                     and tile.rim is not None and tile.confidence >= COLOUR_SURE)


def _found_by_the_boxes(colourless: Sequence[tuple[Cell, TileSeen]],
                        found: Sequence[FoundTile], counts: Sequence[int | None],
                        animals: Sequence[Animal]) -> list[FoundTile]:
    """The tiles read found (a rounded tile showing a picture) but of a colour no animal of
    the rescue has (``colourless``, left unread), taken as found tiles of any of its animals
    when the cards' filled boxes, read clearly (``counts``), count as many found tiles or
    more that the board as read lacks (:func:`boxes_lacking`): a found tile shows its
    animal's sprite, and the boxes say one is missing; its colour alone was misread. Issue
    18: one filled box per tile of an animal found so far. Fresh widest 1167015 at 0.64x
    (City): the Opossum's rare tile at (2,1) read common, left unread, solved as not yet
    observed (the Opossum's 2 boxes filled, no Opossum tile on the board as read), and the
    advice said no tap could rescue an animal (the Opossum's third tile, one tap left)."""
    if not colourless:
        return []
    lacking = boxes_lacking(found, counts)
    if lacking < len(colourless):
        return []  # (more such tiles than the boxes lack: some are no found tiles)
    return [FoundTile(cell, tuple(range(len(animals))), tile.sprite)
            for cell, tile in colourless]


def _possible(tile: TileSeen, animals: Sequence[Animal]) -> bool:
    """Whether a found tile's colour fits the rescue: its rarity is one of the animals' (a
    tile of no known colour may be a pet's)."""
    return not tile.rarities or any(a.rarity in tile.rarities or a.is_pet for a in animals)


def more_than_they_cover(found: Sequence[FoundTile], animals: Sequence[Animal]) -> str:
    """Why the ``found`` tiles cannot all be the ``animals``' (each of a rescue's animals
    shows its pattern once, so a set of animals covers at most their sizes' sum of found
    tiles): the first set of animals whose found tiles (those whose candidates are all among
    them) outnumber their tiles, said; ``""`` when every set covers its own (Hall's condition
    on at most three animals and a pet). A lattice over the cards and the ground read the
    card panels as found common tiles (probe 810022, wider look at 0.67x, faint lines: six
    "Sheep" stated with ``--animals Sheep,Horse,Unicorn``, the Sheep covering four)."""
    for size in range(1, len(animals) + 1):
        for some in combinations(range(len(animals)), size):
            among = set(some)
            count = sum(set(tile.candidates) <= among for tile in found)
            cover = sum(animals[k].size for k in some)
            if count > cover:
                names = " and ".join(animals[k].name for k in some)
                return (f"{count} found tiles that only {names} may be, more than "
                        f"{'its' if size == 1 else 'their'} {cover} tiles")
    return ""


def _candidates(tile: TileSeen, animals: Sequence[Animal],
                standing: dict[str, set[int]] | None = None) -> tuple[int, ...]:
    """The animals a found tile's colour allows (its rarity's, the pets, and those whose
    card shows that rarity's colour, ``standing``: :func:`_standing_in`), or every animal
    when its colour fits no rarity (or none of the rescue's)."""
    also = {k for rarity in tile.rarities for k in (standing or {}).get(rarity, ())}
    same = [k for k, a in enumerate(animals)
            if a.rarity in tile.rarities or a.is_pet or k in also]
    return tuple(same) if tile.rarities and same else tuple(range(len(animals)))


def _checks_colours(card: CardSeen) -> bool:
    """Whether ``card``'s box row or its fills' colour was read clearly enough to count on
    (:data:`.settle.BOX_SURE`, :data:`.settle.RARITY_SURE`): a check of the found tiles'
    colours."""
    return (card.boxes is not None and card.boxes.confidence >= BOX_SURE) or \
        (bool(card.rarity) and card.rarity_confidence >= RARITY_SURE)


def _sprite_belies(tile: TileSeen, cards: Sequence[Sprite | None], candidates: tuple[int, ...],
                   wider: tuple[int, ...]) -> tuple[int, ...]:
    """A found tile's ``candidates`` (its colour's), widened to ``wider`` (the rarities as
    near again: :func:`_colour_unchecked`) when no card checks its colour and its sprite
    belies that colour: the card of an animal only ``wider`` allows is nearer the tile's
    sprite by the sprites' margin than every card the colour allows, however near (until
    the 37th session, only when within :data:`.identify.MAX_CARD`, or
    :data:`.identify.MAX_CARD_FILLED` for a picture cut over its whole tile: fresh widest
    1054008 at 0.6x, the mythical Phoenix's tile read rare at 0.64, 31 Lab from rare's colour
    and 58 from mythical's, its sprite 0.51 from the Phoenix's card and 0.64 from the
    Tiger's, was stated Tiger with ``--animals``, no warning). A colour read unsurely is
    kept where the sprites tell nothing (wider 1010009 at 0.6x + JPEG 60: a Wooly Rhino's
    tile read common at 0.51, 0.56 from its card, 0.51 from the timeless Yukon Camel's:
    kept the Rhino's)."""
    added = [k for k in wider if k not in candidates]
    if not added or tile.sprite is None or tile.sprite.empty or len(cards) <= max(wider):
        return candidates
    far = {k: sprite_distance(tile.sprite, card) for k in wider
           if (card := cards[k]) is not None and not card.empty}
    if any(k not in far for k in candidates) or not any(k in far for k in added):
        return candidates
    near = min(far[k] for k in added if k in far)
    margin = screen_facts()["sprite_margin"]
    if all(near + margin <= far[k] for k in candidates):
        return wider
    return candidates


def _colour_unchecked(tile: TileSeen, animals: Sequence[Animal],
                      candidates: tuple[int, ...]) -> tuple[int, ...]:
    """A found tile's ``candidates`` when the cards are not all found (no card's boxes or
    colours check its colour): a colour read not surely (under :data:`.settle.COLOUR_SURE`)
    allows the animals of every rarity whose colour is as near again as the one read
    (:data:`.screen.FAR_AS_ITS_OWN`): such a screen's colours are off their references.
    Fresh widest 1011006 as JPEG 40 and 60 and at 0.6x + JPEG 60, one card found of three:
    the timeless Babmoon's tile 35 Lab from common's colour and 48 from timeless's, stated
    Lunar Tick or Tribble (the common two) with ``--animals``."""
    if tile.rim is None or len(tile.rarities) != 1 or tile.confidence >= COLOUR_SURE:
        return candidates
    rim = np.array(tile.rim)
    away = {name: float(np.linalg.norm(rim - ref))
            for name, ref in _rarity_references(screen_facts()).items()}
    own = away.get(tile.rarities[0])
    if own is None:
        return candidates
    near = {name for name, d in away.items() if d <= FAR_AS_ITS_OWN * own}
    return tuple(sorted({*candidates, *(k for k, a in enumerate(animals)
                                        if a.rarity in near)}))


# A card's box row read with no box filled at this confidence or more (its count the
# animal's, its fills big enough to tell) says no tile of its animal is found: a found tile
# only that animal's colour allows is then not told by its colour (:func:`_cards_deny`).
NONE_SURE = 0.25


def _cards_deny(candidates: Sequence[int], cards: Sequence[CardSeen],
                animals: Sequence[Animal]) -> bool:
    """Whether every animal a found tile's colour allows (``candidates``) has a card whose
    box row reads none of its boxes filled (at :data:`NONE_SURE` or more, its count the
    animal's, its fills big enough to tell): a filled box is a tile of its animal found, so
    the tile's colour or the cards' fills are read wrong, and which is not told. Wider
    996017 at 0.6x as JPEG 60: the timeless Rhinoceros's tile read common, the one common
    animal's card (the Giraffe's) read 0 of 4 filled at 0.43, the Rhinoceros's 0 of 3 at 0;
    the tile was stated Giraffe with ``--animals``, no warning."""
    def none(k: int) -> bool:
        boxes = cards[k].boxes
        return boxes is not None and boxes.found == 0 and \
            boxes.count == animals[k].size and boxes.confidence >= NONE_SURE
    return bool(candidates) and len(candidates) < len(animals) and all(map(none, candidates))


def _standing_in(cards: Sequence[CardSeen], animals: Sequence[Animal]) -> dict[str, set[int]]:
    """For each rarity, the animals named (in card order) whose card's filled boxes read
    clearly as that rarity's colour though the animal is of another: on this screen that
    colour may be the animal's own (its rarity's colour drawn or seen near the other's), so
    a found tile of it may be that animal too. Fresh wider-look 790021 as JPEG 60: Pegasus's
    card's filled box and its found tile both read rare; with ``--animals Pisces,Pegasus``
    the card's boxes were set aside with a warning, but the tile was stated Pisces (the rare
    one) where it was Pegasus."""
    out: dict[str, set[int]] = {}
    for k, (card, animal) in enumerate(zip(cards, animals)):
        boxes = card.boxes
        if boxes is None or boxes.confidence < BOX_SURE or not card.rarity or \
                card.rarity_confidence < RARITY_SURE or animal.is_pet:
            continue
        if card.rarity != animal.rarity and colour_rules_out(animal, card.rarity, boxes.count):
            out.setdefault(card.rarity, set()).add(k)
    return out


HOW = {"board": "resolved by the board: no other candidate can cover it with the other tiles "
                "as read",
       "boxes": "counted by the cards' boxes (each card fills one box per tile of its animal "
                "found)",
       "reference": "it looks like the tile named so before (saved in the pack)"}


def write_found(grid: list[list[str]], found: list[FoundTile], told: dict, animals,
                notes: list[str]) -> list[Cell]:
    """Write each found tile's token into ``grid`` (``k``, ``a/b`` or ``*``), with a note for
    each tile told by the boxes, other tiles or the board, and for each left unsure; returns
    the unsure cells."""
    unsure = []
    for tile in found:
        (r, c), result = tile.cell, told[tile.cell]
        options = result.animals
        if len(options) == 1:
            grid[r][c] = str(options[0] + 1)
            if result.how in HOW:
                notes.append(f"{cell_name(r, c)} is {animals[options[0]].name}: {HOW[result.how]}")
            continue
        names = " or ".join(animals[k].name for k in options)
        rarities = sorted({animals[k].rarity for k in options})
        colour = "/".join(rarities) if len(options) < len(animals) else \
            "of no single rarity's colour"
        notes.append(f"{cell_name(r, c)} shows an animal ({colour} tile) whose sprite does not "
                     f"settle which: {names}; solved over these animals")
        grid[r][c] = "*" if len(options) == len(animals) else \
            "/".join(str(k + 1) for k in sorted(options))
        unsure.append((r, c))
    return unsure


# -- the attempts -----------------------------------------------------------------------------


STRONG_LEAD = 0.045  # a counter read that contradicts the board must lead by this much
# ... and the board's count must lie this far behind it (0.06 until the 35th session: fresh
# widest 1011003 at 0.75x, a 10 in a bold font read 18 by 0.063, the board's 10 0.063
# behind, "taps: 18" stated with --animals and no warning; attempts bought and read right
# on real-look 7000-7119 and wider 860000-860059 lie 0.146 and more ahead of the board's)
STRONG_GAP = 0.08
NEAR_GAP = 0.03  # a board's count this close behind the read is as likely as the read
RIVAL_GAP = 0.02  # a read of the board's count is sure only when no other count is this close
# ... and one that agrees only with unread tiles counted untapped only when it leads by this much
UNREAD_LEAD = 0.1
# ... and with no count above the board's this close: a blur takes a digit's inner strokes
# away, never adds them (s46w1250c's drawn counters at 0.4x-0.6x, Gaussian blur sigma 0.6-1.0:
# a 6, 8 or 9 read 0 by 0.0-0.028 beside a board of 0, a 3 read 1 by 0.026-0.035 beside a
# board of 1, stated with no warning; attempts bought are read above the board's count)
ABOVE_GAP = 0.04


def _close_counts(counter: NumberRead, read: int, guess: int) -> list[int]:
    """The counts above the board's (``guess``) other than ``read`` that the counter's glyphs
    are nearly as like (:data:`NEAR_GAP`), likest first: a read taken with a warning names
    them, so the player is told which other number to check for."""
    gaps = [(counter.gap(n), n) for n in range(guess + 1, MAX_TAPS + 1) if n != read]
    return [n for gap, n in sorted(gaps) if gap <= NEAR_GAP]


def _fills_told(cards: Sequence[CardSeen]) -> int | None:
    """The found tiles the cards' box rows count, when every card's row is read clearly with
    its fills told (``None`` otherwise)."""
    rows = [card.boxes for card in cards]
    if not rows or any(not _told(row) or row.found is None  # type: ignore[union-attr]
                       for row in rows):
        return None
    return sum(row.found or 0 for row in rows if row is not None)


def _told(boxes: BoxesSeen | None) -> bool:
    """Whether a card's box row is read clearly (:data:`BOX_SURE`), or was and is disputed
    (:attr:`~.cards.BoxesSeen.disputed`: its fills count more found tiles than the board may
    hold): either way its fills are weighed against the board, so that a disagreement is said
    in words; a disputed row's counts are never used to tell a tile (:func:`box_counts`'
    caller sets them aside with a warning)."""
    return boxes is not None and (boxes.confidence >= BOX_SURE or boxes.disputed)


def _counted_read(counter: NumberRead) -> int:
    """The attempts counter's read as a number (sure or not; it has digits)."""
    return int("".join(str(d) for d, _ in counter.digits))


def tapped_unseen(counter: NumberRead, given: int | None, tapped: int, unread: int,
                  fills_more: bool) -> str:
    """Why the board as read cannot be the screen's when two clues say more tiles were
    tapped than it shows (``""`` otherwise, or when the player gave ``--taps``): the cards'
    box rows, each read clearly, count more found tiles than the board shows (``fills_more``),
    and the counter, read clearly, leaves fewer attempts than the board allows. A rescue's
    attempts left are 10 minus its taps (plus any bought), and its taps are at least the
    tiles seen tapped, so a count below 10 minus the tiles tapped and unread says some tapped
    tiles were read as untapped ones. Clear: read alike at every ink cut, leading by
    :data:`STRONG_LEAD`, every count the board allows at least :data:`STRONG_GAP` behind.
    Probe 800028 (faint lines, 0.67x): a lattice of 0.94 the board's pitch a third of a tile
    off, its tiles over the found ones read as grass; with ``--animals`` a board of grass
    stated where 4 tiles were tapped, the counter's clear 3 set aside ("assuming 10"), the
    cards' rows counting 3 found. (The counter alone is not enough: probe 810001, wider
    look, a 4 read as a clear 1 off the counter's glyph, the board right.)"""
    if given is not None or not fills_more or not counter.digits:
        return ""
    read = int("".join(str(d) for d, _ in counter.digits))
    guess = max(0, BOARD_TAPS - tapped)
    least = max(0, guess - unread)
    if read >= least or not counter.agree or counter.lead < STRONG_LEAD or \
            min(counter.gap(n) for n in range(least, guess + 1)) < STRONG_GAP:
        return ""
    return (f"the attempts counter reads {read} clearly, and the cards' boxes count more found "
            f"tiles than the board as read shows, with {tapped} tile{'s' if tapped != 1 else ''}"
            f" tapped and {unread} unread (which leave {least} or more): some tapped tiles are "
            "read as untapped (is the board read where it stands?). Give --taps N if the "
            "counter is misread")


def taps_left(counter: NumberRead, given: int | None, tapped: int, notes: list[str],
              warnings: list[str], unread: int = 0, maybe: list[int] | None = None) -> int:
    """Attempts left: the player's ``--taps``, else the counter checked against the board.

    A rescue starts with 10 attempts and each tap uses one, so the counter shows at least
    the board's count, 10 minus the tiles tapped (``unread`` tiles may be tapped or not),
    and more only when attempts were bought. The counter's read is taken without a warning
    when it is one of the board's counts, read alike at every ink cut
    (:func:`gridsight.games.disco_zoo.screen.read_counter`) and no other count the board
    allows or above them nearly as like the glyphs (:data:`RIVAL_GAP`: a bought attempt's
    digit misread as the board's count would otherwise pass unseen, and so would a glyph as
    like another count the unread tiles allow; one that agrees only with unread tiles counted
    untapped, only when it leads by :data:`UNREAD_LEAD`); above them only when read
    clearly (every cut alike, leading by :data:`STRONG_LEAD`) and the board's count is a
    poor reading of the glyphs (:data:`STRONG_GAP` behind). Anything else is unsure and
    said so in a warning: the board's count is taken when the glyphs could be it
    (:data:`NEAR_GAP`) or nothing above it was read, else the read. The other counts the
    glyphs may be go to ``maybe`` (the read above the board's taken: the counts nearly as
    like; the board's count taken: the count read, when the board allows it): the board text
    says them (``taps: 18/10``, ``taps: 7/9``) and the advice whether they change it
    (:func:`gridsight.games.disco_zoo.doubts.taps_doubt`), so the warning only says to check."""
    guess = max(0, BOARD_TAPS - tapped)
    if given is not None:
        return given
    read = None
    if counter.digits:
        read = int("".join(str(d) for d, _ in counter.digits))
    board = range(max(0, guess - unread), guess + 1)
    board_gap = min(counter.gap(n) for n in board)
    # A count above the board's (attempts bought) the glyphs could nearly be as well, or
    # another count the board allows (its unread tiles tapped or not): wider look 730006
    # (0.73x, Mars), 11 tiles unread on a busy lawn (the board allowing 0 to 8), its 8's glyph
    # as like 0 as 8 (lead 0.0, a tie), "taps: 0" stated with --animals and no warning.
    rival = min((counter.gap(n) for n in range(board.start, MAX_TAPS + 1) if n != read),
                default=np.inf)
    if read is not None and read in board and counter.agree and counter.lead >= 0.0 \
            and rival >= RIVAL_GAP:
        taps = BOARD_TAPS - read
        seen = "" if taps == tapped else f", {taps - tapped} of the unread ones among them"
        notes.append(f"{read} attempts left (counter, agreeing with {taps} "
                     f"tile{'s' if taps != 1 else ''} tapped{seen})")
        close = [n for n in board if n != read and counter.gap(n) < STRONG_LEAD]
        if read > board.start and counter.lead < UNREAD_LEAD:
            # The read agrees only with unread tiles counted untapped, and the glyph is not
            # clearly read (another count nearly as like it, though one the board forbids):
            # the counts with those tiles tapped are as possible (variants 1230002 notch, the
            # notch's black over the pink 4's top right, read 5 by 0.058 (3 next, 4 far), a
            # found Eagle tile unread; "taps: 5" for 4 stated with --animals, no warning).
            close = [n for n in board if n < read or n in close]
        bought = [n for n in range(guess + 1, MAX_TAPS + 1) if counter.gap(n) < ABOVE_GAP]
        if bought and not close:
            warnings.append(f"attempts counter not read with confidence: taken as {read}; it "
                            f"may be {' or '.join(map(str, bought))} (attempts bought: give "
                            "--taps N, or set Attempts left in the live panel, if it is wrong)")
        if close:
            # With tiles unread the board allows several counts, and the counter alone
            # tells how many of them were tapped: one read by a hair over another the board
            # allows is not sure (fresh wider-look 830058 at 0.55x: a 5 read 6 by 0.042,
            # the 4 next, a hidden found tile unread; "taps: 6" stated with no warning).
            warnings.append(f"attempts counter not read with confidence: taken as {read}; it "
                            f"may be {' or '.join(map(str, close))} ({unread} unread "
                            f"tile{'s' if unread != 1 else ''} may be tapped ones: give --taps "
                            "N, or set Attempts left in the live panel, if it is wrong)")
        return read
    above = read is not None and guess < read <= MAX_TAPS
    if above and counter.agree and counter.lead >= STRONG_LEAD and board_gap >= STRONG_GAP:
        notes.append(f"{read} attempts left (counter; the board alone would give {guess}: "
                     "extra attempts?)")
        return read
    if above and counter.lead > 0.0 and board_gap > NEAR_GAP:
        # Not clearly read, but above the board's count, which it cannot be below, and not
        # much like the board's count: bought attempts, likely; the warning says to check,
        # naming the other counts the glyphs are nearly as like (harder desktop 400000: a
        # bold slashed 0 read as 8 by 0.002, "18" taken for 10, the 10 never said).
        others = _close_counts(counter, read, guess)
        if maybe is not None:
            maybe.extend(others)
        # The counts are said by the doubt line ("18 or 10?"): the warning says to check.
        said = "" if others and maybe is not None else \
            f": taken as {read}" + (f"; it may be {' or '.join(map(str, others))}" if others
                                    else "")
        warnings.append(f"attempts counter not read with confidence{said} (the board alone "
                        f"gives {guess} = 10 - {tapped} tiles tapped; give --taps N, or set "
                        "Attempts left in the live panel, if it is wrong)")
        return read
    # The board's count taken; a count read that the board allows (the tiles tapped, some
    # unread ones among them, or attempts bought) is kept as the other (taps: 7/9), so the
    # advice says whether it matters instead of a warning naming it only.
    if read is not None and read != guess and guess - unread <= read <= MAX_TAPS \
            and maybe is not None:
        maybe.append(read)
        warnings.append(f"attempts counter not read with confidence: {guess} = 10 - {tapped} "
                        "tiles tapped taken first (give --taps N, or set Attempts left in the "
                        "live panel)")
        return guess
    seen = f"it looks like {read}" if read is not None else "no number found"
    if read is not None and not counter.agree:
        seen += ", or otherwise at another contrast"
    warnings.append(f"attempts counter not read with confidence ({seen}): assuming {guess} "
                    f"= 10 - {tapped} tiles tapped (give --taps N, or set Attempts left in "
                    "the live panel)")
    return guess
