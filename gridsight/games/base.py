"""The interface every game adapter implements, and the result of solving one board.

Solving is ``adapter.solve(board, options)``: ``board`` a parsed :class:`BoardText`,
``options`` the game's own frozen options dataclass (``adapter.options_type``, a subclass of
:class:`~gridsight.games.options.SolveOptions` holding the :class:`~gridsight.solvers.limit.Limit`), or
``None`` for the defaults. The command line builds the options from its arguments with
``adapter.options_from(arguments)``.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from gridsight.games.options import Arguments, SolveOptions
from gridsight.solvers.advice import Advice
from gridsight.solvers.boardtext import BoardText


@dataclass(frozen=True)
class Solution:
    """The analysis of one board, in the three forms the application needs.

    ``json`` is the object printed by ``gridsight solve GAME --json`` (the documented contract);
    ``text`` is the readable board with the advice, for people; ``advice`` is what painters draw.
    """

    json: dict[str, Any]
    text: str
    advice: Advice


@runtime_checkable
class GameAdapter(Protocol):
    """What the registry needs from a game.

    ``name`` is the command-line name (``thrill-digger``), ``title`` the game's full name and
    ``summary`` one line for ``gridsight games``.
    """

    name: str
    title: str
    summary: str
    options_type: type[SolveOptions]

    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add this game's options to ``gridsight solve NAME``."""

    def options_from(self, arguments: Arguments) -> SolveOptions:
        """This game's options from parsed command-line ``arguments`` (those the command
        lacks keep their defaults; see :func:`gridsight.games.options.options_from_arguments`)."""

    def solve(self, board: BoardText, options: SolveOptions | None = None) -> Solution:
        """Parse, validate and analyse one board within ``options.limit``.

        Raises :class:`gridsight.solvers.errors.InputError` (a subclass) for a malformed or impossible
        board, with a message naming the line, token or cells at fault. A search stopped by
        the limit still answers (anytime): ``Solution.advice.quality`` says how good.
        """


@runtime_checkable
class Simulates(Protocol):
    """An adapter that can also play many random games: ``gridsight simulate NAME``."""

    def add_simulate_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add this game's options to ``gridsight simulate NAME``."""

    def simulate(self, options: argparse.Namespace) -> int:
        """Run the simulation, print its report, return the exit code."""
