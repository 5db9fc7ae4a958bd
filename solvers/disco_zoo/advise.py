"""The full analysis of a rescue: exact posterior, certain tiles, the tap to make, rescue chances.

The tap comes from :class:`~gridsight.solvers.disco_zoo.lookahead.Lookahead`, run as an *anytime* search
over the first tap, bounded by a budget of work (CPU seconds of the searching thread, so the
same board gets the same answer on a busy machine as on an idle one; or states) within the
analysis's :class:`~gridsight.solvers.limit.Limit`:

1. The first taps are grouped by the rescue's symmetries (:mod:`.symmetry`): taps of one orbit
   are worth the same, so one of each is searched.
2. Every first tap is followed by the *restricted lookahead of width 1* (at every later state
   only the single most promising tap, besides completing settled animals): each first tap
   gets the exact value of a concrete policy that starts with it. This pass runs to the end
   whatever the budget (on a fresh 3-animal board of any region it takes at most 0.46 s of
   CPU); only the analysis's limit stops it, and then the taps it did not value are valued
   by the policy "this tap, then complete the settled animals", and when not one could be,
   the tap with the best ceiling (the one the exact odds favour) is advised.
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
advised tap's policy). ``exact`` is then false, ``method`` says how far the search got, and
the decision's ``upper`` is the most best play can be worth (the greatest of the proven
values and the ceilings of the taps still open): "at least 1.71, at most 1.74 expected
animals".
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

from gridsight.solvers.disco_zoo.board import RescueBoard
from gridsight.solvers.disco_zoo.engines import KERNEL, kernel_loaded, make_search, resolve
from gridsight.solvers.engines import SWITCH_STATES, affords_loading, compiling_elsewhere
from gridsight.solvers.disco_zoo.lookahead import Decision, Lookahead
from gridsight.solvers.limit import Limit, LimitReached, Meter, Quality, unlimited
from gridsight.solvers.disco_zoo.objective import Objective
from gridsight.solvers.disco_zoo.placements import (
    TILES,
    JointPlacements,
    Posterior,
    joint_placements,
    posterior,
)
from gridsight.solvers.disco_zoo.symmetry import root_orbits

WIDTHS: tuple[int | None, ...] = (1, None)  # width 1, then the exact search
#: The lookahead's budget: CPU seconds of the searching thread for the exact pass.
DEFAULT_BUDGET = 1.0
EXACT_METHOD = "exact expectimax over the taps left"
BOOK_METHOD = "exact expectimax over the taps left (from the opening book)"
# States the "auto" engine searches in Python before it loads the kernel (about 0.1 s).
AUTO_PYTHON_NODES = SWITCH_STATES["disco-zoo"]


def restricted_method(width: int, solved: int, taps: int, reason: str = "the budget") -> str:
    """The ``method`` of an advice whose search was stopped by ``reason`` (a limit in words)."""
    return (
        f"stopped at {reason}: the best first tap followed by the restricted lookahead of "
        f"width {width} (only the {width} most promising taps per state); {solved} of {taps} "
        "first taps solved or ruled out exactly; the value is exact for that policy, a lower "
        "bound for best play"
    )


def unvalued_method(valued: int, taps: int, reason: str) -> str:
    """The ``method`` of an advice whose width-1 pass the analysis's limit cut short."""
    if not valued:
        return (f"stopped at {reason}: no first tap was valued before it; the tap with the "
                "best ceiling (the exact odds' favourite), its value not known")
    return (f"stopped at {reason}: {valued} of {taps} first taps valued by the restricted "
            "lookahead, the others by tapping then completing the settled animals; the value "
            "is exact for that policy, a lower bound for best play")


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
    upper: Fraction | None = None
    value_known: bool = True

    @property
    def placements(self) -> int:
        return self.posterior.total

    @property
    def quality(self) -> Quality:
        """Exact, or the bounds proven: the advice is worth at least ``value`` (when known),
        best play at most ``upper``, in the objective's unit."""
        unit = self.objective.unit(self.board.animals)
        if self.exact:
            return Quality.exact_value(float(self.value), unit)
        low = float(self.value) if self.value_known else None
        high = None if self.upper is None else float(self.upper)
        stopped = self.method.split(":", 1)[0].removeprefix("stopped at ")
        return Quality.bounded(stopped, low, high, unit, self.method)


