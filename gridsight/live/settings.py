"""Per-game tracker settings: the label a cell starts as, and which changes are reveals.

The tracker (:mod:`gridsight.tracking`) knows labels, not games. Each game says here:

- ``initial``: the label every cell holds before it is seen;
- ``is_reveal`` / ``may_change``: which confirmed changes are reveals (never silently undone)
  and which changes a revealed cell may still make;
- ``is_move``: which change is the player's move, logged with the advice it follows (Link
  arriving on a tile; a piece put down; by default a reveal);
- ``unobserved_initial``: whether a cell still holding ``initial`` and read ``unknown`` now is
  honestly "not yet observed" (Disco Zoo: an untapped tile) and is handed to the reader as
  unread, rather than as the believed label.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridsight.tracking import CellTracker, Rule, never, reveal_from


def _tile_path_reveal(old: str, new: str) -> bool:
    """A tile once crossed (``x``) stays crossed: the walk never un-crosses a tile."""
    return new == "x" and old != "x"


@dataclass(frozen=True)
class TrackerSettings:
    initial: str
    is_reveal: Rule
    may_change: Rule = never
    unobserved_initial: bool = False
    confirm: int = 2
    is_move: Rule | None = None  # the change that is the player's move (default: a reveal)

    def move(self, old: str, new: str) -> bool:
        return (self.is_move or self.is_reveal)(old, new)

    def tracker(self, rows: int, cols: int) -> CellTracker:
        return CellTracker(rows, cols, initial=self.initial, is_reveal=self.is_reveal,
                           may_change=self.may_change, confirm=self.confirm)


#: Disco Zoo: a tapped tile (empty or an animal) never turns back into ground.
#: Tile path: a crossed tile stays crossed; Link and the other tiles may change freely.
#: Pentomino: pieces may be picked up again, so nothing is a reveal.
SETTINGS: dict[str, TrackerSettings] = {
    "disco-zoo": TrackerSettings("ground", reveal_from("ground"), unobserved_initial=True),
    "tile-path": TrackerSettings(".", _tile_path_reveal, is_move=lambda old, new: new == "L"),
    "pentomino": TrackerSettings(".", never, is_move=lambda old, new: old == "." and new != "#"),
}


def settings_for(game: str) -> TrackerSettings:
    """The settings of ``game``; a game without its own gets "nothing is a reveal"."""
    return SETTINGS.get(game, TrackerSettings(".", never))
