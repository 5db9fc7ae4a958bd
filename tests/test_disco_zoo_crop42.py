"""The ``crop`` variant of fresh widest 1160005 (``s42crop``): a grass tile showing the picture
of a tile read found is that animal's found tile (issue 18: a found tile shows its animal's
sprite, an untapped tile a decoration), never stated untapped. The screen is drawn as the
variant sweeps draw it and located with OCR off.
"""

from __future__ import annotations

from kit.disco_reads import seed_read

SEED = 1_160_005


def test_a_grass_tile_showing_a_found_tiles_animal_is_unread():
    # Jungle, three common Gorillas' tiles of nearly the lawn's green, one Phoenix; 5, 8, 5,
    # 6 px cut off the edges. A lattice moved a row up from one refined under the board
    # (0.98 its pitch, 3 px inside the board's own) read every tile and was taken; no card
    # was found on it, and the Gorilla at (4,3) (its picture 0.04 from the found Gorilla's
    # at (3,3), the decorations 0.67 and more) was stated untapped with --animals.
    seen = seed_read(SEED, variant="crop")
    text, screen = seen.text, seen.found
    assert text.splitlines()[7].split()[3] == "1"  # the Gorilla at (4,3)
    assert not isinstance(screen, str), screen
    assert screen.tiles[3][3].kind == "found"
    assert screen.tiles[4][3].kind == "unknown" and screen.tiles[4][3].lawn
    truth = [line.split() for line in text.splitlines()[3:8]]
    # (no decoration taken for an animal: every tile left unread is a found one)
    assert all(truth[r][c] not in (".", "-") for r, row in enumerate(screen.tiles)
               for c, tile in enumerate(row) if tile.kind == "unknown")
    seen.assert_read_right()

