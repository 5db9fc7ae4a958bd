"""A small progress bar on standard error for long runs (simulations, folders of images).

It draws only when standard error is a terminal (or when forced), so logs and pipes stay clean,
and redraws at most every ``interval`` seconds so it costs nothing on fast loops.
"""

from __future__ import annotations

import sys
import time
from typing import IO


class ProgressBar:
    """``with ProgressBar(total, "games") as bar: ... bar.advance()``."""

    def __init__(
        self,
        total: int,
        unit: str = "items",
        *,
        stream: IO[str] | None = None,
        enabled: bool | None = None,
        interval: float = 0.1,
        width: int = 30,
    ):
        self.total = max(0, total)
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.interval = interval
        self.width = width
        self.done = 0
        self._started = time.monotonic()
        self._last_draw = 0.0

    def __enter__(self) -> "ProgressBar":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def advance(self, steps: int = 1) -> None:
        self.done += steps
        now = time.monotonic()
        if self.enabled and (now - self._last_draw >= self.interval or self.done >= self.total):
            self._last_draw = now
            self._draw(now)

    def render(self, now: float | None = None) -> str:
        """The bar as text, e.g. ``[#####.....]  50/100 games  1.2 s, 1.2 s left``."""
        now = time.monotonic() if now is None else now
        fraction = self.done / self.total if self.total else 1.0
        filled = int(round(self.width * min(1.0, fraction)))
        elapsed = now - self._started
        left = elapsed / fraction - elapsed if fraction > 0 else 0.0
        return (
            f"[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} "
            f"{self.unit}  {elapsed:.1f} s, {left:.1f} s left"
        )

    def _draw(self, now: float) -> None:
        self.stream.write("\r" + self.render(now))
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.done:
            self._draw(time.monotonic())
            self.stream.write("\n")
            self.stream.flush()
