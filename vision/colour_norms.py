"""Colour distances pixel by pixel, worked out channel by channel.

``np.linalg.norm(differences, axis=-1)`` over an image's pixels makes temporaries of every
pixel's three values and costs several times the arithmetic. The readers' hot loops (the
panels' search over a desktop's regions, a card's text lines, two sprites' palettes) take the
norms here instead: each channel's difference squared as a plane of its own and the squares
added channel after channel, the order NumPy's norm adds them in, so the values are the same
to the last bit.

>>> import numpy as np
>>> d = np.random.default_rng(0).normal(size=(4, 5, 3)).astype(np.float32)
>>> bool(np.array_equal(norms(d), np.linalg.norm(d, axis=-1)))
True
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np


def squares(parts: Iterable[np.ndarray], *, in_place: bool = False) -> np.ndarray:
    """The sum of the squares of ``parts`` (a colour difference's channels, in order, each
    an array of one shape), added channel after channel. ``in_place``: the parts are the
    caller's own fresh arrays (differences just taken), squared where they are, which saves
    an array a channel; else they are left as they are (views of a picture, say)."""
    total: np.ndarray | None = None
    for part in parts:
        square = np.multiply(part, part, out=part) if in_place else part * part
        total = square if total is None else np.add(total, square, out=total)
    if total is None:
        raise ValueError("no channels to add")
    return total


def norms(vectors: np.ndarray) -> np.ndarray:
    """``np.linalg.norm(vectors, axis=-1)`` of vectors of three (a colour difference per
    pixel), the same values (see the module docstring)."""
    return np.sqrt(squares(vectors[..., c] for c in range(3)))
