"""Bad input a hostile hour met (session 39, s39user's "Left alone"), each refused or warned of
in words: an empty animal name, animals of another region than the title reads, a count of
games past all use, corners that are not numbers, a board too large to bound, a picture given
as its file's bytes.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pytest

from gridsight import api
from gridsight.calibration import CalibrationError, _check_corners
from gridsight.games.arguments import MAX_GAMES, MAX_JOBS, games_count, jobs_count
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.minesweeper.state import parse_state
from gridsight.vision.pit.calibrate import PitCalibrationError
from gridsight.vision.pit.calibrate import _check_corners as pit_corners

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "screenshots"
JUNGLE = EXAMPLES / "disco-zoo-jungle.png"  # (drawn by our skin: its top bar reads Jungle)
REAL_LOOK = EXAMPLES / "disco-zoo-real-look.png"  # (a Jungle rescue of the real game's look)


# -- Disco Zoo's --animals ------------------------------------------------------------------


@pytest.mark.parametrize("names, which", [("Cow,,Pig", 2), ("Cow,Pig,", 3), (", Cow", 1)])
def test_an_empty_animal_name_is_refused_in_words(run_cli, names, which):
    """``Cow,,Pig`` was read as Cow, Pig: a name left out said nothing."""
    code, out, err = run_cli("analyze", str(JUNGLE), "--animals", names)
    assert code == 2 and not out
    assert f"--animals: name {which} of '{names}' is empty" in err, err


def test_an_empty_animal_name_in_the_library_hint_is_an_input_error():
    with pytest.raises(api.InputError, match="name 2 of .* is empty"):
        api.read(np.zeros((8, 8, 3), np.uint8), "disco-zoo",
                 hints={"animals": ("Cow", "", "Pig")})


def _title_warnings(reading: api.Reading) -> list[str]:
    return [w for w in reading.warnings if "title reads" in w]


def test_animals_of_another_region_than_the_top_bar_are_warned_of_and_kept():
    """Our skin's screen: its top bar reads Jungle; Farm animals given are read as given (the
    hint is the player's word), with a warning naming the region read."""
    reading = api.read(str(JUNGLE), "disco-zoo", hints={"animals": "Cow,Pig"})
    assert reading.board.splitlines()[:2] == ["region: Farm", "animals: Cow, Pig"]
    warned = _title_warnings(reading)
    assert len(warned) == 1 and "reads Jungle" in warned[0] and "(Cow, Pig) are Farm's" in warned[0]
    right = api.read(str(JUNGLE), "disco-zoo", hints={"animals": "Gorilla,Panda,Tiger"})
    assert not _title_warnings(right)


def test_animals_of_another_region_than_a_real_look_title_are_warned_of():
    """The real game's look (found by its lattice, 0.6x to keep it cheap): the title read
    clearly as Jungle, Farm animals given."""
    import cv2

    image = cv2.resize(cv2.imread(str(REAL_LOOK)), None, fx=0.6, fy=0.6,
                       interpolation=cv2.INTER_AREA)
    reading = api.read(image, "disco-zoo", hints={"animals": "Cow,Pig,Chicken"})
    assert reading.board.splitlines()[1] == "animals: Cow, Pig, Chicken"
    warned = _title_warnings(reading)
    assert len(warned) == 1 and "reads Jungle" in warned[0] and "are Farm's" in warned[0]


# -- simulate's counts ----------------------------------------------------------------------


@pytest.mark.parametrize("game, option, value, said", [
    ("minesweeper", "--games", "99999999999999999", "at most 100000 games"),
    ("disco-zoo", "--games", "100001", "at most 100000 games"),
    ("thrill-digger", "--games", "100001", "at most 100000 games"),
    ("minesweeper", "--jobs", "100000", "at most 256 (one process each"),
    ("thrill-digger", "--jobs", "257", "at most 256 (one process each"),
])
def test_simulate_counts_have_an_upper_bound_with_its_reason(run_cli, game, option, value, said):
    """``--games 99999999999999999`` ran until interrupted; ``--jobs N`` forked N workers."""
    code, out, err = run_cli("simulate", game, option, value)
    assert code == 2 and not out
    assert f"{option}: {said}" in err, err
    if option == "--games":
        assert "standard error" in err and "memory" in err


def test_the_bounds_themselves_are_allowed():
    """(Checked here too: with a bound gone, the command's tests above would run for hours or
    fork thousands of processes.)"""
    assert games_count(str(MAX_GAMES)) == MAX_GAMES
    assert jobs_count(str(MAX_JOBS)) == MAX_JOBS
    for parse, most in ((games_count, MAX_GAMES), (jobs_count, MAX_JOBS)):
        with pytest.raises(argparse.ArgumentTypeError, match=f"at most {most}"):
            parse(str(most + 1))


