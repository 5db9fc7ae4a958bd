"""Every command's ``--help`` ends with examples a new player can type as they are: each one
parses with the real parser, names only bundled files that exist, and is shown on a line of
its own (argparse's default formatter ran them into one paragraph)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from gridsight.cli import COMMANDS, build_parser
from gridsight.commands.examples import EXAMPLES

ROOT = Path(__file__).resolve().parent.parent


def test_every_command_and_gridsight_itself_has_examples():
    assert set(EXAMPLES) == {""} | {name for name, _, _ in COMMANDS}


@pytest.mark.parametrize("command", sorted(EXAMPLES))
def test_the_examples_parse_and_name_bundled_files_that_exist(command):
    for line, _ in EXAMPLES[command]:
        words = shlex.split(line)
        assert words[0] == "gridsight"
        for word in words:
            if word.startswith("examples/"):
                assert (ROOT / word).exists(), f"{line}: {word} is not bundled"
        try:
            build_parser().parse_args(words[1:])
        except SystemExit as stop:  # only an example that asks for --help may stop it
            assert "--help" in words and stop.code == 0, line


@pytest.mark.parametrize("command", sorted(EXAMPLES))
def test_the_help_shows_each_example_on_a_line_of_its_own(command, run_cli):
    code, out, _ = run_cli(*([command] if command else []), "--help")
    assert code == 0
    lines = out.splitlines()
    assert "examples:" in lines
    for line, what in EXAMPLES[command]:
        assert f"  {line}" in lines and f"  # {what}" in lines
    assert all(len(line) <= 80 for line in lines[lines.index("examples:"):])


def test_gridsight_alone_shows_the_commands_and_the_examples(run_cli):
    """``gridsight`` with nothing after it said only "the following arguments are required:
    COMMAND", naming no command."""
    code, out, _ = run_cli()
    assert code == 2
    assert "analyze" in out and "demo" in out and "examples:" in out
