"""The interface every game adapter implements, and the result of solving one board."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from solvers.advice import Advice
from solvers.boardtext import BoardText


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

    def add_solve_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add this game's options to ``gridsight solve NAME``."""

    def solve(self, board: BoardText, options: argparse.Namespace) -> Solution:
        """Parse, validate and analyse one board.

        Raises :class:`solvers.errors.InputError` (a subclass) for a malformed or impossible
        board, with a message naming the line, token or cells at fault.
        """


@runtime_checkable
class Simulates(Protocol):
    """An adapter that can also play many random games: ``gridsight simulate NAME``."""

    def add_simulate_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add this game's options to ``gridsight simulate NAME``."""

    def simulate(self, options: argparse.Namespace) -> int:
        """Run the simulation, print its report, return the exit code."""
