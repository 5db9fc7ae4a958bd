"""Counts by number of mines: lists of exact integers indexed by the mine count.

A list ``ways`` with ``ways[k]`` = the number of assignments holding ``k`` mines is a
polynomial in the mine count; putting two independent parts together multiplies them
(a convolution), which is the "DP over mine counts" of the analysis.

>>> convolve([1, 2, 1], [1, 1])
[1, 3, 3, 1]
>>> add([1, 2], [0, 0, 5])
[1, 2, 5]
>>> shift([1, 1], 2)
[0, 0, 1, 1]
"""

from __future__ import annotations

from collections.abc import Sequence


def convolve(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """``c[k] = sum(a[i] * b[k - i])``: the counts of two independent parts together."""
    if not a or not b:
        return []
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def add(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The element-wise sum, padding the shorter list with zeros."""
    if len(a) < len(b):
        a, b = b, a
    out = list(a)
    for i, y in enumerate(b):
        out[i] += y
    return out


def shift(a: Sequence[int], by: int) -> list[int]:
    """``by`` more mines in every assignment: the list moved ``by`` places up."""
    return [0] * by + list(a)


def product(parts: Sequence[Sequence[int]]) -> list[int]:
    """The convolution of every list in ``parts`` (``[1]``, one empty assignment, for none)."""
    out: list[int] = [1]
    for part in parts:
        out = convolve(out, part)
    return out


def all_but_one(parts: Sequence[Sequence[int]]) -> list[list[int]]:
    """For each ``i``, the product of every part but ``parts[i]`` (prefix and suffix products,
    so ``2n`` convolutions rather than ``n^2``).

    >>> all_but_one([[1, 1], [1, 2], [3]])
    [[3, 6], [3, 3], [1, 3, 2]]
    """
    n = len(parts)
    prefix: list[list[int]] = [[1]]
    for part in parts:
        prefix.append(convolve(prefix[-1], part))
    suffix: list[list[int]] = [[1]] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = convolve(suffix[i + 1], parts[i])
    return [convolve(prefix[i], suffix[i + 1]) for i in range(n)]
