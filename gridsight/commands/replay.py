"""``gridsight replay LOG [--html OUT] [--check]``: look back at a live session's log.

Prints a summary of the session (steps, the player's moves and how often they followed the
advice, and what the game's own results say: rupees, rescues, tiles left), writes an HTML
report with every step's board pictured with its advice (``--html``), and with ``--check``
solves every logged board again with today's solver and lists the steps whose recommendation
would differ.

The HTML page is self-contained (pictures embedded as base64 PNG), so it can be mailed or
attached to a bug report. A step's picture is the saved frame with the advice painted on it
when the session ran with ``--save-frames``; otherwise a schematic board drawn from the logged
board text.
"""

from __future__ import annotations

import argparse
import base64
import html
import sys
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from gridsight.log import LogContents, LogRecord, read_log
from gridsight.registry import UnknownGameError, get_game, get_spec
from overlay import text as text_mod
from overlay.paint import paint_advice
from solvers.advice import Cell
from solvers.boardtext import parse_boards
from solvers.errors import InputError
from vision.geometry import BoardGeometry


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="summarise a live session's log, as text and as an HTML report",
        description=(
            "Read a recommendation log written by 'gridsight live' and print a summary: steps, "
            "moves seen, how often the player followed the advice, and the game's results. "
            "Torn or corrupt lines are skipped with a warning naming the line."
        ),
    )
    parser.add_argument("log", metavar="LOG", help="the log file (.jsonl)")
    parser.add_argument("--html", metavar="OUT",
                        help="also write a self-contained HTML report of every step to OUT")
    parser.add_argument("--check", action="store_true",
                        help="solve every logged board again with today's solver and list the "
                        "steps whose recommendation would differ")
    parser.set_defaults(func=run)


# -- the summary --------------------------------------------------------------------------


@dataclass(frozen=True)
class Summary:
    steps: int
    games: tuple[str, ...]
    moves: int
    followed: int
    first_time: str
    last_time: str
    results: tuple[str, ...]  # what the game's own figures say, one line each

    def lines(self) -> list[str]:
        out = [f"steps: {self.steps} ({self.first_time} to {self.last_time})",
               f"game: {', '.join(self.games)}"]
        if self.moves:
            share = 100.0 * self.followed / self.moves
            out.append(f"moves seen: {self.moves}; followed the advice: "
                       f"{self.followed} of {self.moves} ({share:.0f}%)")
        else:
            out.append("moves seen: none")
        out += list(self.results)
        return out


def followed(record: LogRecord) -> bool | None:
    """Whether the player's move was one of the recommended cells (``None``: no move seen)."""
    if record.move is None:
        return None
    return record.move in record.advice.recommend


def summarise(records: tuple[LogRecord, ...]) -> Summary:
    moves = [r for r in records if r.move is not None]
    games = tuple(dict.fromkeys(r.game for r in records))
    return Summary(
        steps=len(records),
        games=games,
        moves=len(moves),
        followed=sum(1 for r in moves if followed(r)),
        first_time=records[0].time if records else "-",
        last_time=records[-1].time if records else "-",
        results=tuple(_results(records)),
    )


def _results(records: tuple[LogRecord, ...]) -> list[str]:
    """The game's own results, from its last board and the solver's JSON (the game's spec
    says which: rupees dug, rescues certain, tiles left...)."""
    if not records:
        return []
    last = records[-1]
    try:
        spec = get_spec(last.game)
    except UnknownGameError as error:
        return [f"results: {error}"]
    return list(spec.results(last.board, last.solution or {}))


# -- checking against today's solver ------------------------------------------------------


@dataclass(frozen=True)
class CheckResult:
    step: int
    logged: tuple[Cell, ...]
    today: tuple[Cell, ...] | None
    problem: str = ""

    def describe(self) -> str:
        logged = _cells(self.logged)
        if self.problem:
            return f"step {self.step}: logged {logged}; today: {self.problem}"
        return f"step {self.step}: logged {logged}; today {_cells(self.today or ())}"


