"""A live session's log looked back at: the library part of ``gridsight replay``.

The session's summary (steps, the player's moves and how often they followed the advice, the
cells set by hand, the game's own results), the check of every logged board against today's
solver (each board within a limit of work; an answer the limit cut short is "not decided",
not a difference), and the self-contained HTML report with every step's board pictured with
its advice (the saved frame when there is one, else the board drawn from the logged text).

Bounded whatever the log holds (:mod:`gridsight.report_frames`): frames are read only from the
log's own folder (or the folder given), once each, downscaled, and embedded once however many
steps show them (the advice of each step is a transparent layer over it); the page is bounded
in bytes and says what it left out.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Mapping

from gridsight.errors import RuntimeFailure
from gridsight.limits import SOLVE_TIME_LIMIT
from gridsight.log import LogContents, LogRecord
from gridsight.overlay.caveat import advice_and_caveat
from gridsight.registry import UnknownGameError, get_game, get_spec
from gridsight.report_frames import (
    MAX_REPORT_BYTES,
    Budget,
    FrameStore,
    png_base64,
)
from gridsight.solvers.advice import Advice, Cell, CellFigure, CellMark, MarkKind
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.cellnames import cell_name, cell_names, name_of
from gridsight.solvers.errors import InputError, one_line

if TYPE_CHECKING:  # OpenCV and the painter are imported when pictures are drawn
    import numpy as np

#: Tile-path moves by name (the solver's ``next`` lists the moves that keep a full walk).
MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
#: What is drawn of a record's texts (the HTML shows them whole).
DRAWN_STATUS = 200
DRAWN_WARNINGS = 5
DRAWN_LABEL = 12
#: A mark's words (an unsure cell's "Panda or Tiger?"): cut at DRAWN_LABEL, the picture and
#: its key said "Panda or ...", the second animal it may be lost.
DRAWN_MARK = 40
HAND_COLOUR = (0, 215, 255)  # yellow (BGR), as the live panel's hand-set cells
#: A saved frame whose cells are smaller than :data:`SMALL_CELL` px (in the report's pixels)
#: has its advice drawn at the whole multiple of its size that makes them :data:`LEGIBLE_CELL`
#: (the frame itself stretched under it, at most :data:`MAX_UPSCALE` times and
#: :data:`UPSCALED_WIDTH` px wide): a game window at half its pack's size (the smallest the
#: readers find, 0.5x) had its figures ("10%") ~7 px tall. Cells of 32 px and more (the
#: bundled Minesweeper and Disco Zoo screenshots as they are: 35 and 42 px) are drawn as saved.
SMALL_CELL = 32
LEGIBLE_CELL = 48
MAX_UPSCALE = 3
UPSCALED_WIDTH = 960  # the report's column (60em)


# -- times --------------------------------------------------------------------------------


def local_time(stamp: str, *, date: bool = True) -> str:
    """A logged UTC time stamp in the local time of this machine, ``2026-11-30 04:10:00``
    (the stamp as it is when it cannot be read).

    >>> local_time("not a time")
    'not a time'
    """
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    if when.tzinfo is None:
        return stamp
    local = when.astimezone()
    return local.strftime("%Y-%m-%d %H:%M:%S" if date else "%H:%M:%S")


def local_zone() -> str:
    """The local time zone's name and offset, ``CET, UTC+01:00``."""
    now = datetime.now().astimezone()
    offset = now.strftime("%z")
    utc = f"UTC{offset[:3]}:{offset[3:]}" if offset not in ("", "+0000") else "UTC"
    return utc if now.tzname() in ("UTC", "GMT", None) else f"{now.tzname()}, {utc}"


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
    by_hand: int = 0  # steps with cells the player set by hand

    def lines(self) -> list[str]:
        first, last = local_time(self.first_time), local_time(self.last_time)
        if first[:10] == last[:10] and first != self.first_time and last != self.last_time:
            last = last[11:]
        out = [f"steps: {self.steps} ({first} to {last}, local time {local_zone()})",
               f"game: {', '.join(self.games)}"]
        if self.moves:
            share = 100.0 * self.followed / self.moves
            out.append(f"moves seen: {self.moves}; followed the advice: "
                       f"{self.followed} of {self.moves} ({share:.0f}%)")
        else:
            out.append("moves seen: none")
        if self.by_hand:
            out.append(f"steps with cells set by hand: {self.by_hand}")
        out += list(self.results)
        return [one_line(line) for line in out]


