"""Desktops as players have them (issue 18 item 2: the rescue screen found anywhere in a larger
frame): a phone's body with rounded corners, dark-mode windows, two monitors captured together
(``mss``'s monitor 0), and a saved rescue screenshot open in an image viewer beside the phone.
The kit draws them only when asked, so every seed draws what it drew; two rescue screens in one
frame are refused in words (which one the player plays is not known), never mixed or guessed."""

from __future__ import annotations

import numpy as np
import pytest
from kit.desktop import desktop, real_look_rescue, sample, viewer_screen
from kit.skins.common import Rendered

from gridsight.readers.find import find_in, load_game_pack
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.geometry import BoardGeometry
from gridsight.vision.regions import propose_regions


@pytest.fixture(scope="module")
def pack():
    return load_game_pack("disco-zoo", None)


def _flat_shot(width: int = 300, height: int = 600) -> Rendered:
    screen = np.full((height, width, 3), (60, 140, 90), np.uint8)
    return Rendered(screen, BoardGeometry.from_rect(30, 250, 48, 48, 5, 5), (), ())


def test_the_new_kinds_are_drawn_only_when_asked():
    """Without the new options a seed draws the capture it drew; with them the frame is what
    they say: two monitors twice as wide (the screen's box moved with its monitor), a device
    frame's screen with its corners rounded off in the body's colour."""
    shot = _flat_shot()
    plain = desktop(shot, np.random.default_rng(5), size=(1920, 1080), kind="mirror")
    again = desktop(shot, np.random.default_rng(5), size=(1920, 1080), kind="mirror",
                    dark=False, monitors=1)
    assert np.array_equal(plain.image, again.image)
    two = desktop(shot, np.random.default_rng(5), size=(1920, 1080), kind="mirror",
                  monitors=2)
    assert two.image.shape[1] == 3840 and two.extras["fraction"] < 0.21
    x, y, w, h = two.extras["screen_box"]
    assert np.abs(two.image[y + 300, x + 10].astype(int) - (60, 140, 90)).max() <= 2
    device = desktop(shot, np.random.default_rng(5), size=(1920, 1080), kind="device")
    x, y, w, h = device.extras["screen_box"]
    corner, middle = device.image[y, x].astype(int), device.image[y + 300, x + 10].astype(int)
    assert np.abs(middle - (60, 140, 90)).max() <= 2
    assert np.abs(corner - (60, 140, 90)).max() > 10  # rounded off


def test_a_phone_on_two_monitors_is_proposed_at_a_single_monitors_share():
    """A window 8% of a 3840x1080 frame's width (15.6% of one of its monitors) is proposed;
    below the 12% floor of the frame's own width it was not."""
    frame = np.full((1080, 3840, 3), 40, np.uint8)
    frame[:, 1920:] = 120  # the second monitor's wallpaper
    frame[150:930, 2600:2907] = (200, 120, 60)  # a phone-shaped window, 307 px wide
    frame[500:700, 2640:2867] = (20, 200, 20)
    proposed = propose_regions(frame)
    assert any(abs(r.x - 2600) <= 4 and abs(r.x + r.width - 2907) <= 4 for r in proposed), \
        proposed


def test_two_rescue_screens_in_one_frame_are_refused_in_words(pack):
    """Fresh harder desktop 500001: the phone's rescue (Nocturnal) and a saved one
    (Constellation) in an image viewer beside it. The viewer's was found and read, with the
    phone's ``--animals`` and no warning; now neither is read and the player is told why."""
    _, capture, _ = sample(real_look_rescue, 500_001, harder=True, fraction=(0.15, 0.2),
                           decoy=True, decoy_screen=viewer_screen(700_001))
    with pytest.raises(BoardNotFoundError, match="two game screens in the frame"):
        find_in(capture.image, {"disco-zoo": pack})


