"""One :class:`Limit` honoured by every solver of every game, through the library.

Each solver a caller can pick (every Thrill Digger policy, every Disco Zoo objective, every
tile-path engine, both pentomino algorithms with and without the count, Minesweeper) gets a
board long enough to reach a meter check and a limit of one state, or of no waiting or no
work at all:
the call answers at once with a move and a typed :class:`Quality` that names the limit
(``exact`` false), never runs on and never raises. What is documented otherwise is pinned too:
``safest`` is a rule, never a search (never exact, never stopped), ``optimal`` refuses a board
too big for its table by a typed error. (A board a search finishes before its first look at
the meter, every few hundred or thousand states, is answered exactly: docs/limits.md.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gridsight import api
from gridsight.solvers.thrill_digger.policy import POLICIES

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: A Disco Zoo rescue outside the opening book whose search passes many meter checks.
FARM = ("region: Farm\nanimals: Sheep, Pig, Rabbit\ntaps: 8\n- . . . .\n. . . . .\n"
        ". . . . .\n. . . . .\n. . . . -\n")

NO_STATE = api.Limit(seconds=None, states=0)
ONE_STATE = api.Limit(seconds=None, states=1)
TWO_STATES = api.Limit(seconds=None, states=2)
NO_WAITING = api.Limit(seconds=None, wall_seconds=0)
NO_WORK = api.Limit(seconds=0)

SEARCHES = [
    *[("thrill-digger", "thrill-digger-expert.txt", {"policy": policy, "model": model})
      for policy in POLICIES if policy not in ("safest", "optimal")
      for model in ("game", "uniform")],
    *[("disco-zoo", FARM, {"objective": objective, "budget": budget})
      for objective in ("expected", "all", "target:Pig") for budget in (None, 1.0)],
    *[("tile-path", "tile-path-heros-cave.txt", {"engine": engine})
      for engine in ("auto", "python")],
    ("tile-path", "tile-path-solvable.txt", {"leave_one": False}),
    *[("pentomino", "pentomino-6x10.txt", {"algorithm": "bitboard", "engine": engine,
                                           "count": count})
      for engine in ("auto", "python") for count in (False, True)],
    ("pentomino", "pentomino-6x10.txt", {"algorithm": "dlx", "count": True}),
    ("pentomino", "pentomino-8x8-hole.txt", {"algorithm": "dlx"}),
    ("minesweeper", "minesweeper-expert.txt", {}),
]


def board_of(name: str) -> str:
    return name if "\n" in name else (EXAMPLES / name).read_text()


@pytest.mark.parametrize("limit, words", [(NO_STATE, "the limit of 0 states"),
                                          (ONE_STATE, "the limit of 1 state"),
                                          (TWO_STATES, "the limit of 2 states"),
                                          (NO_WAITING, "the limit of 0 s of waiting"),
                                          (NO_WORK, "the limit of 0 s of work")],
                         ids=["none", "state", "states", "wall", "cpu"])
@pytest.mark.parametrize("game, board, options", SEARCHES,
                         ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, _, o in SEARCHES])
def test_every_search_stops_at_a_tiny_limit_with_a_move_and_says_so(game, board, options,
                                                                    limit, words):
    advice = api.solve(game, board_of(board), limit=limit, options=options)
    assert isinstance(advice.quality, api.Quality)
    assert not advice.quality.exact
    # Every solver names the bound alike, in the limit's own words (one state, two states),
    # so describe() reads "stopped at the limit of 1 state" for each. (Disco Zoo's lookahead
    # gets at most half the work left: none, under no work, and may name that budget first.)
    if limit is NO_WORK and game == "disco-zoo" and options["budget"] is not None:
        words = advice.quality.stopped if advice.quality.stopped == (
            "the lookahead's budget of 0 s of work") else words
    assert advice.quality.stopped == words
    assert advice.quality.describe().startswith(f"stopped at {words}")
    assert advice.move is not None  # anytime: the best move found so far


def test_a_disco_zoo_search_stopped_before_any_tap_was_valued_names_its_limit_alone():
    """With the compiled kernel loaded (as it is once any earlier search in the process used
    it) the width-1 pass stops at one state before any first tap is valued: the stop is still
    the limit's own words, the method says what was not valued. (The reason sat before the
    colon the Quality reads it from: "the limit of 1 state before any first tap was valued",
    seen only when another test had loaded the kernel first.)"""
    pytest.importorskip("numba")
    import importlib

    importlib.import_module("gridsight.solvers.disco_zoo.kernel")
    advice = api.solve("disco-zoo", FARM, limit=ONE_STATE,
                       options={"objective": "expected", "budget": None})
    assert advice.quality.stopped == "the limit of 1 state"
    assert "no first tap was valued" in advice.quality.method
    assert advice.move is not None


def test_safest_is_a_rule_not_a_search_and_optimal_refuses_a_board_too_big_typed():
    expert = board_of("thrill-digger-expert.txt")
    safest = api.solve("thrill-digger", expert, limit=ONE_STATE, options={"policy": "safest"})
    assert (safest.quality.exact, safest.quality.stopped) == (False, None)
    assert safest.move is not None
    with pytest.raises(api.InputError, match="optimal policy is exact only on small boards"):
        api.solve("thrill-digger", expert, limit=ONE_STATE, options={"policy": "optimal"})


@pytest.mark.parametrize("engine", ["auto", "python"])
def test_tile_path_honours_the_limits_memory_at_its_cost_per_state(engine):
    """``Limit(memory=...)`` bounds tile path's states held (bytes at docs/tile-path.md's cost
    per state): before, it ran the Hero's Cave exact, bounded only by its own max_states."""
    cave = board_of("tile-path-heros-cave.txt")
    # Each bound said as it was given (before: "the memory bound of 1 state" for memory=0
    # and 1, "the memory bound of 50 states" for max_states=50).
    for memory in (0, 1):
        tiny = api.solve("tile-path", cave, limit=api.Limit(memory=memory),
                         options={"engine": engine})
        assert not tiny.quality.exact and tiny.move is not None
        assert tiny.quality.stopped == (f"the memory bound of {memory} byte{'s' * (memory != 1)}"
                                        " (less than one state held: 60 bytes)")
    # 600,000 bytes at the Python engine's 60 bytes a state (auto stays in Python below its
    # switch, which 10,000 states are).
    some = api.solve("tile-path", cave, limit=api.Limit(memory=600_000),
                     options={"engine": engine})
    assert some.quality.stopped == ("the memory bound of 600,000 bytes (10,000 states held at "
                                    "once, 60 bytes each)")
    # The tighter of the two bounds wins: the option's own max_states when it holds fewer.
    both = api.solve("tile-path", cave, limit=api.Limit(memory=600_000),
                     options={"engine": engine, "max_states": 50})
    assert both.quality.stopped == "the limit of 50 states held at once"