def acceptable(record: LogRecord) -> set[Cell]:
    """The moves that follow the advice: the recommended cells, and every move the solver
    listed as just as good (a tile path's ``next``: the moves from ``here`` that keep a full
    walk possible, drawn dashed: :attr:`MarkKind.ALSO`)."""
    cells = set(record.advice.recommend) | {Cell(m.row, m.col) for m in record.advice.marks
                                           if m.kind is MarkKind.ALSO}
    solution = record.solution
    here, moves = solution.get("here"), solution.get("next")
    if isinstance(here, dict) and isinstance(moves, list):
        row, col = here.get("row"), here.get("col")
        if isinstance(row, int) and isinstance(col, int):
            for move in moves:
                if isinstance(move, str) and move in MOVES:
                    dr, dc = MOVES[move]
                    cells.add(Cell(row + dr, col + dc))
    return cells


def followed(record: LogRecord) -> bool | None:
    """Whether the player's move followed the advice (``None``: no move seen)."""
    if record.move is None:
        return None
    return record.move in acceptable(record)


def corrections(record: LogRecord) -> list[str]:
    """What the player set by hand at this step: panel cells (2D games) and a Thrill Digger
    hole fixed in the panel (``correction`` in the solver's JSON), one phrase each."""
    out = [name_of(c) for c in record.manual]
    fix = record.solution.get("correction")
    if isinstance(fix, dict) and isinstance(fix.get("row"), int) \
            and isinstance(fix.get("col"), int):
        where = cell_name(fix["row"], fix["col"])
        if fix.get("undo"):
            out.append(f"{where} undone")
        elif isinstance(fix.get("set"), str):
            read = fix.get("read")
            was = f", read as {one_line(read)[:12]!r}" if isinstance(read, str) else ""
            out.append(f"{where} set to {one_line(fix['set'])[:12]!r}{was}")
    return out


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
        by_hand=sum(1 for r in records if corrections(r)),
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
            return one_line(f"step {self.step}: logged {logged}; today: {self.problem}")
        return f"step {self.step}: logged {logged}; today {_cells(self.today or ())}"


def _cells(cells: tuple[Cell, ...]) -> str:
    return cell_names(cells) or "no move"


def check(records: tuple[LogRecord, ...],
          time_limit: float = SOLVE_TIME_LIMIT) -> list[CheckResult]:
    """Every step whose recommendation differs from what today's solver says (each game's
    default options), each board solved within ``time_limit`` seconds of work
    (``--time-limit``, as ``gridsight solve``'s; 0: none).

    Advice naming several cells offers a choice among them (tied holes, either step of a
    walk), so a step differs only when neither advice's cells hold the other's: a tile-path
    log of the two steps that both keep a walk, where today's solver names the first of
    them, agrees with it."""
    differences: list[CheckResult] = []
    for record in records:
        try:
            game = get_game(record.game)
        except UnknownGameError as error:
            differences.append(CheckResult(record.step, record.advice.recommend, None, str(error)))
            continue
        try:
            board = parse_boards(record.board, source=f"step {record.step}")[0]
            solution = game.solve(board, game.options_from({"time_limit": time_limit}))
        except InputError as error:
            differences.append(CheckResult(record.step, record.advice.recommend, None,
                                           f"the board is refused ({error})"))
            continue
        except RuntimeFailure as error:
            differences.append(CheckResult(record.step, record.advice.recommend, None,
                                           f"not decided ({error})"))
            continue
        today = solution.advice.recommend
        if not _one_holds_the_other(set(today), set(record.advice.recommend)):
            quality = solution.advice.quality
            if quality.stopped:  # an anytime answer cut short: not a verdict on the log
                differences.append(CheckResult(
                    record.step, record.advice.recommend, None,
                    f"not decided: {quality.describe()} (--time-limit S gives it more time)"))
            else:
                differences.append(CheckResult(record.step, record.advice.recommend, today))
    return differences


def _one_holds_the_other(today: set[Cell], logged: set[Cell]) -> bool:
    """Whether the two advices agree: the same cells, or one's choice among the other's.
    An empty advice (nothing to do) agrees only with an empty one."""
    if not today or not logged:
        return today == logged
    return today <= logged or logged <= today


# -- pictures -----------------------------------------------------------------------------


