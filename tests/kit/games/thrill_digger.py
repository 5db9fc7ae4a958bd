"""The Thrill Digger kit: the 3D pit (:mod:`kit.skins.thrill_digger_3d`, our own art) and the
pit pack the 3D tracker reads (``templates/thrill-digger/pit/``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import GameKit

if TYPE_CHECKING:  # pragma: no cover
    from gridsight.games.thrill_digger.tracker import PitPack
    from gridsight.vision.pit import PitCalibration


def write_pit_pack(root: Path) -> str:
    """The 3D skin's item colours, scene colours and wallet digits, as shipped data."""
    from gridsight.games.thrill_digger.pack import SHIPPED, save_pit_pack

    from ..skins.thrill_digger_3d import pit_pack

    folder = save_pit_pack(pit_pack(), root / "thrill-digger" / SHIPPED)
    return f"thrill-digger/{SHIPPED}: the 3D pit's items and wallet digits -> {folder}"


def pit_loop(calibration: PitCalibration, pack: PitPack | None = None, *,
             difficulty: str | None = None, fps: float = 30.0, **loop_options: Any):
    """A live loop following the calibrated pit (tests and benchmarks; ``gridsight live``
    builds the same through the spec)."""
    from gridsight.games.thrill_digger import SPEC
    from gridsight.games.thrill_digger.live import PitSource
    from gridsight.live.loop import LiveLoop

    tracker_options = loop_options.pop("tracker_options", None)
    source = PitSource(calibration, pack, difficulty=difficulty, fps=fps,
                       tracker_options=tracker_options)
    return LiveLoop(SPEC, source=source, **loop_options)


KIT = GameKit(game="thrill-digger", data=write_pit_pack)
