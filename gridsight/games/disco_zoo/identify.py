"""Which animal each found tile of a rescue shows, from everything the screen and the rules say.

A found tile's rarity colour narrows it to the rescue's animals of that rarity (and the pets).
When two or more remain, the evidence is weighed together rather than tile by tile:

1. **Tiles against tiles.** Two found tiles of one animal are the same picture at the same
   size on the same colour, so their sprites (:func:`gridsight.vision.sprites.sprite_distance`) are far
   nearer to each other than a tile's is to its card, and two animals' tiles are far apart
   (measured on the generated screens, 0.5x to 3x, JPEG 40 to 95: at most 0.25 between two
   tiles of one animal, at least 0.29 between two animals of one rarity). Tiles within
   :data:`SAME_TILE` of each other form a group showing one animal; groups all of whose
   tiles are :data:`OTHER_TILE` apart show two different animals.
2. **Tiles against the cards.** Each group's distance to each candidate's card sprite is the
   sum over its tiles (the card and the tile show the same art at different sizes on
   different colours: weaker evidence, which adds up over a group's tiles).
3. **The board** (:func:`gridsight.solvers.disco_zoo.placements.joint_placements`): each animal covers
   a fixed pattern, the animals do not overlap; an assignment of animals to the groups that
   no joint placement agrees with is impossible.

The best assignment (the least summed card distance among the possible ones) tells a group
when every possible assignment giving that group another animal is at least ``margin``
worse and its tiles are within :data:`MAX_CARD` of the card; the groups no card settles are
then told by the board when every joint placement agreeing with the rest puts one animal on
them ("resolved by the board"). What is still not settled stays a set of candidates: the
reader writes ``1/3`` (or ``*``) and the solver counts exactly the placements in which one of
them covers the tile. An unread tile is written untapped for these checks, which rules
nothing out.

Before all this, the cards' boxes (:func:`by_boxes`): each card fills one box per tile of its
animal found so far, so the found tiles of each animal are counted; of the ways to give the
found tiles animals (each within its colour's candidates), only those matching the counts and
having a joint placement on the board stand, and each tile keeps the animals it shows in one
of them. Whenever the counts differ (Panda 2, Tiger 0) this alone tells every tile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Sequence

import numpy as np

from gridsight.solvers.disco_zoo.board import EMPTY, UNTAPPED, RescueBoard, one_of
from gridsight.solvers.disco_zoo.catalogue import COLS, ROWS, Animal
from gridsight.solvers.errors import InputError
from gridsight.vision.sprites import Sprite, sprite_distance

SAME_TILE = 0.2  # two found tiles' sprites nearer than this show the same animal
OTHER_TILE = 0.28  # ... farther than this, two different animals
MAX_CARD = 0.5  # a group whose tiles are farther than this from its card is not told by it
# ... and this, when a tile of the group has its picture cut over nearly its whole crop
# (:attr:`FoundTile.filled`): JPEG's ringing round a dark sprite on a bright fill and the
# darkened rim taken as ink, the cut is mostly not the animal and stands about as far from
# every card (wider 940002 as JPEG 60: two Pigeon tiles 0.59 from the Pigeon's card and
# 0.489 from the Rat's, stated Rat; on 940000-940019 as JPEG 60 such tiles stood 0.20-0.36
# from their own card, 0.43-0.49 from a wrong nearest one).
MAX_CARD_FILLED = 0.4
# The lead the cards' best assignment must have over every possible one giving a group another
# animal, at least (the screen's ``sprite_margin`` when larger). A card and a found tile show
# one art on two colours, and a dark outline vanishes on a dark card: real-look 1118012 at
# 0.52x (Constellation), the Chamaeleon's card dark purple, its sprite cut as its stripes
# only, the common found Chamaeleon stood 0.439 from the Lynx's card and 0.514 from its own,
# stated Lynx with --animals; on 1118016 a found tile led its own card by the same 0.075
# (0.426 and 0.501). A lead that thin tells no two cards apart: the tile is left to the board,
# else written with both candidates.
CARD_LEAD = 0.1
MAX_ASSIGNMENTS = 4096  # more possible assignments than this: groups are told one by one

Cell = tuple[int, int]


@dataclass(frozen=True, eq=False)
class FoundTile:
    """A tapped tile showing an animal: where, the animals its colour allows (indices into
    the rescue's animals; all of them when its colour fits no rarity) and its sprite;
    ``filled``: the sprite's ink spans nearly the whole tile (told by a card only within
    :data:`MAX_CARD_FILLED`)."""

    cell: Cell
    candidates: tuple[int, ...]
    sprite: Sprite | None = field(default=None, repr=False)
    filled: bool = False


@dataclass(frozen=True)
class Told:
    """What a found tile was told to be: the animals it may still show (one when sure) and
    how that was settled (``colour``, ``card``, ``reference`` (a tile the player named
    before), ``board`` or ``""`` when it is not)."""

    cell: Cell
    animals: tuple[int, ...]
    how: str


MAX_COUNTED = 512  # assignments checked against the board at most (beyond: counts only)


def boxes_stand(found: Sequence[FoundTile], animals: Sequence[Animal],
                counts: Sequence[int | None], *, empty: Sequence[Cell] = (),
                region: str = "", taps: int = 10, unread: int = 0) -> bool:
    """Whether :func:`by_boxes` finds an assignment that stands (``by_boxes(...) is not
    None``), its walk stopped at the first one: the same walk in the same order up to it
    (the board checks counted alike), so the same answer by construction. The settling of
    the cards' animals asks only this, of every choice of animals (measured: most of its CPU
    on widest screens went on walking past the first assignment that stood)."""
    return _by_boxes(found, animals, counts, empty, region, taps, unread, True) is not None


def by_boxes(found: Sequence[FoundTile], animals: Sequence[Animal],
             counts: Sequence[int | None], *, empty: Sequence[Cell] = (), region: str = "",
             taps: int = 10, unread: int = 0) -> dict[Cell, tuple[int, ...]] | None:
    """Each found tile's animals allowed by the cards' filled boxes and the board.

    ``counts[k]`` is how many tiles of animal ``k`` are found (its card's filled boxes;
    ``None``: not read). An assignment of animals to the found tiles (each within its
    candidates) stands when every read count is met (within ``unread`` fewer: tiles hidden
    or unread may be found ones) and the board has a joint placement for it. ``None`` when
    none stands: the boxes as read disagree with the board (a misread, or an edited screen).

    >>> from gridsight.solvers.disco_zoo.catalogue import load_catalogue
    >>> _, jungle = load_catalogue().resolve(["Gorilla", "Panda", "Tiger"], None)
    >>> tiles = [FoundTile((2, 3), (1, 2)), FoundTile((3, 1), (1, 2))]  # two rare tiles
    >>> by_boxes(tiles, jungle, [0, 2, 0])  # Panda's card has two boxes filled
    {(2, 3): (1,), (3, 1): (1,)}
    >>> by_boxes(tiles, jungle, [0, 1, 0]) is None  # two rare tiles, one rare box filled
    True
    >>> by_boxes([], jungle, [0, 2, 0]) is None  # two boxes filled, no found tile shown
    True
    >>> by_boxes([], jungle, [0, 2, 0], unread=2)  # ... unless two tiles are unread
    {}
    """
    return _by_boxes(found, animals, counts, empty, region, taps, unread, False)


def _by_boxes(found: Sequence[FoundTile], animals: Sequence[Animal],
              counts: Sequence[int | None], empty: Sequence[Cell], region: str, taps: int,
              unread: int, first: bool) -> dict[Cell, tuple[int, ...]] | None:
    """:func:`by_boxes`; ``first``: its walk stopped at the first assignment that stands
    (:func:`boxes_stand`; the tiles' animals are then that assignment's alone)."""
    tiles = list(found)
    allowed: dict[Cell, set[int]] = {t.cell: set() for t in tiles}
    board = _Board(animals, empty, region, taps)
    tally = [0] * len(animals)
    checked = [0]
    stood = [False]  # an assignment met every count and the board (with no found tiles too)
    pick: list[int] = []
    room = _Room(animals, empty)
    given = [0] * len(animals)  # the found tiles given to each animal so far (bitmasks)

    def meets(final: bool) -> bool:
        for k, need in enumerate(counts):
            if need is None:
                continue
            if tally[k] > need:
                return False
            left = len(tiles) - len(pick)
            if final and tally[k] < need - unread or tally[k] + left < need - unread:
                return False
        return True

    def walk(i: int) -> None:
        if first and stood[0] or not meets(i == len(tiles)):
            return
        if i == len(tiles):
            if checked[0] < MAX_COUNTED:
                checked[0] += 1
                if not board.assigned(tiles, pick):
                    return
            stood[0] = True
            for t, k in zip(tiles, pick):
                allowed[t.cell].add(k)
            return
        r, c = tiles[i].cell
        bit = 1 << (r * COLS + c)
        for k in tiles[i].candidates:
            given[k] |= bit
            if room.allows(given):
                pick.append(k)
                tally[k] += 1
                walk(i + 1)
                tally[k] -= 1
                pick.pop()
            given[k] &= ~bit

    walk(0)
    if not stood[0]:
        # (with no found tile on the board, filled boxes are met by unread tiles alone: a
        # phone screen's unfilled boxes read as filled, the board empty, 140031, had named a
        # card's animal by its count with no doubt said)
        return None
    return {cell: tuple(sorted(ks)) for cell, ks in allowed.items()}


@lru_cache(maxsize=4096)
def _room(animal: Animal, blocked: int) -> tuple[int, ...]:
    """``animal``'s placements (bitmasks) clear of the cells ``blocked``, in its order: made
    once per animal and tiles tapped empty (the settling weighs every choice of animals
    against one board, each choice's animals' room asked anew)."""
    return tuple(m for m in animal.placements() if not m & blocked)


class _Room:
    """Each animal's placements clear of the tiles tapped empty (bitmasks), to cut the ways of
    giving found tiles animals early: a way in which some animal has no placement covering
    the tiles it was given and none of the others' would fail the board check anyway (most
    ways do, and the check is the cost: a screen of many choices of animals took 45 s of
    CPU, `bench/bench_by_boxes.py`). Only necessary conditions: what it lets through is
    still checked against the board."""

    def __init__(self, animals: Sequence[Animal], empty: Sequence[Cell]) -> None:
        blocked = sum(1 << (r * COLS + c) for r, c in empty)
        self.room = [_room(a, blocked) for a in animals]

    def allows(self, given: Sequence[int]) -> bool:
        """Whether every animal given tiles (``given[k]``: its tiles' bits, disjoint) has a
        placement covering them and none of the other animals' tiles."""
        taken = sum(given)
        for mine, room in zip(given, self.room):
            if mine and not any(m & mine == mine and not m & (taken & ~mine) for m in room):
                return False
        return True


def boxes_lacking(found: Sequence[FoundTile], counts: Sequence[int | None]) -> int:
    """How many of the found tiles the cards' filled boxes count (``counts[k]`` for animal
    ``k``, ``None`` where not read) the board as read lacks at the least: the counts' sum
    less the most found tiles that can be given to the counted animals, each tile one of its
    candidates and no animal more tiles than its count (a matching). More than the tiles
    left unread: some found tile was read as another kind (wider 890013 as JPEG 60: the
    Monkey's and the Toucan's boxes one filled each, clearly; no common tile read, one tile
    unread, the Monkey's found tile, the lawn's own green, stated untapped).

    >>> tiles = [FoundTile((2, 3), (1, 2))]  # one rare tile, Panda or Tiger
    >>> boxes_lacking(tiles, [None, 1, 1]), boxes_lacking(tiles, [None, 1, None])
    (1, 0)
    """
    slots = [k for k, need in enumerate(counts) if need for _ in range(need)]
    taken: list[int] = [-1] * len(slots)  # the tile given each slot

    def give(t: int, seen: set[int]) -> bool:
        for s, k in enumerate(slots):
            if k in found[t].candidates and s not in seen:
                seen.add(s)
                if taken[s] < 0 or give(taken[s], seen):
                    taken[s] = t
                    return True
        return False

    matched = sum(give(t, set()) for t in range(len(found)))
    return len(slots) - matched


def identify(found: Sequence[FoundTile], cards: Sequence[Sprite | None],
             animals: Sequence[Animal], *, margin: float, empty: Sequence[Cell] = (),
             region: str = "", taps: int = 10,
             references: Sequence[FoundTile] = ()) -> dict[Cell, Told]:
    """Every found tile told as far as the evidence goes (see the module docstring).

    ``cards`` are the cards' sprites in the animals' order (``None`` where a card was not
    seen; an empty sequence when the cards were not all found), ``empty`` the tapped tiles
    with no animal, ``margin`` the lead the best assignment must have. ``references`` are
    tiles the player named before (a pack grown in the live panel: one candidate each, not
    on this board): a found tile within :data:`SAME_TILE` of one joins its group and is told.
    """
    told = _identify([*found, *references], cards, animals, margin, empty, region, taps,
                     {t.cell for t in references})
    return {cell: value for cell, value in told.items()
            if cell not in {t.cell for t in references}}


def _identify(found, cards, animals, margin, empty, region, taps, off_board) -> dict[Cell, Told]:
    groups = _groups(found)
    options = [tuple(sorted(set.intersection(*(set(t.candidates) for t in g)))) for g in groups]
    if any(not o for o in options):  # tiles joined that share no candidate: apart again
        groups = [[t] for t in found]
        options = [t.candidates for t in found]
    apart = {(i, j) for i in range(len(groups)) for j in range(i + 1, len(groups))
             if _apart(groups[i], groups[j])}
    usable = len(cards) == len(animals)
    options, apart = _colours_belied(groups, options, apart, cards if usable else (), margin,
                                     off_board)
    options, belied = _pictures_belie(groups, options, cards if usable else (), off_board)
    cost = [{k: _card_distance(g, cards, k) if usable and i not in belied else None
             for k in o} for i, (g, o) in enumerate(zip(groups, options))]
    board = _Board(animals, empty, region, taps, off_board)

    told: dict[Cell, Told] = {}
    open_groups = [i for i, o in enumerate(options) if len(o) > 1]
    for i, o in enumerate(options):
        if len(o) == 1:
            named = len(groups[i]) > 1 and any(t.cell in off_board for t in groups[i])
            for t in groups[i]:
                told[t.cell] = Told(t.cell, o, "reference" if named else "colour")
    settled = {i: options[i][0] for i, o in enumerate(options) if len(o) == 1}
    if open_groups:
        settled.update(_by_cards(groups, options, cost, apart, open_groups, settled, board,
                                 margin, told))
    left = [i for i in open_groups if i not in settled]
    if left:
        possible = board.possible(groups, options, settled, left)
        for i in left:
            choices = possible.get(i, options[i])
            how = "board" if len(choices) == 1 else ""
            for t in groups[i]:
                told[t.cell] = Told(t.cell, choices, how)
    return told


def _colours_belied(groups, options, apart, cards: Sequence[Sprite | None], margin: float,
                    off_board) -> tuple[list[tuple[int, ...]], set[tuple[int, int]]]:
    """``options`` widened where two groups their colour alone tells one same animal show
    clearly two animals (:func:`_apart`): an animal's found tiles all show its one picture,
    so one of the two colours is misread. Each such group whose tiles stand nearer another
    animal's card than its colour's animal's card, by ``margin`` a tile, may be that animal
    too; those pairs are no longer held apart (a rule for pictures of one animal measured on
    the generated screens, :data:`OTHER_TILE`, would force two animals on them where a
    picture's cut is off: each card must tell its own group by itself). With no cards, or no
    card nearer, the colours stand (a lattice over the cards, their panels read as found
    tiles of one colour, is refused by the animal's pattern: ``test_disco_zoo_hunt32b``).
    Widest 1022036 at 0.81x (Jurassic): the rare T-Rex's tile, a thin yellow disc inset in a
    cell of the common's green, read common at 0.73 (the cell's colour), stated Diplodocus,
    the one common animal, with ``--animals``; its picture 0.38 from the Diplodocus tile's,
    0.29 from the T-Rex's card and 0.48 from the Diplodocus's (since session 39 read rare by
    its disc, :func:`.screen._inset_disc`: the rule stays for a colour misread otherwise).
    A group holding a tile the player named (``off_board``) keeps its animal."""
    clash = {(i, j) for i, j in apart if len(options[i]) == 1 and options[i] == options[j]}
    if not clash or not cards:
        return options, apart
    options = list(options)
    widened = set()
    for i in sorted({k for pair in clash for k in pair}):
        if any(t.cell in off_board for t in groups[i]):
            continue
        own = options[i][0]
        far = {k: _card_distance(groups[i], cards, k) for k in range(len(cards))}
        mine = far.get(own)
        if mine is None:
            continue
        nearer = [k for k, d in far.items()
                  if d is not None and d + margin * len(groups[i]) <= mine]
        if nearer:
            options[i] = tuple(sorted({own, *nearer}))
            widened.add(i)
    return options, {pair for pair in apart
                     if not (pair in clash and widened & set(pair))}


# A group its colour alone tells one animal whose tiles stand this much nearer another
# animal's card, a tile, than its colour's animal's card: twice :data:`CARD_LEAD`.
BELIED = 0.2


def _pictures_belie(groups, options, cards: Sequence[Sprite | None],
                    off_board) -> tuple[list[tuple[int, ...]], set[int]]:
    """``options`` widened where a group its colour alone tells one animal shows the picture
    of another: its tiles stand :data:`BELIED` a tile or more nearer that animal's card than
    its colour's animal's. The colour read may be another's (a rim band that is partly the
    cell round an inset tile); the picture may be cut wrong: neither is taken, the group is
    left to the board (the groups so widened, returned, are not told by the cards). Widest
    1126004 at 0.70x (Ice Age): the mythical Akhlut's tile, pink, inset in a cell of the
    lawn darkened, its rim band of both read rare, stated Saber Tooth (the rare) with
    ``--animals``; its picture 0.415 from the Akhlut's card, 0.712 from the Saber Tooth's.
    A group holding a tile the player named (``off_board``) keeps its animal."""
    if not cards:
        return list(options), set()
    options = list(options)
    belied = set()
    for i, group in enumerate(groups):
        if len(options[i]) != 1 or any(t.cell in off_board for t in group):
            continue
        own = options[i][0]
        far = {k: _card_distance(group, cards, k) for k in range(len(cards))}
        mine = far.get(own)
        if mine is None:
            continue
        nearer = [k for k, d in far.items() if d is not None and d + BELIED * len(group) <= mine]
        if nearer:
            options[i] = tuple(sorted({own, *nearer}))
            belied.add(i)
    return options, belied


def _groups(found: Sequence[FoundTile]) -> list[list[FoundTile]]:
    """The found tiles joined into groups showing one animal: every two tiles of a group
    within :data:`SAME_TILE` of each other and sharing a candidate (complete linkage)."""
    groups: list[list[FoundTile]] = []
    for tile in found:
        for group in groups:
            if all(_distance(tile, other) < SAME_TILE
                   and set(tile.candidates) & set(other.candidates) for other in group):
                group.append(tile)
                break
        else:
            groups.append([tile])
    return groups


def _unseen(tile: FoundTile) -> bool:
    """Whether a found tile's picture tells nothing against another tile's: none cut, or
    cut over its whole tile (:attr:`FoundTile.filled`), mostly not the animal but the
    tile's own rounded shape and what lies round it. Fresh widest 1280009 at 0.60x
    (Outback, pitch 27.6 px, the tiles inset in their cells): the lawn's green in the
    corners of the crops of the Koala's and the Cockatoo's rare tiles was taken for their
    background, each cut as its whole pale tile, 0.105 apart (under :data:`SAME_TILE`):
    joined as one animal, the board put the Koala on both, the Cockatoo's stated Koala
    with ``--animals``."""
    return tile.sprite is None or tile.sprite.empty or tile.filled


def _distance(a: FoundTile, b: FoundTile) -> float:
    if _unseen(a) or _unseen(b) or a.sprite is None or b.sprite is None:
        return 1.0
    return sprite_distance(a.sprite, b.sprite)


def _apart(one: list[FoundTile], two: list[FoundTile]) -> bool:
    """Whether two groups clearly show two different animals (every pair of their tiles
    :data:`OTHER_TILE` apart, both sprites seen, neither cut over its whole tile)."""
    for a in one:
        for b in two:
            if _unseen(a) or _unseen(b):
                return False
            if sprite_distance(a.sprite, b.sprite) < OTHER_TILE:
                return False
    return True


def _card_distance(group: list[FoundTile], cards: Sequence[Sprite | None],
                   k: int) -> float | None:
    """The summed sprite distance from a group's tiles to card ``k`` (``None``: not seen)."""
    card = cards[k]
    if card is None or card.empty or any(t.sprite is None or t.sprite.empty for t in group):
        return None
    return float(sum(sprite_distance(t.sprite, card) for t in group))


def _by_cards(groups, options, cost, apart, open_groups, settled, board, margin,
              told) -> dict[int, int]:
    """The open groups the cards settle. The possible assignments of animals to the groups
    scored by the cards (groups apart get different animals; the board has a joint
    placement) are ranked by summed card distance; a group keeps the best one's animal when
    no possible assignment within ``margin`` (:data:`CARD_LEAD` at least) of the best gives
    it another, and its own tiles are within ``margin`` of that animal's card as near as of
    any other candidate's.

    The last keeps a group from being told against its own look by the rest: the best
    assignment may give a group its second card only because another group took its first
    and the two are held apart (:data:`OTHER_TILE`), and a found tile's sprite cut with the
    lawn beside it can stand that far from its twin (hybrid wider look 700044 at 1.76x: two
    found Bat tiles 0.35 apart, the second 0.11 nearer the Bat's card than the Kiwi's, stated
    Kiwi with no warning while the Kiwi's own found tile was unread). Such a group is left
    to the board, else unsure."""
    scored = [i for i in open_groups if all(v is not None for v in cost[i].values())]
    if not scored:
        return {}
    choices = [options[i] for i in scored]
    if int(np.prod([len(c) for c in choices])) > MAX_ASSIGNMENTS:
        return {}
    ranked = []
    for pick in product(*choices):
        animal = {**settled, **dict(zip(scored, pick))}
        if any(i in animal and j in animal and animal[i] == animal[j] for i, j in apart):
            continue
        ranked.append((sum(cost[i][k] for i, k in zip(scored, pick)), pick))
    ranked.sort()
    possible: list[tuple[float, tuple[int, ...]]] = []
    lead = max(margin, CARD_LEAD)
    for score, pick in ranked:
        if possible and score - possible[0][0] >= lead:
            break
        if board.fits(groups, {**settled, **dict(zip(scored, pick))}):
            possible.append((score, pick))
    if not possible:
        return {}
    best = possible[0][1]
    out = {}
    for n, i in enumerate(scored):
        k = best[n]
        if any(pick[n] != k for _, pick in possible[1:]):
            continue  # another animal for this group scores within the margin
        limit = MAX_CARD_FILLED if any(t.filled for t in groups[i]) else MAX_CARD
        if cost[i][k] / len(groups[i]) >= limit:
            continue  # no card looks like it: the board may still tell
        if cost[i][k] - min(cost[i].values()) >= margin:
            continue  # its own tiles look like another card: told only by the others
        out[i] = k
        for t in groups[i]:
            told[t.cell] = Told(t.cell, (k,), "card")
    return out


class _Board:
    """The board as read (found tiles by group), asked whether an assignment of animals to
    groups has a joint placement and which animals each open group may show."""

    def __init__(self, animals: Sequence[Animal], empty: Sequence[Cell], region: str,
                 taps: int, off_board: set[Cell] = frozenset()):
        self.animals = tuple(animals)
        self.empty = tuple(empty)
        self.region = region
        self.taps = taps
        self.off_board = off_board  # reference tiles: in groups, not on the board

    def _board(self, groups, values: dict[int, int]) -> RescueBoard:
        grid = [[UNTAPPED] * COLS for _ in range(ROWS)]
        for r, c in self.empty:
            grid[r][c] = EMPTY
        for i, group in enumerate(groups):
            for t in group:
                if t.cell in self.off_board:
                    continue
                r, c = t.cell
                grid[r][c] = values[i]
        return RescueBoard(self.region, self.animals, self.taps,
                           tuple(tuple(row) for row in grid))

    def assigned(self, tiles: Sequence[FoundTile], animal: Sequence[int]) -> bool:
        """Whether some joint placement covers each found tile by its given animal."""
        from gridsight.solvers.disco_zoo.placements import has_joint_placement, placed_apart

        # The board :meth:`_board` would draw, as the masks :func:`has_joint_placement` reads
        # off it (no tile of it unsure), made without the grid: by_boxes asks this of
        # thousands of assignments a screen. A tile written later over a cell wins, as there.
        value = dict.fromkeys(self.empty, EMPTY)
        for t, k in zip(tiles, animal):
            if t.cell not in self.off_board:
                value[t.cell] = k + 1
        if not all(0 <= r < ROWS and 0 <= c < COLS for r, c in value):
            groups = [[t] for t in tiles]  # (a cell off the grid: the grid's own indexing)
            return has_joint_placement(self._board(groups, dict(enumerate(a + 1 for a in animal))))
        tapped, found = 0, 0
        shown = [0] * len(self.animals)
        for (r, c), v in value.items():
            bit = 1 << (r * COLS + c)
            tapped |= bit
            if v != EMPTY:
                found |= bit
                shown[v - 1] |= bit
        return placed_apart(self.animals, tapped, found, shown)

    def fits(self, groups, assign: dict[int, int]) -> bool:
        """Whether some joint placement agrees with the groups' animals (``assign``; groups
        not in it may show any of their tiles' candidates)."""
        from gridsight.solvers.disco_zoo.placements import joint_placements

        values = {}
        for i, group in enumerate(groups):
            if i in assign:
                values[i] = assign[i] + 1
            else:
                values[i] = one_of(sum(1 << k for k in group[0].candidates))
        try:
            joint = joint_placements(self._board(groups, values))
        except InputError:
            return False
        return self._linked(groups, joint, [i for i in range(len(groups)) if i not in assign]
                            ).any()

    def possible(self, groups, options, settled: dict[int, int],
                 left: list[int]) -> dict[int, tuple[int, ...]]:
        """The animals each group of ``left`` may show in some joint placement agreeing with
        the board (the settled groups' animals, each group's tiles covered by one animal);
        ``{}`` when none agrees (a misread: nothing is concluded)."""
        from gridsight.solvers.disco_zoo.placements import joint_placements

        values = {i: settled[i] + 1 if i in settled else
                  one_of(sum(1 << k for k in options[i])) for i in range(len(groups))}
        try:
            joint = joint_placements(self._board(groups, values))
        except InputError:
            return {}
        keep = self._linked(groups, joint, left)
        if not keep.any():
            return {}
        out = {}
        for i in left:
            cells = [t.cell for t in groups[i] if t.cell not in self.off_board]
            if not cells:
                continue
            animal = self._cover(joint, cells[0])[keep]
            out[i] = tuple(sorted({int(k) for k in animal if k >= 0}))
        return out

    @staticmethod
    def _cover(joint, cell: Cell) -> np.ndarray:
        """For each joint placement, the animal covering ``cell`` (-1: none)."""
        on = (joint.masks & (1 << (cell[0] * COLS + cell[1]))) != 0
        return np.where(on.any(axis=1), on.argmax(axis=1), -1)

    def _linked(self, groups, joint, open_groups) -> np.ndarray:
        """The joint placements covering every open group's tiles by one animal."""
        keep = np.ones(joint.masks.shape[0], bool)
        for i in open_groups:
            cells = [t.cell for t in groups[i] if t.cell not in self.off_board]
            if len(cells) < 2:
                continue
            first = self._cover(joint, cells[0])
            for cell in cells[1:]:
                keep &= self._cover(joint, cell) == first
        return keep
