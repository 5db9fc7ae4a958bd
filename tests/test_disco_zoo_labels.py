"""Disco Zoo boards typed for calibration (``calibrate --labels``) may hold found tiles of
unsure animal (``2/3``, ``*``): their label is the candidates' shared rarity, or unknown."""

from gridsight.games.disco_zoo.reader import DiscoZooReader
from gridsight.solvers.boardtext import parse_boards
from gridsight.vision.classify import UNKNOWN
from gridsight.vision.packs import load_pack

BOARD = """region: Jungle
animals: Gorilla, Panda, Tiger
taps: 6
2/3 1/2 * . .
. . . - .
. . 2 . .
. . . . .
. . 1 . .
"""


def test_unsure_tiles_label_by_shared_rarity_or_stay_unlearned():
    labels = DiscoZooReader().labels_from_text(parse_boards(BOARD)[0],
                                               load_pack("disco-zoo", "default"))
    # Panda and Tiger are both rare; Gorilla (common) or Panda is not one rarity; * is any.
    assert labels[0][:3] == ["animal:rare", UNKNOWN, UNKNOWN]
    assert labels[2][2] == "animal:rare" and labels[4][2] == "animal:common"
    assert labels[1][3] == "empty" and labels[0][4] == "ground"
