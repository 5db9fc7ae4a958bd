"""``gridsight analyze`` end to end, through the command line, on screenshots drawn by our skins.

Each test draws a screenshot (and knows its true board), runs the command, and checks what a
player gets: the board read right, the solver's answer for that board, an annotated PNG whose
recommended cell is outlined, and one clear line per file that cannot be analysed.
"""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from gridsight.screenshots import legible
from gridsight.registry import get_game
from kit.skins import pentomino, tile_path
from gridsight.solvers.boardtext import parse_boards
from test_readers import LEVEL, LEVEL_TEXT, ROOM, ROOM_TEXT, random_rescue

MAGENTA = np.array([255, 0, 255])  # overlay.style's outline of the recommended cell (BGR)


def _in_frame(image: np.ndarray, scale: float, at: tuple[int, int],
              rng) -> tuple[np.ndarray, tuple]:
    """``image`` scaled and pasted at ``at`` into a bigger noisy frame; returns the frame and
    the (scale, dx, dy) that maps the original's pixels into it."""
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=interp)
    h, w = small.shape[:2]
    frame = rng.integers(30, 90, (h + at[1] + 60, w + at[0] + 80, 3)).astype(np.uint8)
    frame[at[1] : at[1] + h, at[0] : at[0] + w] = small
    return frame, (small.shape[1] / image.shape[1], at[0], at[1])


def _cases():
    rng = np.random.default_rng(7)
    rescue, rescue_text = random_rescue(np.random.default_rng(11), region="Farm")
    return {
        "disco-zoo": (rescue, rescue_text),
        "tile-path": (tile_path.render(ROOM, scale=2), ROOM_TEXT),
        "pentomino": (pentomino.render(LEVEL, pieces_left="FNPTUVWYZ"), LEVEL_TEXT),
    }, rng


def _expected(game: str, text: str):
    return get_game(game).solve(parse_boards(text)[0])


def _outlined(picture: np.ndarray, quad: np.ndarray) -> float:
    """Magenta pixels within a fifth of a cell of the cell ``quad``'s border, per pixel of
    border length: at least 1 for an outline one pixel thick all round."""
    side = float(np.linalg.norm(quad[1] - quad[0]))
    band = max(3, int(round(side / 5)))
    mask = np.zeros(picture.shape[:2], np.uint8)
    cv2.polylines(mask, [np.round(quad).astype(np.int32)], True, 255, band)
    pixels = picture[mask > 0].astype(int)
    magenta = int(np.sum(np.abs(pixels - MAGENTA).sum(axis=1) < 90))
    return magenta / (4 * side)


@pytest.mark.parametrize("game", ["disco-zoo", "tile-path", "pentomino"])
@pytest.mark.parametrize("auto", [False, True])
def test_analyze_reads_solves_and_draws(game, auto, tmp_path, run_cli):
    cases, rng = _cases()
    shot, text = cases[game]
    frame, (s, dx, dy) = _in_frame(shot.image, 1.4 if auto else 0.8, (37, 51), rng)
    path = tmp_path / f"{game}.png"
    cv2.imwrite(str(path), frame)
    args = ["analyze", str(path), "--out", str(tmp_path / "out"), "--json"]
    if not auto:
        args += ["--game", game]
    code, out, err = run_cli(*args)
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == game and data["image"] == str(path)
    assert data["board"] == text
    assert data["unread"] == []
    assert min(min(row) for row in data["confidence"]) > 0.5
    expected = _expected(game, text)
    keys = {"disco-zoo": ("recommend", "cells", "certain"),
            "tile-path": ("solvable", "next", "path"), "pentomino": ("solvable", "hint")}
    for key in keys[game]:
        assert data[key] == expected.json[key], key
    # The annotated picture: the recommended cell is outlined in magenta, others are not.
    picture = cv2.imread(data["annotated"])
    assert picture is not None and picture.shape[0] > frame.shape[0]  # a legend below
    assert data["annotated"].endswith(f"{game}-advice.png")
    (cell,) = expected.advice.recommend
    in_frame = shot.geometry.scaled(s).translated(dx, dy)
    enlarged, _ = legible(frame, in_frame)  # small cells are drawn enlarged
    k = enlarged.shape[0] / frame.shape[0]
    assert k == max(1, int(np.ceil(48 / min(in_frame.cell_size(0, 0)) - 0.05)))
    quad = in_frame.cell_quad(cell.row, cell.col) * k
    assert _outlined(picture, quad) > 1.5
    other = (cell.row, (cell.col + 3) % shot.geometry.cols)
    far = in_frame.cell_quad(*other) * k
    assert _outlined(picture, far) < 0.2