def plan(
    board: RescueBoard,
    objective: Objective,
    budget: float | None = DEFAULT_BUDGET,
    *,
    max_nodes: int | None = None,
    engine: str = "auto",
    use_book: bool = True,
    meter: Meter | None = None,
) -> tuple[Decision, bool, str]:
    """The decision for ``board``, whether it is exact, and the method's name.

    ``budget`` is in CPU seconds of the searching thread (``None``: search until exact);
    ``max_nodes``, when given, also bounds the states the exact pass may search, a budget
    that gives the same answer on any machine (``budget=None, max_nodes=N`` makes a run
    repeatable). Both govern the exact pass. ``meter`` is the whole analysis's limit
    (``None``: none): it bounds both passes, and the width-1 pass only by it, so every first
    tap has a value unless it stops it (see the module docstring); there is always an
    answer. ``engine`` is ``auto``, ``numba`` or ``python`` (:mod:`.engines`). A board of the
    opening book (:mod:`.book`: the empty board of a 2- or 3-animal rescue, and the boards
    its advice leads to where the search is long) is answered from it unless ``use_book`` is
    false.
    """
    if use_book:
        from gridsight.solvers.disco_zoo.book import lookup

        entry = lookup(board, objective)
        if entry is not None:
            return _with_upper(entry, entry.value), True, BOOK_METHOD
    joint = joint_placements(board)
    meter = meter or unlimited()
    exact_pass = meter.within(Limit(seconds=budget))
    twin = resolve(engine)
    if engine == "auto" and twin == "numba" and not kernel_loaded():
        # Loading numba and the kernel costs a process about 0.4 s, more than most boards
        # need: the Python search first, and the kernel only when that one runs long and
        # the analysis's limit has a second left to load it (engines.affords_loading),
        # and never while another process compiles it (engines.compiling_elsewhere).
        if not affords_loading(meter):
            twin = "python"
        else:
            first = _plan(joint, objective, meter, exact_pass,
                          _cap(max_nodes, AUTO_PYTHON_NODES), "python",
                          width1_nodes=AUTO_PYTHON_NODES)
            if first is not None and (first[1] or exact_pass.reached()):
                return first
            if not affords_loading(meter) or compiling_elsewhere(KERNEL, _kernel_solve):
                twin = "python"
    answer = _plan(joint, objective, meter, exact_pass, max_nodes, twin)
    assert answer is not None  # only a capped width-1 pass gives none
    return answer


def _kernel_solve():
    """The kernel's compiled search (imports numba): its cache entry says whether numba's
    cache holds the kernel (:func:`~gridsight.solvers.engines.compiling_elsewhere`)."""
    from gridsight.solvers.disco_zoo import kernel

    return kernel.solve


def _cap(limit: int | None, cap: int) -> int:
    return cap if limit is None else min(limit, cap)


