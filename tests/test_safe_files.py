"""Nothing lost, nothing overwritten: every file gridsight writes, under attack and bad luck.

- ``kill -9`` at random points of a pack save (and of a status-file write), twenty times:
  the pack always loads whole, old or new, and an unrelated file in its folder survives (the
  issue saw 10 of 20 packs unloadable, and every ``*.png`` of the folder deleted);
- a full disk (a real tmpfs a few hundred kilobytes big, mounted in a user namespace) and a
  read-only one: the save says it failed, the old pack, status file and log stay whole, and
  nothing is left beside them (where no namespace can be made, the same with
  ``RLIMIT_FSIZE``, whose writes fail with "File too large");
- planted links: a link at ``status.json.tmp`` (the old fixed temporary name), at the file
  itself, at ``manifest.json`` or elsewhere in a pack folder, at the log's side file in the
  shared temporary folder: never written through, the link's target untouched;
- the product writes no file but through :mod:`gridsight.safefiles` (checked on the source).
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gridsight.safefiles import SaveError, read_regular, replace_folder, write_file
from gridsight.vision.errors import PackError
from gridsight.vision.packs import load_pack, load_pack_dir

REPO = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=str(REPO))


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.parent.iterdir() if p.name.startswith("."))


# -- the pack save ------------------------------------------------------------------------------

def test_a_save_keeps_what_is_not_the_packs_and_drops_what_was(tmp_path):
    pack = load_pack("tile-path")
    folder = tmp_path / "mine"
    pack.save(folder)
    (folder / "holiday.png").write_bytes(b"not a template")
    (folder / "notes").mkdir()
    (folder / "notes" / "a.txt").write_text("mine")
    smaller = type(pack)(**{**pack.__dict__, "templates": pack.templates[:3]})
    smaller.save(folder)
    names = sorted(p.name for p in folder.iterdir())
    assert "holiday.png" in names and (folder / "notes" / "a.txt").read_text() == "mine"
    assert len([n for n in names if n.endswith(".png")]) == 3 + 2 + 1  # templates, anchor, mine
    assert load_pack_dir(folder).labels == smaller.labels
    assert _leftovers(folder) == []


def test_a_foreign_file_under_a_pack_files_name_is_kept_and_the_pack_named_around_it(tmp_path):
    pack = load_pack("tile-path")
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "anchor.png").write_bytes(b"the player's own anchor.png")
    pack.save(folder)
    assert (folder / "anchor.png").read_bytes() == b"the player's own anchor.png"
    again = load_pack_dir(folder)
    assert (again.anchor.image == pack.anchor.image).all()


def test_a_link_in_a_pack_folder_stops_the_save_and_nothing_is_written_through(tmp_path):
    pack = load_pack("tile-path")
    folder = tmp_path / "mine"
    pack.save(folder)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    before = sorted(p.name for p in folder.iterdir())
    (folder / "manifest.json").unlink()
    (folder / "manifest.json").symlink_to(victim)
    with pytest.raises(PackError, match="symbolic link, manifest.json"):
        pack.save(folder)
    assert victim.read_text() == "precious"
    (folder / "manifest.json").unlink()
    (folder / "elsewhere.png").symlink_to(victim)
    with pytest.raises(PackError, match="symbolic link, elsewhere.png"):
        pack.save(folder)
    assert victim.read_text() == "precious"
    assert sorted(p.name for p in folder.iterdir()) == sorted(set(before) - {"manifest.json"}
                                                                | {"elsewhere.png"})
    assert _leftovers(folder) == []


def test_without_an_atomic_exchange_the_save_swaps_by_two_renames(tmp_path, monkeypatch):
    """Where ``renameat2`` cannot exchange, the old folder is renamed aside and the new one
    into place; a crash between the two leaves the old one aside, and the next save puts it
    back before anything else."""
    from gridsight.safefiles import folders

    monkeypatch.setattr(folders, "_exchange", lambda a, b: False)
    pack = load_pack("tile-path")
    folder = tmp_path / "mine"
    pack.save(folder)
    (folder / "holiday.png").write_bytes(b"mine")
    pack.save(folder)
    assert (folder / "holiday.png").read_bytes() == b"mine" and _leftovers(folder) == []
    # The crash: the old folder renamed aside, the new one never renamed in.
    os.rename(folder, tmp_path / ".mine.old-dead")
    pack.save(folder)
    assert (folder / "holiday.png").read_bytes() == b"mine"
    assert load_pack_dir(folder).labels == pack.labels and _leftovers(folder) == []


# One interpreter forks a saver per trial and kills it with SIGKILL after a random pause; the
# saver saves two versions of a pack by turns into a folder that also holds the player's file
# (and writes a status file by turns). Each trial reports what it finds after the kill. The
# pause, 10 to 150 ms, spans two or more save-and-status rounds (about 30 to 65 ms each,
# measured on 2 shared cores), so the kill lands anywhere in a round (it was up to 400 ms:
# the same spread of kill points, 2.5 s longer).
_KILL_TRIALS = r"""
import json, os, random, signal, sys, time
from dataclasses import replace
from pathlib import Path
from gridsight.vision.packs import load_pack, load_pack_dir
folder_root, trials = Path(sys.argv[1]), int(sys.argv[2])
pack = load_pack("disco-zoo")
versions = [replace(pack, min_score=0.25), replace(pack, min_score=0.75,
                                                   templates=pack.templates[:5])]
