"""Disco Zoo in its own words: tiles and animals by name, "no animal", "chance of an animal".

The panel names a found tile by its animal (``2`` on a board whose ``animals`` header is
``Gorilla, Panda, Tiger`` is the Panda), coloured by the animal's rarity, and offers every
animal of the rescue by name: two animals of one rarity look alike to the pack
(``animal:rare``) but are two choices (``animal:Panda``, which the reader takes as it is). The
legend says what a player of the game would: a tile with no animal is marked neutrally (never a
green "tap here" check) and the tint is the chance of an animal, high where it is green.

>>> headers = {"animals": "Gorilla, Panda, Tiger"}
>>> WORDS.word("2", headers).name, WORDS.word("animal:rare", headers, "2").name
('Panda', 'Panda')
>>> [value for value, _ in WORDS.choices(("ground", "empty", "animal:rare"), headers)]
['ground', 'empty', 'animal:Gorilla', 'animal:Panda', 'animal:Tiger']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping

from gridsight.games.spec import CellWord, Words

RARITIES = ("common", "rare", "mythical", "timeless")
# The rim colour of each rarity's tile, as the game paints them (and the panel's buttons).
RARITY_COLOURS = {"common": "#7bc043", "rare": "#4aa3df", "mythical": "#c86dd7",
                  "timeless": "#f0c419"}
ANIMAL_PREFIX = "animal:"


def animal_names(headers: Mapping[str, str]) -> tuple[str, ...]:
    """The rescue's animals, in the order of its ``animals`` header."""
    text = headers.get("animals", "") or ""
    return tuple(a.strip() for a in text.split(",") if a.strip())


@lru_cache(maxsize=1024)  # names as the board's header gives them: bounded
def _rarity(name: str) -> str | None:
    """The rarity of the animal called ``name`` (``None`` when the catalogue does not know it)."""
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue
    from gridsight.solvers.errors import InputError

    try:
        return load_catalogue().resolve([name], None)[1][0].rarity
    except (InputError, IndexError):
        return None


def _animal_word(names: tuple[str, ...], k: int) -> CellWord:
    """A found animal by its full name (never a code: ``Panda``, not ``Pan``)."""
    name = names[k]
    rarity = _rarity(name)
    return CellWord(name, name, RARITY_COLOURS.get(rarity or ""))


def one_of(names: list[str] | tuple[str, ...]) -> str:
    """``Panda or Tiger?``: a found tile that shows one of these animals."""
    names = list(names)
    if len(names) == 1:
        return f"{names[0]}?"
    return f"{', '.join(names[:-1])} or {names[-1]}?"


def _index(names: tuple[str, ...], name: str) -> int | None:
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue

    catalogue = load_catalogue()
    key = catalogue.canonical_key(name)
    return next((k for k, n in enumerate(names) if catalogue.canonical_key(n) == key), None)


def names(value: str, headers: Mapping[str, str], token: str | None) -> CellWord | None:
    """A found tile by its animal: a board token ``k``, the panel's ``animal:NAME``, or the
    pack's ``animal:RARITY`` (the cell's board token, else the rescue's only animal of that
    rarity, tells which)."""
    animals = animal_names(headers)
    if value.isdigit():  # the k-th animal of the animals line (named once it is known)
        k = int(value)
        return _animal_word(animals, k - 1) if 1 <= k <= len(animals) else \
            CellWord(value, f"animal {k} of the animals line")
    if "/" in value:  # a found tile showing one of these animals
        ks = [int(k) - 1 for k in value.split("/") if k.isdigit() and 0 < int(k) <= len(animals)]
        if ks:
            words = one_of([animals[k] for k in ks])
            return CellWord(words, words)
    if not value.startswith(ANIMAL_PREFIX):
        return None
    what = value[len(ANIMAL_PREFIX):]
    if what in RARITIES:
        if token is not None and token.isdigit() and 1 <= int(token) <= len(animals):
            return _animal_word(animals, int(token) - 1)
        alike = [k for k, name in enumerate(animals) if _rarity(name) == what]
        if len(alike) == 1:
            return _animal_word(animals, alike[0])
        if alike:  # which of the rescue's animals of this rarity the board does not tell
            words = one_of([animals[k] for k in alike])
            return CellWord(words, words, RARITY_COLOURS[what])
        return CellWord(f"a {what} animal", f"a {what} animal", RARITY_COLOURS[what])
    k = _index(animals, what)
    return _animal_word(animals, k) if k is not None else CellWord(what[:3], what)


def offer(offered: tuple[str, ...], headers: Mapping[str, str]) -> tuple[str, ...]:
    """Each animal of the rescue by name in place of rarities (pack labels) or numbers
    (board tokens); as offered while the animals are not known."""
    animals = animal_names(headers)
    if not animals:
        return offered
    if any(v.startswith(ANIMAL_PREFIX) for v in offered):  # a pack's labels
        plain = [v for v in offered if not v.startswith(ANIMAL_PREFIX)]
        return (*plain, *(ANIMAL_PREFIX + name for name in animals))
    plain = [v for v in offered if not v.isdigit()]
    return (*plain, *(str(k + 1) for k in range(len(animals))))


def objective_name(objective: str) -> str:
    """``target:Panda`` -> ``rescue Panda``."""
    if objective.startswith("target:"):
        return f"rescue {objective[7:]}"
    return {"expected": "rescue the most", "all": "rescue every animal"}.get(objective, objective)


WORDS = Words(
    cells={
        "ground": CellWord("", "not tapped"), ".": CellWord("", "not tapped"),
        # tapped: the panel's key tells it from "\u2205", an untapped tile with no animal
        "empty": CellWord("\u2013", "tapped, no animal", "#9e9e9e"),
        "-": CellWord("\u2013", "tapped, no animal", "#9e9e9e"),
        "*": CellWord("an animal", "some animal"),
        **{ANIMAL_PREFIX + r: CellWord(f"a {r} animal", f"a {r} animal", RARITY_COLOURS[r])
           for r in RARITIES},
    },
    names=names,
    offer=offer,
    counter="Attempts left",
    counter_status="attempts left",
    objective="Aim",
    objective_name=objective_name,
    legend={
        "recommend": "tap here next",
        "also": "or tap here: as good",
        "choice": "tap here {label}",
        "empty": "certainly no animal, not tapped yet",
        "known": "certainly {label}, not tapped yet",
        "unsure": "found: {label}",
        "safe": "no animal",
    },
    heat="chance of an animal",
    heat_rises=False,
)
