"""Tracker settings: the label a cell starts as, and which changes are reveals.

The tracker (:mod:`gridsight.tracking`) knows labels, not games. Each game's spec says, in its
``reading`` part (:class:`gridsight.games.spec.GridReading`):

- ``initial``: the label every cell holds before it is seen;
- ``is_reveal`` / ``may_change``: which confirmed changes are reveals (never silently undone)
  and which changes a revealed cell may still make;
- ``is_move``: which change is the player's move, logged with the advice it follows (Link
  arriving on a tile; a piece put down; by default a reveal);
- ``unobserved_initial``: whether a cell still holding ``initial`` and read ``unknown`` now is
  honestly "not yet observed" (Disco Zoo: an untapped tile) and is handed to the reader as
  unread, rather than as the believed label;
- ``forget``: for a board bigger than the screen, the cells that may have changed while out
  of view (:data:`gridsight.tracking.Forget`), set back to unseen;
- ``player``: the label of the player's piece that makes those changes (Link, ``L``): where it
  was last read and the frames since are kept for the ``forget`` rule
  (:class:`gridsight.tracking.Sighting`).
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.tracking import CellTracker, Forget, Rule, never


@dataclass(frozen=True)
class TrackerSettings:
    initial: str
    is_reveal: Rule
    may_change: Rule = never
    unobserved_initial: bool = False
    confirm: int = 2
    is_move: Rule | None = None  # the change that is the player's move (default: a reveal)
    forget: Forget | None = None  # a board bigger than the screen: cells changed unseen
    player: str | None = None  # the label of the piece whose walk ``forget`` follows

    def move(self, old: str, new: str) -> bool:
        return (self.is_move or self.is_reveal)(old, new)

    def tracker(self, rows: int, cols: int, initial: str | None = None) -> CellTracker:
        """A tracker with these rules; ``initial`` overrides the starting label (a room
        bigger than the screen starts unseen)."""
        return CellTracker(rows, cols, initial=self.initial if initial is None else initial,
                           is_reveal=self.is_reveal,
                           may_change=self.may_change, confirm=self.confirm,
                           forget=self.forget, player=self.player)
