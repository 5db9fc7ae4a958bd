"""``gridsight windows [--json]``: the windows ``gridsight live --window`` can capture.

A player rarely knows a window's exact title (scrcpy titles its window with the phone's model
unless ``--window-title`` is given; an emulator puts the game's name and its version in it), so
this lists every top-level window with a title: its size, its position on the virtual screen
(physical pixels, as ``--region`` takes them) and its title, gridsight's own windows left out.
``--window`` then takes any part of a title, in any case.
"""

from __future__ import annotations

import argparse
import json
import sys

from gridsight.errors import RuntimeFailure


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "windows",
        help="list the windows gridsight live --window can capture (title, size, position)",
        description=(
            "List every window with a title that 'gridsight live --window' can capture: its "
            "size, its position (physical pixels) and its title. --window takes any part of a "
            "title, in any case; when several windows hold it, give more of it."),
    )
    parser.add_argument("--json", action="store_true",
                        help="one JSON object per window: title, left, top, width, height, "
                        "minimised")
    parser.set_defaults(func=run)


def run(options: argparse.Namespace) -> int:
    from gridsight.commands.live import _check_display
    from gridsight.vision.capture import CaptureUnavailable, is_own, window_finder

    _check_display("windows")
    try:
        finder = window_finder()
    except CaptureUnavailable as error:
        raise RuntimeFailure(str(error)) from None
    try:
        windows = sorted((w for w in finder.windows() if not is_own(w)),
                         key=lambda w: (w.minimised, w.title.casefold()))
    finally:
        close = getattr(finder, "close", None)
        if close is not None:
            close()
    if options.json:
        for w in windows:
            print(json.dumps({"title": w.title, "left": w.rect.left, "top": w.rect.top,
                              "width": w.rect.width, "height": w.rect.height,
                              "minimised": w.minimised}))
        return 0
    if not windows:
        print("no window with a title to capture", file=sys.stderr)
        return 0
    print(f"{'size':>11}  {'position':>11}  title")
    for w in windows:
        size = f"{w.rect.width}x{w.rect.height}"
        where = f"{w.rect.left},{w.rect.top}"
        note = "  (minimised)" if w.minimised else ""
        print(f"{size:>11}  {where:>11}  {w.title}{note}")
    shown = next((w for w in windows if not w.minimised), windows[0])
    print("\ngridsight live --window TEXT captures the window whose title holds TEXT (any "
          f"case),\ne.g. --window \"{_example(shown.title)}\"")
    return 0


def _example(title: str) -> str:
    """A short distinctive part of ``title`` for the hint."""
    words = title.split()
    return " ".join(words[:2]) if words else title


__all__ = ["add_parser", "run"]
