"""Benchmark and measurement: a game's screen inside a desktop capture.

Run ``python bench/bench_desktop.py [--screens N] [--seed S] [--games G ...] [--live N]``.

For each game, N held-out desktop captures are drawn (:mod:`kit.desktop`: a wallpaper, a
taskbar, other windows, the game's window as a mirror, a tool-strip window, an emulator's bezel
or a pillar-boxed landscape window, maybe a second phone-like window; the game's screen 15% to
40% of the frame's width as far as the frame's height allows; a quarter of them, or
``--blend P``, with the screen's sides hardly showing). Disco Zoo's screens are
real-look rescues (:mod:`kit.skins.disco_zoo_real`, read with ``--animals``: the names on the
cards are not read yet); the other games' are their kits' random boards in the shipped skins.
Each capture is analysed as ``gridsight analyze`` does (:func:`gridsight.readers.find.find_in`
and :func:`~gridsight.readers.find.read_found`, the game given) and counted:

- ``exact``: found and read exactly (Disco Zoo: the board text; another game: every cell's
  label, its kit's random boards not always being positions its reader accepts);
- ``refused``: not found (``not found``, a board refused in words), or (Disco Zoo) found and
  refused by the reader, or read right but for cells said unread (a mouse pointer over them);
- ``wrong board``: a board found elsewhere than the screen's (a corner half a cell off or
  more), whatever was read there;
- ``attempts flagged`` (Disco Zoo): read right but for the attempts, with the warning that
  the counter was not read with confidence (naming the count taken and any other nearly as
  like): said in words, as ``tests/test_disco_zoo_screens.py`` counts it;
- ``unsure`` (Disco Zoo): the right board, read otherwise than the truth but stating nothing
  false (:func:`test_disco_zoo_screens.stated_wrong`): a found tile written with its
  candidates (``1/3``: Chipmunk or Rat; ``*``: some animal), the right one among them, and a
  note that its sprite did not settle which (fresh harder 660003 and 660012, counted wrong
  reads until the 37th session);
- ``wrong read``: the right board, read otherwise than the truth (stating something false);

and whether the reader said the same (board text or refusal) as on the screen alone.

Times are CPU seconds of this process (the machine is shared), medians per frame:

- ``analyze``: a desktop capture, against the same screen alone at the same scale as a
  screenshot of its own (the baseline): what finding the screen among the windows costs;
- ``live`` (Disco Zoo): :class:`gridsight.readers.desktop.ScreenLocator` frame after frame on
  an unchanged capture (the screen remembered: a check of its sides and a read of the window
  alone), against the structural locate of the screen alone (what ``live`` does on a phone's
  own capture, the baseline); and the first frame (the whole search).

Last, desktops with no game at all (``--no-game N``): phone-like windows of other apps, every
game's pack (and Disco Zoo's structure) searched, or those of the games of ``--no-game-for``;
any board found is a false find.

``--decoy grass`` or ``--decoy game``: every capture gets a second phone-like window, showing a
photo of a lawn (:func:`kit.desktop.grass_photo`) or another game's board
(:func:`kit.desktop.game_phone_screen`: tile path, pentomino, Minesweeper in turn), the nearest
things to a rescue's screen that are not one: the reader must find the right window or refuse,
never read the wrong one. On the no-game desktops both phone-like windows show it, and a game
shown there is not searched for on that desktop (finding it would be right). ``--decoy disco``:
a saved rescue screenshot in an image viewer beside the phone (:func:`kit.desktop.viewer_screen`,
rescue ``VIEWER_SEED + k``); a board found there is ``other board`` (which screen the player
plays is not known: the right answer is a refusal in words), its text compared with the saved
rescue's own (read with the phone's ``--animals``).

Desktops as players have them, drawn only when asked (a seed draws what it drew without them):
``--kind device`` (a phone's body with rounded corners, the screen's corners rounded and maybe
a camera hole), ``--dark`` (the other windows in dark mode, the game's title bar dark; on the
no-game desktops too), ``--monitors 2`` (a second monitor's desktop beside the first, as
``gridsight live --monitor 0`` grabs them: pass ``--share`` as of one monitor, e.g. ``0.15
0.4``, for 7.5-20% of the frame).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test kit

from kit.desktop import (WINDOW_KINDS, game_phone_screen, grass_photo, kit_screen,
                         real_look_rescue, sample, viewer_screen)

from test_disco_zoo_screens import stated_wrong  # noqa: E402

from gridsight.readers.base import ReadHints
from gridsight.readers.find import find_in, load_game_pack, read_found, screen_locator
from gridsight.solvers.errors import InputError
from gridsight.vision.errors import VisionInputError

GAMES = ("disco-zoo", "tile-path", "pentomino", "minesweeper")
SEED = 90_000  # held-out seeds: nothing was tuned on these
SHARES = (0.15, 0.2, 0.25, 0.3)  # the screen's share of the frame's width, in bins
DECOY_GAMES = ("tile-path", "pentomino", "minesweeper")  # games a --decoy game window shows


def share_bin(fraction: float) -> str:
    """The bin of :data:`SHARES` a screen's share of the frame's width falls in (below the
    first: ``under 15%``, from ``--share 0.12 0.15``; these were counted as ``30%+``)."""
    lows = [low for low in SHARES if fraction >= low]
    return f"{max(lows):.0%}+" if lows else f"under {SHARES[0]:.0%}"


CASES = False  # --cases: a line per capture and per no-game search (what was read, hashed)


def case(*parts) -> None:
    """One ``--cases`` line: the case and what was read (the text hashed), for diffing two
    trees' reads; the CPU seconds go on a line of their own (``cpu ...``), to cut."""
    if CASES:
        print(" ".join(str(p) for p in parts), flush=True)


