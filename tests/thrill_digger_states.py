"""Random Thrill Digger states for the tests: drawn from the game's generator, then partly dug."""

from __future__ import annotations

import random

from gridsight.solvers.thrill_digger.generator import draw_layout
from gridsight.solvers.thrill_digger.rules import BOMB, RUPOOR, UNSEEN, Difficulty
from gridsight.solvers.thrill_digger.state import ThrillDiggerState


def random_state(
    difficulty: Difficulty,
    rng: random.Random,
    *,
    undug: int,
    unseen: float = 0.15,
    show_bad: float = 0.3,
) -> ThrillDiggerState:
    """A consistent state with exactly ``undug`` undug holes: the rest are dug, showing what
    the drawn layout holds (bad holes among them shown as ``x``/``*``); a share ``unseen`` of
    the dug rupees is written ``?``. Bad holes stay undug unless there are too few other
    undug holes; at most one bomb is shown (the game ends at the first)."""
    layout = draw_layout(difficulty, rng)
    cells = [(r, c) for r in range(difficulty.rows) for c in range(difficulty.cols)]
    rng.shuffle(cells)
    bad = [c for c in cells if c in layout.bad]
    good = [c for c in cells if c not in layout.bad]
    keep = set()
    # Undug holes: every bad hole unless some are shown, then good holes to fill up.
    shown_bad = []
    bombs_shown = 0
    for cell in bad:
        is_bomb = cell in layout.bombs
        if rng.random() < show_bad and (not is_bomb or bombs_shown == 0):
            shown_bad.append(cell)
            bombs_shown += is_bomb
        else:
            keep.add(cell)
    while len(keep) > undug:
        cell = keep.pop()
        if cell in layout.bombs and bombs_shown:
            keep.add(cell)
            # swap in a rupoor instead if possible
            movable = [c for c in keep if c in layout.rupoors]
            if not movable:
                break
            keep.discard(movable[0])
            continue
        bombs_shown += cell in layout.bombs
    for cell in good:
        if len(keep) >= undug:
            break
        keep.add(cell)
    state = ThrillDiggerState.empty(difficulty)
    for cell in cells:
        if cell in keep:
            continue
        token = layout.token(*cell)
        if token not in (BOMB, RUPOOR) and rng.random() < unseen:
            token = UNSEEN
        state = state.with_token(*cell, token)
    return state