def test_a_whole_board_beside_the_one_answered_counts_as_a_second_screen(pack):
    """Fresh harder desktop 500011 with a saved rescue in a viewer (``--decoy disco``): the
    phone's best region cut its title bar, so its finds read every tile with cards or
    counter, never both (not sure enough to answer with); the viewer's whole screen was read
    instead, under the phone's names. A whole board apart from the one answered is a second
    screen: refused in words."""
    _, capture, _ = sample(real_look_rescue, 500_011, harder=True, fraction=(0.15, 0.2),
                           decoy=True, decoy_screen=viewer_screen(700_011))
    with pytest.raises(BoardNotFoundError, match="two game screens in the frame"):
        find_in(capture.image, {"disco-zoo": pack})


def test_a_rescue_beside_another_app_is_still_read(pack):
    """The check for a second screen does not refuse a single one: fresh harder desktop
    500003 (a second phone-like window of another app) is found where the phone is."""
    shot, capture, _ = sample(real_look_rescue, 500_003, harder=True, fraction=(0.15, 0.2))
    found = find_in(capture.image, {"disco-zoo": pack})
    cell = min(capture.geometry.cell_size(0, 0))
    assert np.abs(found.read.geometry.outline() - capture.geometry.outline()).max() < cell / 2


def test_each_monitors_worth_of_a_wide_frame_gets_its_own_proposals():
    """Two monitors hold twice the windows: a frame two monitors wide gets twice the regions
    a single monitor's does (fresh harder desktop 500014 with two monitors: the phone, its
    side blended into a window beside it, was the fifth proposal found by its top and
    bottom, past the four a single monitor gets, and the capture was refused)."""
    frame = np.full((1080, 3840, 3), 40, np.uint8)
    for k in range(16):  # sixteen tall windows, each its own colour, none touching
        x = 60 + 235 * k
        frame[100 + 20 * (k % 3):900 - 15 * (k % 4), x:x + 190] = (30 + 13 * k, 200 - 9 * k,
                                                                   90 + (37 * k) % 150)
    assert len(propose_regions(frame[:, :1920])) <= 12
    assert len(propose_regions(frame)) > 12


@pytest.mark.parametrize("seed", [500_011])
def test_a_phone_on_two_monitors_is_found(pack, seed):
    """Fresh harder desktops with two monitors (``bench_desktop.py --monitors 2 --share 0.15
    0.4``), each refused as "no game screen" before: 500011 (an emulator's tool strip of the
    ground's colour beside a 205 px screen, the best region's top through its cards) and
    500014 (the phone's side blended into the window beside it, found only by its top and
    bottom). Both are found where the phone is. 500014 is ``bench/bench_regressions.py``'s
    (39th session): :func:`test_each_monitors_worth_of_a_wide_frame_gets_its_own_proposals`
    fails when the rule it pinned breaks."""
    _, capture, _ = sample(real_look_rescue, seed, harder=True, fraction=(0.15, 0.4),
                           monitors=2)
    found = find_in(capture.image, {"disco-zoo": pack})
    cell = min(capture.geometry.cell_size(0, 0))
    assert np.abs(found.read.geometry.outline() - capture.geometry.outline()).max() < cell / 2


def test_a_near_white_screen_between_a_white_window_and_a_sheet_is_found(pack):
    """Harder desktop 460022 (a Polar mirror of 462 px, 18% of a 2560x1440 frame): the
    near-white screen's right side is blended into a white window beside it and a sheet
    covers its lower left, so no region has its sides; the widest holding it (731 px from
    the window's left side) shows the board at under half its width, under the least width
    the lattice search first proposes, and the capture was refused. The search's narrower
    fallback (``disco_zoo.screen.NARROWER``) reads it whole there, with cards and counter:
    found where the phone is."""
    _, capture, _ = sample(real_look_rescue, 460_022, harder=True, fraction=(0.15, 0.2))
    found = find_in(capture.image, {"disco-zoo": pack})
    cell = min(capture.geometry.cell_size(0, 0))
    assert np.abs(found.read.geometry.outline() - capture.geometry.outline()).max() < cell / 2
