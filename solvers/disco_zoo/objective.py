"""What the player wants from a rescue: the objectives the lookahead optimises.

- ``expected``: the expected number of animals rescued (the default);
- ``all``: the chance of rescuing every animal;
- ``target:NAME``: the chance of rescuing one chosen animal (the player's priority).

Each objective scores a set of rescued animals with a primary value and a secondary one that
breaks ties (``expected`` breaks ties by the chance of rescuing all; ``all`` and ``target`` by
the expected number rescued), so among taps equally good for the objective the policy picks
the one that saves more animals.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.solvers.disco_zoo.catalogue import Animal, load_catalogue, name_key, split_pet
from gridsight.solvers.errors import InputError

KINDS = ("expected", "all", "target")


class ObjectiveError(InputError):
    """An ``--objective`` the board cannot use (unknown kind, target not in the rescue)."""


@dataclass(frozen=True)
class Objective:
    """An objective; ``target`` is the 0-based index of the animal for ``target``."""

    kind: str = "expected"
    target: int | None = None

    def label(self, animals: tuple[Animal, ...]) -> str:
        """How the objective is written: ``expected``, ``all`` or ``target:Panda``."""
        if self.kind == "target" and self.target is not None:
            return f"target:{animals[self.target].name}"
        return self.kind

    def unit(self, animals: tuple[Animal, ...]) -> str:
        """What the objective's value counts, in words: ``expected animals``, ``chance of
        rescuing every animal``, ``chance of rescuing Panda``."""
        if self.kind == "expected":
            return "expected animals"
        if self.kind == "all":
            return "chance of rescuing every animal"
        return f"chance of rescuing {animals[self.target or 0].name}"

    def scores(self, rescued: int, n: int) -> tuple[int, int]:
        """(primary, secondary) of the rescued set (bitmask over the ``n`` animals)."""
        count = rescued.bit_count()
        everyone = int(rescued == (1 << n) - 1)
        if self.kind == "expected":
            return count, everyone
        if self.kind == "all":
            return everyone, count
        return int(bool(rescued >> (self.target or 0) & 1)), count


def check_objective(text: str, region: str | None = None, *, names: bool = True) -> None:
    """Refuse an objective no rescue could use, before any rescue is known: not ``expected``,
    ``all`` or ``target:NAME``, NAME no animal of the game, or (``region`` given) none of that
    region's animals or pets (:class:`ObjectiveError`, the words :func:`parse_objective`
    uses). An unknown NAME is answered with the few names spelled most like it (and the
    region's animals when the region is known), not the game's whole list. ``names=False``
    checks the form only (the command line's parse, before the region is known)."""
    kind, _, name = text.strip().partition(":")
    kind = kind.strip().lower()
    if kind in ("expected", "all") and not name:
        return
    if kind == "target" and name.strip():
        if not names:
            return
        bare = split_pet(name)[0].strip()
        catalogue = load_catalogue()
        try:
            catalogue.resolve([bare], region)
        except InputError as error:
            if getattr(error, "token", None) != bare:
                return  # a known animal; what the rescue holds is checked with the rescue
            if region is not None:
                region = catalogue.region_name(region)
                known = ", ".join(a.name for a in catalogue.regions[region])
                homes = catalogue.homes(bare)
                if homes:
                    raise ObjectiveError(
                        f"--objective target: '{bare}' is not an animal of {region} (it lives "
                        f"in {', '.join(homes)}; {catalogue.describe(region)})") from None
                raise ObjectiveError(
                    f"--objective target: unknown animal '{bare}' (closest by spelling: "
                    f"{', '.join(catalogue.closest(bare))}; {region} has: {known})") from None
            raise ObjectiveError(
                f"--objective target: unknown animal '{bare}' (closest by spelling: "
                f"{', '.join(catalogue.closest(bare))})") from None
        return
    raise ObjectiveError(f"unknown --objective '{text}' (use expected, all or target:NAME)")


def parse_objective(text: str, animals: tuple[Animal, ...]) -> Objective:
    """Read ``expected``, ``all`` or ``target:NAME`` (NAME loosely matched against the board)."""
    kind, _, name = text.strip().partition(":")
    kind = kind.strip().lower()
    if kind in ("expected", "all") and not name:
        return Objective(kind)
    if kind == "target" and name.strip():
        bare, pet_only = split_pet(name)
        key = load_catalogue().canonical_key(bare)
        matches = [
            k
            for k, animal in enumerate(animals)
            if name_key(animal.name) == key and (animal.is_pet or not pet_only)
        ]
        # A bare name shared by a region animal and a pet (Rabbit) means the region animal.
        matches.sort(key=lambda k: animals[k].is_pet)
        if matches:
            return Objective("target", matches[0])
        names = ", ".join(a.name for a in animals)
        raise ObjectiveError(f"--objective target: '{name.strip()}' is not in this rescue ({names})")
    raise ObjectiveError(
        f"unknown --objective '{text}' (use expected, all or target:NAME)"
    )
