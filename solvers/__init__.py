"""Pure game logic for gridsight.

One sub-package per game (state, text format, validation, exact analysis, policy, simulator),
plus the pieces every game shares: the board text format (:mod:`gridsight.solvers.boardtext`), the
errors that explain bad input (:mod:`gridsight.solvers.errors`) and the drawable result type
(:mod:`gridsight.solvers.advice`).

This room imports nothing from ``vision``, ``overlay`` or ``gridsight``, and no cv2, mss or Qt.
"""
