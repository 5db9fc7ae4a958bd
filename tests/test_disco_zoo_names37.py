"""Disco Zoo card names seen whole another way (37th session, text).

A card's name line seen the way chosen for all the cards with a letter lost (its gap taken for
a word's) is taken as another way sees it, every glyph of it and the lost one between them
(:func:`gridsight.games.disco_zoo.names._letter_filled`). Lines of stand-in glyphs (boxes
only), as fresh real-look 1058026 at 0.95x found ``COUGAR`` and its ``YOU HAVE 6``."""

from __future__ import annotations

from types import SimpleNamespace

from gridsight.games.disco_zoo import names

CARD = names.CardText((16, 42, 90, 120), (37, 55, 47, 52), (20, 107, 82, 20))


def _line(xs: list[int], words: tuple[int, ...], y: int = 111, height: int = 13,
          widths: list[int] | None = None) -> names.TextLine:
    """A line of glyphs at ``xs``, ``height`` tall, 10 wide (or ``widths``)."""
    widths = widths or [10] * len(xs)
    glyphs = tuple(SimpleNamespace(box=(x, y, w, height)) for x, w in zip(xs, widths))
    box = (xs[0], y, xs[-1] + widths[-1] - xs[0], height)
    return names.TextLine(glyphs, words, box, float(height),  # type: ignore[arg-type]
                          (0.0, 0.0, 0.0))


def test_a_name_with_a_letter_lost_the_way_chosen_is_taken_whole_as_another_way_sees_it():
    # the darker way: C UGAR (its O lost) above YOU HAVE 6 found whole; the plain way: all
    # six letters, its label in pieces
    lost = _line([27, 50, 62, 73, 84], (1, 4))
    label = _line([32, 38, 43, 55, 61, 66, 72, 83], (3, 4, 1), y=128, height=7,
                  widths=[5] * 8)
    whole = _line([27, 39, 50, 62, 73, 84], (6,))
    pieces = _line([32, 38, 43], (3,), y=128, height=7, widths=[5] * 3)
    seen = {"darker": names.SeenLines([lost, label], [lost, label]),
            "plain": names.SeenLines([whole, pieces], [whole, pieces])}
    assert names._letter_filled([lost, label], seen, CARD) == [whole, label]
    # a speck in the gap (no letter's shape) is no letter lost: the line as the way chose
    speck = _line([27, 41, 50, 62, 73, 84], (6,), widths=[10, 2, 10, 10, 10, 10])
    seen["plain"] = names.SeenLines([speck, pieces], [speck, pieces])
    assert names._letter_filled([lost, label], seen, CARD) == [lost, label]
