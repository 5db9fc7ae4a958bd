"""Small card names read by the screen's own glyphs: a calibration whose tails overlap
(:meth:`gridsight.vision.cipher.Cipher._calibrate`) and a hyphen lost to its gap
(:func:`gridsight.games.disco_zoo.names.card_texts`)."""

from __future__ import annotations

from gridsight.games.disco_zoo import names
from gridsight.games.disco_zoo.screen import locate_rescue
from gridsight.vision.cipher import Cipher
from test_cipher_memory import _draw
from test_disco_zoo_screens import read_plainly, real_screen


def _read(k: int, base: int, scales: tuple[float, float], monkeypatch):
    """Screen ``base + k`` as the screens test draws it, read with no options by the
    screen's own glyphs alone (no OCR engine, installed or not)."""
    monkeypatch.setenv("GRIDSIGHT_OCR", "off")
    _, text, image, _ = real_screen(k, base, scales)
    screen = locate_rescue(image)
    return text, read_plainly(screen, screen.board_read("disco-zoo/structure"), image)


class _Distances(Cipher):
    """A cipher whose glyph distances are given by the characters they were drawn as: one
    character's glyphs 0.04 apart but for one pair (0.3), two characters' 0.2 apart but
    for one pair (0.02): the tails of the two kinds overlap."""

    def distance(self, a, b) -> float:
        chars = {id(g): ch for g, ch in self.labelled}
        x, y = chars[id(a)], chars[id(b)]
        if x == y:
            return 0.3 if {x, y} == {"A"} and a is not self.labelled[0][0] and \
                b is not self.labelled[0][0] else 0.04
        return 0.02 if {x, y} == {"B", "D"} else 0.2


def test_a_calibration_whose_tails_overlap_falls_back_on_its_pairs_middles():
    cipher = _Distances([(_draw("ABCD"), "ABCD"), (_draw("BAD"), "BAD"), (_draw("DAB"), "DAB"),
                         (_draw("CAB"), "CAB")])
    cal = cipher.calibration
    # (the 0.9 quantile of one character's pairs, 0.3, is above the 0.1 quantile of two
    # characters', 0.02: the scale would fall to its floor; the middles part them)
    assert cal.same < cal.apart
    assert cal.same <= 0.04 + 1e-9 and cal.apart >= 0.2 - 1e-9


def test_a_name_whose_hyphen_is_lost_is_read_as_two_words():
    texts = names.card_texts(None, 100)
    assert texts["T REX"] == ("T-REX",) and texts["T-REX"] == ("T-REX",)


def test_small_names_on_a_blurred_screen_are_read(monkeypatch):
    """1.4x screen 930052: 10-pixel names under 12-pixel ``YOU HAVE`` lines whose ``O``,
    ``U`` and ``V`` all but blur into one, so that the same-letter and other-letter
    distances' tails overlapped (0.142 both), every reading cost the most and the animals
    were asked; ``T-REX`` lost its hyphen (``T``, ``REX``). Both read now."""
    text, (plain, _, asked, _) = _read(52, 930_000, (1.0, 9.0), monkeypatch)
    assert not asked, asked
    assert plain == text
