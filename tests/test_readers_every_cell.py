"""The readers' shared refusal: a game that cannot be solved with a cell missing names the
unread cells, and a pack label outside the board format is refused, never passed on."""

from __future__ import annotations

import pytest

from gridsight.readers.base import ReadError, every_cell_read


class Read:
    """The two questions the helper asks of a :class:`gridsight.vision.classify.BoardRead`."""

    def __init__(self, labels: list[list[str]]) -> None:
        self._labels = labels

    def labels(self) -> list[list[str]]:
        return self._labels

    def unknown(self) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self._labels)
                for c, label in enumerate(row) if label == "unknown"]


def test_a_complete_read_is_the_grid_of_tokens() -> None:
    grid = every_cell_read(Read([["S", "."], ["#", "E"]]), {"S", ".", "#", "E"},
                           why_unread="tile(s) unread ({cells})", token_words="a token")
    assert grid == [["S", "."], ["#", "E"]]


def test_unread_cells_are_named_and_refused() -> None:
    with pytest.raises(ReadError) as caught:
        every_cell_read(Read([["S", "unknown"], ["unknown", "E"]]), {"S", "E"},
                        why_unread="tile(s) unread ({cells}): not guessed", token_words="x")
    assert str(caught.value) == ("2 tile(s) unread (row 1, column 2; row 2, column 1): "
                                 "not guessed")
    assert caught.value.unread == ((0, 1), (1, 0))


def test_a_label_outside_the_format_is_refused() -> None:
    with pytest.raises(ReadError, match=r"the pack's label 'bush' at row 2, column 1 is not "
                                        r"a tile-path token"):
        every_cell_read(Read([["S", "."], ["bush", "E"]]), {"S", ".", "E"},
                        why_unread="{cells}", token_words="a tile-path token")
