"""Thrill Digger in a look no pack describes, learned from its own screenshots only.

The renderer's ``dusk`` look has another ground (grey stone), another light (low, from the
left, dimmer), shifted item colours and dark digits of another font on a light panel in the
other corner. Each pit is calibrated by ``gridsight calibrate thrill-digger`` from that look's
own screenshots: the overview with its four corner holes, one screenshot per rupee colour
rising out of a hole, and one screenshot with the wallet and the amount it shows. Then games
in that look are followed end to end (every dug hole right or ``?``, none wrong), and stills
are read by ``gridsight analyze --calibration``.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import pytest

from sample_sizes import samples
from gridsight.cli import main
from gridsight.games.thrill_digger.calibration import CalibrationFileError, load_pit
from gridsight.games.thrill_digger.tracker import ThrillDiggerTracker
from kit.skins import thrill_digger_3d as skin
from gridsight.vision.pit import calibrate_pit
from gridsight.vision.pit.learn import ItemLearningError, ItemShot, learn_items
from gridsight.vision.pit.learn_wallet import WalletLearningError, learn_wallet, solve_glyphs

GROUND = 77  # the pit's ground: the same in every game, as in the real game
WALLET = 4096  # the amount the wallet screenshot shows (digits 0 4 6 9 learned from it)
RUPEES = ("g", "b", "r", "s", "y")


@dataclass(frozen=True)
class Calibrated:
    difficulty: str
    folder: Path
    shots: Path  # the screenshots given
    corners: str
    summary: str


def _calibrate(root: Path, difficulty: str) -> Calibrated:
    """Write the look's own screenshots and run ``gridsight calibrate`` on them."""
    shots = skin.calibration_shots(skin.DUSK, difficulty, GROUND, wallet_amount=WALLET)
    folder = root / f"shots-{difficulty}"
    folder.mkdir(parents=True)
    cv2.imwrite(str(folder / "overview.png"), shots.overview)
    wallet = folder / "wallet.png"
    cv2.imwrite(str(wallet), shots.wallet[0])
    args = []
    for kind in RUPEES:
        path = folder / f"item-{kind}.png"
        cv2.imwrite(str(path), shots.items[kind][0])
        args += ["--item", f"{kind}={path}"]
    corners = ",".join(f"{v:.1f}" for v in shots.corners.ravel())
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["calibrate", "thrill-digger", str(folder / "overview.png"),
                     "--corners", corners, "--difficulty", difficulty,
                     "--skin", f"dusk-{difficulty}", *args, "--wallet", f"{wallet}={WALLET}"])
    assert code == 0, out.getvalue()
    return Calibrated(difficulty, root / "data" / "pits" / f"dusk-{difficulty}", folder,
                      corners, out.getvalue())


@pytest.fixture(scope="module")
def dusk(tmp_path_factory):
    """The dusk look calibrated for two pit sizes, from its own screenshots only."""
    root = tmp_path_factory.mktemp("dusk")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIDSIGHT_DATA_DIR", str(root / "data"))
        return {d: _calibrate(root, d) for d in ("beginner", "expert")}


# -- what calibration learned -------------------------------------------------------------


def test_calibration_learns_the_looks_rupees_and_wallet(dusk):
    for calibrated in dusk.values():
        manifest = json.loads((calibrated.folder / "calibration.json").read_text())
        assert manifest["format"] == "gridsight-pit" and manifest["version"] == 2
        items = manifest["items"]
        assert sorted(items) == sorted(RUPEES)
        for kind, item in items.items():
            assert (calibrated.folder / item["image"]).is_file()
            assert item["screenshot"].endswith(f"item-{kind}.png")
        # Learned from the look's pixels: hue (OpenCV's 0..180) and saturation as drawn.
        hue = {k: items[k]["hue"] for k in RUPEES}
        assert 50 <= hue["g"] <= 80 and 95 <= hue["b"] <= 115 and 10 <= hue["y"] <= 25
        assert hue["r"] >= 165 or hue["r"] <= 5
        assert items["s"]["saturation"] < 40 < min(items[k]["saturation"] for k in "gbry")
        wallet = manifest["wallet"]
        assert wallet["dark_ink"] is True and sorted(wallet["digits"]) == sorted(set(str(WALLET)))
        x, y, w, h = wallet["box"]
        px, py, pw, ph = skin.DUSK.panel_box
        assert px <= x and x + w <= px + pw and py <= y and y + h <= py + ph
        assert "not yet: 123578" in calibrated.summary


