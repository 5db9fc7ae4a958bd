"""The parts of argparse the command line relies on that argparse does not document, pinned.

argparse has no public hook for "an option's own value check failed": gridsight's
:class:`~gridsight.commands.parser.Parser` overrides ``ArgumentParser._get_value`` to answer
such a check in one line (``gridsight: --taps: ...``) instead of the usage block, the lazy
subcommands (:mod:`gridsight.commands.lazy`) extend ``_SubParsersAction``, and the hint options
look up ``_option_string_actions``. Each is checked here by name and by the behaviour the code
rests on, so an argparse that changed them fails here, naming what changed, rather than
quietly printing the usage again or building every command at start.
"""

from __future__ import annotations

import argparse
import inspect

import pytest

from gridsight.cli import main
from gridsight.commands.lazy import LazySubParsers
from gridsight.commands.parser import OptionValueError, Parser


def whole(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}")
    return int(text)


def test_get_value_is_still_the_one_place_a_value_is_converted():
    signature = inspect.signature(argparse.ArgumentParser._get_value)
    assert list(signature.parameters) == ["self", "action", "arg_string"], (
        "argparse changed ArgumentParser._get_value: gridsight.commands.parser.Parser "
        "overrides it")
    seen: list[str] = []

    class Spy(argparse.ArgumentParser):
        def _get_value(self, action, arg_string):  # noqa: ANN001 - argparse's own
            seen.append(arg_string)
            return super()._get_value(action, arg_string)

    spy = Spy()
    spy.add_argument("--taps", type=whole)
    group = spy.add_argument_group("hints")
    group.add_argument("--pieces", type=whole)
    spy.add_subparsers(dest="command").add_parser("solve").add_argument("--n", type=whole)
    spy.parse_args(["--taps", "3", "--pieces", "4", "solve", "--n", "5"])
    assert {"3", "4", "5"} <= set(seen), "argparse no longer converts values through _get_value"


def test_a_failed_check_reaches_get_value_as_argument_error_over_the_checks_own():
    class Catch(argparse.ArgumentParser):
        def _get_value(self, action, arg_string):  # noqa: ANN001 - argparse's own
            try:
                return super()._get_value(action, arg_string)
            except argparse.ArgumentError as error:
                caught.append(error)
                raise

    caught: list[argparse.ArgumentError] = []
    catch = Catch(exit_on_error=False)
    catch.add_argument("--taps", type=whole)
    with pytest.raises(argparse.ArgumentError):
        catch.parse_args(["--taps", "x"])
    (error,) = caught
    assert isinstance(error.__context__, argparse.ArgumentTypeError), (
        "argparse no longer raises its ArgumentError from the check's ArgumentTypeError: "
        "Parser cannot tell the check's words from argparse's own")


def test_parser_answers_a_check_in_one_line_and_keeps_argparse_own_errors(capsys):
    parser = Parser(prog="demo")
    parser.add_argument("--taps", type=whole)
    parser.add_argument("--count", type=int)
    sub = parser.add_subparsers(dest="command").add_parser("solve")
    assert isinstance(sub, Parser)  # subcommands' parsers are made of their parent's class
    sub.add_argument_group("hints").add_argument("--pieces", type=whole)
    with pytest.raises(OptionValueError, match="^--taps: must be a whole number, not 'x'$"):
        parser.parse_args(["--taps", "x"])
    with pytest.raises(OptionValueError, match="^--pieces: must be a whole number"):
        parser.parse_args(["solve", "--pieces", "y"])
    with pytest.raises(SystemExit):  # argparse's own words, with the usage
        parser.parse_args(["--count", "z"])
    assert "usage: demo" in capsys.readouterr().err


def test_the_command_line_says_a_refused_value_in_one_line(capsys):
    assert main(["analyze", "--taps", "-3", "nothing.png"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gridsight: --taps") and "usage:" not in err
    assert len(err.strip().splitlines()) == 1


def test_the_subparsers_action_keeps_what_the_lazy_commands_extend():
    for name in ("_name_parser_map", "_choices_actions"):
        action = argparse.ArgumentParser().add_subparsers()
        assert hasattr(action, name), f"argparse._SubParsersAction lost {name}"
    for name in ("_ChoicesPseudoAction", "_get_subactions", "add_parser"):
        assert hasattr(argparse._SubParsersAction, name), (
            f"argparse._SubParsersAction lost {name}: gridsight.commands.lazy uses it")
    assert isinstance(argparse.ArgumentParser()._option_string_actions, dict)
    parser = argparse.ArgumentParser(prog="demo")
    commands = parser.add_subparsers(dest="command", action=LazySubParsers)
    commands.add_lazy("hello", lambda sub: sub.add_argument("--name", default="world"),
                      help="say hello")
    commands.add_lazy("never", lambda sub: pytest.fail("built though not chosen"))
    assert parser.parse_args(["hello", "--name", "you"]).name == "you"
    assert "say hello" in parser.format_help()


def test_a_value_starting_with_a_negative_coordinate_is_a_value(capsys):
    """``--region -1280,0,800,600`` (a monitor left of the primary one, as its help says) and
    ``--corners -50,-50,...`` were taken for options: argparse's usage and "expected one
    argument". gridsight's Parser sets argparse's private ``_negative_number_matcher``."""
    assert hasattr(argparse.ArgumentParser(), "_negative_number_matcher"), (
        "argparse changed: gridsight.commands.parser.Parser sets _negative_number_matcher")
    parser = Parser(prog="demo")
    parser.add_argument("--region")
    parser.add_argument("-x", action="store_true")
    assert parser.parse_args(["--region", "-1280,0,800,600"]).region == "-1280,0,800,600"
    assert parser.parse_args(["--region", "-2.5,-1"]).region == "-2.5,-1"
    with pytest.raises(SystemExit):
        parser.parse_args(["--region", "-x"])  # an option is still an option
    capsys.readouterr()
    from pathlib import Path

    examples = Path(__file__).resolve().parent.parent / "examples"
    code = main(["calibrate", "minesweeper", str(examples / "screenshots" / "minesweeper-beginner.png"),
                 "--corners", "-50,-50,5000,-50,5000,5000,-50,5000", "--labels",
                 str(examples / "minesweeper-beginner.txt")])
    err = capsys.readouterr().err
    assert code == 2 and err == "gridsight: corner 1 (-50, -50) is outside the 456x520 image\n", err
