"""Phones inside desktops (session 38): a card whose box row is too faint to part still
vouches for its screen beside a counter reading more, when it shows its picture, its name
and its YOU HAVE line."""

from __future__ import annotations

from kit.desktop import real_look_rescue, sample

import gridsight.games.disco_zoo.screen as screen


def test_a_card_showing_its_picture_and_lines_vouches_without_its_box_row():
    """Fresh harder desktop 700000 (``bench/bench_desktop.py --harder --share 0.15 0.2``): a
    205 px Jurassic rescue in a pillar-boxed window, washed by a video's levels; its counter
    reads 10 with tiles tapped (attempts bought: more than the board allows), and its one
    card's box row, three boxes of 5-8 px whose empty ones lost their lower sides, is not
    found. Cards with no box row beside a counter reading more were no furniture (a chat's
    bubble on no-game desktop 98404), so no window showed the screen's furniture and the
    capture was refused. The card shows its Triceratops, its name and YOU HAVE lines: it
    vouches (the bubble showed no picture)."""
    _, capture, truth = sample(real_look_rescue, 700000, fraction=(0.15, 0.2), harder=True)
    assert "animals: Triceratops" in truth and "taps: 10" in truth
    x, y, w, h = capture.extras["screen_box"]
    read = screen.locate(capture.image[y : y + h, x : x + w].copy())
    cards = read.extras["rescue_screen"].cards
    assert len(cards) == 1 and cards[0].boxes is None  # the row unread, as it was
    # (the counter, read 10, is doubted for reading more than the board allows; the card's
    # vouching below is the claim)
    assert read.extras["furniture_doubtful"] == ("counter",)
    assert read.extras["furniture"] == ("cards",)