try:
    from gridsight.safefiles import write_file
except ImportError:  # the code before safefiles: the status file as it was written then
    def write_file(path, text, **_):
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text)
        os.replace(tmp, path)
rng = random.Random(9)
for trial in range(trials):
    folder = folder_root / f"t{trial}" / "pack"
    versions[0].save(folder)
    (folder / "holiday.png").write_bytes(b"the player's own picture")
    status = folder.parent / "status.json"
    write_file(status, json.dumps({"v": 0, "pad": "x" * 50000}))
    pid = os.fork()
    if pid == 0:
        k = 1
        while True:
            versions[k % 2].save(folder)
            write_file(status, json.dumps({"v": k, "pad": "x" * 50000}))
            k += 1
    time.sleep(rng.uniform(0.01, 0.15))
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    try:
        loaded = load_pack_dir(folder)
        state = "v0" if loaded.min_score == 0.25 and len(loaded.templates) == len(pack.templates) \
            else "v1" if loaded.min_score == 0.75 and len(loaded.templates) == 5 else "mixed"
    except Exception as error:
        state = f"broken: {error}"
    mine = (folder / "holiday.png").exists()
    try:
        json.loads(status.read_text())
        status_ok = True
    except Exception:
        status_ok = False
    print(json.dumps({"trial": trial, "pack": state, "holiday": mine, "status": status_ok}),
          flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks a saver per trial")
def test_kill_9_at_random_points_of_a_save_leaves_a_whole_pack(tmp_path):
    trials = 20
    result = subprocess.run([sys.executable, "-c", _KILL_TRIALS, str(tmp_path), str(trials)],
                            capture_output=True, text=True, timeout=300, env=ENV)
    assert result.returncode == 0, result.stderr[-3000:]
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(reports) == trials
    for report in reports:
        assert report["pack"] in ("v0", "v1"), report
        assert report["holiday"] and report["status"], report
    # Killed saves may leave their temporary folder beside the pack: the next save tidies it.
    for trial in range(trials):
        folder = tmp_path / f"t{trial}" / "pack"
        load_pack("disco-zoo").save(folder)
        assert [n for n in _leftovers(folder) if n != ".status.json"] == [] or all(
            n.startswith(".status.json.") for n in _leftovers(folder)), _leftovers(folder)
        assert (folder / "holiday.png").read_bytes() == b"the player's own picture"


# -- a full disk, a read-only disk ---------------------------------------------------------------

_FULL_DISK = r"""
import errno, json, os, sys
from dataclasses import replace
from pathlib import Path
from gridsight.log import LogRecord, RecommendationLog, read_log
from gridsight.safefiles import SaveError, write_file
from gridsight.solvers.advice import Advice, Cell
from gridsight.vision.errors import PackError
from gridsight.vision.packs import load_pack, load_pack_dir
disk = Path(sys.argv[1])
out = {}
pack = load_pack("disco-zoo")
folder = disk / "pack"
pack.save(folder)
(folder / "holiday.png").write_bytes(b"mine")
status = disk / "status.json"
write_file(status, '{"v": 1}')
log = RecommendationLog(disk / "s.jsonl", warn=lambda m: out.setdefault("log_warnings", []).append(m),
                        close_at_exit=False)
def record(step):
    return LogRecord(step=step, time="2026-03-01T12:00:00.000Z", game="demo", board=". .",
                     advice=Advice("demo", 1, 2, recommend=(Cell(0, 1),)))
out["log_first"] = log.append(record(1))
if sys.argv[2] == "fsize":  # no tmpfs here: no file may grow past 2 kB from now on
    import resource, signal
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    hard = resource.getrlimit(resource.RLIMIT_FSIZE)[1]
    resource.setrlimit(resource.RLIMIT_FSIZE, (2048, hard))
else:  # fill the disk to the last byte
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
    block = b"\0" * 4096
    while True:
        try:
            if os.write(fd, block) < len(block):
                break
        except OSError:
            break
    while True:
        try:
            if os.write(fd, b"\0") < 1:
                break
        except OSError:
            break
    os.close(fd)
def attempt(name, call):
    try:
        call()
        out[name] = "written"
    except (PackError, SaveError) as error:
        out[name] = str(error)
grown = replace(pack, min_score=0.5, templates=pack.templates + pack.templates[:1])
attempt("pack", lambda: grown.save(folder))
attempt("status", lambda: write_file(status, '{"v": 2, "pad": "' + "x" * 9000 + '"}'))
steps = 1
for step in range(2, 200):  # a log's last page may still take a line or two
    steps = step
    if not log.append(record(step)):
        break
out["log_full"] = steps
out["pending"] = len(log.pending)
out["pack_after"] = load_pack_dir(folder).min_score
out["holiday"] = (folder / "holiday.png").read_bytes().decode()
out["status_after"] = status.read_text()
out["leftovers"] = sorted(p.name for p in disk.iterdir() if p.name.startswith("."))
if sys.argv[2] == "fsize":
    resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))
else:
    (disk / "filler").unlink()
out["log_again"] = log.flush()
replayed = read_log(disk / "s.jsonl")
out["log_steps"] = [r.step for r in replayed.records]
out["log_read_warnings"] = list(replayed.warnings)
out["log_expected"] = list(range(1, steps + 1))
if sys.argv[2] == "ro":
    import subprocess
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
    attempt("pack_ro", lambda: grown.save(folder))
    attempt("status_ro", lambda: write_file(status, "{}"))
    out["pack_ro_after"] = load_pack_dir(folder).min_score
print(json.dumps(out))
"""


def _on_a_small_disk(tmp_path: Path, script: str, *, tmpfs: bool = True) -> tuple[dict, str]:
    """Run ``script`` with a fresh 640 kB tmpfs as its first argument (mounted in a user and
    mount namespace of its own), which it fills; or, where no namespace can be made, in a
    plain folder where it sets ``RLIMIT_FSIZE`` to 2 kB instead (writes past it fail with
    "File too large"). Returns the script's JSON report and which way was taken."""
    disk = tmp_path / "disk"
    disk.mkdir()
    unshare = shutil.which("unshare")
    if tmpfs and unshare and sys.platform.startswith("linux"):
        mount = 'mount -t tmpfs -o size=640k tmpfs "$1" && shift && exec "$@"'
        command = [unshare, "--user", "--map-root-user", "--mount", "sh", "-c", mount, "sh",
                   str(disk), sys.executable, "-c", script, str(disk), "ro"]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120, env=ENV)
        if result.returncode == 0:
            return json.loads(result.stdout.splitlines()[-1]), "tmpfs"
        if "mount" not in result.stderr and "unshare" not in result.stderr:
            raise AssertionError(result.stderr[-3000:])
    result = subprocess.run([sys.executable, "-c", script, str(disk), "fsize"],
                            capture_output=True, text=True, timeout=120, env=ENV)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.splitlines()[-1]), "fsize"


