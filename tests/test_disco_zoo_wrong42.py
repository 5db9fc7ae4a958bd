"""WRONGs found on fresh Disco Zoo seeds in the 42nd session (``s42wrong``), each held by a rule
of the game (issue 18). The screens are drawn as the screens test draws them and located with
OCR off.
"""

from __future__ import annotations

import pytest

from disco_zoo_variants import drawn, variant
import gridsight.games.disco_zoo.screen as screen
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
    # read for :func:`_lighter_dirt`: refused, in words, when the plain cells are not read
    # tapped (the light-dirt rule off); with it (s42dirt's ``_light_dirt``) the board's own
    # lattice is read, its tapped tiles tapped and its found tiles left unread.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(3, 1_163_000, wider=True, widest="all")
    assert text.splitlines()[5].split()[2] == "1"  # a found tile at (2,2)
    truth = [line.split() for line in text.splitlines()[3:8]]
    kinds = [[t.kind for t in row] for row in locate_rescue(image).tiles]
    named = {".": "ground", "-": "empty"}
    for r in range(5):
        for c in range(5):
            if kinds[r][c] != "hidden":
                assert kinds[r][c] == named.get(truth[r][c], "found"), (r, c, kinds)
    assert sum(row.count("empty") for row in kinds) == 6
    monkeypatch.setattr(screen, "LIGHT_DIRT_LEAST", 99)
    with pytest.raises(BoardNotFoundError, match="plain cells of one colour"):
        locate_rescue(image)


def test_a_lattice_whose_lawn_is_another_green_than_a_stronger_ones_is_refused(monkeypatch):
    # the j95 variant of fresh widest 1171001 (Savanna, olive grass, teal dirt 0.86 of its
    # lightness, not read tapped): the board's own lattice (lines 0.36) read 15 grass tiles
    # and 9 plain cells, under plausible; a lattice three rows up (lines 0.20) took the sand
    # round the card for its grass and the board's top rows for tapped or hidden tiles, and
    # with --animals nine tiles were stated wrong. One board has one lawn: refused, when the
    # plain cells are not read tapped (the light-dirt rule off); with it the board's own
    # lattice is read, every tile right.
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    shot, text = drawn(1_171_001, True, "all")
    assert text.splitlines()[5].split()[2] == "1"  # the found Rhinoceros at (2,2)
    image = variant("j95", shot, 1_171_001)
    truth = [line.split() for line in text.splitlines()[3:8]]
    named = {".": "ground", "-": "empty"}
    assert [[t.kind for t in row] for row in locate_rescue(image).tiles] == [
        [named.get(token, "found") for token in row] for row in truth]
    monkeypatch.setattr(screen, "LIGHT_DIRT_LEAST", 99)
    with pytest.raises(BoardNotFoundError, match="a lawn of another green"):
        locate_rescue(image)