def drawable(advice: Advice) -> Advice:
    """The advice with its texts cut to what a picture can hold: a record may carry long
    texts, which the HTML shows whole, but the legend under a picture would grow without end."""
    def cut(text: str, limit: int) -> str:
        text = one_line(text)
        return text if len(text) <= limit else text[: limit - 3] + "..."

    return replace(
        advice,
        status=cut(advice.status, DRAWN_STATUS),
        warnings=tuple(cut(w, DRAWN_STATUS) for w in advice.warnings[:DRAWN_WARNINGS]),
        figures=tuple(CellFigure(f.row, f.col, cut(f.text, DRAWN_LABEL), f.heat)
                      for f in advice.figures),
        marks=tuple(CellMark(m.row, m.col, m.kind, cut(m.label, DRAWN_MARK))
                    for m in advice.marks),
    )


@dataclass(frozen=True)
class Picture:
    """A step's picture, and a note when the saved frame could not be used."""

    image: np.ndarray
    note: str = ""


def picture(contents: LogContents, record: LogRecord) -> np.ndarray:
    """The step's board with its advice: the saved frame when there is one, else a schematic."""
    return step_picture(contents, record).image


def step_picture(contents: LogContents, record: LogRecord,
                 frames: FrameStore | None = None) -> Picture:
    """The step's picture for the report: the saved frame (else the board drawn from the
    log, and a note saying why: the frame is missing, unreadable, a link, or the log came from
    standard input) with the advice painted on it, the player's move marked beside it (a white
    frame), the cells set by hand outlined in yellow, and the rows and columns numbered the way
    the player counts them. Its legend is the report's text (:func:`legend_html`), legible at
    any width. The frame is read by :class:`gridsight.report_frames.FrameStore` (from the
    log's folder only, a regular file, bounded, downscaled), so no OpenCV warning reaches the
    terminal."""
    store = frames if frames is not None else FrameStore(contents.frames)
    note = ""
    if record.frame is not None and record.geometry is not None:
        frame = store.load(record.frame)
        if isinstance(frame, str):
            note = frame
        else:
            return Picture(_annotated(frame.image, record, frame.geometry(record.geometry)))
    image, geometry = board_picture(record)
    return Picture(_annotated(image, record, geometry), note)


def _annotated(image: np.ndarray, record: LogRecord, geometry) -> np.ndarray:
    from gridsight.overlay.paint import draw_move, number_board, paint_advice

    image = _outline_by_hand(image, record, geometry)
    image = paint_advice(image, geometry, drawable(record.advice), legend=False,
                         colours=skin_colours(record))
    if record.move is not None:
        image = draw_move(image, geometry, record.move)
    from gridsight.games.spec import Beside

    try:  # the columns' numbers under the board as analyze's picture draws them
        under = Beside.ABOVE in get_spec(record.game).keep_beside
    except UnknownGameError:
        under = False
    return number_board(image, geometry, record.advice.origin, record.advice.last,
                        under=under)[0]


def _outline_by_hand(image: np.ndarray, record: LogRecord, geometry) -> np.ndarray:
    """The cells set by hand outlined in yellow (drawn first, under the advice)."""
    if not record.manual:
        return image
    import cv2
    import numpy as np

    image = image.copy()
    for cell in record.manual:
        quad = geometry.cell_quad(cell.row, cell.col)
        cv2.polylines(image, [np.round(quad).astype(np.int32)], True, HAND_COLOUR, 3)
    return image


