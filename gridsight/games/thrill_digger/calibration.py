"""A Thrill Digger pit calibration as a folder: learned from the player's screenshots, saved,
loaded, and turned into the reader's pack.

``gridsight calibrate thrill-digger OVERVIEW --corners ... --difficulty D`` learns the pit
(geometry and ground) from the overview; ``--item TOKEN=FILE[@ROW,COL]`` (one per item, at
least the five rupee colours) learns what each item looks like rising out of a hole
(:func:`gridsight.vision.pit.learn.learn_items`); ``--wallet FILE=AMOUNT`` (one or more) learns where the
wallet counter is and its digits (:func:`gridsight.vision.pit.learn_wallet.learn_wallet`), inside
``--wallet-box X,Y,W,H`` when given.

The folder (``pits/<name>/`` in the user's data directory)::

    calibration.json      format "gridsight-pit", version 2 (version 1: the pit alone)
    reference.png         the pit's plan view (the ground, for following the camera)
    items/<token>.png     each item as learned (its pixels kept, the rest darkened)
    wallet/digit-<d>.png  each digit's glyph as learned (light on dark)

``calibration.json`` holds the pit (difficulty, size, corner holes, geometry, plan view,
ground level), ``items`` (per token: its colour model, the screenshot and hole it came from,
its picture), ``scene_lab`` (the scene's non-item colours), ``overlay`` (screen boxes of the
game's overlay, where no item is looked for) and ``wallet`` (box, ink, levels, alignment,
digits known and their pictures, the screenshots and amounts).

What is not learned falls back to the synthetic 3D skin's defaults, and says so: a reader of
the real game with our skin's item colours or digit font is a reader that does not work.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from gridsight.games.thrill_digger.pictures import (  # noqa: F401 - re-exported
    MAX_FILE_BYTES, MAX_PICTURE_PIXELS, read_picture,
)
from gridsight.games.thrill_digger.tracker import PitPack
from gridsight.safefiles import FileTooLarge, NotRegularFile, read_regular
from gridsight.solvers.errors import InputError
from gridsight.solvers.thrill_digger.rules import (
    BOMB, COLOUR_NAMES, COLOURS, DIFFICULTIES, RUPOOR,
)

FORMAT = "gridsight-pit"
VERSION = 2
ITEM_NAMES = {**{k: f"{v} rupee" for k, v in COLOUR_NAMES.items()}, RUPOOR: "rupoor",
              BOMB: "bomb"}
ITEM_TOKENS = (*COLOURS, RUPOOR, BOMB)


class CalibrationFileError(InputError):
    """A saved pit calibration that cannot be loaded (missing, unreadable, inconsistent)."""


class PitCalibrationInputError(InputError):
    """The screenshots or options given to calibrate a pit cannot be used (which, and why)."""


@dataclass(frozen=True)
class ItemSource:
    """An ``--item TOKEN=FILE[@ROW,COL]``: the item, its screenshot, the hole if given."""

    token: str
    path: str
    hole: tuple[int, int] | None = None


@dataclass(frozen=True)
class WalletSource:
    """A ``--wallet FILE=AMOUNT``: a screenshot with the counter and the amount it shows."""

    path: str
    amount: int


def parse_item(text: str) -> ItemSource:
    """``TOKEN=FILE`` or ``TOKEN=FILE@ROW,COL``: the hole as the player counts it, row and
    column from 1 at the top left (kept 0-based in ``hole``, as the pit counts).

    >>> parse_item("g=shots/green.png@3,4")
    ItemSource(token='g', path='shots/green.png', hole=(2, 3))
    >>> try:
    ...     parse_item("silver=x.png")
    ... except PitCalibrationInputError as error:
    ...     print(error)
    --item silver=x.png: 'silver' is not an item token (g b r s y x *)
    """
    token, sep, rest = text.partition("=")
    if not sep or not rest:
        raise PitCalibrationInputError(f"--item {text}: write TOKEN=FILE, e.g. g=green.png")
    token = token.strip()
    if token not in ITEM_TOKENS:
        raise PitCalibrationInputError(
            f"--item {text}: '{token}' is not an item token ({' '.join(ITEM_TOKENS)})")
    path, at, hole_text = rest.rpartition("@")
    if not at:
        return ItemSource(token, rest)
    try:
        row, col = (int(v) for v in hole_text.split(","))
    except ValueError:
        raise PitCalibrationInputError(
            f"--item {text}: the hole after @ must be ROW,COL (from 1)") from None
    if row < 1 or col < 1:
        raise PitCalibrationInputError(
            f"--item {text}: the hole's row and column count from 1 (1,1 is the top left)")
    return ItemSource(token, path, (row - 1, col - 1))


def parse_wallet(text: str) -> WalletSource:
    """``FILE=AMOUNT``: the screenshot and the amount the counter shows in it.

    >>> parse_wallet("wallet.png=1234")
    WalletSource(path='wallet.png', amount=1234)
    """
    path, sep, amount = text.rpartition("=")
    if not sep or not path:
        raise PitCalibrationInputError(
            f"--wallet {text}: write FILE=AMOUNT, the amount the counter shows")
    try:
        value = int(amount.replace(",", ""))
    except ValueError:
        raise PitCalibrationInputError(
            f"--wallet {text}: '{amount}' is not the amount shown (a whole number)") from None
    if value < 0:
        raise PitCalibrationInputError(f"--wallet {text}: the amount cannot be negative")
    return WalletSource(path, value)


def parse_box(text: str) -> tuple[int, int, int, int]:
    """``X,Y,W,H`` in pixels.

    >>> parse_box("10, 20, 200, 40")
    (10, 20, 200, 40)
    """
    try:
        values = tuple(int(v) for v in text.replace(" ", "").split(","))
    except ValueError:
        raise PitCalibrationInputError(f"--wallet-box {text}: not whole numbers") from None
    if len(values) != 4 or values[2] <= 0 or values[3] <= 0:
        raise PitCalibrationInputError(f"--wallet-box {text}: give X,Y,WIDTH,HEIGHT")
    return values  # type: ignore[return-value]


# -- calibrating ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PitCalibrated:
    """What ``gridsight calibrate thrill-digger`` saved: the folder and lines for the player."""

    folder: Path
    summary: str


def calibrate_pit_folder(image: np.ndarray, corners: Sequence[Sequence[float]], rows: int,
                         cols: int, difficulty: str, folder: Path, *,
                         items: Sequence[ItemSource] = (), wallets: Sequence[WalletSource] = (),
                         wallet_box: tuple[int, int, int, int] | None = None,
                         wallet_align: str = "right", game: str = "thrill-digger",
                         read_back: Callable[[Path], str] | None = None) -> PitCalibrated:
    """Calibrate the pit from the overview ``image`` and its corner holes, learn the items and
    the wallet from their screenshots, check them, and save the folder. ``read_back`` (the
    still reader's check, :func:`gridsight.games.thrill_digger.still.read_back`, passed in
    so that this module does not import the reader that loads what it saves) is given the
    folder saved aside first; it returns its line for the summary or raises
    :class:`PitCalibrationInputError`, and then nothing is saved."""
    from gridsight.vision.images import load_image
    from gridsight.vision.pit import calibrate_pit
    from gridsight.vision.pit.learn import ItemShot, learn_items
    from gridsight.vision.pit.learn_wallet import learn_glyphs, learn_wallet

    calibration = calibrate_pit(image, corners, rows, cols)
    lines = [f"{rows}x{cols} pit, {len(calibration.points)} ground features to follow"]
    learned_items = None
    tokens = [i.token for i in items]
    twice = sorted({t for t in tokens if tokens.count(t) > 1})
    if twice:
        raise PitCalibrationInputError(f"--item {twice[0]} is given twice (one screenshot per "
                                       "item)")
    if items:
        shots = [ItemShot(i.token, load_image(i.path), i.path, i.hole) for i in items]
        learned_items = learn_items(calibration, shots)
        for model in learned_items.models:
            r, c = learned_items.holes[model.label]
            lines.append(f"{ITEM_NAMES[model.label]}: {model.pixels} pixels above hole "
                         f"({r}, {c}), hue {model.hue:.0f}, saturation {model.saturation:.0f}")
    missing = [t for t in COLOURS if t not in tokens]
    if missing:
        lines.append("warning: no screenshot of the " + ", ".join(
            ITEM_NAMES[t] for t in missing) + ("; item colours stay the synthetic skin's "
                                               "defaults" if not items else
                                               "; those are read from the wallet only"))
    wallet = None
    for k, source in enumerate(wallets):
        shot = load_image(source.path)
        if wallet is None:
            wallet = learn_wallet(shot, source.amount, box=wallet_box, source=source.path,
                                  align=wallet_align)
        else:
            from gridsight.vision.pit.learn_wallet import WalletLearningError

            try:
                wallet = learn_glyphs(wallet, shot, source.amount)
            except WalletLearningError as error:
                raise PitCalibrationInputError(f"{source.path}: {error}") from None
        read = wallet.reader().read(shot)
        if read.value != source.amount:
            raise PitCalibrationInputError(
                f"{source.path}: the counter learned reads {read.digits or 'nothing'} back, "
                f"not {source.amount}; give --wallet-box around the counter")
    if wallet is not None:
        x, y, w, h = wallet.box
        unknown = [d for d in "0123456789" if d not in wallet.templates]
        lines.append(f"wallet: {'dark' if wallet.dark_ink else 'light'} digits in box "
                     f"{x},{y},{w},{h}, digits known: {''.join(sorted(wallet.templates))}"
                     + (f" (not yet: {''.join(unknown)}; add --wallet FILE=AMOUNT screenshots "
                        "showing them)" if unknown else ""))
    else:
        lines.append("warning: no wallet screenshot; the wallet is read with the synthetic "
                     "skin's font and place")
    saved = dict(calibration=calibration, difficulty=difficulty, corners=corners,
                 items=learned_items, item_sources={i.token: i for i in items}, wallet=wallet,
                 wallet_sources=wallets)
    # Saved aside and read back first, as the other games' calibrate does: a folder that
    # cannot read its own screenshots back is refused and replaces nothing.
    if read_back is not None:
        import tempfile

        with tempfile.TemporaryDirectory(prefix="gridsight-calibrate-") as aside:
            lines.append(read_back(save_pit(Path(aside) / "pit", **saved)))
    save_pit(folder, **saved)
    lines.append(f"use it with: gridsight live --game {game} --calibration {folder}")
    lines.append(f"or on a still: gridsight analyze --game {game} --calibration {folder} "
                 "IMAGE")
    return PitCalibrated(folder, "\n".join(lines))


# -- the saved pit ----------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class SavedPit:
    """A loaded calibration folder: the pit, its difficulty, and what was learned of the look
    (``items``: learned colour models; ``wallet``: the learned counter; either may be empty)."""

    folder: Path
    calibration: Any  # vision.pit.PitCalibration
    difficulty: str
    items: tuple[Any, ...] = ()  # vision.pit.items.ItemColourModel
    scene_lab: np.ndarray | None = field(default=None, repr=False)
    overlay: tuple[tuple[int, int, int, int], ...] = ()
    wallet: Any = None  # vision.pit.learn_wallet.WalletStyle

    def pack(self, default: PitPack | None = None, *, wallet: bool = True
             ) -> tuple[PitPack, tuple[str, ...]]:
        """The reader's pack for this look, and a warning for each part that is the synthetic
        skin's default rather than learned from the player's screenshots (the wallet's only
        when ``wallet``: a still is read without it)."""
        from gridsight.games.thrill_digger.pack import load_pit_pack

        base = default or load_pit_pack()
        warnings = []
        if self.items:
            learned = {m.label for m in self.items}
            missing = [t for t in COLOURS if t not in learned]
            pack = replace(base, item_colours={}, item_models=tuple(self.items),
                           scene_lab=self.scene_lab, exclude=self.overlay)
            if missing:
                warnings.append("no item colours learned for " + ", ".join(
                    ITEM_NAMES[t] for t in missing) + ": those are read from the wallet only")
        else:
            pack = base
            warnings.append("item colours are the synthetic 3D skin's defaults (this "
                            "calibration learned none: calibrate again with --item TOKEN=FILE)")
        if self.wallet is not None:
            pack = replace(pack, wallet_style=self.wallet)
        if not wallet:
            pass
        elif self.wallet is not None:
            unknown = [d for d in "0123456789" if d not in self.wallet.templates]
            if unknown:
                warnings.append("wallet digits not learned yet: " + " ".join(unknown)
                                + " (an amount showing them is not read)")
        else:
            warnings.append("the wallet is read with the synthetic 3D skin's font and place "
                            "(this calibration learned none: calibrate again with "
                            "--wallet FILE=AMOUNT)")
        return pack, tuple(warnings)


def save_pit(folder: Path, *, calibration, difficulty: str, corners: Sequence[Sequence[float]],
             items=None, item_sources: dict[str, ItemSource] | None = None,
             wallet=None, wallet_sources: Sequence[WalletSource] = ()) -> Path:
    """Write the calibration folder (see the module docstring) at once
    (:func:`gridsight.safefiles.replace_folder`: a crash or a full disk leaves the previous calibration
    whole; what else the folder holds is kept)."""
    import cv2

    from gridsight.safefiles import SaveError, replace_folder

    images: dict[str, bytes] = {}

    def png(name: str, image) -> str:
        ok, data = cv2.imencode(".png", image)
        if not ok:
            raise PitCalibrationInputError(f"{folder / name}: the picture cannot be encoded")
        images[name] = data.tobytes()
        return name

    png("reference.png", calibration.reference)
    manifest: dict[str, Any] = {
        "format": FORMAT, "version": VERSION,
        "difficulty": difficulty, "rows": calibration.rows, "cols": calibration.cols,
        "corner_holes": [[float(v) for v in p] for p in corners],
        "geometry": calibration.geometry.to_dict(),
        "plan": {"px": calibration.plan.px, "margin": calibration.plan.margin},
        "ground_level": float(calibration.ground_level),
        "features": int(len(calibration.points)),
    }
    if items is not None:
        entries = {}
        for model in items.models:
            name = png(f"items/{_file_token(model.label)}.png", items.crops[model.label])
            source = (item_sources or {}).get(model.label)
            entries[model.label] = {
                **model.to_dict(), "image": name,
                "screenshot": source.path if source else None,
                "hole": list(items.holes[model.label]),
            }
        manifest["items"] = entries
        manifest["scene_lab"] = [[round(float(v), 2) for v in c] for c in items.scene_lab]
        manifest["overlay"] = [list(b) for b in items.overlay]
    if wallet is not None:
        digits = {}
        for digit, glyph in sorted(wallet.templates.items()):
            digits[digit] = png(f"wallet/digit-{digit}.png", glyph)
        manifest["wallet"] = {**wallet.to_dict(), "digits": digits,
                              "screenshots": [{"file": w.path, "amount": w.amount}
                                              for w in wallet_sources]}
    text = json.dumps(manifest, indent=1) + "\n"
    try:
        return replace_folder(folder, {"calibration.json": text.encode("utf-8"), **images},
                              own=_pit_files)
    except SaveError as error:
        raise PitCalibrationInputError(str(error)) from None


def _pit_files(folder: Path) -> set[str]:
    """The files of the calibration in ``folder`` (its ``calibration.json`` read leniently):
    what a new save replaces; anything else there is the player's and kept."""
    from gridsight.safefiles import read_regular
    from gridsight.safefiles.folders import plain_path

    own = {"calibration.json", "reference.png"}
    try:
        data = json.loads(read_regular(folder / "calibration.json", limit=2_000_000,
                                       follow=False))
    except (OSError, ValueError, RecursionError):
        return own
    if not isinstance(data, dict):
        return own
    items = data.get("items") if isinstance(data.get("items"), dict) else {}
    names = [entry.get("image") for entry in items.values() if isinstance(entry, dict)]
    wallet = data.get("wallet") if isinstance(data.get("wallet"), dict) else {}
    digits = wallet.get("digits") if isinstance(wallet.get("digits"), dict) else {}
    names += list(digits.values())
    return own | {n for n in names if isinstance(n, str) and plain_path(n)}