def _hashed(text: str) -> str:
    import hashlib

    return hashlib.sha1(text.encode()).hexdigest()[:12]


VIEWER_SEED = 700_000  # --decoy disco: capture k's image viewer shows rescue VIEWER_SEED + k


def decoy_of(kind: str, k: int, record: list | None = None):
    """What capture ``k``'s second phone-like window shows for ``--decoy kind`` (``None``:
    the kit's other apps, drawn as it always drew them), and the game it shows, if any
    (``disco``: a saved rescue in an image viewer, not counted as a game shown: the live
    phone's is the one to read; ``record`` gets where it was drawn, see
    :func:`kit.desktop.viewer_screen`)."""
    if kind == "disco":
        return viewer_screen(VIEWER_SEED + k, record), None
    if kind == "grass":
        return grass_photo, None
    if kind == "game":
        game = DECOY_GAMES[k % len(DECOY_GAMES)]
        return game_phone_screen(game), game
    return None, None


def cpu(fn, *args):
    """``fn(*args)`` and the CPU seconds it took (the result, or the exception raised)."""
    t0 = time.process_time()
    try:
        out = fn(*args)
    except (InputError, VisionInputError) as error:
        out = error
    return out, time.process_time() - t0


def outcome(game: str, image: np.ndarray, pack, shot, truth: str | None, where=None,
            other=None) -> tuple[str, float, str]:
    """``exact``, ``refused`` or ``wrong`` for one capture, its CPU seconds, and what the
    reader said (the board text, or its refusal). With no ``truth`` text (a kit's random
    board, not always a position of the game), ``exact`` is every cell's label right, and
    ``refused`` every other cell's left unread (``unknown``: a pointer over a tile).
    ``where``: the board's true geometry in ``image``; a board found elsewhere (a corner
    more than half a cell off) is ``wrong board``, whatever was read there; ``other``: the
    true geometry of a second rescue in ``image`` (``--decoy disco``), a board found there
    being ``other board``."""
    names = None
    if truth is not None:
        names = tuple(truth.splitlines()[1].split(": ")[1].split(", "))

    def analyse():
        found = find_in(image, {game: pack})
        try:
            reading = read_found(image, found, ReadHints(animals=names))
            said, unread, warned = reading.text, reading.unread, tuple(reading.warnings)
        except InputError as error:
            said, unread, warned = f"refused: {str(error).splitlines()[0]}", (), ()
        return found, said, unread, warned

    result, seconds = cpu(analyse)
    if isinstance(result, Exception):
        return "not found", seconds, str(result)
    found, said, unread_cells, warned = result
    if where is not None and not _at(found.read.geometry, where):
        return ("other board" if other is not None and _at(found.read.geometry, other)
                else "wrong board"), seconds, said
    if truth is not None:
        right = said == truth
        flagged = any("attempts counter not read" in w for w in warned)
        if not right and unread_cells and _only_at(said, truth, set(unread_cells),
                                                   taps=flagged):
            return "refused", seconds, said  # its cells right but for some said unread
        if not right and _taps_only(said, truth) and flagged:
            return "taps flagged", seconds, said  # as test_disco_zoo_screens counts it
        if not right and not said.startswith("refused") and \
                not stated_wrong(truth, said, warned, unread_cells):
            return "unsure", seconds, said  # a found tile written with its candidates
        return ("exact" if right else "refused" if said.startswith("refused") else "wrong",
                seconds, said)
    got = found.read.labels()
    if got == shot.labels:
        return "exact", seconds, said
    # Cells left unread (under a mouse pointer) are said so, not stated wrong.
    unread = all(g == "unknown" for row_got, row_want in zip(got, shot.labels)
                 for g, w in zip(row_got, row_want) if g != w)
    return ("refused" if unread else "wrong"), seconds, said


