"""Every benchmark script runs: each one once, at its smallest setting, as ``__main__``.

The figures are not checked (benchmarks are never timed asserts); a script that no longer runs
(an API it used has moved, an option it passes is gone) fails here, not the day someone wants
its numbers. A new script in ``bench/`` needs its smallest setting in :data:`SMALLEST`.

The scripts that read screens (:data:`SCREEN_READING`) run from
``tests/test_bench_screens.py``, the others here: two files, so that under ``--dist loadfile``
the two halves (each about 20 s of CPU) run on both workers at once, not on one after the other.
Each file's scripts run one after another in one fresh process (:func:`run_together`).
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / "bench"

#: Each script's arguments for its smallest run (a few seconds of CPU each).
SMALLEST: dict[str, list[str]] = {
    "bench_advice.py": ["--quick"],
    # (the second Disco Zoo shot once stopped it; --no-warm: the untimed first run of each
    # game's first shot, a third of its finds, left out)
    "bench_analyze.py": ["--shots", "2", "--no-warm"],
    "bench_by_boxes.py": ["--seeds", "7002"],
    # (seed 7002: 1.7 s of CPU in all, against 3.2 s for the first seed, 7000; its old ways
    # still twice the new's CPU)
    "bench_reader_speed.py": ["--screens", "1"],
    # (OCR off: about 2 s of CPU with its read; the first screen settles 884 choices)
    "bench_settle.py": ["--screens", "1", "--rounds", "1", "--ocr", "off"],
    "bench_read_fast.py": ["--screens", "1", "--no-warm", "--seed", "7002"],
    # (one game, one further screenshot: 1 s of CPU against 3.3 s for all three games' two)
    "bench_calibrated_packs.py": ["--shots", "1", "--games", "tile-path"],
    # (seed 90003: every section on a capture whose whole-frame search is short, 5 s in all
    # against 15 s for the first seed, 90000, whose desktop alone costs 3.9 s of CPU; the
    # desktop with no game searched for Disco Zoo only: 1.2 s, against 5.5 s for all four)
    "bench_desktop.py": ["--screens", "1", "--games", "disco-zoo", "--live", "1",
                         "--no-game", "1", "--no-game-for", "disco-zoo", "--seed", "90003"],
    # (seed 540002: both desktops found, a second screen looked for in each and the 4K
    # frame after the first read, 4.7 s of CPU in all, against 11.4 s for the first seed,
    # 540000)
    "bench_desktop_search.py": ["--captures", "1", "--big", "1", "--frames", "1",
                                "--seed", "540002"],
    # (no desktop read: the two fresh processes, one each way, their plumbing and imports;
    # a harder desktop costs 4 s of CPU each way, the reads are bench_desktop.py's here)
    "bench_cv_threads.py": ["--screens", "0", "--rounds", "1"],
    # (the screen at 1x only: 0.9 s of CPU, against 1.8 s at 1x, 2x and 3x; the same reads)
    "bench_disco_screen.py": ["--screens", "1", "--repeat", "1", "--scales", "1"],
    # (one harder desktop, the tile-path pack's search only: 0.7 s of CPU both ways)
    "bench_locate_screen.py": ["--desktops", "1", "--no-game", "0", "--games", "tile-path"],
    # (seed 7002: read in 0.14 s of CPU, against 0.49 s for 7010 and 1.2 s for the first
    # seed, 7000; the script reads it four times: 1.9 s of CPU in all against 3.9 s for 7010)
    "bench_disco_settle.py": ["--screens", "1", "--first", "7002"],
    "bench_disco_zoo.py": ["--boards", "2", "--ends", "1", "--fresh", "1", "--midgame", "1",
                           "--budget", "0.1"],
    "bench_first_call.py": ["--games", "tile-path"],
    "bench_limit.py": ["--boards", "1", "--budget", "0.1", "--busy", "1"],
    "bench_limit_every_solver.py": ["--seconds", "0.05", "--states", "100"],
    "bench_mapview.py": ["--views", "1", "--rounds", "1"],
    "bench_live.py": ["--idle", "0.05", "--repeat", "1", "--real-look", "1", "--unseen-cards", "0",
                      "--moves", "1"],
    "bench_minesweeper.py": ["--games", "1", "--baseline-ways", "100"],
    "bench_overlay.py": ["--repeat", "1"],
    # (seed 90007: every call of the five steps run both ways, 2.8 s of CPU in all against
    # 5.1 s for 90003, whose 18 _equal_intervals calls' plain loops alone cost 2.2 s)
    "bench_panel_search.py": ["--screens", "1", "--seed", "90007"],
    # (one calibration by the old path and the new, every camera's exactness compared)
    "bench_room_exactness.py": ["--cases", "1"],
    # (the moved cases' names only: each case costs seconds of CPU, the suite's cheaper tests
    # named in the script's docstring cover their rules)
    "bench_regressions.py": ["--list"],
    # (--no-raw-count: the kernel's 3 s count without symmetry breaking; every tiling is
    # still searched by the same kernel for section 3's boards. --no-fresh-process: section
    # 5's interpreter importing numba, 0.8 s of CPU of the run's 5.2 s (39th session);
    # sections 1-4 call the same search with the kernel in this process)
    "bench_pentomino.py": ["--hints", "1", "--stuck", "1", "--no-python-count",
                           "--no-raw-count", "--no-dlx-count", "--no-fresh-process",
                           "--sub-problem", "smallest"],
    # (--no-analyze: the two cases analyzing a screenshot, 2.5 s of the 4 s run, are the
    # same measure() of another command line; analyze itself is tests/test_analyze.py's)
    "bench_startup.py": ["--runs", "1", "--no-analyze"],
    "bench_thrill_3d.py": ["--games", "1", "--max-digs", "1", "--no-baseline"],
    "bench_thrill_digger.py": ["--states", "2", "--baseline", "1"],
    "bench_tile_path.py": ["--boards", "1", "--dfs-nodes", "1000", "--python-budget", "0.1",
                           "--max-square", "6", "--skip-first-call", "--rooms", "8",
                           "--no-leave-one"],
    # (4x: its calibration 1.1 s of CPU, against 2.6 s at 2x; 1.8 s in all against 3.1)
    "bench_tile_rooms.py": ["--shots", "1", "--repeat", "1", "--scales", "4"],
    # (the naive baseline's first 2 scales of its 22: 0.2 s of CPU, against 3 s for all)
    "bench_vision.py": ["--repeat", "1", "--games", "tile-path", "--naive-scales", "2"],
    "disco_zoo_advice.py": ["--pairs", "1", "--baseline-cap", "0.2"],
    "disco_zoo_counter.py": ["--screens", "1", "--workers", "1"],
    "disco_zoo_names.py": ["--screens", "1", "--workers", "1"],
    "disco_zoo_ocr.py": ["--screens", "1", "--workers", "1"],
    # (one screen in two of its twelve variants, each read both ways)
    "disco_zoo_variants.py": ["--seed", "996017", "--screens", "1", "--wider", "--variants",
                              "sj,toast", "--workers", "1"],
    # (one row: 710039, read exactly both ways, 0.6 s of CPU; CI runs every row, .ci/run)
    "screen_corpus.py": ["--cases", "wider_bush_in_common_green_710039"],
    # (one everyday screen, 7002, read fresh in one process and once more in order)
    "bench_order.py": ["--seed", "7002", "--screens", "1", "--workers", "1", "--orders", "up"],
}

#: What a script's smallest run must print (each section's figures are there).
PRINTS: dict[str, list[str]] = {
    "bench_advice.py": [
        r"fewer than \d holes dug \(answered from the table\): \d+ of \d+ within 50 ms",
        r"intermediate +auto +[-+][\d.]+ +safest",
        r"expert +deeper +[-+][\d.]+ +auto",
        r"exact +won \d+ of 2 \([\d.]+%.*s of CPU per game",
        r"paired difference exact - safest:",
        r"open start \(first click at row 3, column 3 from 0, opening a 0\): exact won",
        r"2 random mid-game rescues x 2 objectives: \d of 4 exact",
        r"boards one advised tap after the opening book \(a random sample\): \d of 6 exact",
        r"with the book *: \d of 2 exact within the budget",
        r"searched \(no book\) *: \d of 2 exact within the budget",
        r"== Disco Zoo: the compiled search against pure Python",
    ],
    "bench_mapview.py": [r"kind_candidates on 1 views x 1 rounds, every placement the same: "
                         r"old [\d.]+ s CPU, new [\d.]+ s, ratio old / new [\d.]+x"],
    "bench_regressions.py": [r"\d+ cases: desktop_players_500014"],
    "bench_order.py": [r"no read differs from its fresh read", r"1 screens fresh; orders up"],
    "screen_corpus.py": [r"(ok|better) +wider_bush_in_common_green_710039: plain \w+",
                         r"1 rows: [01] ok, [01] better than recorded, 0 FAILED"],
    "bench_calibrated_packs.py": [r"tile-path: calibrated in [\d.]+ s of CPU; 1 of 1 further "
                                  r"screenshots \(seeds from 100\) read exactly"],
    "bench_by_boxes.py": [r"seed 7002 \([\d.]+x\): baseline [\d.]+ s, grid [\d.]+ s, cut "
                          r"[\d.]+ s", r"total: baseline [\d.]+ s, cut [\d.]+ s, ratio [\d.]+x",
                          r"total: grid [\d.]+ s, masks \(shipped\) [\d.]+ s, ratio [\d.]+"],
    "bench_read_fast.py": [r"screen 7002 \([\d.]+x\): old [\d.]+ s, new [\d.]+ s",
                           r"total: old [\d.]+ s, new [\d.]+ s, ratio new/old [\d.]+"],
    "bench_desktop_search.py": [r"desktops \(1 captures, found \d\): search [\d.]+ CPU s "
                                r"against [\d.]+ for the screen alone \(baseline\), ratio",
                                r"4K desktops \(1 captures"],
    "disco_zoo_variants.py": [r"wider look, seeds 996017\.\.996017, 2 variants each",
                              r"no options: 2 reads: \d+ exact, \d+ unsure, \d+ asked",
                              r"with --animals: 2 reads: .* \d+ WRONG", r"WRONG reads: \d+"],
    "bench_cv_threads.py": [r"0 harder desktops from \d+, 1 rounds: OpenCV's default threads "
                            r"[\d.]+ CPU s \(baseline\), one thread [\d.]+ s, ratio [\d.]+; the "
                            r"same said on 0 of 0"],
    "bench_locate_screen.py": [r"locate_board on 1 harder Disco Zoo desktops and 0 with no "
                               r"game from \d+, 1 packs, 1 rounds: whole ladder [\d.]+ CPU s "
                               r"\(baseline\), screened [\d.]+ s, ratio [\d.]+; the same found "
                               r"on 1 of 1 searches"],
    "bench_reader_speed.py": [r"1 real-look screens \(plain\) from \d+, 1 rounds: read alike "
                              r"both ways on 1 of 1",
                              r"the reader: baseline [\d.]+ CPU s, shipped [\d.]+ s, ratio "
                              r"[\d.]+"],
    "bench_settle.py": [r"\d+ settlings from 1 real-look screens \(plain, OCR off\) from \d+, "
                        r"1 rounds: settled alike all three ways on (\d+) of \1\n",
                        r"the settling: baseline [\d.]+ CPU s, the 47th session's [\d.]+ s, "
                        r"shipped [\d.]+ s, ratio [\d.]+ \(against the 47th's [\d.]+\)"],
    "bench_disco_settle.py": [r"afresh [\d.]+ s \(baseline\), remembered [\d.]+ s, ratio "
                              r"[\d.]+; same reading on 1 of 1",
                              *(rf"{step} +\d+ asked: baseline +[\d.]+ s, as shipped +[\d.]+ "
                                rf"s, ratio +[\d.]+x" for step in (
                                    "tile colours", "glyph distances", "board checks",
                                    "names' rule", "text colour", "rows' colours")),
                              r"whole reads with no options, 1 screens: the inner steps' "
                              r"baselines [\d.]+ s, as shipped \(remembered\) [\d.]+ s"],
}


#: The scripts that read screens (run by tests/test_bench_screens.py); the rest run here.
SCREEN_READING = frozenset({
    "bench_analyze.py", "bench_by_boxes.py", "bench_calibrated_packs.py", "bench_desktop.py",
    "bench_desktop_search.py", "bench_disco_screen.py", "bench_locate_screen.py",
    "bench_disco_settle.py", "bench_read_fast.py", "bench_panel_search.py",
    "bench_reader_speed.py", "bench_settle.py",
    "bench_room_exactness.py",
    "bench_tile_rooms.py", "bench_vision.py",
    "disco_zoo_counter.py", "disco_zoo_names.py", "disco_zoo_ocr.py", "disco_zoo_variants.py",
    "screen_corpus.py", "bench_order.py",
})


def test_every_script_has_a_smallest_setting():
    scripts = sorted(p.name for p in BENCH.glob("*.py"))
    assert scripts, "no benchmark found: the scan is broken"
    assert sorted(SMALLEST) == scripts
    # every script runs in one of the two files: the screen readers there, the rest here
    assert SCREEN_READING <= set(SMALLEST), sorted(SCREEN_READING - set(SMALLEST))
    assert SCREEN_READING and set(SMALLEST) - SCREEN_READING


#: Scripts that time a compiled kernel against Python: they need the fast extra's numba.
NEEDS: dict[str, tuple[str, ...]] = {"bench_advice.py": ("numba",),
                                     "bench_pentomino.py": ("numba",)}


@pytest.fixture(scope="module")
def together(request, tmp_path_factory) -> Path:
    """The outputs of this file's selected scripts, run one after another in one process."""
    return run_together(request, tmp_path_factory, "test_the_script_runs")