def _cells(cells: tuple[Cell, ...]) -> str:
    return ", ".join(f"({c.row}, {c.col})" for c in cells) or "no move"


def default_options(game) -> argparse.Namespace:
    """The options ``gridsight solve GAME`` would use with no flags given."""
    parser = argparse.ArgumentParser(add_help=False)
    game.add_solve_arguments(parser)
    return parser.parse_args([])


def check(records: tuple[LogRecord, ...]) -> list[CheckResult]:
    """Every step whose recommendation differs from what today's solver says."""
    differences: list[CheckResult] = []
    options_by_game: dict[str, argparse.Namespace] = {}
    for record in records:
        try:
            game = get_game(record.game)
        except UnknownGameError as error:
            differences.append(CheckResult(record.step, record.advice.recommend, None, str(error)))
            continue
        if record.game not in options_by_game:
            options_by_game[record.game] = default_options(game)
        try:
            board = parse_boards(record.board, source=f"step {record.step}")[0]
            solution = game.solve(board, options_by_game[record.game])
        except InputError as error:
            differences.append(CheckResult(record.step, record.advice.recommend, None,
                                           f"the board is refused ({error})"))
            continue
        today = solution.advice.recommend
        if set(today) != set(record.advice.recommend):
            differences.append(CheckResult(record.step, record.advice.recommend, today))
    return differences


# -- pictures -----------------------------------------------------------------------------


def picture(contents: LogContents, record: LogRecord) -> np.ndarray:
    """The step's board with its advice: the saved frame when there is one, else a schematic."""
    frame_path = contents.frame_path(record)
    if frame_path is not None and record.geometry is not None:
        frame = cv2.imread(str(frame_path), cv2.IMREAD_COLOR)
        if frame is not None and (record.geometry.rows, record.geometry.cols) == (
            record.advice.rows, record.advice.cols
        ):
            return paint_advice(frame, record.geometry, record.advice)
    return schematic(record)