def test_the_learned_wallet_reads_what_it_knows_and_nothing_it_does_not(dusk):
    saved = load_pit(dusk["expert"].folder)
    reader = saved.wallet.reader()
    base = cv2.imread(str(dusk["expert"].shots / "overview.png"))
    for value, expect in ((4096, 4096), (9640, 9640), (4, 4), (66, 66), (4091, None),
                          (1234, None), (8, None)):
        image = base.copy()
        skin.draw_wallet(image, value, skin.DUSK)
        read = reader.read(skin.compress(image, 70))
        assert read.visible and read.value == expect, (value, read)


def test_wallet_digits_follow_from_a_change_of_known_size(dusk):
    """4096 -> 4116 after a red rupee (+20): the unknown glyph '1' (shown twice) is worked out."""
    saved = load_pit(dusk["expert"].folder)
    reader = saved.wallet.reader()
    base = cv2.imread(str(dusk["expert"].shots / "overview.png"))
    glyphs = {}
    for value in (4096, 4116):
        image = base.copy()
        skin.draw_wallet(image, value, skin.DUSK)
        glyphs[value] = reader.glyphs(image)
    new = solve_glyphs(reader, glyphs[4096], glyphs[4116], 20)
    assert new is not None and sorted(new) == ["1"]
    # The same change read as +5 has no answer; 4096 -> 4196 (+100) pins '1' again.
    assert solve_glyphs(reader, glyphs[4096], glyphs[4116], 5) is None
    taught = saved.wallet.with_templates({**saved.wallet.templates, **new}).reader()
    image = base.copy()
    skin.draw_wallet(image, 1441, skin.DUSK)
    assert taught.read(image).value == 1441


# -- games in the look, end to end ---------------------------------------------------------


@pytest.mark.slow
def test_games_in_the_dusk_look_every_dug_hole_right_or_unread(dusk):
    tally: Counter[str] = Counter()
    wrong = []
    # One game of each difficulty (four, two of each, with GRIDSIGHT_FULL_SAMPLES, as until
    # the 28th session: 1.1 s of CPU a game): a hole misread or a dig missed fails on any
    # game, and the rupees' floor holds on the first two
    for seed, difficulty in enumerate(("beginner", "expert", "beginner", "expert")
                                      [:samples(2, 4)]):
        saved = load_pit(dusk[difficulty].folder)
        pack, warnings = saved.pack()
        assert not any("synthetic" in w for w in warnings), warnings
        plan = skin.plan_game(4000 + seed, difficulty, max_digs=3, fps=6)
        tracker = ThrillDiggerTracker(saved.calibration, pack, fps=plan.fps)
        for frame in skin.GameRenderer(plan, look=skin.DUSK, ground_seed=GROUND).frames():
            tracker.update(frame.image)
        tracker.finish()
        events = {(e.row, e.col): e for e in tracker.events}
        assert set(events) == set(plan.digs), (seed, plan.digs, sorted(events))
        for (r, c), event in events.items():
            truth = plan.board[r][c]
            if event.token == truth:
                tally["read"] += 1
                tally["rupees read"] += truth in RUPEES
            elif event.token == "?":
                tally["?"] += 1
            else:
                wrong.append((seed, r, c, truth, event))
            tally["rupees"] += truth in RUPEES
    assert not wrong, wrong
    print(f"\ndusk look: {tally['read'] + tally['?']} dug holes, {tally['read']} read, "
          f"{tally['?']} '?'; rupees {tally['rupees read']} of {tally['rupees']} read")
    assert tally["rupees read"] >= 0.6 * tally["rupees"]


# -- stills -----------------------------------------------------------------------------------


