"""Disco Zoo names read by an OCR engine (the ``ocr`` extra): the snap to the catalogue, the
engine on real-look lines, and the reader taking the engine's names only when they agree.

The engine's own tests are skipped when the extra (``rapidocr`` with ``onnxruntime``) is not
installed; the snap and the agreement rules are tested always (the engine's reading stood in
for by a function giving names)."""

from __future__ import annotations

import importlib.util
import re

import cv2
import numpy as np
import pytest

from gridsight.games.disco_zoo import names as glyph_names
from gridsight.games.disco_zoo import ocr_names
from gridsight.games.disco_zoo.names import CardName, ScreenText
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.games.disco_zoo.screen_text import read_screen
from gridsight.games.disco_zoo.names import _region_animals
from gridsight.games.disco_zoo.snap import ALIKE_COST, SMALL_COST, distance, letters, snap
from gridsight.readers.base import ReadError, ReadHints
from kit.ocr_standin import engine_says
from kit.rescues import random_rescue_board
from kit.skins import disco_zoo_real as real
from sample_sizes import FULL_SAMPLES

INSTALLED = all(importlib.util.find_spec(m) is not None for m in ("rapidocr", "onnxruntime"))
needs_engine = pytest.mark.skipif(not INSTALLED, reason="the ocr extra is not installed")

JUNGLE = {"GORILLA": "Gorilla", "PANDA": "Panda", "TIGER": "Tiger", "LEMUR": "Lemur",
          "TOUCAN": "Toucan", "SLOTH": "Sloth", "CROCODILE": "Crocodile", "CAT": "Cat",
          "DOG": "Dog"}
REGIONS = glyph_names._vocabulary()[0]
ICE_AGE, NORTHERN, CONSTELLATION = ({w: a.name for w, a in _region_animals(r).items()}
                                    for r in ("Ice Age", "Northern", "Constellation"))


# -- the snap ---------------------------------------------------------------------------------


def test_a_text_snaps_to_the_nearest_name_only_when_clearly_nearest():
    assert snap(["G0RILIA"], JUNGLE).name == "Gorilla"  # 0 as O, one letter wrong
    assert snap(["PANDA"], JUNGLE).name == "Panda"
    assert snap(["XQZW"], JUNGLE).name is None  # near nothing
    assert snap(["DAT"], JUNGLE).name is None  # as near Cat as Dog
    assert snap([""], JUNGLE).name is None
    assert snap([], JUNGLE).name is None


def test_the_ways_of_a_line_must_agree_and_small_letters_cost_a_little():
    assert snap(["TIGER", ""], JUNGLE).name == "Tiger"  # one way read nothing
    assert snap(["TIGER", "PANDA"], JUNGLE).name is None  # two ways, two names
    assert snap(["FOx", "roc"], NORTHERN).name == "Fox"  # the other way near nothing
    assert letters("d0g") == "?DO?G"
    assert distance(letters("d0g"), "DOG") == 2 * SMALL_COST
    assert snap(["d0g"], JUNGLE).name == "Dog"
    assert snap(["dat"], JUNGLE).name is None  # as near Cat as Dog


def test_capitals_a_pixel_font_draws_alike_cost_half_an_edit():
    assert distance("GIHMISLUIH", "GIANTSLOTH") == 5 * ALIKE_COST  # A/H N/M T/I O/U T/I
    assert distance("GXANTSLOTH", "GIANTSLOTH") == 1  # X and I: not alike
    # Pixel-font misreads seen on real-look screens, snapped among their region's animals.
    assert snap(["GIHMI SLUIH"], ICE_AGE).name == "Giant Sloth"
    assert snap(["LUHVUS"], CONSTELLATION).name == "Corvus"
    assert snap(["snsounTCH", "302009"], NORTHERN).name == "Sasquatch"
    # ... but a text as near two names still names neither, alike letters or not.
    assert snap(["WOOLY MHMMOIH"], ICE_AGE).name == "Wooly Mammoth"
    assert snap(["WOOLY"], ICE_AGE).name is None  # Wooly Rhino or Wooly Mammoth
    assert snap(["HL+5US"], CONSTELLATION).name is None  # Pisces or Fish


