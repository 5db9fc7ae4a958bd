"""Scrolling tile-path rooms for the tests and the measurement: one emulator set-up per case,
a calibration screenshot, further screenshots and walks, and how a read compares with the
truth (cells right, left ``?``, wrong).

Each case cycles through the set-ups the issue names, so a few cases cover them all:
scale 2x to 6x, nearest or smoothed, colour correction off or on; the look, the window
and what happens in the room are random per seed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .skins import gbc_wider, gbc_widest
from .skins import tile_path_gbc as gbc


def settings_for(index: int, rng: np.random.Generator) -> gbc.Settings:
    """The emulator set-up of case ``index``: scale ``2 + index % 5``, smoothed on odd
    ``index // 5``, colour-corrected on odd ``index // 10``; the rest random."""
    scale = 2 + index % 5
    smooth = bool((index // 5) % 2)
    correct = bool((index // 10) % 2)
    return gbc.random_settings(rng, scale=scale, smooth=smooth, correct=correct)


FILTERS = ("nearest",) + gbc.SMOOTH_KINDS


def emulator_for(index: int, seed: int) -> gbc.Settings:
    """Case ``index`` of the wider set-ups (:func:`gbc.random_emulator`): the filter cycles
    through nearest and every smoothing filter; the scale (any number, 2.0x to 6.0x),
    scanlines, JPEG, colour correction and the window are random from ``seed`` (a stream of
    its own: :func:`settings_for`'s cases keep their looks)."""
    rng = np.random.default_rng([seed, 6113])
    return gbc.random_emulator(rng, FILTERS[index % len(FILTERS)])


def display_for(index: int, seed: int) -> gbc.Settings:
    """Case ``index`` of the display looks (:func:`gbc.random_display`): the look cycles
    through :data:`gbc.DISPLAY_LOOKS`; the rest as :func:`emulator_for` draws it (a stream of
    its own)."""
    rng = np.random.default_rng([seed, 5507])
    return gbc.random_display(rng, gbc.DISPLAY_LOOKS[index % len(gbc.DISPLAY_LOOKS)])


SETUPS = {"whole": "settings_for", "wide": "emulator_for", "display": "display_for"}


def setup_for(kind: str, index: int, seed: int) -> gbc.Settings:
    """Case ``index``'s emulator set-up: ``"whole"`` (:func:`settings_for`, whole scales,
    nearest, bilinear or blurred) or ``"wide"`` (:func:`emulator_for`)."""
    if kind == "whole":
        return settings_for(index, np.random.default_rng(seed))
    if kind == "wide":
        return emulator_for(index, seed)
    if kind == "display":
        return display_for(index, seed)
    raise ValueError(f"unknown set-ups {kind!r}: one of {', '.join(SETUPS)}")


CALIBRATION_KINDS = ("walked", "moment", "mid-step")


def one_shot_case(index: int, seed: int, frames: int = 3, wider: bool = False,
                  widest: str = "") -> tuple[gbc.Settings, gbc.RoomShot, list[gbc.RoomShot]]:
    """Case ``index`` of the one-screenshot acceptance (a ``display`` set-up, seed
    ``seed``): the screenshot to calibrate from and ``frames`` random moments to read. The
    calibration screenshot cycles through :data:`CALIBRATION_KINDS`, so every display look
    meets each: Link a dozen steps in (:func:`calibration_shot`, what the docs ask for), a
    random moment (Link perhaps still in the doorway: no red tile in view), and Link
    mid-step (his sprite 5 to 8 console pixels off his tile, the view mid-scroll). With
    ``wider``, the look and the set-up are widened where the issue leaves them open
    (:mod:`kit.skins.gbc_wider`; streams of their own, so the case is otherwise the same).
    ``widest`` (``"all"`` or property names joined by commas, :mod:`kit.skins.gbc_widest`):
    a wider case with those properties drawn wider again, each on a stream of its own."""
    settings = setup_for("display", index, seed)
    look = gbc.random_look(seed)
    if wider:
        settings, look = gbc_wider.widen_settings(settings, seed), gbc_wider.widen_look(look, seed)
    if widest:
        if not wider:
            settings = gbc_wider.widen_settings(settings, seed)
            look = gbc_wider.widen_look(look, seed)
        look, settings = gbc_widest.widest(look, settings, seed, widest)
    kind = CALIBRATION_KINDS[index % len(CALIBRATION_KINDS)]
    if kind == "walked":
        shot = calibration_shot(look, settings, seed)
    elif kind == "moment":
        shot = gbc.random_shot(seed * 10 + 1, look=look, settings=settings)
    else:
        shot = mid_step_shot(look, settings, seed)
    moments = [gbc.random_shot(seed * 1000 + 500 + k, look=look, settings=settings)
               for k in range(frames)]
    return settings, shot, moments


def mid_step_shot(look: gbc.Look, settings: gbc.Settings, seed: int,
                  room: str = gbc.HEROS_CAVE) -> gbc.RoomShot:
    """Link mid-step a dozen or more steps into a walk: his sprite 5 to 8 console pixels
    past his tile towards the next, the view following him (mid-scroll)."""
    rng = np.random.default_rng([seed, 53])
    while True:
        walk = gbc.random_walk(room, rng, int(rng.integers(12, 40)))
        if len(walk) >= 10:
            break
    (r0, c0), (r1, c1) = walk[-2], walk[-1]
    step = int(rng.integers(5, 9))
    offset = ((c1 - c0) * step, (r1 - r0) * step)
    return gbc.render(gbc.as_grid(room), crossed=walk[:-2], link=walk[-2], link_offset=offset,
                      facing=gbc._facing(walk[-2], walk[-1]), look=look, seed=seed,
                      **settings.render_options())


def calibration_shot(look: gbc.Look, settings: gbc.Settings, seed: int,
                     room: str = gbc.HEROS_CAVE) -> gbc.RoomShot:
    """A screenshot to calibrate from: Link a dozen or more steps into a walk (stepped tiles
    in view), off his tile's middle, an enemy somewhere half the time."""
    rng = np.random.default_rng([seed, 31])
    while True:
        walk = gbc.random_walk(room, rng, int(rng.integers(12, 40)))
        if len(walk) >= 10:
            break
    grid = gbc.as_grid(room)
    rows, cols = len(grid), len(grid[0])
    enemies = []
    if rng.random() < 0.5:
        enemies = [(int(rng.integers(gbc.TILE, cols * gbc.TILE)),
                    int(rng.integers(gbc.TILE, rows * gbc.TILE)))]
    offset = tuple(int(v) for v in rng.integers(-4, 5, size=2))
    return gbc.render(grid, crossed=walk[:-1], link=walk[-1], link_offset=offset,
                      facing=gbc.FACINGS[int(rng.integers(4))], enemies=enemies, look=look,
                      seed=seed, **settings.render_options())


@dataclass
class Tally:
    """Cells of boards compared with the truth: ``right``, ``unread`` (``?`` where the truth
    is in view), ``wrong`` (a token other than the truth's), ``guessed`` (a token where the
    truth is ``?``: a cell out of view written as if seen), ``edge`` (a cell the
    screenshot's edge cuts by one to two console pixels, :attr:`gbc.RoomShot.near`, read
    as the room has it: neither in view nor guessed, whether it shows being a matter of a
    console pixel; read otherwise it is ``wrong``)."""

    right: int = 0
    unread: int = 0
    wrong: int = 0
    guessed: int = 0
    boards: int = 0
    exact: int = 0
    edge: int = 0

    def add(self, read: str, truth: str, shot: gbc.RoomShot | None = None) -> list[str]:
        """Compare one board text with the truth; returns the differences in words. With
        ``shot`` (the truth's screenshot), its cells near the view (:attr:`~gbc.RoomShot.near`)
        are judged apart, against the room."""
        near = shot.near if shot is not None else frozenset()
        problems = []
        got = [line.split() for line in read.strip().splitlines()]
        want = [line.split() for line in truth.strip().splitlines()]
        for r, (g_row, w_row) in enumerate(zip(got, want)):
            for c, (g, w) in enumerate(zip(g_row, w_row)):
                if w == "?" and g == "?":
                    continue
                if (r, c) in near and shot is not None:
                    if g == shot.board[r][c]:
                        self.edge += 1
                        continue
                    self.wrong += 1
                    problems.append(f"({r},{c}) {g} not {shot.board[r][c]} (cut at the edge)")
                    continue
                if w == "?":
                    self.guessed += 1
                    problems.append(f"({r},{c}) {g} out of view")
                elif g == "?":
                    self.unread += 1
                elif g == w:
                    self.right += 1
                else:
                    self.wrong += 1
                    problems.append(f"({r},{c}) {g} not {w}")
        self.boards += 1
        self.exact += not problems and read.split() == truth.split()
        return problems

    def merge(self, other: Tally) -> None:
        """Add ``other``'s counts to these."""
        for name, value in vars(other).items():
            setattr(self, name, getattr(self, name) + value)

    def line(self) -> str:
        total = self.right + self.unread + self.wrong
        return (f"{self.boards} boards ({self.exact} exact): cells in view {total}: right "
                f"{self.right}, ? {self.unread}, wrong {self.wrong}; out of view written as "
                f"seen: {self.guessed}" + (f"; cut 1-2 console px, read: {self.edge}"
                                           if self.edge else ""))


def text_of(grid) -> str:
    return "\n".join(" ".join(row) for row in grid) + "\n"
