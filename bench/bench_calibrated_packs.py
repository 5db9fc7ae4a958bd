"""Benchmark: a pack calibrated from one screenshot of a skin the shipped packs never saw, then
further screenshots of that skin read by ``gridsight analyze --pack`` (issue 6's figure).

Run ``python bench/bench_calibrated_packs.py [--shots 50] [--games tile-path pentomino
disco-zoo] [--seed 100]``. For each game it runs ``gridsight calibrate`` once on the
calibration screenshot of ``tests/test_calibrate.py`` (the stone tile path, the pastel
pentomino, the desert Disco Zoo), then draws ``--shots`` further screenshots of that skin
(varied boards, scales 0.8x to 2x, positions in a larger frame) from ``--seed`` and reads
them all in one ``analyze`` run, as the test does: the count read exactly (board text, the
pack named, no cell unread) and the CPU seconds. Until the 38th session the suite drew 10 of
these per game (seed 100) besides the 6 (seed 0) of its everyday tests; the everyday ones
still run there, the sample is this script's.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from kit import inprocess  # noqa: E402
from test_calibrate import _calibration_case, _corners, _disco_case  # noqa: E402

GAMES = ("tile-path", "pentomino", "disco-zoo")


def calibrate(game: str, folder: Path) -> None:
    """``gridsight calibrate`` on ``game``'s calibration screenshot, its pack saved as
    ``mine`` under ``folder``'s data folder."""
    shot, labels_text, _ = _calibration_case(game)
    image, labels = folder / f"{game}-calibration.png", folder / f"{game}-labels.txt"
    cv2.imwrite(str(image), shot.image)
    labels.write_text(labels_text)
    done = inprocess.gridsight("calibrate", game, str(image), "--skin", "mine", "--corners",
                               _corners(shot), "--labels", str(labels), text=True)
    if done.returncode != 0:
        raise SystemExit(f"{game}: calibrate failed: {done.stderr}")


def analyze(game: str, folder: Path, shots: int, seed: int) -> tuple[int, list[str]]:
    """``shots`` further screenshots drawn as the test draws them, read in one ``analyze``
    run: (how many read exactly, the names of the others)."""
    make = _disco_case if game == "disco-zoo" else _calibration_case(game)[2]
    rng = np.random.default_rng(seed)
    shots_dir = folder / f"{game}-shots"
    shots_dir.mkdir()
    truth = {}
    for k in range(shots):
        image, text = make(rng)
        scale = float(rng.uniform(0.8, 2.0))
        image = cv2.resize(image, None, fx=scale, fy=scale,
                           interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
        frame = np.full((image.shape[0] + 80, image.shape[1] + 120, 3), 40, np.uint8)
        x, y = int(rng.integers(0, 120)), int(rng.integers(0, 80))
        frame[y : y + image.shape[0], x : x + image.shape[1]] = image
        path = shots_dir / f"{k:03d}.png"
        cv2.imwrite(str(path), frame)
        truth[str(path)] = text
    done = inprocess.gridsight("analyze", str(shots_dir), "--game", game, "--pack", "mine",
                               "--json", "--out", str(folder / f"{game}-out"), "--budget",
                               "0.05", text=True)
    results = {r["image"]: r for r in map(json.loads, done.stdout.splitlines())}
    wrong = [Path(p).name for p, text in truth.items()
             if p not in results or results[p]["board"] != text
             or results[p]["pack"] != f"{game}/mine" or results[p]["unread"]]
    return shots - len(wrong), wrong


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shots", type=int, default=50)
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["GRIDSIGHT_DATA_DIR"] = str(Path(tmp) / "data")
        for game in args.games:
            folder = Path(tmp) / game
            folder.mkdir()
            start = time.process_time()
            calibrate(game, folder)
            calibrated = time.process_time()
            right, wrong = analyze(game, folder, args.shots, args.seed)
            read = time.process_time() - calibrated
            print(f"{game}: calibrated in {calibrated - start:.1f} s of CPU; {right} of "
                  f"{args.shots} further screenshots (seeds from {args.seed}) read exactly "
                  f"in {read:.1f} s" + (f"; not: {', '.join(wrong)}" if wrong else ""))


if __name__ == "__main__":
    main()
