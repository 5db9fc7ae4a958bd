"""Reading a Disco Zoo rescue: the board, the animal cards, the region and the attempts left.

The pack tells ground (``.``), tapped empty (``-``) and found-animal tiles apart, the last by
the rarity colour of the tile's rim only (``animal:common`` ... ``animal:timeless``; the sprite
is masked out), so no per-animal template is needed. Which animal a found tile shows comes
from the cards above the board:

- each card's **name** is read by drawing every candidate name (the region's animals and the
  pets, or every animal when the region is not read) the way the skin writes it and keeping
  the best match of the ink's shape (:func:`gridsight.readers.screen.text_match`);
- each named animal's **rarity** comes from the catalogue (the card's tile colour, compared
  with the rim colours of the pack's animal templates, is read too, but a cropped screenshot
  may hide part of it);
- a found tile's animal is the card of its rarity; when two cards share a rarity the tile's
  sprite is compared with the cards' sprites (a found animal's card shows its sprite in
  colour).

The region's name and the attempts counter in the top bar are read the same way as the names
(candidates drawn and matched). The player can give any of these instead (``--animals``,
``--region``, ``--taps``), which is also how a calibrated pack of the real game is used: its
screen layout is not the shipped skin's.

A tile the player set by hand in the live panel names its animal (``animal:NAME``, as the skin
labels a found tile), so two animals of one rarity are told apart by the player's word.

An unread tile is "not yet observed": it is written ``.`` (untapped) and listed as unread, so
the board is still solved.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from gridsight.games.disco_zoo.given import other_region
from gridsight.readers.base import BoardReading, ReadError, ReadHints, make_reading
from gridsight.readers.screen import dominant_color, ink, native_screen, text_match
from gridsight.readers.screen import write_text as draw_text
from gridsight.solvers.boardtext import BoardText
from gridsight.solvers.cellnames import cell_name
from gridsight.solvers.disco_zoo.board import EMPTY, UNTAPPED, candidates, parse_board
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.solvers.errors import InputError
from gridsight.vision.classify import UNKNOWN, BoardRead
from gridsight.vision.packs import TemplatePack
from gridsight.vision.sprites import sprite_distance

RARITIES = ("common", "rare", "mythical", "timeless")
MIN_TEXT = 0.55  # a name, region or number matching its best candidate worse than this is unread
MIN_TEXT_MARGIN = 0.01  # ... or not this much better than the runner-up
CARD_ROW = 58  # below the cards' top: a line across every card under its sprite, above its name
CARD_INK = 40.0  # colour distance from the background that marks a card
SHAPE_WEIGHT = 0.3  # weight of the sprite's shape against the name's ink in a card's name


@dataclass(frozen=True, eq=False)
class Layout:
    """Where the shipped rescue screen draws what is not a tile: the pack's ``layout`` (data
    written by the test kit from the skin, in the screen's pixels at ``px`` per cell).

    ``board`` is the board's top-left corner on the screen and ``screen`` its size,
    ``card_top`` the top of the animal cards, ``sprite_box`` the sprite's square in a found
    tile (fractions of the cell), ``sprites`` each animal's 8x8 sprite as the screen draws it
    (rows of ``0``/``1``): a card's sprite shape tells two short names apart.
    """

    px: float
    board: tuple[float, float]
    screen: tuple[int, int]
    card_top: int
    sprite_box: tuple[float, float, float, float]
    sprites: dict[str, np.ndarray]

    def sprite(self, name: str) -> np.ndarray | None:
        return self.sprites.get(name)


#: The packs whose layouts :func:`layout_of` keeps (a live session or a batch uses one or two).
LAYOUTS_KEPT = 16


@lru_cache(maxsize=LAYOUTS_KEPT)
def layout_of(pack: TemplatePack) -> Layout | None:
    """The pack's screen layout, or ``None`` for a pack without one (then only the board and,
    by structure, the cards and the counter are read). Kept for the last
    :data:`LAYOUTS_KEPT` packs only: every ``api.read`` loads its pack afresh, and a program
    reading pictures for hours kept every pack it had loaded, images and all."""
    data = pack.layout
    if not data or "card_top" not in data:
        return None
    sprites = {name: np.array([[ch == "1" for ch in row] for row in rows], bool)
               for name, rows in dict(data.get("sprites", {})).items()}
    return Layout(float(data["px"]), tuple(data["board"]), tuple(data["screen"]),
                  int(data["card_top"]), tuple(data["sprite_box"]), sprites)


@dataclass(frozen=True)
class CardRead:
    """One animal card as read: its name (``""`` unread), rarity and where its sprite sits."""

    name: str
    rarity: str
    name_score: float
    sprite: np.ndarray  # the sprite square, native pixels


class DiscoZooReader:
    game = "disco-zoo"

    def read(self, image: np.ndarray, board: BoardRead, pack: TemplatePack,
             hints: ReadHints) -> BoardReading:
        if "rescue_screen" in board.extras:  # found by its structure: a real-look screen
            from gridsight.games.disco_zoo.screen_text import read_screen

            return read_screen(board.extras["rescue_screen"], board, hints, pack, image)
        layout = layout_of(pack)
        screen = None if layout is None else native_screen(
            image, board.geometry, *layout.board, layout.px, *layout.screen)
        gain = board.gain or 1.0
        notes: list[str] = []
        warnings: list[str] = []
        catalogue = load_catalogue()

        # The top bar is read only on a screen laid out like the shipped skin's (its cards
        # where the layout puts them): elsewhere (a calibrated pack of the real game) the
        # pixels there are something else, and a number read off them would be a guess.
        ours = screen is not None and bool(card_slots(screen, layout))
        seen_region = hints.region or (read_region(screen) if ours else None)
        region = hints.region if hints.animals else seen_region
        if region and not hints.region:
            notes.append(f"region {region}")
        taps = hints.taps
        if taps is None and ours:
            # Not read where our skin draws it: found by structure below, checked by the board.
            taps = read_attempts(screen, seen_region)
            if taps is not None:
                notes.append(f"{taps} attempts left")

        colors = rarity_colors(pack)
        cards = read_cards(screen, region, colors, gain, layout) if ours else []
        given = hints.animals  # (the player's: the names read below are not checked so)
        if not hints.animals and (not ours or not cards or any(not c.name for c in cards)):
            # Another layout (a calibrated pack of the real game, whose cards may even stand
            # where our skin's do, their names unread there): the cards found by their
            # structure, their names read in the screen's own font.
            from gridsight.games.disco_zoo import screen as structure
            from gridsight.games.disco_zoo.names import animals_on_screen

            lattice = _board_lattice(board)
            seen, told = animals_on_screen(image, structure.cards_for(image, lattice, pack),
                                           lattice.y, hints.region)
            hints = hints.replaced(animals=seen)
            notes.append(told)
        if hints.animals:
            names = list(hints.animals)
            region_name, animals = catalogue.resolve(names, region)
            rarities = [a.rarity for a in animals]
            sprites = [None] * len(names)
            for i, animal in enumerate(animals):  # cards in the same order give the sprites
                for card in cards:
                    if card.name and catalogue.canonical_key(card.name) == \
                            catalogue.canonical_key(animal.name):
                        sprites[i] = card.sprite
            names = [a.name for a in animals]
            region = region_name
            if given and not hints.region and seen_region:
                other_region(names, region_name, seen_region, warnings)
        else:
            if not cards or any(not card.name for card in cards):
                missing = "no animal cards found" if not cards else "a card's name is unreadable"
                raise ReadError(f"cannot tell which animals are in the rescue ({missing}); "
                                "name them with --animals, e.g. --animals Pig,Cow")
            names = [card.name for card in cards]
            region, animals = catalogue.resolve(names, region)
            # The catalogue knows each named animal's rarity; the card's tile colour may be
            # partly hidden (a cropped screenshot), so it is only used for unnamed cards.
            rarities = [a.rarity for a in animals]
            sprites = [card.sprite for card in cards]
            notes.append("animals from the cards: " + ", ".join(names))

        grid, unread, unsure = [], list(board.unknown()), []
        found_cards: list = []  # the cards found by structure, once, if a tile needs them
        for r, row in enumerate(board.cells):
            out = []
            for c, cell in enumerate(row):
                if not cell.known or cell.label == "ground":
                    out.append(".")
                elif cell.label == "empty":
                    out.append("-")
                elif cell.label[7:] not in RARITIES and cell.label.startswith("animal:"):
                    # The panel's "animal:NAME": the player said which animal it is.
                    out.append(str(named_animal(cell.label[7:], names, r, c) + 1))
                elif cell.label.startswith("animal:"):
                    k = which_animal(screen, r, c, cell.label[7:], rarities, sprites, layout)
                    if k is None:  # the cards where this layout has them: look anywhere
                        k = _by_cards_anywhere(image, board, r, c, cell.label[7:], rarities,
                                               found_cards, notes, pack)
                    if k is None:  # clearly found, animal unsure: solved over the candidates
                        token, names_of = unsure_token(cell.label[7:], rarities, names)
                        out.append(token)
                        unsure.append((r, c))
                        notes.append(f"{cell_name(r, c)} shows a {cell.label[7:]} animal whose "
                                     f"sprite does not settle which: {names_of}; solved over "
                                     "these animals")
                    else:
                        out.append(str(k + 1))
                else:
                    raise ReadError(f"the pack's label '{cell.label}' at {cell_name(r, c)} is not "
                                    "a Disco Zoo tile (ground, empty, animal:RARITY or NAME)")
            grid.append(out)
        if taps is None:  # another layout: the counter found by structure, checked by the board
            taps = _taps_by_structure(image, board, grid, found_cards, notes, warnings, pack)
        headers = [("region", region), ("animals", ", ".join(names)), ("taps", str(taps))]
        return make_reading(self.game, headers, grid, board, unread, notes, warnings, unsure)

    def furniture_missing(self, image: np.ndarray, board: BoardRead, pack: TemplatePack,
                          hints: ReadHints) -> tuple[str, ...]:
        """What of the screen's furniture the reader does not find by itself on this
        screenshot (``calibrate``): ``cards`` when the cards found are not one per animal
        (none, when the animals are not known), ``counter`` when the counter does not read
        as ``taps`` (is not read, when they are not known)."""
        from gridsight.games.disco_zoo import screen as structure

        lattice = _board_lattice(board)
        missing = []
        cards = structure.cards_for(image, lattice, pack)
        if len(cards) != len(hints.animals) if hints.animals else not cards:
            missing.append("cards")
        counter = structure.counter_for(image, lattice, cards, pack)
        if counter.value is None if hints.taps is None else counter.value != hints.taps:
            if hints.taps is not None or not _counter_taken(counter, board):
                missing.append("counter")
        return tuple(missing)

    def hint_parts(self, image: np.ndarray, board: BoardRead, pack: TemplatePack,
                   hint: str) -> tuple[int, str] | None:
        """How many parts ``hint`` takes on this screenshot and what each stands for
        (``calibrate``'s placeholder in the command it suggests): for ``animals``, one name
        per card found, ``(2, "card")``; ``None`` when no card is found (the rescue's
        animals are then not counted on the screen) or for another hint."""
        from gridsight.games.disco_zoo import screen as structure

        if hint != "animals":
            return None
        try:
            cards = structure.cards_for(image, _board_lattice(board), pack)
        except ReadError:  # a marked card box off this screenshot
            return None
        return (len(cards), "card") if cards else None

    def named_labels(self, hints: ReadHints) -> tuple[str, ...]:
        """Labels the live panel offers beyond the pack's: ``animal:NAME`` for each animal of
        the rescue (the player telling which animal a found tile shows; a pack grown by it
        keeps the tile as that animal's reference picture)."""
        if not hints.animals:
            return ()
        try:
            _, animals = load_catalogue().resolve(list(hints.animals), hints.region)
        except InputError:
            return ()
        return tuple(f"animal:{a.name}" for a in animals)

    def unread_alternatives(self, reading: BoardReading, cell: tuple[int, int]) -> list[str]:
        """The board text with unread ``cell`` as each thing a tapped tile can be (empty, some
        animal): if the advice differs, the unread cell matters."""
        lines = reading.text.splitlines()
        header = len(lines) - reading.board.rows
        r, c = cell
        out = []
        for token in ("-", "*"):
            rows = [line.split() for line in lines[header:]]
            rows[r][c] = token
            out.append("\n".join(lines[:header] + [" ".join(row) for row in rows]) + "\n")
        return out

    def labels_from_text(self, board: BoardText, pack: TemplatePack) -> list[list[str]]:
        """``.`` ground, ``-`` empty, ``k`` the tile of the k-th animal (by its rarity); a
        found tile of unsure animal (``1/3``, ``*``) is its candidates' rarity when they share
        one, else ``unknown`` (not learned: its rim colour is not known)."""
        rescue = parse_board(board)
        n = len(rescue.animals)
        labels = []
        for row in rescue.grid:
            out = []
            for value in row:
                if value == UNTAPPED:
                    out.append("ground")
                elif value == EMPTY:
                    out.append("empty")
                else:
                    mask = candidates(value, n)
                    rarities = {a.rarity for k, a in enumerate(rescue.animals) if mask >> k & 1}
                    out.append(f"animal:{rarities.pop()}" if len(rarities) == 1 else UNKNOWN)
            labels.append(out)
        return labels


# -- the cards ------------------------------------------------------------------------------


def rarity_colors(pack: TemplatePack) -> dict[str, np.ndarray]:
    """The rim colour of each rarity's animal tile in ``pack`` (the median of its masked
    pixels)."""
    out = {}
    for template in pack.templates:
        if not template.label.startswith("animal:"):
            continue
        pixels = template.image
        if template.mask is not None:
            pixels = pixels[template.mask > 127]
        out[template.label[7:]] = dominant_color(pixels)
    return out


def card_slots(screen: np.ndarray, layout: Layout) -> list[tuple[int, int]]:
    """``(x, width)`` of each card, from the number of cards seen across the card row."""
    row = layout.card_top + CARD_ROW
    line = screen[row - 1 : row + 2].astype(np.float32).mean(axis=0)
    background = np.median(np.concatenate([line[:6], line[-6:]]), axis=0)
    ink = np.linalg.norm(line - background, axis=1) > CARD_INK
    runs, start = [], None
    for x, on in enumerate(list(ink) + [False]):
        if on and start is None:
            start = x
        elif not on and start is not None:
            if x - start >= 30:
                runs.append((start, x))
            start = None
    count = len(runs)
    if not 1 <= count <= 3:
        return []
    gap = 6
    width = (layout.screen[0] - 2 * 10 - gap * (count - 1)) // count
    slots = [(10 + i * (width + gap), width) for i in range(count)]
    # The runs must sit where the layout puts the cards (a few pixels of blur allowed).
    for (x0, x1), (x, w) in zip(runs, slots):
        if abs(x0 - x) > 6 or abs(x1 - (x + w)) > 6:
            return []
    return slots


def read_cards(screen: np.ndarray, region: str | None, colors: dict[str, np.ndarray],
               gain: float, layout: Layout) -> list[CardRead]:
    cards = []
    for x, width in card_slots(screen, layout):
        tile = min(48, width - 16)
        tx, ty = x + (width - tile) // 2, layout.card_top + 6
        margin = round(0.2 * tile)
        square = screen[ty : ty + tile, tx : tx + tile].astype(np.float32)
        ring = np.ones(square.shape[:2], bool)
        ring[margin - 2 : tile - margin + 2, margin - 2 : tile - margin + 2] = False
        ring[:3, :], ring[-3:, :], ring[:, :3], ring[:, -3:] = False, False, False, False
        color = dominant_color(square[ring])
        rarity = min(colors, key=lambda k: float(np.linalg.norm(color / gain - colors[k]))) \
            if colors else ""
        sprite = screen[ty + margin : ty + tile - margin, tx + margin : tx + tile - margin]
        shape = sprite_shape(sprite, color)
        name, score = read_name(screen, x, width, region, layout, shape)
        cards.append(CardRead(name, rarity, score, sprite.copy()))
    return cards


def read_name(screen: np.ndarray, x: int, width: int, region: str | None, layout: Layout,
              shape: np.ndarray | None = None) -> tuple[str, float]:
    """The card's name among the candidates, or ``""`` when no candidate is clearly it.

    Each candidate scores the match of its drawn name plus ``SHAPE_WEIGHT`` times the share of
    the 8x8 sprite grid where the card's sprite (or silhouette) ``shape`` agrees with the
    candidate's (short names such as Bat and Rat differ by one letter, their sprites do not).
    """
    baseline = layout.card_top + 74
    y0, y1 = baseline - 13, baseline + 4
    x0, x1 = x + 2, x + width - 2
    crop = ink(cv2.cvtColor(screen[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY))
    scored = []
    for name in _name_candidates(region):
        drawn = _drawn_text(name.upper()[:10], x1 - x0, y1 - y0, 4, baseline - y0, 9, True)
        score = text_match(crop, drawn)
        drawn_shape = layout.sprite(name)
        if shape is not None and drawn_shape is not None:
            score += SHAPE_WEIGHT * (float(np.mean(shape == drawn_shape)) - 1.0)
        scored.append((score, name))
    return _pick(scored)


def sprite_shape(sprite: np.ndarray, tile_color: np.ndarray) -> np.ndarray | None:
    """Which cells of the 8x8 sprite grid hold the creature (differ from the tile colour)."""
    if sprite.shape[0] < 8 or sprite.shape[1] < 8:
        return None
    small = cv2.resize(sprite, (8, 8), interpolation=cv2.INTER_AREA).astype(np.float32)
    return np.linalg.norm(small - tile_color, axis=2) > 45


def named_animal(name: str, names: list[str], r: int, c: int) -> int:
    """The index of the rescue's animal called ``name`` (a tile set by hand in the panel)."""
    catalogue = load_catalogue()
    key = catalogue.canonical_key(name)
    for k, candidate in enumerate(names):
        if catalogue.canonical_key(candidate) == key:
            return k
    raise ReadError(f"the tile at {cell_name(r, c)} was set to {name}, which is not one of "
                    f"this rescue's animals ({', '.join(names)})")


def _board_lattice(board: BoardRead):
    from gridsight.vision.lattice import Lattice

    g = board.geometry
    (x0, y0), (x1, y1) = g.board_to_image([(0, 0), (g.cols, g.rows)])
    return Lattice(float(x0), float(y0), float(x1 - x0) / g.cols, float(y1 - y0) / g.rows,
                   g.rows, g.cols, 0.0)


def _taps_by_structure(image: np.ndarray, board: BoardRead, grid: list[list[str]], memo: list,
                       notes: list[str], warnings: list[str],
                       pack: TemplatePack | None = None) -> int:
    """The attempts left on a screen not laid out like our skin: the big number left of
    ``ATTEMPTS LEFT`` above the cards, found and read by structure (or in the box the player
    marked when calibrating) and checked against the tiles tapped
    (:func:`gridsight.games.disco_zoo.screen.counter_for`)."""
    from gridsight.games.disco_zoo import screen as structure

    lattice = _board_lattice(board)
    cards = memo[0] if memo else structure.cards_for(image, lattice, pack)
    counter = structure.counter_for(image, lattice, cards, pack)
    tapped = sum(token != "." for row in grid for token in row)
    from gridsight.games.disco_zoo.screen_text import taps_left

    return taps_left(counter, None, tapped, notes, warnings)


def _counter_taken(counter, board: BoardRead) -> bool:
    """Whether the reading takes the attempts from ``counter`` with no warning though it
    has no value of its own: its digits read as one of the board's counts
    (:func:`.screen_text.taps_left`), as ``analyze`` takes them. Fresh harder desktops 795002
    and 796003: ``analyze`` said "5 attempts left (counter, agreeing with 5 tiles tapped)"
    and calibrate, looking at the counter's value alone, "the counter was not found ...
    mark it"."""
    from gridsight.games.disco_zoo.screen_text import taps_left

    if not counter.digits:
        return False
    tapped = sum(cell.known and (cell.label == "empty" or cell.label.startswith("animal"))
                 for row in board.cells for cell in row)
    notes: list[str] = []
    warnings: list[str] = []
    taps_left(counter, None, tapped, notes, warnings, len(list(board.unknown())))
    return not warnings and any("(counter" in note for note in notes)


def _by_cards_anywhere(image: np.ndarray, board: BoardRead, r: int, c: int, rarity: str,
                       rarities: list[str], memo: list, notes: list[str],
                       pack: TemplatePack | None = None) -> int | None:
    """The animal of a found tile told by the cards found by their structure (dark panels
    above the board, in card order), for a screen not laid out like our skin (a calibrated
    pack of the real game): ``None`` when the cards are not all found or the sprite does not
    settle it."""
    from gridsight.games.disco_zoo import screen as structure

    same = [k for k, value in enumerate(rarities) if value == rarity]
    if len(same) < 2:
        return None
    lattice = _board_lattice(board)
    if not memo:
        cards = structure.cards_for(image, lattice, pack)
        memo.append(cards if len(cards) == len(rarities) else ())
        if memo[0]:
            notes.append(f"{len(cards)} animal cards found above the board (in card order)")
    cards = memo[0]
    tile = structure._tile_sprite(image, lattice, r, c)
    if not cards or tile is None or tile.empty:
        return None
    scored = sorted((sprite_distance(tile, cards[k].sprite), k) for k in same)
    margin = structure.screen_facts()["sprite_margin"]
    if scored[0][0] < 0.5 and scored[1][0] - scored[0][0] >= margin:
        return scored[0][1]
    return None


def unsure_token(rarity: str, rarities: list[str], names: list[str]) -> tuple[str, str]:
    """The token of a found tile of ``rarity`` whose animal is unsure: the animals of that
    rarity (``1/3``), or ``*`` when none or all are; and their names."""
    same = [k for k, value in enumerate(rarities) if value == rarity]
    if not same or len(same) == len(names):
        return "*", " or ".join(names)
    return "/".join(str(k + 1) for k in same), " or ".join(names[k] for k in same)


def which_animal(screen: np.ndarray | None, r: int, c: int, rarity: str, rarities: list[str],
                 sprites: list, layout: Layout | None) -> int | None:
    """The index of the animal whose card matches the found tile at ``(r, c)``."""
    same = [k for k, value in enumerate(rarities) if value == rarity]
    if len(same) == 1:
        return same[0]
    if not same or screen is None or layout is None:
        return None
    cell = layout.px
    x0, x1, y0 = (round(v * cell) for v in (layout.sprite_box[0], layout.sprite_box[2],
                                            layout.sprite_box[1]))
    cx, cy = round(layout.board[0] + c * cell), round(layout.board[1] + r * cell)
    tile = screen[cy + y0 : cy + y0 + (x1 - x0), cx + x0 : cx + x1]
    best, best_d = None, np.inf
    for k in same:
        if sprites[k] is None or not sprites[k].size:
            continue
        d = _sprite_distance(tile, sprites[k])
        if d < best_d:
            best, best_d = k, d
    return best


def _sprite_distance(a: np.ndarray, b: np.ndarray) -> float:
    size = (8, 8)
    pa = cv2.resize(a, size, interpolation=cv2.INTER_AREA).astype(np.float32)
    pb = cv2.resize(b, size, interpolation=cv2.INTER_AREA).astype(np.float32)
    return float(np.mean((pa - pb) ** 2))


# -- the top bar ----------------------------------------------------------------------------


def read_region(screen: np.ndarray) -> str | None:
    """The region named on the left of the top bar, or ``None``."""
    crop = ink(cv2.cvtColor(screen[12:42, 6:200], cv2.COLOR_BGR2GRAY))
    scored = [(text_match(crop, _drawn_text(name.upper(), 194, 30, 6, 24, 18, True)), name)
              for name in load_catalogue().regions]
    name, _ = _pick(scored)
    return name or None


def read_attempts(screen: np.ndarray, region: str | None = None) -> int | None:
    """The attempts-left counter on the right of the top bar, or ``None``.

    A long region name runs into the counter, so each candidate number is drawn together with
    the region's name (when read), and the counter's part of the bar is compared.
    """
    crop = ink(cv2.cvtColor(screen[4:52, 150:228], cv2.COLOR_BGR2GRAY))
    scored = [(text_match(crop, ink(_drawn_bar(region or "", str(n))[:, 150:])), str(n))
              for n in range(0, 11)]
    value, _ = _pick(scored)
    return int(value) if value else None


@lru_cache(maxsize=256)  # a region read or given, a number of 0-10: bounded
def _drawn_bar(region: str, number: str) -> np.ndarray:
    canvas = np.zeros((48, 228, 3), np.uint8)
    if region:
        draw_text(canvas, region.upper(), 12, 32, 18, (255, 255, 255), bold=True)
    draw_text(canvas, number, 222, 40, 34, (255, 255, 255), bold=True, right=True)
    return cv2.cvtColor(canvas, cv2.COLOR_BGR2GRAY)


def _pick(scored: list[tuple[float, str]]) -> tuple[str, float]:
    scored.sort(reverse=True)
    if not scored:
        return "", 0.0
    best, name = scored[0]
    runner = scored[1][0] if len(scored) > 1 else -1.0
    if best < MIN_TEXT or best - runner < MIN_TEXT_MARGIN:
        return "", best
    return name, best


@lru_cache(maxsize=64)  # a region read or given: bounded
def _name_candidates(region: str | None) -> tuple[str, ...]:
    catalogue = load_catalogue()
    if region and region in catalogue.regions:
        animals = catalogue.regions[region] + catalogue.pets
    else:
        animals = catalogue.animals()
    return tuple(dict.fromkeys(a.name for a in animals))


@lru_cache(maxsize=4096)  # names at a layout's card widths: bounded
def _drawn_text(words: str, width: int, height: int, x: int, baseline: int, size: float,
                bold: bool, right: bool = False) -> np.ndarray:
    """``words`` written the way the skin writes them, as :func:`ink` (computed once)."""
    canvas = np.zeros((height, width, 3), np.uint8)
    draw_text(canvas, words, x, baseline, size, (255, 255, 255), bold=bold, right=right)
    return ink(cv2.cvtColor(canvas, cv2.COLOR_BGR2GRAY))


READER = DiscoZooReader()
