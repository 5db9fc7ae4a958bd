"""Session 48's boards narrower than the search (s48narrow), pinned.

Fresh widest 1263005 at 1.26x (Ice Age): the board 0.53 of the picture's width (under
``board_min_width``), a checkered lawn with no line between its tiles. The lattice taken lay
over the pale sky above the board, its 25 tiles read as grass, and was refused for the board
going on past it; the search elsewhere (:func:`screen._not_going_on_or_elsewhere`) proposed
only boards of ``board_min_width`` or wider. The board's own lattice, fifth of the narrower
search, read 24 of its 25 tiles: (3,1), a bush of two greens spilling over its sides, its rim
band the lawn's green round it, was read unknown as a decoration on the lawn but not counted
for the fit. Now the bush counts (:data:`screen.PANEL_DECORATED`, still unread) and the search
elsewhere tries the narrower search's lattices too (:data:`screen.ELSEWHERE_NARROWER`): the
board is read on its own lattice, (3,1) unread, nothing stated wrong."""

from __future__ import annotations

import pytest

from gridsight.games.disco_zoo import screen
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.lattice import lattice_candidates
from kit.disco_reads import assert_no_kind_wrong, seed_read
from kit.disco_screens import real_screen

SEED, BASE = 1263005, 1263000
BOARD = (142.6, 368.0, 50.3)  # the board's own lattice (x, y, pitch), as the narrower search


def test_a_board_narrower_than_the_search_is_read_on_its_own_lattice():
    one = seed_read(SEED, base=BASE)
    assert one.refused is None, one.refused
    lattice = one.screen.lattice
    x, y, pitch = BOARD
    assert lattice.pitch_x == pytest.approx(pitch, abs=1.0)
    assert lattice.x == pytest.approx(x, abs=0.2 * pitch)
    assert lattice.y == pytest.approx(y, abs=0.2 * pitch)
    bush = one.screen.tiles[3][1]
    assert bush.kind == "unknown" and bush.decorated, bush  # unread, never stated
    assert_no_kind_wrong(one.screen, one.text)
    assert one.given.text == one.text
    assert (3, 1) in one.given.unread
    one.assert_read_right()


def test_a_bush_spilling_over_its_tile_counts_for_the_fit():
    one = seed_read(SEED, base=BASE)
    facts = screen.screen_facts()
    least = facts["board_min_width"]
    x, y, pitch = BOARD
    board = [lat for lat in lattice_candidates(one.image, 5, 5, min_width=least * screen.NARROWER,
                                               max_width=least, keep=screen.LATTICES_WIDER)
             if abs(lat.x - x) < 3 and abs(lat.y - y) < 3]
    assert board, "the board's lattice is no longer proposed by the narrower search"
    tiles, _ = screen.read_tiles(one.image, board[0])
    assert tiles[3][1].kind == "unknown" and tiles[3][1].decorated, tiles[3][1]
    assert screen._share_read(tiles) == 1.0


@pytest.mark.parametrize("rule", ["PANEL_DECORATED", "ELSEWHERE_NARROWER"])
def test_without_either_rule_the_board_is_refused(rule, monkeypatch):
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    monkeypatch.setattr(screen, rule, False)
    _, _, image, _ = real_screen(SEED - BASE, BASE, wider=True, widest="all")
    with pytest.raises(BoardNotFoundError) as refused:
        screen.locate_rescue(image)
    assert "past its right column" in str(refused.value), refused.value
