"""Fuzzing template packs and recommendation logs: the only way out is a clean refusal.

Hypothesis mutates the shipped packs (their manifests, value by value and byte by byte, and
their folders: an image deleted, truncated, swapped for another, for a link, a FIFO, a folder
or a 3 GB sparse file) and real session logs (truncated at a random byte, lines duplicated,
dropped, torn in the middle, garbage appended). Every mutated pack either loads or is refused
with one :class:`~gridsight.vision.errors.PackError` line naming it, never another exception and never a
hang; a pack that loads saves and loads again the same, and reads a screenshot without a
traceback. Every mutated log reads with one warning per bad line; a writer opened on it
appends records that replay whole (nothing glued onto a torn line); ``replay --html`` ends
cleanly.

Bounded in time: a fixed number of examples (derandomized, so a run is repeatable); about
15 s in all on a quiet machine.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridsight.cli import main
from gridsight.log import LogReadError, LogRecord, RecommendationLog, read_log
from gridsight.solvers.advice import Advice, Cell, CellFigure
from gridsight.vision.errors import PackError
from gridsight.vision.packs import TemplatePack, load_pack_dir, shipped_packs_root

REPO = Path(__file__).resolve().parent.parent
FUZZ = settings(deadline=None, derandomize=True, database=None, print_blob=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
GAMES = ("tile-path", "pentomino", "disco-zoo")


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exit_:
            code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()


def clean_line(text: str) -> None:
    assert "\n" not in text and text.isprintable() and len(text) < 1200, text[:300]


# -- values and mutations ------------------------------------------------------------------------

ODD_VALUES = st.sampled_from([
    None, True, False, 0, -1, 1, 2, 3, 4, 1e308, -1e308, 0.5, 1e-300, 10**18, -(10**18),
    "", "x", "0", "NaN", "Infinity", "\ud800", "\x1b[2J", "../x.png", "/etc/passwd", ".hidden",
    "a" * 5000, [], [0], [0, 0, 0, 0], [1, 1, 0, 0], [0.2, 0.2, 0.8, 0.8], [4000, 4000],
    [[0, 0, 1, 1]], {}, {"x": 1}, {"px": 0}, [None], [[]],
])
JSON_VALUES = st.recursive(
    ODD_VALUES | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["px", "x", "y", "image", "mask", "label", "variant", "margin", "tray",
                         "step", "slots", "per_row", "tile", "rows", "cols", "screen"]),
        inner, max_size=4),
    max_leaves=10,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for k, item in enumerate(value[:6]):
            yield from _paths(item, prefix + (k,))


@st.composite
def mutated_manifest(draw, data: dict) -> bytes:
    data = json.loads(json.dumps(data))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        op = draw(st.integers(0, 3))
        if op == 0 or isinstance(parent, list) and op == 1:
            parent[path[-1]] = draw(JSON_VALUES)
        elif op == 1:
            del parent[path[-1]]
        elif op == 2 and isinstance(parent[path[-1]], list) and parent[path[-1]]:
            parent[path[-1]] = parent[path[-1]] * draw(st.sampled_from([2, 50, 1200]))
        else:
            target = parent if isinstance(parent, dict) else data
            target[draw(st.sampled_from(["extra", "layout", "labels", "references",
                                         "furniture"]))] = draw(JSON_VALUES)
    text = json.dumps(data).encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 4)) == 0:  # bytes: cut, or garbage in
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from([b"", b"\xff\xfe", b"NaN", b"[" * 2000,
                                                 b"9" * 5000, b"\x00"]))
    return text


FOLDER_OPS = ("delete", "truncate", "garbage", "swap", "link", "fifo", "folder", "sparse",
              "link-out", "none")


@pytest.fixture(scope="module")
def screenshots():
    """A screenshot of each game, to read through a mutated pack that loads."""
    import cv2
    import numpy as np
    from kit.skins import pentomino, tile_path
    from test_readers import LEVEL, ROOM, random_rescue

    shots = {
        "tile-path": tile_path.render(ROOM, scale=1).image,
        "pentomino": pentomino.render(LEVEL, pieces_left="FNPTUVWYZ").image,
        "disco-zoo": random_rescue(np.random.default_rng(5), region="Farm")[0].image,
    }
    return shots, cv2


@pytest.mark.parametrize("game", GAMES)
def test_mutated_packs_load_or_are_refused_in_one_line(game, tmp_path, screenshots):
    seed = shipped_packs_root() / game / "default"
    manifest = json.loads((seed / "manifest.json").read_text())
    images = sorted(p.name for p in seed.glob("*.png"))
    shots, cv2 = screenshots
    shot = tmp_path / "shot.png"
    cv2.imwrite(str(shot), shots[game])
    counter = [0]

    @settings(FUZZ, max_examples=25)
    @given(text=mutated_manifest(manifest), op=st.sampled_from(FOLDER_OPS),
           victim=st.sampled_from(images), other=st.sampled_from(images),
           read=st.integers(0, 3))
    def fuzz(text: bytes, op: str, victim: str, other: str, read: int) -> None:
        counter[0] += 1
        folder = tmp_path / f"p{counter[0]}"
        shutil.copytree(seed, folder)
        try:
            if read:  # 0: the folder alone is mutated
                (folder / "manifest.json").write_bytes(text)
            mutate_folder(folder, op, victim, other, tmp_path)
            try:
                pack = load_pack_dir(folder)
            except PackError as error:
                clean_line(str(error))
                assert str(folder) in str(error)
                return
            assert isinstance(pack, TemplatePack)
            again = load_pack_dir(pack.save(tmp_path / f"s{counter[0]}"))
            assert again.labels == pack.labels and again.cell_size == pack.cell_size
            assert dict(again.layout) == json.loads(json.dumps(dict(pack.layout)))
            if read == 3:  # a loadable pack reads a screenshot without a traceback
                code, out, err = run("analyze", str(shot), "--game", game, "--pack",
                                     str(folder), "--json", "--out", str(tmp_path / "out"),
                                     "--time-limit", "1", "--budget", "0.05")
                assert code in (0, 1, 2) and "Traceback" not in err
                for line in err.splitlines():
                    assert line.startswith("gridsight: "), line
                    clean_line(line)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
            shutil.rmtree(tmp_path / f"s{counter[0]}", ignore_errors=True)

    fuzz()


def mutate_folder(folder: Path, op: str, victim: str, other: str, tmp_path: Path) -> None:
    target = folder / victim
    if op == "delete":
        target.unlink()
    elif op == "truncate":
        data = target.read_bytes()
        target.write_bytes(data[: len(data) // 3])
    elif op == "garbage":
        target.write_bytes(b"\x89PNG\r\n\x1a\n" + os.urandom(64))
    elif op == "swap" and other != victim:
        shutil.copy(folder / other, target)
    elif op == "link" and other != victim:
        target.unlink()
        target.symlink_to(folder / other)
    elif op == "link-out":
        outside = tmp_path / "outside.png"
        if not outside.exists():
            shutil.copy(folder / other, outside)
        target.unlink()
        target.symlink_to(outside)
    elif op == "fifo" and hasattr(os, "mkfifo"):
        target.unlink()
        os.mkfifo(target)
    elif op == "folder":
        target.unlink()
        target.mkdir()
    elif op == "sparse":
        with open(target, "r+b") as handle:
            handle.truncate(3 * 10**9)


# -- logs ------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def session(tmp_path_factory) -> Path:
    """A real session log: six records of a 2 x 3 board with moves and a saved frame."""
    import numpy as np

    folder = tmp_path_factory.mktemp("session")
    log = RecommendationLog(folder / "s.jsonl", save_frames=True, fsync=False,
                            close_at_exit=False)
    frame = np.full((90, 120, 3), (40, 90, 60), np.uint8)
    from gridsight.vision.geometry import BoardGeometry

    for step in range(1, 7):
        advice = Advice("tile-path", 2, 3, recommend=(Cell(step % 2, step % 3),),
                        figures=(CellFigure(0, 0, f"{step}"),), status=f"step {step}")
        log.append(LogRecord(step=step, time="2026-03-01T12:00:00.000Z", game="tile-path",
                             board="S . .\n. . .", advice=advice,
                             geometry=BoardGeometry.from_rect(10, 10, 30, 30, 2, 3)),
                   frame if step == 2 else None)
        log.record_move(step, Cell(1, step % 3), "2026-03-01T12:00:01.000Z")
    log.close()
    return folder / "s.jsonl"


@st.composite
def mutated_log(draw, data: bytes) -> bytes:
    lines = data.split(b"\n")[:-1]
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.integers(0, 5))
        k = draw(st.integers(0, max(len(lines) - 1, 0)))
        if not lines:
            lines = [b"{}"]
        if op == 0:  # duplicated (a retry, a SIGTERM written twice)
            lines[k:k] = [lines[k]] * draw(st.integers(1, 3))
        elif op == 1:  # dropped
            del lines[k]
        elif op == 2:  # torn in the middle (a crash, then the log went on)
            lines[k] = lines[k][: draw(st.integers(0, len(lines[k])))]
        elif op == 3:  # garbage
            lines.insert(k, draw(st.sampled_from([b"\x00" * 10, b"[" * 5000, b"\xff",
                                                  b'{"type": "move"}', b"{" * 40 + b"}" * 40,
                                                  b'{"step": 1e999}'])))
        elif op == 4:  # two lines glued
            if k + 1 < len(lines):
                lines[k:k + 2] = [lines[k] + lines[k + 1]]
        else:  # a record's time pushed out of range
            lines[k] = lines[k].replace(b"2026-", draw(st.sampled_from([b"0001-", b"9999-"])))
    text = b"\n".join(lines) + b"\n"
    if draw(st.booleans()):  # truncated at a random byte: a torn last line
        text = text[: draw(st.integers(0, len(text)))]
    return text


def test_mutated_logs_read_append_and_replay_cleanly(session, tmp_path):
    seed = session.read_bytes()
    frame = session.with_name("s-00002.png")
    counter = [0]

    @settings(FUZZ, max_examples=40)
    @given(data=mutated_log(seed), html=st.integers(0, 3))
    def fuzz(data: bytes, html: int) -> None:
        counter[0] += 1
        folder = tmp_path / f"l{counter[0]}"
        folder.mkdir()
        shutil.copy(frame, folder / frame.name)
        path = folder / "s.jsonl"
        path.write_bytes(data)
        try:
            before = read_log(path)
            for warning in before.warnings:
                clean_line(warning)
        except LogReadError as error:
            clean_line(str(error))
            before = None
        top = max((r.step for r in before.records), default=0) if before else 0
        warnings: list[str] = []
        log = RecommendationLog(path, fsync=False, warn=warnings.append, close_at_exit=False)
        new = [top + 1, top + 2]
        for step in new:
            assert log.append(LogRecord(step=step, time="2026-03-02T12:00:00.000Z",
                                        game="tile-path", board="S . .\n. . .",
                                        advice=Advice("tile-path", 2, 3,
                                                      recommend=(Cell(0, 1),))))
        assert log.close()
        after = read_log(path)
        assert [r.step for r in after.records][-2:] == new  # whole, never glued
        assert not any(f"step {s} again" in w for w in after.warnings for s in new)
        if html == 0:
            code, out, err = run("replay", str(path), "--html", str(folder / "r.html"),
                                 "--max-bytes", "2M")
            assert code == 0, err
            for line in err.splitlines():
                assert line.startswith("gridsight: "), line
                clean_line(line)
            assert (folder / "r.html").stat().st_size < 2_100_000
        shutil.rmtree(folder, ignore_errors=True)

    fuzz()
