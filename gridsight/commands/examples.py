"""The examples under each command's ``--help``: commands a new player can type as they are.

Every example runs from the root of a checkout of gridsight (the bundled screenshots and
boards are in ``examples/``); a name of the player's own (``my-shot.png``) is said as such.
``tests/test_help_examples.py`` parses every one with the real parser and checks that the
bundled files they name exist.

>>> print(epilog("demo"))
examples:
  # the whole live product on a scripted rescue
  gridsight demo disco-zoo
  # its log and HTML report in my-demo/
  gridsight demo tile-path --out my-demo
"""

from __future__ import annotations

import argparse

#: Each command's examples: (the command line, what it does).
EXAMPLES: dict[str, tuple[tuple[str, str], ...]] = {
    "": (
        ("gridsight analyze examples/screenshots/disco-zoo-jungle.png --out out/",
         "a bundled screenshot: the advice printed and drawn in out/"),
        ("gridsight demo disco-zoo", "the live product on a scripted game"),
    ),
    "games": (("gridsight games", "the games, their command-line names, what each tells"),),
    "solve": (
        ("gridsight solve disco-zoo examples/disco-zoo-jungle.txt", "a rescue written as text"),
        ("gridsight solve minesweeper examples/minesweeper-beginner.txt --json",
         "the same as JSON"),
        ("gridsight solve tile-path --help", "a game's text format"),
    ),
    "simulate": (
        ("gridsight simulate disco-zoo --games 50", "50 Farm rescues played with the advice"),
    ),
    "replay": (
        ("gridsight replay gridsight-demo/demo.jsonl --html report.html",
         "a demo's log, summed up and as a page"),
    ),
    "analyze": (
        ("gridsight analyze examples/screenshots/disco-zoo-jungle.png --out out/",
         "the advice printed and drawn in out/"),
        ("gridsight analyze examples/screenshots/ --json", "every screenshot of a folder, as JSON"),
        ("gridsight analyze my-shot.png --animals Gorilla,Panda,Tiger",
         "your Disco Zoo screenshot, its animals named"),
    ),
    "calibrate": (
        ("gridsight calibrate disco-zoo my-shot.png --skin phone",
         "a window asks for what it cannot find"),
        ("gridsight analyze --game disco-zoo --pack phone my-other-shot.png",
         "then read with that pack"),
    ),
    "live": (
        ("gridsight windows", "the windows you can follow, by title"),
        ("gridsight live --game disco-zoo --window scrcpy", "follow a phone-mirror window"),
        ("gridsight live --game minesweeper --monitor 1", "watch the first monitor"),
    ),
    "windows": (("gridsight windows", "titles, sizes and places of the windows"),),
    "demo": (
        ("gridsight demo disco-zoo", "the whole live product on a scripted rescue"),
        ("gridsight demo tile-path --out my-demo", "its log and HTML report in my-demo/"),
    ),
}

TITLE = "examples:"


def epilog(command: str) -> str:
    """The examples of ``command`` (``""``: gridsight itself) as a help epilog: each command
    line under what it does, said as a shell comment (the block pastes into a shell as is)."""
    lines = [TITLE]
    for line, what in EXAMPLES[command]:
        lines += [f"  # {what}", f"  {line}"]
    return "\n".join(lines)


class ExamplesFormatter(argparse.HelpFormatter):
    """argparse's formatter, but an epilog's examples (from :data:`TITLE` on) are kept as
    written, one per line: the default formatter ran them into one paragraph."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        before, title, after = text.partition(TITLE)
        if not title:
            return super()._fill_text(text, width, indent)
        filled = super()._fill_text(before, width, indent) + "\n\n" if before.strip() else ""
        return filled + "\n".join(indent + line for line in (title + after).splitlines())


def add_examples(parser: argparse.ArgumentParser, command: str) -> None:
    """Put ``command``'s examples under ``parser``'s help (after any epilog of its own)."""
    if command not in EXAMPLES:
        return
    own = parser.epilog
    parser.epilog = f"{own}\n\n{epilog(command)}" if own else epilog(command)
    if not issubclass(parser.formatter_class, argparse.RawDescriptionHelpFormatter):
        parser.formatter_class = ExamplesFormatter


__all__ = ["EXAMPLES", "ExamplesFormatter", "TITLE", "add_examples", "epilog"]
