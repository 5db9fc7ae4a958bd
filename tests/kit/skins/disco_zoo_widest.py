"""The widest family of real-look Disco Zoo screens: every drawing property issue 18 does not
state, drawn past the wider family's range in both directions (session 32, opt-in).

The wider family (:func:`kit.skins.disco_zoo_real.wider_look`) still leaves properties fixed
(a constant, one choice) or drawn on one side of a plausible value. This module draws each of
them wider again, one named property at a time (:data:`PROPERTIES`), each from a random
stream of its own so that a property drawn alone is drawn exactly as it is among all of them
(``real_screen(..., widest="lines")`` against ``widest="all"``). The default look and the
wider family are untouched (``widest=""``; their figures are the team's baselines).

Kept fixed, as issue 18 states them: the region's name on the left of the title bar in
capitals; the attempts digit on the right, taller than ``ATTEMPTS LEFT``; 1-3 equal cards
with rounded corners in a row, their top edge under the bar, told from the ground by colour
(lighter or darker); on each the sprite, the name in capitals in a light font, ``YOU HAVE n``
in the rarity's tint and one light-bordered square box per pattern tile, one filled in the
rarity colour per tile found; a 5x5 board of square grass tiles with thin darker lines, no
frame; a tapped empty tile plain and dark; a found tile rounded, coloured by rarity, with the
animal's sprite.

>>> from kit.skins import disco_zoo_real as real
>>> real.random_look(5, widest="") == real.random_look(5)
True
>>> look = real.random_look(5, widest="card_radius")
>>> look == real.with_look(real.random_look(5, wider=True), card_radius=look.card_radius)
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

import cv2
import numpy as np

from .disco_zoo_real import (Color, Look, _hsv, _lab, _lab_distance, _from_lab, _rng, _shade,
                             card_shade)

# Each property: what it draws, and the wider family's range it goes past (both ways).
PROPERTIES = {
    "palette": "region ground jitter 30 and shade 0.75-1.25 (wider: 14, 0.88-1.1), gradient "
               "0.85-1.15 (0.93-1.07), grass hue 30-85 S 70-255 V 95-245 (38-72, 110-215, "
               "130-215), dirt V 20-100 any brown or the grass's hue (35-80), rarity jitter 28 "
               "(14); cards and box insides keep their distance to the ground",
    "card_contrast": "card 1.5-40 Lab from the ground, lighter or darker (2.5-30)",
    "card_radius": "corner radius 1-40 points (2-30)",
    "card_gaps": "gap 0-64 and margin 0-80 (1-40, 0-60)",
    "card_edge": "a border of 1-3 points, darker or lighter than the card, on half the looks "
                 "(never)",
    "card_text": "the name in any light colour V 170-255 S 0-150 (four fixed colours); "
                 "YOU HAVE at 1-2x (1x); its tint 0-0.9 white (0-0.7); the dark rim round light "
                 "words forced on or off (only on light cards)",
    "boxes": "box size 4-28 (5-22), gap 0-22 (1-14), place 0-24 under YOU HAVE (2-14)",
    "box_border": "border 1-6 points (1-4), colour V 120-255 S 0-170 (V 150-255 S 0-120)",
    "bar": "title bar 22-100 points tall (28-80), any colour S 0-255 V 5-255 at 6+ Lab from "
           "the ground and cards (12+); its words' ink by its lightness",
    "counter": "digit 1-13 font pixels over the label's (1-7 over), in another font on half "
               "the looks (the same), not bold on a third (always bold)",
    "lines": "darkness 0.18-0.97 of the grass (0.3-0.95), its hue turned up to 12 (none), "
             "1-6 points (1-5, at most a tenth of the tile)",
    "decorations": "size 0.2-1.8 (0.3-1.4), centre within 0.5 +- 0.05-0.3 of the tile "
                   "(0.35-0.65 across, 0.4-0.65 down)",
    "tile_sprite": "found tile's sprite 0.4-2.0x the card's (0.6-1.5), up to 95% of the tile "
                   "(78%), off centre by up to an eighth of the tile (centred)",
    "tile_round": "found tile rounding 1-50% (4-40%), inset 0-7 (0-5), rim 1-4 points "
                  "(2), darker 0.45 to lighter 1.3 (0.72)",
    "status_bar": "status bar 0-60 points (0-40), any colour or the ground's (black or the "
                  "title bar's)",
    "bottom_bar": "bottom bar 0-110 points (0 or 30-80) in any colour (the title bar's)",
    "jpeg": "JPEG quality 15-100 (40-95), drawn by the measuring script's degrade()",
}


def widest_look(look: Look, seed: int, which: str = "all") -> Look:
    """``look`` (a wider one) with the properties named in ``which`` (``"all"`` or names of
    :data:`PROPERTIES` joined by commas) drawn wider again, each from its own stream."""
    names = list(PROPERTIES) if which == "all" else [n.strip() for n in which.split(",")]
    unknown = [n for n in names if n not in PROPERTIES]
    if unknown:
        raise ValueError(f"unknown widest properties: {', '.join(unknown)} "
                         f"(known: {', '.join(PROPERTIES)})")
    for name in PROPERTIES:  # a fixed order: palette first, the cards follow the ground
        if name in names and name in _DRAW:
            look = _DRAW[name](look, _rng("look-widest", name, seed))
    return look


def jpeg_quality(seed: int, which: str) -> int | None:
    """The JPEG quality the measuring script saves screen ``seed`` at when ``which`` widens
    it (15-100), else ``None`` (its own draw, 40-95)."""
    if not which or (which != "all" and "jpeg" not in which.split(",")):
        return None
    return int(_rng("look-widest", "jpeg", seed).integers(15, 101))


def _move(from_lab: np.ndarray, to_lab: np.ndarray, color: Color) -> Color:
    """``color`` moved in Lab by the ground's own move (its distance to the ground kept)."""
    return _from_lab(_lab(color) + to_lab - from_lab)


