"""Whether a board's readings can all be true, and if not, a small set of readings to blame.

A board is consistent when some layout of exactly ``mines`` mines fits every reading (the
opened numbers and the shown mines). When none does, :func:`find_conflict` shrinks the set of
readings by deletion filtering: it forgets readings (turns the cells back into unopened ones)
and keeps them forgotten whenever the rest still cannot all be true, first in halves, then in
quarters, down to one at a time. What remains cannot all be true and every one of them is
needed for the contradiction (forgetting readings only allows more layouts), which is what a
player needs to find a typo or a misread.

>>> from gridsight.solvers.minesweeper.state import MinesweeperState
>>> board = MinesweeperState(4, (("0", "1", "."), ("3", ".", "."), (".", ".", ".")))
>>> [f"{r},{c}" for r, c in find_conflict(board)]   # a 0 beside a 3
['0,0', '1,0']
"""

from __future__ import annotations

from gridsight.solvers.errors import ImpossibleBoardError
from gridsight.solvers.minesweeper.combine import combine
from gridsight.solvers.limit import Limit, LimitReached, Meter
from gridsight.solvers.minesweeper.counting import count_component
from gridsight.solvers.minesweeper.frontier import Frontier, build_frontier
from gridsight.solvers.minesweeper.polynomials import product
from gridsight.solvers.minesweeper.rules import UNOPENED
from gridsight.solvers.minesweeper.state import MinesweeperState, describe_cell


#: The work narrowing a conflict down may take (CPU seconds), within the analysis's limit.
CONFLICT_TIME_LIMIT = 10.0
CONFLICT_LIMIT = Limit(seconds=CONFLICT_TIME_LIMIT)


def _frontier_ways(frontier: Frontier, meter: Meter | None = None) -> list[int] | None:
    """The frontier's assignments by mine count, ``None`` if a component has none at all
    (:class:`~gridsight.solvers.limit.LimitReached` once ``meter`` is reached)."""
    if frontier.impossible:
        return None
    parts = []
    for component in frontier.components:
        index = {cell: i for i, cell in enumerate(component.cells)}
        bits = [
            (sum(1 << index[c] for c in con.cells), con.mines) for con in component.constraints
        ]
        count = count_component(len(component.cells), bits, marginals=False, meter=meter)
        if count.total == 0:
            return None
        parts.append(count.ways)
    return product(parts)


def is_consistent(state: MinesweeperState, meter: Meter | None = None) -> bool:
    """Whether some layout of exactly ``state.mines`` mines fits every reading of ``state``
    (:class:`~gridsight.solvers.limit.LimitReached` once ``meter`` is reached first)."""
    frontier = build_frontier(state)
    if frontier.mines_left < 0:
        return False
    ways = _frontier_ways(frontier, meter)
    if ways is None:
        return False
    return combine([ways], len(frontier.interior), frontier.mines_left).total > 0


def _forget(state: MinesweeperState, cells: list[tuple[int, int]]) -> MinesweeperState:
    grid = [list(row) for row in state.grid]
    for r, c in cells:
        grid[r][c] = UNOPENED
    return MinesweeperState(state.mines, tuple(tuple(row) for row in grid))


def find_conflict(state: MinesweeperState) -> tuple[tuple[int, int], ...]:
    """A set of readings of an inconsistent ``state`` that cannot all be true, each one
    needed for the contradiction. Empty if ``state`` is consistent."""
    if is_consistent(state):
        return ()
    return narrow_conflict(state, Limit.none().start())[0]


