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

from gridsight.solvers.cellnames import name_of
from gridsight.solvers.tile_path.board import neighbours

Pos = tuple[int, int]


@dataclass(frozen=True)
class Proof:
    """Why no walk exists: ``kind`` (``parity``, ``connectivity``, ``dead-ends``,
    ``articulation``, ``search``), a sentence for the player, and the cells it is about."""

    kind: str
    text: str
    cells: tuple[Pos, ...] = ()


def where(pos: Pos) -> str:
    """A tile as a person reads it (:func:`gridsight.solvers.cellnames.name_of`)."""
    return name_of(pos)


def _reachable(tiles: frozenset[Pos], seed: Pos, removed: Pos | None = None) -> set[Pos]:
    """The tiles connected to ``seed`` (``removed`` taken out first)."""
    part = {seed}
    todo = [seed]
    while todo:
        for nxt in neighbours(todo.pop(), tiles):
            if nxt not in part and nxt != removed:
                part.add(nxt)
                todo.append(nxt)
    return part


def _components(tiles: frozenset[Pos], removed: Pos | None = None) -> list[set[Pos]]:
    """The connected pieces of ``tiles`` (``removed`` taken out), in linear time."""
    parts: list[set[Pos]] = []
    seen: set[Pos] = set()
    for seed in sorted(tiles):
        if seed in seen or seed == removed:
            continue
        part = _reachable(tiles, seed, removed)
        seen |= part
        parts.append(part)
    return parts


def connectivity_proof(tiles: frozenset[Pos], start: Pos) -> Proof | None:
    reached = _reachable(tiles, start)
    if len(reached) == len(tiles):
        return None
    cut = sorted(tiles - reached)
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


def _cut_pieces(
    tiles: frozenset[Pos], root: Pos
) -> tuple[dict[Pos, int], dict[Pos, int], dict[Pos, list[Pos]]]:
    """One depth-first search from ``root`` over its piece of ``tiles``: the discovery order of
    each tile, the size of its subtree, and for each tile the children whose subtrees it cuts
    off (all of the root's children; for another tile, those with no edge above it). A tile
    with cut-off children splits the piece into those subtrees plus, unless it is the root,
    the part holding the root. Linear in the number of tiles."""
    order: dict[Pos, int] = {root: 0}
    low: dict[Pos, int] = {root: 0}
    size: dict[Pos, int] = {}
    cut_off: dict[Pos, list[Pos]] = {}
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
            size[node] = len(order) - order[node]  # every tile found since is below it
            if parent is not None:
                low[parent] = min(low[parent], low[node])
                if parent == root or low[node] >= order[parent]:
                    cut_off.setdefault(parent, []).append(node)
    return order, size, cut_off


def articulation_proof(tiles: frozenset[Pos], start: Pos, end: Pos | None) -> Proof | None:
    """The first tile (in reading order) that cuts the tiles in pieces a walk cannot all
    visit. Assumes the tiles are connected (:func:`quick_proof` checks that first)."""
    order, size, cut_off = _cut_pieces(tiles, start)
    for cut in sorted(cut_off):
        pieces = len(cut_off[cut]) + (0 if cut == start else 1)
        if pieces < 2:
            continue
        if cut in (start, end):
            which = "Link's tile" if cut == start else "the end tile"
            return Proof(
                "articulation",
                f"{which} at {where(cut)} cuts the other tiles in {pieces} pieces, but the "
                "walk leaves it (or reaches it) only once",
                (cut,),
            )
        if pieces > 2:
            return Proof(
                "articulation",
                f"the tile at {where(cut)} cuts the others in {pieces} pieces; the walk "
                "crosses it once, so it can visit at most two of them",
                (cut,),
            )
        # Two pieces: the subtree cut off, and the part holding Link's tile.
        child = cut_off[cut][0]
        if end is not None and not order[child] <= order.get(end, -1) < order[child] + size[child]:
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
