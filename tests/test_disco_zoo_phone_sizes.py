"""Real-look rescue screens at the sizes of a phone's own screenshots, read with no options.

The real-look skin is drawn 360 px wide; the suite's screens (``test_disco_zoo_screens``) are
scaled 0.5x-3x of that, 180-1080 px. A phone's screenshot is commonly 720-1440 px wide, and
the issue's variants of one are scaled 0.5x-3x of it: up to about 3200 px. These screens are
drawn at 3x-9x (1080-3240 px), degraded as the others, and read with no options: every tile's
kind right, the board text exact (or the player asked for ``--animals``), never other animals,
never a counter misread without a caveat.

Found on such screens and fixed: a found common tile near a checkered lawn's green read as
untapped (seeds 310024, 310029), a 3 read as 4 where a big bold label filled the rows the
bar's colour was smoothed over (320111), a footless 1 left unread (320056).
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from kit.disco_reads import kinds_of
from sample_sizes import FULL_SAMPLES, samples
from kit.disco_reads import names_of
from kit.disco_screens import read_plainly, real_screen
from test_disco_zoo_screens import _animal_outcomes

# The everyday suite reads 2 (330000 at 6.8x, 2444 px wide; 330002 at 3.9x, 1409 px: 4.5 s
# of CPU; the first 4 until the 28th session: with each tile's lawn green the lawn's one
# green, not its own square's, 330002 alone is read wrong of them), GRIDSIGHT_FULL_SAMPLES=1
# the 60 the figures were measured on; the screens once read wrong here have tests of their
# own (310024 and 310029 in tests/test_disco_zoo_lawn.py, 320111 and 320056 in
# tests/test_disco_zoo_counter.py).
PHONE_SCREENS = samples(2, 60)
PHONE_KS = range(PHONE_SCREENS) if FULL_SAMPLES else (0, 2)
SEED = 330_000  # held out: nothing was tuned on these
SCALES = (3.0, 9.0)
EXACT_WITH_NO_OPTIONS = 0.5  # share read exactly with no options, without the ocr extra
# ... with its engine (CI installs it): a screen below the quick 2's count, 0.75 of the 60
EXACT_WITH_OCR = 0.75 if FULL_SAMPLES else 0.5


def _phone_read(k: int) -> dict:
    """Screen ``k`` drawn at a phone's size and read with no options (a worker's job): its
    truth, the kinds seen, and the plain read (text, warnings, request, refusal)."""
    shot, text, image, scale = real_screen(k, SEED, SCALES)
    screen = locate_rescue(image)
    plain, warnings, asked, refused = read_plainly(
        screen, screen.board_read("disco-zoo/structure"), image)
    return {"seed": SEED + k, "scale": scale, "text": text, "width": image.shape[1],
            "kinds": [[tile.kind for tile in row] for row in screen.tiles],
            "plain": plain, "warnings": warnings, "asked": asked, "refused": refused}


@pytest.fixture(scope="module")
def phone_reads(workers):
    return workers(_phone_read, PHONE_KS)


@pytest.mark.slow
def test_phone_sized_screens_are_wide(phone_reads):
    assert max(one["width"] for one in phone_reads) > 1500
    assert min(one["width"] for one in phone_reads) >= 1000


@pytest.mark.slow
def test_every_tile_of_a_phone_sized_screen_is_read(phone_reads):
    wrong = [one["seed"] for one in phone_reads if one["kinds"] != kinds_of(one["text"])]
    assert not wrong


@pytest.mark.slow
def test_a_phone_sized_screen_is_read_exactly_or_asked_never_wrong(phone_reads):
    """The plain read is the truth, or the player is asked; other animals, a found tile
    given another animal, or attempts other than the truth with no caveat never."""
    exact = [one["seed"] for one in phone_reads if one["plain"] == one["text"]]
    wrong = []
    for one in phone_reads:
        plain, text = one["plain"], one["text"]
        if not plain or plain == text:
            continue
        if names_of(plain) != names_of(text) or \
                _animal_outcomes([(one["seed"], text, plain)])["wrong"]:
            wrong.append((one["seed"], "animals"))
        elif plain.splitlines()[2] != text.splitlines()[2] and \
                not any("attempts counter not read" in w for w in one["warnings"]):
            wrong.append((one["seed"], "attempts"))
    assert not wrong
    assert not [one["seed"] for one in phone_reads if one["refused"]]
    from gridsight.games.disco_zoo.ocr_names import available

    # Measured on the full 60 (GRIDSIGHT_FULL_SAMPLES=1, 2026-12-02): 59 exact with the
    # engine, 48 without it (the rest asked, none wrong); the quick 4: 4 and 3 (the 28th
    # session: 4 and 4); the quick 2: 2 and 2, each floor a screen below.
    floor = EXACT_WITH_OCR if available() else EXACT_WITH_NO_OPTIONS
    assert len(exact) >= floor * len(phone_reads), (len(exact), available())
