"""``gridsight solve GAME [FILE|-] [--json]``: analyse boards written in the game's text format.

Several boards in one file (``---`` between them) are solved one by one: a board that cannot be
parsed or solved is one line on standard error naming the file and the line (or the board),
and the boards after it are still solved; the exit code says at the end that one failed
(2 for bad input). A board the time limit stops is still answered (the best advice found so
far, said to be not exact).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from functools import partial
from typing import Any

from gridsight.games.options import SolveOptions
from gridsight.errors import EXIT_INPUT, EXIT_OK, EXIT_RUNTIME, RuntimeFailure, say
from gridsight.commands.lazy import LazySubParsers
from gridsight.inputs import read_text
from gridsight.limits import MAX_BOARD_BYTES, add_max_bytes_argument, add_max_memory_argument
from gridsight.registry import all_specs, game_names, get_spec
from gridsight.textout import for_terminal, with_status
from gridsight.solvers.boardtext import BoardText, parse_each_board
from gridsight.solvers.errors import BoardFormatError, InputError, named, one_line
from gridsight.solvers.limit import Since


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
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True,
                                  action=LazySubParsers)
    for name in game_names():  # a game's spec and solver are loaded when it is chosen
        games.add_lazy(name, partial(_add_game_arguments, name),
                       describe=lambda name=name: get_spec(name).summary,
                       formatter_class=argparse.RawDescriptionHelpFormatter)


def _add_game_arguments(name: str, game_parser: argparse.ArgumentParser) -> None:
    """``gridsight solve GAME``'s options: the file, ``--json``, the limits, the game's own."""
    spec = get_spec(name)
    game = spec.adapter
    game_parser.description = f"{spec.title}: {spec.summary}"
    game_parser.epilog = getattr(game, "format_help", None)
    game_parser.add_argument(
        "file",
        nargs="?",
        default="-",
        metavar="FILE",
        help="board file, or - (the default) for standard input",
    )
    game_parser.add_argument(
        "--json", action="store_true",
        help="print one JSON object per board, one per line: the game's fields (listed below "
             "and in its docs page) and 'status', the advice's one line as the text's first"
    )
    add_max_bytes_argument(game_parser, default=MAX_BOARD_BYTES, what="a board file")
    add_max_memory_argument(game_parser)
    game.add_solve_arguments(game_parser)
    game_parser.set_defaults(func=run, adapter=game, game_name=name)


def run(options: argparse.Namespace) -> int:
    game = options.adapter
    settings = game.options_from(options)
    reading = Since.now()
    source, text = read_text(options.file, limit=options.max_input_bytes)
    boards = parse_each_board(text, source=source)
    first = _from_the_start(settings, options, reading)  # the first board solved
    code = EXIT_OK
    printed = 0
    for board in boards:
        try:
            if isinstance(board, BoardFormatError):
                raise board
            chosen, first = first, settings
            solution = game.solve(board, chosen)
        except (InputError, RuntimeFailure) as error:
            say(_failure(error, board, source, len(boards))
                + _other_game(error, getattr(options, "game_name", None), options.file))
            code = max(code, EXIT_INPUT if isinstance(error, InputError) else EXIT_RUNTIME)
            continue
        if options.json:
            print(json.dumps(with_status_field(solution.json, solution.advice.status),
                             separators=(", ", ": ")))
        else:
            if printed:
                print("---")
            print(for_terminal(with_status(solution.text, solution.advice.status)))
        printed += 1
        sys.stdout.flush()
    return EXIT_INPUT if code == EXIT_INPUT else code


def _from_the_start(settings: SolveOptions, options: argparse.Namespace,
                    reading: Since) -> SolveOptions:
    """``settings`` whose limit counts from the command's start (``command_started``, set by
    :func:`gridsight.cli.main`): the first board's limit bounds the command as the player
    waits for it, the game's solver (imported while the command line was parsed) within it,
    as ``api.solve``'s does; reading the boards (from ``reading`` to now: the wait for a
    pipe or a terminal, and the parse of every board in the file) counts against nothing.
    Each board after the first is metered from its own start."""
    started = getattr(options, "command_started", None)
    if not isinstance(started, Since) or settings.limit.since is not None:
        return settings
    since = started.excluding(reading, Since.now())
    return replace(settings, limit=settings.limit.replace(since=since))


def with_status_field(data: dict[str, Any], status: str) -> dict[str, Any]:
    """The game's JSON answer with ``status``, the advice's one line (what the text prints
    first; ``analyze --json`` has it too), added after the game's own fields. A game whose
    answer already has a ``status`` keeps its own.

    >>> with_status_field({"recommend": {"row": 3, "col": 0}}, "Tap row 4, column 1")
    {'recommend': {'row': 3, 'col': 0}, 'status': 'Tap row 4, column 1'}
    """
    return data if "status" in data else {**data, "status": status}


def _other_game(error: Exception, game: str | None, file: str) -> str:
    """When ``error`` is a header only another game's boards have (a Disco Zoo file given to
    ``solve minesweeper``), the hint naming that game's command; else nothing.

    >>> from gridsight.solvers.errors import BoardFormatError
    >>> _other_game(BoardFormatError("unknown header", line=2, token="region"), "tile-path", "b.txt")
    '; a disco-zoo board? gridsight solve disco-zoo b.txt'
    >>> _other_game(BoardFormatError("unknown header", line=2, token="mines"), "minesweeper", "b")
    ''
    """
    token = getattr(error, "token", None) if isinstance(error, BoardFormatError) else None
    other = next((spec.name for spec in all_specs()
                  if token in getattr(spec.adapter, "board_headers", ())), None)
    if not token or other is None or other == game:
        return ""
    named = "" if file == "-" else f" {one_line(file)}"
    return f"; a {other} board? gridsight solve {other}{named}"


def _failure(error: Exception, board: BoardText | BoardFormatError, source: str,
             count: int) -> str:
    """The error line of one board: the file and line when known, else the board's number."""
    if isinstance(error, BoardFormatError) and error.line is not None:
        return named(error, source)
    if count > 1 and isinstance(board, BoardText):
        return named(error, f"{source}, board {board.index + 1}")
    return named(error, source)
