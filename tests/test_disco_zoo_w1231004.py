"""The ``s0.5`` variant of widest 1231004 (session 45's open WRONG, ``s46w1231``): tapped
tiles whose dirt is a hair too light to be read tapped by its darkness, side by side, the
1 px lines between them blended at half scale to within ``COVER_SAME`` of the dirt, were
taken for one thing lying over the board and hidden, with the found tile in a dirt cell
beside them; the board's own lattice read 68% of its tiles and a lattice over the olive
ground below the board was taken: eight tiles stated untapped with ``--animals``. The
screen is drawn as the variant sweeps draw it and located with OCR off.
"""

from __future__ import annotations

from kit.disco_reads import assert_no_kind_wrong, kinds_of, seed_read

from gridsight.games.disco_zoo import screen as rescue

SEED = 1_231_004


def test_light_dirt_at_half_scale_is_read_tapped_on_the_boards_lattice():
    # Jurassic, one Triceratops found at (3,2) in a dirt cell, seven tapped tiles: the dirt
    # at L 35.6, the grass's darker square at L 44.3 (0.804 of it, empty_darkness 0.8).
    seen = seed_read(SEED, variant="s0.5")
    screen = seen.found
    assert not isinstance(screen, str), screen
    lattice = screen.lattice
    # the board's own lattice (19 px tiles, from x 36, y 157), not one over the ground below
    assert 17 < lattice.pitch_x < 21 and 30 < lattice.x < 42 and 150 < lattice.y < 164
    assert [[t.kind for t in row] for row in screen.tiles] == kinds_of(seen.text)
    # the tiles read so on that lattice alone: the tapped ones light dirt, the found tile
    # given back its reading
    tiles, _ = rescue.read_tiles(seen.image, lattice)
    assert [[t.kind for t in row] for row in tiles] == kinds_of(seen.text)
    assert_no_kind_wrong(screen, seen.text)
    seen.assert_read_right()


def test_without_the_reading_before_the_hiding_the_board_reads_too_few_tiles():
    # The found tile is given back only from the reading before the hiding (``read``):
    # without it the six tapped tiles beside one another and the found tile stay hidden
    # (the tapped tile at (1,1), alone, unread), and the board's lattice reads too few of
    # its tiles to be taken (under SEEN_WHOLE): the fault this screen showed.
    seen = seed_read(SEED, variant="s0.5")
    screen = seen.found
    assert not isinstance(screen, str), screen
    lattice = screen.lattice
    called = {}
    light_dirt = rescue._light_dirt

    def without_read(tiles, plain, inner, rims, ground, image=None, lattice=None, read=None):
        light_dirt(tiles, plain, inner, rims, ground, image, lattice)
        called["kinds"] = [t.kind for t in tiles]

    import pytest

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rescue, "_light_dirt", without_read)
        tiles, _ = rescue.read_tiles(seen.image, lattice)
    assert called["kinds"].count("hidden") == 7
    assert rescue._share_read(tiles) < rescue.SEEN_WHOLE
