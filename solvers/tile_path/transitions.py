"""The frontier programme's states and transitions, in pure Python: the reference model.

The question: in the grid graph induced by a set of tiles, is there a path from a given start
tile that crosses every tile exactly once (ending on a given tile, or anywhere)? The sweep
(:mod:`.frontier`) goes over the board one cell at a time, row by row along its long side, and
remembers only how the path fragments drawn so far cross the *frontier* between the cells done
and the cells to come. Its cost grows with the narrow side, not the area.

The frontier of a board ``W`` cells wide holds ``W + 1`` plugs: before cell ``(i, j)`` is
decided, plug ``j`` is the edge coming in from its left and plug ``j + 1`` the edge coming down
from above; the others are the down edges of the row above (``k > j + 1``) or of this row
(``k < j``). Each plug is:

- ``0``: no edge crosses here;
- ``1`` / ``2``: one end of a fragment whose other end is also on the frontier; ``1`` opens and
  ``2`` closes, and the pairs nest like brackets (two fragments cannot cross in the plane);
- ``3``: an end of a fragment whose other end is an endpoint of the whole path (the start, the
  end tile, or the free end when no end tile is given).

Every tile must get exactly two path edges (one at an endpoint). Joining the two ends of one
fragment would close a cycle and is refused; joining two ``3`` plugs completes the whole path,
which is allowed only when no other plug is left: the state then becomes ``DONE`` and may only
pass over cells that are not tiles. The board has a full walk if and only if ``DONE`` survives
the last cell. This is the standard "plug" or "broken profile" DP used to count Hamiltonian
paths and cycles on grid graphs; here it only needs existence.

A second mode, ``longest``, lets tiles be skipped and keeps the largest number of tiles covered
per state: the longest walk from the start, i.e. the fewest tiles that must be left uncrossed.

A state is an int: plug ``k`` in bits ``2k`` and ``2k + 1``, the "free end used" flag at bit
``2W + 2`` and ``DONE`` (:func:`done_state`) a bit of its own above it, so a board up to 29
cells across fits a signed 64-bit integer (the compiled kernel's limit).

>>> code = CellCode(width=2, j=0, kind=FIXED_END, down_ok=True, right_ok=True, longest=False)
>>> [(next_state, edges) for next_state, edges, _ in transitions(0, code)]
[(3, 1), (12, 2)]
"""

from __future__ import annotations

from typing import NamedTuple

# Cell kinds.
NONE = 0  # not a tile of the walk
TILE = 1  # an ordinary tile: two path edges
FIXED_END = 2  # the start, or the given end tile: one path edge
MAYBE_END = 3  # an ordinary tile that may also be the free end (no end tile given)

# The widest frontier whose states fit a signed 64-bit integer (DONE is bit 2W + 3 <= 62).
MAX_KERNEL_WIDTH = 29


class CellCode(NamedTuple):
    """What a transition needs to know about a cell: the board's frontier ``width``, the cell's
    column ``j`` in the sweep, its ``kind``, whether its down and right neighbours are tiles,
    and the mode. Transitions depend on nothing else, so they can be shared between boards."""

    width: int
    j: int
    kind: int
    down_ok: bool
    right_ok: bool
    longest: bool


def done_state(width: int) -> int:
    """The state of a finished path on a frontier ``width`` cells wide."""
    return 1 << (2 * width + 3)


def partner(state: int, k: int, width: int) -> int:
    """The position of the plug paired with the bracket plug at ``k`` (``3`` plugs skipped)."""
    if (state >> (2 * k)) & 3 == 1:
        depth = 0
        for m in range(k, width + 1):
            v = (state >> (2 * m)) & 3
            if v == 1:
                depth += 1
            elif v == 2:
                depth -= 1
                if depth == 0:
                    return m
    else:
        depth = 0
        for m in range(k, -1, -1):
            v = (state >> (2 * m)) & 3
            if v == 2:
                depth += 1
            elif v == 1:
                depth -= 1
                if depth == 0:
                    return m
    raise AssertionError("unbalanced plugs")


def transitions(state: int, code: CellCode) -> tuple[tuple[int, int, int], ...]:
    """Every (next state, edges, tiles gained) from ``state`` over a cell of ``code``.

    ``edges`` has bit 0 set for an edge down and bit 1 for an edge right. The compiled kernel
    (:mod:`.kernel`) is a line-by-line copy of this function; the tests hold them equal.
    """
    width, j, kind, down_ok, right_ok, longest = code
    done = done_state(width)
    flag = 1 << (2 * width + 2)
    plug_mask = flag - 1
    last = j == width - 1
    shift = 2 * j
    out: list[tuple[int, int, int]] = []

    if state == done:
        if kind == NONE:
            return ((done, 0, 0),)
        if longest and kind != FIXED_END:
            return ((done, 0, 0),)
        return ()

    left, up = (state >> shift) & 3, (state >> (shift + 2)) & 3
    cleared = state & ~(15 << shift)  # this cell's two plugs removed
    free_used = state & flag

    def emit(s: int, edges: int, gain: int) -> None:
        if last:
            if s & (3 << (2 * width)):
                return
            s = ((s << 2) & plug_mask) | (s & flag)
        out.append((s, edges, gain))

    def set_plug(s: int, k: int, value: int) -> int:
        return (s & ~(3 << (2 * k))) | (value << (2 * k))

    if kind == NONE:
        if left or up:
            return ()
        emit(cleared, 0, 0)
        return tuple(out)

    if kind == FIXED_END or (kind == MAYBE_END and not free_used):
        base = cleared | (flag if kind == MAYBE_END else 0)
        if not left and not up:
            if down_ok:
                emit(base | (3 << shift), 1, 1)
            if right_ok:
                emit(base | (3 << (shift + 2)), 2, 1)
        elif not left or not up:
            a = left or up
            if a == 3:
                if not (cleared & plug_mask):
                    out.append((done, 0, 1))  # the last piece: the whole path is drawn
            else:
                mate = partner(state, j if left else j + 1, width)
                emit(set_plug(base, mate, 3), 0, 1)
        if kind == FIXED_END:
            return tuple(out)

    # An ordinary tile: two edges (or, in longest mode, none at all).
    if not left and not up:
        if down_ok and right_ok:
            emit(cleared | (1 << shift) | (2 << (shift + 2)), 3, 1)
        if longest:
            emit(cleared, 0, 0)
    elif not left or not up:
        a = left or up
        if down_ok:
            emit(cleared | (a << shift), 1, 1)
        if right_ok:
            emit(cleared | (a << (shift + 2)), 2, 1)
    elif left == 3 and up == 3:
        if not (cleared & plug_mask):
            out.append((done, 0, 1))
    elif left == 1 and up == 2:
        pass  # the two ends of one fragment: a cycle
    elif left == 2 and up == 1:
        emit(cleared, 0, 1)
    elif left == 1 and up == 1:
        emit(set_plug(cleared, partner(state, j + 1, width), 1), 0, 1)
    elif left == 2 and up == 2:
        emit(set_plug(cleared, partner(state, j, width), 2), 0, 1)
    else:  # one is 3, the other a bracket: the bracket's mate now leads to an endpoint
        k = j + 1 if left == 3 else j
        emit(set_plug(cleared, partner(state, k, width), 3), 0, 1)
    return tuple(out)