def _palette(look: Look, rng: np.random.Generator) -> Look:
    base = tuple(int(np.clip(v + rng.integers(-30, 31), 0, 255)) for v in look.background)
    ground: Color = _shade(base, rng.uniform(0.75, 1.25))  # type: ignore[arg-type]
    low = _shade(ground, rng.uniform(0.85, 1.15))
    old, new = _lab(look.background), _lab(ground)
    card = _move(old, new, look.card_color)
    inside = _move(old, new, look.box_inside)
    speck = _shade(ground, float(np.mean(look.speck_color) / max(1.0, np.mean(look.background))))
    grass = look.grass
    for _ in range(100):
        g = _hsv(int(rng.integers(30, 86)), int(rng.integers(70, 256)), int(rng.integers(95, 246)))
        if _lab_distance(g, ground) >= 12:
            grass = g
            break
    hue = int(rng.integers(0, 41)) if rng.random() < 0.7 else int(rng.integers(30, 86))
    empty = _hsv(hue, int(rng.integers(20, 201)), int(rng.integers(20, 101)))
    rarity = tuple(tuple(int(np.clip(v + rng.integers(-28, 29), 0, 255)) for v in c)
                   for c in look.rarity_colors)
    ratio = float(np.mean(look.line_color)) / max(1.0, float(np.mean(look.grass)))
    under = empty if look.found_under == look.empty_color else _shade(grass, 0.8)
    return replace(look, background=ground, background_low=low, card_color=card,
                   box_inside=inside, speck_color=speck, grass=grass, empty_color=empty,
                   rarity_colors=rarity, line_color=_shade(grass, min(0.97, ratio)),
                   found_under=under)  # type: ignore[arg-type]


def _card_contrast(look: Look, rng: np.random.Generator) -> Look:
    card = card_shade(look.background, rng, 1.5, 40.0)
    inside = card if look.box_inside == look.card_color else \
        _shade(card, rng.uniform(0.3, 1.4))
    return replace(look, card_color=card, box_inside=inside)


