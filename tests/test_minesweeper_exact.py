"""Minesweeper analysis: exact against an independent brute force, the components, the
mine-count DP, the counting search, and an analysis cut short by its time limit."""

from __future__ import annotations

import random
from itertools import product as cartesian
from math import comb

import pytest

from fractions import Fraction

from gridsight.solvers.limit import Limit
from gridsight.solvers.minesweeper.analysis import analyse
from gridsight.solvers.minesweeper.brute import brute_force, whole_frontier
from gridsight.solvers.minesweeper.combine import combine
from gridsight.solvers.minesweeper.counting import count_component
from gridsight.solvers.minesweeper.frontier import build_frontier, split_components
from gridsight.solvers.minesweeper.policy import recommend
from gridsight.solvers.minesweeper.polynomials import all_but_one, convolve, product
from gridsight.solvers.minesweeper.rules import neighbours
from gridsight.solvers.minesweeper.simulate import Board, game_orders
from gridsight.solvers.minesweeper.rules import Level
from gridsight.solvers.minesweeper.state import MinesweeperState

SIZES = ((4, 4), (5, 5), (4, 6), (3, 7), (5, 4))


def random_observed(rng: random.Random) -> MinesweeperState:
    """A small board with a random layout and a random set of safe cells opened (numbers
    true to the layout), some flags anywhere, sometimes a mine shown."""
    rows, cols = rng.choice(SIZES)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = set(rng.sample(cells, rng.randint(1, len(cells) // 3)))
    grid = [["."] * cols for _ in range(rows)]
    share = rng.random()
    for r, c in cells:
        if (r, c) not in mines and rng.random() < share:
            grid[r][c] = str(sum(n in mines for n in neighbours(r, c, rows, cols)))
        elif rng.random() < 0.1:
            grid[r][c] = "F"
    if rng.random() < 0.15:
        r, c = rng.choice(sorted(mines))
        grid[r][c] = "*"
    return MinesweeperState(len(mines), tuple(tuple(row) for row in grid))


def played_states(rng: random.Random, count: int) -> list[MinesweeperState]:
    """Boards as a game shows them: a first click that cascades, then random safe opens."""
    states = []
    while len(states) < count:
        rows, cols = rng.choice(SIZES)
        level = Level("small", rows, cols, rng.randint(2, rows * cols // 4))
        board = Board(level, game_orders(level, 1, rng.randrange(10**6))[0], "safe")
        board.open((rng.randrange(rows), rng.randrange(cols)))
        for _ in range(rng.randint(0, 3)):
            safe = [(r, c) for r in range(rows) for c in range(cols)
                    if (r, c) not in board.mines and board.grid[r][c] == "."]
            if not safe:
                break
            board.open(rng.choice(safe))
        states.append(board.state())
    return states


def _small_enough(state: MinesweeperState) -> bool:
    return comb(len(state.unopened()), state.mines - len(state.shown_mines())) <= 20000


@pytest.fixture(scope="module")
def observed_with_brute() -> list[tuple[MinesweeperState, tuple[int, dict]]]:
    """300 small boards (random opens, and as play shows them) cheap enough to brute-force,
    each with its brute-force count; only boards where more than one layout fits."""
    rng = random.Random(2024)
    found: dict[str, list] = {"random": [], "played": []}
    wanted = {"random": 220, "played": 80}
    while any(len(found[k]) < wanted[k] for k in found):
        kind = "random" if len(found["random"]) < wanted["random"] else "played"
        state = random_observed(rng) if kind == "random" else played_states(rng, 1)[0]
        if _small_enough(state):
            counted = brute_force(state)
            if counted[0] > 1:
                found[kind].append((state, counted))
    return found["random"] + found["played"]


@pytest.fixture(scope="module")
def observed(observed_with_brute) -> list[MinesweeperState]:
    return [state for state, _ in observed_with_brute]


@pytest.fixture(scope="module")
def brute(observed_with_brute) -> list[tuple[int, dict]]:
    return [counted for _, counted in observed_with_brute]


def test_probabilities_equal_the_brute_force_to_1e_12(observed, brute):
    checked = 0
    assert len(observed) == 300
    for state, (total, per_cell) in zip(observed, brute):
        assert total > 0  # every state was drawn from a real layout
        analysis = analyse(state, Limit.none())
        assert analysis.complete and analysis.layouts == total
        for odds in analysis.cells:
            assert odds.mine_layouts == per_cell[odds.cell]
            assert abs(odds.mine - per_cell[odds.cell] / total) < 1e-12
            assert odds.certain_safe == (per_cell[odds.cell] == 0)
            assert odds.certain_mine == (per_cell[odds.cell] == total)
            checked += 1
    assert checked > 2000


def test_whole_frontier_reference_agrees_with_the_brute_force(observed, brute):
    for state, expected in zip(observed, brute):
        assert whole_frontier(state) == expected


def test_every_cell_probability_sums_to_the_mines_left(observed):
    for state in observed[:100]:
        analysis = analyse(state)
        expected = state.mines - len(state.shown_mines())
        assert sum(o.mine_layouts for o in analysis.cells) == expected * analysis.layouts


def test_empty_board_is_the_plain_density():
    analysis = analyse(MinesweeperState.empty(16, 30, 99))
    assert analysis.layouts == comb(480, 99)
    assert {o.mine for o in analysis.cells} == {99 / 480}
    assert analysis.components == ()


def test_components_are_split_where_no_number_links_them():
    # two numbers far apart, and a number whose cells chain two others together
    state = MinesweeperState(4, (
        (".", ".", ".", ".", ".", "."),
        ("1", ".", ".", ".", ".", "1"),
        (".", ".", "0", "0", ".", "."),
    ))
    frontier = build_frontier(state)
    assert [sorted(c.cells) for c in frontier.components] == [
        [(0, 0), (0, 1), (1, 1), (2, 0), (2, 1)],
        [(0, 4), (0, 5), (1, 4), (2, 4), (2, 5)],
    ] or len(frontier.components) == 1
    # the 0s touch (1,1)-(1,4): they join both sides into one component
    assert len(frontier.components) == 1
    apart = MinesweeperState(2, (("1", ".", ".", ".", "1"),))
    assert [sorted(c.cells) for c in build_frontier(apart).components] == [[(0, 1)], [(0, 3)]]
    assert build_frontier(apart).interior == ((0, 2),)


def test_component_order_starts_at_one_end_of_a_chain():
    state = MinesweeperState(3, (("1", "1", "1", "1", "1", "1", "1"),
                                 (".", ".", ".", ".", ".", ".", ".")))
    (component,) = split_components(list(build_frontier(state).constraints))
    assert component.cells[0][1] in (0, 1, 5, 6)  # a cell at one end, not in the middle
    assert sorted(component.cells) == [(1, c) for c in range(7)]


def _enumerate(n: int, constraints: list[tuple[int, int]]) -> tuple[list[int], list[list[int]]]:
    ways = [0] * (n + 1)
    mine_ways = [[0] * (n + 1) for _ in range(n)]
    for bits in cartesian((0, 1), repeat=n):
        mask = sum(b << i for i, b in enumerate(bits))
        if all((mask & m).bit_count() == need for m, need in constraints):
            k = sum(bits)
            ways[k] += 1
            for i, b in enumerate(bits):
                mine_ways[i][k] += b
    return ways, mine_ways


def sum_masks(constraints: list[tuple[int, int]]) -> int:
    union = 0
    for mask, _ in constraints:
        union |= mask
    return union


def test_counting_equals_plain_enumeration_on_random_constraint_sets():
    rng = random.Random(5)
    for _ in range(150):
        n = rng.randint(1, 11)
        constraints = []
        for _ in range(rng.randint(1, 8)):
            mask = rng.randint(1, (1 << n) - 1)
            constraints.append((mask, rng.randint(0, mask.bit_count())))
        uncovered = ((1 << n) - 1) & ~sum_masks(constraints)
        if uncovered:  # every cell of a component is in some constraint
            constraints.append((uncovered, rng.randint(0, uncovered.bit_count())))
        ways, mine_ways = _enumerate(n, constraints)
        result = count_component(n, constraints)
        assert list(result.ways) == ways
        assert [list(m) for m in result.mine_ways] == mine_ways
        assert list(count_component(n, constraints, marginals=False).ways) == ways


def test_contradictory_duplicate_constraints_count_nothing():
    assert count_component(2, [(0b11, 1), (0b11, 2)]).total == 0


def test_mine_count_dp_equals_direct_summation():
    rng = random.Random(8)
    for _ in range(50):
        parts = [[rng.randint(0, 5) for _ in range(rng.randint(1, 4))] for _ in
                 range(rng.randint(1, 4))]
        interior = rng.randint(0, 6)
        left = rng.randint(0, 10)
        result = combine(parts, interior, left)
        total = 0
        effective_direct = [[0] * len(p) for p in parts]
        interior_mines = 0
        for split in cartesian(*[range(len(p)) for p in parts]):
            ways = 1
            for p, k in zip(parts, split):
                ways *= p[k]
            rest = left - sum(split)
            fill = comb(interior, rest) if 0 <= rest <= interior else 0
            total += ways * fill
            interior_mines += ways * fill * max(rest, 0)
            for i, k in enumerate(split):
                others = ways // parts[i][k] if parts[i][k] else 0
                if parts[i][k] == 0:
                    others = 1
                    for j, (p, kk) in enumerate(zip(parts, split)):
                        if j != i:
                            others *= p[kk]
                effective_direct[i][k] += others * fill
        assert result.total == total
        assert result.interior_mines == interior_mines
        assert result.effective == effective_direct


def test_polynomial_helpers():
    assert convolve([1, 1], [1, 1]) == [1, 2, 1]
    assert product([]) == [1]
    parts = [[1, 2], [3, 0, 1], [2]]
    for i, rest in enumerate(all_but_one(parts)):
        assert rest == product(parts[:i] + parts[i + 1:])


def _wide_lattice() -> MinesweeperState:
    """Numbers on every other cell of every other row of an expert board: one component of
    several hundred cells that takes seconds to count."""
    rng = random.Random(3)
    rows, cols, count = 16, 30, 99
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = set(rng.sample(cells, count))
    grid = [["."] * cols for _ in range(rows)]
    for r, c in cells:
        if r % 2 == 1 and c % 2 == 1 and (r, c) not in mines:
            grid[r][c] = str(sum(n in mines for n in neighbours(r, c, rows, cols)))
    return MinesweeperState(count, tuple(tuple(row) for row in grid))


def test_time_limit_gives_an_incomplete_analysis_whose_claims_are_true():
    state = _wide_lattice()
    cut = analyse(state, Limit(seconds=0))
    assert not cut.complete and cut.layouts is None and cut.counted == 0
    assert all(o.mine is None for o in cut.cells)
    # a small component next to the lattice keeps its proofs: cells forced by one number
    forced = state.with_token(0, 0, "0")
    cut = analyse(forced, Limit(seconds=0))
    assert {(0, 1), (1, 0)} <= {o.cell for o in cut.safe}
    # whatever an incomplete analysis claims, a brute force over a small board confirms
    rng = random.Random(11)
    smalls = [s for s in (random_observed(rng) for _ in range(80)) if _small_enough(s)]
    for small in smalls[:40]:
        partial = analyse(small, Limit(seconds=0))
        total, per_cell = brute_force(small)
        for odds in partial.cells:
            if odds.certain_safe:
                assert per_cell[odds.cell] == 0
            if odds.certain_mine:
                assert per_cell[odds.cell] == total


def test_the_bounds_of_an_incomplete_analysis_hold_the_exact_chance():
    """Stopped part way (a limit in states, so some components are counted and some not),
    every cell's bounds contain its exact chance, checked against a brute force; and the
    recommended cell is the one whose chance is proven lowest at worst."""
    rng = random.Random(23)
    smalls = [s for s in (random_observed(rng) for _ in range(200)) if _small_enough(s)]
    checked = partial_boards = 0
    for small in smalls[:60]:
        total, per_cell = brute_force(small)
        if total == 0:
            continue
        for states in (1, 3, 9, 27):
            cut = analyse(small, Limit(seconds=None, states=states))
            if cut.complete:
                continue
            partial_boards += 0 < cut.counted
            for odds in cut.cells:
                exact = Fraction(per_cell[odds.cell], total)
                assert odds.low <= exact <= odds.high, (odds.cell, odds.low, exact, odds.high)
                checked += 1
            choice = recommend(cut)
            if choice is None:  # nothing left to open: every unopened cell is a mine
                assert small.finished or all(o.certain_mine for o in cut.cells)
                continue
            worst = min(o.high for o in cut.cells if not o.certain_mine)
            assert choice.safe or cut.cell(*choice.cell).high == worst
    assert checked > 200 and partial_boards > 3


def test_a_shared_cache_changes_no_count():
    rng = random.Random(12)
    for _ in range(30):
        n = rng.randint(3, 10)
        constraints = [(mask, rng.randint(0, mask.bit_count())) for mask in
                       (rng.randint(1, (1 << n) - 1) for _ in range(rng.randint(2, 6)))]
        uncovered = ((1 << n) - 1) & ~sum_masks(constraints)
        if uncovered:
            constraints.append((uncovered, 0))
        shared: dict = {}
        for extra in range(n):  # the same cells with one more cell held safe each time
            more = constraints + [(1 << extra, 0)]
            alone = count_component(n, more, marginals=False)
            assert count_component(n, more, marginals=False, cache=shared).ways == alone.ways
    with pytest.raises(ValueError):
        count_component(2, [(0b11, 1)], cache={})


def test_a_number_needing_more_mines_than_its_hidden_cells_is_a_contradiction():
    """``propagate`` answers ``None`` for a constraint that cannot be met (2 mines among 1
    cell; 2 among 2 and 1 among the same 2): loosening that check was caught by nothing."""
    from gridsight.solvers.minesweeper.counting import propagate

    assert propagate(((0b001, 2),)) is None
    assert propagate(((0b011, 2), (0b011, 1))) is None
    assert propagate(((0b011, 2),)) == ((), 0b011, 0)
