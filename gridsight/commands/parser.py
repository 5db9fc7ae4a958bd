"""The command line's parser: an option's own value check is refused in one line.

argparse answers every error while it reads the options with its usage block (a dozen lines
for ``analyze`` and ``live``) and the error last. For a mistyped option or a missing argument
the usage is the help the player needs; for a value one of gridsight's own checks refused
(``--taps -3``, ``--zoo-region Mars2``, an unknown ``--objective target:NAME``) the check's
own words are the help, and the usage buries them. :class:`Parser` raises those as
:class:`OptionValueError`, an :class:`InputError` the command line prints as its one line
``gridsight: --taps: ...`` (exit 2); argparse's own errors keep their usage.

>>> import argparse
>>> def whole(text):
...     if not text.isdigit():
...         raise argparse.ArgumentTypeError(f"must be a whole number, got '{text}'")
...     return int(text)
>>> parser = Parser(prog="demo")
>>> _ = parser.add_argument("--taps", type=whole)
>>> parser.parse_args(["--taps", "x"])
Traceback (most recent call last):
...
gridsight.commands.parser.OptionValueError: --taps: must be a whole number, got 'x'
"""

from __future__ import annotations

import argparse
import re
from typing import Any

from gridsight.solvers.errors import InputError


#: What argparse reads as a value though it starts with "-": a number, or a list of numbers
#: separated by commas whose first is negative (``-1280,0,800,600``).
NEGATIVE = re.compile(r"^-\d+$|^-\d*\.\d+$|^-\d*\.?\d+(,-?\d*\.?\d+)+$")


class OptionValueError(InputError):
    """An option's value refused by the option's own check (its ``type`` raised
    :class:`argparse.ArgumentTypeError`): the option and the check's words, one line."""


class Parser(argparse.ArgumentParser):
    """:class:`argparse.ArgumentParser` whose options' own value checks raise
    :class:`OptionValueError` instead of printing the usage (its subcommands' parsers are
    made of this class too: argparse makes them of their parent's)."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        # A value that starts with a negative number is a value, not an option: argparse
        # takes only "-5" and "-2.5" so, and refused --region -1280,0,800,600 (a monitor
        # left of the primary one, as its help says) with "expected one argument".
        self._negative_number_matcher = NEGATIVE

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        try:
            return super()._get_value(action, arg_string)
        except argparse.ArgumentError as error:
            check = error.__context__
            if not isinstance(check, argparse.ArgumentTypeError):
                raise  # argparse's own words ("invalid int value"): with the usage
            name = "/".join(action.option_strings) or str(action.metavar or action.dest)
            words = str(check)
            raise OptionValueError(words if name in words else f"{name}: {words}"
                                   ) from None
