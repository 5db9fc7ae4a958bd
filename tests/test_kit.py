"""The test kit covers every game gridsight reads off a flat screen, and only registered games.

A game read through a template pack must have a kit (its specimen, from which the shipped pack
is learned; random screens for the vision corpus; a scripted game for the live tests and the
demo): otherwise its pack could not be regenerated nor its reader tested, and the generic
tooling would skip it silently.
"""

from __future__ import annotations

import numpy as np
from kit.games import kits
from kit.scripted import scripts

from gridsight.games.spec import GridReading, PitReading
from gridsight.registry import all_specs, game_names


def test_every_game_read_off_the_screen_has_its_kit():
    grid = {s.name for s in all_specs() if isinstance(s.reading, GridReading)}
    pit = {s.name for s in all_specs() if isinstance(s.reading, PitReading)}
    assert set(kits()) <= set(game_names())
    for game in grid:
        kit = kits()[game]
        assert kit.specimen and kit.random_shot and kit.script, game
    for game in pit:
        assert kits()[game].data is not None, game  # its pit pack
    assert set(scripts()) == grid


def test_each_kits_drawings_show_the_games_labels():
    import numpy as np
    from gridsight.vision.packs import load_pack

    for game, kit in kits().items():
        if kit.specimen is None:
            continue
        labels = set(load_pack(game).labels)
        shot = kit.specimen()
        assert {t for row in shot.labels for t in row} == labels, game  # every label shown
        random = kit.random_shot(np.random.default_rng(3))
        assert {t for row in random.labels for t in row} <= labels, game
        script = kit.script()
        assert script.game == game and len(script.boards) >= 2


def test_a_real_look_screen_degraded_a_band_at_a_time_is_the_plain_expressions_pixel_for_pixel():
    """``degrade`` works a band of rows at a time (fast on a 9x screen); its pixels are those
    of the plain whole-image expression with the same random draws, so every seeded screen
    (and every figure measured on them) is as before."""
    import cv2

    from test_disco_zoo_screens import DEGRADE_ROWS, degrade, smoothing

    def plain(image, rng, seed, scales):
        scale = float(np.exp(rng.uniform(np.log(scales[0]), np.log(scales[1]))))
        image = cv2.resize(image, None, fx=scale, fy=scale,
                           interpolation=cv2.INTER_NEAREST if seed % 2 == 0 else smoothing(seed))
        shifted = image.astype(np.float32) * rng.uniform(0.9, 1.1, 3) + rng.uniform(-8, 8, 3)
        shifted = shifted + rng.normal(0, rng.uniform(0, 4), image.shape)
        image = np.clip(shifted, 0, 255).astype(np.uint8)
        quality = int(rng.integers(40, 96))
        return cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                            cv2.IMREAD_COLOR), scale

    picture = np.random.default_rng(0).integers(0, 256, (3 * DEGRADE_ROWS + 7, 90, 3), np.uint8)
    for seed in (1, 2, 3):
        new, scale = degrade(picture, np.random.default_rng(seed), seed, (0.9, 1.6))
        old, old_scale = plain(picture, np.random.default_rng(seed), seed, (0.9, 1.6))
        assert scale == old_scale and new.shape[0] > DEGRADE_ROWS
        assert np.array_equal(new, old)


def test_a_harder_desktop_keeps_the_truth_and_leaves_the_old_draws_alone():
    """``kit.desktop.desktop(harder=True)``: a HiDPI monitor (2560x1440 at 150%: the windows
    drawn at 1707x960 and scaled up, the phone's screen drawn at the physical size), a
    borderless mirror and a window over the screen below its board still map the board's
    corners onto the board's pixels; without ``harder`` the same generator draws the capture
    it always drew (its extras carry no ``harder``)."""
    from kit.desktop import desktop
    from kit.skins.common import Rendered

    from gridsight.vision.geometry import BoardGeometry

    screen = np.full((640, 360, 3), 90, np.uint8)
    screen[200:480, 40:320] = (30, 200, 30)  # the board
    shot = Rendered(screen, BoardGeometry.from_rect(40, 200, 56, 56, 5, 5), (), ())
    capture = desktop(shot, np.random.default_rng(140), kind="mirror", harder=True, jpeg=0.0)
    more = capture.extras["harder"]
    assert (more.monitor, more.hidpi, more.bare, more.over) == ((2560, 1440), 1.5, True, "below")
    assert capture.image.shape[:2] == (1440, 2560)
    assert capture.extras["screen_box"] == capture.extras["window_box"]  # no title bar, no border
    (x0, y0), (x1, y1) = capture.geometry.outline()[0], capture.geometry.outline()[2]
    inside = capture.image[int(y0) + 3 : int(y1) - 3, int(x0) + 3 : int(x1) - 3]
    assert (np.abs(inside.astype(int) - (30, 200, 30)).max(axis=2) <= 2).mean() > 0.99
    plain = desktop(shot, np.random.default_rng(140), kind="mirror", jpeg=0.0)
    assert "harder" not in plain.extras and plain.image.shape[1] != 2560


def test_hue_only_cards_keep_the_grounds_lightness_and_leave_other_looks_alone(monkeypatch):
    """``hue_cards`` (issue 18: cards told from the ground by colour, not brightness): on a
    look it picks, the card has the ground's lightness (within 2.5 L*) and another colour;
    with the share 0 every look is drawn as before."""
    from kit.skins import disco_zoo_real as real

    plain = real.random_look(290_000, "Polar")
    monkeypatch.setattr(real, "HUE_SHARE", 1.0)
    hued = real.random_look(290_000, "Polar")
    ground, card = real._lab(hued.background), real._lab(hued.card_color)
    assert abs(float(card[0] - ground[0])) < 2.5
    assert float(np.linalg.norm(card - ground)) >= 2.4
    assert hued.card_color != plain.card_color
    monkeypatch.setattr(real, "HUE_SHARE", 0.0)
    assert real.random_look(290_000, "Polar") == plain
