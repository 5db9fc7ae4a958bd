"""Fuzzing every command with mutated input: the only way out is a clean refusal.

Hypothesis mutates the shipped example boards (for every game's ``solve``), screenshots in
several formats (for ``analyze`` and ``calibrate --corners``) and the lines of a real session
log (for ``replay --html``), and runs each through :func:`gridsight.cli.main` in-process. Any
exception escaping ``main`` fails the test; so does an error that is not one printable line
starting ``gridsight:``, or a failure without one. A few of the nastiest inputs also go
through a real ``python -m gridsight`` to show that no traceback reaches standard error.

Bounded in time: a fixed number of examples per command (derandomized, so a run is
repeatable), small time limits for the solvers; about 20 s in all on a quiet machine.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridsight.cli import main
from gridsight.registry import game_names

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
FUZZ = settings(deadline=None, derandomize=True, database=None, print_blob=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])

# Solver settings that keep one example short (the time limits are what is fuzzed around).
FAST = {
    "thrill-digger": ["--time-limit", "2"],
    "disco-zoo": ["--time-limit", "1", "--budget", "0.05"],
    "tile-path": ["--time-limit", "1"],
    "pentomino": ["--time-limit", "0.3"],
    "minesweeper": ["--time-limit", "1"],
}


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``gridsight ARGS`` in-process: (exit code, stdout, stderr). Exceptions propagate."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exit_:  # argparse
                code = int(exit_.code or 0)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def assert_clean(code: int, err: str, allowed: tuple[int, ...] = (0, 1, 2)) -> None:
    """A clean outcome: an allowed exit code, and every line on standard error one printable
    ``gridsight: ...`` line (a failure has at least one)."""
    assert code in allowed, (code, err)
    lines = err.splitlines()
    if code:
        assert lines, "a failure must say why"
    for line in lines:
        assert line.startswith("gridsight: "), line[:200]
        assert line.isprintable(), line[:200]
        assert len(line) <= 1100, line[:200]
    assert "Traceback" not in err


# -- mutations ------------------------------------------------------------------------------------

ODD_TEXT = st.sampled_from(["\x00", "\ufeff", "\x1b[2J", "\r", "\t", "é", "\U0001d11e", ":",
                            "---", "//", "#", "?", "-", "99999999999999999999", "-1", "nan",
                            "inf", "1e400", "x" * 5000, " " * 50, "\n\n", "S", "L", "E", "*"])
HEADERS = st.sampled_from(["difficulty", "taps", "animals", "region", "pieces", "objective",
                           "size", "", "Difficulty", "a b"])


@st.composite
def mutated_board(draw, game: str) -> str:
    seeds = sorted(EXAMPLES.glob(f"{game}-*.txt"))
    text = draw(st.sampled_from(seeds)).read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        op = draw(st.integers(0, 7))
        at = draw(st.integers(0, max(len(text) - 1, 0)))
        line = draw(st.integers(0, max(len(lines) - 1, 0)))
        if op == 0:  # replace a character
            text = text[:at] + draw(ODD_TEXT | st.text(max_size=3)) + text[at + 1:]
        elif op == 1:  # insert
            text = text[:at] + draw(ODD_TEXT | st.text(max_size=12)) + text[at:]
        elif op == 2:  # delete a stretch
            text = text[:at] + text[at + draw(st.integers(1, 40)):]
        elif op == 3:  # duplicate or drop a line
            if draw(st.booleans()):
                lines.insert(line, lines[line])
            else:
                del lines[line]
            text = "\n".join(lines)
        elif op == 4:  # another board after this one
            text = text + "\n---\n" + draw(st.sampled_from([text, "", ". .", "S"]))
        elif op == 5:  # a header
            value = draw(ODD_TEXT | st.text(max_size=10) | st.integers().map(str))
            lines.insert(line, f"{draw(HEADERS)}: {value}")
            text = "\n".join(lines)
        elif op == 6:  # a number changed
            for digit in "0123456789":
                if digit in text:
                    text = text.replace(digit, draw(st.sampled_from(
                        ["0", "-3", "10", "1000000000000000000000000", "2.5"])), 1)
                    break
        else:  # a token swapped for another game's
            tokens = [".", "#", "S", "L", "E", "x", "*", "g", "?", "2", "-", "F", "Q", "1/3"]
            text = text.replace(draw(st.sampled_from([".", "#", "S", "g", "1", "X", "-"])),
                                draw(st.sampled_from(tokens)), 1)
    return text


@pytest.mark.parametrize("game", game_names())
def test_solve_refuses_mutated_boards_cleanly(game, tmp_path):
    board = tmp_path / "board.txt"

    @settings(FUZZ, max_examples=35)
    @given(text=mutated_board(game), as_file=st.booleans())
    def fuzz(text: str, as_file: bool) -> None:
        if as_file:
            board.write_text(text, encoding="utf-8", errors="surrogatepass")
            code, out, err = run("solve", game, str(board), *FAST[game])
        else:
            code, out, err = run("solve", game, "-", *FAST[game], stdin=text)
        assert_clean(code, err)
        if code == 0:
            assert out.strip()

    fuzz()


# -- images ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def screenshots() -> list[tuple[str, bytes]]:
    """The tile-path example screenshot in each format (smaller, to keep examples quick)."""
    image = cv2.imread(str(EXAMPLES / "screenshots" / "tile-path-room.png"))
    out = []
    for ext in (".png", ".jpg", ".bmp", ".webp"):
        ok, data = cv2.imencode(ext, image)
        assert ok
        out.append((ext, data.tobytes()))
    return out


@st.composite
def mutated_image(draw, seeds: list[tuple[str, bytes]]) -> tuple[str, bytes]:
    ext, data = draw(st.sampled_from(seeds))
    data = bytearray(data)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.integers(0, 5))
        near = draw(st.booleans())  # the header is where most decoders go wrong
        at = draw(st.integers(0, min(len(data) - 1, 63) if near else len(data) - 1))
        if op == 0:
            data[at] = draw(st.integers(0, 255))
        elif op == 1:  # a size or length field set to something extreme
            value = draw(st.sampled_from([0, 1, 0x7FFF, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 100000]))
            data[at:at + 4] = struct.pack(">I", value) if draw(st.booleans()) \
                else struct.pack("<I", value)
        elif op == 2:
            del data[draw(st.integers(1, len(data))):]  # truncated
        elif op == 3:
            data[at:at] = draw(st.binary(min_size=1, max_size=64))
        elif op == 4:
            del data[at:at + draw(st.integers(1, 64))]
        else:
            data = bytearray(draw(st.binary(max_size=16))) + data
    return ext, bytes(data)


def test_analyze_and_calibrate_refuse_mutated_images_cleanly(screenshots, tmp_path, monkeypatch):
    from test_readers import ROOM_TEXT

    from kit.skins import tile_path

    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path / "data"))
    shot = tile_path.render([row for row in ROOM_TEXT.splitlines()], scale=1)
    corners = ",".join(f"{v:g}" for v in shot.geometry.outline().ravel())
    calibration_seed = [(".png", cv2.imencode(".png", shot.image)[1].tobytes())]
    labels = tmp_path / "labels.txt"
    labels.write_text(ROOM_TEXT)

    @settings(FUZZ, max_examples=30)
    @given(image=mutated_image(screenshots), pixels=st.sampled_from(["40M", "40M", "50k"]))
    def fuzz_analyze(image: tuple[str, bytes], pixels: str) -> None:
        ext, data = image
        path = tmp_path / f"shot{ext}"
        path.write_bytes(data)
        code, out, err = run("analyze", str(path), "--game", "tile-path", "--json",
                             "--max-pixels", pixels, "--out", str(tmp_path / "out"),
                             "--time-limit", "1")
        assert_clean(code, err)
        objects = [json.loads(line) for line in out.splitlines()]
        assert len(objects) == 1 and objects[0]["image"] == str(path)
        assert ("error" in objects[0]) == (code != 0)

    @settings(FUZZ, max_examples=10)
    @given(image=mutated_image(calibration_seed))
    def fuzz_calibrate(image: tuple[str, bytes]) -> None:
        path = tmp_path / "calibration.png"
        path.write_bytes(image[1])
        code, _, err = run("calibrate", "tile-path", str(path), "--corners", corners,
                           "--labels", str(labels), "--skin", "fuzz")
        assert_clean(code, err)

    fuzz_analyze()
    fuzz_calibrate()


# -- logs ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def session_lines() -> list[str]:
    """The lines of a real session log: tile-path boards solved for real, moves, a frame."""
    from gridsight.log import LogRecord, confidence_grid
    from gridsight.registry import get_game
    from gridsight.solvers.advice import Cell
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.vision.geometry import BoardGeometry

    game = get_game("tile-path")
    options = game.options_from({"leave_one": False, "time_limit": 0})
    boards = ["S . .\n. . .\n. . .", "S x .\n. L .\n. . .", "S x x\n. . L\n. # ."]
    lines = []
    for step, text in enumerate(boards, start=1):
        solution = game.solve(parse_boards(text)[0], options)
        record = LogRecord(step=step, time="2026-03-01T12:00:00.000Z", game="tile-path",
                           board=text, advice=solution.advice, solution=solution.json,
                           confidence=confidence_grid([[0.9] * 3] * 3),
                           unread=(Cell(2, 2),) if step == 2 else (),
                           manual=(Cell(1, 0),) if step == 3 else (),
                           frame="s-00001.png" if step == 1 else None,
                           geometry=BoardGeometry.from_rect(10, 10, 30, 30, 3, 3))
        lines.append(record.to_json())
        lines.append(json.dumps({"type": "move", "step": step, "row": 1, "col": 1,
                                 "time": "2026-03-01T12:00:01.000Z"}))
    return lines


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=20)
    | st.sampled_from(["\x00", "\x1b[31m", "x" * 3000, "up", "right", "safe", "tile-path"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["row", "col", "rows", "cols", "step", "kind", "text", "label",
                         "cells", "heat", "homography", "next", "here", "correction"]),
        inner, max_size=4),
    max_leaves=12,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for k, item in enumerate(value):
            yield from _paths(item, prefix + (k,))


@st.composite
def mutated_log(draw, seeds: list[str]) -> bytes:
    lines = list(seeds)
    for _ in range(draw(st.integers(1, 4))):
        k = draw(st.integers(0, len(lines) - 1))
        op = draw(st.integers(0, 4))
        if op <= 1:  # a value anywhere in the record replaced (or a key removed)
            try:  # an earlier mutation may have broken or replaced this line
                data = json.loads(lines[k])
            except (ValueError, RecursionError):
                continue
            if not isinstance(data, (dict, list)):
                continue
            paths = [p for p in _paths(data) if p]
            if not paths:
                continue
            path = draw(st.sampled_from(paths))
            parent = data
            for key in path[:-1]:
                parent = parent[key]
            if op == 0 or isinstance(parent, list):
                parent[path[-1]] = draw(JSON_VALUES)
            else:
                del parent[path[-1]]
            lines[k] = json.dumps(data)  # NaN and Infinity written as such
        elif op == 2:  # bytes
            raw = bytearray(lines[k].encode("utf-8", "surrogateescape"))
            at = draw(st.integers(0, len(raw) - 1))
            raw[at:at + draw(st.integers(0, 8))] = draw(st.binary(max_size=8))
            lines[k] = raw.decode("utf-8", "surrogateescape")
        elif op == 3:  # deep nesting
            depth = draw(st.sampled_from([40, 5000, 100_000]))
            lines.insert(k, "[" * depth + "]" * depth)
        else:  # torn
            lines[k] = lines[k][: draw(st.integers(0, len(lines[k])))]
    return "\n".join(lines).encode("utf-8", "surrogateescape") + b"\n"


def test_replay_refuses_mutated_logs_cleanly(session_lines, tmp_path):
    frame = np.full((120, 120, 3), (40, 90, 60), np.uint8)
    cv2.imwrite(str(tmp_path / "s-00001.png"), frame)
    path = tmp_path / "s.jsonl"

    @settings(FUZZ, max_examples=40)
    @given(data=mutated_log(session_lines))
    def fuzz(data: bytes) -> None:
        path.write_bytes(data)
        code, out, err = run("replay", str(path), "--html", str(tmp_path / "r.html"))
        assert_clean(code, err, allowed=(0, 2))
        if code == 0:
            page = (tmp_path / "r.html").read_text()
            assert page.count('class="step"') == int(out.split("steps: ")[1].split()[0])

    fuzz()


# -- through a real process --------------------------------------------------------------------


def test_the_nastiest_inputs_leave_no_traceback_in_a_real_process(tmp_path):
    huge = tmp_path / "huge.png"
    header = struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0)
    huge.write_bytes(b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + header + b"\0" * 4)
    nested = tmp_path / "nested.jsonl"
    nested.write_text("[" * 100_000 + "]" * 100_000 + "\n" + '{"step": Infinity}\n')
    nul = tmp_path / "nul.txt"
    nul.write_bytes(b"difficulty: expert\n" + b"\x00 " * 40 + b"\n")
    runs = [
        ("solve", "thrill-digger", str(nul)),
        ("analyze", str(huge), "--out", str(tmp_path)),
        ("calibrate", "tile-path", str(huge), "--corners", "0,0,9,0,9,9,0,9", "--labels",
         str(nul)),
        ("replay", str(nested)),
    ]
    if os.path.exists("/dev/zero"):
        runs.append(("solve", "tile-path", "/dev/zero"))
    env = dict(os.environ, PYTHONPATH=str(REPO))
    for args in runs:
        result = subprocess.run([sys.executable, "-m", "gridsight", *args], env=env,
                                capture_output=True, timeout=60)
        err = result.stderr.decode("utf-8", "replace")
        assert result.returncode == 2, (args, err)
        errors = [line for line in err.splitlines() if not line.startswith("gridsight: warning")]
        assert len(errors) == 1 and errors[0].startswith("gridsight: "), (args, err)
        assert errors[0].isprintable() and "Traceback" not in err