@pytest.mark.parametrize("script", sorted(set(SMALLEST) - SCREEN_READING))
def test_the_script_runs(script, together):
    check_script(script, together)


def run_together(request, tmp_path_factory, test_name: str) -> Path:
    """Run the scripts of this session's ``test_name`` tests in the module asking (each at its
    smallest setting) one after another in ONE fresh process (``tests/bench_together.py``):
    each script alone was a fresh interpreter importing gridsight and its extras and warming
    the same memos and compiled kernels before its own work (the 25 scripts: 55.6 CPU s as
    25 processes, 41.4 as the two files' two, 34th session). Each script still runs as
    ``__main__`` with its own ``sys.argv``, its output and exit status kept apart (the
    directory returned holds ``SCRIPT.out``, ``.err`` and ``.rc``), so one that breaks fails
    its own test only. The directory is also the scripts' working and data directory."""
    module = request.node.path
    scripts = sorted({item.callspec.params["script"] for item in request.session.items
                      if item.path == module and getattr(item, "originalname", "") == test_name
                      and all(importlib.util.find_spec(m) for m in
                              NEEDS.get(item.callspec.params["script"], ()))})
    out = tmp_path_factory.mktemp("bench")
    env = dict(os.environ, PYTHONPATH=str(REPO), GRIDSIGHT_DATA_DIR=str(out),
               QT_QPA_PLATFORM="offscreen", MPLBACKEND="Agg")
    argv = [word for script in scripts for word in ("--", script, *SMALLEST[script])]
    done = subprocess.run([sys.executable, str(REPO / "tests" / "bench_together.py"), str(out),
                           *argv], cwd=out, env=env, capture_output=True, text=True,
                          timeout=600 + 120 * len(scripts))
    assert done.returncode == 0, f"the scripts' runner: exit {done.returncode}\n{done.stderr}"
    return out


