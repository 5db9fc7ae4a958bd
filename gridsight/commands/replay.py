"""``gridsight replay LOG [--html OUT] [--check]``: look back at a live session's log.

Prints a summary of the session (steps, the player's moves and how often they followed the
advice, the cells set by hand, and what the game's own results say: rupees, rescues, tiles
left), writes an HTML report with every step's board pictured with its advice (``--html``),
and with ``--check`` solves every logged board again with today's solver and lists the steps
whose recommendation would differ. ``-`` reads the log from standard input.

Every line of the log is checked once into typed fields (:func:`gridsight.log.read_log`); a
line that is not a valid record is skipped with a warning naming it, and a log without a
single valid record is refused (exit 2). Times are shown in the local time of the machine
replaying (the log keeps UTC).

The HTML page is self-contained (pictures embedded as base64), so it can be mailed or
attached to a bug report; it links every step to the previous and next ones (and the arrow
keys move between them). A step's picture is the saved frame with the advice drawn over it
when the session ran with ``--save-frames``; otherwise (or when the frame is missing, cannot
be read, or is a link) a schematic board drawn from the logged board text. Cells the player
set by hand are outlined in yellow, as in the live panel.

Bounded whatever the log holds (:mod:`gridsight.report_frames`): frames are read only from
the log's own folder (``--frames DIR`` says otherwise; a log on standard input shows none
without it), once each, downscaled, and embedded once however many steps show them (the
advice of each step is a transparent layer over it); ``--max-bytes`` bounds the page, which
says what it left out; ``--check`` solves each board under ``--time-limit``, as ``solve``.

The library part (the summary, the check, the pictures and the report) is
:mod:`gridsight.replay`; this module holds the command's options and its run.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from gridsight.limits import (
    MAX_LOG_BYTES,
    SOLVE_TIME_LIMIT,
    add_max_bytes_argument,
    add_time_limit_argument,
    amount,
)
from gridsight.log import LogReadError, PassedRecord, read_log
from gridsight.replay import check, render_html, summarise
from gridsight.report_frames import MAX_REPORT_BYTES
from gridsight.solvers.errors import InputError, one_line


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="summarise a live session's log, as text and as an HTML report",
        description=(
            "Read a recommendation log written by 'gridsight live' and print a summary: steps, "
            "moves seen, how often the player followed the advice, and the game's results. "
            "Torn, corrupt or invalid lines are skipped with a warning naming the line; a log "
            "with no valid record is refused (exit 2)."
        ),
    )
    parser.add_argument("log", metavar="LOG", help="the log file (.jsonl), or - for standard "
                        "input")
    parser.add_argument("--html", metavar="OUT",
                        help="also write a self-contained HTML report of every step to OUT")
    parser.add_argument("--check", action="store_true",
                        help="solve every logged board again with today's solver and list the "
                        "steps whose recommendation would differ")
    add_time_limit_argument(parser, default=SOLVE_TIME_LIMIT,
                            what="solving one logged board again (--check)")
    parser.add_argument("--frames", metavar="DIR", default=None,
                        help="where the log's saved frames are (default: the log's own folder; "
                        "for a log on standard input, none unless given)")
    parser.add_argument("--max-bytes", type=amount, default=MAX_REPORT_BYTES, metavar="N",
                        help=f"the most bytes the HTML report may take (default "
                        f"{MAX_REPORT_BYTES:,}; suffixes k, M, G): past it, pictures and then "
                        "steps are left out, and the page says so; a bound below the page with no "
                        "step is refused")
    add_max_bytes_argument(parser, default=MAX_LOG_BYTES, what="a log")
    parser.set_defaults(func=run)


def run(options: argparse.Namespace) -> int:
    refuse_report_over_log(options.log, options.html)
    refuse_report_over_other(options.html)
    contents = read_log(options.log, limit=options.max_input_bytes)
    frames = getattr(options, "frames", None)
    if frames is not None:
        contents = replace(contents, frames=Path(frames).expanduser())
    for warning in (*contents.warnings, *contents.notes):
        print(f"gridsight: warning: {one_line(warning)}", file=sys.stderr)
    if contents.unlisted:
        print(f"gridsight: warning: {one_line(str(contents.path))}: {contents.unlisted} more "
              "line(s) skipped, not listed", file=sys.stderr)
    if not contents.records:
        skipped, passed = contents.skipped, len(contents.passed)
        parts = [f"{skipped} line(s) skipped"] if skipped else []
        if passed:  # boards seen and passed unsolved: the log is not empty; say why they passed
            print(passed_line(contents.passed))
            parts.append(f"{passed} board(s) passed with no advice, listed above")
        why = "; ".join(parts) or "the log is empty"
        raise LogReadError(f"{contents.path}: no valid record ({why})")
    summary = summarise(contents.records)
    print(f"log: {one_line(str(contents.path))}")
    for line in summary.lines():
        print(line)
    if contents.passed:
        print(passed_line(contents.passed))
    if contents.skipped:
        print(f"skipped lines: {contents.skipped}")
    checked = None
    if options.check:
        checked = check(contents.records, getattr(options, "time_limit", SOLVE_TIME_LIMIT))
        if checked:
            print(f"today's solver differs on {len(checked)} of {len(contents.records)} steps:")
            for result in checked:
                print("  " + result.describe())
        else:
            count = len(contents.records)
            print("today's solver gives the same advice at "
                  + ("the one step" if count == 1 else f"all {count} steps"))
    if options.html:
        out = Path(options.html)
        from gridsight.safefiles import SaveError, write_file

        page = render_html(contents, summary, checked,
                           max_bytes=getattr(options, "max_bytes", MAX_REPORT_BYTES))
        try:  # a path's undecodable bytes (kept as surrogates) cannot go out as UTF-8
            write_file(out, page.encode("utf-8", "replace"))
        except SaveError as error:
            raise InputError(f"{out}: cannot write the report ({error.reason})") from None
        print(f"report: {one_line(str(out))}")
    return 0


def refuse_report_over_log(log: str, html: str | None) -> None:
    """Refuse ``--html`` naming the log itself (the same file by another path too): the
    report replaced the log it reports on, every record lost (``replay s.jsonl --html
    s.jsonl`` wrote the page and said "report: s.jsonl"). Checked before anything is read."""
    if not html or log == "-":
        return
    try:
        same = os.path.samefile(log, html)
    except (OSError, ValueError):  # either missing (the log's own error comes next), a NUL
        return
    if same:
        raise InputError(f"{html}: is the log itself ({log}): the report would replace it; "
                         "give --html another file")


#: How every report gridsight writes starts (:func:`gridsight.replay.render_html`), its title
#: within the first kilobyte.
REPORT_TITLE = b"<title>gridsight replay:"


def refuse_report_over_other(html: str | None) -> None:
    """Refuse ``--html`` naming a file that holds something other than a report gridsight
    wrote (``replay s.jsonl --html notes.txt`` replaced the player's notes, ``--html
    shot.png`` a screenshot, with the page). Checked before anything is read; an empty file,
    a new name or an earlier report go."""
    if not html:
        return
    from gridsight.safefiles.read import open_regular

    try:
        with open_regular(Path(html), follow=False) as stream:
            head = stream.read(1024)
    except (OSError, ValueError):  # not there (a new report), a link or a folder (said later)
        return
    if head.strip() and REPORT_TITLE not in head:
        raise InputError(f"--html {one_line(html)}: holds something other than a report "
                         "gridsight wrote; give a new file's name (it is left as it is)")


def passed_line(passed: Sequence[PassedRecord]) -> str:
    """One line for the boards live saw but logged no advice for: how many, and why (the
    commonest reasons first)."""
    from collections import Counter

    whys = Counter(record.why for record in passed)
    told = "; ".join(f"{count} {why}" if len(whys) > 1 else why
                     for why, count in whys.most_common(3))
    more = f"; {len(whys) - 3} other reason(s)" if len(whys) > 3 else ""
    return one_line(f"boards seen but not solved (not in the steps): {len(passed)} ({told}{more})")
