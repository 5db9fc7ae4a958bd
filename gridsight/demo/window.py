"""The stand-in game window: what ``gridsight demo`` and the end-to-end tests show gridsight.

:class:`DemoWindow` plays a scripted game (:mod:`gridsight.demo.script`) in a plain Qt window:
one picture after another, each for the script's ``every`` seconds and until gridsight has read
it, and says when the last one has been shown as long (``on_finished``). ``gridsight live`` then follows this window by its
title exactly as it follows a real game's.

``python -m gridsight.demo.window PICTURE TITLE [X Y]`` shows the PNG ``PICTURE`` in a window
titled ``TITLE`` at ``(X, Y)`` and shows it again whenever the file changes (checked every
30 ms), so a script (the end-to-end test) can "play" by replacing the file (write a new file,
then rename it over the old one). Prints ``shown`` once the window is up.

PySide6 is imported inside the functions: this module is loaded only when a window is made.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Callable, Sequence


def make_window(title: str, at: tuple[int, int] | None = None) -> Any:
    """A plain window titled ``title`` that shows a picture at its own size."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    label = QLabel()
    label.setWindowTitle(title)
    label.setAlignment(Qt.AlignLeft | Qt.AlignTop)
    if at is not None:
        label.move(*at)
    return label


def show_picture(window: Any, path: str | Path) -> bool:
    """Show the PNG at ``path`` in ``window`` (sized to it); ``False`` if it cannot be read."""
    from PySide6.QtGui import QPixmap

    pixmap = QPixmap(str(path))
    if pixmap.isNull():
        return False
    window.setPixmap(pixmap)
    window.setFixedSize(pixmap.size())
    return True


#: How many times ``patience`` the first frame waits for gridsight to read it.
FIRST_PATIENCE = 4

#: The most seconds one tick of the window counts against a frame's patience (a later tick
#: waited for gridsight's work on the same thread).
LATE_TICK_S = 1.0


class DemoWindow:
    """A window playing ``frames`` (PNG paths), each for at least ``every`` seconds; then
    ``on_finished`` is called.

    ``seen(index)`` says whether gridsight has read frame ``index`` and shows its advice: a
    frame stays up until it has, so a slow start or a busy machine does not make the demo skip
    a move. ``thinking(index)`` says whether gridsight has read it and its solver is at work on
    it: that time is not counted against ``patience``, which bounds only the wait for a frame
    gridsight does not read (the solver's own hard stop bounds a solve). A cold start on a
    loaded machine (the solver's kernel compiled in the first solve: some 17 s of CPU, several
    minutes of wall clock at load 40) passed every frame at its patience before any advice
    came, and the demo showed "Thinking…" for its whole run.
    """

    TICK_MS = 50

    def __init__(self, frames: Sequence[Path], title: str, every: float,
                 on_finished: Callable[[], None] | None = None,
                 at: tuple[int, int] | None = None,
                 seen: Callable[[int], bool] | None = None, patience: float = 15.0,
                 thinking: Callable[[int], bool] | None = None):
        import time

        from PySide6.QtCore import QTimer

        from gridsight.overlay.window import ensure_app

        self.app = ensure_app()
        self.frames = list(frames)
        self.title = title
        self.every = every
        self.seen = seen or (lambda index: True)
        self.thinking = thinking or (lambda index: False)
        self.patience = patience
        self.index = 0
        self.on_finished = on_finished
        self._clock = time.monotonic
        self._shown_at = self._ticked = self._clock()
        self._idle = 0.0  # seconds this frame has been up with gridsight not solving it
        self.window = make_window(title, at)
        if not self.frames or not show_picture(self.window, self.frames[0]):
            raise ValueError(f"cannot show the demo's first frame ({self.frames[:1]})")
        self.timer = QTimer()
        self.timer.setInterval(self.TICK_MS)
        self.timer.timeout.connect(self.tick)

    def start(self) -> None:
        self.window.show()
        self._shown_at = self._ticked = self._clock()
        self._idle = 0.0
        self.timer.start()

    def tick(self) -> None:
        """The next frame once this one has been up ``every`` seconds and was seen (or
        gridsight has left it unread, not solving it, for ``patience`` seconds)."""
        now = self._clock()
        since, self._ticked = now - self._ticked, now
        if not self.thinking(self.index):
            # A tick late by more than a few of its intervals was held up by gridsight's own
            # work in this process (live reads the frame on this thread): not counted. At load
            # 41 the first frame's reads took its whole patience, and it passed unread.
            self._idle += min(since, LATE_TICK_S)
        up = now - self._shown_at
        # The first frame waits longer: gridsight's start (imports, the solver's process, the
        # window search) is its slowest step; on a busy machine (load 58 on 2 cores) the
        # first board passed before it was read.
        patience = self.patience * (FIRST_PATIENCE if self.index == 0 else 1)
        if up < self.every or not (self.seen(self.index) or self._idle >= patience):
            return
        self.advance()

    def advance(self) -> None:
        """The next frame; after the last one, the end of the demo."""
        self.index += 1
        self._shown_at = self._ticked = self._clock()
        self._idle = 0.0
        if self.index < len(self.frames):
            show_picture(self.window, self.frames[self.index])
            return
        self.timer.stop()
        if self.on_finished is not None:
            self.on_finished()

    def close(self) -> None:
        self.timer.stop()
        self.window.close()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (2, 4):
        print("usage: python -m gridsight.demo.window PICTURE TITLE [X Y]", file=sys.stderr)
        return 2
    from PySide6.QtCore import QTimer
    from gridsight.overlay.window import ensure_app

    app = ensure_app()  # the one QApplication, with None guarded (overlay.none_guard)
    path, title = args[0], args[1]
    at = (int(args[2]), int(args[3])) if len(args) == 4 else None
    window = make_window(title, at)
    stamp: list[int | None] = [None]

    def load() -> None:
        try:
            now = os.stat(path).st_mtime_ns
        except OSError:
            return
        if now != stamp[0] and show_picture(window, path):
            stamp[0] = now

    load()
    window.show()
    timer = QTimer()
    timer.timeout.connect(load)
    timer.start(30)
    QTimer.singleShot(300, lambda: print("shown", flush=True))
    return int(app.exec() or 0)


if __name__ == "__main__":
    raise SystemExit(main())