def check_script(script: str, out: Path) -> None:
    """``bench/SCRIPT``'s run in ``out`` (:func:`run_together`) exited 0 with no traceback and
    printed each of its :data:`PRINTS` patterns."""
    for module in NEEDS.get(script, ()):
        pytest.importorskip(module)
    rc, stdout, stderr = ((out / f"{script}.{end}").read_text() for end in ("rc", "out", "err"))
    assert rc == "0", f"{script}: exit {rc}\n{stderr[-3000:]}"
    assert "Traceback" not in stderr, stderr[-3000:]
    assert stdout.strip(), f"{script} printed nothing"
    for pattern in PRINTS.get(script, ()):
        assert re.search(pattern, stdout), f"{script}: no {pattern!r} in\n{stdout}"


def test_the_live_benchmarks_unseen_cards_section_runs(monkeypatch):
    """``bench_live.py --unseen-cards`` (left out of its smallest run: the forgetting
    baseline's full searches are about 6 s of CPU): its rescue's first tap followed with the
    whole frame's find remembered (3 s of CPU, one full search). The frames are drawn with
    cards that are not found, the second frame is the first's find kept, not searched again,
    and the find the baseline forgets (``ScreenLocator.whole``) is where it reaches for it."""
    monkeypatch.syspath_prepend(str(BENCH))
    import bench_live
    import test_live_real_look
    from gridsight.readers.find import FURNITURE

    loops = []
    made = test_live_real_look.loop_for
    monkeypatch.setattr(test_live_real_look, "loop_for",
                        lambda **kwargs: loops.append(made(**kwargs)) or loops[-1])
    assert len(bench_live.unseen_cards_latency(remember=True, moves=1)) == 1
    located = loops[0].source._structure
    assert (located.searches, located.kept) == (1, 1)
    assert located.whole is not None
    assert located.whole[1].extras.get(FURNITURE) == ("counter",)  # the cards not found


