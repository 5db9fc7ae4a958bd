"""The replay report in a real browser: headless Chromium at phone (400 px) and desktop
(1400 px) widths.

A Disco Zoo session is played through the live loop (no window: frames straight from the
kit's demo, with their saved frames), replayed into an HTML report, and the report is opened
in headless Chromium, once, in two frames of the widths wanted (a headless window is at least
500 px wide), with a small script appended that measures the page as laid out and hands the
figures to the outer page (``--dump-dom`` prints it after its scripts ran). At both
widths: nothing is wider than the window (no sideways scrolling), every board picture is shown
whole at the width of the column (or its own, never shrunk to a thumbnail), and no text is
smaller than 12 px; the legend, the advice and the player's move are text. Skipped when
Chromium is not installed (``apt-get install chromium``; CI installs it).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess

import numpy as np
import pytest

from gridsight.log import RecommendationLog
from gridsight.live.loop import LiveLoop
from gridsight.readers.find import load_game_pack
from kit.games import kit_of
from kit.scripted import screen
from gridsight.vision.capture import Frame, Rect

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(n)), None)
pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed "
                                 "(apt-get install chromium; CI installs it)"),
              pytest.mark.slow]  # about 7 s: one browser run for both widths

MEASURE = """
<script>
window.addEventListener("load", function () {
  var out = {frame: window.name, width: window.innerWidth,
             scroll: document.documentElement.scrollWidth, boards: [], smallest: 1000,
             viewport: !!document.querySelector(
               'meta[name="viewport"][content*="width=device-width"]')};
  var style = getComputedStyle(document.body);  // the column: the body's content box
  var column = document.body.clientWidth - parseFloat(style.paddingLeft)
               - parseFloat(style.paddingRight);
  document.querySelectorAll('img.board[alt$="the board with its advice"]').forEach(function (img) {
    out.boards.push({shown: img.clientWidth, natural: img.naturalWidth, column: column});
  });
  document.querySelectorAll("p, li, summary, h1, h2, a, span").forEach(function (el) {
    if (el.offsetParent === null || !el.textContent.trim()) return;
    out.smallest = Math.min(out.smallest, parseFloat(getComputedStyle(el).fontSize));
  });
  parent.postMessage(JSON.stringify(out), "*");
});
</script>
"""

OUTER = """<!DOCTYPE html><html><body style="margin:0">
{frames}
<script>window.addEventListener("message", function (e) {{
  var pre = document.createElement("pre"); pre.className = "measure"; pre.textContent = e.data;
  document.body.appendChild(pre); }});</script></body></html>
"""
FRAME = """<div><iframe name="at-{width}" src="{inner}"
style="width:{width}px;height:900px;border:0"></iframe></div>"""
WIDTHS = (400, 1400)  # a phone's, a desktop's


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """A replayed Disco Zoo session's HTML report (with its saved frames)."""
    from gridsight.cli import main

    folder = tmp_path_factory.mktemp("session")
    log = RecommendationLog(folder / "s.jsonl", save_frames=True, fsync=False,
                            close_at_exit=False)
    loop = LiveLoop("disco-zoo", load_game_pack("disco-zoo", None), log=log,
                    solve_options=argparse.Namespace(budget=0.5, time_limit=5.0))
    script = kit_of("disco-zoo").demo()
    for i in range(4):
        image = screen(script.render(i))
        for _ in range(3):
            loop.step(Frame(np.ascontiguousarray(image), Rect(0, 0, image.shape[1],
                                                               image.shape[0]), 0.0))
    log.close()
    out = folder / "report.html"
    assert main(["replay", str(folder / "s.jsonl"), "--html", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def measured(report, tmp_path_factory) -> dict:
    """The report as laid out at each of :data:`WIDTHS`, by frame name ("at-400"): one Chromium
    run lays out both frames (its start is most of a run's time; under load, tens of
    seconds)."""
    folder = tmp_path_factory.mktemp("browser")
    probe = folder / "probe.html"
    probe.write_text(report.read_text(encoding="utf-8").replace("</body>", MEASURE + "</body>"),
                     encoding="utf-8")
    outer = folder / "outer.html"
    frames = "\n".join(FRAME.format(inner=probe.name, width=w) for w in WIDTHS)
    outer.write_text(OUTER.format(frames=frames), encoding="utf-8")
    run = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                          "--allow-file-access-from-files",
                          # a profile of its own, kept to the test's folder (without one,
                          # headless Chromium makes and removes a temporary one: 0.6 s of
                          # wall and 0.25 s of CPU more a run, measured)
                          f"--user-data-dir={folder / 'profile'}",
                          f"--window-size={max(WIDTHS) + 600},{900 * len(WIDTHS)}",
                          "--virtual-time-budget=5000", "--dump-dom", outer.as_uri()],
                         capture_output=True, text=True, timeout=120)
    found = re.findall(r'<pre class="measure">(.*?)</pre>', run.stdout, re.S)
    assert found, f"Chromium printed no measurements: {run.stderr[-800:]}"
    figures = [json.loads(text.replace("&quot;", '"')) for text in found]
    return {m["frame"]: m for m in figures}


@pytest.mark.parametrize("width", WIDTHS)
def test_the_report_reads_at_phone_and_desktop_width(report, measured, width):
    page = report.read_text(encoding="utf-8")
    # The advice, the legend and the player's move are text, not pixels in a picture.
    assert page.count('class="advice"') == 4 and '<ul class="legend">' in page
    assert "tap here next" in page and "the player's move" in page
    assert "The player moved at row " in page
    assert f"at-{width}" in measured, measured  # this width's frame measured itself
    m = measured[f"at-{width}"]
    assert m["viewport"]
    assert m["width"] == width and m["scroll"] <= m["width"], m  # no sideways scrolling
    assert len(m["boards"]) == 4
    for board in m["boards"]:
        # Shown whole within the column, as wide as the column allows (never a thumbnail).
        assert board["shown"] <= board["column"]
        assert board["shown"] >= min(board["natural"], board["column"]) - 2, board
    assert m["smallest"] >= 12, m
