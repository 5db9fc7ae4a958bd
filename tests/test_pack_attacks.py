"""Issue 20's attacks on template packs, each a test: a crafted pack gets one clear line.

Every crafted manifest of the issue (a ``thresholds`` value that is text, a ``mask`` that is
not, ``anchor.margin`` 1e308 or NaN, ``references`` null, nesting past the recursion limit, an
integer of 5000 digits, layout values a reader divides by or slices with) is refused by
:func:`gridsight.vision.packs.load_pack_dir` with a :class:`PackError` naming the manifest and the
field, before any image is read; odd files in a pack (a FIFO, a link to ``/dev/zero``, a 2 GB
sparse template) are refused by type or size without being read; 20,000 templates are refused
by count; a broken pack in the player's data folder is skipped with one warning, and every
command still reads with the shipped pack.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gridsight.cli import main
from gridsight.vision.errors import PackError
from gridsight.vision.packs import load_game_pack, load_pack, load_pack_dir, shipped_packs_root

REPO = Path(__file__).resolve().parent.parent
SHOT = REPO / "examples" / "screenshots" / "tile-path-room.png"


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exit_:
            code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()


def copy_pack(tmp_path: Path, game: str = "tile-path", name: str = "pack") -> Path:
    folder = tmp_path / name
    shutil.copytree(shipped_packs_root() / game / "default", folder)
    return folder


def edit(folder: Path, change) -> None:
    path = folder / "manifest.json"
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def refused(folder: Path, *needles: str) -> str:
    with pytest.raises(PackError) as info:
        load_pack_dir(folder)
    text = str(info.value)
    assert str(folder / "manifest.json") in text or str(folder) in text, text
    for needle in needles:
        assert needle in text, text
    assert text.isprintable() and len(text) < 600, text
    return text


# -- crafted manifests: the list ------------------------------------------------------

def _set(path: str, value):
    def change(data):
        keys = path.split(".")
        target = data
        for key in keys[:-1]:
            target = target[int(key)] if isinstance(target, list) else target.setdefault(key, {})
        if isinstance(target, list):
            target[int(keys[-1])] = value
        else:
            target[keys[-1]] = value
    return change


CRAFTED = [
    ("tile-path", _set("thresholds.min_score", "0.5"), "thresholds.min_score"),
    ("tile-path", _set("thresholds.min_margin", float("1e308")), "thresholds.min_margin"),
    ("tile-path", _set("thresholds", [1, 2]), "thresholds"),
    ("tile-path", _set("templates.0.mask", 7), "templates[0].mask"),
    ("tile-path", _set("templates.0.mask", ["x.png"]), "templates[0].mask"),
    ("tile-path", _set("templates.0.label", {"a": 1}), "templates[0].label"),
    ("tile-path", _set("anchor.margin", 1e308), "anchor.margin"),
    ("tile-path", _set("anchor.margin", -1), "anchor.margin"),
    ("tile-path", _set("references", "x"), "references"),
    ("tile-path", _set("references", [None]), "references[0]"),
    ("tile-path", _set("labels", {"x": 5}), "labels.x"),
    ("tile-path", _set("furniture", {"cards": [[0, 0, 0, 1]]}), "furniture.cards[0]"),
    ("tile-path", _set("cell_size", [0, 32]), "cell_size[0]"),
    ("tile-path", _set("rows", True), "rows"),
    ("tile-path", _set("game", "../../etc"), "game"),
    ("tile-path", _set("skin", "\ud800"), "skin"),
    ("tile-path", _set("templates.0.variant", "a\x1b[2Jb"), "templates[0].variant"),
    ("tile-path", _set("templates", [{"label": ".", "image": "dot.png"}] * 1001), "templates"),
    ("pentomino", _set("layout.tray.per_row", 0), "layout.tray.per_row"),
    ("pentomino", _set("layout.tray.slots", 10**9), "layout.tray.slots"),
    ("pentomino", _set("layout.tray.x", 5000), "layout.tray.x"),
    ("pentomino", _set("layout.tray.step", [4000, 0]), "layout.tray"),
    ("pentomino", _set("layout.tray.background", [0, 0, 0, 0]), "layout.tray.background[2]"),
    ("pentomino", _set("layout.px", 0), "layout.px"),
    ("pentomino", _set("layout.px", -24), "layout.px"),
    ("pentomino", _set("layout.screen", [100000, 100000]), "layout.screen[0]"),
    ("disco-zoo", _set("layout.sprite_box", [0, 0, 0, 0]), "layout.sprite_box"),
    ("disco-zoo", _set("layout.card_top", "66"), "layout.card_top"),
    ("disco-zoo", _set("layout.sprites.Sheep", ["01", "012"]), "layout.sprites.Sheep[1]"),
    ("disco-zoo", _set("labels.animal:rare.sprite_box", [1, 1, 0, 0]),
     "labels.animal:rare.sprite_box"),
]


@pytest.mark.parametrize("game, change, field", CRAFTED,
                         ids=[f"{g}:{f}" for g, _, f in CRAFTED])
def test_a_crafted_manifest_is_refused_naming_the_file_and_the_field(tmp_path, game, change,
                                                                       field):
    folder = copy_pack(tmp_path, game)
    edit(folder, change)
    refused(folder, f"'{field}")


@pytest.mark.parametrize("text, problem", [
    ('{"format": 1, "rows": NaN}', "not a finite number: NaN"),
    ('{"format": 1, "anchor": {"margin": 1e999}}', "not a finite number: 1e999"),
    ('{"format": 1, "rows": ' + "9" * 5000 + "}", "an integer of 5,000 digits"),
    ('{"format": 1, "labels": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested more than"),
    ("\xff\xfe", "not UTF-8"),
])
def test_a_manifest_that_is_not_plain_json_is_refused(tmp_path, text, problem):
    folder = copy_pack(tmp_path)
    (folder / "manifest.json").write_bytes(text.encode("utf-8", "surrogateescape")
                                           if text != "\xff\xfe" else b"\xff\xfe{}")
    refused(folder, problem)


def test_no_image_is_read_before_the_manifest_is_checked(tmp_path, monkeypatch):
    folder = copy_pack(tmp_path)
    edit(folder, _set("layout", {"px": float("1e300")}))
    import cv2

    monkeypatch.setattr(cv2, "imdecode", lambda *a, **k: pytest.fail("an image was decoded"))
    refused(folder, "'layout.px'")


# -- odd files inside a pack ------------------------------------------------------------------

def test_a_huge_template_is_refused_by_its_size_before_it_is_read(tmp_path):
    folder = copy_pack(tmp_path)
    with open(folder / "dot.png", "r+b") as handle:
        handle.truncate(2 * 10**9)  # sparse: 2 GB claimed, nothing on the disk
    started = time.process_time()
    refused(folder, "'dot.png'", "larger than")
    assert time.process_time() - started < 2.0  # not read: no gigabytes copied


def test_a_template_of_the_wrong_size_is_refused_from_its_header(tmp_path, monkeypatch):
    import cv2
    import numpy as np

    folder = copy_pack(tmp_path)
    cv2.imwrite(str(folder / "dot.png"), np.zeros((2000, 2000, 3), np.uint8))
    decode = cv2.imdecode
    decoded = []

    def watched(data, flags):
        image = decode(data, flags)
        decoded.append(image.shape[:2])
        return image

    monkeypatch.setattr(cv2, "imdecode", watched)
    refused(folder, "(dot.png) is 2000x2000 pixels; the cell size is 32x32")
    assert decoded and (2000, 2000) not in decoded


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("which", ["manifest.json", "dot.png"])
def test_a_fifo_in_a_pack_is_refused_without_hanging(tmp_path, which):
    folder = copy_pack(tmp_path)
    (folder / which).unlink()
    os.mkfifo(folder / which)
    code = ("from gridsight.vision.packs import load_pack_dir\nfrom gridsight.vision.errors import PackError\n"
            f"try:\n    load_pack_dir({str(folder)!r})\nexcept PackError as e:\n    print(e)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=30, env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert "a named pipe (FIFO)" in result.stdout and which in result.stdout, result


@pytest.mark.parametrize("which", ["manifest.json", "dot.png"])
def test_a_link_in_a_pack_is_refused_not_followed(tmp_path, which):
    folder = copy_pack(tmp_path)
    target = tmp_path / f"elsewhere-{which}"
    shutil.copy(folder / which, target)
    (folder / which).unlink()
    (folder / which).symlink_to(target)
    refused(folder, which, "a symbolic link")
    if os.path.exists("/dev/zero"):
        (folder / which).unlink()
        (folder / which).symlink_to("/dev/zero")
        refused(folder, which)


def test_twenty_thousand_templates_are_refused_by_count_at_once(tmp_path):
    folder = copy_pack(tmp_path)
    edit(folder, _set("templates", [{"label": ".", "variant": f"v{i}", "image": "dot.png"}
                                    for i in range(20_000)]))
    started = time.process_time()
    refused(folder, "'templates' must hold 1 to 1,000 items, not 20,000")
    assert time.process_time() - started < 2.0


def test_reading_a_pack_counts_against_the_time_limit(tmp_path):
    from gridsight.vision.errors import PackTimeLimit

    folder = copy_pack(tmp_path)
    with pytest.raises(PackTimeLimit, match="--time-limit"):
        load_pack_dir(folder, deadline=time.monotonic() - 1)
    assert load_pack_dir(folder, deadline=time.monotonic() + 60).labels


def test_analyze_says_a_slow_pack_passed_the_time_limit(tmp_path):
    folder = copy_pack(tmp_path)
    code, _, err = run("analyze", str(SHOT), "--game", "tile-path", "--pack", str(folder),
                       "--time-limit", "0.000001", "--out", str(tmp_path / "out"))
    assert code == 1, err
    assert err.count("\n") == 1 and "time limit" in err and "--time-limit" in err


# -- a broken pack of the player's ------------------------------------------------------------

@pytest.fixture
def broken_user_pack(tmp_path, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(data))
    folder = copy_pack(data / "templates" / "tile-path", name="default")
    edit(folder, _set("thresholds.min_score", "high"))
    return folder


def test_a_broken_pack_of_the_players_is_skipped_with_one_warning(broken_user_pack):
    with pytest.warns(UserWarning, match="thresholds.min_score") as caught:
        pack = load_pack("tile-path")
    assert pack.source == shipped_packs_root() / "tile-path" / "default"
    assert str(broken_user_pack) in str(caught[0].message)
    with pytest.warns(UserWarning):
        assert load_game_pack("tile-path", None).labels == pack.labels


def test_analyze_auto_still_reads_every_game_past_a_broken_pack(broken_user_pack, tmp_path):
    code, out, err = run("analyze", str(SHOT), "--out", str(tmp_path / "out"))
    assert code == 0, err
    warnings = [line for line in err.splitlines() if "warning" in line]
    assert len(warnings) == 1, err
    assert str(broken_user_pack) in warnings[0] and "thresholds.min_score" in warnings[0]
    assert warnings[0].startswith("gridsight: warning: template pack ")


def test_calibrate_still_works_past_a_broken_pack(broken_user_pack, tmp_path):
    import cv2
    from kit.skins import tile_path
    from test_readers import ROOM_TEXT

    shot = tile_path.render(ROOM_TEXT.splitlines(), scale=1)
    image = tmp_path / "shot.png"
    cv2.imwrite(str(image), shot.image)
    labels = tmp_path / "labels.txt"
    labels.write_text(ROOM_TEXT)
    corners = ",".join(f"{v:g}" for v in shot.geometry.outline().ravel())
    code, out, err = run("calibrate", "tile-path", str(image), "--corners", corners,
                         "--labels", str(labels), "--skin", "mine")
    assert code == 0, err
    assert load_pack("tile-path", "mine").labels


def test_an_explicit_broken_pack_is_an_error_not_a_fallback(tmp_path):
    folder = copy_pack(tmp_path)
    edit(folder, _set("rows", 0))
    code, _, err = run("analyze", str(SHOT), "--game", "tile-path", "--pack", str(folder),
                       "--out", str(tmp_path / "out"))
    assert code == 2 and err.count("\n") == 1 and "'rows'" in err, err


def test_an_anchor_mask_with_nothing_to_match_is_refused(tmp_path):
    """A mask all black leaves the locator nothing to find the board by (every place scores
    alike): refused at load, naming it. (Dropping the check was caught by nothing.)"""
    import cv2
    import numpy as np

    folder = copy_pack(tmp_path)
    mask = cv2.imread(str(folder / "anchor.mask.png"), cv2.IMREAD_GRAYSCALE)
    cv2.imwrite(str(folder / "anchor.mask.png"), np.zeros_like(mask))
    refused(folder, "the anchor mask is empty")


def test_a_pack_built_in_memory_checks_its_template_sizes_as_loading_does():
    """``make_pack`` (calibrate, learn) refuses a template of another size than the cell's, as
    loading a pack does. (Dropping the check was caught by nothing.)"""
    import numpy as np

    from gridsight.vision.packs import Template, make_pack

    pack = load_game_pack("tile-path", None)
    wrong = Template("floor", "big", np.zeros((40, 40, 3), np.uint8))
    with pytest.raises(PackError, match="template 'big' is not 32x32 pixels"):
        make_pack("tile-path", "odd", pack.cell_size, pack.rows, pack.cols,
                  (*pack.templates, wrong), pack.anchor)
