"""A read must not depend on what the process read before: real-look Disco Zoo screens read
each in a fresh process, then all in one process in two orders; every screen whose read
(text, warnings, unread list; with no options and with ``--animals``) differs is printed.

``GRIDSIGHT_OCR=off PYTHONPATH=. python bench/bench_order.py --seed 1162000 --screens 20 --widest``
(``--seed 7000 --screens 10`` for the everyday look; ``--only 9`` reads only seed + 9 fresh
and the rest before it; ``--workers`` the fresh reads' processes; ``--save F`` writes the fresh
reads, to compare two trees'). Screen ``seed + k`` is the one tests/test_disco_zoo_screens.py
draws at ``--seed seed``, k-th: not the one it draws first at ``--seed seed+k`` (every eighth
k buys attempts, another draw of the generator: session 42's 1162009 "read WRONG in a run,
asked alone" was two screens, 0.86x and 0.99x). A difference means a memo
keyed on less than what its answer depends on (the reader keeps many in the process).
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _paths() -> None:
    for path in (ROOT / "tests", ROOT):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))


def signature(k: int, base: int, wider: bool, widest: str) -> tuple:
    """Screen ``base + k`` read as tests/test_disco_zoo_screens.py reads it: everything the
    reads say (no options: text, warnings, unread, the request, the refusal; ``--animals``:
    text, warnings, unread), or the refusal's words."""
    _paths()
    from test_disco_zoo_screens import _real_read

    try:
        one = _real_read(k, base, (0.5, 3.0), wider, widest)
    except Exception as error:  # a refusal (board not found, read refused) is a read too
        return ("raised", type(error).__name__, str(error))
    import hashlib

    import numpy as np

    drawn = hashlib.sha1(np.ascontiguousarray(one.shot.image).tobytes()).hexdigest()[:12]
    return (one.plain, one.plain_warnings, one.plain_unread, one.asked, one.refused,
            one.read, one.warnings, one.unread, f"{drawn} at {one.scale:.4f}")


def in_order(ks: list[int], base: int, wider: bool, widest: str) -> dict[int, tuple]:
    """Every screen of ``ks`` read one after the other in this process."""
    return {k: signature(k, base, wider, widest) for k in ks}


def _fresh(k: int, base: int, wider: bool, widest: str) -> tuple:
    return signature(k, base, wider, widest)


def differences(name: str, fresh: dict[int, tuple], run: dict[int, tuple], base: int) -> list:
    """Lines naming each screen whose read in ``run`` is not its fresh read, and what
    differs."""
    fields = ("plain", "plain warnings", "plain unread", "asked", "refused", "read",
              "warnings", "unread", "drawn")
    lines = []
    for k, alone in fresh.items():
        got = run[k]
        if got == alone:
            continue
        lines.append(f"{name}: {base + k} differs from its fresh read")
        for field, a, b in zip(fields, alone, got):
            if a != b:
                lines.append(f"  {field}: fresh {a!r}\n  {' ' * len(field)}  {name} {b!r}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1_162_000)
    parser.add_argument("--screens", type=int, default=20)
    parser.add_argument("--wider", action="store_true")
    parser.add_argument("--widest", nargs="?", const="all", default="")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", type=int, nargs="*", default=None,
                        help="compare only these screens (k) fresh; the orders still read all")
    parser.add_argument("--orders", default="up,down",
                        help="the in-process orders: up, down, odd (odd ks first), or a "
                             "list of ks joined by '.' (e.g. 8.9); '' none")
    parser.add_argument("--save", default="",
                        help="write the fresh reads here (JSON), to compare two trees' reads")
    options = parser.parse_args(argv)
    ks = list(range(options.screens))
    wanted = ks if options.only is None else options.only
    args = dict(base=options.seed, wider=options.wider, widest=options.widest)
    with ProcessPoolExecutor(options.workers, mp_context=get_context("spawn"),
                             max_tasks_per_child=1) as pool:
        fresh = dict(zip(wanted, pool.map(partial(_fresh, **args), wanted)))
        orders = {}
        for name in filter(None, options.orders.split(",")):
            if name == "up":
                order = ks
            elif name == "down":
                order = ks[::-1]
            elif name == "odd":
                order = ks[1::2] + ks[::2]
            else:
                order = [int(k) for k in name.split(".")]
            orders[name] = pool.submit(in_order, order, **args)
        lines = []
        for name, job in orders.items():
            run = job.result()
            lines += differences(name, {k: v for k, v in fresh.items() if k in run}, run,
                                 options.seed)
    if options.save:
        import json

        from gridsight.safefiles import write_file

        write_file(options.save, json.dumps({options.seed + k: v for k, v in fresh.items()},
                                            indent=1, default=list))
    print("\n".join(lines) if lines else "no read differs from its fresh read")
    print(f"{len(wanted)} screens fresh; orders {options.orders}")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
