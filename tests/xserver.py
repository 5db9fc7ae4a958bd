"""A private Xvfb display for the tests that need a real X server (capture, overlay, live).

Imported as a plain module by those tests (``from xserver import start_xvfb``).
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import subprocess
import time
from collections.abc import Iterator


def start_xvfb(size: str) -> tuple[subprocess.Popen | None, str | None]:
    """Start Xvfb with one ``size`` screen (``"1024x768x24"``); return ``(process, ":N")``.

    ``-displayfd``: the server picks its own display number, so parallel runs never race for
    one. ``-noreset``: by default the server resets when its last client disconnects, and a
    client connecting during the reset is dropped, which made tests that open and close
    captures fail at random on a busy machine. Returns ``(None, None)`` when it did not start.
    """
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", size, "-nolisten", "tcp", "-noreset"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    number = b""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and not number.endswith(b"\n"):
        ready, _, _ = select.select([read_fd], [], [], 0.2)
        if ready:
            chunk = os.read(read_fd, 16)
            if not chunk:
                break
            number += chunk
    os.close(read_fd)
    if not number.strip().isdigit() or proc.poll() is not None:
        proc.kill()
        proc.wait()
        return None, None
    return proc, f":{number.strip().decode()}"


@contextlib.contextmanager
def private_display(size: str) -> Iterator[str]:
    """A private Xvfb display name for a test fixture, or a skip when Xvfb or python-xlib is
    missing (``.ci/run`` installs them) or the server does not start."""
    import pytest

    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (.ci/run installs it)")
    pytest.importorskip("Xlib")
    proc, name = start_xvfb(size)
    if proc is None:
        pytest.skip("Xvfb did not start")
    try:
        yield name
    finally:
        proc.terminate()
        proc.wait(timeout=10)
