"""The advice line and its caveat, shown apart.

A status line may lead with a doubt the advice depends on, a question with each answer's
move (``Row 1, column 4: Panda or Tiger? Panda: tap row 4, column 4. Tiger: tap row 1, column
5.``, written by the Disco Zoo adapter: the question is the line the eye finds first, the
answers under it), or with unread cells whose content would change the advice (``Look at
row 2, column 3 first: it was not read and may change the advice. Then tap ...``: the look
first, the move under it); or end with a caveat in brackets: an unsure read that does not
change the advice (``(row 1, column 4 unsure: Panda or Tiger; the advice is the same)``,
``(attempts unsure: 18 or 10; ...)``), an unread cell to look at first (``(unread: look at
row 2, column 3 first)``), or the last advice while the next is worked out (``Thinking…
(last: Tap row 2, column 3)``). Kept in one string it wraps into a block of large text, and the advice is no
longer the one short line the eye finds first; the strip beside the game and the picture's
legend therefore draw the advice (or the question) on its own line and the rest under it, in
its own colour.

>>> advice_and_caveat("Row 1, column 4: Panda or Tiger? Panda: tap row 4, column 4. Tiger: "
...                   "tap row 1, column 5.")
('Row 1, column 4: Panda or Tiger?', 'Panda: tap row 4, column 4. Tiger: tap row 1, column 5.')
>>> advice_and_caveat("Tap row 4, column 4 - 65% an animal (row 1, column 4 unsure: Panda or "
...                   "Tiger; the advice is the same)")
('Tap row 4, column 4 - 65% an animal', 'Row 1, column 4 unsure: Panda or Tiger; the advice \
is the same')
>>> advice_and_caveat("Tap row 2, column 3 (unread: look at row 2, column 3 first)")
('Tap row 2, column 3', 'Unread: look at row 2, column 3 first')
>>> advice_and_caveat("Tap row 1, column 1 (attempts unsure: 18 or 10; the advice is the same)")[1]
'Attempts unsure: 18 or 10; the advice is the same'
>>> advice_and_caveat("Thinking… (last: Row 1, column 4: Panda or Tiger? Panda: tap row 4, "
...                   "column 4. Tiger: tap row 1, column 5.)")
('Thinking…', 'Last: Row 1, column 4: Panda or Tiger? Panda: tap row 4, column 4. Tiger: tap \
row 1, column 5.')
>>> advice_and_caveat("Thinking… (last: Tap row 2, column 3 (attempts unsure: 9 or 8; the "
...                   "advice is the same))")[0]
'Thinking…'
>>> advice_and_caveat("Look at row 2, column 3 first: it was not read and may change the "
...                   "advice. Then tap row 4, column 4 - 65% an animal")
('Look at row 2, column 3 first', 'It was not read and may change the advice. Then tap row 4, \
column 4 - 65% an animal')
>>> advice_and_caveat("Dig row 1, column 2 - 10% a bomb")
('Dig row 1, column 2 - 10% a bomb', '')
"""

from __future__ import annotations

import re

#: How a caveat in brackets at the end of a status line opens. ``last: `` first: the advice
#: shown while the next is worked out (``Thinking… (last: Tap row 1, column 3 - 53% an
#: animal)``), which may hold a caveat of its own; kept on the advice line, it made the strip
#: beside a 360 px game 744 px wide while thinking and 360 px again with the advice, at
#: every board.
OPENERS = ("last: ", "but ", "unread: ", "the advice is the same ")
#: An unsure read that does not change the advice, said after it in brackets.
UNSURE_OPENER = re.compile(r" \((?:row \d+, column \d+|attempts) unsure: ")
#: A status line led by a doubt: its question, then each answer's move.
QUESTION = re.compile(r"((?:Row \d+, column \d+|Attempts): [^?()]+\?) (?=\S)")
#: A status line led by unread cells that would change the advice: look first, then move.
LOOK = re.compile(r"(Look at [^:()]+? first): (?=\S)")


def advice_and_caveat(status: str) -> tuple[str, str]:
    """``status`` as (the advice, its caveat: ``""`` for none), the caveat without its
    brackets and with a capital first letter; a line led by a doubt's question as (the
    question, the rest)."""
    led = QUESTION.match(status)
    if led is not None:
        return led.group(1), status[led.end():]
    led = LOOK.match(status)
    if led is not None:
        rest = status[led.end():]
        return led.group(1), rest[:1].upper() + rest[1:]
    if status.endswith(")"):
        # The first bracket that opens a caveat: the last advice shown while thinking may
        # hold a caveat of its own.
        found = [at for at in (status.find(f" ({opener}") for opener in OPENERS) if at > 0]
        unsure = UNSURE_OPENER.search(status)
        found += [unsure.start()] if unsure is not None and unsure.start() > 0 else []
        if found:
            at = min(found)
            caveat = status[at + 2 : -1]
            return status[:at], caveat[:1].upper() + caveat[1:]
    return status, ""