def test_limits_in_words_say_one_state_and_two_states():
    assert api.Limit(seconds=None, states=1, memory=1).describe() == "1 state, 1 byte"
    assert api.Limit(seconds=None, states=2, memory=2).describe() == "2 states, 2 bytes"


#: A Disco Zoo rescue whose compiled search outgrows a table of a few kilobytes (its table
#: grew to 3 MB unbounded).
MOUNTAIN = ("region: Mountain\nanimals: Cougar, Eagle, Coyote\ntaps: 9\n. . . . .\n. . . . .\n"
            ". . . . .\n. . . . .\n. . . . -\n")


def test_disco_zoos_compiled_search_keeps_its_table_within_the_memory_bound(monkeypatch):
    """``Limit(memory=...)`` below the compiled lookahead's first table (1 MB whatever the
    bound, before): the table is the bound's from the first (a smaller table only makes
    entries give way: the same exact answer); below one bucket of it, the search stops at
    once in words, with a move."""
    pytest.importorskip("numba")
    import importlib

    from gridsight.solvers.disco_zoo import engines

    importlib.import_module("gridsight.solvers.disco_zoo.kernel")  # the kernel from the start
    tables: list[int] = []
    for name in ("__init__", "_grow"):
        real = getattr(engines.KernelLookahead, name)

        def recorded(self, *args, real=real, **kwargs):
            real(self, *args, **kwargs)
            tables.append(self._table.nbytes)

        monkeypatch.setattr(engines.KernelLookahead, name, recorded)
    options = {"budget": None}
    free = api.solve("disco-zoo", MOUNTAIN, limit=api.Limit(seconds=None), options=options)
    assert free.quality.exact and max(tables) > 1 << 20
    tables.clear()
    small = api.solve("disco-zoo", MOUNTAIN, limit=api.Limit(seconds=None, memory=5_000),
                      options=options)
    assert tables and max(tables) <= 5_000
    assert small.quality == free.quality and small.move == free.move
    tiny = api.solve("disco-zoo", MOUNTAIN, limit=api.Limit(seconds=None, memory=100),
                     options=options)
    assert tiny.move is not None and not tiny.quality.exact
    assert tiny.quality.stopped == ("the memory bound of 100 bytes (the lookahead's smallest "
                                    "table takes 384 bytes)")


