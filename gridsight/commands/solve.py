"""``gridsight solve GAME [FILE|-] [--json]``: analyse boards written in the game's text format."""

from __future__ import annotations

import argparse
import json
import sys

from gridsight.inputs import read_text
from gridsight.registry import all_specs
from solvers.boardtext import parse_boards
from solvers.errors import InputError


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="analyse boards written as text and print the advice",
        description=(
            "Read one or more boards (separated by a line '---') in a game's text format from a "
            "file or standard input, and print the analysis of each: a readable board with the "
            "advice, or one JSON object per board per line with --json. "
            "Run 'gridsight solve GAME --help' for a game's format and options."
        ),
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True)
    for spec in all_specs():
        game = spec.adapter
        game_parser = games.add_parser(
            spec.name,
            help=spec.summary,
            description=f"{spec.title}: {spec.summary}",
            epilog=getattr(game, "format_help", None),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        game_parser.add_argument(
            "file",
            nargs="?",
            default="-",
            metavar="FILE",
            help="board file, or - (the default) for standard input",
        )
        game_parser.add_argument(
            "--json", action="store_true", help="print one JSON object per board, one per line"
        )
        game.add_solve_arguments(game_parser)
        game_parser.set_defaults(func=run, adapter=game)


def run(options: argparse.Namespace) -> int:
    game = options.adapter
    source, text = read_text(options.file)
    boards = parse_boards(text, source=source)
    failures = 0
    for board in boards:
        try:
            solution = game.solve(board, options)
        except InputError as error:
            failures += 1
            label = f"{source}, board {board.index + 1}" if len(boards) > 1 else source
            print(f"gridsight: {label}: {error}", file=sys.stderr)
            continue
        if options.json:
            print(json.dumps(solution.json, separators=(", ", ": ")))
        else:
            if board.index:
                print("---")
            print(solution.text.rstrip("\n"))
        sys.stdout.flush()
    return 2 if failures else 0