def test_the_desktop_bench_counts_unread_tiles_with_a_flagged_counter_as_said_in_words(
        monkeypatch):
    """Fresh 550005 (`bench_desktop.py --harder`): two found tiles said unread and the
    counter said unsure, nothing false stated without a warning: not a wrong read. A cell
    said wrong that is not among the unread ones still is."""
    monkeypatch.syspath_prepend(str(BENCH))
    from bench_desktop import _only_at

    truth = "region: Northern\nanimals: Beaver\ntaps: 0\n1 . -\n. 1 -"
    said = "region: Northern\nanimals: Beaver\ntaps: 2/8\n. . -\n. . -"
    unread = {(0, 0), (1, 1)}
    assert _only_at(said, truth, unread, taps=True)
    assert not _only_at(said, truth, unread)  # the counter not flagged: its taps stated
    assert not _only_at(said, truth, {(0, 0)}, taps=True)  # (1, 1) stated wrong


@pytest.mark.parametrize("token, counted", [("1/3", "unsure"), ("*", "unsure"),
                                            ("1/2", "wrong"), ("1", "wrong"), ("3", "exact")])
def test_the_desktop_bench_counts_a_tile_written_with_its_candidates_as_said_in_words(
        monkeypatch, token, counted):
    """Fresh harder 660003 (`bench_desktop.py`): two found Rats written ``1/3`` (Chipmunk or
    Rat, with a note that the sprite does not settle which) were counted wrong reads; 660012's
    ``*`` (some animal) too. Nothing false is stated: ``unsure``. Candidates without the right
    animal (``1/2``), or another animal stated, stay wrong."""
    from types import SimpleNamespace

    monkeypatch.syspath_prepend(str(BENCH))
    import bench_desktop

    truth = "region: City\nanimals: Chipmunk, Raccoon, Rat\ntaps: 4\n. 3 -\n- . ."
    said = truth.replace(". 3 -", f". {token} -")
    reading = SimpleNamespace(text=said, unread=(), warnings=())
    monkeypatch.setattr(bench_desktop, "find_in", lambda image, packs: None)
    monkeypatch.setattr(bench_desktop, "read_found", lambda image, found, hints: reading)
    assert bench_desktop.outcome("disco-zoo", None, None, None, truth)[0] == counted