def _stills(tmp_path: Path) -> list[tuple[Path, skin.PitFrame, skin.GamePlan]]:
    plan = skin.plan_game(4100, "expert", max_digs=3, fps=6)
    frames = list(skin.GameRenderer(plan, look=skin.DUSK, ground_seed=GROUND).frames())
    rising = next(f for f in frames if f.item is not None and f.item.height > 0.8
                  and f.item.alpha == 1.0 and f.item.kind in RUPEES)
    picks = [("rising", rising), ("end", frames[-1])]
    out = []
    for name, frame in picks:
        path = tmp_path / f"{name}.png"
        cv2.imwrite(str(path), frame.image)
        out.append((path, frame, plan))
    return out


def test_analyze_reads_stills_of_the_calibrated_pit(dusk, tmp_path, run_cli):
    stills = _stills(tmp_path)
    code, out, err = run_cli("analyze", "--game", "thrill-digger", "--calibration",
                             str(dusk["expert"].folder), "--json", "--out",
                             str(tmp_path / "out"), *(str(p) for p, _, _ in stills))
    assert code == 0, err
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == 2
    for result, (path, frame, plan) in zip(results, stills):
        assert result["image"] == str(path) and Path(result["annotated"]).is_file()
        grid = [line.split() for line in result["board"].splitlines()[1:]]
        unread = {tuple(c) for c in result["unread"]}
        for r in range(plan.rows):
            for c in range(plan.cols):
                if (r, c) in unread:
                    continue
                token = grid[r][c]
                if frame.dug[r, c]:
                    assert token in ("?", plan.board[r][c]), (path.name, r, c, token)
                else:
                    assert token == ".", (path.name, r, c, token)
    rising = stills[0][1].item
    grid = [line.split() for line in results[0]["board"].splitlines()[1:]]
    assert grid[rising.row][rising.col] == rising.kind
    assert "dug, contents not seen" in " ".join(results[1]["notes"])
    assert "synthetic" not in err


def test_analyze_refuses_a_picture_of_another_pit(dusk, tmp_path, run_cli):
    plan = skin.plan_game(7, "expert", max_digs=1)
    other = tmp_path / "other.png"
    cv2.imwrite(str(other), skin.GameRenderer(plan).overview().image)  # another ground
    code, _, err = run_cli("analyze", "--game", "thrill-digger", "--calibration",
                           str(dusk["expert"].folder), str(other), "--out", str(tmp_path))
    assert code == 2 and "other.png: the calibrated pit is not seen clearly" in err


# -- what is not learned says so -----------------------------------------------------------


def test_a_calibration_without_items_warns_that_colours_are_the_defaults(dusk, tmp_path,
                                                                          run_cli, monkeypatch):
    from gridsight.games.thrill_digger import SPEC
    from gridsight.games.thrill_digger.live import pit_source

    calibrated = dusk["expert"]
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path / "data"))
    code, _, err = run_cli("calibrate", "thrill-digger", str(calibrated.shots / "overview.png"),
                           "--corners", calibrated.corners, "--difficulty", "expert",
                           "--skin", "bare")
    assert code == 0, err
    folder = tmp_path / "data" / "pits" / "bare"
    options = argparse.Namespace(calibration=str(folder), difficulty=None, interval=100,
                                 pack=None)
    source = pit_source(SPEC, options)
    assert any("synthetic 3D skin's defaults" in w for w in source.notes())
    assert not any("synthetic" in w for w in source.warnings())  # not under every advice
    from gridsight.live.loop import LiveLoop
    from gridsight.vision.capture import Missing, MissingReason

    view = LiveLoop(SPEC, source=source).step(Missing(MissingReason.NOT_FOUND, "not yet"))
    assert any(d.startswith("note: item colours are the synthetic 3D skin's defaults")
               for d in view.details)  # in the panel's details, said once at the start
    assert not any("synthetic" in w for w in view.warnings)  # the strip shows the warnings
    learned = pit_source(SPEC, argparse.Namespace(calibration=str(calibrated.folder),
                                                  difficulty=None, interval=100, pack=None))
    assert learned.pack.item_models and not any("synthetic" in w for w in learned.notes())
    code, _, err = run_cli("analyze", "--game", "thrill-digger", "--calibration", str(folder),
                           str(calibrated.shots / "overview.png"), "--out", str(tmp_path))
    assert code == 0 and "item colours are the synthetic 3D skin's defaults" in err


