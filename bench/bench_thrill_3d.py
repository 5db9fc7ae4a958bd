"""Thrill Digger in 3D: the tracker's time per 1280x720 frame, and the share of holes it reads.

    python bench/bench_thrill_3d.py [--games N] [--seed S] [--fps F] [--max-digs D]
                                    [--click-noise PX] [--no-baseline] [--look dusk]

Renders N games with the synthetic 3D skin (all three difficulties; camera following Link,
motion blur, JPEG). For each game, every frame is fed to the whole tracker (registration, hole
states, item sightings, wallet, events) and timed. In the same run, the same frames are
registered by a *baseline*: from scratch, every frame, against the calibration reference,
with full-resolution ORB features, brute-force matching and RANSAC (what one would do without
tracking). Printed: the tracker's time per frame (median, 95th percentile, mean), the
baseline's, their ratio, the registration error of both against the renderer's ground truth,
and the share of dug holes read versus marked ``?`` (and any wrong, which must be none).
Rendering is not timed.

With ``--look dusk`` the games are drawn in the renderer's second look, on one pit ground for
every game (as in the real game), and read with a calibration learned from that look's own
screenshots only (corners, one screenshot per rupee colour, one wallet screenshot showing
4096): the time to learn it is printed too. By default (``classic``) each game is calibrated on
its own first frame and read with the shipped pit pack.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from kit.skins import thrill_digger_3d as skin  # noqa: E402
from gridsight.games.thrill_digger.tracker import ThrillDiggerTracker  # noqa: E402
from gridsight.vision.geometry import BoardGeometry  # noqa: E402
from gridsight.vision.pit import PitCalibration, calibrate_pit  # noqa: E402


class ScratchRegistrar:
    """The baseline: full-resolution ORB on every frame, matched to the reference's plan view."""

    def __init__(self, cal: PitCalibration):
        self.cal = cal
        # The same detector on both sides (the patch size shapes the descriptor).
        self.orb = cv2.ORB_create(nfeatures=3000, fastThreshold=10, edgeThreshold=15,
                                  patchSize=15)
        kps, self.desc = self.orb.detectAndCompute(cal.reference_gray, None)
        self.pts = np.array([k.pt for k in kps], dtype=np.float32)
        self.matcher = cv2.BFMatcher(cv2.NORM_HAMMING)
        self.a_inv = np.linalg.inv(cal.plan.to_board())

    def register(self, frame: np.ndarray) -> BoardGeometry | None:
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        kps, desc = self.orb.detectAndCompute(gray, None)
        if desc is None:
            return None
        pairs = self.matcher.knnMatch(self.desc, desc, k=2)
        good = [p[0] for p in pairs if len(p) == 2 and p[0].distance < 0.8 * p[1].distance]
        if len(good) < 12:
            return None
        src = self.pts[[m.queryIdx for m in good]]
        dst = np.array([kps[m.trainIdx].pt for m in good], dtype=np.float32)
        m, mask = cv2.findHomography(src, dst, cv2.RANSAC, 4.0, maxIters=2000)
        if m is None or mask.sum() < 12:
            return None
        h = np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1.0]]) @ m @ self.a_inv
        try:
            return BoardGeometry(self.cal.rows, self.cal.cols, h)
        except ValueError:
            return None


def hole_error(geometry: BoardGeometry, truth: np.ndarray) -> float:
    """Largest on-screen hole-centre error in pixels."""
    cells = [(c + 0.5, r + 0.5) for r in range(geometry.rows) for c in range(geometry.cols)]
    true = BoardGeometry(geometry.rows, geometry.cols, truth).board_to_image(cells)
    on = (true[:, 0] > 0) & (true[:, 0] < skin.WIDTH) \
        & (true[:, 1] > 0) & (true[:, 1] < skin.HEIGHT)
    return float(np.linalg.norm(geometry.board_to_image(cells) - true, axis=1)[on].max())


GROUND = 77  # the one pit ground of a look's games