def test_a_text_within_one_look_alike_of_a_name_needs_a_narrower_margin():
    mountain = {w: a.name for w, a in _region_animals("Mountain").items()}
    assert snap(["GOAT"], mountain).name == "Goat"  # Cat: 1.5 edits (G/C alike, O)
    assert snap(["FARH"], REGIONS).name == "Farm"  # H/M alike; Mars 2 edits
    assert snap(["CAT"], {"CAT": "Cat", "BAT": "Bat"}).name is None  # Bat one edit away
    assert snap(["GOAK"], mountain).name is None  # a plain edit off: the full margin


def test_a_three_letter_name_snaps_only_within_a_look_alike():
    """One plain edit is a third of a three-letter name: "2A7" (Z, A, T), read off a card's
    YOU HAVE line at 0.66x (screen 800010), named the pet Cat among the Otter card's few
    animals. A look-alike capital or small letters still count."""
    pets = {"CAT": "Cat", "OTTER": "Otter", "TURTLE": "Turtle", "FISH": "Fish"}
    assert snap(["2A7"], pets).name is None
    assert snap(["ZAT"], pets).name is None
    assert snap(["C4T"], pets).name == "Cat"  # 4 as A
    assert snap(["CAt"], pets).name == "Cat"  # a small letter
    assert snap(["GAT"], pets).name == "Cat"  # G and C drawn alike
    assert snap(["OTTEK"], pets).name == "Otter"  # a plain edit of five letters


def test_a_name_cut_short_on_a_narrow_card_snaps_by_its_first_letters():
    assert snap(["CROCO"], JUNGLE).name is None  # not near the whole name
    assert snap(["CROCO"], JUNGLE, cut=True).name == "Crocodile"


# -- the reader's rules, the engine stood in for ------------------------------------------------


