"""``gridsight games``: list the games the registry knows."""

from __future__ import annotations

import argparse

from gridsight.registry import all_specs


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "games",
        help="list the games gridsight knows",
        description="List the games gridsight knows, with the name to use on the command line.",
    )
    parser.set_defaults(func=run)


def run(options: argparse.Namespace) -> int:
    specs = all_specs()
    width = max(len(spec.name) for spec in specs)
    for spec in specs:
        print(f"{spec.name:<{width}}  {spec.title}: {spec.summary}")
    return 0
