"""``gridsight live --game disco-zoo`` on a real-look rescue screen, with no calibration.

The shipped pack's frame is not on such a screen, so the live board source finds the board by
its structure (the lattice of tiles) and keeps doing so. A scripted rescue is played frame by
frame through the loop (the scripted window of ``tests/test_e2e_live.py`` shows the same
frames on a real X server): every state is believed as drawn and advised like the same board
solved alone; a finger over part of the board keeps the hidden tiles' last state and says so;
a correction from the panel wins over the reads.
"""

from __future__ import annotations


import cv2
import numpy as np
import pytest

from gridsight.live.loop import LiveLoop
from kit.scripted import screen
from kit.solving import EXACT
from gridsight.readers.base import ReadHints
from gridsight.readers.find import load_game_pack
from gridsight.registry import get_game
from kit.skins import disco_zoo_real as real
from gridsight.solvers.boardtext import parse_boards
from gridsight.vision.capture import Frame, Rect

OPTIONS = EXACT  # (solved to the end: a cut search's answer changed with the machine's speed)
ANIMALS = (("Gorilla", "common"), ("Panda", "rare"), ("Tiger", "rare"))
TAPS = ((2, 2, "empty"), (1, 3, "animal:Panda"), (3, 0, "empty"), (3, 3, "animal:Panda"))
LOOK_SEED = 21
CANVAS = (420, 760)

# The scripted rescue's frames are played through several loops: each frame's structural
# locate runs once in this file (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("located_once")


def real_look_script() -> list[tuple[np.ndarray, list[list[str]], str]]:
    """(frame, believed labels, board text) after each tap of a Jungle rescue, drawn in one
    real look on a window-sized canvas."""
    cells = [["ground"] * 5 for _ in range(5)]
    out = []
    for step in range(len(TAPS) + 1):
        if step:
            r, c, label = TAPS[step - 1]
            cells[r][c] = label
        shot = real.render(cells, animals=ANIMALS, attempts=10 - step, region="Jungle",
                           seed=LOOK_SEED)
        labels = [["animal:rare" if x.startswith("animal:") else x for x in row]
                  for row in cells]
        tokens = [["." if x == "ground" else "-" if x == "empty" else "2" for x in row]
                  for row in cells]
        text = ("region: Jungle\nanimals: Gorilla, Panda, Tiger\n"
                f"taps: {10 - step}\n" + "\n".join(" ".join(row) for row in tokens) + "\n")
        out.append((screen(shot.image, size=CANVAS, at=(30, 0)), labels, text))
    return out


@pytest.fixture(scope="module")
def script():
    return real_look_script()


def frame(image: np.ndarray) -> Frame:
    return Frame(image, Rect(0, 0, image.shape[1], image.shape[0]), 0.0)


def play(loop: LiveLoop, image: np.ndarray, times: int = 2):
    view = None
    for _ in range(times):
        view = loop.step(frame(image))
    return view


def loop_for(**kwargs) -> LiveLoop:
    return LiveLoop("disco-zoo", load_game_pack("disco-zoo", None), solve_options=OPTIONS,
                    hints=ReadHints(animals=tuple(n for n, _ in ANIMALS)), **kwargs)


def test_live_reads_a_real_look_rescue_by_its_structure_and_advises_each_state(script,
                                                                              monkeypatch):
    loop = loop_for()
    for image, labels, text in script:
        view = play(loop, image)
        assert [list(row) for row in view.state.grid] == labels
        assert view.board == text, view.warnings
        alone = get_game("disco-zoo").solve(parse_boards(text)[0],
                                            get_game("disco-zoo").options_from(OPTIONS)).advice
        assert view.advice is not None and view.advice.recommend == alone.recommend
        # The board (its taps included) is right; the only caution allowed is the counter's
        # own doubt, said when its digits read nearly as well as a higher count (a right
        # count is then kept from the board's taps: tests/test_disco_zoo_counter.py).
        assert view.geometry is not None
        assert all(w.startswith("attempts counter not read with confidence")
                   for w in view.warnings), view.warnings
    assert loop.counters.solves == len(script)
    # A board the search found in the whole frame is that frame's find alone after a tap
    # (ScreenLocator._like_last_whole: no window-like region asked for a better one, thirty
    # reads when the cards are unseen): searched on the first frame and where the cards' rows
    # first count a found animal (the find's furniture changed); and when the window moved.
    located = loop.source._structure
    assert (located.searches, located.kept) == (2, len(script) - 2)
    view = play(loop, np.roll(image, -25, axis=1))  # the last screen, 25 px to the left
    assert located.searches == 3
    assert view.board == text and [list(row) for row in view.state.grid] == labels
    # ... and searched in full again once it has answered AGAIN_WHOLE frames so.
    import gridsight.readers.desktop as desktop

    play(loop, np.roll(image, -26, axis=1))
    assert located.searches == 3
    monkeypatch.setattr(desktop, "AGAIN_WHOLE", 1)
    view = play(loop, np.roll(image, -27, axis=1))
    assert located.searches == 4 and view.board == text


