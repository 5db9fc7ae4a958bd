"""A letterboxed screen's title bar read between its pillars (37th session's variant sweeps).

The variant sweeps (``bench/disco_zoo_variants.py``) letterbox each screen in a 3:4 frame
(``pillar``: black sides on odd seeds). The title bar spans the phone's screen and no more,
but its lines of text were found across the whole picture: a black pillar beside the bar's
dark letters was one band of ink with them. Wider 1010005: the left pillar taken for a first
glyph of ``JUNGLE``, seven glyphs read alone as ``OUTBACK`` by 10 (the Toucan asked); fresh
wider 1060003: ``LEFT`` lost beside the right pillar, no label read, the Ghost asked. Both
read with no options as the same screen unboxed is.
"""

from __future__ import annotations

import pytest

from disco_zoo_variants import drawn, variant
from gridsight.games.disco_zoo.names import _bar_lines, _region_line
from gridsight.games.disco_zoo.screen import locate_rescue
from test_disco_zoo_hunt31 import both_reads
from kit.disco_reads import stated_wrong


def _pillared(seed: int):
    """Wider screen ``seed`` letterboxed as the sweeps do it: (its truth, the image)."""
    shot, text = drawn(seed, True)
    return text, variant("pillar", shot, seed)


@pytest.mark.parametrize("seed", [1_010_005, 1_060_003])
def test_a_letterboxed_screen_is_read_exactly_with_no_options(seed):
    text, image = _pillared(seed)
    plain, warnings, asked, unread, named, _ = both_reads(locate_rescue(image), image, text)
    assert plain == text, asked
    assert stated_wrong(text, named.text, named.warnings, named.unread) == []


def test_the_region_line_starts_past_the_pillar():
    """1010005: the left pillar (72 px of black) is no glyph of the title: the region line
    is ``JUNGLE``'s six glyphs, from the screen's own left."""
    _, image = _pillared(1_010_005)
    bar = _bar_lines(image, 60)
    line = _region_line(bar, None, image.shape[1])
    assert line is not None and len(line.glyphs) == 6
    assert line.box[0] > 72
