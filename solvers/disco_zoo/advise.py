"""The full analysis of a rescue: exact posterior, certain tiles, the tap to make, rescue chances.

The tap comes from :class:`~solvers.disco_zoo.lookahead.Lookahead`, run as an *anytime* search
over the first tap, bounded by a time budget:

1. The first taps are grouped by the rescue's symmetries (:mod:`.symmetry`): taps of one orbit
   are worth the same, so one of each is searched.
2. Every first tap is followed by the *restricted lookahead of width 1* (at every later state
   only the single most promising tap, besides completing settled animals): each first tap
   gets the exact value of a concrete policy that starts with it. This pass always runs to
   the end, whatever the budget (on a fresh 3-animal board of any region it takes at most
   0.46 s of CPU), so on a loaded machine an answer can come later than the budget.
3. Then the unrestricted search, over the first taps best first: it solves the best one
   exactly and then proves each other one worse (or solves it too); when it gets through all
   of them, the advice is the exact optimum. (If the width-1 pass never had to leave a tap
   out, it was exact already.) Wider restricted passes (2, 3, 4) in between were tried: with
   a 1 s budget on fresh Polar and Farm rescues they left fewer answers exact (9 against 14
   of Polar's 35 3-animal rescues, 1 to 3 against 4 to 5 of Farm's), so they are not run.

When the budget runs out first, the advice is the first tap with the best value found so far:
each such value is exact for a concrete policy (the tap, then the restricted lookahead, or
best play when solved exactly), so it is a lower bound for best play, and a tap that a
finished search proved worse is never advised (its best possible value is below that of the
advised tap's policy). ``exact`` is then false and ``method`` says how far the search got.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

from solvers.disco_zoo.board import RescueBoard
from solvers.disco_zoo.engines import kernel_loaded, make_search, resolve
from solvers.engines import SWITCH_STATES
from solvers.disco_zoo.lookahead import Decision, Lookahead, SearchTimeout
from solvers.disco_zoo.objective import Objective
from solvers.disco_zoo.placements import (
    TILES,
    JointPlacements,
    Posterior,
    joint_placements,
    posterior,
)
from solvers.disco_zoo.symmetry import root_orbits

WIDTHS: tuple[int | None, ...] = (1, None)  # width 1, then the exact search
DEFAULT_BUDGET = 1.0
EXACT_METHOD = "exact expectimax over the taps left"
BOOK_METHOD = "exact expectimax over the taps left (from the opening book)"
# States the "auto" engine searches in Python before it loads the kernel (about 0.1 s).
AUTO_PYTHON_NODES = SWITCH_STATES["disco-zoo"]


def restricted_method(width: int, solved: int, taps: int) -> str:
    """The ``method`` of an advice whose search ran out of time."""
    return (
        f"budget ran out: the best first tap followed by the restricted lookahead of width "
        f"{width} (only the {width} most promising taps per state); {solved} of {taps} "
        "first taps solved or ruled out exactly; the value is exact for that policy, a lower "
        "bound for best play"
    )


@dataclass(frozen=True)
class CertainTile:
    """An untapped tile whose content is the same in every consistent placement."""

    row: int
    col: int
    animal: int | None  # 0-based animal index, or None: certainly no animal


@dataclass(frozen=True)
class RescueAdvice:
    """Everything the player is told about one rescue board."""

    board: RescueBoard
    objective: Objective
    posterior: Posterior
    certain: tuple[CertainTile, ...]
    recommend: tuple[int, int] | None
    completes: int | None
    value: Fraction
    rescue: tuple[Fraction, ...]
    exact: bool
    method: str
    seconds: float

    @property
    def placements(self) -> int:
        return self.posterior.total


def plan(
    board: RescueBoard,
    objective: Objective,
    budget: float | None = DEFAULT_BUDGET,
    *,
    max_nodes: int | None = None,
    engine: str = "auto",
    use_book: bool = True,
) -> tuple[Decision, bool, str]:
    """The decision for ``board``, whether it is exact, and the method's name.

    ``budget`` is in seconds (``None``: search until exact); ``max_nodes``, when given, also
    bounds the states the exact pass may search, a budget that gives the same answer on any
    machine (``budget=None, max_nodes=N`` makes a run repeatable). The width-1 pass is never
    cut short, so every first tap has a value and there is always an answer (see the module
    docstring); the budgets govern the exact pass. ``engine`` is ``auto``, ``numba`` or
    ``python`` (:mod:`.engines`). A board of the opening book (:mod:`.book`: the empty board
    of a 2- or 3-animal rescue, and the boards its advice leads to where the search is long)
    is answered from it unless ``use_book`` is false.
    """
    if use_book:
        from solvers.disco_zoo.book import lookup

        entry = lookup(board, objective)
        if entry is not None:
            return entry, True, BOOK_METHOD
    joint = joint_placements(board)
    deadline = float("inf") if budget is None else time.monotonic() + budget
    if engine == "auto" and resolve(engine) == "numba" and not kernel_loaded():
        # Loading numba and the kernel costs a process about 0.4 s, more than most boards
        # need: the Python search first, and the kernel only when that one runs long.
        first = _plan(joint, objective, deadline, _cap(max_nodes, AUTO_PYTHON_NODES),
                      "python", width1_nodes=AUTO_PYTHON_NODES)
        if first is not None and first[1]:
            return first
    return _plan(joint, objective, deadline, max_nodes, resolve(engine))


def _cap(limit: int | None, cap: int) -> int:
    return cap if limit is None else min(limit, cap)


def _plan(
    joint: JointPlacements,
    objective: Objective,
    deadline: float,
    max_nodes: int | None,
    engine: str,
    width1_nodes: int | None = None,
) -> tuple[Decision, bool, str] | None:
    """:func:`plan` on one engine; ``None`` when the width-1 pass ran past ``width1_nodes``."""
    board = joint.board
    exact_search = make_search(joint, objective, engine=engine)
    exact_search.max_nodes = max_nodes
    root = exact_search.root(board.taps)
    if root is None:  # no tap can beat stopping, or nothing is left to find
        exact_search.max_nodes = None  # it answers at once
        return exact_search.decide(board.taps), True, EXACT_METHOD
    leaf, ranked, bound = root
    orbits = root_orbits(board, objective)
    moves, seen = [], set()
    for order, (negative_ceiling, _, tile, children) in enumerate(ranked):
        if tile in seen:
            continue  # a symmetric image of a tap already listed: worth the same
        seen.update(orbits[tile])
        moves.append(_Move(order, tile, children, -negative_ceiling))
    taps = board.taps
    exact_ok = leaf[0]  # the best score known exactly (stopping is exact)
    previous: Lookahead | None = None
    finished_width = 0
    nodes = 0
    try:
        for width in WIDTHS:
            if width is None:
                search = exact_search
                if previous is not None:
                    search.take_hints(previous)
            else:
                search = make_search(joint, objective, width, previous, engine)
                search.max_nodes = width1_nodes
            search.root(taps)  # its root tiles
            # The width-1 pass is never cut (but by width1_nodes): every first tap gets a value.
            search.deadline = float("inf") if width == 1 else deadline
            if width != 1 and time.monotonic() > deadline:
                raise SearchTimeout
            for move in sorted(moves, key=lambda m: (-m.lower[0], m.order)):
                if move.exact or move.ruled_out:
                    continue
                if width is None:
                    result = search.tap_score(move.tile, move.children, taps, exact_ok)
                    if result is None:
                        move.ruled_out = True
                        continue
                    move.exact = True
                    exact_ok = max(exact_ok, result[0])
                else:
                    result = search.tap_score(move.tile, move.children, taps)
                    assert result is not None
                if result[0] > move.lower[0]:
                    move.lower = result
                if result[0] >= bound:  # nothing can do better than this tap
                    move.exact = True
                    for other in moves:
                        other.ruled_out = other is not move or other.ruled_out
                    raise _Done
            nodes += search.nodes
            if width is not None and not search.truncated:
                for move in moves:
                    move.exact = True  # this width never left a tap out: it was exact
            finished_width = width or 0
            previous = search
            if all(m.exact or m.ruled_out for m in moves):
                break
    except _Done:
        nodes += search.nodes
    except SearchTimeout:
        nodes += search.nodes
        if search.width == 1:
            return None  # the width-1 pass ran past width1_nodes
    chosen = max(moves, key=lambda m: (m.lower[0], -m.order))
    exact = all(m.exact or m.ruled_out for m in moves)
    if leaf[0] >= chosen.lower[0]:
        decision = exact_search._decision(*leaf)
    else:
        decision = _decision(exact_search, chosen)
    decision = Decision(decision.tile, decision.completes, decision.value, decision.rescue, nodes)
    if exact:
        return decision, True, EXACT_METHOD
    solved = sum(m.exact or m.ruled_out for m in moves)
    return decision, False, restricted_method(max(finished_width, 1), solved, len(moves))


class _Done(Exception):
    """A first tap reached the root's bound: it is optimal, the search is over."""