def _at(got, want) -> bool:
    """Whether board geometry ``got`` is ``want``'s (its size, each corner within half a
    cell)."""
    cell = min(want.cell_size(0, 0))
    return (got.rows, got.cols) == (want.rows, want.cols) and \
        bool(np.abs(got.outline() - want.outline()).max() <= 0.5 * cell)


def _viewer_board(capture, record: list):
    """The true geometry in ``capture`` of the rescue its image viewer shows (``--decoy
    disco``), or ``None`` when it had no room."""
    from gridsight.vision.geometry import BoardGeometry

    box = capture.extras["decoy_box"]
    if box is None or not record:
        return None
    shot, _, x, y, scale, drawn = record[-1]
    dx, dy, dw, _ = box
    s = dw / drawn  # a HiDPI desktop scaled the window
    homography = np.array([[s * scale, 0, dx + s * x], [0, s * scale, dy + s * y], [0, 0, 1]]) \
        @ shot.geometry.homography
    return BoardGeometry(shot.geometry.rows, shot.geometry.cols, homography)


def _taps_only(said: str, truth: str) -> bool:
    """Whether the board text ``said`` differs from ``truth`` only in its ``taps:`` line."""
    got, want = said.splitlines(), truth.splitlines()
    return len(got) == len(want) and all(
        a == b or (a.startswith("taps:") and b.startswith("taps:")) for a, b in zip(got, want))


def _only_at(said: str, truth: str, cells: set[tuple[int, int]], taps: bool = False) -> bool:
    """Whether the board text ``said`` differs from ``truth`` only in the board rows' tokens
    at ``cells`` (row, column): the lines above the board (region, animals, taps) alike, but
    the ``taps:`` line with ``taps`` (the counter said unsure in words). Fresh 550005: two
    found tiles said unread and the counter flagged, every false thing said in words, was
    counted a wrong read."""
    got, want = said.splitlines(), truth.splitlines()
    if len(got) != len(want):
        return False
    rows = len(want) - sum(":" in line for line in want)
    head = len(want) - rows
    if any(a != b and not (taps and a.startswith("taps:") and b.startswith("taps:"))
           for a, b in zip(got[:head], want[:head])):
        return False
    for r, (a, b) in enumerate(zip(got[head:], want[head:])):
        ta, tb = a.split(), b.split()
        if len(ta) != len(tb) or any(x != y and (r, c) not in cells
                                     for c, (x, y) in enumerate(zip(ta, tb))):
            return False
    return True


def draw(game: str):
    return real_look_rescue if game == "disco-zoo" else kit_screen(game)


