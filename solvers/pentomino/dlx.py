"""Exact cover by Knuth's Algorithm X with Dancing Links.

An exact cover problem is a 0/1 matrix; a solution is a set of rows with exactly one 1 in each
column. Algorithm X picks a column, tries each row that covers it, removes every row that
clashes with the choice, and recurses; Dancing Links keeps the matrix as circular doubly
linked lists so removing and restoring a row or column is a few pointer moves. The column
chosen is always one with the fewest rows left (Knuth's "S heuristic"): it fails fastest and
branches least.

Columns may have a *need* above 1 (a pentomino set with two copies of a piece: its column must
be covered twice). Such a column is never branched on while its need is above 1; each chosen
row lowers its need, and when the need reaches 1 it becomes an ordinary column. The other
columns (the cells of the shape) then guarantee that every solution is found exactly once.

>>> ec = ExactCover(3, [[0, 1], [2], [1, 2], [0]])
>>> sorted(sorted(s) for s in ec.solutions())
[[0, 1], [2, 3]]
>>> ec.count()
2
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gridsight.solvers.limit import Meter

_CHECK_EVERY = 1024  # nodes between two looks at the meter


class ExactCover:
    """The Dancing Links matrix of ``rows`` (each a list of column numbers) over ``columns``.

    ``need[c]`` is how many chosen rows must cover column ``c`` (default 1 for every column).
    ``stats["nodes"]`` counts the search nodes visited, across calls.
    """

    def __init__(
        self, columns: int, rows: Sequence[Sequence[int]], need: Sequence[int] | None = None
    ):
        self.columns = columns
        self.rows = [tuple(row) for row in rows]
        self.need = list(need) if need is not None else [1] * columns
        if len(self.need) != columns:
            raise ValueError("need must give one number per column")
        # Node 0 is the root; nodes 1..columns are the column headers; then one node per 1.
        root_and_headers = columns + 1
        self.left = list(range(-1, columns))
        self.left[0] = columns
        self.right = [(i + 1) % root_and_headers for i in range(root_and_headers)]
        self.up = list(range(root_and_headers))
        self.down = list(range(root_and_headers))
        self.col = list(range(root_and_headers))
        self.row_of = [-1] * root_and_headers
        self.size = [0] * root_and_headers
        for r, row in enumerate(self.rows):
            if not row:
                raise ValueError(f"row {r} covers no column")
            first = None
            for c in row:
                if not 0 <= c < columns:
                    raise ValueError(f"row {r} names column {c} outside 0..{columns - 1}")
                header = c + 1
                node = len(self.col)
                self.col.append(header)
                self.row_of.append(r)
                self.up.append(self.up[header])
                self.down.append(header)
                self.down[self.up[header]] = node
                self.up[header] = node
                self.size[header] += 1
                if first is None:
                    first = node
                    self.left.append(node)
                    self.right.append(node)
                else:
                    self.left.append(self.left[first])
                    self.right.append(first)
                    self.right[self.left[first]] = node
                    self.left[first] = node
        self.remaining_need = [0] + self.need  # indexed by header node
        self.stats = {"nodes": 0}
        self._node_of_row = [-1] * len(self.rows)
        for node in range(root_and_headers, len(self.col)):  # a node in a need-1 column
            if self._node_of_row[self.row_of[node]] == -1 and self.need[self.col[node] - 1] == 1:
                self._node_of_row[self.row_of[node]] = node

    # -- the dance ----------------------------------------------------------------------

    def _cover(self, c: int) -> None:
        left, right, up, down, col, size = (
            self.left, self.right, self.up, self.down, self.col, self.size)
        right[left[c]] = right[c]
        left[right[c]] = left[c]
        i = down[c]
        while i != c:
            j = right[i]
            while j != i:
                up[down[j]] = up[j]
                down[up[j]] = down[j]
                size[col[j]] -= 1
                j = right[j]
            i = down[i]

    def _uncover(self, c: int) -> None:
        left, right, up, down, col, size = (
            self.left, self.right, self.up, self.down, self.col, self.size)
        i = up[c]
        while i != c:
            j = left[i]
            while j != i:
                size[col[j]] += 1
                up[down[j]] = j
                down[up[j]] = j
                j = left[j]
            i = up[i]
        right[left[c]] = c
        left[right[c]] = c

    def _choose(self, r: int) -> None:
        """Take row node ``r``, whose column is already covered (which also took the row out of
        its other columns): cover each other column, or count it down if it needs more rows."""
        right, col, need = self.right, self.col, self.remaining_need
        j = right[r]
        while j != r:
            c = col[j]
            if need[c] > 1:
                need[c] -= 1
            else:
                self._cover(c)
            j = right[j]

    def _unchoose(self, r: int) -> None:
        """Undo :meth:`_choose`. A column still linked was counted down; one unlinked, covered."""
        left, right, col, need = self.left, self.right, self.col, self.remaining_need
        j = left[r]
        while j != r:
            c = col[j]
            if right[left[c]] == c:
                need[c] += 1
            else:
                self._uncover(c)
            j = left[j]

    # -- the search ---------------------------------------------------------------------

    def _best_column(self) -> int:
        """The branchable column with the fewest rows (0 when every column is done)."""
        right, size, need = self.right, self.size, self.remaining_need
        best, best_size = 0, 1 << 62
        c = right[0]
        while c != 0:
            if need[c] == 1 and size[c] < best_size:
                best, best_size = c, size[c]
                if best_size == 0:
                    break
            c = right[c]
        return best

    def _search(self, chosen: list[int], meter: Meter | None) -> Iterator[list[int]]:
        self.stats["nodes"] += 1
        if meter is not None and self.stats["nodes"] % _CHECK_EVERY == 0:
            meter.count(_CHECK_EVERY)
            meter.check()
        c = self._best_column()
        if c == 0:
            if self.right[0] == 0:  # every column covered (not merely none branchable)
                yield [self.row_of[n] for n in chosen]
            return
        # try/finally: a caller that stops early (a count, the limit) leaves the matrix whole.
        self._cover(c)
        try:
            r = self.down[c]
            while r != c:
                chosen.append(r)
                self._choose(r)
                try:
                    yield from self._search(chosen, meter)
                finally:
                    self._unchoose(r)
                    chosen.pop()
                r = self.down[r]
        finally:
            self._uncover(c)

    def solutions(
        self, meter: Meter | None = None, fixed: Sequence[int] = ()
    ) -> Iterator[list[int]]:
        """Yield every exact cover as a list of row numbers (``fixed`` rows forced in first).

        Stops early, raising :class:`~gridsight.solvers.limit.LimitReached`, once ``meter`` is reached;
        the matrix is restored in every case, so the object can be searched again.
        """
        chosen: list[int] = []
        taken: list[int] = []
        if meter is not None:  # a limit already spent stops it at once (docs/limits.md)
            meter.check()
        try:
            for row in fixed:
                node = self._node_of_row[row]
                if not self._row_available(node):
                    return
                self._cover(self.col[node])
                self._choose(node)
                taken.append(node)
                chosen.append(node)
            yield from self._search(chosen, meter)
        finally:
            for node in reversed(taken):
                self._unchoose(node)
                self._uncover(self.col[node])

    def _row_available(self, node: int) -> bool:
        """Is the row of ``node`` still in the matrix (all its columns open)?"""
        c = self.col[node]
        i = self.down[c]
        while i != c:
            if i == node:
                return self.right[self.left[c]] == c
            i = self.down[i]
        return False

    def first(self, meter: Meter | None = None, fixed: Sequence[int] = ()) -> list[int] | None:
        """One exact cover, or ``None`` if there is none (``LimitReached`` if cut short)."""
        for solution in self.solutions(meter, fixed):
            return solution
        return None

    def count(self, limit: int | None = None, meter: Meter | None = None) -> int:
        """How many exact covers (stopping at ``limit``); ``LimitReached`` if cut short."""
        total = 0
        for _ in self.solutions(meter):
            total += 1
            if limit is not None and total >= limit:
                break
        return total
