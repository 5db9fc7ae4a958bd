"""Options shared by the commands that read boards off pictures (``analyze`` and ``live``;
``calibrate`` shares the lists of games that read the screen).

Both offer what each game's spec declares: the hints a picture may not show
(:class:`~gridsight.games.spec.HintOption`: a Disco Zoo rescue's animals, a pentomino level's
piece set) and the solve settings passed on to the adapter
(:class:`~gridsight.games.spec.SolverOption`). They differ only in the defaults (``live``
solves on every change, so it gives the solvers less time).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gridsight.games.arguments import add_renamed_option  # noqa: F401 - the commands use it
from gridsight.games.spec import HintOption, PitReading, SolverOption
from gridsight.limits import add_wall_limit_argument
from gridsight.registry import all_specs

if TYPE_CHECKING:  # the readers import OpenCV: not for ``gridsight --help``
    from gridsight.readers.base import ReadHints


def screen_games() -> list[str]:
    """The games whose spec reads the screen (through a pack, or as a calibrated 3D pit)."""
    return [spec.name for spec in all_specs() if spec.reading is not None]


def pit_games() -> list[str]:
    """The games read as a 3D pit (:class:`~gridsight.games.spec.PitReading`)."""
    return [spec.name for spec in all_specs() if isinstance(spec.reading, PitReading)]


def pit_difficulties() -> list[str]:
    """The difficulties of every pit game (their pits' sizes), each once, in order."""
    names: list[str] = []
    for spec in all_specs():
        if isinstance(spec.reading, PitReading):
            names += [d for d in spec.reading.sizes if d not in names]
    return names


def _hint_options() -> list[tuple[HintOption, list[str]]]:
    """Every game's hints, each with the games declaring it (one option per flag)."""
    seen: dict[str, tuple[HintOption, list[str]]] = {}
    for spec in all_specs():
        for hint in spec.hints:
            seen.setdefault(hint.flag, (hint, []))[1].append(spec.name)
    return list(seen.values())


def _solver_options() -> list[tuple[SolverOption, list[str]]]:
    seen: dict[str, tuple[SolverOption, list[str]]] = {}
    for spec in all_specs():
        for option in spec.solver_options:
            seen.setdefault(option.flag, (option, []))[1].append(spec.name)
    return list(seen.values())


def add_read_hint_arguments(parser: argparse.ArgumentParser, *, what: str) -> None:
    """Each game's hint options (``--animals``, ``--pieces``, ...), named by their games.

    ``what`` names the picture in the help ("screenshot", "screen"). A hint's aliases are
    added only where the command has not taken them for something else.
    """
    group = parser.add_argument_group(f"what the {what} may not show")
    taken = set(parser._option_string_actions)
    for hint, games in _hint_options():
        flags = [hint.flag, *(a for a in hint.aliases if a not in taken)]
        group.add_argument(*flags, dest=f"hint_{hint.name}", metavar=hint.metavar,
                           type=hint.parse, default=None,
                           help=f"{', '.join(games)}: {hint.help}")


def read_hints_from(options: argparse.Namespace) -> ReadHints:
    """The :class:`ReadHints` the player gave on the command line."""
    from gridsight.readers.base import ReadHints

    return ReadHints(**{hint.name: getattr(options, f"hint_{hint.name}", None)
                        for hint, _ in _hint_options()})


def check_hints_together(options: argparse.Namespace, games: list[str]) -> None:
    """Refuse, when the command starts (before any window, capture or file), hints and solve
    settings that no board of ``games`` could take together (Disco Zoo's ``--animals`` of
    another region than ``--zoo-region``): each game's own ``check_hints``. Each value alone
    was checked by its option's parse; a game the values are not for is left alone."""
    from gridsight.registry import get_spec

    given = {hint.name: getattr(options, f"hint_{hint.name}", None) for hint, _ in _hint_options()}
    given.update({option.dest: getattr(options, option.dest, None)
                  for option, _ in _solver_options()})
    for game in games:
        spec = get_spec(game)
        if spec.check_hints is None:
            continue
        names = {h.name for h in spec.hints} | {o.dest for o in spec.solver_options}
        spec.check_hints({k: v for k, v in given.items() if k in names and v is not None})


def add_solver_arguments(parser: argparse.ArgumentParser, *, command: str) -> None:
    """Each game's solve settings, with ``command``'s defaults (``analyze`` or ``live``)."""
    solver = parser.add_argument_group("solver options")
    for option, games in _solver_options():
        default = option.default_for(command)
        solver.add_argument(option.flag, dest=option.dest, type=option.parse, default=default,
                            metavar=option.metavar,
                            help=f"{', '.join(games)}: {option.help} (default {default:g})"
                            if isinstance(default, (int, float)) else
                            f"{', '.join(games)}: {option.help}")
    add_wall_limit_argument(solver, "one board's analysis (every game)")


def solver_settings_from(options: argparse.Namespace) -> dict[str, Any]:
    """Just the solve settings (and ``--wall-limit``), for a game adapter's ``options_from``,
    which builds the game's typed options from those it knows."""
    settings = {option.dest: getattr(options, option.dest) for option, _ in _solver_options()}
    settings["wall_limit"] = getattr(options, "wall_limit", None)
    return settings
