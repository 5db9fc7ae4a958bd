"""Following a 3D pit of holes (Thrill Digger) across a moving view: label-level, no game rules.

- :mod:`gridsight.vision.pit.calibrate`: the player's four corner holes -> a board geometry and a
  reference plan view of the pit's texture (:class:`PitCalibration`).
- :mod:`gridsight.vision.pit.register`: keeps the board registered frame after frame by tracking the
  texture, and says when the view is too oblique or occluded to trust.
- :mod:`gridsight.vision.pit.holes`: each hole is a mound, a dug hole or unknown, with a confidence.
- :mod:`gridsight.vision.pit.items`: which item (by colour label) rises out of a hole.
- :mod:`gridsight.vision.pit.wallet`: reads a counter drawn with a known digit font.
- :mod:`gridsight.vision.pit.learn`: what each item looks like, learned from the player's screenshots
  of it rising out of a hole (colour models, not colours).
- :mod:`gridsight.vision.pit.learn_wallet`: where the wallet counter is and its digits, learned from a
  screenshot and the amount it shows; unknown digits worked out from later changes.
"""

from gridsight.vision.pit.calibrate import (
    PitCalibration, PitCalibrationError, PitFeatures, calibrate_pit, pick_features, trackable_mask,
)
from gridsight.vision.pit.holes import HoleRead, HoleState, read_holes
from gridsight.vision.pit.items import ItemClassifier, ItemSighting
from gridsight.vision.pit.register import PitRegistrar, Registration
from gridsight.vision.pit.wallet import WalletRead, WalletReader

__all__ = [
    "HoleRead", "HoleState", "ItemClassifier", "ItemSighting", "PitCalibration",
    "PitCalibrationError", "PitFeatures", "PitRegistrar", "Registration", "WalletRead",
    "WalletReader", "calibrate_pit", "pick_features", "read_holes", "trackable_mask",
]
