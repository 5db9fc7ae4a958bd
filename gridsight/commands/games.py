"""``gridsight games``: list the games the registry knows."""

from __future__ import annotations

import argparse

from gridsight.registry import all_games


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "games",
        help="list the games gridsight knows",
        description="List the games gridsight knows, with the name to use on the command line.",
    )
    parser.set_defaults(func=run)


def run(options: argparse.Namespace) -> int:
    games = all_games()
    width = max(len(game.name) for game in games)
    for game in games:
        print(f"{game.name:<{width}}  {game.title}: {game.summary}")
    return 0