def test_a_frame_like_the_last_is_not_searched_again_but_a_buffer_filled_again_is(script):
    # Between two taps the screen does not change, and finding a real screen's cards costs
    # most of a second: the same pixels are the same read. A capture may hand out one buffer
    # filled again each frame, so the pixels compared must be a copy of the last ones.
    loop = loop_for()
    searches = []
    anew = loop.source._locate_anew

    def counted(frame_):
        searches.append(1)
        return anew(frame_)

    loop.source._locate_anew = counted
    buffer = script[0][0].copy()
    play(loop, buffer, times=3)
    assert len(searches) == 1
    buffer[...] = script[1][0]  # the same buffer, the next screen in it
    view = play(loop, buffer, times=2)
    assert len(searches) == 2
    assert [list(row) for row in view.state.grid] == script[1][1]


def test_a_finger_over_the_board_keeps_the_hidden_tiles_and_says_so(script):
    loop = loop_for()
    image, labels, text = script[-1]
    seen = play(loop, image)
    covered = image.copy()
    x0, y0 = (int(v) for v in seen.geometry.board_to_image([(2.2, 2.6)])[0])
    pitch = float(seen.geometry.cell_size(2, 2)[0])
    cv2.circle(covered, (x0, y0), int(0.9 * pitch), (150, 175, 225), -1)  # a fingertip
    cv2.line(covered, (x0, y0), (x0 + 40, covered.shape[0]), (150, 175, 225), int(1.8 * pitch))
    view = play(loop, covered, 3)
    assert view.state.grid == seen.state.grid  # the Panda tiles under it are still believed
    assert view.board == text and view.advice.recommend == seen.advice.recommend
    assert any("partly hidden" in w for w in view.warnings)


def test_a_panel_correction_wins_over_the_reads_on_a_real_look_screen(script):
    loop = loop_for()
    image, labels, text = script[2]
    play(loop, image)
    fixed = loop.correct(0, 0, "empty")
    assert fixed.board.splitlines()[3].split()[0] == "-"
    assert play(loop, image).state.grid[0][0] == "empty"
    assert loop.undo().board == text


def test_a_found_tile_read_unsure_is_marked_so_on_the_game_as_analyze_marks_it(tmp_path):
    # Seen live (Xvfb): a found rare tile whose sprite matches neither card, its cards' boxes
    # not fitting the board: "Panda or Tiger?" in the panel's cell alone, the tile on the game
    # unmarked (the advice the same for both, so no doubt), while analyze's picture outlined
    # it "Panda or Tiger?". Live marks it so too, and states no animal for it.
    from gridsight.solvers.advice import MarkKind
    from test_disco_zoo_screens import _jungle_shot

    shot = _jungle_shot(11, replace_panda_sprite=True, boxes=[(3, 1), (3, 1), (4, 0)])
    from gridsight.log import RecommendationLog, read_log

    log = RecommendationLog(tmp_path / "s.jsonl", fsync=False, warn=lambda m: None)
    loop = LiveLoop("disco-zoo", load_game_pack("disco-zoo", None), solve_options=OPTIONS,
                    hints=ReadHints(animals=("Panda", "Tiger", "Monkey")), log=log)
    view = play(loop, shot.image, times=3)
    assert view.advice is not None and view.board.splitlines()[5].split()[0] == "1/2", view.board
    marks = {(m.row, m.col): m for m in view.advice.marks}
    assert (2, 0) in marks, view.advice.marks
    assert marks[2, 0].kind is MarkKind.UNSURE and marks[2, 0].label == "Panda or Tiger?"
    # ... and so does the log the replay's report draws from (its picture and its key)
    record = read_log(tmp_path / "s.jsonl").records[-1]
    assert [(m.row, m.col, m.label) for m in record.advice.marks
            if m.kind is MarkKind.UNSURE] == [(2, 0, "Panda or Tiger?")]
    # drawn whole there (cut at 12 characters, the picture and its key said "Panda or ...")
    from gridsight.replay import drawable

    assert [m.label for m in drawable(record.advice).marks
            if m.kind is MarkKind.UNSURE] == ["Panda or Tiger?"]


def test_the_report_numbers_a_rescue_s_columns_under_the_board_off_the_cards(tmp_path):
    # The report's picture of a real-look rescue numbered the columns just over the board,
    # over the cards' box rows (ending a few pixels over it), as analyze's picture did.
    from gridsight.log import RecommendationLog, read_log
    from gridsight.replay import step_picture
    from test_disco_zoo_screens import _jungle_shot

    image = _jungle_shot(11, replace_panda_sprite=False).image
    log = RecommendationLog(tmp_path / "s.jsonl", save_frames=True, fsync=False,
                            warn=lambda m: None)
    loop = LiveLoop("disco-zoo", load_game_pack("disco-zoo", None), solve_options=OPTIONS,
                    hints=ReadHints(animals=("Panda", "Tiger", "Monkey")), log=log)
    view = play(loop, image, times=3)
    log.close()
    contents = read_log(tmp_path / "s.jsonl")
    drawn = step_picture(contents, contents.records[-1]).image
    assert drawn.shape == image.shape, drawn.shape  # the frame as saved, no margin
    top = int(view.geometry.outline()[:, 1].min())
    foot = int(view.geometry.outline()[:, 1].max())
    # (the advice's outline of a first-row tile reaches 9 px over the board)
    assert np.array_equal(drawn[top - 40:top - 10], image[top - 40:top - 10])  # the boxes
    assert not np.array_equal(drawn[foot + 2:foot + 40], image[foot + 2:foot + 40])
