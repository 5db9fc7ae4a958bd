"""Board input that is endless, huge, oddly encoded or partly bad: ``gridsight solve`` reads it
within its byte limit, names the file and line of every problem in one printable line, and
solves every good board of a file even when one is bad."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gridsight.limits import MAX_BOARD_BYTES
from kit import inprocess
from gridsight.registry import game_names

REPO = Path(__file__).resolve().parent.parent
TD_BOARD = "difficulty: beginner\n. . . . .\n. g . . .\n. . . . .\n. . . . .\n"
TP_BOARD = "S . .\n. . .\n"


def _gridsight(*args: str, **kwargs) -> subprocess.CompletedProcess:
    """``gridsight ARGS`` in this process, answered as ``subprocess.run`` answers (bytes):
    what these tests check is what it prints and its exit code, not a process of its own."""
    return inprocess.gridsight(*args, **kwargs)


def _one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("gridsight: ") and "Traceback" not in err
    return lines[0]


# -- size ---------------------------------------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_an_endless_device_is_refused_by_its_type(run_cli):
    started = time.monotonic()
    code, out, err = run_cli("solve", "tile-path", "/dev/zero")
    assert code == 2 and out == ""
    line = _one_error_line(err)
    assert line == "gridsight: /dev/zero: is a character device, not a file"
    assert time.monotonic() - started < 5  # not read at all


def test_an_endless_file_stops_at_the_limit(run_cli, tmp_path):
    big = tmp_path / "big.txt"
    with open(big, "wb") as handle:
        handle.truncate(10 * MAX_BOARD_BYTES)  # sparse: ten times the limit
    code, out, err = run_cli("solve", "tile-path", str(big))
    assert code == 2 and out == ""
    line = _one_error_line(err)
    assert f"more than {MAX_BOARD_BYTES:,} bytes" in line and "--max-input-bytes" in line


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_endless_standard_input_stops_at_the_limit():
    with open("/dev/zero", "rb") as zeros:
        result = _gridsight("solve", "tile-path", "--max-input-bytes", "200k", stdin=zeros)
    assert result.returncode == 2
    line = _one_error_line(result.stderr.decode())
    assert "<stdin>: more than 200,000 bytes" in line


def _wait_until_reading(pid: int) -> None:
    """Until the process waits in a read from its pipe (Linux: its wait channel names the
    pipe, or, where the kernel hides wait channels, it sleeps and has used no CPU for half a
    second), or a few seconds elsewhere."""
    proc = Path(f"/proc/{pid}")
    deadline_at = time.monotonic() + 30
    last, still_since = None, time.monotonic()
    while time.monotonic() < deadline_at:
        try:
            if "pipe" in (proc / "wchan").read_text():
                return
            fields = (proc / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            break
        state, cpu = fields[0], int(fields[11]) + int(fields[12])  # utime + stime
        if state != "S" or cpu != last:
            last, still_since = cpu, time.monotonic()
        elif time.monotonic() - still_since >= 0.5:
            return
        time.sleep(0.05)
    time.sleep(3)


def test_ctrl_c_while_waiting_for_input_ends_cleanly():
    env = dict(os.environ, PYTHONPATH=str(REPO))
    # As started from a terminal: a test run launched in the background of a shell inherits
    # SIGINT ignored, and Python then installs no Ctrl-C handler at all.
    proc = subprocess.Popen([sys.executable, "-m", "gridsight", "solve", "tile-path"],
                            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        proc.stdin.write(b"S . .\n")  # a start, and then nothing more for a while
        proc.stdin.flush()
        _wait_until_reading(proc.pid)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert _one_error_line(err.decode()) == "gridsight: interrupted"


def test_the_byte_limit_is_an_option(run_cli, tmp_path):
    board = tmp_path / "many.txt"
    board.write_text("---\n".join([TP_BOARD] * 30))  # 30 boards, 450 bytes
    code, _, err = run_cli("solve", "tile-path", str(board), "--max-input-bytes", "400")
    assert code == 2 and "more than 400 bytes" in err
    code, out, err = run_cli("solve", "tile-path", str(board), "--max-input-bytes", "1k")
    assert code == 0, err
    assert out.count("Full walk") == 30
    code, _, err = run_cli("solve", "tile-path", str(board), "--max-input-bytes", "-5")
    assert code == 2 and "must be a positive whole number" in err


# -- encoding, names, echoes ------------------------------------------------------------------


def test_a_byte_order_mark_on_standard_input_is_stripped(run_cli):
    code, out, err = run_cli("solve", "thrill-digger", stdin="\ufeff" + TD_BOARD)
    assert code == 0, err
    result = _gridsight("solve", "thrill-digger", input=b"\xef\xbb\xbf" + TD_BOARD.encode())
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode() == out


def test_parser_errors_name_the_file_and_the_line(run_cli, tmp_path):
    board = tmp_path / "ragged.txt"
    board.write_text("difficulty: beginner\n. . . . .\n. . .\n")
    code, _, err = run_cli("solve", "thrill-digger", str(board))
    assert code == 2
    assert _one_error_line(err) == (f"gridsight: {board}: line 3: row has 3 tokens but the "
                                    "first row has 5")
    code, _, err = run_cli("solve", "thrill-digger", stdin=". .\ntaps: 3\n")
    assert _one_error_line(err).startswith("gridsight: <stdin>: line 2: header line after")


def test_an_empty_header_is_refused_not_read_as_the_default(run_cli):
    code, out, err = run_cli("solve", "thrill-digger", stdin=TD_BOARD.replace("beginner", ""))
    assert code == 2 and out == ""
    line = _one_error_line(err)
    assert "line 1: header 'difficulty' has no value" in line


def test_a_huge_token_is_cut_and_nul_and_escape_bytes_are_shown_escaped(run_cli, tmp_path):
    board = tmp_path / "bad.txt"
    board.write_text("difficulty: beginner\n" + "Q" * 2_000_000 + " . . . .\n", encoding="utf-8")
    code, _, err = run_cli("solve", "thrill-digger", str(board), "--max-input-bytes", "3M")
    assert code == 2
    line = _one_error_line(err)
    assert len(line) < 300 and "(2,000,000 characters)" in line
    board.write_text("difficulty: beginner\n. . . . .\n. a\x00b\x1b[2J . . .\n" + ". . . . .\n" * 2)
    code, _, err = run_cli("solve", "thrill-digger", str(board))
    line = _one_error_line(err)
    assert "'a\\x00b\\x1b[2J'" in line and "\x00" not in err and "\x1b" not in err


def test_a_loop_of_symbolic_links_and_a_dangling_link_are_named(run_cli, tmp_path):
    loop = tmp_path / "loop.txt"
    os.symlink(loop, loop)
    code, _, err = run_cli("solve", "tile-path", str(loop))
    assert code == 2
    assert _one_error_line(err) == (f"gridsight: {loop}: a loop of symbolic links (a link "
                                    "leads back to itself)")
    dangling = tmp_path / "dangling.txt"
    os.symlink(tmp_path / "gone.txt", dangling)
    code, _, err = run_cli("solve", "tile-path", str(dangling))
    assert "a symbolic link to a missing file" in _one_error_line(err)


# -- several boards -----------------------------------------------------------------------------


def test_the_good_boards_of_a_file_are_solved_around_the_bad_ones(run_cli, tmp_path):
    boards = [
        TD_BOARD,
        "difficulty: beginner\n. . .\n. .\n",  # ragged: the parser refuses it
        TD_BOARD.replace(". g .", ". Z ."),  # an unknown token: the game refuses it
        TD_BOARD.replace(". g .", ". r ."),
    ]
    board = tmp_path / "mixed.txt"
    board.write_text("---\n".join(boards))
    code, out, err = run_cli("solve", "thrill-digger", str(board))
    assert code == 2
    errors = err.splitlines()
    assert len(errors) == 2 and all(e.startswith(f"gridsight: {board}: line ") for e in errors)
    assert "line 9: row has 2 tokens" in errors[0]
    assert "line 13: unknown token 'Z' at row 2, column 2" in errors[1]
    assert out.count("Dig row") == 2 and out.count("\n---\n") == 1
    code, out, _ = run_cli("solve", "thrill-digger", str(board), "--json")
    assert code == 2 and len(out.splitlines()) == 2


def test_a_board_refused_without_a_line_is_named_by_its_number(run_cli, tmp_path):
    impossible = "difficulty: beginner\n* g . . .\n" + ". . . . .\n" * 3  # green beside a bomb
    board = tmp_path / "two.txt"
    board.write_text(TD_BOARD + "---\n" + impossible)
    code, out, err = run_cli("solve", "thrill-digger", str(board))
    assert code == 2 and out.count("Dig row") == 1
    assert _one_error_line(err).startswith(f"gridsight: {board}, board 2: ")


# -- time limits ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("value", ["-1", "nan", "inf", "-inf", "soon"])
def test_every_game_refuses_a_time_limit_that_is_not_seconds(run_cli, game, value):
    code, out, err = run_cli("solve", game, "-", f"--time-limit={value}", stdin=TP_BOARD)
    assert code == 2 and out == ""
    assert "--time-limit" in err and ("must be 0 or a positive number" in err
                                      or "not a number of seconds" in err)


def test_time_limit_zero_means_none_and_a_short_one_still_answers(run_cli, examples):
    board = str(examples / "disco-zoo-jungle.txt")
    code, out, err = run_cli("solve", "disco-zoo", board, "--time-limit", "0", "--budget", "0")
    assert code == 0, err
    two = examples.parent / "examples" / "thrill-digger-expert.txt"
    text = two.read_text()
    code, out, err = run_cli("solve", "thrill-digger", "-", "--time-limit", "0.000001",
                             "--json", stdin=text + "---\n" + text)
    # Anytime: both boards stopped at the limit, both still advised, said not exact.
    assert code == 0 and err == ""
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 2 and all(a["recommend"] is not None for a in answers)
    assert all(a["quality"]["stopped"] == "the limit of 0.000001 s of work" for a in answers)


def test_a_wall_limit_is_an_outer_bound_the_user_sets(run_cli, examples):
    text = (examples / "thrill-digger-expert.txt").read_text()
    code, out, err = run_cli("solve", "thrill-digger", "-", "--wall-limit", "0.000001",
                             "--json", stdin=text)
    assert code == 0, err
    data = json.loads(out)
    assert data["recommend"] is not None
    assert data["quality"]["stopped"] == "the limit of 0.000001 s of waiting"
    code, _, err = run_cli("solve", "thrill-digger", "-", "--wall-limit", "-1", stdin=text)
    assert code == 2 and "--wall-limit" in err


def test_help_imports_neither_opencv_nor_qt_nor_numba():
    code = ("import sys\nfrom gridsight.cli import build_parser\nbuild_parser()\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'cv2', 'PySide6', 'numba', 'PIL', 'mss'}))")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                            timeout=60, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("value", ["-1", "nan", "inf"])
def test_disco_zoo_refuses_a_lookahead_budget_that_is_not_seconds(run_cli, examples, value):
    board = str(examples / "disco-zoo-jungle.txt")
    for args in (("solve", "disco-zoo", board), ("simulate", "disco-zoo")):
        code, out, err = run_cli(*args, f"--budget={value}")
        assert code == 2 and out == ""
        assert "--budget: must be 0 or a positive number of seconds" in err
