"""The advice line and its caveat, shown apart.

A status line may end with a caveat in brackets: an unsure cell the advice depends on
(``Tap row 4, column 4 - 65% an animal (but row 1, column 4: Panda or Tiger? the advice
changes if it is Tiger (then tap row 1, column 5))``, written by the Disco Zoo adapter) or an
unread cell to look at first (``(unread: look at row 2, column 3 first)``), or a count read
unsure that does not change the advice (``(the advice is the same for 18 or 10
attempts)``), or the last advice while the next is worked out (``Thinking… (last: Tap row
2, column 3)``). Kept in one string it wraps into a block of large text, and the advice is no
longer the one short line the eye finds first; the strip beside the game and the picture's
legend therefore draw the advice on its own line and the caveat under it, in its own colour.

>>> advice_and_caveat("Tap row 4, column 4 - 65% an animal (but row 1, column 4: Panda or "
...                   "Tiger? the advice changes if it is Tiger (then tap row 1, column 5))")
('Tap row 4, column 4 - 65% an animal', 'But row 1, column 4: Panda or Tiger? the advice \
changes if it is Tiger (then tap row 1, column 5)')
>>> advice_and_caveat("Tap row 2, column 3 (unread: look at row 2, column 3 first)")
('Tap row 2, column 3', 'Unread: look at row 2, column 3 first')
>>> advice_and_caveat("Tap row 1, column 1 (the advice is the same for 18 or 10 attempts)")[1]
'The advice is the same for 18 or 10 attempts'
>>> advice_and_caveat("Thinking… (last: Tap row 4, column 4 (but row 1, column 4: Panda or "
...                   "Tiger?))")
('Thinking…', 'Last: Tap row 4, column 4 (but row 1, column 4: Panda or Tiger?)')
>>> advice_and_caveat("Dig row 1, column 2 - 10% a bomb")
('Dig row 1, column 2 - 10% a bomb', '')
"""

from __future__ import annotations

#: How a caveat in brackets at the end of a status line opens. ``last: `` first: the advice
#: shown while the next is worked out (``Thinking… (last: Tap row 1, column 3 - 53% an
#: animal)``), which may hold a caveat of its own; kept on the advice line, it made the strip
#: beside a 360 px game 744 px wide while thinking and 360 px again with the advice, at
#: every board.
OPENERS = ("last: ", "but ", "unread: ", "the advice is the same ")


def advice_and_caveat(status: str) -> tuple[str, str]:
    """``status`` as (the advice, its caveat: ``""`` for none), the caveat without its
    brackets and with a capital first letter."""
    if status.endswith(")"):
        for opener in OPENERS:
            at = status.find(f" ({opener}")
            if at > 0:
                caveat = status[at + 2 : -1]
                return status[:at], caveat[:1].upper() + caveat[1:]
    return status, ""
