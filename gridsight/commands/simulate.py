"""``gridsight simulate GAME ...``: play many random games with the recommended policy."""

from __future__ import annotations

import argparse

from gridsight.games.base import Simulates
from gridsight.limits import add_max_memory_argument
from gridsight.registry import all_specs


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play many random games with gridsight's advice and report how it fares",
        description=(
            "Draw random boards the way the game does, play them with the recommended policy "
            "(and a baseline where the game has one), and report the results."
        ),
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True)
    for spec in all_specs():
        game = spec.adapter
        if not isinstance(game, Simulates):
            continue
        game_parser = games.add_parser(
            spec.name, help=spec.summary, description=f"Simulate {spec.title}."
        )
        game.add_simulate_arguments(game_parser)
        add_max_memory_argument(game_parser)
        game_parser.set_defaults(func=lambda options, game=game: game.simulate(options))
