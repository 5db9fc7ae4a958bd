"""Reads found on fresh Disco Zoo seeds in the 44th session (``s44sweep``), each held by a rule
of the game (issue 18). The screens are drawn as the screens test draws them and located with
OCR off.
"""

from __future__ import annotations

from kit.disco_reads import assert_nothing_stated_wrong, seed_read


def test_a_tile_like_a_found_tile_left_unread_for_its_picture_is_not_stated_untapped():
    # fresh 1209003 at 0.52x (Jurassic; four common Diplodocus tiles of nearly the lawn's
    # green, all read as grass by their colour; the Diplodocus card's row not counted on):
    # three were left unread, their pictures like the card's sprite; the fourth's ink, cut
    # 8 px wide, under a third of the card's 24, was compared with no card and stated
    # untapped with --animals. A found tile shows its animal's sprite (an untapped tile a
    # decoration): a picture like those of the tiles left unread for theirs is one too.
    seen = seed_read(1_209_003, 1_209_000, widest="")
    text, screen = seen.text, seen.found
    assert text.splitlines()[5].split()[3] == "1"  # the Diplodocus at (2,3)
    assert not isinstance(screen, str), screen
    kinds = {(r, c): screen.tiles[r][c].kind for r in range(5) for c in range(5)}
    assert kinds[(2, 3)] != "ground"
    assert all(kinds[cell] != "ground" for cell in ((0, 2), (1, 3), (1, 4), (3, 2)))
    reading = seen.given_on_image
    assert reading.text.splitlines()[5].split()[3] != "." or (2, 3) in reading.unread
    assert_nothing_stated_wrong(text, reading)
