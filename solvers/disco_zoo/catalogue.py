"""The Disco Zoo animal catalogue: every region's animals and the pets, with their patterns.

The facts live in ``animals.json`` beside this module (packaged with it): 14 regions of 7
animals (3 common, 2 rare, 1 mythical, 1 timeless) and 8 pets that can join a rescue in any
region. An animal covers a fixed pattern of tiles that is only translated on the 5x5 board,
never rotated or mirrored.

Names are matched loosely, the way players write them: case, spaces and hyphens do not matter
(``t rex``, ``T-Rex`` and ``trex`` are the same animal) and common variants are known
(``Rhino`` for Rhinoceros, ``Mammoth`` for Wooly Mammoth, ``Ankylo`` for Ankylosaurus).
One name is shared: Farm has a common Rabbit and there is also a pet Rabbit. A region's own
animal wins; write ``pet Rabbit`` (or ``Rabbit (pet)``) for the pet.

>>> catalogue = load_catalogue()
>>> region, animals = catalogue.resolve(["gorilla", "PANDA", "t-rex"], None)
Traceback (most recent call last):
...
gridsight.solvers.errors.BoardFormatError: Gorilla, Panda (Jungle) and T-Rex (Jurassic) are not from one region; a rescue holds animals of one region
>>> catalogue.resolve(["Rhino", "lion"], None)[1][0].name
'Rhinoceros'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from gridsight.solvers.errors import BoardFormatError

ROWS = 5
COLS = 5

RARITIES = ("common", "rare", "mythical", "timeless", "pet")


@dataclass(frozen=True)
class Animal:
    """One species: its name, region (``None`` for pets), rarity and pattern.

    ``cells`` are ``(row, col)`` offsets from the top-left of the pattern's bounding box.
    """

    name: str
    region: str | None
    rarity: str
    cells: tuple[tuple[int, int], ...]

    @property
    def is_pet(self) -> bool:
        return self.region is None

    @property
    def size(self) -> int:
        return len(self.cells)

    def placements(self, rows: int = ROWS, cols: int = COLS) -> tuple[int, ...]:
        """Every translation of the pattern wholly inside the board, as bitmasks.

        Bit ``row * cols + col`` is set for each covered tile; ordered top-left first.
        """
        return _placements(self.cells, rows, cols)


@cache
def _placements(cells: tuple[tuple[int, int], ...], rows: int, cols: int) -> tuple[int, ...]:
    """:meth:`Animal.placements` of a pattern, made once (the readers' board logic asks for
    the same few patterns tens of thousands of times a screen)."""
    height = 1 + max(r for r, _ in cells)
    width = 1 + max(c for _, c in cells)
    masks = []
    for top in range(rows - height + 1):
        for left in range(cols - width + 1):
            mask = 0
            for r, c in cells:
                mask |= 1 << ((top + r) * cols + left + c)
            masks.append(mask)
    return tuple(masks)


def name_key(name: str) -> str:
    """The form names are compared in: lower case, letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def split_pet(name: str) -> tuple[str, bool]:
    """Strip a ``pet`` marker (``pet Rabbit``, ``Rabbit (pet)``); return (name, pet only)."""
    text = name.strip()
    match = re.fullmatch(r"(?i)pet\s+(.+)|(.+?)\s*\(\s*pet\s*\)", text)
    if match:
        return (match.group(1) or match.group(2)).strip(), True
    return text, False


