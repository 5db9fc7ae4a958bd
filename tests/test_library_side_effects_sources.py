"""Only the console script's own modules change the process: a scan of the sources.

tests/test_library_side_effects.py runs the library and compares the process before and
after, but only along the paths its calls take. This scan covers every module: a call that
sets something process-wide (the environment, a signal handler, the recursion limit,
logging's root, the warnings filters, NumPy's error state, the working folder, ``sys.path``,
an exit hook, OpenCV's threads, numba's configuration, a resource limit, a random generator's
global seed, Pillow's guard) is allowed only where it is listed below, each with its reason:
the console script's process (``gridsight/process.py``, ``gridsight/__main__.py``), or a
change undone before the call returns.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ROOMS = ("gridsight", "vision", "solvers", "overlay", "safefiles", "templates")

SETTERS = re.compile(
    r"signal\.signal\(|signal\.setitimer\(|signal\.pthread_sigmask\(|setrecursionlimit\("
    r"|logging\.basicConfig\(|logging\.disable\(|\.addHandler\(|root\.setLevel\("
    r"|warnings\.(?:filterwarnings|simplefilter|resetwarnings)\(|warnings\.showwarning *="
    r"|np\.seterr\(|numpy\.seterr\(|np\.seterrcall\(|np\.set_printoptions\("
    r"|os\.chdir\(|sys\.path\.(?:insert|append|extend)\(|sys\.path *=|atexit\.register\("
    r"|setNumThreads\(|setUseOptimized\(|ocl\.setUseOpenCL\(|setRNGSeed\(|setLogLevel\("
    r"|setrlimit\(|numba\.config\.\w+ *=|set_num_threads\(|os\.environ\[[^]\n]*\] *="
    r"|os\.environ\.(?:setdefault|update|pop|clear)\(|os\.putenv\(|os\.unsetenv\(|os\.umask\("
    r"|locale\.setlocale\(|sys\.excepthook *=|threading\.excepthook *=|faulthandler\.enable\("
    r"|sys\.setswitchinterval\(|gc\.(?:disable|set_threshold)\(|os\.nice\(|sched_setaffinity\("
    r"|(?<![\w.])random\.seed\(|np\.random\.seed\(|Image\.MAX_IMAGE_PIXELS *=|tempfile\.tempdir *="
    r"|socket\.setdefaulttimeout\(|threading\.stack_size\(\d"
    # (session 41) the start method of every later process pool, the streams, tracing, the
    # generators' state, warnings routed into logging, the integer string limit
    r"|set_start_method\(|sys\.std(?:out|err|in) *=|std(?:out|err|in)\.reconfigure\("
    r"|(?:sys|threading)\.set(?:trace|profile)\(|random\.set_?state\(|captureWarnings\("
    r"|faulthandler\.register\(|signal\.siginterrupt\(|set_int_max_str_digits\("
    r"|setLoggerClass\(|getLogger\(\)\.setLevel\(")

#: (file, setters in it): each with why it may.
ALLOWED = {
    # The console script's process: its --max-memory bound, OpenBLAS's threads under it, the
    # logs closed at exit and on SIGTERM (tests/test_process.py).
    "gridsight/process.py": 5,
    # The console script's first instruction: Ctrl-C clean, the previous handler put back.
    "gridsight/__main__.py": 2,
    # Inside ``warnings.catch_warnings()`` (undone on leaving): a command's pack warnings.
    "gridsight/cli.py": 3,
    # ``gridsight live``'s Qt loop: SIGINT/SIGTERM quit it, the previous handlers put back.
    "gridsight/commands/live.py": 2,
    # ``gridsight calibrate``'s Qt window: SIGINT/SIGTERM close it, the previous handlers put
    # back when it closes (its ``_until_closed``).
    "gridsight/calibrate_window.py": 2,
    # onnxruntime's telemetry off for its import only, the variable removed again.
    "vision/ocr.py": 2,
    # OpenCV's generator seeded in a short thread of its own (the caller's is untouched).
    "vision/pit/items.py": 1,
    # Pillow's guard raised by the console script's --max-pixels only (fit_pillow_guard).
    "vision/images.py": 1,
    # ``python -m gridsight.warm``'s own process lowers its priority (nice 5) in its main():
    # a process live starts for the kernel's warm-up, never the caller's.
    "gridsight/warm.py": 1,
}


def setters() -> Counter[str]:
    found: Counter[str] = Counter()
    for room in ROOMS:
        for path in sorted((REPO / room).rglob("*.py")):
            for line in path.read_text(encoding="utf-8").splitlines():
                code = line.split("#", 1)[0]
                if code.lstrip().startswith((">>>", "...")) or not SETTERS.search(code):
                    continue
                if code.strip().startswith(("r\"", "\"", "'", "``")):
                    continue  # a docstring's words
                found[path.relative_to(REPO).as_posix()] += len(SETTERS.findall(code))
    return found


def test_only_the_console_scripts_modules_set_process_wide_state():
    found = setters()
    assert dict(found) == ALLOWED


def test_the_scan_sees_a_setter():
    """The scan is no empty net: each listed file holds what it is allowed."""
    assert SETTERS.search('os.environ["OMP_NUM_THREADS"] = "1"')
    assert SETTERS.search("cv2.setNumThreads(1)") and SETTERS.search("np.seterr(all='raise')")
    assert SETTERS.search("numba.config.NUMBA_NUM_THREADS = 1")
    assert SETTERS.search("random.seed(0)") and not SETTERS.search("rng = random.Random(0)")
    assert not SETTERS.search("self.random.seed(0)")
    assert SETTERS.search('multiprocessing.set_start_method("spawn")')
    assert SETTERS.search("sys.stdout = open(os.devnull)") and SETTERS.search("np.random.set_state(s)")
    assert SETTERS.search("logging.captureWarnings(True)") and SETTERS.search("sys.settrace(f)")
    assert not SETTERS.search("stdout = sys.stdout") and not SETTERS.search("rng.bit_generator.state")
