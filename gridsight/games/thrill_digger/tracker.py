"""Following a Thrill Digger game in 3D: per-frame reads -> dig events -> the board text.

A dug hole does not keep showing what came out of it: the item rises for about a second and
is collected (the wallet changes), then the hole is just a hole. So the board is built from
*events*, each one state change with its evidence:

1. The pit is registered in every frame (:class:`gridsight.vision.pit.PitRegistrar`); an untrusted frame
   (oblique, occluded, out of view) is skipped for reading.
2. Each hole is read as a mound, a hole or unknown. A hole is *dug* once it reads as a hole in
   ``confirm_frames`` readable frames running (unknown frames in between do not count and do
   not break the run; a mound read does). A dug hole never turns back; a later mound read of it
   is recorded as a warning.
3. From the first frame a hole stops reading as a mound, the box above it is watched for an
   item (:class:`gridsight.vision.pit.ItemClassifier`). A sighting counts for a dig only if it came
   shortly before the hole was confirmed (or after), and no other dug hole, confirmed nearer
   in time, saw something in the same frame: the box above a hole also sees the items of the
   holes in front of it. The wallet counter is read in every frame; a
   value counts once read the same in two frames running.
   With a counter learned from the player's screenshots (:class:`PitPack` ``wallet_style``)
   whose digits are not all known yet, a reading with unknown glyphs still counts when those
   glyphs stay the same (:class:`WalletValue`), and a dig whose item was seen for certain can
   teach the unknown digits (:meth:`ThrillDiggerTracker._learn_glyphs`).
4. An event closes when the wallet changes after the dig, when the watch time runs out, or when
   the next dig is confirmed. Its contents: the item seen (a label confidently on top in at
   least two frames, no other label confidently on top in any frame, and most of the item
   pixels overall) and the wallet's change (+1, +5, +20, +100, +300, -10) must agree when both
   are known; either alone decides when the other is unknown; a disagreement or nothing at all
   gives ``?``. A bomb is taken only from its sighting, and never against a wallet change.

The output never states a wrong colour on purpose: weak or conflicting evidence is ``?``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

import cv2
import numpy as np

from gridsight.solvers.cellnames import cell_name
from gridsight.solvers.errors import InputError
from gridsight.solvers.thrill_digger.rules import (
    BOMB, COLOUR_VALUES, COLOURS, DIFFICULTIES, RUPOOR, RUPOOR_VALUE,
)
from gridsight.vision.pit import (
    HoleRead,
    HoleState,
    ItemClassifier,
    ItemSighting,
    PitCalibration,
    PitRegistrar,
    Registration,
    WalletRead,
    WalletReader,
    read_holes,
)
from gridsight.vision.pit.items import ItemColourModel
from gridsight.vision.pit.learn_wallet import WalletStyle

# From the game's rules (defined once, in solvers.thrill_digger.rules): the board size of each
# difficulty, the wallet change each item makes (a bomb makes none) and the items' tokens.
SIZES: dict[tuple[int, int], str] = {(d.rows, d.cols): d.name for d in DIFFICULTIES.values()}
DELTA_TO_TOKEN: dict[int, str] = {**{v: k for k, v in COLOUR_VALUES.items()},
                                  RUPOOR_VALUE: RUPOOR}
ITEM_TOKENS = (*COLOURS, RUPOOR, BOMB)


@dataclass(frozen=True)
class WalletValue:
    """A steady reading of the wallet: ``value`` with every digit not known yet counted as 0,
    and ``unknown``, the (place from the right, glyph shape id) of those digits. Two readings
    with the same unknown shapes at the same places differ by exactly the difference of their
    values, so a change can be told before every digit of the font is known; readings whose
    unknown digits differ have no difference (``None``).

    >>> WalletValue(4016, ((2, 0),)) - WalletValue(4096, ((2, 0),))
    -80
    >>> WalletValue(4016, ((2, 0),)) - WalletValue(4096) is None
    True
    """

    value: int
    unknown: tuple[tuple[int, int], ...] = ()

    @property
    def known(self) -> int | None:
        """The value when every digit is known."""
        return None if self.unknown else self.value

    def __sub__(self, other: "WalletValue") -> int | None:
        return self.value - other.value if self.unknown == other.unknown else None


class PitSizeError(InputError):
    """The calibrated pit's size does not match the difficulty (or no difficulty has it)."""