def schematic(record: LogRecord) -> np.ndarray:
    """The logged board drawn as a plain grid, each cell's token in its corner, with the advice."""
    advice = record.advice
    rows, cols = advice.rows, advice.cols
    cell = int(np.clip(560 // max(cols, 1), 24, 64))
    margin = 12
    image = np.full((rows * cell + 2 * margin, cols * cell + 2 * margin, 3), (70, 62, 54), np.uint8)
    try:
        grid = parse_boards(record.board)[0].grid
    except (InputError, IndexError):
        grid = ()
    layer = np.zeros((image.shape[0], image.shape[1], 4), np.uint8)
    for r in range(rows):
        for c in range(cols):
            token = grid[r][c] if r < len(grid) and c < len(grid[r]) else "?"
            x0, y0 = margin + c * cell, margin + r * cell
            shade = (120, 110, 100) if token == "." else (165, 160, 150)
            cv2.rectangle(image, (x0 + 1, y0 + 1), (x0 + cell - 2, y0 + cell - 2), shade, -1)
            if token != ".":
                px = max(8, cell // 5)
                spr = text_mod.sprite(token, px)
                text_mod.blit_at(layer, spr, x0 + cell - spr.shape[1] - 2, y0 + cell - spr.shape[0] - 2)
    from overlay.paint import composite

    image = composite(image, layer)
    geometry = BoardGeometry.from_rect(margin, margin, cell, cell, rows, cols)
    return paint_advice(image, geometry, advice)


def _png_base64(image: np.ndarray) -> str:
    ok, png = cv2.imencode(".png", image, [cv2.IMWRITE_PNG_COMPRESSION, 6])
    if not ok:  # pragma: no cover - an in-memory BGR image always encodes
        raise RuntimeError("could not encode a picture as PNG")
    return base64.b64encode(png.tobytes()).decode("ascii")


# -- the HTML report ----------------------------------------------------------------------

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.1em; margin-bottom: 0.3em; }
.summary { background: #f3f3f3; padding: 0.8em 1.2em; border-radius: 6px; }
.step { margin: 1.5em 0; padding-top: 0.5em; border-top: 1px solid #ddd; }
.step img { max-width: 100%; image-rendering: auto; border: 1px solid #ccc; }
.yes { color: #17813a; } .no { color: #b3261e; } .warn { color: #a35c00; }
pre { background: #f7f7f7; padding: 0.5em; display: inline-block; }
"""


def render_html(contents: LogContents, summary: Summary, checked: list[CheckResult] | None) -> str:
    esc = html.escape
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        f"<title>gridsight replay: {esc(contents.path.name)}</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>gridsight replay: {esc(contents.path.name)}</h1>",
        '<div class="summary"><ul>',
        *[f"<li>{esc(line)}</li>" for line in summary.lines()],
        "</ul>",
    ]
    if contents.warnings:
        parts.append("<p class=\"warn\">Skipped lines:</p><ul>")
        parts += [f'<li class="warn">{esc(w)}</li>' for w in contents.warnings]
        parts.append("</ul>")
    if checked is not None:
        if checked:
            parts.append(f"<p>Today's solver differs on {len(checked)} step(s):</p><ul>")
            parts += [f'<li class="no">{esc(c.describe())}</li>' for c in checked]
            parts.append("</ul>")
        else:
            parts.append('<p class="yes">Today\'s solver gives the same advice at every step.</p>')
    parts.append("</div>")
    differing = {c.step for c in checked or ()}
    for record in contents.records:
        parts.append(f'<div class="step" id="step-{record.step}">')
        parts.append(f"<h2>Step {record.step} &middot; {esc(record.time)} &middot; "
                     f"{esc(record.game)}</h2>")
        if record.advice.status:
            parts.append(f"<p>{esc(record.advice.status)}</p>")
        parts.append(f'<img alt="step {record.step}: the board with its advice" '
                     f'src="data:image/png;base64,{_png_base64(picture(contents, record))}">')
        parts.append("<p>Advice: " + esc(_cells(record.advice.recommend)) + ". ")
        verdict = followed(record)
        if verdict is None:
            parts.append("No move seen.")
        else:
            cls, word = ("yes", "followed the advice") if verdict else ("no", "did otherwise")
            parts.append(f'Player moved ({record.move.row}, {record.move.col}): '
                         f'<span class="{cls}">{word}</span>.')
        if record.step in differing:
            parts.append(' <span class="no">Today\'s solver advises differently.</span>')
        parts.append("</p>")
        if record.unread:
            parts.append(f'<p class="warn">Unread cells: {esc(_cells(record.unread))}</p>')
        for warning in record.advice.warnings:
            parts.append(f'<p class="warn">Warning: {esc(warning)}</p>')
        parts.append(f"<details><summary>Board as read</summary><pre>{esc(record.board)}</pre>"
                     "</details></div>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


# -- the command --------------------------------------------------------------------------


def run(options: argparse.Namespace) -> int:
    contents = read_log(options.log)
    for warning in contents.warnings:
        print(f"gridsight: warning: {warning}", file=sys.stderr)
    summary = summarise(contents.records)
    print(f"log: {contents.path}")
    if not contents.records:
        print("no records in this log")
    else:
        for line in summary.lines():
            print(line)
    if contents.warnings:
        print(f"skipped lines: {len(contents.warnings)}")
    checked = None
    if options.check:
        checked = check(contents.records)
        if checked:
            print(f"today's solver differs on {len(checked)} of {len(contents.records)} steps:")
            for result in checked:
                print("  " + result.describe())
        else:
            print(f"today's solver gives the same advice at all {len(contents.records)} steps")
    if options.html:
        out = Path(options.html)
        try:
            out.write_text(render_html(contents, summary, checked), encoding="utf-8")
        except OSError as error:
            raise InputError(f"{out}: cannot write the report ({error.strerror})") from None
        print(f"report: {out}")
    return 0