def _file_token(token: str) -> str:
    return {"*": "bomb", "x": "rupoor"}.get(token, token)


def load_pit(path: str | Path) -> SavedPit:
    """The calibration saved by ``gridsight calibrate thrill-digger`` (its folder or its
    ``calibration.json``); versions 1 (the pit alone) and 2 (with the learned look)."""
    import cv2

    from gridsight.vision.geometry import BoardGeometry
    from gridsight.vision.pit import PitCalibration
    from gridsight.vision.pit.calibrate import PlanView, pick_features, trackable_mask

    where = Path(path)
    manifest_path = where / "calibration.json" if where.is_dir() else where
    try:
        manifest = json.loads(read_regular(manifest_path, limit=MAX_FILE_BYTES,
                                           follow=not where.is_dir()).decode("utf-8"),
                              parse_constant=_no_constant, parse_float=_finite_float)
    except FileNotFoundError:
        raise CalibrationFileError(f"{manifest_path}: no such calibration file (make one with "
                                   "gridsight calibrate thrill-digger IMAGE)") from None
    except UnicodeDecodeError:  # a screenshot given for the folder, say
        raise CalibrationFileError(f"{manifest_path}: not a pit calibration (not text; give the "
                                   "folder gridsight calibrate thrill-digger saved, or its "
                                   "calibration.json)") from None
    except OSError as error:
        raise CalibrationFileError(f"{manifest_path}: cannot read ({_why(error)})") from None
    except (ValueError, RecursionError) as error:
        raise CalibrationFileError(f"{manifest_path}: not JSON ({error})") from None
    if not isinstance(manifest, dict):
        raise CalibrationFileError(f"{manifest_path}: not a pit calibration")
    version = manifest.get("version", 1)
    if version not in (1, VERSION):
        raise CalibrationFileError(f"{manifest_path}: calibration version {version}; this "
                                   f"gridsight reads versions 1 and {VERSION}")
    try:
        geometry = BoardGeometry.from_dict(manifest["geometry"])
        rows, cols = _whole(manifest, "rows", 1, 64), _whole(manifest, "cols", 1, 64)
        plan = PlanView(rows, cols, _whole(manifest["plan"], "px", 1, 1024),
                        _real(manifest["plan"], "margin", 0, 64))
        ground_level = _real(manifest, "ground_level", -1e6, 1e6)
        difficulty = manifest["difficulty"]
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"'difficulty' {_brief(difficulty)}, not one of "
                             f"{', '.join(DIFFICULTIES)}")
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        what = f"missing {error}" if isinstance(error, KeyError) else str(error)
        raise CalibrationFileError(f"{manifest_path}: not a pit calibration ({what})") from None
    if (geometry.rows, geometry.cols) != (rows, cols):
        raise CalibrationFileError(f"{manifest_path}: geometry is {geometry.rows}x"
                                   f"{geometry.cols} but the pit is {rows}x{cols}")
    base = manifest_path.parent
    reference_path = base / "reference.png"
    reference = read_picture(reference_path, cv2.IMREAD_COLOR)
    width, height = plan.size
    if reference is None:
        raise CalibrationFileError(f"{reference_path}: missing or not a picture")
    if reference.shape[:2] != (height, width):
        raise CalibrationFileError(f"{reference_path}: {reference.shape[1]}x{reference.shape[0]}"
                                   f" pixels, but the plan view is {width}x{height}")
    gray = cv2.cvtColor(reference, cv2.COLOR_BGR2GRAY)
    # Picked as calibration picked them: ground between the holes, none where the
    # calibration image showed nothing (black in the saved plan view).
    features = pick_features(gray, trackable_mask(plan, reference.max(axis=2) > 0))
    if len(features.points) < 20:
        raise CalibrationFileError(f"{reference_path}: only {len(features.points)} ground "
                                   "features to follow; calibrate again")
    calibration = PitCalibration(
        geometry=geometry, plan=plan, reference=reference, reference_gray=gray,
        points=features.points, orb_points=features.orb_points,
        orb_descriptors=features.orb_descriptors, ground_level=ground_level)
    items, scene_lab, overlay = _load_items(manifest, manifest_path)
    wallet = _load_wallet(manifest, manifest_path, base)
    return SavedPit(base, calibration, difficulty, items, scene_lab, overlay, wallet)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not np.isfinite(value):
        raise ValueError(f"{text} is too large")
    return value


