"""Disco Zoo rescues: the game's spec.

The parts: :mod:`~gridsight.games.disco_zoo.adapter` (``gridsight solve`` and ``simulate``) and
:mod:`~gridsight.games.disco_zoo.reader` (the rescue read off a screenshot: the board through
the pack ``templates/disco-zoo/<skin>/``, the animals from their cards, the taps left from the
counter, or from the player's ``--animals``, ``--zoo-region`` and ``--taps``).
"""

from __future__ import annotations

from typing import Any, Mapping

from gridsight.games.spec import (
    TIME_LIMIT, Beside, Counter, GameSpec, GridReading, HintOption, ManualBoardSettings, Objectives,
    SolverOption,
)
from gridsight.games.disco_zoo.words import WORDS
from gridsight.limits import seconds
from gridsight.live.settings import TrackerSettings
from gridsight.tracking import reveal_from


EXAMPLE = """\
region: Jungle
animals: Gorilla, Panda, Tiger
taps: 7
. . . . .
. . . - .
. . 2 . .
. . . . .
. . 1 . .
"""


SCREEN_EXAMPLE = """\
region: Farm
animals: Sheep, Horse, Unicorn
taps: 6
. . . . .
. 1 . . -
. . . 2 .
- 3 . . .
. . . . .
"""

def _adapter():
    from gridsight.games.disco_zoo.adapter import GAME

    return GAME


def _reader():
    from gridsight.games.disco_zoo.reader import READER

    return READER


def _structure():
    from gridsight.games.disco_zoo.screen import locate

    return locate


def _impossible(labels: tuple[tuple[str, ...], ...]) -> str | None:
    from gridsight.games.disco_zoo.screen import found_past_the_most

    return found_past_the_most(labels)


def animal_list(text: str) -> tuple[str, ...]:
    """``--animals Pig,Cow`` as a tuple of names (``("Pig", "Cow")``); a name no animal has
    is refused here, before any screen is read (``live`` would otherwise run on, saying on
    every board that it cannot read it).

    >>> animal_list("Gorilla, panda")
    ('Gorilla', 'panda')
    >>> animal_list("Gorilla,Nosuch")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: unknown animal 'Nosuch' (closest by spelling: ...
    >>> animal_list("Cow,,Pig")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: name 2 of 'Cow,,Pig' is empty: name each card's animal in card order, one name between commas (A,B,C)
    """
    import argparse

    from gridsight.solvers.disco_zoo.catalogue import load_catalogue
    from gridsight.solvers.errors import BoardFormatError

    parts = [a.strip() for a in text.split(",")]
    names = tuple(a for a in parts if a)
    if not names:
        raise argparse.ArgumentTypeError(f"no animal named in '{text}' (A,B,C)")
    if len(names) < len(parts):  # ("Cow,,Pig" was read as Cow, Pig: a name left out?)
        where = parts.index("") + 1
        raise argparse.ArgumentTypeError(
            f"name {where} of '{text}' is empty: name each card's animal in card order, one "
            "name between commas (A,B,C)")
    catalogue = load_catalogue()
    for name in names:
        try:
            catalogue.resolve([name], None)
        except BoardFormatError as error:
            if error.token == name:  # unknown (not a rule of the rescue as a whole)
                raise argparse.ArgumentTypeError(str(error)) from None
    # The rescue's rules as a board's 'animals' line has them (one region, all different, at
    # most one pet); names that fit several regions are left to --zoo-region or the screen.
    problems = []
    for region in catalogue.regions:
        try:
            catalogue.resolve(list(names), region)
            return names
        except BoardFormatError as error:
            problems.append(error)
    try:
        catalogue.resolve(list(names), None)
    except BoardFormatError as error:
        raise argparse.ArgumentTypeError(error.detail) from None
    raise argparse.ArgumentTypeError(problems[0].detail)  # pragma: no cover - resolve agrees


def check_hints(given: Mapping[str, Any]) -> None:
    """``--animals`` with ``--zoo-region`` and ``--objective target:NAME``, taken together as
    a board's 'animals' and 'region' lines are (:meth:`Catalogue.resolve`): the animals of
    that region, the target one of the animals (or of the region, the animals not given);
    :class:`InputError` in words otherwise."""
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue
    from gridsight.solvers.disco_zoo.objective import check_objective, parse_objective
    from gridsight.solvers.errors import BoardFormatError, InputError

    names, region = given.get("animals"), given.get("region")
    objective = given.get("objective")
    if objective:  # an unknown target: the names spelled like it (and the region's animals)
        check_objective(objective, region)
    if not names:
        return
    try:
        _, animals = load_catalogue().resolve(list(names), region)
    except BoardFormatError as error:
        at = f" with --zoo-region {region}" if region else ""
        raise InputError(f"--animals {', '.join(names)}{at}: {error.detail}") from None
    if objective:
        parse_objective(objective, animals)  # ObjectiveError: the target is not in the rescue


