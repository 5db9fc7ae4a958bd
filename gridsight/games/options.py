"""Typed solve options: one frozen dataclass per game, each with the :class:`Limit`.

A game's adapter takes ``solve(board, options)`` where ``options`` is its own options class
(``ThrillDiggerOptions``, ``DiscoZooOptions``, ...), a subclass of :class:`SolveOptions`;
``None`` means the defaults. The command line builds them from its arguments with
:func:`options_from_arguments`: each field is read from the argument of the same name (or the
one its metadata names, ``dest``), and the limit from ``--time-limit`` (CPU seconds of work,
0 for none) and ``--wall-limit`` (an outer bound on waiting, given only by the user).
Arguments a command does not have (``analyze`` and ``live`` offer only the settings the games
share) keep the defaults.

>>> import argparse
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(SolveOptions):
...     count: bool = False
>>> options_from_arguments(Demo, argparse.Namespace(count=True, time_limit=0, json=True))
Demo(limit=Limit(seconds=None, wall_seconds=None, states=None, memory=None), count=True)
>>> options_from_arguments(Demo, argparse.Namespace()).limit.seconds
20.0
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from gridsight.solvers.limit import DEFAULT_SECONDS, Limit


@dataclass(frozen=True)
class SolveOptions:
    """What every game's ``solve`` takes: the :class:`Limit` of one board's analysis (by
    default :data:`~gridsight.solvers.limit.DEFAULT_SECONDS` CPU seconds of the solving thread)."""

    limit: Limit = field(default_factory=Limit)


Options = TypeVar("Options", bound=SolveOptions)
#: Parsed command-line arguments, or just the settings (``analyze`` and ``live``).
Arguments = argparse.Namespace | Mapping[str, Any]


def limit_from_arguments(arguments: Mapping[str, Any], default: Limit | None = None) -> Limit:
    """The :class:`Limit` of ``--time-limit`` (0: none) and ``--wall-limit`` (0 or absent:
    none); absent arguments keep ``default`` (:class:`Limit`'s defaults)."""
    limit = default or Limit()
    if "time_limit" in arguments and arguments["time_limit"] is not None:
        limit = limit.replace(seconds=arguments["time_limit"] or None)
    if arguments.get("wall_limit") is not None:
        limit = limit.replace(wall_seconds=arguments["wall_limit"] or None)
    return limit


def options_from_arguments(options_type: type[Options], arguments: Arguments) -> Options:
    """``options_type`` built from parsed command-line ``arguments`` (see the module notes)."""
    values = dict(vars(arguments) if isinstance(arguments, argparse.Namespace) else arguments)
    chosen: dict[str, Any] = {}
    for option in fields(options_type):
        if option.name == "limit":
            chosen["limit"] = limit_from_arguments(values)
            continue
        dest = option.metadata.get("dest", option.name)
        if dest in values:
            chosen[option.name] = values[dest]
    return options_type(**chosen)


def options_of(options_type: type[Options], options: SolveOptions | None) -> Options:
    """``options`` when they are ``options_type``'s, its defaults for ``None``; any other
    options are a ``TypeError`` naming the class expected (a game's solve takes its own)."""
    if options is None:
        return options_type()
    if not isinstance(options, options_type):
        raise TypeError(f"expected {options_type.__name__}, not {type(options).__name__}")
    return options


def check_choice(name: str, value: str, choices: tuple[str, ...]) -> None:
    """Refuse an option outside ``choices`` with a message naming them (``ValueError``)."""
    if value not in choices:
        raise ValueError(f"unknown {name} {value!r} (expected one of: {', '.join(choices)})")


__all__ = ["DEFAULT_SECONDS", "Arguments", "Limit", "SolveOptions", "check_choice",
           "limit_from_arguments", "options_from_arguments", "options_of"]