def narrow_conflict(
    state: MinesweeperState, meter: Meter
) -> tuple[tuple[tuple[int, int], ...], bool]:
    """Deletion filtering on a ``state`` known to be inconsistent, until ``meter`` is
    reached: the readings kept (always a set that cannot all be true, sorted) and whether
    the filtering finished (then each one is needed). A board whose consistency checks are
    slow (a huge component) may stop part way, with a larger set."""
    kept = state.readings()
    try:
        kept = _far_first(state, kept, meter)
        current = state
        chunk = max(1, len(kept) // 2)
        while True:
            i = 0
            while i < len(kept):
                trial = _forget(current, kept[i:i + chunk])
                if is_consistent(trial, meter):
                    i += chunk
                else:
                    current = trial
                    del kept[i:i + chunk]
            if chunk == 1:
                return tuple(sorted(kept)), True
            chunk //= 2
    except LimitReached:
        return tuple(sorted(kept)), False


def _trouble(state: MinesweeperState, meter: Meter | None) -> list[tuple[int, int]]:
    """The numbers where the contradiction shows: those of an impossible constraint or of a
    component with no assignment at all; none when only the mine count is at fault."""
    frontier = build_frontier(state)
    if frontier.impossible:
        return [con.source for con in frontier.impossible]
    for component in frontier.components:
        index = {cell: i for i, cell in enumerate(component.cells)}
        bits = [(sum(1 << index[c] for c in con.cells), con.mines)
                for con in component.constraints]
        count = count_component(len(component.cells), bits, marginals=False, meter=meter)
        if count.total == 0:
            return [con.source for con in component.constraints]
    return []


def _far_first(state: MinesweeperState, readings: list[tuple[int, int]],
               meter: Meter | None) -> list[tuple[int, int]]:
    """``readings`` ordered farthest first from where the contradiction shows, so that
    deletion filtering forgets the unrelated ones first and keeps a compact set."""
    seeds = _trouble(state, meter)
    if not seeds:
        return readings

    def distance(cell: tuple[int, int]) -> int:
        return min(max(abs(cell[0] - r), abs(cell[1] - c)) for r, c in seeds)

    return sorted(readings, key=lambda cell: (-distance(cell), cell))


def _mine_range(state: MinesweeperState, meter: Meter) -> tuple[int, int] | None:
    """The fewest and most mines a board's readings allow, whatever the total (``None`` when
    they contradict each other whatever the total, or cannot be counted in time)."""
    frontier = build_frontier(state)
    try:
        ways = _frontier_ways(frontier, meter)
    except LimitReached:
        return None
    if ways is None:
        return None
    possible = [k for k, x in enumerate(ways) if x]
    shown = len(state.shown_mines())
    return shown + possible[0], shown + possible[-1] + len(frontier.interior)


def conflict_error(
    state: MinesweeperState, limit: Limit | Meter = CONFLICT_LIMIT
) -> ImpossibleBoardError:
    """The error refusing an inconsistent ``state``, naming a small conflicting set (narrowed
    within ``limit``, at most :data:`CONFLICT_LIMIT`: a limit, or the meter of an analysis
    under way, whose own limit then bounds the narrowing too)."""
    def bounded() -> Meter:
        if isinstance(limit, Limit):
            return limit.tighter(CONFLICT_LIMIT).start()
        return limit.within(CONFLICT_LIMIT)

    meter = bounded()
    cells, narrowed = narrow_conflict(state, meter)
    names = "; ".join(describe_cell(state, cell) for cell in cells)
    if len(cells) == 1:
        message = f"this reading cannot be true: {names}"
    else:
        message = f"these readings cannot all be true: {names}"
    if not narrowed:
        message += f" (not narrowed down further: stopped at {meter.reason})"
    allowed = _mine_range(_forget(state, [c for c in state.readings() if c not in cells]),
                          bounded())
    if allowed is not None:
        low, high = allowed
        allow = f"exactly {low}" if low == high else f"between {low} and {high}"
        message += f" (they allow {allow} mines in all, but mines: {state.mines})"
    return ImpossibleBoardError(message, cells=cells)


def check_consistent(state: MinesweeperState) -> None:
    """Raise :class:`ImpossibleBoardError` (naming the conflicting readings) unless some layout
    fits every reading of ``state``."""
    if not is_consistent(state):
        raise conflict_error(state)
