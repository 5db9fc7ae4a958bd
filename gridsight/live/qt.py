"""The Qt driver of the live loop: a timer polls the capture, the overlay and panel show it.

Every ``interval`` ms (33 by default, about 30 Hz; ``idle_interval`` ms, 66 by default, once
the picture has been still for ``idle_after`` seconds, back to the full rate at the first
change) the driver grabs one frame and hands it to :meth:`LiveLoop.step`; after a change the
confirming frame (see :mod:`gridsight.live.loop`) is grabbed one game frame (17 ms) later; only when the returned view's ``version`` changed does it move the
overlay onto the captured rectangle, redraw the advice layer, refresh the panel, print the
status line (when it changed) and rewrite the ``--status-file`` (a JSON snapshot of what is
shown, for scripts and the end-to-end test). An idle loop is therefore one grab and one
thumbnail compare per tick.

Capture and loop run on the Qt thread: mss instances may not cross threads, and the work per
frame is small (see ``bench/bench_live.py``).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

from gridsight.live.loop import LiveLoop, LiveView
from solvers.errors import one_line


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
    }


def write_snapshot(path: Path, view: LiveView) -> str:
    """Replace ``path`` atomically with the view's snapshot (:func:`safefiles.write_file`:
    readers never see half a file, a link planted at ``path`` or beside it is never written
    through); returns what went wrong (``""``: written). A failure never stops the advice:
    the status file is a convenience (the caller says so once). Not flushed to the disk
    (it is rewritten at every change; a crash leaves the previous snapshot whole)."""
    from safefiles import write_file

    try:
        write_file(path, json.dumps(view_snapshot(view)), fsync=False)
    except OSError as error:
        return str(error)
    return ""


class LiveDriver:
    """Runs a :class:`LiveLoop` under Qt with an optional capture, overlay and panel."""

    def __init__(self, loop: LiveLoop, capture: Any = None, *, overlay: bool = True,
                 panel_choices: tuple[str, ...] | None = None, interval_ms: int = 33,
                 idle_interval_ms: int | None = 66, idle_after_s: float = 2.0,
                 status_file: str | Path | None = None, notice: str = "",
                 say: Callable[[str], None] | None = None):
        from PySide6.QtCore import QTimer

        from overlay.window import ensure_app

        self.app = ensure_app()
        self.loop = loop
        self.capture = capture
        self.notice = notice
        self.status_file = Path(status_file) if status_file else None
        self._status_failed = False  # said once until it works again
        self.say = say or (lambda line: print(f"gridsight: {one_line(line)}", file=sys.stderr,
                                              flush=True))
        self.overlay = None
        if capture is not None and overlay:
            from overlay.window import OverlayWindow

            self.overlay = OverlayWindow((0, 0, 1, 1))
        self.panel = None
        if panel_choices is not None:
            from gridsight.live.panel import Panel

            self.panel = Panel(loop, panel_choices, on_view=self.show)
        self._shown = -1
        self._said = ""
        self._rect: tuple[int, int, int, int] | None = None
        self.interval_ms = int(interval_ms)
        self.idle_interval_ms = int(idle_interval_ms or interval_ms)
        self.idle_after_s = idle_after_s
        self._active_at = time.monotonic()
        self.timer = QTimer()
        self.timer.setInterval(self.interval_ms)
        self.timer.timeout.connect(self.tick)

    def start(self) -> None:
        if self.panel is not None:
            self.panel.show()
        self.show(self.loop.view, force=True)
        if self.capture is not None:
            self.timer.start()

    def stop(self) -> None:
        self.timer.stop()
        for window in (self.overlay, self.panel):
            if window is not None:
                window.close()

    def tick(self) -> None:
        """One poll: grab, step, redraw only what changed. Never raises into Qt."""
        try:
            view = self.loop.step(self.capture.grab())
        except Exception as error:  # a bug must not freeze the player's screen silently
            self.say(f"live loop error: {type(error).__name__}: {error}")
            return
        now = time.monotonic()
        if view.version != self._shown or self.loop.pending:
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
        status = view.status if not self.notice else f"{view.status} · {self.notice}"
        if self.overlay is not None:
            rect = view.frame_rect
            if rect is None:
                self.overlay.update(None, None, status)
                self.overlay.hide()
            else:
                box = (rect.left, rect.top, rect.width, rect.height)
                if box != self._rect:
                    self.overlay.move_to(box)
                    self._rect = box
                self.overlay.update(view.geometry, view.advice, status)
                self.overlay.show()
        if self.panel is not None:
            self.panel.show_view(view)
        line = "  |  ".join([status] + [f"warning: {w}" for w in view.warnings])
        if line != self._said:
            self._said = line
            self.say(line)
        if self.status_file is not None:
            problem = write_snapshot(self.status_file, view)
            if problem and not self._status_failed:
                self.say(f"warning: --status-file: {problem}")
            self._status_failed = bool(problem)

    def run(self) -> int:
        self.start()
        try:
            return int(self.app.exec() or 0)
        finally:
            self.stop()
