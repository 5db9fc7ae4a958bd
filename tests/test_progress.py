"""The progress bar draws only when asked (a terminal), and says how far along a run is."""

from __future__ import annotations

import io

from gridsight.progress import ProgressBar


def test_render_shows_count_and_fill():
    bar = ProgressBar(10, "games", stream=io.StringIO(), enabled=True, width=10)
    bar.done = 5
    text = bar.render(now=bar._started + 2.0)
    assert text.startswith("[#####.....] 5/10 games")
    assert "2.0 s, 2.0 s left" in text


def test_disabled_bar_writes_nothing():
    stream = io.StringIO()
    with ProgressBar(3, stream=stream, enabled=False) as bar:
        for _ in range(3):
            bar.advance()
    assert stream.getvalue() == ""


def test_enabled_bar_ends_with_the_total_and_a_newline():
    stream = io.StringIO()
    with ProgressBar(3, "boards", stream=stream, enabled=True, interval=0) as bar:
        for _ in range(3):
            bar.advance()
    assert "3/3 boards" in stream.getvalue()
    assert stream.getvalue().endswith("\n")
