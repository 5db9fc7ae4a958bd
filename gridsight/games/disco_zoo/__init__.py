"""Disco Zoo rescues: the game's spec.

The parts: :mod:`~gridsight.games.disco_zoo.adapter` (``gridsight solve`` and ``simulate``) and
:mod:`~gridsight.games.disco_zoo.reader` (the rescue read off a screenshot: the board through
the pack ``templates/disco-zoo/<skin>/``, the animals from their cards, the taps left from the
counter, or from the player's ``--animals``, ``--zoo-region`` and ``--taps``).
"""

from __future__ import annotations

from typing import Any, Mapping

from gridsight.games.spec import (
    TIME_LIMIT, Counter, GameSpec, GridReading, HintOption, ManualBoardSettings, Objectives,
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
    argparse.ArgumentTypeError: unknown animal 'Nosuch' (known animals: ...
    """
    import argparse

    from gridsight.solvers.disco_zoo.catalogue import load_catalogue
    from gridsight.solvers.errors import BoardFormatError

    names = tuple(a.strip() for a in text.split(",") if a.strip())
    for name in names:
        try:
            load_catalogue().resolve([name], None)
        except BoardFormatError as error:
            if error.token == name:  # unknown (not a rule of the rescue as a whole)
                raise argparse.ArgumentTypeError(str(error)) from None
    return names


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
        HintOption("region", "--zoo-region", "the region", "NAME", header="region"),
        HintOption("taps", "--taps", "taps left (instead of reading the counter)", "N", int,
                   header="taps"),
    ),
    solver_options=(
        SolverOption("budget", "--budget", "lookahead work per board, in CPU seconds (at most "
                     "half the time limit)", 1.0, parse=seconds, metavar="SECONDS",
                     live_default=0.2),
        TIME_LIMIT,
        SolverOption("objective", "--objective", "expected (default), all, or target:NAME",
                     "expected", metavar="OBJ"),
    ),
    counter=Counter(header="taps", hint="taps"),
    objectives=Objectives("expected", objectives),
    words=WORDS,
    results=_results,
)