class _Move:
    """A first tap in the anytime search: its best value found so far (a concrete policy's
    exact score and rescue counts) and whether it is solved exactly or proven no better."""

    def __init__(self, order: int, tile: int, children: list, ceiling: int):
        self.order = order
        self.tile = tile
        self.children = children
        self.ceiling = ceiling
        self.lower: tuple[int, tuple[int, ...]] = (-1, ())
        self.exact = False
        self.ruled_out = False


def _decision(search: Lookahead, move: _Move) -> Decision:
    score, rescue = move.lower
    full = search.full
    completes = next((k for k, c in enumerate(search.cover[move.tile]) if c == full), None)
    return Decision(
        tile=move.tile,
        completes=completes,
        value=Fraction(score // search.factor, search.total),
        rescue=tuple(Fraction(x, search.total) for x in rescue),
        nodes=search.nodes,
    )


def advise(
    board: RescueBoard, objective: Objective | None = None, budget: float | None = DEFAULT_BUDGET
) -> RescueAdvice:
    """Analyse ``board``: exact posterior and certain tiles, and the advised tap.

    Raises :class:`~solvers.errors.ImpossibleBoardError` for a board no placement fits.
    """
    started = time.monotonic()
    objective = objective or Objective()
    post = posterior(joint_placements(board))
    certain = []
    for tile in range(TILES):
        row, col = divmod(tile, 5)
        if board.grid[row][col] >= 0:
            continue
        settled, animal = post.certain(tile)
        if settled:
            certain.append(CertainTile(row, col, animal))
    decision, exact, method = plan(board, objective, budget)
    recommend = None if decision.tile is None else divmod(decision.tile, 5)
    return RescueAdvice(
        board=board,
        objective=objective,
        posterior=post,
        certain=tuple(certain),
        recommend=recommend,
        completes=decision.completes,
        value=decision.value,
        rescue=decision.rescue,
        exact=exact,
        method=method,
        seconds=time.monotonic() - started,
    )