# -- calibrate's corners --------------------------------------------------------------------


@pytest.mark.parametrize("corners, said", [
    ("nan,0,100,0,100,100,0,100", "corner 1 (nan, 0): nan is not a number"),
    ("0,0,100,0,100,inf,0,100", "corner 3 (100, inf): inf is not a finite number"),
])
def test_corners_that_are_not_numbers_are_said_so(run_cli, tmp_path, corners, said):
    """They were "corner 1 (nan, 0) is outside the image"."""
    code, _, err = run_cli("calibrate", "tile-path", str(tmp_path / "shot.png"),
                           "--corners", corners)
    assert code == 2 and said in err and "outside" not in err, err


def test_every_corner_check_says_not_a_number():
    """The checks behind the option (a library caller's corners) say it too."""
    nan = float("nan")
    with pytest.raises(CalibrationError, match=r"corner 2 \(nan, 5\): nan is not a number"):
        _check_corners([(0, 0), (nan, 5), (50, 50), (0, 50)], (100, 100, 3))
    with pytest.raises(PitCalibrationError, match="top-right corner hole .*-inf is not a finite"):
        pit_corners([(0, 0), (float("-inf"), 5), (50, 50), (0, 50)], (100, 100, 3))


# -- the library's boards and pictures ------------------------------------------------------


@pytest.mark.parametrize("game, board, name", [
    ("minesweeper", "mines: 1\n" + ". " * 40_001 + "\n", "a Minesweeper board"),
    ("pentomino", "pieces: I\n" + "\n".join(["# " * 201] * 200) + "\n", "a pentomino board"),
])
def test_a_board_past_its_games_cells_bound_is_an_input_error(game, board, name):
    """A 10-million-cell Minesweeper board ran 120 s and took 2.7 GB under the library."""
    with pytest.raises(api.BoardFormatError) as refused:
        api.solve(game, board)
    assert isinstance(refused.value, api.InputError)
    assert f"cells, more than the 40,000 {name} may have" in str(refused.value)


def test_a_minesweeper_board_of_the_bound_is_read():
    state = parse_state(parse_boards("mines: 1\n" + "\n".join([". " * 200] * 200) + "\n")[0])
    assert (state.rows, state.cols) == (200, 200)


def test_a_picture_given_as_its_files_bytes_is_read_as_the_file():
    """``api.read(b"...")`` took the bytes as a path ("no such file")."""
    data = JUNGLE.read_bytes()
    by_path = api.read(str(JUNGLE), "disco-zoo")
    assert api.read(data, "disco-zoo").board == by_path.board
    assert api.read(bytearray(data), "disco-zoo").board == by_path.board
    with pytest.raises(api.VisionInputError, match="more than the limit of 10; raise it with "
                       "max_pixels=N"):
        api.read(data, "disco-zoo", max_pixels=10)
    with pytest.raises(api.VisionInputError, match="these bytes name a file.*as a str or a Path"):
        api.read(str(JUNGLE).encode(), "disco-zoo")
    with pytest.raises(api.VisionInputError, match="truncated"):
        api.read(data[:200], "disco-zoo")


def test_the_title_checked_against_the_animals_is_read_once_while_the_cards_stay_the_same(
        monkeypatch):
    """A live loop given ``--animals`` read the title bar on every frame (its counter and a
    phone's clock change it): the region read is kept while the cards' pictures are the
    same; a title not read is read again once its own pixels change."""
    from gridsight.games.disco_zoo import given
    from gridsight.memo import ReadMemo

    with ReadMemo():  # a live loop's session (tests/test_library_memo.py)
        reads: list[int] = []

        def read(image, top, answer="Jungle"):
            reads.append(int(image[0, 0, 0]))
            return answer

        frame = np.zeros((40, 30, 3), np.uint8)
        card = [(2, 20, 10, 10)]
        frame[20:30, 2:12] = 200  # the card's picture
        for counter in (7, 6, 5):  # the title bar's counter ticks down
            frame[0, 0] = counter
            assert given.title_read(frame, 35, card, read) == "Jungle"
        assert reads == [7]
        frame[20:30, 2:12] = 90  # another rescue's animal
        assert given.title_read(frame, 35, card, read) == "Jungle" and reads == [7, 5]
        unread = frame.copy()
        unread[20:30, 2:12] = 50  # a third rescue, its title not read
        for counter in (4, 4, 3):
            unread[0, 0] = counter
            given.title_read(unread, 35, card, lambda image, top: read(image, top, None))
    assert reads == [7, 5, 4, 3]
