"""The Thrill Digger kit: the 3D pit (:mod:`kit.skins.thrill_digger_3d`, our own art) and the
pit pack the 3D tracker reads (``templates/thrill-digger/pit/``)."""

from __future__ import annotations

from pathlib import Path

from . import GameKit


def write_pit_pack(root: Path) -> str:
    """The 3D skin's item colours, scene colours and wallet digits, as shipped data."""
    from gridsight.games.thrill_digger.pack import SHIPPED, save_pit_pack

    from ..skins.thrill_digger_3d import pit_pack

    folder = save_pit_pack(pit_pack(), root / "thrill-digger" / SHIPPED)
    return f"thrill-digger/{SHIPPED}: the 3D pit's items and wallet digits -> {folder}"


KIT = GameKit(game="thrill-digger", data=write_pit_pack)