def measure(game: str, count: int, seed: int, decoy: str = "apps", **options) -> None:
    pack = load_game_pack(game, None)
    counts: Counter[str] = Counter()
    by_kind: dict[str, Counter[str]] = {}
    by_share: dict[str, Counter[str]] = {}
    desk, alone, wrong = [], [], []
    same_said = decoys = viewer_exact = 0
    for k in range(count):
        record: list = []
        screen_of, shown = decoy_of(decoy, k, record)
        if screen_of is not None and shown != game:
            options = {**options, "decoy": True, "decoy_screen": screen_of}
        shot, capture, truth = sample(draw(game), seed + k, **options)
        other = _viewer_board(capture, record) if decoy == "disco" else None
        result, seconds, said = outcome(game, capture.image, pack, shot, truth,
                                        capture.geometry, other)
        if result == "other board":
            viewer_exact += said == record[-1][1]
        counts[result] += 1
        decoys += capture.extras["decoy_box"] is not None
        by_kind.setdefault(capture.extras["kind"], Counter())[result] += 1
        by_share.setdefault(share_bin(capture.extras["fraction"]), Counter())[result] += 1
        desk.append(seconds)
        case("case", seed + k, "desktop", result, _hashed(said))
        case("cpu", seed + k, "desktop", f"{seconds:.2f}")
        if result != "exact":
            wrong.append(f"{seed + k}:{result}")
        # The same screen alone, at the scale it has in the capture.
        screen = capture.extras["screen_box"]
        x, y, w, h = screen
        _, base, said_alone = outcome(game, capture.image[y : y + h, x : x + w].copy(), pack,
                                      shot, truth)
        alone.append(base)
        case("case", seed + k, "alone", _hashed(said_alone))
        same_said += said == said_alone
    total = sum(counts.values())
    found = total - counts["not found"]
    print(f"{game}: {total} captures: found {found} ({found / total:.0%}), wrong board "
          f"{counts['wrong board']} ({counts['wrong board'] / total:.0%}), exact "
          f"{counts['exact']} ({counts['exact'] / max(found, 1):.0%} of those found), refused "
          f"{counts['refused'] + counts['not found']} (not found "
          f"{counts['not found']}), attempts flagged {counts['taps flagged']}, unsure "
          f"{counts['unsure']}, wrong read "
          f"{counts['wrong']}  (by window: "
          + ", ".join(f"{kind} {c['exact']}/{sum(c.values())}" for kind, c in sorted(by_kind.items()))
          + ")")
    print(f"  the reader said the same as on the screen alone: {same_said} of {total}")
    if decoy != "apps":
        print(f"  a second phone-like window showing {decoy} in {decoys} of {total} (the rest "
              "had no room for it)")
    if decoy == "disco":
        print(f"  the image viewer's rescue found instead of the phone's: {counts['other board']}"
              f" (its own board text said exactly: {viewer_exact})")
    print("  by the screen's share of the frame's width: " + ", ".join(
        f"{share} {c['exact']}/{sum(c.values())}" for share, c in sorted(by_share.items())))
    if wrong:
        print(f"  not exact: {' '.join(wrong)}")
    d, b = statistics.median(desk), statistics.median(alone)
    print(f"  analyze CPU s per frame: desktop {d:.2f}, screen alone {b:.2f} (baseline), "
          f"ratio {d / b:.1f}")


def measure_live(count: int, seed: int, frames: int, harder: bool = False) -> None:
    """The live path on Disco Zoo captures: first frame, then the remembered screen."""
    from gridsight.registry import get_spec

    locate = get_spec("disco-zoo").reading.locate_screen
    first, steady, alone, searches = [], [], [], 0
    for k in range(count):
        _, capture, _ = sample(draw("disco-zoo"), seed + k, harder=harder)
        locator = screen_locator("disco-zoo")
        result, seconds = cpu(locator, capture.image)
        if isinstance(result, Exception):
            continue
        first.append(seconds)
        for _ in range(frames):
            steady.append(cpu(locator, capture.image)[1])
        searches += locator.searches
        x, y, w, h = capture.extras["screen_box"]
        phone = capture.image[y : y + h, x : x + w].copy()
        alone += [cpu(locate, phone)[1] for _ in range(frames)]
    s, b = statistics.median(steady), statistics.median(alone)
    print(f"live (disco-zoo, {len(first)} captures, {frames} frames each): first frame "
          f"{statistics.median(first):.2f} CPU s; then {s:.3f} per frame against {b:.3f} for "
          f"the screen alone (baseline), ratio {s / b:.2f}; whole-frame searches "
          f"{searches} for {len(first) * (frames + 1)} frames")


