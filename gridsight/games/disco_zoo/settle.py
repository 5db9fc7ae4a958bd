"""Which animals a rescue holds, from what the cards show without their names.

Each card shows its animal's pattern size (its boxes), its rarity (the filled boxes' colour, or
the ``YOU HAVE n`` tint) and how many of its tiles are found (the filled boxes); the board shows
found tiles in rarity colours. The catalogue then narrows each card to the animals of that
rarity and size (of the region, when it is known), and a choice of one animal per card stands
when the animals are of one region, all different, and the board has a joint placement with the
found tiles as the boxes count them (:func:`gridsight.games.disco_zoo.identify.by_boxes`).

When exactly one choice stands the names are settled; otherwise :func:`settle` says which
animals each card may be, for the one line that asks for ``--animals``. Names read off the
cards (``names``, the text reader's) narrow each card to that name first.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass

from gridsight.games.disco_zoo.identify import FoundTile, boxes_stand
from gridsight.solvers.disco_zoo.catalogue import Animal, load_catalogue

Cell = tuple[int, int]
MAX_CHOICES = 4096  # choices of animals checked against the board at most
BOX_SURE = 0.5  # a box row read less clearly than this is not counted on
RARITY_SURE = 0.5  # a card's rarity read less clearly than this is not counted on
# A found tile's colour read as one rarity this close to its colour (the reader's closeness,
# 0..1; 0.85 is within about 13 Lab) is that rarity's: never a pet's, whose own colour the
# screen's facts do not give. The skin draws a pet's tile neutral grey, read as rare at 0.53
# to 0.79 (60 screens with a pet, seeds 160000-160059); rarities' tiles read at 0.5 to 0.99,
# 108 of 159 at 0.85 or more (seeds 7000-7119).
COLOUR_SURE = 0.85


@dataclass(frozen=True)
class CardClue:
    """What a card says of its animal without its name: ``rarity`` (``""``: not read),
    ``size`` the tiles of its pattern (its boxes; ``None``: not read), ``found`` its tiles
    found so far (its filled boxes; ``None``: not read)."""

    rarity: str = ""
    size: int | None = None
    found: int | None = None


@dataclass(frozen=True)
class Settled:
    """The rescue's animals, in card order, of ``region``; ``choices`` how many stood (1:
    settled) and ``options`` each card's animals over all the choices that stood (names),
    ``regions`` the regions they are of."""

    region: str
    animals: tuple[Animal, ...]
    choices: int
    options: tuple[tuple[str, ...], ...]
    regions: tuple[str, ...]

    @property
    def settled(self) -> bool:
        return self.choices == 1


def settle(clues: Sequence[CardClue], found: Sequence[tuple[Cell, tuple[str, ...]]],
           empty: Sequence[Cell], *, region: str | None = None,
           names: Sequence[Sequence[str] | None] = (), taps: int = 10,
           unread: int = 0, sure: Collection[Cell] = ()) -> Settled | None:
    """The animals the cards and the board allow (see the module docstring); ``None`` when no
    choice stands (the cards or the board misread).

    ``found`` are the found tiles with the rarities their colours allow (none: any), ``empty``
    the tiles tapped empty, ``region`` the region when known, ``names`` the names read off
    the cards (each card's candidates; ``None`` where not read), ``unread`` how many tiles are
    unread or hidden, ``sure`` the found tiles whose colour was read beyond doubt as their
    one rarity's (:data:`COLOUR_SURE`): an animal of that rarity shows them, never a pet."""
    catalogue = load_catalogue()
    regions = [catalogue.region_name(region)] if region else list(catalogue.regions)
    standing: list[tuple[str, tuple[Animal, ...]]] = []
    board = (tuple(clues), tuple((cell, tuple(rarities)) for cell, rarities in found),
             tuple(empty))
    surely = frozenset(sure)
    counts = tuple(clue.found for clue in clues)  # (all :func:`_stands` asks of the clues)
    for name in regions:
        per_card = [_fitting(catalogue.regions[name] + catalogue.pets, clue,
                             names[k] if k < len(names) else None)
                    for k, clue in enumerate(clues)]
        if any(not options for options in per_card):
            continue
        weighed = _weighed((*board[1:], name, taps, unread, surely))
        for choice in _apart(per_card):
            if len(standing) >= MAX_CHOICES:
                break
            key = tuple(sorted(zip(map(id, choice), counts)))  # (ids apart: no count compared)
            seen = weighed.get(key)
            if seen is None:  # (the choice kept with its answer: its animals' ids stay theirs)
                seen = weighed[key] = (choice, _stands(choice, *board, name, taps, unread,
                                                       surely))
            if seen[1]:
                standing.append((name, choice))
    if not standing:
        return None
    options = tuple(tuple(dict.fromkeys(choice[k].name for _, choice in standing))
                    for k in range(len(clues)))
    first_region, first = standing[0]
    return Settled(first_region, first, len(standing), options,
                   tuple(dict.fromkeys(r for r, _ in standing)))


def _fitting(pool: Sequence[Animal], clue: CardClue,
             names: Sequence[str] | None) -> list[Animal]:
    """The animals of ``pool`` a card's clues (and its name's candidates, when read) allow."""
    keys = {_canonical(n) for n in names} if names is not None else None
    out = []
    for animal in pool:
        if keys is not None and _canonical(animal.name) not in keys:
            continue
        if colour_rules_out(animal, clue.rarity, clue.size):
            continue
        if clue.size is not None and clue.size != animal.size:
            continue
        if clue.found is not None and clue.found > animal.size:
            continue
        out.append(animal)
    return out


_CANONICAL: dict[str, str] = {}  # :func:`_canonical`'s keys by name


def _canonical(name: str) -> str:
    """The catalogue's ``canonical_key(name)`` (its aliases resolved), worked out once a name
    (the catalogue is read once a process; every settling asked it of every animal of every
    region for each card given names: 30655 keys, 185 settlings, 48th session)."""
    key = _CANONICAL.get(name)
    if key is None:
        if len(_CANONICAL) >= 4096:  # (names read off screens are any text)
            _CANONICAL.clear()
        key = _CANONICAL[name] = load_catalogue().canonical_key(name)
    return key


def colour_rules_out(animal: Animal, rarity: str, size: int | None) -> bool:
    """Whether a card whose colours read as ``rarity`` (its filled boxes' or its ``YOU HAVE
    n`` tint's; ``""``: not read) cannot show ``animal``, its boxes counted as ``size``
    (``None``: not counted).

    A pet's colour is not among the screen's facts (the four rarities' are): its card's fills
    and tint may read as any rarity's (the skin's grey reads rare). Its boxes tell it instead:
    only pets cover 5 tiles (the catalogue), so a card whose boxes count a pet's tiles is not
    ruled out as that pet by the colour read. A card whose boxes were not counted keeps its
    colour's rarity: a rarity's card is never taken for a pet on its colour alone."""
    if not rarity or rarity == animal.rarity:
        return False
    return not (animal.is_pet and size == animal.size)


def _apart(per_card: Sequence[Sequence[Animal]]) -> Iterator[tuple[Animal, ...]]:
    """``product(*per_card)`` in its order, less the choices that name one animal twice or
    hold two pets (none of which stands): each such prefix is passed over once, not every
    choice made from it (measured: 58% of the choices made on real-look screens 1264000-007
    were of these). The last card's animals are added to a prefix in one comprehension, not
    one generator each (most of the walk's own CPU went on those, 48th session)."""
    if not per_card:
        yield ()
        return
    cards = [[(animal, animal.name, animal.is_pet) for animal in options]
             for options in per_card]
    last = cards.pop()
    chosen: list[Animal] = []
    named: set[str] = set()

    def walk(k: int, pets: bool) -> Iterator[tuple[Animal, ...]]:
        if k == len(cards):
            made = tuple(chosen)
            yield from [(*made, animal) for animal, name, pet in last
                        if name not in named and not (pet and pets)]
            return
        for animal, name, pet in cards[k]:
            if name in named or pet and pets:
                continue
            chosen.append(animal)
            named.add(name)
            yield from walk(k + 1, pets or pet)
            chosen.pop()
            named.discard(name)

    yield from walk(0, False)


#: :func:`_stands`' answers by the board (the cards' clues, the found and empty tiles, the
#: region, taps, unread, sure: :func:`_weighed`), then by the choice's animals (their ids, the
#: choice kept beside its answer): a screen's reading settles the same board with several sets
#: of names (the glyphs' with every clue and with the clear ones, the engine's, the engine's
#: among each card's few animals), each a subset of the choices already weighed. (Was an
#: ``lru_cache`` of every argument: hashing the board and the animals again on each choice
#: cost as much as the misses.)
_WEIGHED: dict[tuple, dict[tuple[int, ...], tuple[tuple[Animal, ...], bool]]] = {}
WEIGHED = 16  # boards remembered at most (then forgotten all at once)


def _weighed(board: tuple) -> dict[tuple[int, ...], tuple[tuple[Animal, ...], bool]]:
    """The choices weighed on ``board`` so far (:data:`_WEIGHED`), by their animals' ids."""
    weighed = _WEIGHED.get(board)
    if weighed is None:
        if len(_WEIGHED) >= WEIGHED:
            _WEIGHED.clear()
        weighed = _WEIGHED[board] = {}
    return weighed


def _stands(choice: tuple[Animal, ...], clues: Sequence[CardClue],
            found: Sequence[tuple[Cell, tuple[str, ...]]], empty: Sequence[Cell], region: str,
            taps: int, unread: int, sure: Collection[Cell] = frozenset()) -> bool:
    """Whether the board has room for ``choice``: every found tile's colour is one of its
    animals' rarities, and the found tiles can be given animals as the boxes count them.

    A pet is one animal of its own rarity and colour, which the screen's facts do not give:
    it may take a found tile whose colour fits no rarity, or one whose colour was read as a
    rarity's but not surely (``sure``: the tiles read as their one rarity beyond doubt are
    that rarity's animals' alone), and all its tiles show one colour: the colours its tiles
    may read as are tried one at a time (:func:`_pet_colours`)."""
    counts = [clue.found for clue in clues]
    hues: tuple[str | None, ...] = (None,)
    if any(a.is_pet for a in choice):
        hues = _pet_colours(found, sure)
    for hue in hues:
        tiles = []
        for cell, rarities in found:
            allowed = tuple(k for k, a in enumerate(choice)
                            if _takes(a, rarities, cell in sure, hue))
            if not allowed:
                break
            tiles.append(FoundTile(cell, allowed))
        else:
            if boxes_stand(tiles, choice, counts, empty=empty, region=region, taps=taps,
                           unread=unread):
                return True
    return False


def _pet_colours(found: Sequence[tuple[Cell, tuple[str, ...]]],
                 sure: Collection[Cell]) -> tuple[str | None, ...]:
    """The rarities whose colour a pet's tiles may read as: each read, not surely, on a found
    tile (``None`` alone when there is none: the pet then takes only tiles of no colour)."""
    hues = sorted({r for cell, rarities in found if cell not in sure for r in rarities})
    return tuple(hues) if hues else (None,)


def _takes(animal: Animal, rarities: tuple[str, ...], sure: bool, hue: str | None) -> bool:
    """Whether ``animal`` may show a found tile read as ``rarities`` (none: of no rarity's
    colour), read as its one rarity beyond doubt when ``sure``, when a pet's tiles read as
    ``hue``."""
    if not rarities or animal.rarity in rarities:
        return True
    return animal.is_pet and not sure and hue in rarities
