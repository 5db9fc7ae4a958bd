"""Template packs, one folder per game and skin: ``templates/<game>/<skin>/manifest.json``.

This is data, installed with the package; :func:`packs_root` says where it lives. The shipped
skins are drawn by gridsight's own code; a player's own packs live in the per-user data
directory and take precedence (see ``vision``).
"""

from __future__ import annotations

from pathlib import Path


def packs_root() -> Path:
    """The folder that holds the shipped template packs."""
    return Path(__file__).resolve().parent
