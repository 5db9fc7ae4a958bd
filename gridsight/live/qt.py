"""The Qt driver of the live loop: a timer polls the capture, the overlay and panel show it.

Every ``interval`` ms (33 by default, about 30 Hz; ``idle_interval`` ms, 66 by default, once
the picture has been still for ``idle_after`` seconds, back to the full rate at the first
change) the driver grabs one frame and hands it to :meth:`LiveLoop.step`; after a change the
confirming frame (see :mod:`gridsight.live.loop`) is grabbed one game frame (17 ms) later; only when the returned view's ``version`` changed does it move the
overlay onto the captured rectangle, redraw the advice layer, refresh the panel, print the
status line (when it changed) and rewrite the ``--status-file`` (a JSON snapshot of what is
shown, for scripts and the end-to-end test). An idle loop is therefore one grab and one
thumbnail compare per tick.

The panel and the status strip are kept beside the captured rectangle, never over it
(:mod:`gridsight.overlay.placement`), and follow it when it moves: so the capture never sees them, with
or without a compositor. A frame grabbed while the panel still covered a rectangle that had
just moved under it is not read. Without a compositor nothing is drawn over the game
(``draw_over=False``): the advice is in the strip and the panel, and ``notice`` (said once)
says why.

Capture and loop run on the Qt thread: mss instances may not cross threads, and the work per
frame is small (see ``bench/bench_live.py``). Solving does not: with a worker
(:class:`gridsight.worker.SolveWorker`) the loop hands each new board to a process and takes
the answer on a later tick, so the overlay keeps following the window and the panel stays
live while the solver works (the view says "thinking", see :mod:`gridsight.live.loop`);
without a capture (``--manual``) the timer runs only to collect those answers.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from gridsight.live.loop import REFUSAL, LiveLoop, LiveView, pick_where
from gridsight.solvers.errors import one_line

CONFIRM_MS = 17  # after a change, the next grab comes one 60 Hz game frame later


def view_snapshot(view: LiveView) -> dict[str, Any]:
    """What the overlay and the panel show, as plain JSON."""
    rect = view.frame_rect
    return {
        "version": view.version,
        "status": view.status,
        "warnings": list(view.warnings),
        "board": view.board,
        "grid": [list(row) for row in view.state.grid] if view.state is not None else [],
        "manual": sorted([c.row, c.col] for c in view.state.manual) if view.state else [],
        "recommend": [[c.row, c.col] for c in view.advice.recommend] if view.advice else [],
        "frame_rect": None if rect is None else [rect.left, rect.top, rect.width, rect.height],
        "step": view.step,
        "paused": view.paused,
        "why": view.why,
        "details": list(view.details),
        "thinking": view.thinking,
        # what the screen did not settle and the player may pick (the panel's lists)
        "choices": None if view.choices is None else {
            "hint": view.choices.hint, "options": [list(o) for o in view.choices.options],
            # the parts from this one on may be left out ("none"); null: every part is given
            "fewest": view.choices.fewest, "seen": view.choices.seen or None},
    }


def write_snapshot(path: Path, view: LiveView, windows: dict[str, Any] | None = None) -> str:
    """Replace ``path`` atomically with the view's snapshot (:func:`gridsight.safefiles.write_file`:
    readers never see half a file, a link planted at ``path`` or beside it is never written
    through); ``windows``: where gridsight's own windows are (``panel``, ``strip``: ``[x, y,
    w, h]`` in logical screen pixels, or ``None``). Returns what went wrong (``""``:
    written). A failure never stops the advice: the status file is a convenience (the caller
    says so once). Not flushed to the disk (it is rewritten at every change; a crash leaves
    the previous snapshot whole)."""
    from gridsight.safefiles import write_file

    try:
        write_file(path, json.dumps({**view_snapshot(view), **(windows or {})}), fsync=False)
    except OSError as error:
        return str(error)
    return ""


class LiveDriver:
    """Runs a :class:`LiveLoop` under Qt with an optional capture, overlay and panel."""

    def __init__(self, loop: LiveLoop, capture: Any = None, *, overlay: bool = True,
                 panel_choices: tuple[str, ...] | None = None, interval_ms: int = 33,
                 idle_interval_ms: int | None = 66, idle_after_s: float = 2.0,
                 status_file: str | Path | None = None, notice: str = "",
                 say: Callable[[str], None] | None = None, draw_over: bool = True,
                 verbose: bool = False):
        from PySide6.QtCore import QTimer

        from gridsight.overlay.window import ensure_app

        self.app = ensure_app()
        self.loop = loop
        self.capture = capture
        self.notice = notice
        self.status_file = Path(status_file) if status_file else None
        self._status_failed = False  # said once until it works again
        self.say = say or (lambda line: print(f"gridsight: {one_line(line)}", file=sys.stderr,
                                              flush=True))
        self.verbose = verbose
        self.overlay = None
        if capture is not None:
            from gridsight.live.unseen import unseen_words
            from gridsight.overlay.window import OverlayWindow

            # The strip beside the game is shown either way; the advice is drawn over the
            # game only with the overlay asked for and a compositor to show it. It says the
            # board's cells off the screen in the player's words (gridsight.live.unseen).
            self.overlay = OverlayWindow((0, 0, 1, 1), draw_over=overlay and draw_over,
                                         unseen_words=unseen_words)
            # a piece drawn in the game's colour, as the panel shows it (its pack's)
            self.overlay.piece_colours = {
                label: (int(h[5:7], 16), int(h[3:5], 16), int(h[1:3], 16))
                for label, h in loop.spec.words.skin(loop.pack).items()}
        self.panel = None
        if panel_choices is not None:
            from gridsight.live.panel import Panel

            self.panel = Panel(loop, panel_choices, on_view=self.show)
            # (after the panel's own slot, which folds or unfolds it)
            self.panel.cells_box.toggled.connect(self._cells_toggled)
            if notice:
                self.panel.set_notice(notice)
        self._shown = -1
        self._said = ""
        self._rect: tuple[int, int, int, int] | None = None
        self._placed: tuple | None = None  # the game's box and the panel's size, last placed
        self._short_for: tuple | None = None  # the strip's context the key was shortened for
        self._full: tuple[int, int] | None = None  # the panel's least size unfolded (_fold)
        self._over_game = False  # the panel lies over the game's window (it fills the screen)
        # where the panel was put in the strip's own place (the strip left off), else None
        self._instead_at: tuple[int, int] | None = None
        # the width it was made there to say its advice on one line (kept when moved away)
        self._advice_wide: int | None = None
        self._tight_for: tuple | None = None  # the context the panel was folded further in
        self._placement_note = ""  # why the panel is over the game, said in it
        # where the screen shows what the panel asks (the cards: frame pixels), kept clear
        self._asked: tuple[tuple[int, int, int, int], ...] = ()
        # The panel's width before it was narrowed to fit beside the board, and the width it
        # was narrowed to: it grows back when room returns (unless the player resized it).
        self._wide: int | None = None
        self._narrowed_to: int | None = None
        self._high = 0  # its height then (narrowed, its wrapped lines made it taller)
        self._gone = False  # the game's window was last missing (closed, minimised)
        # Whether a frame was ever captured, and else why not (the capture's last word: no
        # window with that title): a session that saw nothing ends as a failure
        self.captured = False
        self.never_captured = ""
        self.interval_ms = int(interval_ms)
        self.idle_interval_ms = int(idle_interval_ms or interval_ms)
        self.idle_after_s = idle_after_s
        self._active_at = time.monotonic()
        self.timer = QTimer()
        self.timer.setInterval(self.interval_ms)
        self.timer.timeout.connect(self.tick)

    def start(self) -> None:
        if self.notice:
            self.say(self.notice)
        if self.panel is not None:
            target = getattr(self.capture, "target", None)
            where = target() if target is not None else None
            if where is not None and hasattr(where, "width"):  # the game is found: beside it
                self._follow((where.left, where.top, where.width, where.height))
            self.panel.show()
            self._place_panel()
        self.show(self.loop.view, force=True)
        if self.capture is not None or self.loop.worker is not None:
            self.timer.start()

    def panel_box(self) -> Any:
        """Where the panel is on the screen (logical pixels, its frame included)."""
        from gridsight.overlay.status import Box

        if self.panel is None:
            return None
        g = self.panel.frameGeometry()
        return Box(g.x(), g.y(), g.width(), g.height())

    def stop(self) -> None:
        self.timer.stop()
        for window in (self.overlay, self.panel):
            if window is not None:
                window.close()

    def tick(self) -> None:
        """One poll: grab, step, redraw only what changed. Never raises into Qt."""
        try:
            if self.capture is None:
                view = self.loop.poll()  # the solver's answer to the panel's board
            else:
                frame = self.capture.grab()
                rect = getattr(frame, "rect", None)
                if rect is not None:
                    self.captured = True
                elif not self.captured:  # why nothing was captured yet (no such window)
                    self.never_captured = getattr(frame, "message", "") or self.never_captured
                if rect is not None and self._box_of(rect) != self._rect:
                    covered = self._covers(rect)
                    self._follow(self._box_of(rect))
                    if covered:  # grabbed while gridsight's own windows were over it: not read
                        return
                view = self.loop.step(frame)
        except Exception as error:  # a bug must not freeze the player's screen silently
            self.say(f"live loop error: {type(error).__name__}: {error}")
            return
        now = time.monotonic()
        if view.version != self._shown or self.loop.pending or self.loop.thinking:
            self._active_at = now
        # Poll at the full rate while things happen, slower once the picture has been still
        # for a while (the grab itself is most of an idle poll's cost).
        still = now - self._active_at > self.idle_after_s
        wanted = self.idle_interval_ms if still else self.interval_ms
        if self.loop.pending:  # the confirming frame: the game's next frame, not ours
            wanted = min(wanted, CONFIRM_MS)
        if self.timer.interval() != wanted:
            self.timer.setInterval(wanted)
        if view.version != self._shown:
            self.show(view)

    def show(self, view: LiveView, force: bool = False) -> None:
        if view.version == self._shown and not force:
            return
        self._shown = view.version
        status = view.status
        if self.overlay is not None:
            rect = view.frame_rect
            if rect is None:
                self.overlay.update(None, None, status, why="",
                                    warnings=self._strip_warnings(view))
                if self.panel is None and self._rect is not None:
                    # No panel to say "waiting": the strip stays where it was, by the window
                    # last followed, saying it (with --no-panel a closed window left nothing
                    # on the screen saying so). Before any window was found it has no place.
                    self.overlay.show(layer=False)
                else:
                    self.overlay.hide()
                self._gone = True
            else:
                box = self._box_of(rect)
                if box != self._rect:
                    self._follow(box)
                elif self._gone and self._over_game and self.panel is not None:
                    self.panel.raise_()  # the game's window reopened over the panel
                self._gone = False
                self.overlay.update(view.geometry, view.advice, status, why=view.why,
                                    warnings=self._strip_warnings(view), screen=view.screen)
                self.overlay.show()
        if self.panel is not None:
            self.panel.show_view(view)
            self._asked = view.choices.where if view.choices is not None else ()
            self._place_panel()
        line = view.status_line(verbose=self.verbose)
        if line != self._said:
            self._said = line
            self.say(line)
        if self.status_file is not None:
            problem = write_snapshot(self.status_file, view, self.windows())
            if problem and not self._status_failed:
                self.say(f"warning: --status-file: {problem}")
            self._status_failed = bool(problem)

    def windows(self) -> dict[str, Any]:
        """Where the panel and the strip are (logical screen pixels), for the status file."""
        panel = self.panel_box() if self.panel is not None and self.panel.isVisible() else None
        # (none while hidden: the game's window closed, the strip's last place was given)
        strip = self.overlay.strip_box if self.overlay is not None and \
            self.overlay.strip.isVisible() else None
        return {"panel": None if panel is None else list(panel),
                "strip": None if strip is None else list(strip),
                "drawn_over": bool(self.overlay is not None and self.overlay.draw_over)}

    # -- keeping gridsight's windows beside the game ----------------------------------------

    @staticmethod
    def _box_of(rect: Any) -> tuple[int, int, int, int]:
        return (int(rect.left), int(rect.top), int(rect.width), int(rect.height))

    def _follow(self, box: tuple[int, int, int, int]) -> None:
        """The game is now at ``box`` (physical pixels): move the overlay and its strip onto
        it, and the panel beside it."""
        self._rect = box
        if self.overlay is not None:
            self.overlay.move_to(box)
        self._place_panel()

    def _covers(self, rect: Any) -> bool:
        """Whether the panel or the strip lies over the screen rectangle ``rect`` now."""
        from gridsight.overlay.status import Box

        if self.overlay is None:
            return False
        game = self._game_box(self._box_of(rect))
        boxes = [self.overlay.strip_box] if self.overlay.strip_box is not None else []
        if self.panel is not None and self.panel.isVisible():
            g = self.panel.frameGeometry()
            boxes.append(Box(g.x(), g.y(), g.width(), g.height()))
        return any(b.overlaps(game) for b in boxes)

    def _game_box(self, box: tuple[int, int, int, int]) -> Any:
        """A physical screen rectangle in the logical pixels windows are placed in."""
        from gridsight.overlay.status import Box

        ratio = self.overlay.ratio() if self.overlay is not None else 1.0
        return Box(round(box[0] / ratio), round(box[1] / ratio), max(1, round(box[2] / ratio)),
                   max(1, round(box[3] / ratio)))

    def _strip_warnings(self, view: LiveView) -> tuple[str, ...]:
        """The warnings the strip shows: while the panel asks for what the screen did not
        settle, a refused read's is the panel's to ask, and the strip says where (a phone's
        strip said it whole on 5 lines over the game: the names not read, with their boxes
        and colours and the board they leave 108 choices, ...). The status line and the
        status file keep it whole."""
        choices = view.choices
        if self.panel is None or choices is None or choices.first_read:
            return view.warnings
        return tuple(pick_where(choices) if w.startswith(REFUSAL) else w
                     for w in view.warnings)

    def _place_panel(self) -> None:
        """Put the panel on the side of the game (and its strip) with room, when the game or
        the panel's size changed since it was last placed; keep the overlay off it."""
        if self.panel is None or self._rect is None or self.overlay is None:
            return
        from gridsight.overlay.placement import GAP, inside, least_over, most_shown, place_panel
        from gridsight.overlay.status import Box

        self._fold()
        if self.panel.tight and (not self.panel.folded or self._tight_for != self._strip_context()):
            self.panel.tighten(False)  # unfolded, or the game or the screen changed
            self._placed = None
        if self.panel.key_short and self._short_for != self._strip_context():
            self.panel.shorten_key(False)  # the game, the screen or the cards asked changed
        # Folded off the board, the panel says the advice, its why and the warnings: the
        # strip, saying them again, is left off where it could only lie over the game.
        # (in the strip's place while it stays where it was put there: moved away by the
        # player, the strip is back; a window manager's frame may shift it a little)
        at, now = self._instead_at, self.panel_box()
        if at is not None and (abs(now.x - at[0]) > 2 * GAP or abs(now.y - at[1]) > 6 * GAP):
            self._instead_at = None
            self.overlay.avoid(now)  # the strip placed again off the panel where it is now
        self.overlay.said_in_panel(self.panel.folded, self._instead_at is not None)
        frame = self.panel.frameGeometry()
        border = frame.width() - self.panel.width()  # a WM's frame
        # At its narrowest never wider than the widest room it could have (cells narrowed),
        # and as wide as that room when it is wider (it grows back when room returns).
        room = self._room()
        self.panel.fit_room(room - border)
        width = max(room, self.panel.minimumSizeHint().width() + border)
        if self._instead_at is not None:
            # In the strip's place: as wide as its advice, and never narrowed there (it went
            # from 465 to 292 px at each "Thinking…" between two moves, the strip back beside
            # it saying that, then wide again at the next advice: the eye chased it).
            screen_end = self.overlay.screen_box().x + self.overlay.screen_box().w
            width = max(width, min(screen_end - self._instead_at[0],
                                   max(self.panel.advice_width() + border, frame.width())))
        elif self._advice_wide is not None and frame.width() == self._advice_wide:
            width = max(width, frame.width())  # widened there, moved by the player: kept
        if frame.width() > width and self.panel.isVisible():
            if self._wide is None:
                self._wide, self._high = frame.width(), self.panel.height()
            self._narrowed_to = width - border
            self.panel.resize(width - border, self.panel.height())
        frame = self.panel.frameGeometry()
        size = (frame.width(), frame.height())
        if not self.panel.isVisible():
            hint = self.panel.sizeHint()
            size = (min(hint.width(), width), hint.height())
        if self._wide is not None:
            if self.panel.width() not in (self._narrowed_to, self._wide - border):
                self._wide = self._narrowed_to = None  # resized by the player: theirs
            else:
                # placed at the width it had before narrowing, when any room holds it
                size = (min(self._wide, width), size[1])
        game, screen = self.overlay.window_box(), self.overlay.screen_box()
        # (where the strip goes when the panel leaves it room: moved off the panel, it is
        # not a reason to place the panel again)
        home = self.overlay.strip_moved_from or self.overlay.strip_box
        strip = [home] if home else []
        # A capture filling (nearly) the whole screen leaves no side free: then the panel goes
        # beside the board inside it. Otherwise it stays off the game, even partly off screen.
        fills = game.w >= 0.8 * screen.w and game.h >= 0.8 * screen.h
        instead = self._instead_of_strip(size, game, screen, fills)
        if instead is not None and self.panel.isVisible():
            # (decided first: narrowed to the room beside the window, then widened in the
            # strip's place, it stayed 292 px wide on X, its advice on two lines)
            size = self._as_wide_as_its_advice(instead, size, screen, border)
            instead = Box(instead.x, instead.y, size[0], size[1])
        box = instead or place_panel(size, [game] + strip, screen)
        if instead is None:
            beside = bool(strip) and (strip[0].x >= game.x + game.w
                                      or strip[0].x + strip[0].w <= game.x)
            # (a strip under the game wider than it: the block is the strip's width, and a panel
            # beside it was far from the game: real-look 7002's 290 px window on 1366x768, its
            # strip 490 px, had the panel 210 px right of the game, level with it)
            wider = bool(strip) and (strip[0].x < game.x
                                     or strip[0].x + strip[0].w > game.x + game.w)
            if strip and (beside or wider or not inside(box, screen)):
                # Beside the game alone, clear of the strip: a strip beside a window taller than
                # the screen (level with its foot) made game and strip one block, and the panel
                # went past the strip (Disco Zoo's 548 px from the game) or, too wide for the room
                # left, was narrowed; there is room above the strip.
                alone = place_panel(size, [game], screen)
                if inside(alone, screen) and not any(alone.overlaps(b) for b in strip):
                    box = alone
            if not inside(box, screen):  # narrowed, it may still fit beside the game's window
                box = self._squeezed(size, [game] + strip, screen) or box
            if strip and beside and not inside(box, screen):
                # Narrowed beside the game alone, above or below the strip beside it; else the
                # place showing the most of the panel, its lines' start first: a 1024x700 screen
                # with a 360x600 game at x 300 (its strip beside it, right) pushed the 419 px
                # Disco Zoo panel 127 px past the screen's left edge, its advice line cut at
                # its start ("olumn 3 - 55% an animal") while 356 px were free right of the game.
                # Last, beside the game over the strip's place (the strip then moves off it, see
                # OverlayWindow.avoid) rather than mostly off the screen: a 360x600 pentomino
                # window on an 800x600 screen, its strip beside it, pushed the 576 px high panel
                # past the strip, 42 of its 408 px on the screen.
                box = self._squeezed(size, [game], screen, clear=strip) or most_shown(
                    [box] + [b for b in (alone,) if inside(b, screen)
                             or not any(b.overlaps(s) for s in strip)], screen)
        # Beside the game's own window when the board was found in one (a phone mirrored on
        # the captured desktop), else beside the board.
        board = (self.overlay.game_screen_box() or self._board_box()) \
            if fills and not inside(box, screen) else None
        # Placed again only when what it depends on changed: a panel the player moved stays;
        # over a game filling the screen, also when it hides the cell the advice outlines or
        # a card its lists ask about (kept clear as those cells are: a phone's panel, at the
        # screen's top, covered the very cards whose animals it asked).
        asked = [self.overlay.on_screen(b) for b in self._asked] + self._kept()
        self.overlay.keep_off(asked)  # the strip, moved off the panel, too
        advised = self._advised() + asked if fills else []
        hiding = tuple(b for b in advised if self.panel_box().overlaps(b))
        # (the strip's place even while it is left off: the panel in it, or moved by the player
        # off it, is no reason to place the panel again)
        key = (game, size, home or self.overlay.strip_home(), board, hiding)
        if key == self._placed:
            return
        self._placed = key
        if fills and not inside(box, screen):
            # The capture fills the screen (a whole monitor): beside the board in it, else in
            # a corner of the screen clear of the board; the player may move it.
            # beside the board and off the strip (inside the capture too, under the board)
            box = place_panel(size, [board] + strip + asked, screen) if board is not None \
                else box
            if not inside(box, screen) and board is not None:
                # Beside the board alone, clear of the strip: the strip under a window as wide
                # as the screen's 80% made the two one block that wide, so the 8x5 pit's panel
                # went to the screen's corner, over the game's wallet, with room right of the
                # pit (1121-1590 px on 1600 x 900, level with it).
                alone = place_panel(size, [board], screen)
                if inside(alone, screen) and not any(alone.overlaps(b) for b in strip + asked):
                    box = alone
            if not inside(box, screen) and board is not None:
                box = self._squeezed(size, [board] + strip, screen, clear=asked) or box
            if not inside(box, screen):
                w, h = size
                corners = [Box(x, y, w, h) for y in (screen.y, screen.y + screen.h - h)
                           for x in (screen.x + screen.w - w, screen.x)]
                # Else narrowed beside the board, else over it where it covers least, off the
                # advised cells: never over the strip's text while a place off it exists (a
                # pentomino panel over a stretched board hid the start of the strip under it).
                box = next((c for c in corners if not any(
                    c.overlaps(b) for b in [board] + strip + asked if b is not None)), None) or (
                    board is not None and self._squeezed(size, [board], screen,
                                                         clear=strip + asked)) or (
                    least_over(size, board, screen, keep=advised, clear=strip)
                    if board is not None else corners[0])
        if fills and board is not None and home is not None and box.y >= board.y + board.h:
            # Under the board with no room under it for the strip: at the screen's foot, the
            # strip between it and the board (a folded Disco Zoo panel on a 360x640 phone
            # left the strip 1 px too few under it, and the strip went over the board).
            foot = screen.y + screen.h
            low = foot - box.h
            if box.y + box.h + home.h > foot and box.y < low and \
                    low - home.h >= board.y + board.h:
                box = Box(box.x, low, box.w, box.h)
        if self._wide is not None and box.w == self._wide:  # room again: as wide as it was
            self.panel.resize(self._wide - border, self._high)  # never under its minimum
            self._wide = self._narrowed_to = None
        self._over_game = box.overlaps(game)
        self._say_why_over(box, game, screen, board, border)
        self._keep_on_top(self._over_game)
        self.panel.move(box.x, box.y)
        # At the size it has now: the words saying why it lies over the game made it taller
        # (484 -> 512 px on a 360x640 screen: placed off the strip's place at 484, it then
        # covered the strip's advice line; the strip moves off it, see OverlayWindow.avoid).
        placed = self.panel.frameGeometry()
        shown = self.panel.isVisible()  # (not shown yet: its size hint, as placed)
        foot = screen.y + screen.h
        if shown and box.y + placed.height() > foot and box.y > screen.y:
            # Grown past the screen's foot by those words: lifted (a rescue's lists on a
            # 360x640 screen: 575 px at y 107, the words saying why cut at their end).
            box = Box(box.x, max(screen.y, foot - placed.height()), box.w, box.h)
            self.panel.move(box.x, box.y)
            if not self._over_game and box.overlaps(game):
                # Lifted onto the game (no side of a 640x360 pit on an 800x600 screen holds
                # the 397 px panel; under it, past the screen's foot): said, as any place
                # over the game is, and kept above it (it said "Strip over the game" alone).
                self._over_game = True
                self._keep_on_top(True)
                # Where it covers the least of the board (and of the game's window), off the
                # advised cells: lifted at the pit's left, it hid its first two columns and
                # the advised hole (row 1, column 1), with room right of the pit.
                shown_board = self._board_box()
                for _ in range(2):  # placed again at the height the words said there give
                    self._say_why_over(box, game, screen, board, border)
                    placed = self.panel.frameGeometry()  # taller by those words: lifted again
                    box = Box(box.x, max(screen.y, foot - placed.height()), box.w, box.h)
                    if shown_board is not None:
                        # (off the strip's start alone: the strip narrows to end before
                        # the panel; kept off its whole width, the panel went to the
                        # window's top corner, over the game's wallet)
                        core = self.overlay.core()
                        box = least_over((placed.width(), placed.height()), shown_board,
                                         screen, keep=self._advised() + asked,
                                         clear=[core] if core is not None else strip,
                                         window=game)
                # Where it covers least may be off the game (beside it, from the screen's
                # top: a 150x280 pentomino window on 800x800, the 542x560 panel lifted onto
                # it went to x 258, y 0, and said "Panel over the game: needs 539 px beside
                # it, 542 free")
                self._over_game = box.overlaps(game)
                self._keep_on_top(self._over_game)
                self._say_why_over(box, game, screen, board, border)
                self.panel.move(box.x, box.y)
        if self.panel.folded and not self.panel.tight and any(
                Box(box.x, box.y, placed.width(), placed.height()).overlaps(b)
                for b in self._squares()):
            # Never over the advised square or a dashed one (a move as good): folded
            # further and placed again (a 360x640 phone: the folded Disco Zoo panel, lifted
            # to the screen's foot by the words saying it lies over the board, covered the
            # foot of a tie's dashed square, row 4, by 4 px: drawn past the cell's edge).
            if self.panel.tighten(True):
                self._tight_for = self._strip_context()
                self._placed = None
                self._place_panel()
                return
        self._instead_at = (box.x, box.y) if instead is not None and (box.x, box.y) == (
            instead.x, instead.y) else None
        self.overlay.said_in_panel(self.panel.folded, self._instead_at is not None)
        self.overlay.avoid(Box(box.x, box.y, placed.width() if shown else box.w,
                               placed.height() if shown else box.h))
        # Said again with the strip where it went off the panel (moved off the game: a
        # Thrill Digger panel said "Panel and strip over the game", the strip under it)
        self._say_why_over(box, game, screen, board, border)
        if fills:
            self._room_for_strip(asked)
        if self._over_game:
            self.panel.raise_()

    def _instead_of_strip(self, size: tuple[int, int], game: Any, screen: Any,
                          fills: bool) -> Any:
        """The strip's own place against the game's window when the panel would lie past
        the strip there (under a window, the strip between them), else ``None``: the panel's
        advice line and the strip's said one over the other, 8 px apart. One line, the
        panel's, where the strip was: the strip is left off (OverlayWindow.said_in_panel).
        Decided against where the strip goes with nothing in its way, so the panel stays put
        whether the strip is shown or not, folded or not: on a 700x1000 portrait screen the
        Disco Zoo panel sat under the strip (y 676) until the first advice folded it, then
        moved up 28 px to the strip's place (y 648) as the strip went off."""
        from gridsight.overlay.placement import in_strips_place, inside, place_panel

        assert self.overlay is not None and self.panel is not None
        home = None if fills else self.overlay.strip_home()
        if home is None:
            return None
        past = place_panel(size, [game, home], screen)
        alone = place_panel(size, [game], screen)
        # (or with no room past it either: a tile path's strip as wide as its advice line,
        # 491 px under a 360 px window on 700x1000, left the panel no room under it; the
        # panel went to the strip's place all the same and the strip, moved off it, over
        # the window's foot, the line said twice one over the other)
        instead = (not inside(past, screen) or in_strips_place(past, game, home)) and inside(
            alone, screen) and not alone.overlaps(game) and alone.overlaps(home)
        return alone if instead else None

    def _as_wide_as_its_advice(self, place: Any, size: tuple[int, int], screen: Any,
                               border: int) -> tuple[int, int]:
        """The panel in the strip's place (``place``, under or over the game's window) made as
        wide as its advice line needs on one line, at most the screen's room from
        ``place``'s left edge: its size then. The strip there was as wide as that line; the
        panel kept the width of the room beside the window (292 px on a 700x1000 portrait
        screen) and said a tile path's "Step up or right - either keeps a full walk
        possible" on two lines, with 650 px free under the window."""
        assert self.panel is not None
        room = screen.x + screen.w - place.x
        want = min(room, self.panel.advice_width() + border)
        frame = self.panel.frameGeometry()
        # (its width now, not ``size``: the width it had before it was narrowed beside the
        # window is placed with, and it stayed narrowed on X)
        if want <= frame.width():
            return size
        self.panel.resize(want - border, self.panel.height())
        self._wide = self._narrowed_to = None  # as wide as the strip's place asks, not narrowed
        frame = self.panel.frameGeometry()
        self._advice_wide = frame.width()
        return frame.width(), frame.height()

    def _cells_toggled(self, on: bool) -> None:
        """The player showed the board's cells (or hid them): the panel, taller or shorter
        now, placed again at once. It was placed at the next view only: on a 360x640 phone
        the unfolded Disco Zoo panel (439 px) stayed where the folded one (95 px) had been,
        at y 492, its board past the screen's foot while the game stood still."""
        self._placed = None
        self._place_panel()

    def _strip_context(self) -> tuple:
        """What the strip's room depends on besides the panel: the game's and the screen's
        boxes, the board's, the cards asked about (a key shortened for it: shown again when
        one changes)."""
        assert self.overlay is not None
        return (self.overlay.window_box(), self.overlay.screen_box(), self._board_box(),
                self._asked)

    def _room_for_strip(self, asked: list) -> None:
        """Over a game filling the screen (a phone's), the strip kept off the title bar, the
        cards, the board and the panel when no free band holds it (it looks for one first:
        :func:`~gridsight.overlay.placement.strip_off_panel`): the panel's key left off
        (shorter by its line), then the panel lifted off the screen's foot by the strip's
        height, the strip under it, when it then covers none of the cards. A rescue asked on a
        360x640 phone: the key's line made the panel 436 px high (204-640), and the strip,
        no band left between it and the cards, went over the title bar naming the region."""
        from gridsight.overlay.status import Box

        assert self.panel is not None and self.overlay is not None
        board = self._board_box()
        shown = self.overlay.strip_box
        if shown is None:
            return
        panel = self.panel_box()
        blocked = [panel, *asked] + ([board] if board is not None else [])
        if not any(shown.overlaps(b) for b in blocked):
            return
        if not self.panel.key_short and self.panel.key.text():
            self._short_for = self._strip_context()
            self.panel.shorten_key(True)
            self._placed = None
            self._place_panel()  # shorter by the key's line: placed again, the strip too
            return
        screen = self.overlay.screen_box()
        foot = screen.y + screen.h
        height = min(shown.h, self.overlay.head_height())
        lifted = Box(panel.x, foot - height - panel.h, panel.w, panel.h)
        if panel.y + panel.h < foot or lifted.y < screen.y or any(
                lifted.overlaps(b) for b in asked):
            return
        self.panel.move(lifted.x, lifted.y)
        self.overlay.avoid(lifted)  # the strip placed again: at the screen's foot

    def _fold(self) -> None:
        """The panel folded to its advice, why and controls (its board's cells hidden) while
        the whole panel would cover the board wherever it went on a phone's (portrait) screen
        (no side of the board holds it) and the advice outlines cells on it; unfolded
        otherwise, or as the player chose (the panel's "Cells" box). A 360x640 phone: minesweeper's
        258x465 panel covered the board's lower half (rows 4 to 9), the advised cell kept
        clear but the rest of the board not seen; folded, it goes under the board."""
        if self.panel is None or self.overlay is None:
            return
        from gridsight.overlay.placement import GAP, holds_beside

        if not self.panel.folded:
            hint = self.panel.minimumSizeHint()
            # (as high as it is when shown: its lines wrapped at its least width make it
            # taller than its hint, 435 px against 373)
            high = self.panel.height() if self.panel.isVisible() else 0
            self._full = (hint.width(), max(hint.height(), high))
        screen, board = self.overlay.screen_box(), self._board_box()
        fold = False
        portrait = screen.h > screen.w  # a phone's own screen
        # (once folded, kept so between advices: the panel jumped each move while the next
        # advice was worked out, no cell outlined then)
        advised = bool(self._advised()) or self.panel.folded
        if portrait and board is not None and advised and self._full is not None:
            w, h = self._full
            fold = max(board.y - screen.y, screen.y + screen.h - board.y - board.h) < h + GAP \
                and max(board.x - screen.x, screen.x + screen.w - board.x - board.w) < w + GAP
            # ... or while it would lie over the game's own screen filling this one, no side
            # of it free (a phone mirror filling a portrait monitor, 1080x1920): the whole
            # panel fitted under the board only down over the game's MENU button, where the
            # folded one fits between the board and the game's foot bar.
            game = self.overlay.game_screen_box() or self.overlay.window_box()
            fills = game.w >= 0.8 * screen.w and game.h >= 0.8 * screen.h
            fold = fold or fills and max(
                game.x - screen.x, screen.x + screen.w - game.x - game.w) < w + GAP and max(
                game.y - screen.y, screen.y + screen.h - game.y - game.h) < h + GAP
            # ... or while no side of a game window smaller than the screen holds it (its
            # strip beside or under it counted): the panel goes beside the window, never
            # over it, so room beside the board inside the window is none of its. A 700x1000
            # portrait screen, a 360x600 Disco Zoo window: the 331x435 panel went right of
            # it, its advice cut at the screen's edge, then over the window's corner.
            if not fills:
                frame = self.panel.frameGeometry()
                border = frame.width() - self.panel.width(), frame.height() - self.panel.height()
                size = (w + border[0], h + border[1])
                home = self.overlay.strip_moved_from or self.overlay.strip_box
                fold = not any(holds_beside(size, block, screen)
                               for block in ([game], [game, home] if home else [game]))
        if self.panel.cells_chosen is not None:  # the player's choice
            fold = not self.panel.cells_chosen
        if self.panel.fold(fold):
            self._placed = None

    def _room(self) -> int:
        """The widest the panel may be and still lie wholly on the screen off the game: the
        roomier side of the game's window (with its strip, when the strip is beside it), or
        the screen's width when the game fills the screen (the panel goes beside the board
        inside it). A 360 px phone screen cut the Disco Zoo panel's right column; a pentomino
        level's columns 7-10 went past a 1366x768 laptop's edge (546 px at its narrowest,
        498 free); minesweeper's 488 px past an 800x600 screen's (296 free)."""
        from gridsight.overlay.placement import GAP, union

        assert self.overlay is not None
        game, screen = self.overlay.window_box(), self.overlay.screen_box()
        if game.w >= 0.8 * screen.w and game.h >= 0.8 * screen.h:
            return screen.w
        home = self.overlay.strip_moved_from or self.overlay.strip_box
        room = 0
        for block in ([game], [game, home] if home is not None else [game]):
            b = union(block)
            room = max(room, screen.x + screen.w - (b.x + b.w + GAP), b.x - GAP - screen.x)
        return min(screen.w, room)

    def _say_why_over(self, box: Any, game: Any, screen: Any, board: Any, border: int) -> None:
        """With the panel put over a game window smaller than the screen (at its narrowest
        it fits on no side of it: the 8x5 Thrill Digger pit's panel is 469 px, 312 are free
        beside a 1280x720 game on a 1600x900 screen), say so in the panel, and what makes
        room; said no more once it is off the game again. The same of the strip inside a game
        window no side of which has room for it. A capture of the whole screen (``--monitor``)
        has no side to be beside: nothing said."""
        from gridsight.overlay.placement import GAP

        assert self.panel is not None
        smaller = game.w < screen.w or game.h < screen.h
        panel = self._over_game and smaller
        strip_box = self.overlay.strip_box if self.overlay is not None else None
        # No side of a window larger than the screen holds the strip: inside it, by the
        # board, where it covers least; said, as the panel's place is.
        strip = strip_box is not None and strip_box.overlaps(game) and smaller
        # Said in few words (the note was 4 lines on a 360 px phone: 'This panel lies over
        # the game, over part of the board: at its narrowest it needs 355 px beside the
        # game's window, and 0 px are free. A smaller game window makes room (or move the
        # panel). The status strip lies over ...'). A phone's screen (portrait) has no
        # smaller game window to offer: moving the panel is what the player can do.
        phone = screen.h > screen.w
        shown = board if board is not None else self._board_box()
        over_board = shown is not None and box.overlaps(shown)
        note = ""
        # On a phone's screen, off the board, nothing is said: there is no side to move to, and
        # the line made the folded panel too tall for the room between a phone's board and
        # its MENU and MAP bar (360x640: 151 px in 143).
        if (panel or strip) and (over_board or not phone):
            what = "Panel and strip" if panel and strip else "Panel" if panel else "Strip"
            on = " and part of the board" if panel and over_board else ""
            note = f"{what} over the game{on}: "
            if panel and not phone:
                narrowest = self.panel.minimumSizeHint().width() + border
                free = max(screen.x + screen.w - (game.x + game.w + GAP),
                           game.x - GAP - screen.x, 0)
                note += (f"{'the panel ' if strip else ''}needs {narrowest} px beside it, "
                         f"{free} free. ")
            else:
                note += "no room beside it. "
            note += ("Move the panel to see the board." if phone and over_board else
                     "" if phone else "A smaller game window makes room.")
            note = note.strip()
        if note != self._placement_note:
            self._placement_note = note
            self.panel.set_notice(" ".join(part for part in (self.notice, note) if part))

    def _squeezed(self, size: tuple[int, int], avoid: list, screen: Any,
                  clear: Sequence[Any] = ()) -> Any:
        """The panel narrowed (down to its minimum width) until it fits on the screen beside
        ``avoid`` (the board, and its strip when the first list is given) and over none of
        ``clear``, resized so; ``None`` when even its narrowest does not. A level of many columns on a game filling the
        screen was put in a corner over the board (the panel 859 px wide, 582 free beside
        the board; it needs 546). The width it had is kept (``_wide``): :meth:`_place_panel`
        gives it back when there is room again."""
        from gridsight.overlay.placement import inside, place_panel

        assert self.panel is not None
        frame = self.panel.frameGeometry().width() - self.panel.width()  # a WM's border
        narrowest = self.panel.minimumSizeHint().width() + frame
        width = size[0]
        while width >= narrowest:
            box = place_panel((width, size[1]), avoid, screen)
            if inside(box, screen) and not any(box.overlaps(b) for b in [*avoid, *clear]):
                if width != size[0]:
                    if self._wide is None:
                        self._wide, self._high = size[0], self.panel.height()
                    self._narrowed_to = width - frame
                    self.panel.resize(width - frame, self.panel.height())
                return box
            width = width - 16 if width - 16 >= narrowest or width == narrowest else narrowest
        return None

    def _keep_on_top(self, on: bool) -> None:
        """A panel that must lie over the game's window (the game fills the screen) is kept
        above it: a window stacked after it (the game's, shown or reopened full screen) hid
        it whole. Beside the game it is an ordinary window."""
        from PySide6.QtCore import Qt

        if self.panel is None:
            return
        flag = Qt.WindowType.WindowStaysOnTopHint
        if bool(self.panel.windowFlags() & flag) == on:
            return
        shown, size = self.panel.isVisible(), self.panel.size()
        self.panel.setWindowFlag(flag, on)  # hides the window: shown again as it was
        if shown:
            self.panel.show()
            # At the size it had: a window never resized by hand is shown again at its size
            # hint on X (a minesweeper panel grew from 569 to 776 px, over the board).
            self.panel.resize(size)

    def _kept(self) -> list:
        """The bands of the game's window (its own screen when found in a larger capture)
        beside the board where the game shows what the player reads or plays with (its
        spec's :attr:`~gridsight.games.spec.GameSpec.keep_beside`: Disco Zoo's title bar and
        cards above the board, a pentomino tray under it), logical pixels: kept clear, as
        the cards the panel asks about are. A 360x640 phone: the folded Disco Zoo panel went
        over the cards (the room above the board was the most), a pentomino strip over the
        tray of pieces the player drags from."""
        from gridsight.games.spec import Beside
        from gridsight.overlay.status import Box

        if self.overlay is None:
            return []
        # What the source knows the screen shows beside the board (a pit's wallet: its
        # pack's box), frame pixels
        known = getattr(self.loop.source, "kept", None)
        bands = [self.overlay.on_screen(box) for box in (known() if known else ())]
        sides = getattr(self.loop.spec, "keep_beside", ())
        board = self._board_box()
        if not sides or board is None:
            return bands
        window = self.overlay.game_screen_box() or self.overlay.window_box()
        if Beside.ABOVE in sides and board.y > window.y:
            bands.append(Box(window.x, window.y, window.w, board.y - window.y))
        foot = board.y + board.h
        end = window.y + window.h  # the band's end: the window's foot, or the game's reach
        reach = getattr(self.loop.spec, "keep_below_reach", None)
        geometry = self.loop.view.geometry
        if reach is not None and geometry is not None:
            # the grid's foot and ``reach`` cells under it, in board units (any scale)
            left, low = geometry.board_to_image([(0, geometry.rows),
                                                 (0, geometry.rows + reach)])
            below = self.overlay.on_screen((left[0], left[1], 1, low[1] - left[1]))
            end = min(end, below.y + below.h)
        if Beside.BELOW in sides and end > foot:
            bands.append(Box(window.x, foot, window.w, end - foot))
        return bands

    def _advised(self) -> list:
        """The boxes on the screen of the cells the advice outlines (logical pixels)."""
        if self.overlay is None:
            return []
        return [self.overlay.on_screen(box) for box in self.overlay.advised_boxes]

    def _squares(self) -> list:
        """The boxes on the screen of the advice's squares as drawn: its cells' (``_advised``)
        grown by how far past a cell's edges its square is drawn (:func:`square_reach`)."""
        from gridsight.overlay.paint import square_reach
        from gridsight.overlay.status import Box

        grown = []
        for b in self._advised():
            r = square_reach(b.w, b.h)
            grown.append(Box(b.x - r, b.y - r, b.w + 2 * r, b.h + 2 * r))
        return grown

    def _board_box(self) -> Any:
        """The board's box on the screen (logical pixels), once it has been located."""
        if self.overlay is None or self.overlay.board_box is None:
            return None
        return self.overlay.on_screen(self.overlay.board_box)

    def run(self) -> int:
        self.start()
        try:
            return int(self.app.exec() or 0)
        finally:
            self.stop()