@pytest.mark.parametrize("objective", ["expected", "target:Pig"])
def test_disco_zoos_python_search_stops_at_the_memory_bound_and_says_so(objective,
                                                                         monkeypatch):
    """``Limit(memory=...)`` bounds the states the Python search remembers (its memo, at about
    300 bytes each): under ``memory=1`` it answered the Farm rescue exactly, as if unlimited.
    (The compiled search's table is bounded on its own: the kernel is kept out here.)"""
    from gridsight.solvers.disco_zoo import engines, lookahead

    monkeypatch.setattr(engines, "kernel_available", lambda: False)  # the Python twin
    options = {"objective": objective, "budget": None}
    free = api.solve("disco-zoo", FARM, limit=api.Limit(seconds=None), options=options)
    assert free.quality.exact
    tiny = api.solve("disco-zoo", FARM, limit=api.Limit(seconds=None, memory=1),
                     options=options)
    assert not tiny.quality.exact and tiny.move is not None
    assert tiny.quality.stopped.startswith("the memory bound of 1 byte (")
    assert tiny.quality.stopped.endswith(f" states remembered, about "
                                         f"{lookahead.MEMO_ENTRY_BYTES} bytes each)")
    assert tiny.quality.describe().startswith("stopped at the memory bound of 1 byte")
    roomy = api.solve("disco-zoo", FARM, limit=api.Limit(seconds=None, memory=10**7),
                      options=options)
    assert roomy.quality == free.quality and roomy.move == free.move


@pytest.mark.parametrize("algorithm", ["bitboard", "dlx"])
def test_a_pentomino_search_that_finds_its_limit_spent_tries_no_placement(algorithm):
    """A limit spent before a search starts (by the solve before a count, the hint before a
    blocking search) stops it at once, as docs/limits.md says: each search ran its first
    4,096 (bitboard) or 1,024 (dlx) nodes before it looked at the meter (the 5 x 12 count by
    dlx under ``Limit(seconds=0)``: 0.27 s of CPU, then 0.03 s)."""
    from gridsight.solvers.limit import Limit
    from gridsight.solvers.pentomino.algorithms import make_search
    from gridsight.solvers.pentomino.bitboard import search
    from gridsight.solvers.pentomino.puzzle import make_puzzle

    puzzle = make_puzzle(["." * 10] * 6)
    spent = Limit(seconds=None, states=0).start()
    solver = make_search(puzzle, algorithm, "python")
    found = solver.find((), None, spent)
    assert found.stopped and not found.complete and found.count == 0
    fresh = Limit(seconds=None, states=1).start()  # not spent: the search starts
    if algorithm == "dlx":
        assert solver.cover.stats["nodes"] == 0
        solver.find((), 1, fresh)
        assert solver.cover.stats["nodes"] > 0
    else:
        assert search(solver.tables, meter=spent, engine="python").nodes == 0
        assert search(solver.tables, limit=1, meter=fresh, engine="python").nodes > 0


@pytest.mark.parametrize("policy", ["lookahead", "deeper"])
def test_a_thrill_digger_limit_spent_before_the_scoring_scores_no_candidate(policy):
    """A limit spent before the first candidate is scored answers the safest candidate
    unscored, said so: its rollouts ran first (the expert example under ``Limit(seconds=0)``:
    0.046 s of CPU by ``lookahead``, 0.103 s by ``deeper``; then 0.006 s and 0.015 s) and a
    candidate scored alone is the pick anyway."""
    board = board_of("thrill-digger-expert.txt")
    spent = api.solve("thrill-digger", board, NO_STATE, {"policy": policy})
    one = api.solve("thrill-digger", board, ONE_STATE, {"policy": policy})
    assert spent.move == one.move
    assert spent.quality.method.endswith("; 0 of 8 candidates scored before the limit")
    assert one.quality.method.endswith("; 1 of 8 candidates scored before the limit")
    assert not spent.quality.exact and spent.quality.stopped == "the limit of 0 states"
