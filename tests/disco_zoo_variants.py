"""The variant sweeps' Disco Zoo screens: one real-look screen in the issue's twelve variants.

Issue 18 checked a real screenshot in many variants (scales, JPEG qualities, crops, a toast
over a tile, boards of its own tiles). The sweeps (``bench/disco_zoo_variants.py``) draw each
generated screen as the hunts' tests do (every eighth seed with attempts bought, in the wider
or widest looks when asked) and make these of it, each a fixed change of the clean screen:

- ``s0.5``, ``s0.75``, ``s1.5``: scaled (area on odd seeds, linear on even ones);
- ``j40``, ``j60``, ``j95``: saved as JPEG of that quality;
- ``sj``: shrunk to 0.6x (area), then saved as JPEG 60;
- ``crop``: 2-8 pixels cut off each edge; ``top``: the top cut 0.2-0.8 of the way down the
  title bar;
- ``pillar``: letterboxed in a 3:4 frame (grey sides on even seeds, black on odd ones);
- ``toast``: a toast over the board (:func:`kit.screen_damage.toast`);
- ``notch``: a phone's notch and rounded corners (:func:`test_disco_zoo_wrong30._notched`).
"""

from __future__ import annotations

import cv2
import numpy as np

from kit.screen_damage import toast
from test_disco_zoo_screens import real_rescue
from test_disco_zoo_wrong30 import _notched

VARIANTS = ("s0.5", "s0.75", "s1.5", "j40", "j60", "j95", "sj", "crop", "top", "pillar",
            "toast", "notch")


def drawn(seed: int, wider: bool = False, widest: str = ""):
    """Real-look screen ``seed`` as the variants draw it, before any change (attempts bought
    on every eighth seed; ``wider``/``widest``: those looks): (shot, its board text)."""
    rng = np.random.default_rng(seed)
    extra = int(rng.integers(1, 6)) if seed % 8 == 0 else 0
    return real_rescue(rng, seed, extra=extra, wider=wider or bool(widest), widest=widest)


def jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    """``image`` saved as JPEG of ``quality`` and read back."""
    return cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                        cv2.IMREAD_COLOR)


def scaled(image: np.ndarray, seed: int, factor: float) -> np.ndarray:
    """``image`` scaled as the sweeps scale it (area on odd seeds, linear on even ones)."""
    interp = cv2.INTER_AREA if seed % 2 else cv2.INTER_LINEAR
    return cv2.resize(image, None, fx=factor, fy=factor, interpolation=interp)


def variant(name: str, shot, seed: int) -> np.ndarray:
    """Variant ``name`` (:data:`VARIANTS`) of the clean screen ``shot`` of ``seed``."""
    image = shot.image
    h, w = image.shape[:2]
    if name.startswith("s") and name[1:].replace(".", "").isdigit():
        return scaled(image, seed, float(name[1:]))
    if name.startswith("j"):
        return jpeg(image, int(name[1:]))
    if name == "sj":
        return jpeg(cv2.resize(image, None, fx=0.6, fy=0.6, interpolation=cv2.INTER_AREA), 60)
    if name == "crop":
        top, left, bottom, right = np.random.default_rng([seed, 29]).integers(2, 9, 4)
        return image[top : h - bottom, left : w - right]
    if name == "top":
        look = shot.extras["look"]
        share = float(np.random.default_rng([seed, 31]).uniform(0.2, 0.8))
        return image[int(look.bar_top + look.bar_height * share):]
    if name == "pillar":
        side = max(0, (h * 3 // 4 - w) // 2)
        colour = (0, 0, 0) if seed % 2 else (40, 40, 40)
        return cv2.copyMakeBorder(image, 0, 0, side, side, cv2.BORDER_CONSTANT, value=colour)
    if name == "toast":
        (x0, y0), (x1, y1) = np.asarray(shot.geometry.board_to_image([(0.0, 0.0),
                                                                      (5.0, 5.0)]))
        return toast(image, np.random.default_rng([seed, 28]),
                     (int(x0), int(y0), int(x1 - x0), int(y1 - y0)))[0]
    if name == "notch":
        return _notched(image, seed)
    raise ValueError(f"unknown variant {name!r} (known: {', '.join(VARIANTS)})")