def _plan(
    joint: JointPlacements,
    objective: Objective,
    meter: Meter,
    exact_pass: Meter,
    max_nodes: int | None,
    engine: str,
    width1_nodes: int | None = None,
) -> tuple[Decision, bool, str] | None:
    """:func:`plan` on one engine; ``None`` when the width-1 pass ran past ``width1_nodes``."""
    board = joint.board
    memory = meter.memory_bound()  # the compiled search's table within it, from the first
    exact_search = make_search(joint, objective, engine=engine, memory=memory)
    exact_search.max_nodes = max_nodes
    root = exact_search.root(board.taps)
    if root is None:  # no tap can beat stopping, or nothing is left to find
        exact_search.max_nodes = None  # it answers at once
        decision = exact_search.decide(board.taps)
        return _with_upper(decision, decision.value), True, EXACT_METHOD
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
    search = exact_search
    stopped_width1 = False
    reason = "the budget"
    try:
        for width in WIDTHS:
            if width is None:
                search = exact_search
                if previous is not None:
                    search.take_hints(previous)
            else:
                search = make_search(joint, objective, width, previous, engine, memory)
                search.max_nodes = width1_nodes
            search.root(taps)  # its root tiles
            # The width-1 pass is cut only by the analysis's limit (and width1_nodes): every
            # first tap gets a value; the exact pass also by its budget.
            search.meter = meter if width == 1 else exact_pass
            if width != 1:
                exact_pass.check()
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
    except LimitReached as stop:
        nodes += search.nodes
        if search.width == 1:
            if not meter.reached():
                return None  # the width-1 pass ran past width1_nodes
            stopped_width1 = True
        reason = stop.reason
        if exact_pass.reason is not None and meter.reason is None:
            reason = "the lookahead's budget of " + stop.reason.removeprefix("the limit of ")
    if stopped_width1:  # the analysis's limit cut the width-1 pass: value the rest cheaply
        valued = sum(m.lower[0] >= 0 for m in moves)
        for move in moves:
            if move.lower[0] < 0:
                move.lower = exact_search.tap_then_complete(move.tile, move.children, taps)
    chosen = max(moves, key=lambda m: (m.lower[0], -m.order))
    exact = all(m.exact or m.ruled_out for m in moves)
    value_known = True
    if leaf[0] >= chosen.lower[0] and not stopped_width1:
        decision = exact_search._decision(*leaf)
    elif leaf[0] >= chosen.lower[0]:
        # Not one tap is proven better than stopping, but the search did not finish either:
        # the tap the exact odds favour (the best ceiling), its value unknown.
        first = min(moves, key=lambda m: m.order)
        decision = _decision(exact_search, first)
        value_known = False
    else:
        decision = _decision(exact_search, chosen)
    upper = _upper(exact_search, moves, leaf, exact_ok)
    decision = Decision(decision.tile, decision.completes, decision.value, decision.rescue, nodes,
                        decision.value if exact else upper)
    if exact:
        return decision, True, EXACT_METHOD
    if stopped_width1:
        return decision, False, unvalued_method(valued if value_known else 0, len(moves), reason)
    solved = sum(m.exact or m.ruled_out for m in moves)
    return decision, False, restricted_method(max(finished_width, 1), solved, len(moves),
                                              reason)


def _with_upper(decision: Decision, upper: Fraction | None) -> Decision:
    return Decision(decision.tile, decision.completes, decision.value, decision.rescue,
                    decision.nodes, upper)


def _upper(search: Lookahead, moves: list["_Move"], leaf: tuple, exact_ok: int) -> Fraction:
    """The most best play can be worth: stopping, the taps solved exactly, and the ceilings
    of the taps still open (a tap ruled out is worth at most what beat it)."""
    best = max(leaf[0], exact_ok)
    for move in moves:
        if move.ruled_out:
            continue
        best = max(best, move.lower[0] if move.exact else move.ceiling)
    return Fraction(best // search.factor, search.total)


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
    board: RescueBoard, objective: Objective | None = None, budget: float | None = DEFAULT_BUDGET,
    limit: Limit | Meter | None = None,
) -> RescueAdvice:
    """Analyse ``board``: exact posterior and certain tiles, and the advised tap.

    ``budget``: CPU seconds of the lookahead's exact pass; ``limit``: the whole analysis's
    (a :class:`~gridsight.solvers.limit.Limit` or a meter already running; ``None``: none). Raises
    :class:`~gridsight.solvers.errors.ImpossibleBoardError` for a board no placement fits.
    """
    started = time.monotonic()
    meter = limit.start() if isinstance(limit, Limit) else limit
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
    decision, exact, method = plan(board, objective, budget, meter=meter)
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
        upper=decision.upper,
        value_known=not method.endswith("its value is not known"),
    )