def board_picture(record: LogRecord, *, plain: bool = False):
    """The logged board drawn as a plain grid, each cell in the game's words and colours (the
    live panel's: a found animal by its name, a rupee in its colour, a wall; a label the game
    was seen drawing in another colour, in the record's ``skin``, in that), and its
    geometry. Each word is small at the foot of its cell, clear of the advice painted over
    the middle; ``plain`` (nothing painted over it: the report's "Board as read") writes it
    large in the middle, to be read at a glance (a 10 px "1" at the foot of a 62 px cell was
    hard to make out)."""
    import cv2
    import numpy as np

    from gridsight.overlay import text as text_mod
    from gridsight.overlay.paint import composite
    from gridsight.vision.geometry import BoardGeometry

    advice = record.advice
    rows, cols = advice.rows, advice.cols
    cell = int(np.clip(560 // max(cols, rows, 1), 24, 72))
    margin = 12
    image = np.full((rows * cell + 2 * margin, cols * cell + 2 * margin, 3), (70, 62, 54), np.uint8)
    headers: dict[str, str] = {}
    try:
        board = parse_boards(record.board)[0]
        grid, headers = board.grid, dict(board.headers)
    except (InputError, IndexError):
        grid = ()
    try:
        words = get_spec(record.game).words
    except UnknownGameError:
        words = None
    layer = np.zeros((image.shape[0], image.shape[1], 4), np.uint8)
    for r in range(rows):
        for c in range(cols):
            token = grid[r][c] if r < len(grid) and c < len(grid[r]) else "?"
            word = words.word(token, headers, token) if words is not None else None
            text = cell_label(word.short if word is not None else token)
            hexed = record.skin.get(token) or (word.colour if word is not None else None)
            colour = _bgr(hexed) if hexed else None
            x0, y0 = margin + c * cell, margin + r * cell
            shade = colour or ((120, 110, 100) if token == "." else (165, 160, 150))
            cv2.rectangle(image, (x0 + 1, y0 + 1), (x0 + cell - 2, y0 + cell - 2), shade, -1)
            if text and token != ".":
                spr = text_mod.sprite(*label_fitted(text, cell, plain))
                top = (y0 + (cell - spr.shape[0]) // 2 if plain
                       else y0 + cell - spr.shape[0] - 3)
                text_mod.blit_at(layer, spr, x0 + (cell - spr.shape[1]) // 2, top)
    image = composite(image, layer)
    return image, BoardGeometry.from_rect(margin, margin, cell, cell, rows, cols)


def cell_label(short: str) -> str:
    """A cell's word as :func:`board_picture` writes it: whole up to :data:`DRAWN_MARK`
    characters, else cut with "..." (it was cut bare at :data:`DRAWN_LABEL`: an unsure found
    tile said "Panda or Tig", in the picture and in its key).

    >>> cell_label("Panda or Tiger?"), cell_label("x" * 50)[-5:]
    ('Panda or Tiger?', 'xx...')
    """
    text = one_line(short)
    return text if len(text) <= DRAWN_MARK else text[: DRAWN_MARK - 3] + "..."


def label_fitted(text: str, cell: int, plain: bool = False) -> tuple[str, int]:
    r"""``text`` as written in a ``cell`` px cell, and its cap height: large in the middle
    (``plain``) or small at the foot; a text too wide for the cell goes on two lines
    ("Panda or" over "Tiger?") when that lets it be larger, and is made smaller, down to
    7 px, to stay in its cell.

    >>> label_fitted("Panda or Tiger?", 72, plain=True)
    ('Panda or\nTiger?', 9)
    """
    from gridsight.overlay import text as text_mod

    room = cell - 4
    best = (text, 0)
    for form in (text, *text_mod.two_lines(text)):
        px = max(8, cell * 2 // 5 if plain else cell // 6)
        if form.count("\n"):
            px = min(px, max(7, (cell - 6) // 3))  # two lines fit the cell's height
        width = text_mod.text_width(form, px)
        if width > room:  # a long name: smaller, to stay in its cell
            px = max(7, int(px * room / width))
        if px > best[1]:
            best = (form, px)
    return best


def schematic(record: LogRecord) -> np.ndarray:
    """The logged board drawn from its text (:func:`board_picture`) with the advice on it."""
    from gridsight.overlay.paint import paint_advice

    image, geometry = board_picture(record)
    image = _outline_by_hand(image, record, geometry)
    return paint_advice(image, geometry, drawable(record.advice), colours=skin_colours(record))


def _bgr(colour: str) -> tuple[int, int, int]:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return (b, g, r)


def skin_colours(record: LogRecord) -> dict[str, tuple[int, int, int]]:
    """The colours the game drew the record's labels in (BGR by label; its ``skin``, logged
    from the pack read through): a piece is drawn so, as in the game and the live panel."""
    return {label: _bgr(colour) for label, colour in record.skin.items()}


def legend_html(advice: Advice, key: tuple[tuple[str, str, str | None], ...] = (),
                colours: Mapping[str, tuple[int, int, int]] | None = None,
                moved: bool = True) -> str:
    """What the step's picture shows, as text beside small pictures of each mark (in the
    game's words), with the player's move and the hand-set cells; ``key`` (from
    :func:`board_key`) adds what the signs on a board drawn from the log stand for;
    ``colours`` (:func:`skin_colours`) the game's piece colours, as the picture draws them.
    ``moved``: whether a move of the player's is marked (a step with "No move seen" keyed the
    player's move all the same)."""
    from gridsight.overlay.legend import legend_samples

    esc = html.escape
    items = [f'<li><img class="key" alt="" src="data:image/png;base64,{png_base64(img)}">'
             f"{esc(words)}</li>"
             for img, words in legend_samples(drawable(advice), colours=colours)]
    if moved:
        items.append('<li><span class="swatch move"></span>the player\'s move</li>')
    for short, name, colour in key:
        fill = f' style="background: {colour}"' if colour else ""
        items.append(f'<li><span class="swatch cell"{fill}>{esc(short)}</span>{esc(name)}</li>')
    return '<ul class="legend">' + "".join(items) + "</ul>"


def board_key(record: LogRecord) -> tuple[tuple[str, str, str | None], ...]:
    """What each sign :func:`board_picture` writes on the logged board stands for, as (the
    sign, its name, its colour), once each, where the sign is not the name itself: a Thrill
    Digger hole dug with its colour unseen is drawn ``?`` ("dug, colour not seen"), a green
    rupee ``1``; a cell the log does not have is drawn ``?`` too ("not in the log")."""
    try:
        board = parse_boards(record.board)[0]
        grid, headers = board.grid, dict(board.headers)
    except (InputError, IndexError):
        grid, headers = (), {}
    try:
        words = get_spec(record.game).words
    except UnknownGameError:
        words = None
    seen: dict[str, tuple[str, str, str | None]] = {}
    for r in range(record.advice.rows):
        for c in range(record.advice.cols):
            inside = r < len(grid) and c < len(grid[r])
            token = grid[r][c] if inside else "?"
            if token == "." or token in seen:
                continue
            word = words.word(token, headers, token) if words is not None and inside else None
            if word is None:
                seen[token] = (token, "not in the log" if not inside else token, None)
            else:
                seen[token] = (cell_label(word.short), word.name, word.colour)
    return tuple(entry for entry in seen.values()
                 if entry[0] and entry[0].casefold() != entry[1].casefold())


# -- the HTML report ----------------------------------------------------------------------

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1em auto; max-width: 60em; padding: 0 0.8em;
       color: #222; font-size: 16px; line-height: 1.4; }
h1 { font-size: 1.4em; overflow-wrap: anywhere; } h2 { font-size: 1.1em; margin-bottom: 0.3em; }
.summary { background: #f3f3f3; padding: 0.6em 1em; border-radius: 6px; }
.summary ul { padding-left: 1.2em; }
.steps a { display: inline-block; min-width: 1.8em; margin: 0 0.2em 0.3em 0; padding: 0.1em 0.3em;
           text-align: center; border-radius: 4px; text-decoration: none; color: #222;
           background: #ddd; }
.steps a.yes { background: #c8ebd0; } .steps a.no { background: #f6c9c5; }
.stepkey span { display: inline-block; padding: 0 0.4em; border-radius: 4px; margin-right: 0.4em; }
.stepkey .yes { background: #c8ebd0; } .stepkey .no { background: #f6c9c5; }
.stepkey .none { background: #ddd; }
.step { margin: 1.5em 0; padding-top: 0.5em; border-top: 1px solid #ddd; }
.step nav { float: right; font-size: 0.9em; } .step nav a { margin-left: 0.8em; }
.step img.board { max-width: 100%; height: auto; border: 1px solid #ccc; display: block; }
.shot { display: block; max-width: 100%; background-repeat: no-repeat;
        background-position: 100% 100%; border: 1px solid #ccc; }
.shot img.board { width: 100%; border: none; }
.advice { font-size: 1.15em; font-weight: bold; color: #7a2a00; margin: 0.3em 0; }
.why { margin: 0.2em 0 0.6em; }
.caveat { margin: 0 0 0.6em; color: #8a4b00; }
.legend { list-style: none; padding: 0; margin: 0.4em 0; display: flex; flex-wrap: wrap;
          gap: 0.3em 1.2em; }
.legend li { display: flex; align-items: center; gap: 0.4em; }
img.key { width: auto; height: 1.3em; border-radius: 3px; }
.swatch { display: inline-block; width: 1.1em; height: 1.1em; box-sizing: border-box; }
.swatch.move { border: 3px solid #fff; outline: 2px solid #000; background: #777; }
.swatch.cell { width: auto; min-width: 1.6em; padding: 0 0.2em; text-align: center;
               background: #a59f96; color: #fff; font-size: 0.85em; font-weight: bold;
               text-shadow: 0 0 2px #000; }
.yes { color: #17813a; } .no { color: #b3261e; } .warn { color: #a35c00; }
.hand { background: #fff3b0; padding: 0 0.3em; }
"""

# The arrow keys (and j / k) move to the next or previous step.
_SCRIPT = """
document.addEventListener("keydown", function (e) {
  var keys = {ArrowRight: "next", ArrowDown: "next", j: "next",
              ArrowLeft: "prev", ArrowUp: "prev", k: "prev"};
  if (!(e.key in keys) || e.altKey || e.ctrlKey || e.metaKey) return;
  var steps = Array.prototype.slice.call(document.querySelectorAll(".step"));
  var here = steps.findIndex(function (s) { return s.getBoundingClientRect().top > 1; });
  if (here < 0) here = steps.length;
  var to = keys[e.key] === "next" ? steps[here] : steps[Math.max(here - 2, 0)];
  if (to) { to.scrollIntoView(); e.preventDefault(); }
});
"""


def render_html(contents: LogContents, summary: Summary, checked: list[CheckResult] | None,
                *, max_bytes: int = MAX_REPORT_BYTES) -> str:
    """The self-contained HTML report, at most ``max_bytes`` bytes (``--max-bytes``): each
    saved frame embedded once (downscaled) under every step that shows it; past the bound,
    pictures and then whole steps are left out, and the page says how many. A bound too
    small for the page with no step raises :class:`ReportLimitError`."""
    esc = html.escape
    records = contents.records
    budget = Budget(max_bytes)
    frames = FrameStore(contents.frames)
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
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
        if contents.unlisted:
            parts.append(f'<li class="warn">{contents.unlisted} more line(s) skipped, '
                         'not listed</li>')
        parts.append("</ul>")
    if checked is not None:
        if checked:
            parts.append(f"<p>Today's solver differs on {len(checked)} step(s):</p><ul>")
            parts += [f'<li class="no"><a href="#step-{c.step}">{esc(c.describe())}</a></li>'
                      for c in checked]
            parts.append("</ul>")
        else:
            at = "at the one step" if len(records) == 1 else "at every step"
            parts.append(f'<p class="yes">Today\'s solver gives the same advice {at}.</p>')
    differing = {c.step for c in checked or ()}
    links = []
    for record in records:
        verdict = followed(record)
        cls = "no" if verdict is False or record.step in differing else \
            "yes" if verdict else "none"
        links.append(f'<a href="#step-{record.step}" class="{cls}">{record.step}</a>')
    parts.append(f'<p class="steps">Steps (times in local time, {esc(local_zone())}):<br>'
                 + " ".join(links) + "</p>")
    parts.append('<p class="stepkey"><span class="yes">followed the advice</span>'
                 '<span class="no">did otherwise, or today\'s solver differs</span>'
                 '<span class="none">no move seen</span></p>')
    parts.append("</div>")
    # The page with no step: the summary, the script, and room for the note of steps left out
    # and the frames' style wrapper. A bound below it is refused, not passed over.
    least = _bytes(parts) + _bytes([f"<script>{_SCRIPT}</script>", "</body></html>"]) + 200
    if not budget.take(least):
        raise ReportLimitError(
            f"no HTML report written: --max-bytes {max_bytes:,} is less than the report "
            f"with no step in it ({least:,} bytes: the summary, the page's style and script); "
            f"raise --max-bytes to at least {least:,}")
    for k, record in enumerate(records):
        step = _step_html(contents, record, k, records, record.step in differing, frames,
                          budget)
        size = _bytes(step)
        if not budget.take(size):
            left = len(records) - k
            parts.append(f'<p class="warn">{left} more step(s) left out: the report reached '
                         f"--max-bytes {max_bytes:,} (raise it to see them)</p>")
            break
        parts += step
    parts.append(f"<script>{_SCRIPT}</script>")
    parts.append("</body></html>")
    if frames.css:  # each frame once, as the background of every step that shows it
        parts.insert(parts.index(f"<style>{_STYLE}</style></head><body>"),
                     "<style>" + "\n".join(frames.css) + "</style>")
    page = "\n".join(parts) + "\n"
    written = len(page.encode("utf-8", "replace"))
    if written > max_bytes:  # pragma: no cover - the budget above counts every part
        raise ReportLimitError(f"no HTML report written: it would take {written:,} bytes, "
                               f"past --max-bytes {max_bytes:,}")
    return page


class ReportLimitError(InputError):
    """``replay --max-bytes`` too small for any report: refused in words, nothing written."""


def _bytes(parts: list[str]) -> int:
    """The bytes ``parts`` take in the page, as UTF-8, each on a line of its own."""
    return sum(len(p.encode("utf-8", "replace")) + 1 for p in parts)


def _picture_html(contents: LogContents, record: LogRecord, frames: FrameStore,
                  budget: Budget) -> tuple[list[str], bool]:
    """A step's picture (:func:`step_picture`'s), bounded: over a saved frame, the frame is
    embedded once for all the steps that show it (a CSS background, downscaled) and each step
    adds only what it draws on it, as a transparent layer (:func:`annotation_layer`); without a
    usable frame, the board drawn from the log. Left out, with a note, past the byte budget.
    Returns the HTML and whether the saved frame was shown."""
    esc = html.escape
    alt = f"step {record.step}: the board with its advice"
    note = ""
    if record.frame is not None and record.geometry is not None:
        frame = frames.load(record.frame)
        if isinstance(frame, str):
            note = frame
        else:
            css = frames.embed(record.frame, frame, budget)
            if css is None:
                note = (f"frame {record.frame} left out: the report reached --max-bytes "
                        f"{budget.limit:,}; the board is drawn from the log instead")
            else:
                key = (css, json.dumps(record.advice.to_dict(), sort_keys=True),
                       tuple(record.manual), record.move,
                       tuple(record.geometry.homography.ravel()))
                geometry = frame.geometry(record.geometry)
                times = upscale(frame.size, geometry)
                if key not in frames.layers:  # steps drawing the same: drawn once
                    frames.layers.clear()  # only the last is kept: a few MB at most
                    w, h = frame.size
                    layer = annotation_layer((w * times, h * times), record,
                                             geometry.scaled(times) if times > 1 else geometry)
                    frames.layers[key] = (png_base64(layer, 3), layer.shape[1], layer.shape[0])
                layer_png, width, height = frames.layers[key]
                w, h = frame.size[0] * times, frame.size[1] * times
                return [f'<div class="shot {css}" style="width: {width}px; '
                        f'background-size: {100 * w / width:.4f}% {100 * h / height:.4f}%">'
                        f'<img class="board" alt="{esc(alt)}" '
                        f'src="data:image/png;base64,{layer_png}"></div>'], True
    image, geometry = board_picture(record)
    picture = png_base64(_annotated(image, record, geometry))
    out = [f'<img class="board" alt="{esc(alt)}" src="data:image/png;base64,{picture}">']
    if not budget.fits(len(picture) + 200):
        out = [f'<p class="warn">picture left out: the report reached --max-bytes '
               f"{budget.limit:,}</p>"]
    if note:
        out.append(f'<p class="warn">{esc(note)}</p>')
    return out, False


def upscale(size: tuple[int, int], geometry) -> int:
    """How many times a frame of ``size`` (width, height) with the board at ``geometry`` is
    drawn larger in the report: 1, or (its smallest cell under :data:`SMALL_CELL` px) enough
    for that cell to reach :data:`LEGIBLE_CELL` px (at most :data:`MAX_UPSCALE` times,
    :data:`UPSCALED_WIDTH` px wide).

    >>> from gridsight.vision.geometry import BoardGeometry
    >>> upscale((228, 260), BoardGeometry.from_corners([(16, 40), (176, 40), (176, 200),
    ...                                                  (16, 200)], 9, 9))
    3
    >>> upscale((456, 520), BoardGeometry.from_corners([(32, 80), (352, 80), (352, 400),
    ...                                                  (32, 400)], 9, 9))
    1
    """
    import math

    cell = min(min(geometry.cell_size(r, c)) for r in (0, geometry.rows - 1)
               for c in (0, geometry.cols - 1))
    if cell >= SMALL_CELL or cell <= 0:
        return 1
    wide = max(1, UPSCALED_WIDTH // max(size[0], 1))
    return max(1, min(MAX_UPSCALE, wide, math.ceil(LEGIBLE_CELL / cell)))


def annotation_layer(size: tuple[int, int], record: LogRecord, geometry) -> np.ndarray:
    """What :func:`_annotated` draws over a frame of ``size`` (the advice, the move, the
    cells set by hand, the numbers and the margin it adds for them), alone on a transparent
    BGRA layer (straight alpha) the size of the annotated picture, the frame in its bottom
    right corner. Drawn twice, over black and over white: every drawing is an "over", so the
    two pictures tell each pixel's colour and coverage exactly (rounding aside). Pixels
    neither drawing touched (black over black, white over white) are clear; the colour and
    coverage are worked out only in the box around the others (a frame's drawings cover a
    small part of it: a fifth of the time of the whole frame, the same layer)."""
    import numpy as np

    width, height = size
    black = _annotated(np.zeros((height, width, 3), np.uint8), record, geometry)
    white = _annotated(np.full((height, width, 3), 255, np.uint8), record, geometry)
    h, w = black.shape[:2]
    layer = np.zeros((h, w, 4), np.uint8)
    # (rows and columns with a channel off black in one picture or off white in the other:
    # the maxima and minima of the rows' bytes, cheaper than a mask of every pixel)
    darkest, lightest = black.reshape(h, -1), white.reshape(h, -1)
    rows = np.flatnonzero((darkest.max(axis=1) > 0) | (lightest.min(axis=1) < 255))
    if not len(rows):
        return layer
    cols = np.flatnonzero((darkest.max(axis=0).reshape(w, 3).max(axis=1) > 0)
                          | (lightest.min(axis=0).reshape(w, 3).min(axis=1) < 255))
    box = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
    black, white = black[box], white[box]
    spread = white.astype(np.int16) - black.astype(np.int16)  # 255 * (1 - coverage)
    alpha = np.clip(255 - spread.max(axis=2), 0, 255).astype(np.float32)
    colour = black.astype(np.float32) * 255.0 / np.maximum(alpha, 1.0)[..., None]
    part = np.dstack([np.clip(np.round(colour), 0, 255), alpha]).astype(np.uint8)
    part[alpha == 0] = 0
    layer[box] = part
    return layer


def _step_html(contents: LogContents, record: LogRecord, k: int,
               records: tuple[LogRecord, ...], differs: bool, frames: FrameStore,
               budget: Budget) -> list[str]:
    esc = html.escape
    origin = record.advice.origin
    nav = []
    if k > 0:
        nav.append(f'<a href="#step-{records[k - 1].step}">&larr; step {records[k - 1].step}</a>')
    if k + 1 < len(records):
        nav.append(f'<a href="#step-{records[k + 1].step}">step {records[k + 1].step} &rarr;</a>')
    parts = [f'<div class="step" id="step-{record.step}">',
             f"<nav>{''.join(nav)}</nav>",
             f"<h2>Step {record.step} &middot; {esc(local_time(record.time))} &middot; "
             f"{esc(record.game)}</h2>"]
    if record.advice.status:  # the advice (or the question) alone, the rest under it
        head, rest = advice_and_caveat(record.advice.status)
        parts.append(f'<p class="advice">{esc(head)}</p>')
        if rest:
            parts.append(f'<p class="caveat">{esc(rest)}</p>')
    if record.advice.why:
        parts.append(f'<p class="why">{esc(record.advice.why)}</p>')
    verdict = followed(record)
    if verdict is None:
        parts.append("<p>No move seen.</p>")
    else:
        cls, word = ("yes", "followed the advice") if verdict else ("no", "did otherwise")
        # A tap an answer to an unsure read called for: which answer's ("if Tiger").
        word += "".join(f" (its tap {m.label})" for m in record.advice.marks
                        if verdict and m.kind is MarkKind.CHOICE and record.move is not None
                        and (m.row, m.col) == (record.move.row, record.move.col))
        parts.append(f"<p>The player moved at {esc(name_of(record.move, origin))} "
                     f'(the white frame): <span class="{cls}">{word}</span>.</p>')
    if differs:
        parts.append('<p class="no">Today\'s solver advises differently.</p>')
    picture, on_frame = _picture_html(contents, record, frames, budget)
    parts += picture
    parts.append(legend_html(record.advice, () if on_frame else board_key(record),
                             skin_colours(record), moved=verdict is not None))
    by_hand = corrections(record)
    if by_hand:
        parts.append(f'<p><span class="hand">Set by hand</span> (outlined in yellow): '
                     f"{esc(', '.join(by_hand))}</p>")
    if record.unread:
        parts.append(f'<p class="warn">Unread cells: '
                     f"{esc(cell_names(record.unread, origin=origin))}</p>")
    for warning in record.advice.warnings:
        parts.append(f'<p class="warn">Warning: {esc(warning)}</p>')
    if record.advice.details:
        parts.append("<details><summary>Details</summary><ul>"
                     + "".join(f"<li>{esc(d)}</li>" for d in record.advice.details)
                     + "</ul></details>")
    if on_frame:
        image, geometry = board_picture(record, plain=True)
        from gridsight.overlay.paint import number_board

        image = number_board(image, geometry, origin, record.advice.last)[0]
        parts.append("<details><summary>Board as read</summary>"
                     f'<img class="board" alt="step {record.step}: the board as read" '
                     f'src="data:image/png;base64,{png_base64(image)}"></details>')
    parts.append("</div>")
    return parts
