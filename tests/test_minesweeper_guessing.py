"""The guess rule: one reveal ahead and the end-game search, each held against an independent
brute force over every layout of small boards (plain enumeration of the boards one reveal
later; a plain expectimax over boards for the best chance to win)."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import pytest

from gridsight.solvers.limit import Limit, LimitReached
from gridsight.solvers.minesweeper.analysis import analyse
from gridsight.solvers.minesweeper.endgame import list_layouts, solve_endgame
from gridsight.solvers.minesweeper.guessing import GuessRule, best_guess
from gridsight.solvers.minesweeper.lookahead import Hypotheses, evaluate
from gridsight.solvers.minesweeper.rules import Level
from gridsight.solvers.minesweeper.simulate import Board, game_orders
from gridsight.solvers.minesweeper.state import MinesweeperState


def played(rng: random.Random, sizes=((3, 3), (3, 4), (4, 4), (2, 5), (4, 5))) -> MinesweeperState:
    """A board as play shows it, with no cell certainly safe (so a guess is needed)."""
    while True:
        rows, cols = rng.choice(sizes)
        level = Level("small", rows, cols, rng.randint(2, rows * cols // 3))
        board = Board(level, game_orders(level, 1, rng.randrange(10**6))[0], "safe")
        board.open((rng.randrange(rows), rng.randrange(cols)))
        while not board.won:
            state = board.state()
            analysis = analyse(state)
            if not analysis.safe:
                return state
            board.open(analysis.safe[0].cell)


def all_layouts(state: MinesweeperState) -> list[frozenset]:
    """Every layout fitting ``state`` (its mines among the unopened cells), by trying all."""
    unopened = state.unopened()
    numbers = [(int(state.token(*c)), state.neighbours(*c)) for c in state.numbers()]
    found = []
    for chosen in combinations(unopened, state.mines):
        mines = frozenset(chosen)
        if all(sum(n in mines for n in around) == v for v, around in numbers):
            found.append(mines)
    return found


def shows(layout: frozenset, state: MinesweeperState, cell: tuple[int, int]) -> int:
    return sum(n in layout for n in state.neighbours(*cell))


def brute_look(state: MinesweeperState, cell: tuple[int, int],
               layouts: list[frozenset]) -> tuple[int, int]:
    """(survive, progress) of ``cell``: the layouts with ``cell`` safe grouped by the number
    it shows; each group is the board one reveal later, whose cells are counted directly."""
    groups: dict[int, list[frozenset]] = {}
    for layout in layouts:
        if cell not in layout:
            groups.setdefault(shows(layout, state, cell), []).append(layout)
    left = [c for c in state.unopened() if c != cell]
    survive = progress = 0
    for group in groups.values():
        mines = {c: sum(c in layout for layout in group) for c in left}
        if len(left) == state.mines or any(m == 0 for m in mines.values()):
            survive += len(group)  # won, or a certain cell follows
            progress += len(group)
        else:
            survive += len(group) - min(m for m in mines.values() if m < len(group))
    return survive, progress


def test_lookahead_equals_the_brute_force():
    rng = random.Random(5)
    checked = 0
    while checked < 30:
        state = played(rng)
        analysis = analyse(state)
        board = Hypotheses(analysis)
        layouts = all_layouts(state)
        for odds in analysis.cells:
            if odds.certain_mine:
                continue
            look = evaluate(board, odds.cell)
            assert look.safe == analysis.layouts - odds.mine_layouts
            assert (look.survive, look.progress) == brute_look(state, odds.cell, layouts)
            assert sum(r.layouts for r in look.reveals) == look.safe
        checked += 1


def test_lookahead_stops_once_it_cannot_win():
    rng = random.Random(8)
    state = played(rng)
    analysis = analyse(state)
    board = Hypotheses(analysis)
    odds = min((c for c in analysis.cells if not c.certain_mine), key=lambda c: c.mine_layouts)
    full = evaluate(board, odds.cell)
    cut = evaluate(board, odds.cell, bound=full.safe)
    assert full.complete and not cut.complete and cut.survive <= full.survive


def best_play(state: MinesweeperState) -> Fraction:
    """The best chance to win from ``state``: plain expectimax, every unopened cell tried at
    every step (certain ones too), over the sets of layouts still possible."""
    unopened = state.unopened()
    safe_cells = len(unopened) - state.mines

    @lru_cache(maxsize=None)
    def value(layouts: frozenset, opened: frozenset) -> Fraction:
        if len(opened) == safe_cells:
            return Fraction(1)
        best = Fraction(0)
        for cell in unopened:
            if cell in opened:
                continue
            groups: dict[int, set] = {}
            for layout in layouts:
                if cell not in layout:
                    groups.setdefault(shows(layout, state, cell), set()).add(layout)
            won = sum((Fraction(len(g), len(layouts)) * value(frozenset(g), opened | {cell})
                       for g in groups.values()), Fraction(0))
            best = max(best, won)
        return best

    return value(frozenset(all_layouts(state)), frozenset())


def test_endgame_equals_a_plain_expectimax():
    rng = random.Random(11)
    checked = 0
    while checked < 20:
        state = played(rng, sizes=((3, 3), (2, 4), (3, 4), (2, 5)))
        if len(state.unopened()) > 8:
            continue
        analysis = analyse(state)
        result = solve_endgame(analysis)
        assert result is not None
        assert Fraction(result.wins, result.layouts) == best_play(state), state
        # the advised cell wins what the search says it does
        assert result.cell_wins[result.cell] == result.wins
        checked += 1


def test_listed_layouts_are_the_brute_force_layouts():
    rng = random.Random(3)
    for _ in range(30):
        state = played(rng)
        analysis = analyse(state)
        cells, layouts = list_layouts(analysis, 10**6)
        expected = {sum(1 << cells.index(c) for c in layout) for layout in all_layouts(state)}
        assert cells == state.unopened()
        assert len(layouts) == len(expected) and set(layouts) == expected


def test_endgame_honours_its_state_limit():
    rng = random.Random(21)
    state = played(rng, sizes=((4, 5),))
    analysis = analyse(state)
    with pytest.raises(LimitReached):
        solve_endgame(analysis, Limit(seconds=None, states=1), most=10**6)


def test_best_guess_uses_the_endgame_on_few_layouts_and_looks_ahead_otherwise():
    rng = random.Random(2)
    state = played(rng)
    analysis = analyse(state)
    assert best_guess(analysis).how == "endgame"
    assert best_guess(analysis, GuessRule(endgame_layouts=0)).how == "lookahead"
    assert best_guess(analysis, GuessRule(endgame_layouts=0, lookahead=False)).how == "safest"


def test_a_guess_stopped_by_its_limit_is_still_a_cell_and_never_less_safe_than_needed():
    from gridsight.solvers.minesweeper.policy import recommend

    rng = random.Random(6)
    state = played(rng, sizes=((4, 5),))
    analysis = analyse(state)
    rule = GuessRule(endgame_layouts=0)
    full = recommend(analysis, rule=rule)
    cut = recommend(analysis, Limit(seconds=None, states=1).start(), rule=rule)
    lowest = min(c.mine_layouts for c in analysis.cells if not c.certain_mine)
    assert full.how == "lookahead" and full.survive is not None
    assert cut.how == "safest" and analysis.cell(*cut.cell).mine_layouts == lowest


def test_each_part_of_the_guess_alone_is_a_policy_that_plays_its_part():
    from gridsight.solvers.minesweeper.guessing import ENDGAME_ONLY_RULE, LOOKAHEAD_ONLY_RULE
    from gridsight.solvers.minesweeper.simulate import POLICIES

    assert {"lookahead-only", "endgame-only"} <= set(POLICIES)
    analysis = analyse(played(random.Random(2)))  # few layouts: the end-game's board
    assert best_guess(analysis, ENDGAME_ONLY_RULE).how == "endgame"
    assert best_guess(analysis, LOOKAHEAD_ONLY_RULE).how == "lookahead"
    many = GuessRule(endgame_layouts=1)  # as on a board with more layouts than the search takes
    assert best_guess(analysis, GuessRule(lookahead=False, endgame_layouts=1)).how == "safest"
    assert best_guess(analysis, many).how == "lookahead"