def altered_truth(k: int, base: int) -> tuple[str, object]:
    """Wider screen ``base + k`` with its truth made false: its first untapped tile said
    tapped empty (a corpus row whose every read must be WRONG)."""
    from test_disco_zoo_screens import real_screen

    _, text, image, _ = real_screen(k, base, wider=True)
    lines = text.split("\n")
    row = next(r for r, line in enumerate(lines) if r >= 3 and "." in line.split())
    tokens = lines[row].split(" ")
    tokens[tokens.index(".")] = "-"
    lines[row] = " ".join(tokens)
    return "\n".join(lines), image


def test_the_screen_corpus_fails_a_row_read_wrong(tmp_path, capsys, monkeypatch):
    """``bench/screen_corpus.py`` on a row whose truth was altered (710039, read exactly
    both ways, one untapped tile said tapped in its truth): each read states a WRONG and the
    run exits 1 though the row's recorded outcomes are the lowest (refused); ``--record``
    writes nothing read WRONG."""
    monkeypatch.syspath_prepend(str(BENCH))
    import screen_corpus

    data = tmp_path / "rows.json"
    screen_corpus.save([{"name": "altered", "draw": "test_bench.altered_truth(39, 710000)",
                         "from": "this test", "plain": "refused", "animals": "refused"}], data)
    assert screen_corpus.main(["--data", str(data)]) == 1
    out = capsys.readouterr().out
    assert "FAILED altered: plain WRONG" in out and "--animals WRONG" in out, out
    assert "no options: tile kind" in out and "--animals: tile kind" in out, out
    assert "1 rows: 0 ok, 0 better than recorded, 1 FAILED" in out
    got = {"plain": "WRONG", "animals": "exact", "wrong": ["no options: tile kind"],
           "cpu": 0.0}
    monkeypatch.setattr(screen_corpus, "read_row", lambda spec, ocr_off=False: got)
    assert screen_corpus.main(["--data", str(data), "--record"]) == 1
    assert screen_corpus.load(data)[0]["plain"] == "refused"


