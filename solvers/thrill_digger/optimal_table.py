"""The shipped table of the top of the beginner tree, and the command that builds it.

Below a few digs, the exact search of :mod:`gridsight.solvers.thrill_digger.optimal` answers a board in
milliseconds; near the top, one answer needs most of the tree (the empty board: 3 million
states, about 10 s compiled, far longer in Python). So the values of every state a player can
reach within :data:`TABLE_DEPTH` digs (no colour unseen) are computed once and shipped, for
both models: a board with fewer digs than that is answered by table lookups alone, a deeper
one by a search below it.

Build it (numba makes it about a minute; pure Python takes far longer)::

    python -m gridsight.solvers.thrill_digger.optimal_table            # writes TABLE_PATH
    python -m gridsight.solvers.thrill_digger.optimal_table --depth 2 --out /tmp/t.npz

The file holds, per model, the sorted canonical keys (``int64``) and their values
(``float64``, the exact search's numbers to the last bit): ``<model>_keys``,
``<model>_values``, and ``depth``. It is read as it is stored (:class:`ShippedTable`, a
binary search in the sorted keys, the file read on the first lookup it can answer), not turned
into a dict: building a dict of its 236,722 entries per model took 0.12 s of CPU, reading the
arrays 0.015 s, so a fresh process answers a board within the table's reach in milliseconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path

import numpy as np

from gridsight.solvers.engines import ENGINES
from gridsight.solvers.thrill_digger.layouts import (
    BOMB_OUTCOME,
    UNDUG_CODE,
    LayoutSpace,
    layout_space,
)
from gridsight.solvers.thrill_digger.optimal import ExactPlay, rupees_dug
from gridsight.solvers.thrill_digger.rules import BEGINNER

TABLE_DEPTH = 5
TABLE_PATH = Path(__file__).resolve().parent / "data" / "optimal-beginner.npz"
MODELS = ("game", "uniform")


def reachable_states(space: LayoutSpace, depth: int) -> list[dict[int, tuple[int, np.ndarray]]]:
    """Every state reachable in ``d`` digs for ``d = 0..depth`` (no bomb dug, colours seen),
    one per mirror class: ``levels[d][canonical key] = (key, layouts that fit)``."""
    fits = np.ones(len(space.outcomes), dtype=bool)
    levels = [{space.canonical(0)[0]: (0, fits)}]
    for _ in range(depth):
        found: dict[int, tuple[int, np.ndarray]] = {}
        for key, fits in levels[-1].values():
            if rupees_dug(key, space.holes) == space.rupees:
                continue
            for h in range(space.holes):
                if (key >> (3 * h)) & 7 != UNDUG_CODE:
                    continue
                shown = space.outcomes[:, h]
                for o in np.unique(shown[fits]):
                    if o == BOMB_OUTCOME:
                        continue
                    child_key = key | ((int(o) + 1) << (3 * h))
                    canon = space.canonical(child_key)[0]
                    if canon not in found:
                        found[canon] = (child_key, fits & (shown == o))
        levels.append(found)
    return levels


def build_table(
    space: LayoutSpace, depth: int, play: ExactPlay | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """The sorted canonical keys of every state within ``depth`` digs and their values."""
    play = play or ExactPlay(space)
    keys, values = [], []
    for level in reachable_states(space, depth):
        for canon, (key, fits) in level.items():
            left = space.rupees - rupees_dug(key, space.holes)
            keys.append(canon)
            values.append(play.state_value(key, fits, left)[0])
    order = np.argsort(np.array(keys, dtype=np.int64))
    return np.array(keys, dtype=np.int64)[order], np.array(values, dtype=np.float64)[order]


#: Every hole's 3 key bits (:mod:`gridsight.solvers.thrill_digger.layouts`): the lowest bit of each.
_LOW_BITS = int("001" * 21, 2)


def digs(key: int) -> int:
    """How many holes of the state ``key`` are dug (non-zero 3-bit codes).

    >>> digs(0), digs(0b110_000_001), digs(0b111 << 60)
    (0, 2, 1)
    """
    return ((key | key >> 1 | key >> 2) & _LOW_BITS).bit_count()


class ShippedTable(Mapping[int, float]):
    """The shipped table of one model: its sorted keys and their values, looked up by
    bisection, read from the file on the first lookup of a state it can hold (at most
    :data:`TABLE_DEPTH` digs). A board dug deeper than that never reads it (a beginner
    ``gridsight solve`` of a board 6 digs deep paid 35 ms to build a dict of its 44,000
    entries, none of which it could use).

    >>> table = ShippedTable.of(np.array([0, 5, 9]), np.array([0.5, 1.5, 2.5]))
    >>> table.get(5), table.get(4), 9 in table, len(table), list(table)
    (1.5, None, True, 3, [0, 5, 9])
    >>> lazy = ShippedTable(TABLE_PATH, "game")
    >>> lazy.get(int("001" * 6, 2)), lazy._keys is None  # 6 digs: the file is not read
    (None, True)
    """

    def __init__(self, path: Path, model: str, depth: int = TABLE_DEPTH):
        self.path, self.model, self.depth = path, model, depth
        self._keys: np.ndarray | None = None
        self._values: np.ndarray | None = None

    @classmethod
    def of(cls, keys: np.ndarray, values: np.ndarray, depth: int = 64) -> "ShippedTable":
        """A table of these sorted ``keys`` and their ``values`` (no file)."""
        table = cls(Path(), "", depth)
        table._keys = np.ascontiguousarray(keys, dtype=np.int64)
        table._values = np.ascontiguousarray(values, dtype=np.float64)
        return table

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        if self._keys is None or self._values is None:
            with np.load(self.path) as data:
                self._keys = np.ascontiguousarray(data[f"{self.model}_keys"], dtype=np.int64)
                self._values = np.ascontiguousarray(data[f"{self.model}_values"],
                                                    dtype=np.float64)
        return self._keys, self._values

    def __getitem__(self, key: int) -> float:
        if digs(key) > self.depth:
            raise KeyError(key)
        keys, values = self._arrays()
        i = int(np.searchsorted(keys, key))
        if i < len(keys) and int(keys[i]) == key:
            return float(values[i])
        raise KeyError(key)

    def __bool__(self) -> bool:
        return True

    def __len__(self) -> int:
        return len(self._arrays()[0])

    def __iter__(self) -> Iterator[int]:
        return iter(self._arrays()[0].tolist())


@lru_cache(maxsize=None)
def load_table(model: str, path: Path = TABLE_PATH) -> Mapping[int, float]:
    """The shipped table of ``model`` (empty when the file is missing); its file is read on
    the first lookup it can answer."""
    if not path.exists():
        return {}
    return ShippedTable(path, model)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gridsight.solvers.thrill_digger.optimal_table",
        description="Build the table of exact optimal values at the top of the beginner "
        "Thrill Digger tree (both models).",
    )
    parser.add_argument("--depth", type=int, default=TABLE_DEPTH,
                        help=f"holes dug at most (default {TABLE_DEPTH})")
    parser.add_argument("--out", type=Path, default=TABLE_PATH, help="the .npz file to write")
    parser.add_argument("--engine", choices=ENGINES, default="auto")
    options = parser.parse_args(argv)
    arrays: dict[str, np.ndarray] = {"depth": np.array(options.depth)}
    for model in MODELS:
        start = time.process_time()
        space = layout_space(BEGINNER, model)
        keys, values = build_table(space, options.depth, ExactPlay(space, engine=options.engine))
        arrays[f"{model}_keys"], arrays[f"{model}_values"] = keys, values
        print(f"{model}: {len(keys):,} states within {options.depth} digs, empty board "
              f"{values[np.searchsorted(keys, 0)]:.6f}, {time.process_time() - start:.1f} s CPU",
              file=sys.stderr)
    import io

    from gridsight.safefiles import write_file

    packed = io.BytesIO()
    np.savez_compressed(packed, **arrays)
    write_file(options.out, packed.getvalue())  # a build killed now leaves the old table whole
    print(f"wrote {options.out} ({options.out.stat().st_size / 1024:.0f} KiB)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
