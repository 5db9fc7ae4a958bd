"""The opt-in widest family of real-look Disco Zoo screens (session 32,
:mod:`kit.skins.disco_zoo_widest`): each property issue 18 leaves open is drawn in its
range, past the wider family's range both ways, one property at a time as among all of them,
with the issue's facts kept and the default and wider looks untouched.

These test the skin only; what the widest looks do to the reader is measured with
``python tests/test_disco_zoo_screens.py --wider`` against ``--widest [PROPS]`` (note
s32skin), not asserted here.
"""

from __future__ import annotations

import numpy as np
import pytest

from kit.skins import disco_zoo_real as real
from kit.skins import disco_zoo_widest as widest
from test_disco_zoo_screens import _measure, real_screen

SEEDS = range(900_000, 900_120)


@pytest.fixture(scope="module")
def looks():
    """The widest look of each seed and its wider look."""
    return [(real.random_look(s, widest="all"), real.random_look(s, wider=True)) for s in SEEDS]


def _reached(values, low, high, below, above):
    """Every value within [low, high], and values past the wider range both ways seen."""
    values = list(values)
    assert all(low <= v <= high for v in values), (min(values), max(values))
    assert min(values) < below and max(values) > above, (min(values), max(values))


def test_each_property_is_drawn_in_its_range_past_the_wider_one_both_ways(looks):
    new = [lk for lk, _ in looks]
    _reached((lk.card_radius for lk in new), 1, 40, 2, 30)
    _reached((lk.card_gap for lk in new), 0, 64, 1, 40)
    _reached((lk.card_margin for lk in new), 0, 80, 60, 60)  # wider's already reached 0
    _reached((lk.box_size for lk in new), 4, 28, 5, 22)
    _reached((lk.box_gap for lk in new), 0, 22, 1, 14)
    _reached((lk.box_border for lk in new), 1, 6, 1.5, 4)
    _reached((lk.bar_height for lk in new), 22, 100, 28, 80)
    _reached((lk.digit_size - lk.label_size for lk in new), 1, 13, 1.5, 7)
    _reached((lk.line for lk in new), 1, 6, 1.5, 5)
    _reached((lk.tile_radius for lk in new), 0.01, 0.5, 0.04, 0.4)
    _reached((lk.tile_inset for lk in new), 0, 7, 0.5, 5)
    _reached((lk.status_bar for lk in new), 0, 60, 0.5, 40)
    _reached((lk.bottom_height for lk in new), 0, 110, 30, 80)
    _reached((lk.decoration_scale for lk in new), 0.2, 1.8, 0.3, 1.4)
    _reached((lk.tile_rim_shade for lk in new), 0.45, 1.3, 0.72, 0.72)
    contrast = [float(np.linalg.norm(real._lab(lk.card_color) - real._lab(lk.background)))
                for lk in new]
    assert min(contrast) < 2.5 and max(contrast) > 30
    lighter = [real._lab(lk.card_color)[0] > real._lab(lk.background)[0] for lk in new]
    assert any(lighter) and not all(lighter)  # the cards lighter or darker than the ground
    assert {lk.have_size for lk in new} == {1, 2} and {lk.text_rim for lk in new} == {-1, 0, 1}
    assert any(lk.card_edge for lk in new) and any(not lk.card_edge for lk in new)
    assert any(lk.digit_font >= 0 for lk in new) and any(not lk.digit_bold for lk in new)
    assert any(lk.tile_sprite_shift != (0, 0) for lk in new)
    assert any(lk.status_color == lk.background for lk in new if lk.status_bar)
    line_share = [real._lab(lk.line_color)[0] / max(1.0, real._lab(lk.grass)[0]) for lk in new]
    assert min(line_share) < 0.3 and max(line_share) > 0.95


def test_the_issues_facts_are_kept(looks):
    """Cards tucked under the title bar and rounded; the digit meant taller than the label;
    the board on the screen, lines thin and darker than the grass; found tiles rounded; the
    boxes' borders light; the tapped tiles dark."""
    for look, _ in looks:
        assert look.bar_top <= look.card_top < look.bar_top + look.bar_height
        assert look.card_radius >= 1 and look.tile_radius > 0
        assert look.digit_size > look.label_size
        assert look.board_y + 5 * look.cell <= look.height - look.nav_bar - look.bottom_height
        assert 0 <= look.board_x and look.board_x + 5 * look.cell <= look.width
        assert look.line <= max(1, look.cell // 10)
        assert real._lab(look.line_color)[0] < real._lab(look.grass)[0]
        assert max(look.box_border_color) >= 120 and max(look.empty_color) <= 100


def test_one_property_drawn_alone_is_drawn_as_among_all_and_the_others_stay(looks):
    for seed, (look, wider) in zip(SEEDS[:20], looks):
        alone = real.random_look(seed, widest="card_radius")
        assert alone == real.with_look(wider, card_radius=look.card_radius)
        lines = real.random_look(seed, widest="lines,card_gaps")
        assert (lines.line, lines.card_gap, lines.card_margin) == \
            (look.line, look.card_gap, look.card_margin)
        assert lines.card_radius == wider.card_radius
        assert real.random_look(seed, widest="") == real.random_look(seed)


def test_an_unknown_property_is_refused_in_words(capsys):
    with pytest.raises(ValueError, match="unknown widest properties: nope"):
        real.random_look(1, widest="lines,nope")
    with pytest.raises(SystemExit) as stop:
        _measure(["--widest", "nope", "--screens", "1"])
    assert stop.value.code == 2 and "unknown --widest properties: nope" in capsys.readouterr().err


@pytest.mark.parametrize("k", range(4))
def test_widest_screens_are_drawn_with_the_truth_on_them(k):
    """A widest screen draws its board where its geometry says, its cards below the bar,
    and (with the JPEG widened) only its quality changes from the same look."""
    shot, text, image, scale = real_screen(k, 900_000, (1.0, 1.0), widest="all")
    look = shot.extras["look"]
    for card in shot.extras["cards"]:
        assert card.box[1] >= look.card_visible_top
        assert card.filled <= card.boxes
    assert text.splitlines()[0]  # the board's text
    assert image.shape[0] >= look.height and 0.0 < scale
    assert widest.jpeg_quality(900_000 + k, "all") == widest.jpeg_quality(900_000 + k, "jpeg")
    assert widest.jpeg_quality(900_000 + k, "lines") is None