@pytest.mark.parametrize("recorded, said", [("exact", "FAILED"), ("unsure", "FAILED"),
                                            ("asked", "ok"), ("refused", "better")])
def test_the_screen_corpus_fails_a_read_worse_than_recorded(tmp_path, capsys, monkeypatch,
                                                              recorded, said):
    """A row read ``asked`` with no options (exactly with ``--animals``) fails where
    ``exact`` or ``unsure`` was recorded, passes where ``asked`` was, and is said better
    where ``refused`` was; ``--record --cases`` then raises that row alone to what was read,
    and lowers it only with ``--lower``."""
    monkeypatch.syspath_prepend(str(BENCH))
    import screen_corpus

    data = tmp_path / "rows.json"
    rows = [{"name": name, "draw": "test_bench.altered_truth(0, 0)", "from": "this test",
             "plain": recorded, "animals": "exact"} for name in ("one", "other")]
    screen_corpus.save(rows, data)
    monkeypatch.setattr(screen_corpus, "read_row", lambda spec, ocr_off=False: {
        "plain": "asked", "animals": "exact", "wrong": [], "cpu": 0.0})
    assert screen_corpus.main(["--data", str(data), "--cases", "one"]) == \
        (1 if said == "FAILED" else 0)
    out = capsys.readouterr().out
    assert f"{said:6s} one: plain asked (recorded {recorded})" in out, out
    if said == "FAILED":
        assert f"plain asked, recorded {recorded}" in out
    record = ["--data", str(data), "--cases", "one", "--record"]
    if said == "FAILED":
        assert screen_corpus.main(record) == 1
        assert [row["plain"] for row in screen_corpus.load(data)] == [recorded, recorded]
        record.append("--lower")
    assert screen_corpus.main(record) == 0
    assert [row["plain"] for row in screen_corpus.load(data)] == ["asked", recorded]
