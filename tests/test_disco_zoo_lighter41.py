"""A Disco Zoo board whose dirt is as light as its grass (the 41st session's ``s41dot``).

The board is 5x5 square tiles parted by thin lines, a tapped tile plain dirt (issue 18). When
a lattice with twice the lines of the one taken or more lies over it and reads a lawn, its
other tiles plain cells of one colour (the board's own, its dirt too light to be read
tapped), the weaker lattice across the board's tiles is not read in its place: refused in
words (:func:`gridsight.games.disco_zoo.screen._lighter_dirt`). The screen is drawn as the
screens test draws it and located with OCR off.

Widest 1148022 at 0.54x, refused by the same rule, is ``bench/bench_regressions.py``'s case
``disco_lighter_dirt_1148022`` (42nd session): 1146007 below fails both with the rule undone
and with its bar (:data:`~gridsight.games.disco_zoo.screen.LIGHTER_OVER`) put back to 0.5,
1148022 only with the rule undone.
"""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.errors import BoardNotFoundError
from test_disco_zoo_screens import real_screen


def test_a_lattice_above_a_board_of_light_dirt_is_refused(monkeypatch):
    # widest 1146007 at 1.13x (Savanna): the board's own lattice (lines 0.34) reads 16 of 25,
    # its tapped tiles plain olive dirt, unread; a lattice a column right and two rows up
    # (lines 0.036), over the card and the board, was read, and with --animals the found
    # Giraffe at (2,0) stated tapped. Now refused.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(7, 1_146_000, wider=True, widest="all")
    assert text.splitlines()[5].split()[0] == "1"  # the found tile at (2,0)
    with pytest.raises(BoardNotFoundError, match="plain cells of one colour"):
        locate_rescue(image)