def test_analyze_prints_the_board_as_read_and_the_advice(tmp_path, run_cli, examples):
    shot = examples / "screenshots" / "tile-path-room.png"
    code, out, err = run_cli("analyze", str(shot), "--out", str(tmp_path))
    assert code == 0, err
    assert "tile-path" in out.splitlines()[0]
    assert "  x x L . . . . ." in out
    assert "Full walk, 41 moves" in out and "down" in out
    assert (tmp_path / "tile-path-room-advice.png").is_file()


def test_analyze_a_folder_names_every_bad_file_and_analyses_the_rest(tmp_path, run_cli):
    folder = tmp_path / "shots"
    folder.mkdir()
    good = tile_path.render(ROOM, scale=2).image
    cv2.imwrite(str(folder / "a-good.png"), good)
    data = cv2.imencode(".png", good)[1].tobytes()
    (folder / "b-truncated.png").write_bytes(data[: len(data) // 2])
    (folder / "c-corrupt.png").write_bytes(data[:16] + bytes(range(256)) * 8)
    (folder / "d-empty.png").write_bytes(b"")
    (folder / "e-notes.txt").write_text("not a screenshot\n")
    noise = np.random.default_rng(0).integers(0, 255, (300, 400, 3)).astype(np.uint8)
    cv2.imwrite(str(folder / "f-noboard.png"), noise)
    cv2.imwrite(str(folder / "g-good.jpg"), cv2.resize(good, None, fx=1.5, fy=1.5))
    code, out, err = run_cli("analyze", str(folder), "--out", str(tmp_path / "out"))
    assert code == 2
    lines = [line for line in err.splitlines() if line.strip()]
    problems = {name: [line for line in lines if name in line] for name in
                ("b-truncated", "c-corrupt", "d-empty", "e-notes", "f-noboard")}
    for name, found in problems.items():
        assert len(found) == 1, (name, lines)
        assert found[0].startswith("gridsight: ")
    assert "truncated" in problems["b-truncated"][0]
    assert "empty file" in problems["d-empty"][0]
    assert "text file" in problems["e-notes"][0]
    assert "no " in problems["f-noboard"][0] and "board found" in problems["f-noboard"][0]
    assert "7 file(s): 2 board(s) read, 2 solved, 5 failed" in lines[-1]
    assert out.count("== ") == 2
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "a-good-advice.png", "g-good-advice.png"]
    assert "Traceback" not in err


def test_analyze_missing_file_and_missing_or_broken_pack(tmp_path, run_cli, examples):
    shot = str(examples / "screenshots" / "pentomino-level.png")
    code, _, err = run_cli("analyze", str(tmp_path / "nope.png"), "--out", str(tmp_path))
    assert code == 2 and "nope.png: cannot read image (no such file)" in err
    code, _, err = run_cli("analyze", shot, "--game", "pentomino", "--pack", "nosuch")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "pentomino/nosuch" in err and "not found" in err
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "manifest.json").write_text("{ not json")
    code, _, err = run_cli("analyze", shot, "--game", "pentomino", "--pack", str(broken))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "broken" in err and "not valid JSON" in err


def test_analyze_out_that_is_a_file_is_named(tmp_path, run_cli, examples):
    """--out naming a file (or a path through one) is the player's input: one line, exit 2
    (was "cannot create afile: File exists", exit 1); the file is left as it was."""
    shot = str(examples / "screenshots" / "tile-path-room.png")
    afile = tmp_path / "afile"
    afile.write_text("mine")
    code, _, err = run_cli("analyze", shot, "--out", str(afile))
    assert code == 2 and f"--out {afile}: it is a file, not a folder" in err
    code, _, err = run_cli("analyze", shot, "--out", str(afile / "x"))
    assert code == 2 and "part of its path is a file" in err
    assert afile.read_text() == "mine" and len(err.strip().splitlines()) == 1


def test_analyze_every_game_names_the_one_broken_pack_or_where_none_was(tmp_path, run_cli,
                                                                         examples, monkeypatch):
    """With no --game, a pack name only one game has and that is broken is reported as that
    pack's fault alone (not as four games' "not found"); a name no game has is one short line
    naming where it was looked for."""
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path / "data"))
    shot = str(examples / "screenshots" / "tile-path-room.png")
    mine = tmp_path / "data" / "templates" / "tile-path" / "mine"
    mine.mkdir(parents=True)
    (mine / "manifest.json").write_text('{"format": 1, "game": "tile-path"')
    code, _, err = run_cli("analyze", shot, "--pack", "mine", "--out", str(tmp_path))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert str(mine / "manifest.json") in err and "not valid JSON" in err
    assert "not found" not in err and "disco-zoo" not in err
    code, _, err = run_cli("analyze", shot, "--pack", "nosuch", "--out", str(tmp_path))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "no game has a pack of this name" in err and err.count("nosuch") == 3