def measure_no_game(count: int, seed: int, harder: bool = False,
                    games: Sequence[str] = GAMES, decoy: str = "apps", **options) -> None:
    """Desktops whose phone-like windows show another app (a home screen's grid of icons, a
    chat, a settings list): any board found by a game's pack or structure is a false find.
    Each desktop is searched for each of ``games`` (by default every game); ``options``
    (``dark``, ``monitors``, ``kind``) as :func:`kit.desktop.desktop` takes them (``--decoy
    disco`` draws the other apps: a saved rescue would be a game shown)."""
    from kit.desktop import desktop, other_phone_screen
    from kit.skins.common import Rendered

    from gridsight.vision.geometry import BoardGeometry

    packs = {game: load_game_pack(game, None) for game in games}
    false: Counter[str] = Counter()
    times = []
    for k in range(count):
        rng = np.random.default_rng(seed + k)
        screen_of, shown = decoy_of(decoy, k) if decoy != "disco" else (None, None)
        app = (screen_of or other_phone_screen)(rng, 360, int(rng.integers(640, 800)))
        stand_in = Rendered(app, BoardGeometry.from_rect(0, 0, 1, 1, 1, 1), (), ())
        capture = desktop(stand_in, rng, decoy=True, harder=harder, decoy_screen=screen_of,
                          **options)
        for game, pack in packs.items():
            if game == shown:
                continue
            result, seconds = cpu(find_in, capture.image, {game: pack})
            times.append(seconds)
            case("no-game", seed + k, game, "none" if isinstance(result, Exception)
                 else f"found {_hashed(str(result.read.labels()))}")
            case("cpu", seed + k, game, f"{seconds:.2f}")
            if not isinstance(result, Exception):
                false[game] += 1
    shows = {"apps": "other apps'", "grass": "lawn photos'", "game": "other games'",
             "disco": "other apps'"}[decoy]
    print(f"no game ({count} desktops, two {shows} windows each): false finds "
          + ", ".join(f"{game} {false[game]}" for game in packs)
          + f"; {statistics.median(times):.2f} CPU s per search")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, default=10, help="captures per game")
    parser.add_argument("--seed", type=int, default=SEED, help="first seed")
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--live", type=int, default=4,
                        help="frames per capture for the live figures (0: none)")
    parser.add_argument("--share", nargs=2, type=float, metavar=("LOW", "HIGH"),
                        default=(0.15, 0.40), help="the screen's share of the frame's width "
                        "(as far as the frame's height allows)")
    parser.add_argument("--blend", type=float, default=None, metavar="P",
                        help="the chance the screen's sides hardly show: a window of its colour "
                        "beside it, a pillarbox's bars matching it (default: the kit's, 0.25)")
    parser.add_argument("--size", metavar="WxH", help="the frame's size (default: random "
                        "monitor sizes, 1920x1080 most often)")
    parser.add_argument("--no-game", type=int, default=10,
                        help="desktops with no game on them, for false finds (0: none)")
    parser.add_argument("--no-game-for", nargs="+", default=list(GAMES), choices=GAMES,
                        metavar="GAME", help="the games searched for on those desktops "
                        "(default all)")
    parser.add_argument("--harder", action="store_true",
                        help="what a real desktop may also be (kit.desktop.Harder: HiDPI "
                        "scaling, borderless mirrors, a tool strip of the ground's colour, a "
                        "window over a part of the game's, more JPEG, blends and decoys); "
                        "without it a seed draws the capture it always drew")
    parser.add_argument("--decoy", choices=("apps", "grass", "game", "disco"), default="apps",
                        help="what the second phone-like window shows: other apps (the kit's, "
                        "now and then), or, on every capture, a photo of a lawn, another "
                        "game's board, or (disco) a saved rescue screenshot in an image viewer")
    parser.add_argument("--kind", choices=(*sorted(set(WINDOW_KINDS)), "device"),
                        help="the game's window's kind on every capture (default: at random; "
                        "device: a phone's body with rounded corners, drawn only when asked)")
    parser.add_argument("--dark", action="store_true",
                        help="the other windows in dark mode, the game's title bar dark")
    parser.add_argument("--monitors", type=int, choices=(1, 2), default=1,
                        help="2: a second monitor's desktop beside the first, as a capture of "
                        "all monitors together (mss's monitor 0) shows them: the frame twice "
                        "as wide, the screen's share of it half of --share")
    parser.add_argument("--cases", action="store_true",
                        help="a line per capture (its outcome and what was read, hashed) and "
                        "per no-game search, and each one's CPU seconds (``cpu`` lines): two "
                        "trees' reads diffed line by line")
    args = parser.parse_args()
    global CASES
    CASES = args.cases
    options = {"fraction": tuple(args.share), "harder": args.harder}
    extra = {name: value for name, value in (("kind", args.kind), ("dark", args.dark),
                                              ("monitors", args.monitors)) if value}
    if args.monitors == 1:
        extra.pop("monitors")
    options.update(extra)
    if args.blend is not None:
        options["blend"] = args.blend
    if args.size:
        width, height = (int(v) for v in args.size.lower().split("x"))
        options["size"] = (width, height)
    for game in args.games if args.screens else ():
        measure(game, args.screens, args.seed, args.decoy, **options)
    if args.live and args.screens and "disco-zoo" in args.games:
        measure_live(min(args.screens, 5), args.seed, args.live, args.harder)
    if args.no_game:
        measure_no_game(args.no_game, args.seed, args.harder, args.no_game_for, args.decoy,
                        **extra)


if __name__ == "__main__":
    main()
