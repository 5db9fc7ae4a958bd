"""Whether a board's readings can all be true, and if not, a small set of readings to blame.

A board is consistent when some placement of the difficulty's bombs and rupoors fits every
reading. When none does, :func:`find_conflict` shrinks the set of readings by deletion
filtering: it forgets one reading at a time (turns the hole back into an undug one) and keeps
it forgotten whenever the rest still cannot all be true. What remains is a set of readings
that cannot all be true, where every single one is needed for the contradiction, which is
what a player needs to find a typo or a misread.
"""

from __future__ import annotations

from gridsight.solvers.errors import ImpossibleBoardError
from gridsight.solvers.thrill_digger.counting import count_bad_sets
from gridsight.solvers.thrill_digger.rules import BOMB, RUPOOR, UNDUG
from gridsight.solvers.thrill_digger.state import ThrillDiggerState, describe_cell


def is_consistent(state: ThrillDiggerState) -> bool:
    """Whether some placement of bombs and rupoors fits every reading of ``state``."""
    d = state.difficulty
    tokens = [t for row in state.grid for t in row]
    if tokens.count(BOMB) > d.bombs or tokens.count(RUPOOR) > d.rupoors:
        return False
    return count_bad_sets(state.grid, d.bad, marginals=False).total > 0


def find_conflict(state: ThrillDiggerState) -> tuple[tuple[int, int], ...]:
    """A set of readings of an inconsistent ``state`` that cannot all be true, each one
    needed for the contradiction (deletion filtering). Empty if ``state`` is consistent."""
    if is_consistent(state):
        return ()
    kept = list(state.readings())
    current = state
    for cell in list(kept):
        trial = current.with_token(*cell, UNDUG)
        if not is_consistent(trial):
            current = trial
            kept.remove(cell)
    return tuple(kept)


def conflict_error(state: ThrillDiggerState) -> ImpossibleBoardError:
    """The error refusing an inconsistent ``state``, naming a small conflicting set."""
    cells = find_conflict(state)
    d = state.difficulty
    names = "; ".join(describe_cell(state, cell) for cell in cells)
    tokens = [state.token(*cell) for cell in cells]
    if len(cells) == 1:
        message = f"this reading cannot be true: {names}"
    else:
        message = f"these readings cannot all be true: {names}"
    if tokens and all(t == BOMB for t in tokens):
        message += f" ({d.name} has {d.bombs} bombs)"
    elif tokens and all(t == RUPOOR for t in tokens):
        message += f" ({d.name} has {d.rupoors} rupoors)"
    else:
        message += f" ({d.name}: {d.bombs} bombs and {d.rupoors} rupoors)"
    return ImpossibleBoardError(message, cells=cells)


def check_consistent(state: ThrillDiggerState) -> None:
    """Raise :class:`ImpossibleBoardError` (naming the conflicting readings) unless some
    placement of bombs and rupoors fits every reading of ``state``."""
    if not is_consistent(state):
        raise conflict_error(state)
