"""A stand-in game window for trying ``gridsight live`` without a game, and for its tests.

``python -m gridsight.live.demo_window PICTURE TITLE [X Y]`` shows the PNG ``PICTURE`` in a
plain Qt window titled ``TITLE`` at ``(X, Y)`` and shows it again whenever the file changes
(checked every 30 ms), so a script can "play" by replacing the file (write a new file, then
rename it over the old one). Prints ``shown`` once the window is up.

Try it: draw a board with a shipped skin, show it, and point gridsight at it::

    python -m gridsight.live.demo_window room.png "Demo room" &
    gridsight live --game tile-path --window "Demo room"
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (2, 4):
        print("usage: python -m gridsight.live.demo_window PICTURE TITLE [X Y]", file=sys.stderr)
        return 2
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtGui import QPixmap
    from PySide6.QtWidgets import QApplication, QLabel

    app = QApplication.instance() or QApplication([])
    path, title = args[0], args[1]
    label = QLabel()
    label.setWindowTitle(title)
    label.setAlignment(Qt.AlignLeft | Qt.AlignTop)
    stamp: list[int | None] = [None]

    def load() -> None:
        try:
            now = os.stat(path).st_mtime_ns
        except OSError:
            return
        if now != stamp[0]:
            pixmap = QPixmap(path)
            if not pixmap.isNull():
                stamp[0] = now
                label.setPixmap(pixmap)
                label.setFixedSize(pixmap.size())

    load()
    if len(args) == 4:
        label.move(int(args[2]), int(args[3]))
    label.show()
    timer = QTimer()
    timer.timeout.connect(load)
    timer.start(30)
    QTimer.singleShot(300, lambda: print("shown", flush=True))
    return int(app.exec() or 0)


if __name__ == "__main__":
    raise SystemExit(main())