def _card_radius(look: Look, rng: np.random.Generator) -> Look:
    return replace(look, card_radius=int(rng.integers(1, 41)))


def _card_gaps(look: Look, rng: np.random.Generator) -> Look:
    return replace(look, card_gap=int(rng.integers(0, 65)), card_margin=int(rng.integers(0, 81)))


def _card_edge(look: Look, rng: np.random.Generator) -> Look:
    if rng.random() < 0.5:
        return look
    factor = rng.uniform(0.55, 0.9) if rng.random() < 0.6 else rng.uniform(1.1, 1.5)
    return replace(look, card_edge=int(rng.integers(1, 4)),
                   card_edge_color=_shade(look.card_color, factor))


def _card_text(look: Look, rng: np.random.Generator) -> Look:
    have = int(rng.integers(1, 3))
    changes: dict[str, Any] = dict(
        card_text=_hsv(int(rng.integers(0, 180)), int(rng.integers(0, 151)),
                       int(rng.integers(170, 256))),
        have_tint=float(rng.uniform(0.0, 0.9)),
        text_rim=int(rng.choice([-1, 0, 1])))
    grow = 8 * (have - 1)  # a taller YOU HAVE: the card and the board below it move down
    if have > 1 and look.board_y + grow + 5 * look.cell + 8 <= \
            look.height - look.bottom_height - look.nav_bar:
        changes.update(have_size=have, card_height=look.card_height + grow,
                       board_y=look.board_y + grow)
    return replace(look, **changes)