@pytest.mark.parametrize("tmpfs", [True, False], ids=["tmpfs", "RLIMIT_FSIZE"])
def test_a_full_disk_and_a_read_only_one_leave_everything_as_it_was(tmp_path, tmpfs):
    report, how = _on_a_small_disk(tmp_path, _FULL_DISK, tmpfs=tmpfs)
    if tmpfs and how != "tmpfs":
        pytest.skip("no tmpfs can be mounted here (no user namespaces): RLIMIT_FSIZE only")
    assert report["log_first"] is True
    if how == "tmpfs":
        assert "No space left on device" in report["pack"] and "not saved" in report["pack"]
        assert "No space left on device" in report["status"]
    else:
        assert "File too large" in report["pack"] and "File too large" in report["status"]
    assert "previous one is kept" in report["status"]
    assert report["pack_after"] == pytest.approx(0.38)  # the old pack, whole
    assert report["holiday"] == "mine"
    assert report["status_after"] == '{"v": 1}'
    assert report["leftovers"] == []
    assert report["log_full"] < 199 and report["pending"] >= 1  # the disk refused a line
    assert ("No space left" if how == "tmpfs" else "File too large") in \
        report["log_warnings"][0]
    assert report["log_again"] is True and report["log_steps"] == report["log_expected"]
    assert report["log_read_warnings"] == []  # each record once, none torn
    if how == "tmpfs":
        assert "Read-only file system" in report["pack_ro"]
        assert "Read-only file system" in report["status_ro"]
        assert report["pack_ro_after"] == pytest.approx(0.38)


