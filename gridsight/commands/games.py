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


#: The listing's widest line, as every other text gridsight prints (a game's line was 150).
WIDTH = 100


def run(options: argparse.Namespace) -> int:
    import textwrap

    specs = all_specs()
    width = max(len(spec.name) for spec in specs)
    for spec in specs:
        print(textwrap.fill(f"{spec.name:<{width}}  {spec.title}: {spec.summary}", WIDTH,
                            subsequent_indent=" " * (width + 2), break_on_hyphens=False))
    return 0
