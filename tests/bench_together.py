"""Run several ``bench/`` scripts one after another in this one process (``tests/test_bench.py``).

``python tests/bench_together.py OUT SCRIPT [ARGS...] -- SCRIPT [ARGS...] ...`` runs each
script as ``__main__`` (:func:`runpy.run_path`) with its own ``sys.argv``, its standard output
and error sent (at the file-descriptor level, so a child process's output goes there too) to
``OUT/SCRIPT.out`` and ``OUT/SCRIPT.err``, and writes its exit status to ``OUT/SCRIPT.rc`` (and
its CPU seconds, its processes' included, to ``OUT/SCRIPT.cpu``: which smallest run costs what): a
script that raises has its traceback in its ``.err`` and status 1, and the next script still
runs. Why: each script alone is a fresh interpreter that imports gridsight and its extras and
warms the same memos (the glyph tables, the compiled kernels' caches) before its own work;
run together, the scripts that read screens share that once.
"""

from __future__ import annotations

import os
import resource
import runpy
import sys
import time
import traceback
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _run_one(script: str, args: list[str], out: Path) -> int:
    """Run ``bench/SCRIPT`` with ``args`` as ``__main__``; its exit status."""
    argv, path = sys.argv[:], sys.path[:]
    sys.argv = [str(BENCH / script), *args]
    sys.path.insert(0, str(BENCH))
    try:
        runpy.run_path(str(BENCH / script), run_name="__main__")
        return 0
    except SystemExit as stop:
        code = stop.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code, file=sys.stderr)
        return 1
    except BaseException:  # noqa: BLE001 (any failure is the script's: reported, not raised)
        traceback.print_exc()
        return 1
    finally:
        sys.argv[:], sys.path[:] = argv, path


def _cpu() -> float:
    """CPU seconds of this process and of the processes it has waited for."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def main(argv: list[str]) -> None:
    out = Path(argv[0])
    groups: list[list[str]] = [[]]
    for word in argv[1:]:
        if word == "--":
            groups.append([])
        else:
            groups[-1].append(word)
    saved = os.dup(1), os.dup(2)
    for script, *args in (g for g in groups if g):
        with open(out / f"{script}.out", "wb") as o, open(out / f"{script}.err", "wb") as e:
            sys.stdout.flush(), sys.stderr.flush()
            os.dup2(o.fileno(), 1), os.dup2(e.fileno(), 2)
            start = _cpu()
            try:
                code = _run_one(script, args, out)
            finally:
                sys.stdout.flush(), sys.stderr.flush()
                os.dup2(saved[0], 1), os.dup2(saved[1], 2)
        (out / f"{script}.rc").write_text(str(code))
        (out / f"{script}.cpu").write_text(f"{_cpu() - start:.2f}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