def _brief(value: object) -> str:
    return repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."


def _whole(data: dict, key: str, low: int, high: int) -> int:
    """``data[key]``, a whole number from ``low`` to ``high`` (not ``5.5`` read as 5, not
    ``true``), or a ``ValueError`` saying so."""
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"'{key}' must be a whole number from {low} to {high}, not "
                         f"{_brief(value)}")
    return value


def _real(data: dict, key: str, low: float, high: float) -> float:
    """``data[key]``, a number from ``low`` to ``high`` (a NaN margin crashed the plan view's
    size with a traceback), or a ``ValueError`` saying so."""
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not low <= value <= high:
        raise ValueError(f"'{key}' must be a number from {low:g} to {high:g}, not "
                         f"{_brief(value)}")
    return float(value)


def _why(error: Exception) -> str:
    return str(error) if isinstance(error, (NotRegularFile, FileTooLarge)) else \
        (getattr(error, "strerror", None) or str(error))


def _load_items(manifest: dict, path: Path):
    from gridsight.vision.pit.items import ItemColourModel

    entries = manifest.get("items") or {}
    try:
        models = []
        for token, data in dict(entries).items():
            if token not in ITEM_TOKENS:
                raise ValueError(f"'{token}' is not an item token")
            model = ItemColourModel.from_dict(data)
            if model.label != token:
                raise ValueError(f"item '{token}' holds a model of '{model.label}'")
            models.append(model)
        scene = np.asarray(manifest.get("scene_lab") or [], dtype=np.float32).reshape(-1, 3)
        overlay = tuple(tuple(int(v) for v in box) for box in manifest.get("overlay") or [])
        if any(len(b) != 4 for b in overlay):
            raise ValueError("an overlay box is not x, y, width, height")
    except (KeyError, TypeError, ValueError) as error:
        raise CalibrationFileError(f"{path}: bad 'items' ({error})") from None
    return tuple(models), scene, overlay


