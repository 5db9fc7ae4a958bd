"""A card's name told by its length among the animals its boxes and the board leave
(:mod:`gridsight.games.disco_zoo.lengths`), and the guard that keeps it from naming a rescue
whose other card's clue is misread."""

from __future__ import annotations

from gridsight.games.disco_zoo import names
from gridsight.games.disco_zoo.lengths import fits_name
from gridsight.games.disco_zoo.screen import locate_rescue
from test_disco_zoo_screens import read_plainly, real_screen


def _read(k: int, base: int, scales: tuple[float, float]):
    _, text, image, _ = real_screen(k, base, scales)
    screen = locate_rescue(image)
    board = screen.board_read("disco-zoo/structure")
    return text, screen, image, read_plainly(screen, board, image)


def test_a_short_name_of_letters_no_label_shows_is_told_by_its_length():
    """A Farm card of three rare boxes is a Horse or a Cow; ``COW`` shows one letter a
    label vouches for (its ``O``), so its shapes settle nothing, but its three glyphs are
    no ``HORSE`` (1x screen 930030 asked for the animals)."""
    text, _, _, (plain, _, asked, _) = _read(30, 930_000, (1.0, 9.0))
    assert not asked, asked
    assert plain == text


def test_a_name_told_by_length_is_not_taken_when_another_card_reads_as_a_forbidden_name():
    """1.7x screen 7079: a Pig card (``PIG``, three glyphs among Sheep, Pig and Rabbit) beside
    a Chicken card whose tint read as mythical, which in the Farm leaves the Unicorn alone.
    Its line reads plainly ``CHICKEN``, a name its clues forbid: a clue is misread, so the
    length of ``PIG`` must not settle the rescue (it would read a Unicorn)."""
    text, screen, image, (plain, _, asked, _) = _read(79, 7_000, (0.5, 3.0))
    words = names.screen_words(image, screen.cards, screen.lattice.y, sure=True)
    assert words.cards[2].unlike and not words.cards[0].unlike
    assert plain in ("", text)
    assert asked


def test_a_line_fits_a_name_word_for_word_or_cut_when_it_fills_the_card():
    def line(words: tuple[int, ...], width: int) -> names.TextLine:
        glyphs = tuple(range(sum(words)))  # only counted here
        return names.TextLine(glyphs, words, (0, 0, width, 10), 10.0,  # type: ignore[arg-type]
                              (0.0, 0.0, 0.0))

    assert fits_name(line((5,), 50), "Horse", 200) and not fits_name(line((5,), 50), "Cow", 200)
    assert fits_name(line((5, 4), 90), "Polar Bear", 200)
    assert not fits_name(line((5,), 50), "Penguin", 200)
    assert fits_name(line((5,), 190), "Penguin", 200)  # as wide as the card: maybe cut short