def region_hint(text: str) -> str:
    """``--zoo-region NAME``: a region of the game (loosely matched, kept as typed); an
    unknown one is refused here, listing the regions, as a board's 'region' line is.

    >>> region_hint("farm")
    'farm'
    """
    import argparse

    from gridsight.solvers.disco_zoo.catalogue import load_catalogue
    from gridsight.solvers.errors import BoardFormatError

    try:
        load_catalogue().region_name(text)
    except BoardFormatError as error:
        raise argparse.ArgumentTypeError(error.detail) from None
    return text


def taps_hint(text: str) -> int:
    """``--taps N``: taps left, a whole number from 0 to the board's tiles (the rule of a
    board's 'taps' line, :func:`gridsight.solvers.disco_zoo.board.taps_count`).

    >>> taps_hint("7")
    7
    """
    import argparse

    from gridsight.solvers.disco_zoo.board import taps_count
    from gridsight.solvers.errors import BoardFormatError

    try:
        return taps_count(text.strip(), what="", unsure=False)
    except BoardFormatError as error:
        raise argparse.ArgumentTypeError(error.detail) from None


def objective_text(text: str) -> str:
    """``--objective``: ``expected``, ``all`` or ``target:NAME``. Whether NAME is an animal
    of the game (of ``--zoo-region``'s, when given) is checked when the command starts
    (:func:`check_hints`, which knows the region); whether it is in the rescue, once the
    rescue is read.

    >>> objective_text("target:Panda")
    'target:Panda'
    """
    import argparse

    from gridsight.solvers.disco_zoo.objective import ObjectiveError, check_objective

    try:
        check_objective(text, names=False)
    except ObjectiveError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def objectives(board: str) -> tuple[str, ...]:
    """The objectives a rescue offers: the expected rescues, all of them, or one animal.

    >>> objectives("animals: Pig, Cow\\n. . . . .\\n")
    ('expected', 'all', 'target:Pig', 'target:Cow')
    """
    animals: tuple[str, ...] = ()
    for line in board.splitlines():
        if line.lower().startswith("animals:"):
            animals = animal_list(line.split(":", 1)[1])
    return ("expected", "all", *(f"target:{a}" for a in animals))


def _results(board: str, solution: Mapping[str, Any]) -> tuple[str, ...]:
    lines = []
    rescue = solution.get("rescue")
    if isinstance(rescue, dict) and rescue:
        saved = [name for name, p in rescue.items() if isinstance(p, (int, float)) and p >= 1.0]
        lines.append(f"rescues certain at the last step: {len(saved)} of {len(rescue)}"
                     + (f" ({', '.join(saved)})" if saved else ""))
    if "taps" in solution:
        lines.append(f"attempts left at the last step: {solution['taps']}")
    return tuple(lines)


SPEC = GameSpec(
    name="disco-zoo",
    title="Disco Zoo rescue",
    summary="find the animals in 10 taps: exact tile odds, certain tiles, the best tap",
    load_adapter=_adapter,
    example=EXAMPLE,
    manual=ManualBoardSettings(5, 5, (".", "-", "1", "2", "3", "4")),
    # A tapped tile (empty or an animal) never turns back into ground; a tile still ground and
    # read unknown now is honestly "not yet observed" (the reader lists it as unread).
    reading=GridReading(
        _reader,
        tracker=TrackerSettings("ground", reveal_from("ground"), unobserved_initial=True),
        unlearned_token=".",
        example=SCREEN_EXAMPLE,
        # The real rescue screen has no frame to match: its lattice of tiles is found instead.
        structure=_structure,
        furniture=("cards", "counter"),
        # (a pack's frame matched on a pattern of squares, more animals found than any rescue
        # hides: no board)
        impossible=_impossible,
    ),
    hints=(
        HintOption("animals", "--animals", "the rescue's animals (instead of reading the cards)",
                   "A,B,C", animal_list, header="animals"),
        HintOption("region", "--zoo-region", "the region", "NAME", region_hint,
                   header="region"),
        HintOption("taps", "--taps", "taps left (instead of reading the counter)", "N",
                   taps_hint, header="taps"),
    ),
    solver_options=(
        SolverOption("budget", "--budget", "lookahead work per board, in CPU seconds (at most "
                     "half the time limit)", 1.0, parse=seconds, metavar="SECONDS",
                     live_default=0.2),
        TIME_LIMIT,
        SolverOption("objective", "--objective", "expected (default), all, or target:NAME",
                     "expected", parse=objective_text, metavar="OBJ"),
    ),
    counter=Counter(header="taps", hint="taps"),
    objectives=Objectives("expected", objectives),
    words=WORDS,
    results=_results,
    check_hints=check_hints,
    keep_beside=(Beside.ABOVE,),  # the title bar (region, attempts) and the cards
)
