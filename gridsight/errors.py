"""The application's errors, its exit codes, and :func:`say`, the one way it speaks on
standard error.

Every part of gridsight (the library :mod:`gridsight.api`, the commands, the live loop) imports
these from here, never from :mod:`gridsight.cli`: the command line sits on top of everything
else and nothing imports it back (``tests/test_architecture.py`` fails on an import cycle).

Errors caused by the player's input derive from :class:`gridsight.solvers.errors.InputError` (or, for
pictures and packs, :class:`gridsight.vision.errors.VisionInputError`): the command line reports them as
bad input (exit 2), as it does an unknown game name (:class:`UnknownGameError`); a board found
but not read whole raises :class:`ReadError`, with the hint that would read it when known
(:class:`HintChoices`: the live panel offers them).
:class:`RuntimeFailure` is a failure that is not the input's fault (no window to capture, no
display, a time limit reached with nothing decided): exit 1.

>>> issubclass(RuntimeFailure, Exception), EXIT_INPUT
(True, 2)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace

from gridsight.solvers.errors import InputError, one_line
from gridsight.vision.errors import VisionInputError

#: Exit codes of ``gridsight``: done; a failure outside the player's input; bad input;
#: interrupted with Ctrl-C.
EXIT_OK = 0
EXIT_RUNTIME = 1
EXIT_INPUT = 2
EXIT_INTERRUPTED = 130


class ArgumentError(InputError, TypeError, ValueError):
    """A library call given an argument of the wrong kind or value (a board that is not text,
    an option the game does not have or of the wrong type, a limit that is not a ``Limit``,
    hints that are not a mapping), said in words: gridsight's own error, an
    :class:`InputError`, and still the ``TypeError`` / ``ValueError`` Python code expects."""


class RuntimeFailure(Exception):
    """A failure that is not the player's input: the command line prints its message and
    exits 1."""


NO_PART = "none"  # a part of a hint left out (:attr:`HintChoices.fewest`)


@dataclass(frozen=True)
class HintChoices:
    """A hint the reader could not settle off the screen, and what it may be: ``hint`` its
    name (``animals``), ``options`` for each of its parts in order (each card), the values
    that part may take. ``groups``, when the parts' values come in groups the player can
    tell at a glance (Disco Zoo's regions, whose name is on the screen), each group's name
    with its parts' options; ``group`` what a group is called (``region``). The live panel
    offers them as a choice; the command line names them in the error's message.

    >>> HintChoices("animals", (("Pig", "Rabbit"), ("Cow",))).value(("Pig", "Cow"))
    ('Pig', 'Cow')
    """

    hint: str
    options: tuple[tuple[str, ...], ...]
    groups: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...] = ()
    group: str = ""
    #: The parts from this one on may be left out (:data:`NO_PART`): how many there are is
    #: not known (no animal card seen: a rescue hides 1 to 3 animals and maybe a pet).
    #: ``None``: every part is given.
    fewest: int | None = None
    question: str = ""  # what the panel asks, when the hint's usual question does not fit
    said: str = ""  # what is not read, in a few words for the status line ("" : the usual)
    #: The group the screen seems to show (Disco Zoo's region read off the title alone),
    #: preselected in the panel's list of groups; the player confirms it. "": none read.
    seen: str = ""
    #: Each part's first option is the name read off its card (they fit no rescue: a tile or
    #: a box misread): picked already in the panel, one click reads with them. Otherwise a
    #: part of several options starts unpicked.
    first_read: bool = False
    #: Where the screen read shows what is asked (each of Disco Zoo's animal cards, then
    #: the title bar above them naming the region): boxes (x, y, width, height) in the read
    #: picture's pixels; the live panel and strip keep off them while it asks (a phone's
    #: panel covered the very cards it asked about). (): not known.
    where: tuple[tuple[int, int, int, int], ...] = ()

    def moved(self, dx: int, dy: int) -> HintChoices:
        """These choices with :attr:`where` moved by ``(dx, dy)`` pixels (a picture read
        inside a larger frame: in the frame's pixels).

        >>> HintChoices("animals", (("Pig",),), where=((5, 6, 7, 8),)).moved(10, 20).where
        ((15, 26, 7, 8),)
        """
        return replace(self, where=tuple((x + dx, y + dy, w, h) for x, y, w, h in self.where))

    def value(self, picked: tuple[str, ...]) -> tuple[str, ...]:
        """``picked`` (one value per part) as the hint's value, the parts left out
        (:data:`NO_PART`, from :attr:`fewest` on) dropped; ``ValueError`` when a part's value
        is not among its options or the parts are not all given.

        >>> HintChoices("animals", (("Pig",), ("Cow",)), fewest=1).value(("Pig", NO_PART))
        ('Pig',)
        """
        if len(picked) != len(self.options):
            raise ValueError(f"{self.hint}: {', '.join(picked)} is not one of the choices")
        out = []
        for k, (value, options) in enumerate(zip(picked, self.options)):
            if value == NO_PART and self.fewest is not None and k >= self.fewest:
                continue
            if value not in options:
                raise ValueError(f"{self.hint}: {', '.join(picked)} is not one of the choices")
            out.append(value)
        return tuple(out)

    def optional(self, part: int) -> bool:
        """Whether the part ``part`` (0-based) may be left out."""
        return self.fewest is not None and part >= self.fewest

    def in_group(self, name: str) -> tuple[tuple[str, ...], ...]:
        """Each part's options in the group ``name`` (all of them for an unknown name)."""
        return dict(self.groups).get(name, self.options)


class ReadError(InputError):
    """A board was found but cannot be turned into a solvable state (cells unread, say).

    ``unread`` lists the cells at fault, so the caller can still draw them on the screenshot;
    ``choices``, a hint the player can give to read it (:class:`HintChoices`), when known.
    """

    def __init__(self, message: str, unread: tuple[tuple[int, int], ...] = (),
                 choices: HintChoices | None = None):
        super().__init__(message)
        self.unread = tuple(unread)
        self.choices = choices


class SavedBoxOutside(ReadError):
    """A box the player marked at calibration (saved in the pack, in board units) falls
    outside the picture read: ``what`` it is (``"box of card 1"``), ``box`` (x, y, width,
    height in the picture's pixels) and the picture's ``size`` (width, height). The picture
    may be a game's window found inside a larger capture: :meth:`in_window` says so."""

    def __init__(self, what: str, box: tuple[int, int, int, int], size: tuple[int, int],
                 window: str | None = None):
        x, y, bw, bh = box
        w, h = size
        inside = max(0, min(x + bw, w) - max(x, 0)) * max(0, min(y + bh, h) - max(y, 0))
        where = f"this {w}x{h} screenshot" if window is None else window
        shows = "it shows" if window is None else "the window shows"
        super().__init__(
            f"the {what} saved in the pack by calibrate falls at x={x}, y={y} ({bw}x{bh} "
            f"pixels), {'partly ' if inside else ''}outside {where}: {shows} less of the "
            "screen than the calibration screenshot did; capture the whole screen, or "
            "calibrate again on a screenshot like this one")
        self.what, self.box, self.size = what, box, size

    def in_window(self, x: int, y: int, shape: tuple[int, ...]) -> SavedBoxOutside:
        """The same, the picture read being the game's window at ``(x, y)`` of a capture of
        ``shape`` (the box in the capture's pixels)."""
        bx, by, bw, bh = self.box
        w, h = self.size
        return SavedBoxOutside(self.what, (bx + x, by + y, bw, bh), self.size,
                               f"the game's window found in this {shape[1]}x{shape[0]} "
                               f"capture (x {x}, y {y}, {w}x{h} px)")


class UnknownGameError(InputError, LookupError):
    """A game name the registry does not know; the message lists the known ones. The
    player's input, so an :class:`InputError` (as docs/api.md says), and a ``LookupError``."""

    def __init__(self, name: str, known: Sequence[str] = ()):
        self.name = name
        super().__init__(f"unknown game '{name}' (known games: {', '.join(known)})")


def say(message: object) -> None:
    """Print ``message`` on standard error as one line ``gridsight: ...``: the player's text
    quoted in it cannot break the line or flood the terminal (:func:`gridsight.solvers.errors.one_line`)."""
    print(f"gridsight: {one_line(str(message))}", file=sys.stderr, flush=True)


__all__ = [
    "EXIT_INPUT", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_RUNTIME", "InputError",
    "RuntimeFailure", "SavedBoxOutside", "UnknownGameError", "VisionInputError", "say",
]
