"""Window-like regions of fresh harder desktops that round 1 of session 32 left unread
(``bench/bench_desktop.py --games disco-zoo --harder --share 0.15 0.2``): each capture is
drawn once for the module, and each test asks the one step where its screen was lost.

- 560014: the phone's right side hardly shows beside a tool strip of its ground's colour; its
  top and bottom, found as lines across, were merged with a window's bottom below the phone,
  and the merged region's sides, placed along its last rows, took that window's edge 26 px
  inside the phone: the board's last column was cut off in every region
  (:func:`gridsight.vision.regions.propose_regions`).
"""

from __future__ import annotations

import pytest

from gridsight.vision.regions import propose_regions


@pytest.fixture(scope="module")
def captures():
    """The fresh harder desktops of this file, by seed: ``(shot, capture)``."""
    from kit.desktop import real_look_rescue, sample

    out = {}
    for seed in (560_014,):
        shot, capture, _ = sample(real_look_rescue, seed, fraction=(0.15, 0.2), harder=True)
        out[seed] = (shot, capture)
    return out


def test_a_merged_region_across_does_not_hide_the_screen_its_first_part_found(captures):
    """560014: a region proposed holds the phone's board whole, its sides the screen's (to a
    few pixels); before, the only region there stopped 26 px inside the screen's right side,
    6 px into the board's last column."""
    _, capture = captures[560_014]
    x, y, w, h = capture.extras["screen_box"]
    outline = capture.geometry.outline()
    (bx0, by0), (bx1, by1) = outline.min(axis=0), outline.max(axis=0)
    regions = propose_regions(capture.image, keep=8)
    holding = [r for r in regions if r.holds((bx0, by0, bx1, by1), slack=1)]
    assert holding, regions
    assert any(abs(r.x - x) <= 3 and abs(r.x + r.width - x - w) <= 3 for r in holding), holding
