"""The Disco Zoo opening book: complete for the empty boards it promises, each entry what the
search gives (a few regenerated here), and never used for a board that is not in it."""

from __future__ import annotations

import gzip
import itertools
import random
from fractions import Fraction

import pytest

from gridsight.solvers.disco_zoo import book, book_build
from gridsight.solvers.disco_zoo.advise import BOOK_METHOD, EXACT_METHOD, plan
from gridsight.solvers.disco_zoo.board import fresh_board
from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.solvers.disco_zoo.objective import Objective

CATALOGUE = load_catalogue()
FARM = {a.name: a for a in CATALOGUE.regions["Farm"]}
EMPTY = "." * 25


@pytest.fixture(scope="module")
def shipped():
    entries = book.shipped_book()
    assert entries, f"the shipped book {book.book_path()} is missing or was built for other patterns"
    return entries


def _board_of(key):
    """The board of a book key (animals in the book's order)."""
    region, names, _, taps, tiles = key
    animals = {a.name: a for a in CATALOGUE.regions[region]}
    board = fresh_board(region, tuple(animals[n] for n in names), taps)
    for tile, shown in enumerate(tiles):
        if shown != ".":
            board = board.with_tap(tile // 5, tile % 5, 0 if shown == "-" else int(shown))
    return board


def _objective_of(label):
    kind, _, target = label.partition(":")
    return Objective(kind, int(target)) if target else Objective(kind)


def test_every_empty_board_of_two_and_three_animals_is_in_the_book(shipped):
    missing = []
    for region, animals in CATALOGUE.regions.items():
        for size in (1, 2, 3):
            for group in itertools.combinations(animals, size):
                names = tuple(a.name for a in group)
                for label in ("expected", "all"):
                    if (region, names, label, book.BOOK_TAPS, EMPTY) not in shipped:
                        missing.append(f"{region} {'+'.join(names)} {label}")
    assert not missing, missing[:10]


def test_a_few_entries_regenerated_by_the_search_are_the_same(shipped):
    rng = random.Random(3)
    cheap = sorted(key for key, entry in shipped.items() if entry.nodes <= 40_000)
    empty_threes = [key for key in cheap if key[4] == EMPTY and len(key[1]) == 3]
    picks = rng.sample(cheap, 5) + rng.sample(empty_threes, 2)
    for key in picks:
        board, objective = _board_of(key), _objective_of(key[2])
        order = tuple(range(len(key[1])))
        decision = book_build.solve_entry(board, objective, "auto")
        made = book_build.entry_of(board, decision, order)
        stored = shipped[key]
        assert (made.tile, made.completes, made.total, made.value, made.rescue) == (
            stored.tile, stored.completes, stored.total, stored.value, stored.rescue), key


def test_the_build_command_gives_the_shipped_entries(tmp_path, shipped, capsys):
    out = tmp_path / "book.tsv.gz"
    assert book_build.main(["--regions", "Farm", "--sizes", "1", "--kinds", "all", "--out",
                            str(out)]) == 0
    made = book.read_book(out)
    assert len(made) == 7
    for key, entry in made.items():
        assert shipped[key].value == entry.value and shipped[key].tile == entry.tile


def test_the_farm_pairs_keep_their_independent_values(shipped):
    for names, value in ((("Sheep", "Pig"), Fraction(7, 16)), (("Horse", "Cow"), Fraction(35, 48))):
        board = fresh_board("Farm", tuple(FARM[n] for n in names))
        decision, exact, method = plan(board, Objective("all"))
        assert (decision.value, exact, method) == (value, True, BOOK_METHOD)


def test_the_book_answers_a_board_in_any_order_of_its_animals(shipped):
    names = ("Chicken", "Sheep", "Rabbit")  # not catalogue order
    board = fresh_board("Farm", tuple(FARM[n] for n in names))
    ordered = fresh_board("Farm", tuple(FARM[n] for n in ("Sheep", "Rabbit", "Chicken")))
    for objective, same in ((Objective("expected"), Objective("expected")),
                            (Objective("all"), Objective("all")),
                            (Objective("target", 0), Objective("target", 2))):
        found = book.lookup(board, objective)
        if objective.kind == "target" and found is None:
            continue  # targets may not be in the book; the search answers them
        assert found is not None
        # The value is the optimum on this board (ties between taps may be broken otherwise).
        searched, exact, _ = plan(board, objective, None, use_book=False)
        assert exact and found.value == searched.value
        # The tap and each animal's chance are the book's, found in catalogue order, moved to
        # this board's order of the animals.
        reference, exact, _ = plan(ordered, same, None, use_book=False)
        assert exact and (found.tile, found.value) == (reference.tile, reference.value)
        assert found.rescue == (reference.rescue[2], reference.rescue[0], reference.rescue[1])


def test_a_board_not_in_the_book_is_searched_not_looked_up(shipped):
    pair = (FARM["Sheep"], FARM["Chicken"])
    objective = Objective("all")
    assert book.lookup(fresh_board("Farm", pair), objective) is not None
    other_taps = fresh_board("Farm", pair, 9)
    tapped = fresh_board("Farm", pair).with_tap(4, 4, 0)
    corner = fresh_board("Farm", pair).with_tap(0, 0, 0)
    for board in (other_taps, tapped, corner):
        if book.board_key(board, objective)[0] in shipped:
            continue  # (a board on the advice's path may be in the book: then it is exact)
        assert book.lookup(board, objective) is None
        decision, exact, method = plan(board, objective, None)
        assert exact and method == EXACT_METHOD


def test_a_book_for_other_patterns_or_with_a_wrong_count_is_ignored(tmp_path, shipped):
    key = ("Farm", ("Sheep", "Pig"), "all", book.BOOK_TAPS, EMPTY)
    entry = shipped[key]
    path = tmp_path / "book.tsv.gz"
    book.write_book(path, {key: entry})
    assert book.read_book(path) == {key: entry}
    text = gzip.open(path, "rt").read().replace(book.patterns_digest(), "0" * 16)
    with gzip.open(path, "wt") as handle:
        handle.write(text)
    assert book.read_book(path) == {}
    board = fresh_board("Farm", (FARM["Sheep"], FARM["Pig"]))
    wrong = {key: book.BookEntry(entry.tile, entry.completes, entry.total + 1, entry.value,
                                 entry.rescue, entry.nodes)}
    assert book.lookup(board, Objective("all"), wrong) is None
    assert book.lookup(board, Objective("all"), {key: entry}).value == Fraction(7, 16)


def test_books_built_apart_merge_into_one(tmp_path, shipped, capsys):
    first, second, out = (tmp_path / name for name in ("a.tsv.gz", "b.tsv.gz", "out.tsv.gz"))
    keys = sorted(shipped)[:3], sorted(shipped)[-2:]
    book.write_book(first, {k: shipped[k] for k in keys[0]})
    book.write_book(second, {k: shipped[k] for k in keys[1]})
    assert book_build.main(["--out", str(out), "--merge", str(first), str(second)]) == 0
    assert book.read_book(out) == {k: shipped[k] for k in keys[0] + keys[1]}


def test_first_taps_add_the_boards_after_any_first_tap(tmp_path, shipped, capsys):
    # A Farm pair, every board one tap after its empty board kept (deep_nodes 0), not followed
    # further: each entry is what the search gives, and the advice then answers from it.
    names = ("Sheep", "Pig")
    key = ("Farm", names, "all", book.BOOK_TAPS, EMPTY)
    path = tmp_path / "book.tsv.gz"
    book.write_book(path, {key: shipped[key]})
    assert book_build.main(["--first-taps", "--regions", "Farm", "--sizes", "2", "--kinds",
                            "all", "--deep-nodes", "0", "--max-depth", "1", "--out",
                            str(path)]) == 0
    assert "Sheep+Pig" in capsys.readouterr().out
    made = book.read_book(path)
    board = fresh_board("Farm", tuple(FARM[n] for n in names))
    children = {}
    for tile in range(25):
        if tile == shipped[key].tile:
            continue  # the advised tile's boards are the ordinary book's
        for shows in book_build.outcomes(board, tile):
            child = board.with_tap(tile // 5, tile % 5, shows)
            children[book.board_key(child, Objective("all"))[0]] = child
    assert set(made) == {key, *children}
    rng = random.Random(5)
    for child_key in rng.sample(sorted(children), 4):
        child = children[child_key]
        searched, exact, _ = plan(child, Objective("all"), None, use_book=False)
        found = book.lookup(child, Objective("all"), made)
        assert exact and found is not None
        assert (found.tile, found.value, found.rescue) == (searched.tile, searched.value,
                                                           searched.rescue), child_key


def test_a_long_board_one_tap_off_the_advice_is_in_the_book(shipped):
    # Northern Sasquatch + Otter + Moose after an empty top-right corner (not the advised first
    # tap): its search takes 4.4 million states (18.5 s of CPU) for `expected`, 1.2 million for
    # `all`; the values are those of that search run to the end (plan(board, objective, None,
    # use_book=False)).
    northern = {a.name: a for a in CATALOGUE.regions["Northern"]}
    board = fresh_board("Northern", tuple(northern[n] for n in ("Sasquatch", "Otter", "Moose")))
    board = board.with_tap(0, 4, 0)
    for objective, value in ((Objective("expected"), Fraction(2241, 1108)),
                             (Objective("all"), Fraction(129, 1108))):
        decision, exact, method = plan(board, objective)
        assert (decision.value, exact, method) == (value, True, BOOK_METHOD), objective


def test_first_taps_skip_a_rescue_already_done(tmp_path, shipped, capsys):
    key = ("Farm", ("Sheep", "Pig"), "all", book.BOOK_TAPS, EMPTY)
    off = next(t for t in range(25) if t != shipped[key].tile)
    board = fresh_board("Farm", (FARM["Sheep"], FARM["Pig"])).with_tap(off // 5, off % 5, 0)
    done = book.board_key(board, Objective("all"))[0]
    path = tmp_path / "book.tsv.gz"
    book.write_book(path, {key: shipped[key], done: shipped[key]})
    assert book_build.main(["--first-taps", "--regions", "Farm", "--sizes", "2", "--kinds",
                            "all", "--deep-nodes", "0", "--out", str(path)]) == 0
    assert "Sheep+Pig" not in capsys.readouterr().out
    assert len(book.read_book(path)) == 2
