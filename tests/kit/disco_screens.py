"""Real-look Disco Zoo screens drawn and degraded as ``tests/test_disco_zoo_screens.py`` draws
them (screen ``k`` of the run from ``base``: the benchmarks and the pinned tests draw the same
screens), and their plain reads: the helpers the pinned tests import (that test module
re-exports them, so the scripts importing it from there keep working).
"""

from __future__ import annotations

import cv2
import numpy as np

from gridsight.games.disco_zoo.screen import locate_rescue
from kit.disco_reads import read_plain
from kit.rescues import random_rescue_board
from kit.skins import disco_zoo_real as real
from kit.skins.disco_zoo_widest import jpeg_quality

SEED = 7_000  # held-out seeds: nothing was tuned on these


def real_rescue(rng: np.random.Generator, seed: int, region: str | None = None,
                extra: int = 0, *, wide: bool = True, near: bool = True, wider: bool = False,
                widest: str = ""):
    """A rescue of 1 to 3 animals of one region placed without overlap, 0 to 10 tiles tapped,
    drawn in a random real look (``wide=False``: the look as drawn before the skin was
    widened, for tests pinned to one; ``near=False``: the widened look as drawn before its
    lawns and dirt were drawn near the rarities' colours; ``wider=True``: the opt-in family
    drawn wider still, :func:`kit.skins.disco_zoo_real.wider_look`; ``widest``: those
    properties drawn wider again, :mod:`kit.skins.disco_zoo_widest`); ``extra`` bought
    attempts on the
    counter. Returns the shot and the board text a perfect reader gives."""
    board = random_rescue_board(rng, max_taps=10, region=region, extra=extra)
    shot = real.render([list(row) for row in board.labels],
                       animals=[(a.name, a.rarity) for a in board.animals],
                       attempts=board.attempts, region=board.region, seed=seed,
                       look=real.random_look(seed, board.region, wide=wide, near=near,
                                             wider=wider, widest=widest))
    return shot, board.text


DEGRADE_ROWS = 64  # rows of a screen degraded at a time


SMOOTHING = (cv2.INTER_LINEAR, cv2.INTER_LINEAR, cv2.INTER_AREA, cv2.INTER_CUBIC,
             cv2.INTER_LANCZOS4)


def smoothing(seed: int) -> int:
    """The smoothing filter an odd ``seed``'s screen is scaled with: bilinear as often as
    not, else area, bicubic or Lanczos (the last two overshoot at edges: apps and viewers
    scale so), drawn from a stream of its own so the screen's other draws stay as before."""
    return SMOOTHING[int(np.random.default_rng([seed, 4051]).integers(len(SMOOTHING)))]


def degrade(image: np.ndarray, rng: np.random.Generator, seed: int,
            scales: tuple[float, float] = (0.5, 3.0), quality: int | None = None):
    """Scaled within ``scales`` (log-uniform; 0.5x-3x of the skin's 360 px by default;
    nearest on even ``seed``, else a smoothing filter, :func:`smoothing`), each channel
    shifted by up to 10% and 8 levels, noisy, JPEG at quality 40-95 (``quality`` when
    given: the widest family's own); returns (image, scale)."""
    scale = float(np.exp(rng.uniform(np.log(scales[0]), np.log(scales[1]))))
    image = cv2.resize(image, None, fx=scale, fy=scale,
                       interpolation=cv2.INTER_NEAREST if seed % 2 == 0 else smoothing(seed))
    # A band of rows at a time in float64: the same values as the plain expression (uint8
    # into float32 into float64 is exact) and the same random draws in the same order (the
    # generator's normals drawn in pieces are its normals drawn at once), without touching
    # the fresh memory of two whole-image float64 arrays (measured: a 9x screen's 280 MB
    # each, most of this function's CPU; a band at a time is 5x faster). Every screen is as
    # before, pixel for pixel (tests/test_kit.py).
    gain, offset, sigma = rng.uniform(0.9, 1.1, 3), rng.uniform(-8, 8, 3), rng.uniform(0, 4)
    noisy = np.empty_like(image)
    for top in range(0, image.shape[0], DEGRADE_ROWS):
        band = image[top : top + DEGRADE_ROWS].astype(np.float64)
        band *= gain
        band += offset
        band += rng.normal(0, sigma, band.shape)
        noisy[top : top + DEGRADE_ROWS] = np.clip(band, 0, 255, out=band)
    image = noisy
    quality = int(rng.integers(40, 96)) if quality is None else quality
    image = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                         cv2.IMREAD_COLOR)
    return image, scale


def real_screen(k: int, base: int = SEED, scales: tuple[float, float] = (0.5, 3.0), *,
                wide: bool = True, near: bool = True, wider: bool = False, widest: str = ""):
    """Real-look screen ``base + k`` drawn and degraded (every eighth with attempts bought)
    at a scale within ``scales``: (shot, its board text, the image, its scale). The
    benchmarks draw the same screens. ``wide=False``: the look as drawn before the skin was
    widened; ``near=False``: the widened look before its lawns and dirt were drawn near the
    rarities' colours; ``wider=True``: the opt-in family of looks drawn wider still;
    ``widest``: ``"all"`` or property names (commas) drawn wider again on a wider look
    (:mod:`kit.skins.disco_zoo_widest`)."""
    seed = base + k
    rng = np.random.default_rng(seed)
    extra = int(rng.integers(1, 6)) if k % 8 == 0 else 0  # some players buy attempts
    shot, text = real_rescue(rng, seed, extra=extra, wide=wide, near=near, wider=wider,
                             widest=widest)
    image, scale = degrade(shot.image, rng, seed, scales, jpeg_quality(seed, widest))
    return shot, text, image, scale


def read_plainly(screen, board, image: np.ndarray) -> tuple[str, tuple[str, ...], str, str]:
    """A found screen read with no options: (its text, its warnings, the request for
    ``--animals`` when the names were not settled, another refusal); all but one empty."""
    return read_plain(screen, board, image)[:4]


def located_and_read(image: np.ndarray):
    """``image`` located by its structure and read with no options: (the screen found, its
    text, the request for ``--animals``; one of the two empty when neither was refused)."""
    screen = locate_rescue(image)
    plain, _, asked, _ = read_plainly(screen, screen.board_read("disco-zoo/structure"), image)
    return screen, plain, asked
