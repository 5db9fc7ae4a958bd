"""Solve settings for tests whose outcome must not depend on the machine's speed.

A search cut by a budget of seconds (Disco Zoo's lookahead ``budget``, any game's
``time_limit``) answers with the best move found when its time ran out: on a loaded machine,
or in a process that compiles a numba kernel within that time, the move (and whether a tie
is said with it) changes. Session 46: the Disco Zoo demo's second board needs 0.053 CPU s to
be solved exactly; within 0.05 s it said "Tap row 2 or 4, column 3" or another tile by the
machine's speed, and the live panel's placement test passed half the time. The boards the
live, panel and overlay tests solve are small (each in at most a few hundredths of a CPU
second, once the solvers are loaded), so they are solved to the end: :data:`EXACT`.
"""

from __future__ import annotations

import argparse

#: No lookahead budget and no limit: every search runs to its end, the same answer on any
#: machine, under any load (the command line's settings: ``options_from`` turns them into
#: each game's typed options).
EXACT = argparse.Namespace(budget=None, time_limit=0)

__all__ = ["EXACT"]