def _screen(seed: int, region: str = "Jungle", scale: float = 2.0):
    rng = np.random.default_rng(seed)
    board = random_rescue_board(rng, max_taps=10, region=region)
    shot = real.render([list(row) for row in board.labels],
                       animals=[(a.name, a.rarity) for a in board.animals],
                       attempts=board.attempts, region=board.region, seed=seed)
    image = cv2.resize(shot.image, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
    return image, board


def _blind(monkeypatch):
    """The screen's own glyphs read nothing (their lines still found): the names must come
    from the boxes, the board and the engine."""
    real_words = glyph_names.screen_words

    def blind(*args, **kwargs):
        read = real_words(*args, **kwargs)
        return ScreenText(None, (), tuple(CardName(None, ()) for _ in read.cards), read.labels,
                          read.separation, read.lines)

    monkeypatch.setattr(glyph_names, "screen_words", blind)


@pytest.fixture(scope="module")
def open_screen():
    """A screen of two or more cards whose boxes and board alone leave the names open (the
    glyphs blind, no engine): (image, the rescue drawn, the screen found)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ocr_names.SWITCH, "off")
        _blind(patch)
        for seed in range(40):
            image, board = _screen(900 + seed)
            if len(board.animals) < 2:
                continue
            screen = locate_rescue(image)
            if len(screen.cards) != len(board.animals):
                continue
            try:
                read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                            image=image)
            except ReadError as error:
                if "--animals" in str(error):
                    return image, board, screen
    raise AssertionError("no screen left open by the boxes")


def test_the_engines_names_settle_a_screen_when_they_fit_the_boxes_and_the_board(
        monkeypatch, open_screen):
    monkeypatch.setenv(ocr_names.SWITCH, "off")
    _blind(monkeypatch)
    image, board, screen = open_screen
    engine_says(monkeypatch, board.region, [a.name for a in board.animals])
    reading = read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                          image=image)
    assert reading.text == board.text
    assert any("OCR" in note for note in reading.notes)


def test_names_that_do_not_fit_the_boxes_or_the_glyphs_are_not_taken(monkeypatch,
                                                                      open_screen):
    monkeypatch.setenv(ocr_names.SWITCH, "off")
    _blind(monkeypatch)
    image, board, screen = open_screen
    truth = [a.name for a in board.animals]
    # The engine names a card an animal of another region: no choice stands, the reader asks.
    engine_says(monkeypatch, None, ["Unicorn"] + truth[1:])
    with pytest.raises(ReadError, match="--animals"):
        read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(), image=image)
    # The engine's region disagrees with the player's: not taken.
    other = "Farm" if board.region != "Farm" else "Polar"
    engine_says(monkeypatch, other, truth)
    with pytest.raises(ReadError, match="--animals"):
        read_screen(screen, screen.board_read("disco-zoo/structure"),
                    ReadHints(region=board.region), image=image)


def test_without_an_engine_the_reader_is_as_before(monkeypatch):
    monkeypatch.setenv(ocr_names.SWITCH, "off")
    assert not ocr_names.available()
    image, _ = _screen(901)
    screen = locate_rescue(image)
    assert ocr_names.read_ocr_names(image, {}, screen.cards) is None


# -- the engine itself -------------------------------------------------------------------------


@needs_engine
def test_the_engine_is_found_when_the_extra_is_installed(monkeypatch):
    monkeypatch.delenv(ocr_names.SWITCH, raising=False)
    assert ocr_names.available()  # the model is where the wheel puts it


@needs_engine
def test_the_engine_reads_real_look_names_and_regions_never_wrong(monkeypatch):
    """Screens of the real look at 1.5x (letters about 10 to 20 pixels), nearest: most
    cards and regions named (measured 18 of 19 names, 7 of 8 regions; the 28th session: 19
    of 19, 8 of 8), none wrong. The everyday suite reads 2000-2002 and 2005 (all 8 till the
    28th session; ``bench/disco_zoo_ocr.py`` measures the engine over many screens): with
    every text snapped to its nearest name, near or not, 2005's MUSKOX is read Dog, and
    none of the others is misread."""
    monkeypatch.delenv(ocr_names.SWITCH, raising=False)
    right = wrong = regions = 0
    cards = 0
    seeds = range(8) if FULL_SAMPLES else (0, 1, 2, 5)
    screens = len(seeds)
    for seed in seeds:
        image, board = _screen(2_000 + seed, region=None, scale=1.5)  # type: ignore[arg-type]
        screen = locate_rescue(image)
        top = min([c.panel.box[1] for c in screen.cards] + [int(screen.lattice.y)])
        texts = [glyph_names.CardText(tuple(int(v) for v in c.panel.box)) for c in screen.cards]
        lines = glyph_names.read_names(image, texts, top).lines
        read = ocr_names.read_ocr_names(image, lines, screen.cards)
        assert read is not None
        regions += read.region == board.region
        wrong += read.region not in (None, board.region)
        if len(screen.cards) == len(board.animals):
            cards += len(board.animals)
            for name, animal in zip(read.cards, board.animals):
                right += name == animal.name
                wrong += name not in (None, animal.name)
    assert wrong == 0
    assert regions >= 0.75 * screens and right >= 0.7 * cards, (regions, right, cards)


def _engine_reads(monkeypatch, *cards: str):
    """The engine stood in for: card k's name line reads ``cards[k]``."""
    texts = iter([([text], False) for text in cards])
    monkeypatch.setattr(ocr_names, "_reader", lambda: type("Reader", (), {"name": "stand-in"})())
    monkeypatch.setattr(ocr_names, "_card_texts", lambda reader, image, card, line: next(texts))
    return ocr_names.read_ocr_names(np.zeros((8, 8, 3), np.uint8), {}, [None] * len(cards))


def test_a_card_of_one_region_narrows_the_other_cards_names(monkeypatch):
    # MANKEY is as near Monkey as Moonkey among every animal, but only Monkey is the Jungle's
    # (Gorilla's region), so it is named; a pet tells no region, so it narrows nothing.
    assert _engine_reads(monkeypatch, "MANKEY").cards == (None,)
    assert _engine_reads(monkeypatch, "GORILLA", "MANKEY").cards == ("Gorilla", "Monkey")
    assert _engine_reads(monkeypatch, "HAMSTER", "MANKEY").cards == ("Hamster", None)


@needs_engine
def test_a_model_that_does_not_load_leaves_the_reader_as_without_the_extra(monkeypatch,
                                                                           tmp_path):
    from gridsight.vision import ocr

    broken = tmp_path / "broken.onnx"
    broken.write_bytes(b"not a model")
    monkeypatch.setattr(ocr, "_model", lambda name: str(broken))
    ocr.engine.cache_clear()
    try:
        with pytest.warns(RuntimeWarning, match="does not load"):
            assert ocr.engine("ppocr-v6") is None
    finally:
        ocr.engine.cache_clear()


# -- the card's own text lines, for the engine ---------------------------------------------------


def test_a_cards_text_lines_above_its_box_row_hold_its_name():
    """On real-look screens at 2x (nearest) each card's panel lines, lowest first, are its
    ``YOU HAVE n`` line and then its name line (the skin's true name box), never the sprite."""
    checked = 0
    for seed in range(3):
        rng = np.random.default_rng(3_000 + seed)
        board = random_rescue_board(rng, max_taps=10, region="Jungle")
        shot = real.render([list(row) for row in board.labels],
                           animals=[(a.name, a.rarity) for a in board.animals],
                           attempts=board.attempts, region=board.region, seed=3_000 + seed)
        image = cv2.resize(shot.image, None, fx=2, fy=2, interpolation=cv2.INTER_NEAREST)
        screen = locate_rescue(image)
        assert len(screen.cards) == len(shot.extras["cards"])
        for card, drawn in zip(screen.cards, shot.extras["cards"]):
            lines = ocr_names.panel_lines(image, card)
            assert len(lines) >= 2
            (have, _), (name, _) = lines[:2]
            nx, ny, nw, nh = (2 * v for v in drawn.name_box)
            assert abs(name[1] - ny) <= 3 and abs(name[1] + name[3] - (ny + nh)) <= 3
            assert have[1] >= name[1] + name[3]  # under the name
            assert name[0] <= nx and name[0] + name[2] >= nx + nw  # the whole name across
            checked += 1
    assert checked >= 3


def _stand_in_lines(monkeypatch, reads: dict, lines: list):
    """The engine stood in for: a box reads ``reads[box]``; the card's panel lines are
    ``lines``; the card's found line and own box are the first of ``reads``."""
    monkeypatch.setattr(ocr_names, "_reader", lambda: type("Reader", (), {"name": "stand-in"})())
    monkeypatch.setattr(ocr_names, "_crop", lambda image, box: tuple(box))
    monkeypatch.setattr(ocr_names, "_read", lambda reader, crop: reads.get(crop, ()))
    monkeypatch.setattr(ocr_names, "panel_lines", lambda image, card: [(b, False) for b in lines])
    found = type("Line", (), {"box": (0, 0, 50, 10)})()
    card = type("Card", (), {"panel": type("P", (), {"box": (0, 0, 100, 100)})(),
                             "name_box": None})()
    return ocr_names.read_ocr_names(np.zeros((8, 8, 3), np.uint8), {"names": [found]}, [card],
                                    "Jungle").cards[0]


def test_where_the_name_line_reads_no_name_the_one_panel_line_naming_an_animal_counts(
        monkeypatch):
    found, have, name, sprite = (0, 0, 50, 10), (0, 60, 90, 8), (0, 45, 90, 12), (0, 5, 90, 9)
    # The line found was "YOU HAVE n": the panel's lines are read, "YOU HAVE" never a name.
    reads = {found: ("YOU HAVE 6",), have: ("YOU HAVE 6", "Y0U HAVE"), name: ("PANDA", "")}
    assert _stand_in_lines(monkeypatch, reads, [have, name, sprite]) == "Panda"
    # Two lines naming two animals: neither counts.
    reads[sprite] = ("TIGER",)
    assert _stand_in_lines(monkeypatch, reads, [have, name, sprite]) is None
    # The line found names the animal: the panel's lines are not read.
    reads[found] = ("GORILLA",)
    assert _stand_in_lines(monkeypatch, reads, [have, name, sprite]) == "Gorilla"


def _glyphs_say(monkeypatch, region, first):
    """The screen's glyphs stood in for: the region ``region`` (``None``: not settled) and
    the first card named ``first``, the other cards unread (their lines still found)."""
    real_words = glyph_names.screen_words

    def misread(*args, **kwargs):
        read = real_words(*args, **kwargs)
        cards = [CardName(first, (first,))] + [CardName(None, ()) for _ in read.cards[1:]]
        return ScreenText(region, (region,) if region else ("Moon",), tuple(cards),
                          read.labels, read.separation, read.lines)

    monkeypatch.setattr(glyph_names, "screen_words", misread)


def test_the_engines_whole_reading_outweighs_glyphs_that_settled_no_region(monkeypatch,
                                                                           open_screen):
    monkeypatch.setenv(ocr_names.SWITCH, "off")
    image, board, screen = open_screen
    truth = [a.name for a in board.animals]
    # The glyphs name the first card an animal of another region and settle no region; the
    # engine reads the region and every card: its reading stands, checked by the boxes.
    _glyphs_say(monkeypatch, None, "Jade Rabbit")
    engine_says(monkeypatch, board.region, truth)
    reading = read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                          image=image)
    assert reading.text == board.text
    # ... but not a card short of every card: the disagreement leaves it unread.
    engine_says(monkeypatch, board.region, [None] + truth[1:])
    with pytest.raises(ReadError, match="--animals"):
        read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(), image=image)
    # ... nor against a region the glyphs settled.
    other = "Moon" if board.region != "Moon" else "Farm"
    _glyphs_say(monkeypatch, other, "Jade Rabbit" if other == "Moon" else "Cow")
    engine_says(monkeypatch, board.region, truth)
    with pytest.raises(ReadError, match="--animals"):
        read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(), image=image)