class FrameError(InputError):
    """A frame that is not a colour picture (BGR, 8 bits per channel)."""


def difficulty_for(rows: int, cols: int, given: str | None = None) -> str:
    """The difficulty of a ``rows`` x ``cols`` pit, checked against ``given`` when there is one.

    >>> difficulty_for(5, 6)
    'intermediate'
    """
    known = SIZES.get((rows, cols))
    if given is not None:
        if given not in SIZES.values():
            raise PitSizeError(f"unknown difficulty {given!r} ({', '.join(DIFFICULTIES)})")
        if known != given:
            want = next(size for size, name in SIZES.items() if name == given)
            raise PitSizeError(
                f"a {given} pit has {want[0]}x{want[1]} holes, but {rows}x{cols} were calibrated")
        return given
    if known is None:
        sizes = ", ".join(f"{d.name} {d.rows}x{d.cols}" for d in DIFFICULTIES.values())
        raise PitSizeError(f"no difficulty has a {rows}x{cols} pit ({sizes})")
    return known


@dataclass(frozen=True)
class PitPack:
    """What the reader must know about a skin: item colours (RGB shades per token), other scene
    colours, the wallet's digit templates, box (x, y, w, h) and right edge within the box (for a
    right-aligned counter), and screen boxes to ignore when looking for items (the HUD).

    A look learned from the player's screenshots adds ``item_models`` (learned colour models,
    which then replace ``item_colours``) with ``scene_lab`` (Lab colours of the scene that are
    not items), and ``wallet_style`` (the learned counter, which then replaces the digit
    templates and box).
    """

    item_colours: Mapping[str, tuple[tuple[int, int, int], ...]]
    scene_colours: tuple[tuple[int, int, int], ...]
    digit_templates: Mapping[str, np.ndarray] = field(repr=False)
    wallet_box: tuple[int, int, int, int]
    wallet_align_right: int | None = None
    exclude: tuple[tuple[int, int, int, int], ...] = ()
    item_models: tuple[ItemColourModel, ...] = ()
    scene_lab: np.ndarray | None = field(default=None, repr=False)
    wallet_style: WalletStyle | None = None

    def item_classifier(self, reference: np.ndarray) -> ItemClassifier:
        """The item classifier of this look against the pit's ground (``reference``)."""
        if self.item_models:
            return ItemClassifier.from_models(self.item_models, scene_lab=self.scene_lab,
                                              reference=reference)
        return ItemClassifier(self.item_colours, self.scene_colours, reference=reference)

    def wallet_reader(self) -> WalletReader:
        """The wallet reader of this look."""
        if self.wallet_style is not None:
            return self.wallet_style.reader()
        return WalletReader(self.digit_templates, self.wallet_box,
                            align_right=self.wallet_align_right)


@dataclass(frozen=True)
class DigEvent:
    """One hole found dug, with what came out of it and why we think so.

    ``token`` is the board-text token (``g b r s y x *`` or ``?``). ``frame_started``: first
    frame the hole stopped reading as a mound; ``frame_confirmed``: when it was confirmed dug;
    ``frame_closed``: when the contents were decided. ``item_label``/``item_frames``/
    ``item_scores``: the item evidence (frames confidently showing each label, and each label's
    share of all item pixels). ``wallet_before``/``wallet_after``/``wallet_delta``: the wallet
    evidence. ``reason`` says in words how the token was decided.
    """

    row: int
    col: int
    token: str
    frame_started: int
    frame_confirmed: int
    frame_closed: int
    item_label: str | None
    item_frames: tuple[tuple[str, int], ...]
    item_scores: tuple[tuple[str, float], ...]
    wallet_before: int | None
    wallet_after: int | None
    wallet_delta: int | None
    reason: str


