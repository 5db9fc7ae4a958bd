"""Tile path (Oracle of Ages' Hero's Cave and its kind): the game's spec.

The parts: :mod:`~gridsight.games.tile_path.adapter` (``gridsight solve``),
:mod:`~gridsight.games.tile_path.reader` (the room read off a screenshot, through the pack
``templates/tile-path/<skin>/``), and for a room bigger than the screen
:mod:`~gridsight.games.tile_path.room` and :mod:`~gridsight.games.tile_path.scrolling` (a
pack calibrated with ``--room``: each screenshot's view placed in the room).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from gridsight.games.spec import TIME_LIMIT, Beside, GameSpec, GridReading, ManualBoardSettings
from gridsight.games.tile_path.words import WORDS
from gridsight.live.settings import TrackerSettings
from gridsight.tracking import Sighting

TOKENS = (".", "x", "#", "S", "E", "L")

EXAMPLE = """\
. . . . . .
. # . . . .
. . . . # .
S . . . . .
. . . # . .
"""

SCREEN_EXAMPLE = """\
. . . . . . . .
. . . # . . . .
. . . . . . . .
. . . . . . . .
L . . # . . . .
S . . . . . . E
"""

def _adapter():
    from gridsight.games.tile_path.adapter import GAME

    return GAME


def _reader():
    from gridsight.games.tile_path.reader import READER

    return READER


def _rooms():
    from gridsight.games.tile_path.scrolling import ROOMS

    return ROOMS


def impossible(labels: tuple[tuple[str, ...], ...]) -> str | None:
    """Why a room read whole through a pack (its tiles' labels) is no tile-path screen: every
    tile read (the unread aside) as one and the same token, which no room shows (it has its
    start tile or Link, and tiles beside them of other kinds); ``None`` when it may be one. A
    pack's frame matched on a flat window with two lines of text (no-game harder desktop
    114026) read 48 end tiles, and ``analyze`` said the parser's "no 'S' tile" of a board
    that was never there. (Boards read otherwise are the reader's and the parser's to
    refuse in words: the test kit's random boards, two end tiles or none, are read as
    drawn.)"""
    counts = Counter(label for row in labels for label in row if label != "unknown")
    if len(counts) == 1 and sum(counts.values()) > 1:
        (token, count), = counts.items()
        return f"all {count} tiles read as '{token}', which no room is"
    return None


def crossed(old: str, new: str) -> bool:
    """A tile once crossed (``x``) stays crossed: the walk never un-crosses a tile."""
    return new == "x" and old != "x"


def arrived(old: str, new: str) -> bool:
    """The player's move is Link arriving on a tile."""
    return new == "L"


#: The fewest steps the tiles Link may have crossed between two sightings are looked for
#: in: a walk round a corner back beside his last tile takes three, and a screenshot may
#: hold them although none was missed (screenshots taken steps apart, his pace not yet seen).
TURN = 3


def walked_unseen(before: tuple[tuple[str, ...], ...], after: tuple[tuple[str, ...], ...],
                  read_now: frozenset[tuple[int, int]], sighting: Sighting
                  ) -> list[tuple[int, int]]:
    """The not-stepped tiles (``.``) out of this frame's read whose state is no longer sure
    because Link was read again (a room bigger than the screen; the tracker's
    :data:`gridsight.tracking.Forget` rule). Link takes a step a frame or fewer (more only
    if the frames read so far showed him going faster: ``sighting.pace``), and frames are
    missed (refused, or read without his tile): since the frame he was last read in
    (``sighting``) he has taken at most ``sighting.steps(sighting.missed + 1)`` steps, so the
    tiles he may have stepped on unseen are those on a walk that short from his last tile to
    his tile now (a tile whose distance to both, in steps, adds up to no more; distances
    counted across statues too, so never fewer tiles than the walks round them reach):

    - when he has moved, those steps are three at least (:data:`TURN`: a corner turned
      back beside his last tile, in screenshots taken steps apart before his pace is seen);
    - read farther from his last tile than those steps reach (screenshots taken several
      steps apart: the pace is raised for the frames after), or never read before: he
      walked unseen over tiles that may be anywhere, so every not-stepped tile out of the
      read is unsure; so too when more tiles in the read turned red since the frame before
      than those steps allow (:func:`left_since`: a loop back beside his last tile in
      screenshots taken steps apart);
    - Link not read now: nothing here (the read says which tiles he may stand on:
      :func:`gridsight.games.tile_path.room.board_tokens`).

    Tiles read in this frame are as read; a stepped tile stays stepped."""
    now = {(r, c) for r, c in read_now if after[r][c] == "L"}
    if not now:
        return []
    stale = [(r, c) for r, row in enumerate(after) for c, label in enumerate(row)
             if label == "." and (r, c) not in read_now]
    steps = sighting.steps(sighting.missed + 1)
    if not sighting.cells or min(_apart(a, b) for a in sighting.cells for b in now) > steps:
        return stale
    if len(left_since(before, after, read_now)) > steps:
        return stale  # more tiles turned red than steps allowed: a walk unseen, any length
    if not now <= sighting.cells:  # (still on his tile: no walk comes back onto it)
        steps = max(steps, TURN)
    return [cell for cell in stale
            if any(_apart(a, cell) + _apart(cell, b) <= steps
                   for a in sighting.cells for b in now)]


def left_since(before: tuple[tuple[str, ...], ...], after: tuple[tuple[str, ...], ...],
               read_now: frozenset[tuple[int, int]]) -> list[tuple[int, int]]:
    """The tiles read stepped (``x``) now that were believed not stepped or Link's before:
    each is a tile Link has left since, so he took at least as many steps. In a sparse
    sequence (screenshots taken steps apart, his pace not yet seen) a loop back beside his
    last tile is near enough to him to stay in view: its tiles turning red say it was walked,
    where the distance between his two tiles says one step."""
    return [(r, c) for r, c in read_now
            if after[r][c] == "x" and before[r][c] in (".", "L")]


def _apart(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two tiles with nothing in the way (a walk round statues is longer)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _results(board: str, solution: Mapping[str, Any]) -> tuple[str, ...]:
    lines = []
    if solution.get("unseen"):
        lines.append(f"tiles not seen at the last step: {len(solution['unseen'])}")
    if solution.get("tiles_left") is not None:
        lines.append(f"tiles left to cross at the last step: {solution['tiles_left']}")
    if "solvable" in solution:
        solvable = solution["solvable"]  # a logged value: any JSON, so compare, never hash
        answer = "yes" if solvable is True else "no" if solvable is False else "undecided"
        lines.append(f"solvable at the last step: {answer}")
    return tuple(lines)


SPEC = GameSpec(
    name="tile-path",
    title="Tile path (Zelda: Oracle of Ages' Hero's Cave and its kind)",
    summary="cross every tile once: a full walk, the next step, or a proof that none exists",
    load_adapter=_adapter,
    example=EXAMPLE,
    manual=ManualBoardSettings(6, 8, TOKENS),
    reading=GridReading(_reader, TrackerSettings(".", crossed, is_move=arrived,
                                                   forget=walked_unseen, player="L"),
                        example=SCREEN_EXAMPLE, scrolling=_rooms, impossible=impossible),
    solver_options=(TIME_LIMIT,),
    words=WORDS,
    results=_results,
    # the Game Boy's status bar (the B and A items, rupees, hearts): a phone's folded panel
    # went over it, above the room, with the room under the board free
    keep_beside=(Beside.ABOVE,),
)