def test_analyze_unread_cells_are_named_and_drawn(tmp_path, run_cli):
    shot = pentomino.render(LEVEL, pieces_left="FNPTUVWYZ")
    image = shot.image.copy()
    x, y = (int(v) for v in shot.geometry.cell_quad(5, 6)[0])
    image[y + 3 : y + 23, x + 3 : x + 23] = (0, 255, 0)
    path = tmp_path / "smudged.png"
    cv2.imwrite(str(path), image)
    code, _, err = run_cli("analyze", str(path), "--out", str(tmp_path / "out"))
    assert code == 2
    assert "smudged.png" in err and "row 6, column 7" in err
    assert (tmp_path / "out" / "smudged-advice.png").is_file()


def test_analyze_disco_zoo_solves_with_an_unread_tile(tmp_path, run_cli):
    shot, text = random_rescue(np.random.default_rng(3))
    image = shot.image.copy()
    x, y = (int(v) for v in shot.geometry.cell_quad(2, 2)[0])
    image[y + 4 : y + 44, x + 4 : x + 44] = (255, 0, 255)
    path = tmp_path / "rescue.png"
    cv2.imwrite(str(path), image)
    code, out, err = run_cli("analyze", str(path), "--out", str(tmp_path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["unread"] == [[2, 2]]
    assert "cell(s) unread" in " ".join(data["warnings"] + [""]) or data["unread"]


def test_analyze_with_animals_given(tmp_path, run_cli, examples):
    shot = str(examples / "screenshots" / "disco-zoo-jungle.png")
    code, out, err = run_cli("analyze", shot, "--out", str(tmp_path), "--json",
                             "--animals", "Gorilla,Panda,Tiger", "--taps", "5")
    assert code == 0, err
    data = json.loads(out)
    assert data["taps"] == 5 and data["animals"] == ["Gorilla", "Panda", "Tiger"]


def test_analyze_paints_a_pentomino_piece_in_the_game_s_colour_not_the_palette_s(
        tmp_path, run_cli, monkeypatch):
    """The annotated picture draws the advised piece in the colour the game draws it in
    (its pack's, as the live overlay and the replay report do): the palette's green N was
    painted over a level whose N the game draws grey."""
    from kit.scripted import screen, script_of
    from kit.skins.pentomino import DEFAULT_SKIN

    from gridsight import screenshots
    from gridsight.overlay.style import piece_colour
    from gridsight.solvers.pentomino.pieces import LETTERS

    path = tmp_path / "level.png"
    cv2.imwrite(str(path), screen(script_of("pentomino").render(1)))
    code, out, err = run_cli("analyze", str(path), "--game", "pentomino", "--out",
                             str(tmp_path / "game"), "--json")
    assert code == 0, err
    hint = json.loads(out)["hint"]
    game_bgr = np.array(DEFAULT_SKIN.pieces[LETTERS.index(hint["piece"])])
    palette = np.array(piece_colour(hint["piece"]))
    assert np.abs(game_bgr - palette).max() > 60  # the two differ: the test can tell
    painted = cv2.imread(json.loads(out)["annotated"]).astype(int)
    # the library paints it so too (what ``analyze`` saves)
    from gridsight.api import analyze

    analysis = analyze(str(path), game="pentomino")
    assert np.array_equal(analysis.paint(str(path)).astype(int), painted)
    # the same picture painted in the palette's colours: it differs on the piece's cells only
    monkeypatch.setattr(screenshots, "skin_colours", lambda game, pack: {})
    code, out, err = run_cli("analyze", str(path), "--game", "pentomino", "--out",
                             str(tmp_path / "palette"), "--json")
    assert code == 0, err
    plain = cv2.imread(json.loads(out)["annotated"]).astype(int)
    differ = np.abs(painted - plain).sum(axis=2) > 30
    assert differ.any()
    # where they differ, the picture is nearer the game's colour than the palette's
    game_near = np.abs(painted[differ] - game_bgr).sum(axis=1)
    palette_near = np.abs(painted[differ] - palette).sum(axis=1)
    assert np.median(game_near) < np.median(palette_near), (np.median(game_near),
                                                             np.median(palette_near))
