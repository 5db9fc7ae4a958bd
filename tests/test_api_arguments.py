"""``gridsight.api`` called with arguments of the wrong kind, as a new library user (or a
careless one) would: each is refused with gridsight's own :class:`api.ArgumentError` (an
``InputError``, and a ``TypeError``/``ValueError`` for code that catches those) naming what
was expected, never a crash deep inside (``hints="x"`` was an ``AttributeError``; a Disco
Zoo ``budget`` of ``"5"`` a ``TypeError`` comparing ``str`` and ``int``) and never a value
taken as another (``{"count": "yes"}`` counted; ``max_states=2.5`` searched)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gridsight import api

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TILE = (EXAMPLES / "tile-path-solvable.txt").read_text()
BLANK = np.zeros((40, 40, 3), np.uint8)


@pytest.mark.parametrize(("call", "words"), [
    (lambda: api.solve("tile-path", None), "a board is its text (str)"),
    (lambda: api.solve("tile-path", TILE.encode()), "not bytes"),
    (lambda: api.solve("tile-path", TILE, limit="20"), "limit must be a Limit, not str"),
    (lambda: api.solve("tile-path", TILE, options=[1]), "options must be a dataclass"),
    (lambda: api.solve("tile-path", TILE, options={"bogus": 1}), "tile-path has no option bogus"),
    (lambda: api.solve("pentomino", (EXAMPLES / "pentomino-3x5-puv.txt").read_text(),
                       options={"count": "yes"}), "option count must be bool, not str 'yes'"),
    (lambda: api.solve("disco-zoo", (EXAMPLES / "disco-zoo-jungle.txt").read_text(),
                       options={"budget": "5"}), "option budget must be float or None"),
    (lambda: api.solve("tile-path", TILE, options={"max_states": 2.5}),
     "option max_states must be int or None, not float 2.5"),
    (lambda: api.solve("tile-path", TILE, options={"leave_one": 1}), "must be bool, not int"),
    (lambda: api.solve("tile-path", TILE, options={"engine": "gpu"}),
     "tile-path options: unknown engine 'gpu'"),
    (lambda: api.read(42), "an image is a file's path, its bytes or an (H, W, 3) BGR uint8 array, not int"),
    (lambda: api.read(BLANK, hints="animals"), "hints are a mapping"),
    (lambda: api.read(BLANK, hints={"taps": object()}), "hint 'taps' is text as on the command"),
    (lambda: api.read(BLANK, hints={"taps": True}), "not bool"),
    (lambda: api.read(BLANK, hints={"colour": "red"}), "no hint named 'colour'"),
])
def test_wrong_arguments_are_refused_in_gridsights_own_words(call, words):
    with pytest.raises(api.ArgumentError) as raised:
        call()
    assert words in str(raised.value)
    assert isinstance(raised.value, (api.InputError, TypeError, ValueError))


def test_right_arguments_of_each_kind_still_work():
    assert api.solve("tile-path", TILE, options={"max_states": 1000, "leave_one": False}).move
    assert api.solve("disco-zoo", (EXAMPLES / "disco-zoo-jungle.txt").read_text(),
                     options={"budget": 5}).status  # an int where a float is typed


def test_a_pack_that_is_a_file_is_named_as_one(tmp_path):
    file = tmp_path / "pack"
    file.write_text("not a folder")
    with pytest.raises(api.VisionInputError, match="is a file, not a pack folder"):
        api.read(BLANK, game="tile-path", pack=str(file))
