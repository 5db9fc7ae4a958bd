"""Quick impossibility proofs: short arguments that settle a board before any search.

Each check looks at the tiles the walk must cover (Link's tile plus every uncrossed tile), the
tile it starts from and the tile it must end on (if any), and either returns a :class:`Proof`
in words or ``None`` (no quick argument applies; the frontier search decides). They are sound:
a proof is returned only when no full walk can exist.

- **connectivity**: every tile must be reachable from Link's tile.
- **parity**: colour the board like a chessboard; a walk alternates colours, so a walk over
  ``n`` tiles from a dark tile crosses ``ceil(n / 2)`` dark and ``floor(n / 2)`` light ones,
  and ends on a dark tile exactly when ``n`` is odd.
- **dead-ends**: a tile with a single neighbour can only be the last one of the walk.
- **articulation**: a tile whose removal cuts the rest in pieces is crossed once, so the walk
  can visit at most the piece it comes from and the piece it goes on to.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.tile_path.board import neighbours

Pos = tuple[int, int]


@dataclass(frozen=True)
class Proof:
    """Why no walk exists: ``kind`` (``parity``, ``connectivity``, ``dead-ends``,
    ``articulation``, ``search``), a sentence for the player, and the cells it is about."""

    kind: str
    text: str
    cells: tuple[Pos, ...] = ()


def where(pos: Pos) -> str:
    return f"row {pos[0]}, col {pos[1]}"


def _components(tiles: frozenset[Pos], removed: Pos | None = None) -> list[set[Pos]]:
    left = set(tiles)
    if removed is not None:
        left.discard(removed)
    parts: list[set[Pos]] = []
    while left:
        seed = min(left)
        part = {seed}
        todo = [seed]
        while todo:
            for nxt in neighbours(todo.pop(), left):
                if nxt not in part:
                    part.add(nxt)
                    todo.append(nxt)
        left -= part
        parts.append(part)
    return parts


def connectivity_proof(tiles: frozenset[Pos], start: Pos) -> Proof | None:
    parts = _components(tiles)
    if len(parts) == 1:
        return None
    cut = sorted(t for part in parts if start not in part for t in part)
    return Proof(
        "connectivity",
        f"{len(cut)} tile(s) cannot be reached from Link's tile at all, "
        f"e.g. the tile at {where(cut[0])}",
        tuple(cut),
    )


def colour_counts(tiles: frozenset[Pos], start: Pos) -> tuple[int, int]:
    """How many tiles share the start tile's chessboard colour, and how many do not."""
    same = sum(1 for r, c in tiles if (r + c) % 2 == sum(start) % 2)
    return same, len(tiles) - same


def parity_proof(tiles: frozenset[Pos], start: Pos, end: Pos | None) -> Proof | None:
    n = len(tiles)
    same, other = colour_counts(tiles, start)
    need_same, need_other = (n + 1) // 2, n // 2
    if (same, other) != (need_same, need_other):
        return Proof(
            "parity",
            "colour the tiles like a chessboard: each move changes colour, so a walk over all "
            f"{n} tiles from Link's tile crosses {need_same} of its colour and {need_other} of "
            f"the other, but there are {same} and {other}",
        )
    if end is not None and (sum(end) % 2 == sum(start) % 2) != (n % 2 == 1):
        colour = "Link's colour" if n % 2 == 1 else "the other colour"
        return Proof(
            "parity",
            "colour the tiles like a chessboard: each move changes colour, so a walk over all "
            f"{n} tiles ends on {colour}, but the end tile at {where(end)} is not",
            (end,),
        )
    return None


def dead_end_proof(tiles: frozenset[Pos], start: Pos, end: Pos | None) -> Proof | None:
    if len(tiles) < 3:
        return None
    dead = sorted(t for t in tiles if t != start and len(neighbours(t, tiles)) == 1)
    if end is not None:
        dead = [t for t in dead if t != end]
        allowed = 0
    else:
        allowed = 1
    if len(dead) <= allowed:
        return None
    shown = ", ".join(where(t) for t in dead[:4])
    reason = "and the walk must end on the end tile" if end is not None else "but only one can be"
    return Proof(
        "dead-ends",
        f"{len(dead)} tile(s) have a single neighbour ({shown}), so each must be the last "
        f"tile of the walk, {reason}",
        tuple(dead),
    )


def articulation_tiles(tiles: frozenset[Pos]) -> list[Pos]:
    """The tiles whose removal disconnects their piece of the board (Tarjan's low-link
    depth-first search, iterative so large boards do not hit the recursion limit)."""
    order: dict[Pos, int] = {}
    low: dict[Pos, int] = {}
    cuts: set[Pos] = set()
    for root in sorted(tiles):
        if root in order:
            continue
        order[root] = low[root] = len(order)
        root_children = 0
        stack = [(root, None, iter(neighbours(root, tiles)))]
        while stack:
            node, parent, todo = stack[-1]
            for nxt in todo:
                if nxt not in order:
                    order[nxt] = low[nxt] = len(order)
                    stack.append((nxt, node, iter(neighbours(nxt, tiles))))
                    break
                if nxt != parent:
                    low[node] = min(low[node], order[nxt])
            else:
                stack.pop()
                if parent is not None:
                    low[parent] = min(low[parent], low[node])
                    if parent == root:
                        root_children += 1
                    elif low[node] >= order[parent]:
                        cuts.add(parent)
        if root_children > 1:
            cuts.add(root)
    return sorted(cuts)


def articulation_proof(tiles: frozenset[Pos], start: Pos, end: Pos | None) -> Proof | None:
    for cut in articulation_tiles(tiles):
        parts = _components(tiles, cut)
        if len(parts) < 2:
            continue
        if cut in (start, end):
            which = "Link's tile" if cut == start else "the end tile"
            return Proof(
                "articulation",
                f"{which} at {where(cut)} cuts the other tiles in {len(parts)} pieces, but the "
                "walk leaves it (or reaches it) only once",
                (cut,),
            )
        if len(parts) > 2:
            return Proof(
                "articulation",
                f"the tile at {where(cut)} cuts the others in {len(parts)} pieces; the walk "
                "crosses it once, so it can visit at most two of them",
                (cut,),
            )
        if end is not None and any(start in p and end in p for p in parts):
            return Proof(
                "articulation",
                f"the tile at {where(cut)} cuts the others in two pieces, and Link's tile and "
                "the end tile are in the same one: the walk cannot come back to the other",
                (cut,),
            )
    return None


def quick_proof(tiles: frozenset[Pos], start: Pos, end: Pos | None = None) -> Proof | None:
    """The first quick argument that no walk covers ``tiles`` from ``start``, or ``None``."""
    if len(tiles) == 1:
        return None
    return (
        connectivity_proof(tiles, start)
        or parity_proof(tiles, start, end)
        or dead_end_proof(tiles, start, end)
        or articulation_proof(tiles, start, end)
    )
