"""Many games of Minesweeper played with a policy, on layouts drawn the way the game draws them.

**Layouts.** Each game draws one uniformly random order of all the cells. When the first
click lands on ``first``, the mines are the first ``mines`` cells of that order outside the
cells the first-click rule keeps clear (:data:`~gridsight.solvers.minesweeper.rules.FIRST_CLICK_RULES`):
``safe`` keeps ``first`` clear, ``zero`` keeps ``first`` and its neighbours clear. That is a
uniformly random layout among those the rule allows, and two policies given the same order
and the same first click play the same layout (which is what makes ``--compare`` paired).
Under either rule every cell kept clear is open once the first click is made, so given the
board shown every fitting layout is equally likely: the analysis needs no rule.

**Play.** Opening a cell shows its number; a 0 opens its neighbours too (cascading). The game
is won when every safe cell is open, lost when a mine is opened. A policy returns the cells
to open next: several only when all of them are certainly safe (opening certain cells in
any order leads to the same board, so a batch changes no outcome and saves analyses).

Policies (:data:`POLICIES`):

- ``exact``: the advice: the cells forced by the numbers one at a time if there are any
  (cheap, and they are certain), else every certain safe cell of the exact analysis, else the
  guess of :func:`~.policy.recommend` (:mod:`.guessing`: the end-game search on few layouts,
  else one reveal ahead among the safest cells);
- ``safest``: the same certain cells, and the guess of the previous advice: the lowest exact
  mine chance, ties to the likeliest 0, then reading order (kept to measure the new one);
- ``lookahead-only`` and ``endgame-only``: ``exact`` with one part of its guess alone (one
  reveal ahead, never the end-game search; the end-game search on few layouts, else the
  safest), to measure what each part adds;
- ``safe-random``: every certain safe cell (exact), else a uniformly random unopened cell
  that is not a certain mine: what exact analysis is worth when guessing;
- ``local``: a baseline that counts nothing: cells forced by the numbers one at a time,
  else the lowest local estimate (for a frontier cell the highest ``mines needed / cells``
  over its numbers; for an interior cell the mines left over the undecided cells), uniformly
  random among ties.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gridsight.solvers.limit import Limit
from gridsight.solvers.minesweeper.analysis import analyse
from gridsight.solvers.minesweeper.counting import propagate
from gridsight.solvers.minesweeper.frontier import build_frontier
from gridsight.solvers.minesweeper.guessing import (
    DEFAULT_RULE,
    ENDGAME_ONLY_RULE,
    LOOKAHEAD_ONLY_RULE,
    SAFEST_RULE,
    GuessRule,
)
from gridsight.solvers.minesweeper.policy import recommend
from gridsight.solvers.minesweeper.rules import FIRST_CLICK_RULES, MINE, UNOPENED, Level, neighbours
from gridsight.solvers.minesweeper.state import MinesweeperState
from gridsight.solvers.paired import PairedComparison, compare_paired

Cell = tuple[int, int]


@dataclass(frozen=True)
class Move:
    """Cells to open: every one certainly safe (``guess`` False), or one guess."""

    cells: tuple[Cell, ...]
    guess: bool


Policy = Callable[[MinesweeperState, random.Random], "Move | None"]


def layout_for(level: Level, order: list[Cell], first: Cell, rule: str) -> frozenset[Cell]:
    """The mines of the game whose cell order is ``order`` when the first click is ``first``.

    >>> from gridsight.solvers.minesweeper.rules import BEGINNER
    >>> order = [(r, c) for r in range(9) for c in range(9)]
    >>> sorted(layout_for(BEGINNER, order, (0, 1), "zero"))[:3]
    [(0, 3), (0, 4), (0, 5)]
    """
    if rule not in FIRST_CLICK_RULES:
        raise ValueError(f"unknown first-click rule '{rule}'")
    clear = {first}
    if rule == "zero":
        clear.update(neighbours(*first, level.rows, level.cols))
    allowed = [cell for cell in order if cell not in clear]
    if len(allowed) < level.mines:
        raise ValueError(f"{level.mines} mines do not fit outside the first click's "
                         f"{len(clear)} clear cells")
    return frozenset(allowed[: level.mines])


class Board:
    """A game in play: the hidden layout (placed at the first click) and the shown board."""

    def __init__(self, level: Level, order: list[Cell], rule: str):
        self.level = level
        self.order = order
        self.rule = rule
        self.mines: frozenset[Cell] | None = None
        self.grid = [[UNOPENED] * level.cols for _ in range(level.rows)]
        self.opened = 0
        self.lost = False

    def state(self) -> MinesweeperState:
        return MinesweeperState(self.level.mines, tuple(tuple(row) for row in self.grid))

    @property
    def won(self) -> bool:
        return not self.lost and self.opened == self.level.rows * self.level.cols - \
            self.level.mines

    def open(self, cell: Cell) -> None:
        """Open ``cell`` (placing the mines if it is the first click), cascading from 0s."""
        if self.mines is None:
            self.mines = layout_for(self.level, self.order, cell, self.rule)
        if cell in self.mines:
            self.grid[cell[0]][cell[1]] = MINE
            self.lost = True
            return
        todo = [cell]
        while todo:
            r, c = todo.pop()
            if self.grid[r][c] != UNOPENED:
                continue
            around = neighbours(r, c, self.level.rows, self.level.cols)
            count = sum(n in self.mines for n in around)
            self.grid[r][c] = str(count)
            self.opened += 1
            if count == 0:
                todo += [n for n in around if self.grid[n[0]][n[1]] == UNOPENED]


def forced_safe(state: MinesweeperState) -> list[Cell]:
    """The cells the numbers force safe one constraint at a time (propagated to the end),
    row by row: certain, found without counting. Opening certain cells in any order reaches
    the same board once none is left (each only adds what is known), so a policy may open
    these first and count only when there are none, with the same outcome."""
    frontier = build_frontier(state)
    index = {cell: i for i, cell in enumerate(frontier.cells)}
    bits: dict[int, int] = {}
    for con in frontier.constraints:
        if con.cells:
            mask = sum(1 << index[c] for c in con.cells)
            if bits.setdefault(mask, con.mines) != con.mines:
                return []
    propagated = propagate(tuple(sorted(bits.items())))
    if propagated is None:
        return []
    safe_mask = propagated[2]
    return [cell for cell in frontier.cells if safe_mask >> index[cell] & 1]


def _advised(state: MinesweeperState, rule: GuessRule) -> Move | None:
    """Certain cells first (forced ones, else the analysis's), else the advice's guess."""
    forced = forced_safe(state)
    if forced:
        return Move(tuple(forced), guess=False)
    analysis = analyse(state, Limit.none())
    if analysis.safe:
        return Move(tuple(c.cell for c in analysis.safe), guess=False)
    choice = recommend(analysis, rule=rule)
    return None if choice is None else Move((choice.cell,), guess=True)


def exact_policy(state: MinesweeperState, rng: random.Random) -> Move | None:
    return _advised(state, DEFAULT_RULE)


def safest_policy(state: MinesweeperState, rng: random.Random) -> Move | None:
    return _advised(state, SAFEST_RULE)


def lookahead_only_policy(state: MinesweeperState, rng: random.Random) -> Move | None:
    return _advised(state, LOOKAHEAD_ONLY_RULE)


def endgame_only_policy(state: MinesweeperState, rng: random.Random) -> Move | None:
    return _advised(state, ENDGAME_ONLY_RULE)


def safe_random_policy(state: MinesweeperState, rng: random.Random) -> Move | None:
    analysis = analyse(state, Limit.none())
    if analysis.safe:
        return Move(tuple(c.cell for c in analysis.safe), guess=False)
    choices = [c.cell for c in analysis.cells if not c.certain_mine]
    return Move((rng.choice(choices),), guess=True) if choices else None


def local_policy(state: MinesweeperState, rng: random.Random) -> Move | None:
    frontier = build_frontier(state)
    index = {cell: i for i, cell in enumerate(frontier.cells)}
    bits = {}
    for con in frontier.constraints:
        if con.cells:
            bits[sum(1 << index[c] for c in con.cells)] = con.mines
    propagated = propagate(tuple(sorted(bits.items())))
    residual, mine_mask, safe_mask = propagated if propagated is not None else ((), 0, 0)
    safe = [cell for cell, i in index.items() if safe_mask >> i & 1]
    if safe:
        return Move(tuple(safe), guess=False)
    known_mines = mine_mask.bit_count()
    estimate: dict[Cell, float] = {}
    for mask, need in residual:
        share = need / mask.bit_count()
        for cell, i in index.items():
            if mask >> i & 1:
                estimate[cell] = max(estimate.get(cell, 0.0), share)
    undecided = [cell for cell in state.unopened()
                 if not (cell in index and mine_mask >> index[cell] & 1)]
    density = (frontier.mines_left - known_mines) / max(1, len(undecided))
    for cell in undecided:
        estimate.setdefault(cell, density)
    if not undecided:
        return None
    lowest = min(estimate[c] for c in undecided)
    return Move((rng.choice([c for c in undecided if estimate[c] == lowest]),), guess=True)


POLICIES: dict[str, Policy] = {
    "exact": exact_policy,
    "safest": safest_policy,
    "lookahead-only": lookahead_only_policy,
    "endgame-only": endgame_only_policy,
    "safe-random": safe_random_policy,
    "local": local_policy,
}


@dataclass(frozen=True)
class GameResult:
    won: bool
    guesses: int  # cells opened that were not certainly safe (the first click included)
    seconds: float  # wall time of the game
    cpu: float = 0.0  # CPU seconds of the thread that played it


def play_game(level: Level, order: list[Cell], rule: str, policy: Policy,
              rng: random.Random,
              on_move: Callable[[MinesweeperState, Move], None] | None = None,
              start: Cell | None = None) -> GameResult:
    """Play one game of ``level`` on cell order ``order`` until it is won or lost;
    ``on_move`` sees each board and the move made on it. ``start``: the first click (else
    the policy's)."""
    board = Board(level, order, rule)
    guesses = 0
    start_wall, start_cpu = time.perf_counter(), time.thread_time()
    while not board.won and not board.lost:
        state = board.state()
        if start is not None and board.mines is None:
            move: Move | None = Move((start,), guess=True)
        else:
            move = policy(state, rng)
        if move is None:
            break
        if on_move is not None:
            on_move(state, move)
        guesses += move.guess
        for cell in move.cells:
            board.open(cell)
            if board.lost:
                break
    return GameResult(board.won, guesses, time.perf_counter() - start_wall,
                      time.thread_time() - start_cpu)


@dataclass(frozen=True)
class SimulationReport:
    level: str
    rule: str
    policy: str
    games: int
    seed: int
    wins: int
    mean_guesses: float
    mean_seconds: float
    mean_cpu: float = 0.0
    start: Cell | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def stderr(self) -> float:
        p = self.win_rate
        return math.sqrt(p * (1 - p) / self.games)


def game_orders(level: Level, games: int, seed: int) -> list[list[Cell]]:
    """One random cell order per game, from ``random.Random(seed)``."""
    rng = random.Random(seed)
    cells = [(r, c) for r in range(level.rows) for c in range(level.cols)]
    orders = []
    for _ in range(games):
        order = cells[:]
        rng.shuffle(order)
        orders.append(order)
    return orders


def _policy_rng(seed: int, game: int) -> random.Random:
    return random.Random(seed * 1_000_003 + game)


def check_start(level: Level, start: Cell | None) -> None:
    """Refuse a first click (0-based) outside the board, in words (counted from 1, as the
    player gave it)."""
    if start is not None and not (0 <= start[0] < level.rows and 0 <= start[1] < level.cols):
        raise ValueError(f"the first click (row {start[0] + 1}, column {start[1] + 1}) is "
                         f"outside the {level.rows} x {level.cols} board (rows 1-{level.rows}, "
                         f"columns 1-{level.cols})")


_Job = tuple[Level, list[Cell], str, tuple[str, ...], int, int, "Cell | None"]


def _play_all(job: _Job) -> tuple[GameResult, ...]:
    """Worker: one game played by each named policy, on the same order."""
    level, order, rule, names, seed, game, start = job
    return tuple(play_game(level, order, rule, POLICIES[name], _policy_rng(seed, game),
                           start=start) for name in names)


def play_policies(level: Level, games: int, seed: int, policies: Sequence[str], *,
                  rule: str = "safe", start: Cell | None = None, jobs: int = 1,
                  on_game: Callable[[GameResult], None] | None = None,
                  ) -> list[list[GameResult]]:
    """Play ``games`` games with each named policy (every game with every policy, on the same
    cell order); per policy, its results in game order. With ``jobs`` above 1 the games are
    shared among worker processes; every policy's randomness comes from the seed and the
    game's number, so the results do not depend on ``jobs``."""
    if games < 1:
        raise ValueError("games must be at least 1")
    for name in policies:
        if name not in POLICIES:
            raise ValueError(f"unknown policy '{name}' (expected one of: {', '.join(POLICIES)})")
    check_start(level, start)
    names = tuple(policies)
    work = [(level, order, rule, names, seed, i, start)
            for i, order in enumerate(game_orders(level, games, seed))]
    played: list[tuple[GameResult, ...]] = []

    def done(results: tuple[GameResult, ...]) -> None:
        played.append(results)
        if on_game is not None:
            for result in results:
                on_game(result)

    if jobs > 1 and games > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for results in pool.imap(_play_all, work, chunksize=1):
                done(results)
    else:
        for job in work:
            done(_play_all(job))
    return [[results[i] for results in played] for i in range(len(names))]


def play_games(level: Level, games: int, seed: int, *, rule: str = "safe",
               policy: str = "exact", start: Cell | None = None, jobs: int = 1,
               on_game: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """Play ``games`` games with ``policy`` (a name of :data:`POLICIES`)."""
    return play_policies(level, games, seed, (policy,), rule=rule, start=start, jobs=jobs,
                         on_game=on_game)[0]


def summarise(level: Level, rule: str, policy: str, seed: int,
              results: list[GameResult], start: Cell | None = None) -> SimulationReport:
    n = len(results)
    return SimulationReport(
        level=level.name, rule=rule, policy=policy, games=n, seed=seed,
        wins=sum(r.won for r in results),
        mean_guesses=sum(r.guesses for r in results) / n,
        mean_seconds=sum(r.seconds for r in results) / n,
        mean_cpu=sum(r.cpu for r in results) / n,
        start=start,
    )


def simulate(level: Level, games: int, seed: int, *, rule: str = "safe",
             policy: str = "exact", start: Cell | None = None, jobs: int = 1,
             on_game: Callable[[GameResult], None] | None = None) -> SimulationReport:
    """Play ``games`` games and summarise them (win rate, guesses, time per game)."""
    results = play_games(level, games, seed, rule=rule, policy=policy, start=start, jobs=jobs,
                         on_game=on_game)
    return summarise(level, rule, policy, seed, results, start)


def compare(level: Level, games: int, seed: int, policies: tuple[str, str], *,
            rule: str = "safe", start: Cell | None = None, jobs: int = 1,
            on_game: Callable[[GameResult], None] | None = None,
            ) -> tuple[SimulationReport, SimulationReport, PairedComparison]:
    """Both policies on the same cell orders; the paired difference of their win rates."""
    a, b = play_policies(level, games, seed, policies, rule=rule, start=start, jobs=jobs,
                         on_game=on_game)
    paired = compare_paired([float(r.won) for r in a], [float(r.won) for r in b])
    return (summarise(level, rule, policies[0], seed, a, start),
            summarise(level, rule, policies[1], seed, b, start), paired)