# -- unclear input is refused, naming what is wrong ---------------------------------------


@pytest.fixture(scope="module")
def dusk_pit():
    shots = skin.calibration_shots(skin.DUSK, "beginner", GROUND, wallet_amount=WALLET)
    return shots, calibrate_pit(shots.overview, shots.corners, 4, 5)


def test_item_learning_refuses_unclear_screenshots(dusk_pit):
    shots, calibration = dusk_pit
    item = {k: ItemShot(k, image, f"{k}.png") for k, (image, _) in shots.items.items()}
    with pytest.raises(ItemLearningError, match="2 item screenshot.*need at least 3"):
        learn_items(calibration, [item["g"], item["b"]])
    no_item = ItemShot("r", shots.overview, "overview.png")
    with pytest.raises(ItemLearningError, match="overview.png: no item found"):
        learn_items(calibration, [item["g"], item["b"], no_item])
    twice = ItemShot("r", shots.items["b"][0], "blue-again.png")
    with pytest.raises(ItemLearningError, match="b.png \\('b'\\) and blue-again.png \\('r'\\) "
                       "are the same picture"):
        learn_items(calibration, [item["g"], item["b"], twice])
    # Another screenshot of a blue rupee labelled red: the item shows in both.
    other = skin.calibration_shots(skin.DUSK, "beginner", GROUND, kinds=("b",), seed=5)
    wrong = ItemShot("r", other.items["b"][0], "red.png")
    with pytest.raises(ItemLearningError, match="does another one show the same item"):
        learn_items(calibration, [item["g"], item["b"], wrong])
    elsewhere = np.full_like(shots.overview, 90)
    with pytest.raises(ItemLearningError, match="flat.png: the pit is not found"):
        learn_items(calibration, [item["g"], item["b"], ItemShot("r", elsewhere, "flat.png")])


def test_wallet_learning_refuses_a_wrong_amount_or_box(dusk_pit):
    shots, _ = dusk_pit
    image, amount = shots.wallet
    with pytest.raises(WalletLearningError, match="no counter showing 40960 found"):
        learn_wallet(image, 40960, source="w.png")
    with pytest.raises(WalletLearningError, match="no counter showing 4096 found in the box"):
        learn_wallet(image, amount, box=(600, 400, 200, 100), source="w.png")
    with pytest.raises(WalletLearningError, match="not inside the 1280x720 picture"):
        learn_wallet(image, amount, box=(1200, 10, 200, 50), source="w.png")
    style = learn_wallet(image, amount, box=(0, 0, 400, 120))
    assert style.reader().read(image).value == amount


def test_calibrate_command_names_what_is_wrong(dusk, tmp_path, run_cli, monkeypatch):
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path / "data"))
    calibrated = dusk["beginner"]
    base = ["calibrate", "thrill-digger", str(calibrated.shots / "overview.png"), "--corners",
            calibrated.corners, "--difficulty", "beginner", "--skin", "bad"]
    item = str(calibrated.shots / "item-g.png")
    cases = [
        (["--item", f"silver={item}"], "'silver' is not an item token"),
        (["--item", f"g={item}@x"], "the hole after @ must be ROW,COL"),
        # The hole as the player counts it, from 1 (0 was the old count, from 0: refused).
        (["--item", f"g={item}@0,2"], "the hole's row and column count from 1"),
        (["--item", f"g={item}@9,9", "--item", f"b={item[:-5]}b.png",
          "--item", f"r={item[:-5]}r.png"], "no hole at row 9, column 9 in a"),
        (["--item", f"g={item}", "--item", f"g={item}"], "--item g is given twice"),
        (["--wallet", f"{item}=lots"], "'lots' is not the amount shown"),
        (["--wallet-box", "1,2,3,4"], "--wallet-box needs a --wallet"),
        (["--item", f"g={tmp_path / 'none.png'}", "--item", f"b={item}", "--item", f"r={item}"],
         "none.png: cannot read image"),
    ]
    for extra, message in cases:
        code, _, err = run_cli(*base, *extra)
        assert code == 2 and message in err and len(err.strip().splitlines()) == 1, (extra, err)
    # The pit's options on a game read as a flat grid, and the other way round.
    code, _, err = run_cli("calibrate", "tile-path", str(calibrated.shots / "overview.png"),
                           "--item", f"g={item}")
    assert code == 2 and "are for a game read as a 3D pit, not tile-path" in err
    code, _, err = run_cli("analyze", "--game", "tile-path", "--calibration",
                           str(calibrated.folder), str(calibrated.shots / "overview.png"))
    assert code == 2 and "--calibration is for a game read as a 3D pit" in err
    code, _, err = run_cli("analyze", "--game", "thrill-digger", str(item))
    assert code == 2 and "give --calibration DIR" in err


