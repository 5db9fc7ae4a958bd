"""What a read remembers is its caller's, never the module's (:mod:`gridsight.memo`).

The Disco Zoo title bar's region was remembered in the module by the cards' pictures
(``given._TITLES``): a second caller in the process whose screen showed the same cards under
another title bar was given the first caller's region. It is now kept in the session memo of
the caller that made one (a live loop: :attr:`gridsight.live.loop.LiveLoop.memo`, keeping the
live loop's saving, tests/test_bad_input39.py); a call with no session reads every time.
"""

from __future__ import annotations

import threading

import numpy as np

from gridsight.games.disco_zoo import given
from gridsight.memo import ReadMemo, kept

CARD = [(2, 20, 10, 10)]


def _screen(title: int) -> np.ndarray:
    frame = np.zeros((40, 30, 3), np.uint8)
    frame[20:30, 2:12] = 200  # the same card's picture on both screens
    frame[0:5, 0:30] = title  # the title bar: another region's name
    return frame


def _reader(reads: list[int]):
    def read(image, top):
        reads.append(int(image[0, 0, 0]))
        return {10: "Jungle", 20: "Farm"}[int(image[0, 0, 0])]
    return read


def test_a_call_with_no_session_reads_the_title_bar_it_is_shown():
    reads: list[int] = []
    assert given.title_read(_screen(10), 35, CARD, _reader(reads)) == "Jungle"
    assert given.title_read(_screen(20), 35, CARD, _reader(reads)) == "Farm"
    assert given.title_read(_screen(20), 35, CARD, _reader(reads)) == "Farm"
    assert reads == [10, 20, 20] and kept(given.TITLES_MEMO) is None


def test_two_sessions_in_one_process_do_not_see_each_others_titles():
    one, two = ReadMemo(), ReadMemo()
    reads: list[int] = []
    with one:
        assert given.title_read(_screen(10), 35, CARD, _reader(reads)) == "Jungle"
    with two:  # the same cards under another title bar: its own read
        assert given.title_read(_screen(20), 35, CARD, _reader(reads)) == "Farm"
    with one:  # kept by the cards within a session (the live loop's saving)
        assert given.title_read(_screen(20), 35, CARD, _reader(reads)) == "Jungle"
    assert reads == [10, 20]
    found: dict[str, str | None] = {}

    def in_thread() -> None:  # a session active in one thread is not another thread's
        found["other"] = given.title_read(_screen(20), 35, CARD, _reader(reads))

    with one:
        worker = threading.Thread(target=in_thread)
        worker.start()
        worker.join()
    assert found == {"other": "Farm"} and reads == [10, 20, 20]


def test_each_live_loop_reads_in_a_session_of_its_own(monkeypatch):
    from gridsight.live.loop import LiveLoop
    from gridsight.live.manual import ManualBoard

    board = ManualBoard.blank("disco-zoo", (("region", "Farm"), ("animals", "Sheep, Pig")))
    loops = [LiveLoop.for_manual(board), LiveLoop.for_manual(board)]
    memos = []
    for loop in loops:
        monkeypatch.setattr(loop.source, "reading",
                            lambda hints: memos.append(kept(given.TITLES_MEMO)) or "read")
        assert loop._reading_now() == "read"
    assert memos[0] is loops[0].memo.kept(given.TITLES_MEMO)
    assert memos[1] is loops[1].memo.kept(given.TITLES_MEMO) and memos[0] is not memos[1]
    assert kept(given.TITLES_MEMO) is None


#: Module memos with no bound (``functools.cache``), each with why its arguments are a few:
#: none, or a fixed set (an unknown value raises, and a raise is not kept). A memo keyed by
#: what a caller gives or a screen shows (a name in a board's header, a word read, a region
#: given) is an ``lru_cache`` with a ``maxsize`` instead: a long-lived process (live, a
#: server calling the api) would keep every one (``words._rarity`` kept every animal name a
#: board's header ever gave).
UNBOUNDED = {
    "gridsight/readers/find.py:_structure_pack": "a game's name (an unknown one raises)",
    "gridsight/registry.py:_loaded_spec": "a game's name (an unknown one raises)",
    "gridsight/games/disco_zoo/screen.py:screen_facts": "no arguments",
    "gridsight/games/disco_zoo/screen.py:_most_found": "no arguments",
    "gridsight/games/disco_zoo/cards.py:_pet_sizes": "no arguments",
    "gridsight/games/disco_zoo/names.py:_vocabulary": "no arguments",
    "gridsight/games/disco_zoo/names.py:_region_animals_once": "a catalogue region (else raises)",
    "gridsight/games/spec.py:_loaded": "a spec's loader (one a game)",
    "vision/ocr.py:engine": "an engine's name (an unknown one raises)",
    "vision/digits.py:_references": "no arguments",
    "vision/digits.py:_stacked": "a bool",
    "vision/digits.py:_stretched_references": "no arguments",
    "vision/lettering.py:_arrays": "no arguments",
    "vision/lettering.py:style": "the skins' few fonts and weights",
    "vision/lettering.py:_glyphs": "the skins' few fonts and weights",
    "solvers/disco_zoo/book.py:shipped_book": "no arguments",
    "solvers/disco_zoo/catalogue.py:_placements": "the catalogue's patterns on its board",
    "solvers/disco_zoo/catalogue.py:load_catalogue": "no arguments",
    "solvers/engines.py:_numba_found": "no arguments",
    "solvers/thrill_digger/optimal_table.py:load_table": "a model's name and its table",
    "solvers/thrill_digger/blocks.py:block_probability": "the three difficulties' sizes",
    "solvers/pentomino/pieces.py:orientations": "the twelve pieces' letters",
}


def unbounded_memos() -> set[str]:
    import re
    from pathlib import Path

    repo = Path(__file__).resolve().parent.parent
    decorator = re.compile(r"^\s*@(?:functools\.)?(?:cache\b|lru_cache\((?:maxsize=)?None\b)")
    found = set()
    for room in ("gridsight", "vision", "solvers", "overlay", "safefiles", "templates"):
        for path in sorted((repo / room).rglob("*.py")):
            lines = path.read_text(encoding="utf-8").splitlines()
            for k, line in enumerate(lines):
                if decorator.match(line):
                    define = re.compile(r"\s*(?:async )?def (\w+)")
                    name = next(m.group(1) for m in map(define.match, lines[k + 1:]) if m)
                    found.add(f"{path.relative_to(repo).as_posix()}:{name}")
    return found


def test_a_module_memo_with_no_bound_is_keyed_by_a_few_values_only():
    assert unbounded_memos() == set(UNBOUNDED)


def test_a_memo_of_what_a_screen_or_a_caller_gives_is_bounded():
    from gridsight.games.disco_zoo import names, reader, snap, words

    for memo in (words._rarity, names._upper, snap._substitution, reader._name_candidates,
                 reader._drawn_text, reader._drawn_bar):
        assert memo.cache_info().maxsize is not None, memo