@dataclass(frozen=True, eq=False)
class FrameReport:
    """What the tracker saw in one frame and what changed."""

    index: int
    registration: Registration
    holes: tuple[HoleRead, ...]
    sightings: tuple[ItemSighting, ...]
    wallet: WalletRead
    events: tuple[DigEvent, ...]
    warnings: tuple[str, ...] = ()


@dataclass
class _Open:
    """A dug hole whose contents are still being watched."""

    row: int
    col: int
    started: int
    confirmed: int


@dataclass
class _Cell:
    dug: bool = False
    hole_run: int = 0
    last_mound: int = -1
    mound_reads: int = 0  # mound reads after it was dug (a contradiction)
    sightings: list[tuple[int, ItemSighting]] = field(default_factory=list)


class ThrillDiggerTracker:
    """Turns frames of a calibrated pit into dig events and the Thrill Digger board text.

    ``fps`` converts ``watch_seconds`` (how long after a dig to wait for the wallet) into
    frames. Feed frames in order with :meth:`update`; call :meth:`finish` at the end.
    """

    def __init__(
        self,
        calibration: PitCalibration,
        pack: PitPack,
        *,
        difficulty: str | None = None,
        fps: float = 10.0,
        watch_seconds: float = 1.6,
        confirm_frames: int = 2,
        min_item_frames: int = 2,
        min_item_share: float = 0.85,
        lead_seconds: float = 1.5,
        same_glyph: float = 0.93,
    ):
        self.calibration = calibration
        self.rows, self.cols = calibration.rows, calibration.cols
        self.difficulty = difficulty_for(self.rows, self.cols, difficulty)
        self.pack = pack
        self.registrar = PitRegistrar(calibration)
        self.items = pack.item_classifier(calibration.reference)
        self.wallet_reader = pack.wallet_reader()
        # A learned counter whose digits are not all known yet learns them from later frames.
        self._wallet_style = pack.wallet_style
        self._glyph_log: list[tuple[int, str, list[np.ndarray]]] = []
        self.learned_digits: dict[str, int] = {}  # digit -> frame it was learned in
        self.watch_frames = max(int(round(watch_seconds * fps)), 1)
        self.confirm_frames = confirm_frames
        self.min_item_frames = min_item_frames
        self.min_item_share = min_item_share
        self.lead_frames = max(int(round(lead_seconds * fps)), 1)
        self.same_glyph = same_glyph
        self.tokens = [["." for _ in range(self.cols)] for _ in range(self.rows)]
        self.events: list[DigEvent] = []
        self.warnings: list[str] = []
        self._cells = [[_Cell() for _ in range(self.cols)] for _ in range(self.rows)]
        self._open: list[_Open] = []
        self._confirmed: dict[tuple[int, int], int] = {}  # dug hole -> frame confirmed
        self._frame = -1
        self._last_wallet: WalletValue | None = None  # previous frame's reading
        self._wallet_log: list[tuple[int, WalletValue]] = []  # (frame, value): steady readings
        self._unknown_glyphs: list[np.ndarray] = []  # one picture per unknown digit shape
        self._wallet_sync = -1  # steady readings before this frame may predate a change

    # -- per frame

    def update(self, frame: np.ndarray) -> FrameReport:
        """Read one frame (BGR ``uint8``) and return what was seen and what changed."""
        if not isinstance(frame, np.ndarray) or frame.ndim != 3 or frame.shape[2] != 3 \
                or frame.dtype != np.uint8 or min(frame.shape[:2]) < 16:
            what = f"{frame.dtype} array of shape {frame.shape}" \
                if isinstance(frame, np.ndarray) else type(frame).__name__
            raise FrameError(f"frame {self._frame + 1}: expected a BGR uint8 picture, got {what}")
        self._frame += 1
        index = self._frame
        warnings: list[str] = []
        wallet = self.wallet_reader.read(frame)
        glyphs = None
        if self._learning_glyphs() and wallet.visible and wallet.digits:
            glyphs = self.wallet_reader.glyphs(frame)
            if glyphs:
                self._glyph_log.append((index, wallet.digits, glyphs))
                del self._glyph_log[:-4 * self.watch_frames - 8]
        reading = self._wallet_value(wallet.value, wallet.digits, glyphs)
        if reading is not None and reading == self._last_wallet:
            self._wallet_log.append((index, reading))
        self._last_wallet = reading
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        reg = self.registrar.register(gray)
        holes: tuple[HoleRead, ...] = ()
        sightings: list[ItemSighting] = []
        closed: list[DigEvent] = []
        if reg.trusted and reg.geometry is not None:
            holes = read_holes(gray, reg.geometry, self.calibration)
            for read in holes:
                cell = self._cells[read.row][read.col]
                if read.state is HoleState.MOUND:
                    if cell.dug:
                        cell.mound_reads += 1
                        if cell.mound_reads == self.confirm_frames:  # said once, not every frame
                            warnings.append(f"the hole at {cell_name(read.row, read.col)} was "
                                            f"dug but reads as a mound again in frame {index}")
                        continue
                    cell.last_mound, cell.hole_run = index, 0
                    cell.sightings.clear()
                    continue
                watching = (not cell.dug and cell.last_mound >= 0) or \
                    any(o.row == read.row and o.col == read.col for o in self._open)
                if watching:
                    s = self.items.sight(frame, reg.geometry, read.row, read.col,
                                         exclude=self.pack.exclude)
                    if s.pixels:
                        sightings.append(s)
                        cell.sightings.append((index, s))
                if read.state is HoleState.HOLE and not cell.dug:
                    cell.hole_run += 1
                    if cell.hole_run >= self.confirm_frames:
                        closed += self._close_all(index)
                        cell.dug = True
                        self.tokens[read.row][read.col] = "?"
                        self._open.append(_Open(read.row, read.col, cell.last_mound + 1, index))
                        self._confirmed[(read.row, read.col)] = index
        # Close events whose wallet change was seen or whose watch time is over.
        for event in list(self._open):
            changed = self._wallet_after(event) is not None
            if changed or index - event.confirmed >= self.watch_frames:
                closed.append(self._close(event, index))
        self.warnings += warnings
        return FrameReport(index, reg, holes, tuple(sightings), wallet, tuple(closed),
                           tuple(warnings))

    def finish(self) -> tuple[DigEvent, ...]:
        """Decide every event still open (the footage ended)."""
        return tuple(self._close_all(self._frame))

    # -- results

    def board_text(self) -> str:
        """The board in the Thrill Digger text format (``?`` for holes still being watched)."""
        lines = [f"difficulty: {self.difficulty}"]
        lines += [" ".join(row) for row in self.tokens]
        return "\n".join(lines) + "\n"

    # -- deciding an event

    def _wallet_value(self, value: int | None, digits: str,
                      glyphs: list[np.ndarray] | None) -> WalletValue | None:
        """This frame's wallet as a :class:`WalletValue`: the value read, or, while the
        learned counter still has unknown digits, the digits read with each unknown glyph
        named by its shape (the same shape in two readings is the same digit)."""
        if value is not None:
            return WalletValue(value)
        if not glyphs or not digits or len(glyphs) != len(digits) or digits.count("?") > 2:
            return None
        from gridsight.vision.pit.wallet import glyph_similarity

        total, unknown = 0, []
        for place, (digit, glyph) in enumerate(zip(reversed(digits), reversed(glyphs))):
            if digit != "?":
                total += int(digit) * 10 ** place
                continue
            for k, seen in enumerate(self._unknown_glyphs):
                if glyph_similarity(seen, glyph) >= self.same_glyph:
                    break
            else:
                if len(self._unknown_glyphs) >= 40:
                    return None
                self._unknown_glyphs.append(glyph)
                k = len(self._unknown_glyphs) - 1
            unknown.append((place, k))
        return WalletValue(total, tuple(unknown))

    def _wallet_before(self, event: _Open) -> WalletValue | None:
        before = [(f, v) for f, v in self._wallet_log if f < event.started]
        if not before or before[-1][0] < self._wallet_sync:
            return None
        return before[-1][1]

    def _wallet_after(self, event: _Open) -> tuple[int, WalletValue] | None:
        """The first steady reading after the dig that differs from the one before it."""
        before = self._wallet_before(event)
        if before is None:
            return None
        for f, v in self._wallet_log:
            if f >= event.started and v != before:
                return f, v
        return None

    def _own_sightings(self, event: _Open) -> list[ItemSighting]:
        """The sightings above ``event``'s hole that its own item can explain.

        Only one item is out at a time, but the box above a hole also sees items rising from
        the holes next to it, and a hole hidden behind Link stays "not a mound" for a long
        time before it is confirmed. So a sighting is kept only if it comes at most
        ``lead_frames`` before the dig was confirmed, and no other dug hole saw something in
        the same frame and was confirmed nearer in time to it.
        """
        cell = self._cells[event.row][event.col]
        others = [
            (o_confirmed, {f for f, s in self._cells[r][c].sightings if s.pixels})
            for (r, c), o_confirmed in self._confirmed.items() if (r, c) != (event.row, event.col)
        ]
        kept = []
        for f, s in cell.sightings:
            if f < event.confirmed - self.lead_frames:
                continue
            mine = abs(event.confirmed - f)
            if any(f in seen and abs(o_confirmed - f) <= mine for o_confirmed, seen in others):
                continue
            kept.append(s)
        return kept

    def _close_all(self, index: int) -> list[DigEvent]:
        return [self._close(event, index) for event in list(self._open)]

    def _close(self, event: _Open, index: int) -> DigEvent:
        self._open.remove(event)
        # Item evidence: only what this dig can have shown (see _own_sightings).
        frames: dict[str, int] = {}
        pixels: dict[str, int] = {}
        for s in self._own_sightings(event):
            if s.label is not None:
                frames[s.label] = frames.get(s.label, 0) + 1
            for label, n in s.counts:
                pixels[label] = pixels.get(label, 0) + n
        total = sum(pixels.values())
        scores = {k: v / total for k, v in pixels.items()} if total else {}
        item = None
        if frames:
            top = max(frames, key=lambda k: frames[k])
            if frames[top] >= self.min_item_frames and len(frames) == 1 \
                    and scores.get(top, 0.0) >= self.min_item_share:
                item = top
        # Wallet evidence.
        before = self._wallet_before(event)
        after_seen = self._wallet_after(event)
        after = after_seen[1] if after_seen else None
        steady_after = [(f, v) for f, v in self._wallet_log if f >= event.started]
        if after is None and before is not None and steady_after and \
                all(v == before for _, v in steady_after) and \
                steady_after[-1][0] >= event.confirmed + self.watch_frames // 2 and \
                steady_after[-1][0] >= index - 2:
            # Watched long enough, and still read so now: the wallet did not change. (A
            # counter that stops being read, turning to digits not known yet, say, may have.)
            after = before
        delta = None if before is None or after is None else after - before
        partly = before is not None and after is not None and bool(before.unknown)
        if after_seen is not None:
            later = [v for f, v in self._wallet_log if f > after_seen[0]]
            if any(v != after for v in later):
                delta = None  # changed more than once: not this dig's doing alone
        wallet = DELTA_TO_TOKEN.get(delta) if delta else None
        # Decide.
        if item is not None and wallet is not None:
            token, reason = (item, "item and wallet agree") if item == wallet else \
                ("?", f"item looks {item} but the wallet changed by {delta:+d}")
        elif item == "*":
            token, reason = ("*", "bomb seen; wallet unchanged") if delta == 0 else \
                ("*", "bomb seen; wallet not read") if delta is None else \
                ("?", f"bomb seen but the wallet changed by {delta:+d}")
        elif item is not None:
            token, reason = (item, "item seen; wallet not read") if delta is None else \
                ("?", f"item looks {item} but the wallet did not change")
        elif wallet is not None:
            token, reason = wallet, f"wallet changed by {delta:+d}; item not seen"
            if partly:
                reason += " (digits the counter's font has not shown yet stayed the same)"
        else:
            token = "?"
            reason = "nothing read" if delta is None else \
                ("wallet unchanged and item not seen (a bomb?)" if delta == 0
                 else f"wallet changed by {delta:+d}, which no item gives")
        if item is None and frames:
            reason += "; item sightings disagree: " + ", ".join(
                f"{k} in {v} frames" for k, v in sorted(frames.items()))
        self.tokens[event.row][event.col] = token
        if item is not None and item != BOMB and self._learning_glyphs():
            self._learn_glyphs(event, item, index)
        # Later wallet readings are trustworthy once this dig's change is accounted for.
        self._wallet_sync = after_seen[0] if after_seen else event.confirmed + self.watch_frames
        dig = DigEvent(
            event.row, event.col, token, event.started, event.confirmed, index, item,
            tuple(sorted(frames.items())),
            tuple(sorted((k, round(v, 3)) for k, v in scores.items())),
            None if before is None else before.known, None if after is None else after.known,
            delta, reason,
        )
        self.events.append(dig)
        return dig


    # -- learning the wallet's digits from later frames

    @property
    def wallet_style(self) -> WalletStyle | None:
        """The learned wallet counter with every digit known so far (``None`` for a skin's)."""
        return self._wallet_style

    def _learning_glyphs(self) -> bool:
        return self._wallet_style is not None and \
            len(self.wallet_reader.digits) < 10

    def _steady_glyphs(self, entries: list[tuple[int, str, list[np.ndarray]]]):
        """The last entry read alike in two frames running (``None`` if there is none)."""
        for (f0, d0, _g0), (f1, d1, g1) in zip(entries[-2::-1], entries[::-1]):
            if f1 == f0 + 1 and d0 == d1 and len(_g0) == len(g1):
                return g1
        return None

    def _learn_glyphs(self, event: _Open, item: str, index: int) -> None:
        """A dig whose item was seen for certain changed the wallet by a known amount: digits
        the counter showed before and after that are still unknown may follow from it
        (:func:`gridsight.vision.pit.learn_wallet.solve_glyphs`)."""
        from gridsight.vision.pit.learn_wallet import solve_glyphs

        delta = COLOUR_VALUES.get(item, RUPOOR_VALUE if item == RUPOOR else 0)
        before = self._steady_glyphs([e for e in self._glyph_log if e[0] < event.started])
        after = self._steady_glyphs([e for e in self._glyph_log if e[0] > event.confirmed])
        if before is None or after is None or not delta:
            return
        new = solve_glyphs(self.wallet_reader, before, after, delta)
        if not new:
            return
        templates = dict(self._wallet_style.templates)
        templates.update(new)
        self._wallet_style = self._wallet_style.with_templates(templates)
        self.wallet_reader = self._wallet_style.reader()
        for digit in new:
            self.learned_digits[digit] = index
        self.warnings.append(f"wallet digit(s) {' '.join(sorted(new))} learned from the change "
                             f"after hole ({event.row}, {event.col}) ({item}, {delta:+d})")


def track_frames(
    calibration: PitCalibration, pack: PitPack, frames: Iterable[np.ndarray], **kwargs: Any
) -> ThrillDiggerTracker:
    """Run a tracker over ``frames`` (a recording, say) and finish it."""
    tracker = ThrillDiggerTracker(calibration, pack, **kwargs)
    for frame in frames:
        tracker.update(frame)
    tracker.finish()
    return tracker