# -- planted links ------------------------------------------------------------------------------

def test_a_link_planted_at_the_old_temporary_name_of_the_status_file_is_not_followed(
        tmp_path, monkeypatch):
    import gridsight.live.qt as qt

    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    status = tmp_path / "status.json"
    (tmp_path / "status.json.tmp").symlink_to(victim)
    # The writing alone: the snapshot of a view is the live loop's business.
    monkeypatch.setattr(qt, "view_snapshot", lambda view: {"step": view})
    assert qt.write_snapshot(status, 3) == ""
    assert json.loads(status.read_text())["step"] == 3
    assert victim.read_text() == "precious"
    status.unlink()
    status.symlink_to(victim)  # the file itself a link: refused, said, not followed
    problem = qt.write_snapshot(status, 4)
    assert "symbolic link" in problem and victim.read_text() == "precious"


def test_write_file_refuses_links_fifos_and_folders_and_leaves_no_temporary(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("precious")
    link = tmp_path / "link"
    link.symlink_to(victim)
    with pytest.raises(SaveError, match="symbolic link"):
        write_file(link, "x")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        with pytest.raises(SaveError, match="named pipe"):
            write_file(tmp_path / "fifo", "x")
    (tmp_path / "folder").mkdir()
    with pytest.raises(SaveError, match="a folder"):
        write_file(tmp_path / "folder", "x")
    assert victim.read_text() == "precious"
    expected = {"folder", "link", "victim"} | ({"fifo"} if hasattr(os, "mkfifo") else set())
    assert {p.name for p in tmp_path.iterdir()} == expected  # no temporary left


def test_the_logs_side_file_in_the_shared_temporary_folder_cannot_be_planted(tmp_path,
                                                                            monkeypatch):
    """The side file in the temporary folder has a name nobody can guess, and a link there is
    refused anyway."""
    import gridsight.log as logmod
    from gridsight.log import LogRecord, RecommendationLog
    from gridsight.solvers.advice import Advice, Cell

    shared = tmp_path / "tmp"
    shared.mkdir()
    monkeypatch.setattr(logmod.tempfile, "tempdir", str(shared))
    blocker = tmp_path / "f"
    blocker.write_text("")  # a file where the log's folder should be
    victim = tmp_path / "victim"
    victim.write_text("precious")
    for pid_name in (f"gridsight-s-{os.getpid()}.unwritten.jsonl",):  # the old, guessable name
        (shared / pid_name).symlink_to(victim)
    log = RecommendationLog(blocker / "s.jsonl", warn=lambda m: None, close_at_exit=False)
    log.append(LogRecord(step=1, time="2026-03-01T12:00:00.000Z", game="demo", board=". .",
                         advice=Advice("demo", 1, 2, recommend=(Cell(0, 1),))))
    assert not log.close()
    assert victim.read_text() == "precious"
    assert log.side_file is not None and log.side_file.parent == shared
    assert log.side_file.name != f"gridsight-s-{os.getpid()}.unwritten.jsonl"
    assert b'"step":1' in read_regular(log.side_file, limit=10**6)


# -- one helper for every file written --------------------------------------------------------------

WRITERS = {"write_text", "write_bytes", "imwrite", "tofile",
           "replace", "rename", "dump", "mkstemp", "NamedTemporaryFile"}


def _writes_in(path: Path, root: Path = REPO) -> list[str]:
    """Every call in ``path`` that writes a file other than through :mod:`gridsight.safefiles`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else \
            func.id if isinstance(func, ast.Name) else ""
        if name in WRITERS and not (name in ("replace", "rename") and not _is_os(func)) \
                and not (name == "dump" and not _is_json(func)):
            found.append(f"{path.relative_to(root)}:{node.lineno}: {name}()")
        if name == "open" and any(isinstance(a, ast.Constant) and isinstance(a.value, str)
                                  and set(a.value) & set("wax+")
                                  for a in [*node.args[1:2], *(k.value for k in node.keywords
                                                              if k.arg == "mode")]):
            found.append(f"{path.relative_to(root)}:{node.lineno}: open() for writing")
    return found


def _is_os(func) -> bool:
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
        and func.value.id == "os"


def _is_json(func) -> bool:
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
        and func.value.id == "json"


def test_the_product_writes_files_only_through_safefiles():
    found = []
    for room in ("gridsight", "vision", "overlay", "solvers", "templates"):
        for path in sorted((REPO / room).rglob("*.py")):
            found += _writes_in(path)
    assert not found, "write through safefiles instead:\n" + "\n".join(found)


def test_the_checker_sees_a_direct_write(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import cv2, os, json\nfrom pathlib import Path\n"
                     "Path('a').write_text('x')\ncv2.imwrite('a.png', None)\n"
                     "open('a', 'w')\nos.replace('a', 'b')\njson.dump({}, f)\n"
                     "'x'.replace('a', 'b')\nopen('a')\n")
    kinds = [line.split(": ", 1)[1] for line in _writes_in(probe, tmp_path)]
    assert sorted(kinds) == sorted(["write_text()", "imwrite()", "open() for writing",
                                    "replace()", "dump()"])


def test_replace_folder_refuses_paths_out_of_the_folder(tmp_path):
    with pytest.raises(SaveError, match="not a plain relative path"):
        replace_folder(tmp_path / "f", {"../escape": b"x"})
    with pytest.raises(SaveError, match="not a plain relative path"):
        replace_folder(tmp_path / "f", {"/etc/passwd": b"x"})
    assert not (tmp_path / "escape").exists() and not (tmp_path / "f").exists()


def test_a_link_planted_while_the_file_is_written_is_refused_not_replaced(tmp_path):
    """The target is checked again just before the rename: a link swapped in while the
    temporary was being written is refused (said, the link and its file left alone, no
    temporary left). (The first check alone is masked by this one, and this one was caught
    by nothing.)"""
    from gridsight.safefiles.write import atomic_file

    victim = tmp_path / "victim"
    victim.write_text("precious")
    path = tmp_path / "status.json"
    with pytest.raises(SaveError, match="symbolic link"):
        with atomic_file(path) as stream:
            stream.write(b"new")
            path.symlink_to(victim)
    assert path.is_symlink() and victim.read_text() == "precious"
    assert {p.name for p in tmp_path.iterdir()} == {"victim", "status.json"}


def test_a_file_written_again_keeps_its_mode(tmp_path):
    path = tmp_path / "private.json"
    write_file(path, "old")
    path.chmod(0o600)
    write_file(path, "new")
    assert path.read_text() == "new" and path.stat().st_mode & 0o777 == 0o600


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
def test_append_refuses_a_device():
    """Appending (the logs) refuses anything but a regular file, a device too."""
    from gridsight.safefiles.write import append_file

    with pytest.raises(SaveError, match="not a regular file"):
        append_file("/dev/null", b"x\n", make_parents=False)


def test_a_write_refused_in_a_read_only_folder_says_a_previous_file_is_kept_only_if_one_was(
        tmp_path, monkeypatch):
    """``analyze --out`` a read-only folder said "cannot write out/room-advice.png (Operation
    not permitted); the previous one is kept" of a picture never written before."""
    import errno

    from gridsight.safefiles import write as writing

    def refused(path, **_):
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(writing, "temporary_beside", refused)
    new, old = tmp_path / "new.png", tmp_path / "old.png"
    old.write_bytes(b"before")
    for path, said in ((new, False), (old, True)):
        with pytest.raises(SaveError) as caught:
            write_file(path, b"picture")
        assert str(caught.value).startswith(f"cannot write {path} (Operation not permitted)")
        assert ("previous one is kept" in str(caught.value)) is said, str(caught.value)
    assert not new.exists() and old.read_bytes() == b"before"