@dataclass(frozen=True)
class Catalogue:
    """All regions (in game order) with their animals, the pets, and the name variants."""

    regions: dict[str, tuple[Animal, ...]]
    pets: tuple[Animal, ...]
    aliases: dict[str, str]

    def animals(self) -> tuple[Animal, ...]:
        """Every animal of every region, then the pets."""
        return tuple(a for animals in self.regions.values() for a in animals) + self.pets

    def region_name(self, name: str) -> str:
        """The region called ``name`` (loosely matched); refuses an unknown one, listing all."""
        for region in self.regions:
            if name_key(region) == name_key(name):
                return region
        raise BoardFormatError(
            f"unknown region '{name}' (regions: {', '.join(self.regions)})", token=name
        )

    def canonical_key(self, name: str) -> str:
        """The comparison key of ``name`` after resolving variants (``rhino`` -> rhinoceros)."""
        return self._key(name)

    def _key(self, name: str) -> str:
        key = name_key(name)
        for alias, target in self.aliases.items():
            if name_key(alias) == key:
                return name_key(target)
        return key

    def _matches(self, name: str) -> tuple[dict[str, Animal], Animal | None, bool]:
        """Region animals (by region) and the pet that ``name`` can mean, and if pet-only."""
        bare, pet_only = split_pet(name)
        key = self._key(bare)
        in_regions = {}
        if not pet_only:
            for region, animals in self.regions.items():
                for animal in animals:
                    if name_key(animal.name) == key:
                        in_regions[region] = animal
        pet = next((p for p in self.pets if name_key(p.name) == key), None)
        return in_regions, pet, pet_only

    def homes(self, name: str) -> tuple[str, ...]:
        """The regions whose animals ``name`` (loosely matched) names, ``pets`` for a pet;
        empty for a name no animal of the game has."""
        in_regions, pet, _ = self._matches(name)
        return (*in_regions, *(("pets",) if pet is not None else ()))

    def closest(self, name: str, count: int = 4) -> tuple[str, ...]:
        """The ``count`` animal names (of every region, and the pets) spelled most like
        ``name``: what a player who mistyped one most likely meant.

        >>> load_catalogue().closest("Pandaa", 3)[0]
        'Panda'
        """
        import difflib

        key = name_key(split_pet(name)[0])
        names = list(dict.fromkeys(a.name for a in self.animals()))

        def likeness(known: str) -> float:
            return difflib.SequenceMatcher(None, key, name_key(known)).ratio()

        return tuple(sorted(names, key=lambda known: (-likeness(known), known))[:count])

    def describe(self, region: str) -> str:
        """``region``'s animals and the pets, as a message lists them ("Farm has: ...;
        pets: ...")."""
        pets = ", ".join(p.name for p in self.pets)
        names = ", ".join(a.name for a in self.regions[region])
        return f"{region} has: {names}; pets: {pets}"

    def resolve(self, names: list[str], region: str | None) -> tuple[str, tuple[Animal, ...]]:
        """The region and animals meant by ``names`` (in order), checking the rescue's rules.

        ``region`` may be ``None`` when the names settle it. A rescue holds 1 to 3 animals of
        one region, all different, plus at most one pet. Raises :class:`BoardFormatError`
        naming the unknown, foreign, repeated or ambiguous names.
        """
        if region is not None:
            region = self.region_name(region)
        matches = []
        for name in names:
            in_regions, pet, _ = self._matches(name)
            if not in_regions and pet is None:
                known = (self.describe(region) if region is not None else
                         f"closest by spelling: {', '.join(self.closest(name))}")
                raise BoardFormatError(f"unknown animal '{name}' ({known})", token=name)
            if region is not None and region not in in_regions and pet is None:
                home = ", ".join(in_regions)
                raise BoardFormatError(
                    f"'{name}' is not an animal of {region} (it lives in {home}; "
                    f"{self.describe(region)})",
                    token=name,
                )
            matches.append((name, in_regions, pet))
        candidates = [region] if region is not None else list(self.regions)
        fitting = [o for o in candidates if all(o in r or p is not None for _, r, p in matches)]
        if not fitting:
            raise BoardFormatError(_foreign(matches))
        viable: list[tuple[str, tuple[Animal, ...]]] = []
        problem = None
        for option in fitting:
            chosen = tuple(r.get(option, p) for _, r, p in matches)
            problem = problem or _count_problem(chosen)
            if _count_problem(chosen) is None:
                viable.append((option, chosen))
        if len(viable) == 1:
            return viable[0]
        if not viable:
            raise BoardFormatError(problem or "no valid reading of the animals")
        options = ", ".join(option for option, _ in viable[:4])
        more = ", ..." if len(viable) > 4 else ""
        raise BoardFormatError(
            f"the animals {', '.join(names)} fit more than one region ({options}{more}); "
            "add a 'region:' header"
        )


def _count_problem(animals: tuple[Animal, ...]) -> str | None:
    """Why ``animals`` cannot be one rescue (counts and repeats), or ``None``."""
    seen = set()
    for animal in animals:
        if animal in seen:
            return f"{animal.name} is named twice (each animal of a rescue is a different species)"
        seen.add(animal)
    pets = [a.name for a in animals if a.is_pet]
    others = len(animals) - len(pets)
    if len(pets) > 1:
        return f"a rescue holds at most one pet, got {len(pets)} ({', '.join(pets)})"
    if others == 0:
        return (
            f"a rescue holds 1 to 3 animals of its region besides a pet, got only the pet "
            f"{pets[0]}"
        )
    if others > 3:
        return f"a rescue holds 1 to 3 animals plus at most one pet, got {others} animals"
    return None


def _foreign(matches: list[tuple[str, dict[str, Animal], Animal | None]]) -> str:
    groups: dict[str, list[str]] = {}
    for _, in_regions, pet in matches:
        if pet is not None:
            continue
        animal = next(iter(in_regions.values()))
        groups.setdefault(animal.region or "", []).append(animal.name)
    parts = [f"{', '.join(names)} ({region})" for region, names in groups.items()]
    text = " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)
    return f"{text} are not from one region; a rescue holds animals of one region"


@cache
def load_catalogue() -> Catalogue:
    """The catalogue read from the packaged ``animals.json``."""
    data = json.loads(
        resources.files("gridsight.solvers.disco_zoo").joinpath("animals.json").read_text("utf-8")
    )

    def animal(entry: dict, region: str | None) -> Animal:
        cells = tuple(sorted((int(r), int(c)) for r, c in entry["cells"]))
        return Animal(entry["name"], region, entry["rarity"], cells)

    regions = {
        region: tuple(animal(entry, region) for entry in animals)
        for region, animals in data["regions"].items()
    }
    pets = tuple(animal(entry, None) for entry in data["pets"])
    return Catalogue(regions=regions, pets=pets, aliases=dict(data["aliases"]))
