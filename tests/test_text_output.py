"""What ``gridsight solve`` prints, as a player reads it: the advice first, in the game's words;
a why when the advice is not the likeliest or safest cell; no code to look up (every symbol of
a table has one meaning across the games and a key under the table); no line over 100
columns; pentomino cells counted from the first playable row, in ``solve`` and on screenshots.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gridsight.registry import get_game
from gridsight.textout import BOLD, PLAIN, for_terminal, wrap_line
from gridsight.solvers.boardtext import parse_boards
from gridsight.solvers.symbols import SYMBOLS

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: One example per game (and Minesweeper's expert board, 30 columns wide).
CASES = [("thrill-digger", "thrill-digger-beginner.txt"), ("disco-zoo", "disco-zoo-jungle.txt"),
         ("disco-zoo", "disco-zoo-savanna-pet.txt"),
         ("tile-path", "tile-path-in-progress.txt"), ("tile-path", "tile-path-heros-cave.txt"),
         ("pentomino", "pentomino-partial.txt"), ("minesweeper", "minesweeper-expert.txt")]
PIECES = set("FILNPTUVWXYZ")


def _solve(game: str, text: str, **options):
    adapter = get_game(game)
    return adapter.solve(parse_boards(text)[0], adapter.options_type(**options))


@pytest.fixture(scope="module")
def solved():
    return {name: _solve(game, (EXAMPLES / name).read_text()) for game, name in CASES}


def _table_tokens(line: str) -> list[str] | None:
    """The cells of a table row (``  row 3   16%  [SAFE] ...``, or a tile-path grid row of
    numbers and symbols), ``None`` for a line that is not one."""
    m = re.match(r"^\s*row\s+\d+\s+(.*)$", line)
    if m:
        return re.findall(r"\[[^\]]*\]|\([^)]*\)|\S+", m.group(1))
    tokens = line.split()
    if len(tokens) > 3 and all(re.fullmatch(r"\d+", t) or t in SYMBOLS for t in tokens):
        return tokens
    return None


def _allowed(token: str, game: str) -> bool:
    """A table cell a player reads without a key: a number, a percentage, a word (a name in
    brackets: certain, not tapped yet), or a symbol with one meaning in every game."""
    inner = token[1:-1] if token.startswith("[") and token.endswith("]") else token
    if re.fullmatch(r"\d+%?|[A-Za-z][a-z]+|[A-Z]{2,}|\([A-Za-z][a-z]+\)", inner):
        return True
    if game == "minesweeper" and re.fullmatch(r"f(\d+%|mine|safe)", inner):
        return True  # a flag: f, then what the cell holds
    if game == "pentomino" and inner in PIECES:
        return True  # a piece, by its letter (the key says so)
    return inner in SYMBOLS


@pytest.mark.parametrize("game, name", CASES)
def test_the_advice_comes_first_and_no_line_is_wider_than_100_columns(solved, game, name):
    solution = solved[name]
    text = solution.text
    first = text.splitlines()[0]
    assert first == solution.advice.status and len(first) <= 100
    assert solution.advice.why == "" or text.splitlines()[1] == solution.advice.why
    shown = for_terminal(text, emphasise=False)
    assert all(len(line) <= 100 for line in shown.splitlines()), max(shown.splitlines(), key=len)
    # Everything is still there: wrapping only breaks lines at spaces.
    assert shown.split() == text.split()


@pytest.mark.parametrize("game, name", CASES)
def test_every_table_symbol_means_one_thing_and_has_a_key(solved, game, name):
    lines = solved[name].text.splitlines()
    rows = [(k, _table_tokens(line)) for k, line in enumerate(lines)]
    rows = [(k, tokens) for k, tokens in rows if tokens]
    assert rows, "no table found"
    symbols = set()
    for _, tokens in rows:
        for token in tokens:
            assert _allowed(token, game), (game, token)
            inner = token.strip("[]")
            if inner in SYMBOLS and not (game == "pentomino" and inner in PIECES):
                symbols.add(inner)
            if game == "minesweeper" and inner.startswith("f"):
                symbols.add("f")
            if token.startswith("["):
                symbols.add("[ ]")
    keys = " ".join(line for line in lines if line.startswith("Key:"))
    for symbol in symbols:
        assert f"{symbol} {SYMBOLS[symbol]}" in keys, (symbol, keys)
    # The clashes players met: x (certainly empty / crossed), #k (found / wall), =k, 2/3.
    if game == "disco-zoo":
        assert not {"x", "#"} & {t for _, tokens in rows for t in tokens}
        assert not re.search(r"[#=]\d|\d/\d", "\n".join(lines))


def test_a_why_when_the_advised_cell_is_not_the_likeliest_or_safest():
    # Disco Zoo: row 4, column 3 certainly holds the Gorilla; the advice taps elsewhere.
    jungle = _solve("disco-zoo", (EXAMPLES / "disco-zoo-jungle.txt").read_text())
    assert jungle.advice.status == "Tap row 4, column 1 - 80% an animal"
    assert jungle.advice.why == ("Why not row 4, column 3 (certainly Gorilla)? It can wait; "
                                 "the best plan for 7 taps starts here.")
    # A fresh farm rescue: the advised tile is the likeliest one, and no why is given.
    farm = _solve("disco-zoo", (EXAMPLES / "disco-zoo-farm-fresh.txt").read_text())
    assert farm.advice.why == ""
    chances = {(f.row, f.col): 1 - f.heat for f in farm.advice.figures}
    (tap,) = farm.advice.recommend
    assert chances[(tap.row, tap.col)] == max(chances.values())
    # Thrill Digger: exact best play digs a hole a little riskier than the safest one.
    board = "difficulty: beginner\n. . . . .\n. . b . .\n. . . . .\n. . . b .\n"
    dig = _solve("thrill-digger", board)
    assert dig.advice.status == "Dig row 1, column 4 - 18% a bomb"
    assert re.fullmatch(r"Why not row 3, column 2 \(18\.1% a bomb, here 18\.2%\)\? Worth more: "
                        r"\d+\.\d\d rupees to come, not \d+\.\d\d\.", dig.advice.why)
    values = {(c["row"], c["col"]): c["value_if_dug"] for c in dig.json["cells"]}
    assert values[(0, 3)] > values[(2, 1)]
    assert len(dig.advice.why) <= 100 and len(jungle.advice.why) <= 100


def test_minesweeper_says_no_zero_chance_it_does_not_have():
    board = "mines: 10\n" + "\n".join(" ".join(["."] * 9) for _ in range(9)) + "\n"
    fresh = _solve("minesweeper", board)
    assert fresh.advice.status.startswith("Open row ") and "12% a mine" in fresh.advice.status
    assert not any("(0%)" in line for line in fresh.text.splitlines())


def test_pentomino_counts_from_the_first_playable_row_in_solve_and_on_screenshots(tmp_path,
                                                                                  run_cli):
    from gridsight.games.pentomino import SCREEN_EXAMPLE

    framed = _solve("pentomino", SCREEN_EXAMPLE)  # the level as the screenshot reads it
    rows = [line for line in SCREEN_EXAMPLE.splitlines()[1:] if set(line.split()) != {"#"}]
    bare = _solve("pentomino", SCREEN_EXAMPLE.splitlines()[0] + "\n" + "\n".join(rows) + "\n")
    assert framed.advice.status == bare.advice.status == \
        "Place U on row 1, columns 2 and 3; row 2, column 2; row 3, columns 2 and 3"
    assert framed.advice.origin.row == 3 and bare.advice.origin.row == 0
    # The cells drawn are the board's own (0-based, frame included): the same piece.
    assert [(c.row - 3, c.col) for c in framed.advice.pieces[0].cells] == \
        [(c.row, c.col) for c in bare.advice.pieces[0].cells]
    code, out, err = run_cli("analyze", str(EXAMPLES / "screenshots" / "pentomino-level.png"),
                             "--out", str(tmp_path))
    assert code == 0, err
    assert out.splitlines()[1] == framed.advice.status  # the advice, right under the file
    assert "   row 1  I  U  U  X" in out  # the solution's rows, numbered the player's way


def test_the_terminal_shows_the_advice_in_bold_and_wraps_long_lines():
    text = "Open row 1, column 5 - certainly safe\n" + "row 1, column 2; " * 10
    shown = for_terminal(text, emphasise=True)
    assert shown.startswith(f"{BOLD}Open row 1, column 5 - certainly safe{PLAIN}\n")
    assert all(len(line) <= 100 for line in shown.splitlines()[1:])
    assert wrap_line("a " * 80)[1].startswith("  ")  # a continuation is indented
    assert for_terminal(text, emphasise=False).splitlines()[0] == text.splitlines()[0]


def test_every_game_has_its_advice_words(solved):
    verbs = {"thrill-digger": "Dig ", "disco-zoo": "Tap ", "tile-path": "Step ",
             "pentomino": "Place ", "minesweeper": "Open "}
    for game, name in CASES:
        status = solved[name].advice.status
        assert status.startswith(verbs[game]), (name, status)
    assert solved["tile-path-in-progress.txt"].advice.status == \
        "Step down or right - either keeps a full walk possible"
