"""WRONGs found on fresh Disco Zoo seeds in the 42nd session (``s42wrong``), each held by a rule
of the game (issue 18). The screens are drawn as the screens test draws them and located with
OCR off.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.errors import BoardNotFoundError
from test_disco_zoo_screens import real_screen


def test_a_lattice_across_light_dirt_and_big_animals_is_refused(monkeypatch):
    # widest 1163003 at 1.63x (Constellation, olive dirt 0.9 of the grass's lightness, four
    # found Chamaeleons whose sprites fill their tiles): the board's own lattice (lines 0.75)
    # read 15 grass tiles, its 6 tapped tiles plain and unread and its 4 found tiles hidden
    # (their band's halves split by the sprite), under plausible; a lattice of 0.84 its pitch
    # (lines 0.23) read 24 of 25, and with --animals three found tiles were stated a row off
    # (8 tiles wrong). A hidden tile whose band is a rarity's colour on every side counts as
    # read for :func:`_lighter_dirt`: refused now, in words.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(3, 1_163_000, wider=True, widest="all")
    assert text.splitlines()[5].split()[2] == "1"  # a found tile at (2,2)
    with pytest.raises(BoardNotFoundError, match="plain cells of one colour"):
        locate_rescue(image)