def _boxes(look: Look, rng: np.random.Generator) -> Look:
    box = int(rng.integers(4, 29))
    above = int(rng.integers(0, 25))
    grow = max(0, box + above - look.box_size - look.box_above)
    changes: dict[str, Any] = dict(box_gap=int(rng.integers(0, 23)))
    if look.board_y + grow + 5 * look.cell + 8 <= \
            look.height - look.bottom_height - look.nav_bar:
        changes.update(box_size=box, box_above=above, card_height=look.card_height + grow,
                       board_y=look.board_y + grow,
                       box_border=min(look.box_border, max(1, (box - 2) // 2)))
    return replace(look, **changes)


def _box_border(look: Look, rng: np.random.Generator) -> Look:
    return replace(look, box_border=int(min(rng.integers(1, 7), max(1, (look.box_size - 2) // 2))),
                   box_border_color=_hsv(int(rng.integers(0, 180)), int(rng.integers(0, 171)),
                                         int(rng.integers(120, 256))))


def _bar(look: Look, rng: np.random.Generator) -> Look:
    height = int(rng.integers(22, 101))
    for _ in range(200):
        bar = _hsv(int(rng.integers(0, 180)), int(rng.integers(0, 256)), int(rng.integers(5, 256)))
        if min(_lab_distance(bar, look.background), _lab_distance(bar, look.card_color)) >= 6:
            break
    dark_ink = _lab(bar)[0] > 62
    ink = _hsv(int(rng.integers(0, 180)), int(rng.integers(0, 120)),
               int(rng.integers(10, 70)) if dark_ink else int(rng.integers(200, 256)))
    tuck = look.card_visible_top - look.card_top
    move = height - look.bar_height
    room = look.height - look.bottom_height - look.nav_bar - (look.board_y + 5 * look.cell + 8)
    if move > max(0, room):
        height, move = look.bar_height + max(0, room), max(0, room)
    tuck = max(1, min(tuck, height - 4))
    top = look.bar_top + height - tuck
    return replace(look, bar_height=height, bar_color=bar, bar_text=ink,
                   digit_color=ink if rng.random() < 0.6 else _hsv(
                       int(rng.integers(0, 180)), int(rng.integers(60, 200)),
                       int(rng.integers(10, 80)) if dark_ink else int(rng.integers(200, 256))),
                   digit_outline=look.digit_outline and not dark_ink, card_top=top,
                   card_height=look.card_height + (look.card_top - top) + move,
                   board_y=look.board_y + move)


def _counter(look: Look, rng: np.random.Generator) -> Look:
    label = int(rng.integers(1, 5))
    return replace(look, label_size=label, digit_size=int(rng.integers(label + 1, label + 14)),
                   digit_font=int(rng.integers(1 << 20)) if rng.random() < 0.5 else -1,
                   digit_bold=bool(rng.random() >= 1 / 3))


def _lines(look: Look, rng: np.random.Generator) -> Look:
    turn = int(rng.integers(-12, 13))
    hsv = cv2.cvtColor(np.uint8([[look.grass]]), cv2.COLOR_BGR2HSV)[0, 0]
    turned = _hsv(int(hsv[0]) + turn, int(hsv[1]), int(hsv[2]))
    line = int(rng.integers(1, max(1, min(6, look.cell // 10)) + 1))
    color = _shade(turned, rng.uniform(0.18, 0.97))
    if _lab(color)[0] >= _lab(look.grass)[0] - 0.5:  # the hue's turn made it no darker
        color = _shade(look.grass, 0.97)
    return replace(look, line_color=color, line=line)


def _decorations(look: Look, rng: np.random.Generator) -> Look:
    return replace(look, decoration_scale=float(rng.uniform(0.2, 1.8)),
                   decoration_spread=float(rng.uniform(0.05, 0.3)))


def _tile_sprite(look: Look, rng: np.random.Generator) -> Look:
    block = max(1, min(int(round(look.card_block * rng.uniform(0.4, 2.0))),
                       int(look.cell * 0.95) // 12))
    reach = max(0, look.cell // 8)
    shift = (int(rng.integers(-reach, reach + 1)), int(rng.integers(-reach, reach + 1))) \
        if rng.random() < 0.5 else (0, 0)
    return replace(look, tile_block=block, tile_sprite_shift=shift)


def _tile_round(look: Look, rng: np.random.Generator) -> Look:
    return replace(look, tile_radius=float(rng.uniform(0.01, 0.5)),
                   tile_inset=int(rng.integers(0, 8)), tile_rim_width=int(rng.integers(1, 5)),
                   tile_rim_shade=float(rng.uniform(0.45, 1.3)))


def _status_bar(look: Look, rng: np.random.Generator) -> Look:
    height = 0 if rng.random() < 0.3 else int(rng.integers(8, 61))
    pick = rng.random()
    color = look.background if pick < 0.35 else _hsv(
        int(rng.integers(0, 180)), int(rng.integers(0, 256)), int(rng.integers(0, 256)))
    move = height - look.status_bar
    room = look.height - look.bottom_height - look.nav_bar - (look.board_y + 5 * look.cell + 8)
    if move > max(0, room):
        height, move = look.status_bar + max(0, room), max(0, room)
    return replace(look, status_bar=height, status_color=color, bar_top=look.bar_top + move,
                   card_top=look.card_top + move, board_y=look.board_y + move,
                   notch=look.notch if height >= 16 else "")


def _bottom_bar(look: Look, rng: np.random.Generator) -> Look:
    room = look.height - look.nav_bar - (look.board_y + 5 * look.cell + 8)
    height = 0 if rng.random() < 0.25 else int(rng.integers(12, 111))
    return replace(look, bottom_height=max(0, min(height, room)),
                   bottom_color=_hsv(int(rng.integers(0, 180)), int(rng.integers(0, 256)),
                                     int(rng.integers(0, 256))))


_DRAW: dict[str, Callable[[Look, np.random.Generator], Look]] = {
    "palette": _palette, "card_contrast": _card_contrast, "card_radius": _card_radius,
    "card_gaps": _card_gaps, "card_edge": _card_edge, "card_text": _card_text,
    "boxes": _boxes, "box_border": _box_border, "bar": _bar, "counter": _counter,
    "lines": _lines, "decorations": _decorations, "tile_sprite": _tile_sprite,
    "tile_round": _tile_round, "status_bar": _status_bar, "bottom_bar": _bottom_bar,
}
