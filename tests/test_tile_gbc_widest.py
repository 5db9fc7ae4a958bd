"""The opt-in widest family of Hero's Cave screens (session 33, :mod:`kit.skins.gbc_widest`):
each property the wider skin still keeps fixed or one-sided is drawn past the wider range
both ways, one property alone exactly as among all of them, with issue 18's facts kept.

These test the skin only; what the widest looks do to the reader is measured with
``python bench/bench_tile_rooms.py --accept SEED --cases N --widest [all|PROPS]`` (note
s33gbcskin), not asserted here.
"""

from __future__ import annotations

import runpy
import sys
from dataclasses import fields
from pathlib import Path

import cv2
import numpy as np
import pytest

from kit import rooms
from kit.skins import gbc_display, gbc_wider
from kit.skins import gbc_widest as widest
from kit.skins import tile_path_gbc as gbc

SEEDS = range(930_000, 930_100)


@pytest.fixture(scope="module")
def drawn():
    """For each seed: the wider look and settings, and each property's widest draw alone."""
    out = []
    for k, seed in enumerate(SEEDS):
        settings = gbc_wider.widen_settings(rooms.setup_for("display", k, seed), seed)
        look = gbc_wider.widen_look(gbc.random_look(seed), seed)
        alone = {name: widest.widest(look, settings, seed, name) for name in widest.PROPERTIES}
        out.append((seed, look, settings, alone))
    return out


def _v(colour) -> float:
    return float(cv2.cvtColor(np.uint8([[colour]]), cv2.COLOR_BGR2HSV)[0, 0, 2]) / 255


def _reached(values, low, high, below, above):
    """Every value within [low, high], and values past the wider range both ways seen."""
    values = list(values)
    assert all(low <= v <= high for v in values), (min(values), max(values))
    assert min(values) < below and max(values) > above, (min(values), max(values))


def test_each_property_is_drawn_in_its_range_past_the_wider_one_both_ways(drawn):
    looks = {name: [d[3][name][0] for d in drawn] for name in widest.PROPERTIES}
    sets = {name: [d[3][name][1] for d in drawn] for name in widest.PROPERTIES}
    assert {lk.design for lk in looks["floor_design"]} == set(gbc.DESIGNS + widest.DESIGNS)
    floors = [f for lk in looks["floor_shading"] for f in (lk.blue, lk.yellow, lk.red)]
    _reached((_v(f.edge) / _v(f.fill) for f in floors), 0.1, 1.0, 0.35, 0.75)
    _reached((_v(f.fill) for f in floors), 0.44, 1.0, 0.6, 0.99)
    assert {lk.statue_shape for lk in looks["statue_shape"]} == set(range(8))
    arts = [lk.plate_art for lk in looks["plate_art"]]
    _reached((2 * a[0] + 1 for a in arts), 5, 15, 9, 9)  # the diamond's rows (9)
    _reached((a[1] for a in arts), 0, 3, 1, 1)  # the inset (1)
    assert {a[2] for a in arts} == {1, 2, 3} and {a[3] for a in arts} == {0, 1, 2, 3}
    assert {lk.link_style for lk in looks["link_art"]} == set(range(widest.LINK_STYLES))
    _reached((_v(lk.link_ink) for lk in looks["link_art"]), 0, 0.46, 0.1, 0.2)
    shifts = [v for lk in looks["link_offset"] for v in lk.link_shift]
    _reached(shifts, -3, 3, -2.5, 2.5)
    assert {lk.bar_style for lk in looks["status_bar"]} == set(range(widest.BAR_STYLES))
    bricks = looks["bricks"]
    _reached((lk.brick[0] for lk in bricks), 3, 16, 4, 12)
    _reached((lk.brick[1] for lk in bricks), 2, 16, 2.5, 8)
    assert {lk.mortar for lk in bricks} == {1, 2}
    lighter = [_v(lk.mortar_colour) > _v(lk.wall) for lk in bricks]
    assert any(lighter) and not all(lighter)  # mortar darker or lighter than the bricks
    enemies = looks["enemies"]
    assert {lk.enemy_kind for lk in enemies} == set(range(widest.ENEMY_KINDS))
    _reached((lk.enemy_px for lk in enemies), 6, 32, 8, 24)
    _reached((lk.enemies for lk in enemies), 0, 5, 0.5, 3)
    kinds = {s.smooth_kind if s.smooth else "nearest" for s in sets["smoothing"]}
    assert kinds == {"nearest", *gbc.SMOOTH_KINDS, *gbc_display.EDGE_KINDS,
                     *gbc_wider.WIDER_KINDS, *widest.KINDS}
    _reached((s.scanline for s in sets["scanlines"] if s.scanline), 0.03, 0.75, 0.1, 0.5)
    assert {s.scanline_period for s in sets["scanlines"]} == {0, 2, 3}
    _reached((s.correct for s in sets["correction"] if s.correct), -1.0, 1.0, -0.6, 0.9)
    _reached((s.correct_lift for s in sets["correction"]), 0.0, 0.2, 0.05, 0.15)
    _reached((s.gamma for s in sets["gamma"] if s.gamma != 1.0), 0.5, 2.0, 0.7, 1.45)