def test_a_calibration_file_of_an_unknown_version_is_refused(dusk, tmp_path):
    import shutil

    folder = tmp_path / "future"
    shutil.copytree(dusk["beginner"].folder, folder)
    manifest = json.loads((folder / "calibration.json").read_text())
    manifest["version"] = 99
    (folder / "calibration.json").write_text(json.dumps(manifest))
    with pytest.raises(CalibrationFileError, match="calibration version 99"):
        load_pit(folder)
    manifest["version"] = 2
    manifest["items"]["g"]["shades_lab"] = "green"
    (folder / "calibration.json").write_text(json.dumps(manifest))
    with pytest.raises(CalibrationFileError, match="bad 'items'"):
        load_pit(folder)


def test_live_follows_a_game_in_the_dusk_look_through_its_calibration(dusk):
    """``gridsight live --calibration``'s board source, on a rendered game as the screen."""
    from gridsight.games.thrill_digger import SPEC
    from gridsight.games.thrill_digger.live import pit_source
    from gridsight.live.loop import LiveLoop
    from gridsight.vision.capture import Frame, Rect

    plan = skin.plan_game(4200, "beginner", max_digs=3, fps=6)
    options = argparse.Namespace(calibration=str(dusk["beginner"].folder), difficulty=None,
                                 interval=int(1000 / plan.fps), pack=None)
    source = pit_source(SPEC, options)
    assert source.pack.item_models and source.pack.wallet_style is not None
    live = LiveLoop(SPEC, source=source)
    rect = Rect(0, 0, skin.WIDTH, skin.HEIGHT)
    for frame in skin.GameRenderer(plan, look=skin.DUSK, ground_seed=GROUND).frames():
        view = live.step(Frame(frame.image, rect, frame.time))
        for r, row in enumerate(view.state.grid):
            for c, token in enumerate(row):
                if token != ".":
                    assert frame.dug[r, c] and token in (plan.board[r][c], "?"), (r, c, token)
    read = {(e.row, e.col): e.token for e in source.tracker.events}
    assert set(read) == set(plan.digs)
    assert any(read[d] == plan.board[d[0]][d[1]] for d in plan.digs if plan.board[d[0]][d[1]]
               in RUPEES)


def test_the_classic_counter_is_found_too_light_digits_on_dark():
    plan = skin.plan_game(3, "expert", max_digs=1)
    image = skin.GameRenderer(plan, blur=False).overview().image.copy()
    skin.draw_wallet(image, 1288)
    style = learn_wallet(image, 1288, source="classic.png")
    x, y, w, h = style.box
    px, py, pw, ph = skin.PANEL_BOX
    assert not style.dark_ink and px <= x and x + w <= px + pw + 1 and py <= y <= py + ph
    assert sorted(style.templates) == ["1", "2", "8"]
    reader = style.reader()
    for value, expect in ((2812, 2812), (18, 18), (1234, None)):
        shot = image.copy()
        skin.draw_wallet(shot, value)
        assert reader.read(skin.compress(shot, 75)).value == expect, value