def _load_wallet(manifest: dict, path: Path, base: Path):
    import cv2

    from gridsight.vision.pit.learn_wallet import WalletStyle

    data = manifest.get("wallet")
    if not data:
        return None
    try:
        templates = {}
        for digit, name in dict(data["digits"]).items():
            if digit not in "0123456789" or len(digit) != 1:
                raise ValueError(f"'{digit}' is not a digit")
            if not isinstance(name, str) or ".." in Path(name).parts or Path(name).is_absolute():
                raise ValueError(f"digit '{digit}' names '{name}', not a file in the folder")
            glyph = read_picture(base / name, cv2.IMREAD_GRAYSCALE)
            if glyph is None:
                raise CalibrationFileError(f"{base / name}: missing or not a picture")
            templates[digit] = glyph
        if not templates:
            raise ValueError("no digits")
        return WalletStyle.from_dict(data, templates)
    except (KeyError, TypeError, ValueError) as error:
        raise CalibrationFileError(f"{path}: bad 'wallet' ({error})") from None


__all__ = ["CalibrationFileError", "ITEM_TOKENS", "ItemSource", "PitCalibrated",
           "PitCalibrationInputError", "SavedPit", "WalletSource", "calibrate_pit_folder",
           "load_pit", "parse_box", "parse_item", "parse_wallet", "save_pit"]