def test_one_property_alone_is_drawn_as_among_all(drawn):
    """Each property changes only its own fields, and to the same values as among all."""
    for seed, look, settings, alone in drawn[:30]:
        every = widest.widest(look, settings, seed, "all")
        for name, (lk, st) in alone.items():
            for base, one, whole in ((look, lk, every[0]), (settings, st, every[1])):
                for f in fields(base):
                    if getattr(one, f.name) != getattr(base, f.name):
                        assert getattr(whole, f.name) == getattr(one, f.name), (name, f.name)
        two = widest.widest(look, settings, seed, "gamma,bricks")
        assert two == (alone["bricks"][0], alone["gamma"][1])


def test_unknown_properties_are_refused_in_words(monkeypatch, capsys):
    """A bad name: a ``ValueError`` in words; the bench's ``--widest``: a parser error
    (exit 2) naming it, before any case is drawn."""
    with pytest.raises(ValueError, match="unknown widest properties: glow"):
        widest.names("gamma,glow")
    bench = Path(__file__).resolve().parent.parent / "bench" / "bench_tile_rooms.py"
    monkeypatch.setattr(sys, "argv", [str(bench), "--accept", "1", "--widest", "glow"])
    with pytest.raises(SystemExit) as exit_:
        runpy.run_path(str(bench), run_name="__main__")
    assert exit_.value.code == 2
    assert "unknown widest properties: glow" in capsys.readouterr().err


def test_the_issues_facts_are_kept(drawn):
    """Widest looks keep the screen, the room, the floor's hues, the walls' olive, Link's
    16x16 sprite a few pixels off his tile and the 16 px status bar."""
    grid = gbc.as_grid(gbc.HEROS_CAVE)
    for seed, look, settings, _alone in drawn[:12]:
        lk, _st = widest.widest(look, settings, seed, "all")
        link, crossed = (4, 9), {(4, 12), (4, 11), (4, 10)}
        room = gbc.draw_room(grid, lk, crossed, link, (4, 12), (3, 6))
        assert room.shape == (11 * 16, 15 * 16, 3)
        for (r, c), state in (((0, 0), lk.blue), (link, lk.yellow), ((4, 10), lk.red)):
            tile = room[(r + 1) * 16 : (r + 2) * 16, (c + 1) * 16 : (c + 2) * 16]
            assert (tile == state.fill).all(axis=2).any(), (seed, lk.design)
        wall_hue = cv2.cvtColor(np.uint8([[lk.wall]]), cv2.COLOR_BGR2HSV)[0, 0, 0] * 2
        assert 45 <= wall_hue <= 85  # olive
        for facing in gbc.FACINGS:
            art = widest.link_art(gbc_wider.link_art(gbc._LINK[facing], lk.pose, facing),
                                  lk.link_style)
            assert len(art) == 16 and {len(row) for row in art} == {16}
        assert max(abs(v) for v in lk.link_shift) + 4 <= 7
        bar = np.zeros((16, 160, 3), np.uint8)
        gbc._status_bar(bar, lk, np.random.default_rng(seed))
        assert bar.any()
    for art in widest.ENEMIES:
        assert len(art) == 16 and {len(row) for row in art} == {16}


def test_a_widest_case_is_drawn_with_its_truth():
    """A whole widest case draws: the picture 2x to 6x the 160x144 screen, the truth a 9x13
    board with its four statues and the plate."""
    settings, shot, moments = rooms.one_shot_case(0, 930_000, frames=1, widest="all")
    for m in (shot, *moments):
        w, h = m.picture[2:]
        assert 2 * 160 - 1 <= w <= 6 * 160 + 1 and 2 * 144 - 1 <= h <= 6 * 144 + 1
        assert len(m.board) == 9 and {len(r) for r in m.board} == {13}
        assert sum(r.count("#") for r in m.board) == 5  # four statues and the plate
