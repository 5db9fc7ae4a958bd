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

- ``exact``: every certain safe cell, else the cell of :func:`~.policy.recommend` (lowest
  exact mine chance, ties to the likeliest 0, then reading order);
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
from collections.abc import Callable
from dataclasses import dataclass

from gridsight.solvers.limit import Limit
from gridsight.solvers.minesweeper.analysis import analyse
from gridsight.solvers.minesweeper.counting import propagate
from gridsight.solvers.minesweeper.frontier import build_frontier
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


def exact_policy(state: MinesweeperState, rng: random.Random) -> Move | None:
    analysis = analyse(state, Limit.none())
    if analysis.safe:
        return Move(tuple(c.cell for c in analysis.safe), guess=False)
    choice = recommend(analysis)
    return None if choice is None else Move((choice.cell,), guess=True)


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
    "safe-random": safe_random_policy,
    "local": local_policy,
}


@dataclass(frozen=True)
class GameResult:
    won: bool
    guesses: int  # cells opened that were not certainly safe (the first click included)
    seconds: float


def play_game(level: Level, order: list[Cell], rule: str, policy: Policy,
              rng: random.Random,
              on_move: Callable[[MinesweeperState, Move], None] | None = None) -> GameResult:
    """Play one game of ``level`` on cell order ``order`` until it is won or lost;
    ``on_move`` sees each board and the move made on it."""
    board = Board(level, order, rule)
    guesses = 0
    start = time.perf_counter()
    while not board.won and not board.lost:
        state = board.state()
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
    return GameResult(board.won, guesses, time.perf_counter() - start)


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


def play_games(level: Level, games: int, seed: int, *, rule: str = "safe",
               policy: str = "exact",
               on_game: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """Play ``games`` games with ``policy`` (a name of :data:`POLICIES`)."""
    if games < 1:
        raise ValueError("games must be at least 1")
    play = POLICIES[policy]
    results = []
    for i, order in enumerate(game_orders(level, games, seed)):
        result = play_game(level, order, rule, play, _policy_rng(seed, i))
        results.append(result)
        if on_game is not None:
            on_game(result)
    return results


def summarise(level: Level, rule: str, policy: str, seed: int,
              results: list[GameResult]) -> SimulationReport:
    n = len(results)
    return SimulationReport(
        level=level.name, rule=rule, policy=policy, games=n, seed=seed,
        wins=sum(r.won for r in results),
        mean_guesses=sum(r.guesses for r in results) / n,
        mean_seconds=sum(r.seconds for r in results) / n,
    )


def simulate(level: Level, games: int, seed: int, *, rule: str = "safe",
             policy: str = "exact",
             on_game: Callable[[GameResult], None] | None = None) -> SimulationReport:
    """Play ``games`` games and summarise them (win rate, guesses, time per game)."""
    results = play_games(level, games, seed, rule=rule, policy=policy, on_game=on_game)
    return summarise(level, rule, policy, seed, results)


def compare(level: Level, games: int, seed: int, policies: tuple[str, str], *,
            rule: str = "safe", on_game: Callable[[GameResult], None] | None = None,
            ) -> tuple[SimulationReport, SimulationReport, PairedComparison]:
    """Both policies on the same cell orders; the paired difference of their win rates."""
    a = play_games(level, games, seed, rule=rule, policy=policies[0], on_game=on_game)
    b = play_games(level, games, seed, rule=rule, policy=policies[1], on_game=on_game)
    paired = compare_paired([float(r.won) for r in a], [float(r.won) for r in b])
    return (summarise(level, rule, policies[0], seed, a),
            summarise(level, rule, policies[1], seed, b), paired)