def test_two_text_lines_run_together_are_split_at_their_waist():
    panel = (90, 120, 60)
    image = np.full((40, 60, 3), panel, np.uint8)
    image[5:14, 5:55:2] = 250  # a line of letters
    image[14, 30] = 250  # a blurred gap: one pixel of ink
    image[15:22, 8:50:2] = 250  # the line under it
    inner = (0, 0, 60, 40)
    assert ocr_names._halves(image, inner, panel, 5, 22) == [(15, 22), (5, 14)]
    image[14, 5:55] = 250  # no waist: one line
    assert ocr_names._halves(image, inner, panel, 5, 22) == []


def test_names_the_engine_read_narrow_the_request_when_they_do_not_settle_it(monkeypatch,
                                                                            open_screen):
    """The engine reads one card clearly and not the others (900020, a Farm screen at 1.6x:
    PIG read, COW read as CON and COM): no choice settled, and the player is asked to choose
    among the choices the boxes and the board leave with the name read, that card given its
    one name, not among all the boxes and the board leave."""
    monkeypatch.setenv(ocr_names.SWITCH, "off")
    _blind(monkeypatch)
    image, board, screen = open_screen
    with pytest.raises(ReadError) as blind:
        read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(), image=image)
    # Each card named alone in turn: one that leaves choices (naming some settles all).
    for k, animal in enumerate(board.animals):
        said = [None] * len(board.animals)
        said[k] = animal.name
        engine_says(monkeypatch, None, said)
        try:
            read_screen(screen, screen.board_read("disco-zoo/structure"), ReadHints(),
                        image=image)
        except ReadError as error:
            narrowed = str(error)
            break
    else:
        raise AssertionError("every card named alone settles the screen: " + str(blind.value))
    choices = [int(re.search(r"leave (\d+) choices", text).group(1))
               for text in (str(blind.value), narrowed)]
    assert f"card {k + 1}: {animal.name}" in narrowed and choices[1] < choices[0], \
        (str(blind.value), narrowed)


def test_the_request_for_animals_says_how_to_install_the_ocr_extra_when_it_is_missing(
        monkeypatch):
    """Without an OCR engine the request names the install command (measured: with the extra,
    59 of 60 fresh screens at phone sizes read exactly, 50 without it); with the engine
    installed, or switched off on purpose, it says nothing of it."""
    from gridsight.games.disco_zoo import screen_text

    real_find = importlib.util.find_spec
    monkeypatch.delenv(ocr_names.SWITCH, raising=False)
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "onnxruntime" else real_find(name, *a))
    assert "pip install 'gridsight[ocr]'" in screen_text._ocr_hint()
    monkeypatch.setenv(ocr_names.SWITCH, "off")
    assert screen_text._ocr_hint() == ""
    monkeypatch.delenv(ocr_names.SWITCH)
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object())
    assert screen_text._ocr_hint() == ""
