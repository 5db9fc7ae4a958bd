"""The player's animals (``--animals``) checked against what the screen shows.

A module of its own so that both the reader of our own skin (:mod:`.reader`) and the reader
of real screens (:mod:`.screen_text`) use one check without importing each other.
"""

from __future__ import annotations

import hashlib
from typing import Callable, Sequence

import numpy as np

from gridsight.memo import kept
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.solvers.errors import BoardFormatError

#: The title bar's region as read (a region's name, or ``None``: not read clearly), by the
#: pixels that decide it (:func:`title_read`), in the caller's session memo under this name
#: (:class:`gridsight.memo.ReadMemo`); a few screens, the oldest dropped.
TITLES_MEMO = "disco-zoo-titles"
TITLES = 8


def title_read(image: np.ndarray, board_top: float, cards: Sequence[tuple[int, int, int, int]],
               read: Callable[[np.ndarray, float], str | None]) -> str | None:
    """``read(image, board_top)`` (the region the title bar reads clearly, above the board's
    top), remembered for a few screens. A region read is kept by the pixels of the cards'
    ``cards`` boxes (each card's picture: its animal): they change only with the rescue,
    while the title bar's own pixels change with every tap (its counter), a phone's clock
    and a card's box row; a rescue showing the same animals is of the same region (a name
    line's box was found a pixel wider after a tap: not used). A title not
    read (``None``), or a screen with no card box, is kept by the title bar's exact pixels
    only, so it is read again once they change. A live loop given ``--animals`` read the
    title on every frame read, 0.07-0.19 CPU s each (the real-look rescue of
    bench/bench_live.py: five reads, four of them of other pixels). Remembered in the
    session's memo (:func:`gridsight.memo.kept`: a live loop's), never the module's: another
    title bar over the same cards (another caller's screen) is read anew; with no session
    active, every call reads."""
    titles = kept(TITLES_MEMO)
    if titles is None:
        return read(image, board_top)
    top = max(0, int(board_top))
    frame = repr((image.shape, top)).encode()
    exact = hashlib.sha1(np.ascontiguousarray(image[:top]).tobytes() + frame).digest()
    by_cards = None
    if cards:
        digest = hashlib.sha1(frame)
        for x, y, w, h in cards:
            x0, y0 = max(0, int(x)), max(0, int(y))
            digest.update(repr((x0, y0, int(w), int(h))).encode())
            digest.update(np.ascontiguousarray(image[y0 : y0 + int(h), x0 : x0 + int(w)]).tobytes())
        by_cards = digest.digest()
    for key in (by_cards, exact):
        if key is not None and key in titles:
            titles.move_to_end(key)
            return titles[key]
    region = read(image, board_top)
    key = by_cards if region is not None and by_cards is not None else exact
    titles[key] = region
    while len(titles) > TITLES:
        titles.popitem(last=False)
    return region


def other_region(names: list[str], region: str, seen: str, warnings: list[str]) -> None:
    """The player's animals (``names``, of ``region``) checked against the region the
    screen's title reads clearly (``seen``): animals no rescue of it hides are warned of in
    words, naming both regions; the names stay as given (the hint is the player's word, and
    the player may know better than the read)."""
    try:
        load_catalogue().resolve(list(names), seen)
    except BoardFormatError:
        warnings.append(f"the screen's title reads {seen}, but the animals given "
                        f"({', '.join(names)}) are {region}'s: read with them as given; check "
                        "--animals (or give the region with --zoo-region)")


__all__ = ["other_region", "title_read"]
