"""Subcommands whose options are built only when they are chosen.

``gridsight --help`` lists every command and ``gridsight solve --help`` every game, but a run
uses one command and one game: building every parser would import every command, adapter and
solver (0.4 s of a 0.8 s run, measured before this module existed). :class:`LazySubParsers` is an
``argparse`` subcommand action whose subcommands are listed with their one-line help and made
only when argparse reaches them on the command line (or when :meth:`LazySubParsers.fill_all`
is asked, for a test that checks them all).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="demo")
>>> commands = parser.add_subparsers(dest="command", action=LazySubParsers)
>>> built = []
>>> def fill(sub):
...     built.append("hello")
...     sub.add_argument("--name", default="world")
>>> commands.add_lazy("hello", fill, help="say hello")
>>> before = list(built)
>>> before, parser.parse_args(["hello", "--name", "you"]).name, built
([], 'you', ['hello'])
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

Fill = Callable[[argparse.ArgumentParser], None]


class LazySubParsers(argparse._SubParsersAction):
    """``parser.add_subparsers(action=LazySubParsers)``: subparsers added with
    :meth:`add_lazy` are listed at once and made (an ``ArgumentParser`` each, filled by their
    ``fill``) only when chosen. ``describe`` gives a listing's help line when the listing is
    shown, for help that costs an import to know."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lazy: dict[str, tuple[Fill, dict[str, Any]]] = {}
        self._describe: dict[str, tuple[argparse.Action, Callable[[], str]]] = {}

    def add_lazy(self, name: str, fill: Fill, *, help: str | None = None,
                 describe: Callable[[], str] | None = None,
                 **kwargs: Any) -> None:
        """List subcommand ``name`` with its one-line ``help`` (or ``describe()``, called
        only to show the listing); ``kwargs`` (``description``...) make its parser, which
        ``fill(parser)`` fills, when it is chosen."""
        self._name_parser_map[name] = None  # made when chosen
        listed = self._ChoicesPseudoAction(name, (), help or "")
        self._choices_actions.append(listed)
        if describe is not None:
            self._describe[name] = (listed, describe)
        self._lazy[name] = (fill, kwargs)

    def fill(self, name: str) -> argparse.ArgumentParser:
        """The parser of subcommand ``name``, made and filled (once)."""
        lazy = self._lazy.pop(name, None)
        if lazy is not None:
            fill, kwargs = lazy
            del self._name_parser_map[name]
            parser = self.add_parser(name, **kwargs)
            fill(parser)
            return parser
        return self._name_parser_map[name]

    def fill_all(self) -> None:
        """Make and fill every subcommand (a test checking every command's options)."""
        for name in list(self._lazy):
            self.fill(name)

    def _get_subactions(self) -> list[argparse.Action]:
        for listed, describe in self._describe.values():  # the listing is being shown
            listed.help = describe()
        self._describe.clear()
        return super()._get_subactions()

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Sequence[Any] | str | None, option_string: str | None = None) -> None:
        if isinstance(values, (list, tuple)) and values and values[0] in self._lazy:
            self.fill(values[0])
        super().__call__(parser, namespace, values, option_string)


class Into:
    """Stands for a subparsers action in a command's ``add_parser(subparsers)``: its one
    ``add_parser`` call fills the parser already listed (its ``description``, ``epilog`` and
    ``formatter_class`` are taken; the one-line ``help`` is the listing's)."""

    def __init__(self, parser: argparse.ArgumentParser):
        self.parser = parser

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        kwargs.pop("help", None)
        for key in ("description", "epilog", "formatter_class", "usage"):
            if key in kwargs:
                setattr(self.parser, key, kwargs.pop(key))
        if kwargs:
            raise TypeError(f"the command {name} asks for {sorted(kwargs)}, which a listed "
                            "subcommand cannot take")
        return self.parser