def learn_looks(look: skin.Look) -> dict[str, tuple[PitCalibration, object]]:
    """Per difficulty: the pit and pack learned from ``look``'s own screenshots."""
    import tempfile

    from gridsight.games.thrill_digger.calibration import (
        ItemSource, WalletSource, calibrate_pit_folder, load_pit,
    )

    out = {}
    root = Path(tempfile.mkdtemp())
    for difficulty in ("beginner", "intermediate", "expert"):
        shots = skin.calibration_shots(look, difficulty, GROUND)
        rows, cols, _, _ = skin.DIFFICULTIES[difficulty]
        items = []
        for kind, (image, _) in shots.items.items():
            path = root / f"{difficulty}-{kind}.png"
            cv2.imwrite(str(path), image)
            items.append(ItemSource(kind, str(path)))
        wallet = root / f"{difficulty}-wallet.png"
        cv2.imwrite(str(wallet), shots.wallet[0])
        start = time.perf_counter()
        calibrate_pit_folder(shots.overview, shots.corners, rows, cols, difficulty,
                             root / difficulty, items=items,
                             wallets=[WalletSource(str(wallet), shots.wallet[1])])
        print(f"{look.name} {difficulty}: learned from its screenshots in "
              f"{time.perf_counter() - start:.1f} s", flush=True)
        saved = load_pit(root / difficulty)
        out[difficulty] = (saved.calibration, saved.pack()[0])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--fps", type=float, default=10.0)
    parser.add_argument("--max-digs", type=int, default=4)
    parser.add_argument("--click-noise", type=float, default=0.0,
                        help="corner clicks off by up to this many pixels")
    parser.add_argument("--no-baseline", action="store_true",
                        help="only the tracker (for accuracy runs over many games)")
    parser.add_argument("--look", choices=sorted(skin.LOOKS), default="classic",
                        help="the renderer's look (dusk: calibrated from its own screenshots)")
    args = parser.parse_args()
    look = skin.LOOKS[args.look]
    learned = learn_looks(look) if args.look != "classic" else {}

    tracker_ms: list[float] = []
    baseline_ms: list[float] = []
    tracker_err: list[float] = []
    baseline_err: list[float] = []
    baseline_failed = 0
    read = unread = unread_bombs = wrong = missed = 0
    for g in range(args.games):
        difficulty = ("beginner", "intermediate", "expert")[g % 3]
        plan = skin.plan_game(args.seed + g, difficulty, max_digs=args.max_digs, fps=args.fps)
        if learned:
            frames = list(skin.GameRenderer(plan, look=look, ground_seed=GROUND).frames())
            cal, pack = learned[difficulty]
        else:
            frames = list(skin.GameRenderer(plan).frames())
            first = frames[0]
            corners = skin.corner_hole_centres(first.homography, plan.rows, plan.cols)
            noise = np.random.default_rng(args.seed + g).uniform(-1, 1, (4, 2)) \
                * args.click_noise
            corners = corners + noise
            cal = calibrate_pit(first.image, corners, plan.rows, plan.cols)
            pack = skin.pit_pack()
        tracker = ThrillDiggerTracker(cal, pack, fps=plan.fps)
        for frame in frames:
            start = time.perf_counter()
            report = tracker.update(frame.image)
            tracker_ms.append((time.perf_counter() - start) * 1000)
            if report.registration.trusted:
                tracker_err.append(hole_error(report.registration.geometry, frame.homography))
        tracker.finish()
        baseline = ScratchRegistrar(cal)
        for frame in frames if not args.no_baseline else ():
            start = time.perf_counter()
            geometry = baseline.register(frame.image)
            baseline_ms.append((time.perf_counter() - start) * 1000)
            if geometry is None:
                baseline_failed += 1
            else:
                baseline_err.append(hole_error(geometry, frame.homography))
        events = {(e.row, e.col): e for e in tracker.events}
        for r, c in plan.digs:
            event = events.get((r, c))
            if event is None:
                missed += 1
            elif event.token == plan.board[r][c]:
                read += 1
            elif event.token == "?":
                unread += 1
                unread_bombs += plan.board[r][c] == "*"
            else:
                wrong += 1
        print(f"game {g + 1}/{args.games} ({difficulty}): {len(frames)} frames, "
              f"digs {len(plan.digs)}", flush=True)

    def summary(ms: list[float]) -> str:
        return (f"median {statistics.median(ms):6.1f} ms, p95 {np.percentile(ms, 95):6.1f} ms, "
                f"mean {statistics.fmean(ms):6.1f} ms")

    print(f"\nframes: {len(tracker_ms)} at 1280x720, {args.games} games")
    print(f"tracker (whole update)       : {summary(tracker_ms)}")
    if baseline_ms:
        print(f"baseline (ORB from scratch)  : {summary(baseline_ms)}  (registration only)")
        median_ratio = statistics.median(baseline_ms) / statistics.median(tracker_ms)
        mean_ratio = statistics.fmean(baseline_ms) / statistics.fmean(tracker_ms)
        print(f"ratio baseline/tracker       : median {median_ratio:.2f}x, "
              f"mean {mean_ratio:.2f}x")
    def errors(err: list[float]) -> str:
        if not err:
            return "no frame registered"
        return f"median {statistics.median(err):.2f}, p95 {np.percentile(err, 95):.2f}"

    print(f"registration error (px, worst on-screen hole per frame): tracker {errors(tracker_err)}"
          f" on {len(tracker_err)} trusted frames; baseline {errors(baseline_err)}, "
          f"no fit on {baseline_failed} frames")
    total = read + unread + wrong + missed
    print(f"dug holes: {total}; read {read} ({read / total:.1%}), '?' {unread} "
          f"({unread / total:.1%}, of which {unread_bombs} bombs), wrong {wrong}, "
          f"missed {missed}")


if __name__ == "__main__":
    main()
