"""A stand-in for the live loop's solver worker that answers only when a test tells it to.

It stands for a machine so busy that every board changes before the solver is free, without
a timed wait: the test decides when the answer (or a failure) comes back.
"""

from __future__ import annotations

from gridsight.registry import get_game
from gridsight.solvers.boardtext import parse_boards
from gridsight.worker import WorkerResult


class HeldWorker:
    """A worker that answers only when told (``answer``, or ``fail`` with an error)."""

    def __init__(self) -> None:
        self.job: tuple | None = None  # (game, text, options, tag) being solved
        self.ready: list[WorkerResult] = []

    @property
    def busy(self) -> bool:
        return self.job is not None

    def submit(self, game, board, options, tag=None, **_):
        self.job = (game, board, options, tag)

    def answer(self) -> None:
        """Solve the board in hand, here and now, and hold the answer for the next poll."""
        assert self.job is not None, "no board was submitted"
        game, text, options, tag = self.job
        self.ready.append(WorkerResult(tag, get_game(game).solve(parse_boards(text)[0], options)))

    def fail(self, error: str) -> None:
        """Hold a failure (``error``) for the board in hand, as a worker that crashed would."""
        assert self.job is not None, "no board was submitted"
        self.ready.append(WorkerResult(self.job[3], error=error))

    def poll(self, wait: float = 0.0):
        if not self.ready:
            return None
        self.job = None
        return self.ready.pop(0)
