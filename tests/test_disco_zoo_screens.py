"""Disco Zoo screens laid out like the real game's, read with no calibration; and the old skin.

Hundreds of rescue screens are drawn once per session: the real-look skin
(:mod:`kit.skins.disco_zoo_real`, a new random look for every screen) and the shipped
skin, each scaled 0.5x to 3x (nearest or bilinear), colour-shifted, noised and saved as JPEG at
quality 40 to 95. Every tile, every found animal and every attempts counter must come out
right. A read is WRONG (:func:`stated_wrong`, the tally of ``python
tests/test_disco_zoo_screens.py``) when anything it states without a warning is false: the
region, the animals, a tile's kind (untapped, tapped empty, found: a tile listed unread is not
stated), a found tile's animal (candidates ``a/b`` are true when its own is among them), the
attempts (``taps: 18/10`` with the counter's warning is flagged, not WRONG). Also: the lattice finder, the sprite matcher and the digit reader on their own; the
unsure-animal path end to end through ``gridsight analyze --json``; other games' screenshots
not taken for Disco Zoo.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

import cv2
import numpy as np
import pytest

from gridsight.readers.base import ReadError, ReadHints
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.settle import RARITY_SURE
from gridsight.readers.find import detect_game, find_board
from gridsight.registry import get_reader, reader_names
from kit.disco_reads import (  # noqa: F401 (stated_wrong: bench/ imports it from here)
    WRONG_RULES, located, names_of, read_given, stated_wrong)
from kit.disco_reads import headers as _headers, read_plain as _read_plain
from kit.disco_screens import (  # noqa: F401 (the tests and bench/ import these from here)
    DEGRADE_ROWS, SEED, SMOOTHING, degrade, located_and_read, read_plainly, real_rescue,
    real_screen, smoothing)
from kit.skins import disco_zoo_real as real
from kit.skins import pentomino, tile_path
from kit.skins.disco_zoo_widest import PROPERTIES as WIDEST
from sample_sizes import samples
from gridsight.vision.digits import MIN_LEAD
from gridsight.vision.errors import BoardNotFoundError
from gridsight.vision.lattice import find_lattice
from gridsight.vision.lettering import put_text
from gridsight.vision.packs import load_pack
from gridsight.vision.sprites import sprite_distance, sprite_of

# The everyday suite reads the first 8 real-look screens and 7018 (a found tile near the dirt's
# colour left unread: the one screen of the first 24 that lists a tile unread), and 2
# shipped-skin ones (8 till the 38th session: tests/test_readers.py reads 15 of that kind
# whole with no options, a stricter check than this one's with the animals given);
# GRIDSIGHT_FULL_SAMPLES=1 reads the 240 and 60 the documented figures were
# measured on (``python tests/test_disco_zoo_screens.py`` prints them). The first 24 and 24
# until the 28th session (30 real-look ones until the seventeenth): the rates over many
# screens are the measurement's job, the suite's to catch a screen read wrong.
REAL_SCREENS = samples(8, 240)
REAL_NAMED = () if REAL_SCREENS > 18 else (18,)  # (7018 is among the full sample's)
# One xdist worker runs the whole file (pyproject's --dist loadfile), so the screens are drawn
# and read once, not once per worker.
OLD_SCREENS = samples(2, 60)

# The same picture is analyzed twice (JSON, then the text report): each picture's structural
# locate runs once in this file (tests/conftest.py; no test here changes what it does).
pytestmark = pytest.mark.usefixtures("located_once")
EXACT_WITH_NO_OPTIONS = 0.44  # share read exactly with no options (measured: see the test)
EXACT_WITH_OCR = 0.55  # ... with the ocr extra's engine installed (CI installs it)


@dataclass(frozen=True, eq=False)
class RealRead:
    """One real-look screen as read: the truth (``text``, ``shot``), the read with
    ``--animals`` (``read``, ``warnings``), the read with no options (``plain``: its text,
    or ``asked`` the request for ``--animals`` when the names were not settled, or
    ``refused`` another refusal), and the cards as found (``screen``)."""

    seed: int
    scale: float
    text: str
    read: str
    warnings: tuple[str, ...]
    plain: str
    asked: str
    refused: str
    shot: object = field(repr=False)
    screen: object = field(repr=False)
    cpu: float = 0.0  # CPU seconds to find and read the screen with no options
    plain_warnings: tuple[str, ...] = ()
    unread: tuple[tuple[int, int], ...] | None = None  # listed unread, --animals read
    plain_unread: tuple[tuple[int, int], ...] | None = None  # ... the read with no options

    def plain_outcome(self) -> str:
        """The read with no options, the old tally (kept as it was: the reports compare it
        across sessions; it does not look at the region, nor at a ground or empty tile
        stated otherwise, which fall to ``unsure``; :meth:`plain_wrong` does): ``exact``,
        ``asked`` (for --animals), ``refused``,
        ``wrong`` (other animals, or a found tile given another animal or stated untapped),
        ``unread`` (found tiles left unread, listed: the rest right), ``taps flagged``
        (only the attempts differ, with a warning that the counter was not read) or ``taps
        wrong`` (only the attempts differ, no warning)."""
        if self.plain == self.text:
            return "exact"
        if not self.plain:
            return "asked" if self.asked else "refused"
        if names_of(self.plain) != names_of(self.text):
            return "wrong"
        tiles = _animal_outcomes([(self.seed, self.text, self.plain)])["wrong"]
        if any(not self.unread_at(r, c) or got != "." for _, r, c, _, got in tiles):
            return "wrong"
        if tiles:  # found tiles written "." and listed unread: not observed, never untapped
            return "unread"
        if self.plain.splitlines()[2] != self.text.splitlines()[2]:
            flagged = any("attempts counter not read" in w for w in self.plain_warnings)
            return "taps flagged" if flagged else "taps wrong"
        return "unsure"  # a found tile written with its candidates, the right one among them

    def unread_at(self, r: int, c: int) -> bool:
        """Whether tile ``(r, c)`` was left unread (or hidden): listed, not stated."""
        return self.screen.tiles[r][c].kind in ("unknown", "hidden")

    def _listed(self, cells: tuple[tuple[int, int], ...] | None) -> tuple:
        """The cells a read listed unread (``cells``; when not kept, those the screen left
        unread or hidden)."""
        if cells is not None:
            return cells
        return tuple((r, c) for r, row in enumerate(self.screen.tiles)
                     for c, _ in enumerate(row) if self.unread_at(r, c))

    def plain_wrong(self) -> list[str]:
        """What the read with no options states without a warning that is false
        (:func:`stated_wrong`: region, animals, a tile's kind or animal, attempts); empty
        when it was not read (asked, refused) or is not WRONG."""
        if not self.plain:
            return []
        return stated_wrong(self.text, self.plain, self.plain_warnings,
                            self._listed(self.plain_unread))

    def read_wrong(self) -> list[str]:
        """:meth:`plain_wrong` of the read with ``--animals``."""
        return stated_wrong(self.text, self.read, self.warnings, self._listed(self.unread))

    def cards_right(self) -> bool:
        return len(self.screen.cards) == len(self.shot.extras["cards"])

    def card_reads(self):
        """(card drawn, card seen) of each card, when the cards were all found."""
        return list(zip(self.shot.extras["cards"], self.screen.cards)) if self.cards_right() \
            else []


def _real_read(k: int, base: int = SEED,
               scales: tuple[float, float] = (0.5, 3.0), wider: bool = False,
               widest: str = "") -> RealRead:
    """Real-look screen ``k`` drawn, degraded, found by structure and read with ``--animals``
    and with no options (a worker's job); ``base`` the first seed (another for a fresh
    held-out measurement), ``scales`` the range its scale is drawn from, ``wider`` the
    opt-in family of looks drawn wider still, ``widest`` the properties drawn wider again."""
    shot, text, image, scale = real_screen(k, base, scales, wider=wider, widest=widest)
    seed = base + k
    start = time.process_time()
    screen = located(image)  # (kept for the worker's other files reading this screen)
    board = screen.board_read("disco-zoo/structure")
    plain, plain_warnings, asked, refused, plain_unread = _read_plain(screen, board, image)
    cpu = time.process_time() - start
    reading = read_given(screen, text, board)
    return RealRead(seed, scale, text, reading.text, tuple(reading.warnings), plain, asked,
                    refused, shot, screen, cpu, plain_warnings, tuple(reading.unread),
                    plain_unread)


def _real_read_or_none(k: int, base: int = SEED, scales: tuple[float, float] = (0.5, 3.0),
                       wider: bool = False, widest: str = "") -> RealRead | None:
    """:func:`_real_read`, ``None`` when no board is found, or its read with ``--animals``
    is refused (a refusal: the measurement lists it apart rather than stopping; the suite's
    own screens must all be found)."""
    try:
        return _real_read(k, base, scales, wider, widest)
    except (BoardNotFoundError, ReadError):
        return None


@pytest.fixture(scope="session")
def real_reads(workers):
    """Every real-look screen read (:class:`RealRead`), made once per session by the worker
    processes."""
    return workers(_real_read, [*range(REAL_SCREENS), *REAL_NAMED])


@pytest.mark.slow
def test_every_tile_of_every_real_look_screen_is_read(real_reads):
    """Ground (decorated or not), tapped empty and found tiles, on every screen; a tile not
    read is unread (listed), never another kind."""
    wrong, unread = [], []
    for one in real_reads:
        truth = [row.split() for row in one.text.splitlines()[3:]]
        kinds = [["ground" if t == "." else "empty" if t == "-" else "found" for t in row]
                 for row in truth]
        seen = [[tile.kind for tile in row] for row in one.screen.tiles]
        if any(s != k and s not in ("unknown", "hidden")
               for srow, krow in zip(seen, kinds) for s, k in zip(srow, krow)):
            wrong.append(one.seed)
        elif seen != kinds:
            unread.append(one.seed)
    assert not wrong
    # Measured (sixteenth session, rarity colours drawn near the dirt on one look in seven):
    # 6 of the first 120 screens with tiles unread (7018, 7028, 7034, 7065, 7084, 7108), none
    # with a tile read as another kind; of the quick sample, 7018 alone (one more allowed).
    assert len(unread) <= max(2.0, 0.12 * len(real_reads)), unread


def _animal_outcomes(pairs):
    """For every found tile of ``(seed, truth text, read text)``: ``exact`` (its animal),
    ``unsure`` (a token naming its animal among others, with a note) or ``wrong``."""
    out = {"exact": 0, "unsure": 0, "wrong": []}
    for seed, text, read in pairs:
        truth = [row.split() for row in text.splitlines()[3:]]
        seen = [row.split() for row in read.splitlines()[3:]]
        for r, row in enumerate(truth):
            for c, token in enumerate(row):
                if token in ".-":
                    continue
                got = seen[r][c]
                if got == token:
                    out["exact"] += 1
                elif got == "*" or ("/" in got and token in got.split("/")):
                    out["unsure"] += 1
                else:
                    out["wrong"].append((seed, r, c, token, got))
    return out


def _listed_unread(reads, wrong):
    """Of the found tiles ``wrong`` by :func:`_animal_outcomes` (seed, row, column, truth,
    read), those written ``.`` that the reader listed unread: not observed, never stated
    untapped, so counted apart from the wrong ones. The read's own list, as
    :meth:`RealRead.read_wrong` counts (fresh widest 1167015: a tile located found, its colour
    no animal's, listed unread by the read with ``--animals``: counted wrong here by the
    screen's kinds, not WRONG by the tally)."""
    by_seed = {one.seed: one for one in reads}
    return [w for w in wrong if w[4] == "." and (w[1], w[2]) in _listed_cells(by_seed[w[0]])]


def _listed_cells(one) -> set[tuple[int, int]]:
    """The cells the read with ``--animals`` of ``one`` listed unread (when not kept, those
    the screen left unread or hidden)."""
    if getattr(one, "unread", None) is not None:
        return {(r, c) for r, c in one.unread}
    return {(r, c) for r in range(5) for c in range(5) if one.unread_at(r, c)}


@pytest.mark.slow
def test_found_animals_are_told_by_colour_and_sprite_or_marked_unsure(real_reads):
    """A found tile's animal comes from its rarity colour and, when animals share it, from its
    sprite against the cards'. When the sprite does not settle it the tile is written with its
    candidates (never as untapped); a wrong animal is rare (measured: see the README)."""
    out = _animal_outcomes((one.seed, one.text, one.read) for one in real_reads)
    total = out["exact"] + out["unsure"] + len(out["wrong"])
    unread = _listed_unread(real_reads, out["wrong"])
    wrong = [w for w in out["wrong"] if w not in unread]
    # Measured 337 of 340 (3 unsure) on the old looks; with the widened skin (fifteenth
    # session) 45 of the quick sample's 46 (7020: one unsure), 169 of 172 on the first 120
    # (1 unsure, 2 unread: 7084, 7108). With rarity colours drawn near the lawn and the dirt
    # (sixteenth): 41 of 46 (1 unsure, 4 unread: 7018, 7028, a rarity's colour near the
    # dirt), 160 of 172 on the first 120 (1 unsure, 11 unread, none stated).
    assert out["exact"] >= 0.85 * total, out
    assert len(wrong) <= 0.005 * total, out  # measured none


@pytest.mark.slow
def test_attempts_counters_are_read_or_flagged(real_reads):
    """The counter as read, also where attempts were bought (the board alone would say
    fewer); a counter not read with confidence is flagged (taken as read when above the
    board's count, else the board's count)."""
    exact, flagged, wrong = 0, 0, []
    for one in real_reads:
        if one.read.splitlines()[2] == one.text.splitlines()[2]:
            exact += 1
        elif any("attempts counter not read" in w for w in one.warnings):
            flagged += 1
        else:
            wrong.append(one.seed)
    # With the text in the skin's pixel fonts (kit/skins/pixel_fonts.py) some counters are
    # flagged, not read (re-measured after the merge: see docs/screen-reading.md).
    # (Every counter of the quick sample exact: one flagged is allowed.)
    assert exact >= min(0.92 * len(real_reads), len(real_reads) - 1), (exact, flagged, wrong)
    assert len(wrong) <= 0.005 * len(real_reads), (exact, flagged, wrong)


@pytest.mark.slow
def test_with_no_options_the_screen_is_read_exactly_or_asked_never_wrong(real_reads):
    """With no options at all, the cards' names read, their box rows, colours and the board
    name the rescue's animals and every found tile: the whole board text exact, or the
    player asked for --animals (listing each card's candidates), never other animals or a
    found tile given another animal (an unsure tile written with its candidates is not
    wrong)."""
    exact = [one.seed for one in real_reads if one.plain_outcome() == "exact"]
    wrong = {one.seed: one.plain_wrong() for one in real_reads if one.plain_wrong()}
    asked = [one.seed for one in real_reads if one.asked]
    assert len(wrong) <= 0.005 * len(real_reads), wrong
    # Measured (issue 18.1): 13 of the quick sample's 30 exact without the ocr extra (43%), 20
    # of 30 with its engine (67%), 0 wrong (2026-12-02; 111 of the full 240 without it the
    # session before); 17 of 30 with the engine once the skin drew found tiles near the
    # lawn's green (sixteenth session: such tiles are left unread, and the player asked).
    # The quick sample cut to the first 24 (seventeenth session, 2026-12-03): 16 of 24 exact
    # with the engine, 14 of 24 without it (GRIDSIGHT_OCR=off; 15 of the 30), 0 wrong;
    # the 28th session's main: 18 and 16 of 24. Cut to the first 8 and 7018 (28th session):
    # 7 of 9 with the engine, 6 of 9 without it, 0 wrong. Each floor sits two screens below
    # its count.
    from gridsight.games.disco_zoo.ocr_names import available

    floor = EXACT_WITH_OCR if available() else EXACT_WITH_NO_OPTIONS
    assert len(exact) >= floor * len(real_reads), (len(exact), len(asked), available())


@pytest.mark.slow
def test_the_cards_are_found_wherever_they_stand(real_reads):
    """The row of cards is found whatever its contrast with the ground (down to 3 Lab,
    lighter or darker), scale and JPEG; a screen whose cards are not all found is asked
    for --animals (or read exactly from the board), never read as other animals."""
    missed = [one.seed for one in real_reads if not one.cards_right()]
    # Measured after the fixes of 7039 and 7096: 47 of the first 48 (7037: three cards of
    # Lab contrast 2.4 at 0.51x, their gaps 4 pixels, found as one), 78 of 80 fresh screens.
    # With the widened skin: 119 of the first 120 (7020, in the quick sample: asked).
    assert len(missed) <= max(1.0, 0.03 * len(real_reads)), missed
    outcomes = {one.seed: [why for why in one.plain_wrong() if not why.startswith("attempts")]
                for one in real_reads if not one.cards_right()}
    assert not any(outcomes.values()), outcomes  # (the attempts are the counter's)


@pytest.mark.slow
def test_the_read_with_the_animals_given_states_nothing_false(real_reads):
    """With ``--animals`` too, nothing is stated false without a warning (:func:`stated_wrong`:
    the region, a tile's kind, a found tile's animal, the attempts)."""
    wrong = {one.seed: one.read_wrong() for one in real_reads if one.read_wrong()}
    assert len(wrong) <= 0.005 * len(real_reads), wrong


def test_fills_the_board_shows_leave_the_tiles_alone(real_reads):
    """7001 (33rd session, over :data:`real_reads`' own read): the cards' fills are of
    rarities the board's found tiles show: the tiles are the same objects (nothing widened,
    :func:`~gridsight.games.disco_zoo.screen.found_against_the_fills`), and the screen is
    read exactly with no options."""
    from gridsight.games.disco_zoo.screen import found_against_the_fills

    one = next(one for one in real_reads if one.seed == SEED + 1)
    screen = one.screen
    assert found_against_the_fills(screen.cards, screen.tiles) is screen.tiles
    assert one.plain == one.text


def _old_read(k: int, base: int = SEED) -> tuple:
    """Shipped-skin screen ``k`` drawn, degraded, located by the pack and read (a worker's
    job)."""
    from test_readers import _degrade, random_rescue

    pack = load_pack("disco-zoo")
    rng = np.random.default_rng(base + 10_000 + k)
    shot, text = random_rescue(rng)
    image, _, _ = _degrade(shot.image, rng, k, smallest=0.5)
    found = find_board(image, "disco-zoo", pack)
    hints = ReadHints(animals=names_of(text))  # its cards' names: tests/test_readers.py
    return (k, text, get_reader("disco-zoo").read(image, found.read, pack, hints),
            found.pack.skin)


@pytest.fixture(scope="session")
def old_reads(workers):
    return workers(_old_read, range(OLD_SCREENS))


@pytest.mark.slow
def test_the_shipped_skin_is_still_read_by_its_pack(old_reads):
    """Every tile and found animal, by the pack (not by structure); the counter too, or a
    warning says it was not read."""
    wrong = []
    for k, text, reading, skin in old_reads:
        if skin != "default" or reading.text.splitlines()[3:] != text.splitlines()[3:]:
            wrong.append(k)
        elif reading.text.splitlines()[2] != text.splitlines()[2] and not reading.warnings:
            wrong.append(k)
    assert not wrong


# -- the parts on their own ------------------------------------------------------------------


def test_the_report_counts_found_tiles_listed_unread_apart_from_wrong_ones():
    """The --animals tally: a found tile written ``.`` and listed unread is counted unread; one
    written ``.`` but not listed (stated untapped) or given another animal is wrong."""
    from types import SimpleNamespace

    text = "region: Farm\nanimals: Sheep, Pig\ntaps: 8\n" + "\n".join(
        ["1 1 . . .", "2 . . . .", ". . . . .", ". . . . .", ". . . . ."])
    read = "region: Farm\nanimals: Sheep, Pig\ntaps: 8\n" + "\n".join(
        [". . . . .", "1 . . . .", ". . . . .", ". . . . .", ". . . . ."])
    # (the read's own list counts, not the screen's kinds: a tile located found and listed
    # unread by the read, as on fresh widest 1167015)
    one = SimpleNamespace(seed=5, unread=((0, 0),), unread_at=lambda r, c: (r, c) == (0, 1))
    wrong = _animal_outcomes([(5, text, read)])["wrong"]
    assert _listed_unread([one], wrong) == [(5, 0, 0, "1", ".")]
    assert [w for w in wrong if w not in _listed_unread([one], wrong)] == [
        (5, 0, 1, "1", "."), (5, 1, 0, "2", "1")]


TRUTH = "region: Farm\nanimals: Sheep, Pig\ntaps: 8\n" + "\n".join(
    ["1 1 . . -", "2 . . . .", ". . . . .", ". . . . .", ". . . . ."]) + "\n"


def _told(region: str = "Farm", animals: str = "Sheep, Pig", taps: str = "8",
          **tiles: str) -> str:
    """:data:`TRUTH` with other headers and tiles (``t04="."``: row 0, column 4)."""
    grid = [row.split() for row in TRUTH.splitlines()[3:]]
    for key, token in tiles.items():
        grid[int(key[1])][int(key[2])] = token
    return f"region: {region}\nanimals: {animals}\ntaps: {taps}\n" + "\n".join(
        " ".join(row) for row in grid) + "\n"


WARNED = ("attempts counter not read with confidence: 8 = 10 - 2 tiles tapped taken first",)


@pytest.mark.parametrize("read, warnings, unread, rules", [
    (_told(), (), (), []),
    (_told(region="Polar"), (), (), ["region"]),  # the old tally's blind spot
    (_told(t02="-"), (), (), ["tile kind"]),  # ground stated tapped empty: the other one
    (_told(t04="."), (), (), ["tile kind"]),  # empty stated untapped ...
    (_told(t04="."), (), ((0, 4),), []),  # ... unless listed unread
    (_told(t02="1"), (), (), ["tile kind"]),  # ground stated found
    (_told(t02="1/2"), (), (), ["tile kind"]),
    (_told(t04="*"), (), (), ["tile kind"]),
    (_told(t00="."), (), (), ["tile kind"]),  # found stated untapped
    (_told(t00="-"), (), (), ["tile kind"]),
    (_told(t00="2"), (), (), ["found animal"]),
    (_told(t00="1/2"), (), (), []),  # candidates, its own among them
    (_told(t00="*"), (), (), []),
    (_told(animals="Pig, Sheep", t00="2", t01="2", t10="1"), (), (), ["animals"]),
    (_told(animals="Pig, Cow"), (), (), ["animals", "found animal", "found animal",
                                         "found animal"]),
    (_told(taps="7"), (), (), ["attempts"]),
    (_told(taps="7"), WARNED, (), []),  # flagged
    (_told(taps="8/10"), WARNED, (), []),
    (_told(region="Polar", t02="-", taps="9"), (), (), ["region", "tile kind", "attempts"]),
], ids=["exact", "region", "ground-as-empty", "empty-as-ground", "empty-listed-unread",
        "ground-as-found", "ground-as-candidates", "empty-as-any-animal", "found-as-ground",
        "found-as-empty", "other-animal", "candidates", "any-animal", "animals-reordered",
        "other-animals", "taps-unwarned", "taps-warned", "two-counts-warned", "three-rules"])
def test_a_read_is_wrong_when_anything_it_states_without_a_warning_is_false(
        read, warnings, unread, rules):
    """:func:`stated_wrong` on made-up reads of a made-up truth: each rule it names."""
    said = stated_wrong(TRUTH, read, warnings, unread)
    assert [next(r for r in WRONG_RULES if why.startswith(r)) for why in said] == rules, said


def test_the_report_counts_a_wrong_region_and_a_wrong_empty_tile_as_wrong():
    """The screens tally (:func:`real_look_report`) over three made-up reads: one exact, one
    naming another region, one stating a ground tile tapped empty (the old tally put both
    under ``unsure``): two WRONG, each listed with its reason."""
    from types import SimpleNamespace

    screen = SimpleNamespace(tiles=[[SimpleNamespace(kind="ground")] * 5] * 5, cards=())
    shot = SimpleNamespace(extras={"cards": []})

    def one(seed: int, plain: str) -> RealRead:
        return RealRead(seed, 1.0, TRUTH, TRUTH, (), plain, "", "", shot, screen,
                        unread=(), plain_unread=())

    lines = real_look_report([one(1, TRUTH), one(2, _told(region="Polar")),
                              one(3, _told(t02="-"))], 1)
    tally = next(line for line in lines if "every kind of WRONG" in line)
    assert "exact 1, asked 0, WRONG 2 " in tally, tally
    assert "region 1, animals 0, tile kind 1, found animal 0, attempts 0" in tally, tally
    listed = [line for line in lines if line.startswith("    seed ")]
    assert listed == ["    seed 2 (1.00x) WRONG: region 'Polar' for 'Farm'",
                      "    seed 3 (1.00x) WRONG: tile kind row 1, column 3: '-' (empty) for '.' "
                      "(ground)"], lines


def test_a_board_whose_lattice_is_fifth_by_its_lines_is_found_and_read():
    """Fresh real-look 471053 (City, 1.31x): four lattices outscore the board's by their lines,
    one of 0.94 its pitch two rows up (its top rows over the cards read hidden, the board's
    bottom two rows dropped: a tapped tile stated untapped with ``--animals``, no warning,
    which only :func:`stated_wrong` counted). The widened search reaches the board's own:
    every tile read, the board text exact with no options and with the animals given."""
    read = _real_read(53, 471_000)
    assert read.read_wrong() == [] and read.plain_wrong() == []
    assert read.plain == read.text and read.read == read.text


def test_lattice_finder_places_thin_lines_of_any_colour_and_ignores_texture():
    rng = np.random.default_rng(3)
    for trial in range(6):
        h, w = 700, 400
        img = rng.integers(0, 255, (h, w, 3)).astype(np.uint8)  # noise all around
        img = cv2.GaussianBlur(img, (0, 0), 3)
        pitch = float(rng.uniform(45, 75))
        x0, y0 = float(rng.uniform(5, w - 5 * pitch - 5)), float(rng.uniform(100, h - 5 * pitch - 5))
        tile = rng.integers(80, 220, 3)
        line = tile * rng.uniform(0.4, 0.8)
        thick = int(rng.integers(1, 4))
        img[int(y0) : int(y0 + 5 * pitch), int(x0) : int(x0 + 5 * pitch)] = tile
        for i in range(1, 5):
            x, y = round(x0 + i * pitch), round(y0 + i * pitch)
            img[int(y0) : int(y0 + 5 * pitch), x - thick // 2 : x - thick // 2 + thick] = line
            img[y - thick // 2 : y - thick // 2 + thick, int(x0) : int(x0 + 5 * pitch)] = line
        found = find_lattice(img, 5, 5)
        assert abs(found.pitch_x - pitch) < 1.0 and abs(found.pitch_y - pitch) < 1.0, trial
        assert abs(found.x - x0) < 3 and abs(found.y - y0) < 3, trial
    with pytest.raises(BoardNotFoundError):
        find_lattice(cv2.GaussianBlur(rng.integers(0, 255, (600, 400, 3)).astype(np.uint8),
                                      (0, 0), 2), 5, 5)


def test_sprite_matcher_tells_the_same_art_at_another_scale_and_background_through_jpeg():
    """A found tile's sprite (light blue tile, 0.5x-1x, JPEG 50) against two cards' sprites
    (dark card, other scale), one of them its own: the own one is nearer in most pairs
    (measured 102 of 120; chance would give 60). On whole screens a tile only has to be told
    from the one or two animals of its rarity, and a small lead is written as unsure."""
    rng = np.random.default_rng(5)
    names = ["Panda", "Tiger", "Monkey", "Toucan", "Lemur"]
    right, pairs = 0, 0
    for art_seed in range(6):
        arts = {n: real.sprite_art(n, art_seed) for n in names}
        cards = {}
        for name in names:
            card = np.full((70, 70, 3), (40, 35, 30), np.uint8)
            real.draw_art(card, arts[name], 8, 8, 4)
            cards[name] = sprite_of(card, (40.0, 35.0, 30.0))
        for name in names:
            tile = np.full((64, 64, 3), (245, 212, 128), np.uint8)
            real.draw_art(tile, arts[name], 10, 10, 3)
            scale = float(rng.uniform(0.5, 1.0))
            small = cv2.resize(tile, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
            small = cv2.imdecode(cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 50])[1],
                                 cv2.IMREAD_COLOR)
            seen = sprite_of(small, (245.0, 212.0, 128.0))
            own = sprite_distance(seen, cards[name])
            for other in names:
                if other != name:
                    pairs += 1
                    right += own < sprite_distance(seen, cards[other])
    assert right >= 0.8 * pairs, (right, pairs)


def test_digits_of_a_font_not_among_the_references_are_read_or_left_unread():
    """The real-look skin's digits (a 5x7 font the reader has no template of), 1x to 6x,
    regular and bold: read right, or with too small a lead to be taken (never a confident
    wrong digit)."""
    from kit.digit_glyphs import digit_reads

    reads = digit_reads(range(1, 7))
    assert all(read == digit or lead < MIN_LEAD for _, _, digit, read, lead in reads), reads
    assert sum(read == digit for _, _, digit, read, _ in reads) >= 0.9 * len(reads)


# -- the whole command ------------------------------------------------------------------------


def _jungle_shot(seed: int, *, replace_panda_sprite: bool, boxes=None, found: str = "Panda"):
    """Jungle: Panda and Tiger (both rare) and Monkey; a ``found`` (Panda) tile found.
    Optionally the found tile's sprite is painted over with another creature's (the reader
    cannot match it) and the cards' box rows drawn otherwise than the board says (``boxes``:
    an edited screen)."""
    cells = [["ground"] * 5 for _ in range(5)]
    cells[2][0] = f"animal:{found}"
    cells[0][3] = "empty"
    cells[4][4] = "empty"
    animals = [("Panda", "rare"), ("Tiger", "rare"), ("Monkey", "common")]
    shot = real.render(cells, animals=animals, attempts=7, region="Jungle", seed=seed,
                       boxes=boxes)
    if replace_panda_sprite:
        look = shot.extras["look"]
        x0, y0, s = look.board_x, look.board_y + 2 * look.cell, look.cell
        tile = shot.image[y0 : y0 + s, x0 : x0 + s]
        inner = tile[s // 6 : s - s // 6, s // 6 : s - s // 6]
        inner[:] = look.rarity_color("rare")
        art = real.sprite_art("Yeti", look.art_seed)
        block = max(2, (s * 2 // 3) // art.shape[0])
        real.draw_art(tile, art, (s - art.shape[0] * block) // 2, (s - art.shape[0] * block) // 2,
                      block)
    return shot


def _analyzed_jungle(shot, tmp_path, run_cli) -> dict:
    """``analyze --json`` of a drawn Jungle screen with its three animals named; the exit
    code checked."""
    path = tmp_path / "jungle.png"
    cv2.imwrite(str(path), shot.image)
    code, out, err = run_cli("analyze", str(path), "--animals", "Panda,Tiger,Monkey",
                             "--out", str(tmp_path / "out"), "--json")
    assert code == 0, err
    return json.loads(out)


def test_a_found_rare_tile_is_told_panda_or_tiger_by_its_sprite(tmp_path, run_cli):
    """One look (seed 0; the looks of seeds 1 and 2, read the same, ran here until the 39th
    session: random looks are the real-look sample's, above)."""
    data = _analyzed_jungle(_jungle_shot(0, replace_panda_sprite=False), tmp_path, run_cli)
    assert data["board"].splitlines()[3:] == [". . . - .", ". . . . .", "1 . . . .",
                                              ". . . . .", ". . . . -"]
    assert data["board"].splitlines()[2] == "taps: 7"
    assert data["unsure_read"] == [] and data["unread"] == []


@pytest.mark.parametrize("found, digit", [("Panda", "1"), ("Tiger", "2")])
def test_the_sprite_alone_tells_a_found_rare_tile_panda_or_tiger(tmp_path, run_cli, found,
                                                                digit):
    """The cards' boxes edited so that they cannot tell (Panda and Tiger each show one filled
    box, the board one rare tile): the found tile's sprite alone names its animal. (The test
    above passes with sprite matching broken: the one filled box answers first.)"""
    shot = _jungle_shot(11, replace_panda_sprite=False, boxes=[(3, 1), (3, 1), (4, 0)],
                        found=found)
    data = _analyzed_jungle(shot, tmp_path, run_cli)
    assert [row.split()[0] for row in data["board"].splitlines()[3:]][2] == digit
    assert data["unsure_read"] == [] and data["unread"] == []


def test_a_found_tile_whose_animal_is_unsure_is_solved_over_its_candidates(tmp_path, run_cli):
    """The found rare tile's sprite matches neither card, and the cards' boxes (edited: one
    Panda tile and one Tiger tile found, the board shows one rare tile) do not fit the board,
    so they are not used: Panda or Tiger, solved over both."""
    shot = _jungle_shot(11, replace_panda_sprite=True, boxes=[(3, 1), (3, 1), (4, 0)])
    data = _analyzed_jungle(shot, tmp_path, run_cli)
    grid = [row.split() for row in data["board"].splitlines()[3:]]
    assert grid[2][0] == "1/2"  # tapped, shows Panda or Tiger: never "untapped"
    assert data["unsure_read"] == [[2, 0]]
    assert any("row 3, column 1" in note and "Panda or Tiger" in note for note in data["notes"])
    # the animals' source in words of no one interface (the library's hints, the live panel)
    assert "animals as given, in card order: Panda, Tiger, Monkey" in data["notes"]
    unsure = data["unsure"]
    assert [(u["row"], u["col"], u["one_of"]) for u in unsure] == [(2, 0, ["Panda", "Tiger"])]
    assert data["recommend"] is not None
    assert any("filled boxes (Panda 1, Tiger 1, Monkey 0) do not fit" in w
               for w in data["warnings"])
    picture = cv2.imread(data["annotated"])
    from gridsight.overlay import style
    from gridsight.solvers.advice import MarkKind

    yellow = np.all(np.abs(picture.astype(int) - style.MARK[MarkKind.UNSURE]) < 30, axis=2)
    assert yellow.sum() > 30  # the unsure mark is drawn


def test_real_look_screens_are_detected_with_no_game_given_and_other_games_are_not():
    packs = {game: load_pack(game) for game in reader_names()}
    rng = np.random.default_rng(SEED + 500)
    shot, text = real_rescue(rng, SEED + 500)
    image, _ = degrade(shot.image, rng, 1)
    assert detect_game(image, packs).game == "disco-zoo"
    room = tile_path.render([". . . . . . . .", ". . . # . . . .", ". . . . . . . .",
                             "x x L . . . . .", "x . . # . . . .", "S . . . . . . E"], scale=2)
    level = pentomino.render(["# # # # # # # # # #"] * 3 + [". . . . . . . . . ."] * 6
                             + ["# # # # # # # # # #"] * 3, pieces_left="FILNPTUVWXYZ")
    for other, game in ((room.image, "tile-path"), (level.image, "pentomino")):
        assert detect_game(other, packs).game == game
        with pytest.raises(BoardNotFoundError):
            locate_rescue(other)


def test_an_unread_tile_that_changes_the_advice_is_named_in_the_status_line(tmp_path, run_cli):
    """The bundled real-look rescue with its advised tile (row 2, column 3) painted over in a
    colour no tile has: it is unread, solved as untapped, marked, and since the advised tap is
    that very tile, the status line (JSON and the text report's headline) says to look at it
    first."""
    image = real.example()
    shot = real.render(real.EXAMPLE_BOARD, animals=real.EXAMPLE_ANIMALS, attempts=6,
                       region="Jungle", seed=12)
    x0, y0 = shot.geometry.cell_center(1, 2)
    s = shot.extras["look"].cell
    cx, cy = int(2 * x0), int(2 * y0)
    image[cy - s + 4 : cy + s - 4, cx - s + 4 : cx + s - 4] = (255, 0, 255)
    path = tmp_path / "unread.png"
    cv2.imwrite(str(path), image)
    code, out, err = run_cli("analyze", str(path), "--animals", "Gorilla,Panda,Tiger",
                             "--out", str(tmp_path / "out"), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["unread"] == [[1, 2]]
    assert data["status"].startswith("Tap row 2, column 3")
    assert data["status"].endswith("(unread: look at row 2, column 3 first)")
    code, out, err = run_cli("analyze", str(path), "--animals", "Gorilla,Panda,Tiger",
                             "--out", str(tmp_path / "out"))
    assert code == 0, err
    assert out.splitlines()[1] == data["status"]  # the text report's headline says it too


def test_a_toast_over_a_row_of_tiles_leaves_the_board_found_and_the_tiles_unread(tmp_path,
                                                                                 run_cli):
    """A player's screenshot with a notification over the board's middle row (5 tiles, and
    the lattice's lines under it): the board is still found by its structure, the covered
    tiles are reported unread (never as untapped silently), the others read as before."""
    image = real.example()
    shot = real.render(real.EXAMPLE_BOARD, animals=real.EXAMPLE_ANIMALS, attempts=6,
                       region="Jungle", seed=12)
    (x0, y0), (x1, y1) = (2 * np.asarray(p) for p in
                          shot.geometry.board_to_image([(-0.3, 2.1), (5.3, 2.9)]))
    cv2.rectangle(image, (int(x0), int(y0)), (int(x1), int(y1)), (250, 250, 250), -1)
    put_text(image, "New message", (int(x0) + 20, int(y0 + y1) // 2), cv2.FONT_HERSHEY_SIMPLEX,
             1.0, (40, 40, 40), 2)
    path = tmp_path / "toast.png"
    cv2.imwrite(str(path), image)
    code, out, err = run_cli("analyze", str(path), "--animals", "Gorilla,Panda,Tiger",
                             "--out", str(tmp_path / "out"), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert sorted(map(tuple, data["unread"])) == [(2, c) for c in range(5)]
    rows = data["board"].splitlines()[3:]
    assert rows[2].split() == ["."] * 5
    # the other rows as drawn (the screenshot's truth, not a second read of it)
    token = {"ground": ".", "empty": "-", **{f"animal:{name}": str(k + 1) for k, (name, _)
                                             in enumerate(real.EXAMPLE_ANIMALS)}}
    before = [" ".join(token[cell] for cell in row.split()) for row in real.EXAMPLE_BOARD]
    assert [r for k, r in enumerate(rows) if k != 2] == [r for k, r in enumerate(before) if k != 2]
    assert before[2] != rows[2]  # the row hidden held tapped tiles: they were not made up


def test_a_pack_calibrated_on_a_real_look_screen_tells_the_found_panda_by_the_cards():
    """The issue's path: a pack learned from the real-look screenshot itself (corners and
    labels), then the screenshot read with that pack and --animals. The Panda tile (rare, like
    Tiger) was left unread because the cards were looked for where our skin puts them; now the
    cards are found above the board wherever they stand and the sprite tells Panda."""
    from gridsight.solvers.boardtext import parse_boards
    from gridsight.vision.learn import learn_pack

    shot = _jungle_shot(4, replace_panda_sprite=False)
    text = ("animals: Panda, Tiger, Monkey\n. . . - .\n. . . . .\n1 . . . .\n. . . . .\n"
            ". . . . -\n")
    reader = get_reader("disco-zoo")
    like = load_pack("disco-zoo")
    labels = reader.labels_from_text(parse_boards(text)[0], like)
    pack = learn_pack(shot.image, shot.geometry, labels, "disco-zoo", "phone", like=like)
    found = find_board(shot.image, "disco-zoo", pack)
    assert found.pack.skin == "phone"
    reading = reader.read(shot.image, found.read, pack,
                          ReadHints(animals=("Panda", "Tiger", "Monkey")))
    assert reading.text.splitlines()[3:] == text.splitlines()[1:]
    assert reading.text.splitlines()[2] == "taps: 7"  # the counter, found by structure too
    assert reading.unread == () and reading.unsure == ()


def _tile_on_the_lawn(shift: int):
    """A found tile (its colour, a two-colour animal in its middle) between lines on the lawn,
    and a 1 x 1 lattice on it moved ``shift`` px up and left: (image, lattice)."""
    from gridsight.vision.lattice import Lattice

    image = np.full((160, 160, 3), (165, 243, 170), np.uint8)  # the lawn
    image[28:32, :] = image[:, 28:32] = image[98:102, :] = image[:, 98:102] = (54, 115, 47)
    image[32:98, 32:98] = (97, 195, 122)  # the tile's own (common) colour
    image[53:77, 55:75] = (175, 90, 185)  # the animal
    image[58:62, 58:62] = image[58:62, 68:72] = (20, 20, 20)
    return image, Lattice(30.0 - shift, 30.0 - shift, 70.0, 70.0, 1, 1, 1.0)


def test_a_found_tiles_sprite_is_cut_from_the_tile_not_the_lines_and_lawn_past_it():
    """A lattice a little wide of the board cuts a found tile's crop across the line and the
    lawn beside it (hybrid wider look 700044, the blocky tiles put back: the lattice took the
    board's frame, 7% too wide). Those edges are not the animal: the sprite's box is the
    animal's, and its background the tile's own colour, as with the lattice on the tile."""
    from gridsight.games.disco_zoo.screen import _tile_sprite

    image, on = _tile_on_the_lawn(0)
    right = _tile_sprite(image, on, 0, 0, own=True)
    image, off = _tile_on_the_lawn(12)  # the crop (0.14 in) starts on the lawn, then the line
    moved = _tile_sprite(image, off, 0, 0, own=True)
    assert right is not None and moved is not None
    assert right.box[2:] == moved.box[2:] == (20, 24)
    assert np.linalg.norm(moved.background - np.array((97, 195, 122))) < 5
    assert sprite_distance(right, moved) < 0.05


def test_a_board_narrower_than_the_least_width_is_found_when_the_wider_one_reads_few():
    """Fresh wider real-look 770135 at 2.52x, a tablet's 4:3 screen: the board 50% of the
    screen's width, under ``board_min_width``. The best lattice of that width or more (9%
    too wide) read 72% of its tiles and the one a row down 88%: refused as the board's place
    unsure. The board's own lattice, narrower, fits better and reads every tile: taken."""
    _, text, image, _ = real_screen(135, 770_000, wider=True)
    screen = locate_rescue(image)
    assert abs(screen.lattice.pitch_x - 90.5) < 2 and abs(screen.lattice.x - 296) < 4
    kinds = [["ground" if q == "." else "empty" if q == "-" else "found" for q in line.split()]
             for line in text.splitlines()[3:]]
    seen = [[tile.kind for tile in row] for row in screen.tiles]
    assert sum(a == b for one, two in zip(kinds, seen) for a, b in zip(one, two)) >= 24
    # (Not a lattice of half-size tiles inside a board whose own lattice is found around the
    # best, 500005 at 0.90x: tests/test_disco_zoo_pitch28.py, every tile's kind on its pitch.)


def test_the_rarity_tally_counts_wrong_only_what_the_reader_uses():
    """The measuring script's card rarities: a rarity read wrong under ``RARITY_SURE`` is
    never used by the reader, so it is counted only in the raw figure (760012 at 8.65x: two
    read at 0.13 and 0.16)."""
    from types import SimpleNamespace as Seen

    pairs = [(Seen(rarity="rare"), Seen(rarity="rare", rarity_confidence=0.9)),
             (Seen(rarity="mythical"), Seen(rarity="rare", rarity_confidence=0.16)),
             (Seen(rarity="common"), Seen(rarity="rare", rarity_confidence=RARITY_SURE)),
             (Seen(rarity="common"), Seen(rarity="", rarity_confidence=0.0))]
    assert rarity_tally(pairs) == (1, 1, 2)


def real_look_report(reads: list[RealRead], seed: int,
                     scales: tuple[float, float] = (0.5, 3.0)) -> list[str]:
    """The figures of real-look screens read: tiles, found animals and counters with
    ``--animals``; with no options, read exactly / asked for ``--animals`` / wrong; the cards
    and their box rows read, by scale. The lines of earlier sessions are kept as they were
    (``WRONG animals`` there is :meth:`RealRead.plain_outcome`'s, blind to the region and to
    ground and empty tiles); the ``WRONG`` lines count every kind (:func:`stated_wrong`), of
    both reads, each WRONG read on a line of its own with its reasons."""
    out = []
    kinds = sum([[t.kind for t in row] for row in one.screen.tiles]
                == [["ground" if q == "." else "empty" if q == "-" else "found"
                     for q in line.split()] for line in one.text.splitlines()[3:]]
                for one in reads)
    outcomes = _animal_outcomes((one.seed, one.text, one.read) for one in reads)
    counters = [("exact" if one.read.splitlines()[2] == one.text.splitlines()[2] else "flagged"
                 if any("attempts counter not read" in w for w in one.warnings) else "wrong")
                for one in reads]
    exact = [one.seed for one in reads if one.read != one.text]
    out.append(f"real look, seeds {seed}..{seed + len(reads) - 1}, {scales[0]:g}x-{scales[1]:g}x, "
               f"JPEG 40-95: "
               f"{len(reads)} screens; tile kinds all right on {kinds}")
    out.append(f"  with --animals: whole board text exact on {len(reads) - len(exact)} "
               f"(not: {exact})")
    listed = _listed_unread(reads, outcomes["wrong"])
    stated = [w for w in outcomes["wrong"] if w not in listed]
    out.append(f"    found tiles: {outcomes['exact']} exact, {outcomes['unsure']} unsure, "
               f"{len(stated)} wrong {stated}, {len(listed)} unread {listed}")
    warned = sum(c == "exact" and any("attempts counter" in w for w in one.warnings)
                 for c, one in zip(counters, reads))
    out.append(f"    counters: {counters.count('exact')} exact ({warned} of them with a "
               f"warning to check), {counters.count('flagged')} flagged, "
               f"{counters.count('wrong')} wrong")
    out.extend(_wrong_lines("    ", [(one, one.read_wrong()) for one in reads]))
    plain_exact = [one.seed for one in reads if one.plain == one.text]
    plain_wrong = [one.seed for one in reads if one.plain and one.plain != one.text]
    plain_tiles = _animal_outcomes((one.seed, one.text, one.plain) for one in reads
                                   if one.plain)
    asked = [one.seed for one in reads if one.asked]
    refused = [one.seed for one in reads if one.refused]
    out.append(f"  with no options: read exactly {len(plain_exact)}, asked for --animals "
               f"{len(asked)} {asked[:15]}, refused otherwise {len(refused)} {refused[:10]}, read with some "
               f"difference {len(plain_wrong)} {plain_wrong[:10]} (their found tiles: "
               f"{plain_tiles['exact']} exact, {plain_tiles['unsure']} unsure, "
               f"{len(plain_tiles['wrong'])} wrong)")
    flagged = [one for one in reads if one.plain and _taps(one.plain) != _taps(one.text)
               and any("attempts counter not read" in w for w in one.plain_warnings)]
    among = sum(_taps(one.text)[0] in _taps(one.plain) for one in flagged)
    out.append(f"  no options, every kind of WRONG counted: exact {len(plain_exact)}, asked "
               f"{len(asked)}, " + _wrong_lines("", [(one, one.plain_wrong()) for one in reads])[0]
               + f"; attempts flagged (warned, not WRONG) {len(flagged)}, the truth among "
               f"the counts on {among}")
    out.extend(_wrong_lines("  ", [(one, one.plain_wrong()) for one in reads])[1:])
    for name, low, high in (("all", 0, 99), ("0.5x-0.8x (180-288 px wide)", 0, 0.8),
                            ("0.8x-1.5x (288-540 px)", 0.8, 1.5),
                            ("1.5x-3x (540-1080 px)", 1.5, 3.0),
                            ("3x and up (1080 px and wider)", 3.0, 99)):
        part = [one for one in reads if low <= one.scale < high]
        cpu = sorted(one.cpu for one in part) or [0.0]
        outcomes = [one.plain_outcome() for one in part]
        out.append(f"  no options {name}: {len(part)} screens, read exactly "
                   f"{outcomes.count('exact')}, a tile unsure {outcomes.count('unsure')}, "
                   f"found tiles unread (listed) {outcomes.count('unread')}, "
                   f"asked for --animals {outcomes.count('asked')}, refused otherwise "
                   f"{outcomes.count('refused')}, WRONG animals {outcomes.count('wrong')}, "
                   f"attempts differing {outcomes.count('taps flagged')} flagged + "
                   f"{outcomes.count('taps wrong')} unflagged; CPU per "
                   f"screen (find + read) median {cpu[len(cpu) // 2]:.2f} s, mean "
                   f"{sum(cpu) / len(cpu):.2f} s, max {cpu[-1]:.2f} s")
        pairs = [pair for one in part for pair in one.card_reads()]
        drawn = sum(len(one.shot.extras["cards"]) for one in part)
        row = [seen.boxes for _, seen in pairs]
        boxes = sum(b is not None and b.count == d.boxes for (d, _), b in zip(pairs, row))
        filled = sum(b is not None and b.count == d.boxes and b.filled == d.filled
                     for (d, _), b in zip(pairs, row))
        sure = [(d, b) for (d, _), b in zip(pairs, row) if b is not None and b.confidence >= 0.5]
        sure_wrong = sum(b.count != d.boxes or b.filled != d.filled for d, b in sure)
        # (rows whose count is right and whose fills, of boxes too small to tell a fill
        # from a blend, are not counted on: ``BoxesSeen.found`` is None)
        untold = sum(b.count == d.boxes and b.found is None and b.filled != d.filled
                     for d, b in sure)
        rarity, rarity_wrong, rarity_raw = rarity_tally(pairs)
        out.append(f"  cards {name}: {len(part)} screens, cards found right on "
                   f"{sum(one.cards_right() for one in part)}; of {drawn} cards, box rows "
                   f"read with the right count {boxes} and filled count {filled}; read clearly "
                   f"(confidence 0.5+) {len(sure)}, {sure_wrong} of them wrong ({untold} "
                   f"of those only in fills not counted on); rarity right "
                   f"{rarity}, wrong {rarity_wrong} (read at {RARITY_SURE}+, what the "
                   f"reader uses), wrong at any confidence {rarity_raw}")
    return out


def rarity_tally(pairs) -> tuple[int, int, int]:
    """Of ``(card drawn, card seen)`` pairs: the rarities read right, those read wrong at the
    confidence the reader uses (:data:`~gridsight.games.disco_zoo.settle.RARITY_SURE` or
    more: ``CardClue`` and the box counts take a card's rarity only then), and those read
    wrong at any confidence (the raw figure: big screen 760012 at 8.65x read two rarities
    at 0.13 and 0.16, wrong and never used)."""
    right = sum(seen.rarity == d.rarity for d, seen in pairs)
    raw = [seen for d, seen in pairs if seen.rarity and seen.rarity != d.rarity]
    return right, sum(seen.rarity_confidence >= RARITY_SURE for seen in raw), len(raw)


def _taps(text: str) -> list[str]:
    """A board text's attempts: its taps line's counts (``taps: 18/10``: two)."""
    return _headers(text).get("taps", "").split("/")


def _wrong_lines(indent: str, wrongs) -> list[str]:
    """The tally of :func:`stated_wrong` over ``(read, its reasons)``: a line counting the
    WRONG reads, by rule (a read may break more than one), then a line for each."""
    bad = [(one, why) for one, why in wrongs if why]
    rules = ", ".join(f"{rule} {sum(any(w.startswith(rule) for w in why) for _, why in bad)}"
                      for rule in WRONG_RULES)
    out = [f"{indent}WRONG {len(bad)} (stated false with no warning; by rule: {rules})"]
    out += [f"{indent}  seed {one.seed} ({one.scale:.2f}x) WRONG: {'; '.join(why)}"
            for one, why in bad]
    return out


def _measure(argv: list[str] | None = None) -> None:
    """The figures of the issue's bar on fresh held-out seeds (nothing tuned on them):
    ``python tests/test_disco_zoo_screens.py --seed 50000 --screens 400 --old 100``."""
    import argparse
    import os
    import time
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial
    from multiprocessing import get_context

    parser = argparse.ArgumentParser(description=_measure.__doc__)
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--screens", type=int, default=240)
    parser.add_argument("--old", type=int, default=60)
    parser.add_argument("--workers", type=int, default=min(os.cpu_count() or 1, 2))
    parser.add_argument("--scales", nargs=2, type=float, default=(0.5, 3.0),
                        metavar=("LOW", "HIGH"), help="the range of the screens' scales")
    parser.add_argument("--wider", action="store_true",
                        help="draw the real-look screens in the opt-in family of looks drawn "
                             "wider still (kit.skins.disco_zoo_real.wider_look)")
    parser.add_argument("--widest", nargs="?", const="all", default="", metavar="PROPS",
                        help="draw them in the opt-in widest family: the wider looks with "
                             "every property issue 18 leaves open drawn wider again, or only "
                             "PROPS (names joined by commas, kit.skins.disco_zoo_widest."
                             "PROPERTIES)")
    options = parser.parse_args(argv)
    unknown = [n for n in options.widest.split(",") if options.widest not in ("", "all")
               and n not in WIDEST]
    if unknown:
        parser.error(f"unknown --widest properties: {', '.join(unknown)} "
                     f"(known: {', '.join(WIDEST)})")
    start = time.perf_counter()
    with ProcessPoolExecutor(options.workers, mp_context=get_context("spawn")) as pool:
        found = list(pool.map(partial(_real_read_or_none, base=options.seed,
                                      scales=tuple(options.scales), wider=options.wider,
                                      widest=options.widest),
                              range(options.screens), chunksize=4))
        olds = list(pool.map(partial(_old_read, base=options.seed), range(options.old),
                             chunksize=4))
    elapsed = time.perf_counter() - start
    reads = [read for read in found if read is not None]
    for line in real_look_report(reads, options.seed, tuple(options.scales)):
        print(line)
    if len(reads) < len(found):
        lost = [options.seed + k for k, read in enumerate(found) if read is None]
        print(f"board not found or read refused (not in the figures above): {len(lost)}: "
              + " ".join(map(str, lost)))
    old_exact = sum(r.text == text for _, text, r, _ in olds)
    old_tiles = sum(r.text.splitlines()[3:] == text.splitlines()[3:] for _, text, r, _ in olds)
    old_flagged = sum(r.text.splitlines()[2] != text.splitlines()[2] and bool(r.warnings)
                      for _, text, r, _ in olds)
    print(f"shipped skin: {len(olds)} screens; tiles and animals exact on {old_tiles}; whole "
          f"text exact on {old_exact}; counter flagged on {old_flagged}")
    print(f"{elapsed:.0f} s with {options.workers} worker(s)")


if __name__ == "__main__":  # python tests/test_disco_zoo_screens.py: the figures of the docs
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    _measure()
